"""Cancel is heard within a slice: every long search, run as the page runs it (`Job.run_for(0.05)`), returns
from each slice within 0.1 s of CPython CPU — no step of a search is longer than 50 ms between two events.

Small cases of the searches bench/slices.py runs at full size (the English proof, censuses and atlases,
breadth-first, bidirectional and A* on millions of positions): the same code, a few seconds each.
"""

from __future__ import annotations

import time

import pytest

import pzl.peg.engines.solve
import pzl.peg.numbers  # imported up front, as in the page's snapshot: an import is no slice
import pzl.sliding.lab  # noqa: F401
from pzl import api

SLICE, WORST = 0.05, 0.1
#: CPU seconds a case runs before it is cancelled (the cancel is timed too).
BUDGET = 2.5

CASES = {
    "peg minimal, counting": {"puzzle": "triangle-21-regular", "algorithm": "minimal", "all": True},
    "peg minimal, big layers": {"puzzle": "english-33", "algorithm": "minimal"},
    "peg auto": {"puzzle": "diamond-41"},
    "peg analyse": {"command": "analyse", "puzzle": "english-33"},
    "census": {"command": "census", "puzzle": "triangle-21-regular"},
    "census, capped": {"command": "census", "puzzle": "english-33", "max_states": 300_000, "by_moves": False},
    "atlas": {"command": "atlas", "puzzle": "triangle-21"},
    "bfs, all": {"puzzle": "9-puzzle", "algorithm": "bfs", "all": True},
    "bidirectional": {"family": "sliding", "board": "3x4", "start": "0 11 10 9 8 7 6 5 4 3 1 2",
                      "algorithm": "bidirectional", "max_states": 600_000},
    "astar": {"puzzle": "15-puzzle", "start": "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1", "algorithm": "astar",
              "max_states": 300_000},
    "ida with pattern tables": {"puzzle": "15-puzzle", "start": "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1"},
    "longest": {"command": "longest", "puzzle": "9-puzzle"},
    "longest by whole slides": {"command": "longest", "puzzle": "hakoiri-musume", "metric": "piece"},
    "fast, 10x10": {"family": "sliding", "board": "10x10", "algorithm": "fast",
                    "start": " ".join(map(str, [*range(99, 2, -1), 1, 2, 0]))},
    "auto, 5x5 (beam, windows)": {"family": "sliding", "board": "5x5",
                                  "start": " ".join(map(str, [*range(24, 0, -1), 0]))},
    "auto, 7x7 (beam)": {"family": "sliding", "board": "7x7", "start": " ".join(map(str, [*range(48, 0, -1), 0]))},
    "auto, 10x10 (beam, back-off by the construction)": {
        "family": "sliding", "board": "10x10", "start": " ".join(map(str, [*range(99, 2, -1), 1, 2, 0]))},
    "compare": {"command": "compare", "puzzle": "8-puzzle", "seconds": 0.5},
}


def worst_slice(request: dict) -> tuple[float, dict | None, float]:
    """The longest slice of CPU (this thread's) the request's job took, the event it ended at, and its cancel's."""
    job = api.Job(request)
    worst, spent, where = 0.0, 0.0, None
    while not job.done and spent < BUDGET:
        clock = time.thread_time()
        happened = job.run_for(SLICE)
        took = time.thread_time() - clock
        spent += took
        if took > worst:
            worst, where = took, happened[-1] if happened else None
    clock = time.thread_time()
    job.cancel()
    return worst, where, time.thread_time() - clock


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES)
def test_every_slice_of_a_long_search_ends_within_a_tenth_of_a_second(name):
    """A search's longest step shows in every run; a one-off pause of the test process (a CI run once saw 0.159 s
    in `compare`, whose steps take 27 ms at most) does not repeat, so a slice over the limit is timed once more."""
    worst, where, cancelling = worst_slice(CASES[name])
    if worst > WORST:
        first = worst
        worst, where, cancelling = worst_slice(CASES[name])
        assert worst <= WORST, f"slices took {first:.3f} and {worst:.3f} s of CPU, the second ending at {where}"
    assert cancelling <= 2 * WORST, "cancelling (closing the search) took too long"


def test_a_stars_tables_kept_in_small_shards_give_the_same_answer(monkeypatch):
    """A* keeps its per-position tables (cost, parent) in shards, so no rebuild of millions of entries falls in one
    step: with shards of 64 entries every lookup crosses shards, and the search is the same."""
    import pzl.search.astar

    request = {"family": "sliding", "board": "3x3", "start": "8 6 7 2 5 4 3 0 1", "algorithm": "astar"}
    whole = api.answer(request)["result"]
    monkeypatch.setattr(pzl.search.astar, "TABLE_SHARD", 64)
    sharded = api.answer(request)["result"]
    assert sharded["moves"] == whole["moves"] == 31
    assert sharded["stats"]["states"] == whole["stats"]["states"] > 64 * 10
    assert sharded["solution"] == whole["solution"]


def test_shards_hold_a_set_whatever_is_added_twice():
    """`pzl.search.shards.Shards` against a plain set: members added again, in batches, across small shards."""
    import random

    from pzl.search.shards import Shards

    rng = random.Random(7)
    shards, plain = Shards(shard=50), set()
    for _ in range(40):
        batch = [rng.randrange(600) for _ in range(rng.randrange(1, 40))]
        shards.merge(batch)
        plain.update(batch)
        fresh = {rng.randrange(600) for _ in range(20)}
        shards.drop_known(fresh)
        assert not fresh & plain
        shards.update(fresh)
        plain |= fresh
        assert len(shards) == len(plain) and set().union(*shards.sets) == plain
    assert len(shards.sets) > 3 and shards.common({1, 2, 3, 700}) == {1, 2, 3, 700} & plain
