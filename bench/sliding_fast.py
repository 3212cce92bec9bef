"""Benchmark: the fast solver on uniformly random positions, CPython beside Pyodide, length beside the bound.

    python build.py                          # builds site/ (the wheel Pyodide installs)
    python bench/sliding_fast.py             # 4x4, 5x5, 7x7, 10x10: 50 positions each, both interpreters
    python bench/sliding_fast.py --count 10 --sizes 10x10 --no-pyodide
    python bench/sliding_fast.py --line      # where auto's optimal attempt pays: IDA* within its budget

Every request goes through `pzl.api` with "algorithm": "fast" (bench/pyodide_node.mjs times
each one in CPython, from the source tree, and in Pyodide under Node, from the built wheel;
wall-clock of `api.answer`, the JSON of the solution included). Positions are uniformly random
among those that can reach the standard goal (a random permutation, two tiles swapped when
parity says so), seeded, so runs are comparable. The bound is Manhattan distance + linear
conflict (admissible); the true shortest length lies between the two columns.

`--line` walks random distances from the goal on 5x5 and 7x7 boards, groups the starts by
their lower bound, and counts how many IDA* (Manhattan + linear conflict) solves within
`pzl.sliding.fast_reach.AUTO_IDA_NODES` nodes: the figures behind `auto`'s AUTO_IDA_BOUND.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl.search.problem import Search  # noqa: E402
from pzl.sliding import fast_reach  # noqa: E402
from pzl.sliding.board import distances, rectangle  # noqa: E402
from pzl.sliding.fast import lower_bound  # noqa: E402
from pzl.sliding.tiles import ida_star_tiles  # noqa: E402
from pzl.sliding.verdict import permutation_parity  # noqa: E402
from tests.sliding.replay import walk  # noqa: E402

SIZES = ("4x4", "5x5", "7x7", "10x10")


def random_start(rows: int, cols: int, rng: random.Random) -> tuple[int, ...]:
    """A uniformly random position that can reach the standard goal (tiles in order, blank last)."""
    goal = (*range(1, rows * cols), 0)
    start = list(goal)
    rng.shuffle(start)
    z = start.index(0)
    if (permutation_parity(tuple(start), goal) + z // cols + z % cols + rows - 1 + cols - 1) % 2:
        a, b = [cell for cell in range(rows * cols) if start[cell] != 0][:2]
        start[a], start[b] = start[b], start[a]
    return tuple(start)


def requests(sizes: list[str], count: int, seed: int) -> list[dict]:
    """The benchmark's requests: `count` random starts per board size, algorithm fast."""
    rng = random.Random(seed)
    out = []
    for size in sizes:
        rows, cols = (int(side) for side in size.split("x"))
        for _ in range(count):
            start = random_start(rows, cols, rng)
            out.append({"command": "solve", "family": "sliding", "board": size,
                        "start": " ".join(map(str, start)), "algorithm": "fast"})
    return out


