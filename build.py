"""Build, serve and test pzl's static site: the one entry point a developer needs.

    python build.py                          build the deployable site into site/ (and the pattern tables, once)
    python build.py tables                   make the pattern tables (cached in .cache/tables/)
    python build.py serve [--port N] [--host [ADDR]] [--prefix /sub/path/]
    python build.py test [pytest args...]    venv + Chromium, Firefox, WebKit + build + every test
    python build.py lint                     ruff over the project

The pzl wheel is built by pip with the setuptools backend pyproject.toml declares
(installed into .venv once; no build isolation, so nothing is downloaded per build),
not by pyodide-build: for a pure-Python package a standard py3-none-any wheel is
exactly what Pyodide installs, while `pyodide build` first downloads Pyodide's
cross-build environment from the internet, even for pure Python, and that fails on
machines that reach only the package registries.
"""

from __future__ import annotations

import argparse
import datetime
import email.utils
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:  # tools/ beside this script, when build.py is imported from elsewhere (tests)
    sys.path.insert(0, str(ROOT))

from tools import precompressed, snapshot, stdlib  # noqa: E402 - needs ROOT on the path

SITE = ROOT / "site"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "tests" / "requirements.txt"
#: Pattern tables made by pzl's own code, kept between builds (keyed by a hash of their generator).
TABLES_CACHE = ROOT / ".cache" / "tables"
#: Where pzl finds them when run from this tree or installed from it (git-ignored).
TABLES_PACKAGE = ROOT / "pzl" / "sliding" / "tables"
#: The site's wheels, built by pip, kept by a hash of their sources (the latest few).
WHEEL_CACHE = ROOT / ".cache" / "wheels"
#: Brotli and gzip copies of the site's files, kept by the content they compress.
COMPRESSED_CACHE = ROOT / ".cache" / "compressed"

#: What Pyodide needs to boot with no extra packages (the worker hands it the lock file's
#: `info` from build.json, so pyodide-lock.json itself is not shipped; the standard library is
#: shipped split in two, tools/stdlib.py).
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_STDLIB = "python_stdlib.zip"
#: Served with `Cache-Control: no-cache`: they name everything else, which is versioned.
ALWAYS_REVALIDATE = ("index.html", "build.json", "sw.js")
#: The placeholder in web/sw.js that the root copy gets the build version in.
VERSION_PLACEHOLDER = "__PZL_BUILD_VERSION__"
#: `build.py serve` closes a kept-alive connection after this many seconds without a request.
IDLE_SECONDS = 15
#: The wheel's zip entries get this time (1980-01-01, the earliest a zip holds), so that the same
#: sources give the same wheel bytes.
SOURCE_DATE_EPOCH = "315532800"

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/octet-stream",
    ".zip": "application/octet-stream",
    ".gz": "application/gzip",
    ".txt": "text/plain; charset=utf-8",
    ".pzt": "application/octet-stream",
}


class BuildError(Exception):
    """A build step failed; the message says which and what to do."""


# --------------------------------------------------------------------------- npm / Pyodide


def pinned_pyodide() -> str:
    """The exact Pyodide version package.json pins (an exact x.y.z, never a range)."""
    spec = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    if not re.fullmatch(r"\d+\.\d+\.\d+", spec):
        raise BuildError(f"package.json must pin pyodide to an exact version, not {spec!r}")
    return spec


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


# --------------------------------------------------------------------------- the wheel


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


