"""Positions with multi-cell blocks, duplicate pieces or several blanks, as tuples of piece codes.

Slides are precomputed per (piece kind, anchor cell, direction): the cells a slide
needs empty and the cells it leaves, so a move is a few list writes.
"""

from __future__ import annotations

from collections.abc import Iterator

from pzl.sliding.board import DIRECTIONS, Board
from pzl.sliding.bounds import nearest_goal
from pzl.sliding.position import ANY, EMPTY

Codes = tuple[int, ...]
Slide = tuple[tuple[int, ...], tuple[int, ...]]   # (cells entered, cells left)


class BlockProblem:
    """The search Problem for any pieces: states are tuples of codes per cell, 0 empty."""

    def __init__(self, board: Board, start: Codes, goal: Codes, shapes: dict[int, tuple[tuple[int, int], ...]]
                 ) -> None:
        self.board = board
        self.start = start
        self.goal = goal
        self.full_goal = goal if ANY not in goal else None
        self._constraints = tuple((cell, code) for cell, code in enumerate(goal) if code != ANY)
        size = board.size
        # cover[code][anchor]: cells of that piece anchored there (None: it does not fit)
        self._cover: list[list[tuple[int, ...] | None]] = [[None] * size for _ in range(max(shapes) + 1)]
        self._slides: list[list[tuple[Slide, ...]]] = [[()] * size for _ in range(max(shapes) + 1)]
        for code, shape in shapes.items():
            for anchor in range(size):
                covered = [board.neighbour(anchor, offset) for offset in shape]
                if None in covered:
                    continue
                self._cover[code][anchor] = tuple(covered)  # type: ignore[arg-type]
                slides = []
                for direction in DIRECTIONS:
                    moved = [board.neighbour(cell, direction) for cell in covered]  # type: ignore[arg-type]
                    if None in moved:
                        continue
                    entered = tuple(c for c in moved if c not in covered)
                    left = tuple(c for c in covered if c not in moved)  # type: ignore[misc]
                    slides.append((entered, left))
                self._slides[code][anchor] = tuple(slides)
        single = {code: len(shape) == 1 for code, shape in shapes.items()}
        self._nearest = nearest_goal(board, self.pieces(goal), max(shapes), single)
        self._have: dict[int, int] = {}
        for code, _ in self.pieces(start):
            self._have[code] = self._have.get(code, 0) + 1

    def pieces(self, state: Codes) -> list[tuple[int, int]]:
        """The pieces of a state as (code, anchor cell), scanning cells in order."""
        cover = self._cover
        claimed = set()
        found = []
        for cell, code in enumerate(state):
            if code <= 0 or cell in claimed:
                continue
            claimed.update(cover[code][cell])  # type: ignore[arg-type]
            found.append((code, cell))
        return found

    def is_goal(self, state: Codes) -> bool:
        """True when every cell the goal constrains matches."""
        return all(state[cell] == code for cell, code in self._constraints)

    def goal_states(self) -> list[Codes]:
        """The goal position (only a complete goal has one)."""
        if self.full_goal is None:
            raise ValueError("a partial goal has no single goal position")
        return [self.full_goal]

    def successors(self, state: Codes) -> Iterator[Codes]:
        """Every position one slide away: one piece, one cell, into empty cells."""
        slides = self._slides
        for code, anchor in self.pieces(state):
            for entered, left in slides[code][anchor]:
                for cell in entered:
                    if state[cell] != EMPTY:
                        break
                else:
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
