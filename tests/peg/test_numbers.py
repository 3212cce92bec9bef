"""The census and atlas commands through pzl.api and the CLI: the JSON contract, words, budgets, refusals, cancel."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time

from pzl import __main__ as cli
from pzl import api


def answer(**request):
    final = api.answer(request)
    assert final["event"] == "result", final
    return final["result"]


def test_census_json_contract_on_hoppers():
    result = answer(command="census", puzzle="hoppers")
    assert (result["puzzle"], result["empty"], result["finish"], result["symmetries"]) == ("hoppers", [6], 6, 8)
    assert result["by_jumps"][0] == {"jumps": 0, "pegs": 12, "positions": 1, "classes": 1, "can_finish": 1}
    assert sum(row["positions"] for row in result["by_jumps"]) == 2344
    assert result["by_moves"][0] == {"moves": 0, "classes": 1}
    assert sum(row["classes"] for row in result["by_moves"]) == sum(row["classes"] for row in result["by_jumps"])
    assert (result["solutions"], result["solutions_text"]) == (5664, "5664")
    assert (result["minimal_moves"], result["minimal_solutions"]) == (7, 72)
    assert result["complete"] is True and "stopped" not in result
    assert set(result["stats"]) == {"nodes", "states", "seconds"}


def test_census_with_any_finish_lists_each_finish_hole():
    result = answer(command="census", puzzle="triangle-15", empty="0", finish="any")
    assert result["finish"] == "any" and result["solutions"] == 29_760
    assert {item["hole"] for item in result["finishes"]} == {0, 6, 9, 12}
    assert sum(item["solutions"] for item in result["finishes"]) == 29_760


def test_census_of_a_custom_board_carries_its_geometry():
    result = answer(command="census", family="peg", mask="oooo/oooo/oooo", empty="1", finish="any")
    assert result["puzzle"] == "custom" and result["board"]["lattice"] == "square"


def test_progress_is_cumulative_and_names_its_phase():
    progress = [event for event in api.run({"command": "census", "puzzle": "triangle-15", "empty": "3"})
                if event["event"] == "progress"]
    assert {event["phase"] for event in progress} == {"positions", "can finish", "solutions"}
    assert [event["nodes"] for event in progress] == sorted(event["nodes"] for event in progress)


def test_a_state_budget_gives_a_partial_census_that_says_so():
    result = answer(command="census", puzzle="english-33", max_states=60_000, seconds_limit=60)
    assert result["complete"] is False and result["stopped"] == "max_states"
    assert result["solutions"] is None and len(result["by_jumps"]) >= 8
    assert result["estimate"]["states"] >= 23_475_688 and result["estimate"]["bytes"] > 10**8  # the whole census


def test_an_oversized_census_is_refused_up_front_with_its_estimate():
    clock = time.perf_counter()
    final = api.answer({"command": "census", "puzzle": "french-37"})
    assert final["event"] == "error" and "estimate" in final["message"]
    assert final["stopped"] == "memory" and final["estimate"]["bytes"] > 10**10
    assert time.perf_counter() - clock < 2


def test_census_and_atlas_refuse_what_they_cannot_read():
    for request, words in (({"max_states": "lots"}, "max-states must be a whole number"),
                           ({"max_states": -1}, "must not be negative"),
                           ({"seconds_limit": "soon"}, "seconds_limit must be a number"),
                           ({"start": "1 2 3"}, "start is an option of sliding puzzles"),
                           ({"colour": "red"}, "unknown option 'colour'")):
        for command in ("census", "atlas"):
            final = api.answer({"command": command, "puzzle": "hoppers", **request})
            assert final["event"] == "error" and words in final["message"], (command, request, final)
    final = api.answer({"command": "census", "puzzle": "8-puzzle"})
    assert final["event"] == "error" and "census" in final["message"]


def test_atlas_json_contract_on_hoppers():
    result = answer(command="atlas", puzzle="hoppers")
    assert result["puzzle"] == "hoppers" and result["board"]["lattice"] == "square-diagonal"
    assert result["complete"] is True and result["unsettled"] == 0
    pairs = result["pairs"]
    assert len(pairs) + sum(len(pair["copies"]) for pair in pairs) == 13 * 13
    for pair in pairs:
        assert set(pair) == {"start", "finish", "solvable", "moves", "minimal_solutions", "reason", "copies"}
        assert (pair["moves"] is None) == (pair["solvable"] is not True)
        assert (pair["reason"] is None) == (pair["solvable"] is True)


def test_a_census_job_is_cancelled_between_slices():
    job = api.Job({"command": "census", "puzzle": "english-33"})
    assert job.run_for(0.2)[-1]["event"] == "progress"
    job.cancel()
    assert job.done


def test_cli_census_and_atlas():
    done = subprocess.run([sys.executable, "-m", "pzl", "census", "hoppers"], capture_output=True, text=True,
                          check=True)
    assert "2,344" in done.stdout and "fewest moves: 7, by 72 jump sequences" in done.stdout
    done = subprocess.run([sys.executable, "-m", "pzl", "atlas", "triangle-10", "--json"], capture_output=True,
                          text=True, check=True)
    assert json.loads(done.stdout)["complete"] is True
    done = subprocess.run([sys.executable, "-m", "pzl", "census", "--mask", "ooooo", "--finish", "any"],
                          capture_output=True, text=True, check=True)
    assert "census of hole" in done.stdout
    done = subprocess.run([sys.executable, "-m", "pzl", "census", "8-puzzle"], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2
    assert "census is a command of peg solitaire, and 8-puzzle is a sliding puzzle" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_census_without_by_moves_has_the_same_tables_less_one():
    full = answer(command="census", puzzle="hoppers")
    short = answer(command="census", puzzle="hoppers", by_moves=False)
    assert "by_moves" not in short and full["by_moves"]
    for key in ("by_jumps", "solutions", "minimal_moves", "minimal_solutions", "complete"):
        assert short[key] == full[key], key
    assert answer(command="census", puzzle="hoppers", by_moves="yes")["by_moves"] == full["by_moves"]
    final = api.answer({"command": "census", "puzzle": "hoppers", "by_moves": "sometimes"})
    assert final["event"] == "error" and "by-moves must be true or false" in final["message"]


def test_census_progress_names_the_level_of_the_last_one():
    progress = [event for event in api.run({"command": "census", "puzzle": "hoppers"}) if event["event"] == "progress"]
    assert {event["most_jumps"] for event in progress} == {11}
    assert all(0 <= event["depth"] <= 11 for event in progress)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_cli_census_shows_its_level_on_a_terminal_and_with_progress(monkeypatch, capsys):
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    monkeypatch.setattr(cli, "PROGRESS_LOG_EVERY", 0.0)
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert cli.main(["census", "hoppers", "--no-by-moves"]) == 0
    assert "\r\033[Kcensus, positions: level 1 of 11, " in terminal.getvalue()
    assert "census, can finish: level " in terminal.getvalue()
    assert "classes by fewest moves" not in capsys.readouterr().out
    terminal.truncate(0)
    assert cli.main(["census", "hoppers", "--json"]) == 0  # --json on a terminal: quiet
    assert terminal.getvalue() == "" and json.loads(capsys.readouterr().out)["by_moves"]
    monkeypatch.setattr(sys, "stderr", io.StringIO())   # not a terminal: quiet unless --progress, then lines
    assert cli.main(["census", "hoppers", "--json"]) == 0
    assert sys.stderr.getvalue() == ""
    capsys.readouterr()
    assert cli.main(["census", "hoppers", "--json", "--progress"]) == 0
    lines = sys.stderr.getvalue().splitlines()
    assert lines and all(line.startswith("pzl: census, ") and "\r" not in line for line in lines)
    assert "pzl: census, solutions: level 11 of 11, " in sys.stderr.getvalue()
    json.loads(capsys.readouterr().out)


def test_progress_lines_of_other_searches_and_long_waits():
    line = cli.progress_line({"nodes": 1234, "states": 56, "seconds": 125.4, "depth": 7})
    assert line == "depth 7, 1,234 nodes, 56 states, 2 min 05 s"
    line = cli.progress_line({"nodes": 0, "states": 0, "seconds": 1.25, "depth": None, "phase": "pattern database"})
    assert line == "pattern database: 0 nodes, 0 states, 1.2 s"
