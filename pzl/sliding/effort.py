"""What a sliding request will cost, judged before it starts, and what to try instead.

Breadth-first searches store positions: a `longest` sweep must store every reachable position,
whose number is known without searching (`pzl.sliding.space`), so the memory cap
(`pzl.search.limits`) refuses up front what cannot fit. Depth-first searches (iddfs, ida) store
almost nothing but may expand astronomically many nodes: `depth_first_effort` estimates one
pass of the search with Knuth's estimator (random probes down the search tree, multiplying the
number of children met at each level), at the exact distance when a breadth-first check found
it, else at the start's lower bound (then the estimate is a floor: the real search goes deeper).

`budget` is the plan's one question here: the kernel that runs, the state caps with the words of their stops
(`worded_cap`), the breadth-first floor's refusal, the reachability check. `what_to_try` is the one place
that words the advice of every refusal and stop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from pzl.errors import SearchLimitError
from pzl.search import limits
from pzl.search.breadth import DEFAULT_MAX_STATES
from pzl.search.deepening import MAX_DEPTH
from pzl.search.limits import StateCap
from pzl.sliding import fast_reach
from pzl.sliding.task import Puzzle

#: Nodes per second of each depth-first kernel in CPython (CPU time, bench/effort.py, rounded down; Pyodide: half).
#: "-slides": whole-slide moves (piece, straight) on the block engine, measured on Dad's Puzzle near its goal
#: (iddfs ~380,000, ida ~140,000 nodes per CPU second at load 11).
RATES = {"iddfs-tiles": 6_000_000, "ida-tiles": 600_000, "iddfs": 600_000, "ida": 150_000,
         "iddfs-slides": 300_000, "ida-slides": 120_000}
#: A depth-first search estimated to take longer than this is refused; longer than WARN_SECONDS, warned about.
REFUSE_SECONDS = 3600.0
WARN_SECONDS = 30.0
#: Knuth's estimator: random probes per estimate, and the probe budget in search steps.
PROBES = 48
PROBE_STEPS = 12_000

#: Advice that names an algorithm (the rest: a larger budget, another start or board).
ALGORITHM_ADVICE = ("ida", "bfs", "bidirectional", "fast")
ADVICE = {
    "ida": "IDA* (ida), which stores almost nothing",
    "bidirectional": "bidirectional search, which stores far fewer positions than bfs",
    "bfs": "breadth-first search (bfs), whose positions fit in memory here",
    "budget": "a larger state budget (0: no cap of pzl's own, only the memory)",
    "fast": "the fast algorithm (fast), which gives a solution at once, not proved shortest",
    "nearer": "a start nearer the goal",
    "smaller": "a smaller board",
}


def breadth_kernel(puzzle: Puzzle, algorithm: str, command: str = "solve") -> str:
    """The name (in pzl.search.limits.BYTES_PER_STATE) of the breadth-first kernel a request runs."""
    packed = puzzle.kind == "packed"
    if command == "longest":
        if packed and not puzzle.goal_is_partial:
            return "sweep"
        return "reachable-blocks" if puzzle.goal_is_partial else ("longest-packed" if packed else "longest-blocks")
    if algorithm == "bfs" and packed and not puzzle.goal_is_partial:
        return "shortest"
    kind = "bidirectional" if algorithm == "bidirectional" else "bfs"
    return f"{kind}-{'packed' if packed else 'blocks'}"


def storing_kernel(puzzle: Puzzle, algorithm: str | None) -> str | None:
    """The kernel (in pzl.search.limits.BYTES_PER_STATE) of a search that stores positions; None for depth-first."""
    if algorithm in ("bfs", "bidirectional"):
        return breadth_kernel(puzzle, algorithm)
    if algorithm == "astar":
        return "astar-packed" if puzzle.kind == "packed" else "astar-blocks"
    return None


def kernel_of(puzzle: Puzzle, problem: Any, algorithm: str) -> str | None:
    """The kernel that runs `algorithm` here: a storing one (`storing_kernel`), a depth-first one (in RATES: the tile
    kernel for numbered tiles and a complete goal, "-slides" for whole-slide moves), None for the fast solver."""
    if algorithm in ("iddfs", "ida"):
        return algorithm + ("-tiles" if puzzle.distinct_tiles and not puzzle.goal_is_partial else
                            "-slides" if getattr(problem, "metric", "step") != "step" else "")
    return storing_kernel(puzzle, algorithm)


#: The kernels whose paths are code tuples, not the search Problem's states (`pzl.sliding.outcome.as_states`).
CODED_KERNELS = ("shortest", "iddfs-tiles", "ida-tiles")


@dataclass(frozen=True, slots=True)
class Budget:
    """What a solve request's searches may spend, decided before any runs (`budget`)."""

    kernel: str | None = None      # the kernel that runs (`kernel_of`); None: the fast solver
    cap: StateCap | None = None    # bfs, bidirectional, astar: the cap on the positions it stores, its stop worded
    check: str | None = None       # depth-first: the reachability check run first ("bfs", "bidirectional")
    check_cap: StateCap | None = None
    warning: str | None = None                 # auto's anytime answer: the depth-first check's warning on its proof
    refusal: SearchLimitError | None = None    # auto's anytime answer: why IDA* cannot prove it shortest


