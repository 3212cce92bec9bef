"""The sliding family through pzl.api: the JSON contract, algorithms, limits, progress and errors."""

from __future__ import annotations

import pytest

from pzl import api
from pzl.errors import SearchLimitError
from pzl.sliding import describe
from pzl.sliding.catalog import entry
from pzl.sliding.plan import plan
from pzl.sliding.space import auto_algorithm, estimated_states
from pzl.sliding.task import from_request
from tools.sliding_replay import assert_replays


def auto_choice(request, all_solutions):
    puzzle = from_request(request)
    return auto_algorithm(puzzle, all_solutions, estimated_states(puzzle))


def answer(**fields):
    return api.answer({"command": "solve", **fields})


def test_solve_result_follows_the_json_contract():
    result = answer(puzzle="8-puzzle", all=True, max_solutions=3)["result"]
    assert {"puzzle", "start", "goal", "solvable", "moves", "solution", "count", "solutions", "algorithm",
            "stats"} <= set(result)
    assert set(result["stats"]) == {"nodes", "states", "seconds"}
    assert len(result["solutions"]) == 3 and result["count"] == 40
    assert all(isinstance(position, str) for position in result["solution"])


def test_longest_result_follows_the_json_contract():
    result = api.answer({"command": "longest", "puzzle": "no-off"})["result"]
    assert {"puzzle", "goal", "states", "longest", "positions", "histogram"} <= set(result)


def test_options_arrive_as_strings_from_the_cli_and_links():
    result = answer(puzzle="8-puzzle", algorithm="bfs", all="true", max_solutions="2")["result"]
    assert result["count"] == 40 and len(result["solutions"]) == 2


def test_the_state_budget_stops_breadth_first_search_and_suggests_ida():
    final = answer(puzzle="8-puzzle", algorithm="bfs", max_states=20_000)
    assert final["event"] == "error" and final["error"] == "SearchLimitError"
    assert "20,000" in final["message"] and "ida" in final["message"]


def test_the_state_budget_also_bounds_the_longest_sweep():
    final = api.answer({"command": "longest", "puzzle": "8-puzzle", "max_states": 50_000})
    assert final["error"] == "SearchLimitError"


def test_unknown_algorithms_and_commands_are_refused_by_name():
    assert "unknown algorithm 'dfs'" in answer(puzzle="8-puzzle", algorithm="dfs")["message"]
    assert "analyse" in api.answer({"command": "analyse", "puzzle": "8-puzzle"})["message"]


def test_a_solve_requests_options_are_read_in_one_order_the_first_bad_one_named():
    bad = {"algorithm": "dfs", "all": "maybe", "max_states": "-1", "max_solutions": "x", "metric": "hops",
           "bound": "gut"}
    named = ("unknown algorithm 'dfs'", "all must be true or false", "max-states must not be negative",
             "max-solutions must be a whole number", "unknown metric 'hops'", "unknown bound 'gut'")
    for first, words in enumerate(named):
        assert words in answer(puzzle="8-puzzle", **{"all": True, **dict(list(bad.items())[first:])})["message"]


def test_the_plan_decides_the_kernel_words_each_caps_stop_and_refuses_what_cannot_fit():
    request = {"command": "solve", "puzzle": "8-puzzle", "algorithm": "bfs", "max_states": 5000}
    spend = plan(from_request(request), request).budget
    assert spend.kernel == "shortest" and spend.cap is not None and spend.cap.limit == 5000
    assert spend.cap.what == "breadth-first search" and "ida" in spend.cap.alternatives
    assert spend.cap.advice.endswith("a larger state budget (0: no cap of pzl's own, only the memory).")
    request = {"command": "solve", "puzzle": "15-puzzle", "algorithm": "bfs"}
    with pytest.raises(SearchLimitError, match="a floor, from the start's lower bound of 36 moves"):
        plan(from_request(request), request)   # refused by the plan: the runner only runs
    request = {"command": "solve", "puzzle": "8-puzzle", "algorithm": "ida"}
    spend = plan(from_request(request), request).budget
    assert spend.kernel == "ida-tiles" and spend.check is None and spend.cap is None   # parity settled it


def test_bidirectional_search_refuses_a_partial_goal_with_a_reason():
    final = answer(puzzle="hakoiri-musume", algorithm="bidirectional")
    assert final["event"] == "error" and "complete goal" in final["message"]


def test_auto_uses_breadth_first_up_to_two_million_positions_and_ida_beyond():
    assert auto_choice({"puzzle": "9-puzzle"}, all_solutions=False) == "bidirectional"
    assert auto_choice({"puzzle": "8-puzzle"}, all_solutions=True) == "ida"
    assert auto_choice({"puzzle": "symbols"}, all_solutions=True) == "bfs"
    assert auto_choice({"puzzle": "hakoiri-musume"}, all_solutions=False) == "bfs"
    assert auto_choice({"puzzle": "15-puzzle"}, all_solutions=False) == "ida"
    assert auto_choice({"board": "3x4", "start": "1 2 3 4 5 6 7 8 9 10 0 11"}, all_solutions=False) == "ida"


def test_fifteen_puzzle_default_start_is_solved_optimally_by_auto():
    result = answer(puzzle="15-puzzle")["result"]
    assert (result["algorithm"], result["moves"]) == ("ida", 44)
    assert_replays(entry("15-puzzle"), result["solution"], entry("15-puzzle")["start"], entry("15-puzzle")["goal"])


