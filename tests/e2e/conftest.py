"""Playwright fixtures: the built site served under a sub-path, Chromium, a warm app page.

Every test here is marked `e2e`. The browser is $PZL_CHROMIUM (set by `python build.py
test`) or the first Chromium found; Playwright's own browser download is never needed.
Pyodide takes seconds to boot, so `app_page` is one warm page per test module.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Error, Page

import tools.browsers
import tools.server

#: The site is served under this sub-path, as on a static host that is not the domain root.
PREFIX = "/pzl/sub/"
#: How long Pyodide may take to boot in a test browser on a loaded 2-core machine.
READY_TIMEOUT_MS = 90_000
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_requests() -> list[tuple[str, int]]:
    """Every request the test server answered, as (path, status), in order, for the whole session.

    E.g. nothing escaped the sub-path: `[p for p, _ in site_requests if not p.startswith(PREFIX)] == []`.
    """
    return []


@pytest.fixture(scope="session")
def site_server(built_site: Path, site_requests: list[tuple[str, int]]) -> Iterator[str]:
    """The built site served on a free local port under PREFIX; yields its URL."""
    server = tools.server.make_server(built_site, port=0, prefix=PREFIX, quiet=True, journal=site_requests)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), name="site-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(site_server: str) -> str:
    """pytest-playwright's base URL: `page.goto("")` opens the app, `page.goto("#puzzle=…")` a link."""
    return site_server


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The Chromium executable the tests drive."""
    path = os.environ.get("PZL_CHROMIUM") or tools.browsers.find_chromium()
    if not path:
        pytest.fail("no Chromium found: set PZL_CHROMIUM or run `python build.py test` (it installs one)")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, chromium_path: str) -> dict:
    """pytest-playwright's launch options plus our Chromium and the flags a closed network needs."""
    return {**browser_type_launch_args, "executable_path": chromium_path, "args": CHROMIUM_ARGS}


def watch_console(page: Page, errors: list[str] | None = None) -> list[str]:
    """A list that fills with the page's console errors and uncaught exceptions."""
    errors = [] if errors is None else errors

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location or {}
            errors.append(f"console.error: {message.text} ({where.get('url', '?')}:{where.get('lineNumber', '?')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    return errors


def cancel_milliseconds(page: Page, button: str = "cancel") -> float:
    """Click the Cancel button with this test id; the milliseconds until the solver is ready again (in the page)."""
    return page.evaluate(
        """(button) => new Promise((resolve) => {
            const status = document.querySelector('[data-testid="status"]');
            const clicked = performance.now();
            const watcher = new MutationObserver(() => {
                if (status.dataset.state === 'ready') {
                    watcher.disconnect();
                    resolve(performance.now() - clicked);
                }
            });
            watcher.observe(status, {attributes: true});
            document.querySelector(`[data-testid="${button}"]`).click();
        })""",
        button,
    )


def wait_until_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the status hook says the solver is ready; fail with its text if it says error."""
    status = page.get_by_test_id("status")
    try:
        page.wait_for_function(
            """() => {
                const status = document.querySelector('[data-testid="status"]');
                return status && ['ready', 'error'].includes(status.dataset.state);
            }""",
            timeout=timeout_ms,
        )
    except Error as problem:
        state = status.get_attribute("data-state") if status.count() else "(no status element)"
        pytest.fail(f"the solver was not ready within {timeout_ms / 1000:.0f} s (data-state={state}): {problem}")
    if status.get_attribute("data-state") != "ready":
        pytest.fail(f"the solver reported an error while starting: {status.inner_text()!r}")


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    """Console errors and uncaught exceptions of pytest-playwright's `page` during this test."""
    return watch_console(page)


@pytest.fixture
def open_app(base_url: str) -> Callable[..., Page]:
    """`open_app(page, "#puzzle=…")`: open the app (optionally a link) and wait until its solver is ready."""

    def open_(page: Page, fragment: str = "", ready: bool = True) -> Page:
        page.goto(base_url + fragment)
        if ready:
            wait_until_ready(page)
        return page

    return open_


@pytest.fixture(scope="module")
def app_context(browser: Browser, browser_context_args: dict) -> Iterator[BrowserContext]:
    """A browser context shared by one test module (its service worker and cache included)."""
    context = browser.new_context(**browser_context_args)
    yield context
    context.close()


@pytest.fixture(scope="module")
def app_errors() -> list[str]:
    """Console errors and uncaught exceptions of `app_page` since it was opened."""
    return []


@pytest.fixture(scope="module")
def app_page(app_context: BrowserContext, base_url: str, app_errors: list[str]) -> Iterator[Page]:
    """The app opened at its default puzzle with the solver ready; one warm page per test module."""
    page = app_context.new_page()
    watch_console(page, app_errors)
    page.goto(base_url)
    wait_until_ready(page)
    yield page
    page.close()


@pytest.fixture(autouse=True)
def no_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test on a warm page (desktop or phone) ends with no console error and no uncaught exception there."""
    yield
    for page, errors in (("app_page", "app_errors"), ("phone_page", "phone_errors")):
        if page in request.fixturenames:
            assert request.getfixturevalue(errors) == []


#: The phone the page is tried on: a 390 × 844 touch screen (an iPhone 12-14 in CSS pixels).
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def phone_errors() -> list[str]:
    """Console errors and uncaught exceptions of `phone_page` since it was opened."""
    return []


@pytest.fixture(scope="module")
def phone_page(browser: Browser, base_url: str, phone_errors: list[str]) -> Iterator[Page]:
    """The app on a 390-px touch phone with the solver ready; one warm page per test module."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    watch_console(page, phone_errors)
    page.goto(base_url)
    wait_until_ready(page)
    yield page
    context.close()

