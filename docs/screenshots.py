"""Take the README's screenshots of the real page: `.venv/bin/python docs/screenshots.py [numbers]`.

`numbers` takes only the Numbers view's (the census and the atlas of the 21-hole triangle), `blocks` only
the sliding blocks' (NO-OFF, Hakoiri Musume in the dark, Rush Hour, the block editor on a desktop and a phone),
`play` only the answer beside the board on a desktop and under it on a phone (play-desktop, play-phone),
`page` every one but the Numbers view's.

Builds and serves the site under a sub-path with `build.py serve`, drives it in
headless Chromium (Playwright, from the test environment) and writes the PNGs to
docs/screenshots/.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
PORT = 8765
BASE = f"http://127.0.0.1:{PORT}/pzl/"
CHROMIUM = os.environ.get("PZL_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


def ready(page: Page) -> None:
    """Wait until the solver is idle again (booted, or done with a search)."""
    page.locator("[data-testid=status][data-state=ready]").wait_for(timeout=120_000)


def solved_at(page: Page, link: str, steps: int, settle_ms: int, name: str) -> None:
    """Open `link`, solve it, step `steps` moves into the solution and take screenshot `name`."""
    page.goto(BASE + link)
    page.get_by_test_id("solve").click()
    ready(page)
    for _ in range(steps):
        page.get_by_test_id("step-next").click()
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(settle_ms)
    page.screenshot(path=OUT / f"{name}.png")


def serve() -> subprocess.Popen[bytes]:
    server = subprocess.Popen([sys.executable, "build.py", "serve", "--port", str(PORT), "--prefix", "/pzl/"],
                              cwd=ROOT)
    for _ in range(300):
        try:
            urllib.request.urlopen(BASE + "build.json", timeout=1).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the site did not come up on " + BASE)


def phone_page(browser: Browser) -> Page:
    """A new page on a 390 × 844 touch phone, in the light scheme."""
    return browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                            color_scheme="light")


def shoot_numbers(page: Page) -> None:
    """The Numbers view of the 21-hole modified triangle: its census, then its atlas."""
    page.goto(BASE + "#puzzle=triangle-21")
    ready(page)
    page.get_by_test_id("numbers").click()
    page.get_by_test_id("census").click()
    ready(page)
    page.wait_for_timeout(300)
    page.get_by_test_id("census-view").screenshot(path=OUT / "census-triangle-21.png")
    page.get_by_test_id("atlas").click()
    ready(page)
    page.wait_for_timeout(300)
    page.get_by_test_id("atlas-view").screenshot(path=OUT / "atlas-triangle-21.png")


def shoot_blocks(browser: Browser) -> None:
    """Sliding blocks: NO-OFF, Hakoiri Musume (dark), the hardest Rush Hour card, the block editor (desktop, phone)."""
    page = browser.new_page(viewport={"width": 1100, "height": 820}, color_scheme="light")
    page.goto(BASE)
    ready(page)
    solved_at(page, "#puzzle=no-off", steps=0, settle_ms=500, name="blocks-no-off")
    solved_at(page, "#puzzle=rush-hour-hardest", steps=7, settle_ms=600, name="blocks-rush-hour")
    page.goto(BASE + "#layout=AABB/AACC/de../FGHH/FGII&goal=..../..../..../AA../AA..")
    page.get_by_test_id("edit").click()
    page.get_by_test_id("tool-goal").check()
    page.get_by_test_id("block-editor").scroll_into_view_if_needed()  # the board stays above the editor's controls
    page.wait_for_timeout(400)
    page.screenshot(path=OUT / "blocks-editor.png")
    page.close()

    dark = browser.new_page(viewport={"width": 1100, "height": 820}, color_scheme="dark")
    dark.goto(BASE + "#puzzle=hakoiri-musume")
    ready(dark)
    solved_at(dark, "#puzzle=hakoiri-musume&metric=piece", steps=5, settle_ms=600, name="blocks-hakoiri-dark")
    dark.close()

    phone = phone_page(browser)
    phone.goto(BASE + "#layout=%23AA%23/.A../.BB./...%23&goal=%23..%23/..../.AA./.A.%23")
    ready(phone)
    phone.get_by_test_id("edit").click()
    phone.evaluate("() => document.querySelector('[data-testid=block-layout]').scrollIntoView({block: 'end'})")
    phone.wait_for_timeout(400)
    phone.screenshot(path=OUT / "phone-blocks-editor-390.png")
    phone.close()


def shoot_play(browser: Browser) -> None:
    """The answer beside the board (a desktop) and under it (a phone), with a variation in the move list."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, color_scheme="light")
    page.goto(BASE + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    ready(page)
    page.get_by_test_id("solve").click()
    ready(page)
    page.locator("#move-list button[data-step='4']").click()
    before = page.get_by_test_id("board").get_attribute("data-position")
    page.get_by_test_id("board").focus()
    for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):  # a hand move off the solution: a variation
        page.keyboard.press(key)
        if page.locator("#move-list .variation").count():
            break
        if page.get_by_test_id("board").get_attribute("data-position") != before:
            page.get_by_test_id("undo").click()
            page.get_by_test_id("board").focus()
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(600)
    page.screenshot(path=OUT / "play-desktop.png")
    page.close()

    phone = phone_page(browser)
    phone.goto(BASE + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
    ready(phone)
    phone.get_by_test_id("solve").tap()
    ready(phone)
    phone.wait_for_timeout(900)  # the result scrolls into sight under the board
    phone.screenshot(path=OUT / "play-phone.png")
    phone.close()


def shoot(only: str | None = None) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for stale in ("mobile-375.png",):
        (OUT / stale).unlink(missing_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 820}, color_scheme="light")
        page.goto(BASE)
        ready(page)
        if only == "play":
            shoot_play(browser)
            browser.close()
            return
        if only not in ("blocks", "page"):
            shoot_numbers(page)
        if only and only != "page":
            if only == "blocks":
                shoot_blocks(browser)
            browser.close()
            return
        solved_at(page, "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1", steps=12, settle_ms=600, name="sliding-8-puzzle")
        solved_at(page, "#puzzle=hoppers&empty=6&finish=6", steps=3, settle_ms=1200, name="peg-hoppers")

        page.goto(BASE + "#puzzle=8-puzzle&start=1,2,3,4,5,6,7,8,0")
        page.get_by_test_id("longest").click()
        ready(page)
        page.wait_for_timeout(300)
        page.get_by_test_id("longest-panel").screenshot(path=OUT / "histogram-8-puzzle.png")

        shoot_blocks(browser)
        shoot_play(browser)

        phone = phone_page(browser)
        phone.goto(BASE + "#puzzle=french-37&empty=18&finish=18")
        ready(phone)
        phone.get_by_test_id("solve").click()
        ready(phone)
        phone.get_by_test_id("result").scroll_into_view_if_needed()  # the board stays at the top
        phone.wait_for_timeout(400)
        phone.screenshot(path=OUT / "phone-390.png")

        phone.goto(BASE + "#puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1")
        phone.get_by_test_id("solve").click()
        ready(phone)
        for _ in range(9):
            phone.get_by_test_id("step-next").click()
        # the moves just above the bottom of the screen, clear of the board that sticks to the top
        phone.evaluate("() => document.querySelector('[data-testid=move-list]').scrollIntoView({block: 'end'})")
        phone.wait_for_timeout(600)
        phone.screenshot(path=OUT / "phone-replay-390.png")
        browser.close()


if __name__ == "__main__":
    server = serve()
    try:
        shoot(only=next((name for name in ("numbers", "blocks", "play", "page") if name in sys.argv[1:]), None))
    finally:
        server.terminate()
        server.wait()
    print("screenshots written to", OUT)
