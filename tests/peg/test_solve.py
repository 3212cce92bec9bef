"""The peg search engine: the articles' figures, replayed solutions, limits, and agreement with brute force."""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from pzl.peg.board import Move
from pzl.peg.catalog import board_by_id
from pzl.peg.engines.search_fast import solve_fast
from pzl.peg.engines.solve import analyse, solve_minimal
from pzl.search.problem import run_to_end as finish_search
from tests.peg.article_tables import HOPPERS, TRIANGLE_21, jumps
from tools.peg_replay import replay


def pegs_of(mask: int) -> set[int]:
    return {hole for hole in range(mask.bit_length()) if mask >> hole & 1}


def article_board(table) -> SimpleNamespace:
    """A board given only by the article's jump table (no symmetries)."""
    return SimpleNamespace(size=len(table), jumps=jumps(table), symmetries=())


def assert_minimal_solutions(table, start: int, finish: int | None, outcome) -> None:
    """Every listed solution is legal by the article's table, ends on the finish, has the minimal length."""
    for solution in [outcome.path, *outcome.paths]:
        assert all(type(move) is Move for move in solution)
        final = replay(jumps(table), pegs_of(start), solution)
        assert final == pegs_of(finish) if finish is not None else len(final) == 1
        assert len(solution) == outcome.moves
        assert sum(len(move) - 1 for move in solution) == outcome.jumps
        for earlier, later in pairwise(solution):
            assert earlier[-1] != later[0], "a move continuing the previous chain would be the same move"
    assert len({str(solution) for solution in outcome.paths}) == len(outcome.paths)


CENTRE_HOPPERS = (((1 << 13) - 1) ^ (1 << 6), 1 << 6)
CENTRE_TRIANGLE = (((1 << 21) - 1) ^ (1 << 6), 1 << 6)


# ----------------------------------------------------------------- the articles' figures
def test_hoppers_takes_7_moves_of_11_jumps_with_18_solutions_after_0_to_6():
    outcome, _ = finish_search(solve_minimal(board_by_id("hoppers"), *CENTRE_HOPPERS, first=(0, 6),
                                             all_solutions=True))
    assert (outcome.moves, outcome.jumps, outcome.count) == (7, 11, 18)
    assert outcome.minimal and outcome.solvable and len(outcome.paths) == 18
    assert all(solution[0][:2] == (0, 6) for solution in outcome.paths)
    assert_minimal_solutions(HOPPERS, *CENTRE_HOPPERS, outcome)


HOPPERS_ARTICLE_SOLUTIONS = """
(0,6)(9,3)(2,0,6)(11,1)(10,0,2,6)(8,4)(12,2,6)
(0,6)(9,3)(2,0,6)(11,1)(10,6)(4,8)(12,2,0,10,6)
(0,6)(9,3)(2,0,6)(11,1)(12,2,6)(8,4)(10,0,2,6)
(0,6)(9,3)(2,6)(8,4)(10,0,2,6)(7,5)(12,10,0,6)
(0,6)(9,3)(2,6)(8,4)(10,0,2,6)(11,1)(12,2,0,6)
(0,6)(9,3)(2,6)(8,4)(10,0,6)(7,5)(12,10,0,2,6)
(0,6)(9,3)(2,6)(8,4)(12,2,0,6)(5,7)(10,12,2,6)
(0,6)(9,3)(2,6)(8,4)(12,2,0,6)(11,1)(10,0,2,6)
(0,6)(9,3)(2,6)(8,4)(12,2,6)(5,7)(10,12,2,0,6)
(0,6)(9,3)(10,0,6)(7,5)(2,0,10,6)(4,8)(12,10,6)
(0,6)(9,3)(10,0,6)(7,5)(2,6)(8,4)(12,10,0,2,6)
(0,6)(9,3)(10,0,6)(7,5)(12,10,6)(4,8)(2,0,10,6)
(0,6)(9,3)(10,6)(4,8)(2,0,6)(11,1)(12,2,0,10,6)
(0,6)(9,3)(10,6)(4,8)(2,0,10,6)(7,5)(12,10,0,6)
(0,6)(9,3)(10,6)(4,8)(2,0,10,6)(11,1)(12,2,0,6)
(0,6)(9,3)(10,6)(4,8)(12,10,0,6)(1,11)(2,12,10,6)
(0,6)(9,3)(10,6)(4,8)(12,10,0,6)(7,5)(2,0,10,6)
(0,6)(9,3)(10,6)(4,8)(12,10,6)(1,11)(2,12,10,0,6)
"""  # seed 000's listing of the 18 solutions after 0 -> 6


