"""Errors a person can act on.

Every exception pzl raises on purpose is a `PuzzleError` whose message is
written for the person who made the request; `pzl.api` turns it into an error
event and the CLI prints it without a traceback.
"""

from __future__ import annotations

import reprlib
from typing import Any

#: Budget kinds a stopped search names in `stopped` (see README, JSON contract).
LIMITS = ("max_states", "seconds", "memory", "max_depth", "nodes")

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxdict = _SHORT.maxtuple = 6
_SHORT.maxlevel = 3


def shown(value: Any) -> str:
    """A value as a message quotes it: its repr, shortened (a hostile request may send megabytes)."""
    return _SHORT.repr(value)


class PuzzleError(ValueError):
    """Something wrong with a request: an unknown puzzle, a malformed position, ..."""


class CatalogError(PuzzleError):
    """The request names a puzzle, board or algorithm pzl does not know."""


class PositionError(PuzzleError):
    """A start, goal or finish pattern that does not fit the board or its pieces."""


class SearchLimitError(PuzzleError):
    """A search stopped, or was refused up front, because of a limit (states stored, memory, time, depth, nodes).

    `stopped` names the limit (one of LIMITS); `reached` holds what the search had reached
    (e.g. `states`, `lower_bound`, or an up-front `estimate`), passed on in the error event.
    """

    def __init__(self, message: str, stopped: str = "max_states", **reached: Any) -> None:
        super().__init__(message)
        if stopped not in LIMITS:
            raise ValueError(f"unknown limit {stopped!r}")
        self.stopped = stopped
        self.reached = reached

    @property
    def details(self) -> dict[str, Any]:
        """The error event's extra fields: `stopped` and what was reached."""
        return {"stopped": self.stopped, **self.reached}
