"""How players name the holes of a peg board, as the page does (`web/peg-notation.js`).

On the English (33) and French (37) boards, as in George Bell's solutions and the solitaire
literature, a hole is its column letter a–g (left to right) and its row number 1–7 (top to
bottom): the English centre is d4, and "d2-d4" is a first jump. Every other board numbers its
holes from 0 in the catalog's order.
"""

from __future__ import annotations

from pzl.peg.board import PegBoard

#: The boards written with letters and numbers.
LETTERED = frozenset({"english-33", "french-37"})
COLUMNS = "abcdefg"


def lettered(board: PegBoard) -> bool:
    """Whether `board`'s holes are named by column letter and row number."""
    return board.id in LETTERED


def hole_names(board: PegBoard) -> tuple[str, ...]:
    """Each hole's name in hole order: "d4" on a lettered board, else its number ("16")."""
    if not lettered(board):
        return tuple(str(hole) for hole in range(board.size))
    return tuple(f"{COLUMNS[round(x)]}{round(y) + 1}" for x, y in board.points)


def hole_named(board: PegBoard, text: str) -> int | None:
    """The hole a name stands for on a lettered board ("d4", any case), else None."""
    if not lettered(board):
        return None
    names = hole_names(board)
    written = text.strip().lower()
    return names.index(written) if written in names else None


def move_text(board: PegBoard, holes: list[int], names: tuple[str, ...] | None = None) -> str:
    """A move (the holes its peg visits) as players write it: "d2-d4-f4" on a lettered board, else "12 → 6"."""
    if not lettered(board):
        return " → ".join(map(str, holes))
    names = names or hole_names(board)
    return "-".join(names[hole] for hole in holes)
