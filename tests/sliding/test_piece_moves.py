"""The classic move counts of a solution: a piece's whole slide, or each straight slide, as one move."""

from __future__ import annotations

import pytest

from pzl import api
from pzl.sliding.piece_moves import Step, move_counts, steps_of
from pzl.sliding.task import from_request

HAKOIRI_START = "V M M V V M M V V H H V V S S V S 0 0 S"


def codes(puzzle, text: str) -> tuple[int, ...]:
    return tuple(puzzle.labels.index(label) for label in text.split())


def test_steps_of_one_piece_count_once_and_turns_count_as_new_straight_slides():
    puzzle = from_request({"puzzle": "hakoiri-musume"})
    path = [codes(puzzle, text) for text in (
        HAKOIRI_START,
        "V M M V V M M V V H H V V S S V 0 S 0 S",  # the bottom-left S right
        "V M M V V M M V V H H V V S S V 0 0 S S",  # ... and right again: the same straight slide
        "V M M V V M M V V H H V V 0 S V 0 S S S",  # another S (row 4, column 2) down: a new piece
        "V M M V V M M V V H H V V 0 S V S 0 S S",  # ... then left: the same piece, a new straight slide
    )]
    assert move_counts(puzzle.board, puzzle.start_pieces, puzzle.labels, path) == {"step": 4, "straight": 3, "piece": 2}
    none = {"step": 0, "straight": 0, "piece": 0}
    assert move_counts(puzzle.board, puzzle.start_pieces, puzzle.labels, path[:1]) == none


def test_steps_name_the_piece_and_its_cells_before_and_after_and_are_written_as_json_objects():
    puzzle = from_request({"puzzle": "hakoiri-musume"})
    path = [codes(puzzle, text) for text in (
        HAKOIRI_START,
        "V M M V V M M V V H H V V S S V 0 S 0 S",  # the bottom-left S right
        "V M M V V M M V V H H V V S S V 0 S S 0",  # the bottom-right S left
        "V M M V V M M V V H H 0 V S S V 0 S S V",  # the V on the right (rows 3-4) down
    )]
    steps = steps_of(puzzle.start_pieces, puzzle.labels, path)
    assert steps == [Step("S", (16,), (17,)), Step("S", (19,), (18,)), Step("V", (11, 15), (15, 19))]
    assert steps[2].to_json() == {"piece": "V", "from": [11, 15], "to": [15, 19]}
    assert steps_of(puzzle.start_pieces, puzzle.labels, path[:1]) == []


def test_two_equal_pieces_side_by_side_are_told_apart():
    """The S that moves down is not the S beside it, although both read 'S'."""
    puzzle = from_request({"puzzle": "hakoiri-musume"})
    path = [codes(puzzle, text) for text in (
        "V M M V V M M V V H H V V S S V S 0 0 S",
        "V M M V V M M V V H H V V 0 S V S S 0 S",  # the S in row 4, column 2 down
        "V M M V V M M V V H H V V S 0 V S S 0 S",  # the S beside it, left: another piece
    )]
    assert move_counts(puzzle.board, puzzle.start_pieces, puzzle.labels, path) == {"step": 2, "straight": 2, "piece": 2}


def test_every_solve_result_carries_the_classic_counts():
    result = api.answer({"command": "solve", "puzzle": "hakoiri-musume", "metric": "step"})["result"]
    assert result["moves"] == 116
    assert result["straight_moves"] <= result["moves"] and result["piece_moves"] <= result["straight_moves"]
    assert result["piece_moves"] < result["moves"]
    tiles = api.answer({"command": "solve", "puzzle": "8-puzzle"})["result"]
    assert tiles["piece_moves"] == tiles["straight_moves"] == tiles["moves"] == 31  # one blank: never twice the same


def test_a_move_that_is_not_one_piece_sliding_through_empty_cells_is_refused():
    puzzle = from_request({"puzzle": "hakoiri-musume"})
    path = [codes(puzzle, text) for text in (
        HAKOIRI_START,
        "V M M V V M M V V H H V V S S V 0 S S 0",  # both bottom S's moved in one step
    )]
    with pytest.raises(ValueError, match="not one piece sliding"):
        move_counts(puzzle.board, puzzle.start_pieces, puzzle.labels, path)
