"""Breadth-first searches over `Problem`: shortest path, all shortest paths, bidirectional, longest.

All are generators (a progress event every few thousand nodes, every few hundred where a node is costly)
returning a result; they assume moves are reversible (a successor's successors include it), as sliding moves are.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Container, Generator, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pzl.errors import SearchLimitError
from pzl.events import Event, progress
from pzl.search.problem import PROGRESS_EVERY, Problem, ReversibleProblem, Search, SearchOutcome

#: Default cap on stored states: about 150-250 MB in CPython, less in Pyodide.
DEFAULT_MAX_STATES = 3_000_000

#: States expanded between progress events in the layer-at-a-time searches: a whole
#: PROGRESS_EVERY with a batch `expand`, fewer when each state costs a Python call.
CHUNK = PROGRESS_EVERY
SLOW_CHUNK = PROGRESS_EVERY // 8


def _chunk(problem: Problem[Any]) -> int:
    """States between progress events: the problem's own `chunk` when it says, else by whether it expands in bulk."""
    return getattr(problem, "chunk", None) or (CHUNK if hasattr(problem, "expand") else SLOW_CHUNK)


def _limit_error(states: int, limit: int, what: str, **reached: int) -> SearchLimitError:
    """The stop at the state cap; `reached` adds what was proved (e.g. `lower_bound`). The service words the advice."""
    return SearchLimitError(f"{what} stopped after storing {states:,} positions (the cap is {limit:,})",
                            "max_states", states=states, **reached)


def _expander(problem: Problem[Any]) -> Callable[[list[Any]], set[Any]]:
    """`problem.expand` (all successors of many states at once) or one built from `successors`."""
    expand = getattr(problem, "expand", None)
    if expand is not None:
        return expand
    successors = problem.successors

    def expand_each(states: list[Any]) -> set[Any]:
        return {succ for state in states for succ in successors(state)}

    return expand_each


def _goal_set(problem: Problem[Any]) -> set[Any] | None:
    """The goal states when the problem can list them (a complete goal), else None."""
    goal_states = getattr(problem, "goal_states", None)
    if goal_states is None:
        return None
    try:
        return set(goal_states())
    except ValueError:
        return None


def bfs(problem: Problem[Any], *, max_states: int | None = DEFAULT_MAX_STATES,
        all_solutions: bool = False, max_solutions: int = 100) -> Search:
    """Shortest path from `problem.start` to a goal, layer by layer; returns a SearchOutcome.

    Keeps each layer as a set and no parent links: the next layer is the successors of
    this one minus this layer and the one before (moves are reversible), computed a chunk
    at a time with set operations; a path is traced back through neighbours one layer
    shallower. With `all_solutions`, the goal layer is finished and the shortest paths are
    counted exactly by path counts in the layered graph.
    """
    clock = time.perf_counter()
    start = problem.start
    expand = _expander(problem)
    is_goal = problem.is_goal
    targets = _goal_set(problem)
    chunk = _chunk(problem)
    limit = max_states or 0
    layers: list[set[Any]] = [{start}]
    stored = 1
    nodes = 0
    goals: list[Any] = [start] if is_goal(start) else []
    while not goals:
        current = list(layers[-1])
        before = layers[-2] if len(layers) > 1 else set()
        following: set[Any] = set()
        for i in range(0, len(current), chunk):
            found = expand(current[i:i + chunk])
            found -= layers[-1]
            found -= before
            found -= following
            nodes += min(chunk, len(current) - i)
            hits = found & targets if targets is not None else [state for state in found if is_goal(state)]
            if hits and not all_solutions:   # one goal is all this layer still needs to store
                found = {min(hits)}
            if limit and stored + len(following) + len(found) > limit:   # the goal is not within what fits
                raise _limit_error(stored + len(following), limit, "breadth-first search", lower_bound=len(layers))
            following |= found
            yield progress(nodes, stored + len(following), time.perf_counter() - clock, len(layers))
            if hits:
                goals = sorted(hits) if all_solutions else [min(hits)]
                if not all_solutions:
                    break
        if all_solutions and goals:  # the whole goal layer: every goal at this depth
            goals = (sorted(following & targets) if targets is not None
                     else [state for state in following if is_goal(state)])
        stored += len(following)
        if not following:
            break
        layers.append(following)
        yield progress(nodes, stored, time.perf_counter() - clock, len(layers) - 1,
                       layer=[len(layers) - 1, len(following)])
    outcome = SearchOutcome(None, nodes, stored, 0.0, exhausted=not goals)
    outcome.layers = [len(layer) for layer in layers]
    if goals:
        successors = problem.successors
        outcome.path = trace_layers(goals[0], layers, successors)
        if all_solutions:
            outcome.count, outcome.paths = count_paths(goals, layers, successors, max_solutions)
    for layer in layers:  # hand the memory back a layer at a time: freeing millions at once stalls a step
        layer.clear()
        yield progress(nodes, stored, time.perf_counter() - clock, len(layers) - 1)
    outcome.seconds = time.perf_counter() - clock
    return outcome


