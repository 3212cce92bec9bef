"""Lines placed by groups of tiles (engines/fast_groups.py): solutions replayed, the group search's bound and
paths checked against breadth-first search, and `auto` using it on big boards."""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl import api
from pzl.search.problem import run_to_end
from pzl.sliding import anytime
from pzl.sliding.engines import beam, fast_groups
from pzl.sliding.engines.fast import fast_solve
from pzl.sliding.engines.fast_groups import GroupPlacer, _alone
from pzl.sliding.engines.tiles import lower_bound
from tests.sliding.test_anytime import run
from tests.sliding.test_fast import assert_replays, solvable_pair


@pytest.mark.parametrize(("rows", "cols", "group", "width"),
                         [(4, 4, 2, 1), (4, 5, 3, 1), (5, 5, 3, 1), (5, 5, 2, 4), (6, 5, 3, 2), (6, 6, 2, 1),
                          (7, 7, 2, 1), (5, 8, 3, 1)])
def test_solutions_with_lines_placed_by_groups_replay_to_the_goal(rows, cols, group, width):
    rng = random.Random(rows * 100 + cols * 10 + group)
    for standard_goal in (True, False):
        start, goal = solvable_pair(rows, cols, rng, standard_goal)
        outcome, events = run_to_end(fast_solve(start, goal, rows, cols, group=group, width=width))
        assert_replays(outcome.path, start, goal, rows, cols)
        assert len(outcome.path) - 1 >= lower_bound(start, goal, rows, cols)
        assert outcome.nodes > 0 and all(event["event"] == "progress" for event in events)


@settings(max_examples=12, deadline=None)
@given(st.integers(4, 7), st.integers(4, 7), st.sampled_from([(0, 2), (0, 3), (2, 3), (0, 2, 3)]),
       st.integers(1, 3), st.randoms(use_true_random=False), st.booleans())
def test_lines_tried_every_way_at_once_replay_to_the_goal(rows, cols, ways, width, rng, standard_goal):
    start, goal = solvable_pair(rows, cols, rng, standard_goal)
    outcome = run(fast_solve(start, goal, rows, cols, group=ways, width=width))
    assert_replays(outcome.path, start, goal, rows, cols)
    assert len(outcome.path) - 1 >= lower_bound(start, goal, rows, cols)


def test_one_way_given_as_a_tuple_is_that_way_and_every_way_gets_a_copy():
    start, goal = solvable_pair(6, 6, random.Random(8), standard_goal=True)
    alone = run(fast_solve(start, goal, 6, 6, group=3, width=2))
    assert run(fast_solve(start, goal, 6, 6, group=(3,), width=2)).path == alone.path
    home = {label: cell for cell, label in enumerate(goal)}
    placer = GroupPlacer(6, 6, [home[label] for label in start], home[0], (0, 2, 3))
    copies = placer.trials()
    assert [copy.group for copy in copies] == [0, 2, 3]
    assert all(copy.board == placer.board and copy.board is not placer.board for copy in copies)


def test_each_ways_copy_places_a_line_as_that_way_alone_does():
    start, goal = solvable_pair(7, 7, random.Random(4), standard_goal=True)
    home = {label: cell for cell, label in enumerate(goal)}
    board = [home[label] for label in start]
    mixed = GroupPlacer(7, 7, board[:], home[0], (0, 2, 3))
    for line, inward, _ in mixed._lines((0, 7, 0, 7)):
        for way, trial in zip((0, 2, 3), mixed.trials(), strict=True):
            alone = GroupPlacer(7, 7, board[:], home[0], way)
            run(trial.placing(line, inward))
            run(alone.placing(line, inward))
            assert trial.blanks == alone.blanks and all(trial.fixed[cell] for cell in line)
        assert mixed.board == board   # the copies moved, not the placer they came from


def test_on_a_big_board_group_searches_give_up_sooner_and_the_answer_still_replays(monkeypatch):
    monkeypatch.setattr(fast_groups, "BIG_BOARD_NODES", 5)
    start, goal = solvable_pair(9, 9, random.Random(6), standard_goal=True)
    home = {label: cell for cell, label in enumerate(goal)}
    assert GroupPlacer(9, 9, [home[label] for label in start], home[0], 3).give_up == 5
    assert GroupPlacer(8, 8, list(range(64)), 63, 3).give_up == fast_groups.GROUP_NODES
    assert_replays(run(fast_solve(start, goal, 9, 9, group=(0, 3))).path, start, goal, 9, 9)


def _ways(group: int | tuple[int, ...]) -> tuple[int, ...]:
    return group if isinstance(group, tuple) else (group,)


def test_a_group_search_that_runs_out_of_nodes_places_its_tiles_one_at_a_time(monkeypatch):
    monkeypatch.setattr(fast_groups, "GROUP_NODES", 5)
    start, goal = solvable_pair(5, 5, random.Random(3), standard_goal=True)
    outcome = run(fast_solve(start, goal, 5, 5, group=3))
    assert_replays(outcome.path, start, goal, 5, 5)


