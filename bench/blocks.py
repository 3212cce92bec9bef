"""Benchmark: the sliding-block classics in every metric, CPython beside Pyodide, and whole CLI calls.

    python build.py                          # builds site/ (the wheel Pyodide installs)
    python bench/blocks.py                   # the table: CPython and Pyodide side by side
    python bench/blocks.py --no-pyodide      # CPython only (no site/ needed)
    python bench/blocks.py --before COMMIT   # and the same requests on the pzl of an older commit (CPython)
    python bench/blocks.py --cli             # also a whole `python -m pzl solve ID` per classic, start-up included

Every request goes through `pzl.api.answer` (the default algorithm: breadth-first search). CPython
times are CPU seconds (`time.process_time`, best of --repeat runs) with the wall clock beside them;
Pyodide times are the wall clock of the same request under Node (bench/pyodide_node.mjs, best of
--repeat runs, from the built wheel). "positions/s" is the positions stored (the search's `states`)
per CPU second. The load average is printed with the table: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: (label, request): the classics in their books' count, then the other counts and the sweeps.
REQUESTS: list[tuple[str, dict]] = [
    ("Dad's Puzzle, piece", {"puzzle": "dads-puzzle", "metric": "piece"}),
    ("Hakoiri Musume, piece", {"puzzle": "hakoiri-musume", "metric": "piece"}),
    ("Hakoiri Musume, straight", {"puzzle": "hakoiri-musume", "metric": "straight"}),
    ("Hakoiri Musume, step", {"puzzle": "hakoiri-musume", "metric": "step"}),
    ("Century, piece", {"puzzle": "century", "metric": "piece"}),
    ("Century, straight", {"puzzle": "century", "metric": "straight"}),
    ("Super Century, piece", {"puzzle": "super-century", "metric": "piece"}),
    ("Super Century, straight", {"puzzle": "super-century", "metric": "straight"}),
    ("Super Century, step", {"puzzle": "super-century", "metric": "step"}),
    ("Bickford 4x4, piece", {"puzzle": "bickford-4x4", "metric": "piece"}),
    ("Rush Hour hardest, piece", {"puzzle": "rush-hour-hardest", "metric": "piece"}),
    ("Rush Hour hardest, step", {"puzzle": "rush-hour-hardest", "metric": "step"}),
    ("longest: Century's pieces, piece", {"command": "longest", "puzzle": "century", "metric": "piece"}),
    ("longest: Rush Hour hardest", {"command": "longest", "puzzle": "rush-hour-hardest", "metric": "piece"}),
]
#: The classics whose whole CLI call the issue sets a target for (seconds): 3 s each, Rush Hour 1.5 s.
CLI_TARGETS = {"dads-puzzle": 3.0, "hakoiri-musume": 3.0, "lane-rouge": 3.0, "century": 3.0, "super-century": 3.0,
               "bickford-4x4": 3.0, "rush-hour-hardest": 1.5}

TIMER = """
import json, sys, time
sys.path.insert(0, sys.argv[2])
from pzl import api
requests, repeat = json.load(sys.stdin), int(sys.argv[1])
api.answer({"command": "solve", "puzzle": "no-off"})   # imports paid before the clock
rows = []
for request in requests:
    best = None
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        final = api.answer({"command": "solve", **request})
        if final["event"] == "error":
            break
        took = (time.process_time() - cpu, time.perf_counter() - wall)
        best = took if best is None or took[0] < best[0] else best
    best = best or (0.0, 0.0)
    result = final.get("result", {})
    rows.append({"cpu": best[0], "wall": best[1], "moves": result.get("moves", result.get("longest")),
                 "states": result.get("stats", {}).get("states"), "error": final.get("message")})