def test_hoppers_solutions_after_0_to_6_are_exactly_the_articles_list():
    outcome, _ = finish_search(solve_minimal(board_by_id("hoppers"), *CENTRE_HOPPERS, first=(0, 6),
                                             all_solutions=True))
    listed = {"".join("(" + ",".join(map(str, move)) + ")" for move in solution) for solution in outcome.paths}
    assert listed == set(HOPPERS_ARTICLE_SOLUTIONS.split())


def test_hoppers_has_72_minimal_solutions_in_all():
    outcome, _ = finish_search(solve_minimal(board_by_id("hoppers"), *CENTRE_HOPPERS, all_solutions=True))
    assert (outcome.moves, outcome.jumps, outcome.count) == (7, 11, 72)
    assert len(outcome.paths) == 72
    assert_minimal_solutions(HOPPERS, *CENTRE_HOPPERS, outcome)


def test_hoppers_count_is_the_same_without_symmetry():
    outcome, _ = finish_search(solve_minimal(article_board(HOPPERS), *CENTRE_HOPPERS, all_solutions=True))
    assert (outcome.moves, outcome.count) == (7, 72)


def test_modified_triangle_takes_12_moves_of_19_jumps_with_96_solutions_after_14_to_6():
    outcome, _ = finish_search(solve_minimal(board_by_id("triangle-21"), *CENTRE_TRIANGLE, first=(14, 6),
                                             all_solutions=True))
    assert (outcome.moves, outcome.jumps, outcome.count) == (12, 19, 96)
    assert len(outcome.paths) == 96 and all(solution[0][:2] == (14, 6) for solution in outcome.paths)
    assert_minimal_solutions(TRIANGLE_21, *CENTRE_TRIANGLE, outcome)


def test_modified_triangle_has_192_minimal_solutions_in_all():
    outcome, _ = finish_search(solve_minimal(board_by_id("triangle-21"), *CENTRE_TRIANGLE, all_solutions=True,
                                             max_solutions=30))
    assert (outcome.moves, outcome.jumps, outcome.count) == (12, 19, 192)
    assert len(outcome.paths) == 30
    assert_minimal_solutions(TRIANGLE_21, *CENTRE_TRIANGLE, outcome)


def test_modified_triangle_from_the_article_table_alone_gives_the_same_figures():
    outcome, _ = finish_search(solve_minimal(article_board(TRIANGLE_21), *CENTRE_TRIANGLE, first=(14, 6),
                                             all_solutions=True, max_solutions=5))
    assert (outcome.moves, outcome.count) == (12, 96)
    assert_minimal_solutions(TRIANGLE_21, *CENTRE_TRIANGLE, outcome)


def test_counting_with_no_solutions_listed_still_gives_one_minimal_path():
    outcome, _ = finish_search(solve_minimal(board_by_id("triangle-21"), *CENTRE_TRIANGLE, all_solutions=True,
                                             max_solutions=0))
    assert (outcome.moves, outcome.count, outcome.paths) == (12, 192, [])
    assert_minimal_solutions(TRIANGLE_21, *CENTRE_TRIANGLE, outcome)


def test_a_first_jump_continued_by_the_same_peg_is_one_move():
    # Hoppers: after 0 over 3 to 6 nothing continues, so fix a position where it can: pegs 0, 3, 9 only.
    board = article_board(HOPPERS)
    start = (1 << 0) | (1 << 3) | (1 << 9)
    outcome, _ = finish_search(solve_minimal(board, start, 1 << 12, first=(0, 6), all_solutions=True))
    assert outcome.moves == 1 and outcome.path == [Move((0, 6, 12))] and outcome.count == 1


# ----------------------------------------------------------------- search behaviour
def test_searches_report_progress_events():
    outcome, progress = finish_search(solve_minimal(board_by_id("triangle-21"), *CENTRE_TRIANGLE))
    assert outcome.moves == 12
    assert progress and all(event["event"] == "progress" and event["nodes"] >= 0 for event in progress)


