"""Position classes: the parity argument that proves a peg task impossible before any search.

A jump a over b to c flips holes a, b and c, so modulo 2 a position only ever moves by sums
of the board's jump lines; two positions whose difference is not such a sum are never joined.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pzl.peg.board import PegBoard, holes_of
from pzl.peg.bounds import class_masks


@dataclass(frozen=True, slots=True)
class Witness:
    """Marked holes that every jump line meets in 0 or 2 holes, and how the marks were chosen."""

    holes: int
    rule: str


@dataclass(frozen=True, slots=True)
class ClassReading:
    """What position classes say of a finish from a position, in one answer (`PositionClasses.read`)."""

    witness: Witness | None          # marks that rule the finish out (None: classes allow it, or one peg anywhere)
    marked: list[int]                # the witness's holes, in order ([] without a witness)
    finish_holes: list[int] | None   # where a single last peg may end, for one peg anywhere or a one-peg finish
    #                                  ruled out (None otherwise)


@cache
def classes_of(board: PegBoard) -> PositionClasses:
    """The position classes of a board (worked out once per board)."""
    return PositionClasses(board)


class PositionClasses:
    """The GF(2) span of a board's jump lines; positions in the same coset are in the same class."""

    def __init__(self, board: PegBoard) -> None:
        self.board = board
        self.lines = sorted({(1 << a) | (1 << b) | (1 << c) for a, b, c in board.jumps})
        self._basis: list[tuple[int, int]] = []  # (leading bit, vector), leading bits descending
        for line in self.lines:
            vector = self.reduce(line)
            if vector:
                self._basis.append((vector.bit_length() - 1, vector))
                self._basis.sort(reverse=True)
        self._labels = [self.reduce(1 << hole) for hole in range(board.size)]  # each lone peg's class, worked out once

    @property
    def count(self) -> int:
        """How many position classes the board has."""
        return 1 << (self.board.size - len(self._basis))

    def reduce(self, position: int) -> int:
        """The canonical member of the position's class (a class label): no leading bit of the basis set."""
        for bit, vector in self._basis:
            if position >> bit & 1:
                position ^= vector
        return position

    def same_class(self, first: int, second: int) -> bool:
        """True when the two positions are in the same class (necessary for one to reach the other)."""
        return self.reduce(first) == self.reduce(second)

    def read(self, start: int, finish: int | None) -> ClassReading:
        """Whether classes rule out `finish` (None: one peg anywhere) from `start`, in one answer: the witness and
        its holes, and where a single last peg may end when the finish is one peg."""
        label, labels = self.reduce(start), self._labels   # a lone peg in a hole of the start's class may end there
        witness = None if finish is None else self.witness(start, finish)
        finish_holes = None
        if finish is None or (witness is not None and finish.bit_count() == 1):
            finish_holes = [hole for hole in holes_of(self.board.landings) if labels[hole] == label]
        return ClassReading(witness, holes_of(witness.holes) if witness is not None else [], finish_holes)

    def witness(self, first: int, second: int) -> Witness | None:
        """Marked holes whose peg count has different parities in the two positions, or None if none exist."""
        difference = first ^ second
        if self.reduce(difference) == 0:
            return None
        for candidate in self._colourings():
            if _parity(candidate.holes & difference) and self._even_on_every_line(candidate.holes):
                return candidate
        for marks in self._orthogonal_basis():
            if _parity(marks & difference):
                return Witness(marks, "marked holes")
        return None  # unreachable: a vector outside the span is detected by the orthogonal complement

    def _even_on_every_line(self, marks: int) -> bool:
        return all(not _parity(marks & line) for line in self.lines)

    def _colourings(self) -> list[Witness]:
        """The classic rule-of-three markings of the board's lattice (holes off one residue mod 3)."""
        board = self.board
        if board.lattice == "square":
            forms = (((1, 1), "x + y"), ((1, -1), "x - y"))
        elif board.lattice == "triangular":
            forms = (((1, 1), "three colours"),)
        else:
            forms = ()
        found = []
        for (alpha, beta), label in forms:
            for residue in range(3):
                marks = 0
                for hole, (a, b) in enumerate(board.holes):
                    if (alpha * a + beta * b) % 3 != residue:
                        marks |= 1 << hole
                found.append(Witness(marks, f"holes where {label} mod 3 is not {residue}"
                                     if board.lattice == "square" else
                                     f"the holes not of colour {residue}, colouring the grid with {label} so that "
                                     f"every line of three holes has one of each"))
        return found

    def _orthogonal_basis(self) -> list[int]:
        """A basis of the hole sets that meet every jump line an even number of times."""
        return class_masks(self.board.size, self.board.jumps)


def _parity(mask: int) -> int:
    return mask.bit_count() & 1

