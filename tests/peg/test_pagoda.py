"""Pagoda functions and position classes: the invariants the peg searches prune with."""

from __future__ import annotations

import random

import pytest

from pzl.peg.bounds import class_masks, distance_pagoda, finish_pagodas, is_pagoda, position_class, weight
from pzl.peg.catalog import SPECS, board_by_id
from pzl.peg.engines.search_tables import weigher
from tools.peg_replay import random_jump

BOARD_IDS = [spec.id for spec in SPECS]


@pytest.mark.parametrize("board_id", BOARD_IDS)
def test_distance_pagodas_never_gain_weight_on_any_jump(board_id):
    board = board_by_id(board_id)
    rng = random.Random(board_id)
    target_sets = [[hole] for hole in range(board.size)] + [rng.sample(range(board.size), 3) for _ in range(5)]
    for targets in target_sets:
        weights = distance_pagoda(board.size, board.jumps, targets)
        for a, b, c in board.jumps:
            assert weights[c] <= weights[a] + weights[b], (targets, (a, b, c))


def test_the_pagoda_condition_is_checked_jump_by_jump():
    jumps = [(0, 1, 2), (2, 1, 0)]
    assert is_pagoda([1, 1, 2], jumps)
    assert not is_pagoda([1, 1, 3], jumps)


@pytest.mark.parametrize("board_id", ["english-33", "triangle-21", "hoppers"])
def test_no_sequence_of_jumps_raises_a_pagoda_weight(board_id):
    board = board_by_id(board_id)
    rng = random.Random(7)
    weights = distance_pagoda(board.size, board.jumps, [board.size // 2])
    for _ in range(50):
        position = board.full ^ (1 << rng.randrange(board.size))
        value = weight(weights, position)
        while (jump := random_jump(board.jumps, position, rng)) is not None:
            a, b, c = jump
            position ^= (1 << a) | (1 << b) | (1 << c)
            assert weight(weights, position) <= value
            value = weight(weights, position)


def test_finish_pagoda_keeps_the_finish_alive_and_kills_a_lone_far_peg():
    board = board_by_id("english-33")
    (test,) = finish_pagodas(board.size, board.jumps, 1 << 16)
    assert test.alive(1 << 16)
    assert not test.alive(1 << 0)  # a lone peg in a corner of an arm can never reach the centre
    assert finish_pagodas(board.size, board.jumps, None) == []


@pytest.mark.parametrize("board_id", BOARD_IDS)
def test_every_jump_line_meets_every_class_mask_in_an_even_number_of_holes(board_id):
    board = board_by_id(board_id)
    masks = class_masks(board.size, board.jumps)
    for mask in masks:
        for a, b, c in board.jumps:
            assert bin(mask & ((1 << a) | (1 << b) | (1 << c))).count("1") % 2 == 0


def test_the_english_board_has_sixteen_position_classes():
    board = board_by_id("english-33")
    assert len(class_masks(board.size, board.jumps)) == 4  # 2**4 classes


def test_the_french_central_game_changes_position_class():
    board = board_by_id("french-37")
    masks = class_masks(board.size, board.jumps)
    assert position_class(board.full ^ (1 << 18), masks) != position_class(1 << 18, masks)


def test_weigher_tables_agree_with_plain_weights():
    rng = random.Random(3)
    for size in (5, 13, 21, 33, 41):
        weights = [rng.randrange(-3, 20) for _ in range(size)]
        weigh = weigher(weights)
        for _ in range(100):
            position = rng.getrandbits(size)
            assert weigh(position) == weight(weights, position)
