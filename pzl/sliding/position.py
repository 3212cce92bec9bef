"""Pieces and the position text format: labels in cell order, 0 for an empty cell.

A multi-cell piece writes its label in every cell it covers; pieces with the same
label are interchangeable. A goal may write `*` for "any content" in a cell.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pzl.errors import PositionError, shown
from pzl.sliding.board import Board, Cell
from pzl.wording import counted

EMPTY = 0        # the code of an empty cell
ANY = -1         # the code of a goal cell that may hold anything
EMPTY_TOKENS = frozenset({"0", "_", "□"})
ANY_TOKENS = frozenset({"*", "?"})
SEPARATORS = re.compile(r"[\s,/|;]+")


@dataclass(frozen=True, slots=True)
class Piece:
    """A kind of piece: its label, its shape (offsets from its top-left cell) and how to show it."""

    label: str
    shape: tuple[Cell, ...] = ((0, 0),)
    name: str | None = None
    aliases: tuple[str, ...] = ()
    glyph: str | None = None     # how a page may draw it (the label otherwise)

    @property
    def size(self) -> int:
        """The number of cells the piece covers."""
        return len(self.shape)

    def describe(self) -> str:
        """The piece as a person would name it: 'bulb (1x2)'."""
        rows = max(dr for dr, _ in self.shape) + 1
        cols = max(dc for _, dc in self.shape) + 1
        name = self.name or f"piece {self.label}"
        return f"{name} ({rows}x{cols})" if self.size > 1 else name

    def covers(self, board: Board, anchor: int) -> tuple[int, ...] | None:
        """The cells of `board` the piece covers with its top-left cell at `anchor`, in its shape's order; None when
        part of it falls off the board."""
        r, c = board.cells[anchor]
        cells = tuple(board.number.get((r + dr, c + dc)) for dr, dc in self.shape)
        return None if None in cells else cells  # type: ignore[return-value]

    def entry(self) -> dict[str, Any]:
        """The catalog's JSON form of the piece."""
        data: dict[str, Any] = {"shape": [list(offset) for offset in self.shape]}
        if self.name:
            data["name"] = self.name
        if self.aliases:
            data["aliases"] = list(self.aliases)
        if self.glyph:
            data["glyph"] = self.glyph
        return data


def rectangle_piece(label: str, rows: int, cols: int, name: str | None = None, glyph: str | None = None) -> Piece:
    """A rigid rows x cols block."""
    return Piece(label, tuple((r, c) for r in range(rows) for c in range(cols)), name, (), glyph)


class PieceSet:
    """The labels a puzzle knows, each with a code (1, 2, ...; 0 is empty) and a shape."""

    def __init__(self, pieces: Iterable[Piece], free_labels: bool = False) -> None:
        self.pieces: dict[str, Piece] = {}
        self._lookup: dict[str, str] = {}
        self.free_labels = free_labels  # custom boards: any token is a one-cell tile
        for piece in pieces:
            self.add(piece)

    def add(self, piece: Piece) -> None:
        """Know one more kind of piece."""
        self.pieces[piece.label] = piece
        self._lookup[piece.label] = piece.label
        for alias in (*piece.aliases, *((piece.glyph,) if piece.glyph else ())):
            self._lookup[alias] = piece.label

    def label_of(self, token: str) -> str:
        """The canonical label of a token, which may be an alias; PositionError if unknown."""
        label = self._lookup.get(token)
        if label is None:
            if not self.free_labels:
                known = " ".join(sorted(self.pieces, key=lambda label: (not label.isdigit(), len(label), label)))
                raise PositionError(f"unknown piece {shown(token)}; this puzzle's pieces are: {known}")
            self.add(Piece(token))
            label = token
        return label

    def code_table(self) -> tuple[dict[str, int], list[str]]:
        """Codes for the labels in a stable order: numbers first by value, then the rest."""
        labels = sorted(self.pieces, key=lambda label: (0, int(label), "") if label.isdigit() else (1, 0, label))
        return {label: i + 1 for i, label in enumerate(labels)}, ["0", *labels]


def tokens(text: Any, board: Board, what: str) -> list[str]:
    """The cell tokens of a position given as text or a list; PositionError on a wrong length."""
    if isinstance(text, str):
        parts = [part for part in SEPARATORS.split(text.strip()) if part]
        if len(parts) == 1 and len(parts[0]) == board.size > 1:
            parts = list(parts[0])  # written without separators, e.g. "123456780"
    elif isinstance(text, (list, tuple)):
        parts = [str(part) for part in text]
    else:
        raise PositionError(f"the {what} must be a text of labels in cell order, got {type(text).__name__}")
    if len(parts) != board.size:
        raise PositionError(f"the {what} has {counted(len(parts), 'cell')} but the board has {board.size}")
    return parts


