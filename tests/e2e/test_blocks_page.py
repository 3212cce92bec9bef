"""Sliding blocks on the page (issue 20): the block editor builds Dad's Puzzle, a Rush Hour card (pasted, and
drawn) and an odd board (walls, an L-shaped piece) and solves them; layout links reopen a puzzle with its moves;
a piece dragged or swiped goes where it is let go; every block classic is drawn with its goal, exit and walls;
keyboard operation of the editor and of play; the phone (touch painting, swipes, no sideways scroll).

Expected counts come from pzl itself (`pzl.api`) or from the catalog's `published` figures, never written here.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from playwright.sync_api import CDPSession, Page, expect

from pzl import api
from pzl.sliding import catalog
from tests.e2e.test_game_page import board_position, solve_and_wait
from tests.e2e.test_phone_page import SPACING

DADS = "AABB/AACC/de../FGHH/FGII"
DADS_GOAL = "..../..../..../AA../AA.."
#: Dad's Puzzle painted piece by piece: each drag's cells, in order (the first piece is A, the goal's).
DADS_STROKES = [[(0, 0), (0, 1), (1, 1), (1, 0)], [(0, 2), (0, 3)], [(1, 2), (1, 3)], [(2, 0)], [(2, 1)],
                [(3, 0), (4, 0)], [(3, 1), (4, 1)], [(3, 2), (3, 3)], [(4, 2), (4, 3)]]
RUSH_HOUR_CARD = catalog.entry("rush-hour-hardest")["layout"]


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args: dict) -> dict:
    """The desktop the editor is tried on: 1280 × 800 (the phone is conftest's 390 × 844 touch screen)."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


def published(puzzle_id: str) -> int:
    return catalog.entry(puzzle_id)["published"][0]["moves"]


def pzl_answer(**request) -> dict:
    return next(event for event in api.run(request) if event["event"] == "result")["result"]


# ---- driving the board -----------------------------------------------------------------------------

def cell_point(page: Page, row: int, col: int) -> tuple[float, float]:
    """The centre of box cell (row, col) on the page's board, in CSS pixels of the viewport."""
    board = page.get_by_test_id("board")
    board.scroll_into_view_if_needed()
    x, y = board.evaluate("""(svg, [row, col]) => {
        const point = new DOMPoint(col * 100 + 50, row * 100 + 50).matrixTransform(svg.getScreenCTM());
        return [point.x, point.y];
    }""", [row, col])
    return x, y


def mouse_drag(page: Page, cells: list[tuple[int, int]]) -> None:
    """Press on the first cell, move over the others, let go on the last."""
    page.mouse.move(*cell_point(page, *cells[0]))
    page.mouse.down()
    for cell in cells[1:]:
        page.mouse.move(*cell_point(page, *cell), steps=3)
    page.mouse.up()


def touch_drag(page: Page, cdp: CDPSession, cells: list[tuple[int, int]]) -> None:
    """A finger on the first cell, moved over the others, lifted on the last (real touch events)."""
    points = [cell_point(page, *cell) for cell in cells]

    def touch(kind: str, x: float, y: float) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})

    touch("touchStart", *points[0])
    for (x0, y0), (x1, y1) in pairwise(points):
        for step in (1, 2, 3):
            touch("touchMove", x0 + (x1 - x0) * step / 3, y0 + (y1 - y0) * step / 3)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def open_editor(page: Page, base_url: str) -> None:
    """A new block puzzle of your own: the empty 5 × 4 box, the editor open."""
    page.goto(base_url + "#puzzle=8-puzzle")
    expect(page.get_by_test_id("board")).to_have_attribute("data-puzzle", "8-puzzle")
    page.get_by_test_id("picker").select_option("custom-blocks")
    expect(page.get_by_test_id("block-editor")).to_be_visible()
    expect(page.get_by_test_id("block-layout")).to_have_value("....\n....\n....\n....\n....")


def expect_position(page: Page, position: str) -> None:
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", position)


def expect_layout(page: Page, text: str) -> None:
    """The editor's layout box shows `text` (rows joined by / here, one per line there)."""
    expect(page.get_by_test_id("block-layout")).to_have_value(text.replace("/", "\n"))


def expect_goal(page: Page, text: str) -> None:
    expect(page.get_by_test_id("block-goal")).to_have_value(text.replace("/", "\n"))


def done_editing(page: Page) -> None:
    page.get_by_test_id("edit").click()
    expect(page.get_by_test_id("block-editor")).to_be_hidden()


