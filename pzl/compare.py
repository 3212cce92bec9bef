"""`compare`: every algorithm that applies, run on one position one after the other, one row per run.

A row is an ordinary `solve` request (run through `pzl.api.run`, so it is validated, limited and
answered exactly as it would be alone) with a budget of its own: `max_states` stored positions
(passed in the request) and `seconds` (enforced here: the row's generator is closed when its
time is up, between two of its progress events). The family says which rows there are
(`compare_plan`) and replays each solution before it is reported (`replay`). A row that cannot
take the position carries the `reason`; a row a budget stopped carries `stopped` and what it
reached (`lower_bound`, `states`). Rows that claim `minimal` must agree on the length, which is
checked before the result is given (a disagreement is a bug, reported as an internal error).

`peak_bytes` is an estimate by default: positions stored times the bytes per position measured
for that search (`pzl.search.limits.BYTES_PER_STATE`), and for depth-first searches their path
times DEPTH_FIRST_BYTES; with `measure_memory` each row runs a second time under `tracemalloc`
and reports the traced peak (its time is the first, untraced run's).

Progress events of a comparison carry the whole request's `nodes`, `states`, `seconds` and the
running row's own (`row`, `row_nodes`, `row_states`, `row_seconds`). The first event lists the
rows to come (`plan`: [[algorithm, bound], ...]) and when a row ends, one event carries it whole
(`finished`), so a page can draw the table at once and fill it as the runs go.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pzl.errors import PuzzleError
from pzl.events import Event, progress, result, stats
from pzl.family import Family
from pzl.request import flag, whole_number
from pzl.search import limits

#: Each row's budget unless the request says otherwise: seconds, and positions stored.
DEFAULT_SECONDS = 1.0
DEFAULT_MAX_STATES = 1_000_000
#: Largest time budget per row a request may ask for.
MAX_SECONDS = 3600.0
#: Estimated bytes per step of a depth-first search's path (its stack of untried moves).
DEPTH_FIRST_BYTES = 300
#: Request keys of `compare` besides the family's options.
OPTIONS = ("seconds", "measure_memory")


@dataclass(frozen=True)
class Run:
    """One row to run: its algorithm and bound, the solve request, and how its memory is estimated.

    A family's `compare_plan` gives each as a dict of these fields (families sit below this module).

    `kernel` names its bytes per stored position in `pzl.search.limits.BYTES_PER_STATE`
    (None: a depth-first search, whose `states` is its path). When `depth_is_bound`, a row stopped
    by its time reports its progress's last `depth` as `lower_bound`.
    """

    algorithm: str
    bound: str | None
    request: dict[str, Any]
    kernel: str | None = None
    depth_is_bound: bool = True   # progress `depth` is a proved lower bound of the answer (sliding searches)


Runner = Callable[[dict[str, Any]], Iterator[Event]]


def compare(request: dict[str, Any], family: Family, run: Runner) -> Iterator[Event]:
    """Run the rows of a comparison (`family.compare_plan`) through `run` (pzl.api.run); ends with the result."""
    seconds = _seconds(request)
    per_row = whole_number(request, "max_states", DEFAULT_MAX_STATES)
    measure = flag(request, "measure_memory")
    head, plan = family.compare_plan({key: value for key, value in request.items() if key not in OPTIONS})
    runs = [Run(**item) for item in plan]
    if not runs:
        raise PuzzleError(f"no row of a comparison runs {request.get('algorithm')} with the bound "
                          f"{request.get('bound')}: only ida and astar take a bound")
    rows: list[dict[str, Any]] = []
    done = {"nodes": 0, "seconds": 0.0}
    clock = time.perf_counter()
    yield progress(0, 0, 0.0, plan=[[each.algorithm, each.bound] for each in runs])
    for index, each in enumerate(runs):
        sub = {**each.request, "max_states": per_row}
        row = yield from _row(index, each, sub, seconds, run, done, clock)
        if each.kernel is None:
            row["depth_first"] = True   # its `states` is the path it holds
        if row.get("solution") is not None and row.get("moves") is not None:
            family.replay(sub, row["solution"])   # raises on an illegal move or a wrong end
        if measure and row.get("moves") is not None:
            row["peak_bytes"] = _measured_peak(run, sub, seconds)
        elif row.get("states") is not None:
            per_state = DEPTH_FIRST_BYTES if each.kernel is None else limits.bytes_per_state(each.kernel)
            row["peak_bytes"] = row["states"] * per_state
        rows.append(row)
        done["nodes"] += row.get("nodes") or 0
        yield progress(done["nodes"], 0, time.perf_counter() - clock, row=index, finished=row)
    lengths = {row["moves"] for row in rows if row.get("minimal")}
    if len(lengths) > 1:
        raise RuntimeError(f"rows that claim a minimal solution disagree on its length: {sorted(lengths)}")
    head.update(rows=rows, moves=lengths.pop() if lengths else None, memory="measured" if measure else "estimated",
                budget={"seconds": seconds, "max_states": per_row},
                stats=stats(done["nodes"], max((row["states"] or 0 for row in rows), default=0),
                            time.perf_counter() - clock))
    yield result(head)


def _row(index: int, each: Run, sub: dict[str, Any], seconds: float, run: Runner, done: dict[str, Any],
         clock: float) -> Iterator[Event]:
    """Run one row to its end or its time budget; returns the row."""
    row: dict[str, Any] = {"algorithm": each.algorithm, "bound": each.bound, "moves": None, "minimal": False,
                           "nodes": 0, "states": 0, "peak_bytes": None, "seconds": 0.0, "stopped": None}
    started = time.perf_counter()
    last: Event = {}
    events = run(sub)
    try:
        for event in events:
            elapsed = time.perf_counter() - started
            if event["event"] == "progress":
                last = event
                shown = {key: event[key] for key in ("depth", "phase", "search", "iteration", "layer") if key in event}
                yield progress(done["nodes"] + event["nodes"], event["states"], time.perf_counter() - clock,
                               row=index, row_nodes=event["nodes"], row_states=event["states"],
                               row_seconds=round(elapsed, 3), **shown)
                if elapsed > seconds:
                    row.update(stopped="seconds", nodes=event["nodes"], states=event["states"],
                               seconds=round(elapsed, 3))
                    if event.get("depth") is not None and each.depth_is_bound and not event.get("phase"):
                        row["lower_bound"] = event["depth"]
                    if each.kernel is None:
                        row["depth_first"] = True
                    if event.get("phase"):
                        row["phase"] = event["phase"]   # stopped before its search began (making tables, say)
                    return row
                continue
            if event["event"] == "error":
                return _failed(row, event, last, elapsed)
            return _answered(row, event["result"], elapsed)
    finally:
        events.close()
    return row


def _answered(row: dict[str, Any], answer: dict[str, Any], elapsed: float) -> dict[str, Any]:
    """A row from a solve result (solved, unsolvable or undecided)."""
    stats = answer.get("stats", {})
    row.update(moves=answer.get("moves"), minimal=bool(answer.get("minimal")) and answer.get("moves") is not None,
               nodes=stats.get("nodes", 0), states=stats.get("states", 0), seconds=round(elapsed, 6),
               solution=answer.get("solution"))
    if answer.get("bound") is not None:
        row["bound"] = answer["bound"]   # the bound's full name, e.g. "pdb 6-6-3 + mirror"
        row["heuristic"] = answer["heuristic"]   # the same as data: {"name": "pdb", "partition": [6, 6, 3], ...}
    for key in ("iterations", "layers", "lower_bound", "stopped"):
        if answer.get(key) is not None:
            row[key] = answer[key]
    if answer.get("solvable") is False:
        row["reason"] = answer.get("reason")
    elif answer.get("solvable") is None and answer.get("reason"):
        row["reason"] = answer["reason"]
    if answer.get("note"):
        row["note"] = answer["note"]
    return row


def _failed(row: dict[str, Any], error: Event, last: Event, elapsed: float) -> dict[str, Any]:
    """A row from an error: the limit that stopped it and what it reached, or why it cannot run."""
    if error.get("error") == "InternalError":
        raise RuntimeError(error["message"])
    row.update(reason=error["message"], seconds=round(elapsed, 6), nodes=error.get("nodes", last.get("nodes", 0)),
               states=error.get("states", last.get("states", 0)))
    if error.get("stopped"):
        row["stopped"] = error["stopped"]
        if error.get("lower_bound") is not None:
            row["lower_bound"] = error["lower_bound"]
        if error.get("estimate"):
            row["estimate"] = error["estimate"]
    return row


def _measured_peak(run: Runner, sub: dict[str, Any], seconds: float) -> int:
    """The traced peak of Python allocations while `sub` runs again (to its end or its time budget)."""
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    started = time.perf_counter()
    events = run(sub)
    try:
        for event in events:
            if event["event"] != "progress" or time.perf_counter() - started > seconds * 4:
                break
    finally:
        events.close()
        peak = tracemalloc.get_traced_memory()[1]
        if not was_tracing:
            tracemalloc.stop()
    return peak


def _seconds(request: dict[str, Any]) -> float:
    """The request's time budget per row (`seconds`): a positive number of seconds."""
    value = request.get("seconds")
    if value in (None, ""):
        return DEFAULT_SECONDS
    try:
        number = float(value) if not isinstance(value, bool) else float("nan")
    except (TypeError, ValueError):
        number = float("nan")
    if not 0 < number <= MAX_SECONDS:   # also refuses NaN and Infinity
        raise PuzzleError(f"seconds (each row's time budget) must be a number of seconds above 0 and at most "
                          f"{MAX_SECONDS:g}, not {value!r}"[:200])
    return number


