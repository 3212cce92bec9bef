"""Reading options out of an api request, whose values may be JSON values or text.

The CLI and links send text ("true", "100"); JSON callers send booleans and
numbers. Both families read their options through these two functions.
"""

from __future__ import annotations

from typing import Any

from pzl.errors import PuzzleError


def flag(request: dict[str, Any], key: str) -> bool:
    """A yes/no option: true, 1, yes or on (any case) when given as text."""
    value = request.get(key)
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def whole_number(request: dict[str, Any], key: str, default: int | None) -> int | None:
    """A non-negative whole-number option, or `default` when absent or empty."""
    value = request.get(key)
    if value in (None, ""):
        return default
    name = key.replace("_", "-")
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise PuzzleError(f"{name} must be a whole number, not {value!r}") from None
    if number < 0:
        raise PuzzleError(f"{name} must not be negative")
    return number
