"""A sliding solution counted in every metric, and its moves as `Step`s.

A move is one piece moved by one cell (`step`), one straight slide of one piece any distance
(`straight`), or one piece moved any distance along any path (`piece`: Hakoiri Musume's 81, as
the books count). `move_counts` gives a solution's count in all three: each of its moves is slid
cell by cell along a shortest path (fewest turns among those), and the one-cell slides are read by
following each piece: consecutive steps of the same piece are one move, and of the same piece in
the same direction one straight slide.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence
from itertools import compress, pairwise
from operator import ne
from typing import Any, NamedTuple

from pzl.sliding.board import DIRECTIONS, Board, Cell
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
    """(piece moves, straight moves) of `path`, a one-cell solution as code tuples (`labels[code]` names a code):
    the same piece moving again is the same piece move, and again the same way the same straight slide."""
    piece_moves = straight_moves = 0
    last_cells: frozenset[int] | None = None
    last_way: Cell | None = None
    for _, _, _, mover, moved in _moves(board, pieces, labels, path):
        (r0, c0), (r1, c1) = min(board.cells[cell] for cell in mover), min(board.cells[cell] for cell in moved)
        way = (r1 - r0, c1 - c0)
        if mover != last_cells:
            piece_moves += 1
        if mover != last_cells or way != last_way:
            straight_moves += 1
        last_cells, last_way = moved, way
    return piece_moves, straight_moves


def _cells(board: Board, piece: Piece, anchor: int) -> list[int]:
    cells = [board.neighbour(anchor, offset) if offset != (0, 0) else anchor for offset in piece.shape]
    return [cell for cell in cells if cell is not None]


def steps_of(board: Board, pieces: dict[str, Piece], labels: Sequence[str], path: Sequence[Codes],
             ) -> list[Step]:
    """Each move of `path` (code tuples) as a `Step`: the piece's label and the cells it covers before and after.

    One piece moves per move (a unit step, or a whole slide under a coarse metric): the cells
    that change are the ones it leaves and the ones it enters, so a move costs the cells it
    touches, not the board (a 10×10 solution of 1,600 moves is read at once).
    """
    return [Step(labels[code], tuple(sorted(mover)), tuple(sorted(moved)))
            for _, _, code, mover, moved in _moves(board, pieces, labels, path)]


def _moves(board: Board, pieces: dict[str, Piece], labels: Sequence[str], path: Sequence[Codes],
           ) -> Iterator[tuple[Codes, Codes, int, frozenset[int], frozenset[int]]]:
    """Each move of `path` as (before, after, the mover's code, its cells before, its cells after).

    One piece moves per move: the cells that change are the ones it leaves and the ones it enters,
    and each piece is followed from the start, so identical pieces side by side are told apart.
    """
    if len(path) < 2:
        return
    owner: dict[int, frozenset[int]] = {}   # cell -> the cells of the piece standing on it
    for label, anchor in decompose([labels[code] for code in path[0]], board, pieces, "start"):
        cells = frozenset(_cells(board, pieces[label], anchor))
        owner.update(dict.fromkeys(cells, cells))
    for before, after in pairwise(path):
        changed = list(compress(range(len(before)), map(ne, before, after)))
        mover = next(owner[cell] for cell in changed if before[cell] != EMPTY)
        code = before[next(iter(mover))]
        moved = frozenset([*(cell for cell in mover if cell not in changed),
                           *(cell for cell in changed if after[cell] == code)])
        for cell in mover:
            del owner[cell]
        owner.update(dict.fromkeys(moved, moved))
        yield before, after, code, mover, moved


def move_counts(board: Board, pieces: dict[str, Piece], labels: Sequence[str], path: Sequence[Codes],
                directions: Callable[[int], tuple[Cell, ...]] = lambda code: DIRECTIONS) -> dict[str, int]:
    """`path`'s count in each metric, {"step", "straight", "piece"}; its moves may be any slides of one piece.

    Each move is slid cell by cell along a shortest path (fewest turns among those; `directions`
    gives the ways a code may slide), so `step` is the one-cell slides of this solution and
    `straight`, `piece` its runs of them, as `classic_counts` reads a one-cell solution.
    """
    unit = unit_path(board, pieces, labels, path, directions)
    piece, straight = classic_counts(board, pieces, labels, unit)
    return {"step": len(unit) - 1, "straight": straight, "piece": piece}


def unit_path(board: Board, pieces: dict[str, Piece], labels: Sequence[str], path: Sequence[Codes],
              directions: Callable[[int], tuple[Cell, ...]] = lambda code: DIRECTIONS) -> list[Codes]:
    """`path` with each move (one piece, any distance) replaced by one-cell slides along a shortest way,
    fewest turns first."""
    unit = [path[0]] if path else []
    for before, after, code, mover, moved in _moves(board, pieces, labels, path):
        free = {cell for cell, was in enumerate(before) if was == EMPTY} | mover
        for cells_before, cells_after in _way(board, mover, moved, free, directions(code)):
            position = list(unit[-1])
            for cell in cells_before:
                position[cell] = EMPTY
            for cell in cells_after:
                position[cell] = code
            unit.append(tuple(position))
        if unit[-1] != after:
            raise ValueError("a move of the solution is not one piece sliding through empty cells")
    return unit


def _way(board: Board, mover: frozenset[int], moved: frozenset[int], free: set[int], ways: tuple[Cell, ...],
         ) -> list[tuple[frozenset[int], frozenset[int]]]:
    """The one-cell slides (cells before, cells after) that take a piece from `mover` to `moved` through `free`:
    fewest slides, then fewest turns."""
    coords = [board.cells[cell] for cell in sorted(mover)]
    (r0, c0), (r1, c1) = coords[0], board.cells[min(moved)]
    target = (r1 - r0, c1 - c0)

    def placed(shift: Cell) -> frozenset[int] | None:
        cells = [board.number.get((r + shift[0], c + shift[1])) for r, c in coords]
        if None in cells or not all(cell in free for cell in cells):
            return None
        return frozenset(cells)  # type: ignore[arg-type]

    best: dict[tuple[Cell, int], tuple[int, int]] = {((0, 0), -1): (0, 0)}
    back: dict[tuple[Cell, int], tuple[Cell, int]] = {}
    heap = [(0, 0, (0, 0), -1)]
    while heap:
        steps, turns, shift, way = heapq.heappop(heap)
        if shift == target:
            chain = [(shift, way)]
            while chain[-1] in back:
                chain.append(back[chain[-1]])
            shifts = [placed(s) for s, _ in reversed(chain)]
            return [(a, b) for a, b in pairwise(shifts)]  # type: ignore[misc]
        if best.get((shift, way), (steps, turns)) < (steps, turns):
            continue
        for index, (dr, dc) in enumerate(ways):
            following = (shift[0] + dr, shift[1] + dc)
            if placed(following) is None:
                continue
            cost = (steps + 1, turns + (way != index))
            if cost < best.get((following, index), (1 << 30, 0)):
                best[(following, index)] = cost
                back[(following, index)] = (shift, way)
                heapq.heappush(heap, (*cost, following, index))
    raise ValueError("a move of the solution is not one piece sliding through empty cells")
