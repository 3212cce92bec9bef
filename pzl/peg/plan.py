"""What a peg `solve` request asks, read once before any search runs: its task, its options and its instant verdict.

`plan` reads the request in one pass, each part checked and refused by name: the board (`pzl.peg.catalog`), the
task on it (`pzl.peg.task`), the options (`pzl.request`), then the verdict by peg counts and position classes
(`pzl.peg.verdict`). The service (`pzl.peg.service`) then runs the plan's searches with plain values, never the
request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pzl import events
from pzl.errors import CatalogError, PuzzleError
from pzl.family import Verdict
from pzl.peg.catalog import board_of
from pzl.peg.task import Task, task_of
from pzl.peg.verdict import task_verdict
from pzl.request import choice, flag, solution_cap, whole_number

ALGORITHMS = ("auto", "minimal", "fast", "beam")


@dataclass(frozen=True, slots=True)
class Plan:
    """A solve request read and checked once: its task, its options, and what the instant verdict says of the task."""

    task: Task
    algorithm: str
    all_solutions: bool
    max_solutions: int
    max_states: int | None     # the request's own state cap (0: none of pzl's own); None: each search's default
    verdict: Verdict           # reachable False: proved impossible at once (nothing is searched)
    marks: dict[str, Any]      # with a verdict by position classes: the holes the page marks (`class_marks`)
    answered_by: dict[str, Any]  # how the answer is found, as a result names it (`pzl.events.answered_by`)


def plan(request: dict[str, Any]) -> Plan:
    """The plan of a solve request: its board and task, its options (a PuzzleError naming a bad one), its verdict."""
    board = board_of(request)
    task = task_of(board, request)
    algorithm = choice(request, "algorithm", ALGORITHMS, "auto", where=" for peg solitaire",
                       refusal=CatalogError) or "auto"
    all_solutions = flag(request, "all")
    max_solutions = solution_cap(request, all_solutions)
    if all_solutions and algorithm in ("fast", "beam"):
        raise PuzzleError(f"counting every minimal solution needs the minimal search; {algorithm} finds one "
                          "solution (use minimal or auto with all)")
    max_states = whole_number(request, "max_states", None)   # refused here, before any search starts
    verdict, marks = task_verdict(task.board, task.start, task.finish, task.first)
    answered_by = events.answered_by(auto=True) if algorithm == "auto" else events.answered_by(algorithm)
    return Plan(task, algorithm, all_solutions, max_solutions, max_states, verdict, marks, answered_by)
