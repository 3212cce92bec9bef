"""How what a peg search returns (`pzl.peg.engines.peg_outcome.PegOutcome`) becomes an answer in the JSON contract.

Also: how one search continues another's progress.
"""

from __future__ import annotations

import time
from typing import Any

from pzl import events
from pzl.peg.board import Move, PegBoard
from pzl.peg.engines.peg_outcome import PegOutcome
from pzl.peg.task import Task


def task_result(task: Task, board_part: dict[str, Any]) -> dict[str, Any]:
    """The task part of an answer: board id, empty holes, finish, the board's part (`catalog.answer_part`: a drawn
    board's geometry), first jump."""
    payload: dict[str, Any] = {"puzzle": task.board.id, "empty": task.empty, "finish": task.finish_label,
                               **board_part}
    if task.first is not None:
        payload["first"] = [task.first[0], task.first[2]]
    return payload


def request_stats(nodes: int, states: int, clock: float) -> dict[str, Any]:
    """The stats of a request that started at `clock` (perf_counter)."""
    return events.stats(nodes, states, time.perf_counter() - clock)


def outcome_result(board: PegBoard, outcome: PegOutcome, all_solutions: bool, clock: float) -> dict[str, Any]:
    """A `solve` answer's verdict, solution (moves, jumps, holes jumped over), count and stats."""
    path: list[Move] | None = outcome.path
    payload: dict[str, Any] = {
        "solvable": outcome.solvable,
        "moves": len(path) if path is not None else None,
        "jumps": sum(move.jumps for move in path) if path is not None else None,
        "solution": [move.to_json() for move in path] if path is not None else None,
        "minimal": bool(outcome.minimal and path is not None),
        "stats": request_stats(outcome.nodes, outcome.states, clock),
    }
    if path is not None:
        payload["over"] = [jumped_holes(board, move) for move in path]
    if outcome.solvable is not True and outcome.reason:
        payload["reason"] = outcome.reason
    if outcome.solvable is None:
        payload["stopped"] = outcome.stopped or "seconds"
        if outcome.lower_bound:
            payload["lower_bound"] = outcome.lower_bound
    if all_solutions and outcome.count is not None:
        payload["count"] = outcome.count
        payload["solutions"] = [[move.to_json() for move in solution] for solution in outcome.paths]
    return payload


def jumped_holes(board: PegBoard, move: Move) -> list[int]:
    """The holes jumped over by one move (the pegs it removes)."""
    over_of = {(a, c): b for a, b, c in board.jumps}
    return [over_of[hop] for hop in move.hops()]
