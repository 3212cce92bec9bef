"""Fast breadth-first sweeps for one-cell pieces and one blank: positions as bytes, moves as column copies.

A layer is kept in buckets by (blank cell, cell the blank came from). Joining a bucket
into one buffer, a slide for every position at once is two strided slice copies; the
buffer splits back into positions with struct (all in C). The slide back to the previous
cell is skipped (it always returns to the layer before), and as every slide moves the
blank to a cell of the other colour, no slide stays within a layer: the next layer is
the new positions minus the layer before. `sweep` (longest) holds three layers only;
`shortest` (bfs) keeps every layer to trace the path back.
"""

from __future__ import annotations

import struct
import time
from collections.abc import Callable, Generator
from operator import itemgetter

from pzl.errors import SearchLimitError
from pzl.events import Event, progress
from pzl.search.breadth import Layers, count_paths, trace_layers
from pzl.search.problem import PROGRESS_EVERY, Search, SearchOutcome
from pzl.sliding.board import Board
from pzl.sliding.position import EMPTY

_first = itemgetter(0)
Buckets = dict[tuple[int, int], set[bytes]]


class _Sweeper:
    """Layer-by-layer expansion of bytes positions on one board (see the module docstring)."""

    def __init__(self, board: Board, root: tuple[int, ...], max_states: int | None, chunk: int,
                 exhaustive: bool = False) -> None:
        self.exhaustive = exhaustive
        self.n = board.size
        self.adjacency = board.adjacency
        self.split = struct.Struct(f"{self.n}s").iter_unpack
        self.limit = max_states or 0
        self.chunk = chunk
        self.clock = time.perf_counter()
        blank = root.index(EMPTY)
        self.root = bytes(root)
        self.before: list[set[bytes]] = [set() for _ in range(self.n)]
        self.now: list[set[bytes]] = [set() for _ in range(self.n)]
        self.now[blank].add(self.root)
        self.buckets: Buckets = {(blank, -1): {self.root}}
        self.nodes = 0
        self.total = 1
        self.depth = 0

    def step(self) -> Generator[Event, None, int]:
        """Expand the current layer into the next; returns the number of new positions (0: done).

        Progress events carry `states` = distinct positions found so far and `depth` = the
        greatest distance at which a position has been found: both only grow, and they end
        at the sweep's totals (181,440 and 31 on the 8-puzzle).
        """
        n, adjacency, split = self.n, self.adjacency, self.split
        following: Buckets = {}
        held = self.total   # what the sets hold, repeats of the layer before included (until it is tidied)
        for (b, came_from), states in self.buckets.items():
            members = list(states)
            for i in range(0, len(members), self.chunk):
                part = members[i:i + self.chunk]
                buffer = b"".join(part)
                blanks = bytes(len(part))
                for m in adjacency[b]:
                    if m == came_from:
                        continue
                    moved = bytearray(buffer)
                    moved[b::n] = buffer[m::n]     # the tile at m slides into the blank at b
                    moved[m::n] = blanks
                    if self.limit and held + len(part) > self.limit:   # the slide's positions might not fit
                        self._stop(held)
                    target = following.get((m, b))
                    if target is None:
                        target = following[(m, b)] = set()
                    size = len(target)
                    target.update(map(_first, split(moved)))
                    held += len(target) - size
                self.nodes += len(part)
                # `states` in progress counts distinct positions found; the sets may also hold repeats of
                # the layer before until the layer is tidied, which the memory cap counts (`held`)
                yield progress(self.nodes, self.total, time.perf_counter() - self.clock, self.depth)
        layer: list[set[bytes]] = [set() for _ in range(n)]
        count = 0
        for (m, _), states in following.items():
            states -= self.before[m]
            states -= layer[m]          # reached from two cells: keep it in one bucket
            layer[m] |= states
            count += len(states)
            if len(states) > self.chunk:  # big layers: stay responsive while tidying up
                yield progress(self.nodes, self.total + count, time.perf_counter() - self.clock, self.depth + 1)
        self.total += count
        if count:
            self.depth += 1
            self.before, self.now = self.now, layer
            self.buckets = {key: states for key, states in following.items() if states}
        return count

    def _stop(self, held: int) -> None:
        """Stop at the state cap: a sweep has reached `depth` + 1 layers; a search knows the goal is farther."""
        raise SearchLimitError(f"the breadth-first {'sweep' if self.exhaustive else 'search'} stopped after storing "
                               f"{held:,} positions (the cap is {self.limit:,})", "max_states", states=held,
                               lower_bound=self.depth + 1)


