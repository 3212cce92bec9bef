"""`build.py test` and `build.py lint`: the test environment, then pytest (or ruff) over the project."""

from __future__ import annotations

import os
import subprocess
import time

from tools.browsers import ensure_chromium, ensure_engines
from tools.install import ensure_venv
from tools.project import ROOT
from tools.site import build

#: `build.py test` without arguments (every test, as CI): the Python tests on every core (`-n auto`, pytest-xdist;
#: on 2 cores 3.5 min instead of 6.5), then the Pyodide and browser tests one at a time, since their time checks
#: (a slice, a cancel, progress every half second) assume the machine is theirs. Both run, whatever the first gives.
WHOLE_RUN = (["-n", "auto", "-m", "not e2e and not node"], ["-m", "e2e or node"])
#: What `build.py lint` checks (the same as `ruff check .` from the root, with pyproject.toml's excludes).
LINTED = ("pzl", "tests", "bench", "tools", "docs", "build.py")


def test(pytest_args: list[str]) -> int:
    """Everything the tests need, then pytest over unit, Node and browser tests; pytest's exit status."""
    started = time.perf_counter()
    python = ensure_venv()
    chromium = ensure_chromium()
    engines = ensure_engines()
    build()
    print(f"test: chromium {chromium}, firefox {engines.get('PZL_FIREFOX', '(none)')}, webkit "
          f"{engines.get('PZL_MINIBROWSER', '(none)')}; venv ready and site built in "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    env = {**os.environ, **engines, "PZL_CHROMIUM": chromium, "PZL_REQUIRE_SITE": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    # --timeout: a hung test fails with its traceback instead of eating CI's whole time budget
    command = [str(python), "-m", "pytest", "--durations=10", "--timeout=300", "--screenshot=only-on-failure"]
    statuses = [subprocess.run([*command, *phase], cwd=ROOT, env=env).returncode
                for phase in (WHOLE_RUN if not pytest_args else (pytest_args,))]
    status = next((status for status in statuses if status), 0)
    print(f"test: pytest exited {' and '.join(map(str, statuses))}; whole run {time.perf_counter() - started:.0f} s",
          flush=True)
    return status


def lint() -> int:
    """ruff over the package, tests, benchmarks, tools and build.py; ruff's exit status."""
    python = ensure_venv()
    targets = [name for name in LINTED if (ROOT / name).exists()]
    return subprocess.run([str(python), "-m", "ruff", "check", *targets], cwd=ROOT).returncode
