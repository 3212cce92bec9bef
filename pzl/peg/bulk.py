"""Many peg positions at once, at C speed: jumps, symmetry images and canonical forms of whole arrays.

A level of the census holds millions of positions; a Python loop over them costs microseconds
each. Here the positions of an `array('Q')` are handled together through byte strings and big
integers, whose operations run in C: a position's bits are cut into byte *lanes* (`bytes`
slices), symmetries permute bits lane by lane with `bytes.translate` tables (one per source
lane, symmetry and destination lane: the per-chunk permutation tables), and comparisons run on
one big integer holding every position in a 64-bit *slot*, with the slot's top bit as a borrow
guard (`(a | 2**63) - b` never borrows across slots, and its bit 63 says a >= b).
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence
from itertools import compress, repeat
from operator import xor

#: The largest board (holes) the slots can take with three spare bits for a symmetry index.
MAX_HOLES = 60
#: For each bit j of a byte: the table that maps a byte to that bit (0 or 1).
_BIT = [bytes((value >> bit) & 1 for value in range(256)) for bit in range(8)]
#: The symmetry index kept in the low three bits of a canonical form made `with_symmetry`.
_INDEX = bytes(value & 7 for value in range(256))
#: For each symmetry index v: 0xFF where a byte equals v, else 0.
_IS = [bytes(0xFF if value == index else 0 for value in range(256)) for index in range(8)]
_SLOT = 0xFFFF_FFFF_FFFF_FFFF


def positions(values: Iterable[int] = ()) -> array:
    """An array of positions (bitmasks of at most 64 holes)."""
    return array("Q", values)


def _raw(values: array) -> bytes:
    """The little-endian bytes of an array of positions (8 per position)."""
    if sys.byteorder == "little":
        return values.tobytes()
    swapped = array("Q", values)
    swapped.byteswap()
    return swapped.tobytes()


def _from_raw(raw: bytes | bytearray) -> array:
    values = array("Q")
    values.frombytes(raw)
    if sys.byteorder != "little":
        values.byteswap()
    return values


def slot_int(values: array) -> int:
    """The positions of an array as one integer, position i in bits 64i .. 64i+63."""
    return int.from_bytes(_raw(values), "little")


def small_slots(small: bytes) -> int:
    """Small numbers (one byte each) as one integer, number i in the low byte of slot i."""
    buffer = bytearray(8 * len(small))
    buffer[0::8] = small
    return int.from_bytes(buffer, "little")


def from_slots(value: int, count: int) -> array:
    """The array of `count` positions held in the slots of `value`."""
    return _from_raw(value.to_bytes(8 * count, "little"))


class Slots:
    """Constants of slot arithmetic for `count` positions: one per slot, the top bit, all ones."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.ones = int.from_bytes(b"\x01\x00\x00\x00\x00\x00\x00\x00" * count, "little")
        self.high = self.ones << 63
        self.full = (1 << (64 * count)) - 1

    def min_into(self, best: int, other: int) -> int:
        """Slot by slot, the smaller of `best` and `other` (values below 2**63)."""
        keep_other = (((best | self.high) - other) >> 63) & self.ones  # 1 where best >= other
        return best ^ ((best ^ other) & (keep_other * _SLOT))

    def equal(self, first: int, second: int) -> int:
        """1 in each slot where the two agree, else 0."""
        differs = (((first ^ second) + (self.high - self.ones)) >> 63) & self.ones
        return differs ^ self.ones


