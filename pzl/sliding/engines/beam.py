"""Beam search over the whole board: a solution of numbered tiles that is often far shorter than a construction's.

Depth by depth from the start, every position of the beam is moved each way but back, and the `width`
children nearest the goal go on (positions seen before are dropped, so the beam never walks in a circle).
"Nearest" is a rank, not a bound: BOUND_WEIGHT times Manhattan distance + linear conflict, plus the sum of the
tiles' squared distances from home, so that a tile far from home weighs more than its distance; ranked by the
bound alone, the beam brings the near tiles home first and ends on positions the bound calls a few moves from
the goal that are a swapped pair or a cycle of tiles far apart in a sorted board, 80-120 moves away on 7x7.
Where the line-by-line construction (`pzl.sliding.engines.fast`) moves tiles of later lines about while it
places each line, the beam brings every tile nearer its goal at once: measured on random boards, backed off, it
answers in 1.45-1.86 times the lower bound at the median on 5x5 to 10x10 where the construction takes 2.2-2.5
(docs/sliding.md). On big boards a narrow beam stalls; after STALL_PER_LINE depths per row and column without
a better-ranked position (and STALL_FLOOR more) it gives up at the best position it kept; a beam that ends
early, on a plateau far from the goal, is run again wider (EARLY_SHARE). Either way the construction then
finishes from several cuts of the beam's path (`_back_off`): the beam's last stretch, where a few tiles are
brought home at the cost of many moves, is better replaced by the construction from some way back.

A generator like every pzl search: progress about every PROGRESS_EVERY nodes, no recursion, and closing it
cancels the work; Python's cycle collector is paused while it runs (`collector_paused`) and its positions are
freed a few layers at a time at the end, so neither walks them in one time slice. A node is a child ranked
(about 2 µs of CPython's CPU); every position kept stays in memory until the end, for the path and the seen
set (7x7 at width 1,000: about 360,000 positions, 130 MB at the peak).
"""

from __future__ import annotations

import time
from collections.abc import Generator, Hashable, Sequence

from pzl.events import Event, progress
from pzl.search.problem import PROGRESS_EVERY, Search, SearchOutcome, collector_paused
from pzl.search.progress import relay
from pzl.sliding.board import grid_distances, rectangle
from pzl.sliding.engines.fast import fast_solve
from pzl.sliding.engines.fast_exact import cut_loops
from pzl.sliding.engines.tiles import line_conflicts, longest_increasing, replay_blanks

#: Depths without a child nearer the goal than the best so far before the beam gives up: this many per row and
#: column of the board, and STALL_FLOOR more.
STALL_PER_LINE, STALL_FLOOR = 2, 16
#: A position's rank: the bound (Manhattan distance + linear conflict) this many times, plus the sum over tiles of
#: the square of each one's distance from home, so a tile far from home costs more than its distance and the beam
#: does not leave it for the end (where it stalls).
BOUND_WEIGHT = 5
#: The beam's path is cut CUTS times, evenly over its last BACK_SHARE, and finished from each cut by the
#: construction (`fast_solve`): the beam's last stretch spends 2-4 moves per unit of bound, the construction from
#: some way back less (docs/sliding.md). The cuts are ranked by a quick construction; FINISHES are fast_solve's
#: options, each run on that many of the best cuts (groups of 3, the dearest, on the best alone); the shortest kept.
CUTS, BACK_SHARE = 10, 0.5
FINISHES: tuple[tuple[dict[str, int | bool | tuple[int, ...]], int], ...] = (
    ({"width": 4}, 3), ({"backward": True}, 3), ({}, 3), ({"group": (0, 3)}, 1))
#: A beam whose best rank stays above EARLY_SHARE of the start's ends early: on a plateau its best rank never
#: improves again (1 of 16 random 10x10 starts at width 150 stalls 152 moves in, 601 of the bound's 687 left; at
#: 200 it does not); it is run again a third wider, at most RETRIES times.
EARLY_SHARE, RETRIES = 0.25, 2
#: What the progress events say is running: the search, then its positions freed FREED_LAYERS layers at a time,
#: then the construction finishing from the cuts of its path (BACKING_OFF, in place of the fast solver's phases).
PHASE, FREEING, FREED_LAYERS = "beam search", "freeing memory", 20
BACKING_OFF = "finishing the beam's path"


