"""The peg service through pzl.api: the articles' figures, replayed solutions, instant impossibility, analysis."""

from __future__ import annotations

import time

import pytest

from pzl import api
from pzl.peg import describe
from pzl.peg.board import Move
from pzl.peg.catalog import SPECS, board_by_id
from pzl.peg.service import chain_continuations
from tests.peg.article_tables import HOPPERS, TRIANGLE_21, jumps
from tools.peg_replay import assert_solves, replay

ARTICLE_JUMPS = {"hoppers": jumps(HOPPERS), "triangle-21": jumps(TRIANGLE_21)}


def solve(**request):
    final = api.answer({"command": "solve", **request})
    assert final["event"] == "result", final
    return final["result"]


def analyse(**request):
    final = api.answer({"command": "analyse", **request})
    assert final["event"] == "result", final
    return final["result"]


def error(**request):
    final = api.answer(request)
    assert final["event"] == "error", final
    return final["message"]


def board_jumps(puzzle):
    return ARTICLE_JUMPS.get(puzzle) or board_by_id(puzzle).jumps


def assert_replays(result):
    board = board_by_id(result["puzzle"])
    assert_solves(board_jumps(result["puzzle"]), board.size, result["empty"], result["finish"], result["solution"])
    assert result["moves"] == len(result["solution"])
    assert result["jumps"] == sum(len(move) - 1 for move in result["solution"])


def test_hoppers_centre_game_takes_7_moves_and_11_jumps():
    result = solve(puzzle="hoppers")
    assert (result["solvable"], result["moves"], result["jumps"], result["minimal"]) == (True, 7, 11, True)
    assert_replays(result)


def test_hoppers_has_72_minimal_solutions_all_legal_and_distinct():
    result = solve(puzzle="hoppers", all=True, max_solutions=100)
    assert result["count"] == 72 and len(result["solutions"]) == 72
    assert len({str(solution) for solution in result["solutions"]}) == 72
    board = board_by_id("hoppers")
    for solution in result["solutions"]:
        assert len(solution) == 7
        assert_solves(board_jumps("hoppers"), board.size, [6], 6, solution)


def test_hoppers_with_first_jump_0_to_6_has_18_minimal_solutions():
    result = solve(puzzle="hoppers", first="0-6", all=True)
    assert (result["moves"], result["count"], len(result["solutions"])) == (7, 18, 18)
    assert all(solution[0][:2] == [0, 6] for solution in result["solutions"])
    assert_replays(result)


def test_solution_list_is_capped_but_the_count_is_exact():
    result = solve(puzzle="hoppers", all=True, max_solutions=5)
    assert result["count"] == 72 and len(result["solutions"]) == 5


def test_modified_triangle_takes_12_moves_with_192_minimal_solutions():
    started = time.perf_counter()
    result = solve(puzzle="triangle-21", all=True, max_solutions=0)
    assert (result["moves"], result["jumps"], result["count"], result["minimal"]) == (12, 19, 192, True)
    assert result["solutions"] == []
    assert_replays(result)
    assert time.perf_counter() - started < 10  # the article's plain iterative deepening took 9 min 40 s


def test_modified_triangle_with_first_jump_14_to_6_has_96_minimal_solutions():
    result = solve(puzzle="triangle-21", first="14-6", all=True, max_solutions=3)
    assert (result["moves"], result["count"]) == (12, 96)
    for solution in result["solutions"]:
        assert_solves(board_jumps("triangle-21"), 21, [6], 6, solution)


def test_french_central_game_is_impossible_at_once_with_the_reason():
    started = time.perf_counter()
    result = solve(puzzle="french-37", empty="18", finish="18")
    assert time.perf_counter() - started < 1
    assert result["solvable"] is False and result["solution"] is None
    assert "position classes" in result["reason"] and "parity" in result["reason"]
    assert result["stats"]["nodes"] == 0


def test_impossible_task_with_all_counts_zero_solutions():
    result = solve(puzzle="french-37", empty="18", finish="18", all=True)
    assert (result["count"], result["solutions"]) == (0, [])


def test_english_central_game_gets_a_solution_quickly():
    started = time.perf_counter()
    result = solve(puzzle="english-33", algorithm="fast")
    assert result["solvable"] is True and result["minimal"] is False
    assert_replays(result)
    assert time.perf_counter() - started < 30


@pytest.fixture
def small_budget(monkeypatch):
    """auto's search for fewer moves cut to a fraction of a second (the quick answer stays on the big boards)."""
    from pzl.peg import anytime

    monkeypatch.setattr(anytime, "AUTO_NODES", 300_000)


