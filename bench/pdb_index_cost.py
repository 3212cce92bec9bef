"""What one pattern-table lookup costs in CPython: the sparse index pzl uses, and a dense one a 7-8 partition needs.

    python bench/pdb_index_cost.py

An 8-tile table of the 15-puzzle has 16!/8! = 518,918,400 entries: a sparse index (4 bits per
tile) would need 4 GiB, so its index must be dense. Kept incrementally, a dense index is the
rank of the occupied cells (a 16-bit mask) times 8! plus the rank of the tiles' order in cell
order (3 bits per place); a vertical move may carry a tile past up to three others of its
group, which rotates part of that order. This times both kinds of lookup on random data (the
values do not matter, only the work per lookup), like the kernel's child step.
"""

from __future__ import annotations

import random
import time
from array import array

N = 400_000


def sparse(table: bytes, codes: list[int], moves: list[tuple[int, int]]) -> int:
    total = 0
    for i in range(N):
        x = moves[i & 1023]
        c = codes[x[0]]
        total += table[c + x[1]] - table[c]
    return total


POPCOUNT = bytes(bin(m).count("1") for m in range(1 << 16))
COMBINATION = array("I", bytes(4 << 16))    # occupied cells -> rank (any values: timing only)
PERMUTATION = array("H", bytes(2 << 24))    # order code -> rank


def dense(table: bytes, masks: list[int], orders: list[int], moves: list[tuple[int, int, int]]) -> int:
    popcount, combination, permutation = POPCOUNT, COMBINATION, PERMUTATION
    total = 0
    for i in range(N):
        mask, order = masks[i & 1023], orders[i & 1023]
        x = moves[i % 12]
        moved = mask ^ x[0]
        passed = popcount[mask & x[1]]           # tiles of the group the move carries this one past
        place = popcount[mask & x[2]]            # this tile's place in cell order
        shift = 3 * place
        part = (order >> shift) & ((8 << (3 * passed)) - 1)
        order2 = order + ((((part >> 3) | ((part & 7) << (3 * passed))) - part) << shift)
        index = combination[moved] * 40320 + permutation[order2 & 0xFFFFFF]
        total += table[index & 0x3FFFFF] - table[i & 0x3FFFFF]
    return total


def main() -> None:
    rng = random.Random(1)
    small = bytes(rng.randrange(8) for _ in range(1 << 20))
    codes = [rng.randrange(1 << 19) for _ in range(3)]
    sparse_moves = [(rng.randrange(3), rng.randrange(-4, 5)) for _ in range(1024)]
    big = bytes(1 << 22)
    masks = [rng.getrandbits(16) for _ in range(1024)]
    orders = [rng.getrandbits(24) for _ in range(1024)]
    vertical = [((1 << a) | (1 << (a + 4)), 0b111 << (a + 1), (1 << a) - 1) for a in range(12)]
    for name, run in (("sparse (pzl's tables)", lambda: sparse(small, codes, sparse_moves)),
                      ("dense, a vertical move (a 7-8 partition's 8-tile table)",
                       lambda: dense(big, masks, orders, vertical))):
        best = None
        for _ in range(3):
            clock = time.process_time()
            run()
            seconds = (time.process_time() - clock) / N
            best = seconds if best is None else min(best, seconds)
        print(f"{name}: {best * 1e9:.0f} ns per lookup (best of 3)")


if __name__ == "__main__":
    main()
