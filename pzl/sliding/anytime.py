"""Sliding `auto` on numbered tiles, an answer that gets better while you watch: the fast answer at once, then more.

Where `auto` would run IDA* on a rectangle of distinct tiles (boards past breadth-first reach:
the 15-puzzle, 3x4, 5x5, 10x10 ...), the fast solver answers first (`pzl.sliding.engines.fast`, a few
milliseconds to a tenth of a second), as an `improved` event unless it is proved minimal already
(its length meets the lower bound). Then:

* boards of at most 16 cells: IDA* (the stored tables or a database built now, as `ida` chooses)
  proves the fewest moves and replaces the answer — what `auto` gave before, after a fast answer;
* bigger boards: IDA* for `fast_reach.AUTO_IDA_NODES` nodes when the start's lower bound is under
  `fast_reach.AUTO_IDA_BOUND` (where it usually finishes); failing that, or from farther starts,
  other constructions (CONSTRUCTIONS, by the board's size): a beam search over the whole board
  (`pzl.sliding.engines.beam`, its path backed off and finished by the fast solver several ways: a quarter to
  a third shorter than the fast answer); then windows of the shortest answer re-solved optimally
  (`pzl.sliding.engines.windows`) for SHORTEN_NODES nodes of IDA* (less the constructions' work,
  GROUP_NODE_WORTH and BEAM_NODE_WORTH), a shorter answer given every REPORT_NODES nodes or so.

The board's context is made once (the plan's `pzl.sliding.plan.Plan`: the start's lower bound, what the
depth-first check says of a proof; the board's distances, which the board works out once) and handed to every
search below (`Tiles`); the
answers on the way are data (`pzl.sliding.outcome.Found`, written by `outcome.answer_result`), made into events
in one place, and progress says the length to beat and the bound proved in one place too (both in `solve`).

The budgets count work (nodes, lines tried), never the wall clock: together about 1.6–2 s of CPU in
CPython on 5x5 to 10x10 boards at the median and about twice that in the page (`bench/sliding_fast.py --auto`,
table in docs/sliding.md). The final answer is the best one: proved minimal, or with the lower
bound (the start's, or what IDA* proved), `"stopped": "nodes"` and a note saying how it was
shortened.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from pzl import events
from pzl.events import Event
from pzl.search import deepening
from pzl.search.problem import Search, SearchOutcome
from pzl.search.progress import head_start
from pzl.sliding import fast_reach
from pzl.sliding.board import Board
from pzl.sliding.engines import tiles
from pzl.sliding.engines.beam import beam_solve
from pzl.sliding.engines.fast import fast_solve
from pzl.sliding.engines.windows import Shortener
from pzl.sliding.outcome import Found, answer_result
from pzl.sliding.plan import Plan
from pzl.sliding.task import Puzzle

#: The constructions tried after the fast answer, by the board's cells at most: the width of a beam over the whole
#: board (`engines.beam`; 0: none), then the fast solver's, each (orders of the
#: lines tried at once, tiles placed together by one search (`engines.fast_groups`; 0: one tile at a time; several:
#: each line tried every way, the best kept)[, True: built backward, from the goal to the start]). Measured on random
#: boards (docs/sliding.md): the beam, backed off, is shorter than every construction from the start on 5x5 to
#: 10x10; its widths are what the page's 5 s holds.
CONSTRUCTIONS = ((25, 2000, ()), (36, 1500, ()), (49, 800, ()), (64, 400, ()), (100, 150, ()))
#: IDA* nodes spent re-solving windows of the answer on a big board, by the windows' bound (a node with linear
#: conflict costs about twice one with Manhattan distance alone: 1.2 and 2.5 million a second in CPython).
SHORTEN_NODES = {"linear-conflict": 2_500_000, "manhattan": 3_000_000}
#: How auto's answers on a big board are found (`path`, `auto`, `algorithm`): the fast solver, then shortened.
FAST_ANSWER = events.answered_by("fast", auto=True)
SHORTENED_ANSWER = events.answered_by("fast", events.SHORTENED, auto=True)
#: The same when the beam's answer was the shortest (`engines.beam`).
BEAM_ANSWER = events.answered_by("beam", auto=True)
BEAM_SHORTENED = events.answered_by("beam", events.SHORTENED, auto=True)
#: What a node of the grouped constructions costs in IDA* nodes of the windows, by their bound (CPU, CPython: about
#: 4.5 microseconds against 0.8 and 0.4): their nodes come out of the windows' budget (WINDOWS_FLOOR of it is left
#: at least), so that auto takes about as long with them as without.
GROUP_NODE_WORTH = {"linear-conflict": 6, "manhattan": 12}
#: What a node of the beam costs in IDA* nodes of the windows (about 2 microseconds of CPU).
BEAM_NODE_WORTH = {"linear-conflict": 3, "manhattan": 5}
#: The share of SHORTEN_NODES the windows keep however much the constructions took (after the beam backed off, the
#: windows' first few hundred thousand nodes find what they find: on 8x8 a tenth and two thirds of the budget gave
#: the same median on 32 starts).
WINDOWS_FLOOR = 0.15
#: A shorter answer is given at most every this many nodes (each carries the whole solution).
REPORT_NODES = 600_000

Position = tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class Tiles:
    """The board's context for auto's searches, made once at the start (`prepare`): the start and goal, the board
    and its distances (`Board.distances`, worked out once per board), read by the fast solver, every IDA* and the
    windows."""

    start: Position
    goal: Position
    board: Board

    @property
    def distances(self) -> tuple[tuple[int, ...], ...]:
        """Graph distance between every two cells of the board."""
        return self.board.distances

    def fast(self, nodes: int = 0, clock: float | None = None, **options: int | tuple[int, ...]) -> Search:
        """The fast solver on this board (`options`: its width and group), counting on from `nodes` and `clock`."""
        return fast_solve(self.start, self.goal, self.board.rows, self.board.cols, nodes=nodes, clock=clock,
                          **options)

    def beam(self, width: int, nodes: int = 0, clock: float | None = None) -> Search:
        """The beam search over the whole board (`pzl.sliding.engines.beam`), `width` positions wide."""
        return beam_solve(self.start, self.goal, self.board.rows, self.board.cols, width, nodes=nodes, clock=clock)


def prepare(puzzle: Puzzle) -> Tiles:
    """The board's context, once for the whole request."""
    return Tiles(puzzle.start, puzzle.goal, puzzle.board)


