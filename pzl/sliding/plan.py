"""What a sliding `solve` request can afford, decided once before any search runs.

`plan` reads the request's options first, in one call over a table (`SOLVE_OPTIONS`, read by
`pzl.request.read_all`, each checked and refused by name), then turns them and the Puzzle into a frozen
`Plan`: the instant verdict, the estimate of the reachable positions and the algorithm `auto` chooses by
it (`pzl.sliding.space`), whether auto answers anytime and the start's lower bound where the fast solver
answers (`fast_reach`), the requests no search can answer refused, the search Problem (`problem_for`,
once nothing is refused), and what the searches may spend (`effort.budget`, a `Budget` the Plan carries:
the kernel that runs, the state caps with the words of their stops, a breadth-first search its floor says
cannot fit refused, the reachability check a depth-first search needs first, what the depth-first check
says of auto's proof). Each helper is asked once, in that order, with what it needs (the board's
distances are the board's own, worked out once: `Board.distances`). The runner (`pzl.sliding.service`)
then only runs it: nothing below reads the request or asks again.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pzl.errors import CatalogError, PuzzleError
from pzl.family import Verdict
from pzl.request import Option, read_all
from pzl.search import breadth
from pzl.sliding import fast_reach
from pzl.sliding.blocks import METRICS, BlockProblem
from pzl.sliding.bound_choice import BOUNDS, check_bound
from pzl.sliding.effort import Budget, budget
from pzl.sliding.engines import tables
from pzl.sliding.packed import PackedProblem
from pzl.sliding.space import auto_algorithm, estimated_states
from pzl.sliding.task import Puzzle, from_request
from pzl.sliding.verdict import instant_verdict

ALGORITHMS = ("auto", "bfs", "bidirectional", "iddfs", "ida", "astar", "fast")

SlidingProblem = PackedProblem | BlockProblem

#: The `metric` option (absent: the puzzle's own, `default_metric`).
METRIC = Option("metric", allowed=METRICS, noun="metric")
#: A solve request's options, in the order they are read and refused.
SOLVE_OPTIONS = (Option("algorithm", allowed=ALGORITHMS, default="auto", refusal=CatalogError), Option("all", "flag"),
                 Option("max_states", "states", default=breadth.DEFAULT_MAX_STATES),
                 Option("max_solutions", "solutions"), METRIC, Option("bound", allowed=BOUNDS))


@dataclass(frozen=True, slots=True)
class Options:
    """A solve request's options, read and checked once (`read_options`)."""

    algorithm: str
    all_solutions: bool
    max_states: int | None         # the search's state cap (None: only the memory)
    max_solutions: int
    metric: str                    # the request's, else the puzzle's default (`default_metric`)
    searched: str                  # what one move of the search is ("step" where every move is one cell)
    bound: str | None              # None: the request left it out (the algorithm's own)


def read_options(request: dict[str, Any], puzzle: Puzzle) -> Options:
    """Every option of a solve request, read in one go (`SOLVE_OPTIONS`, by `pzl.request.read_all`), each refused by
    name when it cannot be read (in that order), the metric defaulting to the puzzle's."""
    default = default_metric(puzzle)
    values = read_all(request, SOLVE_OPTIONS)
    metric = values["metric"] or default
    return Options(values["algorithm"], values["all"], values["max_states"], values["max_solutions"], metric,
                   searched_metric(puzzle, metric), values["bound"])


def problem_for(puzzle: Puzzle, metric: str = "step", bound: str | None = None) -> SlidingProblem:
    """The search Problem of a puzzle: packed ints for one-cell pieces and one blank counted in steps, anchor bit
    boards (`pzl.sliding.blocks`) otherwise, with `bound` as the lower bound (default: the metric's)."""
    if puzzle.kind == "packed" and metric == "step":
        return PackedProblem(puzzle.board, puzzle.start, puzzle.goal, len(puzzle.labels) - 1)
    return BlockProblem(puzzle, metric, bound)


def default_metric(puzzle: Puzzle) -> str:
    """What one move is unless the request says: the count the puzzle's catalog entry names, else a piece's whole
    move for sliding blocks (as the books count), one cell for tiles."""
    return puzzle.metric or ("piece" if puzzle.has_blocks else "step")


def read_metric(request: dict[str, Any], puzzle: Puzzle) -> str:
    """The request's `metric`, or the puzzle's default (`default_metric`)."""
    metric: str = read_all(request, (METRIC,))["metric"] or default_metric(puzzle)
    return metric


def same_as_steps(puzzle: Puzzle) -> bool:
    """True when every move is one cell whatever the metric: one empty cell lets a piece move one cell at a time."""
    return puzzle.blanks == 1


