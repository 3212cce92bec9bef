"""Every catalog peg board through the service: geometry, default task, verdict and time; prints a table.

    python bench/peg_boards.py             # geometry and the default task of every board via pzl.api
    python bench/peg_boards.py --pyodide   # the same table inside Pyodide under Node (needs `npm ci`)

Seconds are wall-clock on a shared machine; "proved" says whether the moves are proved fewest.
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
    header = (f"{'board':<20} {'holes':>5} {'jumps':>5} {'sym':>3} {'classes':>7}  {'task':<14} {'verdict':<10}"
              f" {'moves':>5} {'proved':>6} {'algorithm':<18} {'seconds':>7}")
    print(header)
    print("-" * len(header))
    for spec in SPECS:
        board = board_by_id(spec.id)
        started = time.perf_counter()
        final = api.answer({"command": "solve", "puzzle": spec.id})
        seconds = time.perf_counter() - started
        result = final.get("result", {})
        verdict = {True: "solved", False: "impossible", None: "unknown"}[result.get("solvable")]
        task = f"{','.join(map(str, spec.empty))} → {spec.finish}"
        row = (f"{spec.id:<20} {board.size:>5} {len(board.jumps):>5} {len(board.symmetries):>3} "
               f"{PositionClasses(board).count:>7}  {task:<14} {verdict:<10} {result.get('moves') or '-':>5} "
               f"{'yes' if result.get('minimal') else 'no':>6} {result.get('algorithm', ''):<18} {seconds:>7.2f}")
        print(row, flush=True)
    started = time.perf_counter()
    final = api.answer({"command": "solve", "puzzle": "french-37", "empty": "18", "finish": "18"})
    print(f"\nFrench central game: {final['result']['solvable']} in {time.perf_counter() - started:.4f} s: "
          f"{final['result']['reason'][:90]}…")
    return 0


if __name__ == "__main__":
    sys.exit(main())
