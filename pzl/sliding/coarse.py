"""Fewest moves as sliding-block books count them: breadth-first search over whole-piece moves.

pzl's own moves are one piece moved by one cell. Books count coarser moves: one piece moved
any distance along any path through empty cells (`metric="piece"`: Hakoiri Musume in 81), or
one piece slid in a straight line any distance (`metric="straight"`: 90). Both are searched
here breadth-first (`pzl.search.breadth.bfs`) over a Problem whose successors are those moves;
positions are the puzzle's code tuples, as in `pzl.sliding.blocks`.
"""

from __future__ import annotations

from collections.abc import Iterator

from pzl.errors import PuzzleError, shown
from pzl.sliding.board import DIRECTIONS
from pzl.sliding.position import ANY, EMPTY
from pzl.sliding.task import Puzzle

Codes = tuple[int, ...]
METRICS = ("step", "piece", "straight")


class CoarseProblem:
    """A sliding puzzle whose moves take one piece anywhere it can go (`piece`) or along one line (`straight`)."""

    def __init__(self, puzzle: Puzzle, metric: str, bound: str = "none") -> None:
        if metric not in ("piece", "straight"):
            raise PuzzleError(f"unknown move count {shown(metric)}; use one of: {', '.join(METRICS)}")
        self.metric = metric
        self.bound_name = bound
        self.start = puzzle.start
        self.goal = puzzle.goal
        board = puzzle.board
        size = board.size
        codes = sorted(set(puzzle.start) - {EMPTY})
        # cover[code][anchor]: the cells a piece of this code covers with its first cell (reading order) there
        self._cover: dict[int, list[tuple[int, ...] | None]] = {}
        for code in codes:
            shape = puzzle.shape_of(code)
            row = []
            for anchor in range(size):
                cells = [board.neighbour(anchor, offset) if offset != (0, 0) else anchor for offset in shape]
                row.append(None if None in cells else tuple(cells))  # type: ignore[arg-type]
            self._cover[code] = row
        self._step = [[board.neighbour(cell, direction) for direction in DIRECTIONS] for cell in range(size)]
        # the directions (indices into DIRECTIONS) each code may slide in: all, or along its length (rush-hour)
        self._ways = {code: [DIRECTIONS.index(d) for d in puzzle.directions(code)] for code in codes}
        self._constraints = tuple((cell, code) for cell, code in enumerate(puzzle.goal) if code != ANY)
        self._cells = board.cells
        self._targets = self._anchors(puzzle.goal)
        have: dict[int, int] = {}
        for code, _ in self._anchors(puzzle.start):
            have[code] = have.get(code, 0) + 1
        want: dict[int, int] = {}
        for code, _ in self._targets:
            want[code] = want.get(code, 0) + 1
        # a code with one piece and one goal place: its straight-slide bound counts the axes it is off by
        self._alone = {code for code, count in want.items() if count == 1 and have.get(code) == 1}

    def _anchors(self, codes: Codes) -> list[tuple[int, int]]:
        """The pieces of a position (goal: its placed pieces) as (code, first cell), scanning cells in order."""
        claimed: set[int] = set()
        found = []
        for cell, code in enumerate(codes):
            if code > 0 and cell not in claimed:
                claimed.update(self._cover[code][cell] or ())
                found.append((code, cell))
        return found

    def is_goal(self, state: Codes) -> bool:
        return all(state[cell] == code for cell, code in self._constraints)

    def goal_states(self) -> list[Codes]:
        """The goal, when it is complete (a partial goal raises ValueError: bfs then tests each state)."""
        if ANY in self.goal:
            raise ValueError("a partial goal has many goal states")
        return [self.goal]

    def lower_bound(self, state: Codes) -> int:
        """The bound chosen (`bound_name`): none (0), misplaced (goal places not held by a piece of their code:
        a move fills at most one), manhattan (straight slides: a lone piece off its goal row and column needs 2)."""
        if self.bound_name == "none":
            return 0
        placed = set(self._anchors(state))
        total = 0
        for code, anchor in self._targets:
            if (code, anchor) in placed:
                continue
            total += 1
            if self.bound_name == "manhattan" and code in self._alone:
                (r, c) = self._cells[anchor]
                (pr, pc) = next(self._cells[a] for k, a in placed if k == code)
                total += r != pr and c != pc
        return total

    def decode(self, state: Codes) -> Codes:
        return state

    def successors(self, state: Codes) -> Iterator[Codes]:
        """Every position one coarse move away: each piece to each place it can reach (each once)."""
        claimed = [False] * len(state)
        for anchor, code in enumerate(state):
            if code == EMPTY or claimed[anchor]:
                continue
            cells = self._cover[code][anchor]
            if cells is None:  # not a whole piece here: a malformed position cannot occur after parsing
                continue
            for cell in cells:
                claimed[cell] = True
            base = list(state)
            for cell in cells:
                base[cell] = EMPTY
            for place in self._places(base, code, anchor):
                after = base[:]
                for cell in self._cover[code][place]:  # type: ignore[union-attr]
                    after[cell] = code
                yield tuple(after)

    def _places(self, free: list[int], code: int, anchor: int) -> list[int]:
        """The anchors the piece can move to on `free` (the position without it), by this metric's moves."""
        cover, step, ways = self._cover[code], self._step, self._ways[code]

        def fits(place: int | None) -> bool:
            return place is not None and cover[place] is not None and all(free[c] == EMPTY for c in cover[place])

        places = []
        if self.metric == "straight":
            for direction in ways:
                place = step[anchor][direction]
                while fits(place):
                    places.append(place)
                    place = step[place][direction]  # type: ignore[index]
            return places
        seen = {anchor}
        frontier = [anchor]
        while frontier:
            at = frontier.pop()
            for place in (step[at][way] for way in ways):
                if place is not None and place not in seen and fits(place):
                    seen.add(place)
                    frontier.append(place)
                    places.append(place)
        return places
