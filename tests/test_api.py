"""The api turns every request into events and never raises at its caller."""

from __future__ import annotations

import json

import pytest

from pzl import api
from pzl.events import SCHEMA_VERSION


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
    phases = [event.get("phase") for event in events if event["event"] == "progress"
              and "iteration" not in event]   # a finished pass is kept too: the growth chart's data
    assert phases[0] == "reachability check" and phases[-1] is None
    assert phases.count("reachability check") == 1  # the phase's latest (with the search's before each kept pass)
    passes = [event["iteration"] for event in events if "iteration" in event]
    assert passes and [threshold for threshold, _ in passes] == sorted({threshold for threshold, _ in passes})


def test_cancelled_job_is_done_and_produces_nothing_more():
    job = api.Job({"command": "solve", "puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1", "algorithm": "bfs"})
    job.run_for(0.001)
    job.cancel()
    assert job.done
    assert job.run_for(0.01) == []


# ------------------------------------------------------------------ hostile requests (issue 10): never an exception
def final_of_job(request) -> dict:
    job = api.Job(request)
    events = job.run_for(5)
    assert job.done
    return events[-1]


def test_deeply_nested_json_text_is_refused_not_raised():
    final = final_of_job("[" * 100_000 + "]" * 100_000)
    assert final["event"] == "error" and final["error"] != "InternalError"


def test_deeply_nested_values_in_a_request_are_refused_by_shape():
    value: object = 1
    for _ in range(10_000):
        value = [value]
    final = api.answer({"command": "solve", "puzzle": "8-puzzle", "start": value})
    assert final["event"] == "error" and "levels deep" in final["message"]


@pytest.mark.parametrize("text", ['{"command": "solve", "puzzle": "8-puzzle", "max_states": Infinity}',
                                  '{"command": "solve", "puzzle": "8-puzzle", "max_states": 1e400}',
                                  '{"command": "solve", "puzzle": "8-puzzle", "max_states": NaN}',
                                  '{"command": "solve", "puzzle": "hoppers", "max_solutions": -Infinity, "all": true}'])
def test_non_finite_numbers_are_refused_by_name(text):
    final = final_of_job(text)
    assert final["event"] == "error" and final["error"] == "PuzzleError" and "whole number" in final["message"]


def test_a_huge_text_field_is_refused_and_not_echoed():
    final = api.answer({"command": "solve", "puzzle": "8-puzzle", "start": "1 " * 1_000_000})
    assert final["event"] == "error" and len(final["message"]) < 300


def test_a_hostile_value_is_quoted_briefly_in_the_message():
    final = api.answer({"command": "solve", "puzzle": "x" * 50_000})
    assert final["event"] == "error" and len(final["message"]) < 2_000


@pytest.mark.parametrize(("request_fields", "named"), [
    ({"puzzle": "8-puzzle", "empty": 3}, "empty is an option of peg solitaire, not of sliding puzzles"),
    ({"puzzle": "hoppers", "start": "1 2 0"}, "start is an option of sliding puzzles"),
    ({"puzzle": "8-puzzle", "algoritm": "ida"}, "unknown option 'algoritm'"),
    ({"puzzle": "8-puzzle", "start": ""}, "the start is empty"),
    ({"puzzle": "8-puzzle", "start": []}, "the start is empty"),
    ({"puzzle": "8-puzzle", "goal": -0.0}, "the goal must be a text of labels"),
    ({"puzzle": "8-puzzle", "start": False}, "the start must be a text of labels"),
    ({"family": "sliding", "board": "3x3", "puzzle": "8-puzzle"}, "not both"),
    ({"family": "chess", "puzzle": "8-puzzle"}, "unknown puzzle family"),
    ({"puzzle": "8-puzzle", "all": "perhaps"}, "all must be true or false"),
    ({"puzzle": "8-puzzle", "algorithm": ["ida"]}, "unknown algorithm"),
])
def test_misplaced_unknown_or_unreadable_options_are_refused_by_name(request_fields, named):
    final = api.answer({"command": "solve", **request_fields})
    assert final["event"] == "error" and final["error"] != "InternalError"
    assert named in final["message"]


def test_a_request_with_non_text_keys_is_refused():
    final = api.answer({"command": "solve", "puzzle": "8-puzzle", 3: "x"})  # type: ignore[dict-item]
    assert final["event"] == "error" and "keys must be text" in final["message"]