def package_files(package: Path) -> list[Path]:
    """The package's files, sorted: sources and data, never caches or bytecode."""
    return sorted(path for path in package.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"))


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
    give the same bytes. Measured on the loaded 2-core machine: 4-6 s a build (writing the zip by hand
    took 0.05 s), paid only when a source changed (`build_wheel` keeps them).
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
        partial = cached.with_suffix(".part")
        partial.write_bytes(data)
        partial.replace(cached)
    name = f"{project.name}-{project.version}-py3-none-any.whl"
    return f"wheels/{sha256_hex(data)[:12]}/{name}", data


# --------------------------------------------------------------------------- pattern tables


def ensure_tables() -> dict[str, Path]:
    """Every shipped table file, made by pzl's code unless cached with the current generator's key.

    Returns file name -> cached file. Each is also copied into pzl/sliding/tables/ (where the CLI
    finds it); the patterns of one set are built in parallel processes.
    """
    sys.path.insert(0, str(ROOT))
    from pzl.sliding import tables

    made = {}
    for spec in tables.SPECS:
        if not spec.shipped:
            continue
        key = tables.generator_key(spec)
        cached = TABLES_CACHE / f"{spec.name}-{key}.pzt"
        if not table_file_ok(cached):
            TABLES_CACHE.mkdir(parents=True, exist_ok=True)
            for stale in TABLES_CACHE.glob(f"{spec.name}-*.pzt"):
                stale.unlink()
            print(f"build: making the {spec.partition} pattern tables {spec.name} with pzl's generator "
                  f"(once; about {spec.minutes:g} min of CPU, 2 processes)", flush=True)
            started = time.perf_counter()
            command = [sys.executable, "-m", "pzl.sliding.tables", spec.name, "--out", str(cached), "--jobs", "2"]
            if subprocess.run(command, cwd=ROOT).returncode != 0 or not table_file_ok(cached):
                raise BuildError(f"making the pattern tables {spec.name} failed (see the output above)")
            print(f"build: {spec.name} made in {time.perf_counter() - started:.0f} s "
                  f"({cached.stat().st_size / 1e6:.1f} MB, cached in {cached.parent.relative_to(ROOT)})", flush=True)
        installed = TABLES_PACKAGE / spec.file_name
        if not installed.is_file() or installed.read_bytes() != cached.read_bytes():
            TABLES_PACKAGE.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, installed)
        made[spec.file_name] = cached
    return made


def table_file_ok(path: Path) -> bool:
    """True when `path` is a complete, undamaged table file."""
    from pzl.sliding import pdb_file

    try:
        pdb_file.decode(path.read_bytes(), str(path))
    except (OSError, pdb_file.TableFileError):
        return False
    return True


def table_site_path(name: str, data: bytes) -> str:
    """A table file's site path, named for its content (so caches never serve an old one)."""
    stem, _, suffix = name.rpartition(".")
    return f"tables/{stem}.{sha256_hex(data)[:12]}.{suffix}"


# --------------------------------------------------------------------------- catalog


def export_catalog() -> bytes:
    """catalog.json: `pzl.catalog.entries()` from the source tree, in a fresh interpreter."""
    entries = _package_json("pzl.catalog.entries()", "the puzzle catalog")
    if not isinstance(entries, list) or not entries:
        raise BuildError("pzl.catalog.entries() returned no puzzles; catalog.json would be empty")
    return (json.dumps(entries, ensure_ascii=False, indent=1) + "\n").encode()


def export_explanations() -> bytes:
    """explain.json: `pzl.explain.texts()`, the page's explanations of each algorithm and bound."""
    return (json.dumps(_package_json("pzl.explain.texts()", "the explanations"), ensure_ascii=False, indent=1)
            + "\n").encode()


def _package_json(expression: str, what: str) -> object:
    """The JSON value of `expression` (a pzl call) computed from the source tree in a fresh interpreter."""
    module = expression.rsplit(".", 1)[0]
    code = f"import json, {module}; print(json.dumps({expression}, ensure_ascii=False))"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}  # the catalog has box-drawing glyphs; any locale
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, encoding="utf-8")
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise BuildError(f"could not export {what}: `{expression}` failed in the source tree "
                         "(its traceback is above); fix pzl/ and build again")
    return json.loads(done.stdout)


# --------------------------------------------------------------------------- the site


def web_files() -> dict[str, Path]:
    """index.html and web/** as site path → source file."""
    if not (ROOT / "index.html").is_file():
        raise BuildError("index.html is missing from the repository root")
    files = {"index.html": ROOT / "index.html"}
    web = ROOT / "web"
    if web.is_dir():
        for path in package_files(web):
            if not path.name.startswith("."):
                files[path.relative_to(ROOT).as_posix()] = path
    return files


def front_end(files: dict[str, Path | bytes]) -> tuple[str, dict[str, Path | bytes]]:
    """The page's own files (`files`: web/** and the JSON the page reads) under one folder named for
    their content, `web/<hash>/`: (that folder, {site path: source}).

    A new build's page therefore never runs an old build's modules, whatever a cache still holds.
    """
    digest = hashlib.sha256()
    for path in sorted(files):
        source = files[path]
        digest.update(path.encode() + b"\0" + sha256_hex(source if isinstance(source, bytes) else source.read_bytes())
                      .encode())
    folder = f"web/{digest.hexdigest()[:12]}/"
    return folder, {folder + path.removeprefix("web/"): source for path, source in files.items()}


