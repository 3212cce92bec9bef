"""Reading options out of an api request, whose values may be JSON values or text.

The CLI and links send text ("true", "100"); JSON callers send booleans and
numbers. Both families read their options through these functions, which refuse
what they cannot read exactly (a fraction, Infinity, `true` where a number is
due, a word where yes/no is due) with a message naming the option; `read_all`
reads a whole table of them (`Option`) at once, in the table's order.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pzl.errors import PuzzleError, shown

_YES = ("1", "true", "yes", "on")
_NO = ("", "0", "false", "no", "off")
_DIGITS = re.compile(r"[0-9]{1,30}")


def option_name(key: str) -> str:
    """How messages name a request key: `max_states` reads "max-states"."""
    return key.replace("_", "-")


def choice(request: dict[str, Any], key: str, allowed: Sequence[str], default: str | None = None, *,
           noun: str | None = None, where: str = "", refusal: type[PuzzleError] = PuzzleError) -> str | None:
    """One of `allowed` (any case, spaces around it ignored), or `default` when absent or empty.

    Anything else is refused by `refusal` with a message naming the option (`noun`, else the key),
    `where` it was asked for (e.g. " for compare") and the choices.
    """
    value = request.get(key)
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    raise refusal(f"unknown {noun or option_name(key)} {shown(value)}{where}; use one of: {', '.join(allowed)}")


def flag(request: dict[str, Any], key: str) -> bool:
    """A yes/no option: JSON true/false, 0/1, or true, yes, on, false, no, off (any case) as text."""
    value = request.get(key)
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _YES + _NO:
        return value.strip().lower() in _YES
    raise PuzzleError(f"{option_name(key)} must be true or false, not {shown(value)}")


def whole_number(request: dict[str, Any], key: str, default: int | None) -> int | None:
    """A non-negative whole-number option, or `default` when absent or empty.

    Accepts JSON integers (and integral numbers such as 2.0) and digit strings; refuses
    booleans, fractions, Infinity, NaN, negative numbers and anything else, by name.
    """
    value = request.get(key)
    if value is None or value == "":
        return default
    name = option_name(key)
    if isinstance(value, bool):
        raise PuzzleError(f"{name} must be a whole number, not {shown(value)}")
    if isinstance(value, float):
        if not math.isfinite(value):
            written = "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
            raise PuzzleError(f"{name} must be a whole number, not {written}")
        if not value.is_integer():
            raise PuzzleError(f"{name} must be a whole number, not {shown(value)}")
        value = int(value)
    if isinstance(value, str):
        text = value.strip()
        if not _DIGITS.fullmatch(text.lstrip("-")):
            raise PuzzleError(f"{name} must be a whole number, not {shown(value)}")
        value = int(text)
    if not isinstance(value, int):
        raise PuzzleError(f"{name} must be a whole number, not {shown(value)}")
    if value < 0:
        raise PuzzleError(f"{name} must not be negative")
    return value


def read_max_states(request: dict[str, Any], default: int) -> int | None:
    """`max_states`: a positive cap on stored positions, `default` when absent, None for 0 (no cap of pzl's own)."""
    cap = whole_number(request, "max_states", default)
    return cap or None


def solution_cap(request: dict[str, Any], every: bool, default: int = 100) -> int:
    """`max_solutions`: how many of the counted solutions to list (0: count only); only with `all`."""
    cap = whole_number(request, "max_solutions", None)
    if cap is None:
        return default
    if not every:
        raise PuzzleError("max-solutions caps the list of the solutions that 'all' counts: "
                          "ask for all shortest solutions too, or leave max-solutions out")
    return cap


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a request as `read_all` reads it: `kind` says which reader (`choice` of `allowed`, a yes/no
    `flag`, a state cap `read_max_states`, or a `solution_cap`, which reads the table's `all` before it)."""

    key: str
    kind: Literal["choice", "flag", "states", "solutions"] = "choice"
    allowed: Sequence[str] = ()
    default: Any = None
    noun: str | None = None
    refusal: type[PuzzleError] = PuzzleError


def read_all(request: dict[str, Any], table: Sequence[Option]) -> dict[str, Any]:
    """Every option of `table` by key, read in the table's order: the first that cannot be read is refused by name."""
    values: dict[str, Any] = {}
    for option in table:
        key = option.key
        if option.kind == "flag":
            values[key] = flag(request, key)
        elif option.kind == "states":
            values[key] = read_max_states(request, option.default)
        elif option.kind == "solutions":
            values[key] = solution_cap(request, values.get("all", False))
        else:
            values[key] = choice(request, key, option.allowed, option.default, noun=option.noun,
                                 refusal=option.refusal)
    return values
