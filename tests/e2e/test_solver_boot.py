"""The solver's boot and life: download progress near the board, a slow link against a stalled
one, a worker that dies or goes silent mid-search, Cancel on a busy machine.

Slow and stalled links come from a second test server whose big files (the runtime, the
snapshot) trickle at a set rate or stop after a set number of bytes (`Valve`).
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import tools.server
from tests.e2e.conftest import watch_console
from tests.e2e.waits import WHOLE_BUILD_CACHED, wait_for_search_seconds, wait_for_worker_closed

PREFIX = "/pzl/sub/"  # as conftest.py serves the site
READY_TIMEOUT_MS = 90_000

LONG_SEARCH = "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1&algorithm=iddfs&all=1"
#: Files bigger than this go through the valve.
BIG_FILE = 500_000


class Valve:
    """How the valve server sends big files: at full speed, `rate` bytes a second, or stopping
    after `hold_after` bytes of each until `release` is set."""

    def __init__(self) -> None:
        self.rate: float | None = None
        self.hold_after: int | None = None
        self.release = threading.Event()

    def reset(self) -> None:
        self.rate = None
        self.hold_after = None
        self.release.clear()


@pytest.fixture(scope="module")
def valve() -> Valve:
    return Valve()


@pytest.fixture(scope="module")
def valve_url(built_site: Path, valve: Valve) -> Iterator[str]:
    """The built site served under PREFIX by a server whose big files go through `valve`."""

    class Handler(tools.server.SiteHandler):
        prefix = PREFIX
        quiet = True

        def copyfile(self, source, outputfile) -> None:
            size = Path(self.translate_path(self.path)).stat().st_size
            if size < BIG_FILE:
                super().copyfile(source, outputfile)
                return
            sent = 0
            try:
                while chunk := source.read(32_768):
                    if valve.hold_after is not None and sent >= valve.hold_after:
                        valve.release.wait(timeout=120)  # the connection stays open, sending nothing
                    outputfile.write(chunk)
                    sent += len(chunk)
                    if valve.rate:
                        time.sleep(len(chunk) / valve.rate)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the page gave up on it

    server = tools.server.SiteServer(("127.0.0.1", 0), partial(Handler, directory=str(built_site)))
    server.quiet = True
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), name="valve-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    valve.release.set()
    server.shutdown()
    server.server_close()


def in_view(page: Page, test_id: str) -> bool:
    """True when the element is on screen without scrolling (wholly inside the viewport)."""
    box = page.get_by_test_id(test_id).bounding_box()
    viewport = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] \
        and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]


def loaded_megabytes(page: Page) -> float:
    text = page.get_by_test_id("loading-bytes").inner_text()  # "3.2 / 13.6 MB"
    return float(text.split("/")[0].split()[0]) if text else 0.0


def loading_bar(page: Page) -> dict:
    """The loading line's `<progress>` bar and bytes text, read at one instant: {value, max, text, shown}."""
    return page.evaluate("""() => {
        const bar = document.querySelector('[data-testid="loading-bar"]');
        return { value: bar.value, max: bar.max, text: document.querySelector('[data-testid="loading-bytes"]')
                 .textContent, shown: !bar.hidden && bar.getBoundingClientRect().width > 0 };
    }""")


def assert_bar_matches_text(bar: dict) -> None:
    """The bar's value and max are the bytes the text says ("3.2 / 13.6 MB"), to its rounding."""
    loaded, total = (float(part.split()[0]) for part in bar["text"].split("/"))
    assert bar["shown"], bar
    assert abs(bar["value"] / 1e6 - loaded) <= 0.05 + 1e-9 and abs(bar["max"] / 1e6 - total) <= 0.05 + 1e-9, bar


