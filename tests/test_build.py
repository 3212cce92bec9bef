"""build.py's pieces: the wheel it writes, the site it syncs, the server that serves it."""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest

import tools.browsers
import tools.project
import tools.server
import tools.site
import tools.tables
import tools.wheel

PYPROJECT = b"""[build-system]
requires = ["setuptools"]
build-backend = "setuptools.build_meta"

[project]
name = "pzl"
version = "0.1.0"
description = "a summary"
requires-python = ">=3.11"

[project.scripts]
pzl = "pzl.__main__:main"

[tool.setuptools.packages.find]
include = ["pzl*"]
"""
FILES = [("pyproject.toml", PYPROJECT), ("pzl/__init__.py", b"VALUE = 1\n"), ("pzl/__main__.py", b"def main(): 0\n"),
         ("pzl/sub/__init__.py", b""), ("pzl/sub/mod.py", b"X = 2\n")]
JOURNAL: list[tuple[str, int]] = []


def open_wheel(data: bytes) -> zipfile.ZipFile:
    return zipfile.ZipFile(BytesIO(data))


@pytest.fixture(scope="module")
def small_wheel() -> bytes:
    """A wheel pip builds from FILES (as build.py builds pzl's)."""
    return tools.wheel.make_wheel(FILES)


@pytest.fixture(scope="module")
def real_wheel() -> tuple[str, bytes]:
    return tools.wheel.build_wheel(tools.project.read_project())


def test_wheel_is_byte_for_byte_reproducible(small_wheel: bytes) -> None:
    assert tools.wheel.make_wheel(list(reversed(FILES))) == small_wheel


def test_wheel_changes_when_a_source_changes(small_wheel: bytes) -> None:
    changed = [*FILES[:-1], ("pzl/sub/mod.py", b"X = 3\n")]
    assert tools.wheel.make_wheel(changed) != small_wheel


def test_wheel_record_lists_every_file_with_its_sha256(small_wheel: bytes) -> None:
    with open_wheel(small_wheel) as wheel:
        record = wheel.read("pzl-0.1.0.dist-info/RECORD").decode().splitlines()
        listed = {line.split(",")[0]: line.split(",")[1:] for line in record}
        assert set(listed) == set(wheel.namelist())
        for name in wheel.namelist():
            if name.endswith("RECORD"):
                assert listed[name] == ["", ""]
                continue
            data = wheel.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert listed[name] == [f"sha256={digest}", str(len(data))]


def test_wheel_metadata_names_a_pure_python_wheel(small_wheel: bytes) -> None:
    with open_wheel(small_wheel) as wheel:
        metadata = wheel.read("pzl-0.1.0.dist-info/METADATA").decode()
        tags = wheel.read("pzl-0.1.0.dist-info/WHEEL").decode()
        assert "Name: pzl\n" in metadata and "Version: 0.1.0\n" in metadata
        assert "Tag: py3-none-any\n" in tags and "Root-Is-Purelib: true\n" in tags
        assert wheel.read("pzl-0.1.0.dist-info/top_level.txt") == b"pzl\n"
        assert "pzl = pzl.__main__:main" in wheel.read("pzl-0.1.0.dist-info/entry_points.txt").decode()


def test_real_wheel_holds_every_package_source(real_wheel: tuple[str, bytes]) -> None:
    path, data = real_wheel
    sources = {p.relative_to(tools.project.ROOT).as_posix() for p in (tools.project.ROOT / "pzl").rglob("*.py")
               if "__pycache__" not in p.parts}
    with open_wheel(data) as wheel:
        names = set(wheel.namelist())
        assert sources <= names
        packaged = {p.relative_to(tools.project.ROOT).as_posix() for p in tools.project.package_files(
            tools.project.ROOT / "pzl") if tools.project.TABLES_PACKAGE not in p.parents}   # data files too
        assert {name for name in names if not name.startswith("pzl-0.1.0.dist-info/")} == packaged
        assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
        assert "pzl-0.1.0.dist-info/entry_points.txt" in names
    assert path.endswith("/pzl-0.1.0-py3-none-any.whl")
    assert path.split("/")[1] == hashlib.sha256(data).hexdigest()[:12]


