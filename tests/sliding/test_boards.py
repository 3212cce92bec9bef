"""Board geometry: adjacency derived from cells matches every list printed in the articles."""

from __future__ import annotations

import pytest

from pzl.errors import PositionError
from pzl.sliding.board import Board, from_rows, is_connected, parse_board_size, rectangle
from pzl.sliding.catalog import CATALOG, board_of, entry

# seed 001 (8-puzzle; the symbol puzzle of seed 004 uses the same list)
EIGHT = ((1, 3), (0, 2, 4), (1, 5), (0, 4, 6), (1, 3, 5, 7), (2, 4, 8), (3, 7), (4, 6, 8), (5, 7))
# seed 003: the 2x5 board and the variant (rows of 3, 4, 3, the last shifted right)
NINE = ((1, 5), (0, 2, 6), (1, 3, 7), (2, 4, 8), (3, 9), (0, 6), (1, 5, 7), (2, 6, 8), (3, 7, 9), (4, 8))
VARIANT = ((1, 3), (0, 2, 4), (1, 5), (0, 4), (1, 3, 5, 7), (2, 4, 6, 8), (5, 9), (4, 8), (5, 7, 9), (6, 8))
# seed 004: NO-OFF, 2x4
NO_OFF = ((1, 4), (0, 2, 5), (1, 3, 6), (2, 7), (0, 5), (1, 4, 6), (2, 5, 7), (3, 6))


@pytest.mark.parametrize(("puzzle_id", "article"), [("8-puzzle", EIGHT), ("symbols", EIGHT), ("9-puzzle", NINE),
                                                    ("9-puzzle-variant", VARIANT), ("no-off", NO_OFF)])
def test_adjacency_from_geometry_matches_the_articles_lists(puzzle_id, article):
    assert board_of(entry(puzzle_id)).adjacency == article


def test_variant_board_has_rows_of_three_four_three_with_the_last_shifted_right():
    board = board_of(entry("9-puzzle-variant"))
    assert board.cells == ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3))


def test_catalog_entries_list_cells_in_cell_number_order_and_all_fields():
    for item in CATALOG:
        assert {"id", "family", "group", "name", "description", "rows", "cols", "cells", "start", "goal"} <= set(item)
        assert item["cells"] == sorted(item["cells"])
        assert item["group"] in ("sliding tiles", "sliding blocks")


def test_hakoiri_musume_is_a_four_by_five_box():
    board = board_of(entry("hakoiri-musume"))
    assert (board.rows, board.cols, board.size) == (5, 4, 20)


def test_board_size_text_gives_a_rectangle():
    assert parse_board_size("3x4") == rectangle(3, 4)
    assert parse_board_size("2×5").size == 10


@pytest.mark.parametrize("text", ["3", "1x4", "11x2", "2x11", "axb"])
def test_bad_board_sizes_are_refused_with_a_reason(text):
    with pytest.raises(PositionError, match="board"):
        parse_board_size(text)


def test_parity_decides_on_two_connected_boards_that_are_not_a_ring():
    assert rectangle(3, 3).parity_decides
    assert board_of(entry("9-puzzle-variant")).parity_decides
    assert not rectangle(2, 2).parity_decides             # a ring of four cells
    assert not from_rows("###", "#..", "#..").parity_decides  # an L: cells with one neighbour
    assert not Board(((0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 1), (0, 2))).parity_decides


def test_parity_decides_on_whole_rectangles_as_the_general_test_does():
    for rows in range(1, 7):
        for cols in range(1, 7):
            whole = rectangle(rows, cols)
            general = (whole.size >= 3 and is_connected(whole)
                       and not all(len(n) == 2 for n in whole.adjacency)
                       and all(is_connected(whole, without=cell) for cell in range(whole.size)))
            assert whole.parity_decides == general, (rows, cols)