# ---- the block editor --------------------------------------------------------------------------------

def test_the_editor_builds_dads_puzzle_and_solves_it_in_the_published_59(app_page: Page, base_url: str):
    open_editor(app_page, base_url)
    for cells in DADS_STROKES:
        mouse_drag(app_page, cells)
    expect_layout(app_page, "AABB/AACC/DE../FGHH/FGII")
    expect(app_page.get_by_test_id("block-goal-problem")).to_contain_text("No goal yet")
    app_page.get_by_test_id("tool-goal").check()
    mouse_drag(app_page, [(0, 0), (1, 0), (2, 0), (3, 0)])  # the 2×2 block's target: the bottom left
    expect_goal(app_page, DADS_GOAL)
    expect(app_page.get_by_test_id("block-goal-problem")).to_be_hidden()
    board = app_page.get_by_test_id("board")
    expect(board.locator("[data-testid=target]")).to_have_count(1)
    expect(board.locator(".tile.goal-piece")).to_have_count(1)
    # pieces of one shape share a colour family: the four 1×2 blocks, the two 2×1 blocks, the two squares
    families = board.evaluate("""svg => [...svg.querySelectorAll('.tile')].map((tile) =>
        [tile.dataset.label, [...tile.classList].find((name) => name.startsWith('kind-')) ?? 'goal'])""")
    kinds = dict(families)
    assert kinds["B"] == kinds["C"] == kinds["H"] == kinds["I"]
    assert kinds["F"] == kinds["G"] and kinds["D"] == kinds["E"]
    assert len({kinds["B"], kinds["F"], kinds["D"], kinds["A"]}) == 4
    assert "layout=AABB/AACC/DE../FGHH/FGII" in app_page.url and f"goal={DADS_GOAL}" in app_page.url
    assert app_page.viewport_size == {"width": 1280, "height": 800}
    done_editing(app_page)
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text(str(published("dads-puzzle")))
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("proved minimal")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("a piece's whole slide counted as one move")
    expect(app_page.get_by_test_id("result-classic")).to_contain_text("straight slides or")  # the other two counts
    expect(app_page.get_by_test_id("result-classic")).to_contain_text("one-cell moves")
    app_page.get_by_test_id("step-last").click()
    expect(app_page.get_by_test_id("solved")).to_be_visible()
    expect(app_page.get_by_test_id("move-count")).to_have_text("59")


def test_a_rush_hour_card_pasted_into_the_editor_is_solved_in_the_published_60(app_page: Page, base_url: str):
    open_editor(app_page, base_url)
    app_page.get_by_test_id("block-layout").fill(RUSH_HOUR_CARD)
    expect(app_page.get_by_test_id("block-rush-hour")).to_be_checked()  # a card is played by Rush Hour's rules
    expect(app_page.get_by_test_id("block-layout-problem")).to_be_hidden()
    board = app_page.get_by_test_id("board")
    expect(board.locator(".tile.car")).to_have_count(len(set(RUSH_HOUR_CARD) - {"o", "x"}))
    expect(board.locator(".walls .wall")).to_have_count(1)
    expect(board.get_by_test_id("exit")).to_have_attribute("data-side", "right")
    done_editing(app_page)
    assert "rules=rush-hour" in app_page.url and "%23" in app_page.url  # the wall, escaped in the hash
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text(str(published("rush-hour-hardest")))


def test_a_rush_hour_puzzle_drawn_car_by_car_is_solved(app_page: Page, base_url: str):
    open_editor(app_page, base_url)
    app_page.get_by_test_id("block-rows").select_option("6")
    app_page.get_by_test_id("block-cols").select_option("6")
    app_page.get_by_test_id("block-rush-hour").check()
    for cells in ([(2, 0), (2, 1)], [(0, 2), (1, 2), (2, 2)], [(5, 1), (5, 2)]):  # car A, a truck, a car
        mouse_drag(app_page, cells)
    drawn = "..B.../..B.../AAB.../....../....../.CC..."
    expect_layout(app_page, drawn)
    expect(app_page.get_by_test_id("block-goal-problem")).to_be_hidden()  # Rush Hour's goal: A out at the right
    expect(app_page.get_by_test_id("board").get_by_test_id("exit")).to_have_attribute("data-side", "right")
    done_editing(app_page)
    solve_and_wait(app_page)
    expected = pzl_answer(layout=drawn, rules="rush-hour")["moves"]
    expect(app_page.get_by_test_id("result-moves")).to_have_text(str(expected))
    # under Rush Hour's rules the truck cannot be dragged sideways (the board shows the start)
    before = board_position(app_page)
    mouse_drag(app_page, [(1, 2), (1, 4)])
    expect_position(app_page, before)
    expect(app_page.get_by_test_id("announce")).to_have_text("B cannot go there.")


