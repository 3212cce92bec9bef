"""The page around the board: other sliding puzzles, edit mode, custom boards, failures, layout, accessibility."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.waits import wait_for_worker_closed

SOLVE_TIMEOUT_MS = 60_000
READY_TIMEOUT_MS = 90_000


def console_errors_of(page: Page) -> list[str]:
    """Console errors and uncaught exceptions of a page opened in a test's own context."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def solve_and_wait(page: Page) -> None:
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=SOLVE_TIMEOUT_MS)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=SOLVE_TIMEOUT_MS)


def board_position(page: Page) -> str:
    return page.get_by_test_id("board").get_attribute("data-position")


@pytest.mark.parametrize(
    ("puzzle", "moves", "goal"),
    [
        ("symbols", "30", "┌ ─ ┐ │ 0 │ └ ─ ┘"),
        ("no-off", "44", "L L N O O F F 0"),
        ("9-puzzle-variant", "45", "1 2 3 4 5 6 7 8 9 0"),
    ],
)
def test_other_sliding_puzzles_solve_and_replay_to_their_goal(
    app_page: Page, base_url: str, puzzle: str, moves: str, goal: str
):
    app_page.goto(base_url + f"#puzzle={puzzle}")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", puzzle)
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text(moves)
    app_page.get_by_test_id("step-last").click()
    assert board_position(app_page) == goal
    expect(app_page.get_by_test_id("solved")).to_be_visible()


