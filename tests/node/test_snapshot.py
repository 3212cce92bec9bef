"""The site's memory snapshot (tools/snapshot.mjs) restored under Node as the worker restores it.

The page boots from it, so it must hold every pzl module the page may need, already imported
(the worker installs no wheel then), answer requests right, and find the standard library's
modules it lacks when an import needs them (web/stdlib.js: boot.zip, rest.zip).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import tools.project

pytestmark = pytest.mark.node

RUNNER = Path(__file__).with_name("snapshot_request.mjs")


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail("node is not installed (Debian: apt-get install -y nodejs npm)")
    return found


def restore(site: Path, *requests: dict) -> tuple[dict, list[dict]]:
    done = subprocess.run([node(), str(RUNNER), str(site), *map(json.dumps, requests)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"node failed ({done.returncode}):\n{done.stderr[-4000:]}"
    first, *answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return first, answers


def python_after_restore(site: Path, code: str) -> dict:
    """{value, fetched}: the value of `code` run in the restored interpreter, and the zips it fetched."""
    done = subprocess.run([node(), str(RUNNER), str(site), "--python", code], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, f"node failed ({done.returncode}):\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.splitlines()[-1])


def test_the_snapshot_holds_every_pzl_module_imported(built_site: Path):
    from tools import snapshot

    runtime, _ = restore(built_site)
    sources = {".".join(path.relative_to(tools.project.ROOT).with_suffix("").parts).removesuffix(".__init__")
               for path in (tools.project.ROOT / "pzl").rglob("*.py") if "__pycache__" not in path.parts}
    assert sources - set(snapshot.SKIPS) <= set(runtime["modules"])
    assert runtime["source_files"] is False  # everything is in memory; no wheel was installed
    assert runtime["optimize"] == 2  # -OO: no docstrings in the page's interpreter


def test_the_restored_snapshot_answers_sliding_and_peg_requests_with_no_zip_fetched(built_site: Path):
    _, (sliding, peg) = restore(
        built_site,
        {"command": "solve", "puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1"},
        {"command": "solve", "puzzle": "hoppers", "empty": "6"},
    )
    assert sliding["event"] == "result" and sliding["result"]["moves"] == 31
    assert peg["event"] == "result" and peg["result"]["solvable"] is True
    assert peg["fetched"] == []  # what the first requests import is in the snapshot


def test_a_standard_module_outside_the_snapshot_is_fetched_with_its_zip_once(built_site: Path, site_manifest: dict):
    answer = python_after_restore(built_site, "import email.utils, xml.dom, csv; csv.__name__")
    assert answer == {"value": "csv", "fetched": [site_manifest["stdlib"]["rest"]]}


def test_a_module_of_a_package_the_snapshot_holds_is_found_in_boot_zip(built_site: Path, site_manifest: dict):
    """encodings is in memory, encodings.cp1252 is not: boot.zip is mounted where the package looks."""
    answer = python_after_restore(built_site, "import encodings.cp1252; b'\\x80'.decode('cp1252')")
    assert answer == {"value": "€", "fetched": [site_manifest["stdlib"]["boot"]]}


def test_a_module_in_no_zip_is_not_found_and_fetches_nothing(built_site: Path):
    answer = python_after_restore(built_site, """
try:
    import no_such_module_anywhere
except ModuleNotFoundError as problem:
    result = problem.name
result""")
    assert answer == {"value": "no_such_module_anywhere", "fetched": []}


def test_the_two_zips_hold_the_whole_standard_library_once(built_site: Path, site_manifest: dict):
    with zipfile.ZipFile(tools.project.NODE_MODULES / "pyodide" / "python_stdlib.zip") as original:
        whole = {info.filename for info in original.infolist() if not info.is_dir()}
    parts = []
    for name in ("boot", "rest"):
        with zipfile.ZipFile(built_site / site_manifest["stdlib"][name]) as part:
            parts.append({info.filename for info in part.infolist()})
            assert {info.compress_type for info in part.infolist()} == {zipfile.ZIP_STORED}  # brotli compresses
    assert parts[0] | parts[1] == whole and not parts[0] & parts[1]
    assert {"json", "encodings", "_pyodide", "dataclasses"} <= set(site_manifest["stdlib"]["bootNames"])
    assert {"email", "xml", "csv"} <= set(site_manifest["stdlib"]["restNames"])


def test_the_snapshot_leaves_out_the_pages_the_webassembly_brings(built_site: Path, site_manifest: dict):
    """Pages equal to a fresh instance's memory are zeros in the file (and copied back by the worker)."""
    data = (built_site / site_manifest["snapshot"]).read_bytes()
    assert data[:8] == b"PZLSNAP1"
    header = json.loads(data[12:12 + int.from_bytes(data[8:12], "little")])
    pages = sum(count for _, count in header["fromWasm"])
    assert header["pageSize"] == 4096 and pages * 4096 > 2_000_000  # most of the 3.3 MB of data segments
    assert site_manifest["encodedSizes"][site_manifest["snapshot"]]["br"] < 4_000_000