def single_tile_distances(rows: int, cols: int, goal: int) -> dict[tuple[int, int], int]:
    """The fewest moves from every (tile cell, blank cell) to the tile on `goal`, other tiles ignored: breadth-first
    from the goal's states (a move is its own undoing, so the moves forward serve backwards too)."""
    def neighbours(cell):
        r, c = divmod(cell, cols)
        return [cell + dr * cols + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols]
    seen = {(goal, z): 0 for z in range(rows * cols) if z != goal}
    queue = deque(seen)
    while queue:
        tile, z = queue.popleft()
        for y in neighbours(z):
            state = (z, y) if y == tile else (tile, y)
            if state not in seen:
                seen[state] = seen[(tile, z)] + 1
                queue.append(state)
    return seen


def test_the_one_tile_bound_never_exceeds_the_true_distance():
    rows, cols = 4, 5
    for goal in range(rows * cols):
        exact = single_tile_distances(rows, cols, goal)
        for (tile, z), moves in exact.items():
            d = abs(tile // cols - goal // cols) + abs(tile % cols - goal % cols)
            if d:
                assert _alone(divmod(tile, cols), divmod(goal, cols), divmod(z, cols), d) <= moves, (tile, z, goal)


def group_bfs(placer: GroupPlacer, group: list[int]) -> int:
    """The fewest moves that put `group`'s tiles on their cells, blank moving over free cells (breadth-first)."""
    start = (tuple(placer.where[tile] for tile in group), placer.where[placer.blank])
    seen = {start}
    frontier, depth = [start], 0
    while frontier:
        after = []
        for cells, z in frontier:
            if list(cells) == group:
                return depth
            for step in placer.neighbours[z]:
                if placer.fixed[step]:
                    continue
                state = (tuple(z if cell == step else cell for cell in cells), step)
                if state not in seen:
                    seen.add(state)
                    after.append(state)
        frontier, depth = after, depth + 1
    raise AssertionError("unreachable")


@pytest.mark.parametrize("seed", range(6))
def test_counting_moves_alone_a_group_search_finds_the_fewest(monkeypatch, seed):
    monkeypatch.setattr(fast_groups, "TIDY_GROUP", 0)   # every move costs the same: the bound is then admissible
    rng = random.Random(seed)
    start, goal = solvable_pair(4, 5, rng, standard_goal=True)
    home = {label: cell for cell, label in enumerate(goal)}
    placer = GroupPlacer(4, 5, [home[label] for label in start], home[0], 2)
    if seed % 2:   # part of the board already placed: walls
        run(placer.placing([0, 1, 2, 3, 4], (1, 0)))
    group = [5, 6] if seed % 2 else [0, 1]
    fewest = group_bfs(placer, group)
    path = run(placer._group_path(group))
    assert path is not None and len(path) == fewest
    placer.walk(path)
    assert [placer.where[tile] for tile in group] == group


def test_the_one_tile_bounds_kept_in_tables_are_those_of_alone_and_shared_by_the_copies():
    start, goal = solvable_pair(6, 6, random.Random(5), standard_goal=True)
    home = {label: cell for cell, label in enumerate(goal)}
    placer = GroupPlacer(6, 6, [home[label] for label in start], home[0], 3)
    twin = placer.clone()
    path = run(twin._group_path([0, 1, 2]))
    assert path is not None and placer.alone_moves is twin.alone_moves
    n, filled = 36, 0
    for tile, table in placer.alone_moves.items():
        for index, moves in enumerate(table):
            cell, z = divmod(index, n)
            if moves >= 0:
                filled += 1
                d = placer.distance[cell][tile]
                assert d and moves == _alone(divmod(cell, 6), divmod(tile, 6), divmod(z, 6), d)
    assert filled > 0


def test_auto_on_a_5x5_board_tries_lines_by_groups_and_answers_by_legal_moves(monkeypatch):
    finished_by_groups = any(3 in _ways(options.get("group", 0)) for options, _ in beam.FINISHES)
    assert finished_by_groups, "auto's beam finishes its best cut with lines placed by groups too"
    monkeypatch.setattr(anytime, "SHORTEN_NODES", {"linear-conflict": 100_000, "manhattan": 100_000})
    monkeypatch.setattr(anytime, "CONSTRUCTIONS", ((25, 0, ((8, 0), (4, 3))), (100, 0, ((1, 3),))))
    calls = []
    real = anytime.fast_solve

    def recorded(*args, **options):
        calls.append({key: options[key] for key in ("width", "group") if key in options})
        return real(*args, **options)
    monkeypatch.setattr(anytime, "fast_solve", recorded)
    start, goal = solvable_pair(5, 5, random.Random(21), standard_goal=True)
    text = " ".join(map(str, start))
    final = api.answer({"command": "solve", "family": "sliding", "board": "5x5", "start": text})["result"]
    assert anytime.constructions(25)[-1] in calls and anytime.constructions(25)[-1]["group"] == 3
    path = [tuple(int(label) for label in position.split()) for position in final["solution"]]
    assert_replays(path, start, goal, 5, 5)
