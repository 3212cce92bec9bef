"""The lower bound a request chooses (`bound`): which bounds apply where, and the bound of one state for A*.

- `none`: nothing (0); A* is then uniform-cost search, IDA* plain iterative deepening.
- `misplaced`: tiles off their goal cell (numbered tiles: distinct, one blank, a complete goal).
- `manhattan`: each piece's steps to its goal cell; every board (duplicates and blocks: to the
  nearest goal place of their kind).
- `linear-conflict`: Manhattan + 2 per tile that must leave its row or column to let another
  pass (numbered tiles on a full rectangle).
- `pdb`: Manhattan + the excess of an additive pattern database (numbered tiles on a board with
  stored tables, the 15-puzzle, or of at most 25 cells: built in the process).

Breadth-first, bidirectional and plain iterative deepening use no bound, and the fast solver
has its own: a bound is refused there by name. IDA* runs the tile kernel with the bound by name
(`pzl.sliding.engines.tiles`); A* calls `state_bound`, which evaluates a bound on one packed state
from scratch.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import getitem
from typing import Any

from pzl.errors import PuzzleError
from pzl.sliding.engines.tiles import longest_increasing
from pzl.sliding.task import Puzzle

#: Every bound a request may name, weakest first.
BOUNDS = ("none", "misplaced", "manhattan", "linear-conflict", "pdb")
#: The algorithms that take a bound.
BOUNDED = ("astar", "ida")
#: Boards up to this many cells get a pattern database built in the process (beyond, only stored tables).
PDB_MAX_CELLS = 25


def check_bound(bound: str | None, algorithm: str, puzzle: Puzzle, metric: str = "step") -> str | None:
    """The request's `bound` as read (None: the algorithm's default), refused by name where it does not apply.

    `metric` is the move count searched (whole slides take the bounds none, misplaced and, for
    straight slides, manhattan)."""
    if bound is None:
        return None
    if algorithm not in BOUNDED:
        what = {"bfs": "breadth-first search", "bidirectional": "bidirectional search",
                "iddfs": "iterative deepening (IDA* is iterative deepening with a bound: use ida)",
                "fast": "the fast solver (it reports its own lower bound)",
                "auto": "auto (it chooses the algorithm and its bound; choose ida or astar to pick one)"}
        raise PuzzleError(f"a lower bound applies to ida and astar only; {what.get(algorithm, algorithm)} "
                          "uses none")
    why = why_not(puzzle, bound, metric)
    if why:
        raise PuzzleError(why)
    return bound


def why_not(puzzle: Puzzle, bound: str, metric: str = "step") -> str | None:
    """Why `bound` does not apply to this puzzle when moves are counted by `metric` (None: it does).

    Whole slides: `misplaced` counts goal places no piece of their kind holds (a move fills at most
    one); `manhattan` (straight slides only) adds one for a lone piece off both its goal row and column.
    """
    if metric != "step":
        if bound in ("none", "misplaced") or (bound, metric) == ("manhattan", "straight"):
            return None
        if bound == "manhattan":
            return ("in the piece count a move takes a piece anywhere it can reach, so distance bounds nothing: "
                    "use the bound misplaced (goal places not yet filled) or none")
        return (f"the {bound} bound counts one-cell moves; with {metric} moves use "
                + ("misplaced, manhattan or none" if metric == "straight" else "misplaced or none"))
    numbered = puzzle.distinct_tiles and not puzzle.goal_is_partial
    if bound in ("none", "manhattan"):
        return None
    if not numbered:
        return (f"the {bound} bound needs numbered tiles (distinct, one blank) and a complete goal; "
                "this puzzle takes the bounds none and manhattan")
    board = puzzle.board
    if bound == "linear-conflict" and not board.is_rectangle():
        return "linear conflict needs a full rectangular board (rows and columns without holes)"
    if bound == "pdb" and board.size > PDB_MAX_CELLS and not _stored_tables_fit(puzzle):
        return (f"no pattern database for this board: pzl builds them for boards of at most {PDB_MAX_CELLS} "
                "cells and ships tables for the 15-puzzle")
    return None


def _stored_tables_fit(puzzle: Puzzle) -> bool:
    from pzl.sliding.engines import tables

    return tables.spec_for(puzzle.board.adjacency, puzzle.goal.index(0)) is not None


def state_bound(puzzle: Puzzle, problem: Any, bound: str, database: Any = None) -> Callable[[Any], int]:
    """The bound of one state of `problem` (packed ints for numbered tiles), evaluated from scratch.

    `database` is the PatternDatabase for "pdb" (`pzl.sliding.engines.tables.pattern_database` gets it).
    """
    if bound == "none":
        return lambda state: 0
    if bound == "manhattan" or getattr(problem, "metric", "step") != "step":
        return problem.lower_bound   # whole slides: the problem carries the bound chosen
    goal = puzzle.goal
    home = [0] * (len(goal) + 1)   # home[code]: the goal cell of a tile code
    for cell, code in enumerate(goal):
        home[code] = cell
    unpack = problem.decode
    if bound == "misplaced":
        return lambda state: sum(1 for cell, code in enumerate(unpack(state)) if code and home[code] != cell)
    manhattan = problem.lower_bound
    if bound == "linear-conflict":
        conflict = _line_conflict(home, puzzle.board.rows, puzzle.board.cols)
        return lambda state: manhattan(state) + conflict(unpack(state))
    assert database is not None
    where = _slots(database)
    readings = []   # per board symmetry read: the cell map, and each tile code's (pattern, shift) or None
    for cell_map in database.symmetries_for(goal.index(0)):
        slots: list[tuple[int, int] | None] = [None] * len(home)
        for code in range(1, len(home)):
            slots[code] = where.get(cell_map[home[code]])
        readings.append((tuple(cell_map), slots))
    tables = database.tables
    patterns = len(database.patterns)

    def pdb(state: Any) -> int:
        codes = unpack(state)
        best = 0
        for cell_map, slots in readings:
            index = [0] * patterns
            for cell, code in enumerate(codes):
                slot = slots[code] if code else None
                if slot is not None:
                    index[slot[0]] += cell_map[cell] << slot[1]
            best = max(best, sum(map(getitem, tables, index)))
        return manhattan(state) + best

    return pdb


def _line_conflict(home: list[int], rows: int, cols: int) -> Callable[[tuple[int, ...]], int]:
    """Linear conflict's addition to Manhattan for codes per cell (as `pzl.sliding.engines.tiles.linear_conflict`)."""
    goal_row = [cell // cols for cell in home]
    goal_col = [cell % cols for cell in home]

    def conflict(codes: tuple[int, ...]) -> int:
        extra = 0
        for r in range(rows):
            ranks = [goal_col[code] for code in codes[r * cols:(r + 1) * cols] if code and goal_row[code] == r]
            if len(ranks) > 1:
                extra += 2 * (len(ranks) - longest_increasing(ranks))
        for c in range(cols):
            ranks = [goal_row[code] for code in codes[c::cols] if code and goal_col[code] == c]
            if len(ranks) > 1:
                extra += 2 * (len(ranks) - longest_increasing(ranks))
        return extra

    return conflict


def _slots(database: Any) -> dict[int, tuple[int, int]]:
    """Goal cell -> (pattern, bit shift of its tile in the pattern's index)."""
    bits = database.bits
    return {cell: (p, bits * slot) for p, cells in enumerate(database.patterns) for slot, cell in enumerate(cells)}
