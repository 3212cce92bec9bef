"""Times the depth-first sliding kernels and the 15-puzzle on Korf's instances; prints Markdown tables.

    python bench/sliding_ida.py                      # 8-puzzle: 200 random positions, the hardest start's 40 solutions
    python bench/sliding_ida.py --iddfs              # ... plus plain iterative deepening on the hardest start (~15 s)
    python bench/sliding_ida.py --korf 50            # the 50 Korf instances in one process, stored tables loaded first
    python bench/sliding_ida.py --korf 50 --pyodide  # ... and the same in Pyodide under Node (needs `python build.py`)
    python bench/sliding_ida.py --korf 50 --bound linear-conflict --limit 60    # another bound, 60 s cap each
    python bench/sliding_ida.py --cli 50             # one `python -m pzl solve` per instance: start-up and tables in
    python bench/sliding_ida.py --page 6             # a few in the page in Chromium (Playwright; needs the site built)
    python bench/sliding_ida.py --hardest            # the 80-move positions
    python bench/sliding_ida.py --korf 50 --compiled DIR   # side by side with a LenKagamine/15puzzle build in DIR

Korf's instances come from `../shared/data/korf-15-puzzle-odd.txt` next to the project (or
`--korf-file`); every length found must equal the published one. Seconds are wall clock and
CPU (process time) — the machine may be shared, CPU is the steadier figure; in Pyodide
(Node) both are wall clock. `--compiled DIR` runs `DIR/bin/puzzle -d DIR/databases/663-reg`
(a 6-6-3 solver in C++ with the same partition, its mirror and walking distance) on the same
instances in one run; this script never builds it.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent if "__file__" in globals() else Path.cwd()  # Pyodide: no file
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl import api  # noqa: E402
from pzl.search.problem import run_to_end  # noqa: E402
from pzl.sliding.board import distance_table  # noqa: E402
from pzl.sliding.engines import tables  # noqa: E402
from pzl.sliding.engines.tiles import ida_star_tiles, iddfs_tiles  # noqa: E402

KORF_NAME = "korf-15-puzzle-odd.txt"
HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)
EIGHT_GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
#: One of the 17 positions 80 moves from the goal 1 .. 15 0 (Brüngger et al., 1999); `hardest` adds its mirror.
EIGHTY = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1"


def mirrored(start: str) -> str:
    """A 15-puzzle position read through the main diagonal (tile t becomes the tile whose goal is t's mirrored goal).

    The goal 1 .. 15 0 is its own mirror, so both positions are equally far from it.
    """
    flip = [(cell % 4) * 4 + cell // 4 for cell in range(16)]
    labels = [int(label) for label in start.split()]
    out = [0] * 16
    for cell, label in enumerate(labels):
        out[flip[cell]] = 0 if label == 0 else flip[label - 1] + 1
    return " ".join(map(str, out))
#: --bound: "auto" runs requests through pzl.api (what the CLI and the page run); the others call the kernel.
BOUNDS = ("auto", "pdb", "linear-conflict", "manhattan")
FIFTEEN_GOAL = (*range(1, 16), 0)


def korf_file(given: Path | None) -> Path:
    """The Korf instance file: `given`, else ../shared/data/ beside the project (or beside a folder above it)."""
    if given is not None:
        if not given.is_file():
            raise SystemExit(f"no such file: {given}")
        return given
    for folder in ROOT.parents:
        candidate = folder / "shared" / "data" / KORF_NAME
        if candidate.is_file():
            return candidate
    raise SystemExit(f"{KORF_NAME} not found in shared/data/ beside the project ({ROOT.parent}/shared/data/ "
                     "or a folder above); pass its path with --korf-file")


def korf_instances(path: Path, count: int) -> list[tuple[int, int, str]]:
    """(Korf number, optimal length, start text) for the first `count` instances of the file."""
    rows = [line.split() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return [(int(fields[0]), int(fields[1]), " ".join(fields[2:])) for fields in rows[:count]]


def grid(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(r2 * cols + c2 for r2, c2 in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                       if 0 <= r2 < rows and 0 <= c2 < cols) for r in range(rows) for c in range(cols))


def table(title: str, header: list[str], rows: list[list]) -> None:
    print(f"\n{title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---:" if i else "---" for i in range(len(header))) + "|")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} / {max(values):.3f} / {sum(values):.1f}"


# --------------------------------------------------------------------------- 8-puzzle

def solvable_positions(count: int, seed: int) -> list[tuple[int, ...]]:
    """Uniformly random solvable 8-puzzle positions (even permutations of the goal, blank anywhere)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        tiles = list(range(1, 9))
        rng.shuffle(tiles)
        inversions = sum(1 for i in range(8) for j in range(i + 1, 8) if tiles[i] > tiles[j])
        if inversions % 2:
            continue
        position = list(tiles)
        position.insert(rng.randrange(9), 0)
        found.append(tuple(position))
    return found


def timed(search) -> tuple:
    """The outcome and the CPU seconds of a search (CPU: steadier than wall time on a shared machine)."""
    clock = time.process_time()
    outcome, _ = run_to_end(search)
    return outcome, time.process_time() - clock


def eight_puzzle(count: int, with_iddfs: bool) -> None:
    adjacency = grid(3, 3)
    distances = distance_table(adjacency)
    positions = solvable_positions(count, seed=2024)
    rows = []
    for name, bound in (("ida, Manhattan", "manhattan"), ("ida, Manhattan + linear conflict", "linear-conflict")):
        times, nodes, lengths = [], 0, []
        for position in positions:
            outcome, seconds = timed(ida_star_tiles(position, EIGHT_GOAL, adjacency, distances, bound=bound,
                                                    rows_cols=(3, 3)))
            times.append(seconds * 1000)
            nodes += outcome.nodes
            lengths.append(len(outcome.path) - 1)
        times.sort()
        rows.append([name, f"{statistics.median(times):.1f}", f"{times[int(0.9 * len(times))]:.1f}",
                     f"{times[-1]:.1f}", f"{statistics.mean(lengths):.1f}", f"{nodes / (sum(times) / 1000):,.0f}"])
    table(f"8-puzzle, {count} random solvable positions, one optimal solution each (CPython "
          f"{sys.version.split()[0]}, CPU time)", ["bound", "median ms", "p90 ms", "max ms", "mean moves", "nodes/s"],
          rows)

    rows = []
    runs = [("ida, Manhattan", lambda: ida_star_tiles(HARDEST, EIGHT_GOAL, adjacency, distances, all_solutions=True,
                                                     bound="manhattan")),
            ("ida, Manhattan + linear conflict", lambda: ida_star_tiles(HARDEST, EIGHT_GOAL, adjacency, distances,
                                                                       all_solutions=True, rows_cols=(3, 3)))]
    if with_iddfs:
        runs.append(("iddfs (plain)", lambda: iddfs_tiles(HARDEST, EIGHT_GOAL, adjacency, distances,
                                                           all_solutions=True)))
    for name, make in runs:
        best = None
        for _ in range(1 if name.startswith("iddfs") else 5):
            outcome, seconds = timed(make())
            best = seconds if best is None else min(best, seconds)
        rows.append([name, len(outcome.path) - 1, outcome.count, f"{outcome.nodes:,}", f"{best * 1000:.0f}",
                     f"{outcome.nodes / best:,.0f}"])
    table("8-puzzle hardest start 8 6 7 2 5 4 3 0 1, all shortest solutions (CPU time, best of 5)",
          ["algorithm", "moves", "solutions", "nodes", "ms", "nodes/s"], rows)


# --------------------------------------------------------------------------- 15-puzzle, one process

def load_tables() -> dict:
    """Load the stored 15-puzzle tables now (so no instance pays for them); where from and how long (CPU)."""
    cpu_clock = globals().get("node_cpu", time.process_time)
    clock = cpu_clock()
    database, _ = run_to_end(tables.database_for(grid(4, 4), 15))
    if database is None:
        raise SystemExit("the 15-puzzle's pattern tables are missing or damaged: run `python build.py tables`")
    return {"source": database.source, "seconds": cpu_clock() - clock}


def solve(start: str, bound: str, limit: float | None, database=None) -> dict | None:
    """One 15-puzzle instance through pzl.api ("auto") or the kernel with a bound or database; None past `limit`."""
    clock = time.perf_counter()
    if bound == "auto":
        events = api.run({"puzzle": "15-puzzle", "start": start, "algorithm": "ida"})
    else:
        cells = tuple(int(label) for label in start.split())
        events = ida_star_tiles(cells, FIFTEEN_GOAL, grid(4, 4), distance_table(grid(4, 4)), rows_cols=(4, 4),
                                bound=None if database else bound,
                                pattern_db=database or ("auto" if bound == "pdb" else None))
    while True:
        try:
            event = next(events)
        except StopIteration as stop:   # the kernel's outcome
            outcome = stop.value
            return {"moves": len(outcome.path) - 1, "nodes": outcome.nodes, "bound": outcome.bound}
        if event["event"] == "result":
            result = event["result"]
            return {"moves": result["moves"], "nodes": result["stats"]["nodes"], "bound": result.get("bound")}
        if event["event"] == "error":
            raise SystemExit(event["message"])
        if limit is not None and time.perf_counter() - clock > limit:
            events.close()
            return None


def measure(instances: list, bound: str, limit: float | None, database=None) -> dict:
    """Solve each (number, optimal, start); per instance moves, nodes, wall and CPU seconds.

    Runs in CPython and, unchanged, in Pyodide (the driver writes the tables into its file system first).
    """
    cpu_clock = globals().get("node_cpu", time.process_time)   # in Pyodide: Node's CPU time (set by the driver)
    loaded = load_tables() if bound in ("auto", "pdb") and database is None else None
    rows = []
    for number, optimal, start in instances:
        wall, cpu = time.perf_counter(), cpu_clock()
        found = solve(start, bound, limit, database)
        wall, cpu = time.perf_counter() - wall, cpu_clock() - cpu
        if found is not None and found["moves"] != optimal:
            raise SystemExit(f"Korf #{number}: {found['moves']} moves, the published optimum is {optimal}")
        rows.append({"number": number, "optimal": optimal, "moves": found and found["moves"],
                     "nodes": found and found["nodes"], "bound": found and found["bound"], "wall": wall, "cpu": cpu})
    return {"python": f"{sys.implementation.name} {sys.version.split()[0]} ({sys.platform})", "tables": loaded,
            "rows": rows}


NODE_DRIVER = """
import { bootPzl, installTables } from "%s";
const { pyodide, build } = await bootPzl();
installTables(pyodide, build);
pyodide.globals.set("node_cpu", () => { const used = process.cpuUsage(); return (used.user + used.system) / 1e6; });
pyodide.runPython(%s);
process.stdout.write(pyodide.runPython(`import json; json.dumps(measure(%s, %s, %s))`));
"""


def in_pyodide(instances: list, bound: str, limit: float | None) -> dict:
    """`measure` inside Pyodide under Node, from the built site's wheel and table files."""
    module = (ROOT / "tests" / "node" / "pyodide_pzl.mjs").as_uri()
    source = Path(__file__).read_text(encoding="utf-8").replace('if __name__ == "__main__":', "if False:")
    script = NODE_DRIVER % (module, json.dumps(source), json.dumps(instances), json.dumps(bound),
                            "None" if limit is None else limit)
    done = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise SystemExit(f"the Pyodide run failed (is site/ built? `python build.py`):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def compiled_times(folder: Path, instances: list) -> tuple[list[float], float]:
    """Wall seconds per instance of a LenKagamine/15puzzle build (its own timer), all in one run, and the run's CPU."""
    import resource

    binary, database = folder / "bin" / "puzzle", folder / "databases" / "663-reg"
    if not binary.is_file() or not database.is_file():
        raise SystemExit(f"{folder} has no bin/puzzle and databases/663-reg (build LenKagamine/15puzzle there)")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as boards:
        boards.write(f"4 4 {len(instances)}\n" + "".join(f"{start}\n" for _, _, start in instances))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([str(binary), "-d", str(database), "-b", boards.name], cwd=folder, capture_output=True,
                          text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    Path(boards.name).unlink()
    # its output: the tables' load times, then per board "Nodes expanded: n", "Time elapsed: s", "Solution: n moves"
    times, lengths, last = [], [], None
    for line in done.stdout.splitlines():
        if line.startswith("Time elapsed:"):
            last = float(re.findall(r"[\d.]+", line)[0])
        elif line.startswith("Solution:"):
            lengths.append(int(line.split()[1]))
            times.append(last)
    if lengths != [optimal for _, optimal, _ in instances]:
        raise SystemExit(f"the compiled solver's lengths differ from the published ones: {lengths}")
    return times, cpu


def korf(instances: list, bound: str, limit: float | None, pyodide: bool, compiled: Path | None) -> None:
    native = measure(instances, bound, limit)
    other = in_pyodide(instances, bound, limit) if pyodide else None
    machine, machine_cpu = compiled_times(compiled, instances) if compiled else (None, 0.0)
    header = ["Korf #", "moves", "nodes", "CPython s", "CPU s"]
    header += ["Pyodide s", "CPU s", "CPU ratio"] if other else []
    header += ["compiled s"] if machine else []
    rows = []
    for i, row in enumerate(native["rows"]):
        solved = row["moves"] is not None
        cells = [row["number"], row["moves"] if solved else f">{limit:.0f} s",
                 f"{row['nodes']:,}" if solved else "—", f"{row['wall']:.3f}", f"{row['cpu']:.3f}"]
        if other:
            theirs = other["rows"][i]
            cells += [f"{theirs['wall']:.3f}", f"{theirs['cpu']:.3f}", f"{theirs['cpu'] / max(row['cpu'], 1e-6):.1f}"]
        if machine:
            cells.append(f"{machine[i]:.3f}")
        rows.append(cells)
    loaded = native["tables"]
    title = (f"15-puzzle, Korf's instances, bound {native['rows'][0]['bound'] or bound} ({native['python']}; "
             + (f"tables loaded first in {loaded['seconds']:.2f} s CPU from {loaded['source']}" if loaded
                else "no tables") + ")")
    table(title, header, rows)
    solved = [row for row in native["rows"] if row["moves"] is not None]
    totals = [["CPython wall", summary([row["wall"] for row in native["rows"]])],
              ["CPython CPU", summary([row["cpu"] for row in native["rows"]])]]
    if other:
        totals.append([f"Pyodide wall ({other['python']})", summary([row["wall"] for row in other["rows"]])])
        totals.append(["Pyodide CPU (Node's)", summary([row["cpu"] for row in other["rows"]])])
        if other["tables"]:
            totals.append(["Pyodide: loading the tables (CPU)", f"{other['tables']['seconds']:.2f} s"])
    if machine:
        totals.append(["compiled 6-6-3 + mirror + walking distance (LenKagamine/15puzzle), wall", summary(machine)])
        totals.append(["compiled: CPU of the whole run (its tables loaded too)", f"{machine_cpu:.1f}"])
    nodes = [row["nodes"] for row in solved]
    totals.append(["nodes", f"{statistics.median(nodes):,.0f} / {max(nodes):,} / {sum(nodes):,}"])
    totals.append(["nodes per CPU second (CPython)", f"{sum(nodes) / sum(row['cpu'] for row in solved):,.0f}"])
    table(f"{len(solved)}/{len(instances)} solved at their published length", ["", "median / max / total"], totals)


# --------------------------------------------------------------------------- choosing the partition

def partitions(instances: list, limit: float | None) -> None:
    """Nodes and CPU per bound on the same instances, against the bytes each needs in memory and on the wire."""
    from pzl.sliding.engines import pattern_db, pdb_file

    adjacency = grid(4, 4)
    clock = time.process_time()
    five, _ = run_to_end(pattern_db.build(adjacency, pattern_db.default_patterns(adjacency, 15), 15))
    five_build = time.process_time() - clock
    five_file = len(pdb_file.encode(adjacency, five.patterns, 15, five.bits, five.tables))
    six, _ = run_to_end(tables.database_for(adjacency, 15))
    six_file = tables.find(tables.FIFTEEN).stat().st_size
    runs = [("Manhattan + linear conflict", "linear-conflict", None, 0, 0, "none"),
            ("5-5-5", "pdb", five.with_readings(1), five.bytes, five_file, f"{five_build:.0f} s in the process"),
            ("5-5-5 + mirror", "pdb", five, five.bytes, five_file, "(the same)"),
            ("6-6-3", "pdb", six.with_readings(1), six.bytes, six_file, f"stored ({tables.FIFTEEN.minutes:g} min)"),
            ("6-6-3 + mirror", "pdb", six, six.bytes, six_file, "(the same)")]
    rows = []
    for name, bound, database, memory, shipped, made in runs:
        data = measure(instances, bound, limit, database)
        solved = [row for row in data["rows"] if row["moves"] is not None]
        cpu = [row["cpu"] for row in data["rows"]]
        rows.append([name, f"{len(solved)}/{len(instances)}", f"{sum(row['nodes'] for row in solved):,}",
                     f"{statistics.median(cpu):.3f}", f"{sum(cpu):.1f}",
                     f"{sum(row['nodes'] for row in solved) / max(sum(r['cpu'] for r in solved), 1e-9):,.0f}",
                     f"{memory / 2**20:.1f} MiB" if memory else "–", f"{shipped / 1e6:.2f} MB" if shipped else "–",
                     made])
        print("  ", *rows[-1], file=sys.stderr, flush=True)
    table(f"15-puzzle, Korf's first {len(instances)} odd instances, one process (CPU seconds"
          + (f", {limit:.0f} s cap each" if limit else "") + ")",
          ["bound", "solved", "nodes (solved)", "median s", "total s", "nodes/s", "memory", "file", "made"], rows)


# --------------------------------------------------------------------------- per CLI call

def cli(instances: list) -> None:
    """One `python -m pzl solve` process per instance: Python's start-up, the import, the tables and the search."""
    rows, walls = [], []
    for number, optimal, start in instances:
        clock = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pzl", "solve", "15-puzzle", "--start", start, "--json"],
                              cwd=ROOT, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - clock
        result = json.loads(done.stdout) if done.returncode == 0 else None
        if result is None or result["moves"] != optimal:
            raise SystemExit(f"Korf #{number}: {done.stderr.strip() or result}")
        walls.append(wall)
        rows.append([number, optimal, f"{result['stats']['nodes']:,}", f"{wall:.2f}"])
    table(f"`python -m pzl solve 15-puzzle --start ... --json`, one process each ({sys.executable})",
          ["Korf #", "moves", "nodes", "wall s"], rows)
    table("per CLI call", ["", "median / max / total"], [["wall s", summary(walls)]])


# --------------------------------------------------------------------------- in the page

def page(instances: list) -> None:
    """A few instances solved in the page in Chromium; the first solve of a fresh page loads the tables."""
    from playwright.sync_api import sync_playwright

    from tools.browsers import find_chromium
    from tools.project import SITE
    from tools.server import make_server

    if not (SITE / "build.json").is_file():
        raise SystemExit("site/ is not built: run `python build.py`")
    server = make_server(SITE, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=["--no-sandbox"])
        context = browser.new_context()
        tab = context.new_page()
        clock = time.perf_counter()
        tab.goto(url)
        tab.wait_for_function("() => document.querySelector('[data-testid=status]')?.dataset.state === 'ready'",
                              timeout=120_000)
        ready = time.perf_counter() - clock
        tab.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
        tab.wait_for_timeout(3000)   # let the service worker finish pre-caching, as a person would take a moment
        runs = [*instances, instances[0]]   # the first again, warm: what the first solve paid for the tables
        loading = []
        for number, optimal, start in runs:
            tab.goto(url + "#puzzle=15-puzzle&start=" + start.replace(" ", ","))
            tab.wait_for_function("(p) => document.querySelector('[data-testid=board]').dataset.position === p",
                                  arg=start)
            seconds, tables_seconds = tab.evaluate(
                """() => new Promise((resolve) => {
                    const status = document.querySelector('[data-testid="status"]');
                    const phase = document.getElementById('progress-phase');
                    const started = performance.now();
                    let first = null, last = null;   // the 'Loading pattern tables' phase shown
                    const result = document.querySelector('[data-testid="result"]');
                    const watcher = new MutationObserver(() => {
                        const now = performance.now();
                        if (phase.textContent.startsWith('Loading pattern tables')) {
                            first = first ?? now;
                        } else if (first !== null && last === null) {
                            last = now;
                        }
                        if (status.dataset.state === 'ready' && !result.hidden) {
                            watcher.disconnect();
                            resolve([(now - started) / 1000, first === null ? 0 : ((last ?? now) - first) / 1000]);
                        }
                    });
                    watcher.observe(document.body, {attributes: true, childList: true, subtree: true});
                    document.querySelector('[data-testid="solve"]').click();
                })""")
            moves = tab.get_by_test_id("result-moves").inner_text()
            if moves != str(optimal):
                raise SystemExit(f"Korf #{number} in the page: {moves} moves, the published optimum is {optimal}")
            rows.append([number, optimal, f"{seconds:.2f}"])
            loading.append(tables_seconds)
        browser.close()
    server.shutdown()
    first, warm = float(rows[0][2]), float(rows[-1][2])
    rows[0][0] = f"{rows[0][0]} (first solve: fetches and decodes the tables)"
    rows[-1][0] = f"{rows[-1][0]} (again)"
    table(f"In the page (headless Chromium, solver ready after {ready:.1f} s): click Solve → answer shown",
          ["Korf #", "moves", "seconds"], rows)
    warm_rows = [float(row[2]) for row in rows[1:-1]] or [warm]
    table("in the page", ["", "seconds"], [["median of the warm solves", f"{statistics.median(warm_rows):.2f}"],
                                           ["first solve minus the same solve warm", f"{first - warm:.2f}"],
                                           ["of which 'Loading pattern tables' was shown",
                                            f"{loading[0]:.2f}"]])


# --------------------------------------------------------------------------- the 80-move positions

def hardest(limit: float | None) -> None:
    """The 80-move positions (and their mirror): time, nodes, and the nodes per threshold (also when cut off)."""
    loaded = load_tables()
    rows = []
    for start in (EIGHTY, mirrored(EIGHTY)):
        wall, cpu = time.perf_counter(), time.process_time()
        passes, depth, before, result = [], None, 0, None
        for event in api.run({"puzzle": "15-puzzle", "start": start}):
            if event["event"] == "result":
                result = event["result"]
            elif event["event"] == "progress" and event.get("depth") is not None:
                if event["depth"] != depth:
                    if depth is not None:
                        passes.append(f"{depth}: {before:,}")
                    depth, before = event["depth"], 0
                before = event["nodes"] - sum(int(text.split(": ")[1].replace(",", "")) for text in passes)
                if limit is not None and time.perf_counter() - wall > limit:
                    break
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if result is None:
            passes.append(f"{depth}: {before:,}+ (cut off)")
            rows.append([start, f"> {depth - 1}", "—", f"> {wall:.0f}", f"{cpu:.0f}", ", ".join(passes)])
            print("  ", *rows[-1], file=sys.stderr, flush=True)
            continue
        found = ", ".join(f"{threshold}: {nodes:,}" for threshold, nodes in result["iterations"])
        rows.append([start, result["moves"], f"{result['stats']['nodes']:,}", f"{wall:.1f}", f"{cpu:.1f}", found])
        print("  ", *rows[-1], file=sys.stderr, flush=True)
    table(f"15-puzzle positions 80 moves from 1 .. 15 0 (tables loaded first in {loaded['seconds']:.2f} s"
          + (f"; {limit:.0f} s cap each" if limit else "") + ")",
          ["start", "moves", "nodes", "wall s", "CPU s", "nodes per threshold"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=200, help="random 8-puzzle positions (default 200; 0: none)")
    parser.add_argument("--iddfs", action="store_true", help="also time plain iterative deepening (slow)")
    parser.add_argument("--korf", type=int, default=0, help="how many Korf instances to solve in one process")
    parser.add_argument("--korf-file", type=Path, help=f"the instance file (default: ../shared/data/{KORF_NAME})")
    parser.add_argument("--bound", default="auto", choices=BOUNDS,
                        help="auto (default: requests through pzl.api, as the CLI), or the kernel with a bound")
    parser.add_argument("--partitions", type=int, default=0,
                        help="compare pattern-database partitions (and linear conflict) on this many instances")
    parser.add_argument("--limit", type=float, help="seconds allowed per instance (default: none)")
    parser.add_argument("--pyodide", action="store_true", help="with --korf: the same in Pyodide under Node")
    parser.add_argument("--compiled", type=Path, metavar="DIR", help="with --korf: a LenKagamine/15puzzle build")
    parser.add_argument("--cli", type=int, default=0, help="how many instances to solve, one CLI process each")
    parser.add_argument("--page", type=int, default=0,
                        help="how many instances to solve in the page (spread evenly over the 50)")
    parser.add_argument("--hardest", action="store_true", help="the 80-move positions")
    options = parser.parse_args()
    busy = options.korf or options.cli or options.page or options.hardest or options.partitions
    if options.positions and not busy:
        eight_puzzle(options.positions, options.iddfs)
    if options.korf or options.cli or options.page or options.partitions:
        path = korf_file(options.korf_file)
    if options.partitions:
        partitions(korf_instances(path, options.partitions), options.limit)
    if options.korf:
        korf(korf_instances(path, options.korf), options.bound, options.limit, options.pyodide, options.compiled)
    if options.cli:
        cli(korf_instances(path, options.cli))
    if options.page:   # spread over the file: a fair sample of the 50, the first one being Korf #1
        every = korf_instances(path, 50)
        page(every[::max(1, len(every) // options.page)][:options.page])
    if options.hardest:
        hardest(options.limit)


if __name__ == "__main__":
    main()
