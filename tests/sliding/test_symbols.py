"""The symbol puzzle (seed 004): interchangeable duplicates, 30 moves, 14,560 bidirectional states, 6 hardest."""

from __future__ import annotations

from pzl import api
from pzl.sliding.catalog import entry
from pzl.sliding.task import from_request
from tools.sliding_replay import assert_replays

START, GOAL = "┘ │ └ ─ 0 ─ ┐ │ ┌", "┌ ─ ┐ │ 0 │ └ ─ ┘"
# the article's six hardest positions, in its numbering 1 ┌ 2 ─ 3 ┐ 4 │ 5 └ 6 ┘
HARDEST = ["6 2 5 4 0 2 3 4 1", "6 2 5 2 0 4 3 4 1", "6 2 5 4 0 4 3 2 1",
           "6 4 5 4 0 2 3 2 1", "6 4 5 2 0 4 3 2 1", "6 4 5 2 0 2 3 4 1"]


def solve(**fields):
    return api.answer({"command": "solve", "puzzle": "symbols", **fields})["result"]


def test_symbol_puzzle_needs_30_moves_and_bidirectional_search_stores_14560_states():
    result = solve(algorithm="bidirectional")
    assert (result["moves"], result["stats"]["states"]) == (30, 14_560)
    assert_replays(entry("symbols"), result["solution"], START, GOAL)


def test_symbol_puzzle_bfs_and_ida_agree_on_30_moves():
    for algorithm in ("bfs", "ida"):
        result = solve(algorithm=algorithm)
        assert result["moves"] == 30, algorithm
        assert_replays(entry("symbols"), result["solution"], START, GOAL)


def test_every_one_of_the_90720_arrangements_is_reachable_and_six_need_30_moves():
    result = api.answer({"command": "longest", "puzzle": "symbols"})["result"]
    assert (result["states"], result["longest"]) == (90_720, 30)
    as_glyphs = sorted(from_request({"puzzle": "symbols", "start": text}).text(
        from_request({"puzzle": "symbols", "start": text}).start) for text in HARDEST)
    assert sorted(result["positions"]) == as_glyphs
