"""axe-core finds no serious or critical accessibility problem: light and dark, before and after a
solve (and while the replay plays), on a 390-px phone and a 1280 × 800 desktop.

axe-core is the npm package package.json pins (installed by the build's `npm ci`); Playwright puts
it into the page through the DevTools protocol, which the page's strict CSP (no inline script, no
eval) does not govern. Rules tagged "experimental" are off in axe by default; the one the page has
failed before, `label-content-name-mismatch` (WCAG 2.5.3, label in name), is switched on.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_until_ready

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: The hardest 8-puzzle start (31 moves): a solve with a replay to walk.
HARDEST = "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1"
SERIOUS = ("serious", "critical")
RUN_AXE = """async () => {
    const results = await axe.run(document, {
        resultTypes: ['violations'],
        rules: {'label-content-name-mismatch': {enabled: true}},
    });
    return results.violations.map((rule) => ({
        id: rule.id, impact: rule.impact, help: rule.help,
        nodes: rule.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary.replace(/\\s+/g, ' ')}`),
    }));
}"""


def serious_violations(page: Page) -> list[str]:
    """axe's serious and critical findings on the page as it is now, one line per rule."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `python build.py` (its npm ci installs axe-core from package.json)")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    return [f"{rule['impact']} {rule['id']} ({rule['help']}): {'; '.join(rule['nodes'][:4])}"
            for rule in page.evaluate(RUN_AXE) if rule["impact"] in SERIOUS]


@pytest.fixture(params=["phone", "desktop"])
def device_page(request: pytest.FixtureRequest) -> Page:
    """The warm phone page (390 × 844, touch) or the warm desktop page at 1280 × 800."""
    if request.param == "phone":
        return request.getfixturevalue("phone_page")
    page = request.getfixturevalue("app_page")
    page.set_viewport_size({"width": 1280, "height": 800})
    return page


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_before_and_after_a_solve(device_page: Page, base_url: str, scheme: str):
    page = device_page
    page.emulate_media(color_scheme=scheme)
    try:
        page.goto(base_url + HARDEST)
        wait_until_ready(page)
        expect(page.locator("html")).to_have_attribute("data-theme", scheme)
        assert serious_violations(page) == [], "before a solve"
        page.get_by_test_id("solve").click()
        expect(page.get_by_test_id("result-moves")).to_have_text("31", timeout=60_000)
        assert serious_violations(page) == [], "after a solve"
        page.get_by_test_id("play").click()
        expect(page.get_by_test_id("play")).to_have_attribute("aria-pressed", "true")
        assert serious_violations(page) == [], "while the replay plays"
        page.get_by_test_id("play").click()
    finally:
        page.emulate_media(color_scheme="light")


def test_axe_finds_nothing_serious_in_the_longest_positions_and_the_help(app_page: Page, base_url: str):
    """The thumbnails of the longest positions (named by words, their picture hidden) and the help dialog."""
    app_page.goto(base_url + "#puzzle=8-puzzle")
    wait_until_ready(app_page)
    app_page.get_by_test_id("longest").click()
    expect(app_page.get_by_test_id("longest-position")).to_have_count(2, timeout=60_000)
    expect(app_page.get_by_test_id("longest-position").first).to_have_accessible_name("Load 6 4 7 8 5 0 3 2 1")
    assert serious_violations(app_page) == [], "longest positions"
    app_page.get_by_test_id("help-open").click()
    expect(app_page.get_by_test_id("help")).to_be_visible()
    assert serious_violations(app_page) == [], "help dialog"
    app_page.keyboard.press("Escape")
