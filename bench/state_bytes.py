"""Benchmark: bytes of memory per stored state for each search kernel, in CPython and in Pyodide.

    python bench/state_bytes.py              # CPython: a table of peak bytes per counted state
    python bench/state_bytes.py --pyodide    # the same inside Pyodide under Node (needs site/ built)
    python bench/state_bytes.py --quick      # smaller instances (a smoke run)

Each row runs one kernel to its end on one instance under tracemalloc and divides the peak
of Python allocations by the states the search reports (`states` in its progress events,
the number its state cap counts). pzl.search.limits.BYTES_PER_STATE holds these figures
(rounded up); the up-front memory refusals and the memory-derived state caps use them.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent if "__file__" in globals() else Path.cwd()  # Pyodide: no file
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl.peg.catalog import board_by_id  # noqa: E402
from pzl.peg.engines.solve import solve_minimal  # noqa: E402
from pzl.search import breadth  # noqa: E402
from pzl.search.problem import run_to_end  # noqa: E402
from pzl.sliding.engines.sweep import shortest, sweep  # noqa: E402
from pzl.sliding.service import problem_for  # noqa: E402
from pzl.sliding.task import from_request  # noqa: E402

NINE_FAR = "0 9 8 7 6 5 4 3 2 1"          # the 9-puzzle's default start (45 moves)
TWO_BLANKS = ("1 2 3 4 5 6 7 8 0 0", "0 0 8 7 6 5 4 3 2 1")   # 2x5, two blanks: 1,814,400 positions


def _sliding(request: dict):
    puzzle = from_request(request)
    return puzzle, problem_for(puzzle)


def _states_of(outcome) -> int:
    return outcome.states


def _dead_positions(holes: int, count: int) -> set[int]:
    """What the fast peg solver's memory holds: a set of positions (ints of `holes` bits), filled as it does."""
    rng = random.Random(1)
    dead: set[int] = set()
    while len(dead) < count:
        dead.add(rng.getrandbits(holes))
    return dead


def cases(quick: bool) -> list[tuple[str, str, object]]:
    """(kernel, instance, thunk returning the number of states counted)."""
    nine = {"puzzle": "8-puzzle"} if quick else {"puzzle": "9-puzzle", "start": NINE_FAR}
    blanks = ({"board": "3x3", "start": "1 2 3 4 5 6 7 0 0", "goal": "0 0 7 6 5 4 3 2 1"} if quick else
              {"board": "2x5", "start": TWO_BLANKS[0], "goal": TWO_BLANKS[1]})
    peg = "triangle-15" if quick else "english-33"
    peg_cap = 20_000 if quick else 1_000_000
    nine_puzzle, nine_problem = _sliding(nine)
    blank_puzzle, blank_problem = _sliding(blanks)
    label = nine["puzzle"] if quick else "9-puzzle"
    board = f"{blank_puzzle.board.rows}x{blank_puzzle.board.cols} two blanks"
    triangle = board_by_id(peg)
    return [
        ("sweep", f"longest {label}",
         lambda: run_to_end(sweep(nine_puzzle.board, nine_puzzle.goal))[0].states),
        ("shortest", f"bfs {label}",
         lambda: run_to_end(shortest(nine_puzzle.board, nine_puzzle.start, nine_puzzle.goal))[0].states),
        ("bfs-packed", f"bfs {label} (generic)",
         lambda: run_to_end(breadth.bfs(nine_problem, max_states=None))[0].states),
        ("bidirectional-packed", f"bidirectional {label}",
         lambda: run_to_end(breadth.bidirectional(nine_problem, max_states=None))[0].states),
        ("longest-packed", f"longest {label} (generic)",
         lambda: run_to_end(breadth.longest(nine_problem, [nine_problem.full_goal]))[0].states),
        ("bfs-blocks", f"bfs {board}",
         lambda: run_to_end(breadth.bfs(blank_problem, max_states=None))[0].states),
        ("bidirectional-blocks", f"bidirectional {board}",
         lambda: run_to_end(breadth.bidirectional(blank_problem, max_states=None))[0].states),
        ("longest-blocks", f"longest {board}",
         lambda: run_to_end(breadth.longest(blank_problem, blank_problem.goal_states()))[0].states),
        ("reachable-blocks", f"reachable {board}",
         lambda: len(run_to_end(breadth.reachable(blank_problem, max_states=None))[0])),
        ("peg-minimal", f"minimal {peg} to {peg_cap:,} states",
         lambda: run_to_end(solve_minimal(triangle, triangle.full & ~1, None, max_states=peg_cap))[0].states),
        ("peg-fast", f"fast: {peg_cap:,} dead {peg} positions",
         lambda: len(_dead_positions(triangle.size, peg_cap))),
    ]


def measure(quick: bool) -> dict:
    """Peak traced bytes per counted state of every case."""
    rows = []
    for kernel, instance, run in cases(quick):
        gc.collect()
        tracemalloc.start()
        states = run()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        rows.append({"kernel": kernel, "instance": instance, "states": states, "peak_mb": peak / 1e6,
                     "bytes_per_state": peak / max(states, 1)})
    return {"python": f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})",
            "rows": rows}


def report(data: dict) -> str:
    lines = [data["python"], "", f"{'kernel':22} {'instance':40} {'states':>11} {'peak MB':>9} {'bytes/state':>11}"]
    for row in data["rows"]:
        lines.append(f"{row['kernel']:22} {row['instance']:40} {row['states']:11,} {row['peak_mb']:9.1f} "
                     f"{row['bytes_per_state']:11.0f}")
    return "\n".join(lines)


def in_pyodide(quick: bool) -> dict:
    """Run `measure` inside Pyodide under Node (the built site's wheel), returning its data."""
    from pyodide_measure import measure_in_pyodide  # bench/ is on the path when run as a script

    return measure_in_pyodide(Path(__file__), f"{quick}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node")
    parser.add_argument("--quick", action="store_true", help="small instances (a smoke run)")
    parser.add_argument("--json", action="store_true", help="print the measurements as JSON")
    args = parser.parse_args()
    data = in_pyodide(args.quick) if args.pyodide else measure(args.quick)
    print(json.dumps(data) if args.json else report(data))
