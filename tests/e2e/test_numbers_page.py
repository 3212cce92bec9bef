"""The Numbers view of peg boards: the census (chart and table) and the atlas (grid, legend, cells that
open their problem), checked against pzl.api's own answers; keyboard, phone, dark mode; a board beyond
the tab's budget points to the exact command line, which the CLI accepts."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from pzl import api
from tests.e2e.conftest import PHONE, wait_until_ready
from tests.e2e.test_web_modules import run_node

ROOT = Path(__file__).resolve().parents[2]


def _census(puzzle: str, **task) -> dict:
    final = api.answer({"command": "census", "puzzle": puzzle, **task})
    assert final["event"] == "result", final
    return final["result"]


def _atlas(puzzle: str) -> dict:
    final = api.answer({"command": "atlas", "puzzle": puzzle})
    assert final["event"] == "result", final
    return final["result"]


def _open_numbers(page: Page, base_url: str, fragment: str) -> None:
    page.goto(base_url + fragment)
    expect(page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=90_000)
    page.get_by_test_id("numbers").click()
    expect(page.get_by_test_id("numbers-panel")).to_be_visible()


def test_hoppers_census_chart_and_table_match_the_api(app_page: Page, base_url: str):
    expected = _census("hoppers")
    _open_numbers(app_page, base_url, "#puzzle=hoppers")
    app_page.get_by_test_id("census").click()
    rows = app_page.get_by_test_id("census-row")
    expect(rows).to_have_count(len(expected["by_jumps"]), timeout=60_000)
    cells = rows.evaluate_all("rows => rows.map(row => [...row.children].map(cell => cell.textContent))")
    for shown, row in zip(cells, expected["by_jumps"], strict=True):
        assert shown == [str(row["jumps"]), str(row["pegs"]), f"{row['positions']:,}", f"{row['classes']:,}",
                         f"{row['can_finish']:,}"]
    points = app_page.get_by_test_id("census-point")
    finishable = points.evaluate_all(
        "points => points.filter(p => p.dataset.series === 'can_finish').map(p => Number(p.dataset.count))")
    assert finishable == [row["can_finish"] for row in expected["by_jumps"]]
    summary = app_page.get_by_test_id("numbers-summary")
    expect(summary).to_contain_text(f"the fewest moves are {expected['minimal_moves']}")
    expect(summary).to_contain_text(f"{expected['solutions']:,} jump sequences")
    assert app_page.get_by_test_id("census-chart").get_attribute("aria-label").endswith("log scale.")


def test_hoppers_atlas_grid_legend_and_a_cell_that_opens_its_problem(app_page: Page, base_url: str):
    expected = _atlas("hoppers")
    solvable = {(pair["start"], pair["finish"]): pair for pair in expected["pairs"] if pair["solvable"]}
    for pair in list(solvable.values()):
        for start, finish in pair["copies"]:
            solvable[(start, finish)] = pair
    _open_numbers(app_page, base_url, "#puzzle=hoppers")
    app_page.get_by_test_id("atlas").click()
    cells = app_page.get_by_test_id("atlas-cell")
    expect(cells).to_have_count(len(solvable), timeout=60_000)
    shown = cells.evaluate_all("cells => cells.map(c => [Number(c.dataset.start), Number(c.dataset.finish), "
                               "Number(c.dataset.moves), c.title])")
    for start, finish, moves, title in shown:
        pair = solvable[(start, finish)]
        assert moves == pair["moves"]
        assert f"{pair['minimal_solutions']:,} minimal solution" in title
    expect(app_page.get_by_test_id("atlas-legend")).to_contain_text("impossible")
    # the centre game: 7 moves; clicking opens it with hole 6 empty and the finish ring on 6, ready to solve
    centre = app_page.locator('[data-testid="atlas-cell"][data-start="6"][data-finish="6"]')
    expect(centre).to_have_text("7")
    centre.click()
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", "1111110111111")
    expect(app_page.get_by_test_id("solve")).to_be_focused()
    assert "finish=6" in app_page.evaluate("location.hash")
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-moves")).to_have_text("7", timeout=60_000)
    expect(app_page.get_by_test_id("atlas-view")).to_be_visible()


def test_the_atlas_grid_is_one_tab_stop_walked_with_the_arrow_keys(app_page: Page, base_url: str):
    _open_numbers(app_page, base_url, "#puzzle=hoppers")
    app_page.get_by_test_id("atlas").click()
    cells = app_page.get_by_test_id("atlas-cell")
    expect(cells.first).to_be_visible(timeout=60_000)
    assert cells.evaluate_all("cells => cells.filter(c => c.tabIndex === 0).length") == 1
    pairs = cells.evaluate_all("cells => cells.map(c => [Number(c.dataset.start), Number(c.dataset.finish)])")
    start, finish = pairs[0]
    below = min(row for row, column in pairs if column == finish and row > start)  # blank cells are skipped
    cells.first.focus()
    app_page.keyboard.press("ArrowDown")
    assert app_page.evaluate("[+document.activeElement.dataset.start, +document.activeElement.dataset.finish]") \
        == [below, finish]
    app_page.keyboard.press("ArrowRight")
    right = min(column for row, column in pairs if row == below and column > finish)
    assert app_page.evaluate("+document.activeElement.dataset.finish") == right
    assert cells.evaluate_all("cells => cells.filter(c => c.tabIndex === 0).length") == 1
    app_page.keyboard.press("Enter")
    expect(app_page.get_by_test_id("solve")).to_be_focused()


def test_a_census_beyond_the_tab_budget_is_partial_and_offers_its_next_steps(app_page: Page, app_context,
                                                                             base_url: str):
    app_context.grant_permissions(["clipboard-read", "clipboard-write"])
    _open_numbers(app_page, base_url, "#puzzle=english-33")
    expect(app_page.get_by_test_id("atlas")).to_be_disabled()
    expect(app_page.get_by_test_id("numbers-command-text")).to_have_text("python -m pzl atlas english-33")
    app_page.get_by_test_id("census").click()
    expect(app_page.get_by_test_id("numbers-summary")).to_contain_text("Partial", timeout=120_000)
    # without the classes per fewest moves (the slow part, not shown for a partial census) more levels fit
    rows = app_page.get_by_test_id("census-row")
    assert rows.count() >= 12
    assert rows.nth(1).evaluate("row => row.children[3].textContent") == "1"  # one class after the first jump
    # the next steps: count on in this tab, or the whole table on the command line (copied with a button)
    offer = app_page.get_by_test_id("numbers-next-steps")
    expect(offer.get_by_test_id("next-step-command")).to_have_text("python -m pzl census english-33 --no-by-moves")
    expect(app_page.get_by_test_id("numbers-command")).to_be_hidden()
    expect(app_page.get_by_test_id("announce")).to_contain_text("Next steps: Count on with all of this tab's memory")
    offer.get_by_test_id("copy-command").click()
    assert app_page.evaluate("() => navigator.clipboard.readText()") == "python -m pzl census english-33 --no-by-moves"
    offer.locator("[data-step=budget]").click()  # runs the census again without the cap (many minutes): cancelled
    expect(app_page.get_by_test_id("cancel")).to_be_enabled()
    expect(offer).to_be_hidden()
    expect(app_page.get_by_test_id("progress-phase")).to_contain_text("Census: every position after each number")
    app_page.get_by_test_id("cancel").click()
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=30_000)


def test_cancel_stops_a_census(app_page: Page, base_url: str):
    _open_numbers(app_page, base_url, "#puzzle=english-33")
    app_page.get_by_test_id("census").click()
    expect(app_page.get_by_test_id("cancel")).to_be_enabled()
    expect(app_page.get_by_test_id("progress-phase")).to_contain_text("Census: every position after each number")
    expect(app_page.get_by_test_id("progress-depth")).to_have_text(re.compile(r"^\d+ of 31$"))  # the level now
    app_page.get_by_test_id("cancel").click()
    expect(app_page.get_by_test_id("result-text")).to_have_text("Search cancelled.")
    expect(app_page.get_by_test_id("status")).to_have_attribute("data-state", "ready", timeout=30_000)


@pytest.mark.slow
def test_numbers_on_a_390_px_phone_in_dark_mode(browser: Browser, base_url: str):
    context = browser.new_context(**PHONE, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(base_url + "#puzzle=triangle-21")
        wait_until_ready(page)
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        page.get_by_test_id("numbers").click()
        page.get_by_test_id("atlas").click()
        expect(page.get_by_test_id("atlas-cell").first).to_be_visible(timeout=90_000)
        # the page itself never scrolls sideways: the grid scrolls in its own box
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.get_by_test_id("census").click()
        expect(page.get_by_test_id("census-row")).to_have_count(20, timeout=90_000)
        chart = page.get_by_test_id("census-chart").bounding_box()
        assert chart and chart["width"] <= 390
        ink = page.evaluate("getComputedStyle(document.querySelector('.census-chart .key-label')).fill")
        assert ink != "rgb(29, 36, 48)"  # the dark theme's ink, not the light one's
    finally:
        context.close()


def test_the_command_lines_shown_are_ones_the_cli_runs():
    made = run_node({"next-step.js": ["commandLine"]}, """
        const hoppers = { id: "hoppers", family: "peg", empty: [6], finish: 6 };
        const custom = { custom: true, family: "peg", mask: "ooo/ooo/ooo", lattice: "square-diagonal" };
        console.log(JSON.stringify([
          commandLine({ command: "census", empty: [6], finish: 6 }, hoppers),
          commandLine({ command: "census", empty: [0], finish: "any", by_moves: false }, hoppers),
          commandLine({ command: "atlas" }, custom),
        ]));""")
    assert made == ["python -m pzl census hoppers", "python -m pzl census hoppers --empty 0 --finish any --no-by-moves",
                    "python -m pzl atlas --mask ooo/ooo/ooo --lattice square-diagonal"]
    for command in made:
        words = shlex.split(command)
        done = subprocess.run([sys.executable, *words[1:], "--json"], cwd=ROOT, capture_output=True, text=True,
                              timeout=120, check=False)
        assert done.returncode == 0, done.stderr
