"""Pre-compressed copies of the site's files: made once by the build, chosen per request by a server.

Beside every compressible file the site holds `NAME.br` (brotli) and `NAME.gz` (gzip) when they
save enough; a server answers a request for NAME with one of them and `Content-Encoding` when the
browser's `Accept-Encoding` takes it (nginx's `brotli_static`/`gzip_static`, `build.py serve`).
Brotli comes from Node's zlib (Python's standard library has none; Node builds the snapshot
anyway); copies are kept in .cache/compressed/ by their content, so a build compresses only
what changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

#: Content codings the site has copies for, best first: (coding, the copy's suffix).
CODINGS: tuple[tuple[str, str], ...] = (("br", ".br"), ("gzip", ".gz"))
#: File suffixes worth trying (the rest are images or compressed already, e.g. the wheel).
COMPRESSIBLE = frozenset({".wasm", ".mjs", ".js", ".css", ".html", ".json", ".svg", ".zip", ".txt",
                          ".webmanifest", ".bin", ".pzt"})
#: A copy is kept only when it saves at least this share of the file and this many bytes.
MIN_SAVING = 0.05
MIN_SAVED_BYTES = 512
#: Brotli at its best (quality 11, a 16 MB window): slow to make (about 3 s a MB), as quick as
#: any to decode; paid once per content thanks to the cache.
BROTLI_QUALITY = 11
BROTLI_WINDOW_BITS = 24
GZIP_LEVEL = 9

#: Node script: compress each {source, out, coding} job with zlib, the jobs in parallel threads.
COMPRESS_SCRIPT = """
const { readFile, writeFile } = await import("node:fs/promises");
const zlib = await import("node:zlib");
const { promisify } = await import("node:util");
const brotli = promisify(zlib.brotliCompress), gzip = promisify(zlib.gzip);
const { jobs, quality, window, level } = JSON.parse(process.env.PZL_COMPRESS);
await Promise.all(jobs.map(async ({ source, out, coding }) => {
  const data = await readFile(source);
  const packed = coding === "br"
    ? await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_LGWIN]: window, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
    : await gzip(data, { level });
  await writeFile(out, packed);
}));
"""


class CompressionError(Exception):
    """Node could not make the compressed copies; the message says why."""


def is_compressible(path: str) -> bool:
    """True when a site file of this name is worth a compressed copy (by its suffix)."""
    return Path(path).suffix in COMPRESSIBLE


def compressed_copies(plan: Mapping[str, Path | bytes], cache: Path) -> dict[str, bytes]:
    """The `.br`/`.gz` copies worth keeping of the plan's compressible files, as site path → bytes.

    Made by Node (brotli and gzip in parallel threads) for what `cache` does not hold yet.
    """
    wanted = {path: source for path, source in plan.items() if is_compressible(path)}
    keys = {path: _content_key(source) for path, source in wanted.items()}
    cache.mkdir(parents=True, exist_ok=True)
    missing = [(path, coding) for path in wanted for coding, suffix in CODINGS
               if not (cache / f"{keys[path]}{suffix}").is_file()]
    if missing:
        _compress_with_node([(wanted[path], cache / f"{keys[path]}{dict(CODINGS)[coding]}", coding)
                             for path, coding in missing])
    copies = {}
    for path, source in wanted.items():
        size = len(source) if isinstance(source, bytes) else source.stat().st_size
        for _, suffix in CODINGS:
            kept = cache / f"{keys[path]}{suffix}"
            kept.touch()  # recently used: kept longest
            packed = kept.read_bytes()
            if size - len(packed) >= max(MIN_SAVED_BYTES, MIN_SAVING * size):
                copies[path + suffix] = packed
    _forget_old(cache)
    return copies


def _content_key(source: Path | bytes) -> str:
    """A name for a file's content and the settings it is compressed with."""
    digest = hashlib.sha256(source if isinstance(source, bytes) else source.read_bytes())
    digest.update(f"{BROTLI_QUALITY}/{BROTLI_WINDOW_BITS}/{GZIP_LEVEL}".encode())
    return digest.hexdigest()[:24]


