"""How many positions a sliding puzzle can reach, estimated from its pieces without searching, and what `auto` runs
by that number (`auto_algorithm`: breadth-first search where they fit, IDA* beyond).

The plan (`pzl.sliding.plan`) also judges by it whether a breadth-first check is affordable, and the advice of a
refusal whether breadth-first search would fit.
"""

from __future__ import annotations

from collections import Counter
from math import factorial, prod

from pzl.sliding.task import Puzzle

#: `auto` uses breadth-first search up to this many (estimated) reachable positions, IDA* beyond.
AUTO_BREADTH_LIMIT = 2_000_000


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


def auto_algorithm(puzzle: Puzzle, all_solutions: bool, estimate: int) -> str:
    """The `auto` rule: breadth-first when the reachable space is small enough, IDA* beyond.

    Up to AUTO_BREADTH_LIMIT estimated positions (`estimate`, `estimated_states`): bidirectional
    for one solution to a complete goal, bfs for a partial goal or for --all (exact counting by layers).
    Beyond, and for --all with distinct tiles (IDA* with Manhattan distance and linear
    conflict enumerates them faster than layers can be stored): ida.
    Sliding blocks and several blanks always go breadth-first: their estimate counts arrangements
    the pieces can never reach (Rush Hour's cars never leave their lines), and depth-first search
    with their weak bounds is hopeless where breadth-first is not.
    """
    if puzzle.kind == "blocks":
        return "bfs" if all_solutions or puzzle.goal_is_partial else "bidirectional"
    if estimate > AUTO_BREADTH_LIMIT:
        return "ida"
    if all_solutions and puzzle.distinct_tiles and not puzzle.goal_is_partial:
        return "ida"
    return "bfs" if all_solutions or puzzle.goal_is_partial else "bidirectional"
