"""The peg boards as catalog entries: JSON-able data the page draws before Pyodide boots.

Each entry carries the board's drawing coordinates, its jumps and its default task.
"""

from __future__ import annotations

from typing import Any

from pzl.peg.board import PegBoard
from pzl.peg.catalog import SPECS, BoardSpec, board_by_id


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
