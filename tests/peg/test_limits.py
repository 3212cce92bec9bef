"""Big peg boards never run away: progress comes often, and the time limit, the state budget and cancel are honoured.

The work between two progress events is measured in the searches' own units (search steps,
jumps, expansions), which does not depend on how loaded the machine is; the CPU-time and
wall-clock bounds are generous backstops.
"""

from __future__ import annotations

import time
from itertools import pairwise

import pytest

from pzl import api
from pzl.peg.catalog import board_by_id
from pzl.peg.engines.chains import STATES_PER_TICK
from pzl.peg.engines.search_fast import PROGRESS_JUMPS, solve_fast
from pzl.peg.engines.solve import CHUNK, STEPS_PER_PROGRESS, solve_minimal
from pzl.peg.mask import board_from_mask

FULL_9X9 = "/".join(["ooooooooo"] * 9)
LATTICES = ("square", "square-diagonal", "triangular")
#: CPU seconds allowed between two progress events: ~100x the measured worst (~0.03 s) for a loaded machine.
GENEROUS_GAP = 2.0
#: Work between two events of the minimal search: the steps per event plus one bulk step or slice.
MINIMAL_SILENCE = STEPS_PER_PROGRESS + max(STATES_PER_TICK, CHUNK)


def centre_game(lattice: str):
    """The full 9x9 board of a lattice with its centre hole empty (the page's largest drawable board)."""
    board = board_from_mask(FULL_9X9, lattice)
    return board, board.full ^ (1 << 40)


def drive(search, seconds: float = 60.0):
    """Run a search generator to its end; its outcome, its events and the worst CPU gap between events."""
    events, worst = [], 0.0
    last = time.process_time()
    deadline = time.perf_counter() + seconds
    while True:
        try:
            event = next(search)
        except StopIteration as stop:
            return stop.value, events, worst
        now = time.process_time()
        worst = max(worst, now - last)
        last = now
        events.append(event)
        assert time.perf_counter() < deadline, "the search ignored its limits"


def steps_between(events: list[dict]) -> list[int]:
    nodes = [event["nodes"] for event in events]
    assert nodes == sorted(nodes), "nodes are cumulative and never go back"
    return [later - earlier for earlier, later in pairwise(nodes)]


@pytest.mark.parametrize("lattice", LATTICES)
def test_counting_every_solution_on_a_full_9x9_board_reports_often_and_stops_at_the_time_limit(lattice):
    board, start = centre_game(lattice)
    clock = time.perf_counter()
    outcome, events, worst = drive(solve_minimal(board, start, None, all_solutions=True, seconds_limit=1.5))
    elapsed = time.perf_counter() - clock
    assert outcome.solvable is None and outcome.stopped == "seconds"
    assert "time limit" in outcome.reason and outcome.lower_bound >= 1
    assert len(events) >= 10
    assert max(steps_between(events)) <= MINIMAL_SILENCE
    assert worst < GENEROUS_GAP
    assert elapsed < 1.5 + 10, "the time limit is honoured within a margin"


def test_the_state_budget_stops_a_search_inside_the_expansion_of_one_position():
    board, start = centre_game("square")
    outcome, events, _ = drive(solve_minimal(board, start, None, all_solutions=True, max_states=3_000))
    assert outcome.solvable is None and outcome.stopped == "max_states"
    assert "state budget" in outcome.reason
    assert 3_000 < outcome.states <= 3_000 + MINIMAL_SILENCE
    assert max(steps_between(events)) <= MINIMAL_SILENCE


def test_an_undecided_search_names_the_limit_that_stopped_it_by_the_cap_it_was_given():
    from pzl.peg.engines.peg_outcome import PegOutcome
    from pzl.search.limits import StateCap

    memory, asked = StateCap(1000, "memory", None, 100, 10**6), StateCap(1000, "max_states", 1000, 100, 10**6)
    assert memory.named_stop(PegOutcome(None, states=10, stopped="max_states")).stopped == "memory"
    assert asked.named_stop(PegOutcome(None, states=1001, stopped="seconds")).stopped == "max_states"
    assert memory.named_stop(PegOutcome(None, states=10, stopped="nodes")).stopped == "nodes"
    assert memory.named_stop(PegOutcome(None, states=10)).stopped == "seconds"
    assert memory.named_stop(PegOutcome(None, solvable=True, states=10**6)).stopped is None   # decided: untouched


def test_no_state_cap_is_none_and_a_small_search_still_finishes():
    board = board_by_id("hoppers")
    start, finish = board.full ^ (1 << 6), 1 << 6
    outcome, _, _ = drive(solve_minimal(board, start, finish, max_states=None))
    assert outcome.solvable is True and outcome.moves == 7 and outcome.minimal
    outcome, _, _ = drive(solve_fast(board, start, finish, max_states=None))
    assert outcome.solvable is True


