"""Holes named as players write them on the English and French boards (d4, "d2-d4"), in and out."""

from __future__ import annotations

import pytest

from pzl.api import answer
from pzl.peg import numbers
from pzl.peg.catalog import board_by_id
from pzl.peg.notation import hole_named, hole_names, move_text
from pzl.peg.text import describe


def test_the_english_centre_is_d4_and_the_corners_of_the_cross_are_c1_and_a3():
    names = hole_names(board_by_id("english-33"))
    assert names[16] == "d4" and names[0] == "c1" and names[6] == "a3" and names[-1] == "e7"
    assert len(set(names)) == 33


@pytest.mark.parametrize("board_id", ["english-33", "french-37"])
def test_every_name_reads_back_as_its_hole_in_any_case(board_id: str):
    board = board_by_id(board_id)
    for hole, name in enumerate(hole_names(board)):
        assert hole_named(board, name) == hole == hole_named(board, f" {name.upper()} ")


def test_other_boards_keep_numbers():
    board = board_by_id("triangle-15")
    assert hole_names(board)[4] == "4" and hole_named(board, "d4") is None
    assert move_text(board, [3, 5, 12]) == "3 → 5 → 12"


def test_a_request_may_name_holes_and_gets_the_same_answer_as_with_numbers():
    named = answer({"command": "solve", "puzzle": "english-33", "empty": "c4", "finish": "E4",
                    "first": "e4-c4", "algorithm": "fast"})["result"]
    numbered = answer({"command": "solve", "puzzle": "english-33", "empty": "15", "finish": 17,
                       "first": "17-15", "algorithm": "fast"})["result"]
    assert named["solution"] == numbered["solution"] and named["empty"] == [15]


def test_a_bad_name_is_refused_with_what_a_name_looks_like():
    refused = answer({"command": "solve", "puzzle": "english-33", "empty": "z9"})
    assert refused["error"] == "PositionError" and "hole's name" in refused["message"]


def test_the_terminal_writes_moves_and_holes_in_letters_and_numbers_on_the_english_board():
    result = answer({"command": "solve", "puzzle": "english-33", "algorithm": "fast"})["result"]
    text = describe("solve", result)
    assert text.startswith("english-33: hole d4 empty → one peg in hole d4")
    first, over = result["solution"][0], result["over"][0]
    names = hole_names(board_by_id("english-33"))
    assert f"  1. {'-'.join(names[hole] for hole in first)}  (over {names[over[0]]})" in text


def test_the_census_names_each_finish_hole_as_players_do():
    board = board_by_id("english-33")
    pegs = {"b4", "c4", "e4", "d5", "d6"}  # five pegs left: a census of a few classes
    empty = ",".join(name for name in hole_names(board) if name not in pegs)
    result = answer({"command": "census", "puzzle": "english-33", "empty": empty, "finish": "any"})["result"]
    words = numbers.describe("census", result)
    finishes = {name for name in hole_names(board) if f"last peg in hole {name}:" in words}
    assert finishes == {hole_names(board)[item["hole"]] for item in result["finishes"]} and finishes
    assert "1 solutions" not in words and "(1 ways)" not in words


def test_the_atlas_of_a_numbered_board_keeps_numbers():
    result = answer({"command": "atlas", "puzzle": "hoppers"})["result"]
    words = numbers.describe("atlas", result)
    pair = next(pair for pair in result["pairs"] if pair["solvable"])
    assert f"{pair['start']:>5} {pair['finish']:>6} {pair['moves']:>5}" in words