def test_a_task_with_no_solution_is_proved_impossible():
    # the 10-hole triangle, hole 1 empty, last peg in hole 3: same position class, yet no solution
    board = board_by_id("triangle-10")
    start, finish = board.full ^ (1 << 1), 1 << 3
    assert brute_force(board.size, list(board.jumps), start, finish) == (float("inf"), 0)
    outcome, _ = finish_search(solve_minimal(board, start, finish, all_solutions=True))
    assert outcome.solvable is False and outcome.minimal and outcome.path is None and outcome.count == 0


def test_the_state_limit_stops_with_an_unknown_verdict_and_a_lower_bound():
    outcome, _ = finish_search(solve_minimal(board_by_id("triangle-21"), *CENTRE_TRIANGLE, max_states=500))
    assert outcome.solvable is None and not outcome.minimal and outcome.reason
    assert 1 <= outcome.lower_bound <= 12


def test_the_state_limit_is_kept_within_a_layer():
    board = board_by_id("english-33")
    outcome, _ = finish_search(solve_minimal(board, board.full ^ (1 << 16), 1 << 16, max_states=20_000))
    assert outcome.solvable is None and outcome.lower_bound >= 1
    assert 20_000 < outcome.states < 30_000  # checked every 128 positions expanded, not only between layers


def test_without_all_solutions_no_count_is_claimed():
    outcome, _ = finish_search(solve_minimal(board_by_id("hoppers"), *CENTRE_HOPPERS))
    assert outcome.moves == 7 and outcome.count is None


# ----------------------------------------------------------------- analysis
def test_analysis_midway_through_a_minimal_solution_needs_the_remaining_moves():
    outcome, _ = finish_search(solve_minimal(board_by_id("triangle-21"), *CENTRE_TRIANGLE))
    midway = CENTRE_TRIANGLE[0]
    pegs = replay(jumps(TRIANGLE_21), pegs_of(midway), outcome.path[:5])
    position = sum(1 << hole for hole in pegs)
    verdict, _ = finish_search(analyse(board_by_id("triangle-21"), position, 1 << 6))
    assert verdict.solvable and verdict.minimal and verdict.moves == 7
    replay(jumps(TRIANGLE_21), pegs, verdict.path[:1])  # the suggested next move is legal


def test_analysis_recognises_a_dead_end():
    # two lone pegs in opposite corners of the modified triangle can never meet
    verdict, _ = finish_search(analyse(board_by_id("triangle-21"), (1 << 0) | (1 << 20), None))
    assert verdict.solvable is False and verdict.path is None


# ----------------------------------------------------------------- the fast solver
def english_jumps() -> list[tuple[int, int, int]]:
    """The English board's jumps, built here from its picture (holes numbered row by row)."""
    rows = ["..ooo..", "..ooo..", "ooooooo", "ooooooo", "ooooooo", "..ooo..", "..ooo.."]
    index = {}
    for y, row in enumerate(rows):
        for x, mark in enumerate(row):
            if mark == "o":
                index[(x, y)] = len(index)
    found = []
    for (x, y), hole in index.items():
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            over, to = index.get((x + dx, y + dy)), index.get((x + 2 * dx, y + 2 * dy))
            if over is not None and to is not None:
                found.append((hole, over, to))
    return found


def test_fast_solver_finds_a_legal_english_central_game():
    board = board_by_id("english-33")
    outcome, _ = finish_search(solve_fast(board, board.full ^ (1 << 16), 1 << 16, seconds_limit=30))
    assert outcome.solvable and not outcome.minimal
    assert replay(english_jumps(), pegs_of(board.full ^ (1 << 16)), outcome.path) == {16}
    assert outcome.jumps == 31 and outcome.moves == len(outcome.path)


def test_fast_solver_proves_a_small_task_impossible_by_exhausting_it():
    board = board_by_id("triangle-10")
    outcome, _ = finish_search(solve_fast(board, board.full ^ (1 << 1), 1 << 3))
    assert outcome.solvable is False and outcome.exhausted


