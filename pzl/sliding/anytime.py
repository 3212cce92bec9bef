"""Sliding `auto` on numbered tiles, an answer that gets better while you watch: the fast answer at once, then more.

Where `auto` would run IDA* on a rectangle of distinct tiles (boards past breadth-first reach:
the 15-puzzle, 3x4, 5x5, 10x10 ...), the fast solver answers first (`pzl.sliding.engines.fast`, a few
milliseconds to a tenth of a second), as an `improved` event unless it is proved minimal already
(its length meets the lower bound). Then:

* boards of at most 16 cells: IDA* (the stored tables or a database built now, as `ida` chooses)
  proves the fewest moves and replaces the answer — what `auto` gave before, after a fast answer;
* bigger boards: IDA* for `fast_reach.AUTO_IDA_NODES` nodes when the start's lower bound is under
  `fast_reach.AUTO_IDA_BOUND` (where it usually finishes); failing that, or from farther starts,
  the fast solver again (CONSTRUCTIONS, by the board's size): trying several orders of the lines at once
  (`Placer.reduce`: a twentieth shorter or so), and placing each line's tiles by groups of 3 or 2
  (`pzl.sliding.engines.fast_groups`), then windows of the shortest answer re-solved optimally
  (`pzl.sliding.engines.windows`) for SHORTEN_NODES nodes of IDA* (less the grouped searches' work,
  GROUP_NODE_WORTH), a shorter answer given every REPORT_NODES nodes or so.

The budgets count work (nodes, lines tried), never the wall clock: together about 1.3–2 s of CPU in
CPython on 5x5 to 10x10 boards and about twice that in the page (`bench/sliding_fast.py --auto`,
table in docs/sliding.md). The final answer is the best one: proved minimal, or with the lower
bound (the start's, or what IDA* proved), `"stopped": "nodes"` and a note saying how it was
shortened.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from pzl import events
from pzl.errors import SearchLimitError
from pzl.events import Event
from pzl.search import deepening
from pzl.search.anytime import beating, head_start
from pzl.search.problem import SearchOutcome
from pzl.search.progress import relay
from pzl.sliding import fast_reach
from pzl.sliding.board import distances
from pzl.sliding.effort import check_depth_first
from pzl.sliding.engines import tiles
from pzl.sliding.engines.fast import fast_solve
from pzl.sliding.engines.windows import Shortener
from pzl.sliding.outcome import SlidingProblem, as_states, fast_result, solution_result
from pzl.sliding.task import Puzzle

#: The constructions tried after the fast answer, by the board's cells at most: (orders of the lines tried at once,
#: tiles placed together by one search (`engines.fast_groups`; 0: one tile at a time)) each. Measured on random
#: boards (docs/sliding.md).
CONSTRUCTIONS = ((25, ((16, 0), (4, 3))), (49, ((16, 0), (4, 3), (4, 2))), (64, ((16, 0), (2, 3))),
                 (100, ((8, 0), (1, 3))))
#: IDA* nodes spent re-solving windows of the answer on a big board, by the windows' bound (a node with linear
#: conflict costs about twice one with Manhattan distance alone: 1.2 and 2.5 million a second in CPython).
SHORTEN_NODES = {"linear-conflict": 2_500_000, "manhattan": 3_000_000}
#: How auto's answers on a big board are found (`path`, `auto`, `algorithm`): the fast solver, then shortened.
FAST_ANSWER = events.answered_by("fast", auto=True)
SHORTENED_ANSWER = events.answered_by("fast", events.SHORTENED, auto=True)
#: What a node of the grouped constructions costs in IDA* nodes of the windows, by their bound (CPU, CPython: about
#: 4.5 microseconds against 0.8 and 0.4): their nodes come out of the windows' budget (a third of it is left at
#: least), so that auto takes about as long with them as without.
GROUP_NODE_WORTH = {"linear-conflict": 6, "manhattan": 12}
#: A shorter answer is given at most every this many nodes (each carries the whole solution).
REPORT_NODES = 600_000


def applies(puzzle: Puzzle, algorithm: str, all_solutions: bool) -> bool:
    """True when `auto`, having chosen `algorithm`, answers this way: IDA* on numbered tiles, one solution."""
    return algorithm == "ida" and not all_solutions and fast_reach.takes(puzzle)


def solve(puzzle: Puzzle, problem: SlidingProblem, payload: dict[str, Any], clock: float) -> Iterator[Event]:
    """`auto`'s answer (see the module's docstring): improved events, progress, then the final result."""
    board = puzzle.board
    lower = fast_reach.bound_of(puzzle)
    fast = yield from fast_solve(puzzle.start, puzzle.goal, board.rows, board.cols)
    spent = fast.nodes
    answer = {**payload, **fast_result(puzzle, fast, FAST_ANSWER, lower, None, spent, time.perf_counter() - clock)}
    if answer["minimal"]:
        yield events.result(answer)
        return
    yield events.improved(answer)
    best = answer["moves"]
    if board.size <= fast_reach.OPTIMAL_CELLS:
        yield from _proof(puzzle, problem, payload, answer, spent, clock)
        return
    if lower < fast_reach.AUTO_IDA_BOUND:
        search = tiles.ida_star_tiles(puzzle.start, puzzle.goal, board.adjacency, distances(board),
                                      rows_cols=(board.rows, board.cols), pattern_db=None, nodes=spent, clock=clock)
        watched = beating(search, best, lower, True)
        ended, outcome = yield from head_start(watched, spent + fast_reach.AUTO_IDA_NODES)
        if ended:
            yield events.result({**payload, **solution_result(puzzle, problem, as_states(problem, outcome),
                                                              "ida", False)})
            return
        watched.close()
        spent, lower = outcome["nodes"], outcome["lower_bound"]   # IDA*'s threshold then is a lower bound
    yield from _shorten(puzzle, payload, fast, lower, spent, clock)


def constructions(cells: int) -> list[dict[str, int]]:
    """`fast_solve`'s options for the constructions tried on a board of `cells` cells (CONSTRUCTIONS)."""
    chosen = next(tried for most, tried in CONSTRUCTIONS if cells <= most)
    return [{"width": width, "group": group} if group else {"width": width} for width, group in chosen]


