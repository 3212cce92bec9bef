"""The distinct-tile kernels: the 8-puzzle figures of seed 000, admissible bounds, agreement with breadth-first."""

from __future__ import annotations

import random
from collections import deque
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.search.problem import run_to_end as run
from pzl.sliding.board import distance_table
from pzl.sliding.engines.tiles import ida_star_tiles, iddfs_tiles, linear_conflict, longest_increasing, manhattan

HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
#: The three shortest of Korf's 100 random 15-puzzle instances (Korf 1985, Table 1; odd ones), as
#: (number, optimal moves, cells) with goal 1..15 0 (rotated 180 degrees and relabelled v -> 16 - v).
KORF_EASIEST = ((55, 41, (5, 10, 14, 4, 6, 12, 11, 1, 9, 0, 15, 7, 13, 2, 8, 3)),
                (79, 42, (1, 6, 10, 8, 14, 12, 4, 2, 13, 11, 3, 5, 9, 7, 15, 0)),
                (71, 44, (2, 3, 12, 8, 13, 14, 10, 1, 6, 7, 15, 4, 5, 0, 9, 11)))


def grid_adjacency(cells: list[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    """Neighbours of every cell of a set of grid cells (numbered in the order given)."""
    index = {cell: i for i, cell in enumerate(cells)}
    return tuple(tuple(index[(r + dr, c + dc)] for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                       if (r + dr, c + dc) in index) for r, c in cells)


def rectangle(rows: int, cols: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(rows) for c in range(cols)]


EIGHT_CELLS = rectangle(3, 3)
EIGHT = grid_adjacency(EIGHT_CELLS)
EIGHT_DISTANCES = distance_table(EIGHT)
VARIANT_CELLS = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]




def assert_legal_solution(cells, path, start, goal):
    """Independent replay: each step swaps the blank with a tile on a grid-adjacent cell, nothing else."""
    assert tuple(path[0]) == tuple(start) and tuple(path[-1]) == tuple(goal)
    for before, after in pairwise(path):
        changed = [i for i in range(len(cells)) if before[i] != after[i]]
        assert len(changed) == 2, (before, after)
        a, b = changed
        assert 0 in (before[a], before[b]) and (before[a], before[b]) == (after[b], after[a])
        (ra, ca), (rb, cb) = cells[a], cells[b]
        assert abs(ra - rb) + abs(ca - cb) == 1


def bfs_distances(adjacency, goal):
    """Distance to `goal` of every reachable position (a plain breadth-first search, for checking)."""
    seen = {goal: 0}
    queue = deque([goal])
    while queue:
        position = queue.popleft()
        z = position.index(0)
        for nb in adjacency[z]:
            after = list(position)
            after[z], after[nb] = after[nb], 0
            after = tuple(after)
            if after not in seen:
                seen[after] = seen[position] + 1
                queue.append(after)
    return seen


@pytest.fixture(scope="module")
def eight_distances():
    return bfs_distances(EIGHT, GOAL)


def random_walk(adjacency, goal, steps, rng):
    position = list(goal)
    previous = None
    for _ in range(steps):
        z = position.index(0)
        nb = rng.choice([c for c in adjacency[z] if c != previous])
        position[z], position[nb] = position[nb], 0
        previous = z
    return tuple(position)


def test_manhattan_bound_of_the_hardest_start_is_21():
    assert manhattan(HARDEST, GOAL, EIGHT_DISTANCES) == 21


def test_ida_solves_the_hardest_start_in_31_moves():
    outcome, _ = run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, bound="manhattan"))
    assert len(outcome.path) - 1 == 31
    assert_legal_solution(EIGHT_CELLS, outcome.path, HARDEST, GOAL)


@pytest.mark.parametrize("conflict", [False, True], ids=["manhattan", "linear-conflict"])
def test_ida_lists_exactly_40_distinct_shortest_solutions_of_the_hardest_start(conflict):
    search = ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True,
                            bound="linear-conflict" if conflict else "manhattan", rows_cols=(3, 3))
    outcome, _ = run(search)
    assert outcome.count == 40
    assert len({tuple(path) for path in outcome.paths}) == 40
    for path in outcome.paths:
        assert len(path) - 1 == 31
        assert_legal_solution(EIGHT_CELLS, path, HARDEST, GOAL)


@pytest.mark.slow
def test_plain_iddfs_lists_exactly_40_distinct_shortest_solutions_of_the_hardest_start():
    outcome, events = run(iddfs_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True))
    assert outcome.count == 40
    assert len({tuple(path) for path in outcome.paths}) == 40
    for path in outcome.paths:
        assert len(path) - 1 == 31
        assert_legal_solution(EIGHT_CELLS, path, HARDEST, GOAL)
    assert outcome.nodes > 100_000_000   # no pruning beyond "don't move the tile just moved"
    assert events and all(event["event"] == "progress" for event in events)


def test_solution_count_is_capped_by_max_solutions_but_counts_all():
    outcome, _ = run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True, max_solutions=5))
    assert (outcome.count, len(outcome.paths)) == (40, 5)