def test_french_default_task_is_solved_by_auto_without_a_proof(small_budget):
    result = solve(puzzle="french-37")
    assert (result["empty"], result["finish"]) == ([5], 31)
    assert result["solvable"] is True and result["minimal"] is False and result["algorithm"] == "auto: beam"
    assert result["stopped"] == "nodes" and 0 < result["lower_bound"] < result["moves"]
    assert_replays(result)


def test_auto_falls_back_to_the_fast_solver_when_the_minimal_search_hits_its_limit():
    result = solve(puzzle="triangle-21", max_states=6_000)
    assert result["algorithm"] == "auto: minimal, then beam"
    assert result["solvable"] is True and result["minimal"] is False and result["stats"]["states"] <= 6_000
    assert_replays(result)
    result = solve(puzzle="triangle-21", max_states=100)   # the beam's layers would not fit: depth-first, capped
    assert result["algorithm"] == "auto: minimal, then depth-first" and result["stopped"] == "max_states"
    assert result["solvable"] is None and result["stats"]["states"] == 100


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_every_catalog_default_task_is_solved_with_legal_moves(spec, small_budget):
    result = solve(puzzle=spec.id)
    assert (result["empty"], result["finish"]) == (list(spec.empty), spec.finish)
    assert result["solvable"] is True
    assert_replays(result)


def test_beam_algorithm_with_a_fixed_first_jump_starts_with_it():
    result = solve(puzzle="english-33", algorithm="beam", first="4-16")
    assert result["solution"][0][:2] == [4, 16]
    assert_replays(result)


@pytest.mark.parametrize("puzzle", ["triangle-10", "triangle-15"])
def test_small_triangle_default_task_is_solved_minimally(puzzle):
    result = solve(puzzle=puzzle)
    assert result["solvable"] is True and result["minimal"] is True and result["finish"] == "any"
    assert_replays(result)


def test_finish_pattern_is_reached_exactly():
    result = solve(puzzle="hoppers", finish="pattern:2,6")
    assert result["solvable"] is True and result["finish"] == [2, 6]
    assert_replays(result)


def test_fast_algorithm_with_a_fixed_first_jump_starts_with_it():
    result = solve(puzzle="triangle-21", algorithm="fast", first="14-6")
    assert result["solution"][0][:2] == [14, 6] and result["minimal"] is False
    assert_replays(result)


def test_custom_mask_board_is_solved():
    result = solve(family="peg", mask="o/oo/ooo/oooo/ooooo", lattice="triangular", empty="0", finish="any")
    assert result["puzzle"] == "custom" and result["solvable"] is True
    board = api.answer({"command": "solve", "family": "peg", "mask": "o/oo/ooo/oooo/ooooo", "lattice": "triangular"})
    assert board["event"] == "result"
    assert_solves(board_by_id("triangle-15").jumps, 15, [0], "any", result["solution"])


def test_already_finished_start_needs_no_moves():
    result = solve(puzzle="hoppers", empty=",".join(str(h) for h in range(13) if h != 6))
    assert (result["solvable"], result["moves"], result["solution"]) == (True, 0, [])


def test_result_follows_the_json_contract():
    result = solve(puzzle="hoppers", all=True)
    for key in ("puzzle", "empty", "finish", "solvable", "moves", "jumps", "solution", "count", "solutions",
                "minimal", "algorithm", "stats"):
        assert key in result
    assert set(result["stats"]) >= {"nodes", "states", "seconds"}


def test_solve_yields_progress_before_the_result():
    kinds = [event["event"] for event in api.run({"command": "solve", "puzzle": "triangle-21", "all": True})]
    assert kinds[-1] == "result" and "progress" in kinds[:-1]


def test_unknown_algorithm_is_an_error():
    assert "unknown algorithm" in error(command="solve", puzzle="hoppers", algorithm="magic")


def test_longest_is_not_a_peg_command():
    assert "solve" in error(command="longest", puzzle="hoppers")


def test_bad_first_jump_comes_back_as_an_error_event():
    assert "not a jump" in error(command="solve", puzzle="hoppers", first="0-12")


def test_analyse_start_gives_the_minimal_moves_and_a_next_move_that_keeps_them():
    start = set(range(13)) - {6}
    result = analyse(puzzle="hoppers", pegs=sorted(start))
    assert (result["solvable"], result["moves"], result["minimal"]) == (True, 7, True)
    after = replay(board_jumps("hoppers"), start, [result["next"]])
    assert analyse(puzzle="hoppers", pegs=sorted(after))["moves"] == 6


