"""Precomputed jump masks, chain (move) generation and symmetry canonical forms for peg searches.

Positions are int bitmasks (bit h = a peg in hole h); a move is a chain of jumps by one peg.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pzl.errors import PositionError
from pzl.peg.board import Hop, Jump, Move

#: Bits per lookup-table chunk when permuting or weighing a position.
CHUNK = 11


@dataclass(frozen=True, slots=True)
class JumpTables:
    """A board's jumps as bitmasks, ready for the hot loops.

    first_fwd: every jump as (from|over mask, to mask, toggle, to) — a jump is legal in P when
    P has both pegs and `to` is empty; the result is P ^ toggle.
    next_fwd[h]: the jumps from hole h as (over mask, to mask, toggle, to), for continuing a chain.
    first_rev / next_rev: the same for reverse jumps (a peg in `to` jumps back over the empty `over`
    into the empty `from`, and the `over` peg reappears), used by searches from the finish.
    """

    size: int
    jumps: tuple[Jump, ...]
    first_fwd: tuple[tuple[int, int, int, int], ...]
    next_fwd: tuple[tuple[tuple[int, int, int, int], ...], ...]
    first_rev: tuple[tuple[int, int, int, int], ...]
    next_rev: tuple[tuple[tuple[int, int, int], ...], ...]


def board_parts(board: Any) -> tuple[int, tuple[Jump, ...], tuple[tuple[int, ...], ...]]:
    """(size, jumps, symmetries) of any board-like object (`size`, `jumps`, optional `symmetries`)."""
    size = int(board.size)
    jumps = tuple((int(a), int(b), int(c)) for a, b, c in board.jumps)
    symmetries = tuple(tuple(int(h) for h in perm) for perm in getattr(board, "symmetries", ()) or ())
    return size, jumps, symmetries


@dataclass(frozen=True, slots=True)
class SearchTask:
    """A board and a task as a search reads them, checked and prepared once (`search_task`).

    The board's parts (holes, jumps, the symmetries that really map the jumps onto themselves, identity first) and
    jump masks; start and finish as bitmasks (finish None: one peg anywhere); the fixed first jump, if any.
    """

    size: int
    jumps: tuple[Jump, ...]
    symmetries: tuple[tuple[int, ...], ...]
    tables: JumpTables
    start: int
    finish: int | None
    first: Jump | None

    def fixing(self, *masks: int | None, first: bool = False) -> tuple[tuple[int, ...], ...]:
        """The symmetries that keep every one of `masks` (None: no mask) in place, and the first jump with `first`."""
        kept = []
        for perm in self.symmetries:
            if any(mask is not None and permute(mask, perm) != mask for mask in masks):
                continue
            if first and self.first is not None and tuple(perm[hole] for hole in self.first) != self.first:
                continue
            kept.append(perm)
        return tuple(kept)


def search_task(board: Any, start: int, finish: int | None, first: Hop | None = None,
                use_symmetry: bool = True) -> SearchTask:
    """The task a search is given, checked: a PositionError for a start or finish that is no position of the board,
    or a first jump (from, to) that is no jump of it. `use_symmetry` False: the identity alone."""
    size, jumps, symmetries = board_parts(board)
    for mask, what in ((start, "start"), (finish, "finish")):
        if mask is not None:
            check_position(mask, size, what)
    played = None
    if first is not None:
        played = next((jump for jump in jumps if jump[0] == first[0] and jump[2] == first[1]), None)
        if played is None:
            raise PositionError(f"there is no jump from hole {first[0]} to hole {first[1]} on this board")
    perms = valid_symmetries(size, jumps, symmetries if use_symmetry else ())
    return SearchTask(size, jumps, tuple(perms), jump_tables(size, jumps), start, finish, played)


def check_position(mask: int, size: int, what: str) -> None:
    """A PositionError when `mask` is not a position of this board."""
    if not isinstance(mask, int) or mask < 0:
        raise PositionError(f"the {what} must be a set of holes")
    if mask >> size:
        raise PositionError(f"the {what} has a peg outside the board's {size} holes")


@lru_cache(maxsize=64)
def jump_tables(size: int, jumps: tuple[Jump, ...]) -> JumpTables:
    """The masks of `jumps` on a board of `size` holes (cached per board)."""
    first_fwd = []
    next_fwd: list[list[tuple[int, int, int, int]]] = [[] for _ in range(size)]
    first_rev = []
    next_rev: list[list[tuple[int, int, int]]] = [[] for _ in range(size)]
    for a, b, c in jumps:
        toggle = (1 << a) | (1 << b) | (1 << c)
        first_fwd.append(((1 << a) | (1 << b), 1 << c, toggle, c))
        next_fwd[a].append((1 << b, 1 << c, toggle, c))
        first_rev.append(((1 << a) | (1 << b), 1 << c, toggle, a))
        next_rev[c].append(((1 << a) | (1 << b), toggle, a))
    return JumpTables(size, jumps, tuple(first_fwd), tuple(tuple(x) for x in next_fwd),
                      tuple(first_rev), tuple(tuple(x) for x in next_rev))


def valid_symmetries(size: int, jumps: Sequence[Jump], symmetries: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The given hole permutations that really map the jump set onto itself (identity always included)."""
    jump_set = set(jumps)
    found = [tuple(range(size))]
    for perm in symmetries:
        perm = tuple(perm)
        if len(perm) != size or sorted(perm) != list(range(size)) or perm in found:
            continue
        if all((perm[a], perm[b], perm[c]) in jump_set for a, b, c in jumps):
            found.append(perm)
    return found