def page_naming(index: Path | bytes, folder: str) -> bytes:
    """index.html with its `web/…` references (src, href) pointing into the build's front-end folder."""
    html = index.decode() if isinstance(index, bytes) else index.read_text(encoding="utf-8")
    return re.sub(r'((?:src|href)=")web/', rf"\g<1>{folder}", html).encode()


def shell_list(front: Iterable[str]) -> list[str]:
    """What the service worker pre-caches when it installs: the page, the manifest and the front end."""
    return ["./", "index.html", "build.json", *sorted(front)]


def site_plan(pyodide_version: str, changes: dict[str, bytes] | None = None) -> dict[str, Path | bytes]:
    """Every file of site/ as site path → source file or content, compressed copies included.

    `changes` replace the page's sources (index.html, web/…) by path, e.g. a test's new release.
    """
    project = read_project()
    sources: dict[str, Path | bytes] = {**web_files(), **(changes or {})}
    worker_source = sources.pop("web/sw.js", None)
    index = sources.pop("index.html")
    folder, front = front_end({**sources, "catalog.json": export_catalog(), "explain.json": export_explanations()})
    plan: dict[str, Path | bytes] = {"index.html": page_naming(index, folder), **front}  # type: ignore[arg-type]
    runtime = NODE_MODULES / "pyodide"
    for name in (*PYODIDE_RUNTIME, PYODIDE_STDLIB):
        if not (runtime / name).is_file():
            raise BuildError(f"node_modules/pyodide/{name} is missing: delete node_modules and build again")
    runtime_paths = [f"pyodide/{pyodide_version}/{name}" for name in PYODIDE_RUNTIME]
    plan.update({path: runtime / name for path, name in zip(runtime_paths, PYODIDE_RUNTIME, strict=True)})
    wheel_path, wheel = build_wheel(project)
    plan[wheel_path] = wheel
    try:
        made = snapshot.make_snapshot(runtime, pyodide_version, wheel)
    except snapshot.SnapshotError as problem:
        raise BuildError(str(problem)) from None
    snapshot_path = f"snapshots/{sha256_hex(made.data)[:12]}/pzl-{project.version}-pyodide-{pyodide_version}.bin"
    plan[snapshot_path] = made.data
    library = stdlib.split_stdlib(runtime / PYODIDE_STDLIB, made.modules)
    library_folder = f"stdlib/{sha256_hex(library.boot + library.rest)[:12]}/"
    plan[library_folder + "boot.zip"], plan[library_folder + "rest.zip"] = library.boot, library.rest
    table_paths = {}
    for name, cached in ensure_tables().items():
        table_paths[name] = table_site_path(name, cached.read_bytes())
        plan[table_paths[name]] = cached
    version = content_version({**plan, **({"sw.js": worker_source} if worker_source is not None else {})})
    if worker_source is not None:
        plan["sw.js"] = Path(worker_source).read_text(encoding="utf-8").replace(VERSION_PLACEHOLDER, version).encode()
    copies = compressed(plan)
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    manifest = {
        "version": version, "front": folder, "pyodide": f"pyodide/{pyodide_version}/", "wheel": wheel_path,
        "snapshot": snapshot_path,
        "stdlib": {"boot": library_folder + "boot.zip", "rest": library_folder + "rest.zip",
                   "bootNames": library.boot_names, "restNames": library.rest_names},
        "tables": table_paths, "pyodideLock": lock["info"],
        "sizes": file_sizes(plan), "encodedSizes": encoded_sizes(copies),
        "precache": shell_list(front),
        # what the next visit needs first (the snapshot's boot), then the rest: the worker caches them
        "prefetch": [*runtime_paths, snapshot_path, wheel_path, library_folder + "boot.zip",
                     library_folder + "rest.zip", *sorted(table_paths.values())],
    }
    plan["build.json"] = (json.dumps(manifest, indent=1) + "\n").encode()
    plan.update(copies)
    plan.update(compressed({"build.json": plan["build.json"]}))
    return plan


