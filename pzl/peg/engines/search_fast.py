"""A quick peg-solitaire solver for big boards: beam search, then depth-first over jumps remembering dead positions.

It finds a solution, not a minimal one; only the depth-first stage, when it runs out of jumps, proves impossibility.
"""

from __future__ import annotations

import time
from typing import Any

from pzl import events
from pzl.peg.board import Hop, Move
from pzl.peg.bounds import class_masks, finish_pagodas, position_class, weight
from pzl.peg.engines.beam import beam_search
from pzl.peg.engines.peg_outcome import PegOutcome
from pzl.peg.engines.search_tables import (
    group_jumps,
    search_task,
    symmetry_group,
)
from pzl.search.problem import COSTLY_EVERY, Search
from pzl.search.progress import Steps

#: Default cap on remembered dead positions (each costs ~100 bytes in CPython).
MAX_DEAD = 3_000_000
#: Share of the time limit the beam search may use before the depth-first search takes over.
BEAM_SHARE = 0.5
#: Jumps between progress events of the depth-first stage (each costs a scan of the jump table).
PROGRESS_JUMPS = COSTLY_EVERY


def solve_fast(board: Any, start: int, finish: int | None, *, first: Hop | None = None,
               seconds_limit: float | None = 60.0, max_states: int | None = MAX_DEAD,
               beam_only: bool = False) -> Search:
    """Some solution from `start` to `finish` (None = one peg anywhere), quickly; a generator returning a PegOutcome.

    solve_fast(board, start: int, finish: int | None, *, first: tuple[int, int] | None = None,
               seconds_limit=60.0, max_states=MAX_DEAD, beam_only=False) -> Search

    First beam search (`pzl.peg.engines.beam`, at most half the time limit), then depth-first search over
    single jumps until the limits (complete: it can prove a task impossible); `beam_only` gives the
    beam the whole time limit and skips the depth-first stage. `max_states` caps the dead positions
    remembered (None: no cap). The outcome has minimal=False and `method` "beam" or "depth-first"
    (the stage that answered); solvable is False with exhausted=True when the depth-first search
    tried everything, None at a limit (`stopped` says which: "seconds" or "max_states").
    first: (from, to) of a jump played before the search; a solution found begins with it (merged with the
    chain that continues it), and is then never called minimal.
    """
    search = _FastSearch(board, start, finish, seconds_limit, max_states, first)
    return (yield from search.run(beam_only))


