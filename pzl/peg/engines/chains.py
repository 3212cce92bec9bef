"""Moves from many positions at once: every chain of jumps by one peg, forwards or backwards, in bulk.

A move is a chain of jumps by one peg, so the positions one move after a position are those after
every prefix of every chain. Chains are grown step by step for a whole list of positions at once
(`pzl.peg.engines.bulk`): the states of a step are (position, hole the moving peg stands in); equal states
reached by different chains are merged (their chains continue alike), so work grows with distinct
states, not with the number of chains. Backwards, a move is a chain of reverse jumps (a peg jumps
back over an empty hole, which refills): a forward move read backwards.

Chains stop at dead positions: a pagoda weight below what the other end needs (weights only fall
along a chain), or a peg count that can no longer reach the other end.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from itertools import compress, repeat
from operator import add, and_, eq, ge, not_, or_, sub, xor

from pzl.peg.bounds import PagodaTest
from pzl.peg.engines.bulk import _BIT, BulkBoard, _unwords, _words
from pzl.peg.engines.search_tables import weigher
from pzl.search.problem import BULK_EVERY

#: Chain states handled by one bulk step before the expansion reports (ticks) and goes on: ~20 ms of CPU
#: (16,384 took ~40 ms, too near the page's 50 ms slice on a loaded machine; no slower in all).
STATES_PER_TICK = BULK_EVERY // 2
_ONE_WORD = (1).to_bytes(8, "little")

#: Yields (work done, positions found so far) now and then; returns what `successors` describes.
Ticks = Generator[tuple[int, int], None, dict[int, int] | set[int]]


class Chains:
    """The moves of one search side.

    reverse: grow reverse moves (from the finish side). tests: the pagoda tests a live position
    passes — by its pegs forwards, by its empty holes backwards (see `use`). limit_pegs: forwards,
    chains go on only from positions with more pegs than this; backwards, only from those with fewer.
    """

    def __init__(self, bulk: BulkBoard, reverse: bool, tests: Sequence[PagodaTest], limit_pegs: int) -> None:
        self.bulk, self.reverse = bulk, reverse
        jumps = bulk.jumps
        self.landing = [a if reverse else c for a, _, c, _ in jumps]
        self.onward = [[number for number, (a, _, c, _) in enumerate(jumps) if (c if reverse else a) == hole]
                       for hole in range(bulk.size)]
        self.go_on = bytes(1 if (pegs < limit_pegs if reverse else pegs > limit_pegs) else 0 for pegs in range(256))
        self.use(tests)

    def use(self, tests: Sequence[PagodaTest]) -> None:
        """Judge positions by these pagoda tests from now on (of their empty holes when backwards).

        All tests are weighed at once: each has a lane of bits in one integer, holding its weight
        minus the least its weights can total (so a lane never goes negative) under a guard bit. A
        jump adds one packed difference to every lane; a state lives when every lane still holds its
        need (which fits the lane too): ((value | guards) - needs) keeps every guard bit.
        """
        self.tests = tuple(tests)
        self.weights = self._weigh = None
        self.delta = [0] * len(self.bulk.jumps)
        if not self.tests:
            return
        lows = [sum(w for w in test.weights if w < 0) for test in self.tests]
        needs = [max(test.least - low, 0) for test, low in zip(self.tests, lows, strict=True)]
        shifts, guards, top = [], 0, 0  # each lane: its lowest bit; the guard bit above its values
        for test, low, need in zip(self.tests, lows, needs, strict=True):
            span = max(sum(w for w in test.weights if w > 0) - low, need)
            shifts.append(top)
            top += span.bit_length() + 1
            guards |= 1 << (top - 1)
        self.weights = [sum(test.weights[hole] << shift for test, shift in zip(self.tests, shifts, strict=True))
                        for hole in range(self.bulk.size)]
        self.offset = -sum(low << shift for low, shift in zip(lows, shifts, strict=True))
        self.needs = sum(need << shift for need, shift in zip(needs, shifts, strict=True))
        self.guards = guards
        self.in_words = top <= 64  # every value fits a 64-bit word
        # a jump changes the weight of the pegs (forwards) or of the empty holes (backwards) alike
        self.delta = [self.weights[c] - self.weights[a] - self.weights[b] for a, b, c, _ in self.bulk.jumps]
        self._weigh = weigher(self.weights)

    def weigh(self, positions: list[int]) -> list[int] | None:
        """Each position's packed pagoda lanes (of its empty holes when backwards), or None without tests."""
        if self._weigh is None:
            return None
        if self.reverse:
            positions = list(map(xor, positions, repeat((1 << self.bulk.size) - 1)))
        return list(map(add, map(self._weigh, positions), repeat(self.offset)))

    def alive(self, values: list[int]) -> bytes:
        """1 for each packed value (see `use`) that every test lets live, else 0."""
        if len(self.tests) == 1:
            return bytes(map(ge, values, repeat(self.needs)))
        guards, needs = self.guards, self.needs
        if self.in_words:  # every slot at once, in one big integer: a slot of guards is left where it lives
            count = len(values)
            ones = int.from_bytes(_ONE_WORD * count, "little")
            spread = guards * ones
            judged = ((int.from_bytes(_words(values), "little") | spread) - needs * ones) & spread ^ spread
            return bytes(map(not_, _unwords(judged.to_bytes(8 * count, "little"))))
        return bytes(map(eq, map(and_, map(sub, map(or_, values, repeat(guards)), repeat(needs)),
                                 repeat(guards)), repeat(guards)))

    def living(self, positions: list[int]) -> list[int]:
        """The positions every test lets live."""
        if not self.tests:
            return positions
        return list(compress(positions, self.alive(self.weigh(positions))))

    def successors(self, frontier: list[int], counts: list[int] | None = None, first: int | None = None) -> Ticks:
        """Every position one move after (before, backwards) those of `frontier` — raw positions, not
        canonical forms.

        Without `counts`: a set. With counts (one per frontier position): {position: the sum, over
        (frontier position, chain) pairs leading to it, of the frontier position's count}.
        Yields (chain states handled, positions found) every STATES_PER_TICK states or so (the
        caller reports and checks limits). `first`: only chains whose first jump is this jump number.
        Positions whose peg count rules them out start no chain.
        """
        counting = counts is not None
        found: dict[int, int] | set[int] = {} if counting else set()
        weights = counts  # None without counting: nothing to carry along the chains
        keep = self.bulk.pegs(frontier).translate(self.go_on)
        if keep.count(1) < len(frontier):
            frontier = list(compress(frontier, keep))
            weights = list(compress(weights, keep)) if counting else None
        values = self.weigh(frontier)
        if values is not None:  # a frontier position may have been found before a test was added
            live = self.alive(values)
            if live.count(1) < len(frontier):
                frontier, values = list(compress(frontier, live)), list(compress(values, live))
                weights = list(compress(weights, live)) if counting else None
        groups = yield from self._first_step(frontier, values, weights, first, found)
        while groups:
            groups = yield from self._settle(groups, found, counting)
            if not groups:
                break
            groups = yield from self._next_step(groups, found)
        return found

    def _first_step(self, frontier: list[int], values: list[int], weights: list[int],
                    first: int | None, found: dict | set) -> Generator[tuple[int, int], None, dict]:
        """States after one jump: per landing hole, parallel lists (positions, values, weights)."""
        bulk = self.bulk
        groups: dict[int, tuple[list[int], list[int], list[int]]] = {}
        for begin in range(0, len(frontier), STATES_PER_TICK):
            part = frontier[begin:begin + STATES_PER_TICK]
            count = len(part)
            columns = bulk.columns(part)
            ones = int.from_bytes(b"\x01" * count, "little")
            for jump in (range(len(bulk.jumps)) if first is None else (first,)):
                legal = bulk.legal(columns, ones, count, jump, self.reverse)
                if b"\x01" in legal:
                    made = self._extend(groups, jump, part, values and values[begin:begin + count],
                                        weights and weights[begin:begin + count], legal)
                    yield made, len(found)
        return groups

    def _extend(self, groups: dict, jump: int, positions: list[int], values: list[int], weights: list[int] | None,
                legal: bytes) -> int:
        """Add the states after `jump` from the states where it is legal; how many."""
        group = groups.get(self.landing[jump])
        if group is None:
            group = groups[self.landing[jump]] = ([], [], [] if weights is not None else None)
        made = self.bulk.children(positions, legal, jump, group[0])
        if self.weights is not None:
            group[1].extend(map(add, compress(values, legal), repeat(self.delta[jump])))
        if weights is not None:
            group[2].extend(compress(weights, legal))
        return made

    def _settle(self, groups: dict, found: dict[int, int] | set[int],
                counting: bool) -> Generator[tuple[int, int], None, dict]:
        """Drop dead states, merge equal ones, record their positions; the states chains go on from."""
        weighed = self.weights is not None
        alive_groups = {}
        for hole, (positions, values, weights) in groups.items():
            value_of: dict[int, int] = {}  # equal states merge (same position, same hole)
            merged: dict[int, int] = {}
            for begin in range(0, len(positions), STATES_PER_TICK):
                some = positions[begin:begin + STATES_PER_TICK]
                some_weights = weights[begin:begin + STATES_PER_TICK] if counting else None
                if weighed:
                    some_values = values[begin:begin + STATES_PER_TICK]
                    alive = self.alive(some_values)
                    some = list(compress(some, alive))
                    value_of.update(zip(some, compress(some_values, alive), strict=True))
                    if counting:
                        some_weights = list(compress(some_weights, alive))
                else:
                    value_of.update(zip(some, repeat(0)))
                if counting:
                    for position, weight in zip(some, some_weights, strict=True):
                        merged[position] = merged.get(position, 0) + weight
                        found[position] = found.get(position, 0) + weight
                else:
                    found.update(some)
                yield len(some), len(found)
            onward = list(value_of)
            onward = list(compress(onward, self.bulk.pegs(onward).translate(self.go_on)))
            if onward:
                alive_groups[hole] = (onward, list(map(value_of.__getitem__, onward)) if weighed else None,
                                      list(map(merged.__getitem__, onward)) if counting else None)
        return alive_groups

    def _next_step(self, groups: dict, found: dict | set) -> Generator[tuple[int, int], None, dict]:
        """States after one more jump by the peg that moved last."""
        bulk = self.bulk
        following: dict[int, tuple[list[int], list[int], list[int]]] = {}
        for hole, (positions, values, weights) in groups.items():
            for begin in range(0, len(positions), STATES_PER_TICK):
                part = positions[begin:begin + STATES_PER_TICK]
                count = len(part)
                lanes = bulk.lanes_of(part)
                ones = int.from_bytes(b"\x01" * count, "little")
                for jump in self.onward[hole]:
                    a, b, c, _ = bulk.jumps[jump]
                    if self.reverse:  # the peg in c jumps back over the empty b into the empty a
                        legal = ((_column(lanes, a) | _column(lanes, b)) ^ ones).to_bytes(count, "little")
                    else:  # the peg in a jumps over the peg in b into the empty c
                        legal = (_column(lanes, b) & (_column(lanes, c) ^ ones)).to_bytes(count, "little")
                    if b"\x01" in legal:
                        made = self._extend(following, jump, part, values and values[begin:begin + count],
                                            weights and weights[begin:begin + count], legal)
                        yield made, len(found)
                yield 0, len(found)
        return following


def _column(lanes: list[bytes], hole: int) -> int:
    return int.from_bytes(lanes[hole >> 3].translate(_BIT[hole & 7]), "little")
