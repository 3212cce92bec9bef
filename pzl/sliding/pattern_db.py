"""Additive pattern databases for distinct-tile puzzles: a stronger lower bound than Manhattan for the 15-puzzle.

Built breadth-first in pure Python when first needed (there is no disk cache in the browser) and kept per process.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Iterator, Sequence
from math import perm
from typing import Any

from pzl.events import Event, progress
from pzl.search.problem import PROGRESS_EVERY

#: Largest sparse table per pattern (bytes): bits-per-cell x tiles must stay within this many bits.
INDEX_BITS = 20
#: Most tiles in one pattern.
MAX_PATTERN = 5
#: How many built databases a process keeps.
KEEP = 4

_BUILT: dict[tuple, PatternDatabase] = {}


class PatternDatabase:
    """Disjoint tile patterns (given by their goal cells) and, per pattern, the fewest moves of its own tiles.

    A pattern's table is indexed by the cells its tiles stand on (`bits` bits per tile, the
    pattern's first goal cell in the lowest bits) and holds the fewest moves of those tiles
    that bring them home, the other tiles being indistinguishable and free to move (their
    moves are not counted), minimised over where the blank is. Every move moves one tile of
    one pattern, so the values of disjoint patterns add up to an admissible bound, never
    below the Manhattan distance.
    """

    def __init__(self, adjacency: Sequence[Sequence[int]], patterns: Sequence[Sequence[int]],
                 tables: list[bytearray], seconds: float, blank_goal: int) -> None:
        self.adjacency = tuple(tuple(cells) for cells in adjacency)
        self.patterns = tuple(tuple(cells) for cells in patterns)
        self.tables = tables
        self.blank_goal = blank_goal
        self.bits = max(1, (len(adjacency) - 1).bit_length())
        self.seconds = seconds   # time the build took

    @property
    def bytes(self) -> int:
        """Memory held by the tables."""
        return sum(len(table) for table in self.tables)

    def lower_bound(self, board: Sequence[int], home: Sequence[int], mirror: Sequence[int] | None = None) -> int:
        """The bound for a board of tile ids (0 blank) whose goal cells are `home[id]`."""
        groups = self.groups_for(board, home, mirror)
        return sum(table[code] for table, code in zip(groups.tables, groups.codes, strict=True))

    def mirror(self) -> tuple[int, ...] | None:
        """The transposition of a square board whose blank's goal is on the diagonal, else None.

        Looking a position up through it (each tile read at the mirrored cell, as the tile whose
        goal is the mirrored goal cell) gives a second admissible bound from the same tables.
        """
        n = len(self.adjacency)
        side = int(n ** 0.5)
        if side * side != n or self.blank_goal % side != self.blank_goal // side:
            return None
        grid = [{r2 * side + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                 if 0 <= r2 < side and 0 <= c2 < side} for r in range(side) for c in range(side)]
        if grid != [set(cells) for cells in self.adjacency]:
            return None
        return tuple((cell % side) * side + cell // side for cell in range(n))

    def groups_for(self, board: Sequence[int], home: Sequence[int], mirror: Sequence[int] | None = None) -> Any:
        """The tables in the form the IDA* kernels of `pzl.sliding.tiles` take (read through `mirror`)."""
        from pzl.sliding.tiles import Groups

        bits = self.bits
        m = tuple(mirror) if mirror is not None else tuple(range(len(self.adjacency)))
        where = {cell: (p, slot) for p, cells in enumerate(self.patterns) for slot, cell in enumerate(cells)}
        placed = [0] * len(self.patterns)
        for cell, tile in enumerate(board):
            if tile:
                p, slot = where[m[home[tile]]]
                placed[p] += m[cell] << (bits * slot)

        def change(tile: int, a: int, b: int) -> tuple[int, int, int, int] | None:
            if m[home[tile]] not in where:   # the blank's goal cell: no such tile
                return None
            p, slot = where[m[home[tile]]]
            return (p, (m[b] - m[a]) << (bits * slot), p, 0)

        return Groups(self.tables, placed, change, ("patterns", self.patterns, m))


def placements(cells: int, patterns: Sequence[Sequence[int]]) -> int:
    """How many placements the tables of `patterns` hold on a board of `cells` cells (the build's cost)."""
    return sum(perm(cells, len(pattern)) for pattern in patterns)


def default_patterns(adjacency: Sequence[Sequence[int]], blank_goal: int, size: int | None = None) -> list[list[int]]:
    """A partition of the goal cells (all but the blank's) into compact patterns of at most MAX_PATTERN tiles.

    Patterns grow breadth-first from the first free cell in cell order, so on the 4 x 4 board
    with the blank home in the corner they are the three 5-tile blocks
    {1 2 3 5 6}, {4 7 8 11 12}, {9 10 13 14 15} of the goal.
    """
    n = len(adjacency)
    bits = max(1, (n - 1).bit_length())
    size = size or max(1, min(MAX_PATTERN, INDEX_BITS // bits))
    free = [cell != blank_goal for cell in range(n)]
    patterns = []
    for seed in range(n):
        if not free[seed]:
            continue
        group, queue = [], [seed]
        free[seed] = False
        while queue and len(group) < size:
            cell = queue.pop(0)
            group.append(cell)
            for nb in adjacency[cell]:
                if free[nb] and len(group) + len(queue) < size:
                    free[nb] = False
                    queue.append(nb)
        for cell in queue:   # grown past the size: give the cells back
            free[cell] = True
        patterns.append(sorted(group))
    return patterns


def build(adjacency: Sequence[Sequence[int]], patterns: Sequence[Sequence[int]], blank_goal: int) -> Iterator[Event]:
    """Build (or fetch from this process's cache) a database; yields progress, returns the PatternDatabase.

    Cost: one breadth-first search per pattern over its placements and the blank's regions
    (16·15·14·13·12 = 524,160 placements for a 5-tile pattern of the 15-puzzle; about 3 s each
    in CPython), a `2**(bits*tiles)`-byte table each plus a transient table of blank cells.
    """
    key = (tuple(map(tuple, adjacency)), tuple(map(tuple, patterns)), blank_goal)
    if key in _BUILT:
        return _BUILT[key]
    clock = time.perf_counter()
    tables = []
    done = 0
    for cells in patterns:
        table = yield from _pattern_table(adjacency, cells, blank_goal, clock, done)
        done += len(table) - table.count(255)
        tables.append(table)
    database = PatternDatabase(adjacency, patterns, tables, time.perf_counter() - clock, blank_goal)
    while len(_BUILT) >= KEEP:   # a few megabytes each: keep the latest few
        del _BUILT[next(iter(_BUILT))]
    _BUILT[key] = database
    return database


def _pattern_table(adjacency: Sequence[Sequence[int]], cells: Sequence[int], blank_goal: int, clock: float,
                   done: int) -> Iterator[Event]:
    """Fewest pattern-tile moves from every placement to the goal placement (blank at its goal cell).

    Breadth-first over (placement, the blank's region): a move of a pattern tile costs 1; the
    blank wanders through the cells the pattern leaves free at no cost, so a state carries the
    set of cells the blank can reach, found by a flood fill (kept per occupancy). Returns the
    table of each placement's least cost over the blank's regions (255 = not reached).
    """
    n = len(adjacency)
    bits = max(1, (n - 1).bit_length())
    mask = (1 << bits) - 1
    k = len(cells)
    neighbours = [sum(1 << nb for nb in adjacency[cell]) for cell in range(n)]
    full = (1 << n) - 1
    table = bytearray(b"\xff") * (1 << (bits * k))
    reached = array("H" if n <= 16 else "Q", bytes((2 if n <= 16 else 8) << (bits * k)))  # blank cells seen
    shifts = [bits * slot for slot in range(k)]
    # steps[slot][cell]: (neighbour's bit, index change) for the slot's tile sliding there
    steps = [[tuple((1 << nb, (nb - cell) << shift) for nb in adjacency[cell]) for cell in range(n)]
             for shift in shifts]
    regions: dict[int, int] = {}

    def region_of(occupied: int, cell: int) -> int:
        """The cells the blank reaches from `cell` without crossing a pattern tile."""
        free = full & ~occupied
        region = todo = 1 << cell
        while todo:
            low = todo & -todo
            todo ^= low
            new = neighbours[low.bit_length() - 1] & free & ~region
            region |= new
            todo |= new
        return region

    frontier = {sum(cell << shift for cell, shift in zip(cells, shifts, strict=True)): 1 << blank_goal}
    cost = 0
    placed = 0
    while frontier:
        following: dict[int, int] = {}
        get = following.get
        countdown = PROGRESS_EVERY
        for index, blanks in frontier.items():
            countdown -= 1
            if not countdown:
                countdown = PROGRESS_EVERY
                yield progress(done + placed, done + placed, time.perf_counter() - clock, depth=None,
                               phase="pattern database", pattern=list(cells))
            old = reached[index]
            fresh = blanks & ~old
            if not fresh:
                continue
            occupied = 0
            where = []
            for shift in shifts:
                cell = (index >> shift) & mask
                where.append(cell)
                occupied |= 1 << cell
            region = 0
            while fresh:   # the regions of the blank's new cells
                low = fresh & -fresh
                key = (occupied << 6) | (low.bit_length() - 1)
                found = regions.get(key)
                if found is None:
                    found = regions[key] = region_of(occupied, low.bit_length() - 1)
                region |= found
                fresh &= ~found
            if not old:
                table[index] = cost
                placed += 1
            reached[index] = old | region
            for cell, slides in zip(where, steps, strict=True):
                vacated = 1 << cell
                for target, delta in slides[cell]:
                    if region & target:   # the tile slides into the blank's region; the blank takes its cell
                        nxt = index + delta
                        if not reached[nxt] & vacated:   # else that blank region was closed already
                            following[nxt] = get(nxt, 0) | vacated
        frontier = following
        cost += 1
    return table
