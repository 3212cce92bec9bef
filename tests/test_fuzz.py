"""The fuzzers, bounded to a few seconds each: valid small requests cross-checked against independent
oracles, malformed requests that must end in a readable error, and a sample through the CLI.

The long run is `python bench/fuzz.py --minutes 10` (same generators and checks, a table at the end).
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.peg.catalog import board_by_id
from pzl.peg.mask import board_from_mask
from tests.test_cli import ROOT
from tools.fuzz_cases import (
    check,
    cli_arguments,
    edge_board_case,
    edge_request,
    malformed_request,
    option_case,
    peg_case,
    peg_jumps,
    peg_reference,
    sliding_case,
)


def assert_right(case, budget: float = 10.0) -> None:
    if case is None:
        return
    outcome = check(case, budget=budget)
    assert not outcome.problems, f"{str(case.request)[:500]} ({case.note}): {outcome.problems}"


@pytest.mark.slow
@given(st.randoms(use_true_random=False))
@settings(max_examples=40)
def test_valid_sliding_requests_agree_with_breadth_first_search(rng):
    assert_right(sliding_case(rng))


@pytest.mark.slow
@given(st.randoms(use_true_random=False))
@settings(max_examples=25)
def test_valid_peg_requests_agree_with_brute_force(rng):
    assert_right(peg_case(rng))


@pytest.mark.slow
@given(st.randoms(use_true_random=False))
@settings(max_examples=150)
def test_malformed_requests_end_in_a_readable_error_never_an_exception(rng):
    assert_right(malformed_request(rng), budget=3.0)


@pytest.mark.slow
@given(st.randoms(use_true_random=False))
@settings(max_examples=100)
def test_edge_case_requests_end_in_a_readable_answer(rng):
    assert_right(edge_request(rng), budget=3.0)


@pytest.mark.slow
@given(st.randoms(use_true_random=False))
@settings(max_examples=150, deadline=None)
def test_every_option_is_honoured_or_refused_by_name_as_the_tables_say(rng):
    assert_right(option_case(rng), budget=5.0)


@pytest.mark.slow
@given(st.randoms(use_true_random=False))
@settings(max_examples=80, deadline=None)
def test_edge_boards_are_answered_rightly_never_with_an_internal_error(rng):
    assert_right(edge_board_case(rng), budget=5.0)


@pytest.mark.parametrize(("mask", "lattice"), [("ooo/ooo/ooo", "square"), ("oooo/oooo/oo.o", "square-diagonal"),
                                               ("o/oo/ooo/oooo/ooooo", "triangular")])
def test_the_oracles_jump_tables_are_the_boards(mask, lattice):
    holes, jumps = peg_jumps(mask, lattice)
    board = board_from_mask(mask, lattice)
    assert holes == board.size and sorted(jumps) == sorted(board.jumps)


def test_the_peg_oracle_finds_hoppers_published_figures():
    board = board_by_id("hoppers")   # the articles: 7 moves, 72 minimal solutions from hole 6 to hole 6
    reference = peg_reference(board.size, list(board.jumps), board.full & ~(1 << 6), 1 << 6)
    assert (reference.moves, reference.count) == (7, 72)


@pytest.mark.slow
def test_a_sample_of_random_command_lines_exits_0_or_2_without_traceback():
    import random

    rng = random.Random(10)
    for _ in range(6):
        args = cli_arguments(rng)
        try:
            run = subprocess.run([sys.executable, "-m", "pzl", *args], cwd=ROOT, capture_output=True, text=True,
                                 timeout=60, check=False)
        except subprocess.TimeoutExpired:
            continue   # a long (legitimate) search: not what this test is about
        assert run.returncode in (0, 2), (args, run.stderr[-2000:])
        assert "Traceback" not in run.stderr, (args, run.stderr[-2000:])