class BulkBoard:
    """A board's jumps and symmetries as operations on arrays of positions.

    size: holes; jumps: (from, over, to) triples; perms: the symmetry group (hole permutations,
    identity first) under which canonical forms are taken (the least image).
    """

    def __init__(self, size: int, jumps: Sequence[tuple[int, int, int]], perms: Sequence[Sequence[int]]) -> None:
        if size > MAX_HOLES:
            raise ValueError(f"bulk positions hold at most {MAX_HOLES} holes")
        self.size = size
        self.lanes = (size + 7) // 8
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

    # ------------------------------------------------------------------ columns and jumps
    def lanes_of(self, values: array) -> list[bytes]:
        """Byte k of every position, lane by lane."""
        raw = _raw(values)
        return [raw[k::8] for k in range(self.lanes)]

    def column_bytes(self, values: array) -> list[bytes]:
        """Per hole: one byte per position, 1 when it has a peg (or the hole bit is set) there."""
        lanes = self.lanes_of(values)
        return [lanes[hole >> 3].translate(_BIT[hole & 7]) for hole in range(self.size)]

    def columns(self, values: array) -> list[int]:
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

    # ------------------------------------------------------------------ symmetry
    def _image(self, lanes: list[bytes], tables: list[list[tuple[int, bytes]]], count: int) -> int:
        """The slot integer of the images of the positions whose lanes are given."""
        buffer = bytearray(8 * count)
        for dest, parts in enumerate(tables):
            if not parts:
                continue
            if len(parts) == 1:
                source, table = parts[0]
                buffer[dest::8] = lanes[source].translate(table)
                continue
            merged = 0
            for source, table in parts:  # bits from different source lanes never overlap
                merged |= int.from_bytes(lanes[source].translate(table), "little")
            buffer[dest::8] = merged.to_bytes(count, "little")
        return int.from_bytes(buffer, "little")

    def landings(self, canonical: array, holes: bytes) -> bytes:
        """Per position: where `holes[i]` goes under the symmetry named in the low bits of `canonical[i]`."""
        count = len(holes)
        index = _raw(canonical)[0::8].translate(_INDEX)
        moved = 0
        for number, table in enumerate(self._moves):
            chosen = index.translate(_IS[number])
            if b"\xff" in chosen:
                moved |= int.from_bytes(holes.translate(table), "little") & int.from_bytes(chosen, "little")
        return moved.to_bytes(count, "little")

    def canonical(self, values: array | list[int], with_symmetry: bool = False) -> array:
        """The least image of each position; `with_symmetry`: (least image << 3) | the index of a symmetry giving it."""
        count = len(values)
        if count == 0 or self.order == 1:
            if with_symmetry:
                return positions(value << 3 for value in values)
            return positions(values)
        if not isinstance(values, array):
            values = positions(values)
        slots = Slots(count)
        raw = _raw(values)
        lanes = [raw[k::8] for k in range(self.lanes)]
        best = int.from_bytes(raw, "little")
        if with_symmetry:
            best <<= 3  # values stay below 2**61, so no bit crosses into the next slot
        for index, tables in enumerate(self._tables, 1):
            image = self._image(lanes, tables, count)
            if with_symmetry:
                image = (image << 3) | (index * slots.ones)
            best = slots.min_into(best, image)
        return _from_raw(best.to_bytes(8 * count, "little"))

    @staticmethod
    def drop_symmetry(canonical: array) -> list[int]:
        """The positions of canonical forms made `with_symmetry` (the symmetry index dropped)."""
        count = len(canonical)
        packed = slot_int(canonical)
        low = int.from_bytes(b"\x07\x00\x00\x00\x00\x00\x00\x00" * count, "little")
        return from_slots((packed - (packed & low)) >> 3, count).tolist()

    def stabilisers(self, values: array) -> bytes:
        """Per position, how many symmetries map it onto itself (1 = none but the identity)."""
        count = len(values)
        if count == 0:
            return b""
        if self.order == 1:
            return b"\x01" * count
        slots = Slots(count)
        raw = _raw(values)
        lanes = [raw[k::8] for k in range(self.lanes)]
        plain = int.from_bytes(raw, "little")
        fixed = slots.ones  # the identity
        for tables in self._tables:
            fixed += slots.equal(plain, self._image(lanes, tables, count))
        return fixed.to_bytes(8 * count, "little")[0::8]

    def orbit_total(self, stabilisers: bytes) -> int:
        """How many positions the classes with these stabiliser sizes stand for (orbit = order / stabiliser)."""
        return sum(stabilisers.count(size) * (self.order // size) for size in set(stabilisers))
