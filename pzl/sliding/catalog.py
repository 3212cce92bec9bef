"""The sliding puzzles pzl knows, as data: board geometry, pieces, default start and goal.

Each entry is JSON-able (the page draws boards from it before Python has booted);
`definition(id)` turns an entry back into a Board and a PieceSet.
"""

from __future__ import annotations

from typing import Any

from pzl.errors import CatalogError, shown
from pzl.sliding.board import Board, from_rows, rectangle
from pzl.sliding.position import Piece, PieceSet, rectangle_piece

SYMBOLS = (("┌", "1", "top-left corner"), ("─", "2", "horizontal bar"), ("┐", "3", "top-right corner"),
           ("│", "4", "vertical bar"), ("└", "5", "bottom-left corner"), ("┘", "6", "bottom-right corner"))


def _numbered_goal(size: int) -> str:
    return " ".join([*(str(i) for i in range(1, size)), "0"])


def _entry(puzzle_id: str, group: str, name: str, description: str, board: Board, start: str, goal: str,
           pieces: tuple[Piece, ...] = (), notes: str | None = None, start_note: str | None = None,
           ) -> dict[str, Any]:
    """A catalog entry; `start_note` says something true of the default start only (the page hides it
    once the start changes)."""
    entry: dict[str, Any] = {
        "id": puzzle_id, "family": "sliding", "group": group, "name": name, "description": description,
        "rows": board.rows, "cols": board.cols, "cells": [list(cell) for cell in board.cells],
        "start": start, "goal": goal,
    }
    if pieces:
        entry["pieces"] = {piece.label: piece.entry() for piece in pieces}
    if notes:
        entry["notes"] = notes
    if start_note:
        entry["start_note"] = start_note
    return entry


_HAKOIRI_PIECES = (
    rectangle_piece("M", 2, 2, "daughter (musume)", "娘"),
    rectangle_piece("V", 2, 1, "parent or maid (upright block)"),
    rectangle_piece("H", 1, 2, "head clerk (banto)"),
    Piece("S", ((0, 0),), "apprentice (small square)"),
)

CATALOG: list[dict[str, Any]] = [
    _entry("8-puzzle", "sliding tiles", "8-puzzle",
           "Tiles 1–8 on a 3×3 board: 181,440 positions, the hardest 31 moves from the goal.",
           rectangle(3, 3), "8 6 7 2 5 4 3 0 1", _numbered_goal(9),
           start_note="This start is one of the two hardest positions (31 moves)."),
    _entry("15-puzzle", "sliding tiles", "15-puzzle",
           "Sam Loyd's 4×4 classic: 16!/2 positions, far too many for breadth-first search; solved with IDA*.",
           rectangle(4, 4), "6 4 5 2 15 0 9 3 10 13 8 14 1 7 12 11", _numbered_goal(16),
           notes="The hardest positions need 80 moves; pure-Python IDA* takes minutes to hours on those.",
           start_note="This start needs 44 moves."),
    _entry("9-puzzle", "sliding tiles", "9-puzzle (2x5)",
           "Tiles 1–9 on a 2×5 board: 1,814,400 reachable positions, the hardest 55 moves from the goal.",
           rectangle(2, 5), "0 9 8 7 6 5 4 3 2 1", _numbered_goal(10)),
    _entry("9-puzzle-variant", "sliding tiles", "9-puzzle variant",
           "Tiles 1–9 on rows of 3, 4 and 3 cells, the last row shifted one column right; the hardest 52 moves.",
           from_rows("###.", "####", ".###"), "0 9 8 7 6 5 4 3 2 1", _numbered_goal(10)),
    _entry("symbols", "sliding tiles", "Symbol puzzle",
           "Eight line pieces ┌ ─ ┐ │ └ ┘ (─ and │ twice; equal pieces are interchangeable) on a 3×3 board.",
           rectangle(3, 3), "┘ │ └ ─ 0 ─ ┐ │ ┌", "┌ ─ ┐ │ 0 │ └ ─ ┘",
           pieces=tuple(Piece(glyph, ((0, 0),), name, (alias,)) for glyph, alias, name in SYMBOLS),
           notes="Pieces may also be typed as the articles' numbers 1–6: ┌ ─ ┐ │ └ ┘.",
           start_note="This start needs 30 moves."),
    _entry("no-off", "sliding blocks", "NO-OFF",
           "Nob Yoshigahara's puzzle: turn ON-OFF into NO-OFF on a 2×4 board with a two-cell bulb.",
           rectangle(2, 4), "L L O N O F F 0", "L L N O O F F 0",
           pieces=(rectangle_piece("L", 1, 2, "bulb", "💡"),),
           notes="Problem B, N O L L F O F 0, needs 56 moves.",
           start_note="This start is problem A (44 moves)."),
    _entry("hakoiri-musume", "sliding blocks", "Hakoiri Musume (Klotski)",
           "Bring the daughter (the 2×2 block) down to the exit at the bottom centre of a 4×5 box.",
           rectangle(5, 4), "V M M V V M M V V H H V V S S V S 0 0 S",
           "* * * * * * * * * * * * * M M * * M M *",
           pieces=_HAKOIRI_PIECES,
           notes="Only the daughter's place is set by the goal.",
           start_note="This start needs 116 moves of one piece by one cell; books count a piece's whole slide "
                      "(any distance, corners included) as one move: 81 at fewest, or 90 counting each "
                      "straight slide."),
]

_BY_ID = {entry["id"]: entry for entry in CATALOG}


def board_of(entry: dict[str, Any]) -> Board:
    """The Board of a catalog entry."""
    return Board(tuple((r, c) for r, c in entry["cells"]))


def pieces_of(entry: dict[str, Any]) -> PieceSet:
    """The PieceSet of a catalog entry: its special pieces plus the one-cell labels of its goal."""
    special = [Piece(label, tuple((dr, dc) for dr, dc in data["shape"]), data.get("name"),
                     tuple(data.get("aliases", ())), data.get("glyph"))
               for label, data in entry.get("pieces", {}).items()]
    pieces = PieceSet(special)
    for token in entry["start"].split():
        if token not in ("0", "*") and token not in pieces.pieces:
            pieces.add(Piece(token))
    return pieces


def entry(puzzle_id: str) -> dict[str, Any]:
    """The catalog entry with this id."""
    try:
        return _BY_ID[puzzle_id]
    except KeyError:
        raise CatalogError(f"unknown sliding puzzle {shown(puzzle_id)}; known: {', '.join(_BY_ID)}") from None
