"""Fast depth-first kernels for distinct tiles and one blank on any board: IDA* and plain deepening.

One mutable board with undo, precomputed move tables with per-tile cost deltas, an explicit stack.
Each lower bound has its own copy of the search loop (Manhattan, linear conflict, pattern
database, pattern database with its mirror), so that the bound's update is inlined in the innermost
loop instead of costing a function call per node.

Signatures (positions are tuples of labels in cell order, 0 = the blank):

    ida_star_tiles(start, goal, adjacency, distances=None, *, all_solutions=False, max_solutions=100,
                   linear_conflict=None, rows_cols=None, pattern_db="auto", max_depth=200) -> Search
    iddfs_tiles(start, goal, adjacency, *, all_solutions=False, max_solutions=100, max_depth=200) -> Search

`adjacency[cell]` lists the neighbour cells; `distances[a][b]` is the number of steps between two
cells in the board graph (`distance_table(adjacency)` when None; on a rectangle that is the
Manhattan distance). The lower bound is the sum of the tiles' distances to their goal cells;
`linear_conflict` (default: on when `rows_cols=(rows, cols)` says the board is a full rectangle)
adds the row and column conflicts. `pattern_db` chooses an additive pattern database
(`pzl.sliding.pattern_db`) instead: "auto" switches to it on boards of 10 to 25 cells once the
search proves long, True uses it from the start, None never, or pass a built `PatternDatabase`;
it is built with progress events and kept for the process. The caller decides solvability
first (parity): on an unsolvable position the search runs to `max_depth`. Results are
`SearchOutcome`s whose paths are lists of positions (tuples of labels).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Hashable, Sequence
from functools import lru_cache, wraps
from itertools import pairwise
from typing import Any

from pzl.errors import PositionError
from pzl.events import progress
from pzl.search.problem import PROGRESS_EVERY, Search, SearchOutcome

Position = tuple[Hashable, ...]
Adjacency = Sequence[Sequence[int]]

#: Largest per-line table (entries) for linear conflict; bigger boards go without it.
MAX_LINE_TABLE = 1 << 16


def distance_table(adjacency: Adjacency) -> tuple[tuple[int, ...], ...]:
    """Steps between every two cells of the board graph (breadth-first from each cell)."""
    n = len(adjacency)
    table = []
    for source in range(n):
        dist = [-1] * n
        dist[source] = 0
        queue = deque([source])
        while queue:
            cell = queue.popleft()
            for nb in adjacency[cell]:
                if dist[nb] < 0:
                    dist[nb] = dist[cell] + 1
                    queue.append(nb)
        table.append(tuple(dist))
    return tuple(table)


def manhattan(position: Position, goal: Position, distances: Sequence[Sequence[int]]) -> int:
    """The sum over tiles of the steps from their cell to their goal cell (the blank not counted)."""
    home = {label: cell for cell, label in enumerate(goal)}
    return sum(distances[cell][home[label]] for cell, label in enumerate(position) if label != 0)


def linear_conflict(position: Position, goal: Position, rows: int, cols: int) -> int:
    """Moves the Manhattan distance misses on a full rectangle: 2 per tile that must leave its line.

    In every row, the tiles whose goal is in that row but whose goal order is not kept need
    at least 2 vertical moves each beyond Manhattan (the fewest to take out is the row's
    tiles minus the longest increasing run of goal columns); columns likewise, horizontally.
    """
    home = {label: cell for cell, label in enumerate(goal)}
    extra = 0
    for r in range(rows):
        ranks = [home[label] % cols for label in position[r * cols:(r + 1) * cols]
                 if label != 0 and home[label] // cols == r]
        extra += 2 * (len(ranks) - _longest_increasing(ranks))
    for c in range(cols):
        ranks = [home[label] // cols for label in position[c::cols] if label != 0 and home[label] % cols == c]
        extra += 2 * (len(ranks) - _longest_increasing(ranks))
    return extra


def _longest_increasing(values: Sequence[int]) -> int:
    """Length of the longest strictly increasing subsequence (values are few)."""
    best: list[int] = []
    for i, v in enumerate(values):
        best.append(1 + max((best[j] for j in range(i) if values[j] < v), default=0))
    return max(best, default=0)


# ---------------------------------------------------------------------------------------------
# Preparation: internal tile ids (goal cell + 1, blank 0) and move tables.

def _prepare(start: Position, goal: Position, adjacency: Adjacency) -> tuple[list[int], int, list[int]]:
    """The start board as tile ids, its blank cell, and the goal cell of every id."""
    n = len(adjacency)
    if len(start) != n or len(goal) != n:
        raise PositionError(f"positions must have {n} cells, one per board cell")
    if list(goal).count(0) != 1 or list(start).count(0) != 1:
        raise PositionError("this solver needs exactly one blank (0) in the start and in the goal")
    if len(set(goal)) != n:
        raise PositionError("this solver needs distinct tiles; duplicates need the general solver")
    if set(start) != set(goal):
        raise PositionError("the start and the goal must hold the same tiles")
    ident = {label: cell + 1 for cell, label in enumerate(goal) if label != 0}
    ident[0] = 0
    board = [ident[label] for label in start]
    home = [max(tile - 1, 0) for tile in range(n + 1)]   # a tile's goal cell (the same for every goal)
    return board, board.index(0), home


def _moves(adjacency: Adjacency, distances: Sequence[Sequence[int]], extra: Any = None, key: Any = None) -> list:
    """moves[z][p]: the blank's next cells from z when it came from p (p = n: no previous move).

    Each entry is (next cell, cost delta by tile id[, extra by tile id]): moving tile t from
    the next cell into z changes the distance sum by delta[t]. Tile ids are goal cells + 1,
    so the tables depend on the board only and are kept per board (and `key`).
    """
    cache_key = (tuple(map(tuple, adjacency)), tuple(map(tuple, distances)), key)
    if cache_key in _MOVES:
        return _MOVES[cache_key]
    n = len(adjacency)
    table = []
    for z in range(n):
        by_previous = []
        for p in [*range(n), n]:
            if p < n and p not in adjacency[z]:
                by_previous.append(())
                continue
            entries = []
            for nz in adjacency[z]:
                if nz == p:
                    continue   # moving the tile just moved would undo it
                delta = tuple(0 if t == 0 else distances[z][t - 1] - distances[nz][t - 1] for t in range(n + 1))
                entries.append((nz, delta) if extra is None else (nz, delta, extra(nz, z)))
            by_previous.append(tuple(entries))
        table.append(by_previous)
    if len(_MOVES) > 32:
        _MOVES.clear()
    _MOVES[cache_key] = table
    return table


_MOVES: dict[Any, list] = {}


def _replay(start: Position, blanks: list[int]) -> list[Position]:
    """Positions along a path given as the blank's cells (the first is the start's blank)."""
    board = list(start)
    path = [tuple(board)]
    for a, b in pairwise(blanks):
        board[a], board[b] = board[b], board[a]
        path.append(tuple(board))
    return path


def _outcome(start: Position, found: list[list[int]], count: int, all_solutions: bool, nodes: int,
             bound: int, clock: float) -> SearchOutcome:
    """A SearchOutcome from the blank paths found in the last pass (none: path None)."""
    seconds = time.perf_counter() - clock
    if not found:
        return SearchOutcome(None, nodes=nodes, states=bound + 1, seconds=seconds)
    paths = [_replay(start, blanks) for blanks in found]
    return SearchOutcome(paths[0], nodes=nodes, states=bound + 1, seconds=seconds,
                         count=count if all_solutions else None, paths=paths if all_solutions else [])


def _listing(search: Any) -> Any:
    """`max_solutions` caps the list only: the kernels keep one path at least (their sign of success)."""
    @wraps(search)
    def capped(*args: Any, max_solutions: int = 100, **kwargs: Any) -> Search:
        outcome = yield from search(*args, max_solutions=max(max_solutions, 1), **kwargs)
        outcome.paths = outcome.paths[:max_solutions]
        return outcome
    return capped


# ---------------------------------------------------------------------------------------------
# IDA* with the (graph) Manhattan distance.

@_listing
def ida_star_tiles(start: Position, goal: Position, adjacency: Adjacency,
                   distances: Sequence[Sequence[int]] | None = None, *, all_solutions: bool = False,
                   max_solutions: int = 100, linear_conflict: bool | None = None,
                   rows_cols: tuple[int, int] | None = None, pattern_db: Any = "auto",
                   max_depth: int = 200) -> Search:
    """IDA* for distinct tiles: a shortest solution (all of them with `all_solutions`), or path None.

    The bound starts at the lower bound of the start and rises to the least f cut off. With
    pattern_db="auto" (the default) a board of 10 to 25 cells starts with Manhattan (+ linear
    conflict) and, if that has not finished after a number of nodes in proportion to the
    database's size, builds the pattern database and goes on from the bound already reached.
    """
    start, goal = tuple(start), tuple(goal)
    if distances is None:
        distances = distance_table(adjacency)
    board, blank, home = _prepare(start, goal, adjacency)
    if pattern_db is True or pattern_db == "auto":
        database = None
    else:
        database, pattern_db = pattern_db, None
    if pattern_db is True:
        database = yield from _default_database(adjacency, goal)
    if database:
        return (yield from _pattern_search(start, goal, adjacency, database, all_solutions, max_solutions, max_depth))
    if linear_conflict is None:
        linear_conflict = rows_cols is not None
    first = None
    if linear_conflict:
        if rows_cols is None or rows_cols[0] * rows_cols[1] != len(adjacency):
            raise PositionError("linear conflict needs a full rectangular board (rows_cols)")
        groups = _line_groups(board, home, *rows_cols)
        if groups is not None:
            first = _ida_grouped(start, board, blank, home, adjacency, distances, groups, True,
                                 all_solutions, max_solutions, max_depth)
    if first is None:
        first = _ida_manhattan(start, board, blank, home, adjacency, distances,
                               all_solutions, max_solutions, max_depth)
    if pattern_db != "auto" or not AUTO_DATABASE_CELLS <= len(adjacency) <= AUTO_DATABASE_MAX_CELLS:
        return (yield from first)
    from pzl.sliding import pattern_db as databases

    patience = max(AUTO_DATABASE_MIN_NODES, AUTO_DATABASE_NODES_PER_PLACEMENT *
                   databases.placements(len(adjacency), databases.default_patterns(adjacency, goal.index(0))))
    clock = time.perf_counter()
    while True:   # the cheap bound first; switch when it proves slow
        try:
            event = next(first)
        except StopIteration as stop:
            return stop.value
        if event["nodes"] >= patience:
            first.close()
            break
        yield event
    database = yield from _default_database(adjacency, goal)
    return (yield from _pattern_search(start, goal, adjacency, database, all_solutions, max_solutions, max_depth,
                                       first_bound=event["depth"], nodes=event["nodes"], clock=clock))


#: Boards of this many cells may switch to a pattern database (2 x 5 up to 5 x 5; beyond, groups of
#: 3 tiles build slowly and help little) ...
AUTO_DATABASE_CELLS, AUTO_DATABASE_MAX_CELLS = 10, 25
#: ... after this many nodes of Manhattan + linear conflict per placement the database will hold
#: (3 x 1.57 M for the 15-puzzle: about 4 s in CPython, half its build time — the rent-or-buy rule,
#: never worse than about twice the better choice), and never before AUTO_DATABASE_MIN_NODES.
AUTO_DATABASE_NODES_PER_PLACEMENT = 3
AUTO_DATABASE_MIN_NODES = 200_000


def _pattern_search(start: Position, goal: Position, adjacency: Adjacency, database: Any, all_solutions: bool,
                    max_solutions: int, max_depth: int, **going_on: Any) -> Search:
    """IDA* with a pattern database: the larger of the direct and the mirrored sums when the board allows."""
    board, blank, home = _prepare(start, goal, adjacency)
    groups = database.groups_for(board, home)
    mirror = database.mirror()
    if mirror is None:
        return (yield from _ida_patterns(start, board, blank, adjacency, groups, all_solutions, max_solutions,
                                         max_depth, **going_on))
    return (yield from _ida_patterns_max(start, board, blank, adjacency, groups,
                                         database.groups_for(board, home, mirror), all_solutions, max_solutions,
                                         max_depth, **going_on))


def _default_database(adjacency: Adjacency, goal: Position) -> Any:
    """Build (or fetch) the default pattern database of a board and goal blank cell; yields progress."""
    from pzl.sliding import pattern_db as databases

    blank_goal = goal.index(0)
    return (yield from databases.build(adjacency, databases.default_patterns(adjacency, blank_goal), blank_goal))


def _ida_manhattan(start: Position, board: list[int], z0: int, home: list[int], adjacency: Adjacency,
                   distances: Sequence[Sequence[int]], all_solutions: bool, max_solutions: int,
                   max_depth: int) -> Search:
    """The Manhattan-only kernel: per-tile deltas, no allocation beyond one small tuple per node pushed."""
    clock = time.perf_counter()
    n = len(adjacency)
    moves = _moves(adjacency, distances)
    h0 = sum(distances[cell][home[t]] for cell, t in enumerate(board) if t)
    nodes, report = 0, PROGRESS_EVERY
    bound = h0
    zs = [z0] * (max_depth + 2)
    found: list[list[int]] = []
    count = 0
    while bound <= max_depth:
        if h0 == 0:
            found, count = [[z0]], 1
            break
        over = 1 << 30   # least amount by which a cut-off child exceeded the bound
        stack = []
        push = stack.append
        pop = stack.pop
        limit = bound - 1
        for nz, delta in moves[z0][n]:
            h = h0 + delta[board[nz]]
            if h <= limit:
                push((1, nz, h))
            elif h - limit < over:
                over = h - limit
        d = 0
        while stack:
            cd, nz, nh = pop()
            while d >= cd:   # back up to the parent of the popped child
                pz = zs[d - 1]
                cz = zs[d]
                board[cz] = board[pz]
                board[pz] = 0
                d -= 1
            z = zs[d]
            if cd == bound:   # only goals are pushed at the bound
                count += 1
                if len(found) < max_solutions:
                    found.append([*zs[:d + 1], nz])
                if not all_solutions:
                    break
                continue
            board[z] = board[nz]
            board[nz] = 0
            d = cd
            zs[d] = nz
            nodes += 1
            if nodes >= report:
                report += PROGRESS_EVERY
                yield progress(nodes, bound + 1, time.perf_counter() - clock, depth=bound)
            limit = bound - cd - 1
            cd += 1
            for nz2, delta in moves[nz][z]:
                h = nh + delta[board[nz2]]
                if h <= limit:
                    push((cd, nz2, h))
                elif h - limit < over:
                    over = h - limit
        while d > 0:   # restore the start board
            pz = zs[d - 1]
            board[zs[d]] = board[pz]
            board[pz] = 0
            d -= 1
        if found:
            break
        bound += over
    return _outcome(start, found, count, all_solutions, nodes, bound, clock)


# ---------------------------------------------------------------------------------------------
# IDA* with table-driven additions to the bound: linear conflict lines or pattern databases.
#
# A "group" is a set of tiles whose joint placement is scored by a table: a row or column for
# linear conflict, a tile pattern for a pattern database. Each group keeps an integer code of
# its tiles' placement, updated by a precomputed delta when one of its tiles moves; the bound
# is the distance sum (kept for linear conflict, zero for a database) plus every group's
# table[code].

class Groups:
    """Tables for additive groups: per tile the (group, code delta) of every move, and the start codes."""

    def __init__(self, tables: list, codes: list[int], change: Any, key: Any) -> None:
        self.key = key              # identifies the tables (with the board) for caching the move tables
        self.tables = tables        # tables[g][code] -> addition to the bound
        self.codes = codes          # the start position's code of every group
        self.change = change        # change(tile, from_cell, to_cell) -> (g1, d1, g2, d2) or None
        # g1 is the group whose score can change; g2 only changes its code (d may be 0)


def _line_groups(board: list[int], home: list[int], rows: int, cols: int) -> Groups | None:
    """Linear-conflict groups: every row and every column of a full rectangle (None if too big)."""
    base = max(rows, cols) + 1
    if base ** max(rows, cols) > MAX_LINE_TABLE:
        return None
    lines = [tuple(r * cols + c for c in range(cols)) for r in range(rows)]
    lines += [tuple(r * cols + c for r in range(rows)) for c in range(cols)]
    tables = [_conflict_table(len(cells), base) for cells in lines]

    def contribution(line: int, tile: int, cell: int) -> int:
        """A tile's digit in a line's code: its goal rank + 1, at its place in the line."""
        cells = lines[line]
        goal_cell = home[tile]
        if goal_cell not in cells or cell not in cells:
            return 0
        return (cells.index(goal_cell) + 1) * base ** cells.index(cell)

    def change(tile: int, a: int, b: int) -> tuple[int, int, int, int] | None:
        row_line = home[tile] // cols
        col_line = rows + home[tile] % cols
        d_row = contribution(row_line, tile, b) - contribution(row_line, tile, a)
        d_col = contribution(col_line, tile, b) - contribution(col_line, tile, a)
        if not d_row and not d_col:
            return None
        if a // cols == b // cols:   # a horizontal move keeps the row's order: only the column can score
            return (col_line, d_col, row_line, d_row)
        return (row_line, d_row, col_line, d_col)

    codes = [sum(contribution(line, t, cell) for cell, t in enumerate(board) if t) for line in range(len(lines))]
    return Groups(tables, codes, change, ("lines", rows, cols))


@lru_cache(maxsize=16)
def _conflict_table(length: int, base: int) -> bytes:
    """Linear conflict of one line for every code: 2 x (tiles present - longest increasing run of ranks)."""
    table = bytearray(base ** length)
    for code in range(len(table)):
        ranks = []
        rest = code
        for _ in range(length):
            rest, digit = divmod(rest, base)
            if digit:
                ranks.append(digit)
        table[code] = 2 * (len(ranks) - _longest_increasing(ranks))
    return bytes(table)


def _ida_grouped(start: Position, board: list[int], z0: int, home: list[int], adjacency: Adjacency,
                 distances: Sequence[Sequence[int]], groups: Groups, with_distance: bool,
                 all_solutions: bool, max_solutions: int, max_depth: int) -> Search:
    """IDA* whose bound is (distance sum if `with_distance`) + the groups' table values."""
    clock = time.perf_counter()
    n = len(adjacency)
    tables = groups.tables
    codes = list(groups.codes)
    change = groups.change
    if not with_distance:
        distances = [[0] * n for _ in range(n)]

    def by_tile(nz: int, z: int) -> tuple:
        """Per tile id: (scoring group, its code delta, other group, its delta, the scoring group's table)."""
        steps = [None if t == 0 else change(t, nz, z) for t in range(n + 1)]
        return tuple(None if x is None else (*x, tables[x[0]]) for x in steps)

    moves = _moves(adjacency, distances, by_tile, (groups.key, *map(id, tables)))
    h0 = sum(distances[cell][home[t]] for cell, t in enumerate(board) if t)
    h0 += sum(table[code] for table, code in zip(tables, codes, strict=True))
    nodes, report = 0, PROGRESS_EVERY
    bound = h0
    zs = [z0] * (max_depth + 2)
    changes: list[Any] = [None] * (max_depth + 2)   # the group change of the move into each depth
    found: list[list[int]] = []
    count = 0
    while bound <= max_depth:
        if h0 == 0:
            found, count = [[z0]], 1
            break
        over = 1 << 30
        stack = []
        push = stack.append
        pop = stack.pop
        limit = bound - 1
        for nz, delta, extra in moves[z0][n]:
            t = board[nz]
            h = h0 + delta[t]
            x = extra[t]
            if x is not None:
                c = codes[x[0]]
                table = x[4]
                h += table[c + x[1]] - table[c]
            if h <= limit:
                push((1, nz, h, x))
            elif h - limit < over:
                over = h - limit
        d = 0
        while stack:
            cd, nz, nh, x = pop()
            while d >= cd:
                pz = zs[d - 1]
                cz = zs[d]
                board[cz] = board[pz]
                board[pz] = 0
                y = changes[d]
                if y is not None:
                    codes[y[0]] -= y[1]
                    codes[y[2]] -= y[3]
                d -= 1
            z = zs[d]
            if cd == bound:
                count += 1
                if len(found) < max_solutions:
                    found.append([*zs[:d + 1], nz])
                if not all_solutions:
                    break
                continue
            board[z] = board[nz]
            board[nz] = 0
            if x is not None:
                codes[x[0]] += x[1]
                codes[x[2]] += x[3]
            d = cd
            zs[d] = nz
            changes[d] = x
            nodes += 1
            if nodes >= report:
                report += PROGRESS_EVERY
                yield progress(nodes, bound + 1, time.perf_counter() - clock, depth=bound)
            limit = bound - cd - 1
            cd += 1
            for nz2, delta, extra in moves[nz][z]:
                t = board[nz2]
                h = nh + delta[t]
                x = extra[t]
                if x is not None:
                    c = codes[x[0]]
                    table = x[4]
                    h += table[c + x[1]] - table[c]
                if h <= limit:
                    push((cd, nz2, h, x))
                elif h - limit < over:
                    over = h - limit
        while d > 0:
            pz = zs[d - 1]
            board[zs[d]] = board[pz]
            board[pz] = 0
            y = changes[d]
            if y is not None:
                codes[y[0]] -= y[1]
                codes[y[2]] -= y[3]
            d -= 1
        if found:
            break
        bound += over
    return _outcome(start, found, count, all_solutions, nodes, bound, clock)


