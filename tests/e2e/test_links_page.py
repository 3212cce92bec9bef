"""Every link the page writes reopens to the same game: the largest board with its longest solution, peg boards
drawn or from the catalog, the Compare panel and the Numbers views.

Each test plays or solves something, takes the link the page wrote (the URL hash), opens it in a fresh page
and compares what it shows: the position, the moves played from the start, the start itself.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import wait_until_ready

SOLVE_TIMEOUT_MS = 90_000
MAX_LENGTH = 4000
#: A uniformly random solvable 10x10 start (the fast solver answers it in 1,716 moves).
START_10 = ("4 65 99 35 63 31 74 95 50 1 49 91 86 73 77 7 57 97 6 87 38 11 29 89 44 5 83 41 20 36 12 59 9 98 30 66 "
            "47 62 80 81 52 84 55 33 17 2 78 48 3 71 15 56 14 37 58 76 72 21 13 51 23 22 25 42 18 16 96 85 45 8 92 "
            "88 90 19 60 27 10 67 43 70 40 28 79 68 54 46 64 82 32 69 34 53 93 26 39 75 94 24 61 0")
GOAL_10 = " ".join([*map(str, range(1, 100)), "0"])


def shown(page: Page) -> dict[str, str]:
    """What a page shows of its game: the position, the moves from the start, and the start itself."""
    board = page.get_by_test_id("board")
    position = board.get_attribute("data-position")
    moves = page.get_by_test_id("move-count").inner_text()
    reset = page.get_by_test_id("reset")
    if reset.is_enabled():
        reset.click()
    start = board.get_attribute("data-position")
    return {"position": position, "moves": moves, "start": start}


def reopen(context: BrowserContext, base_url: str, page: Page) -> tuple[Page, str]:
    """The page's current link opened in a fresh page (the solver ready); the page and the link."""
    link = page.evaluate("location.hash")
    assert len(link) <= MAX_LENGTH + 1, f"the page wrote a link of {len(link):,} characters"
    again = context.new_page()
    again.goto(base_url + link)
    wait_until_ready(again)
    return again, link


def solve_to_the_end(page: Page) -> None:
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=SOLVE_TIMEOUT_MS)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=SOLVE_TIMEOUT_MS)
    page.get_by_test_id("step-last").click()


@pytest.mark.slow
def test_the_longest_solution_of_the_largest_board_reopens_move_for_move(app_page: Page, base_url: str):
    app_page.goto(base_url + "#board=10x10&start=" + START_10.replace(" ", ","))
    wait_until_ready(app_page)
    solve_to_the_end(app_page)
    assert app_page.get_by_test_id("board").get_attribute("data-position") == GOAL_10
    moves = int(app_page.get_by_test_id("move-count").inner_text())
    assert moves > 1000
    again, link = reopen(app_page.context, base_url, app_page)
    try:
        assert "path=" in link and "moves=" not in link, "a long game goes in the compact path code"
        expect(again.get_by_test_id("link-error")).to_be_hidden()
        expect(again.get_by_test_id("board")).to_have_attribute("data-position", GOAL_10)
        assert shown(again) == {"position": GOAL_10, "moves": str(moves), "start": START_10}
    finally:
        again.close()


@pytest.mark.parametrize("hash_", [
    "#puzzle=hoppers",
    "#puzzle=english-33&algorithm=beam",
    "#mask=ooooo/ooooo/ooooo/ooooo&lattice=square-diagonal&empty=7&finish=any",
    "#puzzle=hakoiri-musume&metric=piece",
])
def test_a_solved_game_reopens_to_the_same_position_and_moves(app_page: Page, base_url: str, hash_: str):
    app_page.goto(base_url + hash_)
    wait_until_ready(app_page)
    solve_to_the_end(app_page)
    before = {"position": app_page.get_by_test_id("board").get_attribute("data-position"),
              "moves": app_page.get_by_test_id("move-count").inner_text()}
    again, _ = reopen(app_page.context, base_url, app_page)
    try:
        expect(again.get_by_test_id("link-error")).to_be_hidden()
        after = shown(again)
        assert {"position": after["position"], "moves": after["moves"]} == before
        assert after["start"] == shown(app_page)["start"]
    finally:
        again.close()


def test_the_compare_view_reopens_with_its_panel(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8")
    wait_until_ready(app_page)
    app_page.get_by_test_id("compare").click()
    expect(app_page.get_by_test_id("compare-panel")).to_be_visible()
    again, link = reopen(app_page.context, base_url, app_page)
    try:
        assert "compare=1" in link
        expect(again.get_by_test_id("compare-panel")).to_be_visible()
        expect(again.get_by_test_id("board")).to_have_attribute("data-position", "1 2 3 4 5 6 0 7 8")
    finally:
        again.close()


def test_the_numbers_views_link_reopens_the_same_game(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=triangle-15&empty=4&finish=any")
    wait_until_ready(app_page)
    app_page.get_by_test_id("numbers").click()
    app_page.get_by_test_id("census").click()
    expect(app_page.get_by_test_id("census-table")).to_be_visible(timeout=SOLVE_TIMEOUT_MS)
    again, _ = reopen(app_page.context, base_url, app_page)
    try:
        expect(again.get_by_test_id("link-error")).to_be_hidden()
        assert shown(again) == shown(app_page)
    finally:
        again.close()
