"""Pagoda functions and position classes: quantities no jump can increase (or change) that prune peg searches.

A pagoda function gives each hole a weight with w(to) <= w(from) + w(over) for every jump, so the
weight of a position never grows; a position lighter than the finish can never reach it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pzl.peg.board import Jump


def is_pagoda(weights: Sequence[int], jumps: Iterable[Jump]) -> bool:
    """True when no jump can increase the weight: w[to] <= w[from] + w[over] for every jump."""
    return all(weights[c] <= weights[a] + weights[b] for a, b, c in jumps)


def weight(weights: Sequence[int], position: int) -> int:
    """The total weight of the pegs of `position` (bit h = a peg in hole h)."""
    total = 0
    while position:
        low = position & -position
        total += weights[low.bit_length() - 1]
        position ^= low
    return total


def hole_distances(size: int, jumps: Iterable[Jump], targets: Iterable[int]) -> list[int]:
    """Steps from each hole to the nearest target, moving between neighbouring holes of a jump line.

    Holes that cannot reach a target get the largest finite distance plus one.
    """
    neighbours: list[set[int]] = [set() for _ in range(size)]
    for a, b, c in jumps:
        for x, y in ((a, b), (b, c)):
            neighbours[x].add(y)
            neighbours[y].add(x)
    distance = [-1] * size
    frontier = sorted(set(targets))
    for hole in frontier:
        distance[hole] = 0
    steps = 0
    while frontier:
        steps += 1
        following = []
        for hole in frontier:
            for other in neighbours[hole]:
                if distance[other] < 0:
                    distance[other] = steps
                    following.append(other)
        frontier = following
    far = max(distance) + 1
    return [d if d >= 0 else far for d in distance]


def distance_pagoda(size: int, jumps: Sequence[Jump], targets: Iterable[int]) -> tuple[int, ...]:
    """Fibonacci weights falling with the distance to `targets`: w = F(D + 2 - d), D the largest distance.

    A jump towards a target moves a peg two steps closer over one a step closer, and
    F(n) = F(n-1) + F(n-2) makes such a jump keep the weight; every other jump loses weight.
    """
    distance = hole_distances(size, jumps, targets)
    top = max(distance) + 2
    fib = [0, 1, 1]
    while len(fib) <= top:
        fib.append(fib[-1] + fib[-2])
    weights = tuple(fib[max(top - d, 1)] for d in distance)
    if not is_pagoda(weights, jumps):  # cannot happen for a neighbour metric; keep pruning sound regardless
        raise AssertionError("distance weights failed the pagoda condition")
    return weights


@dataclass(frozen=True, slots=True)
class PagodaTest:
    """Weights plus the least total a position must keep: dead when weight(position) < least."""

    weights: tuple[int, ...]
    least: int

    def alive(self, position: int) -> bool:
        """False when the position can no longer reach the task this test was made for."""
        return weight(self.weights, position) >= self.least


def finish_pagodas(size: int, jumps: Sequence[Jump], finish: int | None) -> list[PagodaTest]:
    """Pagoda tests for positions that must still reach `finish` (a bitmask; None = one peg anywhere).

    One test: Fibonacci weights towards the finish holes. For "one peg anywhere" no useful test
    of this kind exists (the lightest hole gives the bound), so the list is empty.
    """
    if not finish:
        return []
    targets = [h for h in range(size) if finish >> h & 1]
    weights = distance_pagoda(size, jumps, targets)
    return [PagodaTest(weights, weight(weights, finish))]


def class_masks(size: int, jumps: Iterable[Jump]) -> list[int]:
    """A basis of the hole sets S whose peg count parity no jump changes (position classes).

    A jump toggles its three holes, so |P ∩ S| keeps its parity exactly when every jump line
    meets S in 0 or 2 holes: the null space, over GF(2), of the jump-line incidence matrix.
    """
    rows: list[int] = []       # reduced row echelon form of the lines, pivot = the lowest set bit
    pivot_of: list[int] = []   # (unique for the lines' span whatever their order, so is the basis below)
    for line in {(1 << a) | (1 << b) | (1 << c) for a, b, c in jumps}:
        for row, pivot in zip(rows, pivot_of, strict=True):
            if line >> pivot & 1:
                line ^= row
        if line:
            pivot = (line & -line).bit_length() - 1
            for index, row in enumerate(rows):
                if row >> pivot & 1:
                    rows[index] = row ^ line
            rows.append(line)
            pivot_of.append(pivot)
    pivots = set(pivot_of)
    basis = []
    for free in range(size):
        if free in pivots:
            continue
        vector = 1 << free
        for row, pivot in zip(rows, pivot_of, strict=True):
            if row >> free & 1:
                vector |= 1 << pivot
        basis.append(vector)
    return basis


def position_class(position: int, masks: Sequence[int]) -> tuple[int, ...]:
    """The parities of the peg counts of `position` on each class mask: equal for all positions one reaches."""
    return tuple((position & mask).bit_count() & 1 for mask in masks)
