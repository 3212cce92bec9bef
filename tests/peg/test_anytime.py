"""Peg `auto` as an anytime answer: the quick solution at once, the fewest moves within a work budget, the best last.

Every answer on the way is a whole solution that replays jump by jump; none is longer than the one
before; where the minimal search finishes, the final answer has its length (checked against the
minimal algorithm and, on small random boards, against an independent breadth-first count).
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pzl import api
from pzl.peg import anytime
from pzl.peg.catalog import board_by_id
from pzl.peg.mask import board_from_mask
from tools.fuzz_cases import peg_reference
from tools.peg_replay import assert_solves


def answers(request: dict) -> tuple[list[dict], dict]:
    """The improved answers of a request, and its final result."""
    events = list(api.run({"command": "solve", **request}))
    assert events[-1]["event"] == "result", events[-1]
    return [event["result"] for event in events if event["event"] == "improved"], events[-1]["result"]


def assert_every_answer_solves(board_jumps, size: int, found: list[dict]) -> None:
    for answer in found:
        assert_solves(board_jumps, size, answer["empty"], answer["finish"], answer["solution"])
        assert answer["moves"] == len(answer["solution"])


def test_a_small_board_proved_within_the_head_start_answers_once():
    quick, final = answers({"puzzle": "hoppers"})
    assert quick == [] and final["algorithm"] == "auto: minimal" and final["moves"] == 7 and final["minimal"]


def test_a_board_whose_proof_takes_longer_answers_at_once_then_with_the_proof():
    quick, final = answers({"puzzle": "triangle-21-regular"})
    board = board_by_id("triangle-21-regular")
    assert [answer["algorithm"] for answer in quick] == ["auto: beam"] and not quick[0]["minimal"]
    assert final["algorithm"] == "auto: minimal" and final["minimal"] and final["moves"] == 10
    assert quick[0]["moves"] > final["moves"] and 0 < quick[0]["lower_bound"] <= final["moves"]
    assert_every_answer_solves(board.jumps, board.size, [*quick, final])
    assert final["moves"] == answers({"puzzle": "triangle-21-regular", "algorithm": "minimal"})[1]["moves"]


def test_progress_after_the_quick_answer_names_the_length_to_beat_and_what_is_proved():
    events = list(api.run({"command": "solve", "puzzle": "triangle-21-regular"}))
    at = next(index for index, event in enumerate(events) if event["event"] == "improved")
    after = [event for event in events[at:] if event["event"] == "progress"]
    assert after and all(event["best"] == events[at]["result"]["moves"] for event in after)
    bounds = [event["lower_bound"] for event in after]
    assert bounds == sorted(bounds) and bounds[-1] == events[-1]["result"]["moves"]
    nodes = [event["nodes"] for event in events if event["event"] == "progress"]
    assert nodes == sorted(nodes), "progress counts on across the minimal search, the beam and back"


def test_when_the_work_budget_runs_out_the_quick_answer_stays_with_what_was_proved(monkeypatch):
    monkeypatch.setattr(anytime, "AUTO_NODES", 400_000)
    quick, final = answers({"puzzle": "english-33"})
    assert final["algorithm"] == "auto: beam" and final["moves"] == quick[-1]["moves"] == 27
    assert final["stopped"] == "nodes" and not final["minimal"]
    assert quick[-1]["lower_bound"] <= final["lower_bound"] < 18
    assert "work budget" in final["note"] and f"fewer than {final['lower_bound']} moves" in final["note"]
    board = board_by_id("english-33")
    assert_every_answer_solves(board.jumps, board.size, [final])


def test_a_state_budget_of_the_request_replaces_the_work_budget(monkeypatch):
    monkeypatch.setattr(anytime, "AUTO_NODES", 1)   # would stop at once, were it used
    monkeypatch.setattr(anytime, "HEAD_START_NODES", 0)
    quick, final = answers({"puzzle": "triangle-21-regular", "max_states": 20_000})   # past the first progress
    assert quick and final["stopped"] == "max_states" and final["moves"] == quick[-1]["moves"]


def test_the_budget_counts_work_so_a_paused_interleaved_job_gets_the_same_answer(monkeypatch):
    """Issue 24: auto's limit was 10 s of wall-clock, so a job run in slices with pauses got a weaker answer."""
    monkeypatch.setattr(anytime, "AUTO_NODES", 600_000)
    straight = api.answer({"puzzle": "english-33"})["result"]
    jobs = [api.Job(json.dumps({"puzzle": "english-33"})), api.Job(json.dumps({"puzzle": "triangle-21"}))]
    finals = {}
    while not all(job.done for job in jobs):
        for number, job in enumerate(jobs):
            if not job.done:
                for event in job.run_for(0.02):
                    if event["event"] == "result":
                        finals[number] = event["result"]
                time.sleep(0.01)   # paused, as between the page's slices on a busy machine
    sliced = finals[0]
    assert (sliced["moves"], sliced["lower_bound"], sliced["stopped"]) == (
        straight["moves"], straight["lower_bound"], straight["stopped"])
    assert sliced["stats"]["nodes"] == pytest.approx(straight["stats"]["nodes"], rel=0.02)