def budget(puzzle: Puzzle, problem: Any, algorithm: str, all_solutions: bool, max_states: int | None, estimate: int,
           reachable: bool | None, anytime: bool) -> Budget:
    """What the plan's searches may spend: the kernel that runs; the state cap of a storing search (the request's,
    else the memory's), with the words of its stop (`worded_cap`), a breadth-first search sure to pass it refused
    up front (`breadth_floor`: a SearchLimitError); for a depth-first search, the reachability check it needs first
    and that check's cap (the memory's); for auto's anytime answer on a board an optimal search proves (at most
    `fast_reach.OPTIMAL_CELLS` cells), what the depth-first check says of IDA*'s proof (a warning, or a refusal).
    `estimate`: the reachable positions; `reachable`: the instant verdict's (None: unknown)."""
    kernel = kernel_of(puzzle, problem, algorithm)
    # Depth-first search cannot tell an unreachable goal from a far one: settle that first, with the memory's
    # budget (the request's state cap is for the search it chose, which stores a path). When parity has
    # settled it, a small check still gives iddfs's estimate the true depth. Auto's anytime answer needs none.
    check = None
    if algorithm in ("iddfs", "ida") and not anytime and not (reachable and algorithm == "ida"):
        check = "bfs" if puzzle.goal_is_partial else "bidirectional"
    storing, check_kernel = storing_kernel(puzzle, algorithm), storing_kernel(puzzle, check)
    if anytime:   # IDA*: only the depth-first check of its proof
        if puzzle.board.size > fast_reach.OPTIMAL_CELLS:
            return Budget(kernel)
        try:
            return Budget(kernel, warning=check_depth_first(puzzle, problem, "ida", None, False, estimate))
        except SearchLimitError as refusal:
            return Budget(kernel, refusal=refusal)
    cap = None if storing is None else limits.state_cap(max_states, storing, puzzle.board.size)
    check_cap = None if check_kernel is None else limits.state_cap(None, check_kernel, puzzle.board.size)
    if cap is not None:
        cap = worded_cap(cap, puzzle, algorithm, estimate, all_solutions)
        floor = breadth_floor(puzzle, problem, algorithm, estimate) if algorithm != "astar" else None
        if floor is not None:   # refused up front when it would surely stop at the cap
            cap.check(floor[0], f"{cap.what} must store at least about {floor[0]:,} positions here (a floor, from "
                                f"the start's lower bound of {floor[1]} moves)", cap.advice,
                      alternatives=list(cap.alternatives))
        return Budget(kernel, cap)
    if check_cap is None:
        return Budget(kernel)
    affordable = check_cap.limit if not reachable else min(check_cap.limit, DEFAULT_MAX_STATES)
    if estimate > affordable:
        return Budget(kernel)
    return Budget(kernel, check=check, check_cap=worded_cap(check_cap, puzzle, check, estimate, all_solutions))


#: How a stop names each search that stores positions.
SEARCH_NAMES = {"bfs": "breadth-first search", "bidirectional": "bidirectional search", "astar": "A*",
                "longest": "the sweep"}


