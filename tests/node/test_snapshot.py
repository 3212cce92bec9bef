"""The site's memory snapshot (build.py, SNAPSHOT_SCRIPT) restored under Node as the worker restores it.

The page boots from it, so it must hold every pzl module the page may need, already imported
(the worker installs no wheel then), and answer requests right.
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.node

RUNNER = Path(__file__).with_name("snapshot_request.mjs")


def restore(site: Path, *requests: dict) -> tuple[dict, list[dict]]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (Debian: apt-get install -y nodejs npm)")
    done = subprocess.run([node, str(RUNNER), str(site), *map(json.dumps, requests)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"node failed ({done.returncode}):\n{done.stderr[-4000:]}"
    first, *answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return first, answers


def test_the_snapshot_holds_every_pzl_module_imported(built_site: Path, build_module: ModuleType):
    runtime, _ = restore(built_site)
    sources = {".".join(path.relative_to(build_module.ROOT).with_suffix("").parts).removesuffix(".__init__")
               for path in (build_module.ROOT / "pzl").rglob("*.py") if "__pycache__" not in path.parts}
    assert sources - set(build_module.SNAPSHOT_SKIPS) <= set(runtime["modules"])
    assert runtime["source_files"] is False  # everything is in memory; no wheel was installed


def test_the_restored_snapshot_answers_sliding_and_peg_requests(built_site: Path):
    _, (sliding, peg) = restore(
        built_site,
        {"command": "solve", "puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1"},
        {"command": "solve", "puzzle": "hoppers", "empty": "6"},
    )
    assert sliding["event"] == "result" and sliding["result"]["moves"] == 31
    assert peg["event"] == "result" and peg["result"]["solvable"] is True


def test_the_snapshot_is_gzip_and_listed_with_its_size(built_site: Path):
    manifest = json.loads((built_site / "build.json").read_text())
    packed = (built_site / manifest["snapshot"]).read_bytes()
    assert manifest["sizes"][manifest["snapshot"]] == len(packed)
    assert len(gzip.decompress(packed)) > 20_000_000  # a whole wasm heap
    assert manifest["snapshot"] in manifest["precache"]
    assert manifest["pyodideLock"]["abi_version"]