def trace_layers(state: Any, layers: Sequence[Container[Any]], successors: Callable[[Any], Iterable[Any]]) -> list[Any]:
    """A path from the root to `state` (in the last layer), one layer shallower each step."""
    path = [state]
    for depth in range(len(layers) - 2, -1, -1):
        state = next(n for n in successors(state) if n in layers[depth])
        path.append(state)
    path.reverse()
    return path


def _trace_back(state: Hashable, depth_of: dict[Hashable, int], successors: Callable[[Any], Iterable[Any]],
                ) -> list[Any]:
    """A path from the depth-0 state to `state`, stepping to a neighbour one layer shallower each time."""
    path = [state]
    depth = depth_of[state]
    while depth:
        depth -= 1
        state = next(n for n in successors(state) if depth_of.get(n) == depth)
        path.append(state)
    path.reverse()
    return path


def count_paths(goals: list[Any], layers: Sequence[Container[Any]], successors: Callable[[Any], Iterable[Any]],
                 cap: int) -> tuple[int, list[list[Any]]]:
    """The number of shortest paths from the root to any of `goals` (all in the last layer), and up to `cap`.

    Walks back from the goals to the states that lie on a shortest path, then counts
    paths forward from the root (each state: sum of its shallower neighbours' counts).
    """
    depth = len(layers) - 1
    on_path: list[set[Any]] = [set() for _ in range(depth + 1)]
    on_path[depth] = set(goals)
    for d in range(depth, 0, -1):
        shallower = on_path[d - 1]
        for state in on_path[d]:
            shallower.update(n for n in successors(state) if n in layers[d - 1])
    ways: dict[Any, int] = dict.fromkeys(on_path[0], 1)
    for d in range(1, depth + 1):
        for state in on_path[d]:
            ways[state] = sum(ways.get(n, 0) for n in successors(state) if n in on_path[d - 1])
    count = sum(ways[goal] for goal in on_path[depth])
    paths: list[list[Any]] = []
    # depth-first over the layered graph with an explicit stack (paths in a stable order)
    stack: list[tuple[Any, ...]] = [(root,) for root in sorted(on_path[0])]
    while stack and len(paths) < cap:
        partial = stack.pop()
        d = len(partial) - 1
        if d == depth:
            paths.append(list(partial))
            continue
        following = sorted(n for n in successors(partial[-1]) if n in on_path[d + 1])
        stack.extend((*partial, n) for n in reversed(following))
    return count, paths