def compressed(plan: dict[str, Path | bytes]) -> dict[str, bytes]:
    """The brotli and gzip copies worth having of the plan's files (tools/precompressed.py)."""
    try:
        return precompressed.compressed_copies(plan, COMPRESSED_CACHE)
    except precompressed.CompressionError as problem:
        raise BuildError(str(problem)) from None


def encoded_sizes(copies: dict[str, bytes]) -> dict[str, dict[str, int]]:
    """{site path: {"br": bytes, "gzip": bytes}} of the files that have compressed copies."""
    sizes: dict[str, dict[str, int]] = {}
    for path, data in sorted(copies.items()):
        for coding, suffix in precompressed.CODINGS:
            if path.endswith(suffix):
                sizes.setdefault(path.removesuffix(suffix), {})[coding] = len(data)
    return sizes


def file_sizes(plan: dict[str, Path | bytes]) -> dict[str, int]:
    """Each planned file's size in bytes (the page shows download progress against them)."""
    return {path: len(source) if isinstance(source, bytes) else source.stat().st_size
            for path, source in sorted(plan.items())}


def content_version(plan: dict[str, Path | bytes]) -> str:
    """A short hash of every planned file's path and content."""
    digest = hashlib.sha256()
    for path in sorted(plan):
        source = plan[path]
        digest.update(path.encode() + b"\0")
        digest.update(source if isinstance(source, bytes) else source.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def sync_site(plan: dict[str, Path | bytes], site: Path) -> int:
    """Make `site` hold exactly the plan, rewriting only what changed; returns files written."""
    written = 0
    for path, source in plan.items():
        target = site / path
        if isinstance(source, bytes):
            if target.is_file() and target.stat().st_size == len(source) and target.read_bytes() == source:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source)
        else:
            given, have = source.stat(), target.stat() if target.is_file() else None
            if have and have.st_size == given.st_size and have.st_mtime_ns == given.st_mtime_ns:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
        written += 1
    for stale in sorted(site.rglob("*"), reverse=True):  # children before their folders
        relative = stale.relative_to(site).as_posix()
        if stale.is_file() and relative not in plan:
            stale.unlink()
        elif stale.is_dir() and not any(stale.iterdir()):
            stale.rmdir()
    return written


def build() -> dict:
    """Build site/ and print a summary; returns build.json's content."""
    started = time.perf_counter()
    version = pinned_pyodide()
    ran_npm = ensure_node_modules(version)
    plan = site_plan(version)
    SITE.mkdir(exist_ok=True)
    written = sync_site(plan, SITE)
    manifest = json.loads(plan["build.json"])  # type: ignore[arg-type]
    sizes = {path: (SITE / path).stat().st_size for path in plan}
    print(f"build: site/ {len(plan)} files, {sum(sizes.values()) / 1e6:.1f} MB ({written} written"
          f"{', npm ci ran' if ran_npm else ''}) in {time.perf_counter() - started:.1f} s")
    print(f"build: version {manifest['version']}, pyodide {version}, "
          f"{manifest['wheel']} ({sizes[manifest['wheel']] / 1e3:.0f} kB)")
    return manifest