def searched_metric(puzzle: Puzzle, metric: str) -> str:
    """The metric a search runs in: one cell a move when every move is one cell anyway (`same_as_steps`)."""
    return "step" if same_as_steps(puzzle) else metric


@dataclass(frozen=True)
class Plan:
    """What a solve request can afford, decided before any search (`plan`): which algorithm runs on which moves
    with which bound and caps, and what must run before it."""

    algorithm: str                 # the one that runs: auto's choice; ida without a bound is iddfs
    metric: str                    # what one move of the answer is
    bound: str | None              # the lower bound read (None: the algorithm's own)
    all_solutions: bool
    max_solutions: int
    verdict: Verdict               # what parity says at once; reachable False: nothing else is planned
    estimate: int | None = None    # the reachable positions, estimated (`pzl.sliding.space`)
    anytime: bool = False          # auto on numbered tiles: the fast answer at once, then a proof or a shorter one
    lower_bound: int | None = None             # fast, anytime: the start's lower bound (`fast_reach.judge`)
    problem: SlidingProblem | None = None      # the search's Problem (`problem_for`; None: parity, fast)
    budget: Budget = field(default_factory=Budget)   # what its searches may spend (`effort.budget`)


def plan(puzzle: Puzzle, request: dict[str, Any]) -> Plan:
    """The plan for a solve request (no search runs): its options read first (`read_options`), then the algorithm
    auto chooses, the requests no search can answer refused (a PuzzleError, or a SearchLimitError when the board
    is out of an optimal search's reach), and what its searches may spend (`pzl.sliding.effort.budget`: the
    state caps, the reachability check a depth-first search needs first, what the depth-first check says of auto's
    proof)."""
    options = read_options(request, puzzle)
    algorithm, all_solutions, metric, searched = (options.algorithm, options.all_solutions, options.metric,
                                                  options.searched)
    bound = check_bound(options.bound, algorithm, puzzle, searched)
    if algorithm == "ida" and bound == "none":
        algorithm = "iddfs"   # IDA* without a bound is plain iterative deepening (and is estimated as such)
    if searched != "step" and algorithm == "fast":
        raise PuzzleError("the fast solver places numbered tiles one cell at a time; whole slides are searched by "
                          "bfs, bidirectional, iddfs, ida or astar")
    verdict = instant_verdict(puzzle)
    auto = algorithm == "auto"
    chosen = Plan(algorithm, metric, bound, all_solutions, options.max_solutions, verdict)
    if verdict.reachable is False:
        return chosen
    estimate = estimated_states(puzzle)
    algorithm = auto_algorithm(puzzle, all_solutions, estimate) if auto else algorithm
    anytime = auto and searched == "step" and fast_reach.answers_anytime(puzzle, algorithm, all_solutions)
    lower_bound = fast_reach.judge(puzzle, algorithm, all_solutions, anytime)   # refuses what is out of reach
    if algorithm == "bidirectional" and (all_solutions or puzzle.goal_is_partial):
        raise PuzzleError("bidirectional search needs a complete goal and finds one shortest solution; "
                          "use bfs (or ida) for a partial goal or for all shortest solutions")
    if algorithm == "astar" and all_solutions:
        raise PuzzleError("A* finds one shortest solution; for all of them use bfs or ida")
    problem = None if algorithm == "fast" else problem_for(puzzle, searched, bound)   # once nothing is refused
    spend = budget(puzzle, problem, algorithm, all_solutions, options.max_states, estimate, verdict.reachable, anytime)
    return replace(chosen, algorithm=algorithm, estimate=estimate, anytime=anytime, lower_bound=lower_bound,
                   problem=problem, budget=spend)


def tables_needed(request: dict[str, Any]) -> list[dict[str, str]]:
    """The table files a request will read and this process lacks: [{"name", "path"}] (the page's worker fetches them).

    Never raises: a request pzl cannot read needs nothing (the run reports its error).
    """
    try:
        command, algorithm = request.get("command", "solve"), str(request.get("algorithm") or "auto")
        bound = request.get("bound") or ("pdb" if algorithm != "astar" or command == "compare" else None)
        if command not in ("solve", "compare") or algorithm not in ("auto", "ida", "astar") or bound != "pdb":
            return []   # a comparison's pdb rows (ida and astar) read the tables too
        puzzle = from_request(request)
        if not puzzle.distinct_tiles or puzzle.goal_is_partial:
            return []
        return tables.wanted(puzzle.board.adjacency, puzzle.goal.index(0))
    except (PuzzleError, AttributeError, TypeError, ValueError, OverflowError):
        return []
