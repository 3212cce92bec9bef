"""Property tests: on random solvable positions every algorithm finds the same length, legally.

Positions come from random walks from the goal (so they are solvable); each solution is
replayed with the independent checker in `replay.py`.
"""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl import api
from pzl.sliding.board import rectangle
from pzl.sliding.catalog import entry
from pzl.sliding.service import problem_for
from pzl.sliding.task import from_request
from tools.sliding_replay import assert_replays, one_move_positions

BOARDS = ["8-puzzle", "2x3", "3x2", "2x4", "9-puzzle-variant"]


def custom(board: str) -> bool:
    return board[0].isdigit() and board[1] == "x"


def geometry(board: str) -> dict:
    """A catalog-like entry (cells, pieces) for a catalog id or a custom size."""
    if custom(board):
        rows, cols = map(int, board.split("x"))
        return {"cells": [list(cell) for cell in rectangle(rows, cols).cells]}
    return entry(board)


def default_goal(board: str) -> str:
    if not custom(board):
        return entry(board)["goal"]
    return " ".join([*map(str, range(1, len(geometry(board)["cells"]))), "0"])


def walk(item: dict, goal: str, choices: list[int]) -> str:
    """The position after a random walk of legal moves from `goal`."""
    cells = [tuple(cell) for cell in item["cells"]]
    shapes = {label: [tuple(o) for o in data["shape"]] for label, data in item.get("pieces", {}).items()}
    position, previous = tuple(goal.split()), None
    for choice in choices:
        options = sorted(one_move_positions(cells, shapes, position) - {previous}) or [previous]
        position, previous = options[choice % len(options)], position
    return " ".join(position)


def request(board: str, start: str, goal: str, **fields) -> dict:
    where = {"family": "sliding", "board": board} if custom(board) else {"puzzle": board}
    return {"command": "solve", **where, "start": start, "goal": goal, "metric": "step", **fields}


def solve_all_ways(board: str, start: str, goal: str, algorithms: tuple[str, ...]) -> dict[str, int]:
    lengths = {}
    for algorithm in algorithms:
        final = api.answer(request(board, start, goal, algorithm=algorithm))
        assert final["event"] == "result", final
        result = final["result"]
        assert_replays(geometry(board), result["solution"], start, goal)
        lengths[algorithm] = result["moves"]
    return lengths


@settings(max_examples=25)
@given(st.sampled_from(BOARDS), st.lists(st.integers(0, 3), min_size=8, max_size=40))
def test_bfs_bidirectional_and_ida_agree_on_numbered_tiles(board, choices):
    goal = default_goal(board)
    start = walk(geometry(board), goal, choices)
    lengths = solve_all_ways(board, start, goal, ("bfs", "bidirectional", "ida"))
    assert len(set(lengths.values())) == 1, lengths
    assert lengths["bfs"] <= len(choices)


@settings(max_examples=15)
@given(st.sampled_from(BOARDS[:3]), st.lists(st.integers(0, 3), max_size=14))
def test_iddfs_agrees_with_bfs_on_short_walks(board, choices):
    goal = default_goal(board)
    start = walk(geometry(board), goal, choices)
    lengths = solve_all_ways(board, start, goal, ("bfs", "iddfs"))
    assert lengths["bfs"] == lengths["iddfs"]


@settings(max_examples=15)
@given(st.sampled_from(["symbols", "no-off"]), st.lists(st.integers(0, 3), min_size=8, max_size=30))
def test_algorithms_agree_on_duplicates_and_blocks(puzzle, choices):
    goal = entry(puzzle)["goal"]
    start = walk(entry(puzzle), goal, choices)
    lengths = solve_all_ways(puzzle, start, goal, ("bfs", "bidirectional", "ida"))
    assert len(set(lengths.values())) == 1, lengths


@settings(max_examples=10)
@given(st.lists(st.integers(0, 7), min_size=4, max_size=18))
def test_bfs_and_ida_agree_on_a_goal_that_places_one_block_only(choices):
    item = entry("hakoiri-musume")
    near_goal = "V V V V V V V V S S H H 0 M M S 0 M M S"   # one position that meets the goal
    start = walk(item, near_goal, choices)
    lengths = solve_all_ways("hakoiri-musume", start, item["goal"], ("bfs", "ida"))
    assert lengths["bfs"] == lengths["ida"]


@settings(max_examples=15)
@given(st.lists(st.integers(0, 3), min_size=8, max_size=22))
def test_counting_shortest_solutions_by_layers_agrees_with_depth_first_enumeration(choices):
    start = walk(entry("8-puzzle"), entry("8-puzzle")["goal"], choices)
    counts = {}
    for algorithm in ("bfs", "ida"):
        result = api.answer(request("8-puzzle", start, entry("8-puzzle")["goal"], algorithm=algorithm,
                                    all=True, max_solutions=1000))["result"]
        assert len({tuple(path) for path in result["solutions"]}) == min(result["count"], 1000)
        counts[algorithm] = result["count"]
    assert counts["bfs"] == counts["ida"]


def distances_to_goal(problem) -> dict:
    """Exact distance to the nearest goal for every state reachable from the start (small spaces only)."""
    seen, queue = {problem.start}, deque([problem.start])
    while queue:
        for succ in problem.successors(queue.popleft()):
            if succ not in seen:
                seen.add(succ)
                queue.append(succ)
    dist = {state: 0 for state in seen if problem.is_goal(state)}
    queue = deque(dist)
    while queue:
        state = queue.popleft()
        for succ in problem.successors(state):
            if succ not in dist:
                dist[succ] = dist[state] + 1
                queue.append(succ)
    return dist


@pytest.mark.parametrize("puzzle", ["no-off", "symbols", "hakoiri-musume"])
def test_lower_bound_never_exceeds_the_true_distance(puzzle):
    problem = problem_for(from_request({"puzzle": puzzle}))
    dist = distances_to_goal(problem)
    sample = list(dist.items())[::max(1, len(dist) // 3000)]
    assert all(problem.lower_bound(state) <= d for state, d in sample)
    assert any(problem.lower_bound(state) > 0 for state, _ in sample)


@settings(max_examples=10)
@given(st.lists(st.integers(0, 3), min_size=6, max_size=14))
def test_layer_counts_agree_with_plain_iterative_deepening(choices):
    goal = entry("8-puzzle")["goal"]
    start = walk(entry("8-puzzle"), goal, choices)
    counts = {algorithm: api.answer(request("8-puzzle", start, goal, algorithm=algorithm, all=True))["result"]["count"]
              for algorithm in ("bfs", "iddfs")}
    assert counts["bfs"] == counts["iddfs"]