def test_no_solution_within_max_depth_gives_no_path():
    assert run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, max_depth=30))[0].path is None
    assert run(iddfs_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, max_depth=12))[0].path is None


def test_goal_as_start_needs_no_moves():
    for search in (ida_star_tiles(GOAL, GOAL, EIGHT, EIGHT_DISTANCES), iddfs_tiles(GOAL, GOAL, EIGHT, EIGHT_DISTANCES)):
        assert run(search)[0].path == [GOAL]


def test_progress_events_carry_the_current_bound():
    _, events = run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, bound="manhattan", all_solutions=True))
    assert events and all(21 <= event["depth"] <= 31 for event in events)


@pytest.mark.slow
def test_manhattan_plus_linear_conflict_never_exceeds_the_true_distance_on_any_eight_puzzle_state(eight_distances):
    assert len(eight_distances) == 181_440
    strongest = 0
    for position, distance in eight_distances.items():
        bound = manhattan(position, GOAL, EIGHT_DISTANCES) + linear_conflict(position, GOAL, 3, 3)
        assert bound <= distance, position
        strongest = max(strongest, linear_conflict(position, GOAL, 3, 3))
    assert strongest >= 4


def test_ida_with_linear_conflict_matches_breadth_first_distance_on_sampled_states(eight_distances):
    rng = random.Random(3)
    for position in rng.sample(sorted(eight_distances), 150):
        outcome, _ = run(ida_star_tiles(position, GOAL, EIGHT, EIGHT_DISTANCES, rows_cols=(3, 3)))
        assert len(outcome.path) - 1 == eight_distances[position]
        assert_legal_solution(EIGHT_CELLS, outcome.path, position, GOAL)


@settings(max_examples=30)
@given(steps=st.integers(0, 30), seed=st.integers(0, 2**32))
def test_ida_kernels_agree_on_rectangles_and_masks(steps, seed):
    rng = random.Random(seed)
    for cells, rows_cols in ((rectangle(3, 4), (3, 4)), (rectangle(2, 5), (2, 5)), (VARIANT_CELLS, None)):
        adjacency = grid_adjacency(cells)
        goal = (*range(1, len(cells)), 0)
        start = random_walk(adjacency, goal, steps, rng)
        plain, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), bound="manhattan"))
        lengths = {len(plain.path) - 1}
        if rows_cols:
            conflict, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), rows_cols=rows_cols))
            lengths.add(len(conflict.path) - 1)
            assert_legal_solution(cells, conflict.path, start, goal)
        assert len(lengths) == 1 and lengths.pop() <= steps
        assert_legal_solution(cells, plain.path, start, goal)


@settings(max_examples=40)
@given(steps=st.integers(0, 16), seed=st.integers(0, 2**32))
def test_iddfs_and_ida_find_the_same_length_and_number_of_shortest_solutions(steps, seed):
    rng = random.Random(seed)
    start = random_walk(EIGHT, GOAL, steps, rng)
    plain, _ = run(iddfs_tiles(start, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True))
    bounded, _ = run(ida_star_tiles(start, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True))
    assert len(plain.path) == len(bounded.path) <= steps + 1
    assert plain.count == bounded.count
    assert {tuple(p) for p in plain.paths} == {tuple(p) for p in bounded.paths}


def test_labels_need_not_be_numbers_in_goal_order():
    goal = ("c", "a", "b", "d", 0, "e", "f", "g", "h")
    start = random_walk(EIGHT, goal, 20, random.Random(7))
    outcome, _ = run(ida_star_tiles(start, goal, EIGHT, EIGHT_DISTANCES, rows_cols=(3, 3)))
    assert_legal_solution(EIGHT_CELLS, outcome.path, start, goal)


def test_kernels_reuse_board_tables_across_goals_with_the_blank_elsewhere(eight_distances):
    other_goal = (1, 2, 3, 4, 0, 5, 6, 7, 8)
    towards_other = bfs_distances(EIGHT, other_goal)
    start = random_walk(EIGHT, other_goal, 60, random.Random(11))
    for goal, distances in ((GOAL, eight_distances), (other_goal, towards_other), (GOAL, eight_distances)):
        position = start if goal == other_goal else HARDEST
        for conflict in (False, True):
            bound = "linear-conflict" if conflict else "manhattan"
            outcome, _ = run(ida_star_tiles(position, goal, EIGHT, EIGHT_DISTANCES, bound=bound, rows_cols=(3, 3)))
            assert len(outcome.path) - 1 == distances[position]


def test_easiest_korf_instances_are_solved_at_their_optimal_length():
    adjacency = grid_adjacency(rectangle(4, 4))
    goal = (*range(1, 16), 0)
    for number, optimal, start in KORF_EASIEST:
        outcome, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), rows_cols=(4, 4)))
        assert len(outcome.path) - 1 == optimal, number
        assert_legal_solution(rectangle(4, 4), outcome.path, start, goal)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=10))
def test_longest_increasing_is_the_longest_strictly_increasing_subsequence(values):
    longest = max((size for size in range(len(values) + 1) for chosen in combinations(values, size)
                   if all(a < b for a, b in pairwise(chosen))), default=0)
    assert longest_increasing(values) == longest
