"""Benchmark: peg solitaire by the numbers — censuses, atlases, small boards' solves and the English 18-move proof,
CPython beside Pyodide.

    python build.py                          # builds site/ (the wheel Pyodide installs)
    python bench/peg_census.py               # the small boards' censuses, atlases and solves, the English proof
    python bench/peg_census.py --english     # also the English 33 census, without and with by_moves (minutes, GBs)
    python bench/peg_census.py --no-pyodide  # CPython only
    python bench/peg_census.py --page        # also the English proof in the real page (headless Chromium)

Every row is one `pzl.api` request (what the CLI and the page send), timed in CPython from the
source tree (wall-clock and CPU seconds of this process) and, unless --no-pyodide, in Pyodide
under Node from the built wheel (wall-clock; Pyodide has no separate CPU clock). The machine may
be shared: CPU seconds are the steadier CPython figure (a request under a second of CPU: the median of 7
runs). The English census runs only in CPython:
it needs several GB, more than a browser tab's 2 GB. `--page` times the page's own Solve of the
English central game with the minimal algorithm (from the click to "18 moves" on screen), needing
the built site and Playwright (the test environment's .venv).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent if "__file__" in globals() else Path.cwd()  # Pyodide: no file
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl import api  # noqa: E402

#: (label, request) of the default rows.
SMALL = [
    ("census hoppers", {"command": "census", "puzzle": "hoppers"}),
    ("census triangle-15 (hole 0 → any)", {"command": "census", "puzzle": "triangle-15"}),
    ("census triangle-21 (modified)", {"command": "census", "puzzle": "triangle-21"}),
    ("census triangle-21-regular", {"command": "census", "puzzle": "triangle-21-regular"}),
    ("atlas hoppers", {"command": "atlas", "puzzle": "hoppers"}),
    ("atlas triangle-10", {"command": "atlas", "puzzle": "triangle-10"}),
    ("atlas triangle-15", {"command": "atlas", "puzzle": "triangle-15"}),
    ("atlas triangle-21 (modified)", {"command": "atlas", "puzzle": "triangle-21"}),
    ("atlas triangle-21-regular", {"command": "atlas", "puzzle": "triangle-21-regular"}),
    ("solve hoppers --all", {"command": "solve", "puzzle": "hoppers", "all": True, "max_solutions": 0}),
    ("solve triangle-15 --all", {"command": "solve", "puzzle": "triangle-15", "all": True, "max_solutions": 0}),
    ("solve triangle-21 (modified)", {"command": "solve", "puzzle": "triangle-21"}),
    ("solve triangle-21 --all", {"command": "solve", "puzzle": "triangle-21", "all": True, "max_solutions": 0}),
    ("analyse triangle-21 (the page's check)", {"command": "analyse", "puzzle": "triangle-21"}),
    ("english-33 18 moves proved (minimal)",
     {"command": "solve", "puzzle": "english-33", "algorithm": "minimal", "max_states": 5_000_000}),
]
#: The English census without the classes per fewest moves (the CLI's --no-by-moves), then with them.
ENGLISH = [("census english-33, no by_moves", {"command": "census", "puzzle": "english-33", "by_moves": False}),
           ("census english-33 (central game)", {"command": "census", "puzzle": "english-33"})]


#: A request quicker than this (CPU seconds) runs QUICK_RUNS times and its median is shown.
QUICK, QUICK_RUNS = 1.0, 7


def measure(requests: list[dict]) -> list[dict]:
    """Run each request through pzl.api; per request its wall and CPU seconds (the median of several runs for a
    quick one) and a one-line answer."""
    rows = []
    for request in requests:
        runs = []
        while len(runs) < QUICK_RUNS:
            wall, cpu = time.perf_counter(), time.process_time()
            final = api.answer(request)
            runs.append((time.perf_counter() - wall, time.process_time() - cpu))
            if runs[0][1] >= QUICK:
                break
        runs.sort(key=lambda run: run[1])
        wall, cpu = runs[len(runs) // 2]
        rows.append({"wall": wall, "cpu": cpu, "answer": _answer(final)})
    return rows


def _answer(final: dict) -> str:
    """What a request found, in a few words (the figures the docs quote)."""
    if final["event"] != "result":
        return f"error: {final.get('message', '')[:60]}"
    result = final["result"]
    if "by_jumps" in result:
        positions = sum(row["positions"] for row in result["by_jumps"])
        classes = sum(row["classes"] for row in result["by_jumps"])
        finishable = sum(row["can_finish"] or 0 for row in result["by_jumps"])
        return (f"{positions:,} positions, {classes:,} classes, {finishable:,} can finish; {result['solutions']:,} "
                f"solutions, fewest {result['minimal_moves']} moves by {result['minimal_solutions']:,}")
    if "pairs" in result:
        pairs = result["pairs"]
        solvable = [pair for pair in pairs if pair["solvable"]]
        moves = sorted({pair["moves"] for pair in solvable})
        return (f"{len(pairs)} pair classes: {len(solvable)} solvable ({moves[0]}-{moves[-1]} moves), "
                f"{sum(pair['solvable'] is False for pair in pairs)} impossible, {result['unsettled']} open"
                if solvable else f"{len(pairs)} pair classes, none solvable")
    return (f"{result['moves']} moves, {'proved' if result.get('minimal') else 'not proved'}, "
            f"{result['stats']['states']:,} positions stored")


def page_proof(chromium: str = "/usr/bin/chromium") -> dict:
    """Seconds from Solve to the answer for the English central game by `minimal` in the page, and the answer."""
    import threading

    from playwright.sync_api import sync_playwright

    from tools.project import SITE
    from tools.server import make_server

    server = make_server(SITE, port=0, prefix="/pzl/", quiet=True)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/pzl/#puzzle=english-33&algorithm=minimal"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.goto(url)
            page.locator("[data-testid=status][data-state=ready]").wait_for(timeout=120_000)
            clock = time.perf_counter()
            page.get_by_test_id("solve").click()
            page.locator("[data-testid=status][data-state=ready]").wait_for(timeout=600_000)
            seconds = time.perf_counter() - clock
            answer = page.get_by_test_id("result").inner_text().replace("\n", " ")
            browser.close()
    finally:
        server.shutdown()
    return {"seconds": seconds, "answer": answer}


def _verdict(answer: str) -> str:
    """An answer without the positions a search stored (where a search stops in its last layer depends on the
    order of a set, which differs between 64-bit CPython and 32-bit Pyodide)."""
    return answer.split(", proved,")[0] if ", proved," in answer else answer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--english", action="store_true", help="also the English 33 census (CPython only)")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--page", action="store_true", help="also the English proof in the page (Chromium)")
    args = parser.parse_args(argv)
    rows = SMALL + (ENGLISH if args.english else [])
    native = measure([request for _, request in rows])
    wasm: list[dict | None] = [None] * len(rows)
    if not args.no_pyodide:
        from bench.pyodide_measure import measure_in_pyodide

        wasm[:len(SMALL)] = measure_in_pyodide(Path(__file__), repr([request for _, request in SMALL]))
    print(f"{'request':<40} {'CPython s':>9} {'CPU s':>7} {'Pyodide s':>9}  answer")
    print(f"{'-' * 40} {'-' * 9} {'-' * 7} {'-' * 9}  {'-' * 6}")
    for (label, _), mine, theirs in zip(rows, native, wasm, strict=True):
        pyodide = f"{theirs['wall']:9.2f}" if theirs else f"{'–':>9}"
        print(f"{label:<40} {mine['wall']:9.2f} {mine['cpu']:7.2f} {pyodide}  {mine['answer']}")
        if theirs and _verdict(theirs["answer"]) != _verdict(mine["answer"]):
            print(f"{'':<40} Pyodide answered differently: {theirs['answer']}")
    if args.page:
        shown = page_proof()
        print(f"{'english-33 18 moves proved, in the page':<40} {'–':>9} {'–':>7} {shown['seconds']:9.2f}  "
              f"{shown['answer'][:80]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
