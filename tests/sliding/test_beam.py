"""The beam search over the whole board (pzl.sliding.engines.beam).

Its incremental estimate (Manhattan distance + linear conflict, a line's conflicts remembered by its content) is
checked against a plain beam written here from the definition, which recomputes both from scratch for every
child with `tiles.manhattan` and `tiles.linear_conflict`: the same positions kept, so the same path; a beam
that ends early run again wider, and the back-off (cuts of the path finished by the construction) written from
its definition too. Every answer replays move by move, and auto uses the beam where CONSTRUCTIONS say.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pzl import api
from pzl.search.progress import run_to_end
from pzl.sliding import anytime
from pzl.sliding.engines import beam
from pzl.sliding.engines.beam import beam_solve
from pzl.sliding.engines.fast import fast_solve
from pzl.sliding.engines.tiles import linear_conflict, lower_bound, manhattan
from tests.sliding.test_fast import assert_replays, solvable_pair


def beam_rank(position, goal, rows, cols):
    """The beam's rank from scratch: BOUND_WEIGHT x (Manhattan + linear conflict) + the sum of squared distances."""
    distances = [[abs(a // cols - b // cols) + abs(a % cols - b % cols) for b in range(rows * cols)]
                 for a in range(rows * cols)]
    squares = sum(distances[cell][goal.index(label)] ** 2 for cell, label in enumerate(position) if label)
    return beam.BOUND_WEIGHT * (manhattan(position, goal, distances)
                                + linear_conflict(position, goal, rows, cols)) + squares


def widening_beam(start, goal, rows, cols, width):
    """`plain_beam`, run again wider (a third, at least 1) while its best position's rank stays above EARLY_SHARE of
    the start's, at most RETRIES times."""
    for _ in range(beam.RETRIES + 1):
        path = plain_beam(start, goal, rows, cols, width)
        if beam_rank(path[-1], goal, rows, cols) <= beam.EARLY_SHARE * beam_rank(tuple(start), goal, rows, cols):
            break
        width += max(1, width // 3)
    return path


def plain_beam(start, goal, rows, cols, width):
    """The beam by its definition: each depth, every unseen child of every kept position (each way but back),
    ranked by (BOUND_WEIGHT x (Manhattan + linear conflict) + the sum of the tiles' squared distances from home,
    all from scratch; its parent's rank; the moved tile's cell), the first `width` kept; stops at the goal, or
    when STALL_PER_LINE depths per line (and STALL_FLOOR) bring none nearer. Returns the path to the goal, or to
    the nearest position kept when it stalled."""
    def estimate(position):
        return beam_rank(position, goal, rows, cols)

    layers = [[(tuple(start), None, None)]]   # (position, parent's rank, blank cell before)
    seen = {tuple(start)}
    best, best_depth = estimate(tuple(start)), 0
    stall = beam.STALL_PER_LINE * (rows + cols) + beam.STALL_FLOOR
    while tuple(goal) not in [kept for kept, _, _ in layers[-1]]:
        children = []
        for rank, (position, _, before) in enumerate(layers[-1]):
            empty = position.index(0)
            for cell in range(rows * cols):
                if abs(empty // cols - cell // cols) + abs(empty % cols - cell % cols) != 1 or cell == before:
                    continue
                child = list(position)
                child[empty], child[cell] = child[cell], 0
                children.append((estimate(tuple(child)), rank, cell, tuple(child), empty))
        kept = []
        for _, rank, _, child, empty in sorted(children):
            if child not in seen:
                seen.add(child)
                kept.append((child, rank, empty))
                if child == tuple(goal) or len(kept) == width:
                    break
        layers.append(kept)
        nearest = estimate(kept[0][0]) if kept else best
        if nearest < best:
            best, best_depth = nearest, len(layers) - 1
        elif not kept or len(layers) - 1 - best_depth > stall:
            layers, index = layers[:best_depth + 1], 0
            break
    else:
        index = [kept for kept, _, _ in layers[-1]].index(tuple(goal))
    path = []
    for kept in reversed(layers):
        path.append(kept[index][0])
        index = kept[index][1]
    return path[::-1]


def without_loops(path):
    """The path with every stretch that comes back to an earlier position cut out."""
    kept: list = []
    for position in path:
        kept = kept[:kept.index(position)] if position in kept else kept
        kept.append(position)
    return kept


def backed_off(path, goal, rows, cols):
    """The back-off by its definition: the beam's path cut CUTS times, every `step` moves from its end (from the
    end itself unless it reached the goal), the cuts ranked by (length of the quick construction's whole path,
    moves backed off), each of FINISHES run from its best cuts; the shortest whole path with its loops cut (the
    first such, the beam's own path first if it reached the goal)."""
    goal = tuple(goal)
    step = max(1, round(len(path) * beam.BACK_SHARE / beam.CUTS))
    ranked = sorted((len(path) - back + len(run_to_end(fast_solve(path[-1 - back], goal, rows, cols,
                                                                  shorten=False))[0].path), back)
                    for back in range(step if path[-1] == goal else 0, min(len(path), beam.CUTS * step), step))
    best = path if path[-1] == goal else None
    for options, kept in beam.FINISHES:
        for _, back in ranked[:kept]:
            rest = run_to_end(fast_solve(path[-1 - back], goal, rows, cols, **options))[0].path
            whole = without_loops(path[:len(path) - back] + rest[1:])
            if best is None or len(whole) < len(best):
                best = whole
    return best


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([(3, 3), (3, 4), (4, 3), (4, 4), (2, 5)]), st.sampled_from([1, 3, 8]), st.booleans(),
       st.randoms(use_true_random=False))
def test_the_beam_keeps_the_positions_its_definition_keeps(size, width, standard_goal, rng):
    rows, cols = size
    start, goal = solvable_pair(rows, cols, random.Random(rng.random()), standard_goal)
    reference = backed_off(widening_beam(start, goal, rows, cols, width), goal, rows, cols)
    path = run_to_end(beam_solve(start, goal, rows, cols, width))[0].path
    assert path == reference
    assert_replays(path, start, goal, rows, cols)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([(5, 5), (4, 6), (6, 4)]), st.booleans(), st.randoms(use_true_random=False))
def test_beam_answers_replay_on_bigger_boards_with_any_goal(size, standard_goal, rng):
    rows, cols = size
    start, goal = solvable_pair(rows, cols, random.Random(rng.random()), standard_goal)
    outcome, events = run_to_end(beam_solve(start, goal, rows, cols, 50, nodes=1_000))
    assert_replays(outcome.path, start, goal, rows, cols)
    assert len(outcome.path) - 1 >= lower_bound(start, goal, rows, cols)
    counts = [event["nodes"] for event in events]
    assert counts == sorted(counts) and all(count > 1_000 for count in counts) and outcome.nodes >= counts[-1]
    phases = [event["phase"] for event in events]
    assert phases[0] == beam.PHASE and phases[-1] == beam.BACKING_OFF   # the construction's under the back-off's name
    assert set(phases) <= {beam.PHASE, beam.FREEING, beam.BACKING_OFF}


def test_a_beam_that_ends_early_is_run_again_a_third_wider(monkeypatch):
    widths = []
    real = beam._beam

    def recorded(start, goal, rows, cols, width, nodes, clock):
        widths.append(width)
        return real(start, goal, rows, cols, width, nodes, clock)
    monkeypatch.setattr(beam, "_beam", recorded)
    start, goal = solvable_pair(5, 5, random.Random(2), standard_goal=True)
    outcome = run_to_end(beam_solve(start, goal, 5, 5, 3))[0]   # width 3 ends early on this start, 4 does not
    assert widths == [3, 4]
    assert_replays(outcome.path, start, goal, 5, 5)
    assert outcome.path == backed_off(plain_beam(start, goal, 5, 5, 4), goal, 5, 5)


def test_a_stalled_beam_is_finished_by_the_construction(monkeypatch):
    finished = []
    real = beam.fast_solve

    def recorded(start, goal, rows, cols, **options):
        finished.append(start)
        return real(start, goal, rows, cols, **options)
    monkeypatch.setattr(beam, "fast_solve", recorded)
    start, goal = solvable_pair(8, 8, random.Random(5), standard_goal=True)
    path = run_to_end(beam_solve(start, goal, 8, 8, 2))[0].path   # so narrow a beam stalls on 8x8
    assert finished and finished[0] != goal
    assert_replays(path, start, goal, 8, 8)
    assert len(set(path)) == len(path), "where the construction undoes the beam's last moves, the loop is cut"


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([(4, 4), (5, 5), (6, 6), (4, 6)]), st.sampled_from([1, 2, 4]), st.randoms(use_true_random=False))
def test_a_stalled_answer_never_repeats_a_position(size, width, rng):
    rows, cols = size
    start, goal = solvable_pair(rows, cols, random.Random(rng.random()), standard_goal=False)
    path = run_to_end(beam_solve(start, goal, rows, cols, width))[0].path
    assert_replays(path, start, goal, rows, cols)
    assert len(set(path)) == len(path)


def test_a_beam_needs_a_width_and_at_most_256_cells():
    for width, side in ((0, 3), (4, 17)):
        goal = (*range(1, side * side), 0)
        with pytest.raises(ValueError, match="width of at least 1 and at most 256 cells"):
            next(beam_solve(goal, goal, side, side, width))


def test_the_goal_itself_is_a_path_of_one_position():
    goal = (*range(1, 9), 0)
    assert run_to_end(beam_solve(goal, goal, 3, 3, 10))[0].path == [goal]


def test_closing_the_beam_cancels_it():
    start, goal = solvable_pair(7, 7, random.Random(2), standard_goal=True)
    search = beam_solve(start, goal, 7, 7, 1000)
    assert next(search)["event"] == "progress"
    search.close()


def test_auto_answers_by_the_beam_where_constructions_say(monkeypatch):
    monkeypatch.setattr(anytime, "SHORTEN_NODES", {"linear-conflict": 100_000, "manhattan": 100_000})
    monkeypatch.setattr(anytime, "CONSTRUCTIONS", ((25, 300, ()), (100, 0, ((1, 0),))))
    assert anytime.constructions(25) == [{"beam": 300}] and anytime.constructions(36) == [{"width": 1}]
    start, goal = solvable_pair(5, 5, random.Random(7), standard_goal=True)
    events = list(api.run({"command": "solve", "family": "sliding", "board": "5x5",
                           "start": " ".join(map(str, start))}))
    answers = [event["result"] for event in events if event["event"] in ("improved", "result")]
    assert [answer["algorithm"] for answer in answers[:2]] == ["auto: fast", "auto: beam"]
    assert answers[-1]["path"] in (["beam"], ["beam", "shortened"])   # shortened: when a window was shorter
    assert [event["phase"] for event in events if event.get("phase") == beam.PHASE]
    for answer in answers:
        path = [tuple(int(label) for label in position.split()) for position in answer["solution"]]
        assert_replays(path, start, goal, 5, 5)


def test_an_answer_no_window_shortened_keeps_its_label_and_says_so(monkeypatch):
    monkeypatch.setattr(anytime, "SHORTEN_NODES", {"linear-conflict": 30, "manhattan": 30})   # no window finishes
    monkeypatch.setattr(anytime, "CONSTRUCTIONS", ((25, 300, ()),))
    start, _ = solvable_pair(5, 5, random.Random(7), standard_goal=True)
    result = api.answer({"command": "solve", "family": "sliding", "board": "5x5",
                         "start": " ".join(map(str, start))})["result"]
    assert result["algorithm"] == "auto: beam" and result["stopped"] == "nodes"
    assert result["note"].startswith("no window of it re-solved optimally was shorter")
