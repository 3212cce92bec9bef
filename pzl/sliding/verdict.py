"""Deciding at once, by permutation parity, whether a numbered-tile position can reach its goal.

Each slide swaps the blank with a tile and moves the blank to a cell of the other
colour of the (bipartite) grid, so arrangement parity and blank colour change together.
"""

from __future__ import annotations

from pzl.family import Verdict
from pzl.sliding.board import Board, permutation_parity
from pzl.sliding.position import EMPTY
from pzl.sliding.task import Puzzle


def parity_verdict(board: Board, start: tuple[int, ...], goal: tuple[int, ...], labels: tuple[str, ...]) -> Verdict:
    """The parity verdict for distinct tiles and one blank (both positions complete)."""
    blank_start, blank_goal = start.index(EMPTY), goal.index(EMPTY)
    (r1, c1), (r2, c2) = board.cells[blank_start], board.cells[blank_goal]
    blank_parity = (r1 + c1 + r2 + c2) % 2
    if permutation_parity(start, goal) == blank_parity:
        if board.parity_decides:
            return Verdict(True, "the arrangement has the right parity, which on this board means it is reachable")
        return Verdict(None, "parity allows it, but on this board parity alone does not decide")
    return Verdict(False, _odd_reason(start, goal, labels, blank_parity))


def _odd_reason(start: tuple[int, ...], goal: tuple[int, ...], labels: tuple[str, ...], blank_parity: int) -> str:
    """Why the parity is wrong, in words; names the two tiles when a single swap is the difference."""
    wrong = [cell for cell, (a, b) in enumerate(zip(start, goal, strict=True)) if a != b and EMPTY not in (a, b)]
    blank = "an odd" if blank_parity else "an even"
    moves = f"the blank's trip to its goal cell takes {blank} number of moves"
    if len(wrong) == 2 and start.index(EMPTY) == goal.index(EMPTY):
        a, b = sorted(labels[start[cell]] for cell in wrong)
        return (f"tiles {a} and {b} are swapped: that is an odd permutation of the goal, and {moves}, "
                "so the goal cannot be reached")
    kind = "odd" if not blank_parity else "even"
    return (f"the tiles form an {kind} permutation of the goal while {moves}; every slide changes both, "
            "so they never match and the goal cannot be reached")


def instant_verdict(puzzle: Puzzle) -> Verdict:
    """What is known before any search: parity decides numbered tiles with a complete goal, else nothing."""
    if puzzle.distinct_tiles and not puzzle.goal_is_partial:
        return parity_verdict(puzzle.board, puzzle.start, puzzle.goal, puzzle.labels)
    return Verdict(None)
