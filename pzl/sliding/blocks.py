"""Positions with multi-cell blocks, duplicate pieces or several blanks, as tuples of piece codes.

Slides are precomputed per (piece kind, anchor cell, direction) as bit masks of the cells
a slide needs empty, plus the cells it fills and leaves; a state's empty cells form one
mask, so whether a slide is possible is one `&`.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter

from pzl.sliding.board import DIRECTIONS, Board
from pzl.sliding.bounds import nearest_goal
from pzl.sliding.position import ANY, EMPTY

Codes = tuple[int, ...]
Slide = tuple[int, tuple[int, ...], tuple[int, ...]]   # (mask of cells entered, cells entered, cells left)


class BlockProblem:
    """The search Problem for any pieces: states are tuples of codes per cell, 0 empty."""

    def __init__(self, board: Board, start: Codes, goal: Codes, shapes: dict[int, tuple[tuple[int, int], ...]],
                 directions: dict[int, tuple[tuple[int, int], ...]] | None = None) -> None:
        self.board = board
        self.start = start
        self.goal = goal
        self.full_goal = goal if ANY not in goal else None
        self._blanks = start.count(EMPTY)
        fixed = [(cell, code) for cell, code in enumerate(goal) if code != ANY]
        self._goal_cells = itemgetter(*(cell for cell, _ in fixed)) if len(fixed) > 1 else None
        self._goal_codes = tuple(code for _, code in fixed)
        self._constraints = tuple(fixed)
        size = board.size
        kinds = max(shapes) + 1
        # claim[code][anchor]: bit mask of the piece's other cells (0 for one-cell pieces)
        self._claim: list[list[int]] = [[0] * size for _ in range(kinds)]
        # slides[code][anchor]: the possible slides; reach[code][anchor]: every cell any slide enters
        self._slides: list[list[tuple[Slide, ...]]] = [[()] * size for _ in range(kinds)]
        self._reach: list[list[int]] = [[0] * size for _ in range(kinds)]
        for code, shape in shapes.items():
            for anchor in range(size):
                covered = [board.neighbour(anchor, offset) for offset in shape]
                if None in covered:
                    continue
                self._claim[code][anchor] = sum(1 << cell for cell in covered if cell != anchor)  # type: ignore[operator]
                slides = []
                for direction in (directions or {}).get(code, DIRECTIONS):
                    moved = [board.neighbour(cell, direction) for cell in covered]  # type: ignore[arg-type]
                    if None in moved:
                        continue
                    entered = tuple(c for c in moved if c not in covered)
                    left = tuple(c for c in covered if c not in moved)  # type: ignore[misc]
                    slides.append((sum(1 << c for c in entered), entered, left))  # type: ignore[operator]
                self._slides[code][anchor] = tuple(slides)
                self._reach[code][anchor] = sum(mask for mask, _, _ in slides)
        single = {code: len(shape) == 1 for code, shape in shapes.items()}
        self._nearest = nearest_goal(board, self.pieces(goal), kinds - 1, single)
        self._have: dict[int, int] = {}
        for code, _ in self.pieces(start):
            self._have[code] = self._have.get(code, 0) + 1

    def pieces(self, state: Codes) -> list[tuple[int, int]]:
        """The pieces of a state as (code, anchor cell), scanning cells in order."""
        claim = self._claim
        claimed = 0
        found = []
        for cell, code in enumerate(state):
            if code > 0 and not claimed >> cell & 1:
                found.append((code, cell))
                claimed |= claim[code][cell]
        return found

    def is_goal(self, state: Codes) -> bool:
        """True when every cell the goal constrains matches."""
        if self._goal_cells is not None:
            return self._goal_cells(state) == self._goal_codes
        return all(state[cell] == code for cell, code in self._constraints)

    def goal_states(self) -> list[Codes]:
        """The goal position (only a complete goal has one)."""
        if self.full_goal is None:
            raise ValueError("a partial goal has no single goal position")
        return [self.full_goal]

    def successors(self, state: Codes) -> Iterator[Codes]:
        """Every position one slide away: one piece, one cell, into empty cells."""
        empty = 0
        cell = -1
        find = state.index
        for _ in range(self._blanks):
            cell = find(EMPTY, cell + 1)
            empty |= 1 << cell
        slides, reach = self._slides, self._reach
        for code, anchor in self.pieces(state):
            if not reach[code][anchor] & empty:
                continue
            for mask, entered, left in slides[code][anchor]:
                if mask & empty == mask:
                    after = list(state)
                    for cell in left:
                        after[cell] = EMPTY
                    for cell in entered:
                        after[cell] = code
                    yield tuple(after)

    def decode(self, state: Codes) -> Codes:
        """The codes per cell of a state (states already are)."""
        return state

    def lower_bound(self, state: Codes) -> int:
        """Sum over constrained pieces of the steps to the nearest goal place of their kind."""
        return self._nearest.bound(self.pieces(state), self._have)