def beam_solve(start: Sequence[Hashable], goal: Sequence[Hashable], rows: int, cols: int, width: int, *,
               nodes: int = 0, clock: float | None = None) -> Search:
    """A solution from `start` to `goal` (distinct labels in cell order, 0 the blank; a pair that can reach each
    other, as `fast_solve` checks) on a full rows x cols board of at most 256 cells by a beam of `width` (at least
    1) positions, backed off and finished by the construction (see the module's docstring). `nodes` and `clock`
    continue a request's count and clock."""
    clock = time.perf_counter() if clock is None else clock
    cells = rows * cols
    if width < 1 or cells > 256:
        raise ValueError(f"a beam needs a width of at least 1 and at most 256 cells (width {width}, {cells} cells)")
    return (yield from collector_paused(_widening(start, goal, rows, cols, width, nodes, clock)))


def _widening(start: Sequence[Hashable], goal: Sequence[Hashable], rows: int, cols: int, width: int, nodes: int,
              clock: float) -> Search:
    """The beam, run again a third wider (at most RETRIES times) while it ends early, then backed off and
    finished (`_back_off`) — under `beam_solve`, which pauses the collector around it."""
    for _ in range(RETRIES + 1):
        blanks, nodes, states, early = yield from _beam(start, goal, rows, cols, width, nodes, clock)
        if not early:
            break
        width += max(1, width // 3)
    blanks, nodes = yield from _back_off(start, goal, rows, cols, blanks, nodes, clock)
    return SearchOutcome(replay_blanks(tuple(start), blanks), nodes=nodes, states=states,
                         seconds=time.perf_counter() - clock)


def _beam(start: Sequence[Hashable], goal: Sequence[Hashable], rows: int, cols: int, width: int, nodes: int,
          clock: float) -> Generator[Event, None, tuple[list[int], int, int, bool]]:
    """One beam of `width`: the blank's cells to the goal, or to the best-ranked position when it stalled or
    every child was seen before; the nodes counted on from `nodes`, the positions kept, and whether it ended
    early (its best rank still above EARLY_SHARE of the start's)."""
    cells = rows * cols
    home = {label: cell for cell, label in enumerate(goal)}
    target, blank = bytes(range(cells)), home[0]
    row_of, col_of = [cell // cols for cell in range(cells)], [cell % cols for cell in range(cells)]
    moves = [[(near, row_of[near], col_of[near]) for near in nears]   # the cells next to each, with row and column
             for nears in rectangle(rows, cols).adjacency]

    known: dict[tuple[bool, int, bytes, int, int], int] = {}

    def out_after(in_row: bool, line: int, board: bytes, at: int, piece: int) -> int:
        """Tiles that must leave goal row (or column) `line` (linear conflict) once `piece` stands on its `at`-th
        cell (`blank`: the piece there has left); remembered by the line's content, which many positions share."""
        content = board[line * cols:(line + 1) * cols] if in_row else board[line::cols]
        key = (in_row, line, content, at, piece)
        out = known.get(key)
        if out is None:
            home_line, rank = (row_of, col_of) if in_row else (col_of, row_of)
            ranks = [rank[there] for there in (piece if index == at else there for index, there in enumerate(content))
                     if there != blank and home_line[there] == line]
            out = known[key] = len(ranks) - longest_increasing(ranks)
        return out

    steps = grid_distances(rows, cols)
    first = bytes(home[label] for label in start)
    in_rows, in_cols = (tuple(counts) for counts in line_conflicts(first, blank, rows, cols))
    estimate = sum(BOUND_WEIGHT * away + away * away for away in (steps[cell][at] for cell, at in enumerate(first)
                                                                    if at != blank))
    estimate += 2 * BOUND_WEIGHT * (sum(in_rows) + sum(in_cols))
    # a position of the beam: (estimate, goal cells by cell, blank's cell, tiles out per row, per column, index of
    # its parent in the layer before, the parent's blank cell), all tuples of ints and bytes: the garbage collector
    # stops tracking them, so its passes over hundreds of thousands of kept positions do not stall a time slice
    first_estimate = estimate
    layer = [(estimate, first, first.index(blank), in_rows, in_cols, -1, -1)]
    layers = [layer]
    seen = {first}
    best, best_depth = estimate, 0
    stall = STALL_PER_LINE * (rows + cols) + STALL_FLOOR
    spent = reported = 0
    found = 0 if first == target else None
    span = width * cells   # a child's rank in one int: (estimate, its parent's index, the moved piece's cell)
    while found is None:
        children, lines = [], {}
        for index, (estimate, board, empty, in_rows, in_cols, _, before) in enumerate(layer):
            empty_row, to_empty, rank = row_of[empty], steps[empty], estimate * span + index * cells
            for cell, row, col in moves[empty]:
                if cell == before:
                    continue
                piece = board[cell]
                now, was = to_empty[piece], steps[cell][piece]   # the piece's distance from home after the move, before
                change = BOUND_WEIGHT * (now - was) + now * now - was * was
                line = None   # the one line whose conflicts can change: the piece leaves or enters its goal line
                if row != empty_row:
                    goal_row = row_of[piece]
                    if goal_row in (row, empty_row):
                        out = out_after(True, goal_row, board, col, blank if goal_row == row else piece)
                        change += 2 * BOUND_WEIGHT * (out - in_rows[goal_row])
                        line = (True, goal_row, out)
                else:
                    goal_col = col_of[piece]
                    if goal_col in (col, col_of[empty]):
                        out = out_after(False, goal_col, board, row, blank if goal_col == col else piece)
                        change += 2 * BOUND_WEIGHT * (out - in_cols[goal_col])
                        line = (False, goal_col, out)
                key = rank + change * span + cell
                if line is not None:
                    lines[key] = line
                children.append(key)
        spent += len(children)
        children.sort()
        parents, layer = layer, []
        for key in children:
            estimate, index = divmod(key, span)
            index, cell = divmod(index, cells)
            _, board, empty, in_rows, in_cols, _, _ = parents[index]
            moved = bytearray(board)
            moved[empty], moved[cell] = board[cell], blank
            child = bytes(moved)
            if child in seen:
                continue
            seen.add(child)
            line = lines.get(key)
            if line is not None:
                in_line = list(in_rows if line[0] else in_cols)
                in_line[line[1]] = line[2]
                in_rows, in_cols = (tuple(in_line), in_cols) if line[0] else (in_rows, tuple(in_line))
            layer.append((estimate, child, cell, in_rows, in_cols, index, empty))
            if child == target:
                found = len(layer) - 1
                break
            if len(layer) == width:
                break
        layers.append(layer)
        depth = len(layers) - 1
        if spent - reported >= PROGRESS_EVERY:
            reported = spent
            yield progress(nodes + spent, len(seen), time.perf_counter() - clock, None, phase=PHASE)
        if not layer:
            break
        if layer[0][0] < best:
            best, best_depth = layer[0][0], depth
        elif found is None and depth - best_depth > stall:
            break
    if found is None:   # stalled: to the nearest position kept, and the construction from there
        found, layers = 0, layers[:best_depth + 1]
    blanks = []
    for kept in reversed(layers):
        _, _, empty, _, _, found, _ = kept[found]   # the blank's cell there, and its parent's index
        blanks.append(empty)
    blanks.reverse()
    states = len(seen)
    while layers:   # freed a few layers at a time: all at once, freeing was the longest silence of the search
        del layers[-FREED_LAYERS:]
        yield progress(nodes + spent, states, time.perf_counter() - clock, None, phase=FREEING)
    seen.clear()
    return blanks, nodes + spent, states, best > EARLY_SHARE * first_estimate


def _back_off(start: Sequence[Hashable], goal: Sequence[Hashable], rows: int, cols: int, blanks: list[int],
              nodes: int, clock: float) -> Search:
    """The beam's path (the blank's cells) cut CUTS times, evenly over its last BACK_SHARE, each cut finished by
    the construction: (the shortest whole path found, nodes counted on from `nodes`).

    The cuts are ranked by a quick construction (no windows shortened) and the best are finished each way of
    FINISHES (the fast solver's options, each on so many of the best cuts). The beam's own path, if it reached
    the goal, is kept unless a finish is shorter; every candidate has its loops cut (a construction's first moves
    may undo the beam's last)."""
    path = replay_blanks(tuple(start), blanks)
    reached = path[-1] == tuple(goal)
    step = max(1, round(len(blanks) * BACK_SHARE / CUTS))

    def finish(back: int, **options: int | bool | tuple[int, ...]) -> Search:
        """The construction from the cut `back` moves before the beam's end, its progress named BACKING_OFF."""
        return relay(fast_solve(path[-1 - back], goal, rows, cols, nodes=nodes, clock=clock, **options),
                     _backing_off)

    ranked = []
    for back in range(step if reached else 0, min(len(blanks), CUTS * step), step):
        quick = yield from finish(back, shorten=False)
        nodes = quick.nodes
        ranked.append((len(blanks) - back + len(quick.path), back))
    best = blanks if reached else None
    ranked.sort()
    for options, kept in FINISHES:
        for _, back in ranked[:kept]:
            rest = yield from finish(back, **options)
            nodes = rest.nodes
            whole = cut_loops(blanks[:len(blanks) - back] + [position.index(0) for position in rest.path[1:]], start)
            if best is None or len(whole) < len(best):
                best = whole
    assert best is not None   # the beam's path has at least its start: one cut at least
    return best, nodes


def _backing_off(event: Event) -> Event:
    """The fast solver's progress named as the back-off's (BACKING_OFF), so a watcher sees what runs."""
    return {**event, "phase": BACKING_OFF} if event.get("event") == "progress" else event