def _ida_patterns(start: Position, board: list[int], z0: int, adjacency: Adjacency, groups: Groups,
                  all_solutions: bool, max_solutions: int, max_depth: int, first_bound: int = 0,
                  nodes: int = 0, clock: float | None = None) -> Search:
    """IDA* bounded by pattern databases alone: each move changes one pattern's code and value.

    `first_bound` (a bound already proven by another search), `nodes` and `clock` let it
    continue a search that switched to it.
    """
    clock = time.perf_counter() if clock is None else clock
    n = len(adjacency)
    tables = groups.tables
    codes = list(groups.codes)
    change = groups.change
    zero = [[0] * n for _ in range(n)]

    def by_tile(nz: int, z: int) -> tuple:
        """Per tile id: (pattern, code delta, the pattern's table) of sliding it from nz to z.

        The cached entries hold the tables, so the ids in the cache key stay theirs.
        """
        steps = [None if t == 0 else change(t, nz, z) for t in range(n + 1)]
        return tuple(None if x is None else (x[0], x[1], tables[x[0]]) for x in steps)

    moves = [[tuple((nz, extra) for nz, _, extra in entries) for entries in by_previous]
             for by_previous in _moves(adjacency, zero, by_tile, (groups.key, *map(id, tables)))]
    h0 = sum(table[code] for table, code in zip(tables, codes, strict=True))
    report = nodes + PROGRESS_EVERY
    bound = max(h0, first_bound)
    zs = [z0] * (max_depth + 2)
    changes: list[Any] = [None] * (max_depth + 2)
    found: list[list[int]] = []
    count = 0
    while bound <= max_depth:
        if h0 == 0:
            found, count = [[z0]], 1
            break
        over = 1 << 30
        stack = []
        push = stack.append
        pop = stack.pop
        limit = bound - 1
        for nz, extra in moves[z0][n]:
            x = extra[board[nz]]
            c = codes[x[0]]
            table = x[2]
            h = h0 + table[c + x[1]] - table[c]
            if h <= limit:
                push((1, nz, h, x))
            elif h - limit < over:
                over = h - limit
        d = 0
        while stack:
            cd, nz, nh, x = pop()
            while d >= cd:
                pz = zs[d - 1]
                board[zs[d]] = board[pz]
                board[pz] = 0
                y = changes[d]
                codes[y[0]] -= y[1]
                d -= 1
            z = zs[d]
            if cd == bound:
                count += 1
                if len(found) < max_solutions:
                    found.append([*zs[:d + 1], nz])
                if not all_solutions:
                    break
                continue
            board[z] = board[nz]
            board[nz] = 0
            codes[x[0]] += x[1]
            d = cd
            zs[d] = nz
            changes[d] = x
            nodes += 1
            if nodes >= report:
                report += PROGRESS_EVERY
                yield progress(nodes, bound + 1, time.perf_counter() - clock, depth=bound)
            limit = bound - cd - 1
            cd += 1
            for nz2, extra in moves[nz][z]:
                x = extra[board[nz2]]
                c = codes[x[0]]
                table = x[2]
                h = nh + table[c + x[1]] - table[c]
                if h <= limit:
                    push((cd, nz2, h, x))
                elif h - limit < over:
                    over = h - limit
        while d > 0:
            pz = zs[d - 1]
            board[zs[d]] = board[pz]
            board[pz] = 0
            y = changes[d]
            codes[y[0]] -= y[1]
            d -= 1
        if found:
            break
        bound += over
    return _outcome(start, found, count, all_solutions, nodes, bound, clock)