# ----------------------------------------------------------------- agreement with brute force
def brute_force(size: int, board_jumps: list[tuple[int, int, int]], start: int, finish: int | None):
    """(fewest moves, number of jump sequences with that many moves) by exhaustive memoised recursion."""
    def done(position: int) -> bool:
        return position == finish if finish is not None else position.bit_count() == 1

    @cache
    def best(position: int, last: int) -> tuple[float, int]:
        if done(position):
            return 0, 1
        result, ways = float("inf"), 0
        for a, b, c in board_jumps:
            if position >> a & 1 and position >> b & 1 and not position >> c & 1:
                moves, count = best(position ^ (1 << a) ^ (1 << b) ^ (1 << c), c)
                moves += a != last
                if moves < result:
                    result, ways = moves, count
                elif moves == result:
                    ways += count
        return result, ways

    return best(start, -1)


def square_board(holes: list[tuple[int, int]], diagonal: bool) -> SimpleNamespace:
    """A board on the square lattice (optionally with diagonal jumps) and its symmetries, built from scratch."""
    index = {coord: hole for hole, coord in enumerate(holes)}
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)] + ([(1, 1), (1, -1), (-1, 1), (-1, -1)] if diagonal else [])
    board_jumps = []
    for (x, y), hole in index.items():
        for dx, dy in steps:
            over, to = index.get((x + dx, y + dy)), index.get((x + 2 * dx, y + 2 * dy))
            if over is not None and to is not None:
                board_jumps.append((hole, over, to))
    symmetries = []
    for fx, fy, swap in [(fx, fy, s) for fx in (1, -1) for fy in (1, -1) for s in (False, True)]:
        images = [((y, x) if swap else (x, y)) for x, y in holes]
        images = [(fx * x, fy * y) for x, y in images]
        low = (min(x for x, _ in images), min(y for _, y in images))
        anchor = (min(x for x, _ in holes), min(y for _, y in holes))
        perm = [index.get((x - low[0] + anchor[0], y - low[1] + anchor[1])) for x, y in images]
        if None not in perm:
            symmetries.append(tuple(perm))
    return SimpleNamespace(size=len(holes), jumps=tuple(board_jumps), symmetries=tuple(symmetries))


SQUARE_4 = [(x, y) for y in range(4) for x in range(4)]


@settings(max_examples=60)
@given(cells=st.sets(st.sampled_from(SQUARE_4), min_size=6), diagonal=st.booleans(), data=st.data())
def test_minimal_moves_and_counts_agree_with_brute_force(cells, diagonal, data):
    holes = sorted(cells)
    board = square_board(holes, diagonal)
    size = board.size
    pegs = data.draw(st.sets(st.integers(0, size - 1), min_size=2, max_size=min(size - 1, 10)))
    start = sum(1 << hole for hole in pegs)
    patterns = st.sets(st.integers(0, size - 1), min_size=1, max_size=2).map(lambda holes: sum(1 << h for h in holes))
    finish = data.draw(st.none() | patterns)  # one peg anywhere, or a final pattern of one or two pegs
    expected_moves, expected_count = brute_force(size, list(board.jumps), start, finish)
    outcome, _ = finish_search(solve_minimal(board, start, finish, all_solutions=True))
    if expected_count == 0:
        assert outcome.solvable is False and outcome.minimal
    else:
        assert outcome.solvable and outcome.minimal
        assert (outcome.moves, outcome.count) == (expected_moves, expected_count)
        for solution in outcome.paths:
            final = replay(board.jumps, pegs, solution)
            assert final == pegs_of(finish) if finish is not None else len(final) == 1


@settings(max_examples=25)
@given(data=st.data())
def test_symmetric_full_square_positions_count_like_brute_force(data):
    # the full 4x4 square has 8 symmetries; symmetric starts make the engine fold positions by symmetry
    board = square_board(SQUARE_4, diagonal=data.draw(st.booleans()))
    perm = data.draw(st.sampled_from(board.symmetries))
    seeds = data.draw(st.sets(st.integers(0, 15), min_size=1, max_size=5))
    pegs = seeds | {perm[hole] for hole in seeds} | {perm[perm[hole]] for hole in seeds}
    start = sum(1 << hole for hole in pegs)
    expected_moves, expected_count = brute_force(16, list(board.jumps), start, None)
    outcome, _ = finish_search(solve_minimal(board, start, None, all_solutions=True))
    assert outcome.solvable is (expected_count > 0)
    if expected_count:
        assert (outcome.moves, outcome.count) == (expected_moves, expected_count)


