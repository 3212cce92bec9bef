"""The small interface every search algorithm works against, and what a search returns.

Searches are generators: they yield progress events (`pzl.events.progress`)
every few thousand nodes and *return* a `SearchOutcome`, so a caller writes
`outcome = yield from bfs(problem)` and passes the progress on.
"""

from __future__ import annotations

import gc
from collections.abc import Generator, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pzl.events import Event
from pzl.search.progress import run_to_end  # noqa: F401  (tests and benchmarks take it from here)

State = TypeVar("State", bound=Hashable)

# Progress cadence: how much work a search does between two progress events (and limit checks), one
# constant per kind of work unit it counts. Each is a few milliseconds of CPython (Pyodide takes
# 1.5-2.3x as long): far under the 0.2 s a page may go without news, while the events themselves
# cost well under 1 % of the work. A search counts in the unit that matches its inner loop.

#: A node expanded by Python code, one at a time: a successor call, a bound, a set lookup (~1-5 µs).
#: Also a peg census position (its children found in bulk) and a census child's tallies passed on.
PROGRESS_EVERY = 4096
#: A costly step (~10-50 µs): a peg jump found by scanning the jump table (depth-first), a beam
#: child scored, a census class's tallies settled.
COSTLY_EVERY = 1024
#: A position or chain state handled in bulk, a slice at a time through C-level set, bytes and map
#: operations (~0.1-1 µs): the peg minimal search's steps and chain states, its lookup-set slices.
BULK_EVERY = 16384
#: Where the cost of a unit varies widely (a scan of every jump that finds few chains, a bound
#: evaluated from scratch), progress also comes once this many seconds pass without one; the
#: clock is read where the work is counted, never per unit.
REPORT_SECONDS = 0.02


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


def collector_paused(work: Search) -> Search:
    """`work`, with Python's cycle collector paused until it ends or is closed.

    A search makes no reference cycles, but the millions of objects it holds (sets of positions, a census's
    tallies) made every full collection walk them: pauses of up to seconds in one time slice of the page
    (long enough for it to think its worker dead) and about 15 % of the CPU time of the English proof. The
    collector stays paused between events too: resumed there, the first allocation of whoever reads the
    events collected everything the search had made meanwhile (0.05-0.1 s in a page's time slice).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return (yield from work)
    finally:
        work.close()
        if collecting:
            gc.enable()
