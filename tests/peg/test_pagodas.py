"""Pagoda functions found by linear programming (pzl.peg.engines.pagodas): exact, sound, used by the minimal search."""

from __future__ import annotations

import random
from functools import cache
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.peg.bounds import PagodaTest, finish_pagodas, is_pagoda, weight
from pzl.peg.catalog import board_by_id
from pzl.peg.engines import pagodas, sides
from pzl.peg.engines.chains import Chains
from pzl.peg.engines.pagodas import find_pagodas, separating_pagoda
from pzl.peg.engines.solve import solve_minimal
from pzl.search.problem import run_to_end
from tests.peg.test_solve import SQUARE_4, brute_force, pegs_of, square_board
from tools.peg_replay import replay

SMALL_BOARDS = ["hoppers", "triangle-15", "english-33"]


def reaches(jumps, position: int, target: int) -> bool:
    """Plain memoised depth-first search: can jumps turn `position` into `target`?"""
    @cache
    def can(current: int) -> bool:
        if current == target:
            return True
        if current.bit_count() <= target.bit_count():
            return False
        return any(current >> a & 1 and current >> b & 1 and not current >> c & 1
                   and can(current ^ (1 << a) ^ (1 << b) ^ (1 << c)) for a, b, c in jumps)
    return can(position)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_a_separating_pagoda_is_exact_and_only_found_for_dead_positions(data):
    board = board_by_id(data.draw(st.sampled_from(SMALL_BOARDS)))
    pegs = data.draw(st.sets(st.integers(0, board.size - 1), min_size=2, max_size=9))
    position = sum(1 << hole for hole in pegs)
    target = 1 << data.draw(st.integers(0, board.size - 1))
    weights = separating_pagoda(board.size, board.jumps, position, target)
    if weights is not None:
        assert all(isinstance(value, int) for value in weights)
        assert is_pagoda(weights, board.jumps)
        assert weight(weights, position) < weight(weights, target)
        assert not reaches(board.jumps, position, target)
    if reaches(board.jumps, position, target):
        assert weights is None


def test_a_lone_corner_peg_far_from_the_target_gets_a_pagoda():
    board = board_by_id("english-33")
    weights = separating_pagoda(board.size, board.jumps, 1 << 0, 1 << 16)
    assert weights is not None and weight(weights, 1 << 0) < weights[16]


def english_samples(count: int, seed: int = 5) -> list[int]:
    """Positions 9 to 14 jumps into the English central game, by random jumps (a search layer's mix)."""
    board = board_by_id("english-33")
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = board.full ^ (1 << 16)
        for _ in range(rng.randint(9, 14)):
            legal = [(a, b, c) for a, b, c in board.jumps
                     if position >> a & 1 and position >> b & 1 and not position >> c & 1]
            if not legal:
                break
            a, b, c = rng.choice(legal)
            position ^= (1 << a) | (1 << b) | (1 << c)
        found.append(position)
    return found


def test_the_english_central_game_gets_pagodas_that_recognise_dead_positions():
    board = board_by_id("english-33")
    known = finish_pagodas(board.size, board.jumps, 1 << 16)
    samples = english_samples(600)
    found, ticks = run_to_end(find_pagodas(board.size, board.jumps, board.symmetries, 1 << 16, samples, known))
    assert 1 <= len(found) <= pagodas.MAX_KEPT
    assert len(ticks) <= pagodas.MAX_PROGRAMS * (1 + len(board.symmetries))   # a program, then its candidates
    passing = [x for x in samples if all(test.alive(x) for test in known)]
    for test in found:
        assert is_pagoda(test.weights, board.jumps) and test.least == test.weights[16]
        assert any(not test.alive(x) for x in passing)
    killed = [x for x in passing if not all(test.alive(x) for test in found)]
    assert len(killed) > len(passing) // 5  # a real share of what the Fibonacci weights let through
    start = board.full ^ (1 << 16)
    assert all(test.alive(start) and test.alive(1 << 16) for test in found)
    # the search's result is a function of its arguments alone (the same positions, the same tests)
    again, _ = run_to_end(find_pagodas(board.size, board.jumps, board.symmetries, 1 << 16, samples, known))
    assert again == found


