"""Offline: after one visit the service worker's cache alone loads the app and solves."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, expect


def test_after_one_visit_the_app_loads_and_solves_with_the_network_off(
    app_page: Page, app_context: BrowserContext, app_errors: list[str], built_site
):
    version = json.loads((built_site / "build.json").read_text())["version"]
    app_page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    app_page.wait_for_function(
        """async (name) => {
            if (!(await caches.keys()).includes(name)) return false;
            const build = await (await fetch('build.json')).json();
            return (await (await caches.open(name)).match(build.wheel)) !== undefined;
        }""",
        arg=f"pzl-{version}",
        timeout=60_000,
    )
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


def test_a_new_build_replaces_the_old_cache(app_page: Page, app_context: BrowserContext, built_site):
    version = json.loads((built_site / "build.json").read_text())["version"]
    next_worker = (built_site / "sw.js").read_text().replace(version, "next-build")
    assert "next-build" in next_worker
    app_context.route("**/sw.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=next_worker, headers={"Cache-Control": "no-cache"}))
    try:
        app_page.evaluate("() => navigator.serviceWorker.getRegistration().then((worker) => worker.update())")
        app_page.wait_for_function(
            "async () => JSON.stringify(await caches.keys()) === JSON.stringify(['pzl-next-build'])", timeout=60_000
        )
    finally:
        app_context.unroute("**/sw.js")
