"""Pattern tables made once and kept in files: which exist, where they are found, loading, building, fallback.

A table's whole life is here, each other module asked once: found in the search folders, read and checked
(`pdb_file.reading`, which gives the `PatternDatabase`), else built (`pattern_db.pattern_tables`) and written
(`pdb_file.write`); the progress said meanwhile is made here too, on the request's count and clock.

The 15-puzzle's tables (6-6-3, 34 MB in memory, about 2 MB on disk) take minutes of pure
Python to build, so a process never builds them for a search: `python build.py tables`
makes them (cached under `.cache/tables/`, keyed by `generator_key`), the site ships them
and its worker writes them into Pyodide's file system before a search needs them, and the
CLI and library read them from (first found):

1. the folders in `$PZL_TABLES` (separated like PATH),
2. `pzl/sliding/tables/` (installed with the package; `python build.py` puts them there),
3. the user cache, `$XDG_CACHE_HOME/pzl/tables` or `~/.cache/pzl/tables`.

When none has them, the CLI and library build them into the user cache once (with a message
saying so and how long it takes); the page never builds them. A damaged file (truncated,
altered: the checksum says so) is reported and the search falls back to a bound it can make
at once (linear conflict, then a database built in the process) — never a wrong answer.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from pzl.errors import PuzzleError
from pzl.events import Event, progress
from pzl.search.progress import run_to_end
from pzl.sliding.engines import pattern_db, pdb_file
from pzl.sliding.engines.pattern_db import PatternDatabase
from pzl.sliding.engines.pdb_file import TableFileError

PACKAGE_DIR = Path(__file__).parent.parent / "tables"
#: Is this the browser? There the worker fetches the files; nothing is built in the tab.
IN_BROWSER = sys.platform == "emscripten"


@dataclass(frozen=True)
class TableSpec:
    """A table set pzl knows how to make: a rectangle, its blank's goal cell and the partition."""

    name: str                            # also the file name stem, e.g. "4x4-663"
    rows: int
    cols: int
    blank_goal: int
    patterns: tuple[tuple[int, ...], ...]
    minutes: float                       # the build's CPU time on a 2-core machine of 2025, in words below
    shipped: bool = True                 # made by `python build.py` and served with the site

    @property
    def file_name(self) -> str:
        return f"{self.name}.pzt"

    @cached_property
    def adjacency(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(pattern_db.grid_neighbours(cell, self.rows, self.cols))
                     for cell in range(self.rows * self.cols))

    @property
    def partition(self) -> str:
        return "-".join(str(len(cells)) for cells in self.patterns)

    def fits(self, adjacency: Sequence[Sequence[int]], blank_goal: int) -> bool:
        """True when these tables serve a board (through a symmetry for the blank's goal cell)."""
        if len(adjacency) != self.rows * self.cols or tuple(map(tuple, adjacency)) != self.adjacency:
            return False
        return any(m[blank_goal] == self.blank_goal for m in pattern_db.board_symmetries(self.adjacency))


#: The 15-puzzle, blank home bottom-right: tiles {1 2 5 6 9 10}, {3 4 7 8 11 12}, {13 14 15} —
#: chosen by measurement over 5-5-5 (docs/sliding.md, "Choosing the partition").
FIFTEEN = TableSpec("4x4-663", 4, 4, 15, ((0, 1, 4, 5, 8, 9), (2, 3, 6, 7, 10, 11), (12, 13, 14)), minutes=2.5)
SPECS = (FIFTEEN,)

_LOADED: dict[str, PatternDatabase] = {}
#: Files found damaged in this process (path -> message), so the warning is given once.
_DAMAGED: dict[str, str] = {}


#: The code a table file's content depends on: the generator and the encoder.
GENERATOR = (pattern_db.pattern_table, pattern_db.index_bits, pattern_db.grid_neighbours, pattern_db._distances,
             pdb_file.encode, pdb_file._pack)


def generator_key(spec: TableSpec) -> str:
    """A hash of the code that makes the tables, the file format and the spec: a cached file with another is rebuilt."""
    import inspect

    digest = hashlib.sha256()
    for function in GENERATOR:
        digest.update(inspect.getsource(function).encode())
    digest.update(repr((pdb_file.FORMAT, spec.name, spec.rows, spec.cols, spec.blank_goal, spec.patterns)).encode())
    return digest.hexdigest()[:16]