def worded_cap(cap: StateCap, puzzle: Puzzle, algorithm: str, estimate: int, all_solutions: bool = False,
               command: str = "solve") -> StateCap:
    """`cap` with the words of its stop: the search's name (SEARCH_NAMES) and what to try instead (`what_to_try`)."""
    names, advice = what_to_try(puzzle, algorithm, estimate=estimate, all_solutions=all_solutions, command=command,
                                cap=cap)
    return replace(cap, what=SEARCH_NAMES[algorithm], advice=advice, alternatives=tuple(names))


def space_fits(puzzle: Puzzle, kernel: str, estimate: int) -> bool:
    """True when every reachable position of the puzzle (`estimate` of them, `estimated_states`) fits in the memory
    budget with this kernel."""
    return estimate * limits.bytes_per_state(kernel, puzzle.board.size) <= limits.memory_budget()


def what_to_try(puzzle: Puzzle, algorithm: str, *, estimate: int, all_solutions: bool = False, command: str = "solve",
                cap: StateCap | None = None) -> tuple[list[str], str]:
    """What to try instead of `algorithm` here: (algorithm names, a sentence); the names go in `alternatives`.

    Every refusal and stop of a sliding request takes its advice from here. `estimate`: the reachable positions
    (`estimated_states`, as the plan has it).
    """
    complete = not puzzle.goal_is_partial
    options: list[str] = []
    if command == "longest":
        options.append("smaller")
    elif algorithm in ("bfs", "bidirectional", "astar"):
        if algorithm == "bfs" and complete and not all_solutions:
            options.append("bidirectional")
        options.append("ida")
    elif algorithm in ("iddfs", "ida"):   # depth-first: ida, or breadth-first where its positions fit
        kernel = breadth_kernel(puzzle, "bfs")
        if algorithm == "iddfs":
            options.append("ida")
        if space_fits(puzzle, kernel, estimate):
            options.append("bidirectional" if complete and not all_solutions else "bfs")
        if algorithm == "ida":
            options.append("nearer")
    big = fast_reach.takes(puzzle) and puzzle.board.size > fast_reach.OPTIMAL_CELLS
    if command == "solve" and not all_solutions and big:
        options.insert(0, "fast")   # a big board of numbered tiles: a solution at once
    if cap is not None and cap.by == "max_states":
        options.append("budget")
    names = [option for option in options if option in ALGORITHM_ADVICE]
    if not options:
        return names, ""
    return names, "Try " + "; or ".join(ADVICE[option] for option in options) + "."


#: Blank walks per distinct position within a distance, at most, on the boards measured (the 15-puzzle's
#: layers from its goal grow ~1.9 times a move where walks that never step back grow ~2.13: about 15 walks
#: per position at 35 moves); dividing by this keeps `breadth_floor` below the true count.
WALKS_PER_POSITION = 100


