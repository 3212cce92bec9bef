"""Every catalog peg board through the service: geometry, default task, verdict and time; prints a table.

    python bench/peg_boards.py           # geometry and the default task of every board via pzl.api
    python bench/peg_boards.py --beam    # plus an independent beam search for a solution of each default task

The beam search shares no code with the engine: it keeps the best WIDTH positions per jump
(fewest isolated pegs, most central), so it finds solutions but never proves anything.
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


def beam(board, start: int, finish: int | None, width: int) -> bool:
    """True when a beam search of `width` positions per jump reaches the finish."""
    neighbours = [0] * board.size
    for a, b, _ in board.jumps:
        neighbours[a] |= 1 << b
    cx = sum(x for x, _ in board.points) / board.size
    cy = sum(y for _, y in board.points) / board.size
    far = [abs(x - cx) + abs(y - cy) for x, y in board.points]

    def score(position: int) -> float:
        holes = [h for h in range(board.size) if position >> h & 1]
        return sum(3 * (not position & neighbours[h]) + 0.3 * far[h] for h in holes)

    layer = {start}
    wanted = 1 if finish is None else finish.bit_count()
    for _ in range(start.bit_count() - wanted):
        following = set()
        for position in layer:
            for a, b, c in board.jumps:
                if position >> a & 1 and position >> b & 1 and not position >> c & 1:
                    following.add(position ^ ((1 << a) | (1 << b) | (1 << c)))
        layer = set(sorted(following, key=score)[:width]) if len(following) > width else following
    return any(finish is None or position == finish for position in layer) if layer else False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beam", type=int, nargs="?", const=15000, default=0, metavar="WIDTH",
                        help="check each default task with an independent beam search (default width 15000)")
    args = parser.parse_args()
    header = (f"{'board':<20} {'holes':>5} {'jumps':>5} {'sym':>3} {'classes':>7}  {'task':<14} {'verdict':<10}"
              f" {'moves':>5} {'proved':>6} {'algorithm':<18} {'seconds':>7}")
    if args.beam:
        header += f" {'beam':>6} {'s':>5}"
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
        if args.beam:
            started = time.perf_counter()
            start = board.full & ~sum(1 << hole for hole in spec.empty)
            found = beam(board, start, None if spec.finish == "any" else 1 << spec.finish, args.beam)
            row += f" {'found' if found else 'no':>6} {time.perf_counter() - started:>5.1f}"
        print(row, flush=True)
    started = time.perf_counter()
    final = api.answer({"command": "solve", "puzzle": "french-37", "empty": "18", "finish": "18"})
    print(f"\nFrench central game: {final['result']['solvable']} in {time.perf_counter() - started:.4f} s: "
          f"{final['result']['reason'][:90]}…")


if __name__ == "__main__":
    main()
