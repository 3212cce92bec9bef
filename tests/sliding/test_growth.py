"""Watching a search grow: `layers` (breadth-first, bidirectional) and `iterations` in results and progress."""

from __future__ import annotations

import pytest

from pzl import api

HARDEST = "8 6 7 2 5 4 3 0 1"


def run(**fields) -> tuple[dict, list[dict]]:
    events = list(api.run({"command": "solve", "puzzle": "8-puzzle", "start": HARDEST, **fields}))
    assert events[-1]["event"] == "result", events[-1]
    return events[-1]["result"], [event for event in events if event["event"] == "progress"]


@pytest.mark.parametrize("puzzle", ["8-puzzle", "symbols"])
def test_bfs_layers_are_the_positions_per_depth(puzzle):
    start = HARDEST if puzzle == "8-puzzle" else None
    fields = {"puzzle": puzzle, "algorithm": "bfs"} | ({"start": start} if start else {})
    events = list(api.run({"command": "solve", **fields}))
    result = events[-1]["result"]
    assert len(result["layers"]) == result["moves"] + 1
    assert sum(result["layers"]) == result["stats"]["states"]
    if puzzle == "8-puzzle":   # every layer is the start's histogram (the sweep from it counts them independently)
        sweep = api.answer({"command": "longest", "puzzle": puzzle, "goal": HARDEST})["result"]
        assert result["layers"] == sweep["histogram"][:32]
    live = [event["layer"] for event in events if "layer" in event]
    assert live == [[depth, count] for depth, count in enumerate(result["layers"])][1:]
    assert all(len(event) <= 8 for event in events if "layer" in event)   # small events: only what changed


def test_bidirectional_layers_are_per_side_with_the_meeting():
    result, progress = run(algorithm="bidirectional")
    layers = result["layers"]
    assert sum(layers["meet"]) == 31 == result["moves"]
    assert sum(layers["start"]) + sum(layers["goal"]) == result["stats"]["states"] == 16_088
    assert layers["start"][:3] == [1, 3, 5] and layers["goal"][:3] == [1, 2, 4]
    sides = {side for side, _, _ in (event["layer"] for event in progress if "layer" in event)}
    assert sides == {0, 1}


@pytest.mark.parametrize(("algorithm", "bound"), [("ida", None), ("ida", "misplaced"), ("iddfs", None)])
def test_depth_first_passes_are_reported_as_they_end(algorithm, bound):
    fields = {"algorithm": algorithm, "start": "1 2 3 0 5 6 4 7 8" if bound or algorithm == "iddfs" else HARDEST}
    if bound:
        fields["bound"] = bound
    result, progress = run(**fields)
    passes = [event["iteration"] for event in progress if "iteration" in event]
    assert passes == result["iterations"]
    assert sum(nodes for _, nodes in passes) <= result["stats"]["nodes"]
    assert passes[-1][0] == result["moves"]
