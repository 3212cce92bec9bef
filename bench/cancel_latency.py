"""Benchmark: how long Cancel takes in the page, and where the time goes, idle and under CPU load.

    python bench/cancel_latency.py                 # 20 cancels idle, 20 with 2 and 4 spinning processes
    python bench/cancel_latency.py --trials 10 --loads 0 3 --search bfs

Each trial starts a long search (iddfs: the 8-puzzle's hardest start, all solutions; bfs: a far
3x4 position, millions of positions held), lets it run a while (0.3–1.2 s; bfs 1–2.5 s), clicks
Cancel and waits for "Search cancelled.". The page's performance marks
(web/solver.js) split the time: "heard" = click → the worker read the cancel (message latency
plus the rest of the running slice), "answer" = heard → the page received the worker's answer,
"shown" = click → the text on screen; "freed" = how long the worker then took to free the
search's memory (after answering, so not part of the wait); "forced" counts cancels the worker
did not answer within the grace time (the page replaced the worker). Milliseconds.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import threading

# page_boot (beside this script) puts the repository on the path, for tools/
from page_boot import CHROMIUM_ARGS, PREFIX

from tools.browsers import find_chromium
from tools.project import SITE
from tools.server import make_server
from tools.site import build

#: Two long searches: depth-first (holds almost nothing) and breadth-first (holds millions of positions).
SEARCHES = {
    "iddfs": ("#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1&algorithm=iddfs&all=1", (300, 1200)),
    "bfs": ("#board=3x4&start=0,11,10,9,8,7,6,5,4,3,1,2&algorithm=bfs", (1000, 2500)),
}
READY = "() => document.querySelector('[data-testid=\"status\"]').dataset.state === 'ready'"
RUNNING = "() => document.querySelector('[data-testid=\"progress-nodes\"]').textContent !== '0'"
CANCEL = """() => new Promise((resolve) => {
    performance.clearMarks();
    const text = document.querySelector('[data-testid="result-text"]');
    const clicked = performance.now();
    text.textContent = '';  // the previous trial's words
    const watcher = new MutationObserver(() => {
        if (text.textContent === '') return;
        if (text.textContent !== 'Search cancelled.') {  // the search ended by itself first
            watcher.disconnect();
            resolve(null);
            return;
        }
        watcher.disconnect();
        const shown = performance.now();
        const at = (name) => performance.getEntriesByName(name)[0];
        const done = () => resolve({clicked, shown, heard: at('pzl-cancel-heard')?.startTime,
            answered: at('pzl-cancel-answered')?.startTime, freed: at('pzl-freed')?.detail.ms,
            forced: Boolean(at('pzl-cancel-forced'))});
        const waitForFreed = () => {  // the worker's "freed" comes after its answer
            if (at('pzl-freed') || at('pzl-cancel-forced') || performance.now() - shown > 30000) done();
            else setTimeout(waitForFreed, 50);
        };
        waitForFreed();
    });
    watcher.observe(text, {childList: true, characterData: true, subtree: true});
    const cancel = document.querySelector('[data-testid="cancel"]');
    if (cancel.disabled) resolve(null);  // the search has just ended by itself
    else cancel.click();
})"""


def trial(page, base: str, search: str) -> dict:
    link, (earliest, latest) = SEARCHES[search]
    page.goto(base + link)
    page.wait_for_function(READY, timeout=120_000, polling=20)
    page.get_by_test_id("solve").click()
    page.wait_for_function(RUNNING, timeout=120_000, polling=20)
    page.wait_for_timeout(random.uniform(earliest, latest))
    marks = page.evaluate(CANCEL)
    page.wait_for_function(READY, timeout=120_000, polling=20)
    return marks


def report(search: str, load: int, rows: list[dict]) -> None:
    answered = [row for row in rows if not row["forced"] and row["heard"] is not None]
    print(f"\n{search}, {load} spinning processes: {sum(row['forced'] for row in rows)} of {len(rows)} forced "
          "(trials where the search ended before the click are left out)")
    print(f"{'':<8}{'min':>8}{'median':>8}{'p90':>8}{'max':>8}")
    print(summary("shown", [row["shown"] - row["clicked"] for row in rows]))
    print(summary("heard", [row["heard"] - row["clicked"] for row in answered]))
    print(summary("answer", [row["answered"] - row["heard"] for row in answered]))
    print(summary("freed", [row["freed"] for row in rows if row["freed"] is not None]))


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<8}{'–':>8}"
    values = sorted(values)
    p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
    return (f"{name:<8}{values[0]:>8.0f}{statistics.median(values):>8.0f}{p90:>8.0f}{values[-1]:>8.0f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=20, help="cancels per load (default 20)")
    parser.add_argument("--loads", type=int, nargs="+", default=[0, 2, 4],
                        help="numbers of spinning processes to run meanwhile (default 0 2 4)")
    parser.add_argument("--search", choices=sorted(SEARCHES), nargs="+", default=sorted(SEARCHES),
                        help="which long searches to cancel (default both)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build()
    server = make_server(SITE, port=0, prefix=PREFIX, quiet=True)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    print(f"cancel latency (ms; {args.trials} trials per load; load average before: {os.getloadavg()[0]:.1f}; "
          f"{os.cpu_count()} cores)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(base)
        page.wait_for_function(READY, timeout=120_000, polling=50)
        for search in args.search:
            for load in args.loads:
                spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(load)]
                try:
                    rows = [row for row in (trial(page, base, search) for _ in range(args.trials)) if row]
                finally:
                    for spinner in spinners:
                        spinner.kill()
                        spinner.wait()
                report(search, load, rows)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
