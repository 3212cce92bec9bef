"""The atlas: every pair class settled, agreeing pair by pair with the minimal search, symmetric copies right."""

from __future__ import annotations

import pytest

from pzl.peg.atlas import atlas, pair_classes
from pzl.peg.catalog import board_by_id
from pzl.peg.engines.search_tables import valid_symmetries
from pzl.peg.engines.solve import solve_minimal
from pzl.peg.mask import board_from_mask
from pzl.search.problem import run_to_end


@pytest.mark.parametrize("make", [lambda: board_by_id("hoppers"), lambda: board_by_id("triangle-10"),
                                  lambda: board_from_mask("ooo./oooo/.ooo", "square-diagonal")],
                         ids=["hoppers", "triangle-10", "asymmetric diagonal"])
def test_every_pair_agrees_with_its_own_minimal_search(make):
    board = make()
    outcome, _ = run_to_end(atlas(board))
    assert outcome.complete
    for pair in outcome.pairs:
        start = board.full ^ (1 << pair.start)
        alone, _ = run_to_end(solve_minimal(board, start, 1 << pair.finish, all_solutions=True, max_solutions=0))
        assert pair.solvable == alone.solvable, (pair.start, pair.finish)
        if pair.solvable:
            assert (pair.moves, pair.minimal_solutions) == (alone.moves, alone.count), (pair.start, pair.finish)
        else:
            assert pair.reason


def test_pair_classes_partition_every_ordered_pair_by_symmetry():
    for board in (board_by_id("hoppers"), board_by_id("triangle-15"), board_from_mask("ooo./oooo/.ooo")):
        perms = valid_symmetries(board.size, board.jumps, board.symmetries)
        classes = pair_classes(board)
        covered = [(pair.start, pair.finish) for pair in classes] + [copy for pair in classes for copy in pair.copies]
        assert sorted(covered) == [(a, b) for a in range(board.size) for b in range(board.size)]
        for pair in classes:
            orbit = {(perm[pair.start], perm[pair.finish]) for perm in perms}
            assert orbit == {(pair.start, pair.finish), *pair.copies}
            assert (pair.start, pair.finish) == min(orbit)


def test_hoppers_centre_to_centre_is_the_articles_7_moves_and_72_solutions():
    outcome, _ = run_to_end(atlas(board_by_id("hoppers")))
    centre = next(pair for pair in outcome.pairs if (pair.start, pair.finish) == (6, 6))
    assert (centre.solvable, centre.moves, centre.minimal_solutions) == (True, 7, 72)
    assert centre.copies == []


def test_impossible_pairs_say_why_at_once():
    outcome, _ = run_to_end(atlas(board_by_id("triangle-15")))
    impossible = [pair for pair in outcome.pairs if pair.solvable is False]
    assert impossible and all(pair.reason for pair in impossible)
    assert any(pair.method == "classes" and "position classes" in pair.reason for pair in impossible)


def test_a_state_budget_falls_back_to_single_searches_and_leaves_the_rest_unsettled():
    board = board_by_id("triangle-15")
    outcome, _ = run_to_end(atlas(board, max_states=50))
    assert not outcome.complete and outcome.stopped == "max_states"
    unsettled = [pair for pair in outcome.pairs if pair.solvable is None]
    assert unsettled and all(pair.reason.startswith("not settled") for pair in unsettled)
    assert all(pair.moves is None and pair.minimal_solutions is None for pair in unsettled)
