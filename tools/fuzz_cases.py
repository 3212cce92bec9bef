"""Random requests and independent oracles for the fuzzers (tests/test_fuzz.py in CI, bench/fuzz.py for long runs).

Each generator draws from a `random.Random`, so hypothesis (`st.randoms()`) and the long run share them:

- `sliding_case(rng)`: a valid small sliding request (boards 2x2..3x3, the irregular 9-puzzle variant,
  duplicates, two blanks, a two-cell block, partial goals; every algorithm, `all`, `max_solutions`
  including 0, `max_states`) with its answer found by an independent breadth-first search over
  `tools/sliding_replay.one_move_positions` (which shares no code with pzl);
- `peg_case(rng)`: a valid small peg request (drawn boards of at most 15 holes on the square,
  square-with-diagonals and triangular lattices, every algorithm) with the fewest moves and the number
  of minimal jump sequences found by brute force over jump tables derived here from the mask;
- `malformed_request(rng)`: anything at all — random JSON values in every field, deep nesting, huge
  numbers, wrong types, unknown keys — as a dict or as JSON text;
- `edge_request(rng)`: well-formed requests with edge-case values (board sizes 1..9, labels of the
  wrong kind or count, holes off the board or named twice, impossible first jumps, tiny limits);
- `option_case(rng)`: every command of each family with one key added — its own option (a valid or an
  invalid value), another command's, another family's, or an unknown one — checked against the family's
  option table (`OPTIONS`): never silently ignored;
- `edge_board_case(rng)`: census, atlas, analyse and solve on edge peg boards (no pegs, one peg, a finished
  position, every hole empty) and longest, solve and compare on the smallest sliding boards.

`check(case)` runs a request through `pzl.api` (in time slices, cancelled after a budget) and returns
the problems found: a wrong answer, an exception, or an internal error. An empty list is a pass.
"""

from __future__ import annotations

import json
import math
import string
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from typing import Any

from pzl import api
from tools.sliding_replay import one_move_positions

#: Requests a valid generator may legitimately see refused (documented refusals), by message fragment.
DOCUMENTED_REFUSALS = (
    "bidirectional search needs a complete goal",           # all / partial goal with bidirectional
    "counting every minimal solution needs the minimal search",   # peg all with fast / beam
    "no jump is possible on this board",
    "can never hold",                                       # a peg finish no jump lands in
    "can take the last jump",
    "the fast solver",                                      # fast: numbered tiles, a rectangle, one solution
)


@dataclass
class Case:
    """A request, what a right answer must satisfy (`expect`, None: only that it ends well), and its family."""

    request: dict[str, Any] | str
    family: str
    expect: Callable[[dict[str, Any]], list[str]] | None = None
    note: str = ""


@dataclass
class Outcome:
    """What checking one case found."""

    problems: list[str] = field(default_factory=list)
    exception: bool = False
    seconds: float = 0.0
    finished: bool = True


# ================================================================================================ running
def run_request(request: dict[str, Any] | str, budget: float) -> tuple[dict[str, Any] | None, float, bool]:
    """(final event or None when cut off, seconds, finished) of a request run as the page runs it: in slices."""
    clock = time.perf_counter()
    job = api.Job(request)
    final = None
    nodes = -1
    while not job.done:
        for event in job.run_for(0.05):
            if event["event"] == "progress":
                if event["nodes"] < nodes:
                    raise AssertionError(f"progress went back: {nodes} then {event['nodes']}")
                nodes = event["nodes"]
            elif event["event"] != "improved":   # a better answer on the way (auto): the last word comes later
                final = event
        if not job.done and time.perf_counter() - clock > budget:
            job.cancel()
            return None, time.perf_counter() - clock, False
    return final, time.perf_counter() - clock, True


def check(case: Case, budget: float = 5.0) -> Outcome:
    """Run a case; every problem it shows (an exception counts as one)."""
    outcome = Outcome()
    try:
        final, outcome.seconds, outcome.finished = run_request(case.request, budget)
    except Exception as bug:
        outcome.exception = True
        outcome.problems.append(f"exception {type(bug).__name__}: {bug}")
        return outcome
    if final is None:
        if outcome.finished:
            outcome.problems.append("the request ended without a result or an error event")
        return outcome
    if final["event"] == "error":
        if final.get("error") == "InternalError":
            outcome.problems.append(f"internal error: {final['message']}")
        elif not final.get("message"):
            outcome.problems.append("an error event without a message")
    elif final["event"] != "result":
        outcome.problems.append(f"final event {final['event']!r}")
    if case.expect is not None and not outcome.problems:
        outcome.problems.extend(case.expect(final))
    return outcome