def solve(puzzle: Puzzle, chosen: Plan, payload: dict[str, Any], clock: float) -> Iterator[Event]:
    """`auto`'s answer (see the module's docstring): improved events, progress, then the final result.

    Once an answer is out, progress says the moves to beat (`best`) and the fewest proved (`lower_bound`: the
    plan's, or IDA*'s depth when higher: progress without a phase is IDA*'s), said here for every phase.
    """
    best, proved = None, chosen.lower_bound or 0
    board = prepare(puzzle)
    for item in _answers(board, chosen, clock):
        if isinstance(item, Found):   # an answer: the event that carries it (the one place they are made)
            best = len(item.outcome.path) - 1
            result = {**payload, **answer_result(puzzle, chosen.problem, item, time.perf_counter() - clock)}
            if item.final:
                yield events.result(result)
            else:
                yield events.improved(result)
        elif best is not None and item.get("event") == "progress" and "warning" not in item:
            if not item.get("phase"):
                proved = max(proved, item.get("depth") or 0)
            yield {**item, "best": best, "lower_bound": proved}
        else:
            yield item


def _answers(board: Tiles, chosen: Plan, clock: float) -> Search:
    """The answers (`Found`) and progress of `auto`, the final answer last: the fast answer, then IDA* (a proof on
    boards of at most 16 cells; on bigger ones an attempt within AUTO_IDA_NODES from a start near enough), then
    shorter answers from the other constructions (the beam, the fast solver again) and the windows."""
    lower = chosen.lower_bound
    assert lower is not None
    fast = yield from board.fast()
    spent = fast.nodes
    if len(fast.path) - 1 == lower:
        yield Found(fast, lower, FAST_ANSWER, final=True)
        return
    yield Found(fast, lower, FAST_ANSWER)
    if chosen.budget.refusal is not None:   # the plan's depth-first check: IDA* cannot prove it, the fast answer stays
        yield Found(fast, lower, FAST_ANSWER, final=True, extra={"stopped": chosen.budget.refusal.stopped,
                                                    "note": f"not proved shortest: {chosen.budget.refusal}"})
        return
    proof = board.board.size <= fast_reach.OPTIMAL_CELLS
    if proof or lower < fast_reach.AUTO_IDA_BOUND:
        if chosen.budget.warning:
            yield events.progress(spent, 0, time.perf_counter() - clock, warning=chosen.budget.warning)
        options = {"bound": "auto", "max_depth": deepening.MAX_DEPTH} if proof else {"pattern_db": None}
        watched = tiles.ida_star_tiles(board.start, board.goal, board.board.adjacency, board.distances,
                                       rows_cols=(board.board.rows, board.board.cols), nodes=spent, clock=clock,
                                       **options)   # linear conflict on the rectangle, a database as `options` say
        ended, outcome = yield from head_start(watched, math.inf if proof else spent + fast_reach.AUTO_IDA_NODES)
        if ended:
            yield Found(outcome, lower, proved=True, final=True,
                        extra={"warning": chosen.budget.warning} if chosen.budget.warning else {})
            return
        watched.close()
        spent, lower = outcome["nodes"], max(lower, outcome.get("depth") or 0)   # IDA*'s threshold: a lower bound
    yield from _shorten(board, fast, lower, spent, clock)


