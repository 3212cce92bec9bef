"""Sliding-block puzzles typed as layout text: reading, the goal, the rules, bad layouts, and answers written back."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from itertools import pairwise, permutations
from pathlib import Path

import pytest

from pzl import api
from pzl.sliding.layout import draw, parse_layout, same_pieces
from pzl.sliding.service import problem_for
from pzl.sliding.task import from_request

ROOT = Path(__file__).resolve().parents[2]
DADS = "AABB/AACC/de../FGHH/FGII"
DADS_GOAL = "..../..../..../AA../AA.."
FOGLEMAN_HARDEST = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"


def answer(**request):
    final = api.answer({"command": "solve", **request})
    assert final["event"] == "result", final
    return final["result"]


def refusal(**request) -> str:
    final = api.answer({"command": "solve", **request})
    assert final["event"] == "error", final
    assert final["error"] == "PositionError", final
    return final["message"]


def pieces_of(text: str) -> list[tuple[str, frozenset[tuple[int, int]]]]:
    """The test's own reading: rows split on '/' (or a 36-character card), 4-connected regions of one character."""
    rows = [text[i:i + 6] for i in range(0, 36, 6)] if len(text) == 36 and "/" not in text else text.split("/")
    found, seen = [], set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in ".#ox" or (r, c) in seen:
                continue
            region, stack = {(r, c)}, [(r, c)]
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= ny < len(rows) and 0 <= nx < len(rows[0]) and rows[ny][nx] == ch and (ny, nx) not in region:
                        region.add((ny, nx))
                        stack.append((ny, nx))
            seen |= region
            found.append((ch, frozenset(region)))
    return found


