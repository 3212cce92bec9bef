"""What a peg `solve` request asks of the searches, read once before any search runs.

`plan` reads the request's options in one place, each checked and refused by name (`pzl.request`),
into a frozen `Plan` beside the Task (`pzl.peg.task`) and the instant verdict (`pzl.peg.verdict`);
the service (`pzl.peg.service`) then runs the plan's searches with plain values, never the request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pzl.errors import CatalogError, PuzzleError
from pzl.family import Verdict
from pzl.peg.task import Task
from pzl.peg.verdict import instant_verdict
from pzl.request import choice, flag, solution_cap, whole_number

ALGORITHMS = ("auto", "minimal", "fast", "beam")


@dataclass(frozen=True, slots=True)
class Plan:
    """A solve request's options, read and checked once, and what the instant verdict says of its task."""

    algorithm: str
    all_solutions: bool
    max_solutions: int
    max_states: int | None     # the request's own state cap (0: none of pzl's own); None: each search's default
    verdict: Verdict           # reachable False: proved impossible at once (nothing is searched)


def plan(task: Task, request: dict[str, Any]) -> Plan:
    """The plan of a solve request on its task: its options read (a PuzzleError naming a bad one), then the verdict."""
    algorithm = choice(request, "algorithm", ALGORITHMS, "auto", where=" for peg solitaire",
                       refusal=CatalogError) or "auto"
    all_solutions = flag(request, "all")
    max_solutions = solution_cap(request, all_solutions)
    if all_solutions and algorithm in ("fast", "beam"):
        raise PuzzleError(f"counting every minimal solution needs the minimal search; {algorithm} finds one "
                          "solution (use minimal or auto with all)")
    max_states = whole_number(request, "max_states", None)   # refused here, before any search starts
    verdict = instant_verdict(task.board, task.start, task.finish, task.first)
    return Plan(algorithm, all_solutions, max_solutions, max_states, verdict)
