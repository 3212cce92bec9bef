"""Admissible lower bounds for sliding puzzles with duplicate, multi-cell or unconstrained pieces.

A move slides one piece one cell, so it changes one piece's distance to its nearest
goal place by at most one: the sum over pieces of those distances never overestimates.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pzl.sliding.board import Board
from pzl.sliding.position import ANY, EMPTY


@dataclass(frozen=True, slots=True)
class NearestGoal:
    """table[code][anchor]: steps from a piece's anchor to the nearest goal anchor of its label.

    `needed[code]` is how many pieces of that label the goal places; when fewer than the
    position has, only the `needed` smallest distances count (still admissible: each move
    changes one distance by one, so the sum of the k smallest changes by at most one).
    """

    table: tuple[tuple[int, ...], ...]
    needed: dict[int, int]

    def bound(self, anchors: list[tuple[int, int]], have: dict[int, int]) -> int:
        """The bound for pieces given as (code, anchor cell); `have` counts pieces per code."""
        table, needed = self.table, self.needed
        total = 0
        partial: dict[int, list[int]] = {}
        for code, anchor in anchors:
            want = needed.get(code)
            if want is None:
                continue
            if want == have[code]:
                total += table[code][anchor]
            else:
                partial.setdefault(code, []).append(table[code][anchor])
        for code, values in partial.items():
            total += sum(sorted(values)[:needed[code]])
        return total


def nearest_goal(board: Board, goal_anchors: list[tuple[int, int]], codes: int,
                 single_cell: dict[int, bool]) -> NearestGoal:
    """The NearestGoal tables: graph distance for one-cell pieces, grid (Manhattan) steps for blocks."""
    graph = board.distances
    cells = board.cells
    table = [(0,) * board.size for _ in range(codes + 1)]
    targets: dict[int, list[int]] = {}
    for code, anchor in goal_anchors:
        targets.setdefault(code, []).append(anchor)
    for code, places in targets.items():
        if single_cell.get(code, True):
            table[code] = tuple(max(0, min(graph[cell][p] for p in places)) for cell in range(board.size))
        else:
            table[code] = tuple(min(abs(cells[cell][0] - cells[p][0]) + abs(cells[cell][1] - cells[p][1])
                                    for p in places) for cell in range(board.size))
    needed = dict(Counter(code for code, _ in goal_anchors))
    return NearestGoal(tuple(table), {code: n for code, n in needed.items() if code not in (EMPTY, ANY)})
