"""The kinds of event a search produces, as plain JSON-able dicts.

A search is a generator: it yields `progress` events every few thousand nodes
and ends with exactly one `result` or `error` event (see `pzl.api`). An anytime
answer (`auto`) also yields `improved` events between them: each a whole result,
better than the one before, the final `result` being the best.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]
#: `stopped` of a final result whose search for a better answer was cancelled (`pzl.api.Job.cancel`, Ctrl+C).
CANCELLED = "cancelled"
#: Seconds in events and statistics are rounded to milliseconds.
SECONDS_DIGITS = 3


def progress(nodes: int, states: int, seconds: float, depth: int | None = None, **extra: Any) -> Event:
    """A progress report: nodes expanded, states stored, the current depth bound."""
    event: Event = {"event": "progress", "nodes": nodes, "states": states,
                    "seconds": round(seconds, SECONDS_DIGITS), "depth": depth}
    event.update(extra)
    return event


def stats(nodes: int, states: int, seconds: float) -> dict[str, Any]:
    """A result's `stats`: nodes expanded, states stored and seconds taken by the whole request."""
    return {"nodes": nodes, "states": states, "seconds": round(seconds, SECONDS_DIGITS)}


def result(payload: dict[str, Any]) -> Event:
    """The final answer; `payload` is the JSON contract of the command (see README)."""
    return {"event": "result", "result": payload}


def improved(payload: dict[str, Any]) -> Event:
    """A better answer than the last one, while the search goes on: a whole result, replayable on its own."""
    return {"event": "improved", "result": payload}


def error(message: str, kind: str = "PuzzleError", **details: Any) -> Event:
    """A failure a person can read; `kind` is the exception class name.

    A limit's refusal or stop adds `stopped` (which limit) and what was reached (see SearchLimitError).
    """
    return {"event": "error", "error": kind, "message": message, **details}
