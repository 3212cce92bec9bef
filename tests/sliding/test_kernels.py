"""The fast bytes kernel (`sweep`, `shortest`) gives the same answers as the generic breadth-first code."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.search import breadth
from pzl.search.problem import run_to_end
from pzl.sliding.engines.sweep import shortest, sweep
from pzl.sliding.service import problem_for
from pzl.sliding.task import from_request


@pytest.mark.parametrize("request_", [{"puzzle": "8-puzzle"}, {"puzzle": "symbols"},
                                      {"board": "2x4", "start": "1 2 3 4 5 6 7 0"},
                                      {"board": "2x4", "start": "1 1 2 2 3 3 0 4", "goal": "1 2 3 0 4 1 2 3"}])
def test_sweep_and_generic_longest_find_the_same_layers(request_):
    puzzle = from_request(request_)
    problem = problem_for(puzzle)
    fast = run_to_end(sweep(puzzle.board, puzzle.goal))[0]
    generic = run_to_end(breadth.longest(problem, [problem.full_goal]))[0]
    assert fast.histogram == generic.histogram
    assert sorted(tuple(state) for state in fast.last) == sorted(problem.decode(state) for state in generic.last)


@settings(max_examples=20)
@given(st.permutations(list(range(9))))
def test_fast_and_generic_bfs_agree_on_length_and_count(cells):
    # any arrangement of the symbol puzzle's pieces (typed as the article's numbers 0-6, 2 and 4 twice)
    start = " ".join(str({7: 2, 8: 4}.get(cell, cell)) for cell in cells)
    puzzle = from_request({"puzzle": "symbols", "start": start})
    problem = problem_for(puzzle)
    fast = run_to_end(shortest(puzzle.board, puzzle.start, puzzle.goal, all_solutions=True))[0]
    generic = run_to_end(breadth.bfs(problem, all_solutions=True))[0]
    assert len(fast.path) == len(generic.path)
    assert fast.count == generic.count
