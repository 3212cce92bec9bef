"""A sliding-puzzle task: board, pieces, start and goal, checked and coded for search.

`from_request` reads a catalog id, a custom board plus start/goal texts, or a layout (with its goal
layout and rules) and raises PositionError naming what is wrong; `service.problem_for` then picks
the state coding (`kind`). A layout's pieces of one shape are one kind (one code: interchangeable),
except the pieces its goal names, each a kind of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pzl.errors import PositionError, shown
from pzl.sliding import catalog
from pzl.sliding.board import DIRECTIONS, Board, Cell, parse_board_size
from pzl.sliding.layout import (
    RULES,
    Layout,
    LayoutForm,
    LayoutWriter,
    check_rush_hour,
    kinds,
    labels_in_cells,
    parse_goal,
    parse_layout,
    rush_hour_goal,
    shape_text,
)
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
#: Directions a piece may slide in under each rules: any, or along its length (rush-hour).
HORIZONTAL: tuple[Cell, ...] = ((0, -1), (0, 1))
VERTICAL: tuple[Cell, ...] = ((-1, 0), (1, 0))


@dataclass(frozen=True, slots=True, eq=False)
class Puzzle:
    """One task: positions are tuples of piece codes per cell (0 empty, ANY in a partial goal).

    `rules` is "free" or "rush-hour" (every piece slides only along its length); `form` reads and
    writes positions as layout text when the task came as a layout (None: labels in cell order).
    """

    puzzle_id: str
    board: Board
    pieces: dict[str, Piece]            # by label
    labels: tuple[str, ...]             # label of each code; labels[0] == "0"
    start: Codes
    goal: Codes
    rules: str = "free"
    form: LayoutForm | None = None
    metric: str | None = None           # the count its catalog entry says its literature uses (None: by its pieces)

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

    @property
    def has_blocks(self) -> bool:
        """True when some piece covers more than one cell (a sliding-block puzzle)."""
        return any(piece.size > 1 for piece in self.pieces.values())

    def text(self, codes: Codes) -> str:
        """A position in the puzzle's text format (labels in cell order, or layout text)."""
        if self.form is not None:
            return self.form.text(codes)
        return format_labels("*" if code == ANY else self.labels[code] for code in codes)

    @property
    def start_text(self) -> str:
        """The start as the request gave it (a layout exactly as drawn)."""
        return self.form.layout.text() if self.form is not None else self.text(self.start)

    @property
    def goal_text(self) -> str:
        """The goal in the puzzle's text format."""
        return self.form.goal_text() if self.form is not None else self.text(self.goal)

    def directions(self, code: int) -> tuple[Cell, ...]:
        """The directions a piece of this code may slide in (rush-hour: along its length only)."""
        if self.rules != "rush-hour":
            return DIRECTIONS
        shape = self.shape_of(code)
        return HORIZONTAL if len({dr for dr, _ in shape}) == 1 else VERTICAL

    def codes_of(self, text: Any, what: str = "position") -> Codes:
        """A position in the puzzle's text format read back as codes; PositionError if it is not one of its."""
        codes = self.form.codes(text, what) if self.form is not None else _label_codes(self, text, what)
        if sorted(codes) != sorted(self.start):
            raise PositionError(f"the {what} has other pieces than the puzzle")
        return codes

    @property
    def kind(self) -> str:
        """Which state coding fits: 'packed' (one-cell pieces, one blank) or 'blocks' (anything else)."""
        return "packed" if self.single_cell and self.blanks == 1 else "blocks"


def _label_codes(puzzle: Puzzle, text: Any, what: str) -> Codes:
    pieces = PieceSet(puzzle.pieces.values())
    labels = parse_labels(text, puzzle.board, pieces, what)
    decompose(labels, puzzle.board, pieces.pieces, what)
    codes = {label: code for code, label in enumerate(puzzle.labels)}
    return tuple(codes[label] for label in labels)


def read_rules(request: dict[str, Any]) -> str | None:
    """The request's `rules` (free, rush-hour), or None when absent or empty (the puzzle's own apply)."""
    value = request.get("rules")
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().lower() in RULES:
        return value.strip().lower()
    raise PositionError(f"unknown rules {shown(value)}; use one of: {', '.join(RULES)} (free: any piece slides any "
                        "way; rush-hour: every piece only along its length)")


def from_request(request: dict[str, Any], start_from_goal: bool = False) -> Puzzle:
    """The task a request describes: a catalog puzzle, a custom 'board' or a 'layout', with optional start/goal.

    A custom board's goal defaults to the tiles in order with the blank last. Its start must
    be given, unless `start_from_goal` (for `longest`, which needs only the goal) takes the goal.
    A start or goal that is given but empty is refused, not replaced by the default.
    A catalog puzzle drawn as a layout answers in layout text unless the request gives `start`.
    The request's `rules` are read first; without them the catalog entry's apply, else free.
    """
    rules = read_rules(request)
    if request.get("layout") not in (None, ""):
        return _from_layout(request, rules)
    entry_id = request.get("puzzle")
    if (isinstance(entry_id, str) and entry_id and request.get("start") is None
            and request.get("board") in (None, "") and "layout" in catalog.entry(entry_id)):
        return _from_layout({**request, "layout": catalog.entry(entry_id)["layout"]}, rules)
    puzzle = _from_labels(request, start_from_goal)
    entry = catalog.entry(puzzle.puzzle_id) if request.get("board") in (None, "") else {}
    rules = rules or entry.get("rules", "free")
    if rules != "free":
        _check_cars(puzzle)
    return replace(puzzle, rules=rules, metric=entry.get("metric"))


