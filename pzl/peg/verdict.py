"""Instant verdicts: why a peg task can never be done, in words, before any search starts.

Checks peg counts, whether any jump is possible, and position classes (`pzl.peg.classes`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pzl.family import Verdict
from pzl.peg.board import Jump, PegBoard, after_jump, holes_of
from pzl.peg.classes import PositionClasses, Witness
from pzl.peg.notation import hole_names, lettered
from pzl.wording import counted


@cache
def classes_of(board: PegBoard) -> PositionClasses:
    """The position classes of a board (computed once per board)."""
    return PositionClasses(board)


def why_impossible(board: PegBoard, start: int, finish: int | None, what: str = "start") -> str | None:
    """A reason the finish can never be reached from `start`, or None when no quick argument rules it out.

    `what` names the position in the reason ("start", or "position" for an analysis).
    """
    return _reason(classes_of(board), start, finish, what)


def _reason(classes: PositionClasses, start: int, finish: int | None, what: str) -> str | None:
    """`why_impossible` with the board's position classes at hand."""
    board = classes.board
    pegs = start.bit_count()
    wanted = 1 if finish is None else finish.bit_count()
    if (finish is None and pegs == 1) or start == finish:
        return None
    if pegs < wanted:
        return (f"the {what} has {pegs} peg{'s' * (pegs != 1)} but the finish needs {wanted}: "
                "every jump removes a peg, so pegs never increase")
    if pegs == wanted:
        return (f"the {what} has as many pegs as the finish but a different pattern: any jump would remove "
                "a peg, so the finish can never be reached")
    if not any(start >> a & 1 and start >> b & 1 and not start >> c & 1 for a, b, c in board.jumps):
        return f"no jump is possible from the {what}: no peg has a neighbouring peg with an empty hole behind it"
    if finish is None:
        if _finish_holes(classes, start):
            return None
        return ("position classes (a parity argument): a single last peg can only stand in a hole whose position "
                f"class is the {what}'s, and no hole of this board that a jump lands in is in that class")
    witness = classes.witness(start, finish)
    if witness is None:
        return None
    reason = _class_reason(board, witness, start, finish, what)
    if finish.bit_count() == 1:
        targets = _finish_holes(classes, start)
        reason += (f" From this {what} a single last peg can only end in hole{'s' * (len(targets) > 1)} "
                   f"{_listed(board, targets)}." if targets else
                   f" From this {what} no hole at all can hold a single last peg.")
    return reason


def marked_holes(board: PegBoard, start: int, finish: int | None) -> list[int] | None:
    """The marked holes of a position-class argument that rules `finish` out from `start`, or None.

    The page draws them on the board: a jump changes the pegs on them by 0 or 2.
    """
    return _marked(classes_of(board), start, finish)


def _marked(classes: PositionClasses, start: int, finish: int | None) -> list[int] | None:
    if finish is None or start == finish or start.bit_count() <= finish.bit_count():
        return None
    witness = classes.witness(start, finish)
    return holes_of(witness.holes) if witness is not None else None


def possible_finish_holes(board: PegBoard, start: int) -> list[int]:
    """The holes where a single last peg is not ruled out by position classes."""
    return _finish_holes(classes_of(board), start)


def _finish_holes(classes: PositionClasses, start: int) -> list[int]:
    return [hole for hole in holes_of(classes.board.landings) if classes.same_class(start, 1 << hole)]


def _class_reason(board: PegBoard, witness: Witness, start: int, finish: int, what: str) -> str:
    marks = witness.holes
    before = (start & marks).bit_count()
    after = (finish & marks).bit_count()
    where = "" if witness.rule == "marked holes" else f" ({witness.rule}, x = column, y = row from the top-left)"
    if board.lattice == "triangular" and witness.rule != "marked holes":
        where = f" ({witness.rule})"
    return (f"position classes (a parity argument): mark holes [{_listed(board, holes_of(marks))}]{where}. "
            f"Every jump line of this board covers 0 or 2 marked holes, so a jump changes the number of pegs on "
            f"marked holes by 0 or 2 and its parity never changes. The {what} has {counted(before, 'peg')} on "
            f"marked holes ({_parity_word(before)}); the finish would have {after} ({_parity_word(after)}).")


def _listed(board: PegBoard, holes: list[int]) -> str:
    """Holes as players write them: "d1, a4, d4" on the English and French boards, else "1, 13, 16"."""
    names = hole_names(board) if lettered(board) else None
    return ", ".join(names[hole] if names else str(hole) for hole in holes)


def _parity_word(count: int) -> str:
    return "odd" if count % 2 else "even"


def class_marks(board: PegBoard, position: int, finish: int | None) -> dict[str, Any]:
    """For a verdict by position classes: the marked holes and, for a one-peg finish, where one peg may end."""
    return _class_marks(classes_of(board), position, finish)


def _class_marks(classes: PositionClasses, position: int, finish: int | None) -> dict[str, Any]:
    marked = _marked(classes, position, finish)
    if marked is None:
        return {}
    extra: dict[str, Any] = {"marked": marked}
    if finish is not None and finish.bit_count() == 1:
        extra["possible_finishes"] = _finish_holes(classes, position)
    return extra


def instant_verdict(board: PegBoard, start: int, finish: int | None, first: Jump | None = None) -> Verdict:
    """Whether the task is proved impossible at once, and why: by counting and position classes (also after a fixed
    first jump). Never proved possible without a search (`reachable` False or None)."""
    after = start if first is None else after_jump(start, first)
    return task_verdict(board, start, finish, first, after)[0]


def task_verdict(board: PegBoard, start: int, finish: int | None, first: Jump | None,
                 after: int) -> tuple[Verdict, dict[str, Any]]:
    """The instant verdict of a task (`instant_verdict`; `after`: the start after the first jump, or the start) and,
    when it is impossible, what the page marks on the board after the first jump (`class_marks`), from the board's
    position classes worked out once."""
    classes = classes_of(board)
    reason = _reason(classes, start, finish, "start")
    if reason is None and first is not None:
        reason = _reason(classes, after, finish, "start")
        if reason is not None:
            reason = f"after the first jump {first[0]}-{first[2]}: {reason}"
    if reason is None:
        return Verdict(None), {}
    return Verdict(False, reason), _class_marks(classes, after, finish)
