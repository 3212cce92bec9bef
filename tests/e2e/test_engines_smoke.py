"""The cross-engine smoke set: the page's main paths in Chromium, Firefox and WebKit (issue 21).

One fresh browser profile per engine walks, in order: a cold first visit; the hardest 8-puzzle solved
(31 moves) with its replay; a 15-puzzle solved with the pattern tables; Cancel of a long search; a
warm second visit that opens a shared link with moves; and, with the site's server stopped, a reload
that comes back from the service worker's cache and solves. Each engine gets its own server (its own
origin), so stopping one is that engine's network going away, the portable way to go offline.

Firefox and WebKit are Debian's packages, which `python build.py test` installs when it can; where an
engine is missing its tests skip, naming it and why (under CI, where they must run, they fail).
See tests/e2e/engines.py for how each engine is driven.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import tools.browsers
import tools.server
from tests.e2e.conftest import PREFIX
from tests.e2e.engines import ChromiumPage, EngineError, EnginePage, FirefoxPage, WebKitPage, wait_until

#: Waits are long: WebKit solves about twice as slowly as Chromium, and the machine may be loaded.
BOOT_SECONDS = 150
SOLVE_SECONDS = 120
HARDEST_8 = "8,6,7,2,5,4,3,0,1"
GOAL_8 = "1 2 3 4 5 6 7 8 0"
#: A 15-puzzle start 46 moves from the goal (a 100-move random walk): IDA* with the pattern tables, in seconds.
START_15 = "6,13,1,9,7,0,2,4,3,15,10,8,5,11,12,14"
#: Every shortest solution of the hardest 8-puzzle start by plain iterative deepening: about a minute.
LONG_SEARCH = f"#puzzle=8-puzzle&start={HARDEST_8}&algorithm=iddfs&all=1"
#: A shared link: the goal with three moves played from it (8 right, then 5 down, then 4 right).
SHARED = "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0&moves=7r,4d,3r"
SHARED_POSITION = "1 2 3 0 4 6 7 5 8"

STATE = "() => document.querySelector('[data-testid=\"status\"]')?.dataset.state ?? null"
TEXT = "(id) => document.querySelector(`[data-testid=\"${id}\"]`)?.textContent.trim() ?? null"
BOARD = "() => document.querySelector('[data-testid=\"board\"]')?.dataset.position ?? null"
TILES = "() => document.querySelectorAll('[data-testid=\"board\"] .tile').length"
READY = "() => ['ready', 'error'].includes(document.querySelector('[data-testid=\"status\"]')?.dataset.state)"
#: Records the status's states from now on (window.smokeStates), to tell a search run from a result left before it.
WATCH_STATES = """() => {
    const status = document.querySelector('[data-testid="status"]');
    window.smokeStates = [];
    new MutationObserver(() => window.smokeStates.push(status.dataset.state)).observe(status, {attributes: true});
}"""
SOLVED = """() => window.smokeStates.includes('solving')
    && document.querySelector('[data-testid="status"]').dataset.state === 'ready'
    && !document.querySelector('[data-testid="result"]').hidden"""
CACHED = """async () => {
    const build = await (await fetch('build.json', {cache: 'no-store'})).json();
    const cache = await caches.open('pzl-' + build.version);
    return Boolean(navigator.serviceWorker.controller) && Boolean(await cache.match(build.wheel))
        && Boolean(await cache.match(build.snapshot));
}"""
#: The dock's and the replay row's rows: {dock, scrub} heights, and whether the speed select sits beside the slider.
ROWS = """() => {
    const box = (selector) => document.querySelector(selector).getBoundingClientRect();
    return {dock: Math.round(box('[data-testid="dock"]').height), play: Math.round(box('[data-testid="play"]').height),
            speedBeside: Math.abs(box('[data-testid="speed"]').top - box('[data-testid="scrubber"]').top) < 20};
}"""


def require(reason: str) -> None:
    """Skip naming what is missing, or fail under CI (where every engine must run)."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (under CI every engine must run: `python build.py test` installs them)")
    pytest.skip(reason)


