"""The fast solver's construction: place a board's outer rows and columns one at a time.

A region R x C shrinks to (R-1) x C or R x (C-1) by placing one of its border lines (the
one that leaves the least work, tried on copies), until at most 3 x 3 is left (the caller
finishes that exactly). In a line, every tile but the last two walks to its cell (the blank
fetched round it by a cheapest-path search over the free cells that prefers tidying the
tiles it shifts); the last two are brought into a small window at the end of the line and
put in place together by a breadth-first search over (tile, tile, blank) positions in the
window, which is the classic "last two tiles" manoeuvre found rather than hand-written.

Tiles are numbered by their goal cells, so the goal is the identity and the blank's id is
its goal cell. Every move is recorded as the blank's new cell; `Placer.blanks` is the path.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from copy import copy
from heapq import heappop, heappush

from pzl.sliding.board import grid_distances

#: The largest region finished exactly (rows, columns) — both sides at most this.
FINISH_SIDE = 3

#: How much a unit of Manhattan distance left in the region weighs against a move spent, when
#: choosing the next line (measured on 5x5 to 10x10: 1 to 2 do best, 3 and more slightly worse).
LOOKAHEAD = 2

#: The blank's cost per move (STEP) and how much of it a move that shifts a tile towards its goal
#: saves, or one away adds (TIDY); measured on random 5x5 to 10x10 boards, see `route`.
STEP, TIDY = 10, 9


class Placer:
    """A board being solved line by line: where every tile is, which cells are done, the blank's path."""

    def __init__(self, rows: int, cols: int, board: list[int], blank: int) -> None:
        self.rows, self.cols = rows, cols
        self.board = board                       # board[cell] = id (goal cell) of the tile there
        self.blank = blank                       # the blank's id (its goal cell)
        self.where = [0] * len(board)
        for cell, tile in enumerate(board):
            self.where[tile] = cell
        self.fixed = bytearray(len(board))       # 1 = placed for good (or outside the region)
        self.blanks = [self.where[blank]]
        self.nodes = 0                           # cells examined by the breadth-first searches
        self.neighbours = [_neighbours(cell, rows, cols) for cell in range(rows * cols)]
        self.distance = grid_distances(rows, cols)

    # ---- moves -----------------------------------------------------------------------------

    def slide(self, cell: int) -> None:
        """Move the blank into the neighbouring `cell` (the tile there takes the blank's place)."""
        z = self.where[self.blank]
        tile = self.board[cell]
        self.board[z], self.where[tile] = tile, z
        self.board[cell], self.where[self.blank] = self.blank, cell
        self.blanks.append(cell)

    def walk(self, path: list[int]) -> None:
        """Slide the blank along `path` (cells after its current one)."""
        for cell in path:
            self.slide(cell)

    def route(self, targets: set[int], avoid: int = -1) -> list[int] | None:
        """A short way for the blank to any cell of `targets` through free cells, never over `avoid`.

        Each move shifts one tile by one cell; a shift towards the tile's goal cell costs
        STEP - TIDY, one away STEP + TIDY, and the cheapest way is taken (Dijkstra), so fetching
        the blank also tidies the tiles it passes: measured, this shortens whole solutions by
        about a fifth on 10 x 10 boards against the plain shortest way.
        """
        z = self.where[self.blank]
        if z in targets:
            return []
        fixed, neighbours, board, distance = self.fixed, self.neighbours, self.board, self.distance
        previous = {z: -1}
        best = {z: 0}
        heap = [(0, z)]
        done: set[int] = set()
        while heap:
            cost, cell = heappop(heap)
            if cell in done:
                continue
            done.add(cell)
            if cell in targets:
                self.nodes += len(done)
                return _trace(previous, cell)
            for other in neighbours[cell]:
                if other in done or fixed[other] or other == avoid:
                    continue
                tile = board[other]
                value = cost + STEP + TIDY * (distance[cell][tile] - distance[other][tile])
                if value < best.get(other, value + 1):
                    best[other] = value
                    previous[other] = cell
                    heappush(heap, (value, other))
        self.nodes += len(done)
        return None

    # ---- one tile --------------------------------------------------------------------------

    def bring(self, tile: int, targets: set[int]) -> None:
        """Walk `tile` to any cell of `targets`, one cell nearer each step, fetching the blank round it."""
        row_of = [t // self.cols for t in targets]
        col_of = [t % self.cols for t in targets]

        def away(cell: int) -> int:
            r, c = divmod(cell, self.cols)
            return min(abs(r - tr) + abs(c - tc) for tr, tc in zip(row_of, col_of, strict=True))

        while (p := self.where[tile]) not in targets:
            nearer = {q for q in self.neighbours[p] if not self.fixed[q] and away(q) < away(p)}
            path = self.route(nearer, avoid=p)
            if path is None:
                self.walk(self._joint(tile, targets))
                return
            self.walk(path)
            self.slide(p)

    def _joint(self, tile: int, targets: set[int]) -> list[int]:
        """The blank's path that brings `tile` into `targets`: breadth-first over (tile cell, blank cell)."""
        n = len(self.board)
        start = self.where[tile] * n + self.where[self.blank]
        previous = {start: -1}
        frontier = [start]
        while frontier:
            after = []
            for state in frontier:
                p, z = divmod(state, n)
                for y in self.neighbours[z]:
                    if self.fixed[y]:
                        continue
                    nxt = z * n + p if y == p else p * n + y
                    if nxt in previous:
                        continue
                    previous[nxt] = state
                    if nxt // n in targets:
                        self.nodes += len(previous)
                        return [state % n for state in _trace(previous, nxt)]
                    after.append(nxt)
            frontier = after
        raise AssertionError(f"tile {tile} cannot reach {sorted(targets)}")  # never: regions stay 2 wide

    # ---- one line --------------------------------------------------------------------------

    def place_line(self, line: list[int], inward: tuple[int, int]) -> None:
        """Place the tiles of `line` (cells in order; the last two go in together) and fix them.

        `inward` is the step (rows, columns) from the line into the rest of the region.
        """
        for cell in line[:-2]:
            self.bring(cell, {cell})
            self.fixed[cell] = 1
        x, y = line[-2], line[-1]
        if self.where[x] != x or self.where[y] != y:
            window = self._window(x, y, inward)
            if not (self.where[x] in window and self.where[y] in window):
                self.bring(y, {x})
                self.fixed[x] = 1
                self.bring(x, window - {x})
                self.fixed[x] = 0
            if self.where[self.blank] not in window:
                path = self._route_between(window, (self.where[x], self.where[y]))
                if path is None:  # the two tiles wall the window off (a region two cells deep)
                    window = {cell for cell in range(len(self.board)) if not self.fixed[cell]}
                self.walk(path or [])
            self.walk(self._pair(x, y, window))
        self.fixed[x] = self.fixed[y] = 1

    def placing(self, line: list[int], inward: tuple[int, int]) -> Generator[None, None, None]:
        """`place_line` for `reduce`: a generator, so that a subclass placing lines by longer searches can
        yield between slices of them (here the line goes in at once)."""
        self.place_line(line, inward)
        yield from ()

    def _window(self, x: int, y: int, inward: tuple[int, int]) -> set[int]:
        """The line's last two cells and the free cells up to 2 deep inward of its last three."""
        cols = self.cols
        (rx, cx), (ry, cy) = divmod(x, cols), divmod(y, cols)
        window = {x, y}
        for depth in (1, 2):
            for back in (0, 1, 2):
                r = ry + depth * inward[0] - back * (ry - rx)
                c = cy + depth * inward[1] - back * (cy - cx)
                if 0 <= r < self.rows and 0 <= c < cols and not self.fixed[r * cols + c]:
                    window.add(r * cols + c)
        return window

    def _route_between(self, window: set[int], occupied: tuple[int, int]) -> list[int] | None:
        """The blank's way into `window` without passing the two tiles being placed."""
        saved = [self.fixed[cell] for cell in occupied]
        for cell in occupied:
            self.fixed[cell] = 1
        try:
            path = self.route(window - set(occupied))
        finally:
            for cell, was in zip(occupied, saved, strict=True):
                self.fixed[cell] = was
        return path

    def _pair(self, x: int, y: int, window: set[int]) -> list[int]:
        """The blank's path that puts tile x on cell x and tile y on cell y, moving only inside `window`."""
        z0 = self.where[self.blank]
        start = (self.where[x], self.where[y], z0)
        previous: dict[tuple[int, int, int], tuple[int, int, int] | None] = {start: None}
        frontier = [start]
        while frontier:
            after = []
            for state in frontier:
                a, b, z = state
                for step in self.neighbours[z]:
                    if step not in window:
                        continue
                    nxt = (z if step == a else a, z if step == b else b, step)
                    if nxt in previous:
                        continue
                    previous[nxt] = state
                    if nxt[0] == x and nxt[1] == y:
                        self.nodes += len(previous)
                        states = [nxt]
                        while (back := previous[states[-1]]) is not None:
                            states.append(back)
                        return [s[2] for s in reversed(states[:-1])]
                    after.append(nxt)
            frontier = after
        raise AssertionError("the last two tiles of a line cannot be placed in their window")

    # ---- the whole board -------------------------------------------------------------------

    def reduce(self, width: int = 1) -> Generator[None, None, list[int]]:
        """Place lines until at most FINISH_SIDE x FINISH_SIDE is left; yields after each line tried.

        Each step tries every border line that may go — top or bottom row, left or right
        column, each filled towards either end — on a copy (one per way of placing it, `trials`),
        and keeps the one with the fewest moves plus LOOKAHEAD times the Manhattan distance left
        in the smaller region (measured: about a tenth fewer moves in all than always taking the
        longer side, for twice the time). A line may go when the region is at least 3 deep across it (the last two
        tiles' window needs 2 more) and it does not hold the blank's goal cell, which the
        region left (its cells are returned) always keeps. With `width` above 1 the steps keep
        that many of the best boards so far (a beam over the order of the lines; the same
        board reached twice is kept once) and the best at the end wins: measured, 16 give
        about a twentieth fewer moves on 5x5 to 10x10 boards, for about ten times the work.
        """
        beam: list[tuple[int, Placer, tuple[int, int, int, int]]] = [(0, self, (0, self.rows, 0, self.cols))]
        while any(_open(region) for _, _, region in beam):
            candidates: list[tuple[int, Placer, tuple[int, int, int, int]]] = []
            for score, placer, region in beam:
                if not _open(region):
                    candidates.append((score, placer, region))
                    continue
                for line, inward, smaller in placer._lines(region):
                    for trial in placer.trials():
                        before = trial.nodes   # the copy's count so far (its placer's when copied)
                        yield from trial.placing(line, inward)
                        self.nodes += trial.nodes - before
                        candidates.append((len(trial.blanks) + LOOKAHEAD * trial.left_over(smaller), trial, smaller))
                        yield None
            assert candidates, "a region above 3 x 3 always has a line that may go"
            candidates.sort(key=lambda candidate: candidate[0])   # stable: on a tie the first line tried
            seen: set[tuple[int, ...]] = set()
            beam = []
            for candidate in candidates:
                board = tuple(candidate[1].board)
                if board not in seen:
                    seen.add(board)
                    beam.append(candidate)
                    if len(beam) == width:
                        break
        _, chosen, region = beam[0]
        self.board, self.where, self.fixed, self.blanks = chosen.board, chosen.where, chosen.fixed, chosen.blanks
        top, bottom, left, right = region
        return [r * self.cols + c for r in range(top, bottom) for c in range(left, right)]

    def left_over(self, region: tuple[int, int, int, int]) -> int:
        """The Manhattan distance of the tiles in `region` (top, bottom, left, right) to their goal cells."""
        top, bottom, left, right = region
        return sum(self.distance[cell][self.board[cell]] for r in range(top, bottom)
                   for cell in range(r * self.cols + left, r * self.cols + right) if self.board[cell] != self.blank)

    def _lines(self, region: tuple[int, int, int, int]) -> Iterator[tuple[list[int], tuple[int, int],
                                                                          tuple[int, int, int, int]]]:
        """The border lines that may go next: (cells in filling order, inward step, the region after)."""
        top, bottom, left, right = region
        goal_row, goal_col = divmod(self.blank, self.cols)
        cols = self.cols
        if bottom - top >= 3:
            for toward in (left, right - 1):
                cells = _run(left, right, toward)
                if goal_row != top:
                    yield [top * cols + c for c in cells], (1, 0), (top + 1, bottom, left, right)
                if goal_row != bottom - 1:
                    yield [(bottom - 1) * cols + c for c in cells], (-1, 0), (top, bottom - 1, left, right)
        if right - left >= 3:
            for toward in (top, bottom - 1):
                cells = _run(top, bottom, toward)
                if goal_col != left:
                    yield [r * cols + left for r in cells], (0, 1), (top, bottom, left + 1, right)
                if goal_col != right - 1:
                    yield [r * cols + right - 1 for r in cells], (0, -1), (top, bottom, left, right - 1)

    def trials(self) -> list[Placer]:
        """The copies a line is tried on in `reduce`, one per way of placing it (here one: tile by tile)."""
        return [self.clone()]

    def clone(self) -> Placer:
        """A copy to try a line on (the tables that never change are shared)."""
        twin = copy(self)
        twin.board, twin.where, twin.blanks = self.board[:], self.where[:], self.blanks[:]
        twin.fixed = bytearray(self.fixed)
        return twin


def _open(region: tuple[int, int, int, int]) -> bool:
    """True while a region (top, bottom, left, right) is bigger than the part finished exactly."""
    return region[1] - region[0] > FINISH_SIDE or region[3] - region[2] > FINISH_SIDE


def _run(low: int, high: int, toward: int) -> list[int]:
    """Indices low..high-1 ordered so that the line ends at `toward` (one of the two ends)."""
    return list(range(low, high)) if toward == high - 1 else list(range(high - 1, low - 1, -1))


def _neighbours(cell: int, rows: int, cols: int) -> tuple[int, ...]:
    """The board cells next to `cell` (up, left, right, down)."""
    r, c = divmod(cell, cols)
    out = []
    if r > 0:
        out.append(cell - cols)
    if c > 0:
        out.append(cell - 1)
    if c < cols - 1:
        out.append(cell + 1)
    if r < rows - 1:
        out.append(cell + cols)
    return tuple(out)


def _trace(previous: dict[int, int], end: int) -> list[int]:
    """The cells from just after the search's start to `end`, read back through `previous`."""
    path = [end]
    while previous[path[-1]] != -1:
        path.append(previous[path[-1]])
    path.pop()
    return path[::-1]
