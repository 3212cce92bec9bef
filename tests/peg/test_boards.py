"""Peg boards come from geometry: jump tables equal the articles', symmetries and holes are counted from coordinates."""

from __future__ import annotations

import pytest

from pzl.peg import CATALOG
from pzl.peg.board import build_board
from pzl.peg.catalog import HOPPERS_POINTS, SPECS, board_by_id
from pzl.peg.lattice import LATTICES, SQUARE, SQUARE_DIAGONAL, TRIANGULAR
from tests.peg.article_tables import HOPPERS, TRIANGLE_21

HOLES = {"hoppers": 13, "triangle-21": 21, "english-33": 33, "french-37": 37, "diamond-41": 41,
         "triangle-10": 10, "triangle-15": 15, "triangle-21-regular": 21, "triangle-28": 28, "triangle-36": 36}
SYMMETRIES = {"hoppers": 8, "triangle-21": 6, "english-33": 8, "french-37": 8, "diamond-41": 8,
              "triangle-10": 6, "triangle-15": 6, "triangle-21-regular": 6, "triangle-28": 6, "triangle-36": 6}


def as_sets(table):
    return [set(pairs) for pairs in table]


def test_hoppers_jump_table_is_the_articles():
    assert as_sets(board_by_id("hoppers").jumps_from) == as_sets(HOPPERS)


def test_modified_triangle_jump_table_is_the_articles():
    assert as_sets(board_by_id("triangle-21").jumps_from) == as_sets(TRIANGLE_21)


def test_hoppers_keeps_the_articles_coordinates_as_its_drawing():
    assert board_by_id("hoppers").points == HOPPERS_POINTS


def test_hoppers_needs_both_kinds_of_jump_of_the_square_diagonal_lattice():
    board = board_by_id("hoppers")
    coords = board.holes
    orthogonal_only = build_board("x", "x", SQUARE, coords, HOPPERS_POINTS)
    assert orthogonal_only.jumps and set(orthogonal_only.jumps) < set(board.jumps)


@pytest.mark.parametrize("board_id", HOLES)
def test_catalog_board_has_its_number_of_holes(board_id):
    assert board_by_id(board_id).size == HOLES[board_id]


@pytest.mark.parametrize("board_id", SYMMETRIES)
def test_catalog_board_has_its_symmetry_group(board_id):
    assert len(board_by_id(board_id).symmetries) == SYMMETRIES[board_id]


@pytest.mark.parametrize("board_id", HOLES)
def test_symmetries_map_jumps_onto_jumps(board_id):
    board = board_by_id(board_id)
    jumps = set(board.jumps)
    assert board.symmetries[0] == tuple(range(board.size))
    for perm in board.symmetries:
        assert sorted(perm) == list(range(board.size))
        assert {(perm[a], perm[b], perm[c]) for a, b, c in jumps} == jumps


@pytest.mark.parametrize("board_id", HOLES)
def test_every_jump_is_three_holes_in_a_line_one_step_apart(board_id):
    board = board_by_id(board_id)
    for a, b, c in board.jumps:
        (xa, ya), (xb, yb), (xc, yc) = (board.points[h] for h in (a, b, c))
        assert abs(xb - (xa + xc) / 2) < 1e-3 and abs(yb - (ya + yc) / 2) < 1e-3
    assert set(board.jumps) == {(c, b, a) for a, b, c in board.jumps}  # every jump can be made backwards


@pytest.mark.parametrize("board_id", HOLES)
def test_holes_are_numbered_row_by_row_from_the_top_left(board_id):
    points = board_by_id(board_id).points
    assert list(points) == sorted(points, key=lambda point: (point[1], point[0]))
    assert min(x for x, _ in points) == 0 and min(y for _, y in points) == 0


def test_triangle_holes_are_drawn_one_unit_apart():
    points = board_by_id("triangle-10").points
    assert points[0] == (1.5, 0) and points[1] == (1, 0.866) and points[6] == (0, 2.5981)


def test_english_board_centre_is_hole_16():
    board = board_by_id("english-33")
    assert board.points[16] == (3, 3)


def test_diamond_holds_the_holes_within_four_steps_of_the_centre():
    board = board_by_id("diamond-41")
    assert {(x - 4, y - 4) for x, y in board.points} == {(x, y) for x in range(-4, 5) for y in range(-4, 5)
                                                         if abs(x) + abs(y) <= 4}


@pytest.mark.parametrize(("lattice", "count"), [(SQUARE, 8), (SQUARE_DIAGONAL, 8), (TRIANGULAR, 12)])
def test_lattice_isometries_form_its_point_group(lattice, count):
    assert len(lattice.isometries()) == count


def test_lattices_are_the_three_named_ones():
    assert set(LATTICES) == {"square", "square-diagonal", "triangular"}


def test_catalog_lists_every_board_once_with_its_geometry():
    assert [entry["id"] for entry in CATALOG] == [spec.id for spec in SPECS]
    for entry in CATALOG:
        board = board_by_id(entry["id"])
        assert entry["family"] == "peg" and entry["group"] == "peg solitaire"
        assert entry["holes"] == [list(point) for point in board.points]
        assert entry["jumps"] == [list(jump) for jump in board.jumps]
        assert entry["lattice"] in LATTICES
        assert all(0 <= hole < board.size for hole in entry["empty"])
        assert entry["finish"] == "any" or 0 <= entry["finish"] < board.size


def test_default_tasks_are_the_documented_ones():
    defaults = {entry["id"]: (entry["empty"], entry["finish"]) for entry in CATALOG}
    assert defaults["hoppers"] == ([6], 6)
    assert defaults["triangle-21"] == ([6], 6)
    assert defaults["english-33"] == ([16], 16)
    assert defaults["triangle-15"] == ([0], "any")