print(json.dumps(rows))
"""


def cpython(requests: list[dict], repeat: int, tree: Path) -> list[dict]:
    """Each request's best CPU time (and its wall time), moves and states, in a fresh CPython on `tree`."""
    done = subprocess.run([sys.executable, "-c", TIMER, str(repeat), str(tree)], input=json.dumps(requests),
                          capture_output=True, text=True, cwd=tree, check=False)
    if done.returncode:
        raise SystemExit(f"the CPython run failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def pyodide(requests: list[dict], repeat: int) -> list[float]:
    """Each request's best wall-clock seconds in Pyodide under Node (bench/pyodide_node.mjs)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "requests.jsonl"
        warm = {"command": "solve", "puzzle": "no-off"}
        path.write_text("\n".join(json.dumps({"command": "solve", **request}) for request in [warm, *requests]),
                        encoding="utf-8")
        done = subprocess.run(["node", str(ROOT / "bench" / "pyodide_node.mjs"), "--json", "--no-cpython",
                               "--repeat", str(repeat), "--file", str(path)],
                              cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the Pyodide run failed (is site/ built? `python build.py`):\n{done.stderr[-2000:]}")
    rows = json.loads(done.stdout.strip().splitlines()[-1])["rows"][1:]
    return [row["pyodide_ms"] / 1000 for row in rows]


def old_tree(commit: str, folder: Path) -> Path:
    """The pzl package of `commit`, unpacked into `folder`."""
    archive = subprocess.run(["git", "archive", commit, "pzl"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def cli_calls(repeat: int) -> list[tuple[str, float, float, str]]:
    """A whole `python -m pzl solve ID` per classic: (id, best wall s, its CPU s, first line of the answer)."""
    rows = []
    for puzzle in CLI_TARGETS:
        best = None
        for _ in range(repeat):
            before = os.times()
            wall = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "pzl", "solve", puzzle], cwd=ROOT, capture_output=True,
                                  text=True, check=False)
            wall = time.perf_counter() - wall
            after = os.times()
            cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
            if best is None or wall < best[1]:
                best = (puzzle, wall, cpu, done.stdout.splitlines()[0] if done.stdout else done.stderr.strip())
        rows.append(best)  # type: ignore[arg-type]
    return rows


def report(rows: list[dict], pyodide_s: list[float] | None, before: list[dict] | None, commit: str | None) -> str:
    head = "| request | moves | positions | CPython CPU s (wall) | positions/s |"
    rule = "|---|---:|---:|---:|---:|"
    if before is not None:
        head += f" before ({commit}) CPU s |"
        rule += "---:|"
    if pyodide_s is not None:
        head += " Pyodide s | Pyodide / CPython |"
        rule += "---:|---:|"
    lines = [head, rule]
    for index, ((label, _), row) in enumerate(zip(REQUESTS, rows, strict=True)):
        if row["error"]:
            lines.append(f"| {label} | {row['error']} |")
            continue
        rate = row["states"] / row["cpu"] if row["cpu"] else 0
        line = (f"| {label} | {row['moves']} | {row['states']:,} | {row['cpu']:.3f} ({row['wall']:.3f}) "
                f"| {rate:,.0f} |")
        if before is not None:
            old = before[index]
            line += f" {old['cpu']:.3f} |" if not old["error"] else " – |"
        if pyodide_s is not None:
            line += f" {pyodide_s[index]:.3f} | {pyodide_s[index] / max(row['wall'], 1e-9):.1f}× |"
        lines.append(line)
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per request, the best kept (default 3)")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only (no site/ needed)")
    parser.add_argument("--before", metavar="COMMIT", help="also time the pzl of this commit (CPython)")
    parser.add_argument("--cli", action="store_true", help="also time a whole CLI call per classic")
    args = parser.parse_args()
    requests = [request for _, request in REQUESTS]
    print(f"load average at the start: {os.getloadavg()[0]:.1f}; CPython {sys.version.split()[0]}")
    rows = cpython(requests, args.repeat, ROOT)
    before = None
    if args.before:
        with tempfile.TemporaryDirectory() as folder:
            before = cpython(requests, 1, old_tree(args.before, Path(folder)))
    pyodide_s = None if args.no_pyodide else pyodide(requests, args.repeat)
    print(report(rows, pyodide_s, before, args.before))
    if args.cli:
        print()
        print("| whole CLI call | answer | wall s | CPU s | target |")
        print("|---|---|---:|---:|---:|")
        for puzzle, wall, cpu, first in cli_calls(args.repeat):
            print(f"| `python -m pzl solve {puzzle}` | {first} | {wall:.2f} | {cpu:.2f} | ≤ {CLI_TARGETS[puzzle]:g} |")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