# --------------------------------------------------------------------------- serve


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder under a URL prefix with the MIME types Pyodide needs, over HTTP/1.1.

    A file with pre-compressed copies beside it (`x.wasm.br`, `x.wasm.gz`, written by the build) is
    answered with the copy the request's Accept-Encoding takes best and `Content-Encoding` (406 when
    it takes none). Connections are kept alive, and closed after IDLE_SECONDS without a request.
    Malformed requests get their status (400, 414, 431; 400 for an empty request line) and one log
    line, never a traceback; folders without an index.html get 404 (no listings).
    """

    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    quiet = False
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.0"   # a refused request line still gets a status line (not HTTP/0.9's bare body)
    #: A held connection that sends nothing for this long is closed (its thread ends).
    timeout = IDLE_SECONDS
    #: False: never answer with a compressed copy (a host that serves files as they are; tests).
    serve_copies = True
    #: When a list, every answered request is appended to it as (path as requested, status).
    journal: ClassVar[list[tuple[str, int]] | None] = None

    def parse_request(self) -> bool:
        """Also refuse an empty request line with 400 (the base class closes without a word)."""
        if self.raw_requestline.strip() == b"":
            self.command, self.request_version, self.requestline = None, self.default_request_version, ""
            self.send_error(400, "empty request line")
            return False
        return super().parse_request()

    def send_head(self):
        """404 outside the prefix; redirect the bare prefix to its folder URL; 400 for a path no file can have."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if any(char in urllib.parse.unquote(path) for char in "\x00\\") or not path.startswith("/"):
            self.send_error(400, "malformed path")
            return None
        if path + "/" == self.prefix:
            return self._redirect(self.prefix)
        if not path.startswith(self.prefix):
            self.send_error(404, f"outside the site prefix {self.prefix}")
            return None
        if not path.endswith("/") and os.path.isdir(self.translate_path("/" + path[len(self.prefix):])):
            return self._redirect(path + "/")
        self.path = "/" + self.path[len(self.prefix):]
        file = self.translate_path(self.path)
        if os.path.isdir(file):
            file = os.path.join(file, "index.html")
        if not os.path.isfile(file):
            return super().send_head()   # its 404 (or a folder's redirect)
        return self._send_file(file)

    def _send_file(self, file: str):
        """Headers for `file` or its compressed copy (by Accept-Encoding); the open file to send, or None."""
        copies = [coding for coding, suffix in precompressed.CODINGS
                  if self.serve_copies and os.path.isfile(file + suffix)]
        coding = precompressed.chosen_coding(self.headers.get("Accept-Encoding"), copies)
        if coding is precompressed.NOT_ACCEPTABLE:
            self.send_error(406, "no content coding this request accepts")
            return None
        served = file + dict(precompressed.CODINGS)[coding] if coding else file
        try:
            source = open(served, "rb")  # noqa: SIM115 - the caller sends and closes it
        except OSError:
            self.send_error(404, "File not found")
            return None
        try:
            stat = os.fstat(source.fileno())
            if self._unmodified_since(stat.st_mtime):
                self.send_response(304)
                self._content_headers(copies, coding)
                self.end_headers()
                source.close()
                return None
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(file))
            self.send_header("Content-Length", str(stat.st_size))
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
            self._content_headers(copies, coding)
            self.end_headers()
            return source
        except BaseException:
            source.close()
            raise

    def _content_headers(self, copies: list[str], coding: str | None) -> None:
        if coding:
            self.send_header("Content-Encoding", coding)
        if copies:
            self.send_header("Vary", "Accept-Encoding")

    def _unmodified_since(self, modified: float) -> bool:
        """True when If-Modified-Since (without If-None-Match) is at or after `modified`."""
        if "If-Modified-Since" not in self.headers or "If-None-Match" in self.headers:
            return False
        try:
            since = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"])
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if since.tzinfo is None:
            since = since.replace(tzinfo=datetime.UTC)
        return datetime.datetime.fromtimestamp(int(modified), datetime.UTC) <= since

    def log_error(self, format: str, *args) -> None:
        """A kept-alive connection closed for being idle is normal, not an error worth a line."""
        if not format.startswith("Request timed out"):
            super().log_error(format, *args)

    def list_directory(self, path):
        """No listings: a folder is served only through its index.html."""
        self.send_error(404, "no index.html in this folder")
        return None

    def _redirect(self, location: str) -> None:
        self.send_response(301)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def end_headers(self) -> None:
        """Revalidate the files that name everything else; the rest may be cached briefly."""
        path = getattr(self, "path", "")   # unset when the request line itself was refused
        name = path.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]
        if path.split("?", 1)[0].endswith("/") or name in ALWAYS_REVALIDATE:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if self.journal is not None:
            self.journal.append((self.requestline.split(" ")[1] if " " in self.requestline else "", int(code)))
        super().log_request(code, size)

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threaded server whose failures on one connection are one log line, not a traceback."""

    daemon_threads = True
    quiet = False

    def handle_error(self, request, client_address) -> None:
        problem = sys.exc_info()[1]
        if isinstance(problem, ConnectionError | TimeoutError) or self.quiet:
            return   # the client went away: nothing to report
        print(f"serve: request from {client_address[0]} failed: {type(problem).__name__}: {problem}",
              file=sys.stderr)


def normal_prefix(prefix: str) -> str:
    """A URL prefix that starts and ends with '/'."""
    return "/" + "/".join(part for part in prefix.split("/") if part) + "/" if prefix.strip("/") else "/"


def make_server(site: Path = SITE, host: str = "127.0.0.1", port: int = 0, prefix: str = "/",
                quiet: bool = False, journal: list[tuple[str, int]] | None = None,
                idle_seconds: float = IDLE_SECONDS) -> SiteServer:
    """A threaded HTTP server for `site` under `prefix` (port 0 picks a free port).

    With a `journal` list, every request is recorded in it as (path, status), for tests.
    """
    handler = type("Handler", (SiteHandler,), {"prefix": normal_prefix(prefix), "quiet": quiet, "journal": journal,
                                               "timeout": idle_seconds})
    server = SiteServer((host, port), partial(handler, directory=str(site)))
    server.quiet = quiet
    return server


def serve(port: int, host: str, prefix: str) -> None:
    """Build, then serve site/ until interrupted."""
    build()
    try:
        server = make_server(SITE, host, port, prefix)
    except OSError as problem:
        raise BuildError(f"cannot listen on {host}:{port} ({problem.strerror}); try --port 0 for a free port") from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    print(f"serving site/ at http://{shown}:{server.server_address[1]}{normal_prefix(prefix)}  (Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test / lint


def venv_python() -> Path:
    """The test virtual environment's interpreter."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_build_venv() -> Path:
    """.venv with the build backend pyproject.toml declares (what `make_wheel` builds with); its python."""
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


CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


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


# --------------------------------------------------------------------------- Firefox and WebKit (cross-engine tests)

#: The Debian packages of the engines tests/e2e/test_engines_smoke.py drives besides Chromium: Firefox ESR
#: (over WebDriver BiDi, by npm puppeteer-core) and WebKitGTK's MiniBrowser (through WebKitWebDriver, under Xvfb).
ENGINE_PACKAGES = {"firefox": ["firefox-esr"], "webkit": ["webkit2gtk-driver", "xvfb"]}


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
    command = [str(python), "-m", "pytest", "--durations=10", "--timeout=300", "--screenshot=only-on-failure",
               *pytest_args]
    status = subprocess.run(command, cwd=ROOT, env=env).returncode
    print(f"test: pytest exited {status}; whole run {time.perf_counter() - started:.0f} s", flush=True)
    return status


def lint() -> int:
    """ruff over the package, tests, benchmarks and this file."""
    python = ensure_venv()
    targets = [name for name in ("pzl", "tests", "bench", "build.py") if (ROOT / name).exists()]
    return subprocess.run([str(python), "-m", "ruff", "check", *targets], cwd=ROOT).returncode


# --------------------------------------------------------------------------- helpers and main


def sha256_hex(data: bytes) -> str:
    """The sha256 of `data` in hex."""
    return hashlib.sha256(data).hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Run one build.py command; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"]:  # everything after `test` belongs to pytest, unparsed
        command, rest = "test", argv[1:]
    else:
        parser = argparse.ArgumentParser(prog="python build.py", description=__doc__.split("\n\n")[0])
        commands = parser.add_subparsers(dest="command")
        commands.add_parser("build", help="build site/ (the default)")
        commands.add_parser("tables", help="make the pattern tables (cached in .cache/tables/) and install them")
        serving = commands.add_parser("serve", help="build, then serve site/ over HTTP")
        serving.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
        serving.add_argument("--host", nargs="?", default="127.0.0.1", const="0.0.0.0",
                             help="address to listen on (default 127.0.0.1; --host alone means every interface)")
        serving.add_argument("--prefix", default="/", help="serve the site under this URL path, e.g. /pzl/")
        commands.add_parser("test", help="set up .venv and Chromium, build, run every test (args go to pytest)")
        commands.add_parser("lint", help="ruff check")
        args = parser.parse_args(argv)
        command, rest = args.command or "build", []
    try:
        if command == "build":
            build()
            return 0
        if command == "tables":
            for name, cached in ensure_tables().items():
                print(f"tables: {name}: {cached.relative_to(ROOT)} ({cached.stat().st_size:,} bytes), "
                      f"installed in {TABLES_PACKAGE.relative_to(ROOT)}")
            return 0
        if command == "serve":
            serve(args.port, args.host, args.prefix)
            return 0
        if command == "lint":
            return lint()
        return test(rest)
    except BuildError as problem:
        print(f"build.py: {problem}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
