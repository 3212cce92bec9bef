"""A peg task read from a request, once: the board, which holes start empty, where the last pegs must be, a fixed
first jump.

Values arrive as text from the CLI and links ("6", "3,7", "any", "pattern:0,5", "0-6") or as JSON ints and lists.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from pzl.errors import PositionError, PuzzleError, shown
from pzl.peg.board import Jump, PegBoard, after_jump, holes_of, mask_of
from pzl.peg.catalog import SPEC_BY_ID
from pzl.peg.notation import hole_named, hole_names, lettered
from pzl.peg.verdict import why_impossible

#: `finish` value meaning "one peg, in any hole".
ANY = "any"


@dataclass(frozen=True, slots=True)
class Task:
    """Start position, finish (an exact final pattern, or None for one peg anywhere) and an optional first jump."""

    board: PegBoard
    start: int
    finish: int | None
    first: Jump | None = None

    @property
    def empty(self) -> list[int]:
        """The holes empty at the start."""
        return holes_of(self.board.full & ~self.start)

    @property
    def finish_label(self) -> int | str | list[int]:
        """The finish as the JSON contract shows it: a hole, "any", or a list of holes."""
        if self.finish is None:
            return ANY
        holes = holes_of(self.finish)
        return holes[0] if len(holes) == 1 else holes

    @property
    def after_first(self) -> int:
        """The start, with the fixed first jump (if any) already played."""
        return self.start if self.first is None else after_jump(self.start, self.first)

    def is_finished(self, position: int) -> bool:
        """True when `position` satisfies the finish."""
        return position.bit_count() == 1 if self.finish is None else position == self.finish


def parse_holes(board: PegBoard, value: Any, what: str) -> list[int]:
    """Hole numbers from "3,7", "3 7", 6, [3, 7] or ["3", "7"] (names such as "d4" on the English and
    French boards); a `PositionError` naming a bad one."""
    if isinstance(value, bool):
        raise PositionError(f"{what}: expected hole numbers, not {shown(value)}")
    if isinstance(value, int):
        items: list[Any] = [value]
    elif isinstance(value, str):
        items = [item for item in re.split(r"[\s,;]+", value.strip()) if item]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        raise PositionError(f"{what}: expected hole numbers such as 3,7, not {shown(value)}")
    holes = []
    for item in items:
        hole = _hole(board, item, what)
        if hole in holes:
            raise PositionError(f"{what}: hole {hole} is named twice")
        holes.append(hole)
    return sorted(holes)


def _hole(board: PegBoard, item: Any, what: str) -> int:
    """A hole written as its number, or on the English and French boards also as its name ("d4")."""
    named = hole_named(board, item) if isinstance(item, str) else None
    if named is not None:
        return named
    try:
        hole = int(str(item).strip()) if not isinstance(item, int) or isinstance(item, bool) else item
    except ValueError:
        names = f" or a hole's name ({', '.join(hole_names(board)[:3])} …)" if lettered(board) else ""
        raise PositionError(f"{what}: {shown(item)} is not a hole number{names}") from None
    if not 0 <= hole < board.size:
        raise PositionError(f"{what}: hole {hole} is not on the board (its holes are 0 to {board.size - 1})")
    return hole


def parse_finish(board: PegBoard, value: Any) -> int | None:
    """The finish pattern: one hole ("6"), None for "any", or a final pattern ("pattern:0,5,7" or a list)."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text in (ANY, "anywhere", "*"):
            return None
        if text.startswith("pattern:"):
            text = text[len("pattern:"):]
        value = text
    holes = parse_holes(board, value, "finish")
    if not holes:
        raise PositionError("finish: name a hole, 'any', or a final pattern such as pattern:0,5,7")
    return mask_of(holes)


def parse_position(board: PegBoard, value: Any) -> int:
    """A position for analysis: holes with a peg ("0,1,5" or a list), or one 0/1 digit per hole ("1101…")."""
    if isinstance(value, str):
        digits = value.strip()
        if len(digits) >= 4 and set(digits) <= {"0", "1"}:  # hole numbers have at most 3 digits
            if len(digits) != board.size:
                raise PositionError(f"pegs: a position written as digits needs one 0 or 1 per hole "
                                    f"({board.size} for this board), not {len(digits)}")
            return sum(1 << hole for hole, digit in enumerate(digits) if digit == "1")
    return mask_of(parse_holes(board, value, "pegs"))


