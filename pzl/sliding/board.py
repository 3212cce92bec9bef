"""Sliding-puzzle boards as cells on a square grid, and what follows from the geometry.

Adjacency, graph distances and the facts the parity rule needs (`Board.parity_decides`, `permutation_parity`)
are derived from the cells alone; the articles' hand-written adjacency lists are only test oracles.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from pzl.errors import PositionError, shown

Cell = tuple[int, int]

#: Neighbour directions, in the order that lists neighbours by ascending cell number
#: (up, left, right, down) — the order the articles write their adjacency lists in.
DIRECTIONS: tuple[Cell, ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))

MIN_SIDE, MAX_SIDE = 2, 10


@dataclass(frozen=True)
class Board:
    """A set of cells (row, col), numbered row by row, left to right."""

    cells: tuple[Cell, ...]
    rows: int = field(init=False)
    cols: int = field(init=False)
    number: dict[Cell, int] = field(init=False, compare=False, repr=False)
    adjacency: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        cells = tuple(sorted(set(self.cells)))
        if not cells:
            raise PositionError("a board needs at least one cell")
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "rows", max(r for r, _ in cells) + 1)
        object.__setattr__(self, "cols", max(c for _, c in cells) + 1)
        number = {cell: i for i, cell in enumerate(cells)}
        object.__setattr__(self, "number", number)
        adjacency = tuple(tuple(number[(r + dr, c + dc)] for dr, dc in DIRECTIONS if (r + dr, c + dc) in number)
                          for r, c in cells)
        object.__setattr__(self, "adjacency", adjacency)

    @property
    def size(self) -> int:
        """The number of cells."""
        return len(self.cells)

    def neighbour(self, cell: int, direction: Cell) -> int | None:
        """The cell one step from `cell` in `direction`, or None off the board."""
        r, c = self.cells[cell]
        return self.number.get((r + direction[0], c + direction[1]))

    def is_rectangle(self) -> bool:
        """True when the cells fill their bounding rectangle."""
        return self.size == self.rows * self.cols

    @cached_property
    def distances(self) -> tuple[tuple[int, ...], ...]:
        """Graph distance between every pair of cells (moves of a single cell through the board), worked out once
        per board: the search Problem's bound, the plan and IDA* all read it."""
        return distance_table(self.adjacency)

    @cached_property
    def parity_decides(self) -> bool:
        """True when permutation parity alone decides solvability for one blank and distinct tiles (worked out once
        per board: the verdict and the estimate of the reachable positions both read it).

        Wilson (1974): on a 2-connected graph that is not a single cycle (nor the
        non-bipartite θ0), the blank reaches every even arrangement when the graph is
        bipartite — and grid boards are always bipartite. Elsewhere (a ring, a path,
        a board with a cut cell) parity is necessary but not enough. A whole rectangle of at least 2 x 3 is
        2-connected and no ring, so it is answered at once (the general test is quadratic: 30 ms on 20 x 20).
        """
        if self.is_rectangle() and min(self.rows, self.cols) >= 2:
            return self.size > 4
        if self.size < 3 or not is_connected(self):
            return False
        if all(len(neighbours) == 2 for neighbours in self.adjacency):
            return False  # a single cycle: tiles only rotate
        return all(is_connected(self, without=cell) for cell in range(self.size))


def rectangle(rows: int, cols: int) -> Board:
    """The full R x C board."""
    return Board(tuple((r, c) for r in range(rows) for c in range(cols)))


def grid_distances(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Steps between every two cells of the full R x C board, cells in row order: Manhattan distance, what
    `Board.distances` finds by search on `rectangle(rows, cols)`, worked out directly (the engines' hot loops)."""
    return tuple(tuple(abs(a // cols - b // cols) + abs(a % cols - b % cols) for b in range(rows * cols))
                 for a in range(rows * cols))


def from_rows(*rows: str) -> Board:
    """A board drawn as text rows: any non-space, non-'.' character is a cell."""
    return Board(tuple((r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch not in " ."))


def parse_board_size(text: str) -> Board:
    """A rectangle from text such as '3x4' (rows x columns, each MIN_SIDE..MAX_SIDE)."""
    parts = str(text).lower().replace("×", "x").split("x")
    try:
        rows, cols = (int(part) for part in parts)
    except ValueError:
        raise PositionError(f"a board size looks like 3x4 (rows x columns), not {shown(text)}") from None
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise PositionError(f"board {rows}x{cols}: rows and columns must each be {MIN_SIDE}..{MAX_SIDE}")
    return rectangle(rows, cols)


def is_connected(board: Board, without: int | None = None) -> bool:
    """True when the cells (less `without`) form one connected piece."""
    cells = [i for i in range(board.size) if i != without]
    if not cells:
        return True
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        cell = stack.pop()
        for other in board.adjacency[cell]:
            if other != without and other not in seen:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(cells)


def permutation_parity(start: tuple[int, ...], goal: tuple[int, ...]) -> int:
    """0 if turning `goal` into `start` (blank included) takes an even number of swaps, else 1."""
    where = {code: cell for cell, code in enumerate(goal)}
    perm = [where[code] for code in start]
    seen = [False] * len(perm)
    swaps = 0
    for cell in range(len(perm)):
        length = 0
        while not seen[cell]:
            seen[cell] = True
            cell = perm[cell]
            length += 1
        swaps += max(0, length - 1)
    return swaps % 2


def distance_table(adjacency: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Steps between every two cells of a board graph (breadth-first from each cell)."""
    n = len(adjacency)
    table = []
    for source in range(n):
        dist = [-1] * n
        dist[source] = 0
        queue = deque([source])
        while queue:
            cell = queue.popleft()
            for other in adjacency[cell]:
                if dist[other] < 0:
                    dist[other] = dist[cell] + 1
                    queue.append(other)
        table.append(tuple(dist))
    return tuple(table)
