"""Deploying: a new build over an open tab, a host that serves no compressed copies, one download per file.

Each test serves its own copy of the built site (build.py's site plan synced into a temporary
folder), so that it can deploy a new build into it or serve it differently.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import tools.project
import tools.server
import tools.site
from tests.e2e.conftest import READY_TIMEOUT_MS, wait_until_ready, watch_console
from tests.e2e.waits import WHOLE_BUILD_CACHED, wait_until_resolved_true

PREFIX = "/pzl/deploy/"


class Host:
    """A folder served under PREFIX: `url`, `deploy(plan)`, `requests` (path, status), `handler` (its class)."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.requests = folder, []
        self.handler = type("Handler", (tools.server.SiteHandler,), {"prefix": PREFIX, "quiet": True,
                                                                     "journal": self.requests})
        self.server = tools.server.SiteServer(("127.0.0.1", 0), partial(self.handler, directory=str(folder)))
        self.server.quiet = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{PREFIX}"

    def deploy(self, plan: dict) -> None:
        tools.site.sync_site(plan, self.folder)


@pytest.fixture
def host(built_site: Path, tmp_path: Path) -> Iterator[Host]:
    """The current build, deployed into a temporary folder and served under PREFIX."""
    served = Host(tmp_path / "site")
    served.deploy(tools.site.site_plan(tools.project.pinned_pyodide()))
    yield served
    served.server.shutdown()
    served.server.server_close()


def release_with_a_renamed_element() -> dict:
    """A new build whose page and board panel call the move counter by a new id (as a refactoring would)."""
    root = tools.project.ROOT
    page = (root / "index.html").read_text(encoding="utf-8")
    board = (root / "web" / "board-panel.js").read_text(encoding="utf-8")
    assert ' id="move-count"' in page and '$("move-count")' in board
    changes = {"index.html": page.replace(' id="move-count"', ' id="moves-made"').encode(),
               "web/board-panel.js": board.replace('$("move-count")', '$("moves-made")').encode()}
    return tools.site.site_plan(tools.project.pinned_pyodide(), changes)


def move_once(page: Page) -> None:
    board = page.get_by_test_id("board")
    board.focus()
    before = board.get_attribute("data-position")
    for key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"):  # the first key that slides a tile
        page.keyboard.press(key)
        if board.get_attribute("data-position") != before:
            return
    pytest.fail("no arrow key moved a tile")


@pytest.mark.slow
def test_a_new_build_over_an_open_tab_runs_its_own_code_at_the_first_reload(browser: Browser, host: Host):
    context = browser.new_context()
    page = context.new_page()
    errors = watch_console(page)
    try:
        page.goto(host.url + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
        wait_until_ready(page)
        # the old build's service worker and cache hold the tab
        page.wait_for_function(WHOLE_BUILD_CACHED, timeout=READY_TIMEOUT_MS)
        old_front = page.evaluate("() => document.querySelector('script[type=module]').src")

        release = release_with_a_renamed_element()
        host.deploy(release)
        page.reload()
        wait_until_ready(page)
        new_front = page.evaluate("() => document.querySelector('script[type=module]').src")
        assert new_front != old_front  # the new page names the new front end...
        assert page.evaluate("() => document.getElementById('moves-made') !== null")  # ...and runs it at once
        move_once(page)
        expect(page.get_by_test_id("move-count")).to_have_text("1")  # the counter works (it stopped before)
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready")

        # the new service worker takes over: its cache alone, holding the new build
        version = json.loads(release["build.json"])["version"]
        wait_until_resolved_true(page, "async (name) => JSON.stringify((await caches.keys()).filter((n) => "
                                 "n.startsWith('pzl-'))) === JSON.stringify([name])", f"pzl-{version}")
        page.reload()
        wait_until_ready(page)
        assert page.evaluate("() => document.getElementById('moves-made') !== null")
    finally:
        context.close()
    assert errors == []


@pytest.mark.slow
def test_a_first_visit_downloads_every_file_once_even_in_a_private_window(browser: Browser, host: Host,
                                                                          site_manifest: dict):
    """A private window's memory cache keeps no 9.6 MB file: the service worker used to fetch the wasm again."""
    context = browser.new_context()  # a fresh, in-memory profile: as a private window
    try:
        page = context.new_page()
        page.goto(host.url + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
        page.get_by_test_id("solve").click()  # taken while loading
        expect(page.get_by_test_id("result-moves")).to_have_text("31", timeout=READY_TIMEOUT_MS)
        page.wait_for_function(WHOLE_BUILD_CACHED, timeout=READY_TIMEOUT_MS)
        answered = Counter(path.split("?")[0].removeprefix(PREFIX) for path, status in host.requests if status == 200)
        twice = {path: count for path, count in answered.items() if count > 1 and path != "build.json"}
        assert twice == {}  # (build.json is asked again on purpose: it says which build is current)
        for path in site_manifest["prefetch"]:  # all of it came, for the next visit and offline use
            assert answered[path] == 1, path
    finally:
        context.close()


@pytest.mark.slow
def test_a_host_without_compressed_copies_gets_the_snapshots_gzip_copy(browser: Browser, host: Host,
                                                                       site_manifest: dict):
    """A host that serves files as they are (no Content-Encoding) would send the 31 MB snapshot whole."""
    host.handler.serve_copies = False
    context = browser.new_context()
    try:
        page = context.new_page()
        errors = watch_console(page)
        page.goto(host.url + "?boot=snapshot#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
        wait_until_ready(page)
        assert page.evaluate("() => performance.getEntriesByName('pzl-boot-ready')[0].detail.snapshot") is True
        page.get_by_test_id("solve").click()
        expect(page.get_by_test_id("result-moves")).to_have_text("31", timeout=60_000)
        asked = [path.removeprefix(PREFIX) for path, _ in host.requests]
        assert site_manifest["snapshot"] + ".gz" in asked
        assert errors == []
    finally:
        context.close()
