"""pzl's block engine against a plain breadth-first search written here, on random small layouts.

The oracle knows nothing of pzl: a position is a set of pieces, each (kind, cells) with cells as
(row, column) tuples; a move is one piece sliding one cell (step), sliding on in one direction
(straight), or going anywhere it can reach through empty cells (piece); under rush-hour rules a
piece slides only along its length. Layouts have walls, L-shaped pieces, identical pieces (one
kind unless the goal names them) and goals naming one piece or every piece.
"""

from __future__ import annotations

from collections import deque
from itertools import pairwise

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from pzl import api
from pzl.sliding.task import from_request

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
SHAPES = {
    "square": ((0, 0),),
    "wide": ((0, 0), (0, 1)),
    "tall": ((0, 0), (1, 0)),
    "wide3": ((0, 0), (0, 1), (0, 2)),
    "L": ((0, 0), (1, 0), (1, 1)),
    "J": ((0, 1), (1, 0), (1, 1)),
    "big": ((0, 0), (0, 1), (1, 0), (1, 1)),
}
CARS = ("wide", "tall", "wide3")
CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Positions the oracle examines before it gives an example up: a 5x5 box with six distinct small pieces has
#: over a hundred million, hours for this plain search (and a timeout inside hypothesis only makes it shrink).
ORACLE_LIMIT = 30_000


@st.composite
def layouts(draw, rules: str = "free", side: int = 5):
    """(layout text, goal text, the oracle's pieces, cells, goal, characters) for a random box up to side × side."""
    rows, cols = draw(st.integers(2, side)), draw(st.integers(3, side))
    box = [(r, c) for r in range(rows) for c in range(cols)]
    walls = set(draw(st.lists(st.sampled_from(box), max_size=2, unique=True)))
    free = {cell for cell in box if cell not in walls}
    names = CARS if rules == "rush-hour" else tuple(SHAPES)

    def placements(shape, room):
        return sorted(cells for cells in (frozenset((r + dr, c + dc) for dr, dc in shape) for r, c in box)
                      if cells <= room)

    taken: set[tuple[int, int]] = set()
    pieces = []
    for name in draw(st.lists(st.sampled_from(names), min_size=2, max_size=6)):
        options = [cells for cells in placements(SHAPES[name], free - taken) if len(free - taken - cells) >= 1]
        if options:
            cells = options[draw(st.integers(0, len(options) - 1))]
            taken |= cells
            pieces.append(cells)
    if not pieces:
        return None
    chars = {cells: CHARACTERS[i] for i, cells in enumerate(pieces)}
    named = pieces if draw(st.booleans()) else [pieces[draw(st.integers(0, len(pieces) - 1))]]
    targets = {}
    occupied: set[tuple[int, int]] = set()
    for cells in named:   # a target: a place of its shape among the walls (in its own line under rush-hour rules)
        r0, c0 = min(cells)
        options = [moved for moved in placements(tuple((r - r0, c - c0) for r, c in sorted(cells)), free - occupied)
                   if rules == "free" or (len({r for r, _ in cells}) == 1 and {r for r, _ in moved} == {r0})
                   or (len({c for _, c in cells}) == 1 and {c for _, c in moved} == {c0})]
        if not options:
            return None
        away = [moved for moved in options if moved != cells] or options
        moved = away[draw(st.integers(0, len(away) - 1))]
        occupied |= moved
        targets[chars[cells]] = moved

    def text(placed: dict[str, frozenset]) -> str:
        grid = [["#" if (r, c) in walls else "." for c in range(cols)] for r in range(rows)]
        for char, cells in placed.items():
            for r, c in cells:
                grid[r][c] = char
        return "/".join("".join(row) for row in grid)

    return text({chars[cells]: cells for cells in pieces}), text(targets), pieces, set(free), targets, chars