def permute(mask: int, perm: Sequence[int]) -> int:
    """The position `mask` with every peg moved from hole h to hole perm[h]."""
    image = 0
    while mask:
        low = mask & -mask
        image |= 1 << perm[low.bit_length() - 1]
        mask ^= low
    return image


class Symmetry:
    """A group of board symmetries: canonical forms (least image) and orbits of positions."""

    def __init__(self, size: int, perms: Sequence[tuple[int, ...]]) -> None:
        self.size = size
        self.perms = list(perms)
        self.order = len(self.perms)
        # chunks of 11 bits up to 33 holes, wider (up to 14) so that boards up to 42 holes need 3;
        # bigger boards use the generic loop anyway, and 11-bit tables build 8x faster than 14-bit ones
        width = min(max(CHUNK, -(-size // 3)), 14) if size <= 42 else CHUNK
        chunks = max(1, -(-size // width))
        self._tables = [[_chunk_images(perm, width * k, min(width, size - width * k)) for k in range(chunks)]
                        for perm in self.perms[1:]]
        self.canonical = self._make_canonical(chunks, width)

    def _make_canonical(self, chunks: int, width: int):
        """A fast `mask -> least image` function, unrolled for the number of chunks."""
        tables = self._tables
        if not tables:
            return int  # the identity on ints, at builtin speed
        low = (1 << width) - 1
        if chunks == 1:
            singles = [t[0] for t in tables]

            def canonical(mask: int) -> int:
                best = mask
                for t0 in singles:
                    image = t0[mask]
                    if image < best:
                        best = image
                return best
        elif chunks == 2:
            pairs = [(t[0], t[1]) for t in tables]

            def canonical(mask: int) -> int:
                best = mask
                m0 = mask & low
                m1 = mask >> width
                for t0, t1 in pairs:
                    image = t0[m0] | t1[m1]
                    if image < best:
                        best = image
                return best
        elif chunks == 3:
            triples = [(t[0], t[1], t[2]) for t in tables]

            def canonical(mask: int) -> int:
                best = mask
                m0 = mask & low
                m1 = (mask >> width) & low
                m2 = mask >> (2 * width)
                for t0, t1, t2 in triples:
                    image = t0[m0] | t1[m1] | t2[m2]
                    if image < best:
                        best = image
                return best
        else:
            def canonical(mask: int) -> int:
                best = mask
                parts = [(mask >> (width * k)) & low for k in range(chunks)]
                for table in tables:
                    image = 0
                    for part, t in zip(parts, table, strict=True):
                        image |= t[part]
                    if image < best:
                        best = image
                return best
        return canonical

    def orbit(self, mask: int) -> set[int]:
        """Every distinct image of `mask`."""
        return {permute(mask, perm) for perm in self.perms}


def _chunk_images(perm: Sequence[int], offset: int, bits: int) -> list[int]:
    """The image under `perm` of every pattern of holes offset .. offset+bits-1 (one OR per entry)."""
    singles = [1 << perm[offset + bit] for bit in range(bits)]
    images = [0] * (1 << bits)
    for value in range(1, 1 << bits):
        lowest = value & -value
        images[value] = images[value ^ lowest] | singles[lowest.bit_length() - 1]
    return images


@lru_cache(maxsize=256)
def symmetry_group(size: int, perms: tuple[tuple[int, ...], ...]) -> Symmetry:
    """The `Symmetry` of these permutations (identity first), built once: its lookup tables cost ~10 ms."""
    return Symmetry(size, perms)


def weigher(weights: Sequence[int]):
    """A fast `position -> total weight of its pegs` function using per-chunk lookup tables."""
    size = len(weights)
    low = (1 << CHUNK) - 1
    tables = []
    for k in range(max(1, -(-size // CHUNK))):
        part = weights[CHUNK * k:CHUNK * (k + 1)]
        table = [0] * (1 << len(part))
        for value in range(1, len(table)):
            bit = value & -value
            table[value] = table[value ^ bit] + part[bit.bit_length() - 1]
        tables.append(table)
    if len(tables) == 1:
        return tables[0].__getitem__
    if len(tables) == 2:
        t0, t1 = tables

        def weigh2(position: int) -> int:
            return t0[position & low] + t1[position >> CHUNK]
        return weigh2
    if len(tables) == 3:
        t0, t1, t2 = tables

        def weigh3(position: int) -> int:
            return t0[position & low] + t1[(position >> CHUNK) & low] + t2[position >> (2 * CHUNK)]
        return weigh3

    def weigh(position: int) -> int:
        return sum(table[(position >> (CHUNK * k)) & low] for k, table in enumerate(tables))
    return weigh


def forward_moves(position: int, tables: JumpTables) -> Iterator[tuple[int, Move]]:
    """Every move from `position` as (new position, the move); one per distinct jump chain."""
    next_fwd = tables.next_fwd
    for (ab, cm, toggle, to), (a, _, _) in zip(tables.first_fwd, tables.jumps, strict=True):
        if position & ab == ab and not position & cm:
            stack = [(position ^ toggle, Move((a, to)))]
            while stack:
                current, move = stack.pop()
                yield current, move
                for over, cm2, toggle2, to2 in next_fwd[move[-1]]:
                    if current & over and not current & cm2:
                        stack.append((current ^ toggle2, Move((*move, to2))))


def backward_moves(position: int, tables: JumpTables) -> Iterator[tuple[int, Move]]:
    """Every move that ends in `position`, as (position before it, the move)."""
    next_rev = tables.next_rev
    for ab, cm, toggle, a in tables.first_rev:
        if position & cm and not position & ab:
            c = cm.bit_length() - 1
            stack = [(position ^ toggle, (c, a))]   # the holes from the end back to where the peg started
            while stack:
                current, holes = stack.pop()
                yield current, Move(holes[::-1])
                for ab2, toggle2, a2 in next_rev[holes[-1]]:
                    if not current & ab2:
                        stack.append((current ^ toggle2, (*holes, a2)))


def group_jumps(jumps: Sequence[Hop]) -> list[Move]:
    """Jumps (from, to) grouped into moves: consecutive jumps of the same peg form one move."""
    chains: list[list[int]] = []
    for a, c in jumps:
        if chains and chains[-1][-1] == a:
            chains[-1].append(c)
        else:
            chains.append([a, c])
    return [Move(chain) for chain in chains]
