"""Additive pattern databases for distinct-tile puzzles: a stronger lower bound than Manhattan for the 15-puzzle.

Built breadth-first in pure Python when first needed (there is no disk cache in the browser) and kept per process.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import Any

from pzl.events import Event, progress
from pzl.search.problem import PROGRESS_EVERY

#: Largest sparse table per pattern (bytes): bits-per-cell x tiles must stay within this many bits.
INDEX_BITS = 20
#: Most tiles in one pattern.
MAX_PATTERN = 5

_BUILT: dict[tuple, PatternDatabase] = {}


class PatternDatabase:
    """Disjoint tile patterns (given by their goal cells) and, per pattern, the fewest moves of its own tiles.

    A pattern's table is indexed by the cells its tiles stand on (`bits` bits per tile, the
    pattern's first goal cell in the lowest bits) and holds the fewest moves of those tiles
    that bring them home when every other cell is free to enter: a relaxation of the real
    puzzle (the blank's position is ignored), so the moves counted for disjoint patterns add
    up to an admissible bound that is never below the Manhattan distance.
    """

    def __init__(self, adjacency: Sequence[Sequence[int]], patterns: Sequence[Sequence[int]],
                 tables: list[bytearray], seconds: float) -> None:
        self.adjacency = tuple(tuple(cells) for cells in adjacency)
        self.patterns = tuple(tuple(cells) for cells in patterns)
        self.tables = tables
        self.bits = max(1, (len(adjacency) - 1).bit_length())
        self.seconds = seconds   # time the build took

    @property
    def bytes(self) -> int:
        """Memory held by the tables."""
        return sum(len(table) for table in self.tables)

    def lower_bound(self, board: Sequence[int], home: Sequence[int]) -> int:
        """The bound for a board of tile ids (0 blank) whose goal cells are `home[id]`."""
        groups = self.groups_for(board, home)
        return sum(table[code] for table, code in zip(groups.tables, groups.codes, strict=True))

    def groups_for(self, board: Sequence[int], home: Sequence[int]) -> Any:
        """The tables in the form the grouped IDA* kernel of `pzl.sliding.tiles` takes."""
        from pzl.sliding.tiles import Groups

        bits = self.bits
        where = {cell: (p, slot) for p, cells in enumerate(self.patterns) for slot, cell in enumerate(cells)}
        placed = [0] * len(self.patterns)
        for cell, tile in enumerate(board):
            if tile:
                p, slot = where[home[tile]]
                placed[p] += cell << (bits * slot)

        def change(tile: int, a: int, b: int) -> tuple[int, int, int, int]:
            p, slot = where[home[tile]]
            return (p, (b - a) << (bits * slot), p, 0)

        return Groups(self.tables, placed, change, ("patterns", self.patterns))


def default_patterns(adjacency: Sequence[Sequence[int]], blank_goal: int) -> list[list[int]]:
    """A partition of the goal cells (all but the blank's) into compact patterns of at most MAX_PATTERN tiles.

    Patterns grow breadth-first from the first free cell in cell order, so on the 4 x 4 board
    with the blank home in the corner they are the three 5-tile blocks
    {1 2 3 5 6}, {4 7 8 11 12}, {9 10 13 14 15} of the goal.
    """
    n = len(adjacency)
    bits = max(1, (n - 1).bit_length())
    size = max(1, min(MAX_PATTERN, INDEX_BITS // bits))
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


def build(adjacency: Sequence[Sequence[int]], patterns: Sequence[Sequence[int]]) -> Iterator[Event]:
    """Build (or fetch from this process's cache) a database; yields progress, returns the PatternDatabase.

    Cost: one breadth-first search per pattern over its placements (16·15·14·13·12 = 524,160
    for a 5-tile pattern of the 15-puzzle), a `2**(bits*tiles)`-byte table each.
    """
    key = (tuple(map(tuple, adjacency)), tuple(map(tuple, patterns)))
    if key in _BUILT:
        return _BUILT[key]
    clock = time.perf_counter()
    tables = []
    done = 0
    for cells in patterns:
        table = yield from _pattern_table(adjacency, cells, clock, done)
        done += sum(1 for value in table if value != 255)
        tables.append(table)
    database = PatternDatabase(adjacency, patterns, tables, time.perf_counter() - clock)
    _BUILT[key] = database
    return database


def _pattern_table(adjacency: Sequence[Sequence[int]], cells: Sequence[int], clock: float,
                   done: int) -> Iterator[Event]:
    """Breadth-first from the pattern's goal placement; returns the table (255 = placement not reached)."""
    n = len(adjacency)
    bits = max(1, (n - 1).bit_length())
    mask = (1 << bits) - 1
    k = len(cells)
    table = bytearray(b"\xff") * (1 << (bits * k))
    # steps[slot][cell]: (neighbour bit, index delta) for the slot's tile moving from cell to a neighbour
    steps = [[tuple((1 << nb, (nb - cell) << (bits * slot)) for nb in adjacency[cell]) for cell in range(n)]
             for slot in range(k)]
    shifts = [bits * slot for slot in range(k)]
    slots = list(zip(shifts, steps, strict=True))
    start = sum(cell << shift for cell, shift in zip(cells, shifts, strict=True))
    table[start] = 0
    frontier = [start]
    depth = 0
    seen = 1
    while frontier:
        depth += 1
        following = []
        add = following.append
        for first in range(0, len(frontier), PROGRESS_EVERY):
            for index in frontier[first:first + PROGRESS_EVERY]:
                occupied = 0
                for shift in shifts:
                    occupied |= 1 << ((index >> shift) & mask)
                for shift, moves in slots:
                    for bit, delta in moves[(index >> shift) & mask]:
                        if not occupied & bit:
                            nxt = index + delta
                            if table[nxt] == 255:
                                table[nxt] = depth
                                add(nxt)
            yield progress(done + seen + len(following), done + seen + len(following), time.perf_counter() - clock,
                           depth=None, phase="pattern database", pattern=list(cells))
        seen += len(following)
        frontier = following
    return table
