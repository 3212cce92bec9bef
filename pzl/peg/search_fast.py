"""A quick peg-solitaire solver for big boards: depth-first over jumps remembering dead positions, plus beams.

It finds a solution, not a minimal one; pagoda weights and the shared dead-position table keep it fast.
"""

from __future__ import annotations

import time
from typing import Any

from pzl import events
from pzl.peg.pagoda import class_masks, distance_pagoda, position_class, weight
from pzl.peg.search_tables import board_parts, jump_tables, permute, symmetry_group, valid_symmetries, weigher
from pzl.peg.solve import PegOutcome, _check_position
from pzl.search.problem import Search

#: Default cap on remembered dead positions (each costs ~100 bytes in CPython).
MAX_DEAD = 3_000_000
#: Jumps the depth-first search may try before the beams get their turn.
DFS_FIRST_BUDGET = 250_000
#: Jumps between progress events (each costs a scan of the jump table, ~10-50 µs in CPython).
PROGRESS_JUMPS = 1024
#: Beam widths tried in turn (positions kept per jump); then the depth-first search resumes.
BEAM_WIDTHS = (1_000, 4_000, 16_000)

Jump = tuple[int, int]  # (from, to)


def solve_fast(board: Any, start: int, finish: int | None, *, seconds_limit: float | None = 60.0,
               max_states: int = MAX_DEAD) -> Search:
    """Some solution from `start` to `finish` (None = one peg anywhere), quickly; a generator returning a PegOutcome.

    solve_fast(board, start: int, finish: int | None, *, seconds_limit=60.0, max_states=MAX_DEAD) -> Search

    Depth-first search over single jumps first (complete: it can prove a task impossible), then
    beam searches of growing width that keep the most promising positions after every jump, then
    the depth-first search again until the limits. The outcome has minimal=False; solvable is
    False with exhausted=True when the depth-first search tried everything, None at a limit.
    """
    size, _, _ = board_parts(board)
    _check_position(start, size, "start")
    if finish is not None:
        _check_position(finish, size, "finish")
    search = _FastSearch(board, start, finish, seconds_limit, max_states)
    return (yield from search.run())


