"""Benchmark: how long the page takes until the solver is ready, cold and warm, stage by stage.

    python bench/page_boot.py                  # 5 rounds: a first visit (fresh profile), then a second visit
    python bench/page_boot.py --runs 3 --mbps 20   # on an emulated 20 Mbit/s link (Chrome DevTools throttling)

Each round opens the built site (served by build.py's server under a sub-path) in headless
Chromium with a fresh profile ("cold": nothing cached), waits until the solver is ready and
the service worker has cached the site, closes the browser, then opens the same profile in a
new browser ("warm": a second visit, everything from the service worker's cache). Times are
milliseconds from the start of navigation to the end of each stage, median over the rounds;
"took" is the median of each stage's own length. Stages come from performance marks the page
sets (web/solver.js turns the worker's stage times into "pzl-boot-<stage>" marks).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PREFIX = "/pzl/"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
#: The stages in the order they happen, with what each one is.
STAGES = {
    "pzl-first-board": "page: first board drawn (catalog.json read, SVG built)",
    "pzl-boot-start": "page: the solver worker created",
    "pzl-boot-worker": "worker: its script running",
    "pzl-boot-manifest": "worker: build.json read",
    "pzl-boot-scripts": "worker: Pyodide's scripts downloaded and imported",
    "pzl-boot-chose-snapshot": "worker: chose to restore the snapshot (by the link's rate and a CPU test)",
    "pzl-boot-chose-plain": "worker: chose to start Python (by the link's rate and a CPU test)",
    "pzl-boot-snapshot": "worker: memory snapshot downloaded (alongside the WebAssembly)",
    "pzl-boot-wasm": "worker: WebAssembly compiled and instantiated",
    "pzl-boot-restore": "worker: interpreter restored from the snapshot",
    "pzl-boot-python": "worker: interpreter started from scratch (no snapshot)",
    "pzl-boot-wheel": "worker: pzl wheel unpacked",
    "pzl-boot-import": "worker: pzl.api imported",
    "pzl-boot-ready": "page: solver ready",
}
MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark')
    .filter((mark) => mark.name.startsWith('pzl-'))
    .map((mark) => [mark.name, mark.startTime]))"""
READY = """() => performance.getEntriesByName('pzl-boot-ready').length > 0
    || performance.getEntriesByName('pzl-solver-ready').length > 0
    || document.querySelector('[data-testid="status"]')?.dataset.state === 'error'"""
SNAPSHOT_USED = "() => performance.getEntriesByName('pzl-boot-ready')[0]?.detail?.snapshot ?? null"
#: The service worker controls the page and (a build that says so) the whole build is cached. Synchronous:
#: Playwright's wait_for_function does not await a promise.
CACHED = """() => Boolean(navigator.serviceWorker.controller) && (performance.getEntriesByName('pzl-kept').length > 0
    || !performance.getEntriesByName('pzl-boot-chose-snapshot').length
        && !performance.getEntriesByName('pzl-boot-chose-plain').length)"""


if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.browsers import find_chromium  # noqa: E402 - needs ROOT on the path
from tools.project import SITE  # noqa: E402
from tools.server import make_server  # noqa: E402
from tools.site import build  # noqa: E402


