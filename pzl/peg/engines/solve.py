"""Peg-solitaire searches over moves (a chain of jumps by one peg): minimal solutions with proof and counts.

`solve_minimal` meets a breadth-first search from the start with one from the finish, layer by
layer on the number of moves; `analyse` asks it about any position; `solve_fast` lives in search_fast.
Layers grow in bulk (`pzl.peg.engines.chains` over `pzl.peg.engines.bulk`): whole chunks of a layer at once.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import islice
from typing import Any

from pzl import events
from pzl.peg.board import Move
from pzl.peg.bounds import class_masks, finish_pagodas, position_class
from pzl.peg.engines.bulk import BulkBoard, in_slices, positions
from pzl.peg.engines.chains import STATES_PER_TICK, Chains
from pzl.peg.engines.peg_outcome import PegOutcome
from pzl.peg.engines.search_fast import solve_fast
from pzl.peg.engines.search_tables import (
    search_task,
    symmetry_group,
)
from pzl.peg.engines.sides import LOOKUP_SLICE, Side
from pzl.search.problem import BULK_EVERY, PROGRESS_EVERY, REPORT_SECONDS, Search, collector_paused
from pzl.search.progress import Steps, relay

__all__ = ["MAX_STATES", "STEPS_PER_PROGRESS", "PegOutcome", "analyse", "solve_minimal"]

#: Default cap on the positions both sides may store together, enough to prove the English
#: central game's 18 moves (about 4.3 M positions: ~130 bytes each in CPython, sets and layers).
MAX_STATES = 5_000_000
#: Search steps (a position expanded, or a chain state handled, in bulk) between progress events and
#: limit checks; and REPORT_SECONDS at most, since a step's cost varies (a scan of every jump may find
#: few chains). One position can have millions of chains on a big, nearly empty board, so the count
#: runs inside an expansion too. Rebuilding solutions counts moves found one at a time: PROGRESS_EVERY.
STEPS_PER_PROGRESS = BULK_EVERY
#: Batch sizes, not cadences (the chains tick inside a batch): layer positions expanded together
#: (their moves are found in bulk), at most; and about how many positions one chunk should find
#: (chunks shrink where positions have many moves, so a meeting stores little past the first one).
CHUNK = 8192
RESULTS_PER_CHUNK = 32768


def solve_minimal(board: Any, start: int, finish: int | None, *, first: tuple[int, int] | None = None,
                  all_solutions: bool = False, max_solutions: int = 100, max_states: int | None = MAX_STATES,
                  seconds_limit: float | None = None, max_nodes: int | None = None,
                  use_symmetry: bool = True) -> Search:
    """Fewest moves from `start` to `finish`, proved; a generator returning a `PegOutcome`.

    solve_minimal(board, start: int, finish: int | None, *, first: tuple[int, int] | None = None,
                  all_solutions=False, max_solutions=100, max_states=MAX_STATES,
                  seconds_limit=None, max_nodes=None, use_symmetry=True) -> Search

    board: anything with `size`, `jumps` ((from, over, to) triples) and optionally `symmetries`
    (hole permutations). start/finish: bitmasks; finish None means one peg anywhere.
    first: (from, to) of a jump every solution must begin with (a chain continuing it is still move 1).
    all_solutions: also count the distinct minimal solutions — ordered jump sequences whose
    grouping into moves (maximal chains of one peg) has the minimal length — into `count`, and
    list up to `max_solutions` of them in `paths`.
    max_states: a cap on the positions both sides store (None: no cap). max_nodes: a budget of work,
    the search steps counted in `nodes` (None: none); unlike `seconds_limit`, the same wherever and
    however slowly the search runs.
    The outcome's `minimal`/`exhausted` are True when the answer (solution or impossibility) is
    proved; hitting `max_states`, `max_nodes` or `seconds_limit` gives solvable=None with `stopped`
    naming the limit, a `reason` and the proved `lower_bound`. Progress events come every few milliseconds
    of work, also inside the expansion of one position, and the limits are checked with them.
    """
    search = _MeetInMiddle(board, start, finish, first, use_symmetry, all_solutions, max_solutions, max_states,
                           seconds_limit)
    search.max_nodes = max_nodes
    return (yield from search.run())


def analyse(board: Any, pegs: int, finish: int | None, *, seconds_limit: float = 2.0,
            max_states: int | None = 400_000) -> Search:
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
    remaining = max(seconds_limit - (time.perf_counter() - clock), 0.1)
    fallback = yield from relay(solve_fast(board, pegs, finish, seconds_limit=remaining, max_states=max_states),
                                nodes=outcome.nodes, clock=clock)
    fallback.lower_bound = max(fallback.lower_bound, outcome.lower_bound)
    fallback.nodes += outcome.nodes
    if fallback.solvable is None:
        fallback.reason = outcome.reason
        fallback.stopped = fallback.stopped or outcome.stopped
    return fallback


class _Stopped(Exception):
    """A limit struck inside a layer: (limit, reason)."""


class _MeetInMiddle:
    """Breadth-first layers over moves from the start and from the finish until they meet.

    The two directions are `Side`s (`pzl.peg.engines.sides`: layers, seen positions, pagoda tests, paths back to
    their origin); this coordinator picks the side to grow, grows it (`_grow`, one layer step for either
    direction), watches the limits, reports progress and builds the answer from the meeting.

    Positions are stored by canonical form under the symmetries that fix the task. Each side
    keeps, per position of its newest layer, how many move sequences reach the position's whole
    orbit (so symmetry needs no stabiliser bookkeeping); the meeting layer multiplies the two
    sides' counts.
    """

    def __init__(self, board: Any, start: int, finish: int | None, first: tuple[int, int] | None,
                 use_symmetry: bool, counting: bool, max_solutions: int, max_states: int | None,
                 seconds_limit: float | None) -> None:
        task = search_task(board, start, finish, first, use_symmetry)
        kept = task.fixing(start, finish, first=True)
        self.symmetry = symmetry_group(task.size, kept)
        size, jumps, first = task.size, task.jumps, task.first
        self.tables = task.tables
        self.size = size
        self.full = (1 << size) - 1
        self.start, self.finish, self.first = start, finish, first
        self.counting, self.max_solutions = counting, max_solutions
        self.max_states, self.seconds_limit = max_states, seconds_limit
        self.bulk = BulkBoard(size, jumps, kept)
        passed_over = {over for _, over, _ in jumps}
        self.corners = sum(1 << hole for hole in range(size) if hole not in passed_over)
        self.nodes = 0
        self.pending = 0  # positions found by the step under way but not stored yet, when a limit strikes
        self.next_event = STEPS_PER_PROGRESS
        self.clock = time.perf_counter()
        # forwards, positions lighter than the finish (by a pagoda towards it) are dead; backwards,
        # positions whose empty holes are lighter than the start's (towards the start's empty holes)
        self.perms = kept
        compact, towards_start = size <= 64, self.full & ~start
        forward_tests = finish_pagodas(size, jumps, finish)
        backward_tests = finish_pagodas(size, jumps, towards_start)
        self.forward = Side(Chains(self.bulk, False, forward_tests,
                                   limit_pegs=finish.bit_count() if finish is not None else 1),
                            compact, backward=False, full=self.full, target=finish,
                            entry=(start, first) if first is not None else None)
        self.backward = Side(Chains(self.bulk, True, backward_tests,
                                    limit_pegs=start.bit_count()),
                             compact, backward=True, full=self.full, target=towards_start)

    # ----------------------------------------------------------------- the search
    def run(self) -> Search:
        """The generator behind `solve_minimal`, with Python's cycle collector paused while it runs
        (`collector_paused`: its sets of millions of positions made every full collection walk them)."""
        return (yield from collector_paused(self._answered()))

    def _answered(self) -> Search:
        """The search, then its positions freed (`_release`) before the answer goes out."""
        outcome = yield from self._run()
        yield from self._release(outcome.lower_bound)
        return outcome

    def _release(self, depth: int) -> Search:
        """Free what the sides hold one structure at a time, with progress (phase "freeing memory") between.

        Millions of positions are millions of int objects: freed all at once when the search ends,
        they were its longest silence (~0.3 s for the English proof in CPython). Freed set by set
        (each side's positions, each layer's lookup set, the newest layers, the counts), the longest
        silence is the largest of them, and nothing is spent beyond what freeing costs anyway.
        """
        groups = [*self.forward.release(), *self.backward.release()]
        groups = list({id(group): group for group in groups}.values())   # `newest` may be a layer too
        remaining = sum(map(len, groups))
        for group in groups:
            if group:
                remaining -= len(group)
                group.clear()
                yield events.progress(self.nodes, remaining, time.perf_counter() - self.clock, depth=depth,
                                      phase="freeing memory")

    def _run(self) -> Search:
        start, finish = self.start, self.finish
        goals = self._goals()
        if not goals:
            return self._impossible("no finish position has the start's position class", 0)
        if finish is not None and finish.bit_count() >= start.bit_count() and finish != start:
            return self._impossible("the finish has as many pegs as the start or more", 0)
        fwd, bwd = self.forward, self.backward
        bwd.seen.update(set(goals))
        yield from self._collect_value(bwd.enter(list(goals), dict(goals) if self.counting else None), 0, 0)
        try:
            if self.first is None:
                fwd.seen.add(start)
                yield from self._collect_value(fwd.enter([start], {start: 1} if self.counting else None), 0, 0)
                meets = [start] if start in bwd.seen else []
            else:  # the start itself is no meeting point: solutions leave it by `first`
                fwd.layers.append(positions())
                meets = yield from self._grow(fwd, bwd, 1, first=True)
            while not meets:
                lower = fwd.depth + bwd.depth + 1  # any solution is longer than both explored depths together
                if not fwd.newest or not bwd.newest:
                    return self._impossible("no sequence of moves reaches the finish", lower, self._stored())
                stopped = self._over_limits(self._stored())
                if stopped:
                    return self._limit(stopped, lower)
                # grow the side whose next layer promises to be smaller (newest layer times its last growth)
                side, other = (fwd, bwd) if fwd.promise() <= bwd.promise() else (bwd, fwd)
                yield from self._collect_value(side.seek_pagodas(self.size, self.tables.jumps, self.perms), lower,
                                               self._stored())
                before = len(side.newest)
                try:
                    meets = yield from self._grow(side, other, lower)
                except _Stopped as stop:  # a limit struck inside the layer: the proof stands at the finished depths
                    return self._limit(stop.args[0], lower)
                side.growth = max(len(side.newest), 1) / max(before, 1)
        except _Stopped as stop:
            return self._limit(stop.args[0], 1)
        return (yield from self._solved(meets))

    def _stored(self, pending: int = 0) -> int:
        return len(self.forward.seen) + len(self.backward.seen) + pending

    def _over_limits(self, stored: int) -> tuple[str, str] | None:
        """The limit that stops the search now and why, as ("max_states" | "seconds", reason), or None.

        `stored` may count the positions of the step under way (its working set) beside those stored."""
        if self.max_states is not None and stored > self.max_states:
            return "max_states", self._cap_words(stored - self._stored())
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            return "nodes", f"stopped after {self.nodes:,} nodes (the work budget is {self.max_nodes:,})"
        if self.seconds_limit is not None and time.perf_counter() - self.clock > self.seconds_limit:
            return "seconds", f"stopped after {self.seconds_limit:g} s (the time limit)"
        return None

    def _cap_words(self, working: int = 0) -> str:
        """Why the state budget stopped the search; `working`: positions found by the step under way (not stored)."""
        stored = self._stored()
        if not working:
            return f"stopped after storing {stored:,} positions (the state budget is {self.max_states:,})"
        return (f"stopped holding {stored + working:,} positions, {stored:,} stored and {working:,} found by the "
                f"step under way (the state budget is {self.max_states:,}; a step finds at most "
                f"{STATES_PER_TICK:,} positions before the budget is looked at again)")

    def _make_room(self, adding: int) -> None:
        """Raise _Stopped when storing `adding` more positions would exceed the state budget (it is never exceeded)."""
        if self.max_states is not None and self._stored() + adding > self.max_states:
            raise _Stopped(("max_states", self._cap_words()))

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

    #: When the next progress event is due at the latest (perf_counter), whatever the steps; reset by `_progress`.
    report_by = 0.0
    #: The budget of search steps (`nodes`), or None.
    max_nodes: int | None = None

    def _progress(self, depth: int, states: int) -> dict:
        now = time.perf_counter()
        self.report_by = now + REPORT_SECONDS
        return events.progress(self.nodes, states, now - self.clock, depth=depth)

    def _tick(self, steps: int, depth: int, pending: int) -> Search:
        """Count `steps` of work; when due (by steps or by time), a progress event and the limit checks
        (raising _Stopped). The state budget is looked at every time: it is cheap, and a cap holds closely."""
        self.nodes += steps
        full = self.max_states is not None and self._stored(pending) > self.max_states
        if full or self.nodes >= self.next_event or time.perf_counter() >= self.report_by:
            self.next_event = self.nodes + STEPS_PER_PROGRESS
            stored = self._stored(pending)
            yield self._progress(depth, stored)
            stopped = self._over_limits(stored)
            if stopped:
                self.pending = pending  # held when the limit struck
                raise _Stopped(stopped)

    def _ticking(self, work: Iterator, depth: int) -> Search:
        """Run a bulk expansion, turning the work it reports into progress events and limit checks."""
        reported = Steps(work)
        try:
            for steps, pending in reported:
                yield from self._tick(steps, depth, pending)
        finally:
            work.close()
        return reported.outcome

    def _grow(self, side: Side, other: Side, bound: int, first: bool = False) -> Search:
        """The side's next layer (every position one move further not seen before); the positions of it
        the other side has seen. Without counting, it stops at the first such position: that meeting
        already proves the minimum.

        Chains are followed through positions already seen (a longer chain is still one move) but
        not through dead ones (see `pzl.peg.engines.chains`).
        """
        bulk, seen, counting = self.bulk, side.seen, self.counting
        fresh_list: list[int] = []  # the layer in the order found (chunks are disjoint); counting: `counts`' keys
        counts: dict[int, int] | None = {} if counting else None
        meets: list[int] = []
        if first:
            frontier, weights = [self.start], [1]
            jump = self.tables.jumps.index(self.first)
        else:
            # not counting, the layer's first meeting ends it: expand the likeliest meeting positions first
            if counting:   # the newest layer and its counts as lists, a slice at a time
                frontier, weights = [], []
                yield from self._collect_value(in_slices(side.counts, frontier), bound, self._stored())
                yield from self._collect_value(in_slices(map(side.counts.__getitem__, frontier), weights), bound,
                                               self._stored())
            else:
                frontier = yield from self._collect_value(side.promising_first(self.bulk, self.corners), bound,
                                                          self._stored())
                weights = None
            jump = None
        begin, step = 0, CHUNK
        while begin < len(frontier):
            part = frontier[begin:begin + step]
            found = yield from self._ticking(
                side.chains.successors(part, weights[begin:begin + step] if counting else None, first=jump), bound)
            begin += len(part)
            yield from self._tick(len(part), bound, len(found))
            # about RESULTS_PER_CHUNK positions a chunk: a meeting then stores little past the first one
            step = max(64, min(CHUNK, RESULTS_PER_CHUNK * len(part) // max(len(found), 1)))
            if not counting:   # a raw hit in `seen` is canonical already: dropped a shard at a time, reporting between
                for _ in seen.dropping_known(found):
                    if time.perf_counter() >= self.report_by:
                        yield self._progress(bound, self._stored())
            raw = list(found)
            for low in range(0, len(raw), CHUNK):  # canonical forms a slice at a time, reporting between
                some = raw[low:low + CHUNK]
                canonical = bulk.canonical(some)
                fresh = set(canonical)
                seen.drop_known(fresh)
                self._make_room(len(fresh))
                seen.update(fresh)
                if counting:   # the layer is the keys of `counts`: its positions gather their sequences
                    counts.update(dict.fromkeys(fresh, 0))
                    get = counts.get
                    for key, position in zip(canonical, some, strict=True):
                        count = get(key)
                        if count is not None:
                            counts[key] = count + found[position]
                else:
                    fresh_list.extend(fresh)
                    meets.extend(other.seen.common(fresh))
                yield from self._tick(len(some), bound, len(raw) - low)
            if meets:
                break
        if counting:   # the layer as a list, and its meetings, a slice at a time
            fresh_list = []
            yield from self._collect_value(in_slices(counts, fresh_list), bound, self._stored())
            for low in range(0, len(fresh_list), LOOKUP_SLICE):
                meets.extend(other.seen.common(set(fresh_list[low:low + LOOKUP_SLICE])))
                yield self._progress(bound, self._stored())
        yield from self._collect_value(side.enter(fresh_list, counts), bound, self._stored())
        yield self._progress(bound, self._stored())
        return meets

    # ----------------------------------------------------------------- answers
    def _outcome(self, **fields: Any) -> PegOutcome:
        return PegOutcome(nodes=self.nodes, seconds=time.perf_counter() - self.clock, **fields)

    def _impossible(self, reason: str, lower: int, stored: int = 0) -> PegOutcome:
        return self._outcome(path=None, solvable=False, minimal=True, exhausted=True, states=stored,
                             reason=reason, lower_bound=lower, count=0 if self.counting else None)

    def _limit(self, stopped: tuple[str, str], lower: int) -> PegOutcome:
        kind, reason = stopped
        return self._outcome(path=None, solvable=None, minimal=False, reason=reason, lower_bound=lower,
                             states=self._stored(self.pending), stopped=kind)

    def _solved(self, meets: list[int]) -> Search:
        """The outcome once the sides meet."""
        fwd, bwd = self.forward, self.backward
        stored, reached = self._stored(), fwd.depth + bwd.depth
        found_pairs = set()
        for number, key in enumerate(meets, 1):
            if number % STEPS_PER_PROGRESS == 0:
                yield self._progress(reached, stored)
            f = yield from self._collect_value(fwd.depth_of(key), reached, stored)
            b = yield from self._collect_value(bwd.depth_of(key), reached, stored)
            found_pairs.add((key, f, b))
        pairs = sorted(found_pairs)
        total = min(f + b for _, f, b in pairs)
        pairs = [pair for pair in pairs if pair[1] + pair[2] == total]
        count = None
        if self.counting:
            count = 0
            for number, (key, _, _) in enumerate(pairs, 1):
                count += fwd.counts[key] * bwd.counts[key] // len(self.symmetry.orbit(key))
                if number % 256 == 0:
                    yield self._progress(total, stored)
        cap = max(self.max_solutions, 1) if self.counting else 1  # one path is always rebuilt
        found: list[list[Move]] = []
        for key, f, b in pairs:
            for member in sorted(self.symmetry.orbit(key)):
                heads = yield from self._collect(self._paths(fwd, member, f), cap - len(found), total, stored)
                tails = yield from self._collect(self._paths(bwd, member, b), cap - len(found), total, stored)
                found.extend(islice((head + tail for head in heads for tail in tails), cap - len(found)))
                if len(found) >= cap:
                    break
            if len(found) >= cap:
                break
        found.sort()  # a stable, readable order (lexicographic by holes)
        path = found[0]
        return self._outcome(path=path, paths=found[:self.max_solutions] if self.counting else [], count=count,
                             states=stored, solvable=True, minimal=True, exhausted=True,
                             moves=len(path), jumps=sum(len(move) - 1 for move in path), lower_bound=len(path))

    def _collect_value(self, work: Iterator[None], depth: int, stored: int) -> Search:
        """Run `work` (None ticks, then a value), a progress event for every tick; its value."""
        return (yield from relay(work, lambda _: self._progress(depth, stored)))

    def _collect(self, paths: Iterator[list[Move] | None], cap: int, depth: int, stored: int) -> Search:
        """Up to `cap` paths from `_paths`, turning their ticks (None) into progress events."""
        found: list[list[Move]] = []
        for item in paths:
            if item is None:
                yield self._progress(depth, stored)
            else:
                found.append(item)
                if len(found) >= cap:
                    break
        return found

    def _moves_counted(self, moves: Iterator[tuple[int, Move]]) -> Iterator[tuple[int, Move] | None]:
        """The moves of `forward_moves`/`backward_moves`, counted as search steps, with a None tick
        every PROGRESS_EVERY of them (each is found by Python code, one at a time)."""
        for item in moves:
            self.nodes += 1
            if self.nodes >= self.next_event:
                self.next_event = self.nodes + PROGRESS_EVERY
                yield None
            yield item

    def _paths(self, side: Side, position: int, depth: int) -> Iterator[list[Move] | None]:
        """`side.paths` between its origin and `position` (at `depth` on that side), its moves counted as steps."""
        return side.paths(position, depth, self.tables, self.symmetry.canonical, self._moves_counted)