class _FastSearch:
    """Shared state of the depth-first search and the beams: tables, pagoda, dead positions."""

    def __init__(self, board: Any, start: int, finish: int | None, seconds_limit: float | None,
                 max_states: int) -> None:
        size, jumps, symmetries = board_parts(board)
        self.size, self.jumps, self.start, self.finish = size, jumps, start, finish
        self.seconds_limit, self.max_states = seconds_limit, max_states
        self.tables = jump_tables(size, jumps)
        self.clock = time.perf_counter()
        # "cannot reach the finish" is unchanged by the symmetries that fix the finish
        perms = [perm for perm in valid_symmetries(size, jumps, symmetries)
                 if finish is None or permute(finish, perm) == finish]
        self.canonical = symmetry_group(size, tuple(perms)).canonical
        self.dead: set[int] = set()
        self.nodes = 0
        if finish is not None:
            self.goal_pegs = finish.bit_count()
            self.weights = distance_pagoda(size, jumps, [h for h in range(size) if finish >> h & 1])
            self.least = weight(self.weights, finish)
        else:
            self.goal_pegs = 1
            self.weights = None
            self.least = 0
        self.neighbours = [0] * size
        for a, b, _ in jumps:
            self.neighbours[a] |= 1 << b
            self.neighbours[b] |= 1 << a

    def is_goal(self, position: int) -> bool:
        return position == self.finish if self.finish is not None else position.bit_count() == 1

    def run(self) -> Search:
        start, finish = self.start, self.finish
        masks = class_masks(self.size, self.jumps)
        if finish is not None and (position_class(finish, masks) != position_class(start, masks)
                                   or (finish.bit_count() >= start.bit_count() and finish != start)):
            return self._outcome(None, solvable=False, exhausted=True, minimal=True,
                                 reason="the finish is not reachable (position class or peg count)")
        if self.is_goal(start):
            return self._outcome([], solvable=True, minimal=True, exhausted=True)
        depth_first = self._depth_first()
        found = yield from self._resume(depth_first, DFS_FIRST_BUDGET)
        if found is None:
            for width in BEAM_WIDTHS:
                found = yield from self._beam(width)
                if found is not None or self._out_of_time():
                    break
        if found is None and not self._out_of_time():
            found = yield from self._resume(depth_first, None)
        if isinstance(found, list):
            return self._outcome(_group(found), solvable=True)
        if found == "exhausted":
            return self._outcome(None, solvable=False, minimal=True, exhausted=True,
                                 reason="no sequence of jumps reaches the finish")
        reason = (f"stopped after remembering {len(self.dead):,} dead positions" if found == "full"
                  else f"no solution found within {self.seconds_limit:g} s")
        return self._outcome(None, solvable=None, reason=reason)

    def _out_of_time(self) -> bool:
        return self.seconds_limit is not None and time.perf_counter() - self.clock > self.seconds_limit

    def _outcome(self, moves: list[list[int]] | None, **fields: Any) -> PegOutcome:
        fields.setdefault("minimal", False)
        jumps = sum(len(move) - 1 for move in moves) if moves is not None else None
        return PegOutcome(path=moves, moves=len(moves) if moves is not None else None, jumps=jumps,
                          nodes=self.nodes, states=len(self.dead), seconds=time.perf_counter() - self.clock,
                          **fields)

    def _progress(self, depth: int) -> dict:
        return events.progress(self.nodes, len(self.dead), time.perf_counter() - self.clock, depth=depth)

    def _resume(self, depth_first, budget: int | None) -> Search:
        """Run the depth-first search for `budget` more jumps (None: until it ends or a limit).

        Returns its jump list when it finds a solution, "exhausted", "full", "time", or None (budget spent).
        """
        stop_at = None if budget is None else self.nodes + budget
        while True:
            try:
                event = next(depth_first)
            except StopIteration as stop:
                return stop.value
            yield event
            if self._out_of_time():
                return "time"
            if len(self.dead) > self.max_states:
                return "full"
            if stop_at is not None and self.nodes >= stop_at:
                return None

    def _depth_first(self) -> Search:
        """Depth-first over single jumps; a chain's continuation is tried first. Returns jumps or "exhausted"."""
        jumps, first_fwd, canonical, dead = self.jumps, self.tables.first_fwd, self.canonical, self.dead
        weights, least, goal_pegs, is_goal = self.weights, self.least, self.goal_pegs, self.is_goal
        path: list[Jump] = []
        start = self.start
        stack = [(start, weight(weights, start) if weights else 0, _children(start, first_fwd, jumps, None))]
        every = PROGRESS_JUMPS
        while stack:
            position, value, children = stack[-1]
            if not children:
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

    def _beam(self, width: int) -> Search:
        """Breadth-first over jumps keeping the `width` most promising positions per jump; jumps or None.

        Promising: heavy by the finish's pagoda (pegs near the finish) and few isolated pegs.
        Positions the depth-first search proved dead are skipped.
        """
        first_fwd, canonical, dead = self.tables.first_fwd, self.canonical, self.dead
        weights, least, goal_pegs = self.weights, self.least, self.goal_pegs
        weigh = weigher(weights) if weights is not None else None
        neighbours = self.neighbours
        jumps = self.jumps

        def score(position: int) -> int:
            total = 4 * weigh(position) if weigh is not None else 0
            rest = position
            while rest:
                low = rest & -rest
                if not position & neighbours[low.bit_length() - 1]:
                    total -= 10
                rest ^= low
            return total

        beam = [self.start]
        parents: list[dict[int, tuple[int, int]]] = []  # per jump: position -> (parent, jump index)
        every = PROGRESS_JUMPS
        while beam:
            layer: dict[int, int] = {}  # canonical -> position
            parent: dict[int, tuple[int, int]] = {}
            for position in beam:
                for index, (ab, cm, toggle, _) in enumerate(first_fwd):
                    if position & ab == ab and not position & cm:
                        child = position ^ toggle
                        self.nodes += 1
                        if self.nodes % every == 0:
                            yield self._progress(len(parents) + 1)
                            if self._out_of_time():
                                return None
                        if weigh is not None and weigh(child) < least:
                            continue
                        key = canonical(child)
                        if key in layer or key in dead:
                            continue
                        layer[key] = child
                        parent[child] = (position, index)
                        if self.is_goal(child):
                            parents.append(parent)
                            return _unwind(child, parents, jumps)
            parents.append(parent)
            candidates = [child for child in layer.values() if child.bit_count() > goal_pegs]
            if len(candidates) > width:
                scored = []
                for number, child in enumerate(candidates, 1):
                    scored.append((score(child), child))
                    if number % 512 == 0:
                        yield self._progress(len(parents))
                scored.sort(reverse=True)
                candidates = [child for _, child in scored[:width]]
            beam = candidates
        return None


def _unwind(position: int, parents: list[dict[int, tuple[int, int]]], jumps: tuple) -> list[Jump]:
    """The jumps that led the beam to `position`."""
    played: list[Jump] = []
    for parent in reversed(parents):
        position, index = parent[position]
        a, _, c = jumps[index]
        played.append((a, c))
    return played[::-1]


def _children(position: int, first_fwd: tuple, jumps: tuple, last: int | None) -> list[int]:
    """Indices of the legal jumps, ordered so that popping tries a continuation of the last peg first."""
    legal = [i for i, (ab, cm, _, _) in enumerate(first_fwd) if position & ab == ab and not position & cm]
    if last is not None:
        legal.sort(key=lambda i: jumps[i][0] == last)
    return legal


def _group(jumps: list[Jump]) -> list[list[int]]:
    """Jumps (from, to) grouped into moves: consecutive jumps of the same peg form one move."""
    moves: list[list[int]] = []
    for a, c in jumps:
        if moves and moves[-1][-1] == a:
            moves[-1].append(c)
        else:
            moves.append([a, c])
    return moves
