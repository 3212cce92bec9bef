"""Peg solitaire on the page, end to end in Chromium: draw, jump by mouse and keyboard, solve, replay, links.

One warm page (`app_page`) serves the module; links are followed by changing the hash.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.waits import wait_for_board_still, wait_for_position_checked

SOLVE_TIMEOUT_MS = 60_000


def open_link(page: Page, base_url: str, fragment: str) -> None:
    page.goto(base_url + fragment)
    expect(page.get_by_test_id("board")).to_have_attribute("data-family", "peg")


def pegs_at(page: Page) -> list[int]:
    """The holes with a peg, as the board's data says."""
    position = page.get_by_test_id("board").get_attribute("data-position")
    return [hole for hole, peg in enumerate(position) if peg == "1"]


def pegs_drawn_at(page: Page) -> list[int]:
    """The holes with a peg, as the eye sees it: each drawn peg's centre matched to the nearest hole."""
    return page.evaluate(
        """() => {
            const board = document.querySelector('[data-testid="board"]');
            const holes = [...board.querySelectorAll('[data-slot]')].map((hole) => {
                const box = hole.getBoundingClientRect();
                return [box.x + box.width / 2, box.y + box.height / 2];
            });
            const found = [];
            for (const peg of board.querySelectorAll('.peg:not(.leaving)')) {
                const box = peg.getBoundingClientRect();
                const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
                let best = 0;
                holes.forEach(([hx, hy], i) => {
                    if (Math.hypot(hx - x, hy - y) < Math.hypot(holes[best][0] - x, holes[best][1] - y)) best = i;
                });
                found.push(best);
            }
            return found.sort((a, b) => a - b);
        }"""
    )


def solve_and_wait(page: Page) -> None:
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=SOLVE_TIMEOUT_MS)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=SOLVE_TIMEOUT_MS)


