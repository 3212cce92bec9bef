"""The peg family's service: `run("solve" | "analyse", request)` as events, and `describe` for the CLI.

`auto` rule: impossible by classes → at once; ≤ 25 pegs (or `all`) → minimal within limits; else or then → fast.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

from pzl import events
from pzl.errors import CatalogError, PositionError, PuzzleError, shown
from pzl.events import Event
from pzl.peg.board import PegBoard
from pzl.peg.catalog import board_by_id, board_entry, spec_by_id
from pzl.peg.verdict import marked_holes, possible_finish_holes, why_impossible
from pzl.peg.mask import board_from_mask
from pzl.peg.task import (
    ANY,
    Task,
    check_finish_reachable,
    holes_of,
    mask_of,
    parse_finish,
    parse_first,
    parse_holes,
    parse_position,
)
from pzl.request import flag, solution_cap, state_cap
from pzl.search import limits
from pzl.wording import counted

ALGORITHMS = ("auto", "minimal", "fast", "beam")
#: Request keys of peg solitaire besides `pzl.api.COMMON_OPTIONS`.
OPTIONS = ("mask", "lattice", "empty", "finish", "first", "pegs", "last", "seconds_limit")
#: `auto`, in order: (1) a task impossible by peg counts or position classes is answered at once;
#: (2) with at most this many pegs at the start (or with `all`), the minimal search within
#: AUTO_MAX_STATES / AUTO_SECONDS proves the fewest moves; (3) otherwise, or when (2) hits a limit
#: without `all`, the fast solver (beam search, then depth-first search, which can prove
#: impossibility) finds some solution. `algorithm` in the result names the path: "auto: minimal",
#: "auto: beam", "auto: depth-first", "auto: minimal, then beam"...
AUTO_MINIMAL_PEGS = 25
AUTO_MAX_STATES = 1_500_000
AUTO_SECONDS = 10.0
#: Limits of an analysis (the page asks after every move; it must answer quickly).
ANALYSE_SECONDS = 2.0
ANALYSE_MAX_STATES = 300_000
FAST_SECONDS = 60.0
BEAM_SECONDS = 30.0


def run(command: str, request: dict[str, Any]) -> Iterator[Event]:
    """Answer a peg request: progress events, then one result (see the README's JSON contract)."""
    if command == "solve":
        yield from _solve(request)
    elif command == "analyse":
        yield from _analyse(request)
    else:
        raise PuzzleError(f"peg solitaire answers 'solve', 'analyse', 'census' and 'atlas', not {shown(command)}")


# ------------------------------------------------------------------ reading the request
def board_of(request: dict[str, Any]) -> PegBoard:
    """The request's board: a custom mask (with its lattice) or a catalog id."""
    mask = request.get("mask")
    if mask not in (None, ""):
        return board_from_mask(mask, str(request.get("lattice") or "square"))
    puzzle = request.get("puzzle")
    if not isinstance(puzzle, str) or not puzzle:
        raise CatalogError("name a peg board (e.g. hoppers) or give a mask")
    return board_by_id(puzzle)


def default_task(board: PegBoard) -> tuple[list[int], int | str]:
    """Default (empty holes, finish) of a board: the catalog's, or for a custom board its central game.

    A custom board's centre is the hole every symmetry fixes; with no centre, hole 0 starts empty.
    The finish is the same hole unless position classes rule that out, then one peg anywhere.
    """
    try:
        spec = spec_by_id(board.id)
        return list(spec.empty), spec.finish
    except CatalogError:
        pass
    fixed = [hole for hole in range(board.size) if all(perm[hole] == hole for perm in board.symmetries)]
    if len(board.symmetries) > 1 and len(fixed) == 1:
        centre = fixed[0]
        if why_impossible(board, board.full & ~(1 << centre), 1 << centre) is None:
            return [centre], centre
        return [centre], ANY
    return [0], ANY


def task_of(board: PegBoard, request: dict[str, Any]) -> Task:
    """The task a request describes, validated against the board."""
    empty, finish = default_task(board)
    if request.get("empty") is not None:
        empty = parse_holes(board, request["empty"], "empty")
    start = board.full & ~mask_of(empty)
    finish_mask = parse_finish(board, request["finish"] if request.get("finish") not in (None, "") else finish)
    check_finish_reachable(board, start, finish_mask)
    first = parse_first(board, start, request["first"]) if request.get("first") not in (None, "") else None
    return Task(board, start, finish_mask, first)


# ------------------------------------------------------------------ solve
def _solve(request: dict[str, Any]) -> Iterator[Event]:
    clock = time.perf_counter()
    board = board_of(request)
    task = task_of(board, request)
    algorithm = request.get("algorithm") or "auto"
    if not isinstance(algorithm, str) or algorithm.lower() not in ALGORITHMS:
        raise CatalogError(f"unknown algorithm {shown(algorithm)} for peg solitaire; "
                           f"use one of: {', '.join(ALGORITHMS)}")
    algorithm = algorithm.lower()
    want_all = flag(request, "all")
    max_solutions = solution_cap(request, want_all)
    if want_all and algorithm in ("fast", "beam"):
        raise PuzzleError(f"counting every minimal solution needs the minimal search; {algorithm} finds one "
                          "solution (use minimal or auto with all)")
    state_cap(request, 0)   # a malformed max_states is refused before any search starts
    payload = _task_payload(task)
    payload["algorithm"] = algorithm
    reason = _instant_verdict(task)
    if reason is not None:
        payload.update(solvable=False, moves=None, jumps=None, solution=None, minimal=False, reason=reason,
                       stats=_stats(0, 0, clock))
        payload.update(_class_marks(task.board, _after_first(task), task.finish))
        if want_all:
            payload.update(count=0, solutions=[])
        yield events.result(payload)
        return
    if task.is_finished(task.start):
        payload.update(solvable=True, moves=0, jumps=0, solution=[], over=[], minimal=True,
                       stats=_stats(0, 0, clock))
        if want_all:
            payload.update(count=1, solutions=[[]][:max_solutions])
        yield events.result(payload)
        return
    if algorithm == "auto":
        outcome, payload["algorithm"] = yield from _auto(task, request, want_all, max_solutions, clock)
    elif algorithm == "minimal":
        outcome = yield from _minimal(task, request, want_all, max_solutions, limited=False)
    elif algorithm == "beam":
        outcome = yield from _fast(task, request, beam_only=True)
    else:
        outcome = yield from _fast(task, request)
    payload.update(_outcome_payload(board, outcome, want_all, clock))
    yield events.result(payload)


def _auto(task: Task, request: dict[str, Any], want_all: bool, max_solutions: int, clock: float):
    """The `auto` rule (see ALGORITHMS): minimal where feasible, else the fast solver; returns (outcome, label)."""
    if want_all or task.start.bit_count() <= AUTO_MINIMAL_PEGS:
        limited = request.get("max_states") in (None, "")   # a budget of the request's own: no time limit
        outcome = yield from _minimal(task, request, want_all, max_solutions, limited=limited)
        if outcome.solvable is not None or want_all:
            return outcome, "auto: minimal"
        from pzl.peg.outcome import continued

        lower, nodes = outcome.lower_bound, outcome.nodes
        outcome = yield from continued(_fast(task, request), nodes, clock)
        outcome.lower_bound = max(outcome.lower_bound, lower)
        outcome.nodes += nodes
        return outcome, f"auto: minimal, then {outcome.method}"
    outcome = yield from _fast(task, request)
    return outcome, f"auto: {outcome.method}"


def _class_marks(board: PegBoard, position: int, finish: int | None) -> dict[str, Any]:
    """For a verdict by position classes: the marked holes and, for a one-peg finish, where one peg may end."""
    marked = marked_holes(board, position, finish)
    if marked is None:
        return {}
    extra: dict[str, Any] = {"marked": marked}
    if finish is not None and finish.bit_count() == 1:
        extra["possible_finishes"] = possible_finish_holes(board, position)
    return extra


def _instant_verdict(task: Task) -> str | None:
    """Why the task is impossible, by counting and position classes (also after a fixed first jump)."""
    reason = why_impossible(task.board, task.start, task.finish)
    if reason is None and task.first is not None:
        after = why_impossible(task.board, _after_first(task), task.finish)
        if after is not None:
            reason = f"after the first jump {task.first[0]}-{task.first[2]}: {after}"
    return reason


def _minimal(task: Task, request: dict[str, Any], want_all: bool, max_solutions: int, limited: bool):
    from pzl.peg.solve import MAX_STATES, solve_minimal

    first = (task.first[0], task.first[2]) if task.first else None
    cap = limits.state_cap(state_cap(request, AUTO_MAX_STATES if limited else MAX_STATES), "peg-minimal")
    outcome = yield from solve_minimal(task.board, task.start, task.finish, first=first, all_solutions=want_all,
                                       max_solutions=max_solutions, max_states=cap.limit,
                                       seconds_limit=AUTO_SECONDS if limited else None)
    return _mark_stop(outcome, cap)


def _mark_stop(outcome: Any, cap: limits.StateCap) -> Any:
    """Note on an undecided outcome which limit stopped it (`stopped`): the state cap's (max_states or memory,
    whichever set the cap), else the limit the search itself named, else the time limit."""
    if outcome.solvable is None:
        if outcome.stopped == "max_states" or outcome.states > cap.limit:
            outcome.stopped = cap.by
        else:
            outcome.stopped = outcome.stopped or "seconds"
    return outcome


def _after_first(task: Task) -> int:
    """The start, with the fixed first jump (if any) already played."""
    if task.first is None:
        return task.start
    a, b, c = task.first
    return task.start ^ ((1 << a) | (1 << b) | (1 << c))


def _with_first(task: Task, path: list[list[int]] | None) -> list[list[int]] | None:
    """A path found after the fixed first jump, with that jump put back in front (merging its chain)."""
    if path is None or task.first is None:
        return path
    a, _, c = task.first
    path = [list(move) for move in path]
    if path and path[0][0] == c:
        path[0] = [a, *path[0]]
    else:
        path.insert(0, [a, c])
    return path


def _fast(task: Task, request: dict[str, Any], beam_only: bool = False):
    """Some solution quickly (beam, then depth-first; or the beam alone); a fixed first jump is played first."""
    from pzl.peg.search_fast import MAX_DEAD, solve_fast

    cap = limits.state_cap(state_cap(request, MAX_DEAD), "peg-fast")
    outcome = yield from solve_fast(task.board, _after_first(task), task.finish, max_states=cap.limit,
                                    seconds_limit=BEAM_SECONDS if beam_only else FAST_SECONDS, beam_only=beam_only)
    _mark_stop(outcome, cap)
    if outcome.path is not None:
        outcome.path = _with_first(task, outcome.path)
        outcome.moves = len(outcome.path)
        outcome.jumps = sum(len(move) - 1 for move in outcome.path)
    outcome.minimal = False
    return outcome


def _task_payload(task: Task) -> dict[str, Any]:
    payload: dict[str, Any] = {"puzzle": task.board.id, "empty": task.empty, "finish": task.finish_label}
    payload.update(_custom_board(task.board))
    if task.first is not None:
        payload["first"] = [task.first[0], task.first[2]]
    return payload


def _custom_board(board: PegBoard) -> dict[str, Any]:
    """For a board drawn by a mask, its geometry (the page cannot look it up in the catalog)."""
    try:
        spec_by_id(board.id)
        return {}
    except CatalogError:
        return {"board": board_entry(board)}


def _stats(nodes: int, states: int, clock: float) -> dict[str, Any]:
    return events.stats(nodes, states, time.perf_counter() - clock)


def _outcome_payload(board: PegBoard, outcome: Any, want_all: bool, clock: float) -> dict[str, Any]:
    path = [list(move) for move in outcome.path] if outcome.path is not None else None
    payload: dict[str, Any] = {
        "solvable": outcome.solvable,
        "moves": len(path) if path is not None else None,
        "jumps": sum(len(move) - 1 for move in path) if path is not None else None,
        "solution": path,
        "minimal": bool(outcome.minimal and path is not None),
        "stats": _stats(outcome.nodes, outcome.states, clock),
    }
    if path is not None:
        payload["over"] = [jumped_holes(board, move) for move in path]
    if outcome.solvable is not True and outcome.reason:
        payload["reason"] = outcome.reason
    if outcome.solvable is None:
        payload["stopped"] = outcome.stopped or "seconds"
        if outcome.lower_bound:
            payload["lower_bound"] = outcome.lower_bound
    if want_all and outcome.count is not None:
        payload["count"] = outcome.count
        payload["solutions"] = [[list(move) for move in solution] for solution in outcome.paths]
    return payload


def jumped_holes(board: PegBoard, move: list[int]) -> list[int]:
    """The holes jumped over by one move (the pegs it removes)."""
    over_of = {(a, c): b for a, b, c in board.jumps}
    return [over_of[(a, c)] for a, c in pairwise(move)]


# ------------------------------------------------------------------ analyse
def _analyse(request: dict[str, Any]) -> Iterator[Event]:
    """Is the current position still solvable to the task, in how many moves, and a next move.

    With `last` (the hole the previous move ended in), continuing that peg's chain is free: each
    continuation is judged too, and the best option wins (`continues` says the hint continues it).
    """
    clock = time.perf_counter()
    board = board_of(request)
    task = task_of(board, {key: value for key, value in request.items() if key != "first"})
    position = parse_position(board, request["pegs"]) if request.get("pegs") not in (None, "") else task.start
    payload: dict[str, Any] = {"puzzle": board.id, "pegs": holes_of(position), "finish": task.finish_label}
    payload.update(_custom_board(board))
    payload["finished"] = task.is_finished(position)
    payload["stuck"] = not any(position >> a & 1 and position >> b & 1 and not position >> c & 1
                               for a, b, c in board.jumps)
    if task.finish is None:
        payload["possible_finishes"] = possible_finish_holes(board, position)
    seconds = _seconds_option(request, "seconds_limit", ANALYSE_SECONDS)
    cap = limits.state_cap(state_cap(request, ANALYSE_MAX_STATES), "peg-minimal")
    from pzl.peg.outcome import continued

    verdict = yield from _judge(task, position, seconds, cap)
    options = [(verdict, None)]
    if request.get("last") not in (None, "") and not payload["finished"]:
        last = parse_holes(board, request["last"], "last")
        if len(last) != 1 or not position >> last[0] & 1:
            raise PositionError("last: name the one hole where the previous move ended (it must hold a peg)")
        for chain, after in chain_continuations(board, position, last[0]):
            done = sum(option["nodes"] for option, _ in options)  # progress stays cumulative across judgements
            options.append(((yield from continued(_judge(task, after, seconds, cap), done, clock)), chain))
    best, chain = min(options, key=lambda option: (option[0]["solvable"] is not True,
                                                    option[0]["moves"] if option[0]["moves"] is not None else 0))
    result = dict(best)
    if len(options) > 1:
        result["continues"] = chain is not None
        if chain is not None:
            result["next"] = chain
        others = [option for option, _ in options if option is not best]
        result["minimal"] = best["minimal"] and all(other["solvable"] is False or other["minimal"] for other in others)
        if best["solvable"] is not True and any(other["solvable"] is None for other in others):
            result["solvable"] = None
            result.setdefault("stopped", next((other["stopped"] for other in others if "stopped" in other), None))
            if result["stopped"] is None:
                del result["stopped"]
    nodes = sum(option["nodes"] for option, _ in options)
    states = max(option["states"] for option, _ in options)
    result.pop("nodes")
    result.pop("states")
    payload.update(result, stats=_stats(nodes, states, clock))
    yield events.result(payload)


def chain_continuations(board: PegBoard, position: int, hole: int) -> list[tuple[list[int], int]]:
    """Every way the peg in `hole` can go on jumping: (holes it visits from `hole`, position after), shortest first."""
    found: dict[int, list[int]] = {}
    frontier = [([hole], position)]
    while frontier:
        following = []
        for chain, current in frontier:
            for over, to in board.jumps_from[chain[-1]]:
                if current >> over & 1 and not current >> to & 1:
                    after = current ^ ((1 << chain[-1]) | (1 << over) | (1 << to))
                    if after not in found:
                        found[after] = [*chain, to]
                        following.append(([*chain, to], after))
        frontier = following
    return [(chain, after) for after, chain in found.items()]


def _judge(task: Task, position: int, seconds: float, cap: limits.StateCap):
    """One position's verdict: solvable, fewest moves (proved or not), a next move, how it was found."""
    from pzl.peg.search_fast import solve_fast
    from pzl.peg.solve import analyse

    board = task.board
    verdict: dict[str, Any] = {"solvable": None, "moves": None, "minimal": False, "next": None,
                               "method": "classes", "nodes": 0, "states": 0}
    if task.is_finished(position):
        verdict.update(solvable=True, moves=0, minimal=True, method="finished")
        return verdict
    reason = why_impossible(board, position, task.finish, what="position")
    if reason is None and task.finish is not None:
        try:
            check_finish_reachable(board, position, task.finish)
        except PuzzleError as problem:
            reason = str(problem).removeprefix("finish: ")
    if reason is not None:
        verdict.update(solvable=False, reason=reason, **_class_marks(board, position, task.finish))
        return verdict
    if position.bit_count() <= AUTO_MINIMAL_PEGS:  # minimal for half the time, then the fast solver
        outcome = yield from analyse(board, position, task.finish, seconds_limit=seconds, max_states=cap.limit)
    else:  # too many pegs for a proof within the page's patience
        outcome = yield from solve_fast(board, position, task.finish, seconds_limit=seconds, max_states=cap.limit)
    method = outcome.method
    path = [list(move) for move in outcome.path] if outcome.path is not None else None
    verdict.update(solvable=outcome.solvable, moves=len(path) if path is not None else None,
                   minimal=bool(method == "minimal" and outcome.minimal and path is not None),
                   next=path[0] if path else None, method=method, nodes=outcome.nodes, states=outcome.states)
    if outcome.solvable is not True and outcome.reason:
        verdict["reason"] = outcome.reason
    if method != "minimal" and outcome.lower_bound:
        verdict["lower_bound"] = outcome.lower_bound
    if outcome.solvable is None:
        verdict["reason"] = f"could not be decided within the limits ({outcome.reason})"
        verdict["stopped"] = _mark_stop(outcome, cap).stopped
    return verdict


def _seconds_option(request: dict[str, Any], key: str, default: float) -> float:
    value = request.get(key)
    if value in (None, ""):
        return default
    try:
        number = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError, OverflowError):
        number = math.nan
    if not math.isfinite(number):
        raise PuzzleError(f"{key} must be a number of seconds, not {shown(value)}")
    if not number > 0:
        raise PuzzleError(f"{key} must be positive")
    return number


