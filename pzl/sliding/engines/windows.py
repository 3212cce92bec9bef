"""Shortening a solution of numbered tiles while it is shown: windows of it re-solved optimally, spliced in.

A window is the stretch of the solution between two of its positions, `length` moves apart. IDA*
(`pzl.sliding.engines.tiles`: Manhattan distance, plus linear conflict where its tables fit) looks for a
shorter way between the two positions on the whole board, within a node budget; a shorter way
replaces the stretch, and the rest of the solution is untouched (it starts from the same
position). A window whose two ends are as far apart as its length by Manhattan distance cannot be
shortened (a shorter way is shorter by 2 at least: a grid board keeps the parity) and is skipped.
Passes go over the whole solution with windows of growing length and budget: short windows are
cheap and long ones find what short ones cannot (measured on random 5x5 to 10x10 boards,
`bench/sliding_fast.py --shorten`).

`Shortener.run(nodes)` spends a budget of IDA* nodes, may be run again for more, and returns the solution as it
stands: always whole (`blanks`, the blank's cell after every move) and never longer than before.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Hashable, Sequence
from itertools import pairwise

from pzl.events import Event, progress
from pzl.search.problem import PROGRESS_EVERY, Search, SearchOutcome
from pzl.search.progress import relay
from pzl.sliding.board import Board
from pzl.sliding.engines.fast_exact import cut_loops
from pzl.sliding.engines.tile_bounds import MAX_LINE_TABLE
from pzl.sliding.engines.tiles import ida_star_fixed, replay_blanks

#: The first passes, in order: (window length in moves, stride between windows, IDA* nodes per window). Then
#: while the budget lasts, passes of windows GROWTH moves longer each time, with GROWTH_NODES times the budget.
PASSES = ((24, 6, 2_000), (32, 8, 8_000), (40, 8, 30_000), (48, 8, 60_000), (56, 8, 120_000))
GROWTH, GROWTH_NODES = 8, 1.5
#: What a progress event says the search is doing.
PHASE = "re-solving windows"


class Shortener:
    """A solution being shortened: `start` (labels in cell order, 0 the blank) and the blank's path `blanks` on
    `board`, whose `distances` (`pzl.sliding.board.distances`) the caller has made once."""

    def __init__(self, board: Board, start: Sequence[Hashable], blanks: list[int],
                 distances: Sequence[Sequence[int]]) -> None:
        self.board = board
        self.rows, self.cols = board.rows, board.cols
        self.start = tuple(start)
        self.blanks = list(blanks)
        self.distances = distances
        side = max(self.rows, self.cols)
        #: The windows' lower bound: linear conflict where its tables fit (up to 5 x 5), else Manhattan distance.
        self.bound = "linear-conflict" if (side + 1) ** side <= MAX_LINE_TABLE else "manhattan"
        self.nodes = 0
        self._pass = 0          # the next entry of PASSES (past the end: the last, shifted)
        self._tried: set[int] = set()   # the hashes of the windows (both ends) tried in vain

    @property
    def moves(self) -> int:
        """The solution's length now."""
        return len(self.blanks) - 1

    def run(self, budget: int, nodes: int = 0, clock: float | None = None) -> Search:
        """Spend about `budget` IDA* nodes on windows (progress counts on from `nodes`, seconds from `clock`).

        Returns the solution as the windows have left it, its nodes counted on from `nodes`: `stopped` is "nodes"
        while more passes could still shorten it, None once the windows have grown as long as the whole solution.
        """
        clock = time.perf_counter() if clock is None else clock
        spent_before = self.nodes
        more = True
        while self.nodes - spent_before < budget:
            length, stride, each = self._next_pass()
            if length >= self.moves:
                more = False
                break
            finished = yield from self._one_pass(length, stride, each, spent_before + budget, nodes, clock)
            if not finished:
                break
            self._pass += 1
        path = replay_blanks(self.start, self.blanks)
        return SearchOutcome(path, nodes=nodes + self.nodes, states=len(path), stopped="nodes" if more else None)

    def _next_pass(self) -> tuple[int, int, int]:
        """(window length, stride, nodes per window) of the pass to run now."""
        if self._pass < len(PASSES):
            return PASSES[self._pass]
        length, stride, each = PASSES[-1]
        more = self._pass - len(PASSES) + 1
        return length + GROWTH * more, stride, int(each * GROWTH_NODES ** more)

    def _one_pass(self, length: int, stride: int, each: int, stop: int, nodes: int,
                  clock: float) -> Generator[Event, None, bool]:
        """Windows of `length` moves every `stride` moves, while the budget (`stop`) lasts; True when the pass got
        to the end of the solution (a pass cut short starts again from the beginning, skipping windows tried)."""
        board = list(self.start)
        i = 0
        report = self.nodes + PROGRESS_EVERY
        while i + length < len(self.blanks):
            if self.nodes >= stop:
                return False
            first = tuple(board)
            last = list(board)
            for a, b in pairwise(self.blanks[i:i + length + 1]):
                last[a], last[b] = last[b], last[a]
            key = hash((first, tuple(last)))
            if key not in self._tried and self._manhattan(board, last) <= length - 2:
                found = yield from self._window(first, tuple(last), length, min(each, stop - self.nodes),
                                                nodes, clock)
                if found is not None:
                    self.blanks[i:i + length + 1] = found
                else:
                    self._tried.add(key)
            if self.nodes >= report:
                report = self.nodes + PROGRESS_EVERY
                yield progress(nodes + self.nodes, self.moves + 1, time.perf_counter() - clock, phase=PHASE)
            for a, b in pairwise(self.blanks[i:i + stride + 1]):
                board[a], board[b] = board[b], board[a]
            i += stride
        self.blanks = cut_loops(self.blanks, self.start)
        yield progress(nodes + self.nodes, self.moves + 1, time.perf_counter() - clock, phase=PHASE)
        return True

    def _manhattan(self, first: list[Hashable], last: list[Hashable]) -> int:
        """Manhattan distance between two positions (the tiles' steps from one to the other)."""
        cell_of = {label: cell for cell, label in enumerate(last)}
        table = self.distances
        return sum(table[cell][cell_of[label]] for cell, label in enumerate(first) if label != 0)

    def _window(self, first: tuple[Hashable, ...], last: tuple[Hashable, ...], length: int, budget: int,
                nodes: int, clock: float) -> Search:
        """The blank's cells on a way from `first` to `last` shorter than `length` moves, or None (not within
        `budget` nodes, or none shorter)."""
        start = nodes + self.nodes
        search = ida_star_fixed(first, last, self.board.adjacency, self.distances, self.bound,
                                rows_cols=(self.rows, self.cols), max_depth=length - 2, nodes=start, clock=clock)
        # the window's own passes are not the request's (no `iteration`, no depth): the shortening's progress,
        # until the window's budget is spent (then the relay stops it and gives None)
        stop = start + budget
        outcome = yield from relay(search, lambda event: None if event["nodes"] > stop else
                                   progress(event["nodes"], self.moves + 1, time.perf_counter() - clock, phase=PHASE))
        self.nodes += outcome.nodes - start if outcome is not None else budget   # stopped a few thousand past it
        if outcome is None or outcome.path is None or len(outcome.path) - 1 >= length:
            return None
        return [position.index(0) for position in outcome.path]
