"""The start's lower bound with Korf & Taylor's last moves and corner tiles: never above the true distance.

Checked against breadth-first distances on every position of small boards, against IDA*'s optimal lengths on
3 x 4 and 4 x 4 samples, and never below Manhattan distance + linear conflict.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.search.problem import run_to_end as run
from pzl.sliding.board import distance_table
from pzl.sliding.engines.tiles import conflicts_and_last_moves, ida_star_tiles, linear_conflict, lower_bound, manhattan
from tests.sliding.test_tiles import grid_adjacency, random_walk, rectangle


def board_of(position, goal):
    """Each cell's goal cell (the blank's too), and the blank's goal cell: what conflicts_and_last_moves reads."""
    home = {label: cell for cell, label in enumerate(goal)}
    return [home[label] for label in position], home[0]


def old_bound(position, goal, rows, cols):
    """Manhattan distance + linear conflict: the bound before last moves and corner tiles."""
    distances = distance_table(grid_adjacency(rectangle(rows, cols)))
    return manhattan(position, goal, distances) + linear_conflict(position, goal, rows, cols)


def breadth_first(adjacency, goal, blank, depth=None):
    """Every position's distance to `goal` (within `depth` moves when given), by a plain breadth-first search;
    `blank` is the blank's label."""
    seen = {goal: 0}
    queue = deque([goal])
    while queue:
        position = queue.popleft()
        if seen[position] == depth:
            continue
        z = position.index(blank)
        for cell in adjacency[z]:
            after = list(position)
            after[z], after[cell] = after[cell], blank
            after = tuple(after)
            if after not in seen:
                seen[after] = seen[position] + 1
                queue.append(after)
    return seen


@cache
def distances_to(rows, cols, blank_goal):
    """Every position's distance to the goal 0, 1, ..., n-1 (the label of each tile its goal cell; the blank
    the label `blank_goal`)."""
    return breadth_first(grid_adjacency(rectangle(rows, cols)), tuple(range(rows * cols)), blank_goal)


def assert_admissible_everywhere(rows, cols, blank_goal):
    """The bound on every position of the board against its breadth-first distance; returns how often it gained."""
    n = rows * cols
    goal = tuple(range(n))
    everything = distances_to(rows, cols, blank_goal)
    assert len(everything) == _factorial(n) // 2
    distances = distance_table(grid_adjacency(rectangle(rows, cols)))
    raised = 0
    for position, distance in everything.items():
        md = sum(distances[cell][label] for cell, label in enumerate(position) if label != blank_goal)
        extra = conflicts_and_last_moves(list(position), blank_goal, rows, cols)
        labelled = tuple(0 if label == blank_goal else label + 1 for label in position)
        named_goal = tuple(0 if label == blank_goal else label + 1 for label in goal)
        before = md + linear_conflict(labelled, named_goal, rows, cols)
        assert before <= md + extra <= distance, (position, md + extra, distance)
        assert (md + extra - distance) % 2 == 0, position   # every credit keeps the bound's parity
        raised += md + extra > before
    return raised


def _factorial(n):
    return 1 if n <= 1 else n * _factorial(n - 1)


@pytest.mark.parametrize(("rows", "cols", "blank_goal"),
                         [(2, 2, 3), (2, 3, 5), (3, 2, 1), (2, 4, 7), (2, 4, 0), (4, 2, 2), (2, 4, 1)])
def test_the_bound_never_exceeds_the_distance_on_any_position_of_small_boards(rows, cols, blank_goal):
    raised = assert_admissible_everywhere(rows, cols, blank_goal)
    if rows * cols >= 8:
        assert raised > 100   # the credits do count: last moves and corner tiles raise it on many positions


@pytest.mark.slow
@pytest.mark.parametrize("blank_goal", [8, 1, 4])   # a corner, an edge, the centre (four last-move tiles)
def test_the_bound_never_exceeds_the_distance_on_any_eight_puzzle_position(blank_goal):
    assert assert_admissible_everywhere(3, 3, blank_goal) > 10_000


