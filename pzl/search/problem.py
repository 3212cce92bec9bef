"""The small interface every search algorithm works against, and what a search returns.

Searches are generators: they yield progress events (`pzl.events.progress`)
every few thousand nodes and *return* a `SearchOutcome`, so a caller writes
`outcome = yield from bfs(problem)` and passes the progress on.
"""

from __future__ import annotations

from collections.abc import Generator, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pzl.events import Event

State = TypeVar("State", bound=Hashable)

#: How often (in nodes expanded) a search yields a progress event.
PROGRESS_EVERY = 4096


class Problem(Protocol[State]):
    """A puzzle instance as a search sees it. States are small immutable values."""

    start: State

    def is_goal(self, state: State) -> bool:
        """True when `state` solves the puzzle."""
        ...

    def successors(self, state: State) -> Iterable[State]:
        """Every state one move away, each once."""
        ...

    def lower_bound(self, state: State) -> int:
        """An admissible estimate of the moves still needed (0 if the puzzle has none)."""
        ...


class ReversibleProblem(Problem[State], Protocol):
    """A problem whose moves can be undone and whose goal states are known: searchable from both ends."""

    def goal_states(self) -> Iterable[State]:
        """Every state that satisfies `is_goal` (one for a full goal position)."""
        ...


@dataclass(slots=True)
class SearchOutcome:
    """What a search found: a shortest path (start .. goal) or None, and what it cost."""

    path: list[Any] | None
    nodes: int = 0
    states: int = 0
    seconds: float = 0.0
    count: int | None = None            # number of distinct shortest solutions, when asked for
    paths: list[list[Any]] = field(default_factory=list)  # up to a cap, with count
    exhausted: bool = False             # True when the whole reachable space was examined
    bound: str | None = None            # the lower bound a depth-first search used ("none": plain deepening)
    iterations: list[tuple[int, int]] = field(default_factory=list)  # depth-first: (threshold, nodes) per pass
    stopped: str | None = None          # the limit that stopped it undecided (one of pzl.errors.LIMITS)
    layers: Any = None                  # breadth-first: positions per depth; bidirectional: per side and the meeting


Search = Generator[Event, None, SearchOutcome]


def run_to_end(search: Search) -> tuple[SearchOutcome, list[Event]]:
    """Drive a search generator to its end: its outcome and every progress event it yielded."""
    progress: list[Event] = []
    while True:
        try:
            progress.append(next(search))
        except StopIteration as stop:
            return stop.value, progress