def _refused_as_documented(final: dict[str, Any]) -> bool:
    """A valid request may end in a limit's stop (with `stopped`) or a documented refusal."""
    return bool(final.get("stopped")) or any(part in final["message"] for part in DOCUMENTED_REFUSALS)


# ================================================================================================ sliding
_BLOCK = {"L": [(0, 0), (0, 1)]}   # NO-OFF's bulb


def _rectangle(rows: int, cols: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(rows) for c in range(cols)]


#: name -> (request fields naming the board, cells, shapes, a goal's labels or None for generated ones)
SLIDING_BOARDS: dict[str, tuple[dict[str, Any], list[tuple[int, int]], dict, list[str] | None]] = {
    "2x2": ({"family": "sliding", "board": "2x2"}, _rectangle(2, 2), {}, None),
    "2x3": ({"family": "sliding", "board": "2x3"}, _rectangle(2, 3), {}, None),
    "3x2": ({"family": "sliding", "board": "3x2"}, _rectangle(3, 2), {}, None),
    "2x4": ({"family": "sliding", "board": "2x4"}, _rectangle(2, 4), {}, None),
    "3x3": ({"family": "sliding", "board": "3x3"}, _rectangle(3, 3), {}, None),
    "9-puzzle-variant": ({"puzzle": "9-puzzle-variant"},
                         [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)], {},
                         ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]),
    "symbols": ({"puzzle": "symbols"}, _rectangle(3, 3), {}, ["┌", "─", "┐", "│", "0", "│", "└", "─", "┘"]),
    "no-off": ({"puzzle": "no-off"}, _rectangle(2, 4), _BLOCK, ["L", "L", "N", "O", "O", "F", "F", "0"]),
}
#: Boards small enough for random (possibly unreachable) starts: the whole space is searched.
SMALL = ("2x2", "2x3", "3x2", "2x4", "no-off")
MAX_REFERENCE_POSITIONS = 60_000


@dataclass
class SlidingReference:
    """The independent answer: the distance (None: unreachable) and the number of shortest position sequences."""

    distance: int | None
    count: int


def sliding_reference(cells: list[tuple[int, int]], shapes: dict, start: tuple[str, ...],
                      goal: tuple[str, ...]) -> SlidingReference | None:
    """Breadth-first from the start over the replay checker's moves; None when the space is too big to tell."""
    meets = lambda position: all(g in ("*", p) for g, p in zip(goal, position, strict=True))  # noqa: E731
    ways = {start: 1}
    layer = [start]
    seen = {start}
    depth = 0
    while layer:
        hits = [position for position in layer if meets(position)]
        if hits:
            return SlidingReference(depth, sum(ways[position] for position in hits))
        following: dict[tuple[str, ...], int] = {}
        for position in layer:
            for after in one_move_positions(cells, shapes, position):
                if after not in seen:
                    following[after] = following.get(after, 0) + ways[position]
        seen.update(following)
        if len(seen) > MAX_REFERENCE_POSITIONS:
            return None
        ways = following
        layer = list(following)
        depth += 1
    return SlidingReference(None, 0)


def _walk(rng, cells, shapes, position: tuple[str, ...], steps: int) -> tuple[str, ...]:
    previous = None
    for _ in range(steps):
        options = sorted(one_move_positions(cells, shapes, position) - {previous})
        if not options:
            break
        previous, position = position, rng.choice(options)
    return position


