"""The census of a peg task: positions and finishable positions after every jump, fewest moves, solution counts.

Exact and computed level by level. Level n holds the *classes* reachable in exactly n jumps —
positions up to the board symmetries that keep the start and the finish — as an array of
canonical bitmasks (8 bytes each); the next level is made from whole chunks of it at once
(`pzl.peg.engines.bulk`). Every whole-level step (stabilisers, copies, grouping) goes a slice at a time,
with progress between, so a page running the census in time slices hears Cancel within one. A pass
back from the finish then keeps, level by level, the classes that can still finish, and a pass
forwards over those counts the solutions.

Counting with symmetry: `solutions` uses orbit totals (for a class, the jump sequences reaching
any member of it: a jump into class R adds the parent's total once per jump of the canonical
parent landing in R). The fewest-moves counts follow (position, hole the last jump landed in)
pairs, whose values are stored per member position; a contribution found through one canonical
parent is weighted by the parent's orbit size and the sum divided by the group order, after
adding it over the symmetries that fix the child (`_settle`).
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Generator
from dataclasses import dataclass
from itertools import compress, islice, repeat
from math import comb
from typing import Any

from pzl import events
from pzl.peg.board import after_jump
from pzl.peg.bounds import class_masks
from pzl.peg.engines.bulk import INDEX_BITS, INDEX_MASK, SLICE, BulkBoard, Slots, in_slices, positions, small_slots
from pzl.peg.engines.search_tables import board_parts, permute, valid_symmetries
from pzl.search.problem import COSTLY_EVERY, PROGRESS_EVERY, Search, collector_paused
from pzl.search.progress import relay
from pzl.search.shards import Shards

#: Positions expanded between progress events (a chunk's children are found at once, in bulk): ~15 ms of CPU
#: (no slower in all than 4,096, whose steps took ~30 ms: too near a page's 50 ms slice on a loaded machine).
CHUNK = PROGRESS_EVERY // 2
#: Children whose tallies are passed on (or settled) in Python between two ticks: ~30 µs each.
TALLIES_PER_TICK = COSTLY_EVERY // 4
#: The largest board a census takes (a key packs a position, a move count and a hole in 64 bits).
MAX_HOLES = 48
#: For estimates: the share of the positions of the start's position class that a single-vacancy
#: start reaches at most (English central game 0.35, triangle-15 0.x, Hoppers 0.x; see docs/peg.md).
REACH = 0.5
#: For estimates: bytes per class stored (the level arrays) and per class of the biggest level
#: while it is built (a set of keys, their ints and the chunk's lists; measured ~100 in CPython).
STORED_BYTES, WORKING_BYTES = 8, 200


@dataclass(frozen=True, slots=True)
class Estimate:
    """A census's size before it runs: positions and classes (upper estimates), the biggest level, bytes."""

    positions: int
    classes: int
    peak_classes: int
    bytes: int


@dataclass(slots=True)
class Level:
    """One row of `by_jumps`: after `jumps` jumps (`pegs` pegs left), how many positions and classes.

    can_finish: classes from which the finish can still be reached (None until known).
    """

    jumps: int
    pegs: int
    positions: int
    classes: int
    can_finish: int | None = None


@dataclass(slots=True)
class FinishCount:
    """For a finish "one peg anywhere": what a last peg in `hole` takes (fewest moves) and how many ways."""

    hole: int
    moves: int
    minimal_solutions: int
    solutions: int


@dataclass(slots=True)
class CensusOutcome:
    """What a census found.

    symmetries: the order of the symmetry group classes are taken under.
    by_jumps: one `Level` per number of jumps (0 = the start) while positions remain.
    by_moves: by_moves[n] = classes whose fewest moves from the start is n (None if not asked).
    solutions: jump sequences from the start to the finish (exact), minimal_moves and
    minimal_solutions: the fewest moves and how many jump sequences use that few (grouped into
    moves as everywhere in pzl); None when there is no solution or counting was not asked.
    finishes: with the finish "one peg anywhere", one `FinishCount` per hole a last peg reaches.
    complete: False when a limit stopped it (`stopped`: "max_states" | "seconds"; `reason`).
    """

    symmetries: int
    by_jumps: list[Level]
    by_moves: list[int] | None = None
    solutions: int | None = None
    minimal_moves: int | None = None
    minimal_solutions: int | None = None
    finishes: list[FinishCount] | None = None
    complete: bool = True
    stopped: str | None = None
    reason: str | None = None
    nodes: int = 0
    states: int = 0
    seconds: float = 0.0