def user_cache_root() -> Path:
    """pzl's folder in the user's cache: $XDG_CACHE_HOME/pzl or ~/.cache/pzl."""
    return Path(os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")) / "pzl"


def user_cache_dir() -> Path:
    """Where the CLI and library keep tables they build: $XDG_CACHE_HOME/pzl/tables or ~/.cache/pzl/tables."""
    return user_cache_root() / "tables"


def search_dirs() -> list[Path]:
    """The folders searched for table files, in order."""
    extra = [Path(part) for part in os.environ.get("PZL_TABLES", "").split(os.pathsep) if part]
    return [*extra, PACKAGE_DIR, user_cache_dir()]


def spec_for(adjacency: Sequence[Sequence[int]], blank_goal: int) -> TableSpec | None:
    """The known table set that serves this board and blank goal, if any."""
    return next((spec for spec in SPECS if spec.fits(adjacency, blank_goal)), None)


def find(spec: TableSpec) -> Path | None:
    """The first file of `spec` in the search folders."""
    for folder in search_dirs():
        path = folder / spec.file_name
        if path.is_file():
            return path
    return None


def load(spec: TableSpec, path: Path) -> PatternDatabase:
    """Read and check a table file for `spec`; a TableFileError says what is wrong with it."""
    return run_to_end(pdb_file.reading(path, spec.name, spec.adjacency, spec.patterns, spec.blank_goal))[0]


def database_for(adjacency: Sequence[Sequence[int]], blank_goal: int, *, nodes: int = 0,
                 clock: float | None = None, build: bool | None = None) -> Iterator[Event]:
    """The stored pattern database for a board, loading (or building) it once per process.

    Yields progress events (`"phase": "loading tables"` while reading, `"pattern database"`
    while building, with a `message` when there is something to tell); returns the database,
    or None when there is none for this board or its file is missing in the browser or damaged
    (the message then says what the search does instead). `build` (default: not in the browser)
    allows building missing tables into the user cache.
    """
    build = not IN_BROWSER if build is None else build
    spec = spec_for(adjacency, blank_goal)
    if spec is None:
        return None
    if spec.name in _LOADED:
        return _LOADED[spec.name]
    clock = time.perf_counter() if clock is None else clock

    def told(phase: str, **fields: Any) -> Event:
        """Progress of loading or building these tables, on the request's count and clock."""
        return progress(nodes, 0, time.perf_counter() - clock, phase=phase, table=spec.name, **fields)

    for folder in search_dirs():
        path = folder / spec.file_name
        if not path.is_file() or str(path) in _DAMAGED:
            continue
        size = path.stat().st_size
        yield told("loading tables", bytes=0, total=size)
        try:
            database = yield from pdb_file.reading(
                path, spec.name, spec.adjacency, spec.patterns, spec.blank_goal,
                lambda done, size=size: told("loading tables", bytes=size * done // len(spec.patterns), total=size))
        except TableFileError as problem:
            _DAMAGED[str(path)] = str(problem)
            yield told("loading tables", message=f"{problem}; the search goes on without them (optimal all the "
                                                 f"same, slower). Rebuild them with: python -m pzl tables --build "
                                                 f"{spec.name}")
            continue
        _LOADED[spec.name] = database
        return database
    if _DAMAGED or not build:
        return None
    target = user_cache_dir() / spec.file_name
    yield told("pattern database", message=f"building the {spec.partition} pattern tables of the "
                                           f"{spec.rows}x{spec.cols} board into {target.parent} (once: about "
                                           f"{spec.minutes:g} minutes of CPU)")
    tables = yield from pattern_db.pattern_tables(spec.adjacency, spec.patterns, spec.blank_goal, lambda placed, total:
                                                  told("pattern database", placements=placed, of=total))
    built = PatternDatabase(spec.adjacency, spec.patterns, tables, spec.blank_goal)
    key = generator_key(spec)   # the code that made them, in the file's header
    pdb_file.write(target, built, key)
    _LOADED[spec.name] = yield from pdb_file.reading(target, spec.name, spec.adjacency, spec.patterns,
                                                     spec.blank_goal)   # read back as every later search will
    return _LOADED[spec.name]


def pattern_database(adjacency: Sequence[Sequence[int]], blank_goal: int, *, build: bool = True, nodes: int = 0,
                     clock: float | None = None) -> Iterator[Event]:
    """The stored tables for a board and its goal blank (`database_for`), else with `build` its default pattern
    database built now, in this process (any board of at most 25 cells), else None; yields progress."""
    database = yield from database_for(adjacency, blank_goal, nodes=nodes, clock=clock)
    if database is None and build:
        patterns = pattern_db.default_patterns(adjacency, blank_goal)
        database = yield from pattern_db.build(adjacency, patterns, blank_goal, nodes=nodes, clock=clock)
    return database


def _one_table(spec: TableSpec, cells: tuple[int, ...]) -> bytearray:
    """One pattern's table (for a worker process)."""
    return run_to_end(pattern_db.pattern_table(spec.adjacency, cells, spec.blank_goal))[0]


def make(spec: TableSpec, path: Path, jobs: int = 1) -> float:
    """Build `spec`'s tables (patterns in parallel with `jobs` > 1) and write the file; returns the seconds taken."""
    started = time.perf_counter()
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=min(jobs, len(spec.patterns))) as pool:
            tables = list(pool.map(_one_table, [spec] * len(spec.patterns), spec.patterns))
    else:
        tables = [_one_table(spec, cells) for cells in spec.patterns]
    built = PatternDatabase(spec.adjacency, spec.patterns, tables, spec.blank_goal)
    pdb_file.write(path, built, generator_key(spec))
    return time.perf_counter() - started


def wanted(adjacency: Sequence[Sequence[int]], blank_goal: int) -> list[dict[str, str]]:
    """The stored tables this board and blank goal would read, when this process lacks them: [{"name", "path"}]."""
    spec = spec_for(adjacency, blank_goal)
    if spec is None or spec.name in _LOADED or find(spec) is not None:
        return []
    return [{"name": spec.file_name, "path": str(user_cache_dir() / spec.file_name)}]


def status() -> list[dict[str, Any]]:
    """Every known table set: where its file is (or would be built), its size, whether it loads."""
    rows = []
    for spec in SPECS:
        path = find(spec)
        row: dict[str, Any] = {"name": spec.name, "partition": spec.partition, "board": f"{spec.rows}x{spec.cols}",
                               "path": str(path or user_cache_dir() / spec.file_name), "bytes": None,
                               "state": "missing (built on first use)"}
        if path is not None:
            row["bytes"] = path.stat().st_size
            try:
                database = load(spec, path)
                row["state"] = f"ok, loads in {database.seconds:.2f} s"
            except TableFileError as problem:
                row["state"] = f"damaged: {problem}"
        rows.append(row)
    return rows


def build_files(which: str, jobs: int) -> Iterator[str]:
    """Build the table set named `which` (or "all") into the user cache with `jobs` processes: a line before and
    after each set (the CLI's `tables --build`)."""
    specs = [spec for spec in SPECS if which in ("all", spec.name)]
    if not specs:
        raise PuzzleError(f"no tables named {which!r}; known: {', '.join(spec.name for spec in SPECS)}")
    for spec in specs:
        path = user_cache_dir() / spec.file_name
        yield f"building {spec.name} ({spec.partition}) into {path} (about {spec.minutes:g} minutes of CPU)..."
        seconds = make(spec, path, jobs=jobs)
        yield f"{spec.name}: {path.stat().st_size:,} bytes in {seconds:.0f} s"


def main(argv: list[str] | None = None) -> int:
    """`python -m pzl.sliding.engines.tables NAME --out FILE [--jobs N]`: build one table set into a file (build.py
    uses it)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m pzl.sliding.engines.tables", description=main.__doc__)
    parser.add_argument("name", choices=[spec.name for spec in SPECS])
    parser.add_argument("--out", type=Path, required=True, help="the file to write")
    parser.add_argument("--jobs", type=int, default=1, help="build the patterns in this many processes")
    parser.add_argument("--key", action="store_true", help="print the generator key and exit")
    args = parser.parse_args(argv)
    spec = next(spec for spec in SPECS if spec.name == args.name)
    if args.key:
        print(generator_key(spec))
        return 0
    seconds = make(spec, args.out, args.jobs)
    print(f"{spec.name}: {args.out} ({args.out.stat().st_size:,} bytes) in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