def test_the_wheel_leaves_the_pattern_tables_to_the_site(real_wheel: tuple[str, bytes]) -> None:
    with open_wheel(real_wheel[1]) as wheel:
        assert not [name for name in wheel.namelist() if name.endswith(".pzt")]


def test_the_wheel_is_built_with_the_backend_pyproject_declares(real_wheel: tuple[str, bytes]) -> None:
    (pinned,) = tools.project.build_requirements()
    name, _, version = pinned.partition("==")
    assert name == "setuptools" and version, "pin the build backend exactly: the site's wheel is built with it"
    with open_wheel(real_wheel[1]) as wheel:
        assert f"Generator: setuptools ({version})" in wheel.read("pzl-0.1.0.dist-info/WHEEL").decode()


def test_pattern_tables_are_shipped_named_for_their_content_and_pre_cached(built_site: Path,
                                                                          site_manifest: dict) -> None:
    from pzl.sliding.engines import pdb_file, tables

    assert set(site_manifest["tables"]) == {spec.file_name for spec in tables.SPECS if spec.shipped}
    for name, url in site_manifest["tables"].items():
        data = (built_site / url).read_bytes()
        assert url == tools.tables.table_site_path(name, data) and url.startswith("tables/")
        assert url in site_manifest["prefetch"]  # cached in the background after the boot, not before
        header, _ = pdb_file.header_of(data)
        spec = next(spec for spec in tables.SPECS if spec.file_name == name)
        assert header["generator"] == tables.generator_key(spec)   # made by the generator in this tree
        assert (tools.project.TABLES_PACKAGE / name).read_bytes() == data   # the CLI reads the same file


