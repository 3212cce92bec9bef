"""The peg rows of `compare` (`pzl.compare`): each of pzl's peg algorithms on one task, and the replay of a solution.

Rows: the minimal search (proves the fewest moves), beam search and the fast solver (a
solution, not proved minimal). `auto` chooses among these, so it has no row of its own. A
request's `algorithm` keeps only that row. The peg side goes through the peg service's public
functions (`board_of`, `task_of`), so the family's internals may move freely.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from pzl.peg.catalog import board_of
from pzl.peg.task import task_of
from pzl.request import choice

#: The algorithms of a comparison, in the order of its rows.
ORDER = ("minimal", "beam", "fast")
KERNELS = {"minimal": "peg-minimal", "beam": "peg-fast", "fast": "peg-fast"}


def compare_plan(request: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The head of a comparison's result and its rows (the fields of `pzl.compare.Run`), for a peg board and task."""
    board = board_of(request)
    task = task_of(board, request)
    wanted = choice(request, "algorithm", ("auto", *ORDER), "auto", where=" for compare")
    base = {key: value for key, value in request.items() if key != "algorithm"}
    base["command"] = "solve"
    runs = [{"algorithm": name, "bound": None, "request": {**base, "algorithm": name}, "kernel": KERNELS[name],
             "depth_is_bound": False}
            for name in ORDER if wanted in ("auto", name)]
    head = {"puzzle": board.id, "start": task.empty, "empty": task.empty, "finish": task.finish_label,
            "family": "peg"}
    return head, runs


def replay(request: dict[str, Any], solution: list[list[int]]) -> None:
    """Play a solution jump by jump from the start; RuntimeError (a bug) at an illegal jump or a wrong end."""
    board = board_of(request)
    task = task_of(board, request)
    over = {(a, c): b for a, b, c in board.jumps}
    pegs = task.start
    for number, move in enumerate(solution, 1):
        for a, c in pairwise(move):
            b = over.get((a, c))
            if b is None or not pegs >> a & 1 or not pegs >> b & 1 or pegs >> c & 1:
                raise RuntimeError(f"{request.get('algorithm')}: move {number} of its solution is not a legal jump")
            pegs ^= (1 << a) | (1 << b) | (1 << c)
    if not task.is_finished(pegs):
        raise RuntimeError(f"{request.get('algorithm')}: its solution does not end on the finish")
