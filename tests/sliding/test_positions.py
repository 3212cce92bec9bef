"""The position text format and the errors that name what is wrong with a position."""

from __future__ import annotations

import pytest

from pzl import api
from pzl.errors import PositionError
from pzl.sliding.board import rectangle
from pzl.sliding.position import Piece, PieceSet, read_positions
from pzl.sliding.task import from_request


def puzzle(**fields):
    return from_request({"puzzle": "8-puzzle", **fields})


def test_positions_may_be_separated_by_spaces_commas_or_slashes():
    a = puzzle(start="8 6 7 2 5 4 3 0 1")
    b = puzzle(start="8,6,7/2,5,4/3,_,1")
    assert a.start == b.start and a.text(a.start) == "8 6 7 2 5 4 3 0 1"


def test_positions_may_be_given_as_lists():
    assert puzzle(start=[8, 6, 7, 2, 5, 4, 3, 0, 1]).start == puzzle(start="8 6 7 2 5 4 3 0 1").start


def test_a_position_of_the_wrong_length_says_how_many_cells():
    with pytest.raises(PositionError, match="8 cells but the board has 9"):
        puzzle(start="1 2 3 4 5 6 7 8")


def test_an_unknown_label_is_named():
    with pytest.raises(PositionError, match="unknown piece '9'"):
        puzzle(start="1 2 3 4 5 6 7 9 0")


def test_a_start_with_other_pieces_than_the_goal_names_the_difference():
    with pytest.raises(PositionError, match=r"different pieces.*extra: 1.*lacks: 8"):
        puzzle(start="1 2 3 4 5 6 7 1 0")


def test_a_start_without_an_empty_cell_is_refused():
    with pytest.raises(PositionError):
        from_request({"board": "2x2", "start": "1 2 3 3", "goal": "1 2 3 3"})


def test_a_broken_multi_cell_piece_is_named_with_its_shape():
    with pytest.raises(PositionError, match="broken bulb \\(1x2\\)"):
        from_request({"puzzle": "no-off", "start": "L O L N O F F 0"})


def test_a_block_in_the_wrong_shape_is_refused():
    with pytest.raises(PositionError, match="daughter"):
        from_request({"puzzle": "hakoiri-musume", "start": "V M M V V M 0 V V H H V V S S V S M 0 S"})


def test_a_partial_goal_must_name_pieces_the_start_has():
    with pytest.raises(PositionError, match="the goal places pieces the start does not have"):
        from_request({"puzzle": "no-off", "goal": "L L * * * * N N", "start": "L L O N O F F 0"})


def test_only_the_goal_may_leave_cells_free():
    with pytest.raises(PositionError, match="every cell must be given"):
        puzzle(start="8 6 7 2 5 4 3 * 1")


def test_symbol_pieces_may_be_typed_as_the_articles_numbers_and_print_as_glyphs():
    symbols = from_request({"puzzle": "symbols", "start": "6 4 5 2 0 2 3 4 1"})
    assert symbols.text(symbols.start) == "┘ │ └ ─ 0 ─ ┐ │ ┌"


def test_custom_boards_take_any_labels_and_default_to_the_numbered_goal():
    custom = from_request({"board": "3x4", "start": "1 2 3 4 5 6 7 8 9 10 0 11"})
    assert custom.text(custom.goal) == "1 2 3 4 5 6 7 8 9 10 11 0"


def test_errors_reach_the_api_as_error_events_with_the_message():
    final = api.answer({"command": "solve", "puzzle": "8-puzzle", "start": "1 2 3"})
    assert final["event"] == "error" and final["error"] == "PositionError" and "3 cells" in final["message"]


def test_a_piece_may_be_typed_as_its_glyph():
    no_off = from_request({"puzzle": "no-off", "start": "💡 💡 O N O F F 0"})
    assert no_off.text(no_off.start) == "L L O N O F F 0"


def test_read_positions_codes_numbers_first_then_the_other_labels_and_keeps_the_pieces_the_start_uses():
    pieces = PieceSet([Piece("B", ((0, 0), (0, 1))), Piece("x"), Piece("2"), Piece("10")])
    read = read_positions(rectangle(2, 3), pieces, "B B 10 2 0 0", "* * * B B *")
    assert read.labels == ("0", "2", "10", "B", "x")
    assert (read.start, read.goal) == ((3, 3, 2, 1, 0, 0), (-1, -1, -1, 3, 3, -1))
    assert list(read.pieces) == ["2", "10", "B"]
