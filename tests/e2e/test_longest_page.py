"""The longest-positions panel: the 8-puzzle's depth histogram and its two hardest positions; a polite refusal."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_the_8_puzzle_histogram_has_31_bars_after_0_and_two_longest_positions(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    app_page.get_by_test_id("longest").click()
    bars = app_page.get_by_test_id("histogram-bar")
    expect(bars).to_have_count(32, timeout=60_000)
    counts = [int(count) for count in bars.evaluate_all("bars => bars.map(bar => bar.dataset.count)")]
    assert counts[0] == 1
    assert counts[31] == 2
    assert sum(counts) == 181_440
    assert app_page.get_by_test_id("histogram").locator("text", has_text="distance from the goal").count() == 1
    thumbnails = app_page.get_by_test_id("longest-position")
    expect(thumbnails).to_have_count(2)
    found = sorted(thumbnails.evaluate_all("items => items.map(item => item.dataset.position)"))
    assert found == ["6 4 7 8 5 0 3 2 1", "8 6 7 2 5 4 3 0 1"]
    thumbnails.first.click()
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", found[0])


def test_the_15_puzzle_is_refused_with_the_reason(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=15-puzzle")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "15-puzzle")
    app_page.get_by_test_id("longest").click()
    expect(app_page.get_by_test_id("longest-summary")).to_contain_text("positions")
    expect(app_page.get_by_test_id("longest-summary")).to_contain_text("Not in a browser tab")
    expect(app_page.get_by_test_id("histogram-bar")).to_have_count(0)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
