"""Benchmark: what a build costs, step by step — the wheel by pip, the site plan, a no-change build.

    python bench/build_steps.py            # 3 rounds each; CPU seconds of this process and its children
    python bench/build_steps.py --runs 5

Each round of `wheel` builds pzl's wheel from scratch (`tools.wheel.make_wheel`, pip with the pinned
setuptools, no cache); `plan` plans every file of site/ with every cache warm (`tools.site.site_plan`),
what `python build.py` costs when nothing changed. Prints min / median / max, with the load average.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.install import ensure_build_venv  # noqa: E402 - needs ROOT on the path
from tools.project import pinned_pyodide, read_project  # noqa: E402
from tools.site import site_plan  # noqa: E402
from tools.wheel import make_wheel, wheel_sources  # noqa: E402


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children (pip, node)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(step: Callable[[], object], runs: int) -> tuple[list[float], list[float]]:
    """(CPU seconds, wall seconds) of each run of `step`."""
    cpu, wall = [], []
    for _ in range(runs):
        clock, started = cpu_seconds(), time.perf_counter()
        step()
        cpu.append(cpu_seconds() - clock)
        wall.append(time.perf_counter() - started)
    return cpu, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds per step (default 3)")
    args = parser.parse_args(argv)
    python, sources, version = ensure_build_venv(), wheel_sources(read_project()), pinned_pyodide()
    steps = {"wheel (pip, from scratch)": lambda: make_wheel(sources, python),
             "site plan (caches warm)": lambda: site_plan(version)}
    site_plan(version)  # warm every cache once before the clock
    print(f"load average {os.getloadavg()[0]:.1f} at the start; {args.runs} runs each")
    print("| step | CPU s min / median / max | wall s median |")
    print("|---|---:|---:|")
    for name, step in steps.items():
        cpu, wall = timed(step, args.runs)
        print(f"| {name} | {min(cpu):.2f} / {statistics.median(cpu):.2f} / {max(cpu):.2f} "
              f"| {statistics.median(wall):.2f} |", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
