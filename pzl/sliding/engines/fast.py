"""The fast solver for numbered tiles on any rectangle from 2 x 2 to 10 x 10: a solution at once, not a proof.

It places the board's border rows and columns one at a time (`fast_place`; or each line's tiles
by small groups, `fast_groups`), finishes the last region of at most 3 x 3 by an exact search,
then shortens the whole path (repeated positions cut out, short stretches re-solved exactly): both
by `fast_exact`. The answer carries an admissible lower bound (Manhattan distance + linear
conflict, last moves and corner tiles) beside its length; it is proved minimal only when the two meet.
A generator like every pzl search: progress events between lines and shortening passes, no recursion,
and closing it cancels the work.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import replace

from pzl.errors import PositionError
from pzl.events import Event, progress
from pzl.search.problem import Search, SearchOutcome
from pzl.search.progress import relay
from pzl.sliding.board import permutation_parity
from pzl.sliding.engines.fast_exact import finish, shorten_path
from pzl.sliding.engines.fast_groups import GroupPlacer
from pzl.sliding.engines.fast_place import Placer
from pzl.sliding.engines.tiles import replay_blanks

Position = tuple[Hashable, ...]

#: What the progress events say is running.
PHASE_PLACING = "placing rows and columns"
PHASE_SHORTENING = "shortening the solution"


def fast_solve(start: Position, goal: Position, rows: int, cols: int, *, shorten: bool = True,
               width: int = 1, group: int | tuple[int, ...] = 0, backward: bool = False, nodes: int = 0,
               clock: float | None = None) -> Search:
    """A solution (not necessarily shortest) from `start` to `goal` on a full rows x cols board.

    Positions are tuples of distinct labels in cell order, 0 the blank. An unsolvable pair
    (parity decides on every rectangle) raises PositionError. The outcome's path
    is the list of positions from start to goal. `width` above 1 tries that many orders of
    the lines at once (`Placer.reduce`): a shorter solution, usually, for more work. `group` above 0
    places each line's tiles by groups of that many (`fast_groups.GroupPlacer`), each by a search; a
    tuple of sizes (0: one tile at a time) tries each line every way, the best lines kept. `backward` builds
    the solution from the goal to the start (the lines of the start's arrangement placed, the blank brought to
    its cell there) and gives it reversed: another construction, as short on average, whose length varies
    independently of the forward one's. `nodes` and `clock` continue a request's count and clock (a later
    construction of `auto`): progress and the outcome's nodes count on from `nodes`, seconds from `clock`.
    """
    if backward:
        found = yield from fast_solve(goal, start, rows, cols, shorten=shorten, width=width, group=group,
                                      nodes=nodes, clock=clock)
        return replace(found, path=found.path[::-1])
    clock = time.perf_counter() if clock is None else clock
    start, goal = tuple(start), tuple(goal)
    home = {label: cell for cell, label in enumerate(goal)}
    if len(start) != rows * cols or set(home) != set(start) or len(home) != len(start) or 0 not in home:
        raise PositionError("the fast solver needs distinct tiles and one blank (0), the same in start and goal")
    z, g = start.index(0), goal.index(0)
    if (permutation_parity(start, goal) + z // cols + z % cols + g // cols + g % cols) % 2:
        raise PositionError("the position cannot reach the goal (the tiles' parity differs)")
    board = [home[label] for label in start]
    placer = GroupPlacer(rows, cols, board, home[0], group) if group else Placer(rows, cols, board, home[0])

    def report(phase: str, more: int = 0) -> Event:
        return progress(nodes + placer.nodes + more, len(placer.blanks), time.perf_counter() - clock, None,
                        phase=phase)

    region = yield from relay(placer.reduce(width), lambda _: report(PHASE_PLACING))
    last, spent = yield from finish(placer.board, placer.blank, region, cols, lambda more: report(PHASE_PLACING, more))
    if last is None:
        raise AssertionError("the last region of a solvable position could not be finished")
    placer.nodes += spent
    placer.walk(last[1:])
    blanks = placer.blanks
    if shorten:
        blanks, spent = yield from shorten_path(blanks, [home[label] for label in start], home[0], cols,
                                                lambda more: report(PHASE_SHORTENING, more))
        placer.nodes += spent
    path = replay_blanks(start, blanks)
    if path[-1] != goal:
        raise AssertionError("the fast solver's path does not end at the goal")
    return SearchOutcome(path, nodes=nodes + placer.nodes, states=len(path), seconds=time.perf_counter() - clock)

