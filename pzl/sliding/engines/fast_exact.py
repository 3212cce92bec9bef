"""Shortest blank paths inside a small rectangle of a big board: a budgeted IDA* for the fast solver.

The fast solver finishes its last region exactly and re-optimises short stretches of its
solution with this search. Cells outside the rectangle never change; inside it the search
goes from one arrangement to another (any, not only the puzzle's goal) by the fewest moves,
with the sum of Manhattan distances as its bound. It is a generator that yields `None`
every few thousand nodes (so its caller can report progress and be cancelled) and returns
the blank's cells along the path found, or None when the node budget ran out first.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from pzl.search.problem import PROGRESS_EVERY

ExactSearch = Generator[None, None, list[int] | None]


def shortest_blank_path(cols: int, cells: Sequence[int], start: Sequence[int], goal: Sequence[int],
                        budget: int, longest: int | None = None) -> ExactSearch:
    """The blank's cells (board numbering, from its start cell) on a shortest path inside `cells`.

    `cells` lists board cells (numbered row by row, `cols` to a row) forming a rectangle;
    `start[i]` and `goal[i]` are what cell `cells[i]` holds at either end, the blank written
    as -1 and tiles as any distinct non-negative ids, the same ids at both ends. Only paths
    shorter than `longest` moves are sought when it is given (None: no such path). The
    caller checks solvability (parity): an unsolvable pair only ends by the budget.
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
        return [cells[z]]
    limit = m * m if longest is None else longest - 1
    bound = h
    nodes = 0
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
            if nodes % PROGRESS_EVERY == 0:  # about 5 ms of CPython between yields
                if nodes >= budget:
                    return None
                yield None
            board[here], board[step] = tile, -1
            h += change
            g += 1
            path.append(step)
            if h == 0:  # every tile is home, so the blank is too
                return [cells[i] for i in path]
            tries.append(iter(neighbours[step]))
        bound = next_bound
    return None


def _grid_neighbours(cell: int, cols: int) -> tuple[int, ...]:
    """Cells next to `cell` on an unbounded grid `cols` wide (the caller keeps only its own cells)."""
    c = cell % cols
    out = [cell - cols, cell + cols]
    if c > 0:
        out.append(cell - 1)
    if c < cols - 1:
        out.append(cell + 1)
    return tuple(out)
