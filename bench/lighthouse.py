"""Benchmark: Lighthouse's scores for the page (mobile by default), median of a few runs, and what it flags.

    python bench/lighthouse.py                       # 3 mobile runs of the built site, served under a sub-path
    python bench/lighthouse.py --runs 5 --desktop    # Lighthouse's desktop preset
    python bench/lighthouse.py --link '#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1'
    python bench/lighthouse.py --url http://localhost:8000/   # a site already served (`python build.py serve`)

Runs the npm `lighthouse` that package.json pins (installed by the build's `npm ci`) against
build.py's own server, in the Chromium the tests use (headless, fresh profile each run: a first
visit). Lighthouse's mobile run simulates a mid-range phone on "Slow 4G" (150 ms, 1.6 Mbit/s,
4x CPU slowdown) from what it measured unthrottled on this machine, so scores move with the
machine's load: the load average is printed with them. The table gives each category's score and
the performance metrics, median over the runs; below it, every audit that did not pass in any run,
with what it named (the elements that shifted, the resources that blocked rendering, ...).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
from pathlib import Path

# page_boot (beside this script) puts the repository on the path, for tools/
from page_boot import CHROMIUM_ARGS, PREFIX, ROOT

from tools.browsers import find_chromium
from tools.project import SITE
from tools.server import make_server
from tools.site import build

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
}
CHROME_FLAGS = " ".join(["--headless=new", *CHROMIUM_ARGS])


def lighthouse(url: str, chromium: str, desktop: bool) -> dict:
    """One Lighthouse run of `url`: its JSON report."""
    node = shutil.which("node")
    if node is None or not LIGHTHOUSE.is_file():
        raise SystemExit("Lighthouse is not installed: run `python build.py` (its npm ci installs it) with Node 18+")
    command = [node, str(LIGHTHOUSE), url, "--quiet", "--output=json", "--output-path=stdout",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}"]
    if desktop:
        command.append("--preset=desktop")
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "CHROME_PATH": chromium})
    if done.returncode != 0:
        sys.stderr.write(done.stderr[-4000:])
        raise SystemExit(f"Lighthouse failed (exit {done.returncode}; its output is above)")
    report = json.loads(done.stdout)
    if report.get("runtimeError"):
        raise SystemExit(f"Lighthouse could not load the page: {report['runtimeError']['message']}")
    return report


def scores(report: dict) -> dict[str, float]:
    """Each category's score (0-100) and each metric's value (ms; CLS unitless)."""
    row = {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}
    row.update({label: report["audits"][audit]["numericValue"] for audit, label in METRICS.items()})
    return row


def failures(report: dict) -> dict[str, str]:
    """Audit id → a line on what it found, for every scored audit short of a pass."""
    found = {}
    for name, audit in report["audits"].items():
        mode, score = audit.get("scoreDisplayMode"), audit.get("score")
        if mode == "error":
            found[name] = f"{audit['title']}: could not run ({audit.get('errorMessage', '?')[:120]})"
        elif mode in ("binary", "numeric", "metricSavings") and score is not None and score < (
                0.9 if mode == "numeric" else 1):
            items = (audit.get("details") or {}).get("items")
            named = [item_name(item) for item in items[:6]] if isinstance(items, list) else []
            shown = "; ".join(name for name in named if name)
            line = f"{audit['title']} {audit.get('displayValue') or ''}".strip()
            found[name] = line + (f" — {shown}" if shown else "")
    return found


def item_name(item: dict) -> str:
    """What an audit's detail row names: an element's selector, a resource's URL, or a shift's score."""
    node = item.get("node") or {}
    if node.get("selector"):
        shift = f" (shift {item['score']:.3f})" if isinstance(item.get("score"), float) else ""
        return node["selector"] + shift
    if item.get("url"):
        return str(item["url"]).split(PREFIX, 1)[-1]
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs (default 3)")
    parser.add_argument("--desktop", action="store_true", help="Lighthouse's desktop preset instead of mobile")
    parser.add_argument("--link", default="", help="a fragment to open, e.g. '#puzzle=8-puzzle&start=…'")
    parser.add_argument("--site", type=Path, default=None,
                        help="serve this built site instead of building ours (e.g. another branch's, to compare)")
    parser.add_argument("--url", default=None, help="measure the site served at this URL instead of serving one")
    parser.add_argument("--save", type=Path, default=None, help="write the last run's JSON report here")
    args = parser.parse_args()

    chromium = find_chromium()
    if not chromium:
        raise SystemExit("no Chromium found: set PZL_CHROMIUM")
    server = None
    if args.url:
        url = args.url + args.link
    else:
        if args.site is None:
            build()
        server = make_server(args.site or SITE, port=0, prefix=PREFIX, quiet=True)
        threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}{args.link}"
    rows, flagged = [], {}
    version = "?"
    try:
        for run in range(args.runs):
            report = lighthouse(url, chromium, args.desktop)
            version = report["lighthouseVersion"]
            rows.append(scores(report))
            for name, line in failures(report).items():
                flagged.setdefault(name, []).append(line)
            print(f"run {run + 1}/{args.runs}: " + ", ".join(f"{key} {value:g}" for key, value in rows[-1].items()
                                                          if key in CATEGORIES), file=sys.stderr, flush=True)
    finally:
        if server:
            server.shutdown()
    if args.save:
        args.save.write_text(json.dumps(report, indent=1))
    kind = "desktop" if args.desktop else "mobile (simulated Slow 4G, 4x CPU slowdown)"
    print(f"Lighthouse {version}, {kind}, median of {args.runs}; load average {os.getloadavg()[0]:.1f}, "
          f"{os.cpu_count()} cores; {url}")
    print(f"{'':<16}{'median':>10}{'min':>10}{'max':>10}")
    for key in rows[0]:
        values = [row[key] for row in rows]
        form = ".3f" if key == "CLS" else ".0f"
        unit = "" if key in CATEGORIES or key == "CLS" else " ms"
        print(f"{key:<16}" + "".join(f"{format(value, form) + unit:>10}" for value in
                                     (statistics.median(values), min(values), max(values))))
    if flagged:
        print("\nnot passed (in how many runs; what the last of them named):")
        for name, lines in sorted(flagged.items()):
            print(f"  {len(lines)}/{args.runs} {name}: {lines[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
