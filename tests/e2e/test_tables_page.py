"""The 15-puzzle in the page: the pattern tables are fetched once when a search first needs them, and work offline."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.waits import wait_until_resolved_true

#: Korf's instance #1 (57 moves), goal 1..15 0.
KORF_1 = "13,6,8,12,15,14,0,10,11,7,4,5,9,1,3,2"
SOLVE_TIMEOUT_MS = 90_000


def watch_phases(page: Page) -> None:
    """Record every text the progress phase line shows (window.phases)."""
    page.evaluate(
        """() => {
            window.phases = [];
            const phase = document.querySelector('[data-testid="progress-phase"]')
                ?? document.getElementById('progress-phase');
            new MutationObserver(() => window.phases.push(phase.textContent))
                .observe(phase, {childList: true, characterData: true, subtree: true});
        }"""
    )


def solve_korf_1(page: Page, base_url: str) -> None:
    page.goto(base_url + f"#puzzle=15-puzzle&start={KORF_1}")
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", KORF_1.replace(",", " "))
    watch_phases(page)
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("result-moves")).to_have_text("57", timeout=SOLVE_TIMEOUT_MS)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready")


def table_requests(site_requests: list[tuple[str, int]]) -> list[str]:
    return [path for path, _ in site_requests if "/tables/" in path]


def test_korf_1_is_solved_optimally_and_the_table_is_fetched_once(app_page: Page, base_url: str,
                                                                   site_requests: list[tuple[str, int]],
                                                                   site_manifest: dict):
    solve_korf_1(app_page, base_url)
    phases = app_page.evaluate("() => window.phases")
    assert any(text.startswith("Loading pattern tables") for text in phases), phases
    assert not any("could not be loaded" in text for text in phases), phases
    fetched = table_requests(site_requests)
    assert fetched and all(path.endswith(site_manifest["tables"]["4x4-663.pzt"]) for path in fetched)
    # the second solve has the tables already: no request, no loading phase
    solve_korf_1(app_page, base_url)
    assert table_requests(site_requests) == fetched
    assert not any(text.startswith("Loading pattern tables") for text in app_page.evaluate("() => window.phases"))


def test_after_one_visit_the_fifteen_puzzle_is_solved_offline_with_the_tables(
        app_page: Page, app_context: BrowserContext, app_errors: list[str], built_site, site_manifest: dict):
    version = json.loads((built_site / "build.json").read_text())["version"]
    wait_until_resolved_true(
        app_page,
        """async ([name, table]) => {
            if (!(await caches.keys()).includes(name)) return false;
            return (await (await caches.open(name)).match(table)) !== undefined;
        }""",
        [f"pzl-{version}", site_manifest["tables"]["4x4-663.pzt"]],
    )
    app_context.set_offline(True)
    try:
        app_page.reload()   # a new worker: the tables must come from the cache
        expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=90_000)
        solve_korf_1(app_page, app_page.url.split("#")[0])
        phases = app_page.evaluate("() => window.phases")
        assert any(text.startswith("Loading pattern tables") for text in phases), phases
        assert not any("could not be loaded" in text or "Building" in text for text in phases), phases
    finally:
        app_context.set_offline(False)
    assert app_errors == []
