"""What a peg search returns (`PegOutcome`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pzl.peg.board import Move
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