def constructions(cells: int) -> list[dict[str, int | tuple[int, ...]]]:
    """The constructions tried on a board of `cells` cells (CONSTRUCTIONS): `{"beam": width}` for `Tiles.beam`,
    then `Tiles.fast`'s options."""
    beam, chosen = next((beam, tried) for most, beam, tried in CONSTRUCTIONS if cells <= most)
    return ([{"beam": beam}] if beam else []) + [{"width": width, **({"group": group} if group else {}),
                                                  **({"backward": True} if any(backward) else {})}
                                                 for width, group, *backward in chosen]


def _shorten(board: Tiles, fast: SearchOutcome, lower: int, spent: int, clock: float) -> Search:
    """The board's CONSTRUCTIONS (the beam, the fast solver again), then windows of the shortest answer re-solved
    for SHORTEN_NODES nodes: a shorter answer now and then, the best last, labelled by how it was found."""
    grouped = beamed = 0
    found_by = FAST_ANSWER
    for options in constructions(board.board.size):
        width = options.get("beam")
        other = yield from (board.beam(width, spent, clock) if width else board.fast(spent, clock, **options))
        work, spent = other.nodes - spent, other.nodes
        if width:
            beamed += work
        elif "group" in options:
            grouped += work
        if len(other.path) < len(fast.path):
            fast, found_by = other, BEAM_ANSWER if width else SHORTENED_ANSWER
            yield Found(SearchOutcome(fast.path, nodes=spent, states=len(fast.path)), lower, found_by)
    shortened = BEAM_SHORTENED if found_by is BEAM_ANSWER else SHORTENED_ANSWER
    shortener = Shortener(board.board, board.start, [position.index(0) for position in fast.path], board.distances)
    budget = SHORTEN_NODES[shortener.bound]
    budget = max(int(budget * WINDOWS_FLOOR), budget - GROUP_NODE_WORTH[shortener.bound] * grouped
                 - BEAM_NODE_WORTH[shortener.bound] * beamed)
    before = reported = shortener.moves
    while True:
        solution = yield from shortener.run(min(REPORT_NODES, budget - shortener.nodes), spent, clock)
        final = solution.stopped is None or shortener.nodes >= budget
        if final or shortener.moves < reported:   # a shorter answer on the way, or the last
            reported = shortener.moves
            stopped = {}
            if final and shortener.moves > lower:
                spent_words = "its budget of" if solution.stopped else "every window, within"
                done = ("shortened by re-solving windows of it optimally" if reported < before else
                        "no window of it re-solved optimally was shorter")
                stopped = {"stopped": "nodes",
                           "note": f"{done} ({spent_words} {budget:,} nodes of IDA*); not proved shortest"}
            yield Found(solution, lower, shortened if reported < before else found_by, final=final, extra=stopped)
        if final:
            return
