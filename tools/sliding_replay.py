"""An independent legality checker for sliding solutions: replays them move by move.

Written from the rules alone (it shares no code with the solver): a move slides one
piece one cell up, down, left or right into cells that are empty or its own. Also `walk`:
a numbered-tile position a seeded random walk of the blank away from the standard goal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def one_move_positions(cells: Sequence[tuple[int, int]], shapes: dict[str, list[tuple[int, int]]],
                       position: Sequence[str]) -> set[tuple[str, ...]]:
    """Every position one legal move from `position` (labels per cell, '0' empty)."""
    at = {tuple(cell): i for i, cell in enumerate(cells)}
    claimed: set[int] = set()
    pieces = []
    for i, label in enumerate(position):
        if label == "0" or i in claimed:
            continue
        r, c = cells[i]
        covered = [at[(r + dr, c + dc)] for dr, dc in shapes.get(label, [(0, 0)])]
        assert all(position[j] == label for j in covered), f"broken piece {label} at cell {i}"
        claimed.update(covered)
        pieces.append((label, covered))
    found = set()
    for label, covered in pieces:
        for dr, dc in STEPS:
            target = []
            for j in covered:
                r, c = cells[j]
                target.append(at.get((r + dr, c + dc)))
            if None in target or any(position[t] != "0" and t not in covered for t in target):
                continue
            after = list(position)
            for j in covered:
                after[j] = "0"
            for t in target:
                after[t] = label
            found.add(tuple(after))
    return found


def assert_replays(entry: dict, solution: Sequence[str], start: str, goal: str) -> None:
    """Assert `solution` starts at `start`, makes only legal single moves, and ends on `goal` ('*' = any)."""
    cells = [tuple(cell) for cell in entry["cells"]]
    shapes = {label: [tuple(offset) for offset in data["shape"]] for label, data in entry.get("pieces", {}).items()}
    positions = [text.split() for text in solution]
    assert positions[0] == start.split(), "the solution does not begin at the start"
    for before, after in pairwise(positions):
        assert tuple(after) in one_move_positions(cells, shapes, before), f"illegal move {before} -> {after}"
    assert all(g in ("*", p) for g, p in zip(goal.split(), positions[-1], strict=True)), "the goal is not reached"


def whole_slides(cells: Sequence[tuple[int, int]], shapes: dict[str, list[tuple[int, int]]],
                 position: Sequence[str]) -> set[tuple[str, ...]]:
    """Positions one *piece move* away, where a piece may slide any distance, round corners too.

    This is the classic counting for Klotski-type puzzles (the 81-move figure), kept
    here only to check that the catalog's Hakoiri Musume is the classic layout.
    """
    at = {tuple(cell): i for i, cell in enumerate(cells)}
    found = set()
    claimed: set[int] = set()
    for i, label in enumerate(position):
        if label == "0" or i in claimed:
            continue
        shape = shapes.get(label, [(0, 0)])
        r0, c0 = cells[i]
        covered = {at[(r0 + dr, c0 + dc)] for dr, dc in shape}
        claimed |= covered
        free = {j for j, other in enumerate(position) if other == "0"} | covered

        def fits(r: int, c: int, shape: list[tuple[int, int]] = shape, free: set[int] = free) -> bool:
            return all(at.get((r + dr, c + dc)) in free for dr, dc in shape)

        seen = {(r0, c0)}
        stack = [(r0, c0)]
        while stack:
            r, c = stack.pop()
            for dr, dc in STEPS:
                if (r + dr, c + dc) not in seen and fits(r + dr, c + dc):
                    seen.add((r + dr, c + dc))
                    stack.append((r + dr, c + dc))
        for r, c in seen - {(r0, c0)}:
            after = ["0" if j in covered else other for j, other in enumerate(position)]
            for dr, dc in shape:
                after[at[(r + dr, c + dc)]] = label
            found.add(tuple(after))
    return found


def walk(rows: int, cols: int, steps: int, seed: int | random.Random) -> tuple[int, ...]:
    """A position `steps` random slides from the standard goal (never undoing the last); `seed`: a
    seed or a generator to draw from (bench/sliding_fast.py walks many from one)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    position = [*range(1, rows * cols), 0]
    blank, previous = rows * cols - 1, -1
    for _ in range(steps):
        r, c = divmod(blank, cols)
        options = [cell for cell, ok in ((blank - cols, r > 0), (blank + cols, r < rows - 1),
                                         (blank - 1, c > 0), (blank + 1, c < cols - 1)) if ok and cell != previous]
        cell = rng.choice(options)
        position[blank], position[cell] = position[cell], 0
        previous, blank = blank, cell
    return tuple(position)