@pytest.mark.slow
def test_a_slow_link_shows_progress_near_the_board_and_keeps_going(browser: Browser, valve_url: str, valve: Valve,
                                                                   site_manifest: dict):
    valve.reset()
    valve.rate = 600_000  # about 5 Mbit/s: the runtime (6 MB compressed) takes ~10 s, five times the stall limit
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    try:
        page = context.new_page()
        started = time.monotonic()
        page.goto(valve_url + "?boot-stall=2")
        expect(page.get_by_test_id("loading")).to_be_visible()
        expect(page.get_by_test_id("loading-bytes")).to_contain_text("MB", timeout=10_000)
        assert in_view(page, "loading") and in_view(page, "board")
        seen = [loaded_megabytes(page)]
        bars = [loading_bar(page)]
        for _ in range(3):   # the figure changes again and again (and only grows: asserted below)
            expect(page.get_by_test_id("loading-bytes")).not_to_have_text(
                page.get_by_test_id("loading-bytes").inner_text(), timeout=10_000)
            seen.append(loaded_megabytes(page))
            bars.append(loading_bar(page))
        assert seen == sorted(seen) and seen[-1] > seen[0], seen  # the bytes keep coming
        for bar in bars:   # the <progress> bar follows the bytes: value = loaded, max = total
            assert_bar_matches_text(bar)
        values = [bar["value"] for bar in bars]
        assert values == sorted(values) and values[-1] > values[0] and values[-1] < bars[-1]["max"], bars
        total = float(page.get_by_test_id("loading-bytes").inner_text().split("/")[1].split()[0])
        runtime = sum(site_manifest["encodedSizes"][site_manifest["pyodide"] + name]["br"]
                      for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"))
        assert total >= round(runtime / 1e6, 1)  # the runtime's size on the wire, known before it has arrived
        expect(page.get_by_test_id("loading-left")).to_have_text(re.compile(r"^\(about \d+ s left\)$"))
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        assert time.monotonic() - started > 3 * 2  # much longer than the stall limit, and no failure
        expect(page.get_by_test_id("loading")).to_be_hidden()
    finally:
        valve.reset()
        context.close()


@pytest.mark.slow
def test_solve_pressed_while_loading_waits_says_how_long_and_then_solves(browser: Browser, valve_url: str,
                                                                        valve: Valve):
    valve.reset()
    valve.rate = 1_000_000  # the boot takes seconds: Solve is pressed long before the solver is ready
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    errors = watch_console(context.new_page())
    try:
        page = context.pages[0]
        page.goto(valve_url + "?boot=snapshot#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
        expect(page.get_by_test_id("board").locator(".tile")).to_have_count(8)
        assert page.get_by_test_id("status").get_attribute("data-state") == "starting"
        expect(page.get_by_test_id("solve")).to_be_enabled()  # never a dead button
        page.get_by_test_id("solve").click()
        queued = page.get_by_test_id("loading-queued")
        expect(queued).to_be_visible()
        expect(queued).to_have_text(re.compile(r"^Will solve when the solver is ready — about \d+ s\.$"),
                                    timeout=15_000)
        assert in_view(page, "loading-queued")
        expect(page.get_by_test_id("announce")).to_contain_text("Will solve when the solver is ready")
        first = int(re.search(r"about (\d+) s", queued.inner_text()).group(1))
        expect(page.get_by_test_id("result-moves")).to_have_text("31", timeout=READY_TIMEOUT_MS)  # no second press
        expect(queued).to_be_hidden()
        assert first >= 1
    finally:
        valve.reset()
        context.close()
    assert errors == []


def test_a_queued_solve_is_dropped_when_another_puzzle_opens(browser: Browser, valve_url: str, valve: Valve):
    valve.reset()
    valve.rate = 1_000_000
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(valve_url + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
        expect(page.get_by_test_id("solve")).to_be_enabled()
        page.get_by_test_id("solve").click()
        expect(page.get_by_test_id("loading-queued")).to_be_visible()
        page.goto(valve_url + "#puzzle=hoppers")
        expect(page.get_by_test_id("loading-queued")).to_be_hidden()
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        expect(page.get_by_test_id("result")).to_be_hidden()  # nothing was solved
    finally:
        valve.reset()
        context.close()


@pytest.mark.slow
def test_a_stalled_download_fails_with_a_message_and_retry_resumes(browser: Browser, valve_url: str, valve: Valve):
    valve.reset()
    valve.hold_after = 1_000_000
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(valve_url + "?boot-stall=2")
        loading = page.get_by_test_id("loading")
        expect(loading).to_have_attribute("data-state", "error", timeout=30_000)
        expect(page.get_by_test_id("loading-text")).to_contain_text("the download stopped: no data for 2 s (")
        expect(page.get_by_test_id("loading-text")).to_contain_text("MB arrived)")
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "error")
        assert in_view(page, "loading") and in_view(page, "loading-retry")
        valve.hold_after = None
        valve.release.set()
        page.get_by_test_id("loading-retry").click()
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        expect(loading).to_be_hidden()
    finally:
        valve.reset()
        context.close()


def solver_worker(page: Page):
    """The page's solver worker, which notes on itself when it has ended (`worker.closed`)."""
    (worker,) = [worker for worker in page.workers if worker.url.endswith("/worker.js")]
    worker.closed = []
    worker.on("close", lambda gone: worker.closed.append(gone))
    return worker


def wait_until_closed(page: Page, worker) -> None:
    """A worker stuck in a loop takes a moment to end after the page terminates it."""
    try:
        wait_for_worker_closed(worker, worker.closed)
    except PlaywrightTimeoutError:
        pytest.fail("the old worker is still running")


def start_long_search(page: Page, base_url: str) -> None:
    page.goto(base_url + LONG_SEARCH)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("progress-nodes")).not_to_have_text("0")


def solve_one_move(page: Page, base_url: str) -> None:
    page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8")
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("result-moves")).to_have_text("1", timeout=60_000)