# ------------------------------------------------------------------ text for the CLI
def describe(command: str, result: dict[str, Any]) -> str:
    """A peg result in words: the task, the verdict, and the solution move by move."""
    lines = [f"{result['puzzle']}: {_task_words(result)}"]
    if command == "analyse":
        return "\n".join(lines + _analysis_lines(result))
    if result["solvable"] is False:
        return "\n".join([*lines, f"Impossible: {result.get('reason', 'no solution exists')}"])
    if result["solvable"] is None:
        bound = f" (at least {counted(result['lower_bound'], 'move')})" if result.get("lower_bound") else ""
        return "\n".join([*lines, f"Not decided{bound}: {result.get('reason', 'a limit was reached')}"])
    proof = "proved minimal" if result["minimal"] else "not proved minimal"
    lines.append(f"{counted(result['moves'], 'move')} ({counted(result['jumps'], 'jump')}), {proof}; "
                 f"{result['algorithm']}, {result['stats']['seconds']:.2f} s, "
                 f"{counted(result['stats']['states'], 'position')} stored")
    if "count" in result:
        shown = len(result.get("solutions", []))
        lines.append(f"{counted(result['count'], 'minimal solution')} (jump orders grouped into moves); "
                     f"{shown} listed")
    overs = result.get("over") or [[] for _ in result["solution"]]
    for number, (move, over) in enumerate(zip(result["solution"], overs, strict=False), 1):
        jumped = f"  (over {', '.join(map(str, over))})" if over else ""
        lines.append(f"{number:>3}. {' → '.join(map(str, move))}{jumped}")
    if result.get("solutions"):
        lines.append("solutions in the articles' notation:")
        lines.extend("  " + "".join(f"({','.join(map(str, move))})" for move in solution)
                     for solution in result["solutions"])
    return "\n".join(lines)


