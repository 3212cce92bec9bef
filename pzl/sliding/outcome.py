"""Sliding results in the JSON contract: a search's outcome as a `solve` answer (positions, steps, counts, stats).

`solution_result` turns a SearchOutcome into the result fields (`solved_fields` for its solution); `fast_result`
does so for the fast solver's (not proved minimal) solution, and `answer_result` for either as one of `auto`'s
answers (`Found`);
`impossible_result` is parity's instant answer; `longest_result` is a `longest` sweep's answer. A solution is
written once, by `path_fields`: its positions as text and its steps (`piece_moves.Step`, one per move).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from pzl import events
from pzl.errors import SearchLimitError
from pzl.events import Event
from pzl.search import deepening
from pzl.search.problem import SearchOutcome
from pzl.sliding.blocks import BlockProblem
from pzl.sliding.engines.tile_bounds import MIRROR, PDB
from pzl.sliding.packed import PackedProblem
from pzl.sliding.piece_moves import move_counts, steps_of
from pzl.sliding.task import Codes, Puzzle
from pzl.wording import counted

#: Listed solutions put in the contract's form between two progress events (~1 ms each when long).
PATHS_PER_PROGRESS = 10

SlidingProblem = PackedProblem | BlockProblem


@dataclass(frozen=True, slots=True)
class Found:
    """One of `auto`'s answers (`pzl.sliding.anytime`), as data: a solution and what is known of it
    (`answer_result` writes it)."""

    outcome: SearchOutcome         # the solution's positions, start to goal (IDA*'s outcome when `proved`)
    lower_bound: int               # the fewest moves proved so far
    how: dict[str, Any] = field(default_factory=dict)   # how it was found (`events.answered_by`); proved: IDA*
    proved: bool = False           # IDA* proved it shortest
    final: bool = False            # the final result; else an `improved` answer on the way
    extra: dict[str, Any] = field(default_factory=dict)   # fields the result adds (stopped, note, warning)


def impossible_result(reason: str, algorithm: str, all_solutions: bool, seconds: float) -> dict[str, Any]:
    """The answer for a task proved impossible before any search (`algorithm` names the proof, e.g. "parity")."""
    result: dict[str, Any] = {"solvable": False, "moves": None, "solution": None, **events.answered_by(algorithm),
                              "minimal": False, "reason": reason, "stats": events.stats(0, 0, seconds)}
    if all_solutions:
        result.update(count=0, solutions=[])
    return result


def as_states(problem: SlidingProblem, outcome: SearchOutcome) -> SearchOutcome:
    """A tile kernel's outcome (paths of code tuples) with paths as the problem's states."""
    encode = problem.codec.pack if isinstance(problem, PackedProblem) else problem.encode
    if outcome.path is not None:
        outcome.path = [encode(position) for position in outcome.path]
    outcome.paths = [[encode(position) for position in path] for path in outcome.paths]
    return outcome


def path_fields(puzzle: Puzzle, path: list[Codes]) -> tuple[list[str], list[dict[str, Any]]]:
    """A solution (positions as code tuples) in the JSON contract: its positions as text, and its steps.

    A layout puzzle's solution is layout text with each piece followed from the start, and its steps
    number the cells of the whole box (row × columns + column).
    """
    if puzzle.form is not None:
        return puzzle.form.path(path)
    steps = steps_of(puzzle.start_pieces, puzzle.labels, path)
    return puzzle.texts(path), [step.to_json() for step in steps]


def listed_solutions(puzzle: Puzzle, problem: SlidingProblem,
                     outcome: SearchOutcome) -> Generator[Event, None, list[tuple[list[str], list[dict[str, Any]]]]]:
    """`path_fields` of every listed solution (`all`), a progress event after every few: a hundred long ones take
    a tenth of a second, too long for one time slice of the page."""
    listed = []
    for number, path in enumerate(outcome.paths, 1):
        listed.append(path_fields(puzzle, [problem.decode(state) for state in path]))
        if not number % PATHS_PER_PROGRESS:
            yield events.progress(outcome.nodes, outcome.states, outcome.seconds)
    return listed


def heuristic(name: str) -> dict[str, Any]:
    """A bound's name as a result's `heuristic`: {"name": "manhattan"}, and for a pattern database its partition
    and whether the mirror is read too: "pdb 6-6-3 + mirror" is {"name": "pdb", "partition": [6, 6, 3],
    "mirror": true}. The names are the ones `pzl.sliding.engines.tile_bounds` makes (`PreparedBound.name`) and the plain
    bounds' own."""
    if not name.startswith(PDB + " "):
        return {"name": name}
    partition = name[len(PDB) + 1:].removesuffix(MIRROR)
    return {"name": PDB, "partition": [int(size) for size in partition.split("-")], "mirror": name.endswith(MIRROR)}


