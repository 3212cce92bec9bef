"""The comparison table of `python -m pzl compare`, in CPython and in Pyodide (Node) side by side.

    python bench/compare.py [--seconds S] [--max-states N] [--no-pyodide] [--markdown]

Positions: the 8-puzzle's hardest start (8 6 7 2 5 4 3 0 1, 31 moves) and the 2x5 9-puzzle's
catalog start (0 9 8 7 6 5 4 3 2 1, 45 moves). Each row runs as its own `compare` request
(algorithm and bound given), one after another in one process, so its CPU time can be read
beside the wall clock; its budget is `--seconds` (default 10) and `--max-states` (default
2,000,000). Pyodide runs the same function inside Node with the built wheel (`python build.py`
first); its column is the wall clock only (Emscripten's `time.process_time()` is the wall clock).
The machine is shared: read the CPU column, and quote the load average printed at the top.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent if "__file__" in globals() else Path.cwd()  # Pyodide: no file
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CASES = (("8-puzzle", "8 6 7 2 5 4 3 0 1"), ("9-puzzle", "0 9 8 7 6 5 4 3 2 1"))


def measure(seconds: float, max_states: int) -> list[dict]:
    """Every row of each case's comparison, run one by one: its figures, wall and CPU seconds."""
    from pzl import api
    from pzl.sliding import compare_plan

    cases = []
    for puzzle, start in CASES:
        rows = []
        for each in compare_plan({"puzzle": puzzle, "start": start})[1]:
            request = {"command": "compare", "puzzle": puzzle, "start": start, "algorithm": each["algorithm"],
                       "seconds": seconds, "max_states": max_states}
            if each["bound"]:
                request["bound"] = each["bound"]
            wall, cpu = time.perf_counter(), time.process_time()
            final = api.answer(request)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            row = final["result"]["rows"][0] if final["event"] == "result" else {"reason": final["message"]}
            row.pop("solution", None)
            row.pop("iterations", None)
            rows.append({**row, "wall": wall, "cpu": cpu})
        cases.append({"puzzle": puzzle, "start": start, "rows": rows})
    return cases


def _outcome(row: dict) -> str:
    if row.get("moves") is not None:
        return f"{row['moves']}{'' if row['minimal'] else ' (not proved)'}"
    if row.get("stopped"):
        reached = f", ≥ {row['lower_bound']}" if row.get("lower_bound") is not None else ""
        return f"stopped: {row['stopped']}{reached}"
    return "–"


def _count(value: int | None, path: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value:,}" + (" (path)" if path else "")


def table(cpython: list[dict], pyodide: list[dict] | None) -> str:
    """Markdown tables, one per case."""
    out = []
    for index, case in enumerate(cpython):
        out.append(f"\n{case['puzzle']}, start {case['start']}\n")
        head = "| algorithm | bound | moves | nodes | stored | memory (est.) | CPython s (CPU) |"
        rule = "|---|---|---:|---:|---:|---:|---:|"
        if pyodide:
            head += " Pyodide s |"
            rule += "---:|"
        out += [head, rule]
        for number, row in enumerate(case["rows"]):
            memory = "–" if row.get("peak_bytes") is None else _bytes(row["peak_bytes"])
            line = (f"| {row.get('algorithm', '?')} | {row.get('bound') or '–'} | {_outcome(row)} | "
                    f"{_count(row.get('nodes'))} | {_count(row.get('states'), row.get('depth_first', False))} | "
                    f"{memory} | {row['wall']:.3f} ({row['cpu']:.3f}) |")
            if pyodide:
                other = pyodide[index]["rows"][number]
                differs = f" {_outcome(other)}" if _outcome(other) != _outcome(row) else ""
                line += f" {other['wall']:.3f}{differs} |"
            out.append(line)
    return "\n".join(out)


def _bytes(size: int) -> str:
    from pzl.search.limits import size_words

    return size_words(size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--max-states", type=int, default=2_000_000)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {os.cpu_count()} cores; each row at most "
          f"{args.seconds:g} s and {args.max_states:,} stored positions")
    started = time.perf_counter()
    cpython = measure(args.seconds, args.max_states)
    pyodide = None
    if not args.no_pyodide:
        from pyodide_measure import measure_in_pyodide  # bench/ is on the path when run as a script

        pyodide = measure_in_pyodide(Path(__file__), f"{args.seconds!r}, {args.max_states!r}")
    print(table(cpython, pyodide))
    load = os.getloadavg()
    print(f"\n{time.perf_counter() - started:.0f} s in all; load average at the end {load[0]:.1f}")


if __name__ == "__main__":
    main()
