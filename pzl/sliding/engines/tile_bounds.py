"""The lower bounds the IDA* kernel takes, by name: each one's start values, codes and per-move updates.

Every bound is the Manhattan distance (graph distance on a mask) plus something kept by
integer codes and tables:

| name | what is added | values per node |
|---|---|---|
| `misplaced` | (instead of Manhattan) 1 per tile off its goal cell: the weakest bound | h |
| `manhattan` | nothing | h |
| `linear-conflict` | 2 per tile that must leave its line to let others pass (full rectangles) | h |
| `pdb` | a pattern database's excess over Manhattan, summed over its patterns | h |
| `pdb` + mirror | the larger of two readings of a database (the 15-puzzle's diagonal mirror) | a, b |

The second reading goes through a board symmetry that keeps the blank's goal cell.

A move entry `x` (precomputed per blank cell, previous blank cell and tile) carries the
Manhattan change first, then the codes it changes and the table that scores them, so a child
costs a few list and tuple reads (`pzl.sliding.engines.ida_kernel`). `prepare` returns a
`PreparedBound`; issue-13's `--bound` option maps straight onto `BOUNDS`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pzl.sliding.engines.ida_kernel import Snippets
from pzl.sliding.engines.pattern_db import Reading

Adjacency = Sequence[Sequence[int]]
Distances = Sequence[Sequence[int]]

#: The names a caller may ask for (plus "auto", resolved by `pzl.sliding.engines.tiles`).
BOUNDS = ("misplaced", "manhattan", "linear-conflict", "pdb")
#: Largest per-line table (entries) for linear conflict; bigger boards go without it.
MAX_LINE_TABLE = 1 << 16

MANHATTAN = Snippets(("h",), "h = p_h + x\nif h > limit:\n    continue")
#: One code whose table scores the move (x = (manhattan change, code, its change, table[, code, change])).
_SCORED = ("c = codes[x[1]]\ntable = x[3]\nh = p_h + x[0] + table[c + x[2]] - table[c]\n"
           "if h > limit:\n    continue")
TABLE_SUM = Snippets(("h",), _SCORED, "codes[x[1]] += x[2]", "codes[y[1]] -= y[2]")
#: Linear conflict: a move changes the code of the line that can score and may shift the other line's code.
LINES = Snippets(("h",), _SCORED, "codes[x[1]] += x[2]\ncodes[x[4]] += x[5]",
                 "codes[y[1]] -= y[2]\ncodes[y[4]] -= y[5]")
#: Two readings of a database (x = (manhattan change, code, change, table, code, change, table)).
TABLE_MAX = Snippets(
    ("a", "b"),
    "m = x[0]\nc = codes[x[1]]\ntable = x[3]\na = p_a + m + table[c + x[2]] - table[c]\nif a > limit:\n    continue\n"
    "c = codes[x[4]]\ntable = x[6]\nb = p_b + m + table[c + x[5]] - table[c]\nif b > limit:\n    continue",
    "codes[x[1]] += x[2]\ncodes[x[4]] += x[5]", "codes[y[1]] -= y[2]\ncodes[y[4]] -= y[5]")


#: What the name of a pattern-database bound adds to "pdb": its partition, and the mirror's second reading.
PDB, MIRROR = "pdb", " + mirror"


@dataclass
class PreparedBound:
    """A bound set up for one start: what the kernel needs, and its name for the outcome."""

    name: str                 # e.g. "manhattan", "linear-conflict", "pdb 6-6-3 + mirror"
    snippets: Snippets
    top: tuple[int, ...]      # the start's values (the bound is their maximum)
    codes: list[int]
    moves: list               # moves[z][previous blank cell or n] -> ((next blank cell, entries by tile id), ...)

    @property
    def value(self) -> int:
        """The start's lower bound."""
        return max(self.top)