def test_closing_the_generator_mid_search_ends_it():
    board, start = centre_game("square-diagonal")
    search = solve_minimal(board, start, None, all_solutions=True)
    for _ in range(5):
        assert next(search)["event"] == "progress"
    search.close()
    with pytest.raises(StopIteration):
        next(search)


def test_a_job_on_a_big_board_is_cancelled_between_slices():
    job = api.Job({"command": "solve", "family": "peg", "mask": FULL_9X9, "lattice": "triangular", "all": True})
    for _ in range(3):
        assert job.run_for(0.05)[-1]["event"] == "progress"
    clock = time.perf_counter()
    job.cancel()
    assert job.done and time.perf_counter() - clock < 1.0


def test_the_fast_search_on_a_full_9x9_board_reports_often_and_stops_at_the_time_limit():
    board, start = centre_game("square")
    outcome, events, worst = drive(solve_fast(board, start, None, seconds_limit=2.0))
    assert outcome.solvable is None and outcome.stopped == "seconds"
    depth_first = [event for event in events if "width" not in event]
    assert max(steps_between(depth_first)) <= PROGRESS_JUMPS
    assert worst < GENEROUS_GAP


def test_a_budget_stop_in_the_service_says_which_limit():
    result = api.answer({"command": "solve", "family": "peg", "mask": FULL_9X9, "all": True,
                         "max_states": 3_000})["result"]
    assert result["solvable"] is None and result["stopped"] == "max_states"
    assert result["lower_bound"] >= 1


def test_progress_stays_cumulative_when_the_fast_search_takes_over_from_the_minimal_one():
    board = board_by_id("english-33")
    position = board.full ^ (1 << 16)
    for _ in range(7):  # 25 pegs, still in the finish's position class
        a, b, c = next(jump for jump in board.jumps
                       if position >> jump[0] & 1 and position >> jump[1] & 1 and not position >> jump[2] & 1)
        position ^= (1 << a) | (1 << b) | (1 << c)
    pegs = ",".join(str(hole) for hole in range(board.size) if position >> hole & 1)
    request = {"command": "analyse", "puzzle": "english-33", "pegs": pegs, "max_states": 2_000}
    progress = [event for event in api.run(request) if event["event"] == "progress"]
    assert len(progress) > 2
    for key in ("nodes", "seconds"):
        values = [event[key] for event in progress]
        assert values == sorted(values), f"{key} went back between phases"


def test_a_minimal_search_frees_its_positions_one_set_at_a_time_before_it_answers():
    board = board_by_id("triangle-21")
    outcome, events, _ = drive(solve_minimal(board, board.full ^ (1 << 6), 1 << 6, all_solutions=True))
    freeing = [event for event in events if event.get("phase") == "freeing memory"]
    assert outcome.solvable and events[-len(freeing):] == freeing   # the search's last events
    held = [event["states"] for event in freeing]
    assert len(held) >= 4, "each side's positions and its newest layer at least, apart"
    assert held[-1] == 0 and all(earlier > later for earlier, later in pairwise(held))
    assert {event["nodes"] for event in freeing} == {outcome.nodes}


@pytest.mark.parametrize("request_", [
    {"puzzle": "hoppers", "max_states": 10},
    {"puzzle": "hoppers", "algorithm": "fast", "max_states": 10},
    {"puzzle": "hoppers", "algorithm": "beam", "max_states": 10},
    {"puzzle": "english-33", "max_states": 10},
    {"puzzle": "english-33", "algorithm": "beam", "max_states": 50_000},
    {"command": "analyse", "puzzle": "english-33", "max_states": 100},
    {"command": "census", "puzzle": "english-33", "max_states": 1_000},
    {"command": "census", "puzzle": "triangle-15", "empty": "0", "max_states": 1_000},
])
def test_a_peg_search_never_holds_more_than_its_cap(request_):
    result = api.answer(request_)["result"]
    assert result["stats"]["states"] <= request_["max_states"]
    assert result.get("solvable") or result.get("stopped") == "max_states" or result.get("complete") is False


def test_the_minimal_search_stores_at_most_its_cap_and_says_what_the_step_under_way_held():
    board, start = centre_game("square")
    outcome, _, _ = drive(solve_minimal(board, start, None, max_states=3_000))
    assert outcome.stopped == "max_states" and outcome.states <= 3_000 + STATES_PER_TICK
    if outcome.states > 3_000:
        assert "found by the step under way" in outcome.reason
    small, _, _ = drive(solve_minimal(board_by_id("hoppers"), board_by_id("hoppers").full ^ (1 << 6), 1 << 6,
                                      max_states=10))
    assert small.stopped == "max_states" and (small.states <= 10 or "found by the step under way" in small.reason)
