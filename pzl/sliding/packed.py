"""Positions with one-cell pieces and one blank, packed into one int, with precomputed move tables.

Bits: the blank's cell in the low 7 bits, then `width` bits per cell (cell 0 lowest).
A move adds one precomputed number: `state + delta[blank][k][tile]`.
"""

from __future__ import annotations

from collections.abc import Iterable

from pzl.sliding.board import Board
from pzl.sliding.bounds import nearest_goal
from pzl.sliding.position import ANY, EMPTY

BLANK_BITS = 7   # the blank's cell: up to 128 cells (10 x 10 boards)
BLANK_MASK = (1 << BLANK_BITS) - 1


class PackedCodec:
    """Packs and unpacks positions; owns the move tables of one board and label count."""

    def __init__(self, board: Board, codes: int) -> None:
        self.board = board
        self.width = max(1, codes.bit_length())
        self.mask = (1 << self.width) - 1
        self.shift = tuple(BLANK_BITS + self.width * cell for cell in range(board.size))
        # moves[blank] = ((shift of the neighbour, delta table by tile code), ...) in adjacency order
        self.moves = tuple(
            tuple((self.shift[n], tuple(tile * ((1 << self.shift[b]) - (1 << self.shift[n])) + n - b
                                        for tile in range(self.mask + 1)))
                  for n in board.adjacency[b])
            for b in range(board.size))

    def pack(self, codes: Iterable[int]) -> int:
        """The int of a position (codes per cell, exactly one 0)."""
        state = 0
        blank = -1
        for cell, code in enumerate(codes):
            if code == EMPTY:
                blank = cell
            state |= code << self.shift[cell]
        return state | blank

    def unpack(self, state: int) -> tuple[int, ...]:
        """The codes per cell of a packed position."""
        mask = self.mask
        return tuple((state >> shift) & mask for shift in self.shift)

    def goal_test(self, goal: tuple[int, ...]) -> tuple[int, int]:
        """(mask, value): a state solves the goal when `state & mask == value` (ANY cells are free)."""
        mask = value = 0
        for cell, code in enumerate(goal):
            if code != ANY:
                mask |= self.mask << self.shift[cell]
                value |= code << self.shift[cell]
        return mask, value


class PackedProblem:
    """The search Problem for one-cell pieces and one blank, over packed ints."""

    def __init__(self, board: Board, start: tuple[int, ...], goal: tuple[int, ...], codes: int) -> None:
        self.codec = codec = PackedCodec(board, codes)
        self.start = codec.pack(start)
        self.goal_mask, self.goal_value = codec.goal_test(goal)
        self.full_goal = codec.pack(goal) if ANY not in goal else None
        self._moves = codec.moves
        self._nearest = nearest_goal(board, [(code, cell) for cell, code in enumerate(goal) if code > 0], codes, {})
        self._have: dict[int, int] = {}
        for code in start:
            if code:
                self._have[code] = self._have.get(code, 0) + 1
        # when the goal places every piece of every label it names, the bound is a plain table sum
        self._every_piece_placed = all(self._have[code] == n for code, n in self._nearest.needed.items())

    def is_goal(self, state: int) -> bool:
        """True when the state matches every constrained cell of the goal."""
        return state & self.goal_mask == self.goal_value

    def successors(self, state: int) -> list[int]:
        """Every position one slide away (in adjacency order of the blank's neighbours)."""
        mask = self.codec.mask
        return [state + delta[(state >> shift) & mask] for shift, delta in self._moves[state & BLANK_MASK]]

    def goal_states(self) -> list[int]:
        """The goal position (only a full goal has one)."""
        if self.full_goal is None:
            raise ValueError("a partial goal has no single goal position")
        return [self.full_goal]

    def lower_bound(self, state: int) -> int:
        """Sum over pieces of the distance to the nearest goal cell of the same label (admissible)."""
        if self._every_piece_placed:
            table, mask = self._nearest.table, self.codec.mask
            return sum(table[(state >> shift) & mask][cell] for cell, shift in enumerate(self.codec.shift))
        codes = self.codec.unpack(state)
        return self._nearest.bound([(code, cell) for cell, code in enumerate(codes) if code], self._have)

    def decode(self, state: int) -> tuple[int, ...]:
        """The codes per cell of a state."""
        return self.codec.unpack(state)

    def expand(self, states: list[int]) -> set[int]:
        """Every successor of every state in `states` (the breadth-first sweeps' inner loop)."""
        moves = self._moves
        mask = self.codec.mask
        found: set[int] = set()
        add = found.add
        for state in states:
            for shift, delta in moves[state & BLANK_MASK]:
                add(state + delta[(state >> shift) & mask])
        return found
