"""The fast breadth-first sweep for one-cell pieces and one blank: positions as bytes, moves as column copies.

A layer is kept in buckets by (blank cell, cell the blank came from). Joining a bucket
into one buffer, a slide for every position at once is two strided slice copies; the
buffer splits back into positions with struct (all in C). The slide back to the previous
cell is skipped (it always returns to the layer before), and as every slide moves the
blank to a cell of the other colour, no slide stays within a layer: the next layer is
the new positions minus the layer before. Only three layers are ever held.
"""

from __future__ import annotations

import struct
import time
from collections.abc import Generator
from operator import itemgetter

from pzl.errors import SearchLimitError
from pzl.events import Event, progress
from pzl.search.breadth import Layers
from pzl.search.problem import PROGRESS_EVERY
from pzl.sliding.board import Board
from pzl.sliding.position import EMPTY

_first = itemgetter(0)


def sweep(board: Board, goal: tuple[int, ...], *, max_states: int | None = None,
          chunk: int = PROGRESS_EVERY) -> Generator[Event, None, Layers]:
    """Every position reachable from `goal` (codes per cell, one 0), layer by layer; returns Layers.

    `Layers.last` holds the positions at the greatest distance as bytes (codes per cell).
    Yields a progress event every `chunk` positions expanded.
    """
    clock = time.perf_counter()
    n = board.size
    adjacency = board.adjacency
    split = struct.Struct(f"{n}s").iter_unpack
    root = bytes(goal)
    blank = goal.index(EMPTY)
    before: list[set[bytes]] = [set() for _ in range(n)]   # the layer before, by blank cell
    now: list[set[bytes]] = [set() for _ in range(n)]
    now[blank].add(root)
    buckets: dict[tuple[int, int], set[bytes]] = {(blank, -1): {root}}
    result = Layers(histogram=[1])
    total = 1
    limit = max_states or 0
    while True:
        following: dict[tuple[int, int], set[bytes]] = {}
        for (b, came_from), states in buckets.items():
            members = list(states)
            for i in range(0, len(members), chunk):
                part = members[i:i + chunk]
                buffer = b"".join(part)
                blanks = bytes(len(part))
                for m in adjacency[b]:
                    if m == came_from:
                        continue
                    moved = bytearray(buffer)
                    moved[b::n] = buffer[m::n]     # the tile at m slides into the blank at b
                    moved[m::n] = blanks
                    target = following.get((m, b))
                    if target is None:
                        target = following[(m, b)] = set()
                    target.update(map(_first, split(moved)))
                result.nodes += len(part)
                yield progress(result.nodes, total, time.perf_counter() - clock, len(result.histogram))
        layer: list[set[bytes]] = [set() for _ in range(n)]
        count = 0
        for (m, _), states in following.items():
            states -= before[m]
            states -= layer[m]          # reached from two cells: keep it in one bucket
            layer[m] |= states
            count += len(states)
        if not count:
            break
        total += count
        if limit and total > limit:
            raise SearchLimitError(f"the sweep stopped after {total:,} states (the limit is {limit:,}); "
                                   "raise --max-states to go on")
        result.histogram.append(count)
        before, now, buckets = now, layer, {key: states for key, states in following.items() if states}
    result.last = sorted(state for states in now for state in states)
    result.seconds = time.perf_counter() - clock
    return result
