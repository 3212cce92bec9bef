"""The pattern-table file (`.pzt`): a compact, checked form of a `PatternDatabase`, read at C speed.

Layout:

    pzl-pattern-tables 1\\n          magic and format version
    {JSON header}\\n                  board, blank goal, partition, sizes, checksum (below)
    body                             one zlib stream per pattern, back to back

Header fields: `format` (1), `adjacency` (the board's neighbour lists), `blank_goal`,
`patterns` (goal cells per pattern), `bits` (per tile in the sparse index), `entries` and
`compressed` (per pattern), `sha256` (of the body), `generator` (the key of the code and
parameters that made it; see `pzl.sliding.engines.tables`).

`reading` reads a file and checks it against the board, blank goal and partition it must hold (a
`PatternDatabase`, or a `TableFileError` saying what is wrong); `write` writes one whole or not at all.

Each stream holds one table of excesses over Manhattan (`pzl.sliding.engines.pattern_db`), halved
(they are even on a grid board) and packed 4 bits per entry: byte k holds entry k in its
low nibble and entry k + N/2 in its high one, so unpacking is two `bytes.translate` calls
and a concatenation. Impossible indices repeat the previous value (that compresses best).
A truncated or altered file fails the size, checksum or zlib checks with a `TableFileError`.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import zlib
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import Any

from pzl.errors import PuzzleError
from pzl.events import Event
from pzl.sliding.engines.pattern_db import PatternDatabase

MAGIC = b"pzl-pattern-tables 1\n"
FORMAT = 1
#: Nibble to in-memory excess (the stored value is half the excess).
_LOW = bytes(2 * (byte & 15) for byte in range(256))
_HIGH = bytes(2 * (byte >> 4) for byte in range(256))
#: Largest header line accepted.
MAX_HEADER = 1 << 16


class TableFileError(PuzzleError):
    """A pattern-table file is missing, truncated, altered or for another board; the message says which."""


def encode(adjacency: Sequence[Sequence[int]], patterns: Sequence[Sequence[int]], blank_goal: int, bits: int,
           tables: Sequence[Any], generator: str = "") -> bytes:
    """The file's bytes for tables of excesses (255 marks impossible indices)."""
    streams = []
    for table in tables:
        streams.append(zlib.compress(_pack(table), 9))
    body = b"".join(streams)
    header = {"format": FORMAT, "adjacency": [list(cells) for cells in adjacency], "blank_goal": blank_goal,
              "patterns": [list(cells) for cells in patterns], "bits": bits,
              "entries": [len(table) for table in tables], "compressed": [len(stream) for stream in streams],
              "sha256": hashlib.sha256(body).hexdigest(), "generator": generator}
    return MAGIC + json.dumps(header, separators=(",", ":")).encode() + b"\n" + body


def write(path: Path, database: PatternDatabase, generator: str) -> None:
    """Write a database's file whole or not at all (a temporary file renamed into place)."""
    data = encode(database.adjacency, database.patterns, database.blank_goal, database.bits, database.tables, generator)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def reading(path: Path, name: str, adjacency: Sequence[Sequence[int]], patterns: Sequence[Sequence[int]],
            blank_goal: int, report: Callable[[int], Event] | None = None) -> Generator[Event, None, PatternDatabase]:
    """The database in the file of the table set `name`, checked to hold this board, blank goal and partition (a
    TableFileError says what is wrong); `report(tables read)` makes a progress event after each table (a pause for the
    page)."""
    started = time.perf_counter()
    try:
        data = path.read_bytes()
    except OSError as problem:
        raise TableFileError(f"cannot read the pattern tables {path}: {problem.strerror}") from None
    header, unpack = open_tables(data, str(path))
    if (header["adjacency"] != [list(cells) for cells in adjacency] or header["blank_goal"] != blank_goal
            or [tuple(cells) for cells in header["patterns"]] != [tuple(cells) for cells in patterns]):
        raise TableFileError(f"{path} holds tables for another board or partition than {name}")
    tables = []
    for table in unpack:
        tables.append(table())
        if report is not None:
            yield report(len(tables))
    partition = "-".join(str(len(cells)) for cells in patterns)
    database = PatternDatabase(adjacency, patterns, tables, blank_goal, time.perf_counter() - started,
                               f"{partition} tables from {path}")
    goal_index = sum(cell << (database.bits * slot) for slot, cell in enumerate(patterns[0]))
    if tables[0][goal_index] != 0:
        raise TableFileError(f"{path} is damaged: the goal's entry is not 0")
    return database


def _pack(table: Any) -> bytes:
    """Halved excesses, 4 bits each, entry k with entry k + N/2; impossible entries repeat the last value."""
    values = bytearray(table)
    last = 0
    for i, value in enumerate(values):
        if value == 255:
            values[i] = last
        else:
            if value % 2 or value > 30:
                raise ValueError(f"entry {i} holds {value}: not an even excess below 32")
            last = values[i] = value // 2
    if len(values) % 2:
        values.append(0)
    half = len(values) // 2
    low, high = values[:half], values[half:]
    return bytes(a | (b << 4) for a, b in zip(low, high, strict=True))


def header_of(data: bytes, name: str = "the table file") -> tuple[dict[str, Any], int]:
    """The header and the offset of the body; a TableFileError if the file does not start like one."""
    if data and len(data) < len(MAGIC) and MAGIC.startswith(data):
        raise TableFileError(f"{name} is truncated: it ends inside its first line")
    if not data.startswith(MAGIC):
        raise TableFileError(f"{name} is not a pzl pattern-table file (format {FORMAT})")
    end = data.find(b"\n", len(MAGIC), len(MAGIC) + MAX_HEADER)
    if end < 0:
        raise TableFileError(f"{name} is truncated: its header is incomplete")
    try:
        header = json.loads(data[len(MAGIC):end])
        ok = (header["format"] == FORMAT
              and len(header["entries"]) == len(header["compressed"]) == len(header["patterns"]))
    except (ValueError, KeyError, TypeError):
        ok = False
    if not ok:
        raise TableFileError(f"{name} has a damaged header")
    return header, end + 1


def decode(data: bytes, name: str = "the table file") -> tuple[dict[str, Any], list[bytes]]:
    """The header and the in-memory tables (excess per index) of a file's bytes, checked."""
    header, unpack = open_tables(data, name)
    return header, [table() for table in unpack]


def open_tables(data: bytes, name: str = "the table file") -> tuple[dict[str, Any], list[Callable[[], bytes]]]:
    """The checked header and, per pattern, a function that unpacks its table (so a caller can pause between)."""
    header, offset = header_of(data, name)
    body = memoryview(data)[offset:]
    if len(body) != sum(header["compressed"]):
        raise TableFileError(f"{name} is truncated or padded: its body has {len(body):,} bytes, "
                             f"its header says {sum(header['compressed']):,}")
    if hashlib.sha256(body).hexdigest() != header["sha256"]:
        raise TableFileError(f"{name} is damaged: its checksum does not match")
    unpack = []
    for size, entries in zip(header["compressed"], header["entries"], strict=True):
        unpack.append(lambda stream=body[:size], entries=entries: _unpack(stream, entries, name))
        body = body[size:]
    return header, unpack


def _unpack(stream: memoryview, entries: int, name: str) -> bytes:
    try:
        packed = zlib.decompress(stream)
    except zlib.error as problem:
        raise TableFileError(f"{name} is damaged: {problem}") from None
    if len(packed) * 2 != entries + entries % 2:
        raise TableFileError(f"{name} is damaged: a table unpacks to the wrong size")
    return (packed.translate(_LOW) + packed.translate(_HIGH))[:entries]
