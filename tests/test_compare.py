"""`compare`: one row per algorithm and bound, each with its own budget, every solution replayed."""

from __future__ import annotations

import json
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl import api, explain
from pzl.compare import DEFAULT_MAX_STATES, DEFAULT_SECONDS
from tests.sliding.test_agreement import custom, default_goal, geometry, walk
from tests.test_cli import pzl
from tools.peg_replay import assert_solves
from tools.sliding_replay import assert_replays, one_move_positions

HARDEST = "8 6 7 2 5 4 3 0 1"


def compare(**fields) -> dict:
    final = api.answer({"command": "compare", **fields})
    assert final["event"] == "result", final
    return final["result"]


def refused(**fields) -> str:
    final = api.answer({"command": "compare", **fields})
    assert final["event"] == "error", final
    assert final["error"] != "InternalError", final
    return final["message"]


@pytest.mark.slow
def test_the_hardest_eight_puzzle_start_every_row_that_finishes_is_minimal_at_31():
    result = compare(puzzle="8-puzzle", start=HARDEST, seconds=30)
    rows = result["rows"]
    names = [(row["algorithm"], row["bound"]) for row in rows]
    assert [name for name, _ in names] == ["bfs", "bidirectional", "iddfs", *["astar"] * 5, *["ida"] * 4, "fast"]
    assert [bound for _, bound in names][3:12] == ["none", "misplaced", "manhattan", "linear-conflict",
                                                   "pdb 5-1-2", "misplaced", "manhattan", "linear-conflict",
                                                   "pdb 5-1-2 + mirror"]
    assert result["moves"] == 31
    for row in rows:
        assert set(row) >= {"algorithm", "bound", "moves", "minimal", "nodes", "states", "peak_bytes", "seconds",
                            "stopped"}
        if row["minimal"]:
            assert row["moves"] == 31, row
        if row["moves"] is not None:
            assert_replays(geometry("8-puzzle"), row["solution"], HARDEST, "1 2 3 4 5 6 7 8 0")
            assert row["moves"] >= 31
    by_name = {(row["algorithm"], row["bound"]): row for row in rows}
    assert by_name[("bfs", None)]["states"] == 181_440
    assert by_name[("bidirectional", None)]["states"] == 16_088
    # a stronger bound never expands more nodes
    ida = [by_name[("ida", bound)]["nodes"] for bound in ("manhattan", "linear-conflict", "pdb 5-1-2 + mirror")]
    assert ida == sorted(ida, reverse=True)
    astar = [by_name[("astar", bound)]["nodes"] for bound in ("manhattan", "linear-conflict", "pdb 5-1-2")]
    assert astar == sorted(astar, reverse=True)
    assert result["budget"] == {"seconds": 30.0, "max_states": DEFAULT_MAX_STATES}
    assert result["memory"] == "estimated"


def test_a_row_that_runs_out_of_time_says_so_and_what_it_proved():
    result = compare(puzzle="9-puzzle", algorithm="ida", bound="misplaced", seconds=0.2)
    (row,) = result["rows"]
    assert row["stopped"] == "seconds"
    assert row["moves"] is None and row["minimal"] is False
    assert row["nodes"] > 0 and row["depth_first"] is True
    assert 0 < row["lower_bound"] <= 45
    assert result["moves"] is None


def test_a_row_that_runs_out_of_states_says_which_limit():
    result = compare(puzzle="8-puzzle", start=HARDEST, algorithm="bfs", max_states=5000)
    (row,) = result["rows"]
    assert row["stopped"] == "max_states"
    assert row["moves"] is None
    assert "state budget" in row["reason"]


@pytest.mark.slow
def test_rows_that_cannot_take_the_position_say_why_and_the_rest_still_run():
    result = compare(puzzle="9-puzzle-variant", algorithm="ida", seconds=3)   # an irregular board: no linear conflict
    rows = {(row["algorithm"], row["bound"]): row for row in result["rows"]}
    assert "rectangular" in rows[("ida", "linear-conflict")]["reason"]
    assert rows[("ida", "linear-conflict")]["moves"] is None
    assert rows[("ida", "manhattan")]["minimal"] is True
    unsolvable = compare(puzzle="8-puzzle", start="1 2 3 4 5 6 8 7 0")
    assert all(row["moves"] is None and "odd permutation" in row["reason"] for row in unsolvable["rows"])
    blocks = compare(puzzle="no-off", algorithm="astar", seconds=10)
    rows = {(row["algorithm"], row["bound"]): row for row in blocks["rows"]}
    assert "numbered tiles" in rows[("astar", "misplaced")]["reason"]
    assert rows[("astar", "manhattan")]["minimal"] is True
    assert rows[("astar", "none")]["moves"] == blocks["moves"] == 44