def test_hoppers_is_drawn_with_13_holes_and_12_pegs(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hoppers")
    board = app_page.get_by_test_id("board")
    expect(board.locator("[data-slot]")).to_have_count(13)
    expect(board.locator(".peg")).to_have_count(12)
    assert 6 not in pegs_drawn_at(app_page)
    assert board.locator("[data-slot='6']").get_attribute("aria-label") == "hole 6: empty"


@pytest.mark.parametrize(("puzzle", "holes"), [("triangle-21", 21), ("english-33", 33), ("french-37", 37)])
def test_every_peg_board_is_drawn_from_its_holes(app_page: Page, base_url: str, puzzle: str, holes: int):
    open_link(app_page, base_url, f"#puzzle={puzzle}")
    expect(app_page.get_by_test_id("board").locator("[data-slot]")).to_have_count(holes)
    expect(app_page.get_by_test_id("board").locator(".peg")).to_have_count(holes - 1)


def test_a_peg_jumps_by_mouse_and_the_jumped_peg_is_removed(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hoppers&empty=6&finish=6")
    board = app_page.get_by_test_id("board")
    board.locator("[data-slot='0']").click(force=True)
    expect(board.locator(".peg.selected")).to_have_count(1)
    board.locator("[data-slot='6']").click(force=True)
    assert pegs_at(app_page) == [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    expect(app_page.get_by_test_id("move-count")).to_have_text("1")
    assert "empty=6&finish=6&moves=0-6" in app_page.url  # the start, and the jump played from it
    wait_for_board_still(app_page)
    assert pegs_drawn_at(app_page) == [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]


def test_a_chain_of_jumps_by_one_peg_counts_as_one_move(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hoppers&empty=6&finish=6")
    board = app_page.get_by_test_id("board")
    # 12 → 6, then 3 → 9, then the peg from 10 jumps to 12 and on to 6 (one move, two jumps).
    for hole in (12, 6, 3, 9, 10, 12):
        board.locator(f"[data-slot='{hole}']").click(force=True)
    expect(board.locator(".peg.selected")).to_have_count(1)  # the chain's peg stays in hand
    board.locator("[data-slot='6']").click(force=True)
    assert len(pegs_at(app_page)) == 12 - 4
    expect(app_page.get_by_test_id("move-count")).to_have_text("3")


def test_a_peg_jumps_by_keyboard(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hoppers&empty=6&finish=6")
    app_page.get_by_test_id("board").focus()
    for key in ("ArrowRight", "Enter", "ArrowRight", "ArrowDown"):  # cursor on 0, select it, to 1, to 6
        app_page.keyboard.press(key)
    expect(app_page.get_by_test_id("board")).to_have_attribute("aria-activedescendant", "hole-6")
    app_page.keyboard.press("Enter")  # jump
    assert pegs_at(app_page) == [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    expect(app_page.get_by_test_id("move-count")).to_have_text("1")


def test_solving_hoppers_takes_7_moves_and_the_replay_ends_with_one_peg_in_the_centre(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hoppers&empty=6&finish=6")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("7")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("11 jumps")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("proved minimal")
    expect(app_page.get_by_test_id("move-list").locator("button")).to_have_count(7)
    app_page.get_by_test_id("speed").select_option(label="fast")
    app_page.get_by_test_id("play").click()
    expect(app_page.get_by_test_id("step-label")).to_have_text("7 / 7", timeout=20_000)
    assert pegs_at(app_page) == [6]
    expect(app_page.get_by_test_id("solved")).to_be_visible()
    wait_for_board_still(app_page)  # the last chain's hops
    assert pegs_drawn_at(app_page) == [6]


def test_a_peg_link_round_trips(app_page: Page, base_url: str, page: Page, console_errors: list[str]):
    open_link(app_page, base_url, "#puzzle=hoppers&empty=0,3&finish=6")
    assert pegs_at(app_page) == [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    page.goto(app_page.url)
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", "0110111111111")
    assert console_errors == []


def test_the_hint_offers_the_next_move_of_a_minimal_solution(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hoppers&empty=6&finish=6")
    app_page.get_by_test_id("hint").click()
    expect(app_page.get_by_test_id("result-text")).to_contain_text("7 moves to finish", timeout=SOLVE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("result-text")).to_contain_text("next move:")


def test_the_hint_in_the_middle_of_a_chain_goes_on_with_the_same_peg(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hoppers&empty=6&finish=6")
    board = app_page.get_by_test_id("board")
    for hole in (0, 6, 9, 3, 2, 0):  # 0 → 6, 9 → 3, 2 → 0: the peg on 0 may jump on to 6 in the same move
        board.locator(f"[data-slot='{hole}']").click(force=True)
    app_page.get_by_test_id("hint").click()
    text = app_page.get_by_test_id("result-text")
    expect(text).to_contain_text("4 moves to finish", timeout=SOLVE_TIMEOUT_MS)
    expect(text).to_contain_text("go on with the same peg: 0 → 6")


@pytest.mark.parametrize(
    "fragment", ["#puzzle=hoppers&empty=99", "#puzzle=hoppers&finish=x1", "#puzzle=hoppers&start=1,2",
                 "#puzzle=hoppers&empty=6,6", "#puzzle=hoppers&empty=" + "1," * 300, "#puzzle=hoppers&empty=1&empty=1",
                 "#puzzle=hoppers&moves=" + "%" * 3]
)
def test_a_malformed_peg_link_shows_an_error_and_the_puzzle_it_names(app_page: Page, base_url: str, fragment: str):
    app_page.goto(base_url + fragment)
    expect(app_page.get_by_test_id("link-error")).to_be_visible()
    expect(app_page.get_by_test_id("link-error")).to_contain_text("Showing the Hoppers instead")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "hoppers")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", "1111110111111")


def test_a_custom_peg_board_is_drawn_by_clicking_solved_and_shared(
    app_page: Page, base_url: str, page: Page, console_errors: list[str]
):
    app_page.goto(base_url)
    app_page.get_by_test_id("picker").select_option("custom-peg")
    expect(app_page.get_by_test_id("board").locator("[data-slot]")).to_have_count(12)
    assert "#mask=oooo/oooo/oooo&lattice=square&empty=0&finish=any" in app_page.url
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("6")
    app_page.get_by_test_id("step-last").click()
    assert len(pegs_at(app_page)) == 1

    app_page.get_by_test_id("edit").click()
    app_page.get_by_test_id("edit-holes").check()
    board = app_page.get_by_test_id("board")
    board.locator("[data-slot='4']").click(force=True)  # grid point (4, 0): a 13th hole
    app_page.get_by_test_id("edit").click()
    expect(board.locator("[data-slot]")).to_have_count(13)
    assert "#mask=ooooo/oooo/oooo&" in app_page.url
    page.goto(app_page.url)
    expect(page.get_by_test_id("board").locator("[data-slot]")).to_have_count(13)
    expect(page.get_by_test_id("link-error")).to_be_hidden()
    assert console_errors == []


def test_a_position_that_can_no_longer_finish_is_warned_about(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hoppers&empty=6&finish=6")
    board = app_page.get_by_test_id("board")
    for hole in (0, 6, 2, 0):  # 0 → 6, then 2 → 0: still fine
        board.locator(f"[data-slot='{hole}']").click(force=True)
    wait_for_position_checked(app_page)
    expect(app_page.get_by_test_id("warning")).to_be_hidden()
    for hole in (6, 2):  # 6 → 2: no way to finish in the centre any more
        board.locator(f"[data-slot='{hole}']").click(force=True)
    expect(app_page.get_by_test_id("warning")).to_contain_text("No way to finish from here", timeout=20_000)
    app_page.get_by_test_id("undo").click()
    expect(app_page.get_by_test_id("warning")).to_be_hidden()


def test_a_triangular_custom_board_from_a_link_solves_to_one_peg(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#mask=o/oo/ooo/oooo/ooooo&lattice=triangular&empty=0&finish=any")
    expect(app_page.get_by_test_id("link-error")).to_be_hidden()
    expect(app_page.get_by_test_id("custom-lattice")).to_have_value("triangular")
    expect(app_page.get_by_test_id("board").locator("[data-slot]")).to_have_count(15)
    solve_and_wait(app_page)
    assert app_page.get_by_test_id("result-moves").inner_text().isdigit()
    app_page.get_by_test_id("step-last").click()
    assert len(pegs_at(app_page)) == 1
    expect(app_page.get_by_test_id("solved")).to_be_visible()