def test_the_positions_of_a_solution_are_never_recognised_as_dead():
    board = board_by_id("triangle-21")
    start, finish = board.full ^ (1 << 6), 1 << 6
    outcome, _ = run_to_end(solve_minimal(board, start, finish))
    positions, pegs = [], pegs_of(start)
    for move in outcome.path:
        pegs = replay(board.jumps, pegs, [move])
        positions.append(sum(1 << hole for hole in pegs))
    samples = english_like_layer(board, start)
    found, _ = run_to_end(find_pagodas(board.size, board.jumps, board.symmetries, finish, samples,
                                       finish_pagodas(board.size, board.jumps, finish)))
    assert all(test.alive(position) for test in found for position in positions)


def english_like_layer(board, start: int) -> list[int]:
    """Every position 4 jumps after `start` (a small board's stand-in for a search layer)."""
    layer = {start}
    for _ in range(4):
        layer = {x ^ (1 << a) ^ (1 << b) ^ (1 << c) for x in layer for a, b, c in board.jumps
                 if x >> a & 1 and x >> b & 1 and not x >> c & 1}
    return sorted(layer)


def pagodas_from_the_first_layers():
    """The minimal search seeks pagodas as soon as a layer has two positions (small boards never reach
    the real threshold), so the brute-force comparisons below run with the found tests in force."""
    return mock.patch.multiple(sides, PAGODA_SAMPLE_LAYER=2, PAGODA_PAYS=0), mock.patch.multiple(pagodas, MIN_SAMPLES=1)


@settings(max_examples=60, deadline=None)
@given(cells=st.sets(st.sampled_from(SQUARE_4), min_size=8), diagonal=st.booleans(), data=st.data())
def test_minimal_moves_and_counts_agree_with_brute_force_with_found_pagodas(cells, diagonal, data):
    board = square_board(sorted(cells), diagonal)
    pegs = data.draw(st.sets(st.integers(0, board.size - 1), min_size=3, max_size=min(board.size - 1, 11)))
    start = sum(1 << hole for hole in pegs)
    finish = data.draw(st.none() | st.integers(0, board.size - 1).map(lambda hole: 1 << hole))
    expected_moves, expected_count = brute_force(board.size, list(board.jumps), start, finish)
    first, second = pagodas_from_the_first_layers()
    with first, second:
        outcome, _ = run_to_end(solve_minimal(board, start, finish, all_solutions=True))
    if expected_count == 0:
        assert outcome.solvable is False and outcome.minimal
    else:
        assert (outcome.solvable, outcome.moves, outcome.count) == (True, expected_moves, expected_count)


def test_found_pagodas_are_put_to_use_and_keep_the_answer():
    helped_tasks = 0
    for board_id, hole in [("triangle-15", 4), ("triangle-15", 0), ("triangle-21", 6), ("hoppers", 6)]:
        board = board_by_id(board_id)
        start, finish = board.full ^ (1 << hole), 1 << hole
        plain, _ = run_to_end(solve_minimal(board, start, finish, all_solutions=True))
        used: list[tuple[PagodaTest, ...]] = []
        original = Chains.use

        def spy(chains, tests, used=used, original=original):
            used.append(tuple(tests))
            return original(chains, tests)

        first, second = pagodas_from_the_first_layers()
        with first, second, mock.patch.object(Chains, "use", spy):
            helped, _ = run_to_end(solve_minimal(board, start, finish, all_solutions=True))
        helped_tasks += any(len(tests) > 1 for tests in used)
        # the same answer (pruning may still store more: the sides then grow in another order)
        assert (helped.moves, helped.count, helped.solvable) == (plain.moves, plain.count, plain.solvable), board_id
    assert helped_tasks >= 2, "pagodas beyond the Fibonacci weights were found for fewer than two tasks"


@pytest.mark.slow
def test_the_english_central_game_is_proved_in_18_moves_storing_under_two_million_positions():
    board = board_by_id("english-33")
    start = board.full ^ (1 << 16)
    outcome, _ = run_to_end(solve_minimal(board, start, 1 << 16))
    assert (outcome.solvable, outcome.minimal, outcome.moves, outcome.jumps) == (True, True, 18, 31)
    assert replay(board.jumps, pegs_of(start), outcome.path) == {16}
    assert outcome.states < 2_000_000  # 3,374,699 with the Fibonacci weights alone