def test_the_bulb_is_one_block_that_slides_as_one(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=no-off&start=O,N,L,L,O,F,F,0")
    board = app_page.get_by_test_id("board")
    expect(board).to_have_attribute("data-position", "O N L L O F F 0")
    expect(board.locator("[data-testid=tile-L]")).to_have_count(1)
    board.locator("[data-testid=tile-F]").last.click()  # the F left of the empty corner slides right
    assert board_position(app_page) == "O N L L O F 0 F"
    board.locator("[data-slot='3']").click(force=True)  # the bulb cannot move down into the gap: no change
    assert board_position(app_page) == "O N L L O F 0 F"


def test_a_block_slides_by_arrow_key_and_the_link_keeps_it(app_page: Page, base_url: str, page: Page):
    app_page.goto(base_url + "#puzzle=no-off&start=O,N,L,L,O,F,F,0")
    board = app_page.get_by_test_id("board")
    expect(board).to_have_attribute("data-position", "O N L L O F F 0")
    board.focus()
    app_page.keyboard.press("ArrowRight")  # the F left of the empty corner slides right
    app_page.keyboard.press("ArrowDown")  # the bulb's right half is above the gap: the whole bulb cannot drop
    assert board_position(app_page) == "O N L L O F 0 F"
    app_page.keyboard.press("ArrowRight")  # the other F follows
    assert board_position(app_page) == "O N L L O 0 F F"
    expect(app_page.get_by_test_id("move-count")).to_have_text("2")
    page.goto(app_page.url)  # the same link in a second tab
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", "O N L L O 0 F F")


def test_symbol_pieces_are_drawn_as_line_glyphs(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=symbols")
    board = app_page.get_by_test_id("board")
    expect(board.locator(".tile")).to_have_count(8)
    expect(board.locator(".tile path.glyph")).to_have_count(8)
    expect(board.locator(".tile text")).to_have_count(0)


def test_edit_mode_swaps_cells_and_explains_a_broken_set_up(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    app_page.get_by_test_id("edit").click()
    board = app_page.get_by_test_id("board")
    board.locator("[data-slot='0']").click(force=True)
    board.locator("[data-slot='1']").click(force=True)
    assert board_position(app_page) == "2 1 3 4 5 6 7 8 0"
    expect(app_page.get_by_test_id("edit-problem")).to_be_hidden()
    app_page.get_by_test_id("edit").click()
    assert "start=2,1,3,4,5,6,7,8,0" in app_page.url
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-text")).to_contain_text("No solution")

    app_page.goto(base_url + "#puzzle=no-off")
    app_page.get_by_test_id("edit").click()
    board.locator("[data-slot='0']").click(force=True)
    board.locator("[data-slot='4']").click(force=True)  # half the bulb swapped to the row below
    expect(app_page.get_by_test_id("edit-problem")).to_contain_text("broken up")
    expect(app_page.get_by_test_id("solve")).to_be_disabled()


def test_edit_mode_sets_a_peg_start_and_finish(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=hoppers")
    app_page.get_by_test_id("edit").click()
    board = app_page.get_by_test_id("board")
    board.locator("[data-slot='0']").click(force=True)  # remove the peg in 0
    app_page.get_by_test_id("edit-goal").check()
    board.locator("[data-slot='12']").click(force=True)  # finish in 12
    app_page.get_by_test_id("edit").click()
    assert "empty=0,6&finish=12" in app_page.url


def test_a_custom_board_is_shuffled_solved_and_shared(
    app_page: Page, base_url: str, page: Page, console_errors: list[str]
):
    app_page.goto(base_url)
    app_page.get_by_test_id("picker").select_option("custom-sliding")
    app_page.get_by_test_id("custom-rows").select_option("2")
    app_page.get_by_test_id("custom-cols").select_option("3")
    expect(app_page.get_by_test_id("board").locator(".tile")).to_have_count(5)
    app_page.get_by_test_id("shuffle").click()
    assert re.search(r"#board=2x3&start=", app_page.url)
    shuffled = board_position(app_page)
    solve_and_wait(app_page)
    assert app_page.get_by_test_id("result-moves").inner_text().isdigit()
    app_page.get_by_test_id("step-last").click()
    assert board_position(app_page) == "1 2 3 4 5 0"
    page.goto(base_url + f"#board=2x3&start={shuffled.replace(' ', ',')}")
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", shuffled)
    assert console_errors == []


def test_the_board_is_an_aria_grid_with_named_cells_and_a_live_status(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    board = app_page.get_by_test_id("board")
    expect(board).to_have_attribute("role", "grid")
    expect(board.locator("[role=row]")).to_have_count(3)
    expect(board.locator("[role=gridcell]")).to_have_count(9)
    expect(board.locator("[data-slot='7']")).to_have_attribute("aria-label", "row 3, column 2: empty")
    expect(app_page.get_by_test_id("status")).to_have_attribute("aria-live", "polite")
    expect(app_page.get_by_test_id("announce")).to_have_attribute("aria-live", "polite")


def test_a_failed_boot_is_reported_and_retry_builds_a_new_worker(browser: Browser, base_url: str):
    context = browser.new_context()
    try:
        context.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page = context.new_page()
        errors = console_errors_of(page)
        page.goto(base_url)
        status = page.get_by_test_id("status")
        expect(status).to_have_attribute("data-state", "error", timeout=READY_TIMEOUT_MS)
        expect(page.get_by_test_id("retry")).to_be_visible()
        expect(page.get_by_test_id("solve")).to_be_disabled()
        context.unroute("**/pyodide.asm.wasm")
        page.get_by_test_id("retry").click()
        expect(status).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        expect(page.get_by_test_id("retry")).to_be_hidden()
        expected = ("pyodide.asm.wasm", "ERR_FAILED", "Failed to fetch")  # the lost file, as the browser reports it
        assert [error for error in errors if not any(part in error for part in expected)] == []
    finally:
        context.close()


def test_reduced_motion_turns_slide_animation_off(browser: Browser, base_url: str):
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = context.new_page()
        errors = console_errors_of(page)
        page.goto(base_url)
        tile = page.get_by_test_id("board").locator(".tile").first
        expect(tile).to_be_visible()
        assert tile.evaluate("tile => getComputedStyle(tile).transitionDuration") == "0s"
        assert errors == []
    finally:
        context.close()


def test_the_page_fits_a_375_pixel_phone_screen(browser: Browser, base_url: str, tmp_path: Path):
    context = browser.new_context(viewport={"width": 375, "height": 740}, device_scale_factor=2, is_mobile=True)
    try:
        page = context.new_page()
        errors = console_errors_of(page)
        page.goto(base_url)
        board = page.get_by_test_id("board")
        expect(board.locator(".tile")).to_have_count(8)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
        box = board.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375
        assert box["width"] > 250  # big enough to tap
        for test_id in ("solve", "shuffle", "picker"):
            control = page.get_by_test_id(test_id).bounding_box()
            assert control["x"] >= 0 and control["x"] + control["width"] <= 375
        page.screenshot(path=str(tmp_path / "mobile.png"), full_page=True)
        assert (tmp_path / "mobile.png").stat().st_size > 10_000
        assert errors == []
    finally:
        context.close()


def test_the_catalog_list_groups_every_puzzle_with_its_description(app_page: Page, base_url: str, built_site,
                                                                    site_manifest: dict):
    catalog = json.loads((built_site / site_manifest["front"] / "catalog.json").read_text())
    app_page.goto(base_url + "#puzzle=8-puzzle")
    app_page.get_by_text("All puzzles, with a line on each").click()
    items = app_page.get_by_test_id("catalog-item")
    expect(items).to_have_count(len(catalog))
    headings = app_page.get_by_test_id("catalog-list").locator("h3").all_inner_texts()
    assert [heading.lower() for heading in headings] == list(dict.fromkeys(entry["group"] for entry in catalog))
    hoppers = app_page.locator("[data-testid=catalog-item][data-puzzle=hoppers]")
    expect(hoppers).to_contain_text(next(entry["description"] for entry in catalog if entry["id"] == "hoppers"))
    hoppers.click()
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "hoppers")
    expect(app_page.get_by_test_id("picker")).to_have_value("hoppers")


@pytest.mark.slow
def test_a_broken_runtime_is_reported_and_the_worker_replaced(app_page: Page, base_url: str, app_errors: list[str]):
    app_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8")
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    (worker,) = [worker for worker in app_page.workers if worker.url.endswith("/worker.js")]
    worker.evaluate("() => { JSON.parse = () => { throw new Error('the runtime broke'); }; }")  # any slice now fails
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-text")).to_contain_text("The solver stopped working: the runtime broke")
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    assert worker not in app_page.workers
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("1")
    assert app_errors == []


def test_a_worker_that_does_not_hear_cancel_is_replaced(app_page: Page, base_url: str, app_errors: list[str]):
    app_page.goto(base_url + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1&algorithm=iddfs&all=1")
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    (worker,) = [worker for worker in app_page.workers if worker.url.endswith("/worker.js")]
    closed: list[object] = []
    worker.on("close", lambda gone: closed.append(gone))
    worker.evaluate("() => { JSON.parse = () => { for (;;); }; }")  # the first slice never ends
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "solving")
    app_page.get_by_test_id("cancel").click()
    expect(app_page.get_by_test_id("result-text")).to_have_text("Search cancelled.", timeout=3_000)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    wait_for_worker_closed(worker, closed)  # a worker spinning in a loop takes a moment to end
    assert closed == [worker]
    app_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("1")
    assert app_errors == []


def test_copy_link_puts_the_current_link_on_the_clipboard(app_page: Page, app_context, base_url: str):
    app_context.grant_permissions(["clipboard-read", "clipboard-write"])
    app_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    app_page.locator("[data-testid=board] [data-testid=tile-8]").click()
    app_page.get_by_test_id("copy-link").click()
    expect(app_page.get_by_test_id("announce")).to_have_text("Link copied.")
    copied = app_page.evaluate("() => navigator.clipboard.readText()")
    assert copied == app_page.url
    assert copied.endswith("#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0&moves=7r")  # the start and the move played


def test_a_worker_of_another_protocol_version_refuses_to_boot(app_page: Page):
    answer = app_page.evaluate("""() => new Promise((resolve) => {
        const front = document.querySelector('script[type=module][src$="/app.js"]').src;  // web/<hash>/app.js
        const worker = new Worker(new URL('worker.js', front), {type: 'module'});
        worker.onmessage = (message) => { worker.terminate(); resolve(message.data); };
        worker.postMessage({type: 'boot', version: -1, build: new URL('build.json', document.baseURI).href});
    })""")
    assert answer["type"] == "fatal"
    assert "different builds (protocol -1, expected 1)" in answer["message"]
