"""Benchmark: the up-front estimates of depth-first searches (pzl.sliding.effort) next to the real searches.

    python bench/effort.py            # a table: estimated nodes, real nodes, CPU seconds, nodes per second

For each request the estimate is Knuth's (random probes of one pass at the exact distance, found by a
breadth-first check first), as the service computes it; the real search then runs through the api.
The nodes-per-second column is what pzl.sliding.effort.RATES holds per kernel (CPU time, so a loaded
machine does not distort it); the ratio column shows how far Knuth's estimate of the last pass lies
from the whole search (all passes), which is what the refusal thresholds must tolerate.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl import api  # noqa: E402
from pzl.search import breadth  # noqa: E402
from pzl.search.problem import run_to_end  # noqa: E402
from pzl.sliding.effort import RATES, depth_first_effort  # noqa: E402
from pzl.sliding.service import problem_for  # noqa: E402
from pzl.sliding.task import from_request  # noqa: E402

CASES = [
    ("iddfs", {"puzzle": "8-puzzle", "start": "5 1 3 4 0 2 7 8 6"}),
    ("iddfs", {"puzzle": "8-puzzle", "start": "0 3 6 2 1 5 4 7 8"}),
    ("iddfs", {"puzzle": "8-puzzle", "start": "8 3 6 2 1 0 7 4 5"}),
    ("iddfs", {"puzzle": "8-puzzle", "start": "0 6 2 5 1 4 8 3 7"}),
    ("iddfs", {"puzzle": "symbols", "start": "┌ ─ │ │ 0 ┐ └ ─ ┘"}),
    ("iddfs", {"puzzle": "symbols", "start": "│ └ 0 │ ┐ ─ ─ ┘ ┌"}),
    ("iddfs", {"puzzle": "no-off"}),
    ("iddfs", {"family": "sliding", "board": "2x4", "start": "2 3 5 4 0 0 1 6", "goal": "2 3 4 0 5 6 0 1"}),
    ("ida", {"puzzle": "8-puzzle"}),
    ("ida", {"puzzle": "9-puzzle"}),
    ("ida", {"puzzle": "15-puzzle"}),
    ("ida", {"puzzle": "symbols"}),
    ("ida", {"puzzle": "no-off"}),
    ("ida", {"family": "sliding", "board": "2x4", "start": "2 3 5 4 0 0 1 6", "goal": "2 3 4 0 5 6 0 1"}),
]


def row(algorithm: str, request: dict) -> dict:
    puzzle = from_request(request)
    problem = problem_for(puzzle)
    distance = None
    if puzzle.board.size <= 10:
        check = breadth.bfs(problem) if puzzle.goal_is_partial else breadth.bidirectional(problem)
        distance = len(run_to_end(check)[0].path) - 1
    bound = distance if distance is not None else problem.lower_bound(problem.start)
    kernel = algorithm + ("-tiles" if puzzle.distinct_tiles and not puzzle.goal_is_partial else "")
    clock = time.perf_counter()
    effort = depth_first_effort(problem, algorithm, kernel, bound, exact=distance is not None)
    estimate_ms = (time.perf_counter() - clock) * 1000
    started = time.process_time()
    final = api.answer({"command": "solve", **request, "algorithm": algorithm})
    cpu = time.process_time() - started
    nodes = final["result"]["stats"]["nodes"]
    name = request.get("puzzle") or request["board"]
    return {"search": f"{algorithm} {name} ({final['result']['moves']} moves)", "kernel": kernel,
            "estimate": effort.nodes, "exact": effort.exact, "nodes": nodes, "cpu": cpu,
            "rate": nodes / cpu if cpu else 0.0, "estimate_ms": estimate_ms}


def main() -> None:
    rows = [row(algorithm, request) for algorithm, request in CASES]
    print(f"{'search':34} {'kernel':12} {'estimate':>12} {'real nodes':>12} {'real/est':>8} {'CPU s':>7} "
          f"{'nodes/s':>10} {'RATES':>10} {'est. ms':>7}")
    for r in rows:
        print(f"{r['search']:34} {r['kernel']:12} {r['estimate']:12,.0f}{'' if r['exact'] else '+'} "
              f"{r['nodes']:12,} {r['nodes'] / max(r['estimate'], 1):8.2f} {r['cpu']:7.2f} {r['rate']:10,.0f} "
              f"{RATES[r['kernel']]:10,} {r['estimate_ms']:7.1f}")
    print("\n+ : estimated at the start's lower bound (the distance is unknown), a floor")


if __name__ == "__main__":
    main()