def test_the_fast_solver_answers_by_beam_search_first():
    outcome, _ = finish_search(solve_fast(board_by_id("triangle-21"), *CENTRE_TRIANGLE))
    assert (outcome.solvable, outcome.method, outcome.minimal) == (True, "beam", False)
    assert replay(jumps(TRIANGLE_21), pegs_of(CENTRE_TRIANGLE[0]), outcome.path) == {6}


def test_the_fast_solver_plays_a_fixed_first_jump_and_puts_it_in_front_merged_with_its_chain():
    board = board_by_id("triangle-21")
    start, finish = CENTRE_TRIANGLE
    outcome, _ = finish_search(solve_fast(board, start, finish, first=(14, 6)))
    after, _ = finish_search(solve_fast(board, start ^ (1 << 14 | 1 << 9 | 1 << 6), finish))
    assert outcome.solvable and not outcome.minimal
    assert outcome.path[0][:2] == (14, 6) and outcome.moves == len(outcome.path)
    assert [hop for move in outcome.path for hop in move.hops()] == [(14, 6)] + [
        hop for move in after.path for hop in move.hops()]   # the same search, from the position after the jump
    assert outcome.jumps == after.jumps + 1 and outcome.moves in (after.moves, after.moves + 1)
    assert replay(jumps(TRIANGLE_21), pegs_of(start), outcome.path) == {6}


def test_the_fast_solver_proves_a_dead_end_by_depth_first_search_after_the_beam_misses():
    board = board_by_id("hoppers")
    dead_end = sum(1 << hole for hole in (1, 2, 4, 5, 6, 7, 8, 10, 11, 12))
    outcome, _ = finish_search(solve_fast(board, dead_end, 1 << 6))
    assert (outcome.solvable, outcome.method, outcome.exhausted) == (False, "depth-first", True)


def test_analysis_on_a_big_board_falls_back_to_a_fast_solution_that_is_not_proved_minimal():
    board = board_by_id("english-33")
    start = board.full ^ (1 << 16)
    verdict, _ = finish_search(analyse(board, start, 1 << 16, seconds_limit=20, max_states=20_000))
    assert verdict.solvable and not verdict.minimal and verdict.lower_bound >= 1
    assert replay(english_jumps(), pegs_of(start), verdict.path) == {16}


@settings(max_examples=25)
@given(data=st.data())
def test_triangle_games_fold_by_symmetry_and_count_like_brute_force(data):
    # the 15-hole triangle has 6 symmetries; starts empty on a whole orbit (or an orbit of one mirror)
    board = board_by_id("triangle-15")
    seed = data.draw(st.integers(0, 14))
    group = data.draw(st.sampled_from([board.symmetries, *([perm, perm] for perm in board.symmetries)]))
    empty = {perm[seed] for perm in group} | {seed}
    start = board.full ^ sum(1 << hole for hole in empty)
    finish = data.draw(st.none() | st.sampled_from(sorted(empty)).map(lambda hole: 1 << hole))
    expected_moves, expected_count = brute_force(15, list(board.jumps), start, finish)
    outcome, _ = finish_search(solve_minimal(board, start, finish, all_solutions=True))
    assert outcome.solvable is (expected_count > 0)
    if expected_count:
        assert (outcome.moves, outcome.count) == (expected_moves, expected_count)


@settings(max_examples=40)
@given(cells=st.sets(st.sampled_from(SQUARE_4), min_size=6), data=st.data())
def test_fast_solver_agrees_with_brute_force_on_solvability(cells, data):
    board = square_board(sorted(cells), diagonal=data.draw(st.booleans()))
    pegs = data.draw(st.sets(st.integers(0, board.size - 1), min_size=2, max_size=min(board.size - 1, 10)))
    start = sum(1 << hole for hole in pegs)
    finish = data.draw(st.none() | st.integers(0, board.size - 1).map(lambda hole: 1 << hole))
    _, expected_count = brute_force(board.size, list(board.jumps), start, finish)
    outcome, _ = finish_search(solve_fast(board, start, finish))
    assert outcome.solvable is (expected_count > 0) and not (outcome.solvable and outcome.minimal)
    if outcome.solvable:
        final = replay(board.jumps, pegs, outcome.path)
        assert final == pegs_of(finish) if finish is not None else len(final) == 1
