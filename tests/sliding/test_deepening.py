"""The generic depth-first searches (pzl.search.deepening), checked against breadth-first distances and counts."""

from __future__ import annotations

import random
import sys
from collections import deque
from dataclasses import dataclass
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.search.deepening import ida_star, iddfs
from pzl.search.problem import run_to_end as run

HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
SYMBOL_GOAL = ("┌", "─", "┐", "│", 0, "│", "└", "─", "┘")   # duplicates: ─ and │ twice each


@dataclass
class Slide:
    """A sliding puzzle as a plain Problem: positions are tuples of labels, 0 the blank."""

    start: tuple
    goal: tuple
    rows: int
    cols: int

    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        z = state.index(0)
        r, c = divmod(z, self.cols)
        seen = set()
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols:
                nb = (r + dr) * self.cols + c + dc
                after = list(state)
                after[z], after[nb] = after[nb], 0
                after = tuple(after)
                if after not in seen:   # two moves giving one position are one move
                    seen.add(after)
                    yield after

    def lower_bound(self, state):
        """Each tile's grid distance to the nearest goal cell with its label."""
        total = 0
        for cell, label in enumerate(state):
            if label != 0:
                r, c = divmod(cell, self.cols)
                total += min(abs(r - gr) + abs(c - gc) for gr, gc in
                             (divmod(g, self.cols) for g, lab in enumerate(self.goal) if lab == label))
        return total




def shortest_count(problem):
    """(distance, number of distinct shortest state sequences) start -> goal, by breadth-first counting."""
    dist, ways = {problem.start: 0}, {problem.start: 1}
    queue = deque([problem.start])
    while queue:
        state = queue.popleft()
        if problem.is_goal(state):
            return dist[state], ways[state]
        for nxt in problem.successors(state):
            if nxt not in dist:
                dist[nxt], ways[nxt] = dist[state] + 1, 0
                queue.append(nxt)
            if dist[nxt] == dist[state] + 1:
                ways[nxt] += ways[state]
    return None, 0


def assert_legal(problem, path):
    assert path[0] == problem.start and problem.is_goal(path[-1])
    for before, after in pairwise(path):
        assert after in set(problem.successors(before))


def walk(problem, steps, rng):
    state = problem.goal
    for _ in range(steps):
        state = rng.choice(list(problem.successors(state)))
    return state


def test_ida_star_lists_the_40_shortest_solutions_of_the_hardest_eight_puzzle():
    problem = Slide(HARDEST, GOAL, 3, 3)
    assert problem.lower_bound(HARDEST) == 21
    outcome, events = run(ida_star(problem, all_solutions=True))
    assert (len(outcome.path) - 1, outcome.count) == (31, 40)
    assert len({tuple(p) for p in outcome.paths}) == 40
    for path in outcome.paths:
        assert_legal(problem, path)
    assert events and {event["event"] for event in events} == {"progress"}


@settings(max_examples=40)
@given(steps=st.integers(0, 14), seed=st.integers(0, 2**32))
def test_iddfs_and_ida_star_count_every_shortest_sequence_like_breadth_first(steps, seed):
    problem = Slide(GOAL, GOAL, 3, 3)
    problem.start = walk(problem, steps, random.Random(seed))
    length, ways = shortest_count(problem)
    for search in (iddfs, ida_star):
        outcome, _ = run(search(problem, all_solutions=True, max_solutions=1000))
        assert (len(outcome.path) - 1, outcome.count) == (length, ways)
        assert len({tuple(p) for p in outcome.paths}) == min(ways, 1000)
        for path in outcome.paths:
            assert_legal(problem, path)


@settings(max_examples=40)
@given(steps=st.integers(0, 14), seed=st.integers(0, 2**32))
def test_duplicate_labels_count_sequences_of_positions_not_of_pieces(steps, seed):
    problem = Slide(SYMBOL_GOAL, SYMBOL_GOAL, 3, 3)
    problem.start = walk(problem, steps, random.Random(seed))
    length, ways = shortest_count(problem)
    for search in (iddfs, ida_star):
        outcome, _ = run(search(problem, all_solutions=True, max_solutions=1000))
        assert (len(outcome.path) - 1, outcome.count) == (length, ways)


def test_first_solution_only_when_not_asked_for_all():
    outcome, _ = run(ida_star(Slide(HARDEST, GOAL, 3, 3)))
    assert len(outcome.path) - 1 == 31 and outcome.count is None and outcome.paths == []


def test_nothing_within_max_depth_gives_no_path():
    problem = Slide(HARDEST, GOAL, 3, 3)
    assert run(ida_star(problem, max_depth=29))[0].path is None
    assert run(iddfs(problem, max_depth=8))[0].path is None


def test_unsolvable_small_puzzle_ends_with_no_path_at_max_depth():
    problem = Slide((2, 1, 3, 0), (1, 2, 3, 0), 2, 2)   # odd permutation: never solvable
    outcome, _ = run(iddfs(problem, max_depth=20))
    assert outcome.path is None


@dataclass
class Countdown:
    """A finite problem (no way back): from n, step to n-1 or n-2; the goal may be unreachable."""

    start: int
    goal: int

    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        return [s for s in (state - 1, state - 2) if s >= 0]

    def lower_bound(self, state):
        return 0 if state < self.goal else (state - self.goal + 1) // 2


class Ladder(Countdown):
    """From n, one step down to n-1 (and nothing below 0): a single long path to the goal 0."""

    def __init__(self, start: int) -> None:
        super().__init__(start, 0)

    def successors(self, state):
        return [state - 1] if state else []


def test_a_finite_tree_without_the_goal_is_reported_exhausted():
    for search in (iddfs, ida_star):
        outcome, _ = run(search(Countdown(10, -1), max_depth=50))
        assert outcome.path is None and outcome.exhausted


def test_deep_solutions_need_no_recursion():
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(150)
    try:
        outcome, _ = run(ida_star(Countdown(1200, 0), max_depth=700))
        fewest, _ = run(iddfs(Ladder(300), max_depth=400))
    finally:
        sys.setrecursionlimit(limit)
    assert len(outcome.path) - 1 == 600
    assert len(fewest.path) - 1 == 300
