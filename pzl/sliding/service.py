"""The sliding family's answers to api requests: `solve` and `longest`.

`COMMANDS` maps each command to its answer. Wires the parts: the request → a Puzzle (`task`), then for
`solve` its options read once into a `Plan` (`pzl.sliding.plan`: what the request can afford, decided
before any search, and the search Problem), then the plan's searches as a generator of progress events
(solvers), given plain values, then one result event (`outcome`).
The CLI's words for a result are in `text`.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from typing import Any

from pzl import events
from pzl.errors import PuzzleError, SearchLimitError
from pzl.events import Event
from pzl.request import read_max_states
from pzl.search import breadth, deepening, limits
from pzl.search.astar import astar
from pzl.search.problem import Search, SearchOutcome
from pzl.search.progress import relay
from pzl.sliding import anytime
from pzl.sliding.bound_choice import state_bound
from pzl.sliding.effort import CODED_KERNELS, breadth_kernel, check_depth_first, worded_cap
from pzl.sliding.engines import tiles
from pzl.sliding.engines.fast import fast_solve
from pzl.sliding.engines.sweep import shortest, sweep
from pzl.sliding.outcome import (
    SlidingProblem,
    as_states,
    fast_result,
    impossible_result,
    longest_result,
    solution_result,
)
from pzl.sliding.plan import Plan, plan, problem_for, read_metric, searched_metric
from pzl.sliding.space import estimated_states
from pzl.sliding.task import Puzzle, from_request


def solve(request: dict[str, Any]) -> Iterator[Event]:
    """Answer a `solve` request (`plan`, then its searches): progress events, then one result event."""
    puzzle = from_request(request)
    chosen = plan(puzzle, request)
    algorithm, all_solutions = chosen.algorithm, chosen.all_solutions
    payload: dict[str, Any] = {"puzzle": puzzle.puzzle_id, "start": puzzle.start_text,
                               "goal": puzzle.goal_text, "metric": chosen.metric}
    clock = time.perf_counter()
    if chosen.verdict.reachable is False:
        payload.update(impossible_result(chosen.verdict.reason, "parity", all_solutions, time.perf_counter() - clock))
        yield events.result(payload)
        return
    if chosen.anytime:
        yield from anytime.solve(puzzle, chosen, payload, clock)
        return
    if algorithm == "fast":   # a solution and the plan's lower bound, minimal only when the two meet
        assert chosen.lower_bound is not None
        fast = yield from fast_solve(puzzle.start, puzzle.goal, puzzle.board.rows, puzzle.board.cols)
        payload.update(fast_result(puzzle, fast, events.answered_by("fast"), chosen.lower_bound, None, fast.nodes,
                                   time.perf_counter() - clock))
        yield events.result(payload)
        return
    problem = chosen.problem
    assert problem is not None
    outcome, warning = yield from _searched(puzzle, problem, chosen, clock)
    payload.update((yield from solution_result(puzzle, problem, outcome, algorithm, all_solutions)))
    if warning:
        payload["warning"] = warning
    yield events.result(payload)


def _searched(puzzle: Puzzle, problem: SlidingProblem, chosen: Plan,
              clock: float) -> Generator[Event, None, tuple[SearchOutcome, str | None]]:
    """The plan's search and the depth-first check's warning, if any; first, for a depth-first search, the
    reachability check the plan asks for, whose outcome is the answer when the goal is out of reach."""
    algorithm, spend = chosen.algorithm, chosen.budget
    before, warning = (0, 0.0), None   # an earlier phase's nodes and seconds, carried on in progress
    if algorithm in ("iddfs", "ida"):
        distance = None
        if spend.check_cap is not None:
            cap = spend.check_cap
            search = (breadth.bfs(problem, max_states=cap.limit) if spend.check == "bfs"
                      else breadth.bidirectional(problem, max_states=cap.limit))
            reach = yield from relay(cap.capped(search), phase="reachability check")
            if reach.path is None:
                return reach, None
            distance = len(reach.path) - 1
            before = (reach.nodes, time.perf_counter() - clock)
        warning = check_depth_first(puzzle, problem, algorithm, distance, chosen.all_solutions, chosen.estimate)
        if warning:
            yield events.progress(before[0], 0, time.perf_counter() - clock, warning=warning)
    search = _search(puzzle, problem, chosen)
    fields = {"search": "depth-first"} if algorithm in ("iddfs", "ida") else {}
    outcome = yield from relay(search, nodes=before[0], seconds=before[1], **fields)
    if spend.kernel in CODED_KERNELS:   # its paths are code tuples: made states of the problem, as the others give
        outcome = as_states(problem, outcome)
    outcome.nodes += before[0]   # the statistics count the whole request, as its progress did
    outcome.seconds += before[1]
    return outcome, warning


def _search(puzzle: Puzzle, problem: SlidingProblem, chosen: Plan) -> Search:
    """Run the plan's algorithm with the plan's kernel: the tile kernels and the packed sweep answer in code
    tuples (`effort.CODED_KERNELS`), the others in states of `problem`.

    IDA* on distinct tiles takes the strongest bound available at once (`bound="auto"`): the
    stored pattern tables when they fit the board (the 15-puzzle), else linear conflict,
    switching to a database built in the process when the search runs long.
    """
    algorithm, all_solutions, max_solutions, bound = (chosen.algorithm, chosen.all_solutions, chosen.max_solutions,
                                                      chosen.bound)
    kernel, cap = chosen.budget.kernel, chosen.budget.cap
    if algorithm in ("bfs", "bidirectional"):
        assert cap is not None
        if algorithm == "bidirectional":
            search = breadth.bidirectional(problem, max_states=cap.limit)
        elif kernel == "shortest":
            search = shortest(puzzle.board, puzzle.start, puzzle.goal, max_states=cap.limit,
                              all_solutions=all_solutions, max_solutions=max_solutions)
        else:
            search = breadth.bfs(problem, max_states=cap.limit, all_solutions=all_solutions,
                                 max_solutions=max_solutions)
        return (yield from cap.capped(search))
    if algorithm == "astar":
        return (yield from _astar(puzzle, problem, chosen))
    if kernel in ("ida-tiles", "iddfs-tiles"):
        board = puzzle.board
        if algorithm == "ida":
            rows_cols = (board.rows, board.cols) if board.is_rectangle() else None
            return (yield from tiles.ida_star_tiles(puzzle.start, puzzle.goal, board.adjacency, board.distances,
                                                    all_solutions=all_solutions, max_solutions=max_solutions,
                                                    bound=bound or "auto", rows_cols=rows_cols,
                                                    max_depth=deepening.MAX_DEPTH))
        return (yield from tiles.iddfs_tiles(puzzle.start, puzzle.goal, board.adjacency, board.distances,
                                             all_solutions=all_solutions, max_solutions=max_solutions,
                                             max_depth=deepening.MAX_DEPTH))
    search = deepening.ida_star if algorithm == "ida" else deepening.iddfs
    outcome = yield from search(problem, all_solutions=all_solutions, max_solutions=max_solutions)
    outcome.bound = getattr(problem, "bound_name", "manhattan") if algorithm == "ida" else "none"
    return outcome


def _astar(puzzle: Puzzle, problem: SlidingProblem, chosen: Plan) -> Search:
    """A* with the plan's bound, under its state cap (its stored positions: every one it has seen)."""
    bound = chosen.bound or getattr(problem, "bound_name", "manhattan")
    database = None
    if bound == "pdb":   # the stored tables, else a database built now
        from pzl.sliding.engines import tables

        database = yield from tables.pattern_database(puzzle.board.adjacency, puzzle.goal.index(0))
    cap = chosen.budget.cap
    assert cap is not None
    search = astar(problem, state_bound(puzzle, problem, bound, database), max_states=cap.limit,
                   bound_name=bound if database is None else f"pdb {database.name}")
    return (yield from cap.capped(search))


