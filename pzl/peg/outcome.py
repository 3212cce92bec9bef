"""What a peg search returns, how a position is checked, and how one search continues another's progress."""

from __future__ import annotations

import time
from dataclasses import dataclass

from pzl.errors import PositionError
from pzl.search.problem import Search, SearchOutcome

Move = list[int]  # the holes one peg visits, e.g. [10, 0, 2, 6]


@dataclass(slots=True)
class PegOutcome(SearchOutcome):
    """A SearchOutcome plus what a peg task needs.

    path: the moves of one solution (each a list of holes), or None.
    solvable: True (a solution was found), False (proved impossible), None (unknown within limits).
    minimal: True when `path` is proved to use the fewest moves (then `exhausted` is True too).
    moves / jumps: length of `path` in moves and in jumps.
    lower_bound: moves that any solution needs at least (proved), when known.
    reason: why the search stopped without an answer (limit reached), or why it is impossible.
    method: the search that answered: "minimal", or the fast solver's "beam" or "depth-first".
    stopped: the limit that stopped the search ("max_states" or "seconds"), or None.
    """

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


def continued(search: Search, nodes: int, clock: float) -> Search:
    """`search` as a later phase of a request: its progress counts `nodes` more and seconds since `clock`.

    Progress events stay cumulative for the whole request (they never go back between phases).
    """
    try:
        while True:
            try:
                event = next(search)
            except StopIteration as stop:
                return stop.value
            event["nodes"] += nodes
            event["seconds"] = round(time.perf_counter() - clock, 3)
            yield event
    finally:
        search.close()
