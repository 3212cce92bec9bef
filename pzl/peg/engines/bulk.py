"""Many peg positions at once, at C speed: jumps, symmetry images and canonical forms of whole lists.

A census level or a search layer holds millions of positions; a Python loop over them costs
microseconds each. Here positions are handled together through byte strings and big integers,
whose operations run in C. Positions are packed into fixed-width little-endian *slots* (64 bits,
or a multiple for boards over 60 holes) of one byte string; a position's bits are cut into byte
*lanes* (strided slices); symmetries permute bits lane by lane with `bytes.translate` tables (one
per source lane, symmetry and destination lane: the per-chunk permutation tables); comparisons
run on one big integer holding every slot, with each slot's top bit as a borrow guard
(`(a | top) - b` never borrows across slots, and its top bit says a >= b).
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Generator, Iterable, Iterator, Sequence
from itertools import compress, islice, repeat
from operator import and_, lshift, or_, rshift, xor

#: For each bit j of a byte: the table that maps a byte to that bit (0 or 1).
_BIT = [bytes((value >> bit) & 1 for value in range(256)) for bit in range(8)]
#: Bits of a canonical form made `with_symmetry` that name the symmetry (a lattice has at most 12).
INDEX_BITS = 4
INDEX_MASK = (1 << INDEX_BITS) - 1
_INDEX = bytes(value & INDEX_MASK for value in range(256))
#: For each symmetry index v: 0xFF where a byte equals v, else 0.
_IS = [bytes(0xFF if value == index else 0 for value in range(256)) for index in range(1 << INDEX_BITS)]
#: Pegs in a byte.
POPCOUNT = bytes(value.bit_count() for value in range(256))
_WORD = (1 << 64) - 1
#: Positions copied or judged between two ticks by the sliced helpers (`in_slices`, `BulkBoard.stabilisers_of`).
SLICE = 16384


def positions(values: Iterable[int] = ()) -> array:
    """A compact array of positions of at most 64 holes (8 bytes each)."""
    return array("Q", values)


def in_slices(items: Iterable[int], into: list[int] | array, size: int = SLICE) -> Iterator[None]:
    """Extend `into` with `items` `size` at a time, a None tick after each slice (millions of positions
    copied at once would be one long silence for a page that runs a search in time slices)."""
    items = iter(items)
    while True:
        before = len(into)
        into.extend(islice(items, size))
        if len(into) == before:
            return
        yield None


def _words(values: Sequence[int]) -> bytes:
    """Little-endian bytes of 64-bit values."""
    packed = values if isinstance(values, array) else array("Q", values)
    if sys.byteorder != "little":
        packed = array("Q", packed)
        packed.byteswap()
    return packed.tobytes()


def _unwords(raw: bytes | bytearray) -> list[int]:
    values = array("Q")
    values.frombytes(raw)
    if sys.byteorder != "little":
        values.byteswap()
    return values.tolist()


def small_slots(small: bytes, width: int = 8) -> int:
    """Small numbers (one byte each) as one integer, number i in the low byte of slot i (`width` bytes a slot)."""
    buffer = bytearray(width * len(small))
    buffer[0::width] = small
    return int.from_bytes(buffer, "little")


class Slots:
    """Slot arithmetic for `count` slots of `width` bytes: one per slot, the top bit, comparisons."""

    def __init__(self, count: int, width: int = 8) -> None:
        self.count, self.width = count, width
        self.top = 8 * width - 1
        self.ones = int.from_bytes((b"\x01" + b"\x00" * (width - 1)) * count, "little")
        self.high = self.ones << self.top
        self.slot_mask = (1 << (8 * width)) - 1

    def min_into(self, best: int, other: int) -> int:
        """Slot by slot, the smaller of `best` and `other` (values below the top bit)."""
        keep_other = (((best | self.high) - other) >> self.top) & self.ones  # 1 where best >= other
        return best ^ ((best ^ other) & (keep_other * self.slot_mask))

    def equal(self, first: int, second: int) -> int:
        """1 in each slot where the two agree, else 0."""
        differs = (((first ^ second) + (self.high - self.ones)) >> self.top) & self.ones
        return differs ^ self.ones

    def low_bits(self, bits: int) -> int:
        """The low `bits` bits of every slot."""
        return self.ones * ((1 << bits) - 1)


class BulkBoard:
    """A board's jumps and symmetries as operations on many positions at once.

    size: holes; jumps: (from, over, to) triples; perms: the symmetry group (hole permutations,
    identity first) under which canonical forms are taken (the least image). Positions go in as
    lists (or arrays) of ints and come out as lists.
    """

    def __init__(self, size: int, jumps: Sequence[tuple[int, int, int]], perms: Sequence[Sequence[int]]) -> None:
        self.size = size
        self.lanes = (size + 7) // 8
        self.words = (size + INDEX_BITS) // 64 + 1  # 64-bit words a slot, leaving its top bit and an index free
        self.width = 8 * self.words
        self.jumps = tuple((a, b, c, (1 << a) | (1 << b) | (1 << c)) for a, b, c in jumps)
        self.perms = [tuple(perm) for perm in perms]
        self.order = len(self.perms)
        self._tables = [self._lane_tables(perm) for perm in self.perms[1:]]
        self._moves = [bytes(perm[hole] if hole < size else 0 for hole in range(256)) for perm in self.perms]

    def _lane_tables(self, perm: Sequence[int]) -> list[list[tuple[int, bytes]]]:
        """Per destination lane: (source lane, translate table) for each source lane that sends bits there."""
        lanes = self.lanes
        found: list[list[tuple[int, bytes]]] = [[] for _ in range(lanes)]
        for source in range(lanes):
            for dest in range(lanes):
                table = bytearray(256)
                for value in range(1, 256):
                    image = 0
                    for bit in range(8):
                        hole = 8 * source + bit
                        if value >> bit & 1 and hole < self.size and perm[hole] >> 3 == dest:
                            image |= 1 << (perm[hole] & 7)
                    table[value] = image
                if any(table):
                    found[dest].append((source, bytes(table)))
        return found

    # ------------------------------------------------------------------ packing
    def pack(self, values: Sequence[int]) -> bytes:
        """The positions as slots of `width` bytes."""
        if self.words == 1:
            return _words(values)
        buffer = bytearray(self.width * len(values))
        for word in range(self.words):
            raw = _words(array("Q", map(and_, map(rshift, values, repeat(64 * word)), repeat(_WORD))))
            for byte in range(8):
                buffer[8 * word + byte::self.width] = raw[byte::8]
        return bytes(buffer)

    def unpack(self, raw: bytes | bytearray) -> list[int]:
        """The positions held in the slots of `raw`."""
        if self.words == 1:
            return _unwords(raw)
        count = len(raw) // self.width
        values: list[int] = []
        for word in range(self.words):
            part = bytearray(8 * count)
            for byte in range(8):
                part[byte::8] = raw[8 * word + byte::self.width]
            words = _unwords(part)
            values = words if word == 0 else list(map(or_, values, map(lshift, words, repeat(64 * word))))
        return values

    def slot_int(self, values: Sequence[int]) -> int:
        """The positions as one integer, one slot each."""
        return int.from_bytes(self.pack(values), "little")

    def from_slot_int(self, value: int, count: int) -> list[int]:
        return self.unpack(value.to_bytes(self.width * count, "little"))

    def lanes_of(self, values: Sequence[int] | bytes) -> list[bytes]:
        """Byte k of every position, lane by lane (`values` may be packed already)."""
        raw = values if isinstance(values, bytes) else self.pack(values)
        return [raw[k::self.width] for k in range(self.lanes)]

    # ------------------------------------------------------------------ columns and jumps
    def column_bytes(self, values: Sequence[int] | bytes) -> list[bytes]:
        """Per hole: one byte per position, 1 when it has a peg (or the hole bit is set) there."""
        lanes = self.lanes_of(values)
        return [lanes[hole >> 3].translate(_BIT[hole & 7]) for hole in range(self.size)]

    def columns(self, values: Sequence[int] | bytes) -> list[int]:
        """`column_bytes` as integers, ready for bitwise operations on all positions at once."""
        return [int.from_bytes(column, "little") for column in self.column_bytes(values)]

    def legal(self, columns: list[int], ones: int, count: int, jump: int, reverse: bool = False) -> bytes:
        """One byte per position: 1 where jump number `jump` is legal (or, with `reverse`, its reverse)."""
        a, b, c, _ = self.jumps[jump]
        if reverse:  # a peg in `to` jumps back over the empty `over` into the empty `from`
            mask = columns[c] & (columns[a] ^ ones) & (columns[b] ^ ones)
        else:
            mask = columns[a] & columns[b] & (columns[c] ^ ones)
        return mask.to_bytes(count, "little")

    def children(self, values: list[int], legal: bytes, jump: int, into: list[int]) -> int:
        """Append the positions after `jump` (or its reverse) from the positions where it is `legal`; how many.

        `values` is a list (iterating an array would make an int object for every position, legal or not).
        """
        before = len(into)
        into.extend(map(xor, compress(values, legal), repeat(self.jumps[jump][3])))
        return len(into) - before

    def pegs(self, values: Sequence[int] | bytes) -> bytes:
        """Pegs per position (one byte each)."""
        lanes = self.lanes_of(values)
        total = 0
        for lane in lanes:
            total += int.from_bytes(lane.translate(POPCOUNT), "little")
        return total.to_bytes(len(lanes[0]) if lanes else 0, "little")

    # ------------------------------------------------------------------ symmetry
    def _image(self, lanes: list[bytes], tables: list[list[tuple[int, bytes]]], count: int) -> int:
        """The slot integer of the images of the positions whose lanes are given."""
        width = self.width
        buffer = bytearray(width * count)
        for dest, parts in enumerate(tables):
            if not parts:
                continue
            if len(parts) == 1:
                source, table = parts[0]
                buffer[dest::width] = lanes[source].translate(table)
                continue
            merged = 0
            for source, table in parts:  # bits from different source lanes never overlap
                merged |= int.from_bytes(lanes[source].translate(table), "little")
            buffer[dest::width] = merged.to_bytes(count, "little")
        return int.from_bytes(buffer, "little")

    def canonical(self, values: Sequence[int], with_symmetry: bool = False) -> list[int]:
        """The least image of each position; `with_symmetry`: (least image << INDEX_BITS) | a symmetry giving it."""
        count = len(values)
        if count == 0 or self.order == 1:
            return [value << INDEX_BITS for value in values] if with_symmetry else list(values)
        slots = Slots(count, self.width)
        raw = self.pack(values)
        lanes = [raw[k::self.width] for k in range(self.lanes)]
        best = int.from_bytes(raw, "little")
        if with_symmetry:
            best <<= INDEX_BITS  # values stay below the top bit, so no bit crosses into the next slot
        for index, tables in enumerate(self._tables, 1):
            image = self._image(lanes, tables, count)
            if with_symmetry:
                image = (image << INDEX_BITS) | (index * slots.ones)
            best = slots.min_into(best, image)
        return self.from_slot_int(best, count)

    def drop_symmetry(self, canonical: Sequence[int]) -> list[int]:
        """The positions of canonical forms made `with_symmetry` (the symmetry index dropped)."""
        count = len(canonical)
        packed = self.slot_int(canonical)
        index = packed & Slots(count, self.width).low_bits(INDEX_BITS)
        return self.from_slot_int((packed - index) >> INDEX_BITS, count)

    def landings(self, canonical: Sequence[int], holes: bytes) -> bytes:
        """Per position: where `holes[i]` goes under the symmetry named in the low bits of `canonical[i]`."""
        count = len(holes)
        index = self.pack(canonical)[0::self.width].translate(_INDEX)
        moved = 0
        for number, table in enumerate(self._moves):
            chosen = index.translate(_IS[number])
            if b"\xff" in chosen:
                moved |= int.from_bytes(holes.translate(table), "little") & int.from_bytes(chosen, "little")
        return moved.to_bytes(count, "little")

    def stabilisers(self, values: Sequence[int]) -> bytes:
        """Per position, how many symmetries map it onto itself (1 = none but the identity)."""
        count = len(values)
        if count == 0:
            return b""
        if self.order == 1:
            return b"\x01" * count
        slots = Slots(count, self.width)
        raw = self.pack(values)
        lanes = [raw[k::self.width] for k in range(self.lanes)]
        plain = int.from_bytes(raw, "little")
        fixed = slots.ones  # the identity
        for tables in self._tables:
            fixed += slots.equal(plain, self._image(lanes, tables, count))
        return fixed.to_bytes(self.width * count, "little")[0::self.width]

    def stabilisers_of(self, values: Sequence[int]) -> Generator[None, None, bytes]:
        """`stabilisers` of a whole level, SLICE positions at a time: a None tick after each slice, then the bytes."""
        found = bytearray()
        for low in range(0, len(values), SLICE):
            found += self.stabilisers(values[low:low + SLICE])
            yield None
        return bytes(found)

    def orbit_total(self, stabilisers: bytes) -> int:
        """How many positions the classes with these stabiliser sizes stand for (orbit = order / stabiliser)."""
        return sum(stabilisers.count(size) * (self.order // size) for size in set(stabilisers))
