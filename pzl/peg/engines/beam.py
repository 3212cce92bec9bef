"""Beam search for peg solitaire: keeps the most promising positions after every jump, in widening passes.

It finds solutions on big boards (French, diamond) where depth-first search wanders; it proves nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from pzl import events
from pzl.peg.board import Move
from pzl.peg.bounds import finish_pagodas
from pzl.peg.engines.search_tables import Jump, group_jumps, weigher
from pzl.search.problem import COSTLY_EVERY, Search

#: Positions kept after each jump, pass by pass; a pass that ends short starts a wider one.
WIDTHS = (256, 1024, 4096, 16384)
CHUNK = 8
#: Children scored between progress events (a layer of a wide beam has hundreds of thousands).
SCORES_PER_PROGRESS = COSTLY_EVERY
#: How far (0..1) the scoring centre moves from the board's centre towards the finish holes.
PULL = 0.6
#: Score cost of each move made so far: favours chains of jumps by one peg (fewer moves).
MOVE_COST = 5


class _Tables:
    """Per-board lookup tables: jumps into and out of each hole, the score's parts and the finish pagoda."""

    def __init__(self, size: int, jumps: Sequence[Jump], points: Sequence[tuple[float, float]] | None,
                 finish: int | None) -> None:
        self.into: list[list[tuple[int, int, int]]] = [[] for _ in range(size)]
        self.out: list[list[tuple[int, int, int]]] = [[] for _ in range(size)]
        neighbours = [0] * size
        for a, b, c in jumps:
            toggle = (1 << a) | (1 << b) | (1 << c)
            self.into[c].append(((1 << a) | (1 << b), toggle, a))
            self.out[a].append((1 << b, 1 << c, toggle))
            neighbours[a] |= 1 << b
        self.chunks = (size + CHUNK - 1) // CHUNK
        self.near = [_near_table(neighbours, k) for k in range(self.chunks)]
        # far from a centre pulled towards the finish costs a little: pegs there are hard to bring back
        costs = _distance_costs(points, finish) if points else None
        self.cost = weigher(costs) if costs is not None else None
        # a pagoda towards the finish: lighter positions can never reach it and are dropped
        self.alive: Callable[[int], bool] | None = None
        for test in finish_pagodas(size, jumps, finish):
            weigh, least = weigher(test.weights), test.least
            self.alive = lambda position, weigh=weigh, least=least: weigh(position) >= least

    def score(self, position: int) -> int:
        """Lower is better: 10 per isolated peg (no neighbour to jump or be jumped by) plus distance costs."""
        near = 0
        rest = position
        for table in self.near:
            near |= table[rest & 0xFF]
            rest >>= CHUNK
        cost = self.cost(position) if self.cost is not None else 0
        return 10 * (position & ~near).bit_count() + cost


def _distance_costs(points: Sequence[tuple[float, float]], finish: int | None) -> list[int]:
    """Per hole: 3 × its distance (Manhattan, drawing units) to the board's centre pulled towards the finish."""
    size = len(points)
    cx = sum(x for x, _ in points) / size
    cy = sum(y for _, y in points) / size
    if finish:
        holes = [h for h in range(size) if finish >> h & 1]
        cx = (1 - PULL) * cx + PULL * sum(points[h][0] for h in holes) / len(holes)
        cy = (1 - PULL) * cy + PULL * sum(points[h][1] for h in holes) / len(holes)
    return [round(3 * (abs(x - cx) + abs(y - cy))) for x, y in points]


def _near_table(neighbours: Sequence[int], chunk: int) -> list[int]:
    """For every byte of chunk `chunk`: the union of the neighbours of the holes it names."""
    table = [0] * (1 << CHUNK)
    for byte in range(1, 1 << CHUNK):
        low = byte & -byte
        hole = chunk * CHUNK + low.bit_length() - 1
        table[byte] = table[byte ^ low] | (neighbours[hole] if hole < len(neighbours) else 0)
    return table


