"""A sliding-puzzle task: board, pieces, start and goal, checked and coded for search.

`from_request` reads a catalog id, a custom board plus start/goal texts, or a layout (with its goal
layout and rules) and raises PositionError naming what is wrong; `plan.problem_for` then picks
the state coding (`kind`). A layout's pieces of one shape are one kind (one code: interchangeable),
except the pieces its goal names, each a kind of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pzl.errors import PositionError, shown
from pzl.sliding import catalog
from pzl.sliding.board import DIRECTIONS, Board, Cell, parse_board_size
from pzl.sliding.layout import RULES, Drawing, LayoutForm, draw, parse_layout, same_pieces, shape_text
from pzl.sliding.position import ANY, EMPTY, Piece, PieceSet, decompose, format_labels, parse_labels, read_positions

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
    start_pieces: tuple[tuple[int, ...], ...]   # the cells of each piece of the start (a solution's steps follow them)
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
        return self.texts([codes])[0]

    def texts(self, positions: Iterable[Codes]) -> list[str]:
        """Positions in the puzzle's text format, each code's name looked up once for all (a solution of a
        10×10 board has thousands)."""
        if self.form is not None:
            return [self.form.text(codes) for codes in positions]
        name = {**dict(enumerate(self.labels)), ANY: "*"}.__getitem__
        return [format_labels(map(name, codes)) for codes in positions]

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
    The request's `rules` are read first; without them the catalog entry's apply, else free. What either form
    gives (`_drawn`, `_in_labels`) is read into positions once (`read_positions`).
    """
    rules = read_rules(request)
    named = request.get("puzzle") not in (None, "") and request.get("board") in (None, "")
    known = catalog.puzzle_by_id(request["puzzle"]) if named else None
    entry = known.entry if known is not None else None
    text = request.get("layout")
    if text in (None, "") and entry is not None and request.get("start") is None:
        text = entry.get("layout")
    drawn = text not in (None, "")
    _check_keys(request, drawn)
    given = _drawn(text, request, entry, rules) if drawn else _in_labels(request, known, rules, start_from_goal)
    positions = read_positions(given.board, PieceSet(given.pieces, given.free_labels), given.start, given.goal)
    if given.drawing is None and given.rules != "free":
        _check_cars(positions.pieces)
    form = None if given.drawing is None else _form(given.drawing, given.board, positions.labels)
    return Puzzle(given.puzzle_id, given.board, positions.pieces, positions.labels, positions.start, positions.goal,
                  positions.start_pieces, given.rules, form, entry.get("metric") if entry else None)


@dataclass(frozen=True, slots=True)
class Given:
    """What a request gives its task before the positions are read: the task's id, board, pieces (`free_labels`:
    any other label is a one-cell piece too), start and goal (texts, or a layout's kind labels per cell) and rules;
    for a layout, its Drawing."""

    puzzle_id: str
    board: Board
    pieces: tuple[Piece, ...]
    start: Any
    goal: Any
    rules: str
    drawing: Drawing | None = None
    free_labels: bool = False


def _check_keys(request: dict[str, Any], drawn: bool) -> None:
    """PositionError when the request's keys contradict each other or one is given but empty.

    A layout is the start, so it takes no `start` or `board`; a puzzle in labels is named by a catalog id
    or by a board size (one of them), and its start or goal, when given, is not empty.
    """
    if drawn:
        for key in ("start", "board"):
            if request.get(key) not in (None, ""):
                raise PositionError(f"give a layout or a {key}, not both: the layout is the start position")
        return
    for key in ("start", "goal"):
        value = request.get(key)
        if isinstance(value, str | list | tuple) and not (value.strip() if isinstance(value, str) else value):
            raise PositionError(f"the {key} is empty: write its labels in cell order, or leave it out for the default")
    if request.get("board") not in (None, ""):
        if request.get("puzzle") not in (None, ""):
            raise PositionError("name a puzzle or give a board size, not both")
    elif not isinstance(request.get("puzzle"), str) or not request["puzzle"]:
        raise PositionError("name a puzzle (a catalog id) or give a board size such as 3x4")


