"""Offline: after one visit the service worker's cache alone loads the app and solves."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.waits import WHOLE_BUILD_CACHED


def test_after_one_visit_the_app_loads_and_solves_with_the_network_off(
    app_page: Page, app_context: BrowserContext, app_errors: list[str], built_site
):
    app_page.wait_for_function(WHOLE_BUILD_CACHED, timeout=90_000)
    app_context.set_offline(True)
    try:
        # The network really is off: what the cache lacks cannot be fetched.
        fetched = app_page.evaluate("() => fetch('not-cached.txt').then(() => 'fetched', () => 'failed')")
        assert fetched == "failed"
        app_errors[:] = [error for error in app_errors if "not-cached.txt" not in error]  # that failure was the point
        app_page.reload()
        expect(app_page.get_by_test_id("board").locator(".tile")).to_have_count(8)
        expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=90_000)
        app_page.goto(app_page.url.split("#")[0] + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
        app_page.get_by_test_id("solve").click()
        expect(app_page.get_by_test_id("result-moves")).to_have_text("31", timeout=60_000)
    finally:
        app_context.set_offline(False)
    assert app_errors == []


def test_the_cache_is_named_by_the_build_and_holds_no_other_build(app_page: Page, built_site):
    version = json.loads((built_site / "build.json").read_text())["version"]
    names = app_page.evaluate("() => caches.keys()")
    assert [name for name in names if name.startswith("pzl-")] == [f"pzl-{version}"]


# A new build replacing this cache (and running its own modules at once): test_deploy.py deploys one
# for real over an open tab. (Routing sw.js here instead proved flaky: Chromium does not always let
# Playwright intercept a service worker's update check.)


def test_offline_an_unknown_address_of_the_site_gets_a_plain_not_found_page(
        app_page: Page, app_context: BrowserContext, app_errors: list[str], base_url: str):
    """Not the cached page at a wrong address: its files would be looked for in the wrong folder."""
    app_page.wait_for_function(WHOLE_BUILD_CACHED, timeout=90_000)
    app_context.set_offline(True)
    try:
        answer = app_page.goto(base_url + "no/such/page?x=1")
        app_errors[:] = [error for error in app_errors if "no/such/page" not in error]  # its 404 was the point
        assert answer is not None and answer.status == 404
        expect(app_page.get_by_role("heading", name="Not found")).to_be_visible()
        expect(app_page.get_by_text("You are offline")).to_be_visible()
        assert app_page.get_by_test_id("status").count() == 0  # no page waiting for a solver
        app_page.get_by_role("link", name="Open pzl").click()
        expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=90_000)
        assert app_page.url.split("#")[0] == base_url
    finally:
        app_context.set_offline(False)
