"""Peg solitaire by the numbers, as a service: the `census` and `atlas` commands (requests, JSON, words).

census: positions and finishable classes per jump, classes per fewest moves, solution counts of a task.
atlas: every single-vacancy start against every single-peg finish of a board, up to symmetry.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from pzl import events
from pzl.errors import PuzzleError, SearchLimitError
from pzl.events import Event
from pzl.peg.atlas import atlas
from pzl.peg.board import PegBoard
from pzl.peg.catalog import answer_part, board_entry, board_of
from pzl.peg.engines.census import MAX_HOLES, census, estimate
from pzl.peg.outcome import task_result
from pzl.peg.task import seconds_option, task_of
from pzl.peg.text import hole_words, task_words
from pzl.request import flag, read_max_states
from pzl.search.limits import in_browser, memory_budget, size_words
from pzl.wording import counted


def run_census(request: dict[str, Any]) -> Iterator[Event]:
    """The census of the request's task (board, empty holes, finish), as events.

    `by_moves` (default true): false leaves out the classes per fewest moves, the slow part (on
    the English board about 2.4 times the rest); the result then has no `by_moves`.
    """
    clock = time.perf_counter()
    board = board_of(request)
    task = task_of(board, request)
    _check_size(board)
    max_states = read_max_states(request, 0)
    guess = estimate(board, task.start, task.finish, task.first)
    _refuse_oversized(board, guess.classes, guess.bytes)
    seconds = seconds_option(request, "seconds_limit", 0) or None
    by_moves = request.get("by_moves") is None or flag(request, "by_moves")
    outcome = yield from census(board, task.start, task.finish, first=task.first, moves=by_moves,
                                max_states=max_states, seconds_limit=seconds)
    payload = task_result(task, answer_part(board))
    payload["symmetries"] = outcome.symmetries
    payload["by_jumps"] = [{"jumps": row.jumps, "pegs": row.pegs, "positions": row.positions, "classes": row.classes,
                            "can_finish": row.can_finish} for row in outcome.by_jumps]
    if outcome.by_moves is not None:
        payload["by_moves"] = [{"moves": moves, "classes": classes} for moves, classes in enumerate(outcome.by_moves)]
    payload["solutions"] = outcome.solutions
    if outcome.solutions is not None:
        payload["solutions_text"] = str(outcome.solutions)  # exact for readers whose numbers stop at 2**53
    payload["minimal_moves"] = outcome.minimal_moves
    payload["minimal_solutions"] = outcome.minimal_solutions
    if outcome.finishes is not None:
        payload["finishes"] = [{"hole": item.hole, "moves": item.moves, "minimal_solutions": item.minimal_solutions,
                                "solutions": item.solutions} for item in outcome.finishes]
    payload["complete"] = outcome.complete
    if not outcome.complete:
        payload["stopped"] = outcome.stopped
        payload["reason"] = outcome.reason
        payload["estimate"] = {"states": guess.classes, "bytes": guess.bytes}  # what the whole census may need
    payload["stats"] = {"nodes": outcome.nodes, "states": outcome.states,
                        "seconds": round(time.perf_counter() - clock, 3)}
    yield events.result(payload)


def run_atlas(request: dict[str, Any]) -> Iterator[Event]:
    """The atlas of the request's board, as events."""
    clock = time.perf_counter()
    board = board_of(request)
    _check_size(board)
    max_states = read_max_states(request, 0)
    seconds = seconds_option(request, "seconds_limit", 0) or None
    outcome = yield from atlas(board, max_states=max_states, seconds_limit=seconds)
    payload: dict[str, Any] = {"puzzle": board.id, "board": board_entry(board), "symmetries": outcome.symmetries}
    payload["pairs"] = [{"start": pair.start, "finish": pair.finish, "solvable": pair.solvable, "moves": pair.moves,
                         "minimal_solutions": pair.minimal_solutions, "reason": pair.reason,
                         "copies": [list(copy) for copy in pair.copies]} for pair in outcome.pairs]
    payload["complete"] = outcome.complete
    unsettled = sum(pair.solvable is None for pair in outcome.pairs)
    payload["unsettled"] = unsettled
    if unsettled:
        payload["stopped"] = outcome.stopped or "max_states"
    payload["stats"] = {"nodes": outcome.nodes, "states": 0, "seconds": round(time.perf_counter() - clock, 3)}
    yield events.result(payload)


