"""The sliding family's answers to api requests: `solve` and `longest`.

`COMMANDS` maps each command to its answer. Wires the parts: the request → a Puzzle (`task`), then for
`solve` a `Plan` (what the request can afford, decided before any search: the instant verdict, auto's
choice, the refusals, the reachability check depth-first search needs), then its searches as a
generator of progress events (solvers), then one result event (`outcome`).
The CLI's words for a result are in `text`.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from pzl import events
from pzl.errors import CatalogError, PuzzleError, SearchLimitError
from pzl.events import Event
from pzl.family import Verdict
from pzl.request import choice, flag, solution_cap, state_cap
from pzl.search import breadth, deepening, limits
from pzl.search.astar import astar
from pzl.search.problem import Search
from pzl.search.progress import relay
from pzl.sliding import anytime, fast_reach, tiles
from pzl.sliding.blocks import METRICS, BlockProblem
from pzl.sliding.board import distances
from pzl.sliding.bound_choice import pattern_database, read_bound, state_bound
from pzl.sliding.effort import breadth_floor, breadth_kernel, check_depth_first, what_to_try
from pzl.sliding.fast import fast_solve
from pzl.sliding.outcome import (
    SlidingProblem,
    as_states,
    fast_result,
    impossible_result,
    listed_solutions,
    longest_result,
    solution_result,
)
from pzl.sliding.packed import PackedProblem
from pzl.sliding.space import estimated_states
from pzl.sliding.sweep import shortest, sweep
from pzl.sliding.task import Puzzle, from_request
from pzl.sliding.verdict import instant_verdict

ALGORITHMS = ("auto", "bfs", "bidirectional", "iddfs", "ida", "astar", "fast")

#: `auto` uses breadth-first search up to this many (estimated) reachable positions, IDA* beyond.
AUTO_BREADTH_LIMIT = 2_000_000

def problem_for(puzzle: Puzzle, metric: str = "step", bound: str | None = None) -> SlidingProblem:
    """The search Problem of a puzzle: packed ints for one-cell pieces and one blank counted in steps, anchor bit
    boards (`pzl.sliding.blocks`) otherwise, with `bound` as the lower bound (default: the metric's)."""
    if puzzle.kind == "packed" and metric == "step":
        return PackedProblem(puzzle.board, puzzle.start, puzzle.goal, len(puzzle.labels) - 1)
    return BlockProblem(puzzle, metric, bound)


def default_metric(puzzle: Puzzle) -> str:
    """What one move is unless the request says: the count the puzzle's catalog entry names, else a piece's whole
    move for sliding blocks (as the books count), one cell for tiles."""
    return puzzle.metric or ("piece" if puzzle.has_blocks else "step")


def read_metric(request: dict[str, Any], puzzle: Puzzle) -> str:
    """The request's `metric`, or the puzzle's default (`default_metric`)."""
    return choice(request, "metric", METRICS, default_metric(puzzle), noun="metric") or "step"


def same_as_steps(puzzle: Puzzle) -> bool:
    """True when every move is one cell whatever the metric: one empty cell lets a piece move one cell at a time."""
    return puzzle.blanks == 1


def choose(puzzle: Puzzle, all_solutions: bool) -> str:
    """The `auto` rule: breadth-first when the reachable space is small enough, IDA* beyond.

    Up to AUTO_BREADTH_LIMIT estimated positions: bidirectional for one solution to a
    complete goal, bfs for a partial goal or for --all (exact counting by layers).
    Beyond, and for --all with distinct tiles (IDA* with Manhattan distance and linear
    conflict enumerates them faster than layers can be stored): ida.
    Sliding blocks and several blanks always go breadth-first: their estimate counts arrangements
    the pieces can never reach (Rush Hour's cars never leave their lines), and depth-first search
    with their weak bounds is hopeless where breadth-first is not.
    """
    if puzzle.kind == "blocks":
        return "bfs" if all_solutions or puzzle.goal_is_partial else "bidirectional"
    if estimated_states(puzzle) > AUTO_BREADTH_LIMIT:
        return "ida"
    if all_solutions and puzzle.distinct_tiles and not puzzle.goal_is_partial:
        return "ida"
    return "bfs" if all_solutions or puzzle.goal_is_partial else "bidirectional"


@dataclass(frozen=True)
class Plan:
    """What a solve request can afford, decided before any search (`plan`): which algorithm runs on which moves
    with which bound and caps, and what must run before it."""

    algorithm: str                 # the one that runs: auto's choice; ida without a bound is iddfs
    auto: bool                     # the request asked for auto
    metric: str                    # what one move of the answer is
    searched: str                  # what one move of the search is ("step" where every move is one cell)
    bound: str | None              # the lower bound read (None: the algorithm's own)
    all_solutions: bool
    max_states: int | None         # the search's state cap (None: only the memory)
    max_solutions: int
    verdict: Verdict               # what parity says at once; reachable False: nothing else is planned
    anytime: bool = False          # auto on numbered tiles: the fast answer at once, then a proof or a shorter one
    check: str | None = None       # depth-first: the reachability check run first ("bfs", "bidirectional")
    check_cap: limits.StateCap | None = None


def plan(puzzle: Puzzle, request: dict[str, Any]) -> Plan:
    """The plan for a solve request (no search runs): its options read, the algorithm auto chooses, the requests
    no search can answer refused (a PuzzleError, or a SearchLimitError when the board is out of an optimal
    search's reach), and the reachability check a depth-first search needs first."""
    algorithm = choice(request, "algorithm", ALGORITHMS, "auto", refusal=CatalogError)
    all_solutions = flag(request, "all")
    max_states = state_cap(request, breadth.DEFAULT_MAX_STATES)
    max_solutions = solution_cap(request, all_solutions)
    metric = read_metric(request, puzzle)
    searched = "step" if same_as_steps(puzzle) else metric   # one empty cell: every move is one cell
    bound = read_bound(request, algorithm, puzzle, searched)
    if algorithm == "ida" and bound == "none":
        algorithm = "iddfs"   # IDA* without a bound is plain iterative deepening (and is estimated as such)
    if searched != "step" and algorithm == "fast":
        raise PuzzleError("the fast solver places numbered tiles one cell at a time; whole slides are searched by "
                          "bfs, bidirectional, iddfs, ida or astar")
    verdict = instant_verdict(puzzle)
    auto = algorithm == "auto"
    chosen = Plan(algorithm, auto, metric, searched, bound, all_solutions, max_states, max_solutions, verdict)
    if verdict.reachable is False:
        return chosen
    if auto:
        algorithm = choose(puzzle, all_solutions)
        if searched == "step" and anytime.applies(puzzle, algorithm, all_solutions):
            return replace(chosen, algorithm=algorithm, anytime=True)
    if algorithm == "fast":
        return replace(chosen, algorithm=algorithm)
    fast_reach.refuse_hopeless(puzzle, algorithm, all_solutions)   # big boards: an optimal search out of reach
    if algorithm == "bidirectional" and (all_solutions or puzzle.goal_is_partial):
        raise PuzzleError("bidirectional search needs a complete goal and finds one shortest solution; "
                          "use bfs (or ida) for a partial goal or for all shortest solutions")
    chosen = replace(chosen, algorithm=algorithm)
    if algorithm not in ("iddfs", "ida") or (verdict.reachable and algorithm == "ida"):
        return chosen
    # Depth-first search cannot tell an unreachable goal from a far one: settle that first, with the memory's
    # budget (the request's state cap is for the search it chose, which stores a path). When parity has
    # settled it, a small check still gives iddfs's estimate the true depth.
    check = "bfs" if puzzle.goal_is_partial else "bidirectional"
    cap = limits.state_cap(None, breadth_kernel(puzzle, check), puzzle.board.size)
    affordable = cap.limit if not verdict.reachable else min(cap.limit, breadth.DEFAULT_MAX_STATES)
    if estimated_states(puzzle) > affordable:
        return chosen
    return replace(chosen, check=check, check_cap=cap)


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
        yield from anytime.solve(puzzle, problem_for(puzzle), payload, clock)
        return
    if algorithm == "fast":
        yield from _fast(puzzle, payload, all_solutions, clock)
        return
    problem = problem_for(puzzle, chosen.searched, chosen.bound)
    before, warning = (0, 0.0), None   # an earlier phase's nodes and seconds, carried on in progress
    if algorithm in ("iddfs", "ida"):
        distance = None
        if chosen.check is not None:
            cap = chosen.check_cap
            search = breadth.bfs(problem, max_states=cap.limit) if chosen.check == "bfs" else \
                breadth.bidirectional(problem, max_states=cap.limit)
            reach = yield from relay(_capped(search, cap, puzzle, chosen.check, all_solutions),
                                     phase="reachability check")
            if reach.path is None:
                payload.update(solution_result(puzzle, problem, reach, algorithm, all_solutions))
                yield events.result(payload)
                return
            distance = len(reach.path) - 1
            before = (reach.nodes, time.perf_counter() - clock)
        warning = check_depth_first(puzzle, problem, algorithm, distance, all_solutions)
        if warning:
            yield events.progress(before[0], 0, time.perf_counter() - clock, warning=warning)
    search = _search(puzzle, problem, algorithm, all_solutions, chosen.max_states, chosen.max_solutions, chosen.bound)
    fields = {"search": "depth-first"} if algorithm in ("iddfs", "ida") else {}
    outcome = yield from relay(search, nodes=before[0], seconds=before[1], **fields)
    outcome.nodes += before[0]   # the statistics count the whole request, as its progress did
    outcome.seconds += before[1]
    listed = (yield from listed_solutions(puzzle, problem, outcome)) if all_solutions else None
    payload.update(solution_result(puzzle, problem, outcome, algorithm, all_solutions, listed))
    if warning:
        payload["warning"] = warning
    yield events.result(payload)


def _capped(search: Search, cap: limits.StateCap, puzzle: Puzzle, algorithm: str, all_solutions: bool) -> Search:
    """Run a breadth-first search under `cap`; its stop at the cap becomes an error naming the limit and the advice."""
    try:
        return (yield from search)
    except SearchLimitError as stop:
        names, advice = what_to_try(puzzle, algorithm, all_solutions=all_solutions, cap=cap)
        what = {"bfs": "breadth-first search", "bidirectional": "bidirectional search", "astar": "A*"}.get(algorithm,
                                                                                                     algorithm)
        raise cap.stop(stop, what, advice, alternatives=names) from None


def _fast(puzzle: Puzzle, payload: dict[str, Any], all_solutions: bool, clock: float) -> Iterator[Event]:
    """The fast solver's answer: a solution, its lower bound, minimal only when the two meet."""
    refusal = fast_reach.why_not(puzzle, all_solutions)
    if refusal:
        raise PuzzleError(refusal)
    outcome = yield from fast_solve(puzzle.start, puzzle.goal, puzzle.board.rows, puzzle.board.cols)
    payload.update(fast_result(puzzle, outcome, events.answered_by("fast"), fast_reach.bound_of(puzzle), None,
                               outcome.nodes, time.perf_counter() - clock))
    yield events.result(payload)


def _search(puzzle: Puzzle, problem: SlidingProblem, algorithm: str, all_solutions: bool, max_states: int | None,
            max_solutions: int, bound: str | None = None) -> Search:
    """Run one algorithm; paths come back as states of `problem`. `max_states` None: only the memory caps it.

    IDA* on distinct tiles takes the strongest bound available at once (`bound="auto"`): the
    stored pattern tables when they fit the board (the 15-puzzle), else linear conflict,
    switching to a database built in the process when the search runs long.
    """
    if algorithm in ("bfs", "bidirectional"):
        kernel = breadth_kernel(puzzle, algorithm)
        cap = limits.state_cap(max_states, kernel, puzzle.board.size)
        floor = breadth_floor(puzzle, problem, algorithm)
        if floor is not None and floor[0] > cap.limit:   # refused up front: it would surely stop at the cap
            names, advice = what_to_try(puzzle, algorithm, all_solutions=all_solutions, cap=cap)
            what = "breadth-first search" if algorithm == "bfs" else "bidirectional search"
            cap.check(floor[0], f"{what} must store at least about {floor[0]:,} positions here (a floor, from the "
                                f"start's lower bound of {floor[1]} moves)", advice, alternatives=names)
        if algorithm == "bidirectional":
            search = breadth.bidirectional(problem, max_states=cap.limit)
        elif kernel == "shortest":
            search = shortest(puzzle.board, puzzle.start, puzzle.goal, max_states=cap.limit,
                              all_solutions=all_solutions, max_solutions=max_solutions)
        else:
            search = breadth.bfs(problem, max_states=cap.limit, all_solutions=all_solutions,
                                 max_solutions=max_solutions)
        outcome = yield from _capped(search, cap, puzzle, algorithm, all_solutions)
        return as_states(problem, outcome) if kernel == "shortest" else outcome
    if algorithm == "astar":
        return (yield from _astar(puzzle, problem, bound or getattr(problem, "bound_name", "manhattan"), all_solutions,
                                  max_states))
    if puzzle.distinct_tiles and not puzzle.goal_is_partial:
        board = puzzle.board
        if algorithm == "ida":
            rows_cols = (board.rows, board.cols) if board.is_rectangle() else None
            outcome = yield from tiles.ida_star_tiles(puzzle.start, puzzle.goal, board.adjacency, distances(board),
                                                      all_solutions=all_solutions, max_solutions=max_solutions,
                                                      bound=bound or "auto", rows_cols=rows_cols,
                                                      max_depth=deepening.MAX_DEPTH)
        else:
            outcome = yield from tiles.iddfs_tiles(puzzle.start, puzzle.goal, board.adjacency,
                                                   all_solutions=all_solutions, max_solutions=max_solutions,
                                                   max_depth=deepening.MAX_DEPTH)
        return as_states(problem, outcome)
    search = deepening.ida_star if algorithm == "ida" else deepening.iddfs
    outcome = yield from search(problem, all_solutions=all_solutions, max_solutions=max_solutions)
    outcome.bound = getattr(problem, "bound_name", "manhattan") if algorithm == "ida" else "none"
    return outcome


def _astar(puzzle: Puzzle, problem: SlidingProblem, bound: str, all_solutions: bool, max_states: int | None) -> Search:
    """A* with a bound by name, under the state cap (its stored positions: every one it has seen)."""
    if all_solutions:
        raise PuzzleError("A* finds one shortest solution; for all of them use bfs or ida")
    database = None
    if bound == "pdb":
        database = yield from pattern_database(puzzle)
    kernel = "astar-packed" if puzzle.kind == "packed" else "astar-blocks"
    cap = limits.state_cap(max_states, kernel, puzzle.board.size)
    search = astar(problem, state_bound(puzzle, problem, bound, database), max_states=cap.limit,
                   bound_name=bound if database is None else f"pdb {database.name}")
    return (yield from _capped(search, cap, puzzle, "astar", all_solutions))


def longest(request: dict[str, Any]) -> Iterator[Event]:
    """Answer a `longest` request: the positions farthest from the goal (in the request's `metric`), with the
    sweep's progress."""
    limit = state_cap(request, breadth.DEFAULT_MAX_STATES * 2)
    goal = request.get("goal")
    if isinstance(goal, str) and goal.strip() and request.get("start") is None and "*" not in goal \
            and request.get("layout") in (None, ""):
        request = {**request, "start": goal}   # a complete goal is the whole task
    puzzle = from_request(request, start_from_goal=True)
    metric = read_metric(request, puzzle)
    if not puzzle.goal_is_partial and request.get("start") not in (None, "", request.get("goal")):
        raise PuzzleError("longest sweeps from a complete goal to every position it reaches: a start is read only "
                          "with a partial goal (it says which positions count); leave start out")
    searched = "step" if same_as_steps(puzzle) else metric
    problem = problem_for(puzzle, searched)
    cap = limits.state_cap(limit, breadth_kernel(puzzle, "", "longest"), puzzle.board.size)
    names, advice = what_to_try(puzzle, "longest", command="longest", cap=cap)
    if puzzle.single_cell:   # the count is exact: finding the hardest positions needs every one of them
        name = f"the {puzzle.puzzle_id} board" if request.get("board") else puzzle.puzzle_id
        needed = estimated_states(puzzle)
        cap.check(needed, f"{name} has {needed:,} positions reachable from the goal, and finding the hardest needs "
                          "every one of them", advice)
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
        raise cap.stop(stop, "the sweep", advice, alternatives=names) from None
    yield events.result({**longest_result(puzzle, layers, text), "metric": metric})


#: The commands the family answers besides `compare` (`pzl.api` dispatches on it).
COMMANDS = {"solve": solve, "longest": longest}
