"""Benchmark: a shared link's first visit, as a new user on a phone's link sees it.

    python bench/first_visit.py                         # 2 rounds, every link, cold and warm
    python bench/first_visit.py --runs 3 --links 4g     # one link only
    python bench/first_visit.py --site /tmp/old-site    # another build (e.g. main's), to compare

Each round opens `#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1` in headless Chromium with a fresh
profile ("cold": nothing cached), presses Solve as soon as the page takes it, and waits for the
answer (31 moves); then it waits until the service worker has cached the site and whatever the
page fetches in the background has arrived, closes the browser and opens the same link with the
same profile in a new browser ("warm": a second visit). The link is emulated by Chromium's
DevTools network throttling (Playwright's CDP session on the page: it also throttles the solver
worker's downloads): "4g" = 9 Mbit/s down, 60 ms round trip; "slow4g" = 1.6 Mbit/s, 150 ms;
"none" = localhost as it is.

Printed per link and visit (median of the rounds, min–max): seconds from the start of navigation
to the board drawn, the solver ready and the solution shown, and the bytes on the wire by then
(Resource Timing's transferSize over the page, the solver worker and the service worker: headers
and bodies as they came over the network, compressed where the server compressed them; files
served from a cache count 0), and the bytes the server sent for the whole visit (background
downloads included). The load average is printed with the table: the machine is shared, and
starting Python is CPU.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

# page_boot (beside this script) puts the repository on the path, for tools/
from page_boot import CACHED, CHROMIUM_ARGS, PREFIX

from tools.browsers import find_chromium
from tools.project import SITE
from tools.server import SiteHandler, SiteServer
from tools.site import build

LINK = "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1"
MOVES = "31"


@dataclass(frozen=True)
class Link:
    """An emulated network link (DevTools' emulateNetworkConditions)."""

    name: str
    down_mbps: float | None  # None: not throttled
    up_mbps: float = 0.0
    rtt_ms: float = 0.0

    def conditions(self) -> dict | None:
        if self.down_mbps is None:
            return None
        return {"offline": False, "latency": self.rtt_ms, "downloadThroughput": self.down_mbps * 1e6 / 8,
                "uploadThroughput": self.up_mbps * 1e6 / 8}

    def words(self) -> str:
        if self.down_mbps is None:
            return "no throttling (localhost)"
        return f"{self.down_mbps:g} Mbit/s down, {self.up_mbps:g} up, {self.rtt_ms:g} ms round trip"


LINKS = {
    "none": Link("none", None),
    "4g": Link("4g", 9.0, 1.5, 60),
    "slow4g": Link("slow4g", 1.6, 0.75, 150),
}

#: Resource Timing entries of a global (page, worker or service worker) as [epoch ms at responseEnd, transferSize].
RESOURCES = """() => performance.getEntriesByType('resource')
    .map((entry) => [performance.timeOrigin + entry.responseEnd, entry.transferSize])"""
#: The page's progress as epoch ms: board drawn, solver ready, the answer shown (null: not yet).
PROGRESS = """(moves) => {
    const mark = (name) => {
        const found = performance.getEntriesByName(name)[0];
        return found ? performance.timeOrigin + found.startTime : null;
    };
    const shown = document.querySelector('[data-testid="result-moves"]');
    return {board: mark('pzl-first-board'), ready: mark('pzl-boot-ready') ?? mark('pzl-solver-ready'),
            snapshot: performance.getEntriesByName('pzl-boot-ready')[0]?.detail?.snapshot ?? null,
            failed: document.querySelector('[data-testid="status"]')?.dataset.state === 'error',
            solution: shown && shown.textContent === moves && shown.offsetParent !== null
                ? performance.timeOrigin + performance.now() : null};
}"""
SOLVE_TAKEN = """() => {
    const button = document.querySelector('[data-testid="solve"]');
    return Boolean(button) && !button.disabled;
}"""
NAVIGATION_START = "() => performance.timeOrigin"


class Meter:
    """What the test server sends, in bytes (headers and bodies), counted as it is written."""

    def __init__(self) -> None:
        self.sent = 0
        self.lock = threading.Lock()

    def add(self, count: int) -> None:
        with self.lock:
            self.sent += count

    def take(self) -> int:
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent


class CountingWriter:
    """A socket writer that tells the meter every byte it writes."""

    def __init__(self, writer, meter: Meter) -> None:
        self.writer, self.meter = writer, meter

    def write(self, data) -> int:
        written = self.writer.write(data)
        self.meter.add(len(data))
        return written

    def __getattr__(self, name):
        return getattr(self.writer, name)


def start_server(site: Path, meter: Meter, copies: bool = True):
    """build.py's server for `site` under PREFIX, counting what it sends (`copies`: serve compressed copies)."""

    class Handler(SiteHandler):
        prefix = PREFIX
        quiet = True
        serve_copies = copies

        def setup(self) -> None:
            super().setup()
            self.wfile = CountingWriter(self.wfile, meter)

    server = SiteServer(("127.0.0.1", 0), partial(Handler, directory=str(site)))
    server.quiet = True
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    return server


@dataclass
class Visit:
    """One visit's times (s from navigation start) and bytes on the wire by each of them."""

    board: float
    ready: float
    solution: float
    bytes_board: int
    bytes_ready: int
    bytes_solution: int
    bytes_sent: int  # by the server, for the whole visit
    snapshot: bool | None
    notes: list[str] = field(default_factory=list)


def wire_bytes(context, page, until: float) -> int:
    """Bytes that came over the network (transferSize) by epoch ms `until`, over the page and its workers."""
    entries = list(page.evaluate(RESOURCES))
    for worker in [*page.workers, *context.service_workers]:
        with contextlib.suppress(Exception):  # a worker that has ended has nothing more to say
            entries += worker.evaluate(RESOURCES)
    return int(sum(size for end, size in entries if end <= until))


def visit(playwright, chromium: str, profile: str, url: str, link: Link, meter: Meter, settle: bool) -> Visit:
    """Open the link on `profile`, press Solve as soon as the page takes it, wait for the answer."""
    context = playwright.chromium.launch_persistent_context(profile, executable_path=chromium, args=CHROMIUM_ARGS,
                                                            headless=True, viewport={"width": 390, "height": 844})
    try:
        meter.take()
        page = context.pages[0] if context.pages else context.new_page()
        conditions = link.conditions()
        if conditions:
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", conditions)
        page.goto(url + LINK, wait_until="commit")
        page.wait_for_function(SOLVE_TAKEN, timeout=900_000, polling=20)
        page.get_by_test_id("solve").click()
        handle = page.wait_for_function(
            "(moves) => { const p = (" + PROGRESS + ")(moves); return (p.solution || p.failed) ? p : null; }",
            arg=MOVES, timeout=900_000, polling=50)
        progress = handle.json_value()
        if progress["failed"]:
            raise SystemExit(f"the solver failed: {page.get_by_test_id('status').inner_text()}")
        start = page.evaluate(NAVIGATION_START)
        # the worker's and the service worker's downloads are counted from their own timelines
        counted = {name: wire_bytes(context, page, progress[name]) for name in ("board", "ready", "solution")}
        if settle:  # the next visit needs the cache: wait for it and for the background downloads
            page.wait_for_function(CACHED, timeout=900_000, polling=200)
            quiet_for(meter, 3.0)  # the page's background downloads (the rest of the build) are over
        return Visit(board=(progress["board"] - start) / 1000, ready=(progress["ready"] - start) / 1000,
                     solution=(progress["solution"] - start) / 1000, bytes_board=counted["board"],
                     bytes_ready=counted["ready"], bytes_solution=counted["solution"], bytes_sent=meter.take(),
                     snapshot=progress["snapshot"])
    finally:
        context.close()


def quiet_for(meter: Meter, seconds: float, limit: float = 600) -> None:
    """Wait until the server has sent nothing for `seconds` (the page's background downloads are done)."""
    deadline = time.monotonic() + limit
    last, since = meter.sent, time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.25)
        if meter.sent != last:
            last, since = meter.sent, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return


