"""Tasks are read from requests as text or JSON; bad input is a PositionError that names the problem."""

from __future__ import annotations

import pytest

from pzl.errors import CatalogError, PositionError
from pzl.peg.catalog import board_by_id, board_of
from pzl.peg.task import default_task, task_of


@pytest.fixture
def hoppers():
    return board_by_id("hoppers")


def test_default_hoppers_task_is_centre_to_centre(hoppers):
    task = task_of(hoppers, {})
    assert task.empty == [6] and task.finish == 1 << 6 and task.first is None


@pytest.mark.parametrize("empty", ["3,7", "3 7", [3, 7], ["7", "3"]])
def test_empty_holes_are_read_from_text_or_lists(hoppers, empty):
    assert task_of(hoppers, {"empty": empty, "finish": "any"}).empty == [3, 7]


@pytest.mark.parametrize("empty", ["7,3,3", [6, 6], "6 " * 300])
def test_a_hole_named_twice_is_refused_not_merged(hoppers, empty):
    with pytest.raises(PositionError, match="named twice"):
        task_of(hoppers, {"empty": empty})


def test_single_empty_hole_may_be_an_int(hoppers):
    assert task_of(hoppers, {"empty": 0}).empty == [0]


@pytest.mark.parametrize(("finish", "label"), [("any", "any"), ("ANY", "any"), (6, 6), ("6", 6),
                                               ("pattern:0,5", [0, 5]), ([5, 0], [0, 5]), ("0,5", [0, 5])])
def test_finish_is_a_hole_any_or_a_pattern(hoppers, finish, label):
    assert task_of(hoppers, {"finish": finish}).finish_label == label


def test_first_jump_is_resolved_to_its_jumped_hole(hoppers):
    assert task_of(hoppers, {"first": "0-6"}).first == (0, 3, 6)
    assert task_of(hoppers, {"first": [0, 6]}).first == (0, 3, 6)


def test_unknown_hole_is_named(hoppers):
    with pytest.raises(PositionError, match="hole 13 is not on the board"):
        task_of(hoppers, {"empty": "13"})


def test_a_hole_that_is_not_a_number_is_named(hoppers):
    with pytest.raises(PositionError, match="'x' is not a hole number"):
        task_of(hoppers, {"empty": "3,x"})


def test_first_jump_that_is_not_a_board_jump_is_refused_with_the_possible_targets(hoppers):
    with pytest.raises(PositionError, match=r"0-7 is not a jump on this board \(from 0 a peg can jump to 2, 6, 10\)"):
        task_of(hoppers, {"first": "0-7"})


def test_first_jump_into_a_full_hole_is_refused(hoppers):
    with pytest.raises(PositionError, match="lands in hole 2, which has a peg"):
        task_of(hoppers, {"first": "0-2"})


def test_first_jump_from_an_empty_hole_is_refused(hoppers):
    with pytest.raises(PositionError, match="no peg in hole 6"):
        task_of(hoppers, {"first": "6-0"})


def test_malformed_first_jump_is_refused(hoppers):
    with pytest.raises(PositionError, match="FROM-TO"):
        task_of(hoppers, {"first": "0"})


def test_finish_in_a_hole_no_jump_lands_in_is_refused():
    board = board_of({"mask": ".o./ooo/.o.", "lattice": "square"})
    centre = board.hole_at((1, 1))
    with pytest.raises(PositionError, match=f"hole {centre} can never hold the last peg"):
        task_of(board, {"empty": "1", "finish": str(centre)})


def test_custom_board_defaults_to_its_centre_when_it_has_one():
    board = board_of({"mask": "..ooo../..ooo../ooooooo/ooooooo/ooooooo/..ooo../..ooo.."})
    assert default_task(board) == ([16], 16)


def test_custom_board_whose_central_game_fails_the_class_test_finishes_anywhere():
    board = board_of({"mask": "..ooo../.ooooo./ooooooo/ooooooo/ooooooo/.ooooo./..ooo.."})
    assert default_task(board) == ([18], "any")


def test_custom_board_without_a_centre_starts_with_hole_0_empty():
    assert default_task(board_of({"mask": "oooo/oooo"})) == ([0], "any")


def test_unknown_board_lists_the_known_ones():
    with pytest.raises(CatalogError, match="hoppers"):
        board_of({"puzzle": "hopscotch"})


def test_position_digits_of_the_wrong_length_are_refused(hoppers):
    from pzl.peg.task import parse_position

    with pytest.raises(PositionError, match=r"one 0 or 1 per hole \(13 for this board\), not 5"):
        parse_position(hoppers, "11011")


def test_position_digits_give_the_pegs(hoppers):
    from pzl.peg.task import parse_position

    assert parse_position(hoppers, "1000000000001") == 1 | 1 << 12
    assert parse_position(hoppers, "0,12") == 1 | 1 << 12
