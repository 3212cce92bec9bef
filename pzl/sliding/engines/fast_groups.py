"""Placing a border line's tiles in small groups, each by a best-first search over the group alone.

The fast solver (`fast_place.Placer`) walks a line's tiles in one at a time. A `GroupPlacer`
puts them in by groups of up to `group` tiles (given several sizes, each line is tried every way and
`Placer.reduce` keeps the best lines, whichever way they went; the line's last two always together: the corner
manoeuvre), each group by A* in the abstract space of the group's tiles and the blank only: the
cells already placed are walls, every other tile is "don't care" (the blank may move onto it
like onto any cell). Its bound is admissible in that space, in moves: the larger of the group's
summed Manhattan distance plus the blank's distance to the nearest misplaced group tile (less
one) and, per tile, the fewest moves that tile alone needs with the blank (`_alone`).

The moves are weighed as `Placer.route` weighs the blank's: a move costs STEP, less TIDY_GROUP
when the tile it shifts goes towards its goal cell and more when it goes away, and the bound is
counted at STEP a move — so it is a guide, not a proof: the fewest moves alone (TIDY_GROUP 0)
measured longer whole solutions than the per-tile way (the group's tidy path disturbs the rest
less). A group whose search passes GROUP_NODES expansions (fewer on big boards) goes in the per-tile way instead.
Searches yield every SLICE expansions (the caller's time slices).
"""

from __future__ import annotations

from collections.abc import Generator
from heapq import heappop, heappush

from pzl.sliding.engines.fast_place import STEP, Placer

#: How much a move that shifts a tile towards its goal cell saves in a group's search, or one away adds.
TIDY_GROUP = 7
#: Expansions one group's search may take before its tiles go in one at a time instead; on boards of more than
#: BIG_BOARD cells, BIG_BOARD_NODES (measured on 10x10, lines one tile at a time or by groups of 3, 2 orders: the
#: searches that give up were a third of the work, and at 2,000 the answers after auto's windows are as short).
GROUP_NODES = 5_000
BIG_BOARD, BIG_BOARD_NODES = 64, 2_000
#: Expansions between two yields of a group's search.
SLICE = 1_000

Placing = Generator[None, None, None]


