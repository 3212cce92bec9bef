"""Waits on what the page itself shows or marks, never for a fixed time (Playwright polls them)."""

from __future__ import annotations

import time

from playwright.sync_api import Page, Worker

#: True once no animation or transition runs on the board (a slide, a chain's hops, a peg fading out).
BOARD_STILL = "() => document.querySelector('[data-testid=\"board\"]').getAnimations({subtree: true}).length === 0"
#: True once the running search's elapsed time, as the page shows it, reaches `seconds`.
SEARCHED_FOR = ("(seconds) => parseFloat(document.querySelector('[data-testid=\"progress-seconds\"]').textContent)"
                " >= seconds")
#: True once the service worker controls the page and the solver worker has cached the whole build (its
#: runtime, the other boot's files, the standard library, the tables: what the next visit and offline use need).
WHOLE_BUILD_CACHED = ("() => Boolean(navigator.serviceWorker.controller)"
                      " && performance.getEntriesByName('pzl-kept').length > 0")
#: True once the page's quiet background check has judged the position `position` (a peg board's data-position).
CHECKED = ("(position) => performance.getEntriesByName('pzl-position-checked')"
           ".some((mark) => mark.detail && mark.detail.position === position)")


def wait_for_board_still(page: Page, timeout_ms: float = 15_000) -> None:
    """Until the board's animations have ended (what the eye sees is then the final drawing)."""
    page.wait_for_function(BOARD_STILL, timeout=timeout_ms)


def wait_for_search_seconds(page: Page, seconds: float, timeout_ms: float = 30_000) -> None:
    """Until the running search has gone on for `seconds` by the page's own progress figures."""
    page.wait_for_function(SEARCHED_FOR, arg=seconds, timeout=timeout_ms)


def wait_for_position_checked(page: Page, timeout_ms: float = 20_000) -> None:
    """Until the background check of the board's current position has answered."""
    position = page.get_by_test_id("board").get_attribute("data-position")
    page.wait_for_function(CHECKED, arg=position, timeout=timeout_ms)


def wait_for_worker_closed(worker: Worker, closed: list, timeout_ms: float = 5_000) -> None:
    """Until `worker` has ended (`closed` is filled by its "close" listener, set up beforehand)."""
    if not closed:   # not yet: wait for the event (Playwright delivers it only while we wait on it)
        with worker.expect_event("close", timeout=timeout_ms):
            pass


def wait_until_resolved_true(page: Page, script: str, arg=None, timeout_ms: float = 60_000) -> None:
    """Until the async function `script` resolves to a truthy value, evaluated again every 0.1 s.

    (Playwright's wait_for_function does not await a returned promise: an async predicate is a
    promise, truthy at once, so it would not wait at all.)
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(script, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout_ms / 1000:.0f} s: {script}")
        time.sleep(0.1)