def longest(request: dict[str, Any]) -> Iterator[Event]:
    """Answer a `longest` request: the positions farthest from the goal (in the request's `metric`), with the
    sweep's progress."""
    limit = read_max_states(request, breadth.DEFAULT_MAX_STATES * 2)
    goal = request.get("goal")
    if (isinstance(goal, str) and goal.strip() and request.get("start") is None and "*" not in goal
            and request.get("layout") in (None, "")):
        request = {**request, "start": goal}   # a complete goal is the whole task
    puzzle = from_request(request, start_from_goal=True)
    metric = read_metric(request, puzzle)
    if not puzzle.goal_is_partial and request.get("start") not in (None, "", request.get("goal")):
        raise PuzzleError("longest sweeps from a complete goal to every position it reaches: a start is read only "
                          "with a partial goal (it says which positions count); leave start out")
    searched = searched_metric(puzzle, metric)
    problem = problem_for(puzzle, searched)
    needed = estimated_states(puzzle)
    cap = worded_cap(limits.state_cap(limit, breadth_kernel(puzzle, "", "longest"), puzzle.board.size), puzzle,
                     "longest", needed, command="longest")
    if puzzle.single_cell:   # the count is exact: finding the hardest positions needs every one of them
        name = f"the {puzzle.puzzle_id} board" if request.get("board") else puzzle.puzzle_id
        cap.check(needed, f"{name} has {needed:,} positions reachable from the goal, and finding the hardest needs "
                          "every one of them", cap.advice)
    text = lambda state: puzzle.text(problem.decode(state))  # noqa: E731
    try:
        if puzzle.goal_is_partial:
            # every position that meets the goal and can be reached from the start is a source
            space = yield from breadth.reachable(problem, max_states=cap.limit)
            sources = [state for state in space if problem.is_goal(state)]
            if not sources:
                raise PuzzleError(f"no position reachable from the start meets the goal ({len(space):,} examined)")
            # the reachability sweep expanded every position once: the sweep's nodes count on from there
            layers = yield from relay(breadth.longest(problem, sources, max_states=cap.limit), nodes=len(space))
        elif puzzle.kind == "packed" and searched == "step":
            layers = yield from sweep(puzzle.board, puzzle.goal, max_states=cap.limit)
            text = puzzle.text
        else:
            layers = yield from breadth.longest(problem, problem.goal_states(), max_states=cap.limit)
    except SearchLimitError as stop:
        raise cap.stop(stop) from None
    yield events.result({**longest_result(puzzle, layers, text), "metric": metric})


#: The commands the family answers besides `compare` (`pzl.api` dispatches on it).
COMMANDS = {"solve": solve, "longest": longest}
