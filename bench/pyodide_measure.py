"""Run a benchmark script's `measure(...)` inside Pyodide under Node, with the built site's wheel.

The script's own source is run in Pyodide (its `if __name__ == "__main__":` block switched off), then
`measure(<arguments>)` is called there and its JSON-able result comes back. Needs `python build.py`.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NODE_DRIVER = """
import { bootPzl } from "%s";
const { pyodide } = await bootPzl();
pyodide.runPython(%s);
process.stdout.write(pyodide.runPython(`import json; json.dumps(measure(%s))`));
"""


def measure_in_pyodide(script: Path, arguments: str) -> dict:
    """The data of `measure(arguments)` (Python source of the arguments) as `script` computes it in Pyodide."""
    module = (ROOT / "tests" / "node" / "pyodide_pzl.mjs").as_uri()
    source = script.read_text(encoding="utf-8").replace('if __name__ == "__main__":', "if False:")
    done = subprocess.run(["node", "--input-type=module", "-e", NODE_DRIVER % (module, json.dumps(source), arguments)],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"Pyodide run failed (is site/ built? `python build.py`):\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)
