"""The page on a 390-px touch phone (issue 12): board and replay controls in view together, touch
targets of at least 40 px, legible (or hidden) hole numbers, the finish ring over a peg, "Tap"."""

from __future__ import annotations

from itertools import pairwise

import pytest
from playwright.sync_api import Page, expect

SOLVE_TIMEOUT_MS = 60_000
PHONE_HEIGHT = 844

#: The smallest distance between two holes' (or cells') centres on the board, in CSS pixels.
SPACING = """() => {
    const centres = [...document.querySelectorAll('[data-testid="board"] [data-slot]')].map((slot) => {
        const box = slot.getBoundingClientRect();
        return [box.x + box.width / 2, box.y + box.height / 2];
    });
    let best = Infinity;
    centres.forEach(([x, y], i) => centres.slice(i + 1).forEach(([u, v]) => {
        best = Math.min(best, Math.hypot(x - u, y - v));
    }));
    return best;
}"""


def in_view(page: Page, test_id: str) -> bool:
    box = page.get_by_test_id(test_id).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE_HEIGHT


def test_board_and_replay_controls_stay_in_view_while_the_moves_are_read(phone_page: Page, base_url: str):
    phone_page.goto(base_url + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    phone_page.get_by_test_id("solve").click()
    expect(phone_page.get_by_test_id("result-moves")).to_have_text("31", timeout=SOLVE_TIMEOUT_MS)
    last_move = phone_page.get_by_test_id("move-list").locator("button[data-step='31']")
    last_move.scroll_into_view_if_needed()  # the page scrolled down to the end of the move list
    assert phone_page.evaluate("() => window.scrollY") > 300
    for test_id in ("board", "step-next", "step-prev", "play", "undo"):
        assert in_view(phone_page, test_id), test_id
    before = phone_page.get_by_test_id("board").get_attribute("data-position")
    phone_page.get_by_test_id("step-next").click()
    expect(phone_page.get_by_test_id("step-label")).to_have_text("1 / 31")
    assert phone_page.get_by_test_id("board").get_attribute("data-position") != before
    assert in_view(phone_page, "board")
    phone_page.evaluate("() => window.scrollTo(0, 0)")


def test_touch_targets_are_at_least_40_pixels(phone_page: Page, base_url: str):
    for puzzle in ("8-puzzle", "hoppers", "english-33", "french-37", "diamond-41", "triangle-36"):
        phone_page.goto(base_url + f"#puzzle={puzzle}")
        expect(phone_page.get_by_test_id("board")).to_have_attribute("data-puzzle", puzzle)
        assert phone_page.evaluate(SPACING) >= 40, puzzle
    for test_id in ("undo", "redo", "shuffle", "solve", "hint"):
        phone_page.goto(base_url + "#puzzle=8-puzzle")
        box = phone_page.get_by_test_id(test_id).bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40, test_id


def test_a_board_too_wide_for_the_screen_can_be_zoomed(phone_page: Page, base_url: str):
    phone_page.set_viewport_size({"width": 320, "height": 640})  # a small phone
    try:
        phone_page.goto(base_url + "#puzzle=diamond-41")
        expect(phone_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "diamond-41")
        assert phone_page.evaluate(SPACING) < 40
        zoom = phone_page.get_by_test_id("zoom")
        expect(zoom).to_be_visible()
        zoom.check()
        assert phone_page.evaluate(SPACING) >= 40
        assert phone_page.evaluate("() => document.documentElement.scrollWidth") <= 320  # only the board scrolls
        zoom.uncheck()
    finally:
        phone_page.set_viewport_size({"width": 390, "height": PHONE_HEIGHT})


def test_hole_numbers_are_legible_and_can_be_hidden(phone_page: Page, base_url: str):
    phone_page.goto(base_url + "#puzzle=french-37")
    numbers = phone_page.get_by_test_id("board").locator(".hole-number")
    expect(numbers).to_have_count(37)
    assert numbers.first.bounding_box()["height"] >= 11
    phone_page.get_by_test_id("show-numbers").uncheck()
    expect(numbers.first).to_be_hidden()
    phone_page.reload()
    expect(phone_page.get_by_test_id("show-numbers")).not_to_be_checked()  # remembered
    expect(phone_page.get_by_test_id("board").locator(".hole-number").first).to_be_hidden()
    phone_page.get_by_test_id("show-numbers").check()
    expect(phone_page.get_by_test_id("board").locator(".hole-number").first).to_be_visible()
    expect(phone_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=90_000)


@pytest.mark.parametrize(("puzzle", "finish"), [("diamond-41", "34"), ("french-37", "31")])
def test_the_finish_ring_shows_over_a_peg_standing_in_the_finish_hole(phone_page: Page, base_url: str,
                                                                      puzzle: str, finish: str):
    phone_page.goto(base_url + f"#puzzle={puzzle}")  # the default finish hole starts with a peg in it
    board = phone_page.get_by_test_id("board")
    ring = board.get_by_test_id("finish-marker")
    expect(ring).to_be_visible()
    expect(ring).to_have_attribute("data-hole", finish)
    peg = board.locator(f".peg[data-cell='{finish}']")
    expect(peg).to_have_count(1)
    ring_box, peg_box = ring.bounding_box(), peg.bounding_box()
    assert ring_box["width"] > peg_box["width"] and ring_box["height"] > peg_box["height"]
    drawn_after = ring.evaluate("(ring, peg) => Boolean(peg.compareDocumentPosition(ring) & 4)", peg.element_handle())
    assert drawn_after  # painted over the peg
    assert ring.evaluate("(ring) => getComputedStyle(ring).stroke") not in ("", "none")


def test_a_touch_screen_is_told_to_tap_and_the_hole_editor_gets_its_own_help(phone_page: Page, base_url: str):
    phone_page.goto(base_url + "#puzzle=hoppers")
    expect(phone_page.get_by_test_id("board-help")).to_contain_text("Tap a peg, then the hole to jump to")
    phone_page.get_by_test_id("picker").select_option("custom-peg")
    phone_page.get_by_test_id("edit").click()
    phone_page.get_by_test_id("edit-holes").check()
    help_line = phone_page.get_by_test_id("board-help")
    expect(help_line).to_contain_text("Hole editor: tap grid points to add or remove holes.")
    expect(help_line).not_to_contain_text("jump")
    phone_page.get_by_test_id("edit").click()


#: Every control's box at the top of the page (the sticky board where it sits before any scrolling),
#: kept for the walk below; then the box of the control that has the focus.
MEASURE_CONTROLS = """() => {
    window.scrollTo(0, 0);
    window.pzlBoxes = new Map();
    for (const element of document.querySelectorAll('button, select, input, textarea, summary, [tabindex], a[href]')) {
        const box = element.getBoundingClientRect();
        const { top, bottom, left, right } = box;
        if (box.width && box.height) window.pzlBoxes.set(element, { top, bottom, left, right });
    }
}"""
FOCUSED_BOX = """() => {
    const element = document.activeElement;
    const name = element.id || element.dataset.testid || element.textContent.trim().slice(0, 20) || element.tagName;
    return {name, ...(window.pzlBoxes.get(element) ?? {})};
}"""


def tab_walk(page: Page) -> list[dict]:
    """The controls Tab reaches from the first one, with their places on the page, in the order reached."""
    page.evaluate(MEASURE_CONTROLS)
    page.get_by_test_id("help-open").focus()
    walk = [page.evaluate(FOCUSED_BOX)]
    for _ in range(200):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED_BOX)
        if "top" not in focused or focused["name"] == walk[0]["name"]:
            break  # past the last control (the browser's own UI), or round to the first
        walk.append(focused)
    return walk


