"""Boards up to 10x10 through pzl.api and the CLI: the fast algorithm, auto's choice and its note,
`minimal` in every sliding answer, refusals of what cannot finish, and the default goal of RxC boards."""

from __future__ import annotations

import random

import pytest

from pzl import api
from pzl.__main__ import main
from pzl.sliding import anytime, fast_reach
from pzl.sliding.engines.tiles import lower_bound
from tests.sliding.test_fast import solvable_pair
from tools.sliding_replay import assert_replays, walk


def board_entry(rows: int, cols: int) -> dict:
    return {"cells": [[r, c] for r in range(rows) for c in range(cols)]}


def text(position) -> str:
    return " ".join(map(str, position))


def solve(rows: int, cols: int, start, goal=None, **fields) -> dict:
    request = {"command": "solve", "family": "sliding", "board": f"{rows}x{cols}", "start": text(start), **fields}
    if goal is not None:
        request["goal"] = text(goal)
    return api.answer(request)


def test_fast_solves_a_random_ten_by_ten_position_and_reports_its_bound():
    start, goal = solvable_pair(10, 10, random.Random(1), standard_goal=True)
    result = solve(10, 10, start, algorithm="fast")["result"]
    assert_replays(board_entry(10, 10), result["solution"], text(start), text(goal))
    assert result["algorithm"] == "fast" and result["minimal"] is False and "note" not in result
    assert result["lower_bound"] == lower_bound(start, goal, 10, 10) < result["moves"]
    assert result["moves"] == len(result["solution"]) - 1


def test_fast_takes_any_goal_given_as_a_permutation_on_a_non_square_board():
    start, goal = solvable_pair(3, 8, random.Random(2), standard_goal=False)
    result = solve(3, 8, start, goal, algorithm="fast")["result"]
    assert_replays(board_entry(3, 8), result["solution"], text(start), text(goal))


def test_fast_answers_unsolvable_positions_by_parity_like_every_algorithm():
    goal = (*range(1, 49), 0)
    result = solve(7, 7, (2, 1, *goal[2:]), algorithm="fast")["result"]
    assert result["solvable"] is False and result["algorithm"] == "parity" and result["minimal"] is False


@pytest.fixture
def short_budget(monkeypatch):
    """auto's search for a shorter answer cut to a tenth of a second or so (the behaviour, not the figures)."""
    monkeypatch.setattr(anytime, "SHORTEN_NODES", {"linear-conflict": 200_000, "manhattan": 200_000})
    monkeypatch.setattr(anytime, "REPORT_NODES", 50_000)
    monkeypatch.setattr(anytime, "CONSTRUCTIONS", tuple((cells, min(width, 300), tried)
                                                        for cells, width, tried in anytime.CONSTRUCTIONS))


def test_auto_answers_fast_at_once_on_a_seven_by_seven_board_then_shorter(short_budget):
    start, goal = solvable_pair(7, 7, random.Random(3), standard_goal=True)
    events = list(api.run({"command": "solve", "family": "sliding", "board": "7x7", "start": text(start)}))
    improved = [event["result"] for event in events if event["event"] == "improved"]
    result = events[-1]["result"]
    assert improved[0]["algorithm"] == "auto: fast" and improved[0]["minimal"] is False
    assert result["algorithm"] == "auto: beam, shortened" and result["minimal"] is False
    assert result["stopped"] == "nodes" and "not proved shortest" in result["note"]
    lengths = [answer["moves"] for answer in [*improved, result]]
    assert lengths == sorted(lengths, reverse=True) and result["moves"] < improved[0]["moves"]
    for answer in [*improved, result]:
        assert_replays(board_entry(7, 7), answer["solution"], text(start), text(goal))
        assert answer["lower_bound"] == lower_bound(start, goal, 7, 7) < answer["moves"]


def test_auto_stays_optimal_near_the_goal_of_a_big_board():
    start = walk(10, 10, 20, seed=4)
    result = solve(10, 10, start)["result"]
    assert result["algorithm"] in ("ida", "auto: fast") and result["minimal"] is True
    assert result["moves"] <= 20


def test_auto_shortens_the_fast_answer_when_its_optimal_attempt_runs_out(monkeypatch, short_budget):
    monkeypatch.setattr(fast_reach, "AUTO_IDA_NODES", 5_000)
    start = next(position for seed in range(40) if lower_bound(
        position := walk(7, 7, 60, seed), (*range(1, 49), 0), 7, 7) in range(30, 40))
    events = list(api.run({"command": "solve", "family": "sliding", "board": "7x7", "start": text(start)}))
    result = events[-1]["result"]
    assert result["algorithm"].startswith("auto: beam") and result["stopped"] == "nodes"
    nodes = [event["nodes"] for event in events[:-1] if event["event"] == "progress"]
    assert nodes == sorted(nodes) and nodes[-1] > 5_000, "progress counts on from the optimal attempt"
    assert result["stats"]["nodes"] >= nodes[-1]
    assert result["lower_bound"] >= lower_bound(start, (*range(1, 49), 0), 7, 7), "IDA* may have raised the bound"


