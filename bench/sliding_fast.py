"""Benchmark: the fast solver on uniformly random positions, CPython beside Pyodide, length beside the bound.

    python build.py                          # builds site/ (the wheel Pyodide installs)
    python bench/sliding_fast.py             # 4x4, 5x5, 7x7, 10x10: 50 positions each, both interpreters
    python bench/sliding_fast.py --count 10 --sizes 10x10 --no-pyodide
    python bench/sliding_fast.py --line      # where auto's optimal attempt pays: IDA* within its budget
    python bench/sliding_fast.py --auto      # auto: the fast answer at once, then shorter (pzl.sliding.anytime)
    python bench/sliding_fast.py --groups --count 16 --sizes 5x5,6x6,7x7,8x8   # lines one tile at a time or by groups
    python bench/sliding_fast.py --groups --only beam --count 16 --sizes 5x5,6x6,7x7,8x8,10x10   # the beam alone
    python bench/sliding_fast.py --bound --count 16 --sizes 5x5,6x6,7x7,8x8,10x10   # the start's bound, two ways

Every request goes through `pzl.api` with "algorithm": "fast" (bench/pyodide_node.mjs times
each one in CPython, from the source tree, and in Pyodide under Node, from the built wheel;
wall-clock of `api.answer`, the JSON of the solution included). Positions are uniformly random
among those that can reach the standard goal (a random permutation, two tiles swapped when
parity says so), seeded, so runs are comparable. The bound is Manhattan distance + linear
conflict with Korf & Taylor's last moves and corner tiles (admissible); the true shortest length lies
between the two columns. `--bound` compares it with Manhattan + linear conflict alone on the same starts.

`--line` walks random distances from the goal on 5x5 and 7x7 boards, groups the starts by
their lower bound, and counts how many IDA* (Manhattan + linear conflict) solves within
`pzl.sliding.fast_reach.AUTO_IDA_NODES` nodes: the figures behind `auto`'s AUTO_IDA_BOUND.

`--auto` runs the same positions with `auto` (`pzl.sliding.anytime`): the fast answer comes
at once, then shorter ones; the table gives the first and the final answer against the lower
bound, and when each came (CPython: CPU time and wall-clock of `api.run`; Pyodide under Node:
wall-clock, and Node's process time to the final answer, one run each, after one warm-up request).

`--groups` runs the fast solver's constructions on the same starts in CPython, the answer before
`auto`'s windows: lines placed one tile at a time (`fast_place`) or by groups of tiles
(`fast_groups`), or each line tried several ways in one beam, with one or more orders of the lines;
and a beam search over the whole board (`engines.beam`) of several widths; length against the bound,
CPU, nodes.
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

from pzl.search.problem import Search, run_to_end  # noqa: E402
from pzl.sliding import anytime, fast_reach  # noqa: E402
from pzl.sliding.board import rectangle  # noqa: E402
from pzl.sliding.engines.beam import beam_solve  # noqa: E402
from pzl.sliding.engines.fast import fast_solve  # noqa: E402
from pzl.sliding.engines.tiles import (  # noqa: E402
    ida_star_tiles,
    linear_conflict,
    lower_bound,
    manhattan,
)
from pzl.sliding.verdict import permutation_parity  # noqa: E402
from tools.sliding_replay import walk  # noqa: E402

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


def requests(sizes: list[str], count: int, seed: int, algorithm: str = "fast") -> list[dict]:
    """The benchmark's requests: `count` random starts per board size, with `algorithm`."""
    rng = random.Random(seed)
    out = []
    for size in sizes:
        rows, cols = (int(side) for side in size.split("x"))
        for _ in range(count):
            start = random_start(rows, cols, rng)
            out.append({"command": "solve", "family": "sliding", "board": size,
                        "start": " ".join(map(str, start)), "algorithm": algorithm})
    return out


def measure(sizes: list[str], count: int, seed: int, pyodide: bool, python: str) -> dict:
    """Time every request in CPython and (optionally) Pyodide; lengths and bounds from the answers."""
    batch = requests(sizes, count, seed)
    # one request first to import the modules (the first call would pay that), its time dropped
    warm = {"command": "solve", "family": "sliding", "board": "3x3", "start": "1 2 3 4 5 6 7 0 8", "algorithm": "fast"}
    rows = (pyodide_rows([warm, *batch], python, "--repeat", "1") if pyodide else _cpython_only([warm, *batch]))[1:]
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


