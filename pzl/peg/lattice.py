"""The lattices peg boards live on: jump directions, metric and drawing position.

A board's holes have integer lattice coordinates; everything else (jumps, symmetries) follows from these.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product

Vector = tuple[int, int]
Matrix = tuple[tuple[int, int], tuple[int, int]]


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


def apply(matrix: Matrix, vector: Vector) -> Vector:
    """The image of a lattice vector under a linear map."""
    (m00, m01), (m10, m11) = matrix
    a, b = vector
    return (m00 * a + m01 * b, m10 * a + m11 * b)


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
