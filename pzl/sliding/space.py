"""How many positions a sliding puzzle can reach, estimated from its pieces without searching.

Used by the `auto` rule and to decide whether a breadth-first check is affordable.
"""

from __future__ import annotations

from collections import Counter
from math import factorial, prod

from pzl.sliding.task import Puzzle


def arrangements(counts: Counter[int]) -> int:
    """Ways to place one-cell pieces (and blanks) with these multiplicities on their cells."""
    return factorial(sum(counts.values())) // prod(factorial(n) for n in counts.values())


def estimated_states(puzzle: Puzzle) -> int:
    """An upper bound on the reachable positions (exact for distinct tiles on a parity board).

    One-cell pieces: the arrangements of the multiset of labels (half of them for
    distinct tiles where parity decides). Blocks: the arrangements with each block
    counted as one cell: a rough size, small for the puzzles in the catalog.
    """
    counts: Counter[int] = Counter()
    if puzzle.single_cell:
        counts.update(puzzle.start)
        total = arrangements(counts)
        return total // 2 if puzzle.distinct_tiles and puzzle.board.parity_decides else total
    seen = Counter(puzzle.start)
    for code, cells in seen.items():
        counts[code] = cells if code == 0 else cells // len(puzzle.shape_of(code))
    return arrangements(counts)
