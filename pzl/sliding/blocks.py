"""Sliding blocks searched fast: a position is one int of anchor bit boards, one per kind of piece.

Pieces of one kind (one code: interchangeable) are the set bits of their kind's bit board, each bit
the cell where a piece's first cell (in reading order) lies. A move flips two bits of one board.
Everything a move needs is looked up: `cover[kind][anchor]` (the cells a piece covers there) and
`moves[kind][anchor]` (for each way it may slide: the anchor it reaches and the cells it enters),
so testing a slide is one `&` against the cells that are not free. The three move counts
(`METRICS`) are three walks over the same tables: one slide (`step`), a run of slides in one
direction (`straight`), and every anchor the piece reaches through free cells (`piece`: a flood
fill of its placements, the books' count).
"""

from __future__ import annotations

from collections.abc import Iterable

from pzl.errors import PuzzleError, shown
from pzl.search.problem import PROGRESS_EVERY
from pzl.sliding.board import DIRECTIONS
from pzl.sliding.bounds import nearest_goal
from pzl.sliding.position import ANY, EMPTY
from pzl.sliding.task import Codes, Puzzle

#: What one move is: one cell, one straight slide, or a piece's whole move along any path.
METRICS = ("step", "piece", "straight")
#: The lower bounds a metric's searches take (the first is the default of ida and astar).
METRIC_BOUNDS = {"step": ("manhattan", "none"), "piece": ("misplaced", "none"),
                 "straight": ("manhattan", "misplaced", "none")}