class GroupPlacer(Placer):
    """A `Placer` whose lines go in by groups of up to `group` tiles, each by A* over the group and the blank."""

    def __init__(self, rows: int, cols: int, board: list[int], blank: int, group: int | tuple[int, ...]) -> None:
        super().__init__(rows, cols, board, blank)
        #: The group sizes each line is tried with in `reduce` (0: one tile at a time), and the one placing now.
        self.ways = group if isinstance(group, tuple) else (group,)
        self.group = self.ways[0]
        self.give_up = GROUP_NODES if rows * cols <= BIG_BOARD else BIG_BOARD_NODES
        self.rowcol = [divmod(cell, cols) for cell in range(rows * cols)]
        self.alone_moves: dict[int, list[int]] = {}   # `_alone_table`'s, by tile: shared by the copies

    def placing(self, line: list[int], inward: tuple[int, int]) -> Placing:
        """Place `line`'s tiles (cells in filling order) by groups, the last two together, and fix them."""
        if not self.group:
            self.place_line(line, inward)
            return
        head = line[:-2]
        groups = [head[i:i + self.group] for i in range(0, len(head), self.group)]
        for group in [*groups, line[-2:]]:
            path = yield from self._group_path(group)
            if path is not None:
                self.walk(path)
            elif group[-1] == line[-1]:
                self.place_line(line, inward)   # the tiles before are in place: only the last two move
            else:
                for cell in group:
                    self.bring(cell, {cell})
                    self.fixed[cell] = 1
            for cell in group:
                self.fixed[cell] = 1

    def trials(self) -> list[Placer]:
        """A copy for each way of placing a line (`ways`): `reduce` keeps the best lines whichever way they went."""
        copies = []
        for group in self.ways:
            twin = self.clone()
            twin.group = group
            copies.append(twin)
        return copies

    def _group_path(self, group: list[int]) -> Generator[None, None, list[int] | None]:
        """The blank's path that puts every tile of `group` (ids = goal cells) on its cell, the cheapest by the
        tidy weighing (walls: the fixed cells); None when the search passes `give_up` expansions.

        A state is one int, the blank's cell then the group's cells in base n (a move changes the blank's digit
        and at most one tile's); the one-tile bounds are kept per tile, (tile's cell, blank's cell) → moves, in
        `alone_moves`, which the copies tried in `reduce` share."""
        n, where = len(self.board), self.where
        cells0, z0 = tuple(where[tile] for tile in group), where[self.blank]
        target = tuple(group)
        if cells0 == target:
            return []
        fixed, neighbours, distance, board = self.fixed, self.neighbours, self.distance, self.board
        weights = [n ** (len(group) - 1 - i) for i in range(len(group))]
        z_weight = n ** len(group)
        tables = [self._alone_table(tile) for tile in group]
        away = [distance[tile] for tile in group]
        rowcol = self.rowcol
        members = list(zip(away, tables, [rowcol[tile] for tile in group], strict=True))

        def bound(cells: tuple[int, ...], z: int) -> int:
            total, near, alone = 0, n, 0
            row = distance[z]
            for cell, (to_go, table, goal) in zip(cells, members, strict=True):
                d = to_go[cell]
                if d:
                    total += d
                    if row[cell] < near:
                        near = row[cell]
                    one = table[cell * n + z]
                    if one < 0:
                        one = table[cell * n + z] = _alone(rowcol[cell], goal, rowcol[z], d)
                    if one > alone:
                        alone = one
            return STEP * max(total + near - 1, alone) if total else 0

        first = z0 * z_weight + sum(cell * weight for cell, weight in zip(cells0, weights, strict=True))
        cost_of = {first: 0}
        previous: dict[int, int] = {first: -1}
        heap = [(bound(cells0, z0), 0, first, cells0, z0)]
        expanded = 0
        while heap:
            _, minus_cost, key, cells, z = heappop(heap)
            cost = -minus_cost
            if cost_of[key] != cost:
                continue
            if cells == target:
                self.nodes += expanded
                path = []
                while key != first:
                    path.append(key // z_weight)
                    key = previous[key]
                return path[::-1]
            expanded += 1
            if expanded > self.give_up:
                break
            if expanded % SLICE == 0:
                yield None
            step_from = distance[z]
            for step in neighbours[z]:
                if fixed[step]:
                    continue
                nxt = key + (step - z) * z_weight
                if step in cells:
                    i = cells.index(step)
                    tile = group[i]
                    nxt += (z - step) * weights[i]
                    moved = (*cells[:i], z, *cells[i + 1:])
                else:
                    tile = board[step]
                    moved = cells
                value = cost + STEP + TIDY_GROUP * (step_from[tile] - distance[step][tile])
                if value < cost_of.get(nxt, value + 1):
                    cost_of[nxt] = value
                    previous[nxt] = key
                    heappush(heap, (value + bound(moved, step), -value, nxt, moved, step))
        self.nodes += expanded
        return None

    def _alone_table(self, tile: int) -> list[int]:
        """`_alone` for `tile` from (its cell, the blank's cell) at cell * n + blank, filled as the searches ask
        (-1: not yet)."""
        table = self.alone_moves.get(tile)
        if table is None:
            table = self.alone_moves[tile] = [-1] * len(self.board) ** 2
        return table


def _alone(tile: tuple[int, int], goal: tuple[int, int], blank: tuple[int, int], d: int) -> int:
    """The fewest moves that bring one tile `d` > 0 cells (Manhattan) from `tile` to `goal` with the blank at
    `blank`, every other cell free: the blank fetched to a cell next to the tile on a way to the goal, then
    each step of the tile one move, and after it the blank brought round again — 2 moves before a turn,
    4 before a step on in the same direction; a way has at most 2 x min(rows, cols to go) turns."""
    (r, c), (gr, gc), (zr, zc) = tile, goal, blank
    fetch = 1 << 30
    if gr != r:
        fetch = min(fetch, abs(zr - r - (1 if gr > r else -1)) + abs(zc - c))
    if gc != c:
        fetch = min(fetch, abs(zr - r) + abs(zc - c - (1 if gc > c else -1)))
    rows_to_go, cols_to_go = abs(gr - r), abs(gc - c)
    low = min(rows_to_go, cols_to_go)
    turns = 2 * low - (low == max(rows_to_go, cols_to_go)) if low else 0
    return fetch + d + 2 * turns + 4 * (d - 1 - turns)
