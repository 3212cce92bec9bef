"""What a peg search returns (`PegOutcome`) and how it becomes an answer in the JSON contract.

Also: how a position is checked, and how one search continues another's progress.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from pzl import events
from pzl.errors import CatalogError, PositionError
from pzl.peg.board import Move, PegBoard
from pzl.peg.catalog import board_entry, spec_by_id
from pzl.peg.task import Task
from pzl.search.problem import SearchOutcome


@dataclass(slots=True)
class PegOutcome(SearchOutcome):
    """A SearchOutcome plus what a peg task needs.

    path: the moves of one solution (each a `Move`, the holes one peg visits), or None; `paths` likewise.
    solvable: True (a solution was found), False (proved impossible), None (unknown within limits).
    minimal: True when `path` is proved to use the fewest moves (then `exhausted` is True too).
    moves / jumps: length of `path` in moves and in jumps.
    lower_bound: moves that any solution needs at least (proved), when known.
    reason: why the search stopped without an answer (limit reached), or why it is impossible.
    method: the search that answered: "minimal", or the fast solver's "beam" or "depth-first".
    stopped: the limit that stopped the search ("max_states" or "seconds"), or None.
    """

    path: list[Move] | None
    paths: list[list[Move]] = field(default_factory=list)
    solvable: bool | None = None
    minimal: bool = False
    moves: int | None = None
    jumps: int | None = None
    lower_bound: int = 0
    reason: str | None = None
    method: str = "minimal"
    stopped: str | None = None


def check_position(mask: int, size: int, what: str) -> None:
    """A PositionError when `mask` is not a position of this board."""
    if not isinstance(mask, int) or mask < 0:
        raise PositionError(f"the {what} must be a set of holes")
    if mask >> size:
        raise PositionError(f"the {what} has a peg outside the board's {size} holes")


def task_result(task: Task) -> dict[str, Any]:
    """The task part of an answer: board id, empty holes, finish, first jump; a drawn board's geometry."""
    payload: dict[str, Any] = {"puzzle": task.board.id, "empty": task.empty, "finish": task.finish_label}
    payload.update(custom_board(task.board))
    if task.first is not None:
        payload["first"] = [task.first[0], task.first[2]]
    return payload


def custom_board(board: PegBoard) -> dict[str, Any]:
    """For a board drawn by a mask, its geometry (the page cannot look it up in the catalog)."""
    try:
        spec_by_id(board.id)
        return {}
    except CatalogError:
        return {"board": board_entry(board)}


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
