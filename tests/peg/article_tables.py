"""The articles' hand-written jump tables (seeds 000 and 002), copied as test oracles with their hole numbers.

Each table maps a hole to its (over, to) pairs; `jumps` flattens it into (from, over, to) triples.
"""

from __future__ import annotations

HOPPERS = (  # seed 000: 13 holes, centre 6
    ((1, 2), (3, 6), (5, 10)),
    ((3, 5), (6, 11), (4, 7)),
    ((1, 0), (4, 6), (7, 12)),
    ((6, 9),),
    ((6, 8),),
    ((3, 1), (6, 7), (8, 11)),
    ((3, 0), (4, 2), (8, 10), (9, 12)),
    ((4, 1), (6, 5), (9, 11)),
    ((6, 4),),
    ((6, 3),),
    ((5, 0), (8, 6), (11, 12)),
    ((8, 5), (6, 1), (9, 7)),
    ((11, 10), (9, 6), (7, 2)),
)

TRIANGLE_21 = (  # seed 002: the modified triangle, 21 holes, centre 6
    ((2, 4),),
    ((2, 3),),
    ((3, 5), (4, 7)),
    ((2, 1), (5, 8), (6, 10)),
    ((2, 0), (6, 9), (7, 11)),
    ((3, 2), (6, 7), (8, 13), (9, 15)),
    ((9, 14), (10, 16)),
    ((4, 2), (6, 5), (10, 15), (11, 17)),
    ((5, 3), (9, 10), (13, 19)),
    ((6, 4), (10, 11)),
    ((6, 3), (9, 8)),
    ((7, 4), (10, 9), (17, 20)),
    ((13, 14),),
    ((8, 5), (14, 15)),
    ((9, 6), (13, 12), (15, 16)),
    ((9, 5), (10, 7), (14, 13), (16, 17)),
    ((10, 6), (15, 14), (17, 18)),
    ((11, 7), (16, 15)),
    ((17, 16),),
    ((13, 8),),
    ((17, 11),),
)


def jumps(table: tuple) -> tuple[tuple[int, int, int], ...]:
    """(from, over, to) triples of a per-hole table."""
    return tuple((hole, over, to) for hole, pairs in enumerate(table) for over, to in pairs)
