"""The api turns every request into events and never raises at its caller."""

from __future__ import annotations

import json

from pzl import api


def test_a_request_that_is_not_an_object_gets_an_error_event():
    final = api.answer(["solve"])  # type: ignore[arg-type]
    assert final["event"] == "error"
    assert "JSON object" in final["message"]


def test_an_unknown_command_is_named_in_the_error():
    final = api.answer({"command": "dance", "puzzle": "8-puzzle"})
    assert final["event"] == "error"
    assert "'dance'" in final["message"]


def test_an_unknown_puzzle_lists_the_known_ones():
    final = api.answer({"command": "solve", "puzzle": "tower-of-hanoi"})
    assert final["event"] == "error"
    assert final["error"] == "CatalogError"
    assert "8-puzzle" in final["message"]


def test_a_request_without_a_puzzle_says_so():
    final = api.answer({"command": "solve"})
    assert final["event"] == "error"
    assert "names no puzzle" in final["message"]


def test_catalog_command_lists_every_entry_with_the_common_fields():
    final = api.answer({"command": "catalog"})
    assert final["event"] == "result"
    puzzles = final["result"]["puzzles"]
    assert puzzles, "the catalog is empty"
    for entry in puzzles:
        assert {"id", "family", "group", "name", "description"} <= entry.keys()
    ids = [entry["id"] for entry in puzzles]
    assert len(ids) == len(set(ids)), "catalog ids must be unique"
    json.dumps(puzzles)  # JSON-able


def test_job_with_invalid_json_ends_in_an_error_event():
    job = api.Job("{not json")
    events = job.run_for(0.05)
    assert job.done
    assert events[-1]["event"] == "error"
    assert "not valid JSON" in events[-1]["message"]


def test_job_runs_a_search_to_its_result_in_slices():
    job = api.Job(json.dumps({"command": "solve", "puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1"}))
    seen = []
    for _ in range(10_000):
        seen.extend(json.loads(job.run_for_json(0.01)))
        if job.done:
            break
    assert job.done
    assert seen[-1]["event"] == "result"
    assert seen[-1]["result"]["moves"] == 31


def test_a_phase_that_ends_within_one_slice_still_reports_its_progress():
    # iddfs first checks (breadth-first, from both ends) that the goal can be reached at all
    job = api.Job({"command": "solve", "puzzle": "symbols", "algorithm": "ida"})
    events = job.run_for(60)
    assert job.done and events[-1]["event"] == "result"
    phases = [event.get("phase") for event in events if event["event"] == "progress"]
    assert phases[0] == "reachability check" and phases[-1] is None
    assert len(phases) == 2  # one per phase: the latest of each


def test_cancelled_job_is_done_and_produces_nothing_more():
    job = api.Job({"command": "solve", "puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1", "algorithm": "bfs"})
    job.run_for(0.001)
    job.cancel()
    assert job.done
    assert job.run_for(0.01) == []
