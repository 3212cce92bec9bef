"""Multi-cell pieces: NO-OFF (seed 004) and Hakoiri Musume (a goal that places one block only)."""

from __future__ import annotations

from pzl import api
from pzl.sliding.catalog import entry
from tools.sliding_replay import assert_replays, whole_slides

PROBLEM_A, PROBLEM_B, NO_OFF_GOAL = "L L O N O F F 0", "N O L L F O F 0", "L L N O O F F 0"
HAKOIRI_START = "V M M V V M M V V H H V V S S V S 0 0 S"
HAKOIRI_GOAL = "* * * * * * * * * * * * * M M * * M M *"


def solve(puzzle, **fields):
    final = api.answer({"command": "solve", "puzzle": puzzle, **fields})
    assert final["event"] == "result", final
    return final["result"]


def test_no_off_problem_a_needs_44_moves():
    for algorithm in ("bfs", "bidirectional", "ida"):
        result = solve("no-off", algorithm=algorithm)
        assert result["moves"] == 44, algorithm
        assert_replays(entry("no-off"), result["solution"], PROBLEM_A, NO_OFF_GOAL)


def test_no_off_has_540_positions_and_three_at_56_moves_including_problem_b():
    result = api.answer({"command": "longest", "puzzle": "no-off"})["result"]
    assert (result["states"], result["longest"]) == (540, 56)
    assert len(result["positions"]) == 3 and PROBLEM_B in result["positions"]


def test_no_off_problem_b_needs_56_moves():
    result = solve("no-off", start=PROBLEM_B)
    assert result["moves"] == 56
    assert_replays(entry("no-off"), result["solution"], PROBLEM_B, NO_OFF_GOAL)


def test_a_bulb_on_the_bottom_row_can_never_rise_so_bfs_exhausts_its_540_positions_and_says_so():
    result = solve("no-off", start="N O O F L L F 0", algorithm="bfs")
    assert result["solvable"] is False
    assert result["stats"]["states"] == 540 and "540" in result["reason"]


def test_bidirectional_search_also_reports_an_unreachable_goal():
    result = solve("no-off", start="N O O F L L F 0", algorithm="bidirectional")
    assert result["solvable"] is False and "reason" in result


def test_hakoiri_musume_needs_116_single_cell_slides():
    result = solve("hakoiri-musume", metric="step")
    assert result["moves"] == 116
    assert_replays(entry("hakoiri-musume"), result["solution"], HAKOIRI_START, HAKOIRI_GOAL)


def test_hakoiri_musume_is_the_classic_81_move_layout_when_a_whole_slide_counts_as_one():
    item = entry("hakoiri-musume")
    cells = [tuple(cell) for cell in item["cells"]]
    shapes = {label: [tuple(o) for o in data["shape"]] for label, data in item["pieces"].items()}
    target = [(i, label) for i, label in enumerate(HAKOIRI_GOAL.split()) if label != "*"]
    layer, seen, moves = [tuple(HAKOIRI_START.split())], {tuple(HAKOIRI_START.split())}, 0
    while not any(all(p[i] == label for i, label in target) for p in layer):
        following = []
        for position in layer:
            for after in whole_slides(cells, shapes, position) - seen:
                seen.add(after)
                following.append(after)
        layer, moves = following, moves + 1
    assert moves == 81


def test_hakoiri_musume_reaches_25955_positions():
    result = api.answer({"command": "longest", "puzzle": "hakoiri-musume"})["result"]
    assert result["states"] == 25_955


def test_layer_counting_and_depth_first_enumeration_agree_on_problem_b_solutions():
    counts = {algorithm: solve("no-off", start=PROBLEM_B, algorithm=algorithm, all=True)["count"]
              for algorithm in ("bfs", "ida")}
    assert counts["bfs"] == counts["ida"] >= 1
