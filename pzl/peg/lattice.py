"""The lattices peg boards live on: jump directions, metric and drawing position.

A board's holes have integer lattice coordinates; everything else (jumps, symmetries) follows from these,
worked out in one call (`Lattice.layout`) that hands `pzl.peg.board.build_board` all it needs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

Vector = tuple[int, int]
Matrix = tuple[tuple[int, int], tuple[int, int]]
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Layout:
    """A set of holes laid out on a lattice: hole order, drawing positions, jumps and symmetries (`Lattice.layout`)."""

    holes: tuple[Vector, ...]                            # lattice coordinates, hole order
    points: tuple[Point, ...]                            # drawing coordinates from the top-left, hole order
    jumps_from: tuple[tuple[tuple[int, int], ...], ...]  # per hole: its (over, to) pairs
    symmetries: tuple[tuple[int, ...], ...]              # hole permutations, identity first


@dataclass(frozen=True, slots=True)
class Lattice:
    """A lattice: the steps a peg may jump along, and the inner product that makes its isometries.

    `gram` is the Gram matrix of the two basis vectors (scaled to integers); `drawing`
    maps lattice coordinates to cartesian ones (unit distance between neighbours).
    """

    name: str
    directions: tuple[Vector, ...]
    gram: Matrix
    shear: float  # drawing x = a + shear * b
    height: float  # drawing y = height * b

    def drawing(self, coord: Vector) -> tuple[float, float]:
        """Cartesian position of a lattice point (neighbours are 1 apart, or √2 for diagonals)."""
        a, b = coord
        return (a + self.shear * b, self.height * b)

    def isometries(self) -> tuple[Matrix, ...]:
        """Every linear map of the lattice that keeps distances and the jump directions (identity first)."""
        steps = set(self.directions)
        found: list[Matrix] = []
        for m00, m01, m10, m11 in product((-1, 0, 1), repeat=4):
            matrix = ((m00, m01), (m10, m11))
            if {apply(matrix, step) for step in steps} == steps and _keeps_metric(matrix, self.gram):
                found.append(matrix)
        identity = ((1, 0), (0, 1))
        found.sort(key=lambda matrix: matrix != identity)
        return tuple(found)

    def layout(self, coords: Sequence[Vector], points: Sequence[Point] | None = None) -> Layout:
        """Holes at `coords` numbered by drawing rows, top-left first, with their jumps and symmetries.

        `points` gives the drawing position of each coordinate when the board is not drawn
        the lattice's usual way (Hoppers is a square-with-diagonals board turned by 45°).
        """
        if points is None:
            points = [self.drawing(coord) for coord in coords]
        left = min(x for x, _ in points)
        top = min(y for _, y in points)
        drawn = [(round(x - left, 4), round(y - top, 4)) for x, y in points]
        order = sorted(range(len(coords)), key=lambda i: (round(drawn[i][1], 3), round(drawn[i][0], 3)))
        holes = tuple(coords[i] for i in order)
        index = {coord: hole for hole, coord in enumerate(holes)}
        return Layout(holes, tuple((_plain(drawn[i][0]), _plain(drawn[i][1])) for i in order),
                      tuple(self._jumps_from(coord, index) for coord in holes), self._symmetries(holes, index))

    def _jumps_from(self, coord: Vector, index: dict[Vector, int]) -> tuple[tuple[int, int], ...]:
        """The (over, to) pairs of a hole: one per direction with both holes on the board."""
        a, b = coord
        pairs = []
        for da, db in self.directions:
            over = index.get((a + da, b + db))
            to = index.get((a + 2 * da, b + 2 * db))
            if over is not None and to is not None:
                pairs.append((over, to))
        return tuple(pairs)

    def _symmetries(self, holes: tuple[Vector, ...], index: dict[Vector, int]) -> tuple[tuple[int, ...], ...]:
        """Hole permutations induced by isometries (plus a translation) that map the holes onto themselves."""
        anchor = min(holes)
        found: list[tuple[int, ...]] = []
        for matrix in self.isometries():
            image = [apply(matrix, coord) for coord in holes]
            low = min(image)
            shift = (anchor[0] - low[0], anchor[1] - low[1])
            perm = tuple(index.get((a + shift[0], b + shift[1]), -1) for a, b in image)
            if -1 not in perm and perm not in found:
                found.append(perm)
        return tuple(found)


def apply(matrix: Matrix, vector: Vector) -> Vector:
    """The image of a lattice vector under a linear map."""
    (m00, m01), (m10, m11) = matrix
    a, b = vector
    return (m00 * a + m01 * b, m10 * a + m11 * b)


def _plain(value: float) -> float | int:
    """Whole numbers as ints, so drawing coordinates print as 2 rather than 2.0."""
    return int(value) if float(value).is_integer() else value


def _keeps_metric(matrix: Matrix, gram: Matrix) -> bool:
    """True when Mᵀ G M = G, i.e. the map is an isometry of the lattice."""
    columns = (apply(matrix, (1, 0)), apply(matrix, (0, 1)))

    def inner(u: Vector, v: Vector) -> int:
        return u[0] * (gram[0][0] * v[0] + gram[0][1] * v[1]) + u[1] * (gram[1][0] * v[0] + gram[1][1] * v[1])

    return all(inner(columns[i], columns[j]) == gram[i][j] for i in range(2) for j in range(2))


_ORTHOGONAL = ((1, 0), (0, 1), (-1, 0), (0, -1))
_DIAGONAL = ((1, 1), (-1, 1), (-1, -1), (1, -1))

#: Square lattice, jumps along rows and columns (the English and French boards).
SQUARE = Lattice("square", _ORTHOGONAL, ((1, 0), (0, 1)), 0.0, 1.0)
#: Square lattice, jumps along rows, columns and both diagonals (Hoppers, drawn turned by 45°).
SQUARE_DIAGONAL = Lattice("square-diagonal", _ORTHOGONAL + _DIAGONAL, ((1, 0), (0, 1)), 0.0, 1.0)
#: Triangular lattice in axial coordinates (a along a row, b down-left): six jump directions.
#: Basis a = (1, 0) and b = (-1/2, √3/2) in the plane; a + b points down-right.
TRIANGULAR = Lattice("triangular", ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)),
                     ((2, -1), (-1, 2)), -0.5, math.sqrt(3) / 2)

LATTICES = {lattice.name: lattice for lattice in (SQUARE, SQUARE_DIAGONAL, TRIANGULAR)}
