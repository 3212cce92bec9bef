"""The command line prints the api's answers as text or JSON and never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
