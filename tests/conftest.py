"""Fixtures shared by every test: the repository's paths and the built site.

Unit tests need nothing built. Node and browser tests need `site/` (`python build.py`):
they skip, saying so, when it is missing — except under `python build.py test`, which
builds first and sets PZL_REQUIRE_SITE so that a missing site fails instead.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"

try:  # a loaded 2-core CI machine makes per-example deadlines flaky; tests bound their own work
    from hypothesis import HealthCheck, settings

    settings.register_profile("pzl", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("pzl")
except ImportError:  # plain `pytest tests/...` without hypothesis still runs the other tests
    pass


def site_missing_reason(site: Path) -> str | None:
    """Why `site` cannot be tested against, or None when it is built."""
    if not (site / "build.json").is_file():
        return f"{site} is not built: run `python build.py` (or `python build.py test`)"
    manifest = json.loads((site / "build.json").read_text(encoding="utf-8"))
    if not (site / manifest["wheel"]).is_file():
        return f"{site} is incomplete (no {manifest['wheel']}): run `python build.py`"
    return None


@pytest.fixture(scope="session")
def built_site() -> Path:
    """site/, built from the current sources; skips when it is not (fails under `python build.py test`).

    A site built from other sources (pzl/, web/ or index.html edited since) counts as not
    built: testing yesterday's wheel would pass or fail for the wrong reason.
    """
    reason = site_missing_reason(SITE)
    if reason is None and not os.environ.get("PZL_REQUIRE_SITE"):  # build.py test has just built it
        from tools.project import pinned_pyodide
        from tools.site import site_plan

        built = json.loads((SITE / "build.json").read_text(encoding="utf-8"))["version"]
        current = json.loads(site_plan(pinned_pyodide())["build.json"])["version"]
        if built != current:
            reason = "site/ is stale (pzl/, web/ or index.html changed since it was built): run `python build.py`"
    if reason:
        if os.environ.get("PZL_REQUIRE_SITE"):
            pytest.fail(reason)
        pytest.skip(reason)
    return SITE


@pytest.fixture(scope="session")
def site_manifest(built_site: Path) -> dict:
    """site/build.json."""
    return json.loads((built_site / "build.json").read_text(encoding="utf-8"))