def prepare(name: str | None, board: list[int], home: list[int], adjacency: Adjacency, distances: Distances,
            rows_cols: tuple[int, int] | None = None, reading: Reading | None = None) -> PreparedBound:
    """The bound the kernel runs with: `misplaced` by that name; else a pattern database's, read for this start,
    when one is given; else linear conflict on a full rectangle (`rows_cols`) where its line tables fit; else
    Manhattan."""
    if name == "misplaced":
        return misplaced_bound(board, home, adjacency)
    if reading is not None:
        return pattern_bound(board, home, adjacency, distances, reading)
    if rows_cols is not None:
        prepared = linear_conflict_bound(board, home, adjacency, distances, *rows_cols)
        if prepared is not None:
            return prepared
    return manhattan_bound(board, home, adjacency, distances)


def misplaced_bound(board: list[int], home: list[int], adjacency: Adjacency) -> PreparedBound:
    """The number of tiles off their goal cell (a move puts at most one tile home)."""
    h0 = sum(1 for cell, t in enumerate(board) if t and cell != home[t])
    moves = move_table(adjacency, ("misplaced",), lambda t, a, b: (b != home[t]) - (a != home[t]))
    return PreparedBound("misplaced", MANHATTAN, (h0,), [], moves)


def manhattan_bound(board: list[int], home: list[int], adjacency: Adjacency, distances: Distances) -> PreparedBound:
    """The sum over tiles of their (graph) distances home."""
    h0 = _manhattan(board, home, distances)
    moves = move_table(adjacency, ("manhattan", _key(distances)),
                       lambda t, a, b: distances[b][home[t]] - distances[a][home[t]])
    return PreparedBound("manhattan", MANHATTAN, (h0,), [], moves)


def linear_conflict_bound(board: list[int], home: list[int], adjacency: Adjacency, distances: Distances,
                          rows: int, cols: int) -> PreparedBound | None:
    """Manhattan + linear conflict on a full rows x cols rectangle (None when its line tables would be too big)."""
    base = max(rows, cols) + 1
    if base ** max(rows, cols) > MAX_LINE_TABLE:
        return None
    lines = [tuple(r * cols + c for c in range(cols)) for r in range(rows)]
    lines += [tuple(r * cols + c for r in range(rows)) for c in range(cols)]
    tables = [_conflict_table(len(cells), base) for cells in lines]
    dummy = len(lines)   # a code no move scores, for tiles whose move changes no line
    tables.append(b"\0")

    def contribution(line: int, tile: int, cell: int) -> int:
        """A tile's digit in a line's code: its goal rank + 1, at its place in the line."""
        cells = lines[line]
        if home[tile] not in cells or cell not in cells:
            return 0
        return (cells.index(home[tile]) + 1) * base ** cells.index(cell)

    def entry(tile: int, a: int, b: int) -> tuple:
        step = distances[b][home[tile]] - distances[a][home[tile]]
        row_line, col_line = home[tile] // cols, rows + home[tile] % cols
        d_row = contribution(row_line, tile, b) - contribution(row_line, tile, a)
        d_col = contribution(col_line, tile, b) - contribution(col_line, tile, a)
        if a // cols == b // cols:   # a horizontal move keeps the row's order: only the column can score
            row_line, d_row, col_line, d_col = col_line, d_col, row_line, d_row
        if not d_row and not d_col:
            return (step, dummy, 0, tables[dummy], dummy, 0)
        return (step, row_line, d_row, tables[row_line], col_line, d_col)

    codes = [sum(contribution(line, t, cell) for cell, t in enumerate(board) if t) for line in range(len(lines))]
    h0 = _manhattan(board, home, distances) + sum(table[code] for table, code in zip(tables, codes, strict=False))
    moves = move_table(adjacency, ("lines", rows, cols, _key(distances)), entry)
    return PreparedBound("linear-conflict", LINES, (h0,), [*codes, 0], moves)


