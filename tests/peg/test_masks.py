"""A person can draw a new board as a text mask on a lattice; bad masks get a clear error."""

from __future__ import annotations

import pytest

from pzl.errors import CatalogError, PositionError
from pzl.peg.catalog import board_by_id
from pzl.peg.mask import board_from_mask

ENGLISH = "..ooo../..ooo../ooooooo/ooooooo/ooooooo/..ooo../..ooo.."


def test_english_mask_gives_the_catalog_board():
    board = board_from_mask(ENGLISH, "square")
    assert board.jumps == board_by_id("english-33").jumps and board.size == 33


def test_rows_may_be_separated_by_newlines_and_spaces_mean_no_hole():
    assert board_from_mask(ENGLISH.replace("/", "\n").replace(".", " ")).jumps == board_by_id("english-33").jumps


def test_mask_may_be_a_list_of_rows():
    assert board_from_mask(ENGLISH.split("/")).size == 33


def test_blank_rows_at_either_end_are_ignored():
    assert board_from_mask("/ooo/").size == 3


def test_square_diagonal_lattice_adds_diagonal_jumps():
    square = board_from_mask("ooo/ooo/ooo", "square")
    diagonal = board_from_mask("ooo/ooo/ooo", "square-diagonal")
    assert len(square.jumps) == 12 and len(diagonal.jumps) == 16


def test_triangle_picture_and_sheared_masks_are_the_same_board():
    picture = board_from_mask("   o/  o o/ o o o/o o o o", "triangular")
    sheared = board_from_mask("o/oo/ooo/oooo", "triangular")
    assert picture.jumps == sheared.jumps == board_by_id("triangle-10").jumps
    assert picture.points == sheared.points


def test_hexagon_picture_mask_has_six_symmetries_of_rotation_and_six_of_reflection():
    board = board_from_mask("  o o o/ o o o o/o o o o o/ o o o o/  o o o", "triangular")
    assert board.size == 19 and len(board.symmetries) == 12


def test_unknown_character_is_named_with_its_row():
    with pytest.raises(PositionError, match=r"unknown character 'x' in row 2"):
        board_from_mask("ooo/oxo")


def test_empty_mask_is_an_error():
    with pytest.raises(PositionError, match="no holes"):
        board_from_mask("../..")


def test_mask_without_any_possible_jump_is_an_error():
    with pytest.raises(PositionError, match="no jump is possible"):
        board_from_mask("o.o/.o.", "square")


def test_triangular_mask_whose_rows_do_not_line_up_is_an_error():
    with pytest.raises(PositionError, match="do not line up"):
        board_from_mask("o o o/o o o/o o o", "triangular")


def test_unknown_lattice_is_an_error_listing_the_known_ones():
    with pytest.raises(CatalogError, match="square, square-diagonal, triangular"):
        board_from_mask("ooo", "hexagonal")


def test_huge_mask_is_refused():
    with pytest.raises(PositionError, match="at most"):
        board_from_mask("/".join(["o" * 20] * 20))
