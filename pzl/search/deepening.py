"""Depth-first searches with a growing limit: plain iterative deepening and IDA*.

Both work on any `Problem`, keep an explicit stack (no recursion), and can finish the
optimal iteration to count every shortest solution and list up to `max_solutions` of them
(0 lists none: the count, the path and the verdict never depend on the cap).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable

from pzl.events import progress
from pzl.search.problem import PROGRESS_EVERY, Problem, Search, SearchOutcome

_DONE = object()
#: The deepest bound the depth-first searches try (the services refuse starts known to lie deeper).
MAX_DEPTH = 200


def iddfs(problem: Problem, *, all_solutions: bool = False, max_solutions: int = 100,
          max_depth: int = MAX_DEPTH) -> Search:
    """Plain iterative deepening (limit 0, 1, 2, ...), never stepping back to the grandparent state.

    Returns a shortest path, or path None: `exhausted` says there is none at all, otherwise none
    was found within `max_depth` moves.
    """
    return _deepen(problem, lambda state: 0, all_solutions, max_solutions, max_depth)


def ida_star(problem: Problem, *, all_solutions: bool = False, max_solutions: int = 100,
             max_depth: int = MAX_DEPTH) -> Search:
    """IDA*: depth-first within a cost bound that starts at lower_bound(start) and rises to the least f cut off.

    `problem.lower_bound` must be admissible (never more than the true distance).
    """
    return _deepen(problem, problem.lower_bound, all_solutions, max_solutions, max_depth)


def _deepen(problem: Problem, lower_bound: Callable[[Hashable], int], all_solutions: bool,
            max_solutions: int, max_depth: int) -> Search:
    """The shared loop: one depth-first pass per bound, explicit stack of successor iterators."""
    clock = time.perf_counter()
    start = problem.start
    is_goal = problem.is_goal
    successors = problem.successors
    nodes = 0
    report_at = PROGRESS_EVERY
    bound = lower_bound(start)
    listed = max_solutions if all_solutions else 0
    if problem.is_goal(start):
        return SearchOutcome([start], nodes=1, states=1, seconds=time.perf_counter() - clock,
                             count=1 if all_solutions else None, paths=[[start]][:listed])
    iterations: list[tuple[int, int]] = []   # (bound, nodes) per pass
    while bound <= max_depth:
        before = nodes
        next_bound = None   # least f beyond the bound seen in this pass
        found: list[list[Hashable]] = []   # the first solution, then up to `listed`
        count = 0
        path = [start]
        pending = [iter(successors(start))]
        while pending:
            child = next(pending[-1], _DONE)
            if child is _DONE:
                pending.pop()
                path.pop()
                continue
            depth = len(path)   # the child's depth
            if depth >= 2 and child == path[-2]:
                continue        # stepping straight back only undoes the last move
            f = depth + lower_bound(child)
            if f > bound:
                if next_bound is None or f < next_bound:
                    next_bound = f
                continue
            nodes += 1
            if nodes >= report_at:
                report_at += PROGRESS_EVERY
                yield progress(nodes, len(path), time.perf_counter() - clock, depth=bound)
            if depth == bound:
                if is_goal(child):
                    count += 1
                    if not found or len(found) < listed:
                        found.append([*path, child])
                    if not all_solutions:
                        break
                elif next_bound is None or next_bound > bound + 1:
                    next_bound = bound + 1   # the leaf's children lie one move deeper
                continue
            path.append(child)
            pending.append(iter(successors(child)))
        iterations.append((bound, nodes - before))
        yield progress(nodes, bound + 1, time.perf_counter() - clock, depth=bound, iteration=[bound, nodes - before])
        if found:
            return SearchOutcome(found[0], nodes=nodes, states=bound + 1, seconds=time.perf_counter() - clock,
                                 count=count if all_solutions else None, paths=found[:listed], iterations=iterations)
        if next_bound is None:   # nothing was cut off: every path ends before the bound
            return SearchOutcome(None, nodes=nodes, states=bound + 1, seconds=time.perf_counter() - clock,
                                 exhausted=True, iterations=iterations)
        bound = next_bound
    return SearchOutcome(None, nodes=nodes, states=max_depth + 1, seconds=time.perf_counter() - clock,
                         iterations=iterations)
