"""Three browser engines driven one small way, for the cross-engine smoke tests.

An `EnginePage` opens a URL, runs a JavaScript function in the page (awaited; JSON arguments and
result), clicks an element by CSS selector (real input, not a DOM `click()`), reloads and closes:

- Chromium: Playwright, the suite's own browser (a fresh context);
- Firefox (Debian's firefox-esr): WebDriver BiDi through npm puppeteer-core, in a Node process that
  reads JSON commands a line at a time (tests/e2e/bidi_bridge.mjs);
- WebKit (WebKitGTK's MiniBrowser): plain W3C WebDriver over HTTP to WebKitWebDriver, under an Xvfb
  display of its own when there is no $DISPLAY.

Each starts from a fresh profile (a first visit) with a 1280 × 800 window. The page's strict CSP
does not govern these drivers' scripts (DevTools protocol, BiDi, WebDriver), so `run` works there.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Browser

BRIDGE = Path(__file__).with_name("bidi_bridge.mjs")
VIEWPORT = {"width": 1280, "height": 800}
#: How long one driver command may take (a navigation to a page whose solver boots takes seconds).
COMMAND_SECONDS = 180
#: WebDriver's name for an element reference in JSON.
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


class EngineError(AssertionError):
    """A driver command failed; the message names the engine and the command."""


class EnginePage(Protocol):
    """One page of one engine (see the module's docstring)."""

    name: str
    version: str

    def goto(self, url: str) -> None: ...
    def run(self, source: str, *args: Any) -> Any: ...
    def click(self, selector: str) -> None: ...
    def reload(self) -> None: ...
    def close(self) -> None: ...


def wait_until(page: EnginePage, source: str, *args: Any, timeout: float = 60, what: str = "") -> Any:
    """Poll the function `source` in the page until it returns something truthy; that value.

    Fails after `timeout` seconds, saying `what` was awaited and the last value seen.
    """
    deadline = time.monotonic() + timeout
    seen = None
    while True:
        seen = page.run(source, *args)
        if seen:
            return seen
        if time.monotonic() > deadline:
            raise EngineError(f"{page.name}: waited {timeout:g} s for {what or source} (last seen: {seen!r})")
        time.sleep(0.25)


class ChromiumPage:
    """Chromium through Playwright: a fresh context of the suite's browser."""

    name = "chromium"

    def __init__(self, browser: Browser):
        self.version = browser.version
        self._context = browser.new_context(viewport=VIEWPORT)
        self._page = self._context.new_page()
        self._page.set_default_timeout(COMMAND_SECONDS * 1000)

    def goto(self, url: str) -> None:
        self._page.goto(url)

    def run(self, source: str, *args: Any) -> Any:
        return self._page.evaluate(f"(args) => ({source})(...args)", list(args))

    def click(self, selector: str) -> None:
        self._page.click(selector)

    def reload(self) -> None:
        self._page.reload()

    def close(self) -> None:
        self._context.close()


class FirefoxPage:
    """Firefox over WebDriver BiDi: npm puppeteer-core in a Node process (tests/e2e/bidi_bridge.mjs)."""

    name = "firefox"

    def __init__(self, firefox: str):
        node = shutil.which("node")
        if node is None:
            raise EngineError("firefox: node is not on the PATH (the BiDi bridge runs in Node)")
        self._log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (closed by close(): Firefox's chatter, read on failure)
        self._process = subprocess.Popen([node, str(BRIDGE), firefox], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self._log, text=True, cwd=BRIDGE.parent)
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True, name="firefox-bridge").start()
        self._next = 0
        self.version = self._answer("starting Firefox")["version"]

    def _read(self) -> None:
        for line in self._process.stdout:
            self._lines.put(line)
        self._lines.put(None)   # the bridge ended

    def _answer(self, doing: str) -> dict:
        try:
            line = self._lines.get(timeout=COMMAND_SECONDS)
        except queue.Empty:
            raise EngineError(f"firefox: no answer in {COMMAND_SECONDS} s while {doing}") from None
        if line is None:
            self._log.seek(0)
            raise EngineError(f"firefox: the BiDi bridge ended while {doing}: {self._log.read()[-2000:]}")
        return json.loads(line)

    def _call(self, op: str, **fields: Any) -> Any:
        self._next += 1
        self._process.stdin.write(json.dumps({"id": self._next, "op": op, **fields}) + "\n")
        self._process.stdin.flush()
        reply = self._answer(op)
        if not reply["ok"]:
            raise EngineError(f"firefox: {op} failed: {reply['error']}")
        return reply["value"]

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def run(self, source: str, *args: Any) -> Any:
        return self._call("run", source=source, args=list(args))

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def reload(self) -> None:
        self._call("reload")

    def close(self) -> None:
        try:
            self._process.stdin.write(json.dumps({"op": "close"}) + "\n")
            self._process.stdin.close()
            self._process.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self._process.kill()
            self._process.wait()
        self._log.close()


class WebKitPage:
    """WebKitGTK's MiniBrowser through WebKitWebDriver: W3C WebDriver over HTTP (under Xvfb without a display)."""

    name = "webkit"

    def __init__(self, driver: str, minibrowser: str):
        self._processes: list[subprocess.Popen] = []
        self._session = None
        try:
            env = {**os.environ}
            if not env.get("DISPLAY"):
                env["DISPLAY"] = self._start_xvfb()
            port = free_port()
            self._processes.append(subprocess.Popen([driver, f"--port={port}"], env=env, stdout=subprocess.DEVNULL,
                                                    stderr=subprocess.DEVNULL))
            self._base = f"http://127.0.0.1:{port}"
            self._wait_for_driver()
            capabilities = {"browserName": "MiniBrowser",
                            "webkitgtk:browserOptions": {"binary": minibrowser, "args": ["--automation"]}}
            created = self._request("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
            self._session = f"/session/{created['sessionId']}"
            self.version = created["capabilities"].get("browserVersion", "?")
            self._request("POST", f"{self._session}/timeouts",
                          {"script": COMMAND_SECONDS * 1000, "pageLoad": COMMAND_SECONDS * 1000})
            self._request("POST", f"{self._session}/window/rect", VIEWPORT)
        except BaseException:
            self.close()
            raise

    def _start_xvfb(self) -> str:
        """A display of our own: Xvfb picks a free number and writes it to a pipe (-displayfd)."""
        xvfb = shutil.which("Xvfb")
        if xvfb is None:
            raise EngineError("webkit: no $DISPLAY and no Xvfb (Debian: apt-get install xvfb)")
        read, write = os.pipe()
        self._processes.append(subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                                 "-nolisten", "tcp"], pass_fds=(write,),
                                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise EngineError("webkit: Xvfb did not start")
        return f":{number}"

    def _wait_for_driver(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            try:
                self._request("GET", "/status")
                return
            except (OSError, EngineError):
                if time.monotonic() > deadline:
                    raise EngineError("webkit: WebKitWebDriver did not answer within 30 s") from None
                time.sleep(0.2)

    def _request(self, method: str, path: str, body: dict | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self._base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=COMMAND_SECONDS + 10) as response:
                return json.load(response)["value"]
        except urllib.error.HTTPError as failure:
            value = json.load(failure).get("value", {})
            raise EngineError(f"webkit: {method} {path.split('/')[-1] or path}: {value.get('error')}: "
                              f"{value.get('message', '')[:500]}") from None

    def goto(self, url: str) -> None:
        self._request("POST", f"{self._session}/url", {"url": url})

    def run(self, source: str, *args: Any) -> Any:
        script = ("const done = arguments[arguments.length - 1];"
                  f"Promise.resolve(({source})(...arguments[0])).then("
                  "(value) => done({ok: true, value: value === undefined ? null : value}),"
                  "(error) => done({ok: false, error: String(error && error.message || error)}));")
        reply = self._request("POST", f"{self._session}/execute/async", {"script": script, "args": [list(args)]})
        if not reply["ok"]:
            raise EngineError(f"webkit: the page's script failed: {reply['error']}")
        return reply["value"]

    def click(self, selector: str) -> None:
        found = self._request("POST", f"{self._session}/element", {"using": "css selector", "value": selector})
        self._request("POST", f"{self._session}/element/{found[ELEMENT]}/click", {})

    def reload(self) -> None:
        self._request("POST", f"{self._session}/refresh", {})

    def close(self) -> None:
        if self._session:
            with contextlib.suppress(OSError, EngineError):   # the browser gone already: the driver ends below anyway
                self._request("DELETE", self._session)
            self._session = None
        for process in reversed(self._processes):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self._processes.clear()


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
