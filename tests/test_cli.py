"""The command line prints the api's answers as text or JSON and never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pzl(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pzl", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)


def test_list_shows_the_eight_puzzle():
    run = pzl("list")
    assert run.returncode == 0
    assert "8-puzzle" in run.stdout


def test_list_json_is_the_catalog():
    run = pzl("list", "--json")
    assert run.returncode == 0
    assert any(entry["id"] == "8-puzzle" for entry in json.loads(run.stdout))


def test_solve_json_follows_the_contract_for_the_hardest_eight_puzzle():
    run = pzl("solve", "8-puzzle", "--start", "8 6 7 2 5 4 3 0 1", "--json")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["solvable"] is True
    assert result["moves"] == 31
    assert len(result["solution"]) == 32
    assert {"nodes", "states", "seconds"} <= result["stats"].keys()


def test_unsolvable_start_is_reported_with_a_reason():
    run = pzl("solve", "8-puzzle", "--start", "1 2 3 4 5 6 8 7 0", "--json")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["solvable"] is False
    assert "parity" in result["reason"] or "odd" in result["reason"]


def test_bad_input_is_one_line_on_stderr_without_traceback():
    run = pzl("solve", "8-puzzle", "--start", "1 2 3")
    assert run.returncode == 2
    assert run.stderr.startswith("pzl: ")
    assert "Traceback" not in run.stderr


def test_unknown_puzzle_exits_with_status_2():
    run = pzl("solve", "no-such-puzzle")
    assert run.returncode == 2
    assert "unknown puzzle" in run.stderr


@pytest.mark.parametrize(("args", "named"), [
    (("solve", "--board", "3x3", "--mask", "ooo/ooo/ooo"), "give one of them"),
    (("solve", "8-puzzle", "--empty", "3"), "--empty is an option of peg solitaire"),
    (("solve", "hoppers", "--start", "1 2 0"), "--start is an option of sliding puzzles"),
    (("solve", "--mask", "ooo/ooo/ooo", "--goal", "1 2 3"), "--goal is an option of sliding puzzles"),
    (("solve", "8-puzzle", "--board", "3x3"), "not both"),
    (("solve", "8-puzzle", "--max-solutions", "3"), "--max-solutions caps the list"),
    (("solve", "8-puzzle", "--start", ""), "--start has no value"),
    (("solve", "8-puzzle", "--goal", "  "), "--goal has no value"),
    (("solve", "hoppers", "--empty", "6,6"), "hole 6 is named twice"),
    (("solve", "8-puzzle", "--max-states", "2.7"), "max-states must be a whole number"),
    (("solve", "8-puzzle", "--max-states", "true"), "max-states must be a whole number"),
    (("solve", "8-puzzle", "--max-states", "Infinity"), "max-states must be a whole number"),
    (("solve",), "name a puzzle"),
])
def test_contradicting_or_misplaced_flags_are_refused_by_name(args, named):
    run = pzl(*args)
    assert run.returncode == 2, run.stdout
    assert named in run.stderr and "Traceback" not in run.stderr


def test_a_budget_stop_adds_the_flags_to_try():
    run = pzl("solve", "8-puzzle", "--algorithm", "bfs", "--max-states", "10000")
    assert run.returncode == 2
    message, hint = run.stderr.strip().splitlines()
    assert "state budget is 10,000" in message and "--" not in message
    assert hint.startswith("pzl: hint: try --algorithm") and "--max-states 0" in hint


def test_longest_fifteen_puzzle_without_a_cap_is_refused_at_once():
    run = pzl("longest", "15-puzzle", "--max-states", "0")
    assert run.returncode == 2 and "10,461,394,944,000 positions" in run.stderr


def test_a_closed_pipe_ends_quietly_with_status_141():
    reader, writer = os.pipe()
    os.close(reader)   # nobody will read: the first write fails
    try:
        run = subprocess.run([sys.executable, "-m", "pzl", "solve", "8-puzzle", "--json"], cwd=ROOT, stdout=writer,
                             stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    finally:
        os.close(writer)
    assert run.returncode == 141 and run.stderr == ""


def test_head_closing_the_pipe_leaves_no_traceback():
    script = f"'{sys.executable}' -m pzl solve 8-puzzle --all --max-solutions 1000 --json | head -c 100 >/dev/null"
    run = subprocess.run(["sh", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0 and "Traceback" not in run.stderr and "Error" not in run.stderr


def test_ctrl_c_ends_a_long_search_quietly_with_status_130():
    search = subprocess.Popen([sys.executable, "-m", "pzl", "solve", "9-puzzle", "--algorithm", "iddfs"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        warning = search.stderr.readline()   # printed as the search starts (it would take most of an hour)
        assert "warning" in warning
        search.send_signal(signal.SIGINT)
        out, err = search.communicate(timeout=60)
    finally:
        search.kill()
    assert search.returncode == 130
    assert out == "" and "Traceback" not in err and "KeyboardInterrupt" not in err


def test_events_prints_every_event_as_a_json_line_better_answers_first():
    run = pzl("solve", "triangle-21-regular", "--events")
    assert run.returncode == 0, run.stderr
    events = [json.loads(line) for line in run.stdout.splitlines()]
    answers = [(event["event"], event["result"]["moves"]) for event in events if event["event"] != "progress"]
    assert answers == [("improved", 13), ("result", 10)]
    assert any(event["event"] == "progress" and event.get("best") == 13 for event in events)


def test_progress_shows_each_better_answer_as_it_comes():
    run = pzl("solve", "triangle-21-regular", "--progress")
    assert run.returncode == 0
    assert "pzl: 13 moves (auto: beam; at least " in run.stderr and "searching for fewer" in run.stderr
    assert run.stdout.splitlines()[1].startswith("10 moves (19 jumps), proved minimal; auto: minimal")


@pytest.mark.parametrize("output", ["text", "json"])
def test_ctrl_c_after_a_quick_answer_prints_the_best_so_far_with_status_130(output):
    flags = ["--progress"] + (["--json"] if output == "json" else [])
    search = subprocess.Popen([sys.executable, "-m", "pzl", "solve", "english-33", *flags], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = search.stderr.readline()   # the quick answer, then the search for fewer moves goes on
        assert "27 moves (auto: beam" in line and "searching for fewer" in line
        search.send_signal(signal.SIGINT)
        out, err = search.communicate(timeout=60)
    finally:
        search.kill()
    assert search.returncode == 130 and "Traceback" not in err
    assert "interrupted: the best answer so far follows" in err
    if output == "json":
        result = json.loads(out)
        assert result["moves"] == 27 and result["stopped"] == "cancelled" and not result["minimal"]
    else:
        assert "27 moves (31 jumps), not proved minimal (at least " in out
        assert "the search for fewer moves was cancelled" in out
