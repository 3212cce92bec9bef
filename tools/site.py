"""The deployable site: every file of site/ planned from the sources, then synced into site/.

Content-named folders (web/<hash>/, wheels/<hash>/, ...) keep every cache honest; how the page
boots from these files: docs/web.md, "Booting".
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from tools import precompressed, snapshot, stdlib
from tools.install import ensure_node_modules
from tools.project import (
    NODE_MODULES,
    ROOT,
    SITE,
    BuildError,
    package_files,
    pinned_pyodide,
    read_project,
    sha256_hex,
)
from tools.tables import ensure_tables, table_site_path
from tools.wheel import build_wheel

#: Brotli and gzip copies of the site's files, kept by the content they compress.
COMPRESSED_CACHE = ROOT / ".cache" / "compressed"
#: What Pyodide needs to boot with no extra packages (the worker hands it the lock file's
#: `info` from build.json, so pyodide-lock.json itself is not shipped; the standard library is
#: shipped split in two, tools/stdlib.py).
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_STDLIB = "python_stdlib.zip"
#: The placeholder in web/sw.js that the root copy gets the build version in.
VERSION_PLACEHOLDER = "__PZL_BUILD_VERSION__"


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
