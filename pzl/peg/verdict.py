"""Instant verdicts: why a peg task can never be done, in words, before any search starts.

Checks peg counts, whether any jump is possible, and position classes (`pzl.peg.classes`).
"""

from __future__ import annotations

from typing import Any

from pzl.family import Verdict
from pzl.peg.board import Jump, PegBoard, after_jump
from pzl.peg.classes import ClassReading, classes_of
from pzl.peg.notation import hole_names, lettered
from pzl.wording import counted


def why_impossible(board: PegBoard, start: int, finish: int | None, what: str = "start") -> str | None:
    """A reason the finish can never be reached from `start`, or None when no quick argument rules it out: peg
    counts, a possible jump, then the board's position classes (`PositionClasses.read`, asked once) in words.

    `what` names the position in the reason ("start", or "position" for an analysis).
    """
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
    reading = classes_of(board).read(start, finish)
    return _class_reason(board, reading, start, finish, what)


def _class_reason(board: PegBoard, reading: ClassReading, start: int, finish: int | None, what: str) -> str | None:
    """The classes' reading in words (None when they allow the finish)."""
    if finish is None:
        if reading.finish_holes:
            return None
        return ("position classes (a parity argument): a single last peg can only stand in a hole whose position "
                f"class is the {what}'s, and no hole of this board that a jump lands in is in that class")
    witness = reading.witness
    if witness is None:
        return None
    marks = witness.holes
    before = (start & marks).bit_count()
    after = (finish & marks).bit_count()
    where = "" if witness.rule == "marked holes" else f" ({witness.rule}, x = column, y = row from the top-left)"
    if board.lattice == "triangular" and witness.rule != "marked holes":
        where = f" ({witness.rule})"
    reason = (f"position classes (a parity argument): mark holes [{_listed(board, reading.marked)}]{where}. "
              f"Every jump line of this board covers 0 or 2 marked holes, so a jump changes the number of pegs on "
              f"marked holes by 0 or 2 and its parity never changes. The {what} has {counted(before, 'peg')} on "
              f"marked holes ({_parity_word(before)}); the finish would have {after} ({_parity_word(after)}).")
    targets = reading.finish_holes
    if targets is not None:
        reason += (f" From this {what} a single last peg can only end in hole{'s' * (len(targets) > 1)} "
                   f"{_listed(board, targets)}." if targets else
                   f" From this {what} no hole at all can hold a single last peg.")
    return reason


def _listed(board: PegBoard, holes: list[int]) -> str:
    """Holes as players write them: "d1, a4, d4" on the English and French boards, else "1, 13, 16"."""
    names = hole_names(board) if lettered(board) else None
    return ", ".join(names[hole] if names else str(hole) for hole in holes)


def _parity_word(count: int) -> str:
    return "odd" if count % 2 else "even"


def marked_holes(board: PegBoard, start: int, finish: int | None) -> list[int] | None:
    """The marked holes of a position-class argument that rules `finish` out from `start`, or None.

    The page draws them on the board: a jump changes the pegs on them by 0 or 2.
    """
    return class_marks(board, start, finish).get("marked")


def possible_finish_holes(board: PegBoard, start: int) -> list[int]:
    """The holes where a single last peg is not ruled out by position classes."""
    return classes_of(board).read(start, None).finish_holes or []


def class_marks(board: PegBoard, position: int, finish: int | None) -> dict[str, Any]:
    """For a verdict by position classes: the marked holes and, for a one-peg finish, where one peg may end."""
    if finish is None or position == finish or position.bit_count() <= finish.bit_count():
        return {}
    reading = classes_of(board).read(position, finish)
    if reading.witness is None:
        return {}
    extra: dict[str, Any] = {"marked": reading.marked}
    if reading.finish_holes is not None:
        extra["possible_finishes"] = reading.finish_holes
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
    reason = why_impossible(board, start, finish)
    if reason is None and first is not None:
        reason = why_impossible(board, after, finish)
        if reason is not None:
            reason = f"after the first jump {first[0]}-{first[2]}: {reason}"
    if reason is None:
        return Verdict(None), {}
    return Verdict(False, reason), class_marks(board, after, finish)
