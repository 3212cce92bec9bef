"""Every catalog peg board through the service: geometry, default task, verdict and time; prints a table.

    python bench/peg_boards.py    # geometry and the default task of every board via pzl.api

Seconds are wall-clock on a shared machine; "proved" says whether the moves are proved fewest.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl import api  # noqa: E402
from pzl.peg.boards import SPECS, board_by_id  # noqa: E402
from pzl.peg.classes import PositionClasses  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    header = (f"{'board':<20} {'holes':>5} {'jumps':>5} {'sym':>3} {'classes':>7}  {'task':<14} {'verdict':<10}"
              f" {'moves':>5} {'proved':>6} {'algorithm':<18} {'seconds':>7}")
    print(header)
    print("-" * len(header))
    for spec in SPECS:
        board = board_by_id(spec.id)
        started = time.perf_counter()
        final = api.answer({"command": "solve", "puzzle": spec.id})
        seconds = time.perf_counter() - started
        result = final.get("result", {})
        verdict = {True: "solved", False: "impossible", None: "unknown"}[result.get("solvable")]
        task = f"{','.join(map(str, spec.empty))} → {spec.finish}"
        row = (f"{spec.id:<20} {board.size:>5} {len(board.jumps):>5} {len(board.symmetries):>3} "
               f"{PositionClasses(board).count:>7}  {task:<14} {verdict:<10} {result.get('moves') or '-':>5} "
               f"{'yes' if result.get('minimal') else 'no':>6} {result.get('algorithm', ''):<18} {seconds:>7.2f}")
        print(row, flush=True)
    started = time.perf_counter()
    final = api.answer({"command": "solve", "puzzle": "french-37", "empty": "18", "finish": "18"})
    print(f"\nFrench central game: {final['result']['solvable']} in {time.perf_counter() - started:.4f} s: "
          f"{final['result']['reason'][:90]}…")


if __name__ == "__main__":
    main()