def test_analyse_reports_a_dead_end():
    result = analyse(puzzle="hoppers", pegs="1,2,4,5,6,7,8,10,11,12")
    assert result["solvable"] is False and result["next"] is None and result["reason"]


def test_analyse_reports_a_class_dead_end_instantly():
    board = board_by_id("french-37")
    result = analyse(puzzle="french-37", pegs=",".join(str(h) for h in range(board.size) if h != 18), finish="18")
    assert result["solvable"] is False and "position classes" in result["reason"]


def test_analyse_accepts_a_full_position_as_digits():
    result = analyse(puzzle="hoppers", pegs="1111110111111")
    assert result["pegs"] == [h for h in range(13) if h != 6] and result["moves"] == 7


def test_analyse_of_the_finish_says_finished():
    result = analyse(puzzle="hoppers", pegs="6")
    assert result["finished"] is True and result["moves"] == 0


def test_analyse_rejects_pegs_outside_the_board():
    assert "hole 40 is not on the board" in error(command="analyse", puzzle="hoppers", pegs="0,40")


def test_describe_shows_each_move_with_the_jumped_holes():
    text = describe("solve", solve(puzzle="hoppers", first="0-6"))
    assert "7 moves (11 jumps), proved minimal" in text
    assert "  1. 0 → 6  (over 3)" in text


def test_describe_explains_an_impossible_task():
    text = describe("solve", solve(puzzle="french-37", empty="18", finish="18"))
    assert text.splitlines()[1].startswith("Impossible: position classes")


def test_analyse_on_a_big_board_finds_a_next_move_without_a_proof():
    started = time.perf_counter()
    board = board_by_id("english-33")
    start = set(range(board.size)) - {16}
    result = analyse(puzzle="english-33", pegs=sorted(start))
    assert time.perf_counter() - started < 10
    assert (result["solvable"], result["minimal"], result["method"]) == (True, False, "beam")
    replay(board.jumps, start, [result["next"]])


def test_analyse_says_position_not_start_in_its_reasons():
    board = board_by_id("english-33")
    result = analyse(puzzle="english-33", pegs=",".join(str(h) for h in range(board.size) if h not in (16, 32)))
    assert result["solvable"] is False and "The position has" in result["reason"]


def test_custom_board_result_carries_its_geometry_for_drawing():
    result = solve(family="peg", mask="ooooo", empty="0", finish="any")
    assert result["board"]["holes"] == [[x, 0] for x in range(5)] and result["board"]["lattice"] == "square"
    assert [2, 1, 0] in result["board"]["jumps"]


def test_catalog_board_result_does_not_repeat_the_catalog_geometry():
    assert "board" not in solve(puzzle="hoppers")


MID_MOVE = [0, 3, 4, 5, 7, 8, 10, 11, 12]  # Hoppers after 0→6, 9→3 and 2→0: the peg in 0 may go on to 6


def test_analyse_counts_a_fresh_move_without_last():
    result = analyse(puzzle="hoppers", pegs=MID_MOVE)
    assert (result["moves"], result["minimal"]) == (5, True) and "continues" not in result


def test_analyse_with_last_lets_the_moving_peg_continue_for_free():
    result = analyse(puzzle="hoppers", pegs=MID_MOVE, last=0)
    assert (result["moves"], result["minimal"], result["continues"], result["next"]) == (4, True, True, [0, 6])
    after = replay(board_jumps("hoppers"), set(MID_MOVE), [result["next"]])
    assert analyse(puzzle="hoppers", pegs=sorted(after))["moves"] == 4
    assert "continue the last move: 0 → 6" in describe("analyse", result)


def test_analyse_with_last_on_an_empty_hole_is_refused():
    assert "last:" in error(command="analyse", puzzle="hoppers", pegs=MID_MOVE, last=6)


def test_chain_continuations_follow_every_further_jump_of_one_peg():
    board = board_by_id("hoppers")
    position = sum(1 << hole for hole in MID_MOVE)
    continuations = chain_continuations(board, position, 0)
    assert [chain for chain, _ in continuations] == [Move((0, 6)), Move((0, 6, 2))]
    for chain, after in continuations:
        assert sorted(replay(board.jumps, set(MID_MOVE), [chain])) == [h for h in range(13) if after >> h & 1]
    assert chain_continuations(board, position, 8) == []
