"""Additive pattern databases: admissible on every 8-puzzle state, never below Manhattan, same optima as IDA*."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.sliding.board import distance_table
from pzl.sliding.engines import pattern_db
from pzl.sliding.engines.tiles import ida_star_tiles, manhattan
from tests.sliding.test_tiles import (
    EIGHT,
    EIGHT_CELLS,
    EIGHT_DISTANCES,
    GOAL,
    HARDEST,
    assert_legal_solution,
    bfs_distances,
    grid_adjacency,
    random_walk,
    rectangle,
    run,
)


def database_for(adjacency, blank_goal):
    database, events = run(pattern_db.build(adjacency, pattern_db.default_patterns(adjacency, blank_goal), blank_goal))
    return database, events


def bound(database, position, goal, mirror=None):
    """The database's bound read straight from its tables (tile = its goal cell), optionally through a cell map.

    The tables hold the excess over Manhattan, so the bound is Manhattan plus their sum.
    """
    m = mirror or list(range(len(position)))
    home = {label: cell for cell, label in enumerate(goal)}
    at = {m[home[label]]: m[cell] for cell, label in enumerate(position) if label != 0}
    excess = sum(table[sum(at[goal_cell] << (database.bits * slot) for slot, goal_cell in enumerate(cells))]
                 for cells, table in zip(database.patterns, database.tables, strict=True))
    return manhattan(position, goal, EIGHT_DISTANCES if len(position) == 9 else distance_table(database.adjacency)) \
        + excess


@pytest.fixture(scope="module")
def eight_database():
    return database_for(EIGHT, 8)[0]


def test_board_symmetries_that_keep_the_blank_goal_give_a_second_reading():
    identity, transpose = tuple(range(9)), (0, 3, 6, 1, 4, 7, 2, 5, 8)
    square = database_for(EIGHT, 8)[0]
    assert square.symmetries_for(8) == [identity, transpose]
    assert database_for(EIGHT, 2)[0].symmetries_for(2) == [identity, (8, 5, 2, 7, 4, 1, 6, 3, 0)]  # anti-diagonal
    assert database_for(grid_adjacency(rectangle(2, 5)), 9)[0].symmetries_for(9) == [tuple(range(10))]
    # another corner is read through a rotation or reflection; an edge cell cannot be
    assert all(m[0] == 8 for m in square.symmetries_for(0)) and len(square.symmetries_for(0)) == 2
    assert square.symmetries_for(1) == []


@pytest.mark.slow
def test_a_goal_with_the_blank_in_another_corner_reads_the_tables_through_a_symmetry_admissibly(eight_database):
    goal = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    distances = bfs_distances(EIGHT, goal)
    maps = eight_database.symmetries_for(0)
    for position in random.Random(4).sample(sorted(distances), 3000):
        assert all(bound(eight_database, position, goal, m) <= distances[position] for m in maps), position
    start = random_walk(EIGHT, goal, 80, random.Random(2))
    outcome, _ = run(ida_star_tiles(start, goal, EIGHT, EIGHT_DISTANCES, pattern_db=eight_database))
    assert len(outcome.path) - 1 == distances[start]
    assert outcome.bound == f"pdb {eight_database.name} + mirror"
    assert_legal_solution(EIGHT_CELLS, outcome.path, start, goal)


def test_default_patterns_split_the_fifteen_puzzle_into_three_blocks_of_five():
    adjacency = grid_adjacency(rectangle(4, 4))
    assert pattern_db.default_patterns(adjacency, 15) == [[0, 1, 2, 4, 5], [3, 6, 7, 10, 11], [8, 9, 12, 13, 14]]


def test_patterns_cover_every_tile_once(eight_database):
    cells = sorted(cell for pattern in eight_database.patterns for cell in pattern)
    assert cells == list(range(8))


@pytest.mark.slow
def test_bound_direct_and_mirrored_is_admissible_and_never_below_manhattan_on_every_eight_puzzle_state(eight_database):
    distances = bfs_distances(EIGHT, GOAL)
    above_manhattan = 0
    mirror = eight_database.symmetries_for(8)[1]
    assert mirror == (0, 3, 6, 1, 4, 7, 2, 5, 8)
    for position, distance in distances.items():
        value = bound(eight_database, position, GOAL)
        mirrored = bound(eight_database, position, GOAL, mirror)
        floor = manhattan(position, GOAL, EIGHT_DISTANCES)
        assert floor <= value <= distance and floor <= mirrored <= distance, position
        above_manhattan += value > floor
    assert above_manhattan > len(distances) // 4


def test_ida_with_the_database_lists_the_40_shortest_solutions_of_the_hardest_start(eight_database):
    outcome, _ = run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True,
                                    pattern_db=eight_database))
    assert (len(outcome.path) - 1, outcome.count) == (31, 40)
    assert len({tuple(path) for path in outcome.paths}) == 40
    for path in outcome.paths:
        assert_legal_solution(EIGHT_CELLS, path, HARDEST, GOAL)


def test_building_reports_progress_and_is_kept_for_the_process():
    adjacency = grid_adjacency(rectangle(2, 5))   # a board no other test builds for
    first, events = database_for(adjacency, 0)
    assert events and all(event["phase"] == "pattern database" for event in events)
    again, events = database_for(adjacency, 0)
    assert again is first and not events


@pytest.mark.slow
@settings(max_examples=25)
@given(steps=st.integers(0, 40), seed=st.integers(0, 2**32))
def test_database_and_linear_conflict_find_the_same_optimum_on_3x4(steps, seed):
    cells = rectangle(3, 4)
    adjacency = grid_adjacency(cells)
    goal = (*range(1, 12), 0)
    start = random_walk(adjacency, goal, steps, random.Random(seed))
    by_database, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), pattern_db=True))
    by_conflict, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), rows_cols=(3, 4)))
    assert len(by_database.path) == len(by_conflict.path) <= steps + 1
    assert_legal_solution(cells, by_database.path, start, goal)


def test_auto_switches_to_the_database_when_the_first_search_runs_long(monkeypatch):
    from pzl.sliding.engines import tiles

    monkeypatch.setattr(tiles, "AUTO_DATABASE_NODES_PER_PLACEMENT", 0)
    monkeypatch.setattr(tiles, "AUTO_DATABASE_MIN_NODES", 3000)
    cells = rectangle(3, 4)
    adjacency = grid_adjacency(cells)
    distances = distance_table(adjacency)
    goal = (*range(1, 12), 0)
    rng = random.Random(5)
    switches = 0
    for _ in range(3):
        start = random_walk(adjacency, goal, 120, rng)
        switched, events = run(ida_star_tiles(start, goal, adjacency, distances, rows_cols=(3, 4), all_solutions=True))
        plain, _ = run(ida_star_tiles(start, goal, adjacency, distances, rows_cols=(3, 4), all_solutions=True,
                                      pattern_db=None))
        assert len(switched.path) == len(plain.path)
        assert switched.count == plain.count
        assert {tuple(p) for p in switched.paths} == {tuple(p) for p in plain.paths}
        assert_legal_solution(cells, switched.path, start, goal)
        # progress counts on across the switch (and the database's build, if it was not built yet)
        nodes, seconds = [event["nodes"] for event in events], [event["seconds"] for event in events]
        assert nodes == sorted(nodes) and seconds == sorted(seconds) and switched.nodes >= max(nodes, default=0)
        switches += switched.bound.startswith("pdb")
        assert sum(count for _, count in switched.iterations) == switched.nodes
    assert switches