def _labels(rng, size: int) -> list[str]:
    """A multiset of labels for a custom board: distinct tiles, duplicates, or two blanks."""
    kind = rng.choice(["distinct", "distinct", "duplicates", "two blanks"])
    if kind == "distinct":
        return [*map(str, range(1, size)), "0"]
    if kind == "duplicates":
        return [str(rng.randint(1, max(2, size // 2))) for _ in range(size - 1)] + ["0"]
    return [*map(str, range(1, size - 1)), "0", "0"]


def sliding_case(rng) -> Case | None:
    """A valid small sliding request and the check of its answer (None when the reference would be too big)."""
    name = rng.choice(list(SLIDING_BOARDS))
    fields, cells, shapes, fixed_goal = SLIDING_BOARDS[name]
    goal = list(fixed_goal) if fixed_goal else _labels(rng, len(cells))
    if not fixed_goal and rng.random() < 0.5:
        rng.shuffle(goal)
    goal_t = tuple(goal)
    if name in SMALL and rng.random() < 0.4 and not shapes:
        start = list(goal)
        rng.shuffle(start)
        start_t = tuple(start)
    else:
        start_t = _walk(rng, cells, shapes, goal_t, rng.randint(0, 14))
    if rng.random() < 0.3:   # a partial goal: some cells left free
        free = rng.sample(range(len(cells)), rng.randint(1, max(1, len(cells) // 2)))
        goal_t = tuple("*" if i in free and (not shapes or goal_t[i] not in shapes) else label
                       for i, label in enumerate(goal_t))
    if "0" not in start_t or ("*" not in goal_t and "0" not in goal_t):
        return None
    reference = sliding_reference(cells, shapes, start_t, goal_t)
    if reference is None:
        return None
    request: dict[str, Any] = {"command": "solve", **fields, "start": " ".join(start_t), "goal": " ".join(goal_t),
                               "algorithm": rng.choice(["auto", "bfs", "bidirectional", "iddfs", "ida", "fast"])}
    every = rng.random() < 0.5
    if every:
        request["all"] = rng.choice([True, "true", 1])
        cap = rng.choice([None, 0, 1, 2, 5, 1000])
        if cap is not None:
            request["max_solutions"] = cap
    budget = rng.choice([None, None, 0, 3, 50, 100_000])
    if budget is not None:
        request["max_states"] = budget
    entry = {"cells": cells, "pieces": {label: {"shape": shape} for label, shape in shapes.items()}}
    return Case(request, "sliding", lambda final: _check_sliding(final, request, reference, entry),
                note=f"{name}: distance {reference.distance}, {reference.count} shortest")


def _check_sliding(final: dict[str, Any], request: dict[str, Any], reference: SlidingReference,
                   entry: dict[str, Any]) -> list[str]:
    if final["event"] == "error":
        return [] if _refused_as_documented(final) else [f"refused a valid request: {final['message']}"]
    result = final["result"]
    every = "all" in request
    if reference.distance is None:
        problems = [] if result["solvable"] is False else [f"says solvable, but the goal is unreachable: {result}"]
        if every and (result.get("count"), result.get("solutions")) != (0, []):
            problems.append(f"an unreachable goal lists solutions: {result.get('count')}")
        return problems
    if result["solvable"] is not True:
        return [f"says unsolvable ({result.get('reason')}), but the goal is {reference.distance} moves away"]
    problems = []
    if result.get("minimal") is False:   # the fast solver: any legal solution, never shorter than the shortest
        if result["moves"] < reference.distance:
            problems.append(f"{result['moves']} moves, fewer than the shortest solution's {reference.distance}")
        return problems + _replay_sliding(entry, result["solution"], request, result["moves"])
    if result["moves"] != reference.distance:
        problems.append(f"{result['moves']} moves, but the shortest solution has {reference.distance}")
    problems += _replay_sliding(entry, result["solution"], request, reference.distance)
    if every:
        cap = request.get("max_solutions", 100)
        if result["count"] != reference.count:
            problems.append(f"count {result['count']}, but there are {reference.count} shortest solutions")
        if len(result["solutions"]) != min(cap, reference.count):
            problems.append(f"{len(result['solutions'])} solutions listed with max_solutions {cap}, "
                            f"count {reference.count}")
        if len({tuple(path) for path in result["solutions"]}) != len(result["solutions"]):
            problems.append("a solution is listed twice")
        for path in result["solutions"]:
            problems += _replay_sliding(entry, path, request, reference.distance)
    elif "count" in result or "solutions" in result:
        problems.append("count or solutions without all")
    return problems


def _replay_sliding(entry: dict[str, Any], path: list[str], request: dict[str, Any], length: int) -> list[str]:
    cells = entry["cells"]
    shapes = {label: piece["shape"] for label, piece in entry["pieces"].items()}
    positions = [tuple(text.split()) for text in path]
    if len(positions) != length + 1:
        return [f"a solution of {len(positions) - 1} moves where {length} are shortest"]
    if positions[0] != tuple(request["start"].split()):
        return ["a solution that does not begin at the start"]
    for before, after in pairwise(positions):
        if after not in one_move_positions(cells, shapes, before):
            return [f"an illegal move {' '.join(before)} -> {' '.join(after)}"]
    if not all(g in ("*", p) for g, p in zip(request["goal"].split(), positions[-1], strict=True)):
        return ["a solution that does not end at the goal"]
    return []


# ================================================================================================ peg
LATTICE_STEPS = {
    "square": ((1, 0), (0, 1)),
    "square-diagonal": ((1, 0), (0, 1), (1, 1), (1, -1)),
    "triangular": ((1, 0), (0, 1), (1, 1)),   # sheared grid: a = column, b = row
}


def peg_jumps(mask: str, lattice: str) -> tuple[int, list[tuple[int, int, int]]]:
    """(holes, jumps (from, over, to)) of a mask drawn as a grid, holes numbered row by row; from the rules alone."""
    cells = [(col, row) for row, line in enumerate(mask.split("/")) for col, char in enumerate(line) if char == "o"]
    number = {cell: i for i, cell in enumerate(cells)}
    jumps = []
    for (a, b), i in number.items():
        for da, db in LATTICE_STEPS[lattice]:
            for sa, sb in ((da, db), (-da, -db)):
                over, to = number.get((a + sa, b + sb)), number.get((a + 2 * sa, b + 2 * sb))
                if over is not None and to is not None:
                    jumps.append((i, over, to))
    return len(cells), jumps


@dataclass
class PegReference:
    """Brute force: the fewest moves (None: impossible) and the number of jump sequences that take that many."""

    moves: int | None
    count: int


def peg_reference(holes: int, jumps: list[tuple[int, int, int]], start: int, finish: int | None) -> PegReference:
    """Fewest moves (a move: a chain of jumps by one peg) from `start` to `finish` (None: one peg anywhere)."""
    done = (lambda p: p.bit_count() == 1) if finish is None else (lambda p: p == finish)

    @cache
    def best(position: int, last: int) -> tuple[float, int]:
        if done(position):
            return 0, 1
        fewest, ways = math.inf, 0
        for a, b, c in jumps:
            if position >> a & 1 and position >> b & 1 and not position >> c & 1:
                rest, count = best(position ^ (1 << a | 1 << b | 1 << c), c)
                moves = rest + (a != last)
                if moves < fewest:
                    fewest, ways = moves, count
                elif moves == fewest:
                    ways += count
        return fewest, ways

    moves, count = best(start, -1)
    best.cache_clear()
    return PegReference(None if moves == math.inf else int(moves), count if moves != math.inf else 0)


def _peg_mask(rng) -> tuple[str, str]:
    lattice = rng.choice(list(LATTICE_STEPS))
    if lattice == "triangular":
        side = rng.choice([4, 5])
        rows = ["o" * (r + 1) for r in range(side)]
    else:
        width, height = rng.choice([(3, 3), (3, 4), (4, 3), (5, 3), (3, 5), (4, 4)])
        rows = ["o" * width for _ in range(height)]
    grid = [list(row) for row in rows]
    holes = [(r, c) for r, row in enumerate(grid) for c, _ in enumerate(row)]
    for r, c in rng.sample(holes, rng.randint(0, max(0, len(holes) - 15) + 2)):
        grid[r][c] = "."
    rows = ["".join(row) for row in grid]
    while rows and "o" not in rows[0]:
        rows.pop(0)
    while rows and "o" not in rows[-1]:
        rows.pop()
    return "/".join(rows), lattice


def peg_case(rng) -> Case | None:
    """A valid small peg request and the check of its answer."""
    mask, lattice = _peg_mask(rng)
    holes, jumps = peg_jumps(mask, lattice)
    if not 4 <= holes <= 15 or not jumps:
        return None
    empty = rng.sample(range(holes), rng.choice([1, 1, 2]))
    start = ((1 << holes) - 1) & ~sum(1 << hole for hole in empty)
    kind = rng.choice(["any", "hole", "hole", "pattern"])
    request: dict[str, Any] = {"command": "solve", "family": "peg", "mask": mask, "lattice": lattice,
                               "empty": rng.choice([",".join(map(str, empty)), empty])}
    if kind == "any":
        request["finish"] = "any"
        finish = None
    elif kind == "hole":
        hole = rng.randrange(holes)
        request["finish"] = rng.choice([str(hole), hole])
        finish = 1 << hole
    else:
        pattern = rng.sample(range(holes), 2)
        request["finish"] = "pattern:" + ",".join(map(str, pattern))
        finish = sum(1 << hole for hole in pattern)
    request["algorithm"] = rng.choice(["auto", "minimal", "minimal", "fast", "beam"])
    if rng.random() < 0.4:
        request["all"] = True
        if rng.random() < 0.7:
            request["max_solutions"] = rng.choice([0, 1, 3, 1000])
    if rng.random() < 0.3:
        request["max_states"] = rng.choice([0, 40, 100_000])
    reference = peg_reference(holes, jumps, start, finish)
    return Case(request, "peg", lambda final: _check_peg(final, request, reference, jumps, start, finish),
                note=f"{lattice} {mask}: {reference.moves} moves, {reference.count} minimal sequences")


def _check_peg(final: dict[str, Any], request: dict[str, Any], reference: PegReference,
               jumps: list[tuple[int, int, int]], start: int, finish: int | None) -> list[str]:
    if final["event"] == "error":
        return [] if _refused_as_documented(final) else [f"refused a valid request: {final['message']}"]
    result = final["result"]
    if result["solvable"] is None:
        problems = [] if result.get("stopped") else ["undecided without saying which limit stopped it"]
        if reference.moves is not None and result.get("lower_bound", 0) > reference.moves:
            problems.append(f"'proved' lower bound {result['lower_bound']} above the true {reference.moves}")
        return problems
    if reference.moves is None:
        return [] if result["solvable"] is False else [f"a solution to an impossible task: {result['solution']}"]
    if result["solvable"] is False:
        return [f"says impossible ({result.get('reason')}), but {reference.moves} moves solve it"]
    problems = _replay_peg(result["solution"], jumps, start, finish)
    if result["minimal"] and result["moves"] != reference.moves:
        problems.append(f"{result['moves']} moves claimed minimal, the fewest are {reference.moves}")
    if result["moves"] < reference.moves:
        problems.append(f"{result['moves']} moves, fewer than the brute-force minimum {reference.moves}")
    if request["algorithm"] == "minimal" and not result["minimal"]:
        problems.append("the minimal search answered without proving its length")
    if request.get("all") and result["minimal"]:
        cap = request.get("max_solutions", 100)
        if result.get("count") != reference.count:
            problems.append(f"count {result.get('count')}, but brute force finds {reference.count}")
        listed = result.get("solutions", [])
        if len(listed) != min(cap, reference.count):
            problems.append(f"{len(listed)} solutions listed with max_solutions {cap}, count {reference.count}")
        for solution in listed:
            problems += _replay_peg(solution, jumps, start, finish)
            if len(solution) != reference.moves:
                problems.append(f"a listed solution of {len(solution)} moves")
    return problems


def _replay_peg(moves: list[list[int]], jumps: list[tuple[int, int, int]], start: int, finish: int | None,
                ) -> list[str]:
    over = {(a, c): b for a, b, c in jumps}
    position = start
    previous_landing = None
    for move in moves:
        if previous_landing is not None and move[0] == previous_landing:
            return [f"move {move} continues the previous move's peg: it is not a separate move"]
        for a, c in pairwise(move):
            b = over.get((a, c))
            if b is None or not (position >> a & 1 and position >> b & 1 and not position >> c & 1):
                return [f"an illegal jump {a}-{c} in {moves}"]
            position ^= 1 << a | 1 << b | 1 << c
        previous_landing = move[-1]
    finished = position.bit_count() == 1 if finish is None else position == finish
    return [] if finished else [f"the solution {moves} does not reach the finish"]


# ================================================================================================ malformed
KEYS = ("command", "family", "puzzle", "algorithm", "all", "max_states", "max_solutions", "board", "start", "goal",
        "metric",
        "bound", "seconds", "measure_memory",
        "mask", "lattice", "empty", "finish", "first", "pegs", "last", "seconds_limit", "by_moves")
PUZZLES = ("8-puzzle", "15-puzzle", "9-puzzle", "symbols", "no-off", "hakoiri-musume", "hoppers", "triangle-21",
           "english-33", "french-37", "triangle-10", "nonsense", "")
SPECIAL_TEXT = ("", " ", "0", "-1", "1e400", "NaN", "Infinity", "-Infinity", "true", "null", "0x10", "1_000", "٣",
                "2.7", "3x3", "8x8", "9x9", "0x0", "any", "pattern:", "pattern:0,0", "0-6", "6,6", "1 2 0 3",
                "ooo/ooo/ooo", "o", "\x00", "\ud800", "🧩", "*", "* * *", "∞")


def json_value(rng, depth: int = 0) -> Any:
    """A random JSON-able value: numbers of every kind (huge, infinite, NaN), text, nesting."""
    roll = rng.random()
    if depth > 4 or roll < 0.45:
        return rng.choice([
            None, True, False, 0, 1, -1, 2, 2.7, -0.0, 10**400, -(10**30), 1e308, math.inf, -math.inf, math.nan,
            rng.randint(-10**6, 10**6), rng.random() * 10**rng.randint(0, 30), rng.choice(SPECIAL_TEXT),
            "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 20))),
        ])
    if roll < 0.6:
        return rng.choice(SPECIAL_TEXT) * rng.choice([1, 2, 50, 5000])
    if roll < 0.8:
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {rng.choice([*KEYS, "x", ""]): json_value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def _nested(rng, levels: int) -> Any:
    value: Any = rng.choice([1, "x", None])
    for _ in range(levels):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def malformed_request(rng) -> Case:
    """Anything: a request dict of random values, a deeply nested one, or JSON text (valid or not)."""
    roll = rng.random()
    if roll < 0.08:
        levels = rng.choice([10, 100, 2_000, 100_000])
        return Case("[" * levels + "]" * levels if rng.random() < 0.5 else
                    '{"command": ' * levels + "1" + "}" * levels, "malformed")
    if roll < 0.14:
        return Case("".join(rng.choice(string.printable) for _ in range(rng.randint(0, 40))), "malformed")
    request: dict[str, Any] = {}
    if rng.random() < 0.9:
        request["command"] = rng.choice(["solve", "solve", "longest", "analyse", "catalog", "dance", 1, None])
    if rng.random() < 0.9:
        request["puzzle"] = rng.choice(PUZZLES) if rng.random() < 0.8 else json_value(rng)
    for key in rng.sample(KEYS, rng.randint(0, 6)):
        request[key] = json_value(rng)
    if rng.random() < 0.1:
        request[rng.choice(["algoritm", "x", "", "__class__"])] = json_value(rng)
    if rng.random() < 0.05:
        request[rng.choice(KEYS)] = _nested(rng, rng.choice([20, 500]))
    if rng.random() < 0.3:   # keep most requests from starting long searches
        request["max_states"] = rng.choice([1_000, 10_000])
    as_text = rng.random() < 0.3
    if as_text:
        return Case(json.dumps(request), "malformed")
    return Case(request, "malformed")


def _label_text(rng, size: int) -> str:
    labels = [rng.choice(["0", "1", "2", "3", "9", "10", "*", "L", "M", "┌", "x", "-1", "00"]) for _ in range(size)]
    return rng.choice([" ", ",", ", ", "  "]).join(labels)


def edge_request(rng) -> Case:
    """A well-formed request with edge-case values (sizes, labels, holes, jumps): it must end in a readable answer."""
    family = rng.choice(["sliding", "peg"])
    request: dict[str, Any] = {"command": rng.choice(["solve", "solve", "longest", "analyse"])}
    if family == "sliding":
        if rng.random() < 0.5:
            rows, cols = rng.randint(1, 9), rng.randint(1, 9)
            request.update(family="sliding", board=rng.choice([f"{rows}x{cols}", f"{rows}×{cols}", f"{rows}X{cols}"]))
            size = rows * cols if rng.random() < 0.8 else rng.randint(0, 12)
        else:
            request["puzzle"] = rng.choice(["8-puzzle", "9-puzzle-variant", "symbols", "no-off", "hakoiri-musume"])
            size = {"8-puzzle": 9, "9-puzzle-variant": 10, "symbols": 9, "no-off": 8, "hakoiri-musume": 20}[
                request["puzzle"]]
        for key in ("start", "goal"):
            if rng.random() < 0.6:
                request[key] = _label_text(rng, size) if rng.random() < 0.7 else json_value(rng)
        request["algorithm"] = rng.choice(["auto", "bfs", "bidirectional", "iddfs", "ida", "IDA", " bfs"])
    else:
        if rng.random() < 0.5:
            request["puzzle"] = rng.choice(["hoppers", "triangle-10", "triangle-15", "triangle-21"])
            holes = {"hoppers": 13, "triangle-10": 10, "triangle-15": 15, "triangle-21": 21}[request["puzzle"]]
        else:
            mask, lattice = _peg_mask(rng)
            request.update(family="peg", mask=mask, lattice=lattice)
            holes = mask.count("o")
        def some_holes() -> Any:
            chosen = [rng.randint(-1, holes + 1) for _ in range(rng.randint(0, 4))]
            return rng.choice([chosen, ",".join(map(str, chosen)), " ".join(map(str, chosen))])
        for key in ("empty", "finish", "pegs", "last"):
            if rng.random() < 0.5:
                request[key] = some_holes()
        if rng.random() < 0.3:
            request["finish"] = rng.choice(["any", "pattern:" + ",".join(map(str, range(rng.randint(0, 3))))])
        if rng.random() < 0.3:
            request["first"] = f"{rng.randint(0, holes)}-{rng.randint(0, holes)}"
        if rng.random() < 0.3 and request["command"] == "analyse":
            request["seconds_limit"] = rng.choice([0.05, "0.1", 0, -1, "x", 1e-9])
        request["algorithm"] = rng.choice(["auto", "minimal", "fast", "beam"])
    if rng.random() < 0.3:
        request["all"] = True
        if rng.random() < 0.5:
            request["max_solutions"] = rng.choice([0, 1, 5])
    request["max_states"] = rng.choice([0, 1, 50, 5_000, 200_000])
    return Case(request, "edge")


# ================================================================================================ the CLI
CLI_FLAGS = ("--start", "--goal", "--board", "--algorithm", "--max-states", "--max-solutions", "--mask", "--lattice",
             "--empty", "--finish", "--pegs", "--first", "--last", "--metric", "--bound", "--seconds")


def cli_arguments(rng) -> list[str]:
    """Random command-line arguments for `python -m pzl` (mostly well-formed flags with odd values)."""
    args = [rng.choice(["solve", "solve", "longest", "analyse", "census", "atlas", "compare", "list", "dance"])]
    if rng.random() < 0.8:
        args.append(rng.choice(PUZZLES[:-1]))
    values = [text for text in SPECIAL_TEXT if text.isprintable() or text == ""]   # what argv can carry
    for flag in rng.sample(CLI_FLAGS, rng.randint(0, 3)):
        args += [flag, rng.choice(values)]
    for flag in ("--all", "--json", "--no-by-moves", "--measure-memory"):
        if rng.random() < 0.3:
            args.append(flag)
    args += ["--max-states", "20000"] if "--max-states" not in args and rng.random() < 0.8 else []
    return args


# ================================================================================================ options
#: Valid values of each option, per family (a command that reads the option must take them).
VALID_VALUES: dict[str, dict[str, list[Any]]] = {
    "sliding": {"start": ["1 2 3 4 5 6 0 7 8", "1,2,3,4,5,6,7,0,8"], "goal": ["1 2 3 4 5 6 7 8 0", "1 2 3 * * * * * 0"],
                "metric": ["step", "piece", "straight"], "algorithm": ["auto", "bfs", "bidirectional", "ida", "astar"],
                "bound": ["manhattan", "linear-conflict", "misplaced"], "all": [True, "yes", 0],
                "max_solutions": [0, 3, "5"], "max_states": [0, 50, 100_000], "seconds": [0.2, "0.5"],
                "measure_memory": [True, False], "board": ["2x3", "3x3"]},
    "peg": {"mask": ["ooo/ooo/ooo", "o.o/ooo/o.o"], "lattice": ["square", "square-diagonal", "triangular"],
            "empty": ["4", [4], "0,4"], "finish": ["any", "4"], "first": ["0-4"], "pegs": ["0,1,3", [1, 4, 7]],
            "last": ["1"], "algorithm": ["auto", "minimal", "fast", "beam"], "all": [True, "1"],
            "max_solutions": [0, 2], "max_states": [0, 40, 100_000], "seconds_limit": [0.5, "1"],
            "by_moves": [True, False, "no"], "seconds": [0.2], "measure_memory": [True]},
}
INVALID_VALUES = ({"a": 1}, [[[]]], "zz", -1, 2.5, math.inf, "")
#: A small task each command of each family answers quickly (the option under test is added to it).
OPTION_BASES: dict[str, dict[str, dict[str, Any]]] = {
    "sliding": {"solve": {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8"},
                "longest": {"family": "sliding", "board": "2x3"},
                "compare": {"puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8", "seconds": 0.2}},
    "peg": {"solve": {"puzzle": "triangle-10", "empty": "0", "finish": "any"},
            "analyse": {"puzzle": "triangle-10", "empty": "0", "finish": "any"},
            "census": {"puzzle": "triangle-10", "empty": "0", "finish": "any"},
            "atlas": {"puzzle": "triangle-10"},
            "compare": {"puzzle": "triangle-10", "empty": "0", "finish": "any", "seconds": 0.2}},
}


def option_case(rng) -> Case:
    """One command of one family with one key added: an option of its own (a valid or an invalid value),
    another command's, another family's, or an unknown one. Checked against the family's option table:
    a key the command does not read must be refused by name; a bad value must be refused naming the
    option; a good one must be answered (or refused as documented), never an internal error."""
    from pzl import catalog

    family = rng.choice(list(OPTION_BASES))
    tables = catalog.family(family).options
    command = rng.choice(list(OPTION_BASES[family]))
    request: dict[str, Any] = {"command": command, **OPTION_BASES[family][command]}
    everything = sorted({key for name in catalog.FAMILY_MODULES
                         for table in catalog.family(name).options.values() for key in table})
    key = rng.choice([*everything, "colour", "algoritm"])
    own = key in tables[command]
    valid = own and key in VALID_VALUES[family] and rng.random() < 0.6
    value = rng.choice(VALID_VALUES[family][key]) if valid else rng.choice([*INVALID_VALUES, json_value(rng)])
    if key in ("mask", "lattice") and own:
        request.pop("puzzle", None)
        request.setdefault("mask", "ooo/ooo/ooo")
    if key == "board" and own:
        request.pop("puzzle", None)
        request.pop("start", None)
        request["family"] = "sliding"
    if key == "max_solutions" and own:
        request["all"] = True
    request[key] = value
    return Case(request, "options", lambda final: _check_option(final, family, command, key, own, valid),
                note=f"{family} {command} {key}={shown_value(value)} ({'own' if own else 'not its own'}, "
                     f"{'valid' if valid else 'any value'})")


def shown_value(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 60 else text[:57] + "..."


def _check_option(final: dict[str, Any], family: str, command: str, key: str, own: bool, valid: bool) -> list[str]:
    if not own:
        if final["event"] != "error":
            return [f"{key} is not an option of {family} {command}, but the request was answered"]
        message = final["message"]
        if not (message.startswith(f"{key} is an option of ") or message.startswith(f"unknown option '{key}'")):
            return [f"{key} (not an option of {command}) refused without naming it: {message}"]
        return []
    if final["event"] == "error" and final.get("error") == "InternalError":
        return [f"internal error: {final['message']}"]
    if valid:
        if final["event"] == "error" and not _refused_as_documented(final) and key not in final["message"] \
                and key.replace("_", "-") not in final["message"]:
            return [f"a valid {key} refused without a documented reason: {final['message']}"]
        return []
    if final["event"] == "result":
        return []   # a value that reads as valid after all ("0", [], …)
    words = final["message"]
    named = (key in words or key.replace("_", "-") in words or bool(final.get("stopped"))
             or "request" in words)   # refused unread: nested too deep, too many values
    return [] if named else [f"a bad {key} refused without naming it: {words}"]


# ================================================================================================ edge boards
EDGE_MASKS = (("ooo", "square"), ("ooo/ooo/ooo", "square"), ("ooo/o..", "square"), ("o/oo/ooo/oooo", "triangular"),
              ("ooo/ooo", "square-diagonal"), ("oooo", "square"))


def edge_board_case(rng) -> Case:
    """census, atlas, analyse, solve and longest on edge boards: no pegs, one peg, a finished position, every
    hole empty (peg); the smallest boards and a goal as the start (sliding). Answers are checked where the
    right one is plain (no pegs: nothing to count; one peg: finished in 0 moves)."""
    if rng.random() < 0.25:
        rows, cols = rng.choice([(1, 2), (2, 1), (2, 2), (1, 3), (2, 3), (3, 1)])
        goal = " ".join([*map(str, range(1, rows * cols)), "0"])
        request = {"command": rng.choice(["longest", "solve", "compare"]), "family": "sliding",
                   "board": f"{rows}x{cols}", "goal": rng.choice([goal, "* " * (rows * cols - 1) + "0"])}
        if request["command"] != "longest":
            request["start"] = goal
        if request["command"] == "compare":
            request["seconds"] = 0.2
        return Case(request, "edge boards", lambda final: [] if final["event"] != "error" or
                    final.get("error") != "InternalError" else [f"internal error: {final['message']}"])
    mask, lattice = rng.choice(EDGE_MASKS)
    holes = mask.count("o")
    kind = rng.choice(["no pegs", "one peg", "finished", "every hole empty", "one empty"])
    empty = {"no pegs": list(range(holes)), "every hole empty": list(range(holes)),
             "one peg": [hole for hole in range(holes) if hole != holes - 1],
             "finished": [hole for hole in range(holes) if hole != 0], "one empty": [0]}[kind]
    command = rng.choice(["census", "atlas", "analyse", "solve"])
    request: dict[str, Any] = {"command": command, "family": "peg", "mask": mask, "lattice": lattice}
    pegs = sorted(set(range(holes)) - set(empty))
    if command != "atlas":
        request["empty"] = ",".join(map(str, empty))
        if kind == "finished" and rng.random() < 0.5:
            request["finish"] = str(pegs[0])
        elif rng.random() < 0.5:
            request["finish"] = "any"
    if command == "analyse" and rng.random() < 0.5:
        request["pegs"] = ",".join(map(str, pegs))
    return Case(request, "edge boards", lambda final: _check_edge_board(final, command, len(pegs), request),
                note=f"{kind} on {mask} ({lattice})")


def _check_edge_board(final: dict[str, Any], command: str, pegs: int, request: dict[str, Any]) -> list[str]:
    if final["event"] == "error":
        return [f"internal error: {final['message']}"] if final.get("error") == "InternalError" else []
    result = final["result"]
    one_peg_anywhere = request.get("finish") == "any"
    if command == "census":
        if pegs == 0 and result["solutions"] != 0:
            return [f"a start without pegs has {result['solutions']} solutions"]
        if pegs == 1 and one_peg_anywhere and (result["solutions"], result["minimal_moves"]) != (1, 0):
            return [f"one peg and finish any: {result['solutions']} solutions in {result['minimal_moves']} moves"]
    if command in ("solve", "analyse") and pegs == 1 and one_peg_anywhere and \
            (result["solvable"], result["moves"]) != (True, 0):
        return [f"one peg and finish any: solvable {result['solvable']} in {result['moves']} moves"]
    if command == "analyse" and pegs == 0 and result["solvable"] is not False:
        return [f"no pegs judged solvable {result['solvable']}"]
    return []