def _task_words(result: dict[str, Any]) -> str:
    finish = result["finish"]
    if finish == ANY:
        goal = "one peg anywhere"
    elif isinstance(finish, list):
        goal = f"pegs in holes {', '.join(map(str, finish))}"
    else:
        goal = f"one peg in hole {finish}"
    if "pegs" in result:
        where = f"hole{'s' * (len(result['pegs']) != 1)} {', '.join(map(str, result['pegs']))}"
        return f"{counted(len(result['pegs']), 'peg')} in {where} → {goal}"
    empty = result["empty"]
    first = f", first jump {result['first'][0]}-{result['first'][1]}" if result.get("first") else ""
    return f"hole{'s' * (len(empty) != 1)} {', '.join(map(str, empty))} empty → {goal}{first}"


def _analysis_lines(result: dict[str, Any]) -> list[str]:
    if result.get("finished"):
        return ["Finished: the position is the finish."]
    if result["solvable"] is False:
        return [f"Dead end: {result.get('reason', 'the finish cannot be reached')}"]
    if result["solvable"] is None:
        return [f"Unknown: {result.get('reason')}"]
    proof = "fewest" if result["minimal"] else f"found by {result.get('method', 'search')}, not proved fewest"
    step = "continue the last move" if result.get("continues") else "next move"
    return [f"Still solvable in {counted(result['moves'], 'move')} ({proof}); {step}: "
            f"{' → '.join(map(str, result['next']))}"]