def beam_search(board: Any, start: int, finish: int | None, *, widths: Sequence[int] = WIDTHS,
                seconds_limit: float | None = 30.0, max_states: int | None = None) -> Search:
    """A solution (a list of `Move`) from `start` to `finish` (None: one peg anywhere), or None.

    board: anything with `size`, `jumps` ((from, over, to) triples) and optionally `points` (where each hole is
    drawn; the score's distance costs need them).

    Returns a dict: {"path", "nodes", "states", "seconds", "width", "reason", "stopped" ("seconds" when
    the time limit ended it, "max_states" when the positions it keeps would pass `max_states`, else None)}.
    The layers kept and the one being made never hold more than `max_states` positions: a position is
    expanded only when all its children would fit. Yields progress after every jump layer and every few
    thousand positions.
    """
    size, jumps = board.size, board.jumps
    tables = _Tables(size, jumps, getattr(board, "points", None), finish)
    clock = time.perf_counter()
    nodes = 0
    wanted = 1 if finish is None else finish.bit_count()
    jumps_needed = start.bit_count() - wanted
    full = (1 << size) - 1
    most_children = len(jumps)
    for width in widths:
        layers: list[dict[int, tuple[int, int, int, int]]] = []
        layer: dict[int, tuple[int, int, int, int]] = {start: (0, -1, -1, 0)}
        kept = 1
        for depth in range(jumps_needed):
            following: dict[int, tuple[int, int, int, int]] = {}
            room = max_states - kept - most_children if max_states is not None else len(layer) * most_children
            for position, (_, _, landed, moves) in layer.items():
                if len(following) > room:
                    return {"path": None, "nodes": nodes, "states": kept + len(following),
                            "seconds": time.perf_counter() - clock, "width": width,
                            "reason": f"beam search stopped at the state budget of {max_states:,} positions",
                            "stopped": "max_states"}
                nodes += 1
                empty = full & ~position
                if empty.bit_count() <= position.bit_count():
                    rest = empty
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        c = low.bit_length() - 1
                        for pegs, toggle, a in tables.into[c]:
                            if position & pegs == pegs:
                                child = position ^ toggle
                                count = moves + (a != landed)
                                known = following.get(child)
                                if known is None or count < known[3]:
                                    following[child] = (position, a, c, count)
                else:
                    rest = position
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        a = low.bit_length() - 1
                        count = moves + (a != landed)
                        for over, land, toggle in tables.out[a]:
                            if position & over and not position & land:
                                child = position ^ toggle
                                known = following.get(child)
                                if known is None or count < known[3]:
                                    following[child] = (position, a, land.bit_length() - 1, count)
                if nodes & 511 == 0:
                    yield events.progress(nodes, len(following), time.perf_counter() - clock, depth=depth,
                                          width=width)
            following = yield from _keep_best(tables, following, width, nodes, clock, depth)
            layers.append(following)
            kept += len(following)
            layer = following
            yield events.progress(nodes, len(layer), time.perf_counter() - clock, depth=depth + 1, width=width)
            if not layer:
                break
            if seconds_limit is not None and time.perf_counter() - clock > seconds_limit:
                return {"path": None, "nodes": nodes, "states": len(layer), "seconds": time.perf_counter() - clock,
                        "width": width, "reason": f"no solution found by beam search within {seconds_limit:g} s",
                        "stopped": "seconds"}
        goal = next((p for p in layer if (p == finish if finish is not None else p.bit_count() == 1)), None)
        if goal is not None and len(layers) == jumps_needed:
            return {"path": _moves(layers, goal), "nodes": nodes, "states": sum(map(len, layers)),
                    "seconds": time.perf_counter() - clock, "width": width, "reason": None, "stopped": None}
    return {"path": None, "nodes": nodes, "states": 0, "seconds": time.perf_counter() - clock,
            "width": widths[-1] if widths else 0, "reason": "no solution found by beam search", "stopped": None}


def _keep_best(tables: _Tables, following: dict[int, tuple[int, int, int, int]], width: int, nodes: int,
               clock: float, depth: int) -> Search:
    """The `width` best children still alive by the finish pagoda (ties: first generated first), yielding progress."""
    alive, score = tables.alive, tables.score
    children: list[int] = []
    keys: list[int] = []
    for number, (child, step) in enumerate(following.items(), 1):
        if number % SCORES_PER_PROGRESS == 0:
            yield events.progress(nodes, len(following), time.perf_counter() - clock, depth=depth, width=width)
        if alive is not None and not alive(child):
            continue
        children.append(child)
        if len(following) > width:
            keys.append(score(child) + MOVE_COST * step[3])
    if len(children) > width:
        order = sorted(range(len(children)), key=keys.__getitem__)[:width]
        children = [children[index] for index in order]
    return {child: following[child] for child in children}


def _moves(layers: list[dict[int, tuple[int, int, int, int]]], goal: int) -> list[Move]:
    """The jumps leading to `goal`, grouped into moves (consecutive jumps by one peg)."""
    jumps = []
    position = goal
    for layer in reversed(layers):
        parent, a, c, _ = layer[position]
        jumps.append((a, c))
        position = parent
    return group_jumps(jumps[::-1])
