"""Beam search finds solutions on the big boards; it proves nothing, so a miss is 'unknown', never 'impossible'.

Property tests hold beam search and the instant verdicts against the exhaustive minimal search.
"""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.peg.board import Move
from pzl.peg.catalog import board_by_id
from pzl.peg.engines.beam import beam_search
from pzl.peg.engines.solve import solve_minimal
from pzl.peg.verdict import why_impossible
from pzl.search.problem import run_to_end as run
from tools.peg_replay import assert_solves


@pytest.mark.parametrize(("board_id", "empty", "finish"),
                         [("french-37", 5, 31), ("english-33", 16, 16), ("triangle-36", 0, "any"),
                          ("triangle-28", 1, "any")])
def test_beam_search_solves_big_default_tasks_with_legal_moves(board_id, empty, finish):
    board = board_by_id(board_id)
    found, events = run(beam_search(board, board.full & ~(1 << empty), None if finish == "any" else 1 << finish))
    assert found["path"] is not None
    assert_solves(board.jumps, board.size, [empty], finish, found["path"])
    assert events and all(event["event"] == "progress" for event in events)


def test_beam_search_groups_a_peg_s_consecutive_jumps_into_one_move():
    board = board_by_id("hoppers")
    found, _ = run(beam_search(board, board.full & ~(1 << 6), 1 << 6))
    path = found["path"]
    assert all(type(move) is Move for move in path)
    assert all(earlier[-1] != later[0] for earlier, later in pairwise(path))
    assert sum(len(move) - 1 for move in path) == 11


def test_beam_search_miss_is_unknown_with_a_reason():
    board = board_by_id("hoppers")
    dead_end = sum(1 << hole for hole in (1, 2, 4, 5, 6, 7, 8, 10, 11, 12))
    found, _ = run(beam_search(board, dead_end, 1 << 6))
    assert found["path"] is None and "beam search" in found["reason"]


def small_task(seed):
    import random

    rng = random.Random(seed)
    board = board_by_id(rng.choice(["hoppers", "triangle-15", "triangle-10"]))
    empty = rng.sample(range(board.size), rng.choice([1, 1, 2]))
    start = board.full & ~sum(1 << hole for hole in empty)
    finish = None if rng.random() < 0.5 else 1 << rng.randrange(board.size)
    return board, empty, start, finish


@given(seed=st.integers(0, 10**6))
@settings(max_examples=25)
def test_beam_never_beats_the_proved_minimum_nor_solves_a_proved_impossible_task(seed):
    board, _, start, finish = small_task(seed)
    minimal, _ = run(solve_minimal(board, start, finish))
    found, _ = run(beam_search(board, start, finish, widths=(64, 256)))
    if minimal.solvable is False:
        assert found["path"] is None
    if found["path"] is not None:
        assert minimal.solvable is True and len(found["path"]) >= minimal.moves


@given(seed=st.integers(0, 10**6))
@settings(max_examples=40)
def test_instant_impossibility_verdicts_agree_with_the_exhaustive_search(seed):
    board, _, start, finish = small_task(seed)
    minimal, _ = run(solve_minimal(board, start, finish))
    if why_impossible(board, start, finish) is not None:
        assert minimal.solvable is False
    if minimal.solvable:
        assert why_impossible(board, start, finish) is None
