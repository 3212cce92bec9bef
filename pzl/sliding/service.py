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
from pzl.search import breadth
from pzl.search.problem import SearchOutcome
from pzl.sliding.packed import PackedProblem
from pzl.sliding.puzzle import Puzzle, from_request
from pzl.sliding.solvability import parity_verdict

ALGORITHMS = ("auto", "bfs", "bidirectional", "iddfs", "ida")


def run(command: str, request: dict[str, Any]) -> Iterator[Event]:
    """Answer a `solve` or `longest` request: progress events, then one result event."""
    if command == "solve":
        yield from _solve(request)
    elif command == "longest":
        yield from _longest(request)
    else:
        raise PuzzleError(f"sliding puzzles answer 'solve' and 'longest', not {command!r}")


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def _count(request: dict[str, Any], key: str, default: int | None) -> int | None:
    value = request.get(key)
    if value in (None, ""):
        return default
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise PuzzleError(f"{key.replace('_', '-')} must be a whole number, not {value!r}") from None
    if number < 0:
        raise PuzzleError(f"{key.replace('_', '-')} must not be negative")
    return number


def problem_for(puzzle: Puzzle) -> PackedProblem:
    """The search Problem of a puzzle (packed ints for one-cell pieces and one blank)."""
    if puzzle.kind == "packed":
        return PackedProblem(puzzle.board, puzzle.start, puzzle.goal, len(puzzle.labels) - 1)
    raise PuzzleError("puzzles with several blanks or multi-cell pieces are not available yet")


def _solve(request: dict[str, Any]) -> Iterator[Event]:
    puzzle = from_request(request)
    algorithm = str(request.get("algorithm") or "auto").lower()
    if algorithm not in ALGORITHMS:
        raise CatalogError(f"unknown algorithm {algorithm!r}; use one of: {', '.join(ALGORITHMS)}")
    every = _flag(request.get("all"))
    max_states = _count(request, "max_states", breadth.DEFAULT_MAX_STATES)
    max_solutions = _count(request, "max_solutions", 100) or 0
    payload: dict[str, Any] = {"puzzle": puzzle.puzzle_id, "start": puzzle.text(puzzle.start),
                               "goal": puzzle.text(puzzle.goal)}
    clock = time.perf_counter()
    if puzzle.distinct_tiles and not puzzle.goal_is_partial:
        verdict = parity_verdict(puzzle.board, puzzle.start, puzzle.goal, puzzle.labels)
        if verdict.reachable is False:
            payload.update(solvable=False, moves=None, solution=[], algorithm="parity", reason=verdict.reason,
                           stats={"nodes": 0, "states": 0, "seconds": round(time.perf_counter() - clock, 6)})
            yield events.result(payload)
            return
    problem = problem_for(puzzle)
    if algorithm == "auto":
        algorithm = "bfs" if every or puzzle.goal_is_partial else "bidirectional"
    if algorithm == "bfs":
        outcome = yield from breadth.bfs(problem, max_states=max_states, all_solutions=every,
                                         max_solutions=max_solutions)
    elif algorithm == "bidirectional":
        if every:
            raise PuzzleError("bidirectional search finds one shortest solution; use bfs or iddfs with --all")
        outcome = yield from breadth.bidirectional(problem, max_states=max_states)
    else:
        raise PuzzleError(f"algorithm {algorithm!r} is not available yet")
    payload.update(_solution(puzzle, problem, outcome, algorithm, every))
    yield events.result(payload)


def _solution(puzzle: Puzzle, problem: PackedProblem, outcome: SearchOutcome, algorithm: str,
              every: bool) -> dict[str, Any]:
    text = lambda state: puzzle.text(problem.codec.unpack(state))  # noqa: E731
    stats = {"nodes": outcome.nodes, "states": outcome.states, "seconds": round(outcome.seconds, 6)}
    if outcome.path is None:
        return {"solvable": False, "moves": None, "solution": [], "algorithm": algorithm, "stats": stats,
                "reason": f"the goal is not reachable: all {outcome.states:,} reachable positions were examined"}
    result: dict[str, Any] = {"solvable": True, "moves": len(outcome.path) - 1,
                              "solution": [text(state) for state in outcome.path], "algorithm": algorithm}
    if every:
        result["count"] = outcome.count
        result["solutions"] = [[text(state) for state in path] for path in outcome.paths]
    result["stats"] = stats
    return result


def _longest(request: dict[str, Any]) -> Iterator[Event]:
    puzzle = from_request(request)
    if puzzle.goal_is_partial:
        raise PuzzleError("the longest search starts from a complete goal position")
    problem = problem_for(puzzle)
    max_states = _count(request, "max_states", breadth.DEFAULT_MAX_STATES * 2)
    layers = yield from breadth.longest(problem, [problem.full_goal], max_states=max_states)
    text = lambda state: puzzle.text(problem.codec.unpack(state))  # noqa: E731
    yield events.result({"puzzle": puzzle.puzzle_id, "goal": puzzle.text(puzzle.goal), "states": layers.states,
                         "longest": layers.longest, "positions": sorted(text(s) for s in layers.last),
                         "histogram": layers.histogram,
                         "stats": {"nodes": layers.nodes, "states": layers.states,
                                   "seconds": round(layers.seconds, 6)}})


def describe(command: str, result: dict[str, Any]) -> str:
    """A result in words for the terminal."""
    if command == "longest":
        lines = [f"{result['puzzle']}: {result['states']:,} positions reachable from the goal "
                 f"{result['goal']}",
                 f"longest distance: {result['longest']} moves, reached by {len(result['positions'])} "
                 f"position{'s' if len(result['positions']) != 1 else ''}:"]
        lines += [f"  {position}" for position in result["positions"][:50]]
        if len(result["positions"]) > 50:
            lines.append(f"  ... and {len(result['positions']) - 50:,} more")
        lines.append("positions per distance: " + ", ".join(f"{d}:{n}" for d, n in enumerate(result["histogram"])))
        lines.append(_stats(result["stats"]))
        return "\n".join(lines)
    if not result["solvable"]:
        return (f"{result['puzzle']}: {result['start']} cannot reach {result['goal']}:\n"
                f"{result['reason']}\n{_stats(result['stats'])}")
    lines = [f"{result['puzzle']}: {result['moves']} moves ({result['algorithm']})"]
    lines += [f"{i:3d}  {position}" for i, position in enumerate(result["solution"])]
    if "count" in result:
        lines.append(f"{result['count']:,} distinct shortest solutions"
                     + (f" ({len(result['solutions'])} listed with --json)" if result["solutions"] else ""))
    lines.append(_stats(result["stats"]))
    return "\n".join(lines)


def _stats(stats: dict[str, Any]) -> str:
    return f"{stats['nodes']:,} nodes expanded, {stats['states']:,} states stored, {stats['seconds']:.3f} s"
