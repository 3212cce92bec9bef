"""Position classes prove tasks impossible at once, with a reason a person can check."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pzl.peg.catalog import SPECS, board_by_id
from pzl.peg.classes import PositionClasses
from pzl.peg.mask import board_from_mask
from pzl.peg.notation import hole_named
from pzl.peg.verdict import possible_finish_holes, why_impossible
from tools.peg_replay import random_jump


def single(board, hole):
    return board.full & ~(1 << hole)


def test_french_central_game_is_impossible_by_position_classes():
    board = board_by_id("french-37")
    started = time.perf_counter()
    reason = why_impossible(board, single(board, 18), 1 << 18)
    assert time.perf_counter() - started < 0.5
    assert reason is not None and "position classes" in reason and "parity never changes" in reason


def test_french_central_reason_counts_are_what_the_marked_holes_give():
    board = board_by_id("french-37")
    reason = why_impossible(board, single(board, 18), 1 << 18)
    marked = [hole_named(board, name) for name in reason.split("[")[1].split("]")[0].split(", ")]  # c1, d1, …
    start_count = sum(1 for hole in marked if hole != 18)
    assert f"The start has {start_count} pegs on marked holes" in reason
    assert f"the finish would have {int(18 in marked)}" in reason


def test_english_central_game_is_in_one_class():
    board = board_by_id("english-33")
    assert why_impossible(board, single(board, 16), 1 << 16) is None


def test_square_lattice_boards_have_sixteen_classes_and_triangles_four():
    assert PositionClasses(board_by_id("english-33")).count == 16
    assert PositionClasses(board_by_id("triangle-15")).count == 4


def test_diagonal_jumps_break_the_rule_of_three_on_hoppers():
    assert PositionClasses(board_by_id("hoppers")).count == 1


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_every_default_task_passes_the_class_test(spec):
    board = board_by_id(spec.id)
    start = board.full & ~sum(1 << hole for hole in spec.empty)
    finish = None if spec.finish == "any" else 1 << spec.finish
    assert why_impossible(board, start, finish) is None


def test_corner_start_of_triangle_10_cannot_end_with_one_peg():
    board = board_by_id("triangle-10")
    assert "position classes" in why_impossible(board, single(board, 0), None)
    assert possible_finish_holes(board, single(board, 0)) == []


def test_more_pegs_at_the_finish_than_at_the_start_is_impossible():
    board = board_by_id("hoppers")
    assert "pegs never increase" in why_impossible(board, 0b111, 0b1111)


def test_same_peg_count_but_another_pattern_is_impossible():
    board = board_by_id("hoppers")
    assert "different pattern" in why_impossible(board, 0b111, 0b1011)


def test_a_start_without_any_jump_is_impossible():
    board = board_by_id("hoppers")
    assert "no jump is possible" in why_impossible(board, (1 << 0) | (1 << 12), None)


def play_random(board, position, rng, jumps):
    for _ in range(jumps):
        jump = random_jump(board.jumps, position, rng)
        if jump is None:
            break
        a, b, c = jump
        position ^= (1 << a) | (1 << b) | (1 << c)
    return position


@given(board_id=st.sampled_from([spec.id for spec in SPECS]), seed=st.integers(0, 10**6),
       jumps=st.integers(0, 30))
def test_jumps_never_leave_the_position_class(board_id, seed, jumps):
    board = board_by_id(board_id)
    rng = random.Random(seed)
    start = single(board, rng.randrange(board.size))
    assert PositionClasses(board).same_class(start, play_random(board, start, rng, jumps))


@given(seed=st.integers(0, 10**6))
def test_a_witness_meets_every_jump_line_evenly_and_separates_the_positions(seed):
    rng = random.Random(seed)
    board = board_by_id(rng.choice(["english-33", "french-37", "diamond-41", "triangle-15", "triangle-28"]))
    classes = PositionClasses(board)
    first, second = rng.getrandbits(board.size), rng.getrandbits(board.size)
    witness = classes.witness(first, second)
    if classes.same_class(first, second):
        assert witness is None
    else:
        assert all(bin(witness.holes & ((1 << a) | (1 << b) | (1 << c))).count("1") % 2 == 0
                   for a, b, c in board.jumps)
        assert (bin(witness.holes & first).count("1") - bin(witness.holes & second).count("1")) % 2 == 1


def test_square_diagonal_board_without_rule_of_three_marks_still_gets_a_witness():
    board = board_from_mask("ooo/ooo/ooo", "square-diagonal")
    classes = PositionClasses(board)
    assert classes.count == 4
    start = board.full & ~1
    apart = [hole for hole in range(board.size) if not classes.same_class(start, 1 << hole)]
    assert apart
    reason = why_impossible(board, start, 1 << apart[0])
    assert reason is not None and "mark holes" in reason


def test_english_centre_start_can_only_end_on_the_centre_or_three_holes_away_from_it():
    board = board_by_id("english-33")
    reason = why_impossible(board, single(board, 16), 1 << 0)
    assert reason.endswith("a single last peg can only end in holes d1, a4, d4, g4, d7.")  # 1, 13, 16, 19, 31


def test_french_centre_start_cannot_end_with_one_peg_anywhere():
    board = board_by_id("french-37")
    assert why_impossible(board, single(board, 18), 1 << 18).endswith("no hole at all can hold a single last peg.")
    assert why_impossible(board, single(board, 18), None) is not None