def test_the_fifteen_puzzle_answers_fast_then_proves_the_fewest_moves():
    events = list(api.run({"command": "solve", "puzzle": "15-puzzle",
                           "start": "15 14 1 6 9 11 4 12 0 10 7 3 13 8 5 2"}))
    [improved] = [event["result"] for event in events if event["event"] == "improved"]
    result = events[-1]["result"]
    assert improved["algorithm"] == "auto: fast" and not improved["minimal"]
    assert result["algorithm"] == "ida" and result["minimal"] and result["moves"] <= improved["moves"]


def api_puzzle(puzzle_id: str):
    from pzl.sliding.task import from_request
    return from_request({"puzzle": puzzle_id})


@pytest.mark.parametrize("algorithm", ["ida", "iddfs", "bfs", "bidirectional"])
def test_optimal_searches_that_cannot_finish_on_big_boards_are_refused_with_advice(algorithm):
    start, _ = solvable_pair(6, 6, random.Random(5), standard_goal=True)
    final = solve(6, 6, start, algorithm=algorithm)
    assert final["error"] == "SearchLimitError" and "cannot finish here" in final["message"]
    assert "6×6 board" in final["message"] and "fast algorithm" in final["message"]


def test_all_on_a_far_big_board_is_refused_and_fast_refuses_all():
    start, _ = solvable_pair(6, 6, random.Random(6), standard_goal=True)
    assert "without 'all'" in solve(6, 6, start, all=True)["message"]
    assert "not every shortest one" in solve(6, 6, start, algorithm="fast", all=True)["message"]


@pytest.mark.parametrize(("fields", "words"), [
    ({"puzzle": "symbols"}, "numbered tiles"),
    ({"puzzle": "9-puzzle-variant"}, "rectangular"),
    ({"puzzle": "hakoiri-musume"}, "numbered tiles"),
])
def test_fast_refuses_what_it_cannot_solve_with_a_reason(fields, words):
    final = api.answer({"command": "solve", "algorithm": "fast", **fields})
    assert final["event"] == "error" and words in final["message"]


def test_breadth_first_search_works_on_boards_above_64_cells():
    start = walk(10, 10, 12, seed=7)
    result = solve(10, 10, start, algorithm="bidirectional")["result"]
    assert result["minimal"] is True and result["moves"] <= 12
    assert_replays(board_entry(10, 10), result["solution"], text(start), text((*range(1, 100), 0)))


@pytest.mark.parametrize("fields", [{"puzzle": "8-puzzle"}, {"puzzle": "8-puzzle", "algorithm": "bfs"},
                                    {"puzzle": "8-puzzle", "algorithm": "ida", "all": True},
                                    {"puzzle": "no-off"}, {"puzzle": "15-puzzle", "algorithm": "ida"}])
def test_every_exact_answer_says_it_is_minimal(fields):
    assert api.answer({"command": "solve", **fields})["result"]["minimal"] is True


def test_unsolvable_answers_are_not_minimal():
    result = api.answer({"command": "solve", "puzzle": "8-puzzle", "start": "1 2 3 4 5 6 8 7 0"})["result"]
    assert result["solvable"] is False and result["minimal"] is False


def test_longest_on_a_board_uses_the_standard_goal():
    result = api.answer({"command": "longest", "family": "sliding", "board": "2x4"})["result"]
    assert result["goal"] == "1 2 3 4 5 6 7 0" and result["states"] == 20_160 and result["longest"] == 36


def test_longest_refuses_up_front_what_cannot_be_stored():
    final = api.answer({"command": "longest", "family": "sliding", "board": "5x5"})
    assert final["error"] == "SearchLimitError" and "the 5x5 board has 7,755,605,021,665,492,992,000,000" in \
        final["message"]


def test_solve_on_a_board_without_a_start_asks_for_one_and_names_the_goal():
    final = api.answer({"command": "solve", "family": "sliding", "board": "3x3"})
    assert "needs a start position" in final["message"] and "1 2 3 4 5 6 7 8 0" in final["message"]


def run_cli(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_says_whether_the_answer_is_proved_minimal(capsys, short_budget):
    start, _ = solvable_pair(7, 7, random.Random(8), standard_goal=True)
    status, out, _ = run_cli(capsys, "solve", "--board", "7x7", "--start", text(start))
    first, second = out.splitlines()[:2]
    assert status == 0 and "(not proved minimal; at least " in first
    shortened = first.endswith(", shortened)")   # by a window of the beam's answer re-solved, or by none
    assert second.startswith("note: shortened by re-solving windows of it optimally" if shortened else
                             "note: no window of it re-solved optimally was shorter")
    status, out, _ = run_cli(capsys, "solve", "8-puzzle")
    assert out.startswith("8-puzzle: 31 moves, proved minimal (bidirectional)")


def test_cli_accepts_ten_by_ten_and_longest_on_a_board(capsys):
    start, _ = solvable_pair(10, 10, random.Random(9), standard_goal=True)
    status, out, _ = run_cli(capsys, "solve", "--board", "10x10", "--start", text(start), "--algorithm", "fast")
    assert status == 0 and out.startswith("10x10: ")
    status, out, _ = run_cli(capsys, "longest", "--board", "2x3")
    assert status == 0 and "360 positions reachable from the goal 1 2 3 4 5 0" in out
