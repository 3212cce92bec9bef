"""The built pzl wheel installed into the real Pyodide runtime (npm `pyodide`) under Node.

Runs tests/node/run_request.mjs, which loads the wheel with `pyodide.loadPackage` as
the page does, and checks the answers by replaying them here.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from itertools import pairwise
from pathlib import Path

import pytest

pytestmark = pytest.mark.node

RUNNER = Path(__file__).with_name("run_request.mjs")
HARDEST_START = "8 6 7 2 5 4 3 0 1"
GOAL = "1 2 3 4 5 6 7 8 0"


def run_in_pyodide(site: Path, *requests: dict, job_slice: float | None = None, tables: bool = False) -> list[dict]:
    """One Node process: Pyodide boots, installs the wheel, runs each request; one JSON line each."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (Debian: apt-get install -y nodejs npm)")
    command = [node, str(RUNNER), "--site", str(site)]
    if job_slice is not None:
        command += ["--job", str(job_slice)]
    if tables:
        command.append("--tables")
    command += [json.dumps(request) for request in requests]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"node failed ({done.returncode}):\n{done.stderr[-4000:]}"
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def cells(position: str) -> list[str]:
    """A position's labels in cell order (the text format separates them by spaces or commas)."""
    return [label for label in re.split(r"[\s,]+", position.strip()) if label]