def visit(playwright, chromium: str, profile: str, url: str, mbps: float | None, wait_for_cache: bool) -> dict:
    """Open `url` in a browser on `profile`; the page's pzl marks (ms) once the solver is ready."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
    try:
        page = context.new_page()
        if mbps:
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            rate = mbps * 1e6 / 8
            session.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": 20, "downloadThroughput": rate, "uploadThroughput": rate})
        page.goto(url)
        page.wait_for_function(READY, timeout=600_000, polling=50)
        state = page.get_by_test_id("status").get_attribute("data-state")
        if state == "error":
            raise SystemExit(f"the solver failed to start: {page.get_by_test_id('status').inner_text()}")
        marks = page.evaluate(MARKS)
        marks.setdefault("pzl-boot-ready", marks.get("pzl-solver-ready"))  # a build from before the boot marks
        marks["snapshot"] = page.evaluate(SNAPSHOT_USED)
        if wait_for_cache:
            page.wait_for_function(CACHED, timeout=600_000, polling=200)
        return marks
    finally:
        context.close()


def table(runs: dict[str, list[dict]]) -> str:
    """Median end time and median length of each stage, one column pair per kind of visit."""
    kinds = list(runs)
    lines = [f"{'stage':<20}" + "".join(f"{kind + ' end':>11}{'took':>7}" for kind in kinds) + "  what"]
    for name, what in STAGES.items():
        cells = []
        seen = False
        for kind in kinds:
            ends = [marks[name] for marks in runs[kind] if name in marks]
            took = [marks[name] - previous(marks, name) for marks in runs[kind] if name in marks]
            if ends:
                seen = True
                cells.append(f"{statistics.median(ends):>11.0f}{statistics.median(took):>7.0f}")
            else:
                cells.append(f"{'–':>11}{'':>7}")
        if seen:
            lines.append(f"{name.removeprefix('pzl-'):<20}" + "".join(cells) + f"  {what}")
    ready = "  ".join(f"{kind}: ready {statistics.median(m['pzl-boot-ready'] for m in runs[kind]) / 1000:.2f} s "
                      f"(min {min(m['pzl-boot-ready'] for m in runs[kind]) / 1000:.2f}, "
                      f"max {max(m['pzl-boot-ready'] for m in runs[kind]) / 1000:.2f}; "
                      f"snapshot used {sum(bool(m['snapshot']) for m in runs[kind])}/{len(runs[kind])})"
                      for kind in kinds)
    return "\n".join(lines) + "\n" + ready


def previous(marks: dict, name: str) -> float:
    """The end of the stage before `name` on the same clock (0 = navigation start)."""
    if name in ("pzl-first-board", "pzl-boot-start"):
        return 0.0  # both from navigation start: the worker is created before the board is drawn
    if name == "pzl-boot-snapshot":
        return marks.get("pzl-boot-scripts", 0.0)  # downloaded alongside Pyodide's own files
    order = [stage for stage in STAGES if stage in marks and stage not in ("pzl-first-board", "pzl-boot-snapshot")]
    index = order.index(name)
    return marks[order[index - 1]] if index > 0 else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds of cold + warm visits (default 5)")
    parser.add_argument("--mbps", type=float, default=None, help="emulate a link of this many Mbit/s")
    parser.add_argument("--site", type=Path, default=None,
                        help="serve this built site instead of building ours (e.g. another branch's, to compare)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if args.site is None:
        build()
    chromium = find_chromium()
    if not chromium:
        raise SystemExit("no Chromium found: set PZL_CHROMIUM")
    server = make_server(args.site or SITE, port=0, prefix=PREFIX, quiet=True)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    runs: dict[str, list[dict]] = {"cold": [], "warm": []}
    with sync_playwright() as playwright:
        for round_ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="pzl-boot-") as profile:
                runs["cold"].append(visit(playwright, chromium, profile, url, args.mbps, wait_for_cache=True))
                time.sleep(0.5)
                runs["warm"].append(visit(playwright, chromium, profile, url, args.mbps, wait_for_cache=False))
            print(f"round {round_ + 1}/{args.runs}: cold {runs['cold'][-1]['pzl-boot-ready'] / 1000:.2f} s, "
                  f"warm {runs['warm'][-1]['pzl-boot-ready'] / 1000:.2f} s", file=sys.stderr, flush=True)
    server.shutdown()
    link = f"{args.mbps:g} Mbit/s emulated" if args.mbps else "localhost"
    print(f"page boot, median of {args.runs} (ms from navigation start; {link}; load average "
          f"{os.getloadavg()[0]:.1f}; {os.cpu_count()} cores)")
    print(table(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
