"""Sliding `auto` as an anytime answer: the fast answer at once, then a proof or shorter answers, the best last.

Every answer replays move by move (tools/sliding_replay.py, written from the rules alone); none is
longer than the one before; where the optimal search finishes, the final answer has its length.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pzl import api
from pzl.sliding import anytime
from pzl.sliding.board import rectangle
from pzl.sliding.engines import windows
from pzl.sliding.engines.fast import fast_solve
from pzl.sliding.engines.tiles import lower_bound, replay_blanks
from tests.sliding.test_fast import solvable_pair
from tools.sliding_replay import assert_replays, walk


def text(position) -> str:
    return " ".join(map(str, position))


def entry(rows: int, cols: int) -> dict:
    return {"cells": [[r, c] for r in range(rows) for c in range(cols)]}


def run(search):
    while True:
        try:
            next(search)
        except StopIteration as stop:
            return stop.value


def answers(rows: int, cols: int, start, goal=None) -> tuple[list[dict], dict]:
    """The improved answers of an auto request on a rows x cols board, and its final result."""
    request = {"command": "solve", "family": "sliding", "board": f"{rows}x{cols}", "start": text(start)}
    if goal is not None:
        request["goal"] = text(goal)
    events = list(api.run(request))
    assert events[-1]["event"] == "result", events[-1]
    return [event["result"] for event in events if event["event"] == "improved"], events[-1]["result"]


@pytest.fixture
def short_budget(monkeypatch):
    monkeypatch.setattr(anytime, "SHORTEN_NODES", {"linear-conflict": 150_000, "manhattan": 150_000})
    monkeypatch.setattr(anytime, "REPORT_NODES", 30_000)
    monkeypatch.setattr(anytime, "CONSTRUCTIONS", tuple((cells, min(width, 300), tried)
                                                        for cells, width, tried in anytime.CONSTRUCTIONS))
    for worth in ("GROUP_NODE_WORTH", "BEAM_NODE_WORTH"):   # the windows' whole budget, whatever came before
        monkeypatch.setattr(anytime, worth, {"linear-conflict": 0, "manhattan": 0})


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([(3, 4), (4, 3), (2, 6), (4, 4)]), st.integers(6, 40), st.randoms(use_true_random=False))
def test_on_boards_past_breadth_first_reach_the_fast_answer_comes_first_and_the_last_is_shortest(size, steps, rng):
    rows, cols = size
    start = walk(rows, cols, steps, rng)
    goal = (*range(1, rows * cols), 0)
    quick, final = answers(rows, cols, start)
    optimal = api.answer({"command": "solve", "family": "sliding", "board": f"{rows}x{cols}", "start": text(start),
                          "algorithm": "ida"})["result"]["moves"]
    assert final["minimal"] and final["moves"] == optimal
    assert [answer["algorithm"] for answer in quick] in ([], ["auto: fast"])
    lengths = [answer["moves"] for answer in [*quick, final]]
    assert lengths == sorted(lengths, reverse=True)   # a proof may find the fast answer's length shortest already
    for answer in [*quick, final]:
        assert_replays(entry(rows, cols), answer["solution"], text(start), text(goal))


def test_a_far_big_board_gets_shorter_answers_that_all_replay(short_budget):
    start, goal = solvable_pair(6, 6, random.Random(11), standard_goal=True)
    quick, final = answers(6, 6, start)
    bound = lower_bound(start, goal, 6, 6)
    assert [answer["algorithm"] for answer in quick[:2]] == ["auto: fast", "auto: beam"]
    assert final["algorithm"] == "auto: beam, shortened"
    lengths = [answer["moves"] for answer in [*quick, final]]
    assert lengths == sorted(lengths, reverse=True) and lengths[-1] < lengths[0]
    assert len(set(lengths[:-1])) == len(lengths) - 1, "each improved answer is shorter than the one before"
    for answer in [*quick, final]:
        assert answer["lower_bound"] == bound and not answer["minimal"]
        assert_replays(entry(6, 6), answer["solution"], text(start), text(goal))
    assert final["stopped"] == "nodes" and "150,000 nodes" in final["note"]


def test_progress_while_shortening_names_the_length_to_beat(short_budget):
    start, _ = solvable_pair(5, 5, random.Random(12), standard_goal=True)
    events = list(api.run({"command": "solve", "family": "sliding", "board": "5x5", "start": text(start)}))
    best = None
    for event in events:
        if event["event"] == "improved":
            best = event["result"]["moves"]
        elif event["event"] == "progress" and best is not None:
            assert event["best"] == best and event["lower_bound"] <= best
    nodes = [event["nodes"] for event in events if event["event"] == "progress"]
    assert nodes == sorted(nodes)


def test_a_cancelled_job_hands_back_the_shortest_answer_so_far(short_budget):
    start, _ = solvable_pair(7, 7, random.Random(13), standard_goal=True)
    job = api.Job({"command": "solve", "family": "sliding", "board": "7x7", "start": text(start)})
    while job.best is None:
        job.run_for(0.02)
    kept = job.cancel()
    assert kept["event"] == "result" and kept["result"]["moves"] == job.best["moves"]
    assert kept["result"]["stopped"] == "cancelled" and job.done


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([(4, 5), (5, 5), (3, 7)]), st.randoms(use_true_random=False))
def test_windows_never_lengthen_a_solution_and_it_still_reaches_the_goal(size, rng):
    rows, cols = size
    start, goal = solvable_pair(rows, cols, rng, standard_goal=False)
    fast = run(fast_solve(start, goal, rows, cols))
    blanks = [position.index(0) for position in fast.path]
    board = rectangle(rows, cols)
    shortener = windows.Shortener(board, start, blanks, board.distances)
    before = shortener.moves
    solution = run(shortener.run(60_000))
    path = solution.path
    assert path[0] == tuple(start) and path[-1] == tuple(goal) and shortener.moves <= before
    assert replay_blanks(start, shortener.blanks) == path
    assert_replays(entry(rows, cols), [text(position) for position in path], text(start), text(goal))


def test_the_line_orders_tried_at_once_give_a_legal_solution():
    start, goal = solvable_pair(8, 8, random.Random(14), standard_goal=True)
    wide = run(fast_solve(start, goal, 8, 8, width=4))
    assert wide.path[0] == tuple(start) and wide.path[-1] == tuple(goal)
    assert_replays(entry(8, 8), [text(position) for position in wide.path], text(start), text(goal))