def parse_labels(text: Any, board: Board, pieces: PieceSet, what: str, allow_any: bool = False) -> list[str]:
    """Canonical labels per cell ('0' empty, '*' any) for a position text."""
    labels = []
    for token in tokens(text, board, what):
        if token in EMPTY_TOKENS:
            labels.append("0")
        elif token in ANY_TOKENS:
            if not allow_any:
                raise PositionError(f"the {what} may not contain {shown(token)}: every cell must be given")
            labels.append("*")
        else:
            labels.append(pieces.label_of(token))
    return labels


def decompose(labels: list[str], board: Board, pieces: Mapping[str, Piece], what: str,
              ) -> list[tuple[str, tuple[int, ...]]]:
    """The pieces of a position as (label, the cells it covers: `Piece.covers` from its top-left cell), checking
    every piece has its shape.

    Scanning cells in order, the first unclaimed cell of a label must be the
    top-left cell of a piece of that label, so the split is unique.
    """
    claimed = [False] * board.size
    found = []
    for cell, label in enumerate(labels):
        if label in ("0", "*") or claimed[cell]:
            continue
        piece = pieces[label]
        cells = piece.covers(board, cell)
        if cells is None or any(labels[other] != label or claimed[other] for other in cells):
            r, c = board.cells[cell]
            raise PositionError(f"the {what} has a broken {piece.describe()}: its cells must form the shape "
                                f"{_shape_text(piece)} starting at row {r + 1}, column {c + 1}")
        for other in cells:
            claimed[other] = True
        found.append((label, cells))
    return found


def _shape_text(piece: Piece) -> str:
    rows = max(dr for dr, _ in piece.shape) + 1
    cols = max(dc for _, dc in piece.shape) + 1
    return f"{rows}x{cols}"


def check_same_pieces(start: list[tuple[str, tuple[int, ...]]], goal: list[tuple[str, tuple[int, ...]]],
                      goal_is_partial: bool) -> None:
    """PositionError unless the start has the goal's pieces (all of them, for a full goal)."""
    have = Counter(label for label, _ in start)
    want = Counter(label for label, _ in goal)
    if goal_is_partial:
        missing = want - have
        if missing:
            names = ", ".join(f"{label} x{count}" if count > 1 else label for label, count in sorted(missing.items()))
            raise PositionError(f"the goal places pieces the start does not have: {names}")
        return
    if have != want:
        extra = ", ".join(sorted((have - want).elements())) or "none"
        missing = ", ".join(sorted((want - have).elements())) or "none"
        raise PositionError(f"the start and the goal have different pieces (start has extra: {extra}; "
                            f"start lacks: {missing})")


@dataclass(frozen=True, slots=True)
class Positions:
    """A start and a goal read against a board and its pieces: the pieces the start uses (by label), each
    code's label (labels[0] == "0", then numbers by value, then the rest), both positions as codes per cell, and
    the cells each piece of the start covers (in reading order of its first cell)."""

    pieces: dict[str, Piece]
    labels: tuple[str, ...]
    start: tuple[int, ...]
    goal: tuple[int, ...]
    start_pieces: tuple[tuple[int, ...], ...]


def read_positions(board: Board, pieces: PieceSet, start_text: Any, goal_text: Any) -> Positions:
    """Parse and check start and goal against the board and pieces; PositionError on any fault."""
    goal_labels = parse_labels(goal_text, board, pieces, "goal", allow_any=True)
    start_labels = parse_labels(start_text, board, pieces, "start")
    goal_pieces = decompose(goal_labels, board, pieces.pieces, "goal")
    start_pieces = decompose(start_labels, board, pieces.pieces, "start")
    partial = "*" in goal_labels
    check_same_pieces(start_pieces, goal_pieces, partial)
    if not partial and "0" not in start_labels:
        raise PositionError("the start has no empty cell, so nothing can move")
    if not start_pieces:
        raise PositionError("the start has no pieces, only empty cells: there is nothing to move")
    codes, labels = pieces.code_table()
    start = tuple(codes[label] if label != "0" else EMPTY for label in start_labels)
    goal = tuple(ANY if label == "*" else codes[label] if label != "0" else EMPTY for label in goal_labels)
    if EMPTY not in start:
        raise PositionError("the start has no empty cell, so nothing can move")
    used = {label for label in start_labels if label != "0"}
    kept = {label: pieces.pieces[label] for label in labels[1:] if label in used}
    return Positions(kept, tuple(labels), start, goal, tuple(cells for _, cells in start_pieces))


def format_labels(labels: Iterable[str]) -> str:
    """The canonical text of a position: labels separated by single spaces."""
    return " ".join(labels)