def pyodide_rows(batch: list[dict], python: str, *options: str) -> list[dict]:
    """The rows of bench/pyodide_node.mjs --json (`options` added) for `batch`: CPython (`python`) beside Pyodide."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "requests.jsonl"
        path.write_text("\n".join(json.dumps(request) for request in batch), encoding="utf-8")
        done = subprocess.run(["node", str(ROOT / "bench" / "pyodide_node.mjs"), "--json", *options,
                               "--python", python, "--file", str(path)],
                              cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the Pyodide run failed (is site/ built? `python build.py`):\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])["rows"]


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
# --auto: the answer that gets shorter while the page shows it

def measure_auto(sizes: list[str], count: int, seed: int, pyodide: bool, python: str) -> dict:
    """Each request's answers as they came (first and final), in CPython and (optionally) Pyodide."""
    batch = requests(sizes, count, seed, "auto")
    # one request first to import the modules (the first call would pay that), its answers dropped
    warm = {"command": "solve", "family": "sliding", "board": "5x5",
            "start": " ".join(map(str, random_start(5, 5, random.Random(0))))}
    rows = (pyodide_rows([warm, *batch], python, "--timeline") if pyodide
            else [{"cpython_timeline": timeline(request)} for request in [warm, *batch]])[1:]
    table = []
    for size in sizes:
        mine = [(request, row) for request, row in zip(batch, rows, strict=True) if request["board"] == size]
        entry: dict = {"size": size, "positions": len(mine)}
        for side in ("cpython", "pyodide"):
            lines = [row.get(f"{side}_timeline") for _, row in mine]
            if not all(lines):
                continue
            first, final = [line[0] for line in lines], [line[-1] for line in lines]
            entry[side] = {"first_ms": [answer["ms"] for answer in first],
                           "final_ms": [answer["ms"] for answer in final],
                           "final_cpu_ms": [answer["cpu_ms"] for answer in final]}
            ratios = {"first": [answer["moves"] / answer["lower_bound"] for answer in first],
                      "final": [answer["moves"] / answer["lower_bound"] for answer in final]}
            assert entry.setdefault("ratios", ratios) == ratios, "CPython and Pyodide answered differently"
        entry.update(entry.pop("ratios"))
        table.append(entry)
    return {"python": sys.version.split()[0], "count": count, "seed": seed, "table": table}


def timeline(request: dict) -> list[dict]:
    """Each answer of one request as it came (improved ones, then the result), with wall and CPU milliseconds."""
    from pzl import api
    wall, cpu, answers = time.perf_counter(), time.process_time(), []
    for event in api.run(request):
        if event["event"] in ("improved", "result", "error"):
            result = event.get("result", {})
            answers.append({"event": event["event"], "moves": result.get("moves"),
                            "lower_bound": result.get("lower_bound"), "ms": (time.perf_counter() - wall) * 1000,
                            "cpu_ms": (time.process_time() - cpu) * 1000})
    return answers


