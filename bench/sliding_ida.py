"""Times the depth-first sliding kernels (pzl.sliding.tiles) and prints tables.

    python bench/sliding_ida.py                  # 8-puzzle: 200 random positions, the hardest start's 40 solutions
    python bench/sliding_ida.py --iddfs          # ... plus plain iterative deepening on the hardest start (~15 s)
    python bench/sliding_ida.py --korf 50 --limit 60 --bound lc,pdb   # 15-puzzle, Korf's instances
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pzl.sliding import pattern_db
from pzl.sliding.tiles import distance_table, ida_star_tiles, iddfs_tiles

KORF = Path("/work/shared/data/korf-15-puzzle-odd.txt")
HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)
EIGHT_GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def grid(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(r2 * cols + c2 for r2, c2 in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                       if 0 <= r2 < rows and 0 <= c2 < cols) for r in range(rows) for c in range(cols))


def finish(search, limit: float | None = None):
    """Run a search to its end (or until `limit` seconds pass: None); returns (outcome, seconds)."""
    clock = time.perf_counter()
    while True:
        try:
            next(search)
        except StopIteration as stop:
            return stop.value, time.perf_counter() - clock
        if limit is not None and time.perf_counter() - clock > limit:
            search.close()
            return None, time.perf_counter() - clock


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


def table(title: str, header: list[str], rows: list[list]) -> None:
    print(f"\n{title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---:" if i else "---" for i in range(len(header))) + "|")
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")


def eight_puzzle(count: int, with_iddfs: bool) -> None:
    adjacency = grid(3, 3)
    distances = distance_table(adjacency)
    positions = solvable_positions(count, seed=2024)
    rows = []
    for name, conflict in (("ida, Manhattan", False), ("ida, Manhattan + linear conflict", True)):
        times, nodes, lengths = [], 0, []
        for position in positions:
            outcome, seconds = finish(ida_star_tiles(position, EIGHT_GOAL, adjacency, distances,
                                                     linear_conflict=conflict, rows_cols=(3, 3)))
            times.append(seconds * 1000)
            nodes += outcome.nodes
            lengths.append(len(outcome.path) - 1)
        times.sort()
        rows.append([name, f"{statistics.median(times):.1f}", f"{times[int(0.9 * len(times))]:.1f}",
                     f"{times[-1]:.1f}", f"{statistics.mean(lengths):.1f}",
                     f"{nodes / (sum(times) / 1000):,.0f}"])
    table(f"8-puzzle, {count} random solvable positions, one optimal solution each (CPython "
          f"{sys.version.split()[0]})", ["bound", "median ms", "p90 ms", "max ms", "mean moves", "nodes/s"], rows)

    rows = []
    runs = [("ida, Manhattan", lambda: ida_star_tiles(HARDEST, EIGHT_GOAL, adjacency, distances, all_solutions=True,
                                                     linear_conflict=False)),
            ("ida, Manhattan + linear conflict", lambda: ida_star_tiles(HARDEST, EIGHT_GOAL, adjacency, distances,
                                                                       all_solutions=True, rows_cols=(3, 3)))]
    if with_iddfs:
        runs.append(("iddfs (plain)", lambda: iddfs_tiles(HARDEST, EIGHT_GOAL, adjacency, all_solutions=True)))
    for name, make in runs:
        best = None
        for _ in range(1 if name.startswith("iddfs") else 5):
            outcome, seconds = finish(make())
            best = seconds if best is None else min(best, seconds)
        rows.append([name, len(outcome.path) - 1, outcome.count, f"{outcome.nodes:,}", f"{best * 1000:.0f}",
                     f"{outcome.nodes / best:,.0f}"])
    table("8-puzzle hardest start 8 6 7 2 5 4 3 0 1, all shortest solutions (best of 5)",
          ["algorithm", "moves", "solutions", "nodes", "ms", "nodes/s"], rows)


def korf(count: int, limit: float, bounds: list[str]) -> None:
    adjacency = grid(4, 4)
    distances = distance_table(adjacency)
    goal = (*range(1, 16), 0)
    instances = [line.split() for line in KORF.read_text().splitlines() if line.strip() and not line.startswith("#")]
    instances.sort(key=lambda fields: (int(fields[1]), int(fields[0])))
    instances = instances[:count]
    if "pdb" in bounds:
        database, seconds = finish(pattern_db.build(adjacency, pattern_db.default_patterns(adjacency, 15), 15))
        print(f"\npattern database {database.patterns}: built in {seconds:.1f} s, {database.bytes / 2**20:.1f} MiB")
    rows = []
    totals = {bound: [0, 0.0, 0] for bound in bounds}
    for fields in instances:
        number, optimal = fields[0], int(fields[1])
        start = tuple(int(cell) for cell in fields[2:])
        row = [number, optimal]
        for bound in bounds:
            search = ida_star_tiles(start, goal, adjacency, distances, rows_cols=(4, 4),
                                    linear_conflict=bound != "md", pattern_db=database if bound == "pdb" else None)
            outcome, seconds = finish(search, limit)
            if outcome is None:
                row += ["—", "—", f">{limit:.0f}"]
            else:
                assert len(outcome.path) - 1 == optimal, (number, bound)
                totals[bound][0] += 1
                totals[bound][2] += outcome.nodes
                row += [len(outcome.path) - 1, f"{outcome.nodes:,}", f"{seconds:.1f}"]
            totals[bound][1] += seconds
        rows.append(row)
        print("  ", *row, flush=True, file=sys.stderr)
    header = ["Korf #", "optimal"]
    for bound in bounds:
        header += [f"{bound} moves", f"{bound} nodes", f"{bound} s"]
    table(f"15-puzzle, Korf's instances (shortest first), {limit:.0f} s cap each", header, rows)
    table("totals", ["bound", "solved", "seconds", "nodes", "nodes/s"],
          [[bound, f"{solved}/{len(instances)}", f"{seconds:.0f}", f"{nodes:,}",
            f"{nodes / max(seconds, 1e-9):,.0f}"] for bound, (solved, seconds, nodes) in totals.items()])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=200, help="random 8-puzzle positions (default 200)")
    parser.add_argument("--iddfs", action="store_true", help="also time plain iterative deepening (slow)")
    parser.add_argument("--korf", type=int, default=0, help="how many Korf instances to solve (shortest first)")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds allowed per Korf instance")
    parser.add_argument("--bound", default="lc,pdb", help="comma list of md, lc, pdb (default lc,pdb)")
    options = parser.parse_args()
    if options.positions:
        eight_puzzle(options.positions, options.iddfs)
    if options.korf:
        korf(options.korf, options.limit, options.bound.split(","))


if __name__ == "__main__":
    main()