@lru_cache(maxsize=16)
def _conflict_table(length: int, base: int) -> bytes:
    """Linear conflict of one line for every code: 2 x (tiles present - longest increasing run of ranks).

    Built a place of the line at a time from the codes of the places before it, each code keeping the
    patience-sorting tails of its ranks (the least last rank of an increasing run of each length): one
    bisection a code, about 8 times quicker than a run search per code (5 x 5: 7,776 codes, 40 → 5 ms), so
    that the windows' first preparation fits in a page's slice."""
    tails: list[tuple[int, ...]] = [()]
    present = [0]
    for _ in range(length):   # the line's next place
        grown_tails, grown_present = list(tails), list(present)   # digit 0: no tile of this line here
        for digit in range(1, base):
            for code, before in enumerate(tails):
                at = bisect_left(before, digit)
                grown_tails.append((*before[:at], digit, *before[at + 1:]))
                grown_present.append(present[code] + 1)
        tails, present = grown_tails, grown_present
    return bytes(2 * (count - len(run)) for count, run in zip(present, tails, strict=True))


def pattern_bound(board: list[int], home: list[int], adjacency: Adjacency, distances: Distances,
                  reading: Reading) -> PreparedBound:
    """Manhattan + a database's excess, read directly and, where a symmetry allows, mirrored (the larger counts)."""
    database, views = reading.database, reading.views
    h0 = _manhattan(board, home, distances)
    shift = len(database.patterns)
    tables = database.tables
    key = ("pdb", id(database), reading.maps, _key(distances))
    name = f"{PDB} {database.name}"
    if len(views) == 1:
        change = views[0].change

        def entry(t: int, a: int, b: int) -> tuple | None:
            if change[t] is None:
                return None
            g, delta = change[t][a][b]
            return (distances[b][home[t]] - distances[a][home[t]], g, delta, tables[g])

        return PreparedBound(name, TABLE_SUM, (h0 + views[0].excess,), list(views[0].codes),
                             move_table(adjacency, key, entry))
    first, second = views[0].change, views[1].change

    def entry2(t: int, a: int, b: int) -> tuple | None:
        if first[t] is None:
            return None
        g, delta = first[t][a][b]
        g2, delta2 = second[t][a][b]
        return (distances[b][home[t]] - distances[a][home[t]], g, delta, tables[g], g2 + shift, delta2, tables[g2])

    top = (h0 + views[0].excess, h0 + views[1].excess)
    return PreparedBound(name + MIRROR, TABLE_MAX, top, [*views[0].codes, *views[1].codes],
                         move_table(adjacency, key, entry2))


def _manhattan(board: list[int], home: list[int], distances: Distances) -> int:
    return sum(distances[cell][home[t]] for cell, t in enumerate(board) if t)


def _key(distances: Distances) -> tuple:
    return tuple(map(tuple, distances))


_MOVES: dict[Any, list] = {}


def move_table(adjacency: Adjacency, key: Any, entry: Callable[[int, int, int], Any]) -> list:
    """moves[z][p]: the blank's next cells from z when it came from p (p = n: no previous move).

    Each item is (next cell, entries by tile id), the entry being entry(tile, next cell, z):
    the tile that slides from the next cell into z. Tile ids are goal cells + 1 (0 the blank),
    so a table depends on the board and the bound only, and is kept per `key`.
    """
    full_key = (tuple(map(tuple, adjacency)), key)
    if full_key in _MOVES:
        return _MOVES[full_key]
    n = len(adjacency)
    table = []
    for z in range(n):
        by_previous: list[tuple] = []
        for p in [*range(n), n]:
            if p < n and p not in adjacency[z]:
                by_previous.append(())
                continue
            by_previous.append(tuple((nz, tuple(None if t == 0 else entry(t, nz, z) for t in range(n + 1)))
                                     for nz in adjacency[z] if nz != p))
        table.append(by_previous)
    if len(_MOVES) > 32:
        _MOVES.clear()
    _MOVES[full_key] = table
    return table
