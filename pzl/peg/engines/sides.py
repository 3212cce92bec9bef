"""One side of the meet-in-the-middle peg search (`pzl.peg.engines.solve`): from the start or from the finish.

A `Side` holds what one direction has found (every canonical position seen, its layers by number of moves)
and what differs between the two directions in one place: which moves lead back to its origin, how its
pagoda tests and corner counts see a position (forwards the pegs, backwards the empty holes), and the
order of a rebuilt path (forwards reversed, backwards as found). Its long jobs are generators yielding
None ticks; the search turns them into progress events.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import and_, xor
from typing import Any

from pzl.peg.board import Move
from pzl.peg.engines.bulk import BulkBoard, in_slices, positions
from pzl.peg.engines.chains import Chains
from pzl.peg.engines.pagodas import find_pagodas
from pzl.peg.engines.search_tables import JumpTables, backward_moves, forward_moves
from pzl.search.problem import BULK_EVERY
from pzl.search.shards import Shards

__all__ = ["LOOKUP_SLICE", "PAGODA_PAYS", "PAGODA_SAMPLE_LAYER", "Side"]

#: The size of a side's newest layer from which pagoda tests are sought for it (`Side.seek_pagodas`), and the
#: size its next layer must promise (`Side.promise`) for the search to pay: finding them takes 0.1-0.4 s of
#: CPU, which a small search (Triangle 21: 0.08 s in all, its next layer ~21,000) never earns back.
PAGODA_SAMPLE_LAYER = 4096
PAGODA_PAYS = 32768
#: Positions of a layer put into its lookup set (or sorted for `Side.promising_first`) between two ticks.
LOOKUP_SLICE = BULK_EVERY
#: For each byte value v: the table mapping a byte to 1 where it equals v, else 0.
_IS_BYTE = [bytes(wanted) + b"\x01" + bytes(255 - wanted) for wanted in range(256)]

Ticks = Generator[None, None, Any]
MoveSteps = Iterator[tuple[int, Move]]


@dataclass(slots=True)
class Side:
    """One direction of the search: its moves, every canonical position it has seen, and its layers.

    layers[d]: the canonical positions first reached in d moves, compactly (an array, 8 bytes a
    position; a list on boards over 64 holes); the newest also as a list in `newest`, with sequence
    counts in `counts` when counting. Rebuilding a solution looks up a few positions per layer
    (`at`), through a set made for that layer when first asked.

    backward: the side grows from the finish, and sees a position by its empty holes (`viewed`).
    target: the holes its pagoda tests weigh towards, as the side sees positions (forwards the finish's
    pegs, backwards the start's empty holes), or None. entry: forwards, when every solution must begin
    with one jump, the start and that jump (the start is then no position of layer 0).
    growth: the last layer's size over the one before (1 at first), to foretell the next one (`promise`).
    """

    chains: Chains
    compact: bool  # positions fit 64 bits
    backward: bool
    full: int  # every hole
    target: int | None
    entry: tuple[int, tuple[int, int, int]] | None = None
    seen: Shards = field(default_factory=Shards)
    layers: list[Any] = field(default_factory=list)
    newest: list[int] = field(default_factory=list)
    counts: dict[int, int] | None = None
    lookups: dict[int, set[int]] = field(default_factory=dict)
    pagodas_sought: bool = False
    growth: float = 1.0

    @property
    def depth(self) -> int:
        return len(self.layers) - 1

    def promise(self) -> float:
        """About how many positions the next layer will have: the newest layer's size times the last growth."""
        return len(self.newest) * self.growth

    def viewed(self, some: list[int]) -> Iterable[int]:
        """Positions as this side's pagoda tests and corner counts see them: forwards the pegs, backwards the
        empty holes."""
        return map(xor, some, repeat(self.full)) if self.backward else some

    # ----------------------------------------------------------------- layers
    def enter(self, layer: list[int], counts: dict[int, int] | None) -> Ticks:
        """Make `layer` (distinct positions, already in `seen`) the newest layer; its compact copy is made a
        slice at a time (a None tick after each slice)."""
        self.newest = layer
        self.counts = counts
        if not self.compact:
            self.layers.append(layer)
            return
        kept = positions()
        yield from in_slices(layer, kept)
        self.layers.append(kept)

    def prepare(self, depth: int) -> Ticks:
        """Make the lookup set of layer `depth` (for `at`), a slice at a time: a None tick after each slice."""
        if depth in self.lookups:
            return
        layer, made = self.layers[depth], set()
        for low in range(0, len(layer), LOOKUP_SLICE):
            made.update(layer[low:low + LOOKUP_SLICE])
            yield None
        self.lookups[depth] = made

    def at(self, depth: int, key: int) -> bool:
        """True when the canonical position `key` was first reached at `depth` on this side (`prepare`d)."""
        return key in self.lookups[depth]

    def depth_of(self, key: int) -> Ticks:
        """The depth at which this side first reached the canonical position `key` (which it has seen);
        None ticks while lookup sets are made."""
        for depth in range(self.depth, -1, -1):
            yield from self.prepare(depth)
            if self.at(depth, key):
                return depth
        raise AssertionError("a meeting position missing from the side that saw it")

    def promising_first(self, bulk: BulkBoard, corners: int) -> Ticks:
        """The newest layer with the positions likeliest to meet the other side first: those with the fewest
        corner holes marked as the side sees them (`viewed`; corner holes: those no jump passes over). Forwards,
        each peg in a corner needs a move of its own; backwards, the start's corners are full.

        Only the order changes (a stable bucket sort in bulk); on the English board the meeting layer then
        meets after a tenth of its positions instead of about half. None ticks between slices.
        """
        layer = self.newest
        if not corners or len(layer) < 2:
            return list(layer)
        counts = bytearray()
        for low in range(0, len(layer), LOOKUP_SLICE):
            marked = list(map(and_, self.viewed(layer[low:low + LOOKUP_SLICE]), repeat(corners)))
            counts += bulk.pegs(marked)
            yield None
        counts = bytes(counts)
        order: list[int] = []
        for value in sorted(set(counts)):
            for low in range(0, len(layer), LOOKUP_SLICE):
                order.extend(compress(layer[low:low + LOOKUP_SLICE],
                                      counts[low:low + LOOKUP_SLICE].translate(_IS_BYTE[value])))
                yield None
        return order

    # ----------------------------------------------------------------- pruning
    def seek_pagodas(self, size: int, jumps: Sequence[tuple[int, int, int]],
                     symmetries: Sequence[Sequence[int]]) -> Ticks:
        """Once the newest layer is big enough to show which positions die, and the next one (`promise`) big
        enough for the search to pay: pagoda tests found for the task from a sample of it (`pzl.peg.engines.pagodas`),
        added to the side's chains. Sought once; None ticks between linear programs."""
        if self.pagodas_sought or len(self.newest) < PAGODA_SAMPLE_LAYER or self.promise() < PAGODA_PAYS:
            return
        self.pagodas_sought = True
        if not self.target:
            return
        samples = list(self.viewed(self.newest)) if self.backward else self.newest
        found = yield from find_pagodas(size, jumps, symmetries, self.target, samples, self.chains.tests)
        if found:
            self.chains.use(self.chains.tests + tuple(found))

    # ----------------------------------------------------------------- answers
    def paths(self, position: int, depth: int, tables: JumpTables, canonical: Callable[[int], int],
              counted: Callable[[MoveSteps], Iterator[tuple[int, Move] | None]]) -> Iterator[list[Move] | None]:
        """The move sequences between this side's origin and `position` (first reached at `depth`), in the order
        played: forwards from the start to it, backwards from it to the finish; None ticks between.

        It walks back to the origin by the moves that lead one layer nearer (forwards, moves undone; backwards,
        moves played), found one at a time through `counted` (which counts them and adds ticks)."""
        nearer_moves = forward_moves if self.backward else backward_moves
        stack: list[tuple[int, int, list[Move]]] = [(position, depth, [])]
        while stack:
            current, d, moves = stack.pop()
            if d == 0:
                yield moves if self.backward else moves[::-1]
                continue
            options = []
            for item in counted(nearer_moves(current, tables)):
                if item is None:
                    yield None
                    continue
                nearer, move = item
                if d == 1 and self.entry is not None:   # the first move must begin with the entry jump
                    start, jump = self.entry
                    if nearer == start and move.start == jump[0] and move[1] == jump[2]:
                        options.append((nearer, 0, [*moves, move]))
                    continue
                yield from self.prepare(d - 1)
                if self.at(d - 1, canonical(nearer)):
                    options.append((nearer, d - 1, [*moves, move]))
            stack.extend(reversed(options))

    def release(self) -> list[Any]:
        """Hand over the structures holding this side's positions (to be freed one at a time) and hold none."""
        groups = [*self.seen.sets, *self.lookups.values(), self.newest, self.counts or {},
                  *(layer for layer in self.layers if isinstance(layer, list))]   # boards over 64 holes
        self.seen, self.lookups, self.newest, self.counts, self.layers = Shards(), {}, [], None, []
        return groups
