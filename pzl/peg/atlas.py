"""The atlas of a board: every single-vacancy start against every single-peg finish, up to symmetry.

For each class of ordered (start, finish) pairs under the board's symmetries: impossible at once by
position classes (with the reason), or settled by search — one census per start class answers
every finish at once (fewest moves and how many solutions use that few); when a start's census
would not fit the budget, each of its pairs gets its own minimal search, and what the limits
leave open stays unsettled (`solvable` None).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from pzl import events
from pzl.peg.engines.census import census, estimate
from pzl.peg.engines.search_tables import valid_symmetries
from pzl.peg.engines.solve import solve_minimal
from pzl.peg.verdict import why_impossible
from pzl.search.problem import Search
from pzl.search.progress import relay

#: Stored positions a single pair's minimal search may use when its start's census is too big.
PAIR_STATES = 1_000_000


@dataclass(slots=True)
class AtlasPair:
    """One class of ordered pairs: the representative (start, finish) and the pairs it stands for."""

    start: int
    finish: int
    copies: list[tuple[int, int]]
    solvable: bool | None = None
    moves: int | None = None
    minimal_solutions: int | None = None
    reason: str | None = None
    method: str | None = None  # "classes", "census" or "minimal"


@dataclass(slots=True)
class AtlasOutcome:
    """Every pair class; `complete` is False when some stayed unsettled (`stopped` says which limit)."""

    symmetries: int
    pairs: list[AtlasPair] = field(default_factory=list)
    complete: bool = True
    stopped: str | None = None
    nodes: int = 0
    seconds: float = 0.0


def pair_classes(board: Any) -> list[AtlasPair]:
    """One AtlasPair per class of ordered (start, finish) pairs; the representative has the least start,
    then the least finish."""
    perms = valid_symmetries(board.size, board.jumps, board.symmetries)
    seen: set[tuple[int, int]] = set()
    found = []
    for start in range(board.size):
        for finish in range(board.size):
            if (start, finish) in seen:
                continue
            orbit = sorted({(perm[start], perm[finish]) for perm in perms})
            seen.update(orbit)
            found.append(AtlasPair(start, finish, [pair for pair in orbit if pair != (start, finish)]))
    return found


def atlas(board: Any, *, max_states: int | None = None, seconds_limit: float | None = None) -> Search:
    """The atlas of `board`; a generator returning an AtlasOutcome.

    atlas(board, *, max_states=None, seconds_limit=None) -> Search

    max_states: the classes one start's census may store (None: no cap), and the positions a
    single pair's minimal search may store when the census would not fit. seconds_limit: for
    the whole atlas; pairs not reached in time stay unsettled.
    """
    clock = time.perf_counter()
    outcome = AtlasOutcome(symmetries=len(valid_symmetries(board.size, board.jumps, board.symmetries)))
    outcome.pairs = pair_classes(board)
    open_pairs: dict[int, list[AtlasPair]] = {}
    for pair in outcome.pairs:
        start = board.full ^ (1 << pair.start)
        reason = why_impossible(board, start, 1 << pair.finish)
        if reason is not None:
            pair.solvable, pair.reason, pair.method = False, reason, "classes"
        else:
            open_pairs.setdefault(pair.start, []).append(pair)
    yield events.progress(0, 0, time.perf_counter() - clock, phase="atlas")
    for hole, pairs in open_pairs.items():
        remaining = None if seconds_limit is None else seconds_limit - (time.perf_counter() - clock)
        if remaining is not None and remaining <= 0:
            outcome.stopped = "seconds"
            break
        start = board.full ^ (1 << hole)
        guess = estimate(board, start, None)
        if max_states is None or guess.classes <= max_states:
            yield from _by_census(board, start, pairs, outcome, clock, max_states, remaining)
        else:
            for pair in pairs:
                yield from _by_search(board, start, pair, outcome, clock, max_states, seconds_limit)
    outcome.complete = all(pair.solvable is not None for pair in outcome.pairs)
    if outcome.complete:
        outcome.stopped = None
    outcome.seconds = time.perf_counter() - clock
    return outcome


def _by_census(board: Any, start: int, pairs: list[AtlasPair], outcome: AtlasOutcome, clock: float,
               max_states: int | None, seconds: float | None) -> Search:
    """Settle every pair of one start with one census (finish: one peg anywhere)."""
    found = yield from relay(census(board, start, None, moves=False, max_states=max_states,
                                    seconds_limit=seconds), nodes=outcome.nodes, clock=clock)
    outcome.nodes += found.nodes
    if not found.complete:
        outcome.stopped = found.stopped
        for pair in pairs:
            pair.reason = f"not settled: the census of this start {found.reason}"
        return
    by_hole = {item.hole: item for item in found.finishes or []}
    for pair in pairs:
        item = by_hole.get(pair.finish)
        pair.method = "census"
        if item is None:
            pair.solvable = False
            pair.reason = "no sequence of jumps from this start leaves one peg in this hole (exhaustive census)"
        else:
            pair.solvable, pair.moves, pair.minimal_solutions = True, item.moves, item.minimal_solutions


def _by_search(board: Any, start: int, pair: AtlasPair, outcome: AtlasOutcome, clock: float,
               max_states: int | None, seconds_limit: float | None) -> Search:
    """Settle one pair with its own minimal search (counting its minimal solutions), within the limits."""
    remaining = None if seconds_limit is None else max(seconds_limit - (time.perf_counter() - clock), 0.0)
    if remaining == 0.0:
        outcome.stopped = "seconds"
        pair.reason = "not settled within the time limit"
        return
    found = yield from relay(solve_minimal(board, start, 1 << pair.finish, all_solutions=True, max_solutions=0,
                                           max_states=max_states or PAIR_STATES, seconds_limit=remaining),
                             nodes=outcome.nodes, clock=clock)
    outcome.nodes += found.nodes
    pair.method = "minimal"
    if found.solvable is None:
        outcome.stopped = found.stopped
        pair.reason = f"not settled: {found.reason}"
        return
    pair.solvable = found.solvable
    if found.solvable:
        pair.moves, pair.minimal_solutions = found.moves, found.count
    else:
        pair.reason = found.reason
