"""Times the peg-solitaire search engine and prints a table (CPython; `--pyodide` repeats it in Pyodide under Node).

    python bench/peg_solve.py                 # the figures and speed targets of issue 4
    python bench/peg_solve.py --sweep         # plus every start hole on the triangles of side 4..6
    python bench/peg_solve.py --sweep-all     # the same with every possible finish hole
    python bench/peg_solve.py --english-proof # plus the stretch goal: English central game, minimal moves
    python bench/peg_solve.py --pyodide       # the same rows inside Pyodide (needs `npm ci`; no site build)

Seconds are wall-clock and CPU (process time) of one run; the machine may be shared, so CPU is
the steadier figure. "states" counts positions stored (minimal) or dead positions remembered (fast).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl.peg.bounds import class_masks, position_class  # noqa: E402
from pzl.peg.catalog import board_by_id, spec_by_id  # noqa: E402
from pzl.peg.engines.search_fast import solve_fast  # noqa: E402
from pzl.peg.engines.solve import solve_minimal  # noqa: E402


def finish(search):
    """Run a search generator to its end and return its outcome."""
    while True:
        try:
            next(search)
        except StopIteration as stop:
            return stop.value


def timed(search):
    wall, cpu = time.perf_counter(), time.process_time()
    outcome = finish(search)
    return outcome, time.perf_counter() - wall, time.process_time() - cpu


def central(board_id: str, empty: int, last: int | None):
    board = board_by_id(board_id)
    return board, board.full ^ (1 << empty), (1 << last) if last is not None else None


def figure_rows():
    """(task, outcome, wall, cpu) for the articles' figures and the speed targets."""
    rows = []
    for label, board_id, hole, first, all_solutions in (
        ("hoppers centre, first 0-6, all", "hoppers", 6, (0, 6), True),
        ("hoppers centre, all", "hoppers", 6, None, True),
        ("triangle-21 centre, first 14-6, all", "triangle-21", 6, (14, 6), True),
        ("triangle-21 centre, all", "triangle-21", 6, None, True),
        ("triangle-21 centre, minimal only", "triangle-21", 6, None, False),
        ("triangle-15 hole 0 -> any, all", "triangle-15", 0, None, True),
    ):
        board, start, goal = central(board_id, hole, hole if board_id != "triangle-15" else None)
        outcome, wall, cpu = timed(solve_minimal(board, start, goal, first=first, all_solutions=all_solutions))
        rows.append((label, "minimal", outcome, wall, cpu))
    for board_id in ("english-33", "triangle-28", "triangle-36", "french-37", "diamond-41"):
        spec = spec_by_id(board_id)  # the catalog's default task
        board = board_by_id(board_id)
        start = board.full
        for hole in spec.empty:
            start ^= 1 << hole
        goal = None if spec.finish == "any" else 1 << spec.finish
        label = f"{board_id} {','.join(map(str, spec.empty))} -> {spec.finish}"
        outcome, wall, cpu = timed(solve_fast(board, start, goal, seconds_limit=30))
        rows.append((label, "fast", outcome, wall, cpu))
    return rows


def sweep_rows(every_finish: bool):
    """Every start hole x one peg anywhere, plus the last peg in the start hole (its complement game)
    or, with `every_finish`, in each hole of the start's position class; per triangle of side 4..6."""
    rows = []
    for board_id in ("triangle-10", "triangle-15", "triangle-21-regular"):
        board = board_by_id(board_id)
        masks = class_masks(board.size, board.jumps)
        tasks = solvable = 0
        longest = (0.0, "")
        wall, cpu = time.perf_counter(), time.process_time()
        for empty in range(board.size):
            start = board.full ^ (1 << empty)
            finishes = range(board.size) if every_finish else [empty]
            for goal in [None] + [1 << hole for hole in finishes]:
                if goal is not None and position_class(goal, masks) != position_class(start, masks):
                    continue
                began = time.perf_counter()
                outcome = finish(solve_minimal(board, start, goal))
                took = time.perf_counter() - began
                tasks += 1
                solvable += bool(outcome.solvable)
                assert outcome.minimal
                if took > longest[0]:
                    where = "any" if goal is None else goal.bit_length() - 1
                    longest = (took, f"{empty}->{where} ({outcome.moves} moves)")
        rows.append((board_id, tasks, solvable, time.perf_counter() - wall, time.process_time() - cpu, longest))
    return rows


def print_figures(rows) -> None:
    head = ("task", "search", "moves", "jumps", "count", "minimal", "states", "wall s", "cpu s")
    table = [head]
    for label, kind, outcome, wall, cpu in rows:
        table.append((label, kind, _text(outcome.moves), _text(outcome.jumps), _text(outcome.count),
                      "proved" if outcome.minimal else "no", f"{outcome.states:,}", f"{wall:.3f}", f"{cpu:.3f}"))
    _print(table)


