"""The project's layout and facts build.py's jobs share: paths, pyproject.toml, the pinned Pyodide."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"
#: Where pzl finds them when run from this tree or installed from it (git-ignored).
TABLES_PACKAGE = ROOT / "pzl" / "sliding" / "tables"


class BuildError(Exception):
    """A build step failed; the message says which and what to do."""


@dataclass(frozen=True)
class Project:
    """The [project] facts the site names the wheel by."""

    name: str
    version: str


def read_project() -> Project:
    """pyproject.toml's [project] table."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return Project(table["name"], table["version"])


def build_requirements() -> list[str]:
    """The build backend's requirements pyproject.toml declares ([build-system] requires, pinned)."""
    return list(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"])


def pinned_pyodide() -> str:
    """The exact Pyodide version package.json pins (an exact x.y.z, never a range)."""
    spec = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    if not re.fullmatch(r"\d+\.\d+\.\d+", spec):
        raise BuildError(f"package.json must pin pyodide to an exact version, not {spec!r}")
    return spec


def package_files(package: Path) -> list[Path]:
    """The package's files, sorted: sources and data, never caches or bytecode."""
    return sorted(path for path in package.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"))


def sha256_hex(data: bytes) -> str:
    """The sha256 of `data` in hex."""
    return hashlib.sha256(data).hexdigest()