def test_a_worker_that_ends_mid_search_is_noticed_at_once_and_replaced(app_page: Page, base_url: str):
    start_long_search(app_page, base_url)
    worker = solver_worker(app_page)
    worker.evaluate("() => { setTimeout(() => self.close(), 0); }")
    expect(app_page.get_by_test_id("result-text")).to_contain_text(
        "The solver stopped (its worker ended unexpectedly); it has been restarted", timeout=3_000)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    wait_until_closed(app_page, worker)
    solve_one_move(app_page, base_url)


@pytest.mark.slow
def test_a_silent_worker_is_noticed_by_its_missing_heartbeat(browser: Browser, base_url: str):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base_url + "?silence=2")
        start_long_search(page, base_url + "?silence=2")
        worker = solver_worker(page)
        worker.evaluate("() => { JSON.parse = () => { for (;;); }; }")  # the next slice never ends
        expect(page.get_by_test_id("result-text")).to_contain_text(
            "The solver stopped (no sign of life for 2 s); it has been restarted", timeout=10_000)
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        wait_until_closed(page, worker)
        solve_one_move(page, base_url + "?silence=2")
    finally:
        context.close()


CANCEL_CLICK = """() => new Promise((resolve) => {
    const text = document.querySelector('[data-testid="result-text"]');
    text.textContent = '';  // the previous trial's words
    const clicked = performance.now();
    const watcher = new MutationObserver(() => {
        if (text.textContent === 'Search cancelled.') {
            watcher.disconnect();
            resolve(performance.now() - clicked);
        }
    });
    watcher.observe(text, {childList: true, characterData: true, subtree: true});
    document.querySelector('[data-testid="cancel"]').click();
})"""


