"""The site's pzl wheel, built by pip with the setuptools backend pyproject.toml declares.

Not by pyodide-build: for a pure-Python package a standard py3-none-any wheel is exactly what Pyodide
installs, while `pyodide build` first downloads Pyodide's cross-build environment from the internet,
even for pure Python, and that fails on machines that reach only the package registries.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from tools.install import ensure_build_venv
from tools.project import ROOT, TABLES_PACKAGE, BuildError, Project, build_requirements, package_files, sha256_hex

#: The site's wheels, kept by a hash of their sources (the latest few).
WHEEL_CACHE = ROOT / ".cache" / "wheels"
#: The wheel's zip entries get this time (1980-01-01, the earliest a zip holds), so that the same
#: sources give the same wheel bytes.
SOURCE_DATE_EPOCH = "315532800"


def wheel_sources(project: Project) -> list[tuple[str, bytes]]:
    """What the site's wheel is built from, as (path, content): pyproject.toml and the package's files.

    The pattern tables stay out (the site serves them as files of their own, fetched when needed), and
    so does the README: the staged pyproject.toml has no `readme`, so the wheel holds what the page
    needs and a README edit does not make a new wheel (and a new Python snapshot).
    """
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    staged = re.sub(r"(?m)^readme\s*=.*\n", "", pyproject)
    package = ROOT / project.name
    return [("pyproject.toml", staged.encode()),
            *((path.relative_to(ROOT).as_posix(), path.read_bytes()) for path in package_files(package)
              if TABLES_PACKAGE not in path.parents)]


def make_wheel(sources: Iterable[tuple[str, bytes]], python: Path | None = None) -> bytes:
    """The py3-none-any wheel pip builds from `sources` with the setuptools backend in .venv.

    `pip wheel --no-build-isolation --no-index`: nothing is downloaded per build (the backend is
    installed in .venv once). The sources are staged in a scratch folder, so setuptools' build/ and
    egg-info never keep a deleted module. SOURCE_DATE_EPOCH fixes the zip times: the same sources
    give the same bytes. Its cost: `python bench/build_steps.py`.
    """
    python = python or ensure_build_venv()
    with tempfile.TemporaryDirectory(prefix="pzl-wheel-") as scratch:
        stage, out = Path(scratch) / "src", Path(scratch) / "dist"
        for name, data in sources:
            target = stage / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            target.chmod(0o644)
        command = [str(python), "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps",
                   "--no-build-isolation", "--no-index", "--wheel-dir", str(out), str(stage)]
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PYTHONDONTWRITEBYTECODE": "1"}
        done = subprocess.run(command, cwd=scratch, env=env, capture_output=True, text=True)
        wheels = sorted(out.glob("*.whl"))
        if done.returncode != 0 or len(wheels) != 1:
            sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
            raise BuildError("pip could not build the pzl wheel (its output is above)")
        return wheels[0].read_bytes()


def build_wheel(project: Project) -> tuple[str, bytes]:
    """The pzl wheel's site path (under a folder named for its content) and its bytes.

    Built by pip (`make_wheel`), once per content of its sources: kept in .cache/wheels/.
    """
    sources = wheel_sources(project)
    digest = hashlib.sha256()
    for name, data in sources:
        digest.update(name.encode() + b"\0" + sha256_hex(data).encode())
    digest.update(" ".join(build_requirements()).encode())
    cached = WHEEL_CACHE / f"{project.name}-{digest.hexdigest()[:16]}.whl"
    if cached.is_file():
        data = cached.read_bytes()
    else:
        data = make_wheel(sources)
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        for old in sorted(WHEEL_CACHE.glob("*.whl"), key=lambda path: path.stat().st_mtime)[:-4]:
            old.unlink()
        unfinished = cached.with_suffix(".part")
        unfinished.write_bytes(data)
        unfinished.replace(cached)
    name = f"{project.name}-{project.version}-py3-none-any.whl"
    return f"wheels/{sha256_hex(data)[:12]}/{name}", data
