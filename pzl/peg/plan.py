"""What a peg `solve` request asks, read once before any search runs: its task, its instant verdict and its options.

`plan` reads the request in one pass, each part checked and refused by name: the board and its part of the answer
(`pzl.peg.catalog`), the task on it (`pzl.peg.task`) and the task's verdict by peg counts and position classes
(`pzl.peg.verdict`, which refuses nothing), then the options (`pzl.request`). The service (`pzl.peg.service`)
then runs the plan's searches with plain values, never the request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pzl import events
from pzl.errors import CatalogError, PuzzleError
from pzl.family import Verdict
from pzl.peg import anytime
from pzl.peg.catalog import board_and_part
from pzl.peg.task import Task, task_of
from pzl.peg.verdict import task_verdict
from pzl.request import choice, flag, solution_cap, whole_number
from pzl.search.limits import StateCap, state_cap

ALGORITHMS = ("auto", "minimal", "fast", "beam")
#: `auto` (of ALGORITHMS), in order: (1) a task impossible by peg counts or position classes is
#: answered at once; (2) with `all`, the minimal search within AUTO_MAX_STATES / AUTO_ALL_NODES counts the minimal
#: solutions; (3) otherwise the anytime answer (`pzl.peg.anytime`): the minimal search within the
#: device's memory and a work budget, with the beam search's quick answer at once when the proof is
#: not; (4) when (2) or (3) ends undecided without a solution, the fast solver (beam search, then
#: depth-first search, which can prove impossibility) finds some solution. `algorithm` in the result
#: names the path (`path`, and as text `algorithm`): "auto: minimal", "auto: beam", "auto: minimal, then depth-first"...
AUTO_MAX_STATES = 1_500_000
#: The work budget of (2), in steps of the minimal search: about 10 s of CPU in CPython (a count of work, not
#: the wall clock, so a request run in slices or paused gets the same answer).
AUTO_ALL_NODES = 15_000_000


@dataclass(frozen=True, slots=True)
class Plan:
    """A solve request read and checked once: its task, its options, and what the instant verdict says of the task."""

    task: Task
    board_part: dict[str, Any]  # the board's part of the answer (`catalog.answer_part`: a drawn board's geometry)
    algorithm: str
    all_solutions: bool
    max_solutions: int
    verdict: Verdict           # reachable False: proved impossible at once (nothing is searched)
    marks: dict[str, Any]      # with a verdict by position classes: the holes the page marks (`verdict.ruled_out`)
    answered_by: dict[str, Any]  # how the answer is found, as a result names it (`pzl.events.answered_by`)
    minimal_cap: StateCap      # the route's limits (`_limits`, from the request's own `max_states` if any): the minimal
    minimal_nodes: int | None  # search's state cap and work budget (None: none), the fast solver's state cap
    fast_cap: StateCap


def plan(request: dict[str, Any]) -> Plan:
    """The plan of a solve request: its board and task, its verdict, its options (a PuzzleError naming a bad one)."""
    board, board_part = board_and_part(request)
    task = task_of(board, request)
    verdict, marks = task_verdict(task.board, task.start, task.finish, task.first, task.after_first)
    algorithm = choice(request, "algorithm", ALGORITHMS, "auto", where=" for peg solitaire",
                       refusal=CatalogError) or "auto"
    all_solutions = flag(request, "all")
    max_solutions = solution_cap(request, all_solutions)
    if all_solutions and algorithm in ("fast", "beam"):
        raise PuzzleError(f"counting every minimal solution needs the minimal search; {algorithm} finds one "
                          "solution (use minimal or auto with all)")
    max_states = whole_number(request, "max_states", None)   # refused here, before any search starts
    answered_by = events.answered_by(auto=True) if algorithm == "auto" else events.answered_by(algorithm)
    return Plan(task, board_part, algorithm, all_solutions, max_solutions, verdict, marks, answered_by,
                *_limits(algorithm, all_solutions, max_states))


def _limits(algorithm: str, all_solutions: bool, max_states: int | None) -> tuple[StateCap, int | None, StateCap]:
    """The route's limits (`Plan`): the request's `max_states` (0: none of pzl's own) or each search's default
    state cap, and the minimal search's work budget; a budget of the request's own means no work budget."""
    from pzl.peg.engines.search_fast import MAX_DEAD
    from pzl.peg.engines.solve import MAX_STATES

    own_cap = max_states is not None
    if algorithm != "auto":
        default, nodes = MAX_STATES, None
    elif all_solutions:
        default, nodes = AUTO_MAX_STATES, None if own_cap else AUTO_ALL_NODES
    else:   # the device's memory
        default, nodes = None, None if own_cap else anytime.AUTO_NODES
    minimal_cap = state_cap(default if not own_cap else max_states or None, "peg-minimal")
    fast_cap = state_cap(MAX_DEAD if not own_cap else max_states or None, "peg-fast")
    return minimal_cap, nodes, fast_cap
