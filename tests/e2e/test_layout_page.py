"""Nothing on the page moves as it loads, boots its solver or plays a replay (issue 21: Lighthouse saw
a cumulative layout shift of 0.42, the solver section pushed down twice; the dock wrapped to two rows
when Play became Pause).

Layout shifts are the browser's own Layout Instability entries (what Lighthouse's CLS adds up),
recorded from the first paint by a script Playwright adds before the page's own.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, wait_until_ready

#: Records every layout shift (its score and the elements that moved) in window.shifts.
RECORD_SHIFTS = """
window.shifts = [];
new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
        window.shifts.push({value: entry.value, moved: entry.sources.map((source) => {
            const node = source.node;
            return node ? `${node.nodeName.toLowerCase()}${node.id ? '#' + node.id : ''}` : '?';
        })});
    }
}).observe({type: 'layout-shift', buffered: true});
"""
#: Resolves after two frames, so that the last layout's shifts have been reported.
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
#: Resolves once the page has not scrolled for five frames in a row (a smooth scroll has ended).
SCROLL_SETTLED = """() => new Promise((done) => {
    let last = window.scrollY, still = 0;
    const look = () => {
        still = window.scrollY === last ? still + 1 : 0;
        last = window.scrollY;
        if (still >= 5) done(true); else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
})"""


@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize(("link", "bound"), [
    # a shared link to a position: nothing moves at all
    ("#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8", 0.001),
    # the bare page: only the default start's note ("one of the two hardest positions") appears
    # above the board once the catalog is read, moving it one or two lines (0.009 on a phone, 0.015 on a desktop)
    ("", 0.02),
])
def test_the_page_does_not_shift_while_it_loads_and_boots(browser: Browser, base_url: str, device: str, link: str,
                                                          bound: float):
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    try:
        context.add_init_script(RECORD_SHIFTS)
        page = context.new_page()
        page.goto(base_url + link)
        wait_until_ready(page)   # the board drawn, the loading line come and gone
        page.evaluate(TWO_FRAMES)
        shifts = page.evaluate("() => window.shifts")
        assert sum(shift["value"] for shift in shifts) < bound, shifts
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 390, 800, 1280])
def test_the_dock_stays_one_row_when_play_becomes_pause(app_page: Page, base_url: str, width: int):
    app_page.set_viewport_size({"width": width, "height": 800})
    app_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8")
    wait_until_ready(app_page)
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-moves")).to_have_text("2")
    app_page.evaluate(SCROLL_SETTLED)  # the result scrolls into sight as it arrives: measure after that
    dock = app_page.get_by_test_id("dock")
    play = app_page.get_by_test_id("play")
    stopped = dock.bounding_box()
    assert stopped["height"] < 1.5 * play.bounding_box()["height"] + 16, "the dock wraps even before playing"
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(play).to_have_accessible_name("Pause")
    assert dock.bounding_box() == stopped
    assert dock.evaluate("(dock) => dock.scrollWidth <= dock.clientWidth"), "the dock overflows its row"
    expect(play).to_have_attribute("aria-pressed", "false", timeout=5_000)   # the two-move replay ends by itself
    expect(play).to_have_accessible_name("Play")
    assert dock.bounding_box() == stopped