def _check_cars(puzzle: Puzzle) -> None:
    """PositionError unless every piece is a straight car of at least two cells (rush-hour rules)."""
    for label, piece in puzzle.pieces.items():
        rows = {dr for dr, _ in piece.shape}
        cols = {dc for _, dc in piece.shape}
        if piece.size < 2 or (len(rows) > 1 and len(cols) > 1):
            raise PositionError(f"under rush-hour rules every piece is a car that moves along its length, and "
                                f"{label} ({shape_text(piece.shape)}) is not a straight row or column of cells")


def _from_layout(request: dict[str, Any], requested: str | None) -> Puzzle:
    """The task of a `layout` request: the layout, its goal (`goal`, or the catalog's, or Rush Hour's) and rules
    (`requested`, the request's; None: the catalog entry's, else free, and a Rush Hour card's rush-hour)."""
    for key in ("start", "board"):
        if request.get(key) not in (None, ""):
            raise PositionError(f"give a layout or a {key}, not both: the layout is the start position")
    entry = catalog.entry(request["puzzle"]) if request.get("puzzle") not in (None, "") else None
    if entry is not None and "layout" not in entry:
        raise PositionError(f"{entry['id']} takes its positions as labels in cell order (start and goal); a layout "
                            "is for a puzzle drawn as one (give the layout without a puzzle id, with its goal)")
    layout = parse_layout(request["layout"])
    rules = requested or (entry or {}).get("rules", "free")
    if rules == "rush-hour":
        check_rush_hour(layout)
    goal = request.get("goal")
    if goal in (None, "") and entry is not None:
        goal = entry["goal_layout"]
    if goal not in (None, ""):
        targets = parse_goal(goal, layout)
    elif rules == "rush-hour" or layout.card:
        targets = rush_hour_goal(layout)
    else:
        raise PositionError("a layout needs a goal: draw the box again with the piece that must move where it must "
                            "end, . or * elsewhere (e.g. ..../..../..../.AA./.AA.)")
    if layout.card and rules == "free" and requested is None:
        rules = "rush-hour"   # a Rush Hour card is played by Rush Hour's rules
        check_rush_hour(layout)
    puzzle = layout_puzzle(entry["id"] if entry else "layout", layout, targets, rules)
    if entry is not None and entry.get("metric"):
        puzzle = replace(puzzle, metric=entry["metric"])
    if entry is not None and request.get("layout") != entry["layout"]:
        own = layout_puzzle(entry["id"], parse_layout(entry["layout"]), parse_goal(entry["goal_layout"],
                                                                                 parse_layout(entry["layout"])), rules)
        if sorted(_kind_counts(puzzle)) != sorted(_kind_counts(own)):
            raise PositionError(f"the layout has other pieces than {entry['id']}")
    return puzzle


def _kind_counts(puzzle: Puzzle) -> list[tuple[tuple[Cell, ...], int]]:
    counts: dict[tuple[Cell, ...], int] = {}
    for code in puzzle.start:
        if code:
            shape = puzzle.shape_of(code)
            counts[shape] = counts.get(shape, 0) + 1
    return [(shape, count // len(shape)) for shape, count in counts.items()]


def layout_puzzle(puzzle_id: str, layout: Layout, targets: dict[str, tuple[Cell, ...]], rules: str) -> Puzzle:
    """The Puzzle of a layout: one code per goal-named piece and per shape of the other pieces (`layout.kinds`).

    Each kind's label names its code, so the puzzle can also be written in labels (the catalog does,
    for pages that read labels).
    """
    board = Board(layout.cells)
    found = kinds(layout, targets)
    pieces = PieceSet(Piece(label, found.shape[key], None if key[0] == "shape" else f"piece {key[1]} (the goal's)")
                      for key, label in found.label.items())
    puzzle = build(puzzle_id, board, pieces, labels_in_cells(layout, found), labels_in_cells(layout, found, targets))
    code_of = {label: code for code, label in enumerate(puzzle.labels)}
    form = LayoutForm(layout, targets, rules, board.cells,
                      {code_of[label]: found.shape[key] for key, label in found.label.items()},
                      {char: code_of[found.label["named", char]] for char in targets},
                      {code_of[label]: found.chars[key] for key, label in found.label.items()},
                      LayoutWriter(layout, targets))
    return replace(puzzle, rules=rules, form=form)


def _from_labels(request: dict[str, Any], start_from_goal: bool = False) -> Puzzle:
    """The task of a catalog id or a custom board with start/goal in labels."""
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
        goal_words = ("the one given" if request.get("goal")
                      else default_goal if board.size <= 12 else f"1 2 3 … {board.size - 2} {board.size - 1} 0")
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