def test_each_credit_on_a_small_example():
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    eight = distances_to(3, 3, 8)

    def distance(position):
        return eight[tuple(board_of(position, goal)[0])]

    # last moves: 6 and 8 are home beside the blank's goal, so the one moved last must step there and back
    start = (1, 2, 3, 0, 5, 6, 7, 8, 4)
    assert (old_bound(start, goal, 3, 3), lower_bound(start, goal, 3, 3), distance(start)) == (3, 5, 11)
    # a corner tile: 3 is off its corner, 6 home beside it (the blank not on the corner): 6 must step aside
    start = (1, 5, 2, 4, 3, 6, 7, 8, 0)
    assert (old_bound(start, goal, 3, 3), lower_bound(start, goal, 3, 3), distance(start)) == (4, 6, 6)
    # both tiles beside a corner home: 4 more
    start = (4, 2, 3, 5, 1, 6, 7, 8, 0)
    assert (old_bound(start, goal, 3, 3), lower_bound(start, goal, 3, 3), distance(start)) == (4, 8, 10)
    # no corner credit while the blank is on the corner: its tile may step straight in
    start = (0, 2, 3, 1, 4, 6, 7, 5, 8)
    assert lower_bound(start, goal, 3, 3) <= distance(start)
    assert lower_bound(goal, goal, 3, 3) == 0


def test_the_bound_never_exceeds_the_distance_near_the_goal_on_three_by_four():
    """Every position within 14 moves of the goal (15,000): where last moves and corner tiles bite most."""
    goal = (*range(1, 12), 0)
    seen = breadth_first(grid_adjacency(rectangle(3, 4)), goal, 0, depth=14)
    raised = 0
    for position, distance in seen.items():
        bound = lower_bound(position, goal, 3, 4)
        assert bound <= distance, position
        raised += bound > old_bound(position, goal, 3, 4)
    assert raised > 300


@pytest.mark.slow
def test_the_bound_never_exceeds_optimal_lengths_on_random_three_by_four_positions():
    adjacency = grid_adjacency(rectangle(3, 4))
    goal = (*range(1, 12), 0)
    rng = random.Random(7)
    for _ in range(60):
        start = random_walk(adjacency, goal, rng.randrange(40, 400), rng)
        outcome, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), rows_cols=(3, 4)))
        assert lower_bound(start, goal, 3, 4) <= len(outcome.path) - 1, start


def test_the_bound_never_exceeds_optimal_lengths_on_random_fifteen_puzzle_positions():
    """IDA* with the 15-puzzle's tables (or linear conflict where they are not built) gives the optimum."""
    adjacency = grid_adjacency(rectangle(4, 4))
    goal = (*range(1, 16), 0)
    rng = random.Random(11)
    gained = 0
    for _ in range(20):
        start = random_walk(adjacency, goal, rng.randrange(20, 80), rng)
        outcome, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), rows_cols=(4, 4)))
        bound = lower_bound(start, goal, 4, 4)
        assert old_bound(start, goal, 4, 4) <= bound <= len(outcome.path) - 1, start
        gained += bound > old_bound(start, goal, 4, 4)
    assert gained


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(2, 3), (3, 2), (2, 4), (4, 2)]), st.randoms(use_true_random=False), st.data())
def test_any_goal_any_start_the_bound_never_exceeds_the_distance(shape, rng, data):
    """Any goal arrangement (the blank's goal anywhere) and any start that reaches it."""
    rows, cols = shape
    n = rows * cols
    goal = list(range(n))
    rng.shuffle(goal)
    blank_goal = data.draw(st.integers(0, n - 1))
    labels = {cell: goal[cell] + 1 for cell in range(n)}
    labels[blank_goal] = 0
    goal_position = tuple(labels[cell] for cell in range(n))
    everything = distances_to(rows, cols, blank_goal)
    position = data.draw(st.sampled_from(sorted(everything)))   # cell -> the goal cell of what stands there
    start = tuple(labels[goal_cell] for goal_cell in position)
    bound = lower_bound(start, goal_position, rows, cols)
    assert old_bound(start, goal_position, rows, cols) <= bound <= everything[position]
