"""Fewest moves as the books count them: whole-piece moves (81 for Hakoiri Musume) and straight slides (90)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from pzl import api
from pzl.sliding.blocks import BlockProblem
from pzl.sliding.board import DIRECTIONS
from pzl.sliding.catalog import entry
from pzl.sliding.position import EMPTY, decompose
from pzl.sliding.service import problem_for
from pzl.sliding.task import from_request
from tools.sliding_replay import whole_slides


def naive_step(board, instances: list, before: tuple, after: tuple) -> tuple:
    """Which piece one unit step moved, which way, and the cells it covers afterwards (every piece and way tried)."""
    left = {cell for cell, (was, now) in enumerate(zip(before, after, strict=True)) if was != now and was != EMPTY}
    for index, cells in enumerate(instances):
        if not cells & left:
            continue
        code = before[next(iter(cells))]
        for direction in DIRECTIONS:
            moved = [board.neighbour(cell, direction) for cell in cells]
            if None in moved:
                continue
            target = frozenset(moved)
            if (all(before[cell] == EMPTY and after[cell] == code for cell in target - cells)
                    and all(after[cell] == EMPTY for cell in cells - target)):
                return index, direction, target
    raise AssertionError("consecutive positions differ by more than one piece moved one cell")


def naive_neighbours(puzzle, state, straight: bool) -> set:
    """One piece moved by any number of one-cell steps (of the same piece; in one direction for `straight`)."""
    unit = problem_for(puzzle)
    found = decompose([puzzle.labels[code] for code in state], puzzle.board, puzzle.pieces, "state")
    shapes = [frozenset(cells) for _, cells in found]
    reached = set()
    for piece in range(len(shapes)):
        frontier = [(state, shapes[:], None)]
        seen = {state}
        while frontier:
            position, instances, direction = frontier.pop()
            packed = unit.codec.pack(position) if hasattr(unit, "codec") else unit.encode(position)
            for after in map(unit.decode, unit.successors(packed)):
                mover, way, moved = naive_step(puzzle.board, instances, position, after)
                if mover != piece or after in seen or (straight and direction not in (None, way)):
                    continue
                seen.add(after)
                reached.add(after)
                following = instances[:]
                following[mover] = moved
                frontier.append((after, following, way))
    return reached - {state}


@pytest.mark.parametrize("puzzle_id", ["no-off", "hakoiri-musume"])
@pytest.mark.parametrize("metric", ["piece", "straight"])
def test_coarse_moves_are_exactly_one_piece_moved_by_one_cell_steps(puzzle_id: str, metric: str):
    puzzle = from_request({"puzzle": puzzle_id})
    coarse = BlockProblem(puzzle, metric)
    rng = random.Random(12)
    state = puzzle.start
    for _ in range(40):  # states along a random walk
        moves = [coarse.decode(after) for after in coarse.successors(coarse.encode(state))]
        assert len(moves) == len(set(moves))  # each once
        assert set(moves) == naive_neighbours(puzzle, state, straight=metric == "straight")
        state = rng.choice(moves)


@pytest.mark.parametrize(("metric", "moves"), [("piece", 81), ("straight", 90), ("step", 116)])
def test_hakoiri_musume_in_the_books_counts(metric: str, moves: int):
    result = api.answer({"command": "solve", "puzzle": "hakoiri-musume", "metric": metric})["result"]
    assert result["solvable"] is True and result["moves"] == moves
    assert result["metric"] == metric
    assert result[f"{metric}_moves"] == moves   # the answer also counts its solution in the other two


def test_sliding_blocks_are_counted_as_the_books_count_unless_asked_otherwise():
    result = api.answer({"command": "solve", "puzzle": "hakoiri-musume"})["result"]
    assert (result["metric"], result["moves"]) == ("piece", 81)
    tiles = api.answer({"command": "solve", "puzzle": "8-puzzle"})["result"]
    assert tiles["metric"] == "step"


def test_a_move_count_must_have_a_known_name():
    unknown = api.answer({"command": "solve", "puzzle": "no-off", "metric": "hops"})
    assert unknown["event"] == "error" and "step, piece, straight" in unknown["message"]


def test_a_whole_slide_solution_replays_move_by_move_under_the_tests_own_rule():
    """Each move of the 81 is one piece's whole slide by the independent rule in tools/sliding_replay.py."""
    item = entry("hakoiri-musume")
    cells = [tuple(cell) for cell in item["cells"]]
    shapes = {label: [tuple(offset) for offset in data["shape"]] for label, data in item["pieces"].items()}
    result = api.answer({"command": "solve", "puzzle": "hakoiri-musume", "metric": "piece"})["result"]
    positions = [tuple(text.split()) for text in result["solution"]]
    assert len(positions) == 82
    for before, after in pairwise(positions):
        assert after in whole_slides(cells, shapes, before)
