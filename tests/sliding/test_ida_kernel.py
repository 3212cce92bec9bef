"""The one IDA* kernel: bounds by name, passes recorded, solution caps, progress that never goes back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.errors import PositionError
from pzl.search.problem import run_to_end as run
from pzl.sliding.board import distance_table
from pzl.sliding.engines import ida_kernel, pattern_db, tile_bounds
from pzl.sliding.engines.tiles import ida_star_tiles, iddfs_tiles
from tests.sliding.test_tiles import (
    EIGHT,
    EIGHT_CELLS,
    EIGHT_DISTANCES,
    GOAL,
    HARDEST,
    VARIANT_CELLS,
    assert_legal_solution,
    grid_adjacency,
    random_walk,
    rectangle,
)


@pytest.fixture(scope="module")
def eight_database():
    database, _ = run(pattern_db.build(EIGHT, pattern_db.default_patterns(EIGHT, 8), 8))
    return database


@pytest.mark.parametrize("bound, name", [("manhattan", "manhattan"), ("linear-conflict", "linear-conflict"),
                                         ("pdb", None)])
def test_every_bound_by_name_finds_the_40_shortest_solutions_of_the_hardest_start(bound, name):
    outcome, _ = run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True, bound=bound,
                                    rows_cols=(3, 3)))
    assert (len(outcome.path) - 1, outcome.count, len(outcome.paths)) == (31, 40, 40)
    assert outcome.bound == name or (name is None and outcome.bound.startswith("pdb") and "mirror" in outcome.bound)
    for path in outcome.paths:
        assert_legal_solution(EIGHT_CELLS, path, HARDEST, GOAL)


def test_an_unknown_bound_is_refused_with_the_names_that_exist():
    with pytest.raises(PositionError, match="manhattan, linear-conflict, pdb"):
        run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, bound="walking"))
    with pytest.raises(PositionError, match="rectangular"):
        run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, bound="linear-conflict"))


def test_passes_are_recorded_and_add_up_to_the_nodes():
    outcome, _ = run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, bound="manhattan"))
    thresholds = [threshold for threshold, _ in outcome.iterations]
    assert thresholds == list(range(21, 32, 2))   # Manhattan 21, every other length skipped by parity
    assert sum(nodes for _, nodes in outcome.iterations) == outcome.nodes
    plain, _ = run(iddfs_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, max_depth=15))
    assert plain.bound == "none" and [t for t, _ in plain.iterations] == list(range(1, 16, 2))


@pytest.mark.parametrize("search", [ida_star_tiles, iddfs_tiles], ids=["ida", "iddfs"])
def test_max_solutions_zero_counts_them_all_lists_none_and_still_stops_at_the_optimum(search):
    start = random_walk(EIGHT, GOAL, 30, random.Random(3))
    every, _ = run(search(start, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True))
    counted, _ = run(search(start, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True, max_solutions=0))
    assert counted.count == every.count and counted.paths == []
    assert len(counted.path) == len(every.path) and counted.iterations == every.iterations
    two, _ = run(search(start, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True, max_solutions=2))
    assert len(two.paths) == min(2, every.count) and two.count == every.count
    one, _ = run(search(start, GOAL, EIGHT, EIGHT_DISTANCES, max_solutions=0))
    assert len(one.path) == len(every.path) and one.count is None


def test_a_search_continues_a_requests_count_and_clock():
    import time

    clock = time.perf_counter() - 5.0
    outcome, events = run(ida_star_tiles(HARDEST, GOAL, EIGHT, EIGHT_DISTANCES, bound="manhattan", all_solutions=True,
                                         nodes=1000, clock=clock))
    assert outcome.nodes > 1000 and outcome.seconds >= 5.0
    assert events and all(event["nodes"] > 1000 and event["seconds"] >= 5.0 for event in events)


def test_a_given_database_for_another_board_is_refused(eight_database):
    adjacency = grid_adjacency(rectangle(2, 5))
    with pytest.raises(PositionError, match="another board"):
        run(ida_star_tiles((*range(1, 10), 0), (*range(1, 10), 0), adjacency, distance_table(adjacency),
                           pattern_db=eight_database))


def test_each_kind_of_bound_is_compiled_once_and_its_source_reads_as_one_loop():
    first = ida_kernel.search_function(tile_bounds.TABLE_MAX)
    assert ida_kernel.search_function(tile_bounds.TABLE_MAX) is first
    source = ida_kernel.kernel_source(tile_bounds.TABLE_MAX)
    assert source.count("while stack:") == 1 and "p_a, p_b" in source
    compile(ida_kernel.kernel_source(tile_bounds.MANHATTAN), "<test>", "exec")


@settings(max_examples=25, deadline=None)
@given(steps=st.integers(0, 40), seed=st.integers(0, 2**32))
def test_all_bounds_and_plain_deepening_agree_on_length_and_count(steps, seed):
    rng = random.Random(seed)
    start = random_walk(EIGHT, GOAL, steps, rng)
    counts = set()
    for bound in ("manhattan", "linear-conflict", "pdb"):
        outcome, _ = run(ida_star_tiles(start, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True, bound=bound,
                                        rows_cols=(3, 3)))
        counts.add((len(outcome.path), outcome.count))
    if steps <= 16:
        plain, _ = run(iddfs_tiles(start, GOAL, EIGHT, EIGHT_DISTANCES, all_solutions=True))
        counts.add((len(plain.path), plain.count))
    assert len(counts) == 1


def test_a_board_that_is_not_a_rectangle_uses_graph_distances():
    adjacency = grid_adjacency(VARIANT_CELLS)
    goal = (*range(1, 10), 0)
    start = random_walk(adjacency, goal, 50, random.Random(2))
    by_manhattan, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), bound="manhattan"))
    by_database, _ = run(ida_star_tiles(start, goal, adjacency, distance_table(adjacency), bound="pdb"))
    assert len(by_manhattan.path) == len(by_database.path)
    assert by_database.bound.startswith("pdb") and "mirror" not in by_database.bound
    assert_legal_solution(VARIANT_CELLS, by_database.path, start, goal)
