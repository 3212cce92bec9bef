"""IDA* and plain iterative deepening for distinct tiles and one blank on any board, and the lower bounds of
one whole position (the start's bound that the fast answers are measured against).

    ida_star_tiles(start, goal, adjacency, distances, *, all_solutions=False, max_solutions=100,
                   bound=None, rows_cols=None, pattern_db="auto", max_depth=200, nodes=0, clock=None) -> Search
    iddfs_tiles(start, goal, adjacency, distances, *, all_solutions=False, max_solutions=100, max_depth=200) -> Search

Positions are tuples of labels in cell order (0 = the blank). `adjacency[cell]` lists the
neighbour cells; `distances[a][b]` is the number of steps between two cells in the board graph
(the board's `Board.distances`, made once per board; on a rectangle that is the Manhattan distance).

IDA* runs the one kernel of `pzl.sliding.engines.ida_kernel` with a bound from `pzl.sliding.engines.tile_bounds`,
chosen by `bound`: "misplaced" (tiles off their goal cell), "manhattan", "linear-conflict" (needs
`rows_cols=(rows, cols)` of a full rectangle), "pdb" (a pattern database: the stored tables of
`pzl.sliding.engines.tables` when they fit the board, else one built now), or "auto" (and None): the stored
tables at once when they fit; else Manhattan + linear conflict (with `rows_cols`, on a full
rectangle; Manhattan elsewhere), switching to a database built in the process on boards of 10 to
25 cells once the search proves long. Beside "auto", `pattern_db` says which database: None never
one (linear conflict or Manhattan only), or a built `PatternDatabase` to use. `ida_star_fixed` is the lean
entry for the many small searches of one request: the bound named up front, no database.

The bounds of one whole position (not per node): `manhattan`, `linear_conflict` (`line_conflicts` per line),
`conflicts_and_last_moves` (linear conflict with Korf & Taylor's last moves and corner tiles) and
`lower_bound`, the start's bound of `fast` and `auto` on a rectangle.

`nodes` and `clock` continue a request's count and clock, so progress events never go back.
Results are `SearchOutcome`s whose paths are lists of positions (tuples of labels), with
`bound` (the bound's name) and `iterations` ((threshold, nodes) per pass). The caller decides
solvability first (parity): on an unsolvable position the search runs to `max_depth`.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Hashable, Sequence
from functools import wraps
from itertools import pairwise
from typing import Any

from pzl.errors import PositionError
from pzl.events import progress
from pzl.search.problem import PROGRESS_EVERY, Search, SearchOutcome
from pzl.search.progress import Steps
from pzl.sliding.board import grid_distances
from pzl.sliding.engines import tile_bounds
from pzl.sliding.engines.ida_kernel import search_function
from pzl.sliding.engines.tile_bounds import PreparedBound

Position = tuple[Hashable, ...]
Adjacency = Sequence[Sequence[int]]

#: Boards of this many cells may switch to a pattern database built in the process (2 x 5 up to 5 x 5;
#: beyond, groups of 3 tiles build slowly and help little) ...
AUTO_DATABASE_CELLS, AUTO_DATABASE_MAX_CELLS = 10, 25
#: ... after this many nodes of Manhattan + linear conflict per placement the database will hold
#: (about half its build time — the rent-or-buy rule, never worse than about twice the better
#: choice), and never before AUTO_DATABASE_MIN_NODES.
AUTO_DATABASE_NODES_PER_PLACEMENT = 3
AUTO_DATABASE_MIN_NODES = 200_000


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
    in_rows, in_cols = line_conflicts([home[label] for label in position], home[0], rows, cols)
    return 2 * (sum(in_rows) + sum(in_cols))


def line_conflicts(board: Sequence[int], blank: int, rows: int, cols: int) -> tuple[list[int], list[int]]:
    """Per row, then per column, the tiles that must leave that line to let the others pass (linear conflict's
    count before the 2 moves each). `board[cell]` is the goal cell of the piece on `cell`, `blank` the blank's."""
    n = rows * cols
    in_rows = [len(ranks) - longest_increasing(ranks) for ranks in
               ([board[cell] % cols for cell in range(r * cols, (r + 1) * cols)
                 if board[cell] != blank and board[cell] // cols == r] for r in range(rows))]
    in_cols = [len(ranks) - longest_increasing(ranks) for ranks in
               ([board[cell] // cols for cell in range(c, n, cols)
                 if board[cell] != blank and board[cell] % cols == c] for c in range(cols))]
    return in_rows, in_cols


def longest_increasing(values: Sequence[int]) -> int:
    """Length of the longest strictly increasing subsequence (patience sorting: the least last value of a run of
    each length, bisected)."""
    tails: list[int] = []
    for value in values:
        at = bisect_left(tails, value)
        if at == len(tails):
            tails.append(value)
        else:
            tails[at] = value
    return len(tails)


def conflicts_and_last_moves(board: Sequence[int], blank: int, rows: int, cols: int) -> int:
    """Moves Manhattan distance misses on a full rows x cols rectangle: linear conflict, plus Korf & Taylor's
    (1996) last moves and corner tiles wherever no linear conflict may have counted the same tile's moves.

    `board[cell]` is the goal cell of the piece on `cell`, `blank` the blank's goal cell. Each credit below
    is 2 moves of one tile that Manhattan distance does not count; a tile is credited once, and only when the
    lines it would leave have no linear conflict (a corner's neighbour: its row and column; a last-move tile
    standing in its goal row or column: that line), since a conflict's count may already hold its detour:

    * corner tiles: when neither the tile whose goal is a corner nor the blank is on that corner, the move
      before the tile first steps in brings the blank there from one of the corner's two neighbours while
      the tile waits on the other, so a tile already home next to the corner must leave and come back;
    * last moves: the last move brings a tile home from the blank's goal cell, so one of the tiles whose goal
      neighbours that cell must pass through it; when each of them would have to step outside the rows (a
      vertical neighbour) or columns (a horizontal one) between where it is and its goal, 2 more. When a
      corner credited the same tile, the larger of the two ways of counting is taken.
    """
    n = rows * cols
    where = [0] * n
    for cell, goal in enumerate(board):
        where[goal] = cell
    if all(where[cell] == cell for cell in range(n)):
        return 0
    row_conflict, col_conflict = line_conflicts(board, blank, rows, cols)

    def neighbours(cell: int) -> list[int]:
        r, c = divmod(cell, cols)
        return [rr * cols + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < rows and 0 <= cc < cols]

    credited = set()
    for corner in {0, cols - 1, n - cols, n - 1}:
        if corner == blank or where[corner] == corner or where[blank] == corner:
            continue
        credited.update(cell for cell in neighbours(corner) if cell != blank and where[cell] == cell
                        and not row_conflict[cell // cols] and not col_conflict[cell % cols])

    def detour(cell: int) -> bool:
        """The tile whose goal is `cell` (next to the blank's goal) must step beyond its way home to pass there."""
        at = where[cell]
        if cell % cols == blank % cols:   # a vertical neighbour: the blank's goal row must be visited
            now, home, target, conflict = at // cols, cell // cols, blank // cols, row_conflict
        else:                             # a horizontal one: the blank's goal column
            now, home, target, conflict = at % cols, cell % cols, blank % cols, col_conflict
        return not min(now, home) <= target <= max(now, home) and (now != home or not conflict[home])

    candidates = neighbours(blank)
    last = 2 if all(detour(cell) for cell in candidates) else 0
    corners = 2 * len(credited)
    return 2 * (sum(row_conflict) + sum(col_conflict)) + max(corners, last + 2 * len(credited - set(candidates)))


def lower_bound(position: Position, goal: Position, rows: int, cols: int) -> int:
    """The start's bound on a full rows x cols board (the fast solver's answers are measured against it): Manhattan
    distance plus linear conflict, last moves and corner tiles (`conflicts_and_last_moves`): no solution is
    shorter (admissible)."""
    distances = grid_distances(rows, cols)
    home = {label: cell for cell, label in enumerate(goal)}
    return manhattan(position, goal, distances) + conflicts_and_last_moves([home[label] for label in position],
                                                                           home[0], rows, cols)


def _prepare(start: Position, goal: Position, adjacency: Adjacency) -> tuple[list[int], int, list[int]]:
    """The start board as tile ids (goal cell + 1, blank 0), its blank cell, and the goal cell of every id."""
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


def replay_blanks(start: Sequence[Hashable], blanks: list[int]) -> list[Position]:
    """Positions along a path given as the blank's cells (the first is the start's blank)."""
    board = list(start)
    path = [tuple(board)]
    for a, b in pairwise(blanks):
        board[a], board[b] = board[b], board[a]
        path.append(tuple(board))
    return path


def _outcome(start: Position, first: list[int] | None, found: list[list[int]], count: int, all_solutions: bool,
             nodes: int, bound: int, clock: float, name: str | None = None,
             iterations: list[tuple[int, int]] | None = None) -> SearchOutcome:
    """A SearchOutcome from blank paths (the first found, and those listed); no path: None."""
    outcome = SearchOutcome(None if first is None else replay_blanks(start, first), nodes=nodes, states=bound + 1,
                            seconds=time.perf_counter() - clock)
    outcome.bound = name
    outcome.iterations = list(iterations or [])
    if first is not None and all_solutions:
        outcome.count = count
        outcome.paths = [replay_blanks(start, blanks) for blanks in found]
    return outcome


def two_colourable(moves: list, distances: Sequence[Sequence[int]]) -> bool:
    """True when every move joins cells of different colours (every grid board): lengths keep a parity."""
    return all(distances[0][a] % 2 != distances[0][b] % 2 for a in range(len(moves)) for b, _ in moves[a][-1])


def _listing(search: Any) -> Any:
    """`max_solutions` caps the list only: the kernels keep one path at least (their sign of success)."""
    @wraps(search)
    def capped(*args: Any, max_solutions: int = 100, **kwargs: Any) -> Search:
        outcome = yield from search(*args, max_solutions=max(max_solutions, 1), **kwargs)
        outcome.paths = outcome.paths[:max_solutions]
        return outcome
    return capped


# ---------------------------------------------------------------------------------------------
# IDA*

@_listing
def ida_star_tiles(start: Position, goal: Position, adjacency: Adjacency, distances: Sequence[Sequence[int]], *,
                   all_solutions: bool = False, max_solutions: int = 100, bound: str | None = None,
                   rows_cols: tuple[int, int] | None = None, pattern_db: Any = "auto", max_depth: int = 200,
                   nodes: int = 0, clock: float | None = None) -> Search:
    """IDA* for distinct tiles: a shortest solution (all of them with `all_solutions`), or path None."""
    start, goal = tuple(start), tuple(goal)
    clock = time.perf_counter() if clock is None else clock
    if bound not in (None, "auto", *tile_bounds.BOUNDS):
        raise PositionError(f"unknown bound {bound!r}; use one of: auto, {', '.join(tile_bounds.BOUNDS)}")
    conflict = rows_cols is not None and bound not in ("manhattan", "misplaced")
    if bound == "linear-conflict" and rows_cols is None:
        raise PositionError("linear conflict needs a full rectangular board")
    if conflict and (rows_cols is None or rows_cols[0] * rows_cols[1] != len(adjacency)):
        raise PositionError("linear conflict needs a full rectangular board (rows_cols)")
    if bound in ("misplaced", "manhattan", "linear-conflict"):
        pattern_db = None
    elif bound == "pdb":
        pattern_db = True
    initial, z0, home = _prepare(start, goal, adjacency)
    blank_goal = goal.index(0)
    database = yield from _database(adjacency, blank_goal, pattern_db, nodes, clock)
    from pzl.sliding.engines import pattern_db as databases

    later = None   # auto on 10 to 25 cells: the patterns of a database to switch to when the cheap bound proves slow
    if database is None and pattern_db == "auto" and AUTO_DATABASE_CELLS <= len(adjacency) <= AUTO_DATABASE_MAX_CELLS:
        later = databases.default_patterns(adjacency, blank_goal)
    passes: list[tuple[int, int]] = []   # kept across a switch, the cut pass included
    first_bound = 0
    while True:
        reading = None if database is None else database.read_start(initial, home, adjacency, blank_goal)
        prepared = tile_bounds.prepare(bound, initial, home, adjacency, distances, rows_cols if conflict else None,
                                       reading)
        kernel = search_function(prepared.snippets)   # compiled once per kind of bound
        search = _run(kernel, start, list(initial), z0, blank_goal, distances, prepared, all_solutions,
                      max_solutions, max_depth, nodes, clock, first_bound, passes)
        if later is None:
            return (yield from search)
        patience = nodes + max(AUTO_DATABASE_MIN_NODES,
                               AUTO_DATABASE_NODES_PER_PLACEMENT * databases.placements(len(adjacency), later))
        steps = Steps(search)
        for event in steps:   # the cheap bound first; switch when it proves slow
            if event["nodes"] >= patience:
                search.close()
                passes.append((event["depth"], event["nodes"] - nodes - sum(count for _, count in passes)))
                break
            yield event
        else:
            return steps.outcome
        database = yield from databases.build(adjacency, later, blank_goal, nodes=event["nodes"], clock=clock)
        later, nodes, first_bound = None, event["nodes"], event["depth"]   # IDA* goes on from the threshold reached


def ida_star_fixed(start: Position, goal: Position, adjacency: Adjacency, distances: Sequence[Sequence[int]],
                   bound: str, *, rows_cols: tuple[int, int] | None = None, max_depth: int = 200, nodes: int = 0,
                   clock: float) -> Search:
    """IDA* with a bound fixed by its caller ("manhattan", or "linear-conflict" on the rectangle `rows_cols`): no
    database and no switch of bound, for the many small searches of one request (the windows of
    `pzl.sliding.engines.windows`). One shortest solution, or path None."""
    start, goal = tuple(start), tuple(goal)
    initial, z0, home = _prepare(start, goal, adjacency)
    prepared = tile_bounds.prepare(bound, initial, home, adjacency, distances,
                                   rows_cols if bound == "linear-conflict" else None)
    return (yield from _run(search_function(prepared.snippets), start, initial, z0, goal.index(0), distances,
                            prepared, False, 100, max_depth, nodes, clock, 0, []))


def _database(adjacency: Adjacency, blank_goal: int, pattern_db: Any, nodes: int, clock: float) -> Any:
    """The pattern database `pattern_db` asks for (None: none; "auto": the stored tables for this board, if any;
    True: those, else one built in this process; else the database given); yields progress."""
    if pattern_db is not True and pattern_db != "auto":
        return pattern_db
    from pzl.sliding.engines import tables

    return (yield from tables.pattern_database(adjacency, blank_goal, build=pattern_db is True, nodes=nodes,
                                               clock=clock))


def _run(kernel: Any, start: Position, board: list[int], z0: int, blank_goal: int, distances: Sequence[Sequence[int]],
         prepared: PreparedBound, all_solutions: bool, max_solutions: int, max_depth: int, nodes: int, clock: float,
         first_bound: int, passes: list[tuple[int, int]]) -> Search:
    """Run the `kernel` compiled for a prepared bound from `first_bound` (a threshold already reached) on.

    Each pass is appended to `passes` as (threshold, nodes): after a switch of bound the list
    holds the first bound's passes too, so its counts add up to the nodes of the search.
    """
    if prepared.value == 0:   # every bound is 0 only at the goal
        return _outcome(start, [z0], [[z0]] if max_solutions else [], 1, all_solutions, nodes, 0, clock,
                        prepared.name)
    step = 2 if two_colourable(prepared.moves, distances) else 1
    bound = max(prepared.value, first_bound)
    if step == 2 and (bound - distances[z0][blank_goal]) % 2:
        bound += 1   # lengths have the parity of the blank's distance home
    first, found, count, nodes, bound = yield from kernel(
        board, z0, prepared.moves, list(prepared.codes), prepared.top, bound, step, max_depth, all_solutions,
        max_solutions, nodes, clock, passes)
    return _outcome(start, first, found, count, all_solutions, nodes, bound, clock, prepared.name, passes)


# ---------------------------------------------------------------------------------------------
# Plain iterative deepening (no lower bound; the distance sum only serves as the goal test).

@_listing
def iddfs_tiles(start: Position, goal: Position, adjacency: Adjacency, distances: Sequence[Sequence[int]], *,
                all_solutions: bool = False, max_solutions: int = 100, max_depth: int = 200, nodes: int = 0,
                clock: float | None = None) -> Search:
    """Plain iterative deepening with "don't move the tile just moved": a shortest solution, or path None.

    No lower-bound pruning: every path up to the limit is walked and counted in `nodes`.
    Two exact shortcuts: on a two-colourable board (every grid board) the number of moves
    has the parity of the blank's distance to its goal cell, so limits of the other parity
    are skipped; and the leaves are goal-tested from their parent, without being entered,
    through the incrementally kept distance sum (0 exactly at the goal). The last three
    levels are walked by nested loops rather than the explicit stack.
    """
    start, goal = tuple(start), tuple(goal)
    clock = time.perf_counter() if clock is None else clock
    board, z0, home = _prepare(start, goal, adjacency)
    n = len(adjacency)
    distance_sum = tile_bounds.manhattan_bound(board, home, adjacency, distances)   # its move table, its start value
    moves, h0 = distance_sum.moves, distance_sum.value
    if h0 == 0:
        return _outcome(start, [z0], [[z0]] if max_solutions else [], 1, all_solutions, nodes + 1, 0, clock, "none")
    parity = distances[z0][goal.index(0)] % 2
    lowest, step = (parity or 2, 2) if two_colourable(moves, distances) else (1, 1)
    report = nodes + PROGRESS_EVERY
    zs = [z0] * (max_depth + 2)
    first: list[int] | None = None
    found: list[list[int]] = []
    count = 0
    bound = 0
    iterations: list[tuple[int, int]] = []
    for bound in range(lowest, max_depth + 1, step):
        before = nodes
        if bound < 3:   # walk the few short paths directly
            for blanks in _short_walks(moves, z0, n, bound):
                nodes += 1
                if _distance_after(board, blanks, home, distances) == 0:
                    count += 1
                    first = first or blanks
                    if len(found) < max_solutions:
                        found.append(blanks)
            iterations.append((bound, nodes - before))
            yield progress(nodes, bound + 1, time.perf_counter() - clock, depth=bound,
                           iteration=[bound, nodes - before])
            if count:
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
                                    if first is None:
                                        first = [*zs[:d + 1], nz2, nz3, nz4]
                                    if len(found) < max_solutions:
                                        found.append([*zs[:d + 1], nz2, nz3, nz4])
                    board[nz2] = t2
                    board[nz] = 0
                if count and not all_solutions:
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
        iterations.append((bound, nodes - before))
        yield progress(nodes, bound + 1, time.perf_counter() - clock, depth=bound, iteration=[bound, nodes - before])
        if count:
            break
    return _outcome(start, first, found, count, all_solutions, nodes, bound, clock, "none", iterations)


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
