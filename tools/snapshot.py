"""The page's Python snapshot: Pyodide booted with pzl imported, made by Node (tools/snapshot.mjs).

The worker restores it instead of starting Python, installing the wheel and compiling pzl
(seconds of CPU, ~25 s on a phone). What it holds and how it is kept small: docs/web.md, "Booting".
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "snapshot.mjs"
#: The snapshot's file format, shared with the worker (its bytes are part of the cache key).
FORMAT = ROOT / "web" / "snapshot.js"
#: pzl modules left out of the snapshot (the CLI's entry point needs argparse, not the page).
SKIPS = ("pzl.__main__",)
#: Requests answered before the snapshot is taken, so that whatever they import on the way is in it.
WARM_UP = (
    {"command": "solve", "puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8"},
    {"command": "solve", "puzzle": "hoppers", "empty": "6"},
)
#: Python runs with -OO in the page (no docstrings: 8% less snapshot; asserts only narrow types in pzl).
PYTHON_ENV = {"PYTHONHASHSEED": "0", "PYTHONOPTIMIZE": "2"}


class SnapshotError(Exception):
    """Node could not make the snapshot; the message says why and what to do."""


@dataclass(frozen=True)
class Snapshot:
    """A made snapshot: the file's bytes and the modules it holds (every module then in sys.modules)."""

    data: bytes
    modules: tuple[str, ...]


def make_snapshot(runtime: Path, version: str, wheel: bytes) -> Snapshot:
    """The snapshot of Pyodide `version` (its npm package folder `runtime`) with `wheel` installed and imported.

    Kept in node_modules/.pzl-snapshots/ (the latest few), keyed by the WebAssembly, the scripts and the wheel.
    """
    digest = hashlib.sha256((runtime / "pyodide.asm.wasm").read_bytes())
    for part in (SCRIPT.read_bytes(), FORMAT.read_bytes(), json.dumps([SKIPS, WARM_UP, PYTHON_ENV]).encode()):
        digest.update(part)
    key = digest.hexdigest()[:12]
    kept = runtime.parent / ".pzl-snapshots"
    stem = f"pzl-{version}-{key}-{hashlib.sha256(wheel).hexdigest()[:12]}"
    made, modules = kept / f"{stem}.bin", kept / f"{stem}.modules.json"
    if not (made.is_file() and modules.is_file()):
        _run_node(runtime, kept, version, key, wheel, made, modules)
    return Snapshot(made.read_bytes(), tuple(json.loads(modules.read_text(encoding="utf-8"))))


def _run_node(runtime: Path, kept: Path, version: str, key: str, wheel: bytes, made: Path, modules: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise SnapshotError("node not found: install Node.js 18+ (it makes the Pyodide snapshot)")
    kept.mkdir(exist_ok=True)
    for old in sorted(kept.glob(f"pzl-{version}-{key}-*.bin"), key=lambda path: path.stat().st_mtime)[:-3]:
        old.unlink()
        old.with_name(old.name.removesuffix(".bin") + ".modules.json").unlink(missing_ok=True)
    base = kept / f"base-{version}-{key}.gz"
    print(f"build: making the page's Python snapshot{'' if base.is_file() else ' (first Python boot: slower)'}",
          flush=True)
    with tempfile.TemporaryDirectory() as scratch:
        wheel_file = Path(scratch) / "pzl.whl"
        wheel_file.write_bytes(wheel)
        config = {"pyodide": f"{runtime}/", "base": str(base), "wheel": str(wheel_file),
                  "out": str(Path(scratch) / "snapshot.bin"), "modules": str(Path(scratch) / "modules.json"),
                  "skips": list(SKIPS), "warmUp": [json.dumps(request) for request in WARM_UP], "env": PYTHON_ENV}
        done = subprocess.run([node, str(SCRIPT)], cwd=ROOT, capture_output=True, text=True,
                              env={**os.environ, "PZL_SNAPSHOT": json.dumps(config)})
        if done.returncode != 0 or not Path(config["out"]).is_file():
            sys.stderr.write(done.stderr[-4000:])
            raise SnapshotError("Node could not make the page's Python snapshot (its error is above); the page "
                                "needs every pzl module importable in Pyodide (or listed in tools/snapshot.py SKIPS)")
        shutil.copyfile(config["modules"], modules)
        shutil.copyfile(config["out"], made)