@pytest.fixture
def busy_machine() -> Iterator[None]:
    """Two processes spinning at full speed (as many as CI's cores) while the test runs."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


@pytest.mark.slow
def test_cancel_answers_within_half_a_second_on_a_busy_machine(app_page: Page, base_url: str, busy_machine):
    waited = []
    for _ in range(5):
        start_long_search(app_page, base_url)
        wait_for_search_seconds(app_page, 0.6)
        waited.append(app_page.evaluate(CANCEL_CLICK))
        expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    print(f"cancel on a busy machine: {', '.join(f'{ms:.0f}' for ms in waited)} ms "
          f"(median {statistics.median(waited):.0f})")
    assert max(waited) < 500, waited


TABLES_HOOK = """() => {
    self.pzlPreparations.length = 0;
    self.pzlPreparations.push(async (request, { report, site }) => {
        if (!site.build.wheel) throw new Error('no build.json');
        const total = 3_400_000;
        for (const bytes of [0, 1_200_000, 2_300_000, total]) {
            report({ event: 'progress', phase: 'loading tables', bytes, total_bytes: total,
                     nodes: 0, states: 0, seconds: 0 });
            await new Promise((resolve) => setTimeout(resolve, 700));
        }
    });
}"""


@pytest.mark.slow
def test_a_request_s_own_download_shows_in_the_loading_line(browser: Browser, base_url: str):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        link = "?boot-stall=2#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8"
        page.goto(base_url + link)
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        solver_worker(page).evaluate(TABLES_HOOK)
        page.get_by_test_id("solve").click()
        expect(page.get_by_test_id("loading-text")).to_have_text("Loading pattern tables…")
        expect(page.get_by_test_id("loading-bytes")).to_have_text("1.2 / 3.4 MB")
        assert in_view(page, "loading")
        expect(page.get_by_test_id("result-moves")).to_have_text("1", timeout=30_000)
        expect(page.get_by_test_id("loading")).to_be_hidden()
    finally:
        context.close()


@pytest.mark.slow
def test_a_request_s_download_that_stalls_ends_the_request_and_restarts_the_solver(browser: Browser, base_url: str):
    context = browser.new_context()
    try:
        page = context.new_page()
        link = "?boot-stall=2#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8"
        page.goto(base_url + link)
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        solver_worker(page).evaluate("""() => self.pzlPreparations.push(async (request, { report }) => {
            report({ event: 'progress', phase: 'loading tables', bytes: 1_000_000, total_bytes: 3_400_000 });
            await new Promise(() => {});  // the link goes quiet
        })""")
        page.get_by_test_id("solve").click()
        expect(page.get_by_test_id("result-text")).to_contain_text(
            "The solver stopped (its download stopped: no data for 2 s (1.0 of 3.4 MB arrived)); "
            "it has been restarted", timeout=15_000)
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        page.get_by_test_id("solve").click()  # the new worker has no such hook
        expect(page.get_by_test_id("result-moves")).to_have_text("1", timeout=30_000)
    finally:
        context.close()


#: True once the service worker controls the page and its cache holds what a warm boot reads:
@pytest.mark.slow
def test_a_second_visit_boots_from_the_service_worker_s_cache(browser: Browser, base_url: str, site_manifest: dict,
                                                             site_requests: list[tuple[str, int]]):
    runtime = [site_manifest["pyodide"] + name for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")]
    snapshot = site_manifest["snapshot"]
    context = browser.new_context()
    try:
        first = context.new_page()
        first.goto(base_url)
        expect(first.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        first.wait_for_function(WHOLE_BUILD_CACHED, timeout=90_000)
        first.close()

        answered: list = []
        second = context.new_page()
        second.on("response", lambda response: answered.append(response))
        heard = len(site_requests)
        second.goto(base_url)
        expect(second.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        from_network = [path for path, _ in site_requests[heard:]]
        for path in [*runtime, snapshot]:
            assert not any(fetched.split("?")[0].endswith(path) for fetched in from_network), (path, from_network)
        # the worker takes the runtime from the build's cache itself, or through the service worker
        wasm = [response for response in answered if response.url.endswith("/pyodide.asm.wasm")]
        assert all(response.from_service_worker for response in wasm), \
            [(response.url, response.from_service_worker) for response in answered]
        ready = second.evaluate("() => performance.getEntriesByName('pzl-boot-ready').map((mark) => mark.detail)")
        assert ready == [{"snapshot": True}]  # Python restored from the kept snapshot, not started afresh
        assert second.evaluate("() => performance.getEntriesByName('pzl-boot-restore').length") == 1
        assert second.evaluate("() => performance.getEntriesByName('pzl-boot-python').length") == 0
    finally:
        context.close()
