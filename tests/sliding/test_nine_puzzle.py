"""The 9-puzzle (2x5) and its variant (seed 003): 45 moves, longest 55 x2 and 52 x1, per-depth counts."""

from __future__ import annotations

import pytest

from pzl import api
from pzl.sliding.catalog import entry
from tools.sliding_replay import assert_replays

START, GOAL = "0 9 8 7 6 5 4 3 2 1", "1 2 3 4 5 6 7 8 9 0"

NINE_HISTOGRAM = [1, 2, 3, 6, 11, 19, 30, 44, 68, 112, 176, 271, 411, 602, 851, 1232, 1783, 2530, 3567, 4996,
                  6838, 9279, 12463, 16597, 21848, 28227, 35682, 44464, 54597, 65966, 78433, 91725, 104896,
                  116966, 126335, 131998, 133107, 128720, 119332, 106335, 91545, 75742, 60119, 45840, 33422,
                  23223, 15140, 9094, 5073, 2605, 1224, 528, 225, 75, 20, 2]
VARIANT_HISTOGRAM = [1, 2, 3, 7, 14, 21, 30, 51, 86, 134, 199, 304, 465, 698, 1046, 1581, 2369, 3509, 5070, 7285,
                     10313, 14443, 19763, 26625, 35239, 45747, 57805, 71726, 87104, 103063, 117843, 129952, 137795,
                     140144, 136771, 127838, 115010, 99301, 82786, 66422, 51773, 39135, 27999, 19164, 12442, 7571,
                     4234, 2130, 943, 334, 96, 13, 1]


@pytest.fixture(scope="module")
def sweeps():
    return {puzzle: api.answer({"command": "longest", "puzzle": puzzle})["result"]
            for puzzle in ("9-puzzle", "9-puzzle-variant")}


@pytest.mark.parametrize("puzzle", ["9-puzzle", "9-puzzle-variant"])
def test_nine_puzzle_start_needs_45_moves(puzzle):
    result = api.answer({"command": "solve", "puzzle": puzzle})["result"]
    assert result["moves"] == 45
    assert_replays(entry(puzzle), result["solution"], START, GOAL)


@pytest.mark.slow   # the two full sweeps (the module's fixture) take ~8 s
def test_nine_puzzle_has_1814400_positions_and_two_at_55_moves(sweeps):
    result = sweeps["9-puzzle"]
    assert (result["states"], result["longest"]) == (1_814_400, 55)
    assert sorted(result["positions"]) == sorted(["0 9 3 7 1 5 4 8 2 6", "0 5 3 2 1 9 4 8 7 6"])


@pytest.mark.slow   # the two full sweeps (the module's fixture) take ~8 s
def test_nine_puzzle_count_at_every_depth_matches_the_article(sweeps):
    assert sweeps["9-puzzle"]["histogram"] == NINE_HISTOGRAM


@pytest.mark.slow   # the two full sweeps (the module's fixture) take ~8 s
def test_variant_has_1814400_positions_and_one_at_52_moves(sweeps):
    result = sweeps["9-puzzle-variant"]
    assert (result["states"], result["longest"], result["positions"]) == (1_814_400, 52, ["7 6 3 9 8 2 1 5 4 0"])


@pytest.mark.slow   # the two full sweeps (the module's fixture) take ~8 s
def test_variant_count_at_every_depth_matches_the_article(sweeps):
    assert sweeps["9-puzzle-variant"]["histogram"] == VARIANT_HISTOGRAM


def test_hardest_nine_puzzle_position_is_55_moves_from_the_goal_by_search():
    result = api.answer({"command": "solve", "puzzle": "9-puzzle", "start": "0 9 3 7 1 5 4 8 2 6"})["result"]
    assert result["moves"] == 55
    assert_replays(entry("9-puzzle"), result["solution"], "0 9 3 7 1 5 4 8 2 6", GOAL)
