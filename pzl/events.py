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
#: The version of the JSON contract (docs/schema/pzl.schema.json), in every result as `schema_version`.
#: 2: answers say how they were found as data (`path`, `auto`, `heuristic`), `solution` null when there is none.
SCHEMA_VERSION = 2
#: A step of `path` that re-solved stretches of the step before it (the fast solver's answer shortened).
SHORTENED = "shortened"


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
    """The final answer; `payload` is the JSON contract of the command (docs/contract.md), given its version."""
    return {"event": "result", "result": {**payload, "schema_version": SCHEMA_VERSION}}


def improved(payload: dict[str, Any]) -> Event:
    """A better answer than the last one, while the search goes on: a whole result, replayable on its own."""
    return {"event": "improved", "result": {**payload, "schema_version": SCHEMA_VERSION}}


def answered_by(*path: str, auto: bool = False) -> dict[str, Any]:
    """How an answer was found, as a result's fields: `path`, the algorithms that ran in order (each after the one
    before stopped at its limit, or SHORTENED: the answer before re-solved in stretches), `auto`, whether the
    request's `auto` chose them, and `algorithm`, the same as text (kept for older readers):
    answered_by("minimal", "depth-first", auto=True)["algorithm"] == "auto: minimal, then depth-first"."""
    text = ""
    for step in path:
        text += step if not text else f", {step}" if step == SHORTENED else f", then {step}"
    if auto:
        text = f"auto: {text}" if text else "auto"
    return {"algorithm": text, "path": list(path), "auto": auto}


def error(message: str, kind: str = "PuzzleError", **details: Any) -> Event:
    """A failure a person can read; `kind` is the exception class name.

    A limit's refusal or stop adds `stopped` (which limit) and what was reached (see SearchLimitError).
    """
    return {"event": "error", "error": kind, "message": message, **details}
