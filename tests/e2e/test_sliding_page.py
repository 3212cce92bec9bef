"""The page on the 8-puzzle, end to end in Chromium: draw, play, solve, replay, links, cancel.

One warm page (`app_page`, Pyodide booted once) serves the whole module; links are
opened by changing the hash, which the page follows without reloading.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import cancel_milliseconds
from tests.e2e.waits import wait_for_board_still, wait_for_search_seconds

HARDEST = "8 6 7 2 5 4 3 0 1"
GOAL = "1 2 3 4 5 6 7 8 0"
SOLVE_TIMEOUT_MS = 60_000


def open_link(page: Page, base_url: str, fragment: str) -> None:
    """Follow a link on the warm page (a hash change: no reload, the solver stays booted)."""
    page.goto(base_url + fragment)
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", fragment_position(fragment))


def fragment_position(fragment: str) -> str:
    for part in fragment.lstrip("#").split("&"):
        if part.startswith("start="):
            return part[len("start="):].replace(",", " ")
    return HARDEST


def board_position(page: Page) -> str:
    return page.get_by_test_id("board").get_attribute("data-position")


def tiles_drawn_at(page: Page) -> str:
    """The position as the eye sees it: each tile's label put in the slot its centre lies in."""
    return page.evaluate(
        """() => {
            const board = document.querySelector('[data-testid="board"]');
            const slots = [...board.querySelectorAll('[data-slot]')].map((slot) => slot.getBoundingClientRect());
            const labels = slots.map(() => '0');
            for (const tile of board.querySelectorAll('.tile')) {
                const box = tile.getBoundingClientRect();
                const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
                const cell = slots.findIndex((s) => x > s.left && x < s.right && y > s.top && y < s.bottom);
                labels[cell] = tile.dataset.label;
            }
            return labels.join(' ');
        }"""
    )


def solve_and_wait(page: Page) -> None:
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=SOLVE_TIMEOUT_MS)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=SOLVE_TIMEOUT_MS)


def test_board_is_drawn_with_eight_tiles_before_the_solver_is_ready(page: Page, base_url: str, console_errors):
    page.goto(base_url)
    tiles = page.locator("[data-testid=board] .tile")
    expect(tiles).to_have_count(8)
    assert page.get_by_test_id("status").get_attribute("data-state") == "starting"
    assert sorted(tiles.evaluate_all("tiles => tiles.map(t => t.dataset.label)")) == [str(n) for n in range(1, 9)]
    assert tiles_drawn_at(page) == HARDEST
    assert console_errors == []