def _proof(puzzle: Puzzle, problem: SlidingProblem, payload: dict[str, Any], answer: dict[str, Any], spent: int,
           clock: float) -> Iterator[Event]:
    """On a board of at most 16 cells: IDA* proves the fewest moves; the fast answer stays if IDA* is refused."""
    board = puzzle.board
    try:
        warning = check_depth_first(puzzle, problem, "ida", None, False)
    except SearchLimitError as refusal:
        yield events.result({**answer, "stopped": refusal.stopped, "note": f"not proved shortest: {refusal}"})
        return
    if warning:
        yield events.progress(spent, 0, time.perf_counter() - clock, warning=warning)
    rows_cols = (board.rows, board.cols)
    search = tiles.ida_star_tiles(puzzle.start, puzzle.goal, board.adjacency, distances(board), bound="auto",
                                  rows_cols=rows_cols, max_depth=deepening.MAX_DEPTH, nodes=spent, clock=clock)
    outcome = yield from beating(search, answer["moves"], answer["lower_bound"], True)
    result = {**payload, **solution_result(puzzle, problem, as_states(problem, outcome), "ida", False)}
    if warning:
        result["warning"] = warning
    yield events.result(result)


def _shorten(puzzle: Puzzle, payload: dict[str, Any], fast: SearchOutcome, lower: int, spent: int,
             clock: float) -> Iterator[Event]:
    """The fast solver again by each of the board's CONSTRUCTIONS, then windows of the shortest answer re-solved for
    SHORTEN_NODES nodes: a shorter answer now and then, the best last."""
    board = puzzle.board
    grouped = 0
    for options in constructions(board.size):
        search = fast_solve(puzzle.start, puzzle.goal, board.rows, board.cols, **options)
        other = yield from beating(relay(search, nodes=spent, clock=clock), len(fast.path) - 1, lower)
        spent += other.nodes
        grouped += other.nodes if "group" in options else 0
        if len(other.path) < len(fast.path):
            fast = other
            yield events.improved(_shortened(puzzle, payload, Shortener(board, puzzle.start, _blanks(fast)),
                                             lower, spent, clock))
    shortener = Shortener(board, puzzle.start, _blanks(fast))
    budget = SHORTEN_NODES[shortener.bound]
    budget = max(budget // 3, budget - GROUP_NODE_WORTH[shortener.bound] * grouped)
    reported = shortener.moves
    more = True
    while more and shortener.nodes < budget:
        work = shortener.run(min(REPORT_NODES, budget - shortener.nodes), spent, clock)
        more = yield from beating(work, reported, lower)
        if shortener.moves < reported:
            reported = shortener.moves
            if shortener.nodes < budget and more:
                yield events.improved(_shortened(puzzle, payload, shortener, lower, spent, clock))
    final = _shortened(puzzle, payload, shortener, lower, spent, clock)
    if not final["minimal"]:
        spent_words = "its budget of" if more else "every window, within"
        final.update(stopped="nodes", note=f"shortened by re-solving windows of it optimally ({spent_words} "
                                          f"{budget:,} nodes of IDA*); not proved shortest")
    yield events.result(final)


def _blanks(outcome: SearchOutcome) -> list[int]:
    """A solution's blank cells, start to goal."""
    return [position.index(0) for position in outcome.path]


def _shortened(puzzle: Puzzle, payload: dict[str, Any], shortener: Shortener, lower: int, spent: int,
               clock: float) -> dict[str, Any]:
    """The answer as the windows have left it."""
    path = shortener.path()
    outcome = SearchOutcome(path, nodes=spent + shortener.nodes, states=len(path))
    return {**payload, **fast_result(puzzle, outcome, SHORTENED_ANSWER, lower, None, spent + shortener.nodes,
                                     time.perf_counter() - clock)}