def test_a_limit_stop_is_an_error_event_with_stopped_and_what_was_reached():
    final = api.answer({"command": "solve", "puzzle": "8-puzzle", "algorithm": "bfs", "max_states": 10_000})
    assert final["error"] == "SearchLimitError"
    assert {"stopped", "states", "lower_bound", "alternatives"} <= final.keys()


def test_a_slice_keeps_the_end_of_a_short_phase_and_every_warning():
    job = api.Job({"command": "solve", "puzzle": "symbols", "algorithm": "ida"})
    seen = []
    while not job.done:
        seen.extend(job.run_for(10.0))
    phases = [event.get("phase") for event in seen if event["event"] == "progress"]
    assert "reachability check" in phases and phases[-1] is None, "the check's last word, then the search's"
    nodes = [event["nodes"] for event in seen if event["event"] == "progress"]
    assert nodes == sorted(nodes)
    job = api.Job({"command": "solve", "puzzle": "9-puzzle", "algorithm": "iddfs"})   # warned: ~50 minutes
    slices = [job.run_for(0.2) for _ in range(5)]   # the warning comes after a 0.2 s reachability check
    job.cancel()
    assert sum(bool(event.get("warning")) for events in slices for event in events) == 1


def test_a_drawn_board_names_its_family():
    sliding = api.answer({"command": "solve", "board": "2x3", "start": "1 2 3 4 0 5"})
    assert sliding["event"] == "result" and sliding["result"]["moves"] == 1
    peg = api.answer({"command": "solve", "mask": "ooo/ooo/ooo", "empty": [4]})
    assert peg["event"] == "result" and peg["result"]["solvable"] is False
    both = api.answer({"command": "solve", "board": "3x3", "mask": "ooo"})
    assert both["event"] == "error" and "give one of them" in both["message"]


def scripted(monkeypatch, stream, endless=False):
    """Make every request yield `stream` (a list of events), then (`endless`) its last event again and again:
    to test how jobs slice and keep events."""
    def run(request):
        yield from (dict(event) for event in stream)
        while endless:
            yield dict(stream[-1])
    monkeypatch.setattr(api, "run", run)


def progress(nodes, **fields):
    return {"event": "progress", "nodes": nodes, "states": 0, "seconds": nodes / 1000, "depth": None, **fields}


ANSWER = {"moves": 27, "minimal": False, "lower_bound": 11, "stats": {"nodes": 10, "states": 5, "seconds": 0.01}}
STREAM = [progress(10), {"event": "improved", "result": {**ANSWER, "moves": 30}}, progress(20, best=30),
          {"event": "improved", "result": ANSWER}, progress(30, best=27, lower_bound=14),
          {"event": "result", "result": {**ANSWER, "moves": 18, "minimal": True}}]


def test_answer_is_the_final_result_not_a_better_answer_on_the_way(monkeypatch):
    scripted(monkeypatch, STREAM)
    assert api.answer({"puzzle": "x"})["result"]["moves"] == 18


def test_a_slice_keeps_the_latest_better_answer_only(monkeypatch):
    scripted(monkeypatch, STREAM)
    job = api.Job({"puzzle": "x"})
    events = job.run_for(60)
    assert [event["event"] for event in events] == ["improved", "progress", "result"]
    assert events[0]["result"]["moves"] == 27 and job.done


def test_a_cancelled_job_hands_back_its_best_answer_with_the_work_and_the_bound_since(monkeypatch):
    scripted(monkeypatch, STREAM[:5], endless=True)
    job = api.Job({"puzzle": "x"})
    assert job.best_answer() is None   # nothing run yet
    job.run_for(0.05)
    kept = job.cancel()
    assert kept == {"event": "result", "result": {**ANSWER, "stopped": "cancelled", "lower_bound": 14,
                                                   "stats": {"nodes": 30, "states": 5, "seconds": 0.03},
                                                   "schema_version": SCHEMA_VERSION}}
    assert job.done and job.best_answer() is None


def test_a_job_that_answered_hands_back_nothing_on_cancel(monkeypatch):
    scripted(monkeypatch, STREAM)
    job = api.Job({"puzzle": "x"})
    job.run_for(60)
    assert job.cancel() is None
