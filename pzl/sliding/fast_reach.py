"""Whether an optimal search can finish on a big board: `auto`'s estimate, and refusals up front.

Numbered tiles on a rectangle can always be solved by the fast solver; the question is when
an optimal search is worth starting. Measured (`bench/sliding_fast.py --line`) on 5x5 and
7x7 boards with IDA* (Manhattan distance + linear conflict): from starts whose lower bound is
under 30, almost every search finishes within 250,000 nodes; from 30 to 39 a quarter (5x5)
to five sixths (7x7); from 40 to 49 fewer; from 50 on none. So on boards of more than 16
cells `auto`, after the fast solver's answer (`pzl.sliding.anytime`), tries IDA* with that
node budget when the bound is under AUTO_IDA_BOUND, and otherwise (or when the budget runs
out) shortens the fast answer while the page shows it.
Boards of up to 16 cells (the 15-puzzle) always get an optimal search.
The thresholds (AUTO_IDA_BOUND, HOPELESS["ida"]) compare the start's bound as the answers report it
(`tiles.lower_bound`, with last moves and corner tiles since 2026-11-26: 1–2 moves above Manhattan +
linear conflict at the median on these boards, 8 at most), a finer figure than the 10-move steps they
were measured in.
"""

from __future__ import annotations

from pzl.errors import PuzzleError, SearchLimitError
from pzl.sliding.engines.tiles import lower_bound
from pzl.sliding.task import Puzzle

#: Boards of at most this many cells always get an optimal search from `auto` (the 15-puzzle).
OPTIMAL_CELLS = 16
#: Above OPTIMAL_CELLS, `auto` tries IDA* only from starts whose lower bound is below this ...
AUTO_IDA_BOUND = 40
#: ... and for at most this many nodes (about 0.3 s in CPython, 0.6 s in the page).
AUTO_IDA_NODES = 250_000
#: Explicit optimal searches refused up front above OPTIMAL_CELLS: algorithm -> largest lower bound
#: taken. Measured: IDA* from bounds of 60 and more never finished within 300,000 nodes, and its
#: work grows several times over with every 2 moves more; plain deepening beyond 30 moves is as
#: hopeless. Breadth-first layers on these boards grow about 2.6 times per move (bfs stored 3 M
#: positions by depth 16, bidirectional by 2 x 13), so beyond 24 and 44 moves they would need 10^9.
HOPELESS = {"ida": 60, "iddfs": 30, "bfs": 24, "bidirectional": 44}


def takes(puzzle: Puzzle) -> bool:
    """True when the fast solver can answer: distinct tiles, one blank, a complete goal, a rectangle."""
    return puzzle.distinct_tiles and not puzzle.goal_is_partial and puzzle.board.is_rectangle()


def answers_anytime(puzzle: Puzzle, algorithm: str, all_solutions: bool) -> bool:
    """True when `auto`, having chosen `algorithm`, answers at once and then better (`pzl.sliding.anytime`): IDA*
    on numbered tiles the fast solver takes, one solution."""
    return algorithm == "ida" and not all_solutions and takes(puzzle)


def judge(puzzle: Puzzle, algorithm: str, all_solutions: bool, anytime: bool) -> int | None:
    """The start's lower bound where the fast solver answers (`fast`, auto's anytime answer), else None: one
    decision, the bound computed once. Refuses up front what the fast solver cannot take (`why_not`, a
    PuzzleError) and an optimal search that cannot finish on a big board (HOPELESS: a SearchLimitError with advice).
    """
    refusal = why_not(puzzle, all_solutions) if algorithm == "fast" else None
    if refusal:
        raise PuzzleError(refusal)
    limit = HOPELESS.get(algorithm)
    hopeless = not anytime and limit is not None and puzzle.board.size > OPTIMAL_CELLS and takes(puzzle)
    if not (algorithm == "fast" or anytime or hopeless):
        return None
    bound = bound_of(puzzle)
    if hopeless and limit is not None and bound > limit:
        depth_first = algorithm in ("ida", "iddfs")   # too many nodes; breadth-first: too many positions
        raise SearchLimitError(f"an optimal search ({algorithm}) cannot finish here: on {size_words(puzzle)} this "
                               f"start needs at least {bound} moves, far beyond its reach. "
                               f"{advice(puzzle, all_solutions)}",
                               "nodes" if depth_first else "memory", lower_bound=bound,
                               alternatives=[] if all_solutions else ["fast"])
    return bound if algorithm == "fast" or anytime else None


def why_not(puzzle: Puzzle, all_solutions: bool) -> str | None:
    """Why the fast solver cannot take this request, in words; None when it can."""
    if all_solutions:
        return "the fast solver finds one solution, not every shortest one; drop 'all' or choose ida"
    if not puzzle.board.is_rectangle():
        return "the fast solver needs a full rectangular board"
    if not puzzle.distinct_tiles:
        return ("the fast solver needs numbered tiles (all different, one cell each) and one empty cell; sliding "
                "blocks and duplicate pieces are solved optimally by auto (breadth-first search)")
    if puzzle.goal_is_partial:
        return "the fast solver needs a complete goal (no '*')"
    return None


def bound_of(puzzle: Puzzle) -> int:
    """The admissible lower bound of the start (Manhattan distance + linear conflict, last moves, corner tiles)."""
    return lower_bound(puzzle.start, puzzle.goal, puzzle.board.rows, puzzle.board.cols)


def size_words(puzzle: Puzzle) -> str:
    """The board as people write it, with its article: 'a 7×7 board', 'an 8×8 board'."""
    article = "an" if puzzle.board.rows in (8, 11, 18) else "a"
    return f"{article} {puzzle.board.rows}×{puzzle.board.cols} board"


def advice(puzzle: Puzzle, all_solutions: bool = False) -> str:
    """What to try instead of an optimal search that is out of reach (empty when the fast solver cannot help)."""
    if not takes(puzzle):
        return ""
    if all_solutions:
        return ("Every shortest solution cannot be listed from this far; without 'all', the fast algorithm "
                "gives one solution at once (not proved shortest).")
    return "The fast algorithm (or auto) gives a solution at once, with a lower bound, not proved shortest."