def spread(values: list[float], unit: str, digits: int = 1) -> str:
    """'12.3 (11.0–13.1)' for several values, '12.3' for one."""
    text = f"{statistics.median(values):.{digits}f}{unit}"
    return text if len(values) == 1 else f"{text} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def table(results: dict[tuple[str, str], list[Visit]], runs: int) -> str:
    """A markdown table, one row per link and visit."""
    head = ("| link | visit | board | ready | solution | MB by ready | MB by solution | MB whole visit "
            "| snapshot |\n|---|---|---:|---:|---:|---:|---:|---:|---|")
    rows = []
    for (link, kind), visits in results.items():
        snapshot = {True: "yes", False: "no", None: "–"}
        used = sorted({snapshot[each.snapshot] for each in visits})
        rows.append(
            f"| {link} | {kind} | {spread([v.board for v in visits], ' s')} "
            f"| {spread([v.ready for v in visits], ' s')} "
            f"| {spread([v.solution for v in visits], ' s')} | {spread([v.bytes_ready / 1e6 for v in visits], '')} "
            f"| {spread([v.bytes_solution / 1e6 for v in visits], '')} "
            f"| {spread([v.bytes_sent / 1e6 for v in visits], '')} | {'/'.join(used)} |")
    return head + "\n" + "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2, help="rounds of cold + warm visits per link (default 2)")
    parser.add_argument("--links", default="none,4g,slow4g", help="which emulated links, comma-separated "
                        f"(default none,4g,slow4g; known: {', '.join(LINKS)})")
    parser.add_argument("--site", type=Path, default=None,
                        help="serve this built site instead of building ours (e.g. another branch's, to compare)")
    parser.add_argument("--no-copies", action="store_true",
                        help="serve every file as it is, as a host without the compressed copies does")
    args = parser.parse_args()
    links = [LINKS[name.strip()] for name in args.links.split(",") if name.strip()]
    from playwright.sync_api import sync_playwright

    if args.site is None:
        build()
    chromium = find_chromium()
    if not chromium:
        raise SystemExit("no Chromium found: set PZL_CHROMIUM")
    meter = Meter()
    server = start_server(args.site or SITE, meter, copies=not args.no_copies)
    url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    results: dict[tuple[str, str], list[Visit]] = {}
    loads = [os.getloadavg()[0]]
    with sync_playwright() as playwright:
        for link in links:
            for round_ in range(args.runs):
                with tempfile.TemporaryDirectory(prefix="pzl-first-visit-") as profile:
                    cold = visit(playwright, chromium, profile, url, link, meter, settle=True)
                    warm = visit(playwright, chromium, profile, url, link, meter, settle=False)
                results.setdefault((link.name, "cold"), []).append(cold)
                results.setdefault((link.name, "warm"), []).append(warm)
                loads.append(os.getloadavg()[0])
                print(f"{link.name} round {round_ + 1}/{args.runs}: cold solution {cold.solution:.1f} s "
                      f"({cold.bytes_solution / 1e6:.1f} MB), warm {warm.solution:.1f} s; load {loads[-1]:.1f}",
                      file=sys.stderr, flush=True)
    server.shutdown()
    print(f"first visit of {LINK}, then Solve; median of {args.runs} (min–max); headless Chromium "
          f"{os.cpu_count()} cores, load average {min(loads):.1f}–{max(loads):.1f}"
          f"{'; no compressed copies served' if args.no_copies else ''}")
    for link in links:
        print(f"  {link.name}: {link.words()}")
    print(table(results, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
