"""The one IDA* loop for distinct tiles and one blank; each lower bound is spliced into it as source.

A function call per node costs about a third of a node's time in CPython, so a bound does
not plug in as a callable: it brings a few lines (`Snippets`) — how a child's bound values
follow from its parent's and the move's precomputed entry, and how the bound's codes change
when the search enters or leaves a node — and `search_function` pastes them into `TEMPLATE`
and compiles the result once per bound kind. Everything else is shared: one mutable board of
tile ids with undo, move tables per (blank cell, previous blank cell) that never undo the
last move, an explicit stack (no recursion: Pyodide's stack is small), one small tuple per
child pushed (CPython takes them from a free list; measured faster than per-depth arrays).

The thresholds rise by 2 on a two-colourable board (every grid board): the number of moves
has the parity of the blank's distance to its goal cell, so no other length exists. The loop
records each threshold with the nodes it took, and says so in a progress event (`iteration`).
Only a goal passes the test at the threshold (every bound here is 0 exactly at the goal), so no
separate goal test is needed.

Template names: `board` (tile per cell; the blank's own entry is never read), `zs` (the
blank's cell per depth), `changes` (the move entry that led to each depth), `codes` (the
bound's integer codes), `x` (a child's move entry: moves[z][prev][i][1][tile]), `y` (the
entry being undone), `limit` (the largest bound value a child may have), values with prefix
`p_` (the parent's) and without (the child's).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from pzl.events import progress
from pzl.search.problem import PROGRESS_EVERY


@dataclass(frozen=True)
class Snippets:
    """A bound's part of the loop: its per-node values and three pieces of source.

    `child` computes the child's values from `p_<value>` and `x`, with `continue` to prune
    (a child is kept when every value is <= limit); `enter` applies `x` to `codes`, `leave`
    undoes `y`.
    """

    values: tuple[str, ...]
    child: str
    enter: str = ""
    leave: str = ""


TEMPLATE = '''
def search(board, z0, moves, codes, top, bound, step, max_depth, all_solutions, max_solutions, nodes, clock,
           iterations):
    n = len(moves)
    zs = [z0] * (max_depth + 2)
    changes = [None] * (max_depth + 2)
    found = []
    first = None
    count = 0
    report = nodes + PROGRESS_EVERY
    while bound <= max_depth:
        before = nodes
        stack = []
        push = stack.append
        pop = stack.pop
        {parent}, = top
        limit = bound - 1
        cd = 1
        for nz2, extra in moves[z0][n]:
            x = extra[board[nz2]]
{root_child}
            push((cd, nz2, {values}, x))
        d = 0
        while stack:
            cd, nz, {parent}, x = pop()
            while d >= cd:   # back up to the popped child's parent
                pz = zs[d - 1]
                board[zs[d]] = board[pz]
                y = changes[d]
{back_leave}
                d -= 1
            if cd == bound:   # only a goal passes at the threshold
                count += 1
                if first is None:
                    first = [*zs[:d + 1], nz]
                if len(found) < max_solutions:
                    found.append([*zs[:d + 1], nz])
                if all_solutions:
                    continue
                break
            z = zs[d]
            board[z] = board[nz]
{enter}
            d = cd
            zs[d] = nz
            changes[d] = x
            nodes += 1
            if nodes >= report:
                report += PROGRESS_EVERY
                yield progress(nodes, bound + 1, perf_counter() - clock, depth=bound)
            limit = bound - cd - 1
            cd += 1
            for nz2, extra in moves[nz][z]:
                x = extra[board[nz2]]
{child}
                push((cd, nz2, {values}, x))
        while d > 0:   # put the start back
            pz = zs[d - 1]
            board[zs[d]] = board[pz]
            y = changes[d]
{leave}
            d -= 1
        iterations.append((bound, nodes - before))
        yield progress(nodes, bound + 1, perf_counter() - clock, depth=bound, iteration=[bound, nodes - before])
        if count:
            break
        bound += step
    return first, found, count, nodes, bound
'''

_COMPILED: dict[Snippets, Any] = {}


def kernel_source(snippets: Snippets) -> str:
    """The kernel's source with a bound's snippets in place."""
    return TEMPLATE.format(
        parent=", ".join(f"p_{name}" for name in snippets.values),
        values=", ".join(snippets.values),
        root_child=_indent(snippets.child, 12), child=_indent(snippets.child, 16),
        enter=_indent(snippets.enter, 12), back_leave=_indent(snippets.leave, 16), leave=_indent(snippets.leave, 12))


def search_function(snippets: Snippets) -> Any:
    """The kernel compiled with a bound's snippets (once per kind of bound)."""
    if snippets not in _COMPILED:
        namespace: dict[str, Any] = {"progress": progress, "perf_counter": time.perf_counter,
                                     "PROGRESS_EVERY": PROGRESS_EVERY}
        code = compile(kernel_source(snippets), f"<pzl IDA* kernel: {', '.join(snippets.values)}>", "exec")
        exec(code, namespace)
        _COMPILED[snippets] = namespace["search"]
    return _COMPILED[snippets]


def _indent(code: str, spaces: int) -> str:
    """Source lines indented to sit in the template (a bare `pass` for no code)."""
    lines = [line for line in code.strip("\n").splitlines() if line.strip()] or ["pass"]
    return "\n".join(" " * spaces + line for line in lines)