def _ida_patterns_max(start: Position, board: list[int], z0: int, adjacency: Adjacency, groups: Groups,
                      mirrored: Groups, all_solutions: bool, max_solutions: int, max_depth: int,
                      first_bound: int = 0, nodes: int = 0, clock: float | None = None) -> Search:
    """IDA* bounded by the larger of two pattern-database sums: direct, and read through a board symmetry."""
    clock = time.perf_counter() if clock is None else clock
    n = len(adjacency)
    tables = groups.tables + mirrored.tables
    codes = list(groups.codes) + list(mirrored.codes)
    shift = len(groups.codes)   # the mirrored groups' codes follow the direct ones
    zero = [[0] * n for _ in range(n)]

    def by_tile(nz: int, z: int) -> tuple:
        """Per tile id: (group, code delta, table) directly, then the same through the mirror."""
        out = []
        for t in range(n + 1):
            x = None if t == 0 else groups.change(t, nz, z)
            y = None if t == 0 else mirrored.change(t, nz, z)
            out.append(None if x is None or y is None else
                       (x[0], x[1], tables[x[0]], y[0] + shift, y[1], tables[y[0] + shift]))
        return tuple(out)

    key = ("max", groups.key, mirrored.key, *map(id, tables))
    moves = [[tuple((nz, extra) for nz, _, extra in entries) for entries in by_previous]
             for by_previous in _moves(adjacency, zero, by_tile, key)]
    a0 = sum(table[code] for table, code in zip(tables[:shift], codes[:shift], strict=True))
    b0 = sum(table[code] for table, code in zip(tables[shift:], codes[shift:], strict=True))
    h0 = max(a0, b0)
    report = nodes + PROGRESS_EVERY
    bound = max(h0, first_bound)
    zs = [z0] * (max_depth + 2)
    changes: list[Any] = [None] * (max_depth + 2)
    found: list[list[int]] = []
    count = 0
    while bound <= max_depth:
        if h0 == 0:
            found, count = [[z0]], 1
            break
        over = 1 << 30
        stack = []
        push = stack.append
        pop = stack.pop
        limit = bound - 1
        for nz, extra in moves[z0][n]:
            x = extra[board[nz]]
            c = codes[x[0]]
            table = x[2]
            a = a0 + table[c + x[1]] - table[c]
            c = codes[x[3]]
            table = x[5]
            b = b0 + table[c + x[4]] - table[c]
            h = a if a > b else b
            if h <= limit:
                push((1, nz, a, b, x))
            elif h - limit < over:
                over = h - limit
        d = 0
        while stack:
            cd, nz, na, nb, x = pop()
            while d >= cd:
                pz = zs[d - 1]
                board[zs[d]] = board[pz]
                board[pz] = 0
                y = changes[d]
                codes[y[0]] -= y[1]
                codes[y[3]] -= y[4]
                d -= 1
            z = zs[d]
            if cd == bound:
                count += 1
                if len(found) < max_solutions:
                    found.append([*zs[:d + 1], nz])
                if not all_solutions:
                    break
                continue
            board[z] = board[nz]
            board[nz] = 0
            codes[x[0]] += x[1]
            codes[x[3]] += x[4]
            d = cd
            zs[d] = nz
            changes[d] = x
            nodes += 1
            if nodes >= report:
                report += PROGRESS_EVERY
                yield progress(nodes, bound + 1, time.perf_counter() - clock, depth=bound)
            limit = bound - cd - 1
            cd += 1
            for nz2, extra in moves[nz][z]:
                x = extra[board[nz2]]
                c = codes[x[0]]
                table = x[2]
                a = na + table[c + x[1]] - table[c]
                c = codes[x[3]]
                table = x[5]
                b = nb + table[c + x[4]] - table[c]
                h = a if a > b else b
                if h <= limit:
                    push((cd, nz2, a, b, x))
                elif h - limit < over:
                    over = h - limit
        while d > 0:
            pz = zs[d - 1]
            board[zs[d]] = board[pz]
            board[pz] = 0
            y = changes[d]
            codes[y[0]] -= y[1]
            codes[y[3]] -= y[4]
            d -= 1
        if found:
            break
        bound += over
    return _outcome(start, found, count, all_solutions, nodes, bound, clock)


