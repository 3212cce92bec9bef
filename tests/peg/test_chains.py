"""Moves in bulk (pzl.peg.engines.chains) against a plain walk over every chain of jumps, one position at a time."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.peg.bounds import PagodaTest, distance_pagoda
from pzl.peg.catalog import board_by_id
from pzl.peg.engines.bulk import BulkBoard
from pzl.peg.engines.chains import Chains
from pzl.peg.mask import board_from_mask
from pzl.search.problem import run_to_end

BOARDS = [board_by_id("english-33"), board_by_id("triangle-21"), board_by_id("hoppers")]
BIG = board_from_mask("/".join(["ooooooooo"] * 9), "triangular")  # 81 holes: positions in two-word slots


def reference(board, frontier, reverse, alive, go_on) -> Counter:
    """Every chain from each frontier position, one jump at a time (a plain depth-first walk), stopping at
    dead positions and where the peg count says stop; each chain prefix is a move."""
    found: Counter = Counter()
    jumps = list(board.jumps)
    for position in frontier:
        if not go_on(position):
            continue
        stack = []
        for a, b, c in jumps:
            if reverse and position >> c & 1 and not position >> a & 1 and not position >> b & 1:
                stack.append((position ^ (1 << a) ^ (1 << b) ^ (1 << c), a))
            elif not reverse and position >> a & 1 and position >> b & 1 and not position >> c & 1:
                stack.append((position ^ (1 << a) ^ (1 << b) ^ (1 << c), c))
        while stack:
            current, hole = stack.pop()
            if not alive(current):
                continue
            found[current] += 1
            if not go_on(current):
                continue
            for a, b, c in jumps:
                if reverse and c == hole and not current >> a & 1 and not current >> b & 1:
                    stack.append((current ^ (1 << a) ^ (1 << b) ^ (1 << c), a))
                elif not reverse and a == hole and current >> b & 1 and not current >> c & 1:
                    stack.append((current ^ (1 << a) ^ (1 << b) ^ (1 << c), c))
    return found


def drawn_tests(data, board) -> list[PagodaTest]:
    """None to four tests: Fibonacci weights towards a hole, or any small weights (negative too, wide
    enough at times that the packed lanes overflow one word) with any least total."""
    tests = []
    for _ in range(data.draw(st.integers(0, 4))):
        if data.draw(st.booleans()):
            target = data.draw(st.integers(0, board.size - 1))
            weights = distance_pagoda(board.size, board.jumps, [target])
            tests.append(PagodaTest(weights, weights[target]))
        else:
            high = data.draw(st.sampled_from([3, 60, 5000]))
            weights = tuple(data.draw(st.lists(st.integers(-high, high), min_size=board.size, max_size=board.size)))
            tests.append(PagodaTest(weights, data.draw(st.integers(-high, 2 * high))))
    return tests


@given(data=st.data())
@settings(max_examples=40, deadline=None)
def test_bulk_moves_are_every_chain_with_its_multiplicity(data):
    board = data.draw(st.sampled_from(BOARDS))
    reverse = data.draw(st.booleans())
    frontier = data.draw(st.lists(st.integers(0, board.full), min_size=1, max_size=40))
    tests = drawn_tests(data, board)
    # backwards, chains stop a few pegs above the fullest frontier position (they branch a lot)
    limit = (max(p.bit_count() for p in frontier) + data.draw(st.integers(1, 3)) if reverse
             else data.draw(st.integers(1, 6)))
    chains = Chains(BulkBoard(board.size, board.jumps, [tuple(range(board.size))]), reverse, tests, limit)

    def go_on(position):
        return position.bit_count() < limit if reverse else position.bit_count() > limit

    def alive(position):
        judged = position ^ board.full if reverse else position  # backwards, by the empty holes
        return all(test.alive(judged) for test in tests)

    frontier = [position for position in frontier if alive(position)]  # chains never start from a dead one
    expected = reference(board, frontier, reverse, alive, go_on)
    counted, _ = run_to_end(chains.successors(frontier, [1] * len(frontier)))
    assert counted == dict(expected)
    plain, _ = run_to_end(chains.successors(frontier))
    assert plain == set(expected)


@given(data=st.data())
@settings(max_examples=40, deadline=None)
def test_added_tests_judge_like_each_test_alone(data):
    board = data.draw(st.sampled_from(BOARDS))
    reverse = data.draw(st.booleans())
    chains = Chains(BulkBoard(board.size, board.jumps, [tuple(range(board.size))]), reverse, [], 1)
    positions = data.draw(st.lists(st.integers(0, board.full), min_size=1, max_size=60))
    assert chains.living(positions) == positions
    tests = drawn_tests(data, board)
    chains.use(tests)
    judged = [position ^ board.full if reverse else position for position in positions]
    assert chains.living(positions) == [position for position, seen in zip(positions, judged, strict=True)
                                        if all(test.alive(seen) for test in tests)]


@given(data=st.data())
@settings(max_examples=10, deadline=None)
def test_bulk_moves_on_an_81_hole_board(data):
    reverse = data.draw(st.booleans())
    holes = st.lists(st.integers(0, BIG.size - 1), min_size=6, max_size=8, unique=True)
    frontier = [sum(1 << hole for hole in data.draw(holes)) for _ in range(data.draw(st.integers(1, 5)))]
    if not reverse:  # a few empty holes among many pegs
        frontier = [BIG.full ^ position for position in frontier]
    limit = BIG.size - 3 if not reverse else 11  # chains of a few jumps at most

    def go_on(position):
        return position.bit_count() < limit if reverse else position.bit_count() > limit

    chains = Chains(BulkBoard(BIG.size, BIG.jumps, [tuple(range(BIG.size))]), reverse, [], limit)
    counted, _ = run_to_end(chains.successors(frontier, [1] * len(frontier)))
    assert counted == dict(reference(BIG, frontier, reverse, lambda position: True, go_on))