def test_the_fifteen_puzzle_refuses_breadth_first_in_its_row_only():
    result = compare(puzzle="15-puzzle", algorithm="bfs")
    (row,) = result["rows"]
    assert row["stopped"] == "max_states" and row["estimate"]["states"] > 10**9


def test_peg_rows_are_each_peg_algorithm_replayed():
    result = compare(puzzle="hoppers", seconds=10)
    assert [row["algorithm"] for row in result["rows"]] == ["minimal", "beam", "fast"]
    assert result["moves"] == 7
    jumps = [(a, b, c) for a, b, c in __import__("pzl.peg.catalog", fromlist=["x"]).board_by_id("hoppers").jumps]
    for row in result["rows"]:
        assert row["bound"] is None
        assert_solves(jumps, 13, [6], 6, row["solution"])
    assert result["rows"][0]["minimal"] is True


def test_measured_memory_is_a_traced_peak():
    result = compare(puzzle="8-puzzle", start=HARDEST, algorithm="bidirectional", measure_memory=True)
    (row,) = result["rows"]
    assert result["memory"] == "measured"
    assert 500_000 < row["peak_bytes"] < 20_000_000


@pytest.mark.parametrize(("fields", "words"), [
    ({"seconds": "x"}, "seconds"), ({"seconds": 0}, "seconds"), ({"seconds": "inf"}, "seconds"),
    ({"seconds": True}, "seconds"), ({"max_states": -1}, "negative"), ({"bound": "fancy"}, "unknown bound"),
    ({"algorithm": "dfs"}, "unknown algorithm"), ({"algorithm": "bfs", "bound": "pdb"}, "take a bound"),
    ({"metric": "hops"}, "step, piece, straight"),
])
def test_bad_compare_requests_are_refused_by_name(fields, words):
    assert words in refused(puzzle="8-puzzle", **fields)


def test_compare_options_belong_to_compare_and_bounds_to_sliding():
    final = api.answer({"command": "solve", "puzzle": "8-puzzle", "seconds": 3})
    assert final["event"] == "error" and "option of compare" in final["message"]
    assert "sliding" in refused(puzzle="hoppers", bound="manhattan")


@pytest.mark.parametrize(("fields", "words"), [
    ({"algorithm": "bfs", "bound": "manhattan"}, "breadth-first"),
    ({"algorithm": "iddfs", "bound": "manhattan"}, "use ida"),
    ({"bound": "manhattan"}, "choose ida or astar"),
    ({"algorithm": "ida", "bound": "linear-conflict", "puzzle": "9-puzzle-variant"}, "rectangular"),
    ({"algorithm": "astar", "bound": "misplaced", "puzzle": "symbols"}, "numbered tiles"),
    ({"algorithm": "astar", "all": True}, "bfs or ida"),
    ({"algorithm": "ida", "bound": "pdb", "board": "6x6", "puzzle": None, "family": "sliding",
      "start": " ".join(map(str, [*range(1, 36), 0]))}, "pattern database"),
])
def test_a_bound_that_does_not_apply_is_refused_on_solve(fields, words):
    request = {"command": "solve", "puzzle": "8-puzzle", **fields}
    request = {key: value for key, value in request.items() if value is not None}
    final = api.answer(request)
    assert final["event"] == "error", final
    assert words in final["message"]


@pytest.mark.parametrize("bound", ["none", "misplaced", "manhattan", "linear-conflict", "pdb"])
@pytest.mark.parametrize("algorithm", ["astar", "ida"])
def test_solve_with_each_bound_finds_the_shortest(algorithm, bound):
    start = "1 2 3 4 0 6 7 5 8" if bound in ("none", "misplaced") else HARDEST
    final = api.answer({"command": "solve", "puzzle": "8-puzzle", "start": start, "algorithm": algorithm,
                        "bound": bound})
    result = final["result"]
    assert result["moves"] == (2 if start != HARDEST else 31) and result["minimal"] is True
    assert result["bound"].startswith(bound)
    assert result["algorithm"] == ("iddfs" if (algorithm, bound) == ("ida", "none") else algorithm)
    assert_replays(geometry("8-puzzle"), result["solution"], start, "1 2 3 4 5 6 7 8 0")


