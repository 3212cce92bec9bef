"""A quick peg-solitaire solver for big boards: depth-first over single jumps, remembering dead positions.

It finds a solution, not a minimal one; pagoda weights and the dead-position table keep it fast.
"""

from __future__ import annotations

import time
from typing import Any

from pzl import events
from pzl.peg.pagoda import class_masks, distance_pagoda, position_class, weight
from pzl.peg.search_tables import board_parts, jump_tables, permute, symmetry_group, valid_symmetries
from pzl.peg.solve import PegOutcome, _check_position
from pzl.search.problem import PROGRESS_EVERY, Search

#: Default cap on remembered dead positions (each costs ~100 bytes in CPython).
MAX_DEAD = 3_000_000


def solve_fast(board: Any, start: int, finish: int | None, *, seconds_limit: float | None = 60.0,
               max_states: int = MAX_DEAD) -> Search:
    """Some solution from `start` to `finish` (None = one peg anywhere), quickly; a generator returning a PegOutcome.

    solve_fast(board, start: int, finish: int | None, *, seconds_limit=60.0, max_states=MAX_DEAD) -> Search

    The outcome has minimal=False (the moves are not proved fewest); solvable is False with
    exhausted=True when every position was tried, None when a limit stopped the search first.
    """
    size, jumps, symmetries = board_parts(board)
    _check_position(start, size, "start")
    if finish is not None:
        _check_position(finish, size, "finish")
    tables = jump_tables(size, jumps)
    clock = time.perf_counter()
    # "cannot reach the finish" is unchanged by the symmetries that fix the finish
    perms = [perm for perm in valid_symmetries(size, jumps, symmetries)
             if finish is None or permute(finish, perm) == finish]
    canonical = symmetry_group(size, tuple(perms)).canonical
    masks = class_masks(size, jumps)
    wanted = position_class(start, masks)
    if finish is not None:
        goal_pegs = finish.bit_count()
        if position_class(finish, masks) != wanted or (goal_pegs >= start.bit_count() and finish != start):
            return PegOutcome(path=None, solvable=False, exhausted=True, minimal=True,
                              reason="the finish is not reachable (position class or peg count)")

        def is_goal(position: int) -> bool:
            return position == finish
        weights = distance_pagoda(size, jumps, [h for h in range(size) if finish >> h & 1])
        least = weight(weights, finish)
    else:
        goal_pegs = 1

        def is_goal(position: int) -> bool:
            return position.bit_count() == 1
        weights = None
        least = 0
    first_fwd = tables.first_fwd
    dead: set[int] = set()
    nodes = 0
    path: list[tuple[int, int]] = []  # (from, to) of each jump on the current line
    # frames: (position, its pagoda weight, legal jumps still to try)
    stack = [(start, weight(weights, start) if weights else 0, _children(start, first_fwd, jumps, None))]
    if is_goal(start):
        return PegOutcome(path=[], solvable=True, minimal=True, moves=0, jumps=0, nodes=0, exhausted=True)
    while stack:
        position, value, children = stack[-1]
        if not children:
            stack.pop()
            dead.add(canonical(position))
            if path:
                path.pop()
            continue
        index = children.pop()
        a, b, c = jumps[index]
        child = position ^ ((1 << a) | (1 << b) | (1 << c))
        nodes += 1
        if nodes % PROGRESS_EVERY == 0:
            seconds = time.perf_counter() - clock
            yield events.progress(nodes, len(dead), seconds, depth=len(path) + 1)
            if seconds_limit is not None and seconds > seconds_limit:
                return _gave_up(nodes, len(dead), clock, f"no solution found within {seconds_limit:g} s")
            if len(dead) > max_states:
                return _gave_up(nodes, len(dead), clock, f"stopped after remembering {len(dead):,} dead positions")
        if weights is not None:
            child_value = value + weights[c] - weights[a] - weights[b]
            if child_value < least:
                continue
        else:
            child_value = 0
        if is_goal(child):
            path.append((a, c))
            moves = _group(path)
            return PegOutcome(path=moves, solvable=True, minimal=False, moves=len(moves), jumps=len(path),
                              nodes=nodes, states=len(dead), seconds=time.perf_counter() - clock)
        if child.bit_count() <= goal_pegs or canonical(child) in dead:
            continue
        path.append((a, c))
        stack.append((child, child_value, _children(child, first_fwd, jumps, c)))
    return PegOutcome(path=None, solvable=False, minimal=True, exhausted=True, nodes=nodes, states=len(dead),
                      seconds=time.perf_counter() - clock, reason="no sequence of jumps reaches the finish")


def _children(position: int, first_fwd: tuple, jumps: tuple, last: int | None) -> list[int]:
    """Indices of the legal jumps, ordered so that popping tries a continuation of the last peg first."""
    legal = [i for i, (ab, cm, _, _) in enumerate(first_fwd) if position & ab == ab and not position & cm]
    if last is not None:
        legal.sort(key=lambda i: jumps[i][0] == last)
    return legal


def _group(jumps: list[tuple[int, int]]) -> list[list[int]]:
    """Jumps (from, to) grouped into moves: consecutive jumps of the same peg form one move."""
    moves: list[list[int]] = []
    for a, c in jumps:
        if moves and moves[-1][-1] == a:
            moves[-1].append(c)
        else:
            moves.append([a, c])
    return moves


def _gave_up(nodes: int, states: int, clock: float, reason: str) -> PegOutcome:
    return PegOutcome(path=None, solvable=None, minimal=False, nodes=nodes, states=states,
                      seconds=time.perf_counter() - clock, reason=reason)