class CensusStopped(Exception):
    """A limit stopped the census: `stopped` names it."""

    def __init__(self, stopped: str, reason: str) -> None:
        super().__init__(reason)
        self.stopped = stopped


def census(board: Any, start: int, finish: int | None, *, first: tuple[int, int, int] | None = None,
           moves: bool = True, counts: bool = True, max_states: int | None = None,
           seconds_limit: float | None = None) -> Search:
    """The census of the task start → finish (None: one peg anywhere); a generator returning a CensusOutcome.

    census(board, start: int, finish: int | None, *, first=None, moves=True, counts=True, max_states=None,
           seconds_limit=None) -> Search

    first: a jump (from, over, to) legal at the start that every game begins with: level 1 is then the
    one position after it, and classes are taken under the symmetries that also keep that position.
    moves: also `by_moves`; counts: also `solutions` and the fewest-moves counts.
    max_states caps the classes stored (None: no cap); a limit gives complete=False with the
    levels finished so far. Progress events carry `phase` ("positions", "can finish",
    "solutions"), `depth` (the level, in jumps) and `most_jumps` (the start's pegs - 1: the last
    level there can be).
    """
    engine = _Census(board, start, finish, first, max_states, seconds_limit)
    return (yield from collector_paused(engine.run(moves, counts)))   # its tallies are millions of dicts


def estimate(board: Any, start: int, finish: int | None, first: tuple[int, int, int] | None = None) -> Estimate:
    """How big the census of start → finish may get: `REACH` of the positions with each peg count
    that share the start's position class, divided by the symmetries."""
    size, jumps, _ = board_parts(board)
    share = REACH / 2 ** len(class_masks(size, jumps))
    order = len(symmetries_of(board, start, finish, first))
    per_level = [comb(size, pegs) * share for pegs in range(1, start.bit_count())] + [1]   # [1]: the start
    positions = int(sum(per_level))
    classes = positions // order + 1
    peak = int(max(per_level)) // order + 1
    return Estimate(positions, classes, peak, classes * STORED_BYTES + peak * WORKING_BYTES)


def symmetries_of(board: Any, start: int, finish: int | None,
                  first: tuple[int, int, int] | None = None) -> list[tuple[int, ...]]:
    """The board symmetries (identity first) that keep the start, the finish and the first jump (if fixed)."""
    size, jumps, symmetries = board_parts(board)
    fixed = [start] + ([finish] if finish is not None else []) + ([after_jump(start, first)] if first else [])
    return [perm for perm in valid_symmetries(size, jumps, symmetries)
            if all(permute(mask, perm) == mask for mask in fixed)]


