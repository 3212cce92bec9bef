"""The sliding pattern tables the site ships, made by pzl's own generator and cached by its key."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tools.project import ROOT, TABLES_PACKAGE, BuildError, sha256_hex


def ensure_tables() -> dict[str, Path]:
    """Every shipped table file, made by pzl's code unless cached with the current generator's key.

    Returns file name -> cached file. Each is also copied into pzl/sliding/tables/ (where the CLI
    finds it); the patterns of one set are built in parallel processes.
    """
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pzl.sliding.engines import tables

    # kept between builds and checkouts in the user's cache, as pip and npm keep theirs (keyed by a hash of their
    # generator): ~/.cache/pzl/build/tables, beside the ~/.cache/pzl/tables an installed pzl fills
    cache = tables.user_cache_root() / "build" / "tables"
    made = {}
    for spec in tables.SPECS:
        if not spec.shipped:
            continue
        key = tables.generator_key(spec)
        cached = cache / f"{spec.name}-{key}.pzt"
        if not table_file_ok(cached):   # (other keys stay: another checkout may build with an older generator)
            cache.mkdir(parents=True, exist_ok=True)
            print(f"build: making the {spec.partition} pattern tables {spec.name} with pzl's generator "
                  f"(once; about {spec.minutes:g} min of CPU, 2 processes)", flush=True)
            started = time.perf_counter()
            # the generator's main, called rather than run with -m (the package imports the module first)
            generator = "import sys; from pzl.sliding.engines.tables import main; sys.exit(main())"
            made_now = cached.with_name(f"{cached.stem}.{os.getpid()}.part")   # renamed once whole: builds share it
            command = [sys.executable, "-c", generator, spec.name, "--out", str(made_now), "--jobs", "2"]
            try:
                if run_generator(command) != 0 or not table_file_ok(made_now):
                    raise BuildError(f"making the pattern tables {spec.name} failed (see the output above)")
                os.replace(made_now, cached)
            finally:   # failed or interrupted: no part left in the user's cache
                made_now.unlink(missing_ok=True)
            print(f"build: {spec.name} made in {time.perf_counter() - started:.0f} s "
                  f"({cached.stat().st_size / 1e6:.1f} MB, cached in {cached.parent})", flush=True)
        installed = TABLES_PACKAGE / spec.file_name
        if not installed.is_file() or installed.read_bytes() != cached.read_bytes():
            TABLES_PACKAGE.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, installed)
        made[spec.file_name] = cached
    return made


def run_generator(command: list[str]) -> int:
    """The table generator's exit status. It runs in a process group of its own, and when the build stops early
    (Ctrl+C, a terminal closed, an interrupt or TERM sent to build.py alone) the whole group is ended: the
    generator and its worker processes, which would otherwise compute on for minutes."""
    if not hasattr(os, "killpg"):   # (Windows: no process groups to end)
        return subprocess.run(command, cwd=ROOT).returncode

    def stop(number: int, _frame: object) -> None:
        raise KeyboardInterrupt(f"stopped by {signal.Signals(number).name}")

    generator = subprocess.Popen(command, cwd=ROOT, start_new_session=True)
    main_thread = threading.current_thread() is threading.main_thread()   # (only its handlers can be set)
    before = {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGHUP) if main_thread}
    try:
        return generator.wait()
    except BaseException:
        with contextlib.suppress(ProcessLookupError):   # (it may have ended meanwhile)
            os.killpg(generator.pid, signal.SIGTERM)
        generator.wait()
        raise
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def table_file_ok(path: Path) -> bool:
    """True when `path` is a complete, undamaged table file."""
    from pzl.sliding.engines import pdb_file

    try:
        pdb_file.decode(path.read_bytes(), str(path))
    except (OSError, pdb_file.TableFileError):
        return False
    return True


def table_site_path(name: str, data: bytes) -> str:
    """A table file's site path, named for its content (so caches never serve an old one)."""
    stem, _, suffix = name.rpartition(".")
    return f"tables/{stem}.{sha256_hex(data)[:12]}.{suffix}"


def print_tables() -> None:
    """`build.py tables`: make and install the tables, then say where each is."""
    for name, cached in ensure_tables().items():
        print(f"tables: {name}: {cached} ({cached.stat().st_size:,} bytes), "
              f"installed in {TABLES_PACKAGE.relative_to(ROOT)}")