class _FastSearch:
    """The stages' shared state: tables, finish pagoda, dead positions, counters."""

    def __init__(self, board: Any, start: int, finish: int | None, seconds_limit: float | None,
                 max_states: int | None, first: Hop | None) -> None:
        task = search_task(board, start, finish, first)
        # "cannot reach the finish" is unchanged by the symmetries that fix the finish
        self.canonical = symmetry_group(task.size, task.fixing(finish)).canonical
        self.first = task.first
        if self.first is not None:   # played: its pegs leave, one lands
            start ^= (1 << self.first[0]) | (1 << self.first[1]) | (1 << self.first[2])
        self.size, self.jumps, self.start, self.finish = task.size, task.jumps, start, finish
        self.seconds_limit, self.max_states = seconds_limit, max_states
        self.tables = task.tables
        self.clock = time.perf_counter()
        self.dead: set[int] = set()
        self.nodes = 0
        self.goal_pegs = finish.bit_count() if finish is not None else 1
        self.weights, self.least, self.start_value = None, 0, 0
        for test in finish_pagodas(task.size, task.jumps, finish):
            self.weights, self.least, self.start_value = test.weights, test.least, weight(test.weights, start)
        self.board = board

    def is_goal(self, position: int) -> bool:
        return position == self.finish if self.finish is not None else position.bit_count() == 1

    def run(self, beam_only: bool) -> Search:
        start, finish = self.start, self.finish
        masks = class_masks(self.size, self.jumps)
        if finish is not None and (position_class(finish, masks) != position_class(start, masks)
                                   or (finish.bit_count() >= start.bit_count() and finish != start)):
            return self._outcome(None, solvable=False, exhausted=True, minimal=True,
                                 reason="the finish is not reachable (position class or peg count)")
        if self.is_goal(start):
            return self._outcome([], solvable=True, minimal=True, exhausted=True)
        share = 1.0 if beam_only else BEAM_SHARE
        beam_seconds = None if self.seconds_limit is None else share * self.seconds_limit
        found = yield from beam_search(self.board, start, finish, seconds_limit=beam_seconds,
                                       max_states=self.max_states)
        self.nodes += found["nodes"]
        if found["path"] is not None or beam_only:
            solved = found["path"] is not None
            return self._outcome(found["path"], solvable=True if solved else None, reason=found["reason"],
                                 method="beam", states=found["states"], stopped=found["stopped"])
        result = yield from self._resume(self._depth_first())
        if isinstance(result, list):
            return self._outcome(group_jumps(result), solvable=True)
        if result == "exhausted":
            return self._outcome(None, solvable=False, minimal=True, exhausted=True,
                                 reason="no sequence of jumps reaches the finish")
        if result == "full":
            return self._outcome(None, solvable=None, stopped="max_states",
                                 reason=f"stopped after remembering {len(self.dead):,} dead positions "
                                        f"(the state budget is {self.max_states:,})")
        return self._outcome(None, solvable=None, stopped="seconds",
                             reason=f"no solution found within {self.seconds_limit:g} s (the time limit)")

    def _out_of_time(self) -> bool:
        return self.seconds_limit is not None and time.perf_counter() - self.clock > self.seconds_limit

    def _outcome(self, moves: list[Move] | None, **fields: Any) -> PegOutcome:
        fields.setdefault("minimal", False)
        fields.setdefault("method", "depth-first")
        fields.setdefault("states", len(self.dead))
        if moves is not None and self.first is not None:   # the first jump goes in front, merged with its chain
            a, _, c = self.first
            moves = [Move((a, *moves[0])), *moves[1:]] if moves and moves[0].start == c else [Move((a, c)), *moves]
            fields["minimal"] = False
        jumps = sum(move.jumps for move in moves) if moves is not None else None
        return PegOutcome(path=moves, moves=len(moves) if moves is not None else None, jumps=jumps,
                          nodes=self.nodes, seconds=time.perf_counter() - self.clock, **fields)

    def _progress(self, depth: int) -> dict:
        return events.progress(self.nodes, len(self.dead), time.perf_counter() - self.clock, depth=depth)

    def _resume(self, depth_first) -> Search:
        """Run the depth-first search until it ends or a limit: its jump list, "exhausted", "full" or "time"."""
        steps = Steps(depth_first)
        for event in steps:
            yield event
            if self._out_of_time():
                return "time"
            if self.max_states is not None and len(self.dead) > self.max_states:
                return "full"
        return steps.outcome

    def _depth_first(self) -> Search:
        """Depth-first over single jumps; a chain's continuation is tried first. Returns jumps or "exhausted"."""
        jumps, first_fwd, canonical, dead = self.jumps, self.tables.first_fwd, self.canonical, self.dead
        weights, least, goal_pegs, is_goal = self.weights, self.least, self.goal_pegs, self.is_goal
        path: list[Hop] = []
        start = self.start
        stack = [(start, self.start_value, _children(start, first_fwd, jumps, None))]
        every = PROGRESS_JUMPS
        while stack:
            position, value, children = stack[-1]
            if not children:
                if self.max_states is not None and len(dead) >= self.max_states:
                    return "full"   # one more dead position would pass the state budget
                stack.pop()
                dead.add(canonical(position))
                if path:
                    path.pop()
                continue
            index = children.pop()
            a, b, c = jumps[index]
            child = position ^ ((1 << a) | (1 << b) | (1 << c))
            self.nodes += 1
            if self.nodes % every == 0:
                yield self._progress(len(path) + 1)
            if weights is not None:
                child_value = value + weights[c] - weights[a] - weights[b]
                if child_value < least:
                    continue
            else:
                child_value = 0
            if is_goal(child):
                return [*path, (a, c)]
            if child.bit_count() <= goal_pegs or canonical(child) in dead:
                continue
            path.append((a, c))
            stack.append((child, child_value, _children(child, first_fwd, jumps, c)))
        return "exhausted"


def _children(position: int, first_fwd: tuple, jumps: tuple, last: int | None) -> list[int]:
    """Indices of the legal jumps, ordered so that popping tries a continuation of the last peg first."""
    legal = [i for i, (ab, cm, _, _) in enumerate(first_fwd) if position & ab == ab and not position & cm]
    if last is not None:
        legal.sort(key=lambda i: jumps[i][0] == last)
    return legal