def kind(cells: frozenset, char: str, targets: dict) -> object:
    if char in targets:
        return char
    r0, c0 = min(cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def oracle_moves(position: frozenset, free: set, metric: str, rules: str) -> set[frozenset]:
    """Every position one move away: position is a frozenset of (kind, cells)."""
    found = set()
    for piece in position:
        kind_of, cells = piece
        others = set().union(*(other for _, other in position - {piece}))
        room = free - others
        if rules == "rush-hour":
            ways = [(0, -1), (0, 1)] if len({r for r, _ in cells}) == 1 else [(-1, 0), (1, 0)]
        else:
            ways = list(STEPS)
        reached = set()
        if metric == "piece":
            queue, seen = deque([cells]), {cells}
            while queue:
                at = queue.popleft()
                for dr, dc in ways:
                    moved = frozenset((r + dr, c + dc) for r, c in at)
                    if moved <= room and moved not in seen:
                        seen.add(moved)
                        queue.append(moved)
            reached = seen - {cells}
        else:
            for dr, dc in ways:
                at = cells
                while True:
                    at = frozenset((r + dr, c + dc) for r, c in at)
                    if not at <= room:
                        break
                    reached.add(at)
                    if metric == "step":
                        break
        for moved in reached:
            found.add(position - {piece} | {(kind_of, moved)})
    return found


def oracle_distance(start: frozenset, goal: dict, free: set, metric: str, rules: str) -> int | None:
    """Fewest moves to a position with every goal piece on its target, by plain breadth-first search."""
    def done(position):
        return all((char, cells) in position for char, cells in goal.items())

    seen, layer, depth = {start}, [start], 0
    while layer:
        if any(done(position) for position in layer):
            return depth
        following = []
        for position in layer:
            for after in oracle_moves(position, free, metric, rules):
                if after not in seen:
                    seen.add(after)
                    following.append(after)
        if len(seen) > ORACLE_LIMIT:
            reject()   # too big for the oracle: hypothesis draws another layout
        layer, depth = following, depth + 1
    return None


def read(text: str, targets: dict) -> frozenset:
    """A layout text in the oracle's terms: 4-connected regions of one character."""
    rows = text.split("/")
    found, seen = set(), set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in ".#" or (r, c) in seen:
                continue
            region, stack = {(r, c)}, [(r, c)]
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= ny < len(rows) and 0 <= nx < len(row) and rows[ny][nx] == ch and (ny, nx) not in region:
                        region.add((ny, nx))
                        stack.append((ny, nx))
            seen |= region
            found.add((kind(frozenset(region), ch, targets), frozenset(region)))
    return frozenset(found)


def check(sample, metric: str, rules: str, algorithms: tuple[str, ...]) -> None:
    layout, goal, pieces, free, targets, chars = sample
    start = frozenset((kind(cells, chars[cells], targets), cells) for cells in pieces)
    distance = oracle_distance(start, targets, free, metric, rules)
    for algorithm in algorithms:
        if algorithm == "bidirectional" and len(targets) < len(pieces):
            continue
        if algorithm in ("ida", "iddfs") and (distance is None or distance > 6):
            continue   # depth-first search cannot tell unreachable from far, and is slow far away
        request = {"command": "solve", "layout": layout, "goal": goal, "metric": metric, "rules": rules,
                   "algorithm": algorithm}
        final = api.answer(request)
        assert final["event"] == "result", (request, final)
        result = final["result"]
        assert result["moves"] == distance, (request, distance, result["moves"])
        if distance is None:
            continue
        positions = [read(text, targets) for text in result["solution"]]
        assert positions[0] == start
        for before, after in pairwise(positions):
            assert after in oracle_moves(before, free, metric, rules), (request, before, after)
        assert all((char, cells) in positions[-1] for char, cells in targets.items())
        puzzle = from_request(request)
        for text in result["solution"]:   # every text pzl writes reads back, and so does its own writing of it
            codes = puzzle.codes_of(text)
            assert puzzle.codes_of(puzzle.text(codes)) == codes


SLOW = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


@SLOW
@given(layouts().filter(bool), st.sampled_from(["step", "straight", "piece"]))
def test_breadth_first_searches_agree_with_the_oracle_on_random_layouts(sample, metric):
    check(sample, metric, "free", ("bfs", "bidirectional"))


@SLOW
@given(layouts(rules="rush-hour").filter(bool), st.sampled_from(["step", "piece"]))
def test_rush_hour_rules_agree_with_the_oracle(sample, metric):
    check(sample, metric, "rush-hour", ("bfs", "bidirectional"))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(layouts().filter(bool), st.sampled_from(["step", "straight", "piece"]))
def test_depth_first_and_a_star_agree_with_the_oracle_on_near_goals(sample, metric):
    check(sample, metric, "free", ("ida", "iddfs", "astar"))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(layouts(side=4).filter(bool), st.sampled_from(["step", "straight", "piece"]))
def test_the_hardest_positions_agree_with_the_oracle(sample, metric):
    layout, goal, pieces, free, targets, chars = sample
    start = frozenset((kind(cells, chars[cells], targets), cells) for cells in pieces)
    space, layer = {start}, [start]
    while layer:   # every position reachable from the start
        layer = [after for position in layer for after in oracle_moves(position, free, metric, "free")
                 if after not in space and not space.add(after)]
        if len(space) > ORACLE_LIMIT:
            reject()
    goals = [position for position in space if all((ch, cells) in position for ch, cells in targets.items())]
    if len(targets) == len(pieces):   # a complete goal is the whole task: the sweep starts there, wherever the start is
        goals = [frozenset((char, cells) for char, cells in targets.items())]
    depth, seen, layer = 0, set(goals), list(goals)
    while goals:   # breadth-first from every goal position
        following = [after for position in layer for after in oracle_moves(position, free, metric, "free")
                     if after not in seen and not seen.add(after)]
        if len(seen) > ORACLE_LIMIT:
            reject()
        if not following:
            break
        layer, depth = following, depth + 1
    final = api.answer({"command": "longest", "layout": layout, "goal": goal, "metric": metric})
    if not goals:
        assert final["event"] == "error"
        return
    result = final["result"]
    assert (result["states"], result["longest"]) == (len(seen), depth)
    assert {read(text, targets) for text in result["positions"]} == set(layer)
