"""The standard library as the site ships it: two zips instead of Pyodide's python_stdlib.zip.

`boot.zip` holds every top-level module or package of which the snapshot holds a module (what
Pyodide's boot, installing the wheel and pzl import): a plain boot mounts it as Python's standard
library. `rest.zip` holds everything else. The worker restores the snapshot with neither (the
modules it needs are in memory) and fetches either zip the first time an import needs a module
from it (web/stdlib.js). Both are stored, not deflated, so that brotli on the wire compresses
them as one text (0.8 and 1.1 MB instead of Pyodide's 2.5 MB).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

#: The zips' entries get this time (1980-01-01): the same modules give the same bytes.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class StandardLibrary:
    """The two zips' bytes and the top-level names each one provides."""

    boot: bytes
    rest: bytes
    boot_names: tuple[str, ...]
    rest_names: tuple[str, ...]


def top_level_name(entry: str) -> str:
    """The top-level module or package a zip entry belongs to: "json/decoder.py" → "json", "heapq.py" → "heapq"."""
    first = entry.split("/", 1)[0]
    return first.removesuffix(".py") if "/" not in entry else first


def split_stdlib(stdlib_zip: Path, loaded: Iterable[str]) -> StandardLibrary:
    """Pyodide's standard library zip split by the modules `loaded` (the snapshot's sys.modules)."""
    wanted = {name.split(".", 1)[0] for name in loaded}
    with zipfile.ZipFile(stdlib_zip) as source:
        entries = [info for info in source.infolist() if not info.is_dir()]
        boot = [info for info in entries if top_level_name(info.filename) in wanted]
        rest = [info for info in entries if top_level_name(info.filename) not in wanted]
        return StandardLibrary(stored_zip(source, boot), stored_zip(source, rest),
                               names_of(boot), names_of(rest))


def stored_zip(source: zipfile.ZipFile, entries: list[zipfile.ZipInfo]) -> bytes:
    """A zip of `entries` from `source`, uncompressed, in name order, with fixed times."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as packed:
        for info in sorted(entries, key=lambda each: each.filename):
            packed.writestr(zipfile.ZipInfo(info.filename, ZIP_TIME), source.read(info))
    return out.getvalue()


def names_of(entries: list[zipfile.ZipInfo]) -> tuple[str, ...]:
    """The sorted top-level names of `entries`."""
    return tuple(sorted({top_level_name(info.filename) for info in entries}))
