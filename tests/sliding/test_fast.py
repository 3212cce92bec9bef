"""The fast solver: every solution replayed on random boards 2x2..10x10 and random goals; its parts checked alone."""

from __future__ import annotations

import random
from collections import deque
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.errors import PositionError
from pzl.search.problem import PROGRESS_EVERY, run_to_end
from pzl.sliding.engines.fast import fast_solve
from pzl.sliding.engines.fast_exact import cut_loops, reoptimise, shortest_blank_path
from pzl.sliding.engines.tiles import lower_bound


def ticks(nodes: int) -> dict:
    """The exact search's progress as a test sees it: the nodes counted."""
    return {"event": "progress", "nodes": nodes}


def assert_replays(path, start, goal, rows, cols):
    """Independent replay: each step swaps the blank with a tile on a grid-adjacent cell."""
    assert tuple(path[0]) == tuple(start) and tuple(path[-1]) == tuple(goal)
    for before, after in pairwise(path):
        changed = [i for i in range(rows * cols) if before[i] != after[i]]
        assert len(changed) == 2, (before, after)
        a, b = changed
        assert 0 in (before[a], before[b]) and (before[a], before[b]) == (after[b], after[a])
        assert abs(a // cols - b // cols) + abs(a % cols - b % cols) == 1


def solvable_pair(rows: int, cols: int, rng: random.Random, standard_goal: bool) -> tuple[tuple, tuple]:
    """A goal (the standard one, or any arrangement) and a uniformly random start that can reach it."""
    n = rows * cols
    goal = [*range(1, n), 0]
    if not standard_goal:
        rng.shuffle(goal)
    start = goal[:]
    rng.shuffle(start)
    if parity(start, goal, cols):
        tiles = [cell for cell in range(n) if start[cell] != 0][:2]
        start[tiles[0]], start[tiles[1]] = start[tiles[1]], start[tiles[0]]
    return tuple(start), tuple(goal)


def parity(start, goal, cols) -> int:
    """0 when `start` can reach `goal` on a rectangle (permutation parity matches the blank's colour)."""
    where = {label: cell for cell, label in enumerate(goal)}
    perm = [where[label] for label in start]
    seen, swaps = [False] * len(perm), 0
    for cell in range(len(perm)):
        length = 0
        while not seen[cell]:
            seen[cell], cell, length = True, perm[cell], length + 1
        swaps += max(0, length - 1)
    z, g = start.index(0), goal.index(0)
    return (swaps + z // cols + z % cols + g // cols + g % cols) % 2


def bfs_distance(start, goal, rows, cols) -> int:
    """The true distance on a small board (plain breadth-first search, for checking)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        position = queue.popleft()
        if position == goal:
            return seen[position]
        z = position.index(0)
        r, c = divmod(z, cols)
        for y, ok in ((z - cols, r > 0), (z + cols, r < rows - 1), (z - 1, c > 0), (z + 1, c < cols - 1)):
            if ok:
                nxt = list(position)
                nxt[z], nxt[y] = nxt[y], 0
                nxt = tuple(nxt)
                if nxt not in seen:
                    seen[nxt] = seen[position] + 1
                    queue.append(nxt)
    raise AssertionError("unreachable")


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(st.integers(2, 10), st.integers(2, 10), st.randoms(use_true_random=False), st.booleans())
def test_random_boards_and_goals_are_solved_by_legal_moves(rows, cols, rng, standard_goal):
    start, goal = solvable_pair(rows, cols, rng, standard_goal)
    outcome, events = run_to_end(fast_solve(start, goal, rows, cols))
    assert_replays(outcome.path, start, goal, rows, cols)
    assert len(outcome.path) - 1 >= lower_bound(start, goal, rows, cols)
    assert len(set(outcome.path)) == len(outcome.path), "a position repeats: a loop was left in"
    assert all(event["event"] == "progress" and event["phase"] for event in events)


@pytest.mark.parametrize("rows", range(2, 11))
def test_every_board_size_from_2x2_to_10x10(rows):
    rng = random.Random(rows)
    for cols in range(2, 11):
        start, goal = solvable_pair(rows, cols, rng, standard_goal=cols % 2 == 0)
        outcome, _ = run_to_end(fast_solve(start, goal, rows, cols))
        assert_replays(outcome.path, start, goal, rows, cols)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 8), st.integers(2, 8), st.randoms(use_true_random=False), st.booleans(),
       st.sampled_from([0, 2, (0, 3)]))
def test_the_backward_construction_is_a_legal_solution_from_the_start(rows, cols, rng, standard_goal, group):
    """Built from the goal to the start and reversed: it still starts at the start and replays to the goal."""
    start, goal = solvable_pair(rows, cols, rng, standard_goal)
    outcome, _ = run_to_end(fast_solve(start, goal, rows, cols, backward=True, group=group, width=2))
    assert_replays(outcome.path, start, goal, rows, cols)
    assert len(outcome.path) - 1 >= lower_bound(start, goal, rows, cols)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]), st.randoms(use_true_random=False), st.booleans())
def test_small_boards_never_beat_the_true_distance_and_the_bound_never_exceeds_it(size, rng, standard_goal):
    rows, cols = size
    start, goal = solvable_pair(rows, cols, rng, standard_goal)
    outcome, _ = run_to_end(fast_solve(start, goal, rows, cols))
    exact = bfs_distance(start, goal, rows, cols)
    assert lower_bound(start, goal, rows, cols) <= exact <= len(outcome.path) - 1
    if rows * cols <= 9 and max(rows, cols) <= 3:
        assert len(outcome.path) - 1 == exact, "a board of at most 3x3 is the exact finish alone"


def test_a_ten_by_ten_board_is_solved_with_progress_and_a_bound():
    rng = random.Random(11)
    start, goal = solvable_pair(10, 10, rng, standard_goal=True)
    outcome, events = run_to_end(fast_solve(start, goal, 10, 10))
    assert_replays(outcome.path, start, goal, 10, 10)
    bound = lower_bound(start, goal, 10, 10)
    assert bound >= 500   # a uniformly random 10x10 position is far from its goal
    assert bound <= len(outcome.path) - 1 <= 4 * bound
    assert len(events) >= 15, "one progress event per line placed (14 from 10x10 to 3x3), more while shortening"
    assert {event["phase"] for event in events} == {"placing rows and columns", "shortening the solution"}


def test_closing_the_generator_cancels_the_work():
    rng = random.Random(3)
    start, goal = solvable_pair(10, 10, rng, standard_goal=True)
    search = fast_solve(start, goal, 10, 10)
    next(search)
    search.close()   # no exception, nothing left running
    with pytest.raises(StopIteration):
        next(search)


def test_the_goal_itself_takes_no_moves_and_unsolvable_positions_are_refused():
    goal = (*range(1, 25), 0)
    outcome, _ = run_to_end(fast_solve(goal, goal, 5, 5))
    assert outcome.path == [goal]
    swapped = (2, 1, *goal[2:])
    with pytest.raises(PositionError):
        run_to_end(fast_solve(swapped, goal, 5, 5))
    with pytest.raises(PositionError):
        run_to_end(fast_solve((1, 1, 2, 0), (1, 1, 2, 0), 2, 2))


def test_exact_search_in_a_rectangle_matches_breadth_first_search():
    rng = random.Random(5)
    for _ in range(20):
        start, goal = solvable_pair(2, 3, rng, standard_goal=False)
        cells = [0, 1, 2, 3, 4, 5]
        marked = lambda position: [-1 if label == 0 else label for label in position]  # noqa: E731
        search = shortest_blank_path(3, cells, marked(start), marked(goal), budget=10**6, report=ticks)
        (blanks, _nodes), _ = run_to_end(search)
        assert len(blanks) - 1 == bfs_distance(start, goal, 2, 3)
        board = list(start)
        for a, b in pairwise(blanks):
            board[a], board[b] = board[b], board[a]
        assert tuple(board) == goal


def test_exact_search_inside_part_of_a_bigger_board_uses_only_that_part():
    # a 2x2 corner (cells 0, 1, 4, 5) of a 4-wide board: the blank goes round once
    cells = [0, 1, 4, 5]
    (blanks, _), _ = run_to_end(shortest_blank_path(4, cells, [1, 2, 3, -1], [2, 3, 1, -1], budget=10**6,
                                                    report=ticks))
    assert set(blanks) <= set(cells) and len(blanks) - 1 == 4
    (found, _), _ = run_to_end(shortest_blank_path(4, cells, [1, 2, 3, -1], [2, 3, 1, -1], budget=10**6,
                                                   report=ticks, longest=4))
    assert found is None, "nothing shorter than 4 moves exists"


def test_exact_search_reports_its_nodes_as_it_goes_and_returns_what_it_reported():
    # 3x3, the goal's tiles rotated: thousands of nodes, reported every PROGRESS_EVERY
    cells = list(range(9))
    start, goal = [8, 7, 6, 5, 4, 3, 2, 1, -1], [1, 2, 3, 4, 5, 6, 7, 8, -1]
    (blanks, nodes), events = run_to_end(shortest_blank_path(3, cells, start, goal, budget=10**7, report=ticks))
    assert blanks is not None and events, "a long search reports"
    assert [event["nodes"] for event in events] == [PROGRESS_EVERY * (k + 1) for k in range(len(events))]
    assert nodes == events[-1]["nodes"]
    (stopped, spent), cut = run_to_end(shortest_blank_path(3, cells, start, goal, budget=2 * PROGRESS_EVERY,
                                                           report=ticks))
    assert stopped is None and spent == PROGRESS_EVERY and len(cut) == 1, "the budget stops it, unreported"


def test_cut_loops_removes_every_return_to_an_earlier_position():
    start = (1, 2, 3, 4, 5, 0)           # a 2x3 board; the blank at cell 5
    blanks = [5, 4, 1, 4, 5, 2, 5, 4]    # out to 1 and back (a loop), then 2 and back (a loop), then 4
    assert cut_loops(blanks, start) == [5, 4]


def test_reoptimise_never_lengthens_and_keeps_the_ends():
    rng = random.Random(8)
    for _ in range(5):
        start, goal = solvable_pair(6, 6, rng, standard_goal=True)
        plain, _ = run_to_end(fast_solve(start, goal, 6, 6, shorten=False))
        home = {label: cell for cell, label in enumerate(goal)}
        blanks = [position.index(0) for position in plain.path]
        (shorter, _nodes), _ = run_to_end(reoptimise(blanks, [home[label] for label in start], home[0], 6,
                                           lambda nodes: {"event": "progress"}))
        assert len(shorter) <= len(blanks)
        board = list(start)
        for a, b in pairwise(shorter):
            assert abs(a // 6 - b // 6) + abs(a % 6 - b % 6) == 1
            board[a], board[b] = board[b], board[a]
        assert tuple(board) == goal