def solution_result(puzzle: Puzzle, problem: SlidingProblem, outcome: SearchOutcome, algorithm: str,
                    all_solutions: bool) -> Generator[Event, None, dict[str, Any]]:
    """A search's answer: the solution (`solved_fields`), proved minimal, or why there is none; with `all_solutions`
    the count and the listed solutions (`listed_solutions`: a progress event after every few); the statistics."""
    stats = events.stats(outcome.nodes, outcome.states, outcome.seconds)
    if outcome.path is None and not outcome.exhausted:   # a depth-first search reached its depth limit
        raise SearchLimitError(f"{algorithm} found no solution within {deepening.MAX_DEPTH} moves, the deepest it "
                               "searches", "max_depth", lower_bound=deepening.MAX_DEPTH + 1, nodes=outcome.nodes)
    if outcome.path is not None:
        result = solved_fields(puzzle, problem, outcome, algorithm)
        if all_solutions:
            listed = yield from listed_solutions(puzzle, problem, outcome)
            result["count"] = outcome.count
            result["solutions"] = [solution for solution, _ in listed]
            result["solutions_steps"] = [steps for _, steps in listed]
        result["stats"] = stats
        return result
    if algorithm == "bidirectional":
        reason = ("the goal is not reachable: the search from one end ran out of positions "
                  f"({outcome.states:,} stored from both ends)")
    else:
        reason = (f"the goal is not reachable: all {counted(outcome.states, 'position')} reachable from the start "
                  "were examined")
    unsolvable = {"solvable": False, "moves": None, "solution": None, **events.answered_by(algorithm),
                  "minimal": False, "stats": stats, "reason": reason}
    if all_solutions:
        unsolvable.update(count=0, solutions=[])
    return unsolvable


def solved_fields(puzzle: Puzzle, problem: SlidingProblem, outcome: SearchOutcome, algorithm: str) -> dict[str, Any]:
    """An optimal search's solution (`outcome.path`, states of `problem`) in the contract: its positions and steps,
    its moves in each count, and the algorithm's figures (bound, heuristic, iterations, layers)."""
    assert outcome.path is not None
    decoded = [problem.decode(state) for state in outcome.path]
    solution, steps = path_fields(puzzle, decoded)
    result: dict[str, Any] = {"solvable": True, "moves": len(decoded) - 1, "solution": solution,
                              **events.answered_by(algorithm), "minimal": True, "steps": steps}
    counts = move_counts(puzzle.board, puzzle.start_pieces, puzzle.labels, decoded, puzzle.directions)
    result.update(step_moves=counts["step"], straight_moves=counts["straight"], piece_moves=counts["piece"])
    if outcome.bound is not None:   # ida, iddfs, astar: the lower bound; depth-first: the nodes per threshold
        result["bound"] = outcome.bound
        result["heuristic"] = heuristic(outcome.bound)
        if algorithm in ("iddfs", "ida"):
            result["iterations"] = [[threshold, count] for threshold, count in outcome.iterations]
    if outcome.layers is not None:   # breadth-first: positions per depth (bidirectional: per side, and where they met)
        result["layers"] = outcome.layers
    return result


def fast_result(puzzle: Puzzle, outcome: SearchOutcome, how: dict[str, Any], bound: int, note: str | None,
                nodes: int, seconds: float) -> dict[str, Any]:
    """The fast solver's answer: a solution and the start's lower bound, minimal only when the two meet; `how` it
    was found (`events.answered_by`).

    `nodes` and `seconds` are the whole request's (an optimal attempt may have run before).
    """
    solution, steps = path_fields(puzzle, outcome.path)
    moves = len(solution) - 1
    result: dict[str, Any] = {"solvable": True, "moves": moves, "solution": solution, "steps": steps,
                              **how, "minimal": moves == bound, "lower_bound": bound}
    if moves == bound:
        result["note"] = "the solution is as short as the lower bound, so it is proved minimal"
    elif note:
        result["note"] = note
    result["stats"] = events.stats(nodes, outcome.states, seconds)
    return result


def answer_result(puzzle: Puzzle, problem: SlidingProblem | None, found: Found, seconds: float) -> dict[str, Any]:
    """A `Found` answer's result fields: IDA*'s (`solved_fields`, on `problem`) when proved, else the fast
    solver's (`fast_result`, `seconds` since the request began), then the answer's own."""
    if found.proved:
        assert problem is not None
        outcome = as_states(problem, found.outcome)
        result = {**solved_fields(puzzle, problem, outcome, "ida"),
                  "stats": events.stats(outcome.nodes, outcome.states, outcome.seconds)}
    else:
        result = fast_result(puzzle, found.outcome, found.how, found.lower_bound, None, found.outcome.nodes, seconds)
    return {**result, **found.extra}


def longest_result(puzzle: Puzzle, layers: Any, text: Any) -> dict[str, Any]:
    """A `longest` answer: reachable positions, the longest distance, the positions there, the histogram."""
    return {"puzzle": puzzle.puzzle_id, "goal": puzzle.goal_text, "states": layers.states,
            "longest": layers.longest, "positions": sorted(text(s) for s in layers.last),
            "histogram": layers.histogram, "stats": events.stats(layers.nodes, layers.states, layers.seconds)}
