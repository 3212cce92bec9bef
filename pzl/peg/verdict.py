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
    """A reason the finish can never be reached from `start`, or None when no quick argument rules it out (`ruled_out`).

    `what` names the position in the reason ("start", or "position" for an analysis).
    """
    return ruled_out(board, start, finish, what)[0]


def ruled_out(board: PegBoard, position: int, finish: int | None,
              what: str = "start") -> tuple[str | None, dict[str, Any]]:
    """Why the finish can never be reached from `position` (None when no quick argument rules it out): peg counts,
    a possible jump, then the board's position classes (`PositionClasses.read`, asked once) in words; and, from the
    same reading, what the page marks on the board for a verdict by position classes (`_marks`)."""
    pegs = position.bit_count()
    wanted = 1 if finish is None else finish.bit_count()
    if (finish is None and pegs == 1) or position == finish:
        return None, {}
    if pegs < wanted:
        return (f"the {what} has {pegs} peg{'s' * (pegs != 1)} but the finish needs {wanted}: "
                "every jump removes a peg, so pegs never increase"), {}
    if pegs == wanted:
        return (f"the {what} has as many pegs as the finish but a different pattern: any jump would remove "
                "a peg, so the finish can never be reached"), {}
    reading = classes_of(board).read(position, finish)
    marks = _marks(reading)
    if not any(position >> a & 1 and position >> b & 1 and not position >> c & 1 for a, b, c in board.jumps):
        return f"no jump is possible from the {what}: no peg has a neighbouring peg with an empty hole behind it", marks
    return _class_reason(board, reading, position, finish, what), marks


def _marks(reading: ClassReading) -> dict[str, Any]:
    """For a verdict by position classes (a witness): the marked holes and, for a one-peg finish, where one peg may
    end; else nothing."""
    if reading.witness is None:
        return {}
    marks: dict[str, Any] = {"marked": reading.marked}
    if reading.finish_holes is not None:
        marks["possible_finishes"] = reading.finish_holes
    return marks


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


def possible_finish_holes(board: PegBoard, start: int) -> list[int]:
    """The holes where a single last peg is not ruled out by position classes."""
    return classes_of(board).read(start, None).finish_holes or []


def instant_verdict(board: PegBoard, start: int, finish: int | None, first: Jump | None = None) -> Verdict:
    """Whether the task is proved impossible at once, and why: by counting and position classes (also after a fixed
    first jump). Never proved possible without a search (`reachable` False or None)."""
    after = start if first is None else after_jump(start, first)
    return task_verdict(board, start, finish, first, after)[0]


def task_verdict(board: PegBoard, start: int, finish: int | None, first: Jump | None,
                 after: int) -> tuple[Verdict, dict[str, Any]]:
    """The instant verdict of a task (`instant_verdict`; `after`: the start after the first jump, or the start) and,
    when it is impossible, what the page marks on the board after the first jump (`ruled_out`)."""
    reason, marks = ruled_out(board, start, finish)
    if first is not None:
        later, marks = ruled_out(board, after, finish)
        if reason is None and later is not None:
            reason = f"after the first jump {first[0]}-{first[2]}: {later}"
    if reason is None:
        return Verdict(None), {}
    return Verdict(False, reason), marks
