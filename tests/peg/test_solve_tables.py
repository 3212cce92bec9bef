"""The search tables: canonical forms under symmetry and move generation, checked against plain definitions."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from pzl.peg.catalog import SPECS, board_by_id
from pzl.peg.search_tables import Symmetry, backward_moves, forward_moves, jump_tables, permute


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
            replayed = position
            for a, c in pairwise(holes):
                b = over[(a, c)]
                assert replayed >> a & 1 and replayed >> b & 1 and not replayed >> c & 1
                replayed ^= (1 << a) | (1 << b) | (1 << c)
            assert replayed == after
            assert (position, holes) in list(backward_moves(after, tables))
        assert len({tuple(holes) for _, holes in moves}) == len(moves)  # each chain once
