"""The search tables: canonical forms under symmetry and move generation, checked against plain definitions."""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest

from pzl.peg.board import Move
from pzl.peg.catalog import SPECS, board_by_id
from pzl.peg.engines.search_tables import Symmetry, backward_moves, forward_moves, jump_tables, permute


@pytest.mark.parametrize("board_id", [spec.id for spec in SPECS])
def test_canonical_form_is_the_least_image_under_the_symmetries(board_id):
    board = board_by_id(board_id)
    group = Symmetry(board.size, board.symmetries)
    rng = random.Random(board_id)
    for _ in range(300):
        position = rng.getrandbits(board.size)
        images = {permute(position, perm) for perm in board.symmetries}
        assert group.canonical(position) == min(images)
        assert group.orbit(position) == images


def test_moves_are_every_jump_chain_and_reverse_moves_undo_them():
    board = board_by_id("triangle-21")
    tables = jump_tables(board.size, board.jumps)
    over = {(a, c): b for a, b, c in board.jumps}
    rng = random.Random(5)
    for _ in range(200):
        position = rng.getrandbits(board.size)
        moves = list(forward_moves(position, tables))
        for after, holes in moves:
            assert type(holes) is Move
            replayed = position
            for a, c in pairwise(holes):
                b = over[(a, c)]
                assert replayed >> a & 1 and replayed >> b & 1 and not replayed >> c & 1
                replayed ^= (1 << a) | (1 << b) | (1 << c)
            assert replayed == after
            assert (position, holes) in list(backward_moves(after, tables))
        assert len({tuple(holes) for _, holes in moves}) == len(moves)  # each chain once


def test_a_move_is_an_immutable_chain_of_holes_written_as_a_json_list():
    move = Move((10, 0, 2, 6))
    assert (move.start, move.end, move.jumps, list(move.hops())) == (10, 6, 3, [(10, 0), (0, 2), (2, 6)])
    assert move == (10, 0, 2, 6) and hash(move) == hash((10, 0, 2, 6))
    with pytest.raises(TypeError):
        move[0] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        move.note = "x"  # type: ignore[attr-defined]
    assert json.dumps({"solution": [move, Move((9, 3))]}) == '{"solution": [[10, 0, 2, 6], [9, 3]]}'
    assert move.to_json() == [10, 0, 2, 6] and type(move.to_json()) is list
    assert sorted([Move((3, 1)), Move((0, 6, 12)), Move((0, 6))]) == [Move((0, 6)), Move((0, 6, 12)), Move((3, 1))]