def bidirectional(problem: ReversibleProblem[Any], *, max_states: int | None = DEFAULT_MAX_STATES) -> Search:
    """Shortest path searched from the start and the goal at once; returns a SearchOutcome.

    The articles' scheme: one FIFO queue holding both directions, which is the same as
    expanding whole layers alternately (start side, then goal side) in generation order,
    and stopping at the first state generated by one side that the other already holds.
    That first meeting is a shortest path: when the start side expands its layer d,
    both sides hold every state within d of their root (the goal side within d), no state
    was held by both, so the distance D >= 2d+1, and the path found has d+1+k <= 2d+1 moves
    (k <= d its depth on the goal side); likewise 2d+2 for the goal side's turn.
    `states` counts both tables at the meeting (16,088 for the 8-puzzle's hardest start).
    """
    clock = time.perf_counter()
    successors = problem.successors
    start = problem.start
    goals = list(problem.goal_states())
    sides: tuple[dict[Hashable, int], dict[Hashable, int]] = ({start: 0}, {})
    for goal in goals:
        sides[1].setdefault(goal, 0)
    if start in sides[1]:
        return SearchOutcome([start], 0, len(sides[1]) + 1, time.perf_counter() - clock)
    layers = [[start], list(sides[1])]
    sizes = ([1], [len(sides[1])])   # positions per depth on each side (a meeting's layer: as far as it got)
    every = _chunk(problem)
    limit = max_states or 0
    nodes = 0
    side = 0
    depth = [0, 0]
    while layers[0] and layers[1]:
        mine, theirs = sides[side], sides[1 - side]
        d = depth[side] = depth[side] + 1
        room = limit - len(theirs) if limit else sys.maxsize   # how many positions this side may hold
        following = []
        for state in layers[side]:
            nodes += 1
            if not nodes % every:
                yield progress(nodes, len(mine) + len(theirs), time.perf_counter() - clock, depth[0] + depth[1])
            for succ in successors(state):
                if succ in mine:
                    continue
                if len(mine) >= room and succ not in theirs:   # no meeting within the positions that fit
                    raise _limit_error(len(mine) + len(theirs), limit, "bidirectional search",
                                       lower_bound=depth[0] + depth[1])
                if succ in theirs:
                    if side == 0:
                        path = _trace_back(state, mine, successors) + _trace_back(succ, theirs, successors)[::-1]
                    else:
                        path = _trace_back(succ, theirs, successors) + _trace_back(state, mine, successors)[::-1]
                    sizes[side].append(len(following))
                    outcome = SearchOutcome(path, nodes, len(mine) + len(theirs), time.perf_counter() - clock)
                    meet = [d, theirs[succ]] if side == 0 else [theirs[succ], d]
                    outcome.layers = {"start": sizes[0], "goal": sizes[1], "meet": meet}
                    return outcome
                mine[succ] = d
                following.append(succ)
        layers[side] = following
        sizes[side].append(len(following))
        yield progress(nodes, len(mine) + len(theirs), time.perf_counter() - clock, depth[0] + depth[1],
                       layer=[side, d, len(following)])
        side = 1 - side
    stored = len(sides[0]) + len(sides[1])
    outcome = SearchOutcome(None, nodes, stored, time.perf_counter() - clock, exhausted=True)
    outcome.layers = {"start": sizes[0], "goal": sizes[1], "meet": None}
    return outcome


@dataclass(slots=True)
class Layers:
    """What a breadth-first sweep to exhaustion found: the count per depth and the last layer."""

    histogram: list[int] = field(default_factory=list)   # histogram[d] = states at distance d
    last: list[Any] = field(default_factory=list)        # every state at the greatest distance
    nodes: int = 0
    seconds: float = 0.0

    @property
    def states(self) -> int:
        """Every state reached."""
        return sum(self.histogram)

    @property
    def longest(self) -> int:
        """The greatest distance."""
        return len(self.histogram) - 1



def longest(problem: Problem[Any], sources: Iterable[Any], *,
            max_states: int | None = None) -> Generator[Event, None, Layers]:
    """Breadth-first from `sources` until no new state appears; returns the Layers.

    Keeps only three layers: with reversible moves a state's neighbours lie in the
    layer before, its own or the next, so next = neighbours - this - previous
    (set operations in C). A problem may offer `expand(states) -> set` for speed.
    """
    clock = time.perf_counter()
    expand = _expander(problem)
    chunk = _chunk(problem)
    previous: set[Any] = set()
    current = set(sources)
    result = Layers(histogram=[len(current)])
    total = len(current)
    limit = max_states or 0
    while True:
        members = list(current)
        following: set[Any] = set()
        for i in range(0, len(members), chunk):
            found = expand(members[i:i + chunk])
            found -= current
            found -= previous
            found -= following
            if limit and total + len(following) + len(found) > limit:
                raise _limit_error(total + len(following), limit, "the sweep", lower_bound=len(result.histogram))
            following |= found
            result.nodes += min(chunk, len(members) - i)
            yield progress(result.nodes, total + len(following), time.perf_counter() - clock,
                           len(result.histogram) - 1)
        if not following:
            break
        total += len(following)
        result.histogram.append(len(following))
        previous, current = current, following
    result.last = sorted(current)
    result.seconds = time.perf_counter() - clock
    return result


def reachable(problem: Problem[Any], *, max_states: int | None = DEFAULT_MAX_STATES,
              ) -> Generator[Event, None, set[Any]]:
    """Every state reachable from `problem.start` (progress as it goes)."""
    clock = time.perf_counter()
    expand = _expander(problem)
    size = _chunk(problem)
    seen = {problem.start}
    layer = [problem.start]
    nodes = 0
    limit = max_states or 0
    while layer:
        following: list[Any] = []
        for i in range(0, len(layer), size):
            chunk = layer[i:i + size]
            found = expand(chunk)
            found -= seen
            if limit and len(seen) + len(found) > limit:
                raise _limit_error(len(seen), limit, "the sweep")
            seen |= found
            following.extend(found)
            nodes += len(chunk)
            yield progress(nodes, len(seen), time.perf_counter() - clock)
        layer = following
    return seen