def test_an_odd_board_with_walls_and_an_l_shaped_piece_is_drawn_and_solved(app_page: Page, base_url: str):
    open_editor(app_page, base_url)
    app_page.get_by_test_id("block-rows").select_option("4")
    app_page.get_by_test_id("tool-wall").check()
    for cell in ((0, 0), (0, 3), (3, 3)):
        mouse_drag(app_page, [cell])
    app_page.get_by_test_id("tool-paint").check()
    mouse_drag(app_page, [(0, 2), (0, 1), (1, 1)])  # an L
    mouse_drag(app_page, [(2, 1), (2, 2)])
    expect_layout(app_page, "#AA#/.A../.BB./...#")
    board = app_page.get_by_test_id("board")
    expect(board.locator(".walls .wall")).to_have_count(3)
    assert board.locator("[data-label=A] path.face").count() == 1  # one outline for the whole L
    app_page.get_by_test_id("tool-goal").check()
    mouse_drag(app_page, [(0, 1), (1, 1), (2, 1)])
    expect_goal(app_page, "#..#/..../.AA./.A.#")
    app_page.get_by_test_id("tool-recolour").check()  # B takes another letter (and shade): C
    mouse_drag(app_page, [(2, 2)])
    expect_layout(app_page, "#AA#/.A../.CC./...#")
    done_editing(app_page)
    solve_and_wait(app_page)
    expected = pzl_answer(layout="#AA#/.A../.CC./...#", goal="#..#/..../.AA./.A.#")["moves"]
    expect(app_page.get_by_test_id("result-moves")).to_have_text(str(expected))
    app_page.get_by_test_id("step-last").click()
    expect(app_page.get_by_test_id("solved")).to_be_visible()


def test_a_typed_layout_is_drawn_and_its_faults_are_told_in_pzls_words(app_page: Page, base_url: str):
    from tests.e2e.test_web_modules import pzl_layout_message

    open_editor(app_page, base_url)
    layout = app_page.get_by_test_id("block-layout")
    layout.fill("AAB\n..")
    problem = app_page.get_by_test_id("block-layout-problem")
    expect(problem).to_have_text(pzl_layout_message("AAB/..", None, None)[0].upper()
                                 + pzl_layout_message("AAB/..", None, None)[1:] + ".")
    layout.fill("AAB\n...\n.#.")
    expect(problem).to_be_hidden()
    expect(app_page.get_by_test_id("board").locator(".walls .wall")).to_have_count(1)
    goal = app_page.get_by_test_id("block-goal")
    goal.fill("...\n...\n..C")
    message = pzl_layout_message("AAB/.../.#.", ".../.../..C", None)
    expect(app_page.get_by_test_id("block-goal-problem")).to_have_text(f"{message[0].upper()}{message[1:]}.")
    goal.fill("...\n...\n.#B")
    expect(app_page.get_by_test_id("block-goal-problem")).to_be_hidden()
    done_editing(app_page)
    solve_and_wait(app_page)
    expected = pzl_answer(layout="AAB/.../.#.", goal=".../.../.#B")["moves"]
    expect(app_page.get_by_test_id("result-moves")).to_have_text(str(expected))


# ---- links ---------------------------------------------------------------------------------------------

def test_a_layout_link_reopens_the_puzzle_with_its_moves(app_page: Page, base_url: str, page: Page):
    app_page.goto(base_url + f"#layout={DADS}&goal={DADS_GOAL}")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "custom-blocks")
    solve_and_wait(app_page)
    app_page.get_by_test_id("move-list").locator("button[data-step='4']").click()
    expect(app_page.get_by_test_id("move-count")).to_have_text("4")
    shown = board_position(app_page)
    url = app_page.url
    assert f"layout={DADS}" in url and "&moves=" in url and "metric=piece" in url
    page.goto(url)  # the same link in another tab
    expect_position(page, shown)
    expect(page.get_by_test_id("move-count")).to_have_text("4")
    expect(page.get_by_test_id("block-editor")).to_be_hidden()
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("move-count")).to_have_text("3")
    # a catalog classic's link holds its start as a layout, and a broken one says why
    app_page.goto(base_url + "#puzzle=rush-hour-hardest&layout=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHx")
    expect(app_page.get_by_test_id("link-error")).to_contain_text("Showing the Rush Hour")
    app_page.goto(base_url + "#layout=AB%23/...&goal=..%23/..A")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "custom-blocks")
    expect(app_page.get_by_test_id("board").locator(".walls .wall")).to_have_count(1)


