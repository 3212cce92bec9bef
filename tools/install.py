"""What build.py installs before it builds or tests: .venv, npm's node_modules, Debian packages."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tools.project import NODE_MODULES, ROOT, VENV, BuildError, build_requirements, sha256_hex

REQUIREMENTS = ROOT / "tests" / "requirements.txt"


def installed_pyodide() -> str | None:
    """The version of node_modules/pyodide, or None when it is not installed."""
    try:
        return json.loads((NODE_MODULES / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return None


def ensure_node_modules(version: str) -> bool:
    """Run `npm ci` unless node_modules already matches package-lock.json; True if it ran."""
    stamp = NODE_MODULES / ".pzl-lock-sha256"
    lock = sha256_hex((ROOT / "package-lock.json").read_bytes())
    if installed_pyodide() == version and stamp.is_file() and stamp.read_text().strip() == lock:
        return False
    if shutil.which("npm") is None:
        apt_install(["nodejs", "npm"], "npm not found: install Node.js 18+ and npm (Debian: nodejs npm)")
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is still not on the PATH after installing it")
    print("build: npm ci (pyodide", version + ")", flush=True)
    done = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=ROOT)
    if done.returncode != 0:
        raise BuildError("`npm ci` failed (see npm's output above)")
    if installed_pyodide() != version:
        raise BuildError(f"npm installed pyodide {installed_pyodide()}, but package.json pins {version}")
    stamp.write_text(lock + "\n")
    return True


def venv_python() -> Path:
    """The virtual environment's interpreter."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_build_venv() -> Path:
    """.venv with the build backend pyproject.toml declares (what the wheel is built with); its python."""
    python = prepared_venv()
    install_once(python, "build backend", build_requirements())
    return python


def ensure_venv() -> Path:
    """.venv with the build backend and tests/requirements.txt; reused while the requirements are unchanged."""
    python = ensure_build_venv()
    install_once(python, REQUIREMENTS.relative_to(ROOT).as_posix(), ["-r", str(REQUIREMENTS)],
                 REQUIREMENTS.read_bytes())
    return python


def prepared_venv() -> Path:
    """.venv's python, creating .venv when it is missing or made by another interpreter."""
    python = venv_python()
    if python.is_file() and (VENV / ".pzl-python").is_file() and \
            (VENV / ".pzl-python").read_text(encoding="utf-8") == sys.version:
        return python
    if VENV.exists() and not venv_runs_this_python(python):
        shutil.rmtree(VENV)  # made by another interpreter, or broken: start again
    if not python.is_file() and not make_venv():
        # Debian's python3 ships venv's pip bootstrap separately
        apt_install(["python3-venv"], "could not create .venv (Debian: apt-get install -y python3-venv)")
        if not make_venv():
            raise BuildError("could not create .venv even with python3-venv installed")
    (VENV / ".pzl-python").write_text(sys.version, encoding="utf-8")
    return python


def install_once(python: Path, what: str, arguments: list[str], content: bytes = b"") -> None:
    """`pip install arguments` into .venv unless done already for the same arguments, content and Python."""
    stamp = VENV / f".pzl-{sha256_hex(what.encode())[:8]}-sha256"
    wanted = sha256_hex("\0".join(arguments).encode() + content + sys.version.encode())
    if stamp.is_file() and stamp.read_text().strip() == wanted:
        return
    print(f"build: installing {what} into .venv", flush=True)
    # -qq: only errors (a machine's pip config may warn about every package otherwise)
    install = [str(python), "-m", "pip", "install", "-qq", "--disable-pip-version-check", *arguments]
    if subprocess.run(install).returncode != 0:
        raise BuildError(f"pip could not install {what} into .venv")
    stamp.write_text(wanted + "\n")


def venv_runs_this_python(python: Path) -> bool:
    """True when the venv's interpreter runs and is the same Python version as this one."""
    try:
        done = subprocess.run([str(python), "-c", "import sys; print(sys.version)"], capture_output=True, text=True)
    except OSError:
        return False
    return done.returncode == 0 and done.stdout.strip() == sys.version.strip()


def make_venv() -> bool:
    """`python -m venv .venv`; True on success (a failed attempt leaves no half-made .venv)."""
    if subprocess.run([sys.executable, "-m", "venv", str(VENV)]).returncode == 0:
        return True
    shutil.rmtree(VENV, ignore_errors=True)
    return False


def apt_install(packages: list[str], otherwise: str) -> None:
    """Install Debian packages when root on Debian/Ubuntu; a BuildError saying `otherwise` elsewhere."""
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if not (is_root and Path("/etc/debian_version").is_file() and shutil.which("apt-get")):
        raise BuildError(otherwise)
    print(f"build.py: apt-get install {' '.join(packages)}", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", *packages]):
        if subprocess.run(command, env=env, stdin=subprocess.DEVNULL).returncode != 0:
            raise BuildError(f"`{' '.join(command)}` failed; {otherwise}")
