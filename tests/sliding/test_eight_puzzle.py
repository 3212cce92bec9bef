"""The 8-puzzle figures of seed 001: 31 moves, 181,440 states, 16,088 bidirectional, 40 solutions."""

from __future__ import annotations

from pzl import api
from pzl.sliding.catalog import entry
from tools.sliding_replay import assert_replays

HARDEST = "8 6 7 2 5 4 3 0 1"
GOAL = "1 2 3 4 5 6 7 8 0"


def solve(**fields):
    final = api.answer({"command": "solve", "puzzle": "8-puzzle", **fields})
    assert final["event"] == "result", final
    return final["result"]


def test_eight_puzzle_hardest_start_needs_31_moves_by_bfs():
    result = solve(algorithm="bfs")
    assert result["moves"] == 31
    assert_replays(entry("8-puzzle"), result["solution"], HARDEST, GOAL)


def test_bfs_from_the_hardest_start_stores_all_181440_states():
    assert solve(algorithm="bfs")["stats"]["states"] == 181_440


def test_bidirectional_search_stores_16088_states_and_finds_31_moves():
    result = solve(algorithm="bidirectional")
    assert (result["moves"], result["stats"]["states"]) == (31, 16_088)
    assert_replays(entry("8-puzzle"), result["solution"], HARDEST, GOAL)


def test_hardest_start_has_40_distinct_shortest_solutions():
    result = solve(algorithm="bfs", all=True)
    assert result["count"] == 40
    assert len({tuple(path) for path in result["solutions"]}) == 40
    for path in result["solutions"]:
        assert_replays(entry("8-puzzle"), path, HARDEST, GOAL)


def test_swapped_tiles_are_unsolvable_at_once_with_a_reason():
    result = solve(start="1 2 3 4 5 6 8 7 0")
    assert result["solvable"] is False
    assert "7 and 8" in result["reason"] and result["stats"]["nodes"] == 0


def test_search_yields_progress_every_few_thousand_nodes():
    kinds = [event["event"] for event in api.run({"command": "solve", "puzzle": "8-puzzle", "algorithm": "bfs"})]
    assert kinds.count("progress") >= 181_440 // 5000 and kinds[-1] == "result"


def test_longest_distance_from_the_goal_is_31_reached_by_two_positions():
    final = api.answer({"command": "longest", "puzzle": "8-puzzle"})["result"]
    assert (final["longest"], final["states"]) == (31, 181_440)
    assert sorted(final["positions"]) == sorted([HARDEST, "6 4 7 8 5 0 3 2 1"])
    assert sum(final["histogram"]) == 181_440