def _compress_with_node(jobs: list[tuple[Path | bytes, Path, str]]) -> None:
    node = shutil.which("node")
    if node is None:
        raise CompressionError("node not found: install Node.js 18+ (it makes the brotli copies)")
    megabytes = sum(len(s) if isinstance(s, bytes) else s.stat().st_size for s, _, c in jobs if c == "br") / 1e6
    print(f"build: compressing {len(jobs)} copies ({megabytes:.1f} MB for brotli; once per content)", flush=True)
    with tempfile.TemporaryDirectory(prefix="pzl-compress-") as scratch:
        specs = []
        for index, (source, out, coding) in enumerate(jobs):
            if isinstance(source, bytes):
                staged = Path(scratch) / f"{index}.in"
                staged.write_bytes(source)
                source = staged
            partial = Path(scratch) / f"{index}.out"
            specs.append({"source": str(source), "out": str(partial), "coding": coding, "final": str(out)})
        config = {"jobs": specs, "quality": BROTLI_QUALITY, "window": BROTLI_WINDOW_BITS, "level": GZIP_LEVEL}
        done = subprocess.run([node, "--input-type=module", "-e", COMPRESS_SCRIPT], capture_output=True, text=True,
                              env={**os.environ, "PZL_COMPRESS": json.dumps(config)})
        if done.returncode != 0:
            raise CompressionError(f"Node could not compress the site's files: {done.stderr.strip()[-2000:]}")
        for spec in specs:
            shutil.move(spec["out"], spec["final"])


def _forget_old(cache: Path, keep: int = 400) -> None:
    """Drop all but the `keep` most recently used copies (a few builds' worth: switching branches stays cheap)."""
    for old in sorted(cache.iterdir(), key=lambda path: path.stat().st_mtime)[:-keep]:
        old.unlink()


# --------------------------------------------------------------------------- choosing a copy for a request


@dataclass(frozen=True)
class NotAcceptable:
    """No coding the request accepts is available (`identity;q=0` with no copy it takes): 406."""


NOT_ACCEPTABLE = NotAcceptable()
#: The weight of the file as it is when Accept-Encoding does not name it: acceptable, below any q-value.
IMPLICIT_IDENTITY = 0.0001


def chosen_coding(accept_encoding: str | None, available: Iterable[str]) -> str | NotAcceptable | None:
    """The coding to answer with: one of `available` ("br", "gzip"), None for the file as it is,
    or NOT_ACCEPTABLE.

    By RFC 9110 §12.5.3: the highest q-value wins (`*` stands for codings not named; `x-gzip` is
    `gzip`); between equal q-values the smaller copy (br, then gzip, then the file itself). The file
    as it is stays acceptable unless `identity` (or `*` without `identity`) has q=0, but when the
    header does not name it, it comes after any coding the header accepts. No header at all: the
    file as it is.
    """
    if accept_encoding is None:
        return None
    weights = _weights(accept_encoding)
    default = weights.get("*")

    def weight(coding: str) -> float:
        if coding in weights:
            return weights[coding]
        if coding == "identity":
            return IMPLICIT_IDENTITY if default is None else default
        return 0.0 if default is None else default

    order = [coding for coding, _ in CODINGS if coding in set(available)] + ["identity"]
    best = max(order, key=lambda coding: (weight(coding), -order.index(coding)))
    if weight(best) <= 0:
        return NOT_ACCEPTABLE
    return None if best == "identity" else best


def _weights(accept_encoding: str) -> dict[str, float]:
    """{coding: q} from an Accept-Encoding value; a malformed q-value counts as 0 (not accepted)."""
    weights: dict[str, float] = {}
    for item in accept_encoding.split(","):
        coding, *parameters = (part.strip() for part in item.split(";"))
        coding = coding.lower()
        if not coding:
            continue
        q = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                q = _qvalue(value.strip())
        weights["gzip" if coding == "x-gzip" else coding] = q
    return weights


def _qvalue(text: str) -> float:
    """A q-value ("0", "0.5", "1.000"); anything else is 0."""
    try:
        value = float(text)
    except ValueError:
        return 0.0
    valid = text[:1] in "01" and (len(text) == 1 or (text[1] == "." and len(text) <= 5 and text[2:].isdigit()))
    return value if valid and 0.0 <= value <= 1.0 else 0.0
