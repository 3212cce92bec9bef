"""The browsers the tests drive: Chromium, and Firefox and WebKit for the cross-engine tests."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tools.install import apt_install
from tools.project import BuildError

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
#: The Debian packages of the engines tests/e2e/test_engines_smoke.py drives besides Chromium: Firefox ESR
#: (over WebDriver BiDi, by npm puppeteer-core) and WebKitGTK's MiniBrowser (through WebKitWebDriver, under Xvfb).
ENGINE_PACKAGES = {"firefox": ["firefox-esr"], "webkit": ["webkit2gtk-driver", "xvfb"]}


def find_chromium() -> str | None:
    """A Chromium or Chrome executable: $PZL_CHROMIUM, the PATH, then Playwright's own download."""
    if os.environ.get("PZL_CHROMIUM"):
        path = os.environ["PZL_CHROMIUM"]
        if not os.access(path, os.X_OK):
            raise BuildError(f"PZL_CHROMIUM={path} is not an executable file")
        return path
    for name in ("/usr/bin/chromium", *CHROMIUM_NAMES):
        found = shutil.which(name)
        if found:
            return found
    cache = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH", Path.home() / ".cache" / "ms-playwright"))
    for candidate in sorted(cache.glob("chromium-*/chrome-linux*/chrome"), reverse=True):
        if os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def ensure_chromium() -> str:
    """A Chromium for the browser tests; installs Debian's package when root on Debian/Ubuntu and none is found."""
    found = find_chromium()
    if found:
        return found
    advice = ("no Chromium found: install one (Debian: apt-get install -y chromium) "
              "or point PZL_CHROMIUM at a Chromium/Chrome executable")
    print("test: no Chromium found; installing Debian's chromium", flush=True)
    apt_install(["chromium"], advice)
    found = find_chromium()
    if not found:
        raise BuildError(advice)
    return found


def find_firefox() -> str | None:
    """A Firefox executable: $PZL_FIREFOX, else firefox-esr or firefox on the PATH."""
    if os.environ.get("PZL_FIREFOX"):
        return os.environ["PZL_FIREFOX"] if os.access(os.environ["PZL_FIREFOX"], os.X_OK) else None
    return shutil.which("firefox-esr") or shutil.which("firefox")


def find_webkit() -> tuple[str, str] | None:
    """WebKitGTK's (WebKitWebDriver, MiniBrowser): $PZL_WEBKIT_DRIVER, $PZL_MINIBROWSER, else where Debian has them.

    MiniBrowser needs a display: Xvfb (Debian's xvfb) when $DISPLAY is unset.
    """
    driver = os.environ.get("PZL_WEBKIT_DRIVER") or shutil.which("WebKitWebDriver")
    browsers = [os.environ["PZL_MINIBROWSER"]] if os.environ.get("PZL_MINIBROWSER") else sorted(
        [*Path("/usr/lib").glob("*/webkit2gtk-*/MiniBrowser"), *Path("/usr/libexec").glob("webkit2gtk-*/MiniBrowser")],
        reverse=True)
    browser = next((str(path) for path in browsers if os.access(path, os.X_OK)), None)
    needs_display = not os.environ.get("DISPLAY") and shutil.which("Xvfb") is None
    return (driver, browser) if driver and browser and not needs_display else None


def missing_engines() -> list[str]:
    """The cross-engine tests' engines not installed here ("firefox", "webkit")."""
    return [name for name, found in (("firefox", find_firefox()), ("webkit", find_webkit())) if not found]


def ensure_engines() -> dict[str, str]:
    """Firefox and WebKit for the cross-engine tests, installed from Debian's packages when root on Debian.

    Elsewhere an engine that is missing is said so here, and its tests skip naming it (under CI they fail).
    Returns the environment that points the tests at the engines found.
    """
    missing = missing_engines()
    if missing:
        packages = [package for name in missing for package in ENGINE_PACKAGES[name]]
        print(f"test: no {' or '.join(missing)} for the cross-engine tests; installing Debian's "
              f"{' '.join(packages)}", flush=True)
        try:
            apt_install(packages, f"install {' '.join(packages)} (Debian) to run the cross-engine tests")
        except BuildError as problem:
            print(f"test: {problem}; the {' and '.join(missing)} tests will be skipped", flush=True)
    env = {}
    if find_firefox():
        env["PZL_FIREFOX"] = find_firefox()
    if find_webkit():
        env["PZL_WEBKIT_DRIVER"], env["PZL_MINIBROWSER"] = find_webkit()
    return env
