"""A sliding answer's `steps` name each move's piece and cells, and replay the solution exactly."""

from __future__ import annotations

import pytest

from pzl import api
from tools.sliding_replay import walk


def replays(solution: list[str], steps: list[dict]) -> bool:
    """True when each step turns one position into the next: the piece leaves `from` and covers `to`."""
    if len(steps) != len(solution) - 1:
        return False
    for text_before, text_after, step in zip(solution, solution[1:], steps, strict=False):
        before, after = text_before.split(), text_after.split()
        if any(before[cell] != step["piece"] for cell in step["from"]):
            return False
        if any(after[cell] != step["piece"] for cell in step["to"]):
            return False
        moved = set(step["from"]) | set(step["to"])
        expected = [("0" if cell in step["from"] else label) for cell, label in enumerate(before)]
        for cell in step["to"]:
            expected[cell] = step["piece"]
        if expected != after or not moved:
            return False
    return True


@pytest.mark.parametrize("request_", [
    {"puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1"},
    {"puzzle": "hakoiri-musume"},
    {"puzzle": "hakoiri-musume", "metric": "piece"},
    {"puzzle": "hakoiri-musume", "metric": "straight"},
    {"puzzle": "no-off"},
    {"puzzle": "9-puzzle-variant"},
    {"family": "sliding", "board": "10x10", "algorithm": "fast", "start": None},
])
def test_steps_replay_the_solution(request_: dict) -> None:
    if request_.get("start", "") is None:
        request_ = {**request_, "start": " ".join(map(str, walk(10, 10, 400, seed=4000)))}
    final = api.answer({"command": "solve", **request_})
    assert final["event"] == "result", final
    result = final["result"]
    assert result["steps"] and replays(result["solution"], result["steps"])


def test_each_listed_solution_has_its_steps() -> None:
    result = api.answer({"command": "solve", "puzzle": "8-puzzle", "start": "8 6 7 2 5 4 3 0 1", "all": True,
                         "max_solutions": 5})["result"]
    assert len(result["solutions_steps"]) == len(result["solutions"]) == 5
    assert all(replays(solution, steps) for solution, steps in zip(result["solutions"], result["solutions_steps"],
                                                                   strict=True))


def test_a_wrong_step_is_caught() -> None:
    result = api.answer({"command": "solve", "puzzle": "8-puzzle", "start": "1 2 3 4 5 6 0 7 8"})["result"]
    wrong = [dict(step) for step in result["steps"]]
    wrong[0]["to"] = [5]
    assert replays(result["solution"], result["steps"]) and not replays(result["solution"], wrong)