def report_auto(data: dict) -> str:
    """The table: per board size, the first and final answer against the bound, and when they came."""
    def pair(values: list[float], scale: float = 1.0, digits: int = 2) -> str:
        return f"{statistics.median(values) / scale:.{digits}f} / {max(values) / scale:.{digits}f}"

    lines = [f"auto, {data['count']} uniformly random solvable positions per size (seed {data['seed']}); "
             f"CPython {data['python']}; answers against the lower bound (Manhattan + linear conflict, last moves, "
             "corner tiles)",
             "",
             "| board | first answer / bound, median / max | final / bound, median / max | final ≤ 1.7 | "
             "CPython first ms, median | CPython to final: CPU s, median / max | Pyodide first ms, median | "
             "Pyodide to final s, median / max | Pyodide to final: CPU s, median / max |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in data["table"]:
        cpython, pyodide = row.get("cpython"), row.get("pyodide")
        met = sum(ratio <= 1.7 for ratio in row["final"])
        lines.append(
            f"| {row['size']} | {pair(row['first'])} | {pair(row['final'])} | {met}/{len(row['final'])} "
            f"| {statistics.median(cpython['first_ms']):,.0f} | {pair(cpython['final_cpu_ms'], 1000, 1)} "
            f"| {statistics.median(pyodide['first_ms']):,.0f} | {pair(pyodide['final_ms'], 1000, 1)} "
            f"| {pair(pyodide['final_cpu_ms'], 1000, 1)} |"
            if cpython and pyodide else
            f"| {row['size']} | {pair(row['first'])} | {pair(row['final'])} | {met}/{len(row['final'])} "
            f"| {statistics.median(cpython['first_ms']):,.0f} | {pair(cpython['final_cpu_ms'], 1000, 1)} | – | – | – |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# --line: how far from the goal an optimal search still finishes within auto's budget

#: `--groups`: the fast solver's options compared (`fast_solve`'s `width` and `group`).
CONSTRUCTIONS = (("one tile at a time", {}), ("one tile at a time, 16 orders", {"width": 16}),
                 ("groups of 2", {"group": 2}), ("groups of 3", {"group": 3}),
                 ("groups of 2, 4 orders", {"group": 2, "width": 4}),
                 ("groups of 3, 4 orders", {"group": 3, "width": 4}),
                 ("each line every way (one tile, groups of 2, of 3), 8 orders", {"group": (0, 2, 3), "width": 8}),
                 ("each line one tile at a time or by groups of 3, 4 orders", {"group": (0, 3), "width": 4}),
                 ("each line one tile at a time or by groups of 3, 2 orders", {"group": (0, 3), "width": 2}),
                 ("a beam over the whole board, auto's width for the board", {"beam": 0}),
                 ("a beam over the whole board, width 500", {"beam": 500}),
                 ("a beam over the whole board, width 1,000", {"beam": 1000}),
                 ("a beam over the whole board, width 2,000", {"beam": 2000}))


def constructions(sizes: list[str], count: int, seed: int, only: str = "") -> str:
    """The fast solver's ways of placing lines and the beam on the same starts (those whose name holds `only`):
    length against the bound, CPU, work (CPython)."""
    lines = [f"fast solver constructions, {count} uniformly random solvable positions per size (seed {seed}), "
             "CPython; length / lower bound (Manhattan + linear conflict, last moves, corner tiles), median / max",
             "", "| board | construction | length / bound | CPU s, median | nodes, median |",
             "|---|---|---:|---:|---:|"]
    rng = random.Random(seed)
    for size in sizes:
        rows, cols = (int(side) for side in size.split("x"))
        goal = (*range(1, rows * cols), 0)
        starts = [random_start(rows, cols, rng) for _ in range(count)]
        for name, options in [(name, options) for name, options in CONSTRUCTIONS if only in name]:
            ratios, seconds, nodes = [], [], []
            for start in starts:
                clock = time.process_time()
                if "beam" in options:   # width 0: the one auto takes on this board
                    width = options["beam"] or anytime.constructions(rows * cols)[0]["beam"]
                    search = beam_solve(start, goal, rows, cols, width)
                else:
                    search = fast_solve(start, goal, rows, cols, **options)
                outcome = run_to_end(search)[0]
                seconds.append(time.process_time() - clock)
                ratios.append((len(outcome.path) - 1) / lower_bound(start, goal, rows, cols))
                nodes.append(outcome.nodes)
            lines.append(f"| {size} | {name} | {statistics.median(ratios):.2f} / {max(ratios):.2f} "
                         f"| {statistics.median(seconds):.2f} | {statistics.median(nodes):,.0f} |")
    return "\n".join(lines)


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
        table = board.distances
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


def bounds(sizes: list[str], count: int, seed: int) -> str:
    """The start's lower bound with Korf & Taylor's last moves and corner tiles against Manhattan + linear
    conflict alone, on the same starts as `--auto` (CPython CPU per bound)."""
    lines = [f"{count} uniformly random solvable positions per size (seed {seed}): the start's lower bound",
             "", "| board | Manhattan + linear conflict, median | + last moves, corner tiles, median | "
             "raised on | mean gain | CPU µs per bound |", "|---|---:|---:|---:|---:|---:|"]
    batch = requests(sizes, count, seed)
    for size in sizes:
        rows, cols = (int(side) for side in size.split("x"))
        goal = (*range(1, rows * cols), 0)
        table = rectangle(rows, cols).distances
        starts = [tuple(int(label) for label in request["start"].split()) for request in batch
                  if request["board"] == size]
        before = [manhattan(start, goal, table) + linear_conflict(start, goal, rows, cols) for start in starts]
        cpu = time.process_time()
        after = [lower_bound(start, goal, rows, cols) for start in starts]
        cpu = (time.process_time() - cpu) / len(starts) * 1e6
        gain = statistics.mean((a - b) / b for a, b in zip(after, before, strict=True)) * 100
        raised = sum(a > b for a, b in zip(after, before, strict=True))
        lines.append(f"| {size} | {statistics.median(before):,.0f} | {statistics.median(after):,.0f} | "
                     f"{raised}/{len(starts)} | {gain:.2f} % | {cpu:,.0f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help="board sizes, e.g. 4x4,10x10")
    parser.add_argument("--count", type=int, default=50, help="positions per size (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only (no site/ needed)")
    parser.add_argument("--python", default=sys.executable, help="the CPython for the CPython column")
    parser.add_argument("--line", action="store_true", help="the IDA* budget table behind auto's choice")
    parser.add_argument("--auto", action="store_true", help="auto: the first and the final answer, and when")
    parser.add_argument("--groups", action="store_true",
                        help="the fast solver's constructions (one tile at a time, groups) on the same starts")
    parser.add_argument("--only", default="", help="with --groups: the constructions whose name holds this")
    parser.add_argument("--bound", action="store_true",
                        help="the start's lower bound with last moves and corner tiles against Manhattan + conflict")
    parser.add_argument("--json", action="store_true", help="print the measurements as JSON")
    args = parser.parse_args()
    sizes = [size.strip() for size in args.sizes.split(",") if size.strip()]
    if args.bound:
        print(bounds(sizes, args.count, args.seed))
    elif args.line:
        print(line([size for size in sizes if size in ("5x5", "7x7")] or ["5x5", "7x7"], 12, args.seed))
    elif args.groups:
        print(constructions(sizes, args.count, args.seed, args.only))
    elif args.auto:
        data = measure_auto([size for size in sizes if size != "4x4"], args.count, args.seed, not args.no_pyodide,
                            args.python)
        print(json.dumps(data) if args.json else report_auto(data))
    else:
        data = measure(sizes, args.count, args.seed, not args.no_pyodide, args.python)
        print(json.dumps(data) if args.json else report(data))
