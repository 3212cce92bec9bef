"""The classic move counts of a sliding solution, besides pzl's unit steps.

pzl's searches count one piece moved by one cell as a move. Sliding-block books count
coarser moves: one piece moved any distance along any path (Hakoiri Musume's 81), or one
straight slide of one piece (90). Both are read off a solution by following each piece
from position to position: consecutive steps of the same piece are one move, and of the
same piece in the same direction one straight slide.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any, NamedTuple

from pzl.sliding.board import DIRECTIONS, Board
from pzl.sliding.position import EMPTY, Piece, decompose

Codes = tuple[int, ...]


class Step(NamedTuple):
    """One move of a sliding solution: the piece that moved (its label) and the cells it covered before and after.

    Cells are in increasing order. JSON writes it as `{"piece": "7", "from": [5], "to": [4]}` (`to_json`).
    """

    piece: str
    from_cells: tuple[int, ...]
    to_cells: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The step in the JSON contract."""
        return {"piece": self.piece, "from": list(self.from_cells), "to": list(self.to_cells)}


def classic_counts(board: Board, pieces: dict[str, Piece], labels: Sequence[str], path: Sequence[Codes],
                   ) -> tuple[int, int]:
    """(piece moves, straight moves) of `path`, a solution as code tuples (`labels[code]` names a code)."""
    if len(path) < 2:
        return 0, 0
    found = decompose([labels[code] for code in path[0]], board, pieces, "start")
    instances = [frozenset(_cells(board, pieces[label], anchor)) for label, anchor in found]
    piece_moves = straight_moves = 0
    last: tuple[int, tuple[int, int]] | None = None
    for before, after in pairwise(path):
        mover, direction, moved = _step(board, instances, before, after)
        if last is None or last[0] != mover:
            piece_moves += 1
        if last != (mover, direction):
            straight_moves += 1
        instances[mover] = moved
        last = (mover, direction)
    return piece_moves, straight_moves


def _cells(board: Board, piece: Piece, anchor: int) -> list[int]:
    cells = [board.neighbour(anchor, offset) if offset != (0, 0) else anchor for offset in piece.shape]
    return [cell for cell in cells if cell is not None]


def _step(board: Board, instances: list[frozenset[int]], before: Codes, after: Codes,
          ) -> tuple[int, tuple[int, int], frozenset[int]]:
    """Which piece one unit step moved, which way, and the cells it covers afterwards."""
    left = {cell for cell, (was, now) in enumerate(zip(before, after, strict=True)) if was != now and was != EMPTY}
    for index, cells in enumerate(instances):
        if not cells & left:
            continue
        code = before[next(iter(cells))]
        for direction in DIRECTIONS:
            moved = [board.neighbour(cell, direction) for cell in cells]
            if None in moved:
                continue
            target = frozenset(moved)  # type: ignore[arg-type]
            entered = target - cells
            if all(before[cell] == EMPTY and after[cell] == code for cell in entered) \
                    and all(after[cell] == EMPTY for cell in cells - target):
                return index, direction, target
    raise ValueError("consecutive positions of a solution must differ by one piece moved one cell")


def steps_of(board: Board, pieces: dict[str, Piece], labels: Sequence[str], path: Sequence[Codes],
             ) -> list[Step]:
    """Each move of `path` (code tuples) as a `Step`: the piece's label and the cells it covers before and after.

    One piece moves per move (a unit step, or a whole slide under a coarse metric): the cells
    that change are the ones it leaves and the ones it enters, so a move costs the cells it
    touches, not the board (a 10×10 solution of 1,600 moves is read at once).
    """
    if len(path) < 2:
        return []
    owner: dict[int, frozenset[int]] = {}   # cell -> the cells of the piece standing on it
    for label, anchor in decompose([labels[code] for code in path[0]], board, pieces, "start"):
        cells = frozenset(_cells(board, pieces[label], anchor))
        owner.update(dict.fromkeys(cells, cells))
    steps = []
    for before, after in pairwise(path):
        changed = [cell for cell, (was, now) in enumerate(zip(before, after, strict=True)) if was != now]
        mover = next(owner[cell] for cell in changed if before[cell] != EMPTY)
        code = before[next(iter(mover))]
        moved = frozenset([*(cell for cell in mover if cell not in changed),
                           *(cell for cell in changed if after[cell] == code)])
        for cell in mover:
            del owner[cell]
        owner.update(dict.fromkeys(moved, moved))
        steps.append(Step(labels[code], tuple(sorted(mover)), tuple(sorted(moved))))
    return steps
