"""Play as players of Simon Tatham's puzzles and the lichess board expect (issue 22), desktop and phone.

Line slides (a click several cells from the gap slides the whole line), the lichess keys and the
game tree's variations in the move list, the answer beside (or under) the board, the layout on a
390-px phone, English/French peg coordinates, and the solution copied as text.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_blocks_page import DADS, DADS_GOAL
from tests.e2e.test_game_page import SOLVE_TIMEOUT_MS, board_position, open_link, solve_and_wait

GOAL = "1 2 3 4 5 6 7 8 0"


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


# ---- lichess keys and the game tree ----------------------------------------------------------

HARDEST = "8 6 7 2 5 4 3 0 1"


def test_arrows_walk_the_line_unless_the_board_or_a_field_has_the_focus(app_page: Page, base_url: str):
    open_link(app_page, base_url, f"#puzzle=8-puzzle&start={HARDEST.replace(' ', ',')}")
    solve = app_page.get_by_test_id("solve")
    solve.focus()
    app_page.keyboard.press("Enter")
    expect(app_page.get_by_test_id("result-moves")).to_have_text("31", timeout=SOLVE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=SOLVE_TIMEOUT_MS)
    expect(solve).to_be_focused()  # focus stays on the control used, never dropped to <body>
    label = app_page.get_by_test_id("step-label")
    app_page.keyboard.press("ArrowRight")
    expect(label).to_have_text("1 / 31")
    expect(solve).to_be_focused()
    app_page.keyboard.press("ArrowDown")
    expect(label).to_have_text("31 / 31")
    app_page.keyboard.press("ArrowUp")
    expect(label).to_have_text("0 / 31")
    app_page.keyboard.press("End")
    app_page.keyboard.press("ArrowLeft")
    expect(label).to_have_text("30 / 31")
    app_page.get_by_test_id("speed").focus()  # a list box keeps its own arrows
    app_page.keyboard.press("ArrowDown")
    expect(label).to_have_text("30 / 31")
    app_page.get_by_test_id("reset").focus()
    app_page.keyboard.press("Home")
    expect(label).to_have_text("0 / 31")
    expect(app_page.get_by_test_id("help")).not_to_be_visible()
    app_page.keyboard.press("?")
    expect(app_page.get_by_test_id("focus-rule")).to_contain_text("belong to the board while it has the focus")
    app_page.keyboard.press("Escape")


def test_a_hand_move_is_a_variation_to_visit_promote_and_delete(app_page: Page, base_url: str):
    open_link(app_page, base_url, f"#puzzle=8-puzzle&start={HARDEST.replace(' ', ',')}")
    solve_and_wait(app_page)
    first_move = app_page.locator("#move-list button[data-step='1']").inner_text()
    board = app_page.get_by_test_id("board")
    board.focus()
    # the gap is in the bottom row's middle: three tiles can slide; play one the solution does not start with
    key, moved = next((key, words) for key, words in (("ArrowLeft", "1 left"), ("ArrowRight", "3 right"),
                                                      ("ArrowDown", "5 down")) if first_move != f"1. {words}")
    app_page.keyboard.press(key)  # the board's own arrow, not the page's
    expect(app_page.get_by_test_id("announce")).to_have_text(f"{moved}.")
    off_line = board_position(app_page)
    variations = app_page.locator("#move-list .variation")
    expect(variations).to_have_count(1)
    expect(variations.locator("button[data-node]")).to_have_text([f"1. {moved}"])
    expect(variations.locator("button[data-node]")).to_have_attribute("aria-current", "step")
    expect(app_page.get_by_test_id("step-label")).to_have_text("0 / 31 +1")
    app_page.locator("#move-list button[data-step='3']").click()  # back on the line, then into the variation
    expect(app_page.get_by_test_id("step-label")).to_have_text("3 / 31")
    variations.locator("button[data-node]").click()
    assert board_position(app_page) == off_line
    promote = app_page.get_by_role("button", name=f"Promote the variation 1. {moved}")
    promote.focus()
    app_page.keyboard.press("Enter")  # keyboard-operable, with an accessible name
    expect(app_page.get_by_test_id("step-label")).to_have_text("1 / 1")  # the line walked is now the variation
    expect(variations.locator("button[data-node]").first).to_have_text(first_move)  # the solution: a variation now
    expect(app_page.locator("#move-list button[data-step='1']")).to_have_text(f"1. {moved}")
    app_page.get_by_role("button", name=f"Delete the variation {first_move}").click()
    expect(variations).to_have_count(0)
    assert board_position(app_page) == off_line


# ---- English/French coordinates and the moves as text ----------------------------------------

def test_english_and_french_boards_write_holes_as_letters_and_numbers(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=english-33&moves=d2-d4")  # a link may name holes so
    expect(app_page.get_by_test_id("move-count")).to_have_text("1")
    expect(app_page.get_by_test_id("board").locator("[data-slot='16']")).to_have_attribute(
        "aria-label", "hole d4: peg")
    expect(app_page.get_by_test_id("board").locator(".hole-number").nth(16)).to_have_text("d4")
    open_link(app_page, base_url, "#puzzle=english-33&moves=4-16")  # and hole numbers still work
    expect(app_page.get_by_test_id("move-count")).to_have_text("1")
    app_page.get_by_test_id("undo").click()
    board = app_page.get_by_test_id("board")
    board.locator("[data-slot='28']").click(force=True)  # d6 jumps over d5 into d4
    board.locator("[data-slot='16']").click(force=True)
    expect(app_page.get_by_test_id("announce")).to_have_text("d6-d4.")
    open_link(app_page, base_url, "#puzzle=french-37&empty=d4&finish=d4")
    expect(app_page.get_by_test_id("board").locator("[data-slot='18']")).to_have_attribute(
        "aria-label", "hole d4: empty")
    app_page.get_by_test_id("type-position").click()  # typed positions name holes so too
    expect(app_page.get_by_test_id("position-text")).to_have_value("d4")
    app_page.get_by_test_id("position-text").fill("c4")
    app_page.get_by_test_id("position-use").click()
    expect(app_page.get_by_test_id("board").locator("[data-slot='17']")).to_have_attribute(
        "aria-label", "hole c4: empty")
    open_link(app_page, base_url, "#puzzle=hoppers&empty=6&finish=6")  # other boards: hole numbers, as before
    expect(app_page.get_by_test_id("board").locator(".hole-number").nth(6)).to_have_text("6")
    app_page.get_by_test_id("board").locator("[data-slot='0']").click(force=True)
    app_page.get_by_test_id("board").locator("[data-slot='6']").click(force=True)
    expect(app_page.get_by_test_id("announce")).to_have_text("0 → 6.")


def test_the_solution_is_copied_as_text_one_move_per_line(app_page: Page, base_url: str):
    app_page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8")
    app_page.get_by_test_id("copy-moves").click()  # no solution yet: the moves played (none)
    expect(app_page.get_by_test_id("announce")).to_have_text("0 moves copied as text.")
    solve_and_wait(app_page)
    words = app_page.locator("#move-list button[data-step]").all_inner_texts()
    app_page.get_by_test_id("copy-moves").click()
    expect(app_page.get_by_test_id("announce")).to_have_text("2 moves copied as text.")
    text = app_page.evaluate("() => navigator.clipboard.readText()")
    assert text.splitlines() == ["8-puzzle from 1 2 3 4 5 6 0 7 8: 2 moves (solution, pzl)",
                                 *[word.split(". ", 1)[1] for word in words]]
    assert text.splitlines()[1:] == ["7 left", "8 left"]
    open_link(app_page, base_url, "#puzzle=english-33&moves=d2-d4,f3-d3")
    app_page.get_by_test_id("copy-moves").click()
    assert app_page.evaluate("() => navigator.clipboard.readText()").splitlines() == [
        "English board, empty d4: 2 moves (moves played, pzl)", "d2-d4", "f3-d3"]


# ---- the answer in view, and the layout on a phone ---------------------------------------------

def test_solve_and_the_answer_sit_under_the_board_on_a_phone(phone_page: Page, base_url: str):
    phone_page.goto(base_url + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    phone_page.evaluate("() => window.scrollTo(0, 0)")
    solve = phone_page.get_by_test_id("solve")
    box = solve.bounding_box()
    assert box["y"] + box["height"] <= 844, box  # within the first screen
    board = phone_page.get_by_test_id("board").bounding_box()
    assert box["y"] > board["y"] + board["height"]  # under the board
    solve.tap()
    result = phone_page.get_by_test_id("result")
    expect(phone_page.get_by_test_id("result-moves")).to_have_text("31", timeout=SOLVE_TIMEOUT_MS)
    phone_page.wait_for_function(  # scrolled into view when it arrives, clear of the sticky board
        """() => {
            const box = document.querySelector('[data-testid=result]').getBoundingClientRect();
            const stage = document.querySelector('[data-testid=stage]').getBoundingClientRect();
            return box.top >= stage.bottom - 1 && box.bottom <= window.innerHeight + 1;
        }""", timeout=5000)
    figures = phone_page.get_by_test_id("progress")
    if figures.is_visible():  # the statistics come after the answer
        assert figures.bounding_box()["y"] > result.bounding_box()["y"]


#: Boards of every shape the first screen must hold Solve and the answer for: square tiles, a tall block
#: puzzle with a classic's notes, a peg board, a 10x10 board (the fast solver) and a layout link.
FIRST_SCREEN_LINKS = {
    "8-puzzle": "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1",
    "15-puzzle": "#puzzle=15-puzzle",
    "hakoiri-musume": "#puzzle=hakoiri-musume",
    "english-33": "#puzzle=english-33",
    "10x10": "#board=10x10",
    "layout": f"#layout={DADS}&goal={DADS_GOAL}",
}
#: The answer's move count is in the viewport and clear of the board when it sticks to the top of a phone's screen.
MOVES_IN_VIEW = """() => {
    const moves = document.querySelector('[data-testid=result-moves]').getBoundingClientRect();
    const stage = document.querySelector('[data-testid=stage]');
    const covered = getComputedStyle(stage).position === 'sticky' ? stage.getBoundingClientRect().bottom : 0;
    return moves.height > 0 && moves.top >= covered - 1 && moves.bottom <= window.innerHeight + 1;
}"""


def solve_in_the_first_screen(page: Page, base_url: str, link: str) -> None:
    """Solve within the first screen of `link`'s page, and the answer's move count in view once it comes."""
    page.goto(base_url + link)
    solve = page.get_by_test_id("solve")
    expect(solve).to_be_enabled()
    page.evaluate("() => window.scrollTo(0, 0)")
    box = solve.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], box
    solve.click()
    expect(page.get_by_test_id("result-moves")).to_have_text(re.compile(r"^\d+$"), timeout=SOLVE_TIMEOUT_MS)
    page.wait_for_function(MOVES_IN_VIEW, timeout=5000)  # the page brings it into view itself, if it must


@pytest.mark.parametrize("link", FIRST_SCREEN_LINKS.values(), ids=FIRST_SCREEN_LINKS.keys())
def test_solve_and_the_answer_are_in_a_phones_first_screen(phone_page: Page, base_url: str, link: str):
    solve_in_the_first_screen(phone_page, base_url, link)
    phone_page.evaluate("() => window.scrollTo(0, 0)")


@pytest.mark.parametrize("link", FIRST_SCREEN_LINKS.values(), ids=FIRST_SCREEN_LINKS.keys())
def test_solve_and_the_answer_are_in_a_desktops_first_screen(app_page: Page, base_url: str, link: str):
    before = app_page.viewport_size
    app_page.set_viewport_size({"width": 1280, "height": 800})
    try:
        solve_in_the_first_screen(app_page, base_url, link)
        assert app_page.evaluate("() => window.scrollY") == 0  # beside the board: nothing scrolled
    finally:
        app_page.set_viewport_size(before)


def test_the_answer_sits_beside_the_board_on_a_desktop(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    solve_and_wait(app_page)
    board = app_page.get_by_test_id("board").bounding_box()
    result = app_page.get_by_test_id("result").bounding_box()
    assert result["x"] >= board["x"] + board["width"]  # in the column beside it
    assert result["y"] < board["y"] + board["height"]  # level with the board, not below it
    progress = app_page.get_by_test_id("progress")
    if progress.is_visible():
        assert progress.bounding_box()["y"] > result["y"]


def test_the_compare_table_scrolls_in_its_own_box_on_a_phone(phone_page: Page, base_url: str):
    phone_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8&compare=1")
    expect(phone_page.get_by_test_id("compare-panel")).to_be_visible()
    expect(phone_page.get_by_test_id("compare-table").locator("tbody tr").first).to_be_visible(timeout=SOLVE_TIMEOUT_MS)
    assert phone_page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    wrap = phone_page.locator(".compare-table-wrap")
    assert wrap.evaluate("(box) => box.scrollWidth > box.clientWidth")  # the table scrolls inside its box
    phone_page.get_by_test_id("compare-close").tap()


# ---- silent cases --------------------------------------------------------------------------------

def test_a_shuffle_beyond_the_farthest_distance_says_so(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle")
    app_page.get_by_test_id("shuffle-distance").select_option("40")
    app_page.get_by_test_id("shuffle").click()
    expect(app_page.get_by_test_id("result-text")).to_have_text(
        "Shuffled: the farthest position is 31 moves from the goal; shuffled to 31.", timeout=SOLVE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("distance")).to_have_text("Distance to the goal: 31 moves.")
    assert board_position(app_page) in ("8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1")  # the two farthest positions
    app_page.get_by_test_id("shuffle-distance").select_option("")


def test_removing_the_top_row_of_a_drawn_peg_board_moves_no_hole(app_page: Page, base_url: str):
    app_page.goto(base_url + "#mask=oooo/oooo/oooo")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "custom-peg")
    app_page.get_by_test_id("edit").click()
    app_page.get_by_test_id("edit-holes").check()
    board = app_page.get_by_test_id("board")
    drawn = lambda: [i for i, peg in enumerate(board.get_attribute("data-position")) if peg == "1"]  # noqa: E731
    assert drawn() == [0, 1, 2, 3, 9, 10, 11, 12, 18, 19, 20, 21]  # a 9-wide grid, the board in its top left
    for point in (0, 1, 2, 3):  # empty the top row
        board.locator(f"[data-slot='{point}']").click(force=True)
    assert drawn() == [9, 10, 11, 12, 18, 19, 20, 21]  # every other hole where it was
    board.locator("[data-slot='27']").click(force=True)  # the point under the pointer gets the hole
    assert drawn() == [9, 10, 11, 12, 18, 19, 20, 21, 27]
    app_page.get_by_test_id("edit").click()  # done: the board, tidied, has its 9 holes
    expect(board.locator(".peg")).to_have_count(8)


def test_no_font_dependent_info_glyph_and_stale_notices_go(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&moves=9z")
    expect(app_page.get_by_test_id("link-error")).to_be_visible()
    app_page.get_by_test_id("edit").click()  # the person edits: what was said about the link is stale
    expect(app_page.get_by_test_id("link-error")).to_be_hidden()
    app_page.get_by_test_id("edit").click()
    app_page.get_by_test_id("algorithm").select_option("ida")
    assert "\u24d8" not in app_page.content()
    mark = app_page.get_by_test_id("algorithm-explain").locator(".info-mark")
    expect(mark).to_be_visible()
    assert mark.evaluate("(mark) => getComputedStyle(mark).borderTopStyle") == "solid"  # a drawn circle
    app_page.get_by_test_id("algorithm").select_option("auto")
