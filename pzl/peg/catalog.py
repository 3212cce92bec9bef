"""The peg boards pzl knows by name, their geometry and their default tasks, and their catalog entries.

Every board is built from coordinates or a mask; no jump table is written by hand. The entries are
JSON-able data the page draws before Pyodide boots: drawing coordinates, jumps and the default task.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pzl.errors import CatalogError, shown
from pzl.peg.board import PegBoard
from pzl.peg.mask import drawn_board, mask_coords

#: Hoppers as the article numbers it: (x, y) of holes 0..12 on a 5×5 drawing grid.
HOPPERS_POINTS = ((0, 0), (2, 0), (4, 0), (1, 1), (3, 1), (0, 2), (2, 2), (4, 2),
                  (1, 3), (3, 3), (0, 4), (2, 4), (4, 4))


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """A catalog board: how to build it, and its default task (empty holes → finish hole or "any")."""

    id: str
    name: str
    description: str
    lattice: str
    empty: tuple[int, ...]
    finish: int | str
    mask: str = ""
    notes: str = ""
    start_note: str = ""   # true of the default task only (the page hides it once the task changes)


def _triangle(side: int) -> str:
    return "/".join("o" * (row + 1) for row in range(side))


def _triangle_coords(side: int) -> list[tuple[int, int]]:
    return [(a, b) for b in range(side) for a in range(b + 1)]


def _modified_triangle_coords(side: int) -> list[tuple[int, int]]:
    """A triangle plus one hole past each corner along each of its two edges (axial coordinates)."""
    corners = ((0, 0), (0, side - 1), (side - 1, side - 1))
    extra = []
    for corner in corners:
        for other in corners:
            if other != corner:
                step = ((other[0] - corner[0]) // (side - 1), (other[1] - corner[1]) // (side - 1))
                extra.append((corner[0] - step[0], corner[1] - step[1]))
    return _triangle_coords(side) + extra


def _diamond(radius: int) -> str:
    width = 2 * radius + 1
    return "/".join("".join("o" if abs(col - radius) + abs(row - radius) <= radius else "." for col in range(width))
                    for row in range(width))


SPECS = (
    BoardSpec("hoppers", "Hoppers", "13 holes on a diagonal grid (Nob Yoshigahara).",
              "square-diagonal", (6,), 6, start_note="Centre to centre in 7 moves.",
              notes="A 3×3 grid of holes plus the 4 centres between them. Pegs jump along rows and columns of the "
                    "grid (0 over 1 to 2) and along its diagonals (0 over 3 to 6): a square lattice with diagonal "
                    "jumps, turned by 45°. Holes numbered as in M. Hiroi's article."),
    BoardSpec("triangle-21", "Modified triangle", "21 holes: the 15-hole triangle with a hole added past each corner "
              "along each edge.", "triangular", (6,), 6, start_note="Centre to centre in 12 moves.",
              notes="The henkei sankaku-ban (modified triangle) of M. Hiroi's article, holes numbered as there "
                    "(row by row). Hole 6 is the middle of the third row of the inner triangle."),
    BoardSpec("english-33", "English board", "The classic 33-hole cross.", "square", (16,), 16,
              start_note="The central game: 18 moves at fewest.",
              mask="..ooo../..ooo../ooooooo/ooooooo/ooooooo/..ooo../..ooo..",
              notes="Central game: the centre (16) empty at the start, one peg left in the centre."),
    BoardSpec("french-37", "French board", "37 holes: the English cross with four corners filled in.", "square",
              (5,), 31,
              mask="..ooo../.ooooo./ooooooo/ooooooo/ooooooo/.ooooo./..ooo..",
              notes="The central game (centre 18 empty → one peg in 18) is impossible: start and finish lie in "
                    "different position classes. Default task: hole 5 (just below the top middle) empty, one peg "
                    "left in hole 31 (just above the bottom middle) — a classic single-vacancy game."),
    BoardSpec("diamond-41", "Diamond board", "41 holes in a diamond: rows of 1, 3, 5, 7, 9, 7, 5, 3 and 1 holes.",
              "square", (6,), 34,
              mask=_diamond(4),
              notes="The 41-hole board of the articles' list; holes numbered row by row, the centre is 20. "
                    "Its central game is impossible (position classes), so the default task starts with hole 6 "
                    "(two above the centre) empty and ends with one peg in hole 34 (two below it)."),
    BoardSpec("triangle-10", "Triangle of side 4", "10 holes in a triangle.", "triangular", (1,), "any",
              mask=_triangle(4), notes="Holes numbered row by row from the top corner (0). A corner start "
                                       "cannot end with one peg (position classes), so hole 1 starts empty."),
    BoardSpec("triangle-15", "Triangle of side 5", "15 holes in a triangle: the classic tee game.", "triangular",
              (0,), "any", mask=_triangle(5), notes="Holes numbered row by row from the top corner (0)."),
    BoardSpec("triangle-21-regular", "Triangle of side 6", "21 holes in a triangle.", "triangular",
              (0,), "any", mask=_triangle(6),
              notes="Holes numbered row by row from the top corner (0). Not the modified triangle, "
                    "which also has 21 holes."),
    BoardSpec("triangle-28", "Triangle of side 7", "28 holes in a triangle.", "triangular", (1,), "any",
              mask=_triangle(7), notes="Holes numbered row by row from the top corner (0). A corner start "
                                       "cannot end with one peg (position classes), so hole 1 starts empty."),
    BoardSpec("triangle-36", "Triangle of side 8", "36 holes in a triangle.", "triangular", (0,), "any",
              mask=_triangle(8), notes="Holes numbered row by row from the top corner (0)."),
)

SPEC_BY_ID = {spec.id: spec for spec in SPECS}


def spec_by_id(board_id: str) -> BoardSpec:
    """The catalog spec of a board; a `CatalogError` listing the peg boards otherwise."""
    try:
        return SPEC_BY_ID[board_id]
    except KeyError:
        raise CatalogError(f"unknown peg board {shown(board_id)}; known: {', '.join(SPEC_BY_ID)}") from None


def board_by_id(board_id: str) -> PegBoard:
    """The catalog board with this id (built once, with the catalog: `BOARDS`)."""
    return BOARDS[spec_by_id(board_id).id]


def board_of(request: dict[str, Any]) -> PegBoard:
    """The request's board: a catalog id (`puzzle`), or a board drawn with a mask (and its lattice)."""
    mask = request.get("mask")
    puzzle = request.get("puzzle")
    if mask in (None, ""):
        if request.get("lattice") not in (None, ""):
            raise CatalogError(f"lattice belongs to a board drawn with a mask; {shown(puzzle)} has its own: "
                               "leave lattice out")
        if not isinstance(puzzle, str) or not puzzle:
            raise CatalogError("name a peg board (e.g. hoppers) or give a mask")
        return board_by_id(puzzle)
    if puzzle not in (None, ""):
        raise CatalogError("name a peg board or draw one with a mask, not both")
    return _board("custom", "", str(request.get("lattice") or "square"), mask)