def out_of_screen_order(walk: list[dict]) -> list[str]:
    """Each step of the walk that goes up the page, or left along the same line."""
    wrong = []
    for a, b in pairwise(walk):
        below = b["top"] >= a["bottom"] - 2
        same_line = b["top"] < a["bottom"] and a["top"] < b["bottom"]
        if not (below or (same_line and b["left"] >= a["right"] - 2)):
            wrong.append(f'{a["name"]} (y {a["top"]:.0f}) → {b["name"]} (y {b["top"]:.0f})')
    return wrong


@pytest.mark.parametrize("solved", [False, True], ids=["before solving", "after solving"])
def test_tab_goes_top_to_bottom_and_left_to_right_as_the_phone_shows_the_page(phone_page: Page, base_url: str,
                                                                              solved: bool):
    """The phone shows Solve, the answer and the player right under the board: Tab gets there before Shuffle."""
    phone_page.goto(base_url + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    expect(phone_page.get_by_test_id("solve")).to_be_enabled()
    if solved:
        phone_page.get_by_test_id("solve").tap()
        expect(phone_page.get_by_test_id("result-moves")).to_have_text("31", timeout=SOLVE_TIMEOUT_MS)
        expect(phone_page.get_by_test_id("solve")).to_be_enabled()
    walk = tab_walk(phone_page)
    names = [step["name"] for step in walk]
    assert names.index("board") < names.index("solve") < names.index("shuffle") < names.index("algorithm"), names
    if solved:
        # the dock's step buttons stick under the board; the player's scrubber and moves follow the answer
        assert names.index("step-next") < names.index("solve") < names.index("scrubber") < names.index("shuffle"), names
    assert out_of_screen_order(walk) == [], names
    phone_page.evaluate("() => window.scrollTo(0, 0)")