def test_custom_boards_solve_through_the_api():
    result = answer(family="sliding", board="3x4", start="1 2 3 4 5 6 7 8 9 10 0 11")["result"]
    assert result["moves"] == 1 and result["puzzle"] == "3x4"


def test_a_custom_board_with_an_odd_permutation_is_refused_by_parity():
    result = answer(family="sliding", board="2x3", start="2 1 3 4 5 0")["result"]
    assert result["solvable"] is False and "tiles 1 and 2 are swapped" in result["reason"]


def test_iddfs_on_an_unreachable_goal_reports_it_instead_of_searching_forever():
    result = answer(puzzle="no-off", start="N O O F L L F 0", algorithm="iddfs")["result"]
    assert result["solvable"] is False


def test_longest_sweep_reports_progress_every_few_thousand_positions():
    events = list(api.run({"command": "longest", "puzzle": "8-puzzle"}))
    progress = [event for event in events if event["event"] == "progress"]
    assert len(progress) >= 181_440 // 5000
    assert events[-1]["event"] == "result"


@pytest.mark.parametrize("algorithm", ["bfs", "bidirectional", "ida"])
def test_every_search_reports_nodes_states_and_seconds(algorithm):
    stats = answer(puzzle="symbols", algorithm=algorithm)["result"]["stats"]
    assert stats["nodes"] > 0 and stats["states"] > 0 and stats["seconds"] >= 0


def test_describe_prints_moves_positions_and_counts():
    result = answer(puzzle="8-puzzle", all=True)["result"]
    text = describe("solve", result)
    assert "31 moves" in text and "40 distinct shortest solutions" in text and "8 6 7 2 5 4 3 0 1" in text
    longest = describe("longest", api.answer({"command": "longest", "puzzle": "no-off"})["result"])
    assert "56 moves" in longest and "540 positions" in longest


def test_a_goal_that_fixes_some_tiles_only_is_met_by_bfs_and_ida_alike():
    goal = "1 2 3 * * * * * *"
    lengths = set()
    for algorithm in ("bfs", "ida"):
        result = answer(puzzle="8-puzzle", goal=goal, algorithm=algorithm)["result"]
        assert_replays(entry("8-puzzle"), result["solution"], entry("8-puzzle")["start"], goal)
        lengths.add(result["moves"])
    assert len(lengths) == 1 and lengths.pop() < 31


def test_catalog_gives_the_page_shapes_names_and_glyphs_of_special_pieces():
    assert entry("no-off")["pieces"]["L"] == {"shape": [[0, 0], [0, 1]], "name": "bulb", "glyph": "💡"}
    assert entry("hakoiri-musume")["pieces"]["M"]["shape"] == [[0, 0], [0, 1], [1, 0], [1, 1]]


def test_numbered_tiles_with_two_blanks_are_solved_alike_by_every_algorithm():
    start, goal = "7 0 3 4 5 6 1 2 0", "1 2 3 4 5 6 7 0 0"
    lengths = set()
    for algorithm in ("bfs", "bidirectional", "ida"):
        result = answer(puzzle="8-puzzle", start=start, goal=goal, algorithm=algorithm)["result"]
        assert_replays(entry("8-puzzle"), result["solution"], start, goal)
        lengths.add(result["moves"])
    assert len(lengths) == 1


def test_longest_from_a_custom_complete_goal_needs_no_start():
    result = api.answer({"command": "longest", "puzzle": "8-puzzle", "goal": "1 2 3 4 5 6 7 0 0"})["result"]
    assert result["states"] == 181_440 and result["goal"] == "1 2 3 4 5 6 7 0 0"


@pytest.mark.parametrize("puzzle", ["8-puzzle", "no-off"])
def test_longest_progress_only_grows_and_ends_at_the_totals(puzzle):
    """`states` counts distinct positions found and `depth` the farthest distance found: never more, never back."""
    events = list(api.run({"command": "longest", "puzzle": puzzle}))
    progress = [event for event in events if event["event"] == "progress"]
    result = events[-1]["result"]
    for key in ("nodes", "states", "seconds", "depth"):
        values = [event[key] for event in progress]
        assert values == sorted(values), key
    assert (progress[-1]["states"], progress[-1]["depth"]) == (result["states"], result["longest"])


def test_a_depth_first_search_after_its_reachability_check_counts_on_and_says_what_runs():
    """Convention: nodes and seconds never go back across phases; a phase is named; depth-first `states` is labelled."""
    events = list(api.run({"command": "solve", "puzzle": "symbols", "algorithm": "ida"}))
    progress = [event for event in events if event["event"] == "progress"]
    for key in ("nodes", "seconds"):
        values = [event[key] for event in progress]
        assert values == sorted(values), key
    phases = [event.get("phase") for event in progress]
    assert phases[0] == "reachability check" and phases[-1] is None
    assert all(event.get("search") == "depth-first" for event in progress if event.get("phase") is None)
    breadth_first = [event for event in api.run({"command": "solve", "puzzle": "8-puzzle", "algorithm": "bfs"})
                     if event["event"] == "progress"]
    assert not any("search" in event or "phase" in event for event in breadth_first)