def board_and_part(request: dict[str, Any]) -> tuple[PegBoard, dict[str, Any]]:
    """The request's board (`board_of`) and its part of every answer (`answer_part`), prepared together."""
    board = board_of(request)
    return board, answer_part(board)


def answer_part(board: PegBoard) -> dict[str, Any]:
    """A board's part of an answer: for a board drawn by a mask its geometry (the page cannot look it up in the
    catalog), nothing for a catalog board."""
    return {} if board.id in SPEC_BY_ID else {"board": board_entry(board)}


def _board(board_id: str, name: str, lattice: str, mask: str | list[str]) -> PegBoard:
    """A board built from its holes: Hoppers' and the modified triangle's own, else the holes its mask draws."""
    points = None
    if board_id == "hoppers":
        coords = [((x + y) // 2, (y - x) // 2) for x, y in HOPPERS_POINTS]  # turn the drawing back by 45°
        points = HOPPERS_POINTS
    elif board_id == "triangle-21":
        coords = _modified_triangle_coords(5)
    else:
        coords = mask_coords(mask, lattice)
    return drawn_board(board_id, name, lattice, coords, points)


#: The catalog's boards by id, built once.
BOARDS: dict[str, PegBoard] = {spec.id: _board(spec.id, spec.name, spec.lattice, spec.mask) for spec in SPECS}


def board_entry(board: PegBoard) -> dict[str, Any]:
    """The geometry part of an entry: lattice, drawing coordinates in hole order, jumps, symmetry count."""
    return {"lattice": board.lattice,
            "holes": [list(point) for point in board.points],
            "jumps": [list(jump) for jump in board.jumps],
            "symmetries": len(board.symmetries)}


def catalog_entry(spec: BoardSpec) -> dict[str, Any]:
    """The catalog entry of a board spec."""
    board = board_by_id(spec.id)
    entry: dict[str, Any] = {"id": spec.id, "family": "peg", "group": "peg solitaire", "name": spec.name,
                             "description": spec.description}
    entry.update(board_entry(board))
    entry["empty"] = list(spec.empty)
    entry["finish"] = spec.finish
    if spec.notes:
        entry["notes"] = spec.notes
    if spec.start_note:
        entry["start_note"] = spec.start_note
    return entry


CATALOG: list[dict[str, Any]] = [catalog_entry(spec) for spec in SPECS]