def parse_first(board: PegBoard, start: int, value: Any) -> Jump:
    """The jump named by "A-B" (or [A, B]) — it must be a jump of the board that is legal at the start."""
    if isinstance(value, str):
        parts = [part for part in re.split(r"\s*(?:-|>|→|,|\s)\s*", value.strip()) if part]
    elif isinstance(value, list | tuple):
        parts = list(value)
    else:
        parts = []
    if len(parts) != 2:
        raise PositionError(f"first: write the first jump as FROM-TO, e.g. 0-6 (got {shown(value)})")
    origin, target = (_hole(board, part, "first") for part in parts)
    over = next((b for a, b, c in board.jumps if a == origin and c == target), None)
    if over is None:
        raise PositionError(f"first: {origin}-{target} is not a jump on this board "
                            f"(from {origin} a peg can jump to {_targets(board, origin)})")
    if not start >> origin & 1:
        raise PositionError(f"first: there is no peg in hole {origin} at the start")
    if not start >> over & 1:
        raise PositionError(f"first: {origin}-{target} jumps over hole {over}, which is empty at the start")
    if start >> target & 1:
        raise PositionError(f"first: {origin}-{target} lands in hole {target}, which has a peg at the start")
    return (origin, over, target)


def _targets(board: PegBoard, hole: int) -> str:
    targets = sorted(to for _, to in board.jumps_from[hole])
    return ", ".join(map(str, targets)) if targets else "nowhere"


def check_finish_reachable(board: PegBoard, start: int, finish: int | None) -> None:
    """A `PositionError` when the finish names a hole that can never hold a last peg."""
    if finish is None or start == finish:
        return
    landings = board.landings
    needed = finish & ~start  # pattern holes empty at the start must be filled by a jump
    for hole in holes_of(needed):
        if not landings >> hole & 1:
            raise PositionError(f"finish: hole {hole} can never hold a peg at the finish: no jump lands in it")
    if not finish & landings:
        holes = holes_of(finish)
        raise PositionError(f"finish: hole {holes[0]} can never hold the last peg: no jump lands in it"
                            if len(holes) == 1 else
                            f"finish: none of the holes {holes} can take the last jump: no jump lands in them")


def default_task(board: PegBoard) -> tuple[list[int], int | str]:
    """Default (empty holes, finish) of a board: the catalog's, or for a custom board its central game.

    A custom board's centre is the hole every symmetry fixes; with no centre, hole 0 starts empty.
    The finish is the same hole unless position classes rule that out, then one peg anywhere.
    """
    spec = SPEC_BY_ID.get(board.id)
    if spec is not None:
        return list(spec.empty), spec.finish
    centre = _centre(board)
    if centre is None:
        return [0], ANY
    return [centre], centre if _centre_finish(board, centre) is not None else ANY


def _centre(board: PegBoard) -> int | None:
    """A drawn board's centre: the one hole that every symmetry fixes (None without symmetries or such a hole)."""
    fixed = [hole for hole in range(board.size) if all(perm[hole] == hole for perm in board.symmetries)]
    return fixed[0] if len(board.symmetries) > 1 and len(fixed) == 1 else None


def _centre_finish(board: PegBoard, centre: int) -> int | None:
    """The finish of a drawn board's central game: one peg in the centre, unless position classes (or peg counts)
    rule that out from the centre's start; then one peg anywhere (None)."""
    alone = 1 << centre
    return alone if why_impossible(board, board.full & ~alone, alone) is None else None


def task_of(board: PegBoard, request: dict[str, Any], *, from_start: bool = True) -> Task:
    """The task a request describes, validated against the board; what it leaves out is the board's default task
    (`default_task`).

    from_start: refuse a finish no game from the start can reach (a hole no jump lands in); `analyse`
    judges another position against the finish, so it leaves that to its verdict. (A drawn board's central game
    never has such a finish: its centre is its finish only when some jump lands in it.)
    """
    spec = SPEC_BY_ID.get(board.id)
    centre = None if spec is not None else _centre(board)
    if request.get("empty") is not None:
        empty = parse_holes(board, request["empty"], "empty")
    else:
        empty = list(spec.empty) if spec is not None else [0 if centre is None else centre]
    start = board.full & ~mask_of(empty)
    finish_value = request["finish"] if request.get("finish") not in (None, "") else spec.finish if spec else None
    finish = parse_finish(board, finish_value) if finish_value is not None else None
    if from_start:
        check_finish_reachable(board, start, finish)
    first = parse_first(board, start, request["first"]) if request.get("first") not in (None, "") else None
    if finish_value is None and centre is not None:
        finish = _centre_finish(board, centre)
    return Task(board, start, finish, first)


def seconds_option(request: dict[str, Any], key: str, default: float) -> float:
    """A request's time limit in seconds (`default` when absent); a PuzzleError unless a positive number."""
    value = request.get(key)
    if value in (None, ""):
        return default
    try:
        number = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError, OverflowError):
        number = math.nan
    if not math.isfinite(number):
        raise PuzzleError(f"{key} must be a number of seconds, not {shown(value)}")
    if not number > 0:
        raise PuzzleError(f"{key} must be positive")
    return number
