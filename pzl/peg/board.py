"""A peg-solitaire board as a value: holes on a lattice, and the jumps and symmetries they imply.

Holes are numbered 0..n-1 row by row from the top-left of the drawing; a position is an int bitmask.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from pzl.errors import PositionError
from pzl.peg.lattice import LATTICES, Lattice, Vector

Jump = tuple[int, int, int]  # (from, over, to)
Hop = tuple[int, int]  # one jump named by its ends (from, to)


class Move(tuple[int, ...]):
    """One move: the holes one peg visits in order, a chain of one or more jumps (e.g. `Move((10, 0, 2, 6))`).

    Immutable and hashable; it compares and sorts as the tuple of its holes, and JSON writes it as
    the list `[10, 0, 2, 6]` (`to_json`), the form the page and the CLI read.
    """

    __slots__ = ()

    @property
    def start(self) -> int:
        """The hole the peg leaves."""
        return self[0]

    @property
    def end(self) -> int:
        """The hole the peg comes to rest in."""
        return self[-1]

    @property
    def jumps(self) -> int:
        """How many jumps the move makes (each removes one peg)."""
        return len(self) - 1

    def hops(self) -> Iterator[Hop]:
        """Each jump of the move by its ends, (from, to)."""
        return pairwise(self)

    def to_json(self) -> list[int]:
        """The move in the JSON contract: the list of holes."""
        return list(self)

    def __repr__(self) -> str:
        return f"Move({tuple.__repr__(self)})"


@dataclass(frozen=True, slots=True)
class PegBoard:
    """Holes (lattice coordinates), where they are drawn, and every jump and symmetry of the board."""

    id: str
    name: str
    lattice: str
    holes: tuple[Vector, ...]                       # lattice coordinates, hole order
    points: tuple[tuple[float, float], ...]         # drawing coordinates (cartesian), hole order
    size: int
    jumps: tuple[Jump, ...]                         # every (from, over, to)
    jumps_from: tuple[tuple[tuple[int, int], ...], ...]  # per hole: its (over, to) pairs
    symmetries: tuple[tuple[int, ...], ...]         # hole permutations, identity first

    @property
    def full(self) -> int:
        """The position with a peg in every hole."""
        return (1 << self.size) - 1

    @property
    def landings(self) -> int:
        """Bitmask of the holes some jump lands in."""
        mask = 0
        for _, _, to in self.jumps:
            mask |= 1 << to
        return mask

    def hole_at(self, coord: Vector) -> int | None:
        """The hole at lattice coordinates `coord`, or None."""
        try:
            return self.holes.index(coord)
        except ValueError:
            return None


def build_board(board_id: str, name: str, lattice: Lattice | str, coords: Iterable[Vector],
                points: Sequence[tuple[float, float]] | None = None) -> PegBoard:
    """The board with holes at `coords` on `lattice`; holes are numbered by drawing rows, top-left first.

    `points` gives the drawing position of each coordinate when the board is not drawn
    the lattice's usual way (Hoppers is a square-with-diagonals board turned by 45°); the
    lattice lays the holes out, with their jumps and symmetries, in one call (`Lattice.layout`).
    """
    if isinstance(lattice, str):
        lattice = LATTICES[lattice]
    coords = [tuple(coord) for coord in coords]
    if not coords:
        raise PositionError("a board needs at least one hole")
    if len(set(coords)) != len(coords):
        raise PositionError("a board has two holes at the same place")
    if points is not None and len(points) != len(coords):
        raise PositionError("a board needs one drawing position per hole")
    laid = lattice.layout(coords, points)
    jumps = tuple((hole, over, to) for hole, pairs in enumerate(laid.jumps_from) for over, to in pairs)
    return PegBoard(id=board_id, name=name, lattice=lattice.name, holes=laid.holes, points=laid.points,
                    size=len(laid.holes), jumps=jumps, jumps_from=laid.jumps_from, symmetries=laid.symmetries)


def holes_of(mask: int) -> list[int]:
    """The holes in a bitmask, in order."""
    return [hole for hole in range(mask.bit_length()) if mask >> hole & 1]


def mask_of(holes: list[int]) -> int:
    """The bitmask of a list of holes."""
    mask = 0
    for hole in holes:
        mask |= 1 << hole
    return mask


def after_jump(position: int, jump: Jump) -> int:
    """`position` after the jump (from, over, to): the two pegs leave, one lands."""
    a, b, c = jump
    return position ^ ((1 << a) | (1 << b) | (1 << c))
