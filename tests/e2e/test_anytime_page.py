"""An answer that gets better while you watch: auto's quick answer at once, then a proof or a shorter one.

The page shows the first answer as soon as it comes and replaces it by each better one (the move
list and the replay with it) while the player sits at the solution's first position; a player
stepping through it keeps it, and a button offers the better one. Cancel keeps the best so far.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

#: The quick answer comes within a second or two of CPU; a loaded machine stretches that.
QUICK_TIMEOUT_MS = 60_000
#: The English board's 18-move proof: 25-40 s in the page on an idle 2-core machine, more under load.
PROOF_TIMEOUT_MS = 400_000
#: A random 6x6 start (lower bound 142), as in tests/test_contract.py.
SIX_BY_SIX = "27 9 20 14 0 31 10 29 11 28 22 15 3 5 24 7 1 35 19 26 18 13 32 16 12 4 6 33 21 8 25 30 2 34 23 17"

#: Records every answer the result panel shows (window.answers: moves, detail and text), in order.
RECORD_ANSWERS = """() => {
    window.answers = [];
    const read = (id) => document.querySelector(`[data-testid="${id}"]`).textContent;
    new MutationObserver(() => {
        const answer = {moves: read("result-moves"), detail: read("result-detail"), text: read("result-text")};
        const last = window.answers[window.answers.length - 1];
        if (answer.moves && (!last || JSON.stringify(last) !== JSON.stringify(answer))) window.answers.push(answer);
    }).observe(document.querySelector('[data-testid="result"]'), {childList: true, characterData: true, subtree: true});
}"""


def open_link(page: Page, base_url: str, fragment: str, puzzle: str) -> None:
    page.goto(base_url + fragment)
    expect(page.get_by_test_id("board")).to_have_attribute("data-puzzle", puzzle)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=QUICK_TIMEOUT_MS)


def answers(page: Page) -> list[dict]:
    """The answers shown, one entry per change of the moves (the panel's last words for each)."""
    shown: list[dict] = []
    for answer in page.evaluate("() => window.answers"):
        if shown and shown[-1]["moves"] == answer["moves"]:
            shown[-1] = answer
        else:
            shown.append(answer)
    return shown


def test_a_peg_board_answers_at_once_then_puts_the_proved_fewest_moves_in_its_place(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=triangle-21-regular", "triangle-21-regular")
    app_page.evaluate(RECORD_ANSWERS)
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("proved minimal", timeout=QUICK_TIMEOUT_MS)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    first, *_, last = answers(app_page)
    assert int(first["moves"]) > int(last["moves"]) == 10
    assert "not proved minimal" in first["detail"] and "found by beam search" in first["detail"]
    assert "searching for fewer moves" in first["text"]
    assert "proved minimal" in last["detail"] and "found by the minimal search" in last["detail"]
    expect(app_page.get_by_test_id("move-list").locator("button")).to_have_count(10)   # the replay follows
    expect(app_page.get_by_test_id("step-label")).to_have_text("0 / 10")


def test_cancel_keeps_the_best_answer_so_far(app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=french-37", "french-37")
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-moves")).to_have_text("22", timeout=QUICK_TIMEOUT_MS)
    expect(app_page.get_by_test_id("progress-phase")).to_contain_text("Searching for fewer than 22 moves")
    app_page.get_by_test_id("cancel").click()
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    expect(app_page.get_by_test_id("result-text")).to_contain_text("the search for fewer moves was cancelled")
    expect(app_page.get_by_test_id("result-moves")).to_have_text("22")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("not proved minimal; at least")
    expect(app_page.get_by_test_id("move-list").locator("button")).to_have_count(22)


@pytest.mark.slow
def test_the_english_board_shows_27_moves_at_once_then_18_proved_minimal_without_moving_the_replay(
        app_page: Page, base_url: str):
    open_link(app_page, base_url, "#puzzle=english-33", "english-33")
    app_page.get_by_test_id("solve").click()   # auto, as the page opens: nobody chose an algorithm
    expect(app_page.get_by_test_id("result-moves")).to_have_text("27", timeout=QUICK_TIMEOUT_MS)
    expect(app_page.get_by_test_id("result-text")).to_contain_text("searching for fewer moves")
    expect(app_page.get_by_test_id("progress-phase")).to_contain_text("Searching for fewer than 27 moves")
    app_page.get_by_test_id("step-next").click()   # the player steps through the quick answer meanwhile
    expect(app_page.get_by_test_id("step-label")).to_have_text("1 / 27")
    better = app_page.get_by_test_id("result-better")
    expect(better).to_be_visible(timeout=PROOF_TIMEOUT_MS)
    expect(app_page.get_by_test_id("result-better-text")).to_have_text(
        "A shorter solution has arrived: 18 moves, proved minimal.")
    expect(app_page.get_by_test_id("step-label")).to_have_text("1 / 27")   # not moved from under the player
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    app_page.get_by_test_id("show-better").click()
    expect(app_page.get_by_test_id("result-moves")).to_have_text("18")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("proved minimal; 31 jumps")
    expect(app_page.get_by_test_id("result-detail")).to_contain_text("found by the minimal search, chosen by auto")
    expect(app_page.get_by_test_id("step-label")).to_have_text("0 / 18")
    expect(app_page.get_by_test_id("move-list").locator("button")).to_have_count(18)
    expect(better).to_be_hidden()


@pytest.mark.slow
def test_a_six_by_six_board_gets_shorter_answers_shown_with_their_ratio_to_the_bound(app_page: Page, base_url: str):
    app_page.goto(base_url + "#board=6x6&start=" + SIX_BY_SIX.replace(" ", ","))
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", SIX_BY_SIX)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=QUICK_TIMEOUT_MS)
    app_page.evaluate(RECORD_ANSWERS)
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-text")).to_contain_text("not proved shortest", timeout=120_000)
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready")
    shown = answers(app_page)
    moves = [int(answer["moves"].replace(",", "")) for answer in shown]
    assert len(moves) >= 2 and moves == sorted(moves, reverse=True) and len(set(moves)) == len(moves), moves
    for count, answer in zip(moves, shown, strict=True):
        ratio = re.search(r"at least 142 \(×(\d\.\d\d)\)", answer["detail"])
        assert ratio and float(ratio.group(1)) == pytest.approx(count / 142, abs=0.006), answer["detail"]
    assert "searching for fewer moves" in shown[0]["text"]
    expect(app_page.get_by_test_id("move-list").locator("button")).to_have_count(moves[-1])
