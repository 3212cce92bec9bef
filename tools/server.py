"""`build.py serve`: site/ over HTTP/1.1 under any URL prefix, with the MIME types Pyodide needs
and the pre-compressed copies the build wrote (as nginx's gzip_static/brotli_static would)."""

from __future__ import annotations

import datetime
import email.utils
import functools
import http.server
import os
import sys
import urllib.parse
from pathlib import Path
from typing import ClassVar

from tools import precompressed
from tools.project import SITE, BuildError
from tools.site import build

#: Served with `Cache-Control: no-cache`: they name everything else, which is versioned.
ALWAYS_REVALIDATE = ("index.html", "build.json", "sw.js")
#: Everything else is versioned by its path (a content hash or a version in a folder's name): kept a year.
VERSIONED_CACHE = "public, max-age=31536000, immutable"
#: `build.py serve` closes a kept-alive connection after this many seconds without a request.
IDLE_SECONDS = 15
#: What each file is served as (a wrong type for .wasm makes Pyodide's boot hang silently).
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
        if not self._revalidated():
            self.send_header("Cache-Control", VERSIONED_CACHE)
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

    def _revalidated(self) -> bool:
        """Whether the request names a file that names everything else (a folder is its index.html)."""
        path = getattr(self, "path", "").split("?", 1)[0]   # unset when the request line itself was refused
        return path.endswith("/") or path.rsplit("/", 1)[-1] in ALWAYS_REVALIDATE

    def end_headers(self) -> None:
        """Revalidate the files that name everything else (a file sent says how long it may be kept)."""
        if self._revalidated():
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
    server = SiteServer((host, port), functools.partial(handler, directory=str(site)))
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