class _Census:
    """The three passes and their shared state: the levels, the limits, the counters."""

    def __init__(self, board: Any, start: int, finish: int | None, first: tuple[int, int, int] | None,
                 max_states: int | None, seconds_limit: float | None) -> None:
        size, jumps, _ = board_parts(board)
        if size > MAX_HOLES:
            raise ValueError(f"a census takes boards of at most {MAX_HOLES} holes")
        self.size, self.start, self.finish, self.first = size, start, finish, first
        self.perms = symmetries_of(board, start, finish, first)
        self.bulk = BulkBoard(size, jumps, self.perms)
        self.max_states, self.seconds_limit = max_states, seconds_limit
        self.levels: list[array] = []        # canonical classes after n jumps, sorted
        self.stabilisers: list[bytes] = []   # per class: how many symmetries fix it
        self.rows: list[Level] = []
        self.nodes = 0
        self.held = 0   # the classes held when the state budget stopped the census
        self.clock = time.perf_counter()

    # ------------------------------------------------------------------ driving
    def run(self, moves: bool, counts: bool) -> Search:
        outcome = CensusOutcome(symmetries=len(self.perms), by_jumps=self.rows)
        try:
            by_moves = yield from self._forward(moves)
            outcome.by_moves = by_moves
            finishing = yield from self._backward()
            if counts and finishing is not None:
                yield from self._count(finishing, outcome)
            elif counts:  # the finish is out of reach: no solution at all
                outcome.solutions = 0
                outcome.finishes = [] if self.finish is None else None
        except CensusStopped as stop:
            outcome.complete, outcome.stopped, outcome.reason = False, stop.stopped, str(stop)
        outcome.nodes, outcome.states = self.nodes, max(self._stored(), self.held)
        outcome.seconds = time.perf_counter() - self.clock
        return outcome

    def _stored(self, working: int = 0) -> int:
        return sum(map(len, self.levels)) + working

    def _make_room(self, working: int, adding: int) -> None:
        """Raise CensusStopped when `adding` more classes beside the levels and the `working` ones would pass the
        state budget: the classes held (levels and the level being made) never exceed it."""
        stored = self._stored(working)
        if self.max_states is not None and stored + adding > self.max_states:
            self.held = stored
            raise CensusStopped("max_states", f"stopped after storing {stored:,} classes "
                                              f"(the state budget is {self.max_states:,})")

    def _tick(self, phase: str, depth: int, working: int) -> dict:
        """A progress event; raises CensusStopped when the time limit is reached."""
        stored = self._stored(working)
        elapsed = time.perf_counter() - self.clock
        if self.seconds_limit is not None and elapsed > self.seconds_limit:
            raise CensusStopped("seconds", f"stopped after {self.seconds_limit:g} s (the time limit)")
        return events.progress(self.nodes, stored, elapsed, depth=depth, phase=phase,
                               most_jumps=max(self.start.bit_count() - 1, 0))

    def _sliced(self, work: Generator[None, None, Any], phase: str, depth: int, working: int = 0) -> Search:
        """Run `work` (None ticks, then a value), a progress event for every tick; its value."""
        return (yield from relay(work, lambda _: self._tick(phase, depth, working)))

    def _keep(self, level: array) -> Search:
        """Store a finished level and its row of `by_jumps` (its stabilisers found a slice at a time)."""
        jumps = len(self.levels)
        stabilisers = yield from self._sliced(self.bulk.stabilisers_of(level), "positions", jumps)
        self.levels.append(level)
        self.stabilisers.append(stabilisers)
        self.rows.append(Level(jumps, self.start.bit_count() - jumps, self.bulk.orbit_total(stabilisers), len(level)))

    # ------------------------------------------------------------------ pass 1: positions (and fewest moves)
    def _forward(self, moves: bool) -> Search:
        """Every level from the start until no jump is left; returns by_moves (or None)."""
        level = positions([self.start])
        fewest = bytes([0])              # per class: fewest moves from the start
        landed = positions([0])          # per class: holes a last jump of such a fewest-moves sequence lands in
        by_moves: list[int] = [1] if moves else []
        while True:
            yield from self._keep(level)
            if moves:
                yield from self._close_landings(level, landed)
            if not level:
                self.levels.pop()
                self.stabilisers.pop()
                self.rows.pop()
                break
            depth = len(self.levels)
            if depth > self.start.bit_count() - 1:  # one peg left: no jump
                break
            if depth == 1 and self.first is not None:   # one position, which every symmetry used keeps
                level, fewest, landed = (positions([after_jump(self.start, self.first)]), bytes([1]),
                                         positions([1 << self.first[2]]))
                self.nodes += 1
                by_moves += [1] if moves else []
            elif moves:
                level, fewest, landed = yield from self._next_with_moves(level, fewest, landed, depth)
                for least, classes in _histogram(fewest):
                    by_moves += [0] * (least + 1 - len(by_moves))
                    by_moves[least] += classes
            else:
                level = yield from self._next_level(level, depth)
        return by_moves if moves else None

    def _next_level(self, level: array, depth: int) -> Search:
        """The classes one jump after `level` (in no particular order)."""
        bulk = self.bulk
        found: set[int] = set()
        for begin in range(0, len(level), CHUNK):
            chunk = level[begin:begin + CHUNK]
            fresh = set(self._children(chunk))
            fresh -= found  # a child found already is canonical: no need to canonicalise it again
            canonical = bulk.canonical(list(fresh))
            self._make_room(len(found), len(canonical))
            found.update(canonical)
            self.nodes += len(chunk)
            yield self._tick("positions", depth, len(found))
        level = positions()
        yield from self._sliced(in_slices(found, level), "positions", depth, len(found))
        return level

    def _children(self, chunk: array, reverse: bool = False, sources: array | None = None,
                  made_by: list[int] | None = None) -> list[int]:
        """Every position one jump (or one reverse jump) after the positions of `chunk`.

        With `sources` (an array), the index in `chunk` of each child's parent is appended to it;
        with `made_by` (a list), the number of the jump that made it.
        """
        bulk = self.bulk
        count = len(chunk)
        columns = bulk.columns(chunk)
        ones = int.from_bytes(b"\x01" * count, "little")
        values = chunk.tolist()
        children: list[int] = []
        for jump in range(len(bulk.jumps)):
            legal = bulk.legal(columns, ones, count, jump, reverse)
            if b"\x01" in legal:
                made = bulk.children(values, legal, jump, children)
                if sources is not None:
                    sources.extend(compress(_INDICES, legal))
                if made_by is not None:
                    made_by.extend(repeat(jump, made))
        return children

    def _next_with_moves(self, level: array, fewest: bytes, landed: array, depth: int) -> Search:
        """The next level with, per class, its fewest moves and the holes its last jump may land in.

        A jump from hole a costs no move when a fewest-moves sequence to the parent ended in a
        (the same peg goes on), else one. Each jump gives a key (child << 12 | moves << 6 | landing
        hole in the child's canonical frame); sorting the distinct keys groups them by child.
        """
        bulk = self.bulk
        keys = Shards()   # millions of keys: one set would be rebuilt whole as it grows (0.26 s in one step)
        for begin in range(0, len(level), CHUNK):
            chunk = level[begin:begin + CHUNK]
            chunk_fewest = fewest[begin:begin + CHUNK]
            holes = bulk.column_bytes(landed[begin:begin + CHUNK])
            count = len(chunk)
            columns = bulk.columns(chunk)
            ones = int.from_bytes(b"\x01" * count, "little")
            values = chunk.tolist()
            children: list[int] = []
            cost = bytearray()
            landing = bytearray()
            for jump, (a, _, c, _) in enumerate(bulk.jumps):
                legal = bulk.legal(columns, ones, count, jump)
                if b"\x01" not in legal:
                    continue
                made = bulk.children(values, legal, jump, children)
                base = int.from_bytes(bytes(compress(chunk_fewest, legal)), "little")
                goes_on = int.from_bytes(bytes(compress(holes[a], legal)), "little")
                cost += (base + int.from_bytes(b"\x01" * made, "little") - goes_on).to_bytes(made, "little")
                landing += bytes((c,)) * made
            if children:
                canonical = bulk.canonical(children, with_symmetry=True)
                moved = bulk.landings(canonical, bytes(landing))
                packed = bulk.slot_int(canonical)
                index = packed & Slots(len(children)).low_bits(INDEX_BITS)
                packed = (packed - index) << (12 - INDEX_BITS)  # child << 12, slot by slot
                packed |= (small_slots(bytes(cost)) << 6) | small_slots(moved)
                made = bulk.from_slot_int(packed, len(children))
                self._make_room(len(keys), len(made))
                keys.merge(made)
            self.nodes += count
            yield self._tick("positions", depth, len(keys))
        # per child: the fewest moves (above bit 48) and the holes a last jump of such a sequence lands in;
        # the keys are taken out a slice at a time (freeing them as they go), never sorted or freed at once
        best: dict[int, int] = {}
        get = best.get
        for members in keys.sets:
            pop = members.pop
            while members:
                for key in [pop() for _ in range(min(SLICE, len(members)))]:
                    child, fewest_here, hole = key >> 12, (key >> 6) & 63, 1 << (key & 63)
                    known = get(child)
                    if known is None or fewest_here < known >> 48:
                        best[child] = fewest_here << 48 | hole
                    elif fewest_here == known >> 48:
                        best[child] = known | hole
                yield self._tick("positions", depth, len(keys) + len(best))
        classes, new_fewest, new_landed = positions(), bytearray(), positions()
        pairs = iter(best.items())
        while len(classes) < len(best):
            for child, value in islice(pairs, SLICE):
                classes.append(child)
                new_fewest.append(value >> 48)
                new_landed.append(value & _HOLES)
            yield self._tick("positions", depth, len(best))
        return classes, bytes(new_fewest), new_landed

    def _close_landings(self, level: array, landed: array) -> Search:
        """Holes a last jump lands in, closed under the symmetries that fix the class (rare; done one by one)."""
        stabilisers = self.stabilisers[-1]
        for number, index in enumerate(compress(range(len(level)), stabilisers.translate(_NOT_ONE)), 1):
            if not number % COSTLY_EVERY:
                yield self._tick("positions", len(self.levels) - 1, 0)
            position = level[index]
            holes = landed[index]
            for perm in self.perms:
                if permute(position, perm) == position:
                    landed[index] |= permute(holes, perm)

    # ------------------------------------------------------------------ pass 2: classes that can finish
    def _backward(self) -> Search:
        """Per level, the classes from which the finish is reachable (also into `by_jumps`); None if none."""
        pegs = self.start.bit_count()
        target = pegs - (self.finish.bit_count() if self.finish is not None else 1)
        for row in self.rows:
            row.can_finish = 0
        if not 0 <= target < len(self.levels):
            return None
        if self.finish is None:
            finishing = self.levels[target]
        else:
            goal = self.bulk.canonical([self.finish])[0]
            finishing = positions([goal] if goal in self.levels[target] else [])
        if not finishing:
            return None
        found = {target: finishing}
        self.rows[target].can_finish = len(finishing)
        for depth in range(target - 1, -1, -1):
            parents: set[int] = set()
            later = found[depth + 1]
            for begin in range(0, len(later), CHUNK):
                chunk = later[begin:begin + CHUNK]
                children = self.bulk.canonical(list(set(self._children(chunk, reverse=True))))
                self._make_room(len(parents), len(children))
                parents.update(children)
                self.nodes += len(chunk)
                yield self._tick("can finish", depth, len(parents))
            kept, level = positions(), self.levels[depth]
            for low in range(0, len(level), SLICE):
                kept.extend(filter(parents.__contains__, level[low:low + SLICE]))
                yield self._tick("can finish", depth, len(parents))
            found[depth] = kept
            self.rows[depth].can_finish = len(found[depth])
        return [found[depth] for depth in range(target + 1)]

    # ------------------------------------------------------------------ pass 3: solutions
    def _count(self, finishing: list[array], outcome: CensusOutcome) -> Search:
        """Solutions, fewest moves and fewest-moves solutions, forwards over the classes that can finish."""
        order = len(self.perms)
        bulk = self.bulk
        from_to = [(a, c) for a, _, c, _ in bulk.jumps]
        # per class of the current level, aligned with `finishing[depth]`:
        totals = [1]          # jump sequences reaching the class's orbit
        tallies = [_Tally(0, {-1: (1, 0)}, 1)]  # fewest moves and the sequences per landing hole
        for depth in range(len(finishing) - 1):
            level, later = finishing[depth], finishing[depth + 1]
            wanted: set[int] = set()
            for low in range(0, len(later), SLICE):
                wanted.update(later[low:low + SLICE])
                yield self._tick("solutions", depth + 1, 0)
            sizes = yield from self._sliced(bulk.stabilisers_of(level), "solutions", depth + 1)
            weights = [order // size for size in sizes]
            reached: dict[int, int] = {}
            found: dict[int, dict[int, int]] = {}
            for begin in range(0, len(level), CHUNK):
                chunk = level[begin:begin + CHUNK]
                sources = array("I")
                jumps: list[int] = []
                canonical = bulk.canonical(self._children(chunk, sources=sources, made_by=jumps), True)
                keep = bytes(map(wanted.__contains__, bulk.drop_symmetry(canonical)))
                kept = zip(compress(canonical, keep), compress(sources, keep), compress(jumps, keep), strict=True)
                for number, (packed, source, jump) in enumerate(kept, 1):   # one at a time, in Python
                    if not number % TALLIES_PER_TICK:
                        yield self._tick("solutions", depth + 1, len(found))
                    child = packed >> INDEX_BITS
                    parent = begin + source
                    reached[child] = reached.get(child, 0) + totals[parent]
                    tally = found.get(child)
                    if tally is None:
                        self._make_room(len(found), 1)
                        tally = found[child] = {}
                    a, c = from_to[jump]
                    tallies[parent].pass_on(tally, a, self.perms[packed & INDEX_MASK][c], weights[parent])
                self.nodes += len(chunk)
                yield self._tick("solutions", depth + 1, len(found))
            # the level's own figures are done with: freed a slice at a time (hundreds of thousands of objects)
            yield from self._sliced(_freed(tallies, totals, weights, wanted), "solutions", depth + 1, len(found))
            stabilisers = yield from self._sliced(bulk.stabilisers_of(later), "solutions", depth + 1, len(found))
            totals = []
            yield from self._sliced(in_slices(map(reached.__getitem__, later), totals), "solutions", depth + 1,
                                    len(found))
            tallies = []
            for number, (child, size) in enumerate(zip(later, stabilisers, strict=True), 1):
                tallies.append(_Tally.settle(child, found[child], size, self.perms, order))
                if not number % TALLIES_PER_TICK:
                    yield self._tick("solutions", depth + 1, len(found))
            yield from self._sliced(_freed(found, reached), "solutions", depth + 1, len(tallies))
        self._answer(finishing[-1], totals, tallies, outcome)

    def _answer(self, last: array, totals: list[int], tallies: list[_Tally], outcome: CensusOutcome) -> None:
        """The counts at the finish (or at every single peg)."""
        if self.finish is not None:
            at = last.index(self.bulk.canonical([self.finish])[0])
            outcome.solutions = totals[at]
            outcome.minimal_moves = tallies[at].moves
            outcome.minimal_solutions = tallies[at].fewest_total
            return
        finishes = []
        for index, position in enumerate(last):
            hole = position.bit_length() - 1
            holes = sorted({perm[hole] for perm in self.perms})
            for other in holes:
                finishes.append(FinishCount(other, tallies[index].moves, tallies[index].fewest_total,
                                            totals[index] // len(holes)))
        finishes.sort(key=lambda item: item.hole)
        outcome.finishes = finishes
        outcome.solutions = sum(item.solutions for item in finishes)
        if finishes:
            outcome.minimal_moves = min(item.moves for item in finishes)
            outcome.minimal_solutions = sum(item.minimal_solutions for item in finishes
                                            if item.moves == outcome.minimal_moves)


class _Tally:
    """A class's fewest moves from the start and, per hole its last jump landed in, how many jump
    sequences reach the class's own position with that many moves and with one more."""

    __slots__ = ("fewest_total", "more_total", "moves", "pairs")

    def __init__(self, moves: int, pairs: dict[int, tuple[int, int]], fewest_total: int, more_total: int = 0) -> None:
        self.moves, self.pairs = moves, pairs
        self.fewest_total, self.more_total = fewest_total, more_total

    def pass_on(self, found: dict[int, int], hole: int, landing: int, weight: int) -> None:
        """Add one jump's contributions (a peg leaves `hole`, lands in `landing`) to a child's tallies.

        found: (moves << 6 | landing hole) -> sequences, weighted. A sequence that ended in `hole`
        goes on without a new move; any other starts one. Sequences two moves over the parent's
        fewest can still be one over the child's, so they are passed on too.
        """
        same, more = self.pairs.get(hole, (0, 0))
        key = (self.moves << 6) | landing
        if same:
            found[key] = found.get(key, 0) + same * weight
        count = more + self.fewest_total - same
        if count:
            found[key + 64] = found.get(key + 64, 0) + count * weight
        count = self.more_total - more
        if count:
            found[key + 128] = found.get(key + 128, 0) + count * weight

    @staticmethod
    def settle(child: int, found: dict[int, int], stabiliser: int, perms: list[tuple[int, ...]],
               order: int) -> _Tally:
        """A child's tally from what its parents passed on.

        The tallies were weighted by the parents' orbit sizes and found through one symmetry each:
        adding them over the symmetries that fix the child and dividing by the group order gives
        the counts for the child position itself.
        """
        moves = min(found) >> 6
        if stabiliser > 1:
            fixing = [perm for perm in perms if permute(child, perm) == child]
            spread: dict[int, int] = {}
            for key, count in found.items():
                for perm in fixing:
                    moved = (key & ~63) | perm[key & 63]
                    spread[moved] = spread.get(moved, 0) + count
            found = spread
        pairs: dict[int, tuple[int, int]] = {}
        fewest_total = more_total = 0
        for key, count in found.items():
            extra = (key >> 6) - moves
            if extra > 1:
                continue
            count //= order
            same, more = pairs.get(key & 63, (0, 0))
            if extra == 0:
                pairs[key & 63] = (same + count, more)
                fewest_total += count
            else:
                pairs[key & 63] = (same, more + count)
                more_total += count
        return _Tally(moves, pairs, fewest_total, more_total)


_NOT_ONE = bytes(0 if value == 1 else 1 for value in range(256))
_HOLES = (1 << 48) - 1
#: Objects freed between two ticks (`_freed`): a class's tallies are a dict of a few entries, ~3 µs to free.
FREED_PER_TICK = 2048
_INDICES = list(range(CHUNK))


def _freed(*structures: list | dict | set) -> Generator[None, None, None]:
    """Empty big lists, dicts and sets a slice at a time (a None tick after each): freed at once, hundreds of
    thousands of objects are one long silence."""
    for structure in structures:
        while structure:
            if isinstance(structure, list):
                del structure[-FREED_PER_TICK:]
            else:
                take = structure.popitem if isinstance(structure, dict) else structure.pop
                for _ in range(min(FREED_PER_TICK, len(structure))):
                    take()
            yield None


def _histogram(values: bytes) -> list[tuple[int, int]]:
    """(value, how often) for each byte value present."""
    return [(value, values.count(value)) for value in sorted(set(values))]
