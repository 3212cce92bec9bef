"""Reading the plan of Dudeney's Motor-Garage Puzzle back from his 43-move answer.

    python bench/motor_garage.py             # the plans his answer fits, and pzl's fewest moves on each
    python bench/motor_garage.py --no-search # only the plans (the searches take ~90 s of CPU each on the narrow ones)

Amusements in Mathematics (1917), no. 224: eight cars on twelve stopping places A-L; cars 1-4 must
change places with 5-8, each row keeping its order; one car moves at a time, any distance counting as
one move. The plan is a picture; the answer names where each car goes. The cars' last moves put 1-4 on
A-D and 5-8 on I-L, so A-D is the bottom row and I-L the top row, and E-H are the four free places.
This script places E-H in every way on a grid around the two rows (1 to 4 rows apart), keeps the plans
on which every move of the answer is a legal slide through free places, and solves each with pzl (the
whole-slide count, bidirectional search, no state cap). A plan that takes fewer than 43 moves cannot be
Dudeney's, whose answer claims the fewest.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pzl import api  # noqa: E402

ANSWER = ("6-G, 2-B, 1-E, 3-H, 4-I, 3-L, 6-K, 4-G, 1-I, 2-J, 5-H, 4-A, 7-F, 8-E, 4-D, 8-C, 7-A, 8-G, 5-C, 2-B, "
          "1-E, 8-I, 1-G, 2-J, 7-H, 1-A, 7-G, 2-B, 6-E, 3-H, 8-L, 3-I, 7-K, 3-G, 6-I, 2-J, 5-H, 3-C, 5-G, 2-B, "
          "6-E, 5-I, 6-J")
MOVES = [(int(car), place) for car, place in (move.split("-") for move in ANSWER.split(", "))]


def fits(places: dict[str, tuple[int, int]]) -> bool:
    """True when every move of the answer slides its car through free places to a free place."""
    cells = set(places.values())
    at = {1: "I", 2: "J", 3: "K", 4: "L", 5: "A", 6: "B", 7: "C", 8: "D"}
    occupied = {places[place] for place in at.values()}
    for car, place in MOVES:
        source, target = places[at[car]], places[place]
        if target in occupied:
            return False
        seen, stack = {source}, [source]
        while stack and target not in seen:
            r, c = stack.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in cells and near not in seen and near not in occupied:
                    seen.add(near)
                    stack.append(near)
        if target not in seen:
            return False
        occupied.remove(source)
        occupied.add(target)
        at[car] = place
    return True


def plans() -> list[tuple[int, frozenset[tuple[int, int]]]]:
    """The plans the answer fits: (rows apart, the cells of E-H), each set of cells once."""
    found = set()
    for apart in (1, 2, 3, 4):
        rows = {**{p: (0, c) for c, p in enumerate("IJKL")}, **{p: (apart, c) for c, p in enumerate("ABCD")}}
        spare = [(r, c) for r in range(-1, apart + 2) for c in range(-1, 5) if (r, c) not in rows.values()]
        for cells in itertools.permutations(spare, 4):
            if fits({**rows, **dict(zip("EFGH", cells, strict=True))}):
                found.add((apart, frozenset(cells)))
    return sorted(found, key=lambda plan: (plan[0], sorted(plan[1])))


def layout(apart: int, cells: frozenset[tuple[int, int]]) -> tuple[str, str]:
    """The plan as a layout (cars 1-8) and its goal (the rows exchanged)."""
    top = min(r for r, _ in cells | {(0, 0)})
    left = min(c for _, c in cells | {(0, 0)})
    right = max(c for _, c in cells | {(0, 3)})
    bottom = max(r for r, _ in cells | {(apart, 0)})

    def draw(upper: str, lower: str) -> str:
        rows = []
        for r in range(top, bottom + 1):
            row = ""
            for c in range(left, right + 1):
                if r == 0 and 0 <= c < 4:
                    row += upper[c]
                elif r == apart and 0 <= c < 4:
                    row += lower[c]
                else:
                    row += "." if (r, c) in cells else "#"
            rows.append(row)
        return "/".join(rows)

    return draw("1234", "5678"), draw("5678", "1234")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-search", action="store_true", help="list the plans without solving them")
    args = parser.parse_args()
    print("| rows apart | plan | fewest moves (pzl) | positions | CPU s |")
    print("|---:|---|---:|---:|---:|")
    for apart, cells in plans():
        start, goal = layout(apart, cells)
        if args.no_search:
            print(f"| {apart} | `{start}` | – | – | – |")
            continue
        clock = time.process_time()
        final = api.answer({"command": "solve", "layout": start, "goal": goal, "metric": "piece", "max_states": 0})
        result = final.get("result", {})
        print(f"| {apart} | `{start}` | {result.get('moves')} | {result.get('stats', {}).get('states', 0):,} "
              f"| {time.process_time() - clock:.1f} |", flush=True)
