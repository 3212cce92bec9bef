"""Shortening a solution of the fast solver: repeated positions cut out, short stretches re-solved exactly.

A solution is the blank's path (its cell after every move) from a start position. When the
path passes the same position twice, the moves between are a loop and go. A short stretch
of the path changes only the cells its blank visits, so the positions at its two ends differ
only inside their bounding rectangle; an exact search in that rectangle (`fast_exact`) may
join them by fewer moves, and the shorter stretch replaces the old one.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Sequence
from itertools import pairwise

from pzl.events import Event
from pzl.search.problem import PROGRESS_EVERY
from pzl.search.progress import Steps
from pzl.sliding.engines.fast_exact import shortest_blank_path


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


def shorten_path(blanks: list[int], board: list[int], blank: int, cols: int, report: Callable[[int], Event],
                 ) -> Generator[Event, None, tuple[list[int], int]]:
    """The blank's path shortened: its loops cut (`cut_loops`), its stretches re-solved (`reoptimise`), and its loops
    cut again, since a re-solved stretch may pass a position met elsewhere. `board` holds the start (tile ids,
    `blank` the blank's id); `report(nodes)` makes a progress event, one before the re-solving. Returns the path and
    the exact searches' nodes."""
    blanks = cut_loops(blanks, board)
    yield report(0)
    blanks, nodes = yield from reoptimise(blanks, board, blank, cols, report)
    return cut_loops(blanks, board), nodes


def reoptimise(blanks: list[int], board: list[int], blank: int, cols: int, report: Callable[[int], Event],
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
            search = shortest_blank_path(cols, cells, [-1 if before[c] == blank else before[c] for c in cells],
                                         [-1 if after[c] == blank else after[c] for c in cells], budget,
                                         longest=j - i)
            steps = Steps(search)
            for _ in steps:
                nodes += PROGRESS_EVERY
                yield report(nodes)
            found = steps.outcome
            if found is not None:
                path[i:j + 1] = found
            tried += 1
            if tried % 8 == 0:
                yield report(nodes)
        for a, b in pairwise(path[i:i + stride + 1]):
            board[a], board[b] = board[b], board[a]
        i += stride
    return path, nodes
