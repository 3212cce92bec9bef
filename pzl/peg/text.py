"""Peg results in words for the terminal (the CLI's output without --json): solve and analyse."""

from __future__ import annotations

from typing import Any

from pzl.peg.board import PegBoard
from pzl.peg.catalog import SPEC_BY_ID, board_by_id
from pzl.peg.notation import hole_names, lettered, move_text
from pzl.peg.task import ANY
from pzl.wording import counted, searching_words


def _names(result: dict[str, Any]) -> tuple[PegBoard | None, tuple[str, ...] | None]:
    """The catalog board of a result and its holes' names when players name them ("d4"), else (None, None)."""
    board = board_by_id(result["puzzle"]) if result.get("puzzle") in SPEC_BY_ID else None
    return (board, hole_names(board)) if board is not None and lettered(board) else (None, None)


def hole_words(result: dict[str, Any], holes: list[int], between: str = ", ") -> str:
    """Holes as players write them: "c4, e4" on the English and French boards, else "15, 17"."""
    names = _names(result)[1]
    return between.join(names[hole] if names else str(hole) for hole in holes)


def _move(result: dict[str, Any], holes: list[int]) -> str:
    board, names = _names(result)
    return move_text(board, holes, names) if board else " → ".join(map(str, holes))


def describe(command: str, result: dict[str, Any]) -> str:
    """A peg result in words: the task, the verdict, and the solution move by move."""
    lines = [f"{result['puzzle']}: {task_words(result)}"]
    if command == "analyse":
        return "\n".join(lines + _analysis_lines(result))
    if result["solvable"] is False:
        return "\n".join([*lines, f"Impossible: {result.get('reason', 'no solution exists')}"])
    if result["solvable"] is None:
        bound = f" (at least {counted(result['lower_bound'], 'move')})" if result.get("lower_bound") else ""
        return "\n".join([*lines, f"Not decided{bound}: {result.get('reason', 'a limit was reached')}"])
    proof = "proved minimal" if result["minimal"] else "not proved minimal"
    if not result["minimal"] and result.get("lower_bound"):
        proof += f" (at least {counted(result['lower_bound'], 'move')})"
    lines.append(f"{counted(result['moves'], 'move')} ({counted(result['jumps'], 'jump')}), {proof}; "
                 f"{result['algorithm']}, {result['stats']['seconds']:.2f} s, "
                 f"{counted(result['stats']['states'], 'position')} stored")
    lines += [f"note: {line}" for line in (result.get("note"), searching_words(result)) if line]
    if "count" in result:
        shown = len(result.get("solutions", []))
        lines.append(f"{counted(result['count'], 'minimal solution')} (jump orders grouped into moves); "
                     f"{shown} listed")
    overs = result.get("over") or [[] for _ in result["solution"]]
    for number, (move, over) in enumerate(zip(result["solution"], overs, strict=False), 1):
        jumped = f"  (over {hole_words(result, over)})" if over else ""
        lines.append(f"{number:>3}. {_move(result, move)}{jumped}")
    if result.get("solutions"):
        lines.append("solutions in the articles' notation:")
        lines.extend("  " + "".join(f"({','.join(map(str, move))})" for move in solution)
                     for solution in result["solutions"])
    return "\n".join(lines)


def task_words(result: dict[str, Any]) -> str:
    finish = result["finish"]
    if finish == ANY:
        goal = "one peg anywhere"
    elif isinstance(finish, list):
        goal = f"pegs in holes {hole_words(result, finish)}"
    else:
        goal = f"one peg in hole {hole_words(result, [finish])}"
    if "pegs" in result:
        where = f"hole{'s' * (len(result['pegs']) != 1)} {hole_words(result, result['pegs'])}"
        return f"{counted(len(result['pegs']), 'peg')} in {where} → {goal}"
    empty = result["empty"]
    first = f", first jump {hole_words(result, result['first'], '-')}" if result.get("first") else ""
    return f"hole{'s' * (len(empty) != 1)} {hole_words(result, empty)} empty → {goal}{first}"


def _analysis_lines(result: dict[str, Any]) -> list[str]:
    if result.get("finished"):
        return ["Finished: the position is the finish."]
    if result["solvable"] is False:
        return [f"Dead end: {result.get('reason', 'the finish cannot be reached')}"]
    if result["solvable"] is None:
        return [f"Unknown: {result.get('reason')}"]
    proof = "fewest" if result["minimal"] else f"found by {result.get('method', 'search')}, not proved fewest"
    step = "continue the last move" if result.get("continues") else "next move"
    return [f"Still solvable in {counted(result['moves'], 'move')} ({proof}); {step}: "
            f"{_move(result, result['next'])}"]
