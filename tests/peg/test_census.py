"""The census against an independent brute force on small boards, with and without symmetry, and published figures.

The brute force here shares nothing with pzl's census but the board's jump list: positions are
frozensets of holes, levels are plain sets, classes are orbits found by applying every symmetry,
and counts come from memoised recursion over single jumps.
"""

from __future__ import annotations

from functools import cache

import pytest

from pzl.peg.catalog import board_by_id
from pzl.peg.engines.census import census, symmetries_of
from pzl.peg.mask import board_from_mask
from pzl.search.problem import run_to_end

BOARDS = {
    "triangle-10": lambda: board_by_id("triangle-10"),
    "hoppers": lambda: board_by_id("hoppers"),
    "triangle-15": lambda: board_by_id("triangle-15"),
    "square-3x4": lambda: board_from_mask("oooo/oooo/oooo"),
    "no symmetry": lambda: board_from_mask("ooo../oooo./.oooo/..oo."),  # 13 holes, only the identity
    "diagonal-3x4": lambda: board_from_mask("oooo/oooo/oooo", "square-diagonal"),
    "hexagon-7": lambda: board_from_mask(" o o/o o o/ o o", "triangular"),  # 12 symmetries
}


class BruteForce:
    """Everything about a task by exhaustive recursion over single jumps."""

    def __init__(self, board, empty: int, finish: int | None) -> None:
        self.jumps = list(board.jumps)
        self.start = frozenset(range(board.size)) - {empty}
        self.finish = finish
        fixed = [self.start] + ([frozenset({finish})] if finish is not None else [])
        self.symmetries = [perm for perm in board.symmetries
                           if all(frozenset(perm[h] for h in mask) == mask for mask in fixed)]
        self.can_finish = cache(self._can_finish)  # memoised per instance
        self.solutions = cache(self._solutions)
        self.fewest = cache(self._fewest)

    def moves_from(self, position: frozenset) -> list[tuple[int, int, frozenset]]:
        return [(a, c, (position - {a, b}) | {c}) for a, b, c in self.jumps
                if a in position and b in position and c not in position]

    def finished(self, position: frozenset) -> bool:
        return len(position) == 1 and (self.finish is None or self.finish in position)

    def levels(self) -> list[set[frozenset]]:
        levels = [{self.start}]
        while True:
            following = {after for position in levels[-1] for _, _, after in self.moves_from(position)}
            if not following:
                return levels
            levels.append(following)

    def classes(self, positions: set[frozenset]) -> int:
        return len({min(tuple(sorted(perm[h] for h in position)) for perm in self.symmetries)
                    for position in positions})

    def _can_finish(self, position: frozenset) -> bool:
        return self.finished(position) or any(self.can_finish(after) for _, _, after in self.moves_from(position))

    def _solutions(self, position: frozenset) -> int:
        if self.finished(position):
            return 1
        return sum(self.solutions(after) for _, _, after in self.moves_from(position))

    def _fewest(self, position: frozenset, last: int | None) -> tuple[float, int]:
        """(fewest moves to finish from here when the previous jump landed in `last`, how many sequences)."""
        if self.finished(position):
            return 0, 1
        best, count = float("inf"), 0
        for a, c, after in self.moves_from(position):
            moves, ways = self.fewest(after, c)
            moves += a != last
            if moves < best:
                best, count = moves, ways
            elif moves == best:
                count += ways
        return best, count

    def fewest_moves_to_each(self) -> dict[frozenset, int]:
        """Fewest moves from the start to every reachable position (states: position, last landing hole)."""
        best: dict[tuple[frozenset, int | None], int] = {(self.start, None): 0}
        frontier = [(self.start, None)]
        while frontier:
            following = {}
            for position, last in frontier:
                for a, c, after in self.moves_from(position):
                    cost = best[(position, last)] + (a != last)
                    if cost < following.get((after, c), 99):
                        following[(after, c)] = cost
            best.update(following)
            frontier = list(following)
        fewest: dict[frozenset, int] = {}
        for (position, _), cost in best.items():
            fewest[position] = min(cost, fewest.get(position, 99))
        return fewest


