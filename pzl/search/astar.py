"""A*: best-first search on f = moves so far + a lower bound of the moves still needed.

    astar(problem, lower_bound=None, *, max_states=DEFAULT_MAX_STATES, bound_name=None) -> Search

Works on any `Problem` (`lower_bound` defaults to `problem.lower_bound`; pass `lambda s: 0`
for uniform-cost search). With an admissible bound the first goal taken off the queue is a
shortest solution; a node reached again by a shorter path is queued again, so a bound that is
admissible but not consistent still gives a shortest answer. Every state seen is stored (with
its parent and its distance), which is what A* pays for expanding fewer nodes than
breadth-first search: `states` counts them, and `max_states` caps them as in `pzl.search.breadth`.
The f value being expanded never decreases with a consistent bound and is always a proved lower
bound of the answer: progress reports it as `depth`, and a stop at the cap as `lower_bound`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator
from heapq import heappop, heappush
from typing import Any

from pzl.errors import SearchLimitError
from pzl.events import Event, progress
from pzl.search.breadth import DEFAULT_MAX_STATES
from pzl.search.problem import PROGRESS_EVERY, REPORT_SECONDS, Problem, Search, SearchOutcome
from pzl.search.shards import TABLE_SHARD

#: Besides every PROGRESS_EVERY nodes, progress is reported when REPORT_SECONDS have passed (looked at every
#: CHECK_EVERY nodes): a bound evaluated from scratch on a big board costs milliseconds a node.
CHECK_EVERY = 16
#: Queue entries freed between two events when A* stops at its cap (about 10 ms of CPU).
FREE_EVERY = 50_000


def astar(problem: Problem[Any], lower_bound: Callable[[Any], int] | None = None, *,
          max_states: int | None = DEFAULT_MAX_STATES, bound_name: str | None = None) -> Search:
    """A shortest path from `problem.start` to a goal, or path None (`exhausted`) when there is none."""
    clock = time.perf_counter()
    h = problem.lower_bound if lower_bound is None else lower_bound
    successors = problem.successors
    is_goal = problem.is_goal
    start = problem.start
    limit = max_states or 0
    # each stored state's distance and parent, in shards of at most TABLE_SHARD: no table rebuild longer than a slice
    costs: list[dict[Hashable, int]] = [{start: 0}]
    parents: list[dict[Hashable, Any]] = [{start: None}]
    cost, parent = costs[-1], parents[-1]   # the newest shards, where new states go
    stored = 1
    # (f, -g, tie, state): among equal f the deepest first (it is nearer a goal), then first come first served
    queue: list[tuple[int, int, int, Any]] = [(h(start), 0, 0, start)]
    tie = 1
    nodes = 0
    report = PROGRESS_EVERY
    clock_at = clock   # when progress was last reported: a costly bound reports by time, not only by count
    best_f = queue[0][0]
    while queue:
        f, minus_g, _, state = heappop(queue)
        g = -minus_g
        if g != cost.get(state, -1) and g != _lookup(costs, state):
            continue            # a stale entry: the state was queued again by a shorter path
        best_f = max(best_f, f)
        if is_goal(state):
            outcome = SearchOutcome(_path(parents, state), nodes, stored, time.perf_counter() - clock)
            outcome.bound = bound_name
            return outcome
        nodes += 1
        if nodes >= report or (not nodes % CHECK_EVERY and time.perf_counter() - clock_at >= REPORT_SECONDS):
            report = nodes + PROGRESS_EVERY
            clock_at = time.perf_counter()
            yield progress(nodes, stored, clock_at - clock, best_f)
        g += 1
        for child in successors(state):
            known = cost.get(child)
            if known is None and len(costs) > 1:
                known = _lookup(costs, child)
            if known is not None:
                if known <= g:
                    continue
                shard = next(i for i, table in enumerate(costs) if child in table)   # reached by a shorter path
                costs[shard][child] = g
                parents[shard][child] = state
            else:
                if stored == limit:   # a new position would not fit
                    yield from _emptied(queue, progress(nodes, stored, time.perf_counter() - clock, best_f))
                    raise SearchLimitError(f"A* stopped after storing {stored:,} positions (the cap is {limit:,})",
                                           "max_states", states=stored, lower_bound=best_f)
                if len(cost) >= TABLE_SHARD:
                    cost, parent = {}, {}
                    costs.append(cost)
                    parents.append(parent)
                cost[child] = g
                parent[child] = state
                stored += 1
            heappush(queue, (g + h(child), -g, tie, child))
            tie += 1
    outcome = SearchOutcome(None, nodes, stored, time.perf_counter() - clock, exhausted=True)
    outcome.bound = bound_name
    return outcome


def _lookup(tables: list[dict[Hashable, Any]], state: Any) -> Any:
    """The value a state has in the first of `tables` that holds it (None when none does)."""
    for table in tables:
        if state in table:
            return table[state]
    return None


def _path(parents: list[dict[Hashable, Any]], state: Any) -> list[Any]:
    path = [state]
    while (state := _lookup(parents, state)) is not None:
        path.append(state)
    path.reverse()
    return path


def _emptied(queue: list[Any], event: Event) -> Iterator[Event]:
    """Empty `queue` a piece at a time, yielding `event` between pieces: freed at once, the millions of
    entries of a search stopped at its cap took longer than a time slice of the page (0.1 s at 600,000)."""
    while queue:
        del queue[-FREE_EVERY:]
        yield event