def sweep(board: Board, goal: tuple[int, ...], *, max_states: int | None = None,
          chunk: int = PROGRESS_EVERY) -> Generator[Event, None, Layers]:
    """Every position reachable from `goal` (codes per cell, one 0), layer by layer; returns Layers.

    `Layers.last` holds the positions at the greatest distance as bytes (codes per cell).
    Yields a progress event every `chunk` positions expanded.
    """
    sweeper = _Sweeper(board, goal, max_states, chunk, exhaustive=True)
    result = Layers(histogram=[1])
    while count := (yield from sweeper.step()):
        result.histogram.append(count)
    result.last = sorted(state for states in sweeper.now for state in states)
    result.nodes = sweeper.nodes
    result.seconds = time.perf_counter() - sweeper.clock
    return result


def shortest(board: Board, start: tuple[int, ...], goal: tuple[int, ...], *, max_states: int | None = None,
             all_solutions: bool = False, max_solutions: int = 100, chunk: int = PROGRESS_EVERY) -> Search:
    """Breadth-first search from `start` to the complete `goal`; a SearchOutcome with bytes positions.

    Stops at the end of the layer that holds the goal (so `states` does not depend on
    the order within a layer); with `all_solutions`, counts the shortest paths exactly
    through the kept layers.
    """
    sweeper = _Sweeper(board, start, max_states, chunk)
    target = bytes(goal)
    layers: list[ByBlank] = [ByBlank(sweeper.now)]
    counts = [1]   # positions per depth
    found = sweeper.root == target
    while not found:
        if not (yield from sweeper.step()):
            break
        layers.append(ByBlank(sweeper.now))
        counts.append(sum(map(len, sweeper.now)))
        yield progress(sweeper.nodes, sweeper.total, time.perf_counter() - sweeper.clock, sweeper.depth,
                       layer=[len(counts) - 1, counts[-1]])
        found = target in layers[-1]
    outcome = SearchOutcome(None, sweeper.nodes, sweeper.total, 0.0, exhausted=not found)
    outcome.layers = counts
    if found:
        neighbours = _neighbours(board)
        outcome.path = trace_layers(target, layers, neighbours)
        if all_solutions:
            outcome.count, outcome.paths = count_paths([target], layers, neighbours, max_solutions)
    for layer in layers:  # hand the memory back a layer at a time: freeing millions at once stalls a step
        for states in layer.sets:
            states.clear()
        yield progress(sweeper.nodes, sweeper.total, time.perf_counter() - sweeper.clock, sweeper.depth)
    outcome.seconds = time.perf_counter() - sweeper.clock
    return outcome


class ByBlank:
    """A layer kept as one set per blank cell; `in` looks in the blank's set only."""

    __slots__ = ("sets",)

    def __init__(self, sets: list[set[bytes]]) -> None:
        self.sets = sets

    def __contains__(self, state: object) -> bool:
        return isinstance(state, bytes) and state in self.sets[state.index(EMPTY)]


def _neighbours(board: Board) -> Callable[[bytes], list[bytes]]:
    """A successor function on bytes positions (for tracing paths back, not for the sweep)."""
    adjacency = board.adjacency

    def neighbours(state: bytes) -> list[bytes]:
        blank = state.index(EMPTY)
        found = []
        for cell in adjacency[blank]:
            after = bytearray(state)
            after[blank], after[cell] = after[cell], EMPTY
            found.append(bytes(after))
        return found

    return neighbours