# ---- play: drag, swipe, keys -----------------------------------------------------------------------------

def test_dragging_hakoiris_small_square_two_cells_right_moves_that_square(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=hakoiri-musume")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "hakoiri-musume")
    mouse_drag(app_page, [(4, 0), (4, 1), (4, 2)])
    expect_position(app_page, "V M M V V M M V V H H V V S S V 0 0 S S")
    expect(app_page.get_by_test_id("announce")).to_have_text("S 2 right.")
    expect(app_page.get_by_test_id("move-count")).to_have_text("1")  # one whole-piece move, as books count
    assert "moves=16r-17r" in app_page.url
    app_page.get_by_test_id("metric").select_option("step")
    expect(app_page.get_by_test_id("move-count")).to_have_text("2")
    app_page.get_by_test_id("metric").select_option("piece")
    mouse_drag(app_page, [(4, 3), (4, 0)])  # the other square cannot pass the first: it stops next to it
    expect_position(app_page, "V M M V V M M V V H H V V S S V 0 0 S S")
    expect(app_page.get_by_test_id("announce")).to_have_text("S cannot go there.")
    mouse_drag(app_page, [(3, 1), (4, 1)])  # an S drops into the gap below it
    expect_position(app_page, "V M M V V M M V V H H V V 0 S V 0 S S S")
    app_page.get_by_test_id("undo").click()
    app_page.get_by_test_id("undo").click()
    expect_position(app_page, "V M M V V M M V V H H V V S S V S 0 0 S")


def test_tiles_are_dragged_too(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    expect_position(app_page, "1 2 3 4 5 6 7 8 0")
    mouse_drag(app_page, [(2, 1), (2, 2)])
    expect_position(app_page, "1 2 3 4 5 6 7 0 8")
    expect(app_page.get_by_test_id("announce")).to_have_text("8 right.")


def test_the_editor_and_play_work_from_the_keyboard(app_page: Page, base_url: str):
    open_editor(app_page, base_url)
    app_page.get_by_test_id("block-rows").select_option("2")
    app_page.get_by_test_id("block-cols").select_option("3")
    board = app_page.get_by_test_id("board")
    board.focus()
    for key in ("Enter", "Shift+ArrowRight", "ArrowDown", "Enter"):  # piece A on two cells, piece B below its right
        app_page.keyboard.press(key)
    expect_layout(app_page, "AA./.B.")
    app_page.get_by_test_id("tool-goal").check()
    board.focus()
    for key in ("ArrowUp", "ArrowLeft", "Enter", "ArrowDown", "Enter"):  # A's target: one row down
        app_page.keyboard.press(key)
    expect_goal(app_page, ".../AA.")
    expect(app_page.get_by_test_id("announce")).to_contain_text("put down")
    app_page.get_by_test_id("tool-paint").check()
    board.focus()
    app_page.keyboard.press("ArrowRight")
    app_page.keyboard.press("ArrowRight")
    app_page.keyboard.press("Delete")  # nothing there to erase
    app_page.keyboard.press("ArrowDown")
    app_page.keyboard.press("ArrowLeft")
    app_page.keyboard.press("Delete")
    expect_layout(app_page, "AA./...")
    app_page.keyboard.press("Enter")
    expect_layout(app_page, "AA./.B.")
    done_editing(app_page)
    board.focus()
    # play: the arrows move a cursor, Enter takes the piece under it, the arrows slide it, Enter puts it down
    for key in ("ArrowRight", "ArrowDown", "ArrowRight", "Enter", "ArrowRight", "Enter"):  # the first arrow shows it
        app_page.keyboard.press(key)
    expect_position(app_page, "A A 0 0 0 B")
    for key in ("ArrowUp", "ArrowLeft", "Enter", "ArrowDown", "Enter"):
        app_page.keyboard.press(key)
    expect_position(app_page, "0 0 0 A A B")
    expect(app_page.get_by_test_id("solved")).to_be_visible()
    expect(app_page.get_by_test_id("move-count")).to_have_text("2")


# ---- every classic drawn with its goal ------------------------------------------------------------------

@pytest.mark.parametrize("puzzle_id", [entry["id"] for entry in catalog.CATALOG
                                       if "layout" in entry or entry["id"] == "hakoiri-musume"])
def test_every_block_classic_is_drawn_with_its_goal_piece_target_exit_and_walls(app_page: Page, base_url: str,
                                                                                   puzzle_id: str):
    entry = catalog.entry(puzzle_id)
    app_page.goto(base_url + f"#puzzle={puzzle_id}")
    board = app_page.get_by_test_id("board")
    expect(board).to_have_attribute("data-puzzle", puzzle_id)
    expect(board.locator(".tile.goal-piece")).to_have_count(len(entry["goal_pieces"]))
    expect(board.locator("[data-testid=target]")).to_have_count(len(entry["goal_pieces"]))
    if "exit" in entry:
        expect(board.get_by_test_id("exit")).to_have_attribute("data-side", entry["exit"]["side"])
    else:
        expect(board.get_by_test_id("exit")).to_have_count(0)
    walls = entry["rows"] * entry["cols"] - len(entry["cells"])
    expect(board.locator(".walls .wall")).to_have_count(walls if "layout" in entry else 0)
    cars = entry.get("rules") == "rush-hour"
    expect(board.locator(".tile.car")).to_have_count(board.locator(".tile").count() if cars else 0)
    assert app_page.get_by_test_id("legend-blocks").get_attribute("hidden") is None
    figures = app_page.get_by_test_id("published-list").locator("li")
    expect(figures).to_have_count(len(entry.get("published", [])))  # the source and its counts, under the description
    for figure, item in zip(entry.get("published", []), figures.all(), strict=True):
        expect(item).to_contain_text(f"{figure['moves']} ")


def test_the_books_count_is_the_default_with_the_other_two_beside_it(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=hakoiri-musume")
    expect(app_page.get_by_test_id("metric")).to_have_value("piece")
    solve_and_wait(app_page)
    answer = pzl_answer(puzzle="hakoiri-musume")
    expect(app_page.get_by_test_id("result-moves")).to_have_text(str(answer["moves"]))
    said = app_page.get_by_test_id("result-classic")
    expect(said).to_have_text(re.compile(r"The same solution as \d+ straight slides or \d+ one-cell moves "
                                         r"\(only the whole-piece count is proved fewest\)\."))
    straight, steps = map(int, re.findall(r"\d+", said.inner_text()))
    assert answer["moves"] < straight < steps  # the books' other counts of a shortest whole-piece solution


# ---- the phone -------------------------------------------------------------------------------------------

def test_on_a_phone_the_editor_paints_by_touch_and_swipes_move_the_grabbed_piece(phone_page: Page, base_url: str):
    cdp = phone_page.context.new_cdp_session(phone_page)
    open_editor(phone_page, base_url)
    for cells in DADS_STROKES:
        touch_drag(phone_page, cdp, cells)
    expect_layout(phone_page, "AABB/AACC/DE../FGHH/FGII")
    phone_page.get_by_test_id("tool-goal").check()
    touch_drag(phone_page, cdp, [(0, 0), (1, 0), (2, 0), (3, 0)])
    expect_goal(phone_page, DADS_GOAL)
    no_sideways = "() => document.documentElement.scrollWidth <= window.innerWidth"
    assert phone_page.evaluate(no_sideways)
    done_editing(phone_page)
    assert phone_page.evaluate(SPACING) >= 40
    touch_drag(phone_page, cdp, [(2, 1), (2, 3)])  # a swipe: E goes two cells right
    expect_position(phone_page, "A A B B A A C C D 0 0 E F G H H F G I I")
    expect(phone_page.get_by_test_id("announce")).to_have_text("E 2 right.")
    solve_and_wait(phone_page)
    expected = pzl_answer(layout="AABB/AACC/D..E/FGHH/FGII", goal=DADS_GOAL)["moves"]
    expect(phone_page.get_by_test_id("result-moves")).to_have_text(str(expected))
    assert phone_page.evaluate(no_sideways)
    phone_page.goto(base_url + "#puzzle=hakoiri-musume")
    expect(phone_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "hakoiri-musume")
    touch_drag(phone_page, cdp, [(4, 0), (4, 2)])
    expect_position(phone_page, "V M M V V M M V V H H V V S S V 0 0 S S")
    assert phone_page.evaluate(no_sideways)
    cdp.detach()