def test_a_cancelled_job_hands_back_its_quick_answer_with_the_bound_proved_since():
    job = api.Job({"puzzle": "english-33"})
    while job.best is None:
        job.run_for(0.05)
    for _ in range(20):
        job.run_for(0.05)
    kept = job.cancel()["result"]
    assert kept["moves"] == 27 and kept["stopped"] == "cancelled" and not kept["minimal"]
    assert kept["lower_bound"] >= job.best["lower_bound"] and kept["stats"]["nodes"] >= job.best["stats"]["nodes"]
    assert job.done and job.best_answer() is None and job.run_for(0.01) == []


@pytest.mark.slow
def test_the_english_board_answers_27_moves_at_once_then_18_proved_minimal():
    started = time.process_time()
    events = iter(api.run({"command": "solve", "puzzle": "english-33"}))
    quick = next(event for event in events if event["event"] != "progress")
    assert quick["event"] == "improved" and quick["result"]["moves"] == 27
    assert time.process_time() - started < 3, "the quick answer comes at once"
    final = [event for event in events if event["event"] == "result"][-1]["result"]
    assert final["moves"] == 18 and final["minimal"] and final["algorithm"] == "auto: minimal"
    board = board_by_id("english-33")
    assert_every_answer_solves(board.jumps, board.size, [quick["result"], final])


MASKS = [("ooo/ooo/ooo", "square-diagonal"), ("oooo/oooo/oooo", "square"), ("ooooo/ooooo", "square"),
         ("o/oo/ooo/oooo/ooooo", "triangular"), ("ooo/ooo/ooo/ooo", "square"), ("ooooo/ooooo/ooooo", "square")]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(MASKS), st.data())
def test_on_small_boards_every_answer_solves_none_grows_and_the_last_has_the_fewest_moves(monkeypatch, board, data):
    """With no head start the quick answer always comes first; the final one is the fewest moves (brute force)."""
    monkeypatch.setattr(anytime, "HEAD_START_NODES", 0)
    mask, lattice = board
    geometry = board_from_mask(mask, lattice)
    empty = data.draw(st.integers(0, geometry.size - 1))
    finish = data.draw(st.sampled_from(["any", empty]))
    request = {"command": "solve", "family": "peg", "mask": mask, "lattice": lattice, "empty": str(empty),
               "finish": str(finish)}
    events = list(api.run(request))
    start = ((1 << geometry.size) - 1) & ~(1 << empty)
    reference = peg_reference(geometry.size, list(geometry.jumps), start, None if finish == "any" else 1 << empty)
    if reference.moves is None:   # refused (no jump lands in the finish hole) or answered impossible
        assert events[-1]["event"] == "error" or events[-1]["result"]["solvable"] is False
        assert not any(event["event"] == "improved" for event in events)
        return
    quick = [event["result"] for event in events if event["event"] == "improved"]
    final = events[-1]["result"]
    lengths = [answer["moves"] for answer in [*quick, final]]
    assert lengths == sorted(lengths, reverse=True)
    assert final["minimal"] and final["moves"] == reference.moves
    assert_every_answer_solves(geometry.jumps, geometry.size, [*quick, final])
