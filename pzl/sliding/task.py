"""A sliding-puzzle task: board, pieces, start and goal, checked and coded for search.

`from_request` reads a catalog id or a custom board plus start/goal texts and
raises PositionError naming what is wrong; `service.problem_for` then picks the state coding (`kind`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pzl.errors import PositionError
from pzl.sliding import catalog
from pzl.sliding.board import Board, parse_board_size
from pzl.sliding.position import (
    ANY,
    EMPTY,
    Piece,
    PieceSet,
    check_same_pieces,
    decompose,
    format_labels,
    parse_labels,
)

Codes = tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Puzzle:
    """One task: positions are tuples of piece codes per cell (0 empty, ANY in a partial goal)."""

    puzzle_id: str
    board: Board
    pieces: dict[str, Piece]            # by label
    labels: tuple[str, ...]             # label of each code; labels[0] == "0"
    start: Codes
    goal: Codes

    @property
    def goal_is_partial(self) -> bool:
        """True when the goal leaves some cells free ('*')."""
        return ANY in self.goal

    @property
    def single_cell(self) -> bool:
        """True when every piece covers one cell."""
        return all(piece.size == 1 for piece in self.pieces.values())

    @property
    def blanks(self) -> int:
        """The number of empty cells."""
        return self.start.count(EMPTY)

    @property
    def distinct_tiles(self) -> bool:
        """True for numbered-tile puzzles: one-cell pieces, all labels different, one blank."""
        tiles = [code for code in self.start if code != EMPTY]
        return self.single_cell and self.blanks == 1 and len(set(tiles)) == len(tiles)

    def shape_of(self, code: int) -> tuple[tuple[int, int], ...]:
        """The shape (offsets) of the piece with this code."""
        return self.pieces[self.labels[code]].shape

    def text(self, codes: Codes) -> str:
        """A position in the text format."""
        return format_labels("*" if code == ANY else self.labels[code] for code in codes)

    @property
    def kind(self) -> str:
        """Which state coding fits: 'packed' (one-cell pieces, one blank) or 'blocks' (anything else)."""
        return "packed" if self.single_cell and self.blanks == 1 else "blocks"


def from_request(request: dict[str, Any], start_from_goal: bool = False) -> Puzzle:
    """The task a request describes: a catalog puzzle or a custom 'board', with optional start/goal.

    A custom board's goal defaults to the tiles in order with the blank last. Its start must
    be given, unless `start_from_goal` (for `longest`, which needs only the goal) takes the goal.
    A start or goal that is given but empty is refused, not replaced by the default.
    """
    for key in ("start", "goal"):
        value = request.get(key)
        if isinstance(value, str | list | tuple) and not (value.strip() if isinstance(value, str) else value):
            raise PositionError(f"the {key} is empty: write its labels in cell order, or leave it out for the default")
    if request.get("board") not in (None, "") and request.get("puzzle") not in (None, ""):
        raise PositionError("name a puzzle or give a board size, not both")
    if request.get("board") not in (None, ""):
        board = parse_board_size(request["board"])
        puzzle_id = f"{board.rows}x{board.cols}"
        pieces = PieceSet((), free_labels=True)
        default_goal = " ".join([*(str(i) for i in range(1, board.size)), "0"])
        default_start = None
    else:
        puzzle_id = request.get("puzzle")
        if not isinstance(puzzle_id, str) or not puzzle_id:
            raise PositionError("name a puzzle (a catalog id) or give a board size such as 3x4")
        entry = catalog.entry(puzzle_id)
        board = catalog.board_of(entry)
        pieces = catalog.pieces_of(entry)
        default_goal, default_start = entry["goal"], entry["start"]
    goal_text = default_goal if request.get("goal") is None else request["goal"]
    start_text = default_start if request.get("start") is None else request["start"]
    if start_text is None and start_from_goal and "*" not in str(goal_text):
        start_text = goal_text
    if start_text is None:
        goal_words = "the one given" if request.get("goal") else \
            default_goal if board.size <= 12 else f"1 2 3 … {board.size - 2} {board.size - 1} 0"
        raise PositionError(f"a custom {puzzle_id} board needs a start position (its labels in cell order, 0 for "
                            f"the empty cell); the goal is {goal_words}")
    return build(puzzle_id, board, pieces, start_text, goal_text)


def build(puzzle_id: str, board: Board, pieces: PieceSet, start_text: Any, goal_text: Any) -> Puzzle:
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
    return Puzzle(puzzle_id, board, kept, tuple(labels), start, goal)
