"""`max_solutions` only caps a list: with `all` the verdict, the length and the count never depend on it,
at most `max_solutions` solutions are listed and 0 lists none (issue 10's wrong answers, as regressions)."""

from __future__ import annotations

import pytest

from pzl import api
from pzl.search.deepening import ida_star, iddfs
from pzl.search.problem import run_to_end
from pzl.sliding.board import rectangle
from pzl.sliding.engines.tiles import ida_star_tiles, iddfs_tiles
from pzl.sliding.service import problem_for
from pzl.sliding.task import from_request
from tools.sliding_replay import assert_replays

EIGHT = rectangle(3, 3).adjacency
EIGHT_DISTANCES = rectangle(3, 3).distances
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
TASKS = [
    {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 7 0 8"},            # 1 move
    {"puzzle": "8-puzzle", "start": "1 2 3 4 0 6 7 5 8"},            # 2 moves, 1 way
    {"puzzle": "8-puzzle", "start": "0 1 3 4 2 6 7 5 8"},            # several shortest solutions
    {"family": "sliding", "board": "2x2", "start": "1 2 0 3"},
    {"family": "sliding", "board": "2x3", "start": "0 1 3 4 2 5"},
    {"puzzle": "symbols", "start": "┌ ─ ┐ │ │ 0 └ ─ ┘"},              # duplicates: the generic searches
    {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 7 8 0"},            # already at the goal
]


def solve(task: dict, **fields) -> dict:
    final = api.answer({"command": "solve", **task, **fields})
    assert final["event"] == "result", final
    return final["result"]


@pytest.mark.parametrize("task", TASKS, ids=lambda task: f"{task.get('puzzle') or task['board']} {task['start']}")
@pytest.mark.parametrize("algorithm", ["bfs", "ida", "iddfs", "auto"])
def test_the_cap_changes_only_how_many_solutions_are_listed(task, algorithm):
    reference = solve(task, algorithm="bfs", all=True, max_solutions=10_000)
    for cap in (0, 1, 2, 10_000):
        result = solve(task, algorithm=algorithm, all=True, max_solutions=cap)
        assert result["solvable"] is True and result["moves"] == reference["moves"]
        assert result["count"] == reference["count"]
        assert len(result["solutions"]) == min(cap, reference["count"])
        assert len(result["solution"]) == result["moves"] + 1
        for listed in result["solutions"]:
            assert len(listed) == result["moves"] + 1 and listed[0] == result["start"]


def test_issue_repro_ida_with_a_zero_cap_still_finds_the_one_move_solution():
    result = solve({"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 7 0 8"}, algorithm="ida", all=True,
                   max_solutions=0)
    assert (result["solvable"], result["moves"], result["count"], result["solutions"]) == (True, 1, 1, [])


def test_issue_repro_the_two_by_two_board_is_not_declared_unreachable():
    for algorithm in ("ida", "iddfs"):
        result = solve({"family": "sliding", "board": "2x2", "start": "1 2 0 3"}, algorithm=algorithm,
                       all=True, max_solutions=0)
        assert result["solvable"] is True and result["moves"] == 1 and result["stats"]["states"] < 10


def test_issue_repro_all_with_a_zero_cap_ends_with_the_forty_solutions_of_the_hardest_start():
    result = solve({"puzzle": "8-puzzle"}, all=True, max_solutions=0)
    assert (result["moves"], result["count"], result["solutions"]) == (31, 40, [])


def test_an_unsolvable_start_counts_zero_solutions():
    result = solve({"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 8 7 0"}, all=True, max_solutions=0)
    assert result["solvable"] is False and (result["count"], result["solutions"]) == (0, [])


def test_the_kernels_themselves_find_the_path_with_a_zero_cap():
    start = (1, 2, 3, 4, 5, 6, 0, 7, 8)
    for search in (ida_star_tiles(start, GOAL, EIGHT, EIGHT_DISTANCES, max_solutions=0),
                   iddfs_tiles(start, GOAL, EIGHT, EIGHT_DISTANCES, max_solutions=0)):
        outcome, _ = run_to_end(search)
        assert len(outcome.path) == 3 and outcome.paths == []
    outcome, _ = run_to_end(ida_star_tiles(start, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True, max_solutions=0))
    assert (outcome.count, outcome.paths) == (1, [])
    problem = problem_for(from_request({"puzzle": "symbols", "start": "┌ ─ ┐ │ │ 0 └ ─ ┘"}))
    for search in (ida_star, iddfs):
        outcome, _ = run_to_end(search(problem, max_solutions=0))
        assert len(outcome.path) == 2
        outcome, _ = run_to_end(search(problem, all_solutions=True, max_solutions=0))
        assert (len(outcome.path), outcome.count, outcome.paths) == (2, 1, [])


def test_listed_solutions_replay_and_are_distinct():
    from pzl.sliding.catalog import entry

    result = solve({"puzzle": "8-puzzle"}, algorithm="ida", all=True, max_solutions=7)
    assert len(result["solutions"]) == 7 and len({tuple(path) for path in result["solutions"]}) == 7
    for path in result["solutions"]:
        assert_replays(entry("8-puzzle"), path, entry("8-puzzle")["start"], entry("8-puzzle")["goal"])


@pytest.mark.parametrize("request_fields", [{"puzzle": "8-puzzle"}, {"puzzle": "hoppers"}])
def test_max_solutions_without_all_is_refused(request_fields):
    final = api.answer({"command": "solve", **request_fields, "max_solutions": 0})
    assert final["event"] == "error" and "all" in final["message"]
