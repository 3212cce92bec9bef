"""The sliding rows of `compare` (`pzl.compare`): which runs a position gets, and the replay of a solution.

Every row counts moves in the request's metric (a sliding-block puzzle's default: whole piece moves).

Every algorithm with every bound it takes, weakest first: breadth-first, bidirectional,
iterative deepening, A* and IDA* with each bound of `pzl.sliding.bound_choice.BOUNDS` (IDA*
without a bound is iterative deepening, listed once), and the fast solver. Rows that cannot take
the position (a bound that does not apply here, bidirectional search on a partial goal, the fast
solver on a board it does not handle) are kept: their request is refused and the row says why.
A request's `algorithm` or `bound` keeps only the rows that use it.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from pzl.request import choice
from pzl.sliding.bound_choice import BOUNDS
from pzl.sliding.effort import storing_kernel
from pzl.sliding.packed import PackedProblem
from pzl.sliding.plan import problem_for, read_metric, searched_metric
from pzl.sliding.task import Puzzle, from_request

#: The algorithms of a comparison, in the order of its rows (`auto` is one of these, so it has no row).
ORDER = ("bfs", "bidirectional", "iddfs", "astar", "ida", "fast")


def compare_plan(request: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The head of a comparison's result and its rows (the fields of `pzl.compare.Run`), for a sliding position."""
    puzzle = from_request(request)
    metric = read_metric(request, puzzle)
    wanted_algorithm = _wanted(request, "algorithm", ORDER)
    wanted_bound = _wanted(request, "bound", BOUNDS)
    base = {key: value for key, value in request.items() if key not in ("algorithm", "bound")}
    base.update(command="solve", metric=metric)
    runs = []
    for algorithm in ORDER:
        bounds: tuple[str | None, ...] = (None,)
        if algorithm == "astar":
            bounds = BOUNDS
        elif algorithm == "ida":
            bounds = BOUNDS[1:]
        for bound in bounds:
            if wanted_algorithm not in (None, algorithm) or wanted_bound not in (None, bound):
                continue
            sub = {**base, "algorithm": algorithm}
            if bound is not None:
                sub["bound"] = bound
            runs.append({"algorithm": algorithm, "bound": bound, "request": sub, "kernel": _kernel(puzzle, algorithm)})
    head = {"puzzle": puzzle.puzzle_id, "start": puzzle.start_text, "goal": puzzle.goal_text, "metric": metric,
            "family": "sliding"}
    return head, runs


def _wanted(request: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str | None:
    """The one algorithm or bound a comparison keeps, or None for every one (absent, or `auto`)."""
    wanted = choice(request, key, ("auto", *allowed), where=" for compare")
    return None if wanted == "auto" else wanted


def _kernel(puzzle: Puzzle, algorithm: str) -> str | None:
    """The kernel whose bytes per stored position estimate the row's memory (None: depth-first; the fast solver's
    rows are priced as bfs's on packed states)."""
    return "bfs-packed" if algorithm == "fast" else storing_kernel(puzzle, algorithm)


def replay(request: dict[str, Any], solution: list[str]) -> None:
    """Check a solution move by move: it starts at the start, each step is one legal slide, it ends on the goal.

    Raises RuntimeError (a bug: a solver answered a wrong solution) at the first fault.
    """
    puzzle = from_request(request)
    problem = problem_for(puzzle, searched_metric(puzzle, read_metric(request, puzzle)))
    encode = problem.codec.pack if isinstance(problem, PackedProblem) else problem.encode
    states = [encode(puzzle.codes_of(text, "solution")) for text in solution]
    if not states or states[0] != problem.start:
        raise RuntimeError(f"{request.get('algorithm')}: the solution does not begin at the start")
    for number, (before, after) in enumerate(pairwise(states), 1):
        if after not in problem.successors(before):
            raise RuntimeError(f"{request.get('algorithm')}: move {number} of its solution is not a legal slide")
    if not problem.is_goal(states[-1]):
        raise RuntimeError(f"{request.get('algorithm')}: its solution does not end on the goal")
