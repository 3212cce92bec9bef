"""Play as players of Simon Tatham's puzzles and the lichess board expect (issue 22), desktop and phone.

Line slides (a click several cells from the gap slides the whole line), the lichess keys and the
game tree's variations in the move list, the answer beside (or under) the board, the layout on a
390-px phone, English/French peg coordinates, and the solution copied as text.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

GOAL = "1 2 3 4 5 6 7 8 0"
SOLVE_TIMEOUT_MS = 60_000


def board_position(page: Page) -> str:
    return page.get_by_test_id("board").get_attribute("data-position")


def open_link(page: Page, base_url: str, fragment: str) -> None:
    page.goto(base_url + fragment)
    expect(page.get_by_test_id("board")).to_have_attribute("data-puzzle", fragment.split("&")[0].split("=")[1])


def solve_and_wait(page: Page) -> None:
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=SOLVE_TIMEOUT_MS)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=SOLVE_TIMEOUT_MS)


# ---- line slides (Tatham) --------------------------------------------------------------------

def test_a_click_two_cells_from_the_gap_slides_the_line_as_one_move_token(app_page: Page, base_url: str):
    open_link(app_page, base_url, f"#puzzle=8-puzzle&start={GOAL.replace(' ', ',')}")
    app_page.locator("[data-testid=board] [data-testid=tile-7]").click()  # gap at the bottom right: 7 and 8 slide
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", "1 2 3 4 5 6 0 7 8")
    expect(app_page.get_by_test_id("move-count")).to_have_text("2")  # two one-cell moves
    expect(app_page.get_by_test_id("announce")).to_have_text("8 and 7 right.")
    link = app_page.url
    app_page.get_by_test_id("undo").click()  # one token: one Undo takes the whole line back
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", GOAL)
    app_page.goto("about:blank")
    app_page.goto(link)  # the link replays it
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", "1 2 3 4 5 6 0 7 8")
    expect(app_page.get_by_test_id("move-count")).to_have_text("2")
    app_page.locator("[data-testid=board] [data-testid=tile-5]").click()  # not in line with the gap: nothing
    expect(app_page.get_by_test_id("move-count")).to_have_text("2")
    app_page.locator("[data-testid=board] [data-testid=tile-1]").click()  # its column: 4 then 1 slide down
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", "0 2 3 1 5 6 4 7 8")
    expect(app_page.get_by_test_id("move-count")).to_have_text("4")
    expect(app_page.get_by_test_id("announce")).to_have_text("4 and 1 down.")

def test_a_tap_slides_a_line_on_the_15_puzzle_on_a_phone(phone_page: Page, base_url: str):
    goal = ",".join([str(n) for n in range(1, 16)] + ["0"])
    open_link(phone_page, base_url, f"#puzzle=15-puzzle&start={goal}")
    phone_page.locator("[data-testid=board] [data-testid=tile-13]").tap()  # three tiles: 15, 14, 13 slide right
    expect(phone_page.get_by_test_id("board")).to_have_attribute(
        "data-position", " ".join([str(n) for n in range(1, 13)] + ["0", "13", "14", "15"]))
    expect(phone_page.get_by_test_id("move-count")).to_have_text("3")