def describe(result_: dict[str, Any], flags: dict[str, str] | None = None) -> str:
    """A comparison as a table for the terminal; `flags` names what raises each limit (the CLI's flags)."""
    if result_.get("family") == "peg":
        finish = result_["finish"]
        head = (f"{result_['puzzle']}: {_holes(result_['empty'])} empty → "
                f"{'one peg anywhere' if finish == 'any' else _pegs(finish)}")
    else:
        head = f"{result_['puzzle']}: {result_['start']} → {result_['goal']}"
    budget = result_["budget"]
    lines = [head, f"each row: at most {budget['seconds']:g} s and {budget['max_states']:,} stored positions; "
                   f"memory {result_['memory']}" + (" (~)" if result_["memory"] == "estimated" else "")]
    columns = ("algorithm", "bound", "moves", "minimal", "nodes", "states", "memory", "seconds", "stopped")
    table = [columns]
    notes: dict[str, list[int]] = {}   # a reason -> the rows it explains
    for number, row in enumerate(result_["rows"], 1):
        moves = "-" if row["moves"] is None else str(row["moves"])
        stopped = row["stopped"] or ""
        if row.get("reason") and not row["stopped"] and row["moves"] is None:
            stopped = "see notes"
        if row.get("reason"):
            notes.setdefault(row["reason"], []).append(number)
        elif row["stopped"] and row.get("lower_bound") is not None:
            stopped += f" (≥ {row['lower_bound']})"
        elif row.get("phase"):
            stopped += f" ({row['phase']})"
        states = f"{row['states']:,}" + (" path" if row.get("depth_first") else "")
        memory = "-" if row["peak_bytes"] is None else limits.size_words(row["peak_bytes"])
        table.append((f"{number}. {row['algorithm']}", row["bound"] or "-", moves,
                      "yes" if row["minimal"] else "no" if row["moves"] is not None else "-",
                      f"{row['nodes']:,}", states, memory, f"{row['seconds']:.3f}", stopped))
    widths = [max(len(str(line[i])) for line in table) for i in range(len(columns))]
    right = {2, 4, 5, 6, 7}
    for line in table:
        lines.append("  ".join(str(cell).rjust(width) if i in right else str(cell).ljust(width)
                               for i, (cell, width) in enumerate(zip(line, widths, strict=True))).rstrip())
    if result_.get("moves") is not None:
        lines.append(f"every row that proves its answer minimal found {result_['moves']} moves")
    stops = sorted({row["stopped"] for row in result_["rows"] if row["stopped"]})
    if stops and flags:
        lines.append("stopped by a budget: raise " + ", ".join(f"{stop}: {flags.get(stop, stop)}" for stop in stops))
    if notes:
        lines.append("notes:")
        lines += [f"  {_numbers(numbers)}. {reason}" for reason, numbers in notes.items()]
    return "\n".join(lines)


def _holes(holes: Any) -> str:
    if isinstance(holes, list):
        return ("hole " if len(holes) == 1 else "holes ") + ", ".join(map(str, holes))
    return f"hole {holes}"


def _pegs(finish: Any) -> str:
    """'one peg in hole 6', 'pegs in holes 3, 7'."""
    if isinstance(finish, list) and len(finish) != 1:
        return f"pegs in {_holes(finish)}"
    return f"one peg in {_holes(finish)}"


def _numbers(numbers: list[int]) -> str:
    """Row numbers for a note: '3', '1, 4', '1-13' when they run on."""
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))
