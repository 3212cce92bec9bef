"""Benchmark: the full `longest` sweep of the 2x5 9-puzzle, the articles' approach beside pzl's, plus bfs rates.

    python bench/sliding_longest.py              # CPython: table of times, rates and peak memory
    python bench/sliding_longest.py --pyodide    # the same script inside Pyodide under Node (needs site/ built)
    python bench/sliding_longest.py --quick      # the 8-puzzle instead of the 9-puzzle (a smoke run)

Times are CPU seconds of this process (time.process_time, best of --repeat runs), so other
work on a shared machine does not distort the comparison. Peak memory is tracemalloc's peak
of Python allocations, measured in an extra, traced run (tracing slows a run down).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent if "__file__" in globals() else Path.cwd()  # Pyodide: no file
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl import api  # noqa: E402
from pzl.search import breadth  # noqa: E402
from pzl.search.problem import run_to_end  # noqa: E402
from pzl.sliding.engines.sweep import sweep  # noqa: E402
from pzl.sliding.service import problem_for  # noqa: E402
from pzl.sliding.task import from_request  # noqa: E402


def articles_longest(adjacency: list[list[int]], goal: tuple[int, ...]) -> tuple[int, int, int]:
    """The articles' approach, written afresh: a tuple per position, a dict of seen positions,
    one successor at a time (copy the board as a list, swap, freeze as a tuple), layer lists.
    Returns (longest distance, positions at it, positions in all)."""
    layer = [(goal, goal.index(0))]
    seen = {goal: True}
    depth = 0
    while True:
        following = []
        for board, blank in layer:
            for cell in adjacency[blank]:
                after = list(board)
                after[blank] = after[cell]
                after[cell] = 0
                after = tuple(after)
                if after in seen:
                    continue
                seen[after] = True
                following.append((after, cell))
        if not following:
            return depth, len(layer), len(seen)
        layer = following
        depth += 1



def timed(function, memory: bool, repeat: int = 1) -> tuple[float, float | None, object]:
    """(best CPU seconds, peak MB or None, result) of calling `function`."""
    seconds = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        result = function()
        seconds = min(seconds, time.process_time() - started)
    peak = None
    if memory:
        tracemalloc.start()
        function()
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    return seconds, peak, result


def sweep_rows(puzzle_id: str, memory: bool, repeat: int) -> list[dict]:
    """Timings of the three ways to sweep a puzzle's whole space from its goal."""
    puzzle = from_request({"puzzle": puzzle_id})
    adjacency = [list(cells) for cells in puzzle.board.adjacency]
    goal = tuple(int(label) for label in puzzle.text(puzzle.goal).split())
    problem = problem_for(puzzle)
    ways = [
        ("articles: tuple + dict, one successor at a time", lambda: articles_longest(adjacency, goal)),
        ("pzl generic: packed ints, set per layer", lambda: (lambda r: (r.longest, len(r.last), r.states))(
            run_to_end(breadth.longest(problem, [problem.full_goal]))[0])),
        ("pzl sweep: bytes, column copies (used)", lambda: (lambda r: (r.longest, len(r.last), r.states))(
            run_to_end(sweep(puzzle.board, puzzle.goal))[0])),
    ]
    rows = []
    for name, function in ways:
        seconds, peak, (longest, hardest, states) = timed(function, memory, repeat)
        rows.append({"way": name, "seconds": seconds, "peak_mb": peak, "longest": longest, "hardest": hardest,
                     "states": states})
    return rows


