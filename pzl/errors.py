"""Errors a person can act on.

Every exception pzl raises on purpose is a `PuzzleError` whose message is
written for the person who made the request; `pzl.api` turns it into an error
event and the CLI prints it without a traceback.
"""

from __future__ import annotations


class PuzzleError(ValueError):
    """Something wrong with a request: an unknown puzzle, a malformed position, ..."""


class CatalogError(PuzzleError):
    """The request names a puzzle, board or algorithm pzl does not know."""


class PositionError(PuzzleError):
    """A start, goal or finish pattern that does not fit the board or its pieces."""


class SearchLimitError(PuzzleError):
    """A search stopped because it reached a limit (states stored, nodes, time)."""
