"""The sliding family's answers to api requests: `solve` and `longest`, and their text form.

Reads the request, builds the Puzzle, chooses the algorithm, runs the search as a
generator of progress events and ends with one result event in the JSON contract.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from pzl import events
from pzl.errors import CatalogError, PuzzleError
from pzl.events import Event
from pzl.request import flag, whole_number
from pzl.search import breadth, deepening
from pzl.search.problem import Search, SearchOutcome
from pzl.sliding import tiles
from pzl.sliding.blocks import BlockProblem
from pzl.sliding.board import distances
from pzl.sliding.packed import PackedProblem
from pzl.sliding.puzzle import Puzzle, from_request
from pzl.sliding.solvability import parity_verdict
from pzl.sliding.space import estimated_states
from pzl.sliding.sweep import shortest, sweep

ALGORITHMS = ("auto", "bfs", "bidirectional", "iddfs", "ida")

#: `auto` uses breadth-first search up to this many (estimated) reachable positions, IDA* beyond.
AUTO_BREADTH_LIMIT = 2_000_000

SlidingProblem = PackedProblem | BlockProblem


def run(command: str, request: dict[str, Any]) -> Iterator[Event]:
    """Answer a `solve` or `longest` request: progress events, then one result event."""
    if command == "solve":
        yield from _solve(request)
    elif command == "longest":
        yield from _longest(request)
    else:
        raise PuzzleError(f"sliding puzzles answer 'solve' and 'longest', not {command!r}")


def problem_for(puzzle: Puzzle) -> SlidingProblem:
    """The search Problem of a puzzle: packed ints for one-cell pieces and one blank, tuples otherwise."""
    if puzzle.kind == "packed":
        return PackedProblem(puzzle.board, puzzle.start, puzzle.goal, len(puzzle.labels) - 1)
    shapes = {code: puzzle.shape_of(code) for code in set(puzzle.start) if code}
    return BlockProblem(puzzle.board, puzzle.start, puzzle.goal, shapes)


def choose(puzzle: Puzzle, every: bool) -> str:
    """The `auto` rule: breadth-first when the reachable space is small enough, IDA* beyond.

    Up to AUTO_BREADTH_LIMIT estimated positions: bidirectional for one solution to a
    complete goal, bfs for a partial goal or for --all (exact counting by layers).
    Beyond, and for --all with distinct tiles (IDA* with Manhattan distance and linear
    conflict enumerates them faster than layers can be stored): ida.
    """
    if estimated_states(puzzle) > AUTO_BREADTH_LIMIT:
        return "ida"
    if every and puzzle.distinct_tiles and not puzzle.goal_is_partial:
        return "ida"
    return "bfs" if every or puzzle.goal_is_partial else "bidirectional"


def _solve(request: dict[str, Any]) -> Iterator[Event]:
    puzzle = from_request(request)
    algorithm = str(request.get("algorithm") or "auto").lower()
    if algorithm not in ALGORITHMS:
        raise CatalogError(f"unknown algorithm {algorithm!r}; use one of: {', '.join(ALGORITHMS)}")
    every = flag(request, "all")
    max_states = whole_number(request, "max_states", breadth.DEFAULT_MAX_STATES)
    max_solutions = whole_number(request, "max_solutions", 100) or 0
    payload: dict[str, Any] = {"puzzle": puzzle.puzzle_id, "start": puzzle.text(puzzle.start),
                               "goal": puzzle.text(puzzle.goal)}
    clock = time.perf_counter()
    proven = False
    if puzzle.distinct_tiles and not puzzle.goal_is_partial:
        verdict = parity_verdict(puzzle.board, puzzle.start, puzzle.goal, puzzle.labels)
        if verdict.reachable is False:
            payload.update(solvable=False, moves=None, solution=[], algorithm="parity", reason=verdict.reason,
                           stats={"nodes": 0, "states": 0, "seconds": round(time.perf_counter() - clock, 6)})
            yield events.result(payload)
            return
        proven = bool(verdict.reachable)
    problem = problem_for(puzzle)
    if algorithm == "auto":
        algorithm = choose(puzzle, every)
    if algorithm == "bidirectional" and (every or puzzle.goal_is_partial):
        raise PuzzleError("bidirectional search needs a complete goal and finds one shortest solution; "
                          "use bfs (or ida) for a partial goal or --all")
    nodes = 0
    if algorithm in ("iddfs", "ida") and not proven and estimated_states(puzzle) <= (max_states or 0):
        # depth-first search cannot tell an unreachable goal from a far one: settle that first
        check = breadth.bfs(problem, max_states=max_states) if puzzle.goal_is_partial else \
            breadth.bidirectional(problem, max_states=max_states)
        reach = yield from check
        if reach.path is None:
            payload.update(_solution(puzzle, problem, reach, algorithm, every))
            yield events.result(payload)
            return
        nodes = reach.nodes
    outcome = yield from _search(puzzle, problem, algorithm, every, max_states, max_solutions, nodes, clock)
    payload.update(_solution(puzzle, problem, outcome, algorithm, every))
    yield events.result(payload)


def _search(puzzle: Puzzle, problem: SlidingProblem, algorithm: str, every: bool, max_states: int | None,
            max_solutions: int, nodes: int = 0, clock: float | None = None) -> Search:
    """Run one algorithm; paths come back as states of `problem`.

    IDA* on distinct tiles takes the strongest bound available at once (`bound="auto"`): the
    stored pattern tables when they fit the board (the 15-puzzle), else linear conflict,
    switching to a database built in the process when the search runs long.
    """
    if algorithm == "bfs" and puzzle.kind == "packed" and not puzzle.goal_is_partial:
        outcome = yield from shortest(puzzle.board, puzzle.start, puzzle.goal, max_states=max_states,
                                      all_solutions=every, max_solutions=max_solutions)
        return _as_states(problem, outcome)
    if algorithm == "bfs":
        return (yield from breadth.bfs(problem, max_states=max_states, all_solutions=every,
                                       max_solutions=max_solutions))
    if algorithm == "bidirectional":
        return (yield from breadth.bidirectional(problem, max_states=max_states))
    if puzzle.distinct_tiles and not puzzle.goal_is_partial:
        board = puzzle.board
        if algorithm == "ida":
            rows_cols = (board.rows, board.cols) if board.is_rectangle() else None
            outcome = yield from tiles.ida_star_tiles(puzzle.start, puzzle.goal, board.adjacency, distances(board),
                                                      all_solutions=every, max_solutions=max_solutions,
                                                      bound="auto", rows_cols=rows_cols, nodes=nodes, clock=clock)
        else:
            outcome = yield from tiles.iddfs_tiles(puzzle.start, puzzle.goal, board.adjacency, all_solutions=every,
                                                   max_solutions=max_solutions, nodes=nodes, clock=clock)
        return _as_states(problem, outcome)
    search = deepening.ida_star if algorithm == "ida" else deepening.iddfs
    return (yield from search(problem, all_solutions=every, max_solutions=max_solutions))


def _as_states(problem: SlidingProblem, outcome: SearchOutcome) -> SearchOutcome:
    """A tile kernel's outcome (paths of code tuples) with paths as the problem's states."""
    encode = problem.codec.pack if isinstance(problem, PackedProblem) else tuple
    if outcome.path is not None:
        outcome.path = [encode(position) for position in outcome.path]
    outcome.paths = [[encode(position) for position in path] for path in outcome.paths]
    return outcome


def _solution(puzzle: Puzzle, problem: SlidingProblem, outcome: SearchOutcome, algorithm: str,
              every: bool) -> dict[str, Any]:
    text = lambda state: puzzle.text(problem.decode(state))  # noqa: E731
    stats = {"nodes": outcome.nodes, "states": outcome.states, "seconds": round(outcome.seconds, 6)}
    if outcome.path is None:
        if algorithm == "bidirectional":
            reason = ("the goal is not reachable: the search from one end ran out of positions "
                      f"({outcome.states:,} stored from both ends)")
        else:
            reason = (f"the goal is not reachable: all {outcome.states:,} positions reachable from the start "
                      "were examined")
        return {"solvable": False, "moves": None, "solution": [], "algorithm": algorithm, "stats": stats,
                "reason": reason}
    result: dict[str, Any] = {"solvable": True, "moves": len(outcome.path) - 1,
                              "solution": [text(state) for state in outcome.path], "algorithm": algorithm}
    if outcome.bound is not None:   # depth-first searches: the lower bound and the nodes per threshold
        result["bound"] = outcome.bound
        result["iterations"] = [[threshold, count] for threshold, count in outcome.iterations]
    if every:
        result["count"] = outcome.count
        result["solutions"] = [[text(state) for state in path] for path in outcome.paths]
    result["stats"] = stats
    return result


def _longest(request: dict[str, Any]) -> Iterator[Event]:
    if request.get("goal") and not request.get("start") and "*" not in str(request["goal"]):
        request = {**request, "start": request["goal"]}   # a complete goal is the whole task
    puzzle = from_request(request)
    problem = problem_for(puzzle)
    max_states = whole_number(request, "max_states", breadth.DEFAULT_MAX_STATES * 2)
    if puzzle.goal_is_partial:
        # every position that meets the goal and can be reached from the start is a source
        space = yield from breadth.reachable(problem, max_states=max_states)
        sources = [state for state in space if problem.is_goal(state)]
        if not sources:
            raise PuzzleError(f"no position reachable from the start meets the goal ({len(space):,} examined)")
        layers = yield from breadth.longest(problem, sources, max_states=max_states)
        text = lambda state: puzzle.text(problem.decode(state))  # noqa: E731
    elif puzzle.kind == "packed":
        layers = yield from sweep(puzzle.board, puzzle.goal, max_states=max_states)
        text = puzzle.text
    else:
        layers = yield from breadth.longest(problem, problem.goal_states(), max_states=max_states)
        text = lambda state: puzzle.text(problem.decode(state))  # noqa: E731
    yield events.result({"puzzle": puzzle.puzzle_id, "goal": puzzle.text(puzzle.goal), "states": layers.states,
                         "longest": layers.longest, "positions": sorted(text(s) for s in layers.last),
                         "histogram": layers.histogram,
                         "stats": {"nodes": layers.nodes, "states": layers.states,
                                   "seconds": round(layers.seconds, 6)}})


def describe(command: str, result: dict[str, Any]) -> str:
    """A result in words for the terminal."""
    if command == "longest":
        lines = [f"{result['puzzle']}: {result['states']:,} positions reachable from the goal {result['goal']}"
                 + (" (every position that meets it, counted at distance 0)" if "*" in result["goal"] else ""),
                 f"longest distance: {result['longest']} moves, reached by {len(result['positions'])} "
                 f"position{'s' if len(result['positions']) != 1 else ''}:"]
        lines += [f"  {position}" for position in result["positions"][:50]]
        if len(result["positions"]) > 50:
            lines.append(f"  ... and {len(result['positions']) - 50:,} more")
        lines.append("positions per distance (distance: count):")
        pairs = [f"{d:3d}: {n:<9,}" for d, n in enumerate(result["histogram"])]
        lines += ["  " + " ".join(pairs[i:i + 6]).rstrip() for i in range(0, len(pairs), 6)]
        lines.append(_stats(result["stats"]))
        return "\n".join(lines)
    if not result["solvable"]:
        return (f"{result['puzzle']}: {result['start']} cannot reach {result['goal']}:\n"
                f"{result['reason']}\n{_stats(result['stats'])}")
    plural = "" if result["moves"] == 1 else "s"
    how = result["algorithm"] + (f", {result['bound']}" if result.get("bound") else "")   # ida: its lower bound
    lines = [f"{result['puzzle']}: {result['moves']} move{plural} ({how})"]
    lines += [f"{i:3d}  {position}" for i, position in enumerate(result["solution"])]
    if "count" in result:
        lines.append(f"{result['count']:,} distinct shortest solution{'' if result['count'] == 1 else 's'}"
                     + (f" ({len(result['solutions'])} listed with --json)" if result["solutions"] else ""))
    lines.append(_stats(result["stats"]))
    return "\n".join(lines)


def _stats(stats: dict[str, Any]) -> str:
    return f"{stats['nodes']:,} nodes expanded, {stats['states']:,} states stored, {stats['seconds']:.3f} s"