def _check_size(board: PegBoard) -> None:
    if board.size > MAX_HOLES:
        raise PuzzleError(f"this board has {board.size} holes; a census or an atlas takes boards of at most "
                          f"{MAX_HOLES} holes (their positions would not fit in memory anyway)")


def _refuse_oversized(board: PegBoard, classes: int, needed: int) -> None:
    """A SearchLimitError, before anything runs, when the estimate says the census cannot fit in memory.

    (A state budget does not refuse: the census stops at it with the levels finished so far.)
    """
    budget = memory_budget()
    if needed > budget:
        where = "a browser tab's budget" if in_browser() else "the memory available"
        raise SearchLimitError(f"the census of {board.id} would need {size_words(needed)} by estimate "
                               f"(up to {classes:,} classes), more than {size_words(budget)}, {where}; "
                               f"try a smaller board", "memory", estimate={"states": classes, "bytes": needed})


# ------------------------------------------------------------------ text for the CLI
def describe(command: str, result: dict[str, Any]) -> str:
    """A census or an atlas in words: tables a person can read."""
    if command == "atlas":
        return _atlas_words(result)
    return _census_words(result)


def _census_words(result: dict[str, Any]) -> str:
    lines = [f"{result['puzzle']}: census of {task_words(result)} "
             f"(classes: up to the {result['symmetries']} symmetries that keep the start, the finish"
             f"{' and the first jump' if result.get('first') else ''})"]
    lines.append(f"{'jumps':>5} {'pegs':>4} {'positions':>14} {'classes':>12} {'can finish':>12}")
    for row in result["by_jumps"]:
        finish = "" if row["can_finish"] is None else f"{row['can_finish']:,}"
        lines.append(f"{row['jumps']:>5} {row['pegs']:>4} {row['positions']:>14,} {row['classes']:>12,} {finish:>12}")
    total = sum(row["classes"] for row in result["by_jumps"])
    positions = sum(row["positions"] for row in result["by_jumps"])
    lines.append(f"{'all':>10} {positions:>14,} {total:>12,}")
    if result.get("by_moves"):
        lines.append("classes by fewest moves from the start: "
                     + ", ".join(f"{row['moves']}: {row['classes']:,}" for row in result["by_moves"]))
    if result.get("solutions") is not None:
        lines.append(f"solutions (jump sequences to the finish): {result['solutions']:,}")
        if result.get("minimal_moves") is not None:
            lines.append(f"fewest moves: {result['minimal_moves']}, by {result['minimal_solutions']:,} "
                         f"jump sequence{'s' * (result['minimal_solutions'] != 1)}")
    for item in result.get("finishes") or []:
        hole = hole_words(result, [item["hole"]])
        lines.append(f"  last peg in hole {hole}: {counted(item['solutions'], 'solution')}, "
                     f"fewest moves {item['moves']} ({counted(item['minimal_solutions'], 'way')})")
    if not result["complete"]:
        lines.append(f"Partial: {result['reason']}")
    lines.append(f"{result['stats']['seconds']:.1f} s, {result['stats']['states']:,} classes stored")
    return "\n".join(lines)


def _atlas_words(result: dict[str, Any]) -> str:
    pairs = result["pairs"]
    solvable = [pair for pair in pairs if pair["solvable"]]
    lines = [f"{result['puzzle']}: atlas of single-vacancy starts and single-peg finishes, "
             f"{len(pairs)} classes of pairs under {result['symmetries']} symmetries "
             f"({len(solvable)} solvable, {sum(pair['solvable'] is False for pair in pairs)} impossible, "
             f"{result['unsettled']} unsettled)"]
    lines.append(f"{'start':>5} {'finish':>6} {'moves':>5} {'fewest-move solutions':>22}  also")
    for pair in pairs:
        if pair["solvable"] is False:
            continue
        moves = "?" if pair["moves"] is None else str(pair["moves"])
        count = "?" if pair["minimal_solutions"] is None else f"{pair['minimal_solutions']:,}"
        copies = " ".join(hole_words(result, [a, b], ">") for a, b in pair["copies"])
        start, finish = hole_words(result, [pair["start"]]), hole_words(result, [pair["finish"]])
        lines.append(f"{start:>5} {finish:>6} {moves:>5} {count:>22}  {copies}")
    lines.append(f"{result['stats']['seconds']:.1f} s")
    return "\n".join(lines)