def print_sweep(rows) -> None:
    table = [("board", "tasks", "solvable", "wall s", "cpu s", "slowest task")]
    total_wall = total_cpu = 0.0
    for board_id, tasks, solvable, wall, cpu, longest in rows:
        table.append((board_id, str(tasks), str(solvable), f"{wall:.2f}", f"{cpu:.2f}",
                      f"{longest[1]} {longest[0]:.2f} s"))
        total_wall += wall
        total_cpu += cpu
    table.append(("all", "", "", f"{total_wall:.2f}", f"{total_cpu:.2f}", ""))
    _print(table)


def english_proof(max_states: int) -> None:
    """The stretch goal: the English central game in the fewest moves, with the proof."""
    board, start, goal = central("english-33", 16, 16)
    search = solve_minimal(board, start, goal, max_states=max_states)
    wall, cpu = time.perf_counter(), time.process_time()
    last = 0.0
    while True:
        try:
            event = next(search)
        except StopIteration as stop:
            outcome = stop.value
            break
        if time.perf_counter() - last > 10:
            last = time.perf_counter()
            print(f"  ... {event['states']:,} states, bound {event['depth']}, {event['seconds']:.0f} s", flush=True)
    print(f"english-33 minimal: solvable={outcome.solvable} moves={outcome.moves} minimal={outcome.minimal} "
          f"lower bound={outcome.lower_bound} states={outcome.states:,} reason={outcome.reason} "
          f"wall {time.perf_counter() - wall:.1f} s cpu {time.process_time() - cpu:.1f} s")
    if outcome.path:
        print("  solution:", " ".join("-".join(map(str, move)) for move in outcome.path))


def _text(value) -> str:
    return "-" if value is None else f"{value:,}" if isinstance(value, int) else str(value)


def _print(table) -> None:
    widths = [max(len(str(row[i])) for row in table) for i in range(len(table[0]))]
    for index, row in enumerate(table):
        print("  ".join(str(cell).ljust(width) if i == 0 else str(cell).rjust(width)
                        for i, (cell, width) in enumerate(zip(row, widths, strict=True))))
        if index == 0:
            print("  ".join("-" * width for width in widths))
    print()


NODE_RUNNER = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [root, payload] = [process.argv[2], JSON.parse(readFileSync(0, "utf8"))];
const { loadPyodide } = await import(pathToFileURL(root + "/node_modules/pyodide/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: root + "/node_modules/pyodide/",
  stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
try { pyodide.FS.mkdir("/work"); } catch (error) { /* exists */ }
for (const [path, text] of Object.entries(payload.files)) {
  const parts = path.split("/");
  for (let i = 1; i < parts.length; i++) {
    try { pyodide.FS.mkdir("/work/" + parts.slice(0, i).join("/")); } catch (error) { /* exists */ }
  }
  pyodide.FS.writeFile("/work/" + path, text);
}
pyodide.runPython(`import sys, runpy
sys.path.insert(0, "/work")
sys.argv = ${JSON.stringify(["peg_solve.py", ...payload.argv])}
print("Pyodide, Python " + sys.version.split()[0])
runpy.run_path("/work/bench/peg_solve.py", run_name="pyodide_bench")["main"](sys.argv[1:])`);
"""


def run_in_pyodide(argv: list[str]) -> int:
    """Re-run this script inside Pyodide under Node, with pzl's sources copied into its file system."""
    files = {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
             for path in [*sorted((ROOT / "pzl").rglob("*.py")), ROOT / "bench" / "peg_solve.py"]}
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        print("node_modules/pyodide is missing: run `npm ci` (or `python build.py`) first", file=sys.stderr)
        return 1
    runner = ROOT / "node_modules" / ".peg_bench_runner.mjs"
    runner.write_text(NODE_RUNNER, encoding="utf-8")
    try:
        done = subprocess.run(["node", str(runner), str(ROOT)], input=json.dumps({"files": files, "argv": argv}),
                              text=True, check=False)
    finally:
        os.unlink(runner)
    return done.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweep", action="store_true",
                        help="every start on the triangles of side 4..6: last peg anywhere or in the start hole")
    parser.add_argument("--sweep-all", action="store_true", help="the sweep with every possible finish hole")
    parser.add_argument("--english-proof", action="store_true", help="the English central game, proved minimal")
    parser.add_argument("--max-states", type=int, default=30_000_000, help="state cap for --english-proof")
    parser.add_argument("--pyodide", action="store_true", help="run the same rows in Pyodide under Node")
    parser.add_argument("--no-figures", action="store_true", help="skip the figures table")
    options = parser.parse_args(argv)
    if options.pyodide:
        rest = [arg for arg in (argv if argv is not None else sys.argv[1:]) if arg != "--pyodide"]
        return run_in_pyodide(rest)
    print(f"Python {sys.version.split()[0]} ({sys.implementation.name}, {sys.platform})\n")
    if not options.no_figures:
        print_figures(figure_rows())
    if options.sweep:
        print("every start hole: last peg anywhere, and in the start hole where classes allow")
        print_sweep(sweep_rows(every_finish=False))
    if options.sweep_all:
        print("every start hole x (last peg anywhere, or in each hole of the start's position class)")
        print_sweep(sweep_rows(every_finish=True))
    if options.english_proof:
        english_proof(options.max_states)
    return 0


if __name__ == "__main__":
    sys.exit(main())