def shape(cells: frozenset[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    r0, c0 = min(cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def test_dads_puzzle_typed_as_the_issue_types_it_needs_59_moves_proved_minimal():
    result = answer(layout=DADS, goal=DADS_GOAL)
    assert (result["moves"], result["minimal"], result["metric"]) == (59, True, "piece")
    assert result["piece_moves"] == 59 and result["straight_moves"] >= 59 and result["step_moves"] > 59
    assert result["solution"][0] == DADS and result["start"] == DADS and result["goal"] == DADS_GOAL


def test_the_done_when_command_prints_59_moves_with_the_straight_and_step_counts_beside_it():
    run = subprocess.run([sys.executable, "-m", "pzl", "solve", "--layout", DADS, "--goal", DADS_GOAL],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    head, counts = run.stdout.splitlines()[:2]
    assert head.startswith("layout: 59 moves, proved minimal")
    assert "straight slides" in counts and "one-cell slides" in counts


def test_each_move_of_a_layout_answer_is_one_piece_moving_and_keeping_its_character():
    result = answer(layout=DADS, goal=DADS_GOAL)
    assert len(result["steps"]) == result["moves"]
    for (before, after), step in zip(pairwise(result["solution"]), result["steps"], strict=True):
        old, new = set(pieces_of(before)), set(pieces_of(after))
        (gone,), (came,) = old - new, new - old
        assert gone[0] == came[0] == step["piece"]          # the mover keeps its character
        assert shape(gone[1]) == shape(came[1])
        assert step["from"] == sorted(r * 4 + c for r, c in gone[1])   # cells of the box, row × 4 + column
        assert step["to"] == sorted(r * 4 + c for r, c in came[1])


def test_every_position_pzl_writes_reads_back_to_the_same_position():
    puzzle = from_request({"layout": DADS, "goal": DADS_GOAL})
    result = answer(layout=DADS, goal=DADS_GOAL, metric="step")
    codes = [puzzle.codes_of(text) for text in result["solution"]]
    assert codes[0] == puzzle.start
    for text, position in zip(result["solution"], codes, strict=True):
        assert puzzle.text(position) == text or puzzle.codes_of(puzzle.text(position)) == position
        assert len(pieces_of(text)) == 9   # touching identical pieces never merge into one


def test_touching_identical_pieces_take_different_characters():
    """Two one-cell pieces both written d: side by side, one of them must be written otherwise."""
    puzzle = from_request({"layout": "d.d/.A.", "goal": "A../..."})
    d, a = puzzle.start[0], puzzle.start[4]
    text = puzzle.text((d, d, 0, 0, a, 0))
    assert len(pieces_of(text)) == 3 and text.startswith("d") and text[1] not in "dA"
    assert puzzle.codes_of(text) == (d, d, 0, 0, a, 0)


def test_pieces_of_one_shape_are_interchangeable_unless_the_goal_names_them():
    puzzle = from_request({"layout": "ab./..c", "goal": "c../..."})
    assert puzzle.start[0] == puzzle.start[1] != puzzle.start[5]   # a and b: one kind; c: the goal's own
    named = from_request({"layout": "ab./..c", "goal": "ba./..."})
    assert named.start[0] != named.start[1]
    assert answer(layout="ab./..c", goal="ba./...", metric="step")["moves"] > 0   # named: they must trade places


def test_a_piece_drawn_as_0_is_a_piece_not_an_empty_cell():
    # 0 labels an empty cell in label text: a piece drawn as 0 once vanished from the puzzle ("solved in 0 moves")
    result = answer(layout="0A/..", goal="../0.")
    assert (result["moves"], result["solution"]) == (1, ["0A/..", ".A/0."])
    assert answer(layout="0A./...", goal=".../A0.")["moves"] == 4
    assert answer(layout="0./..", goal="0./..")["moves"] == 0


def test_a_drawing_gives_one_piece_per_kind_and_the_start_and_goal_in_kind_labels():
    drawing = draw("ab./..c", "c../...", None)
    assert [(piece.label, piece.shape, piece.name) for piece in drawing.pieces] == [
        ("a", ((0, 0),), None), ("c", ((0, 0),), "piece c (the goal's)")]
    assert (drawing.start, drawing.goal, drawing.rules) == (list("aa000c"), list("c*****"), "free")
    card = draw(FOGLEMAN_HARDEST, None, None)   # a Rush Hour card: its rules and its default goal
    assert card.rules == "rush-hour" and card.targets == {"A": ((2, 4), (2, 5))}
    assert draw(FOGLEMAN_HARDEST, None, "free").rules == "free"


def test_a_catalog_puzzle_takes_a_layout_of_its_own_pieces_only():
    century = "BAAC/DAAE/DF.E/GF.H/IIJJ"
    assert same_pieces(parse_layout(century), parse_layout("BAAC/DAAE/DF.E/GF.H/JJII"))
    assert not same_pieces(parse_layout(century), parse_layout("BAAC/DAAE/DF.E/GF.H/I.J."))
    moved = from_request({"puzzle": "century", "layout": "BAAC/DAAE/D.FE/G.FH/IIJJ"})
    assert (moved.puzzle_id, moved.start_text) == ("century", "BAAC/DAAE/D.FE/G.FH/IIJJ")
    assert refusal(puzzle="century", layout="BAAC/BAAC/DEEF/D..F/IJKL") == "the layout has other pieces than century"


def test_a_goal_may_name_every_piece_for_a_full_arrangement():
    result = answer(layout="ab/c.", goal="ba/c.", metric="step", algorithm="bidirectional")
    assert result["solvable"] is False   # three tiles on a 2x2 ring only rotate


def test_a_rush_hour_card_drives_car_a_to_the_right_edge_of_its_row():
    card = "ooooooooooooAAooBoooooBooooooooooooo"
    result = answer(layout=card)
    assert result["moves"] == 2 and result["metric"] == "piece"
    assert all(len(text) == 36 and "/" not in text for text in result["solution"])
    assert result["solution"][-1][16:18] == "AA"


def test_fogleman_s_hardest_rush_hour_start_needs_60_moves_and_reaches_2332_positions():
    assert answer(layout=FOGLEMAN_HARDEST)["moves"] == 60
    final = api.answer({"command": "longest", "layout": FOGLEMAN_HARDEST})
    assert final["result"]["states"] == 2332 and final["result"]["longest"] == 60


def test_rush_hour_rules_move_cars_only_along_their_length():
    assert answer(layout=".../AA./...", goal=".../.../AA.")["moves"] == 1
    stuck = answer(layout=".../AA./...", goal=".../.../AA.", rules="rush-hour")
    assert stuck["solvable"] is False   # A can never leave its row
    assert answer(layout="AA./B../B..", goal=".AA/.../...", rules="rush-hour")["moves"] == 1


@pytest.mark.parametrize(("layout", "goal", "rules", "words"), [
    ("AAB/AC", "..A/...", None, "row 2 of the layout has 2 cells but row 1 has 3"),
    ("AA./...", "AA../....", None, "the goal is 2 rows by 4 columns but the layout is 2 by 3"),
    ("AA./...", ".A./.A.", None, "pieces never rotate"),
    ("AA./...", "..Z/...", None, "the goal names Z, which is not a piece of the layout"),
    ("d.d/...", "..d/...", None, "d stands for 2 pieces"),
    ("AB/CD", "BA/CD", None, "no empty cell"),
    ("../..", "../..", None, "no piece"),
    ("A$./...", ".A./...", None, "'$' at row 1, column 2"),
    ("A*./...", ".A./...", None, "'*' at row 1, column 2"),
    ("A#./...", ".A./...", None, "the goal puts A on the wall at row 1, column 2"),
    ("A../...", ".#./...", None, "a wall (#) at row 1, column 2 where the layout has a cell"),
    ("A../...", "A.A/...", None, "draws A in two places"),
    ("AA./A..", "...../.....", None, "5 columns"),
    ("AA./A..", "...", None, "1 rows by 3 columns"),
    ("AA./.A.", ".AA/..A", "rush-hour", "neither a row nor a column"),
    ("A../...", "..A/...", "rush-hour", "is a single cell"),
    ("AB/..", "..", "diagonal", "unknown rules"),
    ("A" * 11 + "/" + "." * 11, ".", None, "at most 10"),
    ("AA./...", "....", None, "1 rows by 4 columns"),
])
def test_bad_layouts_are_refused_with_a_message_naming_the_fault(layout, goal, rules, words):
    request = {"layout": layout, "goal": goal}
    if rules:
        request["rules"] = rules
    assert words in refusal(**request)


def test_a_layout_needs_a_goal_unless_it_is_a_rush_hour_card():
    assert "needs a goal" in refusal(layout="AA./...")
    assert "car A" in refusal(layout="BB./...", rules="rush-hour")


def test_a_layout_is_the_start_so_it_takes_no_start_or_board():
    assert "not both" in refusal(layout="AA./...", goal=".AA/...", start="1 2 0")
    assert "not both" in refusal(layout="AA./...", goal=".AA/...", board="2x3")


def test_a_layout_survives_a_link_unchanged():
    from urllib.parse import quote, unquote

    for text in (DADS, FOGLEMAN_HARDEST, "A#B/.#./C.D"):
        assert unquote(quote(text, safe="/.*")) == text
        assert set(quote(text, safe="/.*")) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                                                    "./*%")


def test_the_catalog_draws_its_layout_puzzles_and_reads_them_back():
    for entry in api.answer({"command": "catalog"})["result"]["puzzles"]:
        if "layout" not in entry:
            continue
        layout = parse_layout(entry["layout"])
        assert layout.text() == entry["layout"]
        puzzle = from_request({"puzzle": entry["id"]})
        assert puzzle.start_text == entry["layout"] and puzzle.goal_text == entry["goal_layout"]
        labels = from_request({"puzzle": entry["id"], "start": entry["start"]})
        assert labels.start == puzzle.start and labels.rules == puzzle.rules
        assert set(entry["goal_pieces"]) <= {piece.char for piece in layout.pieces}


#: Catalog puzzles whose published count takes a search too big for CI, and the benchmark that reproduces it:
#: Dudeney's garage stores 9.5 million positions (90-140 s of CPU); here his 43 moves are replayed instead.
BENCH = {"motor-garage": "bench/motor_garage.py"}


@pytest.mark.parametrize("entry", [entry for entry in api.answer({"command": "catalog"})["result"]["puzzles"]
                                   if entry.get("published") and entry["id"] not in BENCH],
                         ids=lambda entry: entry["id"])
def test_every_published_count_of_the_catalog_is_reproduced_by_search(entry):
    for figure in entry["published"]:
        if "moves" in figure:
            result = answer(puzzle=entry["id"], metric=figure["metric"])
            assert result["moves"] == figure["moves"], figure
        if "states" in figure:
            final = api.answer({"command": "longest", "puzzle": entry["id"]})
            assert final["result"]["states"] == figure["states"], figure


def _catalog_entry(puzzle_id: str) -> dict:
    """The catalog's entry for `puzzle_id`, as the API lists it."""
    return next(item for item in api.answer({"command": "catalog"})["result"]["puzzles"] if item["id"] == puzzle_id)


def test_the_garage_s_count_left_to_its_benchmark_is_searched_there_on_the_catalog_s_plan():
    """bench/motor_garage.py searches every plan Dudeney's answer fits: the catalog's is one, drawn the same way."""
    spec = importlib.util.spec_from_file_location("motor_garage", ROOT / BENCH["motor-garage"])
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    entry = _catalog_entry("motor-garage")
    rows = entry["layout"].split("/")
    free = frozenset((r, c) for r, row in enumerate(rows) for c, char in enumerate(row) if char == ".")
    apart = len(rows) - 1
    places = {**{p: (0, c) for c, p in enumerate("IJKL")}, **{p: (apart, c) for c, p in enumerate("ABCD")}}
    assert any(bench.fits({**places, **dict(zip("EFGH", cells, strict=True))}) for cells in permutations(free))
    assert bench.layout(apart, free) == (entry["layout"], entry["goal_layout"])
    assert {figure["moves"] for figure in entry["published"] if "moves" in figure} == {43}


def test_a_layout_answer_in_json_from_the_cli_is_the_api_s():
    run = subprocess.run([sys.executable, "-m", "pzl", "solve", "--layout", "AA./...", "--goal", ".AA/...", "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    result = json.loads(run.stdout)
    assert result["solution"] == ["AA./...", ".AA/..."]
    assert result == answer(layout="AA./...", goal=".AA/...") | {"stats": result["stats"]}


def test_super_century_is_the_farthest_start_from_the_goal_among_centurys_positions():
    final = api.answer({"command": "longest", "puzzle": "century", "metric": "piece"})
    result = final["result"]
    assert (result["states"], result["longest"], len(result["positions"])) == (81_340, 138, 6)
    super_century = api.answer({"command": "catalog"})["result"]["puzzles"]
    layout = next(entry for entry in super_century if entry["id"] == "super-century")["layout"]

    def drawn(text):   # the position as shapes where they lie, the goal piece told apart
        return {(char == "A", shape(cells), min(cells)) for char, cells in pieces_of(text)}

    assert drawn(layout) in [drawn(text) for text in result["positions"]]


def test_compare_runs_every_algorithm_on_a_layout_in_its_metric_and_the_minimal_rows_agree():
    final = api.answer({"command": "compare", "layout": "AAB/C../..D", "goal": ".../.../AA.", "seconds": 5})
    result = final["result"]
    assert result["metric"] == "piece"
    minimal = {row["algorithm"]: row["moves"] for row in result["rows"] if row["minimal"]}
    assert {"bfs", "iddfs", "ida", "astar"} <= set(minimal) and len(set(minimal.values())) == 1


DUDENEY_224 = ("6-G, 2-B, 1-E, 3-H, 4-I, 3-L, 6-K, 4-G, 1-I, 2-J, 5-H, 4-A, 7-F, 8-E, 4-D, 8-C, 7-A, 8-G, 5-C, 2-B, "
               "1-E, 8-I, 1-G, 2-J, 7-H, 1-A, 7-G, 2-B, 6-E, 3-H, 8-L, 3-I, 7-K, 3-G, 6-I, 2-J, 5-H, 3-C, 5-G, 2-B, "
               "6-E, 5-I, 6-J")


def test_dudenys_own_43_moves_are_legal_whole_slides_on_the_motor_garage_plan():
    """His answer names places A-L: A-D the bottom row, I-L the top row (where his cars end), E-H the passage."""
    places = {"I": (0, 0), "J": (0, 1), "K": (0, 2), "L": (0, 3), "H": (1, 1), "G": (2, 0), "F": (2, 1),
              "E": (3, 1), "A": (4, 0), "B": (4, 1), "C": (4, 2), "D": (4, 3)}
    entry = _catalog_entry("motor-garage")
    position = {char: cells for char, cells in pieces_of(entry["layout"])}
    drawn = {cells for cells in position.values()} | {frozenset({places[p]}) for p in "EFGH"}
    assert drawn == {frozenset({cell}) for cell in places.values()}
    puzzle = from_request({"puzzle": "motor-garage"})
    problem = problem_for(puzzle, "piece")
    state = problem.start
    for move in DUDENEY_224.split(", "):
        car, place = move.split("-")
        position[car] = frozenset({places[place]})
        after = puzzle.codes_of("/".join("".join(next((char for char, cells in position.items() if (r, c) in cells),
                                                        "#" if (r, c) not in places.values() else ".")
                                                   for c in range(4)) for r in range(5)))
        assert problem.encode(after) in problem.successors(state), move
        state = problem.encode(after)
    assert problem.is_goal(state)
