"""Every catalog peg board through the service: geometry, default task, verdict and time; prints a table.

    python bench/peg_boards.py             # geometry and the default task of every board via pzl.api
    python bench/peg_boards.py --pyodide   # the same table inside Pyodide under Node (needs `npm ci`)

Seconds are wall-clock on a shared machine (CPU seconds beside them in CPython); "proved" says whether
the moves are proved fewest. `auto` answers at once and then searches for fewer moves within its work
budget (`pzl.peg.anytime`): "first" is the moves of its first answer and when it came, the rest is
the final answer ("≥": the fewest moves proved when not proved minimal; "stopped": what ended the
search for fewer moves when it did not finish).
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

from pzl import api  # noqa: E402
from pzl.peg.catalog import SPECS, board_by_id  # noqa: E402
from pzl.peg.classes import PositionClasses  # noqa: E402

NODE_RUNNER = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [root, payload] = [process.argv[2], JSON.parse(readFileSync(0, "utf8"))];
const { loadPyodide } = await import(pathToFileURL(root + "/node_modules/pyodide/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: root + "/node_modules/pyodide/",
  stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
for (const [path, text] of Object.entries(payload)) {
  const parts = ("work/" + path).split("/");
  for (let i = 1; i < parts.length; i++) {
    try { pyodide.FS.mkdir("/" + parts.slice(0, i).join("/")); } catch (error) { /* exists */ }
  }
  pyodide.FS.writeFile("/work/" + path, text);
}
pyodide.runPython(`import sys, runpy
sys.path.insert(0, "/work")
sys.argv = ["peg_boards.py"]
runpy.run_path("/work/bench/peg_boards.py", run_name="pyodide_bench")["main"]([])`);
"""


def run_in_pyodide() -> int:
    """Re-run this script inside Pyodide under Node, with pzl's sources copied into its file system."""
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        print("node_modules/pyodide is missing: run `npm ci` (or `python build.py`) first", file=sys.stderr)
        return 1
    files = {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
             for path in [*sorted((ROOT / "pzl").rglob("*.py")), ROOT / "bench" / "peg_boards.py"]}
    runner = ROOT / "node_modules" / ".peg_boards_runner.mjs"
    runner.write_text(NODE_RUNNER, encoding="utf-8")
    try:
        done = subprocess.run(["node", str(runner), str(ROOT)], input=json.dumps(files), text=True, check=False)
    finally:
        os.unlink(runner)
    return done.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", action="store_true", help="run the same table in Pyodide under Node")
    if parser.parse_args(argv).pyodide:
        return run_in_pyodide()
    print(f"Python {sys.version.split()[0]} ({sys.implementation.name}, {sys.platform})")
    header = (f"{'board':<20} {'holes':>5} {'jumps':>5} {'sym':>3} {'classes':>7}  {'task':<14} {'first':>5} "
              f"{'at s':>6} {'verdict':<10} {'moves':>5} {'proved':>6} {'≥':>3} {'stopped':<8} {'algorithm':<16} "
              f"{'seconds':>7} {'cpu s':>7}")
    print(header)
    print("-" * len(header))
    for spec in SPECS:
        board = board_by_id(spec.id)
        started, cpu = time.perf_counter(), time.process_time()
        first, first_at, final = None, None, {}
        for event in api.run({"command": "solve", "puzzle": spec.id}):
            if event["event"] != "progress" and first is None:
                first, first_at = event.get("result", {}).get("moves"), time.perf_counter() - started
            if event["event"] in ("result", "error"):
                final = event
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        result = final.get("result", {})
        verdict = {True: "solved", False: "impossible", None: "unknown"}[result.get("solvable")]
        task = f"{','.join(map(str, spec.empty))} → {spec.finish}"
        row = (f"{spec.id:<20} {board.size:>5} {len(board.jumps):>5} {len(board.symmetries):>3} "
               f"{PositionClasses(board).count:>7}  {task:<14} {first or '-':>5} {first_at:>6.2f} {verdict:<10} "
               f"{result.get('moves') or '-':>5} {'yes' if result.get('minimal') else 'no':>6} "
               f"{result.get('lower_bound') or '-':>3} "
               f"{result.get('stopped') or '-':<8} {result.get('algorithm', ''):<16} {seconds:>7.2f} {cpu:>7.1f}")
        print(row, flush=True)
    started = time.perf_counter()
    final = api.answer({"command": "solve", "puzzle": "french-37", "empty": "18", "finish": "18"})
    print(f"\nFrench central game: {final['result']['solvable']} in {time.perf_counter() - started:.4f} s: "
          f"{final['result']['reason'][:90]}…")
    return 0


if __name__ == "__main__":
    sys.exit(main())
