"""Peg-solitaire searches over moves (a chain of jumps by one peg): minimal solutions with proof and counts.

`solve_minimal` meets a breadth-first search from the start with one from the finish, layer by
layer on the number of moves; `analyse` asks it about any position; `solve_fast` lives in search_fast.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pzl import events
from pzl.errors import PositionError
from pzl.peg.pagoda import class_masks, distance_pagoda, position_class, weight
from pzl.peg.search_tables import (
    JumpTables,
    backward_moves,
    board_parts,
    forward_moves,
    jump_tables,
    permute,
    symmetry_group,
    valid_symmetries,
    weigher,
)
from pzl.search.problem import Search, SearchOutcome

Move = list[int]  # the holes one peg visits, e.g. [10, 0, 2, 6]

#: Default cap on the positions both sides may store together: about 130 bytes each in CPython
#: (4 M ≈ 500 MB), enough to prove the English central game's 18 moves (3.74 M positions).
MAX_STATES = 4_000_000
#: Positions expanded between progress events: one expansion generates every move of a position
#: (dozens of jump chains on big boards), so this keeps events a few milliseconds apart.
EXPANSIONS_PER_PROGRESS = 128


@dataclass(slots=True)
class PegOutcome(SearchOutcome):
    """A SearchOutcome plus what a peg task needs.

    path: the moves of one solution (each a list of holes), or None.
    solvable: True (a solution was found), False (proved impossible), None (unknown within limits).
    minimal: True when `path` is proved to use the fewest moves (then `exhausted` is True too).
    moves / jumps: length of `path` in moves and in jumps.
    lower_bound: moves that any solution needs at least (proved), when known.
    reason: why the search stopped without an answer (limit reached), or why it is impossible.
    method: the search that answered: "minimal", or the fast solver's "beam" or "depth-first".
    """

    solvable: bool | None = None
    minimal: bool = False
    moves: int | None = None
    jumps: int | None = None
    lower_bound: int = 0
    reason: str | None = None
    method: str = "minimal"


def solve_minimal(board: Any, start: int, finish: int | None, *, first: tuple[int, int] | None = None,
                  all_solutions: bool = False, max_solutions: int = 100, max_states: int = MAX_STATES,
                  seconds_limit: float | None = None, use_symmetry: bool = True) -> Search:
    """Fewest moves from `start` to `finish`, proved; a generator returning a `PegOutcome`.

    solve_minimal(board, start: int, finish: int | None, *, first: tuple[int, int] | None = None,
                  all_solutions=False, max_solutions=100, max_states=MAX_STATES,
                  seconds_limit=None, use_symmetry=True) -> Search

    board: anything with `size`, `jumps` ((from, over, to) triples) and optionally `symmetries`
    (hole permutations). start/finish: bitmasks; finish None means one peg anywhere.
    first: (from, to) of a jump every solution must begin with (a chain continuing it is still move 1).
    all_solutions: also count the distinct minimal solutions — ordered jump sequences whose
    grouping into moves (maximal chains of one peg) has the minimal length — into `count`, and
    list up to `max_solutions` of them in `paths`.
    The outcome's `minimal`/`exhausted` are True when the answer (solution or impossibility) is
    proved; hitting `max_states` or `seconds_limit` gives solvable=None with a `reason` and the
    proved `lower_bound`.
    """
    size, jumps, symmetries = board_parts(board)
    tables = jump_tables(size, jumps)
    _check_position(start, size, "start")
    if finish is not None:
        _check_position(finish, size, "finish")
    first_jump = _first_jump(first, jumps) if first is not None else None
    search = _MeetInMiddle(tables, symmetries if use_symmetry else (), start, finish, first_jump,
                           all_solutions, max_solutions, max_states, seconds_limit)
    return (yield from search.run())


def analyse(board: Any, pegs: int, finish: int | None, *, seconds_limit: float = 2.0,
            max_states: int = 400_000) -> Search:
    """Whether `pegs` can still reach `finish`, the fewest moves from it and a next move of a minimal solution.

    analyse(board, pegs: int, finish: int | None, *, seconds_limit=2.0, max_states=400_000) -> Search

    Returns a `PegOutcome`: solvable True/False/None (None: unknown within the limits, `reason` says
    which), `moves` (fewest moves, proved when `minimal`), `path[0]` the suggested next move.
    The minimal search gets half the time; if it cannot decide, the fast search uses the rest,
    so on big boards the answer may be a solution that is not proved minimal (minimal=False,
    `lower_bound` still proved) or an impossibility found by exhausting every jump.
    """
    clock = time.perf_counter()
    outcome = yield from solve_minimal(board, pegs, finish, max_states=max_states,
                                       seconds_limit=seconds_limit / 2)
    if outcome.solvable is not None:
        return outcome
    from pzl.peg.search_fast import solve_fast  # search_fast builds on this module

    remaining = max(seconds_limit - (time.perf_counter() - clock), 0.1)
    fallback = yield from solve_fast(board, pegs, finish, seconds_limit=remaining, max_states=max_states)
    fallback.lower_bound = max(fallback.lower_bound, outcome.lower_bound)
    fallback.nodes += outcome.nodes
    if fallback.solvable is None:
        fallback.reason = outcome.reason
    return fallback


def _check_position(mask: int, size: int, what: str) -> None:
    """A PositionError when `mask` is not a position of this board."""
    if not isinstance(mask, int) or mask < 0:
        raise PositionError(f"the {what} must be a set of holes")
    if mask >> size:
        raise PositionError(f"the {what} has a peg outside the board's {size} holes")


def _first_jump(first: tuple[int, int], jumps: tuple[tuple[int, int, int], ...]) -> tuple[int, int, int]:
    """The board jump (from, over, to) for a (from, to) pair, or a PositionError."""
    source, target = first
    for jump in jumps:
        if jump[0] == source and jump[2] == target:
            return jump
    raise PositionError(f"there is no jump from hole {source} to hole {target} on this board")


class _MeetInMiddle:
    """Breadth-first layers over moves from the start and from the finish until they meet.

    Positions are stored by canonical form under the symmetries that fix the task. Each side
    keeps, per position, how many move sequences reach the position's whole orbit (so symmetry
    needs no stabiliser bookkeeping); the meeting layer multiplies the two sides' counts.
    """

    def __init__(self, tables: JumpTables, symmetries, start: int, finish: int | None,
                 first: tuple[int, int, int] | None, counting: bool, max_solutions: int,
                 max_states: int, seconds_limit: float | None) -> None:
        self.tables = tables
        self.size = size = tables.size
        self.full = (1 << size) - 1
        self.start = start
        self.finish = finish
        self.first = first
        self.counting = counting
        self.max_solutions = max_solutions
        self.max_states = max_states
        self.seconds_limit = seconds_limit
        perms = valid_symmetries(size, tables.jumps, symmetries)
        fixed = [start] + ([finish] if finish is not None else [])

        def keeps(perm: tuple[int, ...]) -> bool:
            if any(permute(mask, perm) != mask for mask in fixed):
                return False
            return first is None or (perm[first[0]], perm[first[1]], perm[first[2]]) == first

        self.symmetry = symmetry_group(size, tuple(perm for perm in perms if keeps(perm)))
        self.nodes = 0
        self.clock = time.perf_counter()
        # finish-side pagoda: positions lighter than the finish are dead
        self.fwd_pagoda = None
        if finish:
            weights = distance_pagoda(size, tables.jumps, [h for h in range(size) if finish >> h & 1])
            self.fwd_pagoda = (weigher(weights), weights, weight(weights, finish))
        # start-side pagoda on complements: a backward position whose holes are lighter than the start's
        empty = self.full & ~start
        self.bwd_pagoda = None
        if empty:
            weights = distance_pagoda(size, tables.jumps, [h for h in range(size) if empty >> h & 1])
            self.bwd_pagoda = (weigher(weights), weights, weight(weights, empty))

    # ----------------------------------------------------------------- the search
    def run(self) -> Search:
        """The generator behind `solve_minimal`."""
        start, finish = self.start, self.finish
        start_pegs = start.bit_count()
        goals = self._goals()
        if not goals:
            return self._impossible("no finish position has the start's position class", 0)
        if finish is not None and finish.bit_count() >= start_pegs and finish != start:
            return self._impossible("the finish has as many pegs as the start or more", 0)
        # Each side keeps its newest layer with sequence counts (canonical position -> sequences
        # reaching its orbit) and every position it has seen with its depth; older counts are not
        # needed because sides can only meet in their newest layers.
        bfront, bdepth = goals, 0
        bseen: dict[int, int] = dict.fromkeys(goals, 0)
        if self.first is None:
            ffront, fdepth = {start: 1}, 0
            fseen = {start: 0}
        else:
            ffront, fdepth = (yield from self._first_layer()), 1
            fseen = dict.fromkeys(ffront, 1)  # the start itself is no meeting point: solutions leave it by `first`
        growth = [1.0, 1.0]
        meets = [key for key in ffront if key in bseen]  # a 0-move task, or a finish right after `first`
        while not meets:
            lower = fdepth + bdepth + 1  # any solution is longer than both explored depths together
            if not ffront or not bfront:
                return self._impossible("no sequence of moves reaches the finish", lower, len(fseen) + len(bseen))
            stopped = self._over_limits(len(fseen) + len(bseen))
            if stopped:
                return self._limit(stopped, lower, len(fseen) + len(bseen))
            # grow the side whose next layer promises to be smaller (frontier times its last growth)
            if len(ffront) * growth[0] <= len(bfront) * growth[1]:
                fdepth += 1
                layer, meets = yield from self._grow(ffront, fseen, bseen, fdepth, lower, reverse=False)
                if layer is None:  # a limit struck inside the layer: the proof stands at the finished depths
                    stored = len(fseen) + len(bseen)
                    return self._limit(self._over_limits(stored) or "stopped", lower, stored)
                growth[0] = max(len(layer), 1) / max(len(ffront), 1)
                ffront = layer
            else:
                bdepth += 1
                layer, meets = yield from self._grow(bfront, bseen, fseen, bdepth, lower, reverse=True)
                if layer is None:
                    stored = len(fseen) + len(bseen)
                    return self._limit(self._over_limits(stored) or "stopped", lower, stored)
                growth[1] = max(len(layer), 1) / max(len(bfront), 1)
                bfront = layer
        return self._solved(ffront, bfront, fseen, bseen, meets)

    def _over_limits(self, stored: int) -> str | None:
        """Why the search must stop now (states or time), or None."""
        if self.max_states is not None and stored > self.max_states:  # None: no cap
            return f"stopped after storing {stored:,} positions (limit {self.max_states:,})"
        if self.seconds_limit is not None and time.perf_counter() - self.clock > self.seconds_limit:
            return f"stopped after {self.seconds_limit:g} s"
        return None

    def _goals(self) -> dict[int, int]:
        """Backward layer 0: canonical finish positions -> size of their orbit (one sequence per member)."""
        masks = class_masks(self.size, self.tables.jumps)
        wanted = position_class(self.start, masks)
        candidates = [self.finish] if self.finish is not None else [1 << h for h in range(self.size)]
        goals: dict[int, int] = {}
        for goal in candidates:
            if position_class(goal, masks) != wanted:
                continue
            key = self.symmetry.canonical(goal)
            if key not in goals:
                goals[key] = len(self.symmetry.orbit(goal))
        return goals

    def _progress(self, depth: int, states: int) -> dict:
        return events.progress(self.nodes, states, time.perf_counter() - self.clock, depth=depth)

    def _first_layer(self) -> Search:
        """Forward layer 1 when the first jump is fixed: every chain that begins with it."""
        a, b, c = self.first
        start = self.start
        if not (start >> a & 1 and start >> b & 1 and not start >> c & 1):
            raise PositionError(f"the first jump {a}-{c} is not possible from the start")
        canonical = self.symmetry.canonical
        toggle = (1 << a) | (1 << b) | (1 << c)
        layer: dict[int, int] = {}
        stack = [(start ^ toggle, c)]
        next_fwd = self.tables.next_fwd
        while stack:
            current, hole = stack.pop()
            key = canonical(current)
            layer[key] = layer.get(key, 0) + 1
            for over, land, toggle2, to in next_fwd[hole]:
                if current & over and not current & land:
                    stack.append((current ^ toggle2, to))
        self.nodes += 1
        yield self._progress(1, len(layer))
        return layer

    def _grow(self, frontier: dict[int, int], seen: dict[int, int], other: dict[int, int], depth: int,
              bound: int, reverse: bool) -> Search:
        """The next layer (returns it and the positions of it the other side has seen).

        The layer holds every position one move from `frontier` not seen before, with sequence
        counts; each is entered in `seen` at `depth`. Without counting, it stops at the first
        position the other side has seen: that meeting already proves the minimum.

        Chains are followed through positions already seen (a longer chain is still one move) but
        not through dead ones: fewer pegs than the finish (or more than the start), or a pagoda
        weight below what the other end needs (pagodas only fall along a chain).
        """
        canonical = self.symmetry.canonical
        layer: dict[int, int] = {}
        meets: list[int] = []
        known = seen.get
        counting = self.counting
        if reverse:
            first_jumps, next_jumps = self.tables.first_rev, self.tables.next_rev
            limit_pegs = self.start.bit_count()
            pagoda = self.bwd_pagoda
        else:
            first_jumps, next_jumps = self.tables.first_fwd, self.tables.next_fwd
            limit_pegs = self.finish.bit_count() if self.finish is not None else 1
            pagoda = self.fwd_pagoda
        full = self.full
        if pagoda is not None:
            weigh, weights, least = pagoda
            # A forward jump changes the weight of the pegs, a reverse jump the weight of the empty
            # holes, both by w(to) - w(from) - w(over) of the forward jump; keyed by (toggle, landing).
            delta = {}
            for a, b, c in self.tables.jumps:
                toggle = (1 << a) | (1 << b) | (1 << c)
                delta[(toggle, a if reverse else c)] = weights[c] - weights[a] - weights[b]
        nodes = self.nodes
        every = EXPANSIONS_PER_PROGRESS
        for position, count in frontier.items():
            nodes += 1
            if nodes % every == 0:
                self.nodes = nodes
                yield self._progress(bound, len(seen) + len(other))
                if self._over_limits(len(seen) + len(other)):
                    return None, meets
            pegs = position.bit_count()
            if reverse:
                if pegs >= limit_pegs:
                    continue
                first_stack = [(position ^ t, a, pegs + 1) for ab, cm, t, a in first_jumps
                               if position & cm and not position & ab]
            else:
                if pegs <= limit_pegs:
                    continue
                first_stack = [(position ^ t, c, pegs - 1) for ab, cm, t, c in first_jumps
                               if position & ab == ab and not position & cm]
            if pagoda is not None:
                base = weigh((full ^ position) if reverse else position)
                stack = [(q, h, n, base + delta[(q ^ position, h)]) for q, h, n in first_stack]
                while stack:
                    current, hole, n, value = stack.pop()
                    if value < least:
                        continue
                    at = known(current)  # stored keys are canonical: a hit needs no canonical form
                    if at is None:
                        key = canonical(current)
                        at = known(key)
                    else:
                        key = current
                    if at is None:
                        seen[key] = depth
                        layer[key] = count
                        if key in other:
                            meets.append(key)
                            if not counting:
                                self.nodes = nodes
                                return layer, meets
                    elif at == depth:
                        layer[key] += count
                    if reverse:
                        if n < limit_pegs:
                            for ab, t, a in next_jumps[hole]:
                                if not current & ab:
                                    stack.append((current ^ t, a, n + 1, value + delta[(t, a)]))
                    elif n > limit_pegs:
                        for over, land, t, c in next_jumps[hole]:
                            if current & over and not current & land:
                                stack.append((current ^ t, c, n - 1, value + delta[(t, c)]))
            else:  # the same loop without weights: one peg anywhere (merging them costs 20-25 % here)
                stack = first_stack
                while stack:
                    current, hole, n = stack.pop()
                    at = known(current)  # stored keys are canonical: a hit needs no canonical form
                    if at is None:
                        key = canonical(current)
                        at = known(key)
                    else:
                        key = current
                    if at is None:
                        seen[key] = depth
                        layer[key] = count
                        if key in other:
                            meets.append(key)
                            if not counting:
                                self.nodes = nodes
                                return layer, meets
                    elif at == depth:
                        layer[key] += count
                    if reverse:
                        if n < limit_pegs:
                            for ab, t, a in next_jumps[hole]:
                                if not current & ab:
                                    stack.append((current ^ t, a, n + 1))
                    elif n > limit_pegs:
                        for over, land, t, c in next_jumps[hole]:
                            if current & over and not current & land:
                                stack.append((current ^ t, c, n - 1))
        self.nodes = nodes
        yield self._progress(bound, len(seen) + len(other))
        return layer, meets

    # ----------------------------------------------------------------- answers
    def _outcome(self, **fields: Any) -> PegOutcome:
        return PegOutcome(nodes=self.nodes, seconds=time.perf_counter() - self.clock, **fields)

    def _impossible(self, reason: str, lower: int, stored: int = 0) -> PegOutcome:
        return self._outcome(path=None, solvable=False, minimal=True, exhausted=True, states=stored,
                             reason=reason, lower_bound=lower, count=0 if self.counting else None)

    def _limit(self, reason: str, lower: int, stored: int) -> PegOutcome:
        return self._outcome(path=None, solvable=None, minimal=False, reason=reason, lower_bound=lower,
                             states=stored)

    def _solved(self, ffront: dict[int, int], bfront: dict[int, int], fseen: dict[int, int],
                bseen: dict[int, int], meets: list[int]) -> PegOutcome:
        """The outcome once the sides meet; every meeting position lies in both newest layers."""
        pairs = sorted({(key, fseen[key], bseen[key]) for key in meets})
        total = min(f + b for _, f, b in pairs)
        pairs = [pair for pair in pairs if pair[1] + pair[2] == total]
        count = None
        if self.counting:
            count = 0
            for key, _, _ in pairs:
                count += ffront[key] * bfront[key] // len(self.symmetry.orbit(key))
        cap = max(self.max_solutions, 1) if self.counting else 1  # one path is always rebuilt
        found: list[list[Move]] = []
        for key, f, b in pairs:
            for member in sorted(self.symmetry.orbit(key)):
                for head in self._heads(member, f, fseen, cap - len(found)):
                    for tail in self._tails(member, b, bseen, cap - len(found)):
                        found.append(head + tail)
                        if len(found) >= cap:
                            break
                    if len(found) >= cap:
                        break
                if len(found) >= cap:
                    break
            if len(found) >= cap:
                break
        found.sort()  # a stable, readable order (lexicographic by holes)
        path = found[0]
        return self._outcome(path=path, paths=found[:self.max_solutions] if self.counting else [], count=count,
                             states=len(fseen) + len(bseen), solvable=True, minimal=True, exhausted=True,
                             moves=len(path), jumps=sum(len(move) - 1 for move in path), lower_bound=len(path))

    def _heads(self, position: int, depth: int, fseen: dict[int, int], cap: int) -> Iterator[list[Move]]:
        """Move sequences from the start to `position` (at forward distance `depth`), up to `cap`."""
        canonical = self.symmetry.canonical
        stack: list[tuple[int, int, list[Move]]] = [(position, depth, [])]
        produced = 0
        while stack and produced < cap:
            current, d, moves = stack.pop()
            if d == 0:
                produced += 1
                yield moves[::-1]
                continue
            if d == 1 and self.first is not None:
                for before, move in backward_moves(current, self.tables):
                    if before == self.start and move[0] == self.first[0] and move[1] == self.first[2]:
                        stack.append((before, 0, [*moves, move]))
                continue
            options = []
            for before, move in backward_moves(current, self.tables):
                if fseen.get(canonical(before)) == d - 1:
                    options.append((before, d - 1, [*moves, move]))
            stack.extend(reversed(options))

    def _tails(self, position: int, depth: int, bseen: dict[int, int], cap: int) -> Iterator[list[Move]]:
        """Move sequences from `position` (at backward distance `depth`) to the finish, up to `cap`."""
        canonical = self.symmetry.canonical
        stack: list[tuple[int, int, list[Move]]] = [(position, depth, [])]
        produced = 0
        while stack and produced < cap:
            current, d, moves = stack.pop()
            if d == 0:
                produced += 1
                yield moves
                continue
            options = []
            for after, move in forward_moves(current, self.tables):
                if bseen.get(canonical(after)) == d - 1:
                    options.append((after, d - 1, [*moves, move]))
            stack.extend(reversed(options))
