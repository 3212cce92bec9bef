"""The Compare panel: every algorithm and bound on the 8-puzzle's hardest start, row by row, with a log-scale
chart; a row's solution in the player; Cancel; a shared link that reopens the comparison; the bound choice."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import cancel_milliseconds, wait_until_ready

HARDEST = "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1"
#: Thirteen runs of at most a second each, on a loaded machine.
COMPARE_TIMEOUT_MS = 90_000


@pytest.mark.slow
def test_the_comparison_fills_a_row_per_run_and_a_row_opens_in_the_player(app_page: Page, base_url: str):
    app_page.goto(base_url + HARDEST)
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", "8 6 7 2 5 4 3 0 1")
    app_page.get_by_test_id("compare").click()
    panel = app_page.get_by_test_id("compare-panel")
    expect(panel).to_be_visible()
    rows = app_page.get_by_test_id("compare-row")
    expect(rows).to_have_count(13)
    assert "compare=1" in app_page.evaluate("location.hash")
    summary = app_page.get_by_test_id("compare-summary")
    expect(summary).to_contain_text("found 31 moves", timeout=COMPARE_TIMEOUT_MS)
    statuses = rows.evaluate_all("rows => rows.map(row => row.dataset.status)")
    assert statuses == ["done"] * 13
    names = rows.locator(".compare-name").all_text_contents()
    assert names[0] == "breadth-first search" and "IDA*, linear-conflict" in names
    moves = rows.locator("[data-cell=moves]").all_text_contents()
    minimal = rows.locator("[data-cell=minimal]").all_text_contents()
    assert all(count == "31" for count, proved in zip(moves, minimal, strict=True) if proved == "yes")
    assert minimal.count("yes") >= 6
    bars = app_page.get_by_test_id("compare-bar")
    expect(bars.first).to_be_visible()
    assert bars.count() >= 10
    app_page.get_by_test_id("compare-measure").select_option("states")
    expect(bars.first).to_be_visible()
    # an explanation per row
    rows.nth(1).get_by_test_id("compare-explain").locator("summary").click()
    expect(rows.nth(1).get_by_test_id("compare-explain")).to_contain_text("meet")
    # IDA* with Manhattan distance: its solution becomes a line in the player
    ida = rows.filter(has_text="IDA*, manhattan")
    ida.get_by_test_id("compare-show").click()
    expect(app_page.get_by_test_id("player")).to_be_visible()
    expect(app_page.get_by_test_id("scrub-label")).to_have_text("0 / 31")
    expect(app_page.get_by_test_id("compare-shown")).to_contain_text("IDA*, manhattan, 31 moves")
    app_page.get_by_test_id("compare-close").click()
    expect(panel).to_be_hidden()
    assert "compare" not in app_page.evaluate("location.hash")


def test_one_cancel_stops_the_comparison_and_keeps_the_rows_that_ended(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=15-puzzle")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "15-puzzle")
    app_page.get_by_test_id("compare").click()
    rows = app_page.get_by_test_id("compare-row")
    expect(rows.nth(2)).to_have_attribute("data-status", "done", timeout=COMPARE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "solving")
    waited_ms = cancel_milliseconds(app_page, "compare-cancel")
    assert waited_ms < 500
    expect(app_page.get_by_test_id("compare-summary")).to_contain_text("cancelled")
    statuses = rows.evaluate_all("rows => rows.map(row => row.dataset.status)")
    assert statuses[:3] == ["done"] * 3
    assert "cancelled" in statuses and "running" not in statuses and "waiting" not in statuses


def test_a_shared_link_reopens_the_comparison(app_context, base_url: str):
    page = app_context.new_page()
    page.goto(base_url + "#puzzle=hoppers&empty=6&finish=6&compare=1")
    expect(page.get_by_test_id("compare-panel")).to_be_visible()
    wait_until_ready(page)
    expect(page.get_by_test_id("compare-summary")).to_contain_text("found 7 moves", timeout=COMPARE_TIMEOUT_MS)
    expect(page.get_by_test_id("compare-row")).to_have_count(3)
    page.close()


def test_the_bound_is_chosen_beside_ida_and_astar_and_explained(app_page: Page, base_url: str):
    app_page.goto(base_url + HARDEST + "&algorithm=ida&bound=linear-conflict")
    expect(app_page.get_by_test_id("bound")).to_be_visible()
    expect(app_page.get_by_test_id("bound")).to_have_value("linear-conflict")
    app_page.get_by_test_id("algorithm-explain").locator("summary").click()
    expect(app_page.get_by_test_id("algorithm-explain-text")).to_contain_text("IDA*")
    expect(app_page.get_by_test_id("bound-explain-text")).to_contain_text("row or column")
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-moves")).to_have_text("31", timeout=COMPARE_TIMEOUT_MS)
    app_page.get_by_test_id("algorithm").select_option("bfs")
    expect(app_page.get_by_test_id("bound")).to_be_hidden()
    assert "bound" not in app_page.evaluate("location.hash")
    app_page.goto(base_url + "#puzzle=9-puzzle-variant&algorithm=astar&bound=linear-conflict")
    expect(app_page.get_by_test_id("bound")).to_have_value("linear-conflict")
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-text")).to_contain_text("rectangular", timeout=COMPARE_TIMEOUT_MS)


def test_a_breadth_first_search_grows_a_bar_per_depth_and_keeps_its_numbers(app_page: Page, base_url: str):
    app_page.goto(base_url + HARDEST + "&algorithm=bfs")
    expect(app_page.get_by_test_id("algorithm")).to_have_value("bfs")
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-moves")).to_have_text("31", timeout=COMPARE_TIMEOUT_MS)
    bars = app_page.get_by_test_id("growth-bar")
    expect(bars).to_have_count(32)
    counts = [int(value) for value in bars.evaluate_all("bars => bars.map(bar => bar.dataset.value)")]
    assert counts[:4] == [1, 3, 5, 10] and sum(counts) == 181_440
    expect(app_page.get_by_test_id("growth-numbers")).to_contain_text("31: 2")


def test_bidirectional_shows_both_frontiers_and_where_they_met(app_page: Page, base_url: str):
    app_page.goto(base_url + HARDEST + "&algorithm=bidirectional")
    expect(app_page.get_by_test_id("algorithm")).to_have_value("bidirectional")
    expect(app_page.get_by_test_id("growth")).to_be_hidden()   # a new game forgets the last chart
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("growth-caption")).to_contain_text("from the goal", timeout=COMPARE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=COMPARE_TIMEOUT_MS)
    chart = app_page.get_by_test_id("growth-chart")
    expect(chart.locator(".bar.side-1").first).to_be_visible()
    assert chart.locator(".bar.side-0").count() == 17 and chart.locator(".bar.met").count() == 2
    numbers = app_page.get_by_test_id("growth-numbers")
    expect(numbers).to_contain_text("met 16 moves from the start and 15 from the goal")


def test_ida_shows_the_nodes_of_each_pass(app_page: Page, base_url: str):
    app_page.goto(base_url + HARDEST + "&algorithm=ida&bound=manhattan")
    expect(app_page.get_by_test_id("bound")).to_have_value("manhattan")
    expect(app_page.get_by_test_id("growth")).to_be_hidden()
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("growth-caption")).to_contain_text("nodes expanded in each pass",
                                                                      timeout=COMPARE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=COMPARE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("31")
    labels = app_page.get_by_test_id("growth-bar").evaluate_all("bars => bars.map(bar => Number(bar.dataset.label))")
    assert labels == list(range(21, 32, 2))   # Manhattan distance 21, thresholds rise by 2 on a grid
