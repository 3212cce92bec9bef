"""After a budget stops a search, the page offers the next step: buttons that run it (a quicker algorithm, the
same search without the position cap), the same request as a command line with a Copy button; announced,
keyboard operable, and gone when the board leaves the position or a new search starts."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from pzl import __main__ as cli
from pzl.search import limits
from pzl.search.limits import size_words
from tests.e2e.test_web_modules import run_node

ROOT = Path(__file__).resolve().parents[2]
#: A 5×5 start at least 108 moves from the goal: IDA* is refused up front (its node estimate), the fast solver is not.
START_5 = ",".join(map(str, range(24, -1, -1)))


def _steps(page: Page, where: str = "next-steps") -> list[str]:
    return page.get_by_test_id(where).get_by_test_id("next-step").evaluate_all(
        "buttons => buttons.map(button => button.dataset.step)")


def test_a_refused_ida_offers_the_fast_solver_and_the_command_line(app_page: Page, app_context, base_url: str):
    app_context.grant_permissions(["clipboard-read", "clipboard-write"])
    app_page.goto(base_url + f"#board=5x5&start={START_5}&algorithm=ida")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", START_5.replace(",", " "))
    app_page.get_by_test_id("solve").click()
    expect(app_page.get_by_test_id("result-text")).to_contain_text("Not decided", timeout=60_000)
    expect(app_page.get_by_test_id("result-text")).to_contain_text("Choose the fast solver")  # not "IDA*": it was
    offer = app_page.get_by_test_id("next-steps")
    expect(offer).to_be_visible()
    assert _steps(app_page) == ["fast"]  # the solver's own alternative; no bigger budget helps a node estimate
    expect(app_page.get_by_test_id("announce")).to_contain_text("Next steps: Find a solution quickly")
    command = offer.get_by_test_id("next-step-command").text_content()
    assert command == f"python -m pzl solve --board 5x5 --start {START_5} --algorithm ida"
    done = subprocess.run([sys.executable, *shlex.split(command)[1:]], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 2 and "cannot finish here" in done.stderr  # the same refusal on the command line
    offer.get_by_test_id("copy-command").click()
    expect(app_page.get_by_test_id("announce")).to_have_text("Command copied.")
    assert app_page.evaluate("() => navigator.clipboard.readText()") == command
    # keyboard: the step is a button in the tab order; Enter runs it with the algorithm chosen in the page
    step = offer.locator("[data-step=fast]")
    step.focus()
    app_page.keyboard.press("Enter")
    expect(app_page.get_by_test_id("result-moves")).to_have_text(re.compile(r"^\d+$"), timeout=60_000)
    expect(app_page.get_by_test_id("algorithm")).to_have_value("fast")
    assert "algorithm=fast" in app_page.evaluate("location.hash")
    expect(offer).to_be_hidden()  # a new search withdrew it


def test_the_offer_goes_when_the_board_leaves_its_position(app_page: Page, base_url: str):
    app_page.goto(base_url + f"#board=5x5&start={START_5}&algorithm=ida")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", START_5.replace(",", " "))
    app_page.get_by_test_id("solve").click()
    offer = app_page.get_by_test_id("next-steps")
    expect(offer).to_be_visible(timeout=60_000)
    app_page.get_by_test_id("board").locator("[data-testid=tile-1]").click()  # next to the empty corner
    expect(app_page.get_by_test_id("board")).not_to_have_attribute("data-position", START_5.replace(",", " "))
    expect(offer).to_be_hidden()
    app_page.get_by_test_id("undo").click()
    expect(offer).to_be_hidden()  # it was about the search that stopped, not about the position


@pytest.mark.slow
def test_a_bfs_stopped_by_the_state_budget_gives_advice_and_offers_a_bigger_budget(app_page: Page, base_url: str):
    start = "11,10,9,8,7,6,5,4,3,1,2,0"
    app_page.goto(base_url + f"#board=3x4&start={start}&algorithm=bfs")
    expect(app_page.get_by_test_id("board")).to_have_attribute("data-position", start.replace(",", " "))
    app_page.get_by_test_id("solve").click()
    text = app_page.get_by_test_id("result-text")
    expect(text).to_contain_text("stopped at this page's budget", timeout=120_000)
    expect(text).to_contain_text("Choose bidirectional search or IDA*")  # the solver's alternatives, the page's words
    expect(text).not_to_contain_text("--")
    assert _steps(app_page) == ["budget", "bidirectional", "ida"]
    offer = app_page.get_by_test_id("next-steps")
    budget = offer.locator("[data-step=budget]")
    expect(budget).to_have_text("Search again without the position cap")
    expect(offer).to_contain_text("up to 1.6 GB of positions")
    expect(offer.get_by_test_id("next-step-command")).to_have_text(
        f"python -m pzl solve --board 3x4 --start {start} --algorithm bfs --max-states 0")
    budget.click()  # runs: the same search, no cap but the tab's memory (minutes): seen started, then cancelled
    expect(app_page.get_by_test_id("cancel")).to_be_enabled()
    expect(app_page.get_by_test_id("progress-about")).to_contain_text("Solving from the start")
    expect(app_page.get_by_test_id("algorithm")).to_have_value("bfs")
    app_page.get_by_test_id("cancel").click()
    expect(app_page.get_by_test_id("result-text")).to_have_text("Search cancelled.")
    expect(offer).to_be_hidden()


def test_the_steps_follow_the_limit_the_family_and_the_request():
    tab = run_node({"next-step.js": ["TAB_MEMORY"]}, "console.log(JSON.stringify(TAB_MEMORY));")
    assert tab == size_words(limits.PAGE_BUDGET * limits.USABLE_SHARE)  # what the memory cap leaves positions
    cases = run_node({"next-step.js": ["nextSteps"]}, """
        const names = (steps) => steps.map((step) => step.step);
        console.log(JSON.stringify([
          names(nextSteps("max_states", "peg", { command: "solve", algorithm: "minimal", max_states: 5000000 })),
          names(nextSteps("max_states", "peg", { command: "solve", algorithm: "minimal", all: true })),
          names(nextSteps("memory", "peg", { command: "solve", algorithm: "minimal" })),
          names(nextSteps("seconds", "peg", { command: "solve", algorithm: "beam" })),
          names(nextSteps("max_states", "sliding", { command: "solve", algorithm: "bfs" },
                          { alternatives: ["bidirectional", "ida"] })),
          names(nextSteps("max_states", "sliding", { command: "solve", algorithm: "astar" })),
          names(nextSteps("nodes", "sliding", { command: "solve", algorithm: "ida" }, { alternatives: ["fast"] })),
          names(nextSteps("max_states", "peg", { command: "census" })),
          names(nextSteps("memory", "peg", { command: "census" })),
          names(nextSteps("max_states", "sliding", { command: "longest" })),
          nextSteps("max_states", "peg", { command: "census" }, { seconds: 125 })[0].detail,
          nextSteps("max_states", "peg", { command: "census" }, { estimate: { states: 33554432, bytes: 1.18e9 } })[0]
            .detail,
        ]));""")
    assert cases[:10] == [
        ["budget", "beam", "fast"],
        ["budget"],                       # all: beam and fast cannot count every minimal solution
        ["beam", "fast"],                 # the tab's memory is the limit: no bigger budget to offer
        ["fast", "minimal"],
        ["budget", "bidirectional", "ida"],
        ["budget", "ida"],
        ["fast"],
        ["budget"],
        [],
        ["budget"],
    ]
    assert "this one ran 2 min 05 s" in cases[10]
    assert cases[11].startswith("The whole census may store up to 33,554,432 classes, about 1.2 GB by estimate")


def test_the_command_lines_offered_ask_the_cli_what_the_page_asked():
    """Each command line, read by the CLI's own parser, is the page's request: the puzzle's own task left out,
    the state cap lifted (a census or an atlas has none on the command line; a solve gets --max-states 0)."""
    english = {"id": "english-33", "family": "peg", "empty": [16], "finish": 16}
    drawn = {"custom": True, "family": "peg", "mask": "ooo/ooo/ooo", "lattice": "square-diagonal", "empty": [4],
             "finish": 4}
    hakoiri = {"id": "hakoiri-musume", "family": "sliding", "start": "V M M V V M M V V H H V V S S V S 0 0 S",
               "goal": "* * * * * * * * * * * * * M M * * M M *"}
    board = {"custom": True, "family": "sliding", "rows": 3, "cols": 4, "start": "1 2 3 4 5 6 7 8 9 10 11 0",
             "goal": "1 2 3 4 5 6 7 8 9 10 11 0"}
    cases = [  # entry, the page's request, the limit that stopped it, what the CLI reads from the line
        (english, {"command": "solve", "puzzle": "english-33", "empty": [16], "finish": 16, "algorithm": "minimal",
                   "max_states": 5_000_000}, "max_states",
         {"command": "solve", "puzzle": "english-33", "algorithm": "minimal", "max_states": "0"}),
        (english, {"command": "solve", "puzzle": "english-33", "empty": [3, 16], "finish": "any", "algorithm": "beam"},
         "seconds",
         {"command": "solve", "puzzle": "english-33", "empty": "3,16", "finish": "any", "algorithm": "beam"}),
        (drawn, {"command": "census", "family": "peg", "mask": "ooo/ooo/ooo", "lattice": "square-diagonal",
                 "empty": [0], "finish": "any", "max_states": 1_000_000, "by_moves": False}, "max_states",
         {"command": "census", "family": "peg", "mask": "ooo/ooo/ooo", "lattice": "square-diagonal", "empty": "0",
          "finish": "any", "by_moves": False}),
        (hakoiri, {"command": "solve", "puzzle": "hakoiri-musume", "start": "V M M V V M M V V H H V V S S V 0 S S 0",
                   "goal": hakoiri["goal"], "algorithm": "astar", "bound": "manhattan", "metric": "piece",
                   "all": True}, "memory",
         {"command": "solve", "puzzle": "hakoiri-musume", "start": "V,M,M,V,V,M,M,V,V,H,H,V,V,S,S,V,0,S,S,0",
          "algorithm": "astar", "bound": "manhattan", "metric": "piece", "all": True, "max_states": "0"}),
        (board, {"command": "longest", "family": "sliding", "board": "3x4", "goal": board["goal"],
                 "max_states": 6_000_000}, "max_states",
         {"command": "longest", "family": "sliding", "board": "3x4", "max_states": "0"}),
    ]
    lines = run_node({"next-step.js": ["commandLine", "commandLineRequest"]}, f"""
        const cases = {json.dumps([case[:3] for case in cases])};
        console.log(JSON.stringify(cases.map(([entry, request, stopped]) =>
          commandLine(commandLineRequest(request, stopped), entry))));""")
    assert lines[0] == "python -m pzl solve english-33 --algorithm minimal --max-states 0"
    assert lines[2] == ("python -m pzl census --mask ooo/ooo/ooo --lattice square-diagonal --empty 0 --finish any "
                        "--no-by-moves")
    parser = cli._parser()
    for line, (*_, expected) in zip(lines, cases, strict=True):
        words = shlex.split(line)
        assert words[:3] == ["python", "-m", "pzl"], line
        assert cli._request(parser.parse_args(words[3:])) == expected, line