class BlockProblem:
    """The search Problem of any sliding puzzle with blocks, duplicates or several blanks, in one metric.

    States are ints; `decode` gives the codes per cell and `encode` reads them back. `expand`
    finds the successors of many states at once (the breadth-first searches call it).
    """

    #: States per progress event in the breadth-first searches: a whole-slide state costs up to ~10 µs of
    #: CPython (~40 µs in Pyodide), so a chunk stays near 10 ms (40 ms in the page).
    chunk = PROGRESS_EVERY // 4

    def __init__(self, puzzle: Puzzle, metric: str = "step", bound: str | None = None) -> None:
        if metric not in METRICS:
            raise PuzzleError(f"unknown metric {shown(metric)}; use one of: {', '.join(METRICS)}")
        self.metric = metric
        self.bound_name = bound or METRIC_BOUNDS[metric][0]
        board = puzzle.board
        size = self._size = board.size
        self._cells = board.cells
        self.codes = sorted({code for code in puzzle.start if code > 0})
        kinds = max(self.codes) + 1
        self._full = (1 << size) - 1
        # cover[code][anchor]: the cells a piece of this code covers with its first cell there (0: it does not fit)
        self._cover = [[0] * size for _ in range(kinds)]
        # moves[code][anchor]: per direction it may slide, (anchor reached, cells entered), or None
        self._moves: list[list[tuple[tuple[int, int] | None, ...]]] = [[()] * size for _ in range(kinds)]
        # reach[code][anchor]: every cell a slide from there enters (a piece with none of them empty cannot move)
        self._reach = [[0] * size for _ in range(kinds)]
        pieces = {code: puzzle.pieces[puzzle.labels[code]] for code in self.codes}
        self._shapes = {code: piece.shape for code, piece in pieces.items()}
        for code in self.codes:
            for anchor in range(size):
                cells = pieces[code].covers(board, anchor)
                self._cover[code][anchor] = 0 if cells is None else sum(1 << cell for cell in cells)
            for anchor in range(size):
                cover = self._cover[code][anchor]
                if not cover:
                    continue
                ways = []
                for direction in DIRECTIONS:
                    target = board.neighbour(anchor, direction)
                    moved = self._cover[code][target] if target is not None else 0
                    ways.append((target, moved & ~cover) if moved and direction in puzzle.directions(code)
                                else None)
                self._moves[code][anchor] = tuple(ways)
                self._reach[code][anchor] = sum(entered for _, entered in filter(None, ways))
        self._offset = {code: (code - 1) * size for code in range(kinds)}
        self.start = self.encode(puzzle.start)
        self.goal = puzzle.goal
        # the goal: anchors that must hold a piece of their code, and cells that must be empty
        self._targets = self._anchors(puzzle.goal)
        self._goal_bits = sum(1 << (anchor + self._offset[code]) for code, anchor in self._targets)
        self._must_empty = (sum(1 << cell for cell, code in enumerate(puzzle.goal) if code == EMPTY)
                            if ANY in puzzle.goal else 0)
        self.full_goal = self.encode(puzzle.goal) if ANY not in puzzle.goal else None
        self._bound_tables(puzzle)

    def _anchors(self, codes: Codes) -> list[tuple[int, int]]:
        """The whole pieces of a position (or a goal) as (code, anchor), scanning cells in reading order."""
        claimed = 0
        found = []
        for cell, code in enumerate(codes):
            if code > 0 and not claimed >> cell & 1:
                found.append((code, cell))
                claimed |= self._cover[code][cell]
        return found

    # -- positions ------------------------------------------------------------------------------------------------

    def encode(self, codes: Codes) -> int:
        """The state of a position given as codes per cell (a goal's `*` cells are left out)."""
        return sum(1 << (anchor + self._offset[code]) for code, anchor in self._anchors(codes))

    def decode(self, state: int) -> Codes:
        """The codes per cell of a state."""
        codes = [EMPTY] * self._size
        for code, anchor in self.pieces(state):
            mask = self._cover[code][anchor]
            while mask:
                low = mask & -mask
                codes[low.bit_length() - 1] = code
                mask ^= low
        return tuple(codes)

    def pieces(self, state: int) -> list[tuple[int, int]]:
        """The pieces of a state as (code, anchor)."""
        found = []
        full, size = self._full, self._size
        for code in self.codes:
            board = state >> ((code - 1) * size) & full
            while board:
                low = board & -board
                found.append((code, low.bit_length() - 1))
                board ^= low
        return found

    # -- the goal -----------------------------------------------------------------------------------------------

    def is_goal(self, state: int) -> bool:
        """True when every goal anchor holds a piece of its code (and every cell the goal keeps empty is)."""
        if state & self._goal_bits != self._goal_bits:
            return False
        if self._must_empty:
            return not self._occupied(state) & self._must_empty
        return True

    def goal_states(self) -> list[int]:
        """The goal position (only a complete goal has one)."""
        if self.full_goal is None:
            raise ValueError("a partial goal has no single goal position")
        return [self.full_goal]

    def _occupied(self, state: int) -> int:
        cover = self._cover
        occupied = 0
        for code, anchor in self.pieces(state):
            occupied |= cover[code][anchor]
        return occupied

    # -- moves --------------------------------------------------------------------------------------------------

    def successors(self, state: int) -> list[int]:
        """Every state one move away (in this metric), each once."""
        return list(self.expand((state,)))

    def expand(self, states: Iterable[int]) -> set[int]:
        """Every state one move away from any of `states`: the breadth-first searches' inner loop."""
        found: set[int] = set()
        add = found.add
        cover, reach, moves, offset = self._cover, self._reach, self._moves, self._offset
        full, codes, metric = self._full, self.codes, self.metric
        for state in states:
            pieces = []
            occupied = 0
            for code in codes:
                board = state >> offset[code] & full
                while board:
                    low = board & -board
                    anchor = low.bit_length() - 1
                    occupied |= cover[code][anchor]
                    pieces.append((code, anchor))
                    board ^= low
            empty = full & ~occupied
            for code, anchor in pieces:
                if not reach[code][anchor] & empty:
                    continue
                blocked = ~(empty | cover[code][anchor])   # every cell the moving piece may not enter
                table = moves[code]
                shift = offset[code]
                if metric == "step":
                    for way in table[anchor]:
                        if way is not None and not way[1] & blocked:
                            add(state ^ ((1 << anchor | 1 << way[0]) << shift))
                elif metric == "straight":
                    for direction in range(4):
                        at = anchor
                        way = table[at][direction]
                        while way is not None and not way[1] & blocked:
                            at = way[0]
                            add(state ^ ((1 << anchor | 1 << at) << shift))
                            way = table[at][direction]
                else:   # piece: every anchor the piece reaches through free cells
                    seen = 1 << anchor
                    stack = [anchor]
                    while stack:
                        for way in table[stack.pop()]:
                            if way is not None and not seen >> way[0] & 1 and not way[1] & blocked:
                                seen |= 1 << way[0]
                                stack.append(way[0])
                                add(state ^ ((1 << anchor | 1 << way[0]) << shift))
        return found

    # -- lower bounds --------------------------------------------------------------------------------------------

    def _bound_tables(self, puzzle: Puzzle) -> None:
        have: dict[int, int] = {}
        for code, _ in self._anchors(puzzle.start):
            have[code] = have.get(code, 0) + 1
        self._have = have
        want: dict[int, int] = {}
        for code, _ in self._targets:
            want[code] = want.get(code, 0) + 1
        # a code with one piece and one goal place: its straight-slide bound counts the axes it is off by
        self._alone = {code: anchor for code, anchor in self._targets if want[code] == 1 and have.get(code) == 1}
        single = {code: len(shape) == 1 for code, shape in self._shapes.items()}
        self._nearest = (nearest_goal(puzzle.board, self._targets, max(self.codes), single)
                         if self.metric == "step" else None)

    def lower_bound(self, state: int) -> int:
        """The chosen bound (`bound_name`) of a state.

        step, manhattan: each goal piece's steps to its nearest goal place (`pzl.sliding.bounds`).
        misplaced (whole slides): goal places no piece of their code holds; a move fills at most one.
        manhattan (straight slides): that, plus one for a lone goal piece off both its goal row and column.
        """
        if self.bound_name == "none":
            return 0
        if self._nearest is not None:
            return self._nearest.bound(self.pieces(state), self._have)
        missing = 0
        offset = self._offset
        for code, anchor in self._targets:
            if not state >> (anchor + offset[code]) & 1:
                missing += 1
                if self.bound_name == "manhattan" and code in self._alone:
                    board = state >> offset[code] & self._full
                    (r, c), (gr, gc) = self._cells[board.bit_length() - 1], self._cells[anchor]
                    missing += r != gr and c != gc
        return missing