def breadth_floor(puzzle: Puzzle, problem: Any, algorithm: str, estimate: int) -> tuple[int, int] | None:
    """(a floor on the positions bfs or bidirectional must store, the lower bound it comes from), or None.

    For one-cell pieces and one blank: a solution is at least L moves long (the start's lower bound),
    so bfs stores every position within L moves of the start, and bidirectional those within about
    L/2 of either end. Their number is estimated from below by the blank's walks that never step
    straight back (counted exactly, by cell and previous cell) divided by WALKS_PER_POSITION, and
    never more than the reachable positions (`estimate`, `pzl.sliding.space.estimated_states`).
    """
    if puzzle.kind != "packed":
        return None
    bound = problem.lower_bound(problem.start)
    depth, sides = (bound, 1) if algorithm == "bfs" else ((bound + 1) // 2, 2)
    adjacency = puzzle.board.adjacency
    walks = {(puzzle.start.index(0), -1): 1}
    total = 1
    for _ in range(depth):
        following: dict[tuple[int, int], int] = {}
        for (cell, previous), count in walks.items():
            for neighbour in adjacency[cell]:
                if neighbour != previous:
                    following[(neighbour, cell)] = following.get((neighbour, cell), 0) + count
        walks = following
        total += sum(walks.values())
    return min(estimate, sides * total // WALKS_PER_POSITION), bound


def check_depth_first(puzzle: Puzzle, problem: Any, algorithm: str, distance: int | None, all_solutions: bool,
                      estimate: int) -> str | None:
    """Refuse (SearchLimitError) an iddfs or ida search that cannot finish; a warning text when it is merely slow.

    The bound is the exact distance when known, else the start's lower bound (then the estimate is a floor).
    `estimate`: the reachable positions (`estimated_states`), for the advice.
    """
    bound = distance if distance is not None else problem.lower_bound(problem.start)
    kernel = kernel_of(puzzle, problem, algorithm)
    assert kernel is not None
    names, advice = what_to_try(puzzle, algorithm, estimate=estimate, all_solutions=all_solutions)
    if bound > MAX_DEPTH:
        raise SearchLimitError(f"{algorithm} searches at most {MAX_DEPTH} moves deep, and this start is "
                               f"at least {bound} moves from the goal (a lower bound). {advice}".strip(),
                               "max_depth", lower_bound=bound, alternatives=names)
    effort = depth_first_effort(problem, algorithm, kernel, bound, exact=distance is not None)
    if effort.seconds > REFUSE_SECONDS:
        raise SearchLimitError(f"{effort.words(algorithm)}. {advice}".strip(), "nodes", estimate=effort.estimate,
                               alternatives=names)
    if effort.seconds > WARN_SECONDS:
        return f"this may take long: {effort.words(algorithm)}. {advice}".strip()
    return None


@dataclass(frozen=True, slots=True)
class Effort:
    """An up-front estimate of a depth-first search: nodes of its pass at `bound`, and seconds at its rate."""

    nodes: float
    seconds: float
    bound: int
    exact: bool        # True: `bound` is the distance; False: a lower bound (the estimate is a floor)

    def words(self, algorithm: str) -> str:
        """'iddfs would expand at least 1.3e+12 nodes in its last pass alone, ...: at least 7 days'."""
        depth = (f"for the solution's {self.bound} moves" if self.exact else
                 f"even if the solution took only the lower bound's {self.bound} moves")
        amount = "about" if self.exact else "at least"
        return (f"{algorithm} would expand {amount} {_count_words(self.nodes)} nodes in its last pass alone, "
                f"{depth}: {amount} {_duration_words(self.seconds)}")

    @property
    def estimate(self) -> dict[str, Any]:
        """The JSON `estimate` of a refusal or warning."""
        return {"nodes": round(self.nodes), "seconds": round(self.seconds, 1), "bound": self.bound,
                "exact": self.exact}


def depth_first_effort(problem: Any, algorithm: str, kernel: str, bound: int, exact: bool) -> Effort:
    """Knuth's estimate of one depth-first pass with this bound over `problem` (`algorithm` iddfs or ida).

    Follows the kernels' rules: never straight back to the previous position, and for ida only
    children with depth + lower bound within the bound. Seeded, so the same request gets the same answer.
    """
    rng = random.Random(bound)
    successors, start = problem.successors, problem.start
    lower_bound = problem.lower_bound if algorithm == "ida" else None
    total = 0.0
    steps = 0
    probes = 0
    while probes < PROBES and (steps < PROBE_STEPS or probes < 4):
        probes += 1
        weight, state, previous, depth = 1.0, start, None, 0
        while depth < bound:
            children = [child for child in successors(state) if child != previous and
                        (lower_bound is None or depth + 1 + lower_bound(child) <= bound)]
            steps += 1
            if not children:
                break
            weight *= len(children)
            total += weight
            previous, state = state, rng.choice(children)
            depth += 1
    nodes = total / probes
    rate = RATES[kernel] / (2 if limits.in_browser() else 1)
    return Effort(nodes, nodes / rate, bound, exact)


def _count_words(nodes: float) -> str:
    return f"{nodes:,.0f}" if nodes < 1e9 else f"{nodes:.1e}"


def _duration_words(seconds: float) -> str:
    if seconds >= 1e6 * 365 * 86400:
        return f"{seconds / (365 * 86400):.0e} years"
    for unit, scale in (("years", 365 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * scale:
            return f"{seconds / scale:,.0f} {unit}"
    return f"{seconds:,.0f} seconds"