class Visit:
    """One engine's walk through the page: its page, its own server, what the earlier steps left."""

    def __init__(self, page: EnginePage, server, url: str):
        self.page, self.server, self.url = page, server, url
        self.booted = False
        self.online = True

    def open_link(self, fragment: str, position: str) -> None:
        """Follow a link inside the page (its hash), as a link clicked in the page would; until the board shows it."""
        self.page.run("(hash) => { location.hash = hash; }", fragment)
        wait_until(self.page, f"(position) => ({BOARD})() === position", position, what=f"the board at {position}")

    def solve(self, moves: int, seconds: float = SOLVE_SECONDS) -> None:
        """Press Solve; until the search has run and its result shows, which must be `moves` moves."""
        wait_until(self.page, READY, what="the solver ready")
        self.page.run(WATCH_STATES)
        self.page.click('[data-testid="solve"]')
        wait_until(self.page, SOLVED, timeout=seconds, what="a search run and its result shown")
        shown = self.page.run(f"() => ({TEXT})('result-moves')")
        assert shown == str(moves), f"{self.page.name} shows {shown} moves, not {moves}"

    def go_offline(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.online = False


@pytest.fixture(scope="module", params=["chromium", "firefox", "webkit"])
def visit(request: pytest.FixtureRequest, built_site: Path) -> Iterator[Visit]:
    """A fresh profile of one engine, on the built site served for it alone under the test prefix."""
    engine = request.param
    if engine == "chromium":
        browser: Browser = request.getfixturevalue("browser")
        open_page = lambda: ChromiumPage(browser)  # noqa: E731
    elif engine == "firefox":
        firefox = os.environ.get("PZL_FIREFOX") or tools.browsers.find_firefox()
        if not firefox:
            require("firefox: no Firefox here (Debian: apt-get install firefox-esr; or set PZL_FIREFOX)")
        open_page = lambda: FirefoxPage(firefox)  # noqa: E731
    else:
        found = tools.browsers.find_webkit()
        if not found:
            require("webkit: no WebKitWebDriver and MiniBrowser here, or no display nor Xvfb "
                    "(Debian: apt-get install webkit2gtk-driver xvfb)")
        open_page = lambda: WebKitPage(*found)  # noqa: E731
    server = tools.server.make_server(built_site, port=0, prefix=PREFIX, quiet=True)
    threading.Thread(target=server.serve_forever, args=(0.05,), name=f"site-{engine}", daemon=True).start()
    page = open_page()
    visit = Visit(page, server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}")
    try:
        yield visit
    finally:
        page.close()
        if visit.online:
            visit.go_offline()


@pytest.fixture
def booted(visit: Visit) -> Visit:
    """The visit, once its cold boot has passed (the later steps need it)."""
    if not visit.booted:
        pytest.skip(f"{visit.page.name}: the cold boot failed, so its later steps cannot run")
    return visit


def test_a_cold_first_visit_draws_the_board_and_readies_the_solver(visit: Visit):
    visit.page.goto(visit.url)
    assert wait_until(visit.page, TILES, timeout=30, what="the board's tiles") == 8
    wait_until(visit.page, READY, timeout=BOOT_SECONDS, what="the solver ready")
    assert visit.page.run(STATE) == "ready", visit.page.run(f"() => ({TEXT})('status')")
    visit.booted = True


def test_the_hardest_8_puzzle_is_solved_and_replayed(booted: Visit):
    page = booted.page
    booted.open_link(f"#puzzle=8-puzzle&start={HARDEST_8}", HARDEST_8.replace(",", " "))
    booted.solve(31)
    stopped = page.run(ROWS)
    assert stopped["dock"] < 2 * stopped["play"], f"{page.name}: the dock wraps: {stopped}"
    assert stopped["speedBeside"], f"{page.name}: the speed select wraps below the slider: {stopped}"
    page.click('[data-testid="play"]')
    assert page.run("() => document.querySelector('[data-testid=\"play\"]').getAttribute('aria-pressed')") == "true"
    assert page.run(ROWS) == stopped, f"{page.name}: Pause moved the dock or the replay row"
    page.click('[data-testid="play"]')
    page.click('[data-testid="step-last"]')
    wait_until(page, f"() => ({BOARD})() === {GOAL_8!r}", what="the replay's last position, the goal")
    assert page.run(f"() => ({TEXT})('step-label')") == "31 / 31"


def test_a_15_puzzle_is_solved_with_the_pattern_tables(booted: Visit):
    from pzl import api

    expected = api.answer({"puzzle": "15-puzzle", "start": START_15.replace(",", " ")})["result"]["moves"]
    booted.open_link(f"#puzzle=15-puzzle&start={START_15}", START_15.replace(",", " "))
    booted.solve(expected)


def test_cancel_stops_a_long_search(booted: Visit):
    page = booted.page
    booted.open_link(LONG_SEARCH, HARDEST_8.replace(",", " "))
    wait_until(page, READY, what="the solver ready")
    page.click('[data-testid="solve"]')
    wait_until(page, "() => parseFloat(document.querySelector('[data-testid=\"progress-seconds\"]').textContent) >= 1",
               what="the search under way for a second")
    clicked = time.monotonic()
    page.click('[data-testid="cancel"]')
    wait_until(page, f"() => ({TEXT})('result-text') === 'Search cancelled.'", timeout=10, what="the cancelled search")
    wait_until(page, f"() => ({STATE})() === 'ready'", timeout=10, what="the solver ready again")
    assert time.monotonic() - clicked < 10
    booted.open_link("#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8", "1 2 3 4 5 6 7 0 8")
    booted.solve(1)   # the same solver answers the next request


def test_a_warm_second_visit_opens_a_shared_link_with_its_moves(booted: Visit):
    page = booted.page
    wait_until(page, CACHED, timeout=BOOT_SECONDS, what="the service worker's cache of the site")
    page.goto("about:blank")
    page.goto(booted.url + SHARED)
    wait_until(page, READY, timeout=BOOT_SECONDS, what="the solver ready")
    assert page.run("() => Boolean(navigator.serviceWorker.controller)"), f"{page.name}: not served by the worker"
    assert page.run(BOARD) == SHARED_POSITION
    assert page.run(f"() => ({TEXT})('move-count')") == "3"
    page.click('[data-testid="undo"]')
    wait_until(page, f"() => ({TEXT})('move-count') === '2'", what="one move undone")


def test_a_reload_with_the_server_gone_comes_back_from_the_cache_and_solves(booted: Visit):
    page = booted.page
    wait_until(page, CACHED, timeout=BOOT_SECONDS, what="the service worker's cache of the site")
    booted.go_offline()
    try:
        page.reload()
    except EngineError as failure:
        pytest.fail(f"{page.name} did not come back offline: {failure}")
    assert wait_until(page, TILES, timeout=30, what="the board's tiles, offline") == 8
    wait_until(page, READY, timeout=BOOT_SECONDS, what="the solver ready, offline")
    assert page.run(STATE) == "ready", page.run(f"() => ({TEXT})('status')")
    booted.open_link("#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8", "1 2 3 4 5 6 0 7 8")
    booted.solve(2)
