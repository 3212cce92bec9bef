"""The long fuzz run: the test suite's fuzzers (tools/fuzz_cases.py, tests/test_fuzz.py) for minutes, not seconds.

    python bench/fuzz.py --minutes 10              # valid sliding + peg requests, malformed requests, every
                                                   # command x option against the tables, edge boards, CLI samples
    python bench/fuzz.py --minutes 1 --seed 7      # another stream of requests
    python bench/fuzz.py --kinds sliding,peg       # only some generators

Valid requests are cross-checked against independent oracles (breadth-first search over the replay
checker's moves; brute force over peg jumps); malformed ones must end in a readable error event; CLI
samples must exit 0 or 2 without a traceback. Prints a table (requests, wrong answers, exceptions,
internal errors, cut off at the time budget, slowest request) and writes every failing case as a JSON
line to --failures (default: fuzz-failures.jsonl in the current folder, only when there are failures).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.fuzz_cases import (  # noqa: E402
    Case,
    check,
    cli_arguments,
    edge_board_case,
    edge_request,
    malformed_request,
    option_case,
    peg_case,
    sliding_case,
)

GENERATORS = {"sliding": sliding_case, "peg": peg_case, "malformed": malformed_request, "edge": edge_request,
              "options": option_case, "boards": edge_board_case}


def check_cli(rng: random.Random, budget: float) -> tuple[list[str], float, bool, list[str]]:
    """(problems, seconds, finished, arguments) of one random command line."""
    args = cli_arguments(rng)
    clock = time.perf_counter()
    try:
        run = subprocess.run([sys.executable, "-m", "pzl", *args], cwd=ROOT, capture_output=True, text=True,
                             timeout=budget, check=False)
    except subprocess.TimeoutExpired:
        return [], time.perf_counter() - clock, False, args
    problems = []
    if run.returncode not in (0, 2):
        problems.append(f"exit status {run.returncode}")
    if "Traceback" in run.stderr:
        problems.append("exception: a traceback on stderr: " + run.stderr.strip().splitlines()[-1])
    return problems, time.perf_counter() - clock, True, args


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to run (default 10)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock)")
    parser.add_argument("--kinds", default="sliding,peg,malformed,edge,options,boards,cli",
                        help="generators to use, comma-separated")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds a request may run before it is cut off")
    parser.add_argument("--cli-every", type=int, default=25, help="one CLI sample per this many api requests")
    parser.add_argument("--failures", type=Path, default=Path("fuzz-failures.jsonl"), help="where failing cases go")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    rng = random.Random(seed)
    kinds = [kind for kind in args.kinds.split(",") if kind in GENERATORS]
    with_cli = "cli" in args.kinds.split(",")
    deadline = time.monotonic() + args.minutes * 60
    counts: Counter[tuple[str, str]] = Counter()
    slowest: tuple[float, str, str] = (0.0, "", "")
    failures = []
    step = 0
    started = time.monotonic()
    while time.monotonic() < deadline:
        step += 1
        if with_cli and (not kinds or step % args.cli_every == 0):
            kind = "cli"
            problems, seconds, finished, argv = check_cli(rng, args.budget)
            shown = "python -m pzl " + " ".join(argv)
        else:
            kind = kinds[step % len(kinds)]
            case: Case | None = GENERATORS[kind](rng)
            if case is None:
                counts[(kind, "skipped")] += 1
                continue
            outcome = check(case, args.budget)
            problems, seconds, finished = outcome.problems, outcome.seconds, outcome.finished
            shown = case.request if isinstance(case.request, str) else json.dumps(case.request, ensure_ascii=False)
        counts[(kind, "requests")] += 1
        counts[(kind, "cut off")] += not finished
        if not finished:
            print(f"cut off after {seconds:.1f} s ({kind}): {shown[:300]}", flush=True)
        for problem in problems:
            label = ("exceptions" if problem.startswith("exception") else
                     "internal errors" if problem.startswith("internal error") else "wrong answers")
            counts[(kind, label)] += 1
        if problems:
            failures.append({"kind": kind, "request": shown[:20_000], "problems": problems})
            print(f"FAIL {kind}: {shown[:300]}\n     {problems}", flush=True)
        if finished and seconds > slowest[0]:
            slowest = (seconds, kind, shown[:160])
    elapsed = time.monotonic() - started
    print(report(counts, slowest, elapsed, seed))
    if failures:
        with args.failures.open("w", encoding="utf-8") as out:
            for failure in failures:
                out.write(json.dumps(failure, ensure_ascii=False) + "\n")
        print(f"\n{len(failures)} failing cases written to {args.failures}")
    return 1 if failures else 0


def report(counts: Counter, slowest: tuple[float, str, str], elapsed: float, seed: int) -> str:
    columns = ("requests", "wrong answers", "exceptions", "internal errors", "cut off", "skipped")
    kinds = sorted({kind for kind, _ in counts})
    lines = [f"fuzz run: {elapsed / 60:.1f} minutes, seed {seed}", "",
             f"{'generator':10} " + " ".join(f"{column:>15}" for column in columns)]
    for kind in kinds:
        lines.append(f"{kind:10} " + " ".join(f"{counts[(kind, column)]:>15,}" for column in columns))
    lines.append(f"{'total':10} " + " ".join(f"{sum(counts[(k, column)] for k in kinds):>15,}" for column in columns))
    lines += ["", f"slowest finished request: {slowest[0]:.2f} s ({slowest[1]}): {slowest[2]}"]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
