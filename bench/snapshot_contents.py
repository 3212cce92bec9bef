"""What the page's Python snapshot holds, and what each part costs on the wire.

    python bench/snapshot_contents.py            # the built site's snapshot (python build.py first)

Restores the snapshot under Node as the worker does and prints its memory by region (the
module's static data, the C stack, the heap), how much of each is not zero, what each costs
compressed with brotli whole and as shipped (the pages the WebAssembly module brings left out),
malloc's live and free bytes, and the live Python objects by type (sys.getsizeof, reachable from
the collector's objects and the modules; shared objects counted once).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed (it restores the snapshot)")
    site = ROOT / "site"
    if not (site / "build.json").is_file():
        raise SystemExit("site/ is not built: run `python build.py`")
    done = subprocess.run([node, str(ROOT / "bench" / "snapshot_contents.mjs"), str(site)], capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    report = json.loads(done.stdout.splitlines()[-1])
    mb = lambda count: f"{count / 1e6:.2f}"  # noqa: E731 - a local shorthand for the table
    print(f"snapshot: {mb(report['memory'])} MB of memory; the file {mb(report['fileBrotli']['br'])} MB with brotli "
          f"(gzip {mb(report['fileBrotli']['gzip'])}); {mb(report['pagesFromWasm'])} MB of pages left to the module")
    print("| region | MB | not zero | brotli whole | brotli as shipped |\n|---|---:|---:|---:|---:|")
    for region in report["regions"]:
        print(f"| {region['name']} | {mb(region['bytes'])} | {mb(region['nonZero'])} | {mb(region['brotliWhole'])} "
              f"| {mb(region['brotliShipped'])} |")
    malloc, python = report["malloc"], report["python"]
    print(f"malloc: {mb(malloc['used'])} MB live, {mb(malloc['free'])} MB free (zeroed before the snapshot)")
    print(f"Python: {python['modules']} modules ({python['pzl']} of pzl), -O level {python['optimize']}, "
          f"objects {mb(python['total'])} MB by sys.getsizeof:")
    for kind, size in python["by_type"]:
        print(f"  {kind:<12} {mb(size):>6} MB  {python['counts'][kind]:>7,} objects")
    return 0


if __name__ == "__main__":
    sys.exit(main())
