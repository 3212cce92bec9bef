"""The fast solver's path made exact in small rectangles: its last region finished, its stretches re-solved.

Both jobs are one search: the blank's shortest path inside a small rectangle of a big board
(`shortest_blank_path`, a budgeted IDA*). `finish` solves the last region of at most 3 x 3 that
the placing leaves (`fast_place`). `shorten_path` shortens the whole solution: when the path
passes the same position twice, the moves between are a loop and go (`cut_loops`); a short
stretch of the path changes only the cells its blank visits, so the positions at its two ends
differ only inside their bounding rectangle, where the exact search may join them by fewer
moves, and the shorter stretch replaces the old one (`reoptimise`).

The searches are generators: every PROGRESS_EVERY nodes they yield the event that `report(nodes)`
makes (so their caller can say how far they are and cancel them), and they return what they found
with the nodes they reported.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Sequence
from itertools import pairwise

from pzl.events import Event
from pzl.search.problem import PROGRESS_EVERY

#: Makes the progress event for a search that has counted `nodes` nodes.
Report = Callable[[int], Event]
ExactSearch = Generator[Event, None, tuple[list[int] | None, int]]
#: The node budget of the last region's search: never reached (the hardest 3 x 3, 31 moves, takes about 12,000 nodes).
FINISH_NODES = 10_000_000


def shortest_blank_path(cols: int, cells: Sequence[int], start: Sequence[int], goal: Sequence[int],
                        budget: int, report: Report, longest: int | None = None) -> ExactSearch:
    """The blank's cells (board numbering, from its start cell) on a shortest path inside `cells`, or None, and the
    nodes reported (`report(nodes)` every PROGRESS_EVERY nodes).

    `cells` lists board cells (numbered row by row, `cols` to a row) forming a rectangle;
    `start[i]` and `goal[i]` are what cell `cells[i]` holds at either end, the blank written
    as -1 and tiles as any distinct non-negative ids, the same ids at both ends. Only paths
    shorter than `longest` moves are sought when it is given (None: no such path). The bound is
    the sum of Manhattan distances; None also when `budget` nodes run out first. The caller
    checks solvability (parity): an unsolvable pair only ends by the budget.
    """
    m = len(cells)
    local = {cell: i for i, cell in enumerate(cells)}
    neighbours = [[local[other] for other in _grid_neighbours(cell, cols) if other in local] for cell in cells]
    home = {tile: i for i, tile in enumerate(goal) if tile >= 0}
    board = [home[tile] if tile >= 0 else -1 for tile in start]
    row = [cell // cols for cell in cells]
    col = [cell % cols for cell in cells]
    distance = [[abs(row[a] - row[b]) + abs(col[a] - col[b]) for b in range(m)] for a in range(m)]
    z = board.index(-1)
    h = sum(distance[i][tile] for i, tile in enumerate(board) if tile >= 0)
    if h == 0:
        return [cells[z]], 0
    limit = m * m if longest is None else longest - 1
    bound = h
    nodes = reported = 0
    while bound <= limit:
        # depth-first to `bound`: the stack holds, per depth, the blank's cell and the untried neighbours
        path = [z]
        tries = [iter(neighbours[z])]
        g = 0
        next_bound = limit + 1
        while tries:
            step = next(tries[-1], None)
            if step is None:
                tries.pop()
                if len(path) > 1:
                    here = path.pop()
                    back = path[-1]
                    tile = board[back]
                    board[here], board[back] = tile, -1
                    h += distance[here][tile] - distance[back][tile]
                    g -= 1
                continue
            here = path[-1]
            if len(path) > 1 and step == path[-2]:
                continue
            tile = board[step]
            change = distance[here][tile] - distance[step][tile]
            if g + 1 + h + change > bound:
                next_bound = min(next_bound, g + 1 + h + change)
                continue
            nodes += 1
            if nodes % PROGRESS_EVERY == 0:  # about 5 ms of CPython between reports
                if nodes >= budget:
                    return None, reported
                reported = nodes
                yield report(nodes)
            board[here], board[step] = tile, -1
            h += change
            g += 1
            path.append(step)
            if h == 0:  # every tile is home, so the blank is too
                return [cells[i] for i in path], reported
            tries.append(iter(neighbours[step]))
        bound = next_bound
    return None, reported


def _grid_neighbours(cell: int, cols: int) -> tuple[int, ...]:
    """Cells next to `cell` on an unbounded grid `cols` wide (the caller keeps only its own cells)."""
    c = cell % cols
    out = [cell - cols, cell + cols]
    if c > 0:
        out.append(cell - 1)
    if c < cols - 1:
        out.append(cell + 1)
    return tuple(out)


def finish(board: list[int], blank: int, region: list[int], cols: int, report: Report) -> ExactSearch:
    """The blank's path that solves the last `region` exactly (None when parity forbids it), and the nodes reported.
    `board[cell]` is the id of the tile there, its goal cell (`blank` the blank's)."""
    start = [-1 if board[cell] == blank else board[cell] for cell in region]
    goal = [-1 if cell == blank else cell for cell in region]
    return (yield from shortest_blank_path(cols, region, start, goal, FINISH_NODES, report))


def cut_loops(blanks: list[int], start: Sequence[Hashable]) -> list[int]:
    """The blank's path with every stretch that returns to an earlier position removed."""
    board = list(start)
    kept = [blanks[0]]
    keys = [tuple(board)]
    index = {keys[0]: 0}
    for a, b in pairwise(blanks):
        board[a], board[b] = board[b], board[a]
        key = tuple(board)
        earlier = index.get(key)
        if earlier is None:
            index[key] = len(kept)
            kept.append(b)
            keys.append(key)
            continue
        for dropped in keys[earlier + 1:]:
            del index[dropped]
        del kept[earlier + 1:], keys[earlier + 1:]
    return kept


def shorten_path(blanks: list[int], board: list[int], blank: int, cols: int, report: Report,
                 ) -> Generator[Event, None, tuple[list[int], int]]:
    """The blank's path shortened: its loops cut (`cut_loops`), its stretches re-solved (`reoptimise`), and its loops
    cut again, since a re-solved stretch may pass a position met elsewhere. `board` holds the start (tile ids,
    `blank` the blank's id); `report(nodes)` makes a progress event, one before the re-solving. Returns the path and
    the exact searches' nodes."""
    blanks = cut_loops(blanks, board)
    yield report(0)
    blanks, nodes = yield from reoptimise(blanks, board, blank, cols, report)
    return cut_loops(blanks, board), nodes


def reoptimise(blanks: list[int], board: list[int], blank: int, cols: int, report: Report,
               length: int = 24, stride: int = 8, area: int = 12,
               budget: int = 4096) -> Generator[Event, None, tuple[list[int], int]]:
    """The blank's path with stretches of `length` moves re-solved exactly where shorter (never longer).

    `board` holds the start (tile ids, `blank` the blank's id). A stretch is tried every
    `stride` moves when its bounding rectangle has at most `area` cells, with at most
    `budget` nodes of exact search. Returns the path and the exact searches' nodes
    (counted as they report them, every PROGRESS_EVERY nodes).
    """
    path = list(blanks)
    board = list(board)
    nodes = tried = 0
    i = 0
    while i + 2 < len(path):
        j = min(len(path) - 1, i + length)
        stretch = path[i:j + 1]
        rows_of = [cell // cols for cell in stretch]
        cols_of = [cell % cols for cell in stretch]
        top, bottom, left, right = min(rows_of), max(rows_of), min(cols_of), max(cols_of)
        if (bottom - top + 1) * (right - left + 1) <= area:
            cells = [r * cols + c for r in range(top, bottom + 1) for c in range(left, right + 1)]
            before = {cell: board[cell] for cell in cells}
            after = dict(before)
            for a, b in pairwise(stretch):
                after[a], after[b] = after[b], after[a]
            found, spent = yield from shortest_blank_path(
                cols, cells, [-1 if before[c] == blank else before[c] for c in cells],
                [-1 if after[c] == blank else after[c] for c in cells], budget,
                lambda more, done=nodes: report(done + more), longest=j - i)
            nodes += spent
            if found is not None:
                path[i:j + 1] = found
            tried += 1
            if tried % 8 == 0:
                yield report(nodes)
        for a, b in pairwise(path[i:i + stride + 1]):
            board[a], board[b] = board[b], board[a]
        i += stride
    return path, nodes
