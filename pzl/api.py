"""pzl's one entry point: a JSON-able request in, an iterator of events out.

The CLI and the browser worker both go through `run`. A request is a dict:

    {"command": "solve" | "longest" | "analyse" | "census" | "atlas" | "catalog" | "compare",
     "puzzle": "8-puzzle",            # a catalog id, or "family" + a definition
     "start": "8 6 7 2 5 4 3 0 1",    # family-specific task fields ...
     "algorithm": "auto", "all": false, ...}

Events are dicts (see `pzl.events`): any number of `progress` events, then
exactly one `result` or `error`; an anytime answer (`auto`) also yields
`improved` events on the way, each a whole result better than the last, the
final `result` being the best (`pzl.search.progress`: `head_start`, `beating`). Nothing here raises at
the caller: a `PuzzleError` becomes an error event with its message, and an
unexpected bug becomes an error event that says so.

`Job` runs a request in time slices, which is how the browser worker keeps
the page responsive and makes Cancel work without threads; a cancelled job
still hands back the best answer it had.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from pzl import catalog, compare, events
from pzl.errors import PuzzleError, SearchLimitError, shown
from pzl.events import CANCELLED, Event
from pzl.search.problem import collector_paused
from pzl.search.progress import cumulative

COMMANDS = ("solve", "longest", "analyse", "census", "atlas", "catalog", "compare")
#: Progress a time slice never drops: a comparison's plan and finished rows, a search's finished layer or pass.
KEPT = ("plan", "finished", "layer", "iteration")
#: Request keys every command reads (what to do, and to which puzzle); the rest are each family's
#: `OPTIONS[command]` (its `options` module), and any other key is refused by `check_options`.
ADDRESS = ("command", "family", "puzzle")
#: A request is a few short fields: deeper nesting, more items or longer text is refused unread.
MAX_NESTING, MAX_ITEMS, MAX_TEXT = 8, 10_000, 100_000


def run(request: dict[str, Any]) -> Iterator[Event]:
    """Run one request; yields progress events and ends with a result or an error."""
    try:
        _check_shape(request)
        command = request.get("command", "solve")
        if command not in COMMANDS:
            raise PuzzleError(f"unknown command {shown(command)}; use one of: {', '.join(COMMANDS)}")
        if command == "catalog":
            extra = [key for key in request if key != "command"]
            if extra:
                raise PuzzleError(f"catalog lists every puzzle and reads no option: leave out {', '.join(extra)}")
            yield events.result({"puzzles": catalog.entries()})
            return
        family = catalog.family(_family_of(request))
        if command not in family.commands:
            raise PuzzleError(f"there is no {shown(command)} command for {family.words}; use one of: "
                              f"{', '.join(family.commands)}")
        check_options(request, family.name, command)
        if command == "compare":
            yield from cumulative(compare.compare(request, family, run))
        else:   # a search holds millions of objects: the cycle collector walking them is a long silence
            yield from cumulative(collector_paused(family.answers[command](request)))
    except SearchLimitError as stop:
        yield events.error(str(stop), type(stop).__name__, **stop.details)
    except PuzzleError as problem:
        yield events.error(str(problem), type(problem).__name__)
    except MemoryError:
        yield events.error("the search ran out of memory before its estimate said it would; try a smaller "
                           "state budget", "SearchLimitError", stopped="memory")
    except RecursionError:
        yield events.error("internal error: the search went too deep (please report this)", "InternalError")
    except Exception as bug:  # the page and CLI must get an answer, not a traceback
        yield events.error(f"internal error (please report this): {type(bug).__name__}: {bug}", "InternalError")


def _check_shape(request: Any) -> None:
    """A PuzzleError unless `request` is a JSON object of modest size with text keys (walked without recursion)."""
    if not isinstance(request, dict):
        raise PuzzleError("a request must be a JSON object")
    items = 0
    pending: list[tuple[Any, int]] = [(request, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise PuzzleError(f"a request's text fields are at most {MAX_TEXT:,} characters long")
        if not isinstance(value, dict | list | tuple):
            continue
        if depth > MAX_NESTING:
            raise PuzzleError(f"a request nests values at most {MAX_NESTING} levels deep")
        items += len(value)
        if items > MAX_ITEMS:
            raise PuzzleError(f"a request holds at most {MAX_ITEMS:,} values")
        if isinstance(value, dict):
            if not all(isinstance(key, str) for key in value):
                raise PuzzleError("a request's keys must be text")
            pending.extend((item, depth + 1) for item in value.values())
        else:
            pending.extend((item, depth + 1) for item in value)


def check_options(request: dict[str, Any], family: str, command: str = "solve") -> None:
    """Refuse, by name, every key `command` of `family` does not read (its family's `OPTIONS[command]`).

    The one place options are checked: a key is another command's option, another family's, or unknown
    (a typo), and the message says which, so no answer silently leaves out part of its question.
    """
    tables = {each.name: each.options for each in catalog.families()}
    own = tables[family][command]
    for key in request:
        if key in ADDRESS or key in own:
            continue
        readers = [name for name, options in tables[family].items() if key in options]
        if readers:
            raise PuzzleError(f"{key} is an option of {_listed(readers)}, not of {command}; "
                              f"{command} reads: {', '.join(own)}")
        others = [name for name, table in tables.items() if any(key in options for options in table.values())]
        if others:
            raise PuzzleError(f"{key} is an option of {catalog.family(others[0]).words}, "
                              f"not of {catalog.family(family).words}")
        raise PuzzleError(f"unknown option {shown(key)}; {command} for {catalog.family(family).words} reads: "
                          f"{', '.join(own)}")


def _listed(names: list[str], last: str = "and") -> str:
    """"a", "a and b", "a, b and c" (or `last` for "and")."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


def _family_of(request: dict[str, Any]) -> str:
    """The family that answers a request: named outright, or the puzzle's."""
    if request.get("family") not in (None, ""):
        family = request["family"]
        if not isinstance(family, str) or family not in catalog.FAMILY_MODULES:
            raise PuzzleError(f"unknown puzzle family {shown(family)}; use one of: {', '.join(catalog.FAMILY_MODULES)}")
        return family
    puzzle = request.get("puzzle")
    drawn = [each.name for each in catalog.families() if any(request.get(key) not in (None, "") for key in each.drawn)]
    if puzzle in (None, "") and drawn:   # a board drawn in the request says its family
        if len(drawn) > 1:
            each = [f"{' or '.join(f'`{key}`' for key in catalog.family(name).drawn)} ({catalog.family(name).kind})"
                    for name in drawn]
            raise PuzzleError(f"{_listed(each)} each draw a puzzle: give one of them")
        return drawn[0]
    if not isinstance(puzzle, str) or not puzzle:
        keys = [f"`{key}`" for each in catalog.families() for key in each.drawn]
        raise PuzzleError(f"the request names no puzzle: give `puzzle`, or draw one with {_listed(keys, 'or')}")
    return catalog.find(puzzle)["family"]


def tables_needed(request: dict[str, Any] | str) -> str:
    """The pattern-table files a request will read that this process lacks, as JSON: [{"name", "path"}, ...].

    The page's worker asks before running a request, fetches those files from the site and
    writes them at `path`; anything it cannot read needs nothing (the run reports the problem).
    """
    try:
        if isinstance(request, str):
            request = json.loads(request)
        _check_shape(request)
        family = catalog.family(_family_of(request))
    except (ValueError, RecursionError, PuzzleError):
        return "[]"   # the run itself reports what is wrong with it
    return json.dumps(family.tables_needed(request))


def answer(request: dict[str, Any]) -> Event:
    """Run a request to its end and return the final result or error event (not the `improved` ones before it)."""
    final: Event = events.error("the search produced no answer", "InternalError")
    for event in run(request):
        if event["event"] in ("result", "error"):
            final = event
    return final


def kept_answer(best: dict[str, Any] | None, latest: Event | None) -> Event | None:
    """What a request cancelled after an `improved` answer hands back: that answer (`best`) as its final result,
    with `"stopped": "cancelled"`, its statistics counting the work done until the `latest` progress event, and
    the fewest moves proved by then (progress's `lower_bound`) when higher. None without an answer."""
    if best is None:
        return None
    answer = {**best, "stopped": CANCELLED}
    latest = latest or {}
    if latest.get("lower_bound", 0) > answer.get("lower_bound", 0):
        answer["lower_bound"] = latest["lower_bound"]
    stats = answer.get("stats", {})
    answer["stats"] = {**stats, "nodes": max(stats.get("nodes", 0), latest.get("nodes", 0)),
                       "seconds": max(stats.get("seconds", 0), latest.get("seconds", 0))}
    return events.result(answer)


class Job:
    """A request run in time slices: `run_for(seconds)` returns what happened meanwhile.

    The browser worker calls `run_for` repeatedly, posting the events to the
    page between slices, so progress shows and Cancel is heard in time.
    """

    def __init__(self, request: dict[str, Any] | str) -> None:
        self.done = False
        #: The latest `improved` answer (a result), what a cancelled job hands back; None before one.
        self.best: dict[str, Any] | None = None
        self._progress: Event | None = None
        if isinstance(request, str | bytes):
            try:
                request = json.loads(request)
            except ValueError as problem:
                self._events = iter([events.error(f"the request is not valid JSON: {problem}")])
                return
            except RecursionError:
                self._events = iter([events.error(f"a request nests values at most {MAX_NESTING} levels deep")])
                return
        self._events = run(request)

    def run_for(self, seconds: float) -> list[Event]:
        """Advance the search for about `seconds`; what happened meanwhile, in order.

        That is the latest progress event, any final event, the latest `improved` answer (an
        earlier one within the slice is superseded), and the events a slice must not drop: a
        warning, a comparison's plan and finished rows, a finished layer or pass of a search
        (`layer`, `iteration`: the page's growth chart), and the last progress of each phase that
        ended within the slice (so a page shows every phase, however short: a quick reachability
        check before IDA*, say).
        """
        deadline = time.perf_counter() + seconds
        kept: list[Event] = []
        latest: Event | None = None
        for event in self._events:
            if event["event"] == "improved":
                self.best = event["result"]
                kept = [other for other in kept if other["event"] != "improved"]
                kept.append(event)
            elif event["event"] != "progress":
                self.done = True
                return [*kept, latest, event] if latest else [*kept, event]
            else:
                self._progress = event
                growth = any(key in event for key in KEPT) and not event.get("phase")   # not a preparatory phase's
                must_keep = bool(event.get("warning")) or growth
                if latest is not None and (must_keep or event.get("phase") != latest.get("phase")):
                    kept.append(latest)
                latest = event
                if must_keep:
                    kept.append(event)
                    latest = None
            if time.perf_counter() >= deadline:
                break
        else:
            self.done = True
        return [*kept, latest] if latest else kept

    def run_for_json(self, seconds: float) -> str:
        """`run_for` as a JSON string (cheaper to hand across to JavaScript)."""
        return json.dumps(self.run_for(seconds), ensure_ascii=False)

    def best_answer(self) -> Event | None:
        """The best answer so far as the final result of a cancelled request (`kept_answer`), or None (none yet,
        or the job is over)."""
        return None if self.done else kept_answer(self.best, self._progress)

    def best_answer_json(self) -> str:
        """`best_answer` as a JSON string ("null" when there is none)."""
        return json.dumps(self.best_answer(), ensure_ascii=False)

    def cancel(self) -> Event | None:
        """Stop the search now (its generator is closed and its memory freed); returns `best_answer()`,
        the best answer it had (None when it had none)."""
        kept = self.best_answer()
        close = getattr(self._events, "close", None)
        if close:
            close()
        self.done = True
        return kept