# ---------------------------------------------------------------------------------------------
# Plain iterative deepening (no lower bound; the distance sum only serves as the goal test).

@_listing
def iddfs_tiles(start: Position, goal: Position, adjacency: Adjacency, *, all_solutions: bool = False,
                max_solutions: int = 100, max_depth: int = 200) -> Search:
    """Plain iterative deepening with "don't move the tile just moved": a shortest solution, or path None.

    No lower-bound pruning: every path up to the limit is walked and counted in `nodes`.
    Two exact shortcuts: on a two-colourable board (every grid board) the number of moves
    has the parity of the blank's distance to its goal cell, so limits of the other parity
    are skipped; and the leaves are goal-tested from their parent, without being entered,
    through the incrementally kept distance sum (0 exactly at the goal). The last three
    levels are walked by nested loops rather than the explicit stack.
    """
    start, goal = tuple(start), tuple(goal)
    clock = time.perf_counter()
    board, z0, home = _prepare(start, goal, adjacency)
    distances = distance_table(adjacency)
    n = len(adjacency)
    moves = _moves(adjacency, distances)
    h0 = sum(distances[cell][home[t]] for cell, t in enumerate(board) if t)
    if h0 == 0:
        return _outcome(start, [[z0]], 1, all_solutions, 1, 0, clock)
    parity = distances[z0][goal.index(0)] % 2
    two_colour = all(distances[0][a] % 2 != distances[0][b] % 2 for a in range(n) for b in adjacency[a])
    first, step = (parity or 2, 2) if two_colour else (1, 1)
    nodes, report = 0, PROGRESS_EVERY
    zs = [z0] * (max_depth + 2)
    found: list[list[int]] = []
    count = 0
    bound = 0
    for bound in range(first, max_depth + 1, step):
        if bound < 3:   # walk the few short paths directly
            for blanks in _short_walks(moves, z0, n, bound):
                nodes += 1
                if _distance_after(board, blanks, home, distances) == 0:
                    count += 1
                    if len(found) < max_solutions:
                        found.append(blanks)
            if found:
                break
            continue
        stack = [(0, z0, n, h0)]   # (depth, blank, previous blank, distance sum); the root is entered as is
        push = stack.append
        pop = stack.pop
        last = bound - 3           # nodes at this depth walk the three levels below them in loops
        d = 0
        while stack:
            cd, nz, z, nh = pop()
            while d >= cd > 0:
                pz = zs[d - 1]
                cz = zs[d]
                board[cz] = board[pz]
                board[pz] = 0
                d -= 1
            if cd:
                board[z] = board[nz]
                board[nz] = 0
                d = cd
                zs[d] = nz
            nodes += 1
            if nodes >= report:
                report = nodes + PROGRESS_EVERY
                yield progress(nodes, bound + 1, time.perf_counter() - clock, depth=bound)
            if cd == last:
                for nz2, delta2 in moves[nz][z]:
                    t2 = board[nz2]
                    h2 = nh + delta2[t2]
                    board[nz] = t2
                    board[nz2] = 0
                    nodes += 1
                    for nz3, delta3 in moves[nz2][nz]:
                        leaves = moves[nz3][nz2]
                        nodes += 1 + len(leaves)
                        if h2 + delta3[board[nz3]] == 1:   # only then can a leaf be the goal
                            for nz4, delta4 in leaves:
                                if delta4[board[nz4]] == -1:
                                    count += 1
                                    if len(found) < max_solutions:
                                        found.append([*zs[:d + 1], nz2, nz3, nz4])
                    board[nz2] = t2
                    board[nz] = 0
                if found and not all_solutions:
                    break
                continue
            cd += 1
            for nz2, delta in moves[nz][z]:
                push((cd, nz2, nz, nh + delta[board[nz2]]))
        while d > 0:
            pz = zs[d - 1]
            board[zs[d]] = board[pz]
            board[pz] = 0
            d -= 1
        if found:
            break
    return _outcome(start, found, count, all_solutions, nodes, bound, clock)


def _short_walks(moves: list, z0: int, n: int, length: int) -> list[list[int]]:
    """Every blank walk of 1 or 2 moves that never steps straight back."""
    walks = [[z0, nz] for nz, _ in moves[z0][n]]
    if length == 2:
        walks = [[*w, nz] for w in walks for nz, _ in moves[w[1]][w[0]]]
    return walks


def _distance_after(board: list[int], blanks: list[int], home: list[int], distances: Sequence[Sequence[int]]) -> int:
    """The distance sum of `board` after the blank walk (the board is left unchanged)."""
    moved = list(board)
    for a, b in pairwise(blanks):
        moved[a], moved[b] = moved[b], moved[a]
    return sum(distances[cell][home[t]] for cell, t in enumerate(moved) if t)
