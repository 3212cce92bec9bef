"""A sliding solution counted in every metric, and its moves as `Step`s.

A move is one piece moved by one cell (`step`), one straight slide of one piece any distance
(`straight`), or one piece moved any distance along any path (`piece`: Hakoiri Musume's 81, as
the books count). `move_counts` gives a solution's count in all three from its steps: each move
is slid cell by cell along a shortest path (fewest turns among those), and the one-cell slides
are read by following each piece: consecutive steps of the same piece are one move, and of the
same piece in the same direction one straight slide.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence
from itertools import compress, pairwise
from operator import ne
from typing import Any, NamedTuple

from pzl.sliding.board import DIRECTIONS, Board, Cell
from pzl.sliding.position import EMPTY

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


def steps_of(start_pieces: Iterable[tuple[int, ...]], labels: Sequence[str], path: Sequence[Codes]) -> list[Step]:
    """Each move of `path` (code tuples) as a `Step`: the piece's label and the cells it covers before and after.

    `start_pieces` are the cells each piece covers in `path[0]` (a solution's: `Puzzle.start_pieces`, read with
    the start). One piece moves per move (a unit step, or a whole slide under a coarse metric): the cells
    that change are the ones it leaves and the ones it enters, so a move costs the cells it
    touches, not the board (a 10×10 solution of 1,600 moves is read at once). Each piece is
    followed from the start, so identical pieces side by side are told apart.
    """
    if len(path) < 2:
        return []
    owner: dict[int, frozenset[int]] = {}   # cell -> the cells of the piece standing on it
    for covered in start_pieces:
        cells = frozenset(covered)
        owner.update(dict.fromkeys(cells, cells))
    steps = []
    for before, after in pairwise(path):
        changed = list(compress(range(len(before)), map(ne, before, after)))
        mover = next(owner[cell] for cell in changed if before[cell] != EMPTY)
        code = before[next(iter(mover))]
        moved = frozenset([*(cell for cell in mover if cell not in changed),
                           *(cell for cell in changed if after[cell] == code)])
        for cell in mover:
            del owner[cell]
        owner.update(dict.fromkeys(moved, moved))
        steps.append(Step(labels[code], tuple(sorted(mover)), tuple(sorted(moved))))
    return steps


def move_counts(board: Board, start_pieces: Iterable[tuple[int, ...]], labels: Sequence[str], path: Sequence[Codes],
                directions: Callable[[int], tuple[Cell, ...]] = lambda code: DIRECTIONS) -> dict[str, int]:
    """`path`'s count in each metric, {"step", "straight", "piece"}, from its steps (`steps_of`).

    A move may be any slide of one piece: it is slid cell by cell along a shortest way (fewest turns among those;
    `directions` gives the ways a code may slide), so `step` counts those one-cell slides, `piece` the runs of
    them by the same piece, and `straight` the runs by the same piece the same way.
    """
    steps = steps_of(start_pieces, labels, path)
    slides: list[tuple[frozenset[int], frozenset[int]]] = []
    for (before, after), step in zip(pairwise(path), steps, strict=True):
        mover, moved = frozenset(step.from_cells), frozenset(step.to_cells)
        if any(after[cell] != EMPTY for cell in mover - moved) or sum(map(ne, before, after)) != len(mover ^ moved):
            raise ValueError("a move of the solution is not one piece sliding through empty cells")
        free = {cell for cell, was in enumerate(before) if was == EMPTY} | mover
        slides += _way(board, mover, moved, free, directions(before[step.from_cells[0]]))
    piece_moves = straight_moves = 0
    last_cells: frozenset[int] | None = None
    last_way: Cell | None = None
    for cells, cells_after in slides:
        (r0, c0), (r1, c1) = min(board.cells[cell] for cell in cells), min(board.cells[cell] for cell in cells_after)
        way = (r1 - r0, c1 - c0)
        if cells != last_cells:
            piece_moves += 1
        if cells != last_cells or way != last_way:
            straight_moves += 1
        last_cells, last_way = cells_after, way
    return {"step": len(slides), "straight": straight_moves, "piece": piece_moves}


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
