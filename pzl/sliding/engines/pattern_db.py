"""Additive pattern databases for distinct-tile puzzles: what they hold, how they are built, how they are read.

A database splits the tiles into disjoint patterns (given by their goal cells). A pattern's
table holds, for every placement of its tiles, the fewest moves *of those tiles* that bring
them home, the other tiles being indistinguishable and their moves free. Every move moves
one tile of one pattern, so the values of disjoint patterns add up to an admissible bound.

Tables are stored as the **excess over the Manhattan distance** of the pattern's tiles
(value minus the sum of their distances to their goal cells; never negative, even on a grid
board). The search keeps the Manhattan distance of the whole board anyway, so the bound is
Manhattan + the sum of the excesses, and the excess fits in 4 bits where the value would not
(see `pzl.sliding.engines.pdb_file`). A table is indexed sparsely: `bits` bits per tile, the cell of
the pattern's first tile in the lowest bits, so a move changes the index by a precomputed
delta; entries of impossible indices (two tiles on one cell) are never read.

Built breadth-first in pure Python (`build`, kept per process), or loaded from a shipped
file (`pzl.sliding.engines.tables`).
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import perm
from typing import Any

from pzl.errors import PositionError
from pzl.events import Event, progress
from pzl.search.problem import PROGRESS_EVERY

Adjacency = Sequence[Sequence[int]]

#: Largest sparse table built in a process (index bits): 5 tiles of a 4 x 4 board. Bigger tables are
#: made once by `python build.py tables` or `python -m pzl tables --build` and loaded from files.
INDEX_BITS = 20
#: Most tiles in one pattern built in a process.
MAX_PATTERN = 5
#: How many databases a process keeps.
KEEP = 4

_BUILT: dict[tuple, PatternDatabase] = {}


@dataclass(frozen=True, slots=True)
class View:
    """A database read through one board symmetry: the start's code per pattern, their table entries summed (the
    start's bound minus Manhattan), and each move's change.

    `change[t][a][b]` is None for a tile id outside every pattern, else (pattern, index delta)
    for tile id t sliding from cell a to cell b.
    """

    codes: tuple[int, ...]
    excess: int
    change: Any


@dataclass(frozen=True, slots=True)
class Reading:
    """A database read for one start (`PatternDatabase.read_start`): the symmetries read (the identity first) and the
    view through each."""

    database: PatternDatabase
    maps: tuple[tuple[int, ...], ...]
    views: tuple[View, ...]


class PatternDatabase:
    """Disjoint tile patterns and, per pattern, a table of the excess over Manhattan (see the module doc)."""

    def __init__(self, adjacency: Adjacency, patterns: Sequence[Sequence[int]], tables: Sequence[Any],
                 blank_goal: int, seconds: float = 0.0, source: str = "built in this process") -> None:
        self.adjacency = tuple(tuple(cells) for cells in adjacency)
        self.patterns = tuple(tuple(cells) for cells in patterns)
        self.tables = list(tables)
        self.blank_goal = blank_goal
        self.bits = index_bits(len(adjacency))
        self.seconds = seconds   # time the build or the load took
        self.source = source     # where it came from, in words
        self.readings = 2        # how many symmetric readings a search takes the larger of (1: direct only)

    @property
    def bytes(self) -> int:
        """Memory held by the tables."""
        return sum(len(table) for table in self.tables)

    @property
    def name(self) -> str:
        """The partition in words, e.g. '6-6-3'."""
        return "-".join(str(len(cells)) for cells in self.patterns)

    def symmetries_for(self, blank_goal: int) -> list[tuple[int, ...]]:
        """Cell maps that carry a board whose blank goes home to `blank_goal` onto this database's board.

        Board symmetries (rotations and reflections of a rectangle) that take `blank_goal` to the
        database's blank goal cell, the identity first; each one read gives an admissible bound, so
        the search takes the larger of the first two (the second is the diagonal mirror of the
        15-puzzle with its blank home in a corner). Empty when no symmetry fits.
        """
        maps = [m for m in board_symmetries(self.adjacency) if m[blank_goal] == self.blank_goal]
        return maps[:self.readings]

    def with_readings(self, readings: int) -> PatternDatabase:
        """The same tables read at most `readings` ways (1: no mirror; for measuring what the mirror gains)."""
        other = PatternDatabase(self.adjacency, self.patterns, self.tables, self.blank_goal, self.seconds, self.source)
        other.readings = readings
        return other

    def read_start(self, board: Sequence[int], home: Sequence[int], adjacency: Adjacency, blank_goal: int) -> Reading:
        """This database read for a start of tile ids (0 blank) whose goal cells are `home[id]`, on the board of
        `adjacency` with the blank home at `blank_goal`: a view through each symmetry read (`symmetries_for`).

        A PositionError when the database is for another board or blank goal.
        """
        maps = self.symmetries_for(blank_goal) if tuple(map(tuple, adjacency)) == self.adjacency else []
        if not maps:
            raise PositionError(f"the pattern database given is for another board or blank goal ({self.name})")
        return Reading(self, tuple(maps), tuple(self.view(board, home, m) for m in maps))

    def view(self, board: Sequence[int], home: Sequence[int], cell_map: Sequence[int]) -> View:
        """The database read through `cell_map` for a board of tile ids (0 blank) whose goal cells are `home[id]`.

        Tile t on cell c is read as the tile whose goal is cell_map[home[t]], standing on cell_map[c].
        """
        bits = self.bits
        m = tuple(cell_map)
        where = {cell: (p, bits * slot) for p, cells in enumerate(self.patterns) for slot, cell in enumerate(cells)}
        codes = [0] * len(self.patterns)
        for cell, tile in enumerate(board):
            if tile:
                p, shift = where[m[home[tile]]]
                codes[p] += m[cell] << shift
        n = len(self.adjacency)
        change: list[Any] = []
        for tile in range(len(home)):
            slot = where.get(m[home[tile]]) if tile else None
            if slot is None:
                change.append(None)
                continue
            p, shift = slot
            change.append([[(p, (m[b] - m[a]) << shift) for b in range(n)] for a in range(n)])
        return View(tuple(codes), sum(table[code] for table, code in zip(self.tables, codes, strict=True)), change)


def index_bits(cells: int) -> int:
    """Bits per tile in a sparse index: enough for any cell number."""
    return max(1, (cells - 1).bit_length())


def board_symmetries(adjacency: Adjacency) -> list[tuple[int, ...]]:
    """The rotations and reflections of a full rectangular board as cell maps (the identity first).

    Only the identity for any other board. Each map is checked to keep every adjacency.
    """
    return list(_symmetries(tuple(map(tuple, adjacency))))


@lru_cache(maxsize=16)
def _symmetries(adjacency: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    n = len(adjacency)
    identity = tuple(range(n))
    found = [identity]
    edges = {(a, b) for a in range(n) for b in adjacency[a]}
    for rows in range(1, n + 1):
        if n % rows:
            continue
        cols = n // rows
        grid = {(a, b) for a in range(n) for b in grid_neighbours(a, rows, cols)}
        if grid != edges:
            continue
        for transform in _rectangle_maps(rows, cols):
            m = tuple(transform)
            if m not in found and {(m[a], m[b]) for a, b in edges} == edges:
                found.append(m)
        break
    return tuple(found)


def grid_neighbours(cell: int, rows: int, cols: int) -> list[int]:
    r, c = divmod(cell, cols)
    return [r2 * cols + c2 for r2, c2 in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
            if 0 <= r2 < rows and 0 <= c2 < cols]


def _rectangle_maps(rows: int, cols: int) -> Iterator[list[int]]:
    """The transposition first (when square), then the other candidate symmetries of a rows x cols grid."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    moves = [lambda r, c: (c, r), lambda r, c: (cols - 1 - c, rows - 1 - r)] if rows == cols else []
    moves += [lambda r, c: (rows - 1 - r, cols - 1 - c), lambda r, c: (r, cols - 1 - c),
              lambda r, c: (rows - 1 - r, c)]
    if rows == cols:
        moves += [lambda r, c: (c, rows - 1 - r), lambda r, c: (cols - 1 - c, r)]
    for move in moves:
        yield [rr * cols + cc for rr, cc in (move(r, c) for r, c in cells)]