def tasks():
    for name, make in BOARDS.items():
        board = make()
        yield name, board, 0, None
        for empty in sorted({0, board.size // 2, board.size - 1}):
            yield name, board, empty, empty


@pytest.mark.parametrize(("name", "board", "empty", "finish"), list(tasks()),
                         ids=[f"{n}-{e}-{f}" for n, _, e, f in tasks()])
def test_census_agrees_with_brute_force(name, board, empty, finish):
    brute = BruteForce(board, empty, finish)
    outcome, events = run_to_end(census(board, board.full ^ (1 << empty), None if finish is None else 1 << finish))
    assert outcome.complete and events
    levels = brute.levels()
    assert [row.positions for row in outcome.by_jumps] == [len(level) for level in levels]
    assert [row.classes for row in outcome.by_jumps] == [brute.classes(level) for level in levels]
    assert [row.can_finish for row in outcome.by_jumps] == [
        brute.classes({p for p in level if brute.can_finish(p)}) for level in levels]
    assert outcome.symmetries == len(brute.symmetries)
    assert outcome.solutions == brute.solutions(brute.start)
    moves, ways = brute.fewest(brute.start, None)
    if ways:
        assert (outcome.minimal_moves, outcome.minimal_solutions) == (moves, ways)
    else:
        assert outcome.minimal_moves is None and outcome.solutions == 0
    fewest = brute.fewest_moves_to_each()
    histogram = [0] * (max(fewest.values()) + 1)
    for level in levels:
        seen = set()
        for position in level:
            key = min(tuple(sorted(perm[h] for h in position)) for perm in brute.symmetries)
            if key not in seen:
                seen.add(key)
                histogram[fewest[position]] += 1
    assert outcome.by_moves == histogram
    if finish is None and outcome.finishes:
        for item in outcome.finishes[:2]:
            brute_one = BruteForce(board, empty, item.hole)
            assert item.solutions == brute_one.solutions(brute_one.start)
            assert (item.moves, item.minimal_solutions) == brute_one.fewest(brute_one.start, None)


def test_the_boards_cover_symmetric_and_asymmetric_cases():
    orders = {name: len(symmetries_of(make(), make().full, None)) for name, make in BOARDS.items()}
    assert orders["no symmetry"] == 1
    assert orders["hoppers"] == 8 and orders["triangle-15"] == 6 and orders["square-3x4"] == 4
    assert orders["hexagon-7"] == 12


def test_triangle_15_matches_published_solution_counts():
    """Durango Bill's table for the 15-hole triangle: solutions from each start, and to the start hole."""
    board = board_by_id("triangle-15")
    for empty, total, back_home in ((0, 29_760, 6_816), (1, 14_880, 720), (3, 85_258, 51_452), (4, 1_550, 0)):
        outcome, _ = run_to_end(census(board, board.full ^ (1 << empty), None))
        assert outcome.solutions == total
        home = [item.solutions for item in outcome.finishes if item.hole == empty]
        assert (home[0] if home else 0) == back_home


def test_hoppers_centre_game_has_72_minimal_solutions_of_7_moves():
    board = board_by_id("hoppers")
    outcome, _ = run_to_end(census(board, board.full ^ (1 << 6), 1 << 6))
    assert (outcome.minimal_moves, outcome.minimal_solutions) == (7, 72)


def test_english_first_levels_match_oeis_a112737_and_a_budget_gives_a_partial_table():
    board = board_by_id("english-33")
    outcome, events = run_to_end(census(board, board.full ^ (1 << 16), 1 << 16, max_states=100_000))
    assert not outcome.complete and outcome.stopped == "max_states" and "state budget" in outcome.reason
    classes = [row.classes for row in outcome.by_jumps]
    assert len(classes) >= 9 and classes == [1, 1, 2, 8, 39, 171, 719, 2757, 9751, 31312][:len(classes)]
    assert all(row.can_finish is None for row in outcome.by_jumps)
    assert outcome.solutions is None
    assert {event["phase"] for event in events} == {"positions"}
    nodes = [event["nodes"] for event in events]
    assert nodes == sorted(nodes)
