"""`max_states` has one meaning in both families, the memory budget caps every search, and requests that
cannot finish are refused up front with the estimate and what to try instead (issue 10)."""

from __future__ import annotations

import math

import pytest

from pzl import api
from pzl.search import limits


def events_of(**request) -> list[dict]:
    return list(api.run({"command": "solve", **request}))


def answer(**request) -> dict:
    return api.answer({"command": "solve", **request})


@pytest.fixture
def small_memory(monkeypatch):
    """A machine with 4 MB to spare: the memory, not max_states, caps the searches."""
    monkeypatch.setattr(limits, "memory_budget", lambda: 4_000_000)


def test_longest_fifteen_puzzle_without_a_cap_of_its_own_is_refused_at_once_with_the_estimate():
    every = list(api.run({"command": "longest", "puzzle": "15-puzzle", "max_states": 0}))
    assert len(every) == 1, "refused before any search step"
    final = every[0]
    assert final["event"] == "error" and final["stopped"] == "memory"
    assert final["estimate"]["states"] == math.factorial(16) // 2
    assert "10,461,394,944,000 positions" in final["message"] and "TB" in final["message"]
    assert "--" not in final["message"], "Python messages carry no CLI flags"


def test_longest_beyond_the_state_budget_is_refused_up_front_naming_the_budget():
    final = api.answer({"command": "longest", "puzzle": "15-puzzle"})
    assert final["stopped"] == "max_states" and "state budget of 6,000,000" in final["message"]


def test_zero_means_no_cap_of_pzls_own_in_both_families():
    sliding = answer(puzzle="8-puzzle", algorithm="bfs", max_states=0)["result"]
    assert sliding["moves"] == 31 and sliding["stats"]["states"] == 181_440
    peg = answer(puzzle="triangle-21", algorithm="minimal", max_states=0)["result"]
    assert peg["solvable"] is True and peg["minimal"] is True and peg["moves"] == 12


def test_a_positive_cap_stops_breadth_first_search_with_what_it_reached():
    final = answer(puzzle="8-puzzle", algorithm="bfs", max_states=20_000)
    assert final["error"] == "SearchLimitError" and final["stopped"] == "max_states"
    assert 19_000 < final["states"] <= 20_000 and final["lower_bound"] >= 10   # a hard cap: never more
    assert "ida" in final["alternatives"] and "state budget is 20,000" in final["message"]


def test_a_breadth_first_search_sure_to_overflow_is_refused_up_front_with_a_floor():
    every = events_of(puzzle="15-puzzle", algorithm="bfs")
    assert len(every) == 1, "refused before any search step"
    final = every[0]
    assert final["stopped"] == "max_states" and final["estimate"]["states"] > 10**9
    assert "lower bound of 36 moves" in final["message"] and "ida" in final["alternatives"]


def test_the_floor_stays_below_what_breadth_first_search_really_stores():
    from pzl.sliding.effort import breadth_floor
    from pzl.sliding.service import problem_for
    from pzl.sliding.space import estimated_states
    from pzl.sliding.task import from_request

    for request, stored in (({"puzzle": "8-puzzle"}, 181_440), ({"puzzle": "9-puzzle"}, 1_780_414),
                            ({"puzzle": "symbols"}, 90_720)):
        puzzle = from_request(request)
        assert breadth_floor(puzzle, problem_for(puzzle), "bfs", estimated_states(puzzle))[0] <= stored
    eight = from_request({"puzzle": "8-puzzle"})
    assert breadth_floor(eight, problem_for(eight), "bidirectional", estimated_states(eight))[0] <= 16_088


def test_bidirectional_stops_report_a_proved_lower_bound():
    final = answer(puzzle="8-puzzle", algorithm="bidirectional", max_states=2_000)
    assert final["stopped"] == "max_states" and 10 <= final["lower_bound"] <= 31


def test_the_memory_caps_a_search_without_a_cap_of_its_own(small_memory):
    final = answer(puzzle="8-puzzle", algorithm="bfs", max_states=0)
    assert final["stopped"] == "memory" and "fits in 4.0 MB" in final["message"]
    fits = 4_000_000 * limits.USABLE_SHARE // limits.bytes_per_state("shortest")
    assert fits / 2 < final["states"] <= fits   # stopped where the next layer's slides might not fit


def test_the_memory_also_bounds_a_cap_larger_than_it(small_memory):
    assert answer(puzzle="8-puzzle", algorithm="bfs", max_states=10**12)["stopped"] == "memory"
    peg = answer(puzzle="english-33", algorithm="minimal", max_states=0)["result"]
    assert peg["solvable"] is None and peg["stopped"] == "memory" and peg["lower_bound"] >= 1


def test_a_peg_state_budget_stop_says_so_with_the_lower_bound():
    result = answer(puzzle="triangle-21", algorithm="minimal", max_states=100)["result"]
    assert result["solvable"] is None and result["stopped"] == "max_states" and result["lower_bound"] >= 1


def test_the_page_budget_is_two_gigabytes_and_wasm_states_are_smaller(monkeypatch):
    monkeypatch.setattr("sys.platform", "emscripten")
    assert limits.in_browser() and limits.memory_budget() == limits.PAGE_BUDGET == 2 * 10**9
    native, wasm = limits.BYTES_PER_STATE["sweep"]
    assert limits.bytes_per_state("sweep") == wasm < native