def _check_cars(pieces: dict[str, Piece]) -> None:
    """PositionError unless every piece is a straight car of at least two cells (rush-hour rules)."""
    for label, piece in pieces.items():
        rows = {dr for dr, _ in piece.shape}
        cols = {dc for _, dc in piece.shape}
        if piece.size < 2 or (len(rows) > 1 and len(cols) > 1):
            raise PositionError(f"under rush-hour rules every piece is a car that moves along its length, and "
                                f"{label} ({shape_text(piece.shape)}) is not a straight row or column of cells")


def _drawn(text: str, request: dict[str, Any], entry: dict[str, Any] | None, requested: str | None) -> Given:
    """What a layout gives (the request's, or its catalog entry's own): its goal is the request's `goal`, else the
    entry's, else Rush Hour's; its rules `requested` (the request's), else the entry's, else the layout's own."""
    if entry is not None and "layout" not in entry:
        raise PositionError(f"{entry['id']} takes its positions as labels in cell order (start and goal); a layout "
                            "is for a puzzle drawn as one (give the layout without a puzzle id, with its goal)")
    goal = request.get("goal")
    if goal in (None, "") and entry is not None:
        goal = entry["goal_layout"]
    drawing = draw(text, goal, requested or (entry or {}).get("rules"))
    if entry is not None and text != entry["layout"] and not same_pieces(drawing.layout, parse_layout(entry["layout"])):
        raise PositionError(f"the layout has other pieces than {entry['id']}")
    return Given(entry["id"] if entry else "layout", Board(drawing.layout.cells), drawing.pieces, drawing.start,
                 drawing.goal, drawing.rules, drawing)


def _in_labels(request: dict[str, Any], known: catalog.CatalogPuzzle | None, requested: str | None,
               start_from_goal: bool = False) -> Given:
    """What a catalog puzzle (None: a custom board) with start/goal in labels gives, under the rules `requested`
    (the request's), else the entry's, else free."""
    if known is None:
        board = parse_board_size(request["board"])
        puzzle_id = f"{board.rows}x{board.cols}"
        pieces: tuple[Piece, ...] = ()
        default_goal = " ".join([*(str(i) for i in range(1, board.size)), "0"])
        default_start, default_rules = None, "free"
    else:
        puzzle_id, board, pieces = known.entry["id"], known.board, known.pieces
        default_goal, default_start = known.entry["goal"], known.entry["start"]
        default_rules = known.entry.get("rules", "free")
    goal_text = default_goal if request.get("goal") is None else request["goal"]
    start_text = default_start if request.get("start") is None else request["start"]
    if start_text is None and start_from_goal and "*" not in str(goal_text):
        start_text = goal_text
    if start_text is None:
        goal_words = ("the one given" if request.get("goal")
                      else default_goal if board.size <= 12 else f"1 2 3 … {board.size - 2} {board.size - 1} 0")
        raise PositionError(f"a custom {puzzle_id} board needs a start position (its labels in cell order, 0 for "
                            f"the empty cell); the goal is {goal_words}")
    return Given(puzzle_id, board, pieces, start_text, goal_text, requested or default_rules, free_labels=known is None)


def _form(drawing: Drawing, board: Board, labels: tuple[str, ...]) -> LayoutForm:
    """How a layout puzzle's positions are read and written as layout text, its kinds coded as `labels` names them
    (a code's label)."""
    code_of = {label: code for code, label in enumerate(labels)}
    found = drawing.kinds
    return LayoutForm(drawing.layout, drawing.targets, drawing.rules, board.cells,
                      {code_of[label]: found.shape[key] for key, label in found.label.items()},
                      {char: code_of[found.label["named", char]] for char in drawing.targets},
                      {code_of[label]: found.chars[key] for key, label in found.label.items()}, drawing.writer)