def measure(sizes: list[str], count: int, seed: int, pyodide: bool, python: str) -> dict:
    """Time every request in CPython and (optionally) Pyodide; lengths and bounds from the answers."""
    batch = requests(sizes, count, seed)
    # one request first to import the modules (the first call would pay that), its time dropped
    warm = {"command": "solve", "family": "sliding", "board": "3x3", "start": "1 2 3 4 5 6 7 0 8", "algorithm": "fast"}
    if pyodide:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "requests.jsonl"
            path.write_text("\n".join(json.dumps(request) for request in [warm, *batch]), encoding="utf-8")
            done = subprocess.run(["node", str(ROOT / "bench" / "pyodide_node.mjs"), "--json", "--repeat", "1",
                                   "--python", python, "--file", str(path)],
                                  cwd=ROOT, capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(f"the Pyodide run failed (is site/ built? `python build.py`):\n{done.stderr[-2000:]}")
        rows = json.loads(done.stdout.strip().splitlines()[-1])["rows"][1:]
    else:
        rows = _cpython_only([warm, *batch])[1:]
    table = []
    for size in sizes:
        mine = [(request, row) for request, row in zip(batch, rows, strict=True) if request["board"] == size]
        results = [row["cpython"]["result"] for _, row in mine]
        ratios = [result["moves"] / result["lower_bound"] for result in results]
        entry = {"size": size, "positions": len(mine),
                 "cpython_ms": [row["cpython_ms"] for _, row in mine],
                 "pyodide_ms": [row["pyodide_ms"] for _, row in mine] if pyodide else None,
                 "moves": [result["moves"] for result in results],
                 "bound": [result["lower_bound"] for result in results], "ratio": ratios}
        if pyodide:
            assert all(row["pyodide"]["result"]["moves"] == row["cpython"]["result"]["moves"] for _, row in mine)
        table.append(entry)
    return {"python": sys.version.split()[0], "count": count, "seed": seed, "table": table}


def _cpython_only(batch: list[dict]) -> list[dict]:
    from pzl import api
    rows = []
    for request in batch:
        started = time.perf_counter()
        final = api.answer(request)
        rows.append({"cpython_ms": (time.perf_counter() - started) * 1000, "cpython": final})
    return rows


def report(data: dict) -> str:
    """The table: per board size, time median / max (ms) and length against the lower bound."""
    lines = [f"fast solver, {data['count']} uniformly random solvable positions per size (seed {data['seed']}); "
             f"CPython {data['python']}; times are wall-clock of api.answer in ms",
             "",
             "| board | CPython ms median / max | Pyodide ms median / max | moves median / max | "
             "lower bound median | moves / bound median / max |",
             "|---|---:|---:|---:|---:|---:|"]
    for row in data["table"]:
        pyodide = (f"{statistics.median(row['pyodide_ms']):,.0f} / {max(row['pyodide_ms']):,.0f}"
                   if row["pyodide_ms"] else "–")
        lines.append(f"| {row['size']} | {statistics.median(row['cpython_ms']):,.0f} / {max(row['cpython_ms']):,.0f} "
                     f"| {pyodide} | {statistics.median(row['moves']):,.0f} / {max(row['moves']):,} "
                     f"| {statistics.median(row['bound']):,.0f} "
                     f"| {statistics.median(row['ratio']):.2f} / {max(row['ratio']):.2f} |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# --line: how far from the goal an optimal search still finishes within auto's budget

def finishes(search: Search, nodes: int) -> tuple[bool, float]:
    """Whether a search ends within `nodes` nodes, and the seconds it took."""
    started = time.perf_counter()
    for event in search:
        if event["nodes"] > nodes:
            search.close()
            return False, time.perf_counter() - started
    return True, time.perf_counter() - started


def line(sizes: list[str], per_bucket: int, seed: int) -> str:
    """The table behind AUTO_IDA_BOUND: IDA* within AUTO_IDA_NODES, by the start's lower bound."""
    budget = fast_reach.AUTO_IDA_NODES
    lines = [f"IDA* (Manhattan + linear conflict) within {budget:,} nodes, starts grouped by lower bound",
             "", "| board | bound | solved | median s (solved) |", "|---|---|---:|---:|"]
    rng = random.Random(seed)
    for size in sizes:
        rows, cols = (int(side) for side in size.split("x"))
        board = rectangle(rows, cols)
        table = distances(board)
        goal = (*range(1, rows * cols), 0)
        buckets: dict[int, list[tuple[bool, float]]] = {}
        for _ in range(per_bucket * 40):
            start = walk(rows, cols, rng.randrange(10, 200), rng)
            bucket = lower_bound(start, goal, rows, cols) // 10 * 10
            if bucket > 60 or len(buckets.setdefault(bucket, [])) >= per_bucket:
                continue
            search = ida_star_tiles(start, goal, board.adjacency, table, rows_cols=(rows, cols), pattern_db=None)
            buckets[bucket].append(finishes(search, budget))
        for bucket in sorted(buckets):
            runs = buckets[bucket]
            solved = [seconds for ok, seconds in runs if ok]
            median = f"{statistics.median(solved):.2f}" if solved else "–"
            lines.append(f"| {size} | {bucket}–{bucket + 9} | {len(solved)}/{len(runs)} | {median} |")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help="board sizes, e.g. 4x4,10x10")
    parser.add_argument("--count", type=int, default=50, help="positions per size (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only (no site/ needed)")
    parser.add_argument("--python", default=sys.executable, help="the CPython for the CPython column")
    parser.add_argument("--line", action="store_true", help="the IDA* budget table behind auto's choice")
    parser.add_argument("--json", action="store_true", help="print the measurements as JSON")
    args = parser.parse_args()
    sizes = [size.strip() for size in args.sizes.split(",") if size.strip()]
    if args.line:
        print(line([size for size in sizes if size in ("5x5", "7x7")] or ["5x5", "7x7"], 12, args.seed))
    else:
        data = measure(sizes, args.count, args.seed, not args.no_pyodide, args.python)
        print(json.dumps(data) if args.json else report(data))