SEARCHES = [
    ("bfs 8-puzzle hardest start", {"puzzle": "8-puzzle", "algorithm": "bfs"}),
    ("bfs 9-puzzle start", {"puzzle": "9-puzzle", "algorithm": "bfs"}),
    ("bidirectional 8-puzzle hardest", {"puzzle": "8-puzzle", "algorithm": "bidirectional"}),
    ("bidirectional 9-puzzle start", {"puzzle": "9-puzzle", "algorithm": "bidirectional"}),
    ("bfs --all 8-puzzle hardest (count 40)", {"puzzle": "8-puzzle", "algorithm": "bfs", "all": True}),
    ("bfs symbols (duplicates)", {"puzzle": "symbols", "algorithm": "bfs"}),
    ("bfs hakoiri-musume (blocks)", {"puzzle": "hakoiri-musume", "algorithm": "bfs"}),
    ("ida 8-puzzle hardest", {"puzzle": "8-puzzle", "algorithm": "ida"}),
    ("ida 15-puzzle default start", {"puzzle": "15-puzzle", "algorithm": "ida"}),
]


def search_rows(quick: bool) -> list[dict]:
    """Rates of the solving algorithms through the api (what the page and the CLI run)."""
    rows = []
    for name, request in SEARCHES:
        if quick and "9-puzzle" in name:
            continue
        started = time.process_time()
        final = api.answer({"command": "solve", **request})
        seconds = time.process_time() - started
        result = final["result"]
        stats = result["stats"]
        rows.append({"search": name, "moves": result["moves"], "nodes": stats["nodes"], "states": stats["states"],
                     "seconds": seconds})
    return rows


def measure(quick: bool, memory: bool, repeat: int = 1) -> dict:
    """Every measurement of this benchmark, as JSON-able data."""
    return {"python": f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})",
            "sweep_puzzle": "8-puzzle" if quick else "9-puzzle",
            "sweeps": sweep_rows("8-puzzle" if quick else "9-puzzle", memory, repeat),
            "searches": search_rows(quick)}


def report(data: dict) -> str:
    """The measurements as text tables."""
    lines = [f"{data['python']}", "",
             f"longest sweep of the {data['sweep_puzzle']} from its goal:",
             f"{'way':50} {'seconds':>8} {'states/s':>11} {'peak MB':>8} {'speed-up':>8}  result"]
    base = data["sweeps"][0]["seconds"]
    for row in data["sweeps"]:
        peak = f"{row['peak_mb']:.0f}" if row["peak_mb"] is not None else "-"
        lines.append(f"{row['way']:50} {row['seconds']:8.2f} {row['states'] / row['seconds']:11,.0f} {peak:>8} "
                     f"{base / row['seconds']:7.2f}x  {row['longest']} moves x{row['hardest']}, "
                     f"{row['states']:,} states")
    lines += ["", "searches through pzl.api:",
              f"{'search':40} {'moves':>5} {'nodes':>11} {'states':>10} {'seconds':>8} {'nodes/s':>10} "
              f"{'states/s':>10}"]
    for row in data["searches"]:
        lines.append(f"{row['search']:40} {row['moves']:5} {row['nodes']:11,} {row['states']:10,} "
                     f"{row['seconds']:8.3f} {row['nodes'] / row['seconds']:10,.0f} "
                     f"{row['states'] / row['seconds']:10,.0f}")
    return "\n".join(lines)


def in_pyodide(quick: bool, memory: bool, repeat: int) -> dict:
    """Run `measure` inside Pyodide under Node (the built site's wheel), returning its data."""
    from pyodide_measure import measure_in_pyodide  # bench/ is on the path when run as a script

    return measure_in_pyodide(Path(__file__), f"{quick}, {memory}, {repeat}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node")
    parser.add_argument("--quick", action="store_true", help="sweep the 8-puzzle, skip the 9-puzzle searches")
    parser.add_argument("--no-memory", action="store_true", help="skip the traced run for peak memory")
    parser.add_argument("--repeat", type=int, default=2, help="best of this many runs per sweep (default 2)")
    parser.add_argument("--json", action="store_true", help="print the measurements as JSON")
    args = parser.parse_args()
    memory = not args.no_memory
    data = in_pyodide(args.quick, memory, args.repeat) if args.pyodide else measure(args.quick, memory, args.repeat)
    print(json.dumps(data) if args.json else report(data))