@pytest.mark.slow
def test_solving_the_hardest_start_shows_31_moves_and_the_replay_ends_at_the_goal(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("31")
    app_page.get_by_test_id("speed").select_option(label="fast")
    app_page.get_by_test_id("play").click()
    expect(app_page.get_by_test_id("step-label")).to_have_text("31 / 31", timeout=30_000)
    assert board_position(app_page) == GOAL
    expect(app_page.get_by_test_id("solved")).to_be_visible()
    wait_for_board_still(app_page)  # the last slide's animation
    assert tiles_drawn_at(app_page) == GOAL


def test_step_buttons_walk_the_solution_one_move_at_a_time(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("2")
    app_page.get_by_test_id("step-next").click()
    assert board_position(app_page) == "1 2 3 4 5 6 7 0 8"
    app_page.get_by_test_id("step-next").click()
    assert board_position(app_page) == GOAL
    expect(app_page.get_by_test_id("step-next")).to_be_disabled()
    app_page.get_by_test_id("step-prev").click()
    assert board_position(app_page) == "1 2 3 4 5 6 7 0 8"
    assert app_page.url.endswith("&moves=7l")  # the link holds the moves up to the position shown


def test_a_link_reproduces_its_position(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=2,8,3,1,6,4,7,0,5")
    wait_for_board_still(app_page)
    assert tiles_drawn_at(app_page) == "2 8 3 1 6 4 7 0 5"
    expect(app_page.get_by_test_id("link-error")).to_be_hidden()


def test_a_move_by_hand_is_kept_in_the_link(app_page: Page, base_url: str, page: Page, console_errors: list[str]):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    app_page.locator("[data-testid=board] [data-testid=tile-8]").click()
    assert board_position(app_page) == "1 2 3 4 5 6 7 0 8"
    page.goto(app_page.url)  # the same link in a second tab
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", "1 2 3 4 5 6 7 0 8")
    assert console_errors == []


def test_tiles_slide_by_click_and_by_arrow_keys_and_undo(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    app_page.locator("[data-testid=board] [data-testid=tile-6]").click()
    assert board_position(app_page) == "1 2 3 4 5 0 7 8 6"
    expect(app_page.get_by_test_id("move-count")).to_have_text("1")
    app_page.get_by_test_id("board").focus()
    app_page.keyboard.press("ArrowUp")  # the tile below the empty cell slides up
    assert board_position(app_page) == GOAL
    expect(app_page.get_by_test_id("solved")).to_be_visible()
    app_page.keyboard.press("ArrowLeft")  # nothing is right of the empty corner: no move
    assert board_position(app_page) == GOAL
    app_page.keyboard.press("ArrowRight")
    assert board_position(app_page) == "1 2 3 4 5 6 7 0 8"
    app_page.get_by_test_id("undo").click()
    assert board_position(app_page) == GOAL
    expect(app_page.get_by_test_id("move-count")).to_have_text("2")


def test_shuffle_gives_a_position_the_solver_solves(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    app_page.get_by_test_id("shuffle").click()
    shuffled = board_position(app_page)
    assert sorted(shuffled.split()) == sorted(GOAL.split())
    solve_and_wait(app_page)
    moves = app_page.get_by_test_id("result-moves").inner_text()
    assert moves.isdigit() and int(moves) <= 31
    app_page.get_by_test_id("step-last").click()
    assert board_position(app_page) == GOAL


def test_an_unsolvable_start_is_explained(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,8,7,0")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-text")).to_contain_text("No solution")
    expect(app_page.get_by_test_id("result-moves")).to_be_hidden()


# Every shortest solution of the hardest start by plain iterative deepening: about a minute in the browser.
LONG_SEARCH = "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1&algorithm=iddfs&all=1"


def test_progress_reaches_the_page_at_least_every_half_second(app_page: Page, base_url: str):
    open_link(app_page, base_url, LONG_SEARCH)
    app_page.get_by_test_id("solve").click()
    gaps = app_page.evaluate(
        """() => new Promise((resolve) => {
            const nodes = document.querySelector('[data-testid="progress-nodes"]');
            const times = [performance.now()];
            const watcher = new MutationObserver(() => times.push(performance.now()));
            watcher.observe(nodes, {childList: true, characterData: true, subtree: true});
            setTimeout(() => {
                watcher.disconnect();
                times.push(performance.now());
                resolve(times.slice(1).map((t, i) => t - times[i]));
            }, 3000);
        })"""
    )
    app_page.get_by_test_id("cancel").click()
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    assert len(gaps) > 6
    assert max(gaps) < 500


def test_cancel_stops_a_long_search_within_half_a_second(app_page: Page, base_url: str):
    open_link(app_page, base_url, LONG_SEARCH)
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "solving")
    wait_for_search_seconds(app_page, 1.5)   # well under way
    waited_ms = cancel_milliseconds(app_page)
    assert waited_ms < 500
    expect(app_page.get_by_test_id("result-text")).to_have_text("Search cancelled.")
    # The same worker answers the next request.
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("1")


@pytest.mark.parametrize(
    "fragment",
    [
        "#puzzle=no-such-puzzle",
        "#puzzle=8-puzzle&start=1,2,3",
        "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,9",
        "#puzzle=8-puzzle&start=1,1,3,4,5,6,7,8,0",
        "#puzzle=8-puzzle&colour=red",
        "#puzzle=8-puzzle&algorithm=quantum",
        "#puzzle=8-puzzle&start=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E,2,3,4,5,6,7,8,0",
        "#puzzle=%3Cscript%3Ealert(1)%3C/script%3E",
    ],
)
def test_a_malformed_link_shows_an_error_and_the_default_puzzle(app_page: Page, base_url: str, fragment: str):
    dialogs: list[str] = []
    app_page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    app_page.goto(base_url + fragment)
    error = app_page.get_by_test_id("link-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("could not be opened")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", HARDEST)
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "8-puzzle")
    assert app_page.locator("img, script:not([src])").count() == 0
    assert dialogs == []


@pytest.mark.parametrize("fragment", ["#puzzle=15-puzzle&start=", "#puzzle=15-puzzle&start=1,2&start=3,4",
                                      "#puzzle=15-puzzle&algorithm=quantum&all=1"])
def test_a_malformed_link_opens_the_puzzle_it_names(app_page: Page, base_url: str, fragment: str):
    app_page.goto(base_url + fragment)
    expect(app_page.get_by_test_id("link-error")).to_contain_text("Showing the 15-puzzle instead")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "15-puzzle")


def test_all_shortest_solutions_of_the_hardest_start_are_40_and_each_replays(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1&algorithm=ida&all=1")
    expect(app_page.get_by_test_id("all")).to_be_checked()
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("40 shortest solutions")
    choice = app_page.get_by_test_id("solution-choice")
    expect(choice.locator("option")).to_have_count(40)
    first_moves = app_page.get_by_test_id("move-list").inner_text()
    choice.select_option("39")
    assert app_page.get_by_test_id("move-list").inner_text() != first_moves
    app_page.get_by_test_id("step-last").click()
    assert board_position(app_page) == GOAL
    expect(app_page.get_by_test_id("step-label")).to_have_text("31 / 31")


def test_a_link_with_a_step_solves_and_shows_that_step(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8&step=1")
    expect(app_page.get_by_test_id("step-label")).to_have_text("1 / 2", timeout=60_000)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    assert board_position(app_page) == "1 2 3 4 5 6 7 0 8"
    # an old step= link opens; the link it becomes carries the moves
    assert app_page.url.endswith("#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8&moves=7l")


def test_opening_another_puzzle_during_a_search_stops_it_and_drops_its_answer(app_page: Page, base_url: str):
    open_link(app_page, base_url, LONG_SEARCH)
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "solving")
    app_page.goto(base_url + "#puzzle=hoppers")
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=2_000)
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-family", "peg")
    expect(app_page.get_by_test_id("result")).to_be_hidden()
    expect(app_page.get_by_test_id("player")).to_be_hidden()


def test_the_distance_to_the_goal_follows_every_move(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8")
    expect(app_page.get_by_test_id("distance")).to_have_text("Distance to the goal: 1 move.")
    app_page.locator("[data-testid=board] [data-testid=tile-7]").click()
    expect(app_page.get_by_test_id("distance")).to_have_text("Distance to the goal: 2 moves.")
    app_page.get_by_test_id("undo").click()
    expect(app_page.get_by_test_id("distance")).to_have_text("Distance to the goal: 1 move.")