def replays_on_3x3(solution: list[str]) -> bool:
    """True when each position follows from the one before by one tile sliding into the blank."""
    for before, after in pairwise(solution):
        a, b = cells(before), cells(after)
        blank, moved = a.index("0"), b.index("0")
        adjacent = abs(blank // 3 - moved // 3) + abs(blank % 3 - moved % 3) == 1
        swapped = a[:]
        swapped[blank], swapped[moved] = swapped[moved], swapped[blank]
        if not adjacent or swapped != b:
            return False
    return True


@pytest.fixture(scope="module")
def pyodide_answers(built_site: Path) -> list[dict]:
    """One boot, several requests: the hardest start, an unknown puzzle, the catalog."""
    return run_in_pyodide(built_site, {"command": "solve", "puzzle": "8-puzzle", "start": HARDEST_START},
                          {"command": "solve", "puzzle": "no-such-puzzle"}, {"command": "catalog"},
                          {"command": "longest", "puzzle": "15-puzzle", "max_states": 0},
                          {"command": "solve", "puzzle": "8-puzzle", "algorithm": "bfs", "max_states": 0},
                          {"command": "solve", "layout": "AABB/AACC/de../FGHH/FGII",
                           "goal": "..../..../..../AA../AA.."},
                          {"command": "solve", "puzzle": "rush-hour-hardest"})


@pytest.fixture(scope="module")
def hardest_start_answer(pyodide_answers: list[dict]) -> dict:
    return pyodide_answers[0]


def test_pyodide_runs_python_3_14(hardest_start_answer: dict) -> None:
    assert hardest_start_answer["python"].startswith("3.14")


def test_pyodide_solves_eight_puzzle_hardest_start_in_31_moves(hardest_start_answer: dict) -> None:
    final = hardest_start_answer["final"]
    assert final["event"] == "result", final
    result = final["result"]
    solution = result["solution"]
    assert result["moves"] == 31
    assert len(solution) == 32
    assert cells(solution[0]) == cells(HARDEST_START)
    assert cells(solution[-1]) == cells(GOAL)
    assert replays_on_3x3(solution)


def test_every_family_loads_under_pyodide_with_the_same_catalog(pyodide_answers: list[dict], built_site: Path,
                                                               site_manifest: dict) -> None:
    final = pyodide_answers[2]["final"]
    assert final["event"] == "result", final
    catalog = built_site / site_manifest["front"] / "catalog.json"
    assert final["result"]["puzzles"] == json.loads(catalog.read_text(encoding="utf-8"))


def test_independent_replay_rejects_an_illegal_jump() -> None:
    assert replays_on_3x3(["1 2 3 4 5 6 7 0 8", GOAL])
    assert not replays_on_3x3(["1 2 3 4 5 6 0 7 8", GOAL])


@pytest.fixture(scope="module")
def sliced_bfs(built_site: Path) -> dict:
    request = {"command": "solve", "puzzle": "8-puzzle", "start": HARDEST_START, "algorithm": "bfs"}
    [line] = run_in_pyodide(built_site, request, job_slice=0.05)
    return line


def test_job_reports_progress_before_the_final_result(sliced_bfs: dict) -> None:
    assert sliced_bfs["slices"] > 1
    # progress only (growth events, one per finished layer, are never dropped, so a slice can hold several)
    first = [event["event"] for event in sliced_bfs["first_slice"]]
    assert first and set(first) == {"progress"}
    assert sliced_bfs["progress"] >= sliced_bfs["slices"] - 1


def test_job_slices_stay_short_enough_for_a_responsive_page(sliced_bfs: dict) -> None:
    # CPU time: a shared 2-core machine stretches wall-clock slices by whatever else runs
    assert sliced_bfs["max_slice_cpu_ms"] < 500


def test_job_ends_with_the_shortest_solution(sliced_bfs: dict) -> None:
    final = sliced_bfs["final"]
    assert final["event"] == "result", final
    assert final["result"]["moves"] == 31
    assert replays_on_3x3(final["result"]["solution"])


def test_pyodide_reports_an_unknown_puzzle_as_an_error_event(pyodide_answers: list[dict]) -> None:
    final = pyodide_answers[1]["final"]
    assert final["event"] == "error"
    assert "no-such-puzzle" in final["message"]


@pytest.fixture(scope="module")
def korf_1(built_site: Path) -> dict:
    """Korf's instance #1 (57 moves) run as the page's worker runs it: tables written first, then time slices."""
    request = {"command": "solve", "puzzle": "15-puzzle", "start": "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2"}
    [line] = run_in_pyodide(built_site, request, job_slice=0.05, tables=True)
    return line


def test_pyodide_asks_for_the_fifteen_puzzle_tables_where_it_will_read_them(korf_1: dict) -> None:
    assert korf_1["tables_needed"] == [{"name": "4x4-663.pzt", "path": "/home/pyodide/.cache/pzl/tables/4x4-663.pzt"}]


def test_pyodide_solves_korf_1_optimally_with_the_stored_tables(korf_1: dict) -> None:
    final = korf_1["final"]
    assert final["event"] == "result", final
    assert final["result"]["moves"] == 57 and final["result"]["bound"] == "pdb 6-6-3 + mirror"
    solution = [cells(position) for position in final["result"]["solution"]]
    assert solution[-1] == [str(n) for n in range(1, 16)] + ["0"]
    for before, after in pairwise(solution):
        blank, moved = before.index("0"), after.index("0")
        assert abs(blank // 4 - moved // 4) + abs(blank % 4 - moved % 4) == 1
        slid = [before[moved] if i == blank else "0" if i == moved else label for i, label in enumerate(before)]
        assert slid == after


def test_loading_the_tables_and_the_search_keep_slices_short(korf_1: dict) -> None:
    assert korf_1["max_slice_cpu_ms"] < 500


def test_pyodide_refuses_what_cannot_fit_in_a_tabs_two_gigabytes(pyodide_answers: list[dict]) -> None:
    final = pyodide_answers[3]["final"]
    assert final["event"] == "error" and final["stopped"] == "memory", final
    assert "2.0 GB, a browser tab's budget" in final["message"]
    assert final["estimate"]["states"] == 10_461_394_944_000


def test_pyodide_runs_without_a_cap_of_its_own_what_fits(pyodide_answers: list[dict]) -> None:
    final = pyodide_answers[4]["final"]
    assert final["event"] == "result" and final["result"]["moves"] == 31, final


def test_pyodide_solves_a_sliding_block_layout_and_a_rush_hour_card_in_the_books_count(
        pyodide_answers: list[dict]) -> None:
    dads, rush_hour = (pyodide_answers[index]["final"]["result"] for index in (5, 6))
    assert (dads["moves"], dads["metric"], dads["solution"][-1]) == (59, "piece", "GFCC/GFBB/..ed/AAII/AAHH")
    assert rush_hour["moves"] == 60 and len(rush_hour["solution"][0]) == 36


@pytest.mark.slow
def test_a_ten_by_ten_board_is_solved_fast_in_short_slices(built_site: Path) -> None:
    """auto under Pyodide, run as the page runs it: the fast answer, then shorter ones (the beam backed off,
    windows re-solved), progress between slices, a legal solution."""
    start = ("54 38 66 52 5 21 39 10 11 82 45 37 85 51 97 91 67 17 81 34 25 53 92 0 65 6 59 77 40 80 24 95 31 74 "
             "26 48 32 46 20 88 43 69 96 22 8 68 47 83 12 7 42 87 89 71 19 79 72 60 44 62 23 15 36 94 57 29 99 55 "
             "28 90 2 70 75 3 86 41 14 76 30 35 93 1 78 56 50 4 63 13 27 49 84 61 58 64 16 33 9 98 73 18")
    request = {"command": "solve", "family": "sliding", "board": "10x10", "start": start}
    [line] = run_in_pyodide(built_site, request, job_slice=0.05)
    result = line["final"]["result"]
    assert result["algorithm"] in ("auto: beam", "auto: beam, shortened") and result["minimal"] is False
    assert result["lower_bound"] < result["moves"] == len(result["solution"]) - 1
    assert line["max_slice_cpu_ms"] < 500
    positions = [cells(position) for position in result["solution"]]
    assert positions[0] == cells(start) and positions[-1] == [*map(str, range(1, 100)), "0"]
    for before, after in pairwise(positions):
        blank, moved = before.index("0"), after.index("0")
        assert abs(blank // 10 - moved // 10) + abs(blank % 10 - moved % 10) == 1
        swapped = before[:]
        swapped[blank], swapped[moved] = swapped[moved], swapped[blank]
        assert swapped == after
