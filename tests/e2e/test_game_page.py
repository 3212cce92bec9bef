"""One game history, links that carry it, and the conventions players expect (issue 12), on a desktop.

The game is a tree of moves (lichess's model): a solution is a line, hand moves branch off,
Undo/Redo walk it, the start stays reachable, the link holds start= and moves=. Keys that do
not collide with the board's, a `?` help, a field to type a position, shuffle to a distance,
the goal shown, parity explained with a goal offered, dark mode.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

HARDEST = "8 6 7 2 5 4 3 0 1"
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


def step_to(page: Page, step: int) -> None:
    page.get_by_test_id("move-list").locator(f"button[data-step='{step}']").click()


# ---- the game tree ---------------------------------------------------------------------------

def test_a_hand_move_in_a_replay_branches_off_and_the_start_stays_reachable(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    solve_and_wait(app_page)
    step_to(app_page, 5)
    at_step_5 = board_position(app_page)
    expect(app_page.get_by_test_id("move-count")).to_have_text("5")
    board = app_page.get_by_test_id("board")
    board.focus()
    before = board_position(app_page)
    for key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"):  # the first key that slides a tile
        app_page.keyboard.press(key)
        if board_position(app_page) != before:
            break
    assert board_position(app_page) != before
    expect(app_page.get_by_test_id("move-count")).to_have_text("6")
    # The solution is still there and says which position it is about; the player says the board left it.
    expect(app_page.get_by_test_id("result-text")).to_have_text("Solution from the start:")
    expect(app_page.get_by_test_id("result-moves")).to_have_text("31")
    expect(app_page.get_by_test_id("step-label")).to_have_text("5 / 31 +1")
    expect(app_page.get_by_test_id("line-note")).to_contain_text("off the solution")
    app_page.get_by_test_id("step-prev").click()  # back onto the line where the board left it
    assert board_position(app_page) == at_step_5
    expect(app_page.get_by_test_id("step-label")).to_have_text("5 / 31")
    app_page.get_by_test_id("reset").click()  # the start, not forgotten
    assert board_position(app_page) == HARDEST
    expect(app_page.get_by_test_id("move-count")).to_have_text("0")
    for _ in range(5):
        app_page.get_by_test_id("redo").click()  # Redo retraces the way last walked
    assert board_position(app_page) == at_step_5
    for _ in range(5):
        app_page.get_by_test_id("undo").click()
    assert board_position(app_page) == HARDEST
    expect(app_page.get_by_test_id("undo")).to_be_disabled()


def test_solving_from_a_replay_position_says_so_and_keeps_the_move_count(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    solve_and_wait(app_page)
    step_to(app_page, 5)
    app_page.get_by_test_id("all").check()
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-text")).to_have_text("Solution from the position after move 5:")
    expect(app_page.get_by_test_id("result-moves")).to_have_text("26")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("shortest solution")
    expect(app_page.get_by_test_id("move-count")).to_have_text("5")  # five moves from the start, not 0
    expect(app_page.get_by_test_id("step-label")).to_have_text("0 / 26")
    app_page.get_by_test_id("step-last").click()
    assert board_position(app_page) == GOAL
    expect(app_page.get_by_test_id("move-count")).to_have_text("31")
    app_page.get_by_test_id("all").uncheck()


def test_a_shared_mid_game_link_reopens_with_its_history(app_page: Page, base_url: str, page: Page,
                                                          console_errors: list[str]):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    board = app_page.get_by_test_id("board")
    for label in ("8", "5", "4"):
        board.locator(f"[data-testid=tile-{label}]").click()
    assert app_page.url.endswith("#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0&moves=7r,4d,3r")
    page.goto(app_page.url)  # the link in a second tab
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", board_position(app_page))
    expect(page.get_by_test_id("move-count")).to_have_text("3")
    for _ in range(3):
        page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", GOAL)
    page.goto(app_page.url.replace("moves=7r,4d,3r", "moves=7r,4d,0u"))  # a move that is not legal there
    expect(page.get_by_test_id("link-error")).to_contain_text("move 3")
    expect(page.get_by_test_id("move-count")).to_have_text("2")
    assert console_errors == []


def test_a_peg_link_keeps_the_start_and_the_jumps(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hoppers&empty=6&finish=6&moves=12-6,3-9,10-12-6")
    expect(app_page.get_by_test_id("move-count")).to_have_text("3")
    assert app_page.get_by_test_id("board").get_attribute("data-pegs") == "8"
    app_page.get_by_test_id("reset").click()
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", "1111110111111")
    assert "empty=6&finish=6" in app_page.url and "moves" not in app_page.url


# ---- keys and help ------------------------------------------------------------------------------

def test_keys_undo_redo_and_step_without_taking_the_arrows(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,0,7,8")
    solve_and_wait(app_page)
    board = app_page.get_by_test_id("board")
    board.focus()
    app_page.keyboard.press(".")
    expect(app_page.get_by_test_id("step-label")).to_have_text("1 / 2")
    app_page.keyboard.press("PageDown")
    expect(app_page.get_by_test_id("step-label")).to_have_text("2 / 2")
    assert board_position(app_page) == GOAL
    app_page.keyboard.press(",")
    app_page.keyboard.press("PageUp")
    expect(app_page.get_by_test_id("step-label")).to_have_text("0 / 2")
    app_page.keyboard.press("ArrowLeft")  # an arrow slides a tile: a move by hand, not a replay step
    assert board_position(app_page) == "1 2 3 4 5 6 7 0 8"
    expect(app_page.get_by_test_id("move-count")).to_have_text("1")
    app_page.keyboard.press("Control+z")
    assert board_position(app_page) == "1 2 3 4 5 6 0 7 8"
    app_page.keyboard.press("Control+y")
    assert board_position(app_page) == "1 2 3 4 5 6 7 0 8"
    app_page.keyboard.press("u")
    assert board_position(app_page) == "1 2 3 4 5 6 0 7 8"
    app_page.keyboard.press("r")
    assert board_position(app_page) == "1 2 3 4 5 6 7 0 8"


def test_question_mark_opens_the_help_with_keys_and_rules(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle")
    app_page.get_by_test_id("board").focus()
    app_page.keyboard.press("?")
    help_box = app_page.get_by_test_id("help")
    expect(help_box).to_be_visible()
    expect(help_box).to_contain_text("Sliding puzzles")
    expect(help_box).to_contain_text("Peg solitaire")
    keys = app_page.get_by_test_id("help-keys")
    for text in ("undo", "redo", "previous move of the solution", "Page Down"):
        expect(keys).to_contain_text(text)
    app_page.keyboard.press("Escape")
    expect(help_box).to_be_hidden()
    app_page.get_by_test_id("help-open").click()
    expect(help_box).to_be_visible()
    app_page.get_by_test_id("help-close").click()
    expect(help_box).to_be_hidden()


def test_the_legend_names_the_colours_and_marks_of_each_family(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle")
    legend = app_page.get_by_test_id("legend")
    legend.locator("summary").click()
    expect(legend).to_contain_text("in its goal place", use_inner_text=True)
    expect(legend).not_to_contain_text("finish hole", use_inner_text=True)
    open_link(app_page, base_url, "#puzzle=hoppers")
    expect(legend).to_contain_text("the finish hole", use_inner_text=True)
    expect(legend).to_contain_text("marked hole", use_inner_text=True)
    expect(legend).not_to_contain_text("in its goal place", use_inner_text=True)
    legend.locator("summary").click()


# ---- positions: typed, shuffled, the goal ---------------------------------------------------------

def test_a_typed_position_is_checked_and_becomes_the_start(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle")
    app_page.get_by_test_id("type-position").click()
    field = app_page.get_by_test_id("position-text")
    expect(field).to_have_value(HARDEST)
    field.fill("1 2 3")
    app_page.get_by_test_id("position-use").click()
    expect(app_page.get_by_test_id("position-problem")).to_have_text(
        "This position cannot be used: it has 3 cells, the board has 9.")
    field.fill("1,2,3,4,5,6,7,7,0")
    app_page.get_by_test_id("position-use").click()
    expect(app_page.get_by_test_id("position-problem")).to_contain_text("“8”")
    field.fill("1 2 3 4 5 6 7 0 8")
    field.press("Enter")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", "1 2 3 4 5 6 7 0 8")
    expect(app_page.get_by_test_id("position-form")).to_be_hidden()
    expect(app_page.get_by_test_id("move-count")).to_have_text("0")
    assert "start=1,2,3,4,5,6,7,0,8" in app_page.url
    open_link(app_page, base_url, "#puzzle=hoppers")
    app_page.get_by_test_id("type-position").click()
    app_page.get_by_test_id("position-text").fill("0, 3")
    app_page.get_by_test_id("position-use").click()
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", "0110111111111")


def test_a_wrong_parity_start_is_explained_and_a_reachable_goal_offered(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=15-puzzle")
    app_page.get_by_test_id("type-position").click()
    app_page.get_by_test_id("position-text").fill("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15")  # blank-first, 1 move
    app_page.get_by_test_id("position-use").click()
    parity = app_page.get_by_test_id("parity")
    expect(parity).to_contain_text("cannot reach the goal")
    offer = app_page.get_by_test_id("parity-offer")
    expect(offer).to_have_text("Use the goal with the empty cell first")
    offer.click()
    expect(parity).to_be_hidden()
    expect(app_page.get_by_test_id("goal-board")).to_have_attribute(
        "data-position", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("1")
    assert "goal=0,1,2" in app_page.url


def test_the_goal_of_a_sliding_puzzle_is_shown_beside_the_board(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle")
    goal = app_page.get_by_test_id("goal-board")
    expect(goal).to_be_visible()
    expect(goal).to_have_attribute("data-position", GOAL)
    open_link(app_page, base_url, "#puzzle=hakoiri-musume")
    expect(goal).to_have_attribute("data-position", "* * * * * * * * * * * * * M M * * M M *")
    expect(goal.locator(".wildcard")).to_have_count(16)
    open_link(app_page, base_url, "#puzzle=hoppers")
    expect(app_page.get_by_test_id("goal-view")).to_be_hidden()  # a peg board marks its finish hole instead


def test_shuffle_to_a_distance_gives_a_position_exactly_that_far(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle")
    app_page.get_by_test_id("shuffle-distance").select_option("20")
    app_page.get_by_test_id("shuffle").click()
    expect(app_page.get_by_test_id("result-text")).to_have_text("Shuffled: exactly 20 moves from the goal.",
                                                                timeout=SOLVE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("move-count")).to_have_text("0")
    expect(app_page.get_by_test_id("start-note")).to_be_hidden()  # "one of the two hardest" was about the old start
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("20")
    app_page.get_by_test_id("shuffle-distance").select_option("")


# ---- messages ------------------------------------------------------------------------------------

def test_where_a_last_peg_can_end_is_said_in_the_boards_notation(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=english-33&finish=c1")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-text")).to_contain_text(
        "From this start a last peg can only end in holes d1, a4, d4, g4 and d7.")


def test_a_peg_impossibility_is_said_once_short_and_marked_on_the_board(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=french-37&empty=18&finish=18")
    solve_and_wait(app_page)
    text = app_page.get_by_test_id("result-text")
    expect(text).to_contain_text("Impossible: every jump changes the number of pegs on the marked holes by 0 or 2")
    expect(text).to_contain_text("The start has 24 (even); the finish would have 1 (odd).")
    said = text.inner_text()
    assert ".." not in said and ".)" not in said and "0, 1, 3, 4" not in said and "can no longer" not in said
    shown = app_page.locator("body").inner_text().count("marked holes by 0 or 2")
    spoken = app_page.get_by_test_id("announce").inner_text().count("marked holes by 0 or 2")  # for screen readers
    assert shown - spoken == 1
    expect(app_page.get_by_test_id("warning")).to_be_hidden()
    marks = app_page.get_by_test_id("board").get_by_test_id("mark")
    expect(marks).to_have_count(25)
    app_page.get_by_test_id("show-marks").uncheck()
    expect(marks).to_have_count(0)
    app_page.get_by_test_id("show-marks").check()
    expect(marks).to_have_count(25)


def test_the_live_region_speaks_but_is_not_drawn(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    app_page.get_by_test_id("board").locator("[data-testid=tile-8]").click()
    announce = app_page.get_by_test_id("announce")
    expect(announce).to_have_text("8 right.")
    expect(announce).to_have_attribute("aria-live", "polite")
    box = announce.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1


def test_progress_only_grows_names_its_phase_and_hides_what_depth_first_does_not_store(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=symbols&algorithm=ida")
    app_page.evaluate(
        """() => {
            window.seen = [];
            const read = () => window.seen.push({
                nodes: Number(document.querySelector('[data-testid="progress-nodes"]').textContent.replaceAll(',', '')),
                seconds: parseFloat(document.querySelector('[data-testid="progress-seconds"]').textContent),
                phase: document.querySelector('[data-testid="progress-phase"]').hidden ? '' :
                       document.querySelector('[data-testid="progress-phase"]').textContent,
            });
            window.watcher = new MutationObserver(read);
            for (const id of ['progress', 'progress-phase']) {
                window.watcher.observe(document.querySelector(`[data-testid="${id}"]`),
                                       {childList: true, characterData: true, subtree: true, attributes: true});
            }
        }"""
    )
    solve_and_wait(app_page)
    seen = app_page.evaluate("() => { window.watcher.disconnect(); return window.seen; }")
    nodes = [entry["nodes"] for entry in seen]
    seconds = [entry["seconds"] for entry in seen]
    assert nodes == sorted(nodes) and seconds == sorted(seconds)
    assert any("Checking that the goal can be reached" in entry["phase"] for entry in seen)
    expect(app_page.get_by_test_id("progress-states")).to_have_text("–")  # IDA* stores no positions
    expect(app_page.get_by_test_id("progress-depth")).to_have_text("30")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("found by IDA*")


def test_the_longest_search_ends_at_its_true_figures_and_the_histogram_has_a_log_scale(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
    app_page.get_by_test_id("longest").click()
    bars = app_page.get_by_test_id("histogram-bar")
    expect(bars).to_have_count(32, timeout=SOLVE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("progress-depth")).to_have_text("31")
    expect(app_page.get_by_test_id("progress-states")).to_have_text("181,440")
    first = bars.first.bounding_box()["height"]
    app_page.get_by_test_id("log-scale").check()
    expect(app_page.get_by_test_id("histogram")).to_have_attribute("data-scale", "log")
    assert bars.first.bounding_box()["height"] > first + 3  # the one goal position shows on the log scale
    expect(app_page.get_by_test_id("histogram").locator(".tick.y", has_text="10k")).to_have_count(1)
    app_page.get_by_test_id("log-scale").uncheck()
    expect(app_page.get_by_test_id("histogram")).to_have_attribute("data-scale", "linear")


def test_stale_texts_are_cleared(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1&algorithm=iddfs&all=1")
    expect(app_page.get_by_test_id("start-note")).to_be_visible()
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "solving")
    app_page.get_by_test_id("cancel").click()
    expect(app_page.get_by_test_id("result-text")).to_have_text("Search cancelled.")
    app_page.get_by_test_id("algorithm").select_option("auto")
    app_page.get_by_test_id("all").uncheck()
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-text")).not_to_have_text("Search cancelled.")
    expect(app_page.get_by_test_id("result-text")).to_have_text("Solution from the start:", timeout=SOLVE_TIMEOUT_MS)
    app_page.get_by_test_id("hint").click()
    expect(app_page.get_by_test_id("result-text")).to_contain_text("Hint for the start", timeout=SOLVE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("progress")).to_be_hidden()  # no "nodes 0" under a hint
    app_page.get_by_test_id("edit").click()
    app_page.get_by_test_id("board").locator("[data-slot='0']").click(force=True)
    app_page.get_by_test_id("board").locator("[data-slot='1']").click(force=True)
    app_page.get_by_test_id("edit").click()
    expect(app_page.get_by_test_id("start-note")).to_be_hidden()


def test_wording_plurals_algorithm_names_and_sentence_case(app_page: Page, base_url: str, built_site):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8&all=1")
    solve_and_wait(app_page)
    detail = app_page.get_by_test_id("result-detail")
    expect(detail).to_contain_text("1 shortest solution;")
    open_link(app_page, base_url, "#puzzle=english-33")
    app_page.get_by_test_id("solve").click()   # the quick answer at once; the search for fewer moves goes on
    expect(detail).to_contain_text("found by beam search, chosen by auto", timeout=SOLVE_TIMEOUT_MS)
    expect(detail).not_to_contain_text("auto:")
    app_page.get_by_test_id("cancel").click()
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    app_page.get_by_text("All puzzles, with a line on each").click()
    lines = app_page.get_by_test_id("catalog-item").locator("span").all_inner_texts()
    assert lines and all(line[0].isupper() or line[0].isdigit() for line in lines)
    assert not any("|x|" in line for line in lines)
    app_page.get_by_text("All puzzles, with a line on each").click()
    open_link(app_page, base_url, "#puzzle=triangle-21-regular")
    expect(app_page.get_by_test_id("notes")).not_to_contain_text("`")
    expect(app_page.get_by_test_id("notes")).not_to_contain_text("Id ")


def test_hints_are_marked_on_the_board_and_a_quick_hint_says_it_is_not_proved(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,0,8")
    app_page.get_by_test_id("hint").click()
    expect(app_page.get_by_test_id("result-text")).to_contain_text("next move: 8 left", timeout=SOLVE_TIMEOUT_MS)
    mark = app_page.get_by_test_id("board").get_by_test_id("hint-mark")
    expect(mark).to_have_count(1)
    tile = app_page.get_by_test_id("board").locator("[data-testid=tile-8]").bounding_box()
    box = mark.bounding_box()
    assert abs(box["x"] - tile["x"]) < 10 and abs(box["y"] - tile["y"]) < 10  # around the tile to move
    app_page.get_by_test_id("board").locator("[data-testid=tile-8]").click()
    expect(mark).to_have_count(0)  # the hint was about the position before
    open_link(app_page, base_url, "#puzzle=english-33")
    app_page.get_by_test_id("hint").click()
    text = app_page.get_by_test_id("result-text")
    expect(text).to_contain_text("not proved fewest", timeout=SOLVE_TIMEOUT_MS)
    expect(app_page.get_by_test_id("board").get_by_test_id("hint-mark")).to_have_count(1)


def test_the_move_list_follows_the_replay(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=hakoiri-musume&metric=step")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("116")
    expect(app_page.get_by_test_id("result-classic")).to_contain_text("whole-piece moves (a piece moved any distance")
    for where, step in (("step-last", 116), ("step-first", 0)):
        app_page.get_by_test_id(where).click()
        if step:
            current = app_page.get_by_test_id("move-list").locator(f"button[data-step='{step}']")
            expect(current).to_have_attribute("aria-current", "step")
            row = current.bounding_box()
            box = app_page.get_by_test_id("move-list").bounding_box()
            assert box["y"] - 0.5 <= row["y"] and row["y"] + row["height"] <= box["y"] + box["height"] + 0.5
        else:
            assert app_page.get_by_test_id("move-list").evaluate("list => list.scrollTop") == 0


def test_a_custom_sliding_board_opens_shuffled(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=8-puzzle")
    app_page.get_by_test_id("picker").select_option("custom-sliding")
    app_page.get_by_test_id("custom-rows").select_option("2")
    app_page.get_by_test_id("custom-cols").select_option("2")
    expect(app_page.get_by_test_id("board").locator(".tile")).to_have_count(3)
    assert board_position(app_page) != "1 2 3 0"
    expect(app_page.get_by_test_id("solved")).to_be_hidden()


def test_a_bad_sliding_link_falls_back_to_the_puzzle_it_names(app_page: Page, base_url: str):
    app_page.goto(base_url + "#puzzle=15-puzzle&start=1,2,3")
    expect(app_page.get_by_test_id("link-error")).to_contain_text("Showing the 15-puzzle instead")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-puzzle", "15-puzzle")


# ---- dark mode -------------------------------------------------------------------------------

def test_dark_mode_follows_the_system_and_a_remembered_choice(browser: Browser, base_url: str):
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base_url)
        background = "() => getComputedStyle(document.documentElement).backgroundColor"
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        dark = page.evaluate(background)
        toggle = page.get_by_test_id("theme")
        toggle.click()  # auto → dark (chosen) → light
        toggle.click()
        expect(page.locator("html")).to_have_attribute("data-theme", "light")
        assert page.evaluate(background) != dark
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-theme", "light")  # remembered
        expect(toggle).to_have_accessible_name("Colour scheme: Light")  # the visible word, in the name (WCAG 2.5.3)
        assert toggle.inner_text().endswith("☀ Light")
        toggle.click()
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=90_000)
        assert errors == []
    finally:
        context.close()


@pytest.mark.slow
def test_sliding_blocks_can_be_solved_in_the_books_move_counts(app_page: Page, base_url: str, page: Page,
                                                                 console_errors: list[str]):
    open_link(app_page, base_url, "#puzzle=hakoiri-musume")
    metric = app_page.get_by_test_id("metric")
    expect(metric).to_be_visible()
    metric.select_option("piece")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-moves")).to_have_text("81")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("a piece's whole slide counted as one move")
    expect(app_page.get_by_test_id("result-classic")).to_contain_text("straight slides")  # the books' other count
    step_to(app_page, 3)
    expect(app_page.get_by_test_id("move-count")).to_have_text("3")
    assert "metric=piece" in app_page.url and "&moves=" in app_page.url
    page.goto(app_page.url)  # a coarse move is a chain of one-cell slides in the link
    expect(page.get_by_test_id("board")).to_have_attribute("data-position", board_position(app_page))
    expect(page.get_by_test_id("move-count")).to_have_text("3")
    expect(page.get_by_test_id("metric")).to_have_value("piece")
    metric.select_option("straight")
    solve_and_wait(app_page)
    expect(app_page.get_by_test_id("result-text")).to_have_text("Solution from the position after move 3:")
    app_page.get_by_test_id("reset").click()  # back to the start
    expect(app_page.get_by_test_id("move-count")).to_have_text("0")
    solve_and_wait(app_page)  # the books' other count: every straight slide of a piece is one move
    expect(app_page.get_by_test_id("result-text")).to_have_text("Solution from the start:")
    expect(app_page.get_by_test_id("result-moves")).to_have_text("90")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("a straight slide counted as one move")
    assert "metric=straight" in app_page.url
    metric.select_option("step")
    open_link(app_page, base_url, "#puzzle=8-puzzle")
    expect(metric).to_be_hidden()  # one empty cell: every count is the same
    assert console_errors == []
