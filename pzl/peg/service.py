"""The peg family's service: `solve` and `analyse` (its `COMMANDS`), each a request in, events out.

Wires the parts: the request read once into a `Plan` (`plan`: its board, Task, options, instant verdict and the
searches' limits), the searches the plan's route runs (`solve`, `search_fast`; `anytime` for `auto`) given plain
values, then one result event built at the end (`outcome`) by the request's one answer builder, which `auto`'s
quick answer uses too. The CLI's words for a result are in `text`.

`auto` rule (`pzl.peg.plan.AUTO_MAX_STATES`): impossible by classes → at once; with `all` → minimal within limits;
else the quick answer at once and the fewest moves within the device's budget (`anytime`); then, if neither found
one, → fast.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from pzl import events
from pzl.errors import PositionError, PuzzleError
from pzl.events import Event
from pzl.peg import anytime
from pzl.peg.board import Move, PegBoard, holes_of
from pzl.peg.catalog import answer_part, board_of
from pzl.peg.engines.peg_outcome import PegOutcome
from pzl.peg.outcome import outcome_result, request_stats, task_result
from pzl.peg.plan import Plan, plan
from pzl.peg.task import Task, check_finish_reachable, parse_holes, parse_position, seconds_option, task_of
from pzl.peg.verdict import possible_finish_holes, ruled_out
from pzl.request import read_max_states
from pzl.search import limits
from pzl.search.progress import relay

#: Analyses prove the fewest moves from positions with at most this many pegs, and look for any solution beyond.
AUTO_MINIMAL_PEGS = 25
#: Limits of an analysis (the page asks after every move; it must answer quickly).
ANALYSE_SECONDS = 2.0
ANALYSE_MAX_STATES = 300_000
FAST_SECONDS = 60.0
BEAM_SECONDS = 30.0


# ------------------------------------------------------------------ solve
def solve(request: dict[str, Any]) -> Iterator[Event]:
    """Answer a `solve` request: progress events, then one result (see the README's JSON contract)."""
    clock = time.perf_counter()
    chosen = plan(request)
    task = chosen.task
    payload = {**task_result(task, chosen.board_part), **chosen.answered_by}

    def answer(outcome: PegOutcome, how: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
        """The answer from an outcome, how it was found and fields it adds or overrides (also `auto`'s quick one)."""
        return {**payload, **how, **outcome_result(task.board, outcome, chosen.all_solutions, clock), **fields}

    if chosen.verdict.reachable is False:
        payload.update(solvable=False, moves=None, jumps=None, solution=None, minimal=False,
                       reason=chosen.verdict.reason, stats=request_stats(0, 0, clock), **chosen.marks)
        if chosen.all_solutions:
            payload.update(count=0, solutions=[])
        yield events.result(payload)
        return
    if task.is_finished(task.start):
        payload.update(solvable=True, moves=0, jumps=0, solution=[], over=[], minimal=True,
                       stats=request_stats(0, 0, clock))
        if chosen.all_solutions:
            payload.update(count=1, solutions=[[]][:chosen.max_solutions])
        yield events.result(payload)
        return
    yield events.result((yield from _route(task, chosen, answer, clock)))


def _route(task: Task, chosen: Plan, answer: anytime.Answer, clock: float):
    """The searches of the plan's route and the answer they give (`answer`): `minimal` (and `auto` with `all`) and
    `fast` or `beam` run one search; `auto` the anytime answer."""
    if chosen.algorithm == "minimal" or chosen.all_solutions:   # `all` goes with minimal or auto only
        outcome = yield from _minimal(task, chosen)
        return answer(outcome, anytime.MINIMAL_ANSWER if chosen.algorithm == "auto" else {}, {})
    if chosen.algorithm != "auto":
        return answer((yield from _fast(task, chosen, beam_only=chosen.algorithm == "beam")), {}, {})
    return answer(*(yield from anytime.solve(_minimal(task, chosen), lambda: _fast(task, chosen, beam_only=True),
                                             lambda: _fast(task, chosen), answer, clock)))


def _minimal(task: Task, chosen: Plan):
    """The minimal search within the plan's state cap and work budget for it."""
    from pzl.peg.engines.solve import solve_minimal

    first = (task.first[0], task.first[2]) if task.first else None
    outcome = yield from solve_minimal(task.board, task.start, task.finish, first=first,
                                       all_solutions=chosen.all_solutions, max_solutions=chosen.max_solutions,
                                       max_states=chosen.minimal_cap.limit, max_nodes=chosen.minimal_nodes)
    return chosen.minimal_cap.named_stop(outcome)


def _fast(task: Task, chosen: Plan, beam_only: bool = False):
    """Some solution quickly (beam, then depth-first; or the beam alone), after the fixed first jump if any."""
    from pzl.peg.engines.search_fast import solve_fast

    first = (task.first[0], task.first[2]) if task.first else None
    outcome = yield from solve_fast(task.board, task.start, task.finish, first=first,
                                    max_states=chosen.fast_cap.limit,
                                    seconds_limit=BEAM_SECONDS if beam_only else FAST_SECONDS, beam_only=beam_only)
    return chosen.fast_cap.named_stop(outcome)


# ------------------------------------------------------------------ analyse
def analyse(request: dict[str, Any]) -> Iterator[Event]:
    """Is the current position still solvable to the task, in how many moves, and a next move.

    With `last` (the hole the previous move ended in), continuing that peg's chain is free: each
    continuation is judged too, and the best option wins (`continues` says the hint continues it).
    """
    clock = time.perf_counter()
    board = board_of(request)
    task = task_of(board, request, from_start=False)   # the position judged is `pegs`, its verdict says why not
    position = parse_position(board, request["pegs"]) if request.get("pegs") not in (None, "") else task.start
    payload: dict[str, Any] = {"puzzle": board.id, "pegs": holes_of(position), "finish": task.finish_label}
    payload.update(answer_part(board))
    payload["finished"] = task.is_finished(position)
    payload["stuck"] = not any(position >> a & 1 and position >> b & 1 and not position >> c & 1
                               for a, b, c in board.jumps)
    if task.finish is None:
        payload["possible_finishes"] = possible_finish_holes(board, position)
    seconds = seconds_option(request, "seconds_limit", ANALYSE_SECONDS)
    cap = limits.state_cap(read_max_states(request, ANALYSE_MAX_STATES), "peg-minimal")
    verdict = yield from _judge(task, position, seconds, cap)
    options = [(verdict, None)]
    if request.get("last") not in (None, "") and not payload["finished"]:
        last = parse_holes(board, request["last"], "last")
        if len(last) != 1 or not position >> last[0] & 1:
            raise PositionError("last: name the one hole where the previous move ended (it must hold a peg)")
        for chain, after in chain_continuations(board, position, last[0]):
            done = sum(option["nodes"] for option, _ in options)  # progress stays cumulative across judgements
            options.append(((yield from relay(_judge(task, after, seconds, cap), nodes=done, clock=clock)), chain))
    best, chain = min(options, key=lambda option: (option[0]["solvable"] is not True,
                                                    option[0]["moves"] if option[0]["moves"] is not None else 0))
    result = dict(best)
    if len(options) > 1:
        result["continues"] = chain is not None
        if chain is not None:
            result["next"] = chain.to_json()
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
    payload.update(result, stats=request_stats(nodes, states, clock))
    yield events.result(payload)


def chain_continuations(board: PegBoard, position: int, hole: int) -> list[tuple[Move, int]]:
    """Every way the peg in `hole` can go on jumping: (the move on from `hole`, position after), shortest first."""
    found: dict[int, Move] = {}
    frontier: list[tuple[tuple[int, ...], int]] = [((hole,), position)]
    while frontier:
        following = []
        for chain, current in frontier:
            for over, to in board.jumps_from[chain[-1]]:
                if current >> over & 1 and not current >> to & 1:
                    after = current ^ ((1 << chain[-1]) | (1 << over) | (1 << to))
                    if after not in found:
                        found[after] = move = Move((*chain, to))
                        following.append((move, after))
        frontier = following
    return [(chain, after) for after, chain in found.items()]


def _judge(task: Task, position: int, seconds: float, cap: limits.StateCap):
    """One position's verdict: solvable, fewest moves (proved or not), a next move, how it was found."""
    from pzl.peg.engines.search_fast import solve_fast
    from pzl.peg.engines.solve import analyse

    board = task.board
    verdict: dict[str, Any] = {"solvable": None, "moves": None, "minimal": False, "next": None,
                               "method": "classes", "nodes": 0, "states": 0}
    if task.is_finished(position):
        verdict.update(solvable=True, moves=0, minimal=True, method="finished")
        return verdict
    reason, marks = ruled_out(board, position, task.finish, what="position")
    if reason is None and task.finish is not None:
        try:
            check_finish_reachable(board, position, task.finish)
        except PuzzleError as problem:
            reason = str(problem).removeprefix("finish: ")
    if reason is not None:
        verdict.update(solvable=False, reason=reason, **marks)
        return verdict
    if position.bit_count() <= AUTO_MINIMAL_PEGS:  # minimal for half the time, then the fast solver
        outcome = yield from analyse(board, position, task.finish, seconds_limit=seconds, max_states=cap.limit)
    else:  # too many pegs for a proof within the page's patience
        outcome = yield from solve_fast(board, position, task.finish, seconds_limit=seconds, max_states=cap.limit)
    method = outcome.method
    path = outcome.path
    verdict.update(solvable=outcome.solvable, moves=len(path) if path is not None else None,
                   minimal=bool(method == "minimal" and outcome.minimal and path is not None),
                   next=path[0].to_json() if path else None, method=method, nodes=outcome.nodes,
                   states=outcome.states)
    if outcome.solvable is not True and outcome.reason:
        verdict["reason"] = outcome.reason
    if method != "minimal" and outcome.lower_bound:
        verdict["lower_bound"] = outcome.lower_bound
    if outcome.solvable is None:
        verdict["reason"] = f"could not be decided within the limits ({outcome.reason})"
        verdict["stopped"] = cap.named_stop(outcome).stopped
    return verdict


#: The commands this module answers (`pzl.peg` adds the census and the atlas of `pzl.peg.numbers`).
COMMANDS = {"solve": solve, "analyse": analyse}
