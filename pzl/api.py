"""pzl's one entry point: a JSON-able request in, an iterator of events out.

The CLI and the browser worker both go through `run`. A request is a dict:

    {"command": "solve" | "longest" | "analyse" | "catalog",
     "puzzle": "8-puzzle",            # a catalog id, or "family" + a definition
     "start": "8 6 7 2 5 4 3 0 1",    # family-specific task fields ...
     "algorithm": "auto", "all": false, ...}

Events are dicts (see `pzl.events`): any number of `progress` events, then
exactly one `result` or `error`. Nothing here raises at the caller: a
`PuzzleError` becomes an error event with its message, and an unexpected bug
becomes an error event that says so.

`Job` runs a request in time slices, which is how the browser worker keeps
the page responsive and makes Cancel work without threads.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from pzl import catalog, events
from pzl.errors import PuzzleError
from pzl.events import Event

COMMANDS = ("solve", "longest", "analyse", "catalog")


def run(request: dict[str, Any]) -> Iterator[Event]:
    """Run one request; yields progress events and ends with a result or an error."""
    try:
        if not isinstance(request, dict):
            raise PuzzleError("a request must be a JSON object")
        command = request.get("command", "solve")
        if command not in COMMANDS:
            raise PuzzleError(f"unknown command {command!r}; use one of: {', '.join(COMMANDS)}")
        if command == "catalog":
            yield events.result({"puzzles": catalog.entries()})
            return
        yield from catalog.family(_family_of(request)).run(command, request)
    except PuzzleError as problem:
        yield events.error(str(problem), type(problem).__name__)
    except RecursionError:
        yield events.error("internal error: the search went too deep (please report this)", "InternalError")
    except Exception as bug:  # the page and CLI must get an answer, not a traceback
        yield events.error(f"internal error (please report this): {type(bug).__name__}: {bug}", "InternalError")


def _family_of(request: dict[str, Any]) -> str:
    """The family that answers a request: named outright, or the puzzle's."""
    if "family" in request:
        return str(request["family"])
    puzzle = request.get("puzzle")
    if not isinstance(puzzle, str) or not puzzle:
        raise PuzzleError("the request names no puzzle")
    return catalog.find(puzzle)["family"]


def tables_needed(request: dict[str, Any] | str) -> str:
    """The pattern-table files a request will read that this process lacks, as JSON: [{"name", "path"}, ...].

    The page's worker asks before running a request, fetches those files from the site and
    writes them at `path`; anything it cannot read needs nothing (the run reports the problem).
    """
    from pzl.sliding.tables import tables_needed as needed

    if isinstance(request, str):
        try:
            request = json.loads(request)
        except ValueError:
            return "[]"
    return json.dumps(needed(request) if isinstance(request, dict) else [])


def answer(request: dict[str, Any]) -> Event:
    """Run a request to its end and return the final result or error event."""
    final: Event = events.error("the search produced no answer", "InternalError")
    for event in run(request):
        if event["event"] != "progress":
            final = event
    return final


class Job:
    """A request run in time slices: `run_for(seconds)` returns what happened meanwhile.

    The browser worker calls `run_for` repeatedly, posting the events to the
    page between slices, so progress shows and Cancel is heard in time.
    """

    def __init__(self, request: dict[str, Any] | str) -> None:
        self.done = False
        if isinstance(request, str):
            try:
                request = json.loads(request)
            except ValueError as problem:
                self._events = iter([events.error(f"the request is not valid JSON: {problem}")])
                return
        self._events = run(request)

    def run_for(self, seconds: float) -> list[Event]:
        """Advance the search for about `seconds`; the latest progress plus any final event."""
        deadline = time.perf_counter() + seconds
        latest: Event | None = None
        for event in self._events:
            if event["event"] != "progress":
                self.done = True
                return [latest, event] if latest else [event]
            latest = event
            if time.perf_counter() >= deadline:
                return [latest]
        self.done = True
        return [latest] if latest else []

    def run_for_json(self, seconds: float) -> str:
        """`run_for` as a JSON string (cheaper to hand across to JavaScript)."""
        return json.dumps(self.run_for(seconds), ensure_ascii=False)

    def cancel(self) -> None:
        """Stop the search now; its generator is closed and its memory freed."""
        close = getattr(self._events, "close", None)
        if close:
            close()
        self.done = True