def placements(cells: int, patterns: Sequence[Sequence[int]]) -> int:
    """How many placements the tables of `patterns` hold on a board of `cells` cells (the build's cost)."""
    return sum(perm(cells, len(pattern)) for pattern in patterns)


def default_patterns(adjacency: Adjacency, blank_goal: int, size: int | None = None) -> list[list[int]]:
    """A partition of the goal cells (all but the blank's) into compact patterns of at most MAX_PATTERN tiles.

    Patterns grow breadth-first from the first free cell in cell order, so on the 4 x 4 board
    with the blank home in the corner they are the three 5-tile blocks
    {1 2 3 5 6}, {4 7 8 11 12}, {9 10 13 14 15} of the goal.
    """
    n = len(adjacency)
    size = size or max(1, min(MAX_PATTERN, INDEX_BITS // index_bits(n)))
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


def build(adjacency: Adjacency, patterns: Sequence[Sequence[int]], blank_goal: int, *, nodes: int = 0,
          clock: float | None = None) -> Iterator[Event]:
    """Build (or fetch from this process's cache) a database; yields progress, returns the PatternDatabase.

    Cost: one breadth-first search per pattern over its placements and the blank's regions
    (16·15·14·13·12 = 524,160 placements for a 5-tile pattern of the 15-puzzle; about 3 s each
    in CPython), a `2**(bits*tiles)`-byte table each plus a transient table of blank cells.
    Progress events say `"phase": "pattern database"` and carry `nodes` (unchanged: the search's
    count so far) and `seconds` since `clock`, so a request's figures never go back.
    """
    key = (tuple(map(tuple, adjacency)), tuple(map(tuple, patterns)), blank_goal)
    if key in _BUILT:
        return _BUILT[key]
    started = time.perf_counter()
    clock = started if clock is None else clock
    tables = yield from pattern_tables(adjacency, patterns, blank_goal, lambda placed, total: progress(
        nodes, 0, time.perf_counter() - clock, depth=None, phase="pattern database", placements=placed, of=total))
    database = PatternDatabase(adjacency, patterns, tables, blank_goal, time.perf_counter() - started)
    while len(_BUILT) >= KEEP:   # a few megabytes each: keep the latest few
        del _BUILT[next(iter(_BUILT))]
    _BUILT[key] = database
    return database


def pattern_tables(adjacency: Adjacency, patterns: Sequence[Sequence[int]], blank_goal: int,
                   report: Callable[[int, int], Event]) -> Iterator[Event]:
    """Every pattern's table, built one after the other; `report(placements done, of all)` makes the progress events."""
    total = placements(len(adjacency), patterns)
    done = 0
    tables = []
    for cells in patterns:
        table = yield from pattern_table(adjacency, cells, blank_goal, lambda placed, done=done: report(done + placed,
                                                                                                       total))
        done += perm(len(adjacency), len(cells))
        tables.append(table)
    return tables


def pattern_table(adjacency: Adjacency, cells: Sequence[int], blank_goal: int,
                  report: Any = None) -> Iterator[Event]:
    """One pattern's table: the excess over Manhattan of the fewest pattern-tile moves home, per placement.

    Breadth-first over (placement, the blank's region): a move of a pattern tile costs 1; the
    blank wanders through the cells the pattern leaves free at no cost, so a state carries the
    set of cells the blank can reach, found by a flood fill (kept per occupancy). The goal
    state is the goal placement with the blank in the region of its goal cell. Entries of
    impossible indices are left at 255. `report(placed)` makes the progress events.
    """
    n = len(adjacency)
    bits = index_bits(n)
    mask = (1 << bits) - 1
    k = len(cells)
    distance = _distances(adjacency)
    neighbours = [sum(1 << nb for nb in adjacency[cell]) for cell in range(n)]
    full = (1 << n) - 1
    table = bytearray(b"\xff") * (1 << (bits * k))
    reached = array("H" if n <= 16 else "Q", bytes((2 if n <= 16 else 8) << (bits * k)))  # blank cells seen
    shifts = [bits * slot for slot in range(k)]
    # home[slot][cell]: the slot's tile's distance home from cell
    home = [[distance[cell][goal] for cell in range(n)] for goal in cells]
    # steps[slot][cell]: (neighbour's bit, index change) for the slot's tile sliding there
    steps = [[tuple((1 << nb, (nb - cell) << shift) for nb in adjacency[cell]) for cell in range(n)]
             for shift in shifts]
    slots = list(zip(shifts, home, steps, strict=True))
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
    countdown = PROGRESS_EVERY   # counted across layers: a small board's short layers report too
    while frontier:
        following: dict[int, int] = {}
        get = following.get
        for index, blanks in frontier.items():
            countdown -= 1
            if not countdown:
                countdown = PROGRESS_EVERY
                if report is not None:
                    yield report(placed)
            old = reached[index]
            fresh = blanks & ~old
            if not fresh:
                continue
            occupied = 0
            for shift in shifts:
                occupied |= 1 << ((index >> shift) & mask)
            region = 0
            while fresh:   # the regions of the blank's new cells
                low = fresh & -fresh
                key = (occupied << 6) | (low.bit_length() - 1)
                found = regions.get(key)
                if found is None:
                    found = regions[key] = region_of(occupied, low.bit_length() - 1)
                region |= found
                fresh &= ~found
            reached[index] = old | region
            manhattan = 0
            for shift, distances, slides in slots:
                cell = (index >> shift) & mask
                manhattan += distances[cell]
                vacated = 1 << cell
                for target, delta in slides[cell]:
                    if region & target:   # the tile slides into the blank's region; the blank takes its cell
                        nxt = index + delta
                        if not reached[nxt] & vacated:   # else that blank region was closed already
                            following[nxt] = get(nxt, 0) | vacated
            if not old:
                table[index] = cost - manhattan
                placed += 1
        frontier = following
        cost += 1
    return table


def _distances(adjacency: Adjacency) -> list[list[int]]:
    """Steps between every two cells (breadth-first from each)."""
    n = len(adjacency)
    table = []
    for source in range(n):
        dist = [-1] * n
        dist[source] = 0
        queue = [source]
        for cell in queue:
            for nb in adjacency[cell]:
                if dist[nb] < 0:
                    dist[nb] = dist[cell] + 1
                    queue.append(nb)
        table.append(dist)
    return table