def test_job_slices_keep_every_finished_row():
    job = api.Job({"command": "compare", "puzzle": "8-puzzle", "start": HARDEST, "algorithm": "ida"})
    finished, rows, plan = [], None, None
    while not job.done:
        for event in job.run_for(0.5):
            if event["event"] == "progress" and "plan" in event:
                plan = event["plan"]
            if event["event"] == "progress" and "finished" in event:
                finished.append(event["row"])
            elif event["event"] == "result":
                rows = event["result"]["rows"]
    assert finished == list(range(len(rows))) == [0, 1, 2, 3]
    assert plan == [["ida", "misplaced"], ["ida", "manhattan"], ["ida", "linear-conflict"], ["ida", "pdb"]]


def test_progress_counts_the_whole_comparison_and_the_row():
    events = list(api.run({"command": "compare", "puzzle": "8-puzzle", "start": HARDEST, "algorithm": "bfs"}))
    progress = [event for event in events if event["event"] == "progress" and "row" in event
                and "finished" not in event]
    assert progress and all(event["row"] == 0 for event in progress)
    nodes = [event["nodes"] for event in progress]
    assert nodes == sorted(nodes)
    assert all(event["row_nodes"] <= event["nodes"] for event in progress)


def distance(board: str, start: str, goal: str) -> int:
    """Moves from start to goal by a plain breadth-first search over label tuples (independent of pzl)."""
    item = geometry(board)
    cells = [tuple(cell) for cell in item["cells"]]
    shapes = {label: [tuple(o) for o in data["shape"]] for label, data in item.get("pieces", {}).items()}
    seen = {tuple(start.split()): 0}
    queue = deque(seen)
    target = tuple(goal.split())
    while queue:
        position = queue.popleft()
        if position == target:
            return seen[position]
        for following in one_move_positions(cells, shapes, position):
            if following not in seen:
                seen[following] = seen[position] + 1
                queue.append(following)
    raise AssertionError("unreachable")


@settings(max_examples=12)
@given(st.sampled_from(["2x3", "3x2", "2x4", "9-puzzle-variant", "no-off"]),
       st.lists(st.integers(0, 3), min_size=4, max_size=40))
def test_rows_that_claim_minimal_agree_with_an_independent_search(board, choices):
    goal = default_goal(board)
    start = walk(geometry(board), goal, choices)
    where = {"family": "sliding", "board": board} if custom(board) else {"puzzle": board}
    result = compare(**where, start=start, goal=goal, seconds=60)
    shortest = distance(board, start, goal)
    assert result["moves"] == shortest
    for row in result["rows"]:
        if row.get("reason"):
            assert row["moves"] is None
            continue
        assert row["stopped"] is None, row
        assert row["moves"] is not None, row
        assert_replays(geometry(board), row["solution"], start, goal)
        assert row["moves"] == shortest if row["minimal"] else row["moves"] >= shortest


def test_every_algorithm_and_bound_has_an_explanation():
    texts = explain.texts()
    assert set(texts["sliding"]) == {"bfs", "bidirectional", "iddfs", "astar", "ida", "fast"}
    assert set(texts["peg"]) == {"minimal", "beam", "fast"}
    assert set(texts["bounds"]) == {"none", "misplaced", "manhattan", "linear-conflict", "pdb"}
    for group in texts.values():
        for text in group.values():
            sentences = text.count(". ") + 1
            assert 2 <= sentences <= 4, text


def test_cli_compare_prints_a_row_per_algorithm_and_bound():
    run = pzl("compare", "8-puzzle", "--start", HARDEST, "--algorithm", "ida")
    assert run.returncode == 0, run.stderr
    assert "ida" in run.stdout and "pdb 5-1-2 + mirror" in run.stdout
    assert "every row that proves its answer minimal found 31 moves" in run.stdout
    assert f"at most {DEFAULT_SECONDS:g} s" in run.stdout


def test_cli_compare_json_and_explain():
    run = pzl("compare", "hoppers", "--json", "--algorithm", "minimal")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["rows"][0]["moves"] == 7
    run = pzl("compare", "8-puzzle", "--bound", "linear-conflict", "--explain")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("astar: A*") and "bound linear-conflict:" in run.stdout


@pytest.mark.parametrize(("args", "words"), [
    (["compare", "8-puzzle", "--seconds", "0"], "seconds"),
    (["compare", "hoppers", "--bound", "pdb"], "--bound is an option of sliding puzzles"),
    (["solve", "8-puzzle", "--algorithm", "bfs", "--bound", "pdb"], "lower bound applies to ida and astar"),
])
def test_cli_refuses_bad_compare_and_bound_flags(args, words):
    run = pzl(*args)
    assert run.returncode == 2
    assert words in run.stderr and "Traceback" not in run.stderr