def test_the_cli_budget_is_the_available_memory_with_a_fallback(monkeypatch):
    assert limits.memory_budget() > 0
    monkeypatch.setattr(limits, "_available_memory", lambda: None)
    assert limits.memory_budget() == limits.FALLBACK_BUDGET


def test_block_states_grow_with_the_board():
    assert limits.bytes_per_state("bfs-blocks", 20) > limits.bytes_per_state("bfs-blocks", 10)
    assert limits.bytes_per_state("shortest", 20) == limits.bytes_per_state("shortest", 10)


@pytest.mark.parametrize("value", [True, 2.7, "2.7", math.inf, -math.inf, math.nan, "Infinity", -1, "lots", [5], {}])
def test_a_state_budget_that_is_not_a_whole_number_is_refused_by_name(value):
    for puzzle in ("8-puzzle", "hoppers"):
        final = answer(puzzle=puzzle, max_states=value)
        assert final["event"] == "error" and final["error"] == "PuzzleError", final
        assert "max-states" in final["message"]


def test_huge_numbers_from_json_are_refused_not_overflowing():
    job = api.Job('{"command": "solve", "puzzle": "8-puzzle", "max_states": 1e400}')
    final = job.run_for(5)[-1]
    assert final["event"] == "error" and final["error"] == "PuzzleError" and "Infinity" in final["message"]


# -------------------------------------------------------------------- depth-first searches that cannot finish
@pytest.mark.parametrize(("request_fields", "stopped"), [
    ({"puzzle": "15-puzzle", "algorithm": "iddfs"}, "nodes"),
    ({"puzzle": "hakoiri-musume", "algorithm": "iddfs"}, "nodes"),
    ({"puzzle": "hakoiri-musume", "algorithm": "ida"}, "nodes"),
    ({"family": "sliding", "board": "8x8", "algorithm": "ida",   # numbered tiles: the big-board refusal
      "start": " ".join(map(str, [62, 63, *range(61, 0, -1), 0]))}, "nodes"),   # solvable: even permutation
    ({"family": "sliding", "board": "8x8", "algorithm": "ida",   # rows of equal tiles upside down: 256+ moves
      "goal": " ".join(str(1 + cell // 8) for cell in range(63)) + " 0",
      "start": "0 " + " ".join(str(8 - cell // 8) for cell in range(1, 64))}, "max_depth"),
])
def test_hopeless_depth_first_searches_are_refused_up_front(request_fields, stopped):
    every = events_of(**request_fields)
    final = every[-1]
    assert final["event"] == "error" and final["stopped"] == stopped, final
    assert all(event["nodes"] < 10**7 for event in every[:-1]), "refused before the search ran"
    if request_fields.get("board") == "8x8" and stopped == "nodes":   # numbered tiles: the fast solver answers
        assert final["lower_bound"] > 60 and final["alternatives"] == ["fast"]
    elif stopped == "nodes":
        assert final["estimate"]["nodes"] > 10**9 and "nodes" in final["message"]
    assert final["alternatives"] or "nearer" in final["message"]


def test_a_merely_slow_depth_first_search_runs_with_a_warning(monkeypatch):
    from pzl.sliding import effort

    monkeypatch.setattr(effort, "WARN_SECONDS", 0.0)   # any search is "slow" now
    every = events_of(puzzle="8-puzzle", start="0 1 3 4 2 5 7 8 6", algorithm="iddfs")
    warnings = [event for event in every if event.get("warning")]
    assert len(warnings) == 1 and "iddfs would expand about" in warnings[0]["warning"]
    assert every[-1]["result"]["moves"] == 4 and every[-1]["result"]["warning"] == warnings[0]["warning"]


def test_the_nine_puzzle_by_iddfs_is_warned_about_not_refused():
    search = api.run({"command": "solve", "puzzle": "9-puzzle", "algorithm": "iddfs"})
    warned = next(event for event in search if event["event"] != "progress" or event.get("warning"))
    search.close()
    assert "warning" in warned and "about" in warned["warning"] and "minutes" in warned["warning"]


def test_progress_never_goes_back_across_the_reachability_check_and_the_search():
    every = events_of(puzzle="symbols", algorithm="ida")
    nodes = [event["nodes"] for event in every if event["event"] == "progress"]
    assert nodes == sorted(nodes)


@pytest.mark.parametrize("request_", [
    {"puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1", "algorithm": "bidirectional", "max_states": 1_000},
    {"puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1", "algorithm": "astar", "max_states": 50},
    {"puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1", "algorithm": "bfs", "max_states": 5_000},
    {"puzzle": "hakoiri-musume", "algorithm": "bfs", "max_states": 300},
    {"puzzle": "hakoiri-musume", "metric": "piece", "max_states": 300},
    {"command": "longest", "puzzle": "hakoiri-musume", "max_states": 1_000},
    {"command": "longest", "family": "sliding", "board": "3x3", "max_states": 1_000_000},
])
def test_a_sliding_search_never_stores_more_than_its_cap(request_):
    final = api.answer({**request_, "max_states": request_["max_states"]})
    held = final["states"] if final["event"] == "error" else final["result"]["stats"]["states"]
    assert held <= request_["max_states"]
