"""Big sliding boards in the page: a 10x10 shuffled, solved fast and replayed to the goal; a 7x7 link; a phone.

The 10x10 position is shuffled by the page (uniformly at random), `auto` answers with the fast
solver at once and then a shorter one from a beam over the whole board (the result says it is not proved
minimal and why), and the replay is walked to its end.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import wait_until_ready

SOLVE_TIMEOUT_MS = 60_000
GOAL_10 = " ".join([*map(str, range(1, 100)), "0"])
#: A 7x7 start far from the goal (uniformly random, solvable).
START_7 = ("31 13 22 4 44 47 37 39 26 8 33 46 0 34 17 16 1 28 7 42 18 48 40 10 14 3 45 27 43 12 29 20 9 30 25 "
           "5 35 23 41 6 24 21 11 32 38 15 36 2 19")


def board_position(page: Page) -> str:
    return page.get_by_test_id("board").get_attribute("data-position")


def solve_and_wait(page: Page) -> None:
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=SOLVE_TIMEOUT_MS)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=SOLVE_TIMEOUT_MS)


@pytest.mark.slow
def test_a_ten_by_ten_board_is_shuffled_solved_fast_and_replayed_to_the_goal(app_page: Page, base_url: str):
    app_page.goto(base_url)
    app_page.get_by_test_id("picker").select_option("custom-sliding")
    app_page.get_by_test_id("custom-rows").select_option("10")
    app_page.get_by_test_id("custom-cols").select_option("10")
    expect(app_page.get_by_test_id("board").locator(".tile")).to_have_count(99)
    app_page.get_by_test_id("shuffle").click()
    assert re.search(r"#board=10x10&start=", app_page.url)
    shuffled = board_position(app_page)
    assert sorted(shuffled.split()) == sorted(GOAL_10.split())
    misplaced = sum(a != b for a, b in zip(shuffled.split(), GOAL_10.split(), strict=True))
    assert misplaced > 80, "a uniform shuffle moves nearly every tile, a short random walk would not"
    assert "fast" in app_page.get_by_test_id("algorithm").locator("option").all_inner_texts()
    solve_and_wait(app_page)
    detail = app_page.get_by_test_id("result-detail").inner_text()
    assert "not proved minimal; at least" in detail and "found by beam search" in detail   # auto's beam, up to 10x10
    assert "not proved shortest" in app_page.get_by_test_id("result-text").inner_text()
    moves = int(app_page.get_by_test_id("result-moves").inner_text().replace(",", ""))
    bound = int(re.search(r"at least ([\d,]+)", detail).group(1).replace(",", ""))
    assert bound < moves
    expect(app_page.get_by_test_id("move-list").locator("button")).to_have_count(moves)
    expect(app_page.get_by_test_id("step-label")).to_have_text(f"0 / {moves}")
    # halfway by a click in the move list, then on by the buttons, then to the end
    app_page.get_by_test_id("move-list").locator(f"button[data-step='{moves // 2}']").click()
    expect(app_page.get_by_test_id("step-label")).to_have_text(f"{moves // 2} / {moves}")
    app_page.get_by_test_id("step-next").click()
    expect(app_page.get_by_test_id("step-label")).to_have_text(f"{moves // 2 + 1} / {moves}")
    app_page.get_by_test_id("step-last").click()
    assert board_position(app_page) == GOAL_10
    expect(app_page.get_by_test_id("solved")).to_be_visible()
    # the last few moves also play out on the clock
    app_page.get_by_test_id("scrubber").fill(str(moves - 5))
    expect(app_page.get_by_test_id("step-label")).to_have_text(f"{moves - 5} / {moves}")
    app_page.get_by_test_id("speed").select_option(label="very fast")
    app_page.get_by_test_id("play").click()
    expect(app_page.get_by_test_id("step-label")).to_have_text(f"{moves} / {moves}", timeout=10_000)
    assert board_position(app_page) == GOAL_10


def test_a_seven_by_seven_link_opens_plays_by_hand_and_solves(app_page: Page, base_url: str):
    app_page.goto(base_url + "#board=7x7&start=" + START_7.replace(" ", ","))
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", START_7)
    expect(app_page.get_by_test_id("link-error")).to_be_hidden()
    # tile 46 is left of the empty cell: a click slides it right, and the link follows
    app_page.locator("[data-testid=board] [data-testid=tile-46]").click()
    moved = START_7.replace("46 0", "0 46")
    assert board_position(app_page) == moved
    assert "start=" + START_7.replace(" ", ",") + "&moves=" in app_page.url   # the hand move rides in the link
    solve_and_wait(app_page)   # up to 8x8 auto's shortest answer comes from a beam over the whole board
    detail = app_page.get_by_test_id("result-detail").inner_text()
    assert "found by beam search" in detail and detail.endswith("chosen by auto)")   # shortened by a window or not
    assert "not proved shortest" in app_page.get_by_test_id("result-text").inner_text()
    app_page.get_by_test_id("step-last").click()
    assert board_position(app_page) == " ".join([*map(str, range(1, 49)), "0"])


@pytest.mark.slow
def test_a_ten_by_ten_board_is_legible_and_playable_by_touch_on_a_390_pixel_phone(browser: Browser, base_url: str):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True,
                                  has_touch=True)
    try:
        page = context.new_page()
        start = GOAL_10.replace("99 0", "0 99")
        page.goto(base_url + "#board=10x10&start=" + start.replace(" ", ","))
        board = page.get_by_test_id("board")
        expect(board.locator(".tile")).to_have_count(99)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        box = board.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] >= 300
        label = board.locator("[data-testid=tile-88] text").bounding_box()
        assert label["height"] >= 12, "two-digit labels stay readable (at least 12 px high)"
        tile = board.locator("[data-testid=tile-99]").bounding_box()
        assert tile["width"] >= 28, "a tile is big enough to tap"
        board.locator("[data-testid=tile-99]").tap()
        expect(board).to_have_attribute("data-position", GOAL_10)
        wait_until_ready(page)
        page.get_by_test_id("shuffle").tap()
        solve_and_wait(page)
        page.get_by_test_id("step-last").tap()
        expect(board).to_have_attribute("data-position", GOAL_10)
    finally:
        context.close()
