"""Benchmark: the longest silence between two events of a request (CPython), against the 0.2 s a page allows.

    python bench/progress_gaps.py                  # the default requests below, once each
    python bench/progress_gaps.py --runs 3 --only english-minimal census-triangle-21-regular

Each request runs through `pzl.api.run` to its end (or `--seconds`, then it is closed); the table
gives its events, the longest time between two of them (and the phase or depth it ended at),
the median gap and the wall time. Searches yield progress every so many work units
(`pzl.search.problem`: PROGRESS_EVERY, COSTLY_EVERY, BULK_EVERY); this shows whether that
keeps every silence short. Pyodide runs 1.5–2.3× slower, so a page waits about twice as long.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl import api  # noqa: E402

REQUESTS: dict[str, dict[str, Any]] = {
    "english-minimal": {"command": "solve", "puzzle": "english-33", "algorithm": "minimal"},
    "french-beam": {"command": "solve", "puzzle": "french-37", "algorithm": "beam"},
    "french-fast": {"command": "solve", "puzzle": "french-37", "algorithm": "fast"},
    "french-depth-first": {"command": "solve", "puzzle": "french-37", "empty": "18", "finish": "any",
                           "algorithm": "fast", "seconds_limit": 20},
    "census-triangle-21-regular": {"command": "census", "puzzle": "triangle-21-regular"},
    "triangle-21-all": {"command": "solve", "puzzle": "triangle-21", "all": True},
    "8-puzzle-longest": {"command": "longest", "puzzle": "8-puzzle"},
}


def label(event: dict[str, Any] | None) -> str:
    """An event in a few words: its phase, else its depth; a final event by its kind."""
    if event is None:
        return "start"
    if event["event"] != "progress":
        return event["event"]
    return event.get("phase") or f"depth {event.get('depth')}"


def measure(request: dict[str, Any], seconds: float) -> dict[str, Any]:
    """Events, the longest gap (and the events around it), the median gap and the wall time of one run."""
    events = api.run(dict(request))
    clock = last = time.perf_counter()
    gaps: list[float] = []
    worst, at, final, before = 0.0, "", "stopped by --seconds", None
    try:
        for event in events:
            now = time.perf_counter()
            gap = now - last
            gaps.append(gap)
            if gap > worst:
                worst, at = gap, f"{label(before)} → {label(event)}"
            last, before = now, event
            if event["event"] != "progress":
                final = event["event"]
            elif now - clock > seconds:
                break
    finally:
        events.close()
    return {"events": len(gaps), "worst": worst, "at": at, "median": statistics.median(gaps) if gaps else 0.0,
            "seconds": last - clock, "final": final}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1, help="runs per request (the table shows the worst)")
    parser.add_argument("--seconds", type=float, default=120.0, help="stop a request after this long")
    parser.add_argument("--only", nargs="*", choices=sorted(REQUESTS), help="these requests only")
    args = parser.parse_args(argv)
    for warm_up in ({"command": "solve", "puzzle": "hoppers"}, {"command": "solve", "puzzle": "8-puzzle"}):
        api.answer(warm_up)   # imports and tables once, so the first request's gap is its own
    print("| request | events | longest gap s | between | median gap ms | wall s | end |")
    print("|---|---:|---:|---|---:|---:|---|")
    for name in args.only or REQUESTS:
        runs = [measure(REQUESTS[name], args.seconds) for _ in range(args.runs)]
        run = max(runs, key=lambda each: each["worst"])
        print(f"| {name} | {run['events']:,} | {run['worst']:.3f} | {run['at']} | {run['median'] * 1000:.2f} "
              f"| {run['seconds']:.1f} | {run['final']} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
