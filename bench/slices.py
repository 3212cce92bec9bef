"""Benchmark: the longest time slice of every long search, as the page runs it (`Job.run_for(0.05)`), in CPU seconds.

    python bench/slices.py                        # every search below, each for at most 20 s, then cancelled
    python bench/slices.py --seconds 60 --only english-minimal census-english

The page's worker runs a request in slices of 50 ms and reads Cancel between them, so the longest slice
is how long Cancel can wait (Pyodide runs 1.5-2.3x slower than CPython). A slice ends at the first event
after its 50 ms: the goal is every slice within 0.1 s of CPython CPU, i.e. no step of a search longer
than 50 ms between two events. The table gives, per search, the slices run, the worst slice (CPU s)
and the event that ended it (phase, depth), the median slice, the CPU time of `cancel` (the generator
closed: its memory freed) and how the request ended. The small cases of the same code are in
tests/test_slices.py.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pzl.peg.engines.solve  # noqa: E402
import pzl.peg.numbers  # noqa: E402  (every module imported, as in the page's snapshot: imports are no slice)
import pzl.sliding.lab  # noqa: E402, F401
from pzl import api  # noqa: E402

SLICE = 0.05
#: The searches a page can start that run for seconds or more.
REQUESTS: dict[str, dict[str, Any]] = {
    "english-minimal": {"puzzle": "english-33", "algorithm": "minimal"},
    "english-all": {"puzzle": "english-33", "algorithm": "minimal", "all": True, "max_solutions": 0},
    "english-auto": {"puzzle": "english-33"},
    "english-analyse": {"command": "analyse", "puzzle": "english-33"},
    "french-fast": {"puzzle": "french-37", "empty": "2", "finish": "any", "algorithm": "fast"},
    "diamond-auto": {"puzzle": "diamond-41"},
    "french-beam": {"puzzle": "french-37", "algorithm": "beam"},
    "diamond-minimal": {"puzzle": "diamond-41", "algorithm": "minimal", "max_states": 3_000_000},
    "census-english": {"command": "census", "puzzle": "english-33"},
    "census-english-page": {"command": "census", "puzzle": "english-33", "max_states": 1_000_000, "by_moves": False},
    "census-triangle-21-regular": {"command": "census", "puzzle": "triangle-21-regular"},
    "atlas-triangle-21": {"command": "atlas", "puzzle": "triangle-21"},
    "atlas-english": {"command": "atlas", "puzzle": "english-33", "max_states": 2_000_000},
    "8-puzzle-longest": {"command": "longest", "puzzle": "8-puzzle"},
    "9-puzzle-longest": {"command": "longest", "puzzle": "9-puzzle"},
    "hakoiri-longest-piece": {"command": "longest", "puzzle": "hakoiri-musume", "metric": "piece"},
    "9-puzzle-bfs-all": {"puzzle": "9-puzzle", "algorithm": "bfs", "all": True},
    "3x4-bidirectional": {"family": "sliding", "board": "3x4", "start": "0 11 10 9 8 7 6 5 4 3 1 2",
                          "algorithm": "bidirectional"},
    "3x4-astar": {"family": "sliding", "board": "3x4", "start": "0 11 10 9 8 7 6 5 4 3 1 2", "algorithm": "astar",
                  "bound": "linear-conflict"},
    "8-puzzle-iddfs-all": {"puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1", "algorithm": "iddfs", "all": True},
    "15-puzzle-ida": {"puzzle": "15-puzzle", "start": "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1", "algorithm": "ida"},
    "15-puzzle-astar-pdb": {"puzzle": "15-puzzle", "start": "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1",
                            "algorithm": "astar", "bound": "pdb"},
    "hakoiri-bfs-all": {"puzzle": "hakoiri-musume", "algorithm": "bfs", "all": True},
    "10x10-fast": {"family": "sliding", "board": "10x10", "algorithm": "fast",
                   "start": " ".join(map(str, [*range(99, 2, -1), 1, 2, 0]))},
    "compare-8-puzzle": {"command": "compare", "puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1"},
}


def slices(request: dict[str, Any], seconds: float) -> dict[str, Any]:
    """Run `request` in SLICE-long slices for at most `seconds` of CPU, then cancel; what the slices took."""
    job = api.Job(request)
    lengths: list[float] = []
    worst, worst_at = 0.0, ""
    spent = 0.0
    final = None
    while not job.done and spent < seconds:
        clock = time.process_time()
        happened = job.run_for(SLICE)
        took = time.process_time() - clock
        spent += took
        lengths.append(took)
        if took > worst:
            last = happened[-1] if happened else {}
            worst, worst_at = took, _where(last)
        final = next((event for event in happened if event["event"] != "progress"), final)
    clock = time.process_time()
    job.cancel()
    cancel = time.process_time() - clock
    ended = "cancelled" if final is None else (final.get("message", "")[:40] if final["event"] == "error"
                                                else "answered")
    return {"slices": len(lengths), "worst": worst, "at": worst_at, "median": statistics.median(lengths or [0]),
            "cancel": cancel, "ended": ended}


def _where(event: dict[str, Any]) -> str:
    if event.get("event") != "progress":
        return event.get("event", "")
    parts = [event.get("phase") or "", f"depth {event['depth']}" if event.get("depth") is not None else ""]
    return ", ".join(part for part in parts if part)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="CPU seconds per search before Cancel")
    parser.add_argument("--only", nargs="+", choices=sorted(REQUESTS), help="these searches only")
    args = parser.parse_args()
    names = args.only or list(REQUESTS)
    print(f"time slices of {SLICE * 1000:.0f} ms (CPU s; each search at most {args.seconds:g} s, then cancelled; "
          f"load average {os.getloadavg()[0]:.1f})")
    print(f"{'search':<28} {'slices':>6} {'worst':>6} {'median':>6} {'cancel':>6}  worst ended at / how it ended")
    worst = 0.0
    for name in names:
        row = slices(REQUESTS[name], args.seconds)
        worst = max(worst, row["worst"])
        print(f"{name:<28} {row['slices']:>6} {row['worst']:>6.3f} {row['median']:>6.3f} {row['cancel']:>6.3f}  "
              f"{row['at']} / {row['ended']}", flush=True)
    print(f"worst slice of all: {worst:.3f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