#: A stand-in for the table generator: it starts a worker process, writes the worker's pid, and both wait.
GENERATOR_WITH_A_WORKER = """
import subprocess, sys, time
worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
open(sys.argv[1], "w").write(str(worker.pid))
time.sleep(60)
"""
#: build.py's side: run_generator on that stand-in.
BUILD_RUNNING_IT = "import sys; from tools.tables import run_generator; run_generator(sys.argv[1:])"


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=lambda stop: stop.name)
def test_a_table_build_stopped_early_ends_the_generator_s_workers_too(tmp_path: Path, stop: signal.Signals) -> None:
    told = tmp_path / "worker.pid"
    build = subprocess.Popen([sys.executable, "-c", BUILD_RUNNING_IT, sys.executable, "-c", GENERATOR_WITH_A_WORKER,
                              str(told)], cwd=tools.project.ROOT, stderr=subprocess.PIPE,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as in a terminal
    deadline = time.monotonic() + 30
    while not (told.exists() and told.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    worker = int(told.read_text())
    build.send_signal(stop)   # build.py alone, not its group: the worker would live on unless build.py ends it
    _, errors = build.communicate(timeout=30)
    assert build.returncode != 0 and b"KeyboardInterrupt" in errors
    deadline = time.monotonic() + 10
    while worker_alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not worker_alive(worker)


def worker_alive(pid: int) -> bool:
    """True while process `pid` runs (on Linux a zombie, ended but not yet reaped by init, counts as ended)."""
    if not Path("/proc").is_dir():
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_shell_starts_with_the_page_then_the_manifest_and_the_front_end() -> None:
    listed = tools.site.shell_list(["web/abc/style.css", "web/abc/app.js", "web/abc/catalog.json"])
    assert listed == ["./", "index.html", "build.json", "web/abc/app.js", "web/abc/catalog.json", "web/abc/style.css"]


def test_the_front_end_lives_in_one_folder_named_for_its_content() -> None:
    folder, files = tools.site.front_end({"web/app.js": b"one", "catalog.json": b"[]"})
    assert folder.startswith("web/") and folder.endswith("/") and len(folder) == len("web/") + 12 + 1
    assert files == {folder + "app.js": b"one", folder + "catalog.json": b"[]"}
    changed, _ = tools.site.front_end({"web/app.js": b"two", "catalog.json": b"[]"})
    assert changed != folder  # a changed module: a new folder, so no cache can serve the old one for it


def test_the_page_names_the_front_end_in_its_folder(tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    page.write_text('<link href="web/style.css"><script src="web/app.js"></script><a href="https://x/web/y">')
    named = tools.site.page_naming(page, "web/0123456789ab/").decode()
    assert named == ('<link href="web/0123456789ab/style.css"><script src="web/0123456789ab/app.js"></script>'
                     '<a href="https://x/web/y">')


def test_sync_site_writes_the_plan_and_removes_stale_files(tmp_path: Path) -> None:
    source = tmp_path / "source.txt"
    source.write_text("copied")
    site = tmp_path / "site"
    (site / "old" / "deep").mkdir(parents=True)
    (site / "old" / "deep" / "stale.txt").write_text("stale")
    plan = {"a/b.txt": b"written", "c.txt": source}
    assert tools.site.sync_site(plan, site) == 2
    assert (site / "a" / "b.txt").read_bytes() == b"written"
    assert (site / "c.txt").read_text() == "copied"
    assert not (site / "old").exists()
    assert tools.site.sync_site(plan, site) == 0


@pytest.mark.parametrize(("given", "normal"), [("/", "/"), ("", "/"), ("pzl", "/pzl/"), ("/a/b", "/a/b/"),
                                              ("/a//b/", "/a/b/")])
def test_prefix_is_normalised_to_slashes_at_both_ends(given: str, normal: str) -> None:
    assert tools.server.normal_prefix(given) == normal


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = tmp_path_factory.mktemp("site")
    for name in ("index.html", "build.json", "sw.js", "a.wasm", "a.mjs", "p.whl", "i.svg", "web/x.js"):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(b"x")
    server = tools.server.make_server(site, port=0, prefix="/pzl/sub/", quiet=True, journal=JOURNAL)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def fetch(url: str) -> tuple[int, dict[str, str]]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(url) as response:
            return response.status, {key.title(): value for key, value in response.headers.items()}
    except urllib.error.HTTPError as error:
        return error.code, {key.title(): value for key, value in error.headers.items()}


@pytest.mark.parametrize(("name", "mime"), [("a.wasm", "application/wasm"), ("a.mjs", "text/javascript"),
                                            ("web/x.js", "text/javascript"), ("build.json", "application/json"),
                                            ("p.whl", "application/octet-stream"), ("i.svg", "image/svg+xml")])
def test_server_sends_the_mime_types_pyodide_needs(served: str, name: str, mime: str) -> None:
    status, headers = fetch(f"{served}/pzl/sub/{name}")
    assert status == 200
    assert headers["Content-Type"].split(";")[0] == mime


def test_server_answers_nothing_outside_its_prefix(served: str) -> None:
    assert fetch(f"{served}/index.html")[0] == 404
    assert fetch(f"{served}/pzl/index.html")[0] == 404


def test_server_journal_records_each_request_and_its_status(served: str) -> None:
    fetch(f"{served}/pzl/sub/a.wasm?v=1")
    fetch(f"{served}/elsewhere.js")
    assert JOURNAL[-2:] == [("/pzl/sub/a.wasm?v=1", 200), ("/elsewhere.js", 404)]


def test_server_redirects_folders_to_their_slash_url_inside_the_prefix(served: str) -> None:
    for path, location in (("/pzl/sub", "/pzl/sub/"), ("/pzl/sub/web", "/pzl/sub/web/")):
        status, headers = fetch(served + path)
        assert (status, headers["Location"]) == (301, location)


@pytest.mark.parametrize("name", ["", "index.html", "build.json", "sw.js"])
def test_server_asks_to_revalidate_the_files_that_name_the_rest(served: str, name: str) -> None:
    status, headers = fetch(f"{served}/pzl/sub/{name}")
    assert status == 200
    assert headers.get("Cache-Control") == "no-cache"


def test_server_lets_versioned_files_be_kept_a_year_and_never_a_missing_one(served: str) -> None:
    assert fetch(f"{served}/pzl/sub/p.whl")[1]["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Cache-Control" not in fetch(f"{served}/pzl/sub/missing.whl")[1]


# --------------------------------------------------------------------------- compressed copies, HTTP/1.1

#: A compressible file with both copies beside it (what the build writes), and one without copies.
PLAIN = b"let x = 1;\n" * 400
COPIES = {"web/big.js": PLAIN, "web/big.js.br": b"BROTLI-BYTES", "web/big.js.gz": b"GZIP-BYTES", "web/small.js": b"x"}


@pytest.fixture(scope="module")
def compressed_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """A site with pre-compressed copies served at the root with a 1-second idle limit; yields its port."""
    site = tmp_path_factory.mktemp("compressed")
    for name, data in COPIES.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(data)
    server = tools.server.make_server(site, port=0, quiet=True, idle_seconds=1)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def ask(port: int, path: str, method: str = "GET", **headers: str) -> tuple[int, dict[str, str], bytes]:
    """One request on a new connection: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@pytest.mark.parametrize(("accept", "body", "coding"), [
    (None, PLAIN, None),
    ("identity", PLAIN, None),
    ("gzip, deflate, br, zstd", b"BROTLI-BYTES", "br"),
    ("gzip", b"GZIP-BYTES", "gzip"),
    ("br;q=0.4, gzip;q=0.9", b"GZIP-BYTES", "gzip"),
    ("br;q=0, gzip;q=0", PLAIN, None),
])
def test_server_answers_with_the_copy_accept_encoding_takes(compressed_site: int, accept: str | None, body: bytes,
                                                            coding: str | None) -> None:
    status, headers, answer = ask(compressed_site, "/web/big.js", **({"Accept-Encoding": accept} if accept else {}))
    assert (status, answer, headers.get("Content-Encoding")) == (200, body, coding)
    assert headers["Content-Type"] == "text/javascript" and headers["Content-Length"] == str(len(body))
    assert headers["Vary"] == "Accept-Encoding"  # caches keep one answer per Accept-Encoding


def test_a_file_without_copies_is_sent_as_it_is_and_varies_on_nothing(compressed_site: int) -> None:
    status, headers, answer = ask(compressed_site, "/web/small.js", **{"Accept-Encoding": "br, gzip"})
    assert (status, answer) == (200, b"x")
    assert "Content-Encoding" not in headers and "Vary" not in headers


def test_head_gives_the_headers_of_get_and_no_body(compressed_site: int) -> None:
    got = ask(compressed_site, "/web/big.js", **{"Accept-Encoding": "br"})
    status, headers, body = ask(compressed_site, "/web/big.js", "HEAD", **{"Accept-Encoding": "br"})
    assert (status, body) == (200, b"")
    assert {key: headers[key] for key in ("Content-Encoding", "Content-Length", "Content-Type", "Vary")} == \
        {key: got[1][key] for key in ("Content-Encoding", "Content-Length", "Content-Type", "Vary")}


def test_a_request_refusing_every_coding_it_could_get_is_answered_406(compressed_site: int) -> None:
    assert ask(compressed_site, "/web/big.js", **{"Accept-Encoding": "identity;q=0"})[0] == 406
    assert ask(compressed_site, "/web/big.js", **{"Accept-Encoding": "br, identity;q=0"})[0] == 200


def test_a_range_request_gets_the_whole_file(compressed_site: int) -> None:
    """Ranges are not supported: the whole file, 200, no Accept-Ranges (as RFC 9110 allows)."""
    status, headers, body = ask(compressed_site, "/web/big.js", Range="bytes=0-9")
    assert (status, body) == (200, PLAIN) and "Accept-Ranges" not in headers


def test_a_copy_unmodified_since_is_answered_304_with_its_coding(compressed_site: int) -> None:
    _, headers, _ = ask(compressed_site, "/web/big.js", **{"Accept-Encoding": "gzip"})
    status, again, body = ask(compressed_site, "/web/big.js", **{"Accept-Encoding": "gzip",
                                                                 "If-Modified-Since": headers["Last-Modified"]})
    assert (status, body, again.get("Content-Encoding")) == (304, b"", "gzip")


def test_the_server_keeps_a_connection_alive_for_several_requests(compressed_site: int) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", compressed_site, timeout=10)
    try:
        for accept in ("br", "gzip", "identity"):
            connection.request("GET", "/web/big.js", headers={"Accept-Encoding": accept})
            response = connection.getresponse()
            assert response.version == 11 and response.status == 200
            response.read()
            assert response.getheader("Connection") != "close"
        assert connection.sock is not None  # the same socket all along
    finally:
        connection.close()


def test_an_idle_connection_is_closed_after_the_idle_limit(compressed_site: int) -> None:
    with socket.create_connection(("127.0.0.1", compressed_site), timeout=10) as connection:
        started = time.monotonic()
        assert connection.recv(1) == b""  # the server hangs up (idle_seconds=1), its thread with it
        assert 0.5 < time.monotonic() - started < 8


def test_an_empty_request_is_answered_400(compressed_site: int) -> None:
    answer = raw_request(compressed_site, b"\r\n\r\n")
    assert status_of(answer) == 400


# --------------------------------------------------------------------------- the built site (after `python build.py`)


def test_build_json_names_the_runtime_and_wheel_by_relative_urls(built_site: Path, site_manifest: dict) -> None:
    assert site_manifest["pyodide"] == "pyodide/314.0.7/"
    assert (built_site / site_manifest["pyodide"] / "pyodide.asm.wasm").is_file()
    assert (built_site / site_manifest["wheel"]).is_file()
    for url in [site_manifest["pyodide"], site_manifest["wheel"], *site_manifest["precache"]]:
        assert not url.startswith(("/", "http:", "https:")), url


def test_every_precached_url_is_a_built_file(built_site: Path, site_manifest: dict) -> None:
    for url in site_manifest["precache"] + site_manifest["prefetch"]:
        assert (built_site / (url if url != "./" else "index.html")).is_file(), url


def test_everything_built_is_cached_except_the_service_worker_and_the_compressed_copies(
        built_site: Path, site_manifest: dict) -> None:
    built = {path.relative_to(built_site).as_posix() for path in built_site.rglob("*") if path.is_file()}
    originals = {path for path in built if not path.endswith((".br", ".gz"))}
    assert originals - set(site_manifest["precache"]) - set(site_manifest["prefetch"]) == {"sw.js"}
    assert not set(site_manifest["precache"]) & set(site_manifest["prefetch"])


def test_every_compressible_file_has_its_copies_listed_with_their_sizes(built_site: Path, site_manifest: dict) -> None:
    for path, sizes in site_manifest["encodedSizes"].items():
        for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if coding in sizes:
                assert (built_site / (path + suffix)).stat().st_size == sizes[coding], path
    runtime = site_manifest["pyodide"]
    for path in (f"{runtime}pyodide.asm.wasm", f"{runtime}pyodide.asm.mjs", site_manifest["snapshot"],
                 site_manifest["stdlib"]["boot"], site_manifest["front"] + "app.js", "index.html"):
        assert site_manifest["encodedSizes"][path]["br"] < site_manifest["sizes"][path] * 0.5, path


def test_the_brotli_and_gzip_copies_decode_to_the_file(built_site: Path, site_manifest: dict) -> None:
    import gzip

    path = site_manifest["front"] + "app.js"
    assert gzip.decompress((built_site / (path + ".gz")).read_bytes()) == (built_site / path).read_bytes()
    node = shutil.which("node")
    if node:  # brotli is not in Python's standard library
        done = subprocess.run([node, "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
                               "require('fs').readFileSync(process.argv[1])))", str(built_site / (path + ".br"))],
                              capture_output=True, check=True)
        assert done.stdout == (built_site / path).read_bytes()


def test_root_service_worker_carries_the_build_version(built_site: Path, site_manifest: dict) -> None:
    root_copy = (built_site / "sw.js").read_text(encoding="utf-8")
    assert tools.site.VERSION_PLACEHOLDER not in root_copy
    assert site_manifest["version"] in root_copy


def test_catalog_json_is_the_package_catalog(built_site: Path, site_manifest: dict) -> None:
    from pzl import catalog

    front = built_site / site_manifest["front"]
    assert json.loads((front / "catalog.json").read_text(encoding="utf-8")) == catalog.entries()


def test_explain_json_is_the_package_explanations(built_site: Path, site_manifest: dict) -> None:
    from pzl import explain

    front = built_site / site_manifest["front"]
    assert json.loads((front / "explain.json").read_text(encoding="utf-8")) == explain.texts()


def test_the_page_loads_its_modules_from_the_builds_front_end_folder(built_site: Path, site_manifest: dict) -> None:
    page = (built_site / "index.html").read_text(encoding="utf-8")
    named = re.findall(r'(?:src|href)="([^"#]+)"', page)
    assert named and all(name.startswith(site_manifest["front"]) for name in named), named
    assert all((built_site / name).is_file() for name in named)


def test_runtime_files_are_the_pinned_npm_package(built_site: Path) -> None:
    runtime = tools.project.NODE_MODULES / "pyodide"
    for name in tools.site.PYODIDE_RUNTIME:
        assert (built_site / "pyodide" / "314.0.7" / name).read_bytes() == (runtime / name).read_bytes(), name


def test_file_sizes_gives_each_planned_file_its_byte_count(tmp_path: Path) -> None:
    source = tmp_path / "web.js"
    source.write_bytes(b"x" * 1234)
    sizes = tools.site.file_sizes({"b.bin": b"\0" * 10, "web/web.js": source})
    assert sizes == {"b.bin": 10, "web/web.js": 1234}


def test_the_manifest_names_the_snapshot_and_every_file_size(built_site: Path) -> None:
    manifest = json.loads((built_site / "build.json").read_text())
    assert manifest["snapshot"].startswith("snapshots/") and manifest["snapshot"].endswith(".bin")
    for path in manifest["precache"] + manifest["prefetch"]:
        if path not in ("./", "build.json"):
            assert manifest["sizes"][path] == (built_site / path).stat().st_size, path
    assert "pyodide-lock.json" not in " ".join(manifest["precache"])  # the worker hands Pyodide its `info`


# --------------------------------------------------------------------------- malformed HTTP (raw sockets)


@pytest.fixture
def loud_server(tmp_path: Path) -> Iterator[tuple[int, list[tuple[str, int]]]]:
    """A server that logs (not quiet), with a folder that has no index.html; yields (port, journal)."""
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "x.js").write_bytes(b"x")
    (tmp_path / "index.html").write_bytes(b"<!doctype html>")
    journal: list[tuple[str, int]] = []
    server = tools.server.make_server(tmp_path, port=0, journal=journal)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield server.server_address[1], journal
    server.shutdown()
    server.server_close()


def raw_request(port: int, data: bytes) -> bytes:
    """Send raw bytes, read the whole answer (the server closes the connection)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(data)
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:   # the server closed with part of an over-long request unread
            pass
    return answer


def status_of(answer: bytes) -> int | None:
    first = answer.split(b"\r\n", 1)[0].split()
    return int(first[1]) if len(first) >= 2 and first[0].startswith(b"HTTP/") else None


@pytest.mark.parametrize(("data", "status"), [
    (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", 414),
    (b"BREW /pot HTTP/9.9 please\r\n\r\n", 400),
    (b"GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /web/%00/x.js HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET http://elsewhere/index.html HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /web/ HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    (b"GET / HTTP/1.1\r\nX: " + b"y" * 70_000 + b"\r\n\r\n", 431),
    (b"GET /../../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 404),
])
def test_malformed_requests_get_their_status_and_no_traceback(loud_server, capfd, data: bytes, status: int) -> None:
    port, journal = loud_server
    answer = raw_request(port, data)
    assert status_of(answer) == status, answer[:200]
    assert journal and journal[-1][1] == status
    again = raw_request(port, b"GET /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert again.startswith(b"HTTP/1.1 200")
    log = capfd.readouterr().err
    assert "Traceback" not in log and "failed:" not in log, log


def test_a_garbage_request_line_is_refused_with_400(loud_server, capfd) -> None:
    port, journal = loud_server
    raw_request(port, b"\x00\x01garbage\r\n\r\n")
    assert journal[-1][1] == 400
    assert "Traceback" not in capfd.readouterr().err


def test_folders_are_never_listed(loud_server) -> None:
    port, _ = loud_server
    answer = raw_request(port, b"GET /web/ HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status_of(answer) == 404 and b"x.js" not in answer


# ---- Firefox and WebKit for the cross-engine tests ------------------------------------------------

def test_firefox_is_found_by_its_variable_first(monkeypatch, tmp_path: Path) -> None:
    firefox = tmp_path / "firefox"
    firefox.write_text("#!/bin/sh\n")
    firefox.chmod(0o755)
    monkeypatch.setenv("PZL_FIREFOX", str(firefox))
    assert tools.browsers.find_firefox() == str(firefox)
    monkeypatch.setenv("PZL_FIREFOX", str(tmp_path / "missing"))
    assert tools.browsers.find_firefox() is None


def test_webkit_needs_a_display_or_xvfb(monkeypatch, tmp_path: Path) -> None:
    for name in ("WebKitWebDriver", "MiniBrowser"):
        (tmp_path / name).write_text("#!/bin/sh\n")
        (tmp_path / name).chmod(0o755)
    monkeypatch.setenv("PZL_WEBKIT_DRIVER", str(tmp_path / "WebKitWebDriver"))
    monkeypatch.setenv("PZL_MINIBROWSER", str(tmp_path / "MiniBrowser"))
    monkeypatch.setenv("DISPLAY", ":0")
    assert tools.browsers.find_webkit() == (str(tmp_path / "WebKitWebDriver"), str(tmp_path / "MiniBrowser"))
    monkeypatch.delenv("DISPLAY")
    monkeypatch.setenv("PATH", str(tmp_path))   # no Xvfb on it
    assert tools.browsers.find_webkit() is None


def test_engines_that_cannot_be_installed_are_said_and_left_out(monkeypatch, capsys) -> None:
    """Not root on Debian: a message naming them, no error (their tests skip, saying so)."""
    monkeypatch.setattr(tools.browsers, "find_firefox", lambda: None)
    monkeypatch.setattr(tools.browsers, "find_webkit", lambda: None)

    def refuse(packages: list[str], otherwise: str) -> None:
        raise tools.project.BuildError(otherwise)

    monkeypatch.setattr(tools.browsers, "apt_install", refuse)
    assert tools.browsers.ensure_engines() == {}
    said = capsys.readouterr().out
    assert "firefox or webkit" in said and "firefox-esr webkit2gtk-driver xvfb" in said
    assert "the firefox and webkit tests will be skipped" in said
