"""An impossible peg task names its marked holes, so the page can draw the parity argument on the board."""

from __future__ import annotations

import pytest

from pzl import api
from pzl.peg.catalog import board_by_id


def answer(**request):
    return api.answer({"command": "solve", **request})["result"]


@pytest.mark.parametrize(("puzzle", "empty", "finish"), [("french-37", 18, 18), ("diamond-41", 20, 20),
                                                         ("english-33", 16, 0)])
def test_the_marked_holes_are_a_parity_witness(puzzle: str, empty: int, finish: int):
    result = answer(puzzle=puzzle, empty=[empty], finish=finish)
    assert result["solvable"] is False
    marked = set(result["marked"])
    board = board_by_id(puzzle)
    for a, b, c in board.jumps:  # every jump line covers 0 or 2 marked holes: the parity on them never changes
        assert len(marked & {a, b, c}) in (0, 2)
    start = set(range(board.size)) - {empty}
    assert len(start & marked) % 2 != len({finish} & marked) % 2
    assert finish not in result["possible_finishes"]


def test_other_verdicts_carry_no_marks():
    result = answer(puzzle="hoppers", empty=[6], finish=6)
    assert result["solvable"] is True and "marked" not in result
    too_few = answer(puzzle="hoppers", empty=list(range(12)), finish="any")  # one peg: finished already
    assert "marked" not in too_few


def test_an_analysis_of_a_dead_position_marks_the_holes_too():
    board = board_by_id("french-37")
    pegs = [hole for hole in range(board.size) if hole != 18]
    result = api.answer({"command": "analyse", "puzzle": "french-37", "pegs": pegs, "finish": 18})["result"]
    assert result["solvable"] is False and result["marked"]
