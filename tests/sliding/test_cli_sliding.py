"""The command line prints the sliding figures (text and --json)."""

from __future__ import annotations

import json

from pzl.__main__ import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_solves_the_eight_puzzle_bidirectionally_with_16088_states(capsys):
    status, out, _ = run(capsys, "solve", "8-puzzle", "--algorithm", "bidirectional")
    assert status == 0
    assert "31 moves, proved minimal (bidirectional)" in out and "16,088 states stored" in out


def test_cli_longest_prints_the_hardest_positions_and_the_histogram(capsys):
    status, out, _ = run(capsys, "longest", "no-off")
    assert status == 0
    assert "56 moves, reached by 3 positions" in out and "N O L L F O F 0" in out and "56: 3" in out


def test_cli_json_follows_the_contract(capsys):
    status, out, _ = run(capsys, "solve", "symbols", "--start", "6 4 5 2 0 2 3 4 1", "--json")
    result = json.loads(out)
    assert status == 0 and result["moves"] == 30 and result["start"] == "┘ │ └ ─ 0 ─ ┐ │ ┌"


def test_cli_reports_bad_positions_on_stderr_with_status_2(capsys):
    status, out, err = run(capsys, "solve", "8-puzzle", "--start", "1 2 3")
    assert status == 2 and out == "" and "3 cells but the board has 9" in err


def test_cli_custom_board(capsys):
    status, out, _ = run(capsys, "solve", "--board", "2x3", "--start", "1 2 3 4 0 5")
    assert status == 0 and "2x3: 1 move, proved minimal (" in out


def test_cli_names_the_lower_bound_ida_used(capsys):
    status, out, _ = run(capsys, "solve", "8-puzzle", "--algorithm", "ida")
    assert status == 0 and "31 moves, proved minimal (ida, linear-conflict)" in out
    status, out, _ = run(capsys, "solve", "8-puzzle", "--start", "1 2 3 4 5 6 0 7 8", "--algorithm", "iddfs", "--json")
    assert json.loads(out)["bound"] == "none" and json.loads(out)["iterations"] == [[2, 4]]   # the four 2-move walks
