"""Boards a person defines: a text mask of holes plus a lattice name.

`o` is a hole, `.` or a space is not; rows are separated by newlines or `/`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pzl.errors import CatalogError, PositionError, shown
from pzl.peg.board import PegBoard, build_board
from pzl.peg.lattice import LATTICES, Vector

HOLE = "oO"
NO_HOLE = ". "
MAX_HOLES = 160


def board_from_mask(mask: str | list[str], lattice: str = "square", board_id: str = "custom",
                    name: str | None = None) -> PegBoard:
    """The board a mask draws on `lattice`; a `PositionError` saying what is wrong with a bad mask."""
    return drawn_board(board_id, name, lattice, mask_coords(mask, lattice))


def drawn_board(board_id: str, name: str | None, lattice: str, coords: list[Vector],
                points: Sequence[tuple[float, float]] | None = None) -> PegBoard:
    """The board with holes at `coords` (`pzl.peg.board.build_board`); a `PositionError` when no jump is possible.
    Without a name, a drawn board is called by its size and lattice."""
    board = build_board(board_id, name or f"custom board ({len(coords)} holes, {lattice} lattice)", lattice, coords,
                        points)
    if not board.jumps:
        raise PositionError(f"no jump is possible on this board: no three holes lie in a line along the "
                            f"{lattice} lattice's directions")
    return board


def mask_coords(mask: str | list[str], lattice: str = "square") -> list[Vector]:
    """The lattice coordinates of the holes a mask draws on `lattice`; a `PositionError` saying what is wrong.

    Square lattices read a mask as a grid. On the triangular lattice a mask is read as a
    picture when holes in a row are separated (`  o/ o o/o o o`: each row shifted by one
    character), or as a sheared grid when some row has two holes side by side
    (`o/oo/ooo`: each row starts half a hole further left than the row above).
    """
    if lattice not in LATTICES:
        raise CatalogError(f"unknown lattice {shown(lattice)}; use one of: {', '.join(LATTICES)}")
    rows = _rows(mask)
    cells = [(col, row) for row, line in enumerate(rows) for col, char in enumerate(line) if char in HOLE]
    if not cells:
        raise PositionError("the mask has no holes: draw holes with o, and gaps with . or spaces")
    if len(cells) > MAX_HOLES:
        raise PositionError(f"the mask has {len(cells)} holes; pzl handles boards of at most {MAX_HOLES}")
    return _triangular_coords(cells) if lattice == "triangular" else cells


def _rows(mask: str | list[str]) -> list[str]:
    """The mask's rows, without blank rows at either end; unknown characters are an error."""
    if isinstance(mask, list | tuple):
        mask = "\n".join(str(row) for row in mask)
    if not isinstance(mask, str):
        raise PositionError("a mask is text: rows of o (hole) and . (no hole)")
    rows = [line.rstrip() for line in mask.replace("/", "\n").splitlines()]
    for number, line in enumerate(rows, 1):
        for char in line:
            if char not in HOLE and char not in NO_HOLE:
                raise PositionError(f"unknown character {char!r} in row {number} of the mask: "
                                    "use o for a hole and . or a space for no hole")
    while rows and not rows[0].strip(NO_HOLE):
        rows.pop(0)
    while rows and not rows[-1].strip(NO_HOLE):
        rows.pop()
    return rows


def _triangular_coords(cells: list[Vector]) -> list[Vector]:
    """Axial lattice coordinates of a triangular mask's holes (picture or sheared reading)."""
    occupied = set(cells)
    if any((col + 1, row) in occupied for col, row in cells):
        return cells  # sheared grid: column = a, row = b
    parities = {(col + row) % 2 for col, row in cells}
    if len(parities) > 1:
        odd = sorted({row + 1 for col, row in cells if (col + row) % 2 != (cells[0][0] + cells[0][1]) % 2})
        raise PositionError(
            "the rows of this triangular mask do not line up: draw it as a picture, each row shifted one "
            "character from the row above with holes separated by a space (e.g. '  o/ o o/o o o'), or as a "
            f"sheared grid with holes side by side (e.g. 'o/oo/ooo'); rows {odd} sit between the lattice points")
    parity = parities.pop()
    return [((col + row - parity) // 2, row) for col, row in cells]
