"""The layout text of a sliding-block puzzle: rows of one character per cell, read and written.

`.` is an empty cell, `#` no cell (a wall, or outside an odd-shaped box), and a letter or digit a
piece: a 4-connected region of one character (`AABB/AACC/de../FGHH/FGII` is Dad's puzzle). A goal
is drawn the same way, `.` or `*` where anything may be. The 36-character Rush Hour card (6×6 row
by row, `o` or `.` empty, `x` a wall, `A` the car that must leave) is a layout too. `draw` reads a
layout and its goal into what a task is built from (a `Drawing`: pieces, start, goal, rules);
`LayoutWriter` writes positions back in the input's characters, following each piece along a solution.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pzl.errors import PositionError, shown
from pzl.sliding.board import MAX_SIDE, Cell
from pzl.sliding.position import Piece

#: The characters that stand for pieces (safe in a link's hash as they are).
PIECE_CHARACTERS = string.ascii_uppercase + string.ascii_lowercase + string.digits
EMPTY_CELL, WALL, ANYTHING = ".", "#", "*"
#: A Rush Hour card: 36 characters, 6×6 row by row; `o` (or `.`) empty, `x` a wall.
CARD_SIDE = 6
CARD_EMPTY, CARD_WALL = "o", "x"
CARD_PIECES = "".join(ch for ch in PIECE_CHARACTERS if ch not in (CARD_EMPTY, CARD_WALL))
#: The rules a layout may follow: pieces slide freely, or every piece only along its length.
RULES = ("free", "rush-hour")
#: The label of an empty cell in a position written in labels: a piece drawn as 0 takes another label.
EMPTY_LABEL = "0"
ROW_SEPARATORS = re.compile(r"\s*(?:/|\r?\n)\s*")


@dataclass(frozen=True, slots=True)
class LayoutPiece:
    """One piece of a layout: its character and its cells (row, column) in reading order."""

    char: str
    cells: tuple[Cell, ...]

    @property
    def shape(self) -> tuple[Cell, ...]:
        """Its cells as offsets from its first cell in reading order (what identical pieces share)."""
        r0, c0 = self.cells[0]
        return tuple((r - r0, c - c0) for r, c in self.cells)

    def where(self) -> str:
        """Where it lies, for a message: 'rows 1-2, columns 3-4'."""
        rows = sorted({r for r, _ in self.cells})
        cols = sorted({c for _, c in self.cells})
        return f"{_span('row', rows)}, {_span('column', cols)}"


@dataclass(frozen=True, slots=True)
class Layout:
    """A box of rows × cols cells: its walls and its pieces (in reading order of their first cell).

    `card` is true for a layout given as a Rush Hour card (it is written back as one), and
    `empty` the character it writes for an empty cell.
    """

    rows: int
    cols: int
    walls: frozenset[Cell]
    pieces: tuple[LayoutPiece, ...]
    card: bool = False
    empty: str = EMPTY_CELL

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The board's cells (every cell of the box but the walls), in reading order."""
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.walls)

    def text(self) -> str:
        """The layout as text, in its own form (rows joined by `/`, or a card)."""
        return write(self, [(piece.char, piece.cells) for piece in self.pieces])

    def piece_named(self, char: str) -> LayoutPiece | None:
        """The one piece written with `char`, or None."""
        found = [piece for piece in self.pieces if piece.char == char]
        return found[0] if len(found) == 1 else None


def _span(noun: str, values: list[int]) -> str:
    if len(values) == 1:
        return f"{noun} {values[0] + 1}"
    return f"{noun}s {values[0] + 1}-{values[-1] + 1}"


def is_card(text: str) -> bool:
    """True for a Rush Hour card: one line of exactly 36 characters."""
    return len(text) == CARD_SIDE * CARD_SIDE and "/" not in text and "\n" not in text


def _rows(text: Any, what: str) -> tuple[list[str], bool]:
    """The rows of a layout text (and whether it is a card), before its characters are checked."""
    if not isinstance(text, str):
        raise PositionError(f"the {what} must be text: rows of one character per cell separated by /, "
                            f"not {type(text).__name__}")
    text = text.strip()
    if not text:
        raise PositionError(f"the {what} is empty: write its rows, one character per cell, separated by /")
    if is_card(text):
        return [text[i:i + CARD_SIDE] for i in range(0, len(text), CARD_SIDE)], True
    return ROW_SEPARATORS.split(text), False


def parse_layout(text: Any, what: str = "layout") -> Layout:
    """The Layout a text draws; PositionError naming the first fault (a cell, a row, a missing piece)."""
    rows, card = _rows(text, what)
    grid = _grid(rows, what, card, allow_any=False)
    height, width = len(grid), len(grid[0])
    walls = frozenset((r, c) for r in range(height) for c in range(width) if grid[r][c] == WALL)
    pieces = _regions(grid)
    if not pieces:
        raise PositionError(f"the {what} has no piece: draw each piece with a letter or digit in every cell it "
                            "covers (. is an empty cell, # a wall)")
    if not any(ch == EMPTY_CELL for row in grid for ch in row):
        raise PositionError(f"the {what} has no empty cell (.), so no piece can move")
    empty = CARD_EMPTY if card and CARD_EMPTY in text else EMPTY_CELL
    return Layout(height, width, walls, tuple(pieces), card, empty)


def _grid(rows: list[str], what: str, card: bool, allow_any: bool) -> list[str]:
    """The rows with card characters turned into layout ones, checked: lengths, characters, size."""
    if any(not row for row in rows):
        raise PositionError(f"the {what} has an empty row: every row has one character per cell "
                            "(use # for a cell outside the box)")
    width = len(rows[0])
    for number, row in enumerate(rows, 1):
        if len(row) != width:
            raise PositionError(f"row {number} of the {what} has {len(row)} cells but row 1 has {width}: every "
                                "row has the same number of cells (use # for a cell outside the box)")
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise PositionError(f"the {what} is {len(rows)} rows by {width} columns; a box has at most {MAX_SIDE} of "
                            "each")
    if card:
        rows = ["".join(EMPTY_CELL if ch == CARD_EMPTY else WALL if ch == CARD_WALL else ch for ch in row)
                for row in rows]
    allowed = set(CARD_PIECES if card else PIECE_CHARACTERS) | {EMPTY_CELL, WALL} | ({ANYTHING} if allow_any else set())
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in allowed:
                raise PositionError(f"the {what} has {shown(ch)} at row {r + 1}, column {c + 1}: "
                                    f"{_characters(card, allow_any)}")
    return rows


def _characters(card: bool, allow_any: bool) -> str:
    if card:
        return ("a Rush Hour card uses o (or .) for an empty cell, x for a wall, and a letter or digit for each car "
                "(A the car that must leave)")
    return ("a layout uses . for an empty cell, # for a wall or a cell outside the box"
            + (", * (or .) for a cell that may hold anything" if allow_any else "")
            + ", and a letter (A-Z, a-z) or digit for each piece")


def _regions(grid: Sequence[str]) -> list[LayoutPiece]:
    """The pieces: 4-connected regions of one piece character, in reading order of their first cell."""
    height, width = len(grid), len(grid[0])
    seen: set[Cell] = set()
    pieces = []
    for r in range(height):
        for c in range(width):
            ch = grid[r][c]
            if ch in (EMPTY_CELL, WALL, ANYTHING) or (r, c) in seen:
                continue
            region = {(r, c)}
            stack = [(r, c)]
            while stack:
                cr, cc = stack.pop()
                for nr, nc in ((cr - 1, cc), (cr + 1, cc), (cr, cc - 1), (cr, cc + 1)):
                    if 0 <= nr < height and 0 <= nc < width and grid[nr][nc] == ch and (nr, nc) not in region:
                        region.add((nr, nc))
                        stack.append((nr, nc))
            seen |= region
            pieces.append(LayoutPiece(ch, tuple(sorted(region))))
    return pieces


def parse_goal(text: Any, layout: Layout, what: str = "goal") -> dict[str, tuple[Cell, ...]]:
    """Where the goal puts pieces: piece character → the cells it must cover.

    The goal is drawn over the same box; it may name only a character that is one piece of
    the layout, drawn in that piece's shape (pieces never rotate), on cells of the board.
    """
    rows, card = _rows(text, what)
    grid = _grid(rows, what, card, allow_any=True)
    if (len(grid), len(grid[0])) != (layout.rows, layout.cols):
        raise PositionError(f"the {what} is {len(grid)} rows by {len(grid[0])} columns but the layout is "
                            f"{layout.rows} by {layout.cols}: draw the goal over the same box")
    grid = [row.replace(ANYTHING, EMPTY_CELL) for row in grid]
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == WALL and (r, c) not in layout.walls:
                raise PositionError(f"the {what} has a wall (#) at row {r + 1}, column {c + 1} where the layout has "
                                    "a cell: walls do not move (write . or * there)")
    targets: dict[str, tuple[Cell, ...]] = {}
    for region in _regions(grid):
        piece = _named_piece(layout, region.char, what)
        if region.char in targets:
            raise PositionError(f"the {what} draws {region.char} in two places ({_where(targets[region.char])} and "
                                f"{region.where()}); one piece ends in one place")
        if region.shape != piece.shape:
            raise PositionError(f"the {what} draws {region.char} as {shape_text(region.shape)} but the piece is "
                                f"{shape_text(piece.shape)}: pieces never rotate or change shape")
        blocked = [cell for cell in region.cells if cell in layout.walls]
        if blocked:
            r, c = blocked[0]
            raise PositionError(f"the {what} puts {region.char} on the wall at row {r + 1}, column {c + 1}")
        targets[region.char] = region.cells
    if not targets:
        raise PositionError(f"the {what} places no piece: draw at least one piece (its character) where it must end, "
                            ". or * elsewhere")
    return targets


def _where(cells: tuple[Cell, ...]) -> str:
    return LayoutPiece("?", cells).where()


def _named_piece(layout: Layout, char: str, what: str) -> LayoutPiece:
    """The layout's one piece written with `char`; PositionError if there is none or more than one."""
    found = [piece for piece in layout.pieces if piece.char == char]
    if not found:
        raise PositionError(f"the {what} names {char}, which is not a piece of the layout")
    if len(found) > 1:
        places = " and ".join(piece.where() for piece in found[:3])
        raise PositionError(f"the {what} names {char}, but {char} stands for {len(found)} pieces of the layout "
                            f"({places}): give the piece that must move a character of its own")
    return found[0]


def shape_text(shape: Iterable[Cell]) -> str:
    """A shape as rows, for messages: '2x2 (XX/XX)' or 'an L of 3 cells (X./XX)'."""
    cells = list(shape)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    rows = max(r for r, _ in cells) - r0 + 1
    cols = max(c for _, c in cells) - c0 + 1
    drawn = "/".join("".join("X" if (r0 + r, c0 + c) in cells else "." for c in range(cols)) for r in range(rows))
    if len(cells) == rows * cols:
        return f"{rows}x{cols}"
    return f"{len(cells)} cells {drawn}"


def check_rush_hour(layout: Layout) -> None:
    """PositionError unless every piece is a car: a straight row or column of at least two cells."""
    for piece in layout.pieces:
        if len(piece.cells) < 2:
            raise PositionError(f"under rush-hour rules every piece is a car that moves along its length, and "
                                f"{piece.char} ({piece.where()}) is a single cell: it has no length to move along")
        if car_direction(piece) is None:
            raise PositionError(f"under rush-hour rules every piece is a car that moves along its length, and "
                                f"{piece.char} ({piece.where()}) is neither a row nor a column of cells")


def car_direction(piece: LayoutPiece) -> str | None:
    """'horizontal' or 'vertical' for a straight piece of at least two cells, else None."""
    rows = {r for r, _ in piece.cells}
    cols = {c for _, c in piece.cells}
    if len(rows) == 1 and len(cols) == len(piece.cells) > 1:
        return "horizontal"
    if len(cols) == 1 and len(rows) == len(piece.cells) > 1:
        return "vertical"
    return None


def rush_hour_goal(layout: Layout) -> dict[str, tuple[Cell, ...]]:
    """The default goal of a Rush Hour layout: car A at the right edge of its row."""
    car = layout.piece_named("A")
    if car is None:
        raise PositionError("a Rush Hour layout without a goal must have one car A (the car that leaves at the right "
                            "edge of its row): draw one, or give a goal")
    if car_direction(car) != "horizontal":
        raise PositionError("car A must lie along its row to leave at the right edge: draw it so, or give a goal")
    row, length = car.cells[0][0], len(car.cells)
    return {"A": tuple((row, c) for c in range(layout.cols - length, layout.cols))}


@dataclass(frozen=True, slots=True)
class Kinds:
    """A layout's kinds of piece: one per goal-named piece and one per shape of the other pieces.

    Pieces of one kind are interchangeable. `label` names each kind (its first piece's character,
    a spare character when another kind has that one or it is 0, the label of an empty cell), `shape`
    gives its shape and `chars` the characters of its pieces in reading order; `of(piece)` is a piece's kind.
    """

    named: frozenset[str]
    label: dict[Any, str]
    shape: dict[Any, tuple[Cell, ...]]
    chars: dict[Any, list[str]]

    def of(self, piece: LayoutPiece) -> Any:
        """The kind of a piece: ("named", its character) or ("shape", its shape)."""
        return ("named", piece.char) if piece.char in self.named else ("shape", piece.shape)


def kinds(layout: Layout, targets: dict[str, tuple[Cell, ...]]) -> Kinds:
    """The Kinds of a layout whose goal names the pieces in `targets`."""
    found = Kinds(frozenset(targets), {}, {}, {})
    spare = iter(ch for ch in PIECE_CHARACTERS if ch not in {piece.char for piece in layout.pieces} | {EMPTY_LABEL})
    for piece in layout.pieces:
        key = found.of(piece)
        if key not in found.label:
            taken = piece.char in found.label.values() or piece.char == EMPTY_LABEL
            found.label[key] = next(spare) if taken else piece.char
            found.shape[key] = piece.shape
        found.chars.setdefault(key, []).append(piece.char)
    return found


def labels_in_cells(layout: Layout, kinds_of: Kinds, targets: dict[str, tuple[Cell, ...]] | None = None,
                    ) -> list[str]:
    """The start (or, with `targets`, the goal) as kind labels per board cell: '0' empty, '*' anything."""
    number = {cell: index for index, cell in enumerate(layout.cells)}
    if targets is None:
        labels = ["0"] * len(number)
        for piece in layout.pieces:
            for cell in piece.cells:
                labels[number[cell]] = kinds_of.label[kinds_of.of(piece)]
        return labels
    labels = ["0" if len(targets) == len(layout.pieces) else "*"] * len(number)
    for char, cells in targets.items():
        for cell in cells:
            labels[number[cell]] = kinds_of.label["named", char]
    return labels


@dataclass(frozen=True, slots=True, eq=False)
class Drawing:
    """What a layout and its goal describe: its pieces (one Piece per kind), the start and the goal as kind labels
    per board cell ('0' empty, '*' anything), and the rules; with the layout, the goal's targets (piece character
    → cells), the kinds and a writer of positions in the layout's characters."""

    layout: Layout
    targets: dict[str, tuple[Cell, ...]]
    rules: str
    kinds: Kinds
    pieces: tuple[Piece, ...]
    start: list[str]
    goal: list[str]
    writer: LayoutWriter


def draw(text: Any, goal: Any, rules: str | None) -> Drawing:
    """The Drawing of a layout text and its goal text under `rules`; PositionError naming the first fault.

    Without a goal, a Rush Hour layout (`rules` rush-hour, or a card) takes its default: car A leaves at the
    right edge of its row. `rules` None: the layout's own, rush-hour for a Rush Hour card, else free.
    """
    layout = parse_layout(text)
    if rules == "rush-hour":
        check_rush_hour(layout)
    if goal not in (None, ""):
        targets = parse_goal(goal, layout)
    elif rules == "rush-hour" or layout.card:
        targets = rush_hour_goal(layout)
    else:
        raise PositionError("a layout needs a goal: draw the box again with the piece that must move where it must "
                            "end, . or * elsewhere (e.g. ..../..../..../.AA./.AA.)")
    if layout.card and rules is None:
        rules = "rush-hour"   # a Rush Hour card is played by Rush Hour's rules
        check_rush_hour(layout)
    found = kinds(layout, targets)
    pieces = tuple(Piece(label, found.shape[key], None if key[0] == "shape" else f"piece {key[1]} (the goal's)")
                   for key, label in found.label.items())
    return Drawing(layout, targets, rules or "free", found, pieces, labels_in_cells(layout, found),
                   labels_in_cells(layout, found, targets), LayoutWriter(layout, targets))


def same_pieces(layout: Layout, other: Layout) -> bool:
    """True when two layouts have the same pieces: as many of each shape, wherever they lie."""
    return sorted(piece.shape for piece in layout.pieces) == sorted(piece.shape for piece in other.pieces)


def goal_text(layout: Layout, targets: dict[str, tuple[Cell, ...]]) -> str:
    """A goal as text in the layout's own form: the named pieces where they end, `.` (or `o`) elsewhere."""
    return write(layout, list(targets.items()))


def write(layout: Layout, pieces: Iterable[tuple[str, Iterable[Cell]]]) -> str:
    """Text for pieces given as (character, cells) on the layout's box, in the layout's form."""
    grid = [[WALL if (r, c) in layout.walls else EMPTY_CELL for c in range(layout.cols)] for r in range(layout.rows)]
    for char, cells in pieces:
        for r, c in cells:
            grid[r][c] = char
    if layout.card:
        wall, empty = CARD_WALL, layout.empty
        return "".join(wall if ch == WALL else empty if ch == EMPTY_CELL else ch for row in grid for ch in row)
    return "/".join("".join(row) for row in grid)


def _touching(a: Iterable[Cell], b: frozenset[Cell]) -> bool:
    return any((r + dr, c + dc) in b for r, c in a for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))


Placed = tuple[Any, frozenset[Cell]]   # a piece of a position: its kind and its cells


@dataclass(frozen=True, slots=True)
class Shift:
    """One move of a written solution: the piece's character and the cells it covered before and after."""

    char: str
    before: frozenset[Cell]
    after: frozenset[Cell]


class LayoutWriter:
    """Positions of a layout puzzle written as layout text in the input's characters.

    A position comes as its pieces (kind, cells). Each piece has a home character: a
    goal-named piece its own, any other the one it had in the start, followed along a solution
    (`path`), or for a position on its own its kind's start characters in reading order
    (`characters`). Two touching pieces never share a character (the text would read as one
    piece): the later one in reading order then takes a character no other piece uses.
    """

    def __init__(self, layout: Layout, named: Iterable[str]) -> None:
        self.layout = layout
        self.named = frozenset(named)
        used = {piece.char for piece in layout.pieces}
        pool = CARD_PIECES if layout.card else PIECE_CHARACTERS
        self._spare = [ch for ch in pool if ch not in used] + [ch for ch in pool if ch in used and ch not in self.named]
        self._start = {frozenset(piece.cells): piece.char for piece in layout.pieces}

    def path(self, positions: Sequence[Sequence[Placed]]) -> tuple[list[dict[frozenset[Cell], str]], list[Shift]]:
        """The characters of each position of a solution that starts at the layout, and each move as a Shift.

        Pieces that did not move keep their home character; the one that moved takes the home
        character of the piece of its kind that is gone.
        """
        homes = {cells: self._start.get(cells, self._spare[0]) for _, cells in positions[0]}
        kinds = {cells: kind for kind, cells in positions[0]}
        shown = [self._separate(homes)]
        shifts = []
        for position in positions[1:]:
            following: dict[frozenset[Cell], str] = {}
            new_kinds = {cells: kind for kind, cells in position}
            gone = [cells for cells in homes if cells not in new_kinds]
            moved = []
            for kind, cells in position:
                if cells in homes:
                    following[cells] = homes[cells]
                    continue
                match = next((old for old in gone if kinds[old] == kind), None)
                if match is not None:
                    gone.remove(match)
                    moved.append((match, cells))
                following[cells] = homes[match] if match is not None else self._spare[0]
            previous = shown[-1]
            homes, kinds = following, new_kinds
            shown.append(self._separate(homes))
            for before, after in moved:
                shifts.append(Shift(previous[before], before, after))
        return shown, shifts

    def characters(self, position: Sequence[Placed], homes: dict[Any, list[str]]) -> dict[frozenset[Cell], str]:
        """The characters of a position on its own: each kind's start characters (`homes`) in reading order."""
        wanted: dict[frozenset[Cell], str] = {}
        taken: dict[Any, int] = {}
        for kind, cells in sorted(position, key=lambda item: min(item[1])):
            chars = homes[kind]
            index = taken.get(kind, 0)
            taken[kind] = index + 1
            wanted[cells] = chars[index % len(chars)]
        return self._separate(wanted)

    def _separate(self, wanted: dict[frozenset[Cell], str]) -> dict[frozenset[Cell], str]:
        """`wanted` with touching pieces of one character told apart (the later one takes a spare character)."""
        settled: dict[frozenset[Cell], str] = {}
        for cells in sorted(wanted, key=min):
            char = wanted[cells]
            if char not in self.named and any(other == char and _touching(cells, mine)
                                              for mine, other in settled.items()):
                near = {other for mine, other in settled.items() if _touching(cells, mine)}
                present = set(wanted.values())
                char = (next((ch for ch in self._spare if ch not in present and ch not in near), None)
                        or next(ch for ch in self._spare if ch not in near))
            settled[cells] = char
        return settled

    def text(self, characters: dict[frozenset[Cell], str]) -> str:
        """The layout text of pieces given as cells → character."""
        return write(self.layout, ((char, cells) for cells, char in characters.items()))


@dataclass(frozen=True, slots=True, eq=False)
class LayoutForm:
    """How a layout puzzle's positions (piece codes per board cell) are read and written as layout text.

    `cells` gives each board cell's (row, column) in the box; `shapes` each piece code's shape
    (offsets from its first cell); `named` the code of each goal-named piece character; `homes`
    each code's start characters in reading order.
    """

    layout: Layout
    targets: dict[str, tuple[Cell, ...]]
    rules: str
    cells: tuple[Cell, ...]
    shapes: dict[int, tuple[Cell, ...]]
    named: dict[str, int]
    homes: dict[int, list[str]]
    writer: LayoutWriter

    def placed(self, codes: Sequence[int]) -> list[Placed]:
        """The pieces of a position as (code, cells in the box), scanning cells in reading order."""
        number = {cell: index for index, cell in enumerate(self.cells)}
        claimed: set[int] = set()
        found = []
        for index, code in enumerate(codes):
            if code <= 0 or index in claimed:
                continue
            r, c = self.cells[index]
            covered = frozenset((r + dr, c + dc) for dr, dc in self.shapes[code])
            claimed.update(number[cell] for cell in covered)
            found.append((code, covered))
        return found

    def text(self, codes: Sequence[int]) -> str:
        """One position on its own as layout text."""
        return self.writer.text(self.writer.characters(self.placed(codes), self.homes))

    def path(self, path: Sequence[Sequence[int]]) -> tuple[list[str], list[dict[str, Any]]]:
        """A solution as layout texts (each piece followed from the start) and its steps (cells of the box)."""
        shown, shifts = self.writer.path([self.placed(codes) for codes in path])
        cols = self.layout.cols
        steps = [{"piece": shift.char, "from": sorted(r * cols + c for r, c in shift.before),
                  "to": sorted(r * cols + c for r, c in shift.after)} for shift in shifts]
        return [self.writer.text(characters) for characters in shown], steps

    def goal_text(self) -> str:
        """The goal as layout text."""
        return goal_text(self.layout, self.targets)

    def codes(self, text: Any, what: str = "position") -> tuple[int, ...]:
        """A layout text of this puzzle read back as piece codes per board cell; PositionError if it is not one."""
        other = parse_layout(text, what)
        if (other.rows, other.cols, other.walls) != (self.layout.rows, self.layout.cols, self.layout.walls):
            raise PositionError(f"the {what} is not drawn on this puzzle's box ({self.layout.rows} rows by "
                                f"{self.layout.cols} columns with its walls)")
        by_shape: dict[tuple[Cell, ...], int] = {}
        for code, shape in self.shapes.items():
            if code not in self.named.values():
                by_shape.setdefault(shape, code)
        number = {cell: index for index, cell in enumerate(self.cells)}
        codes = [0] * len(self.cells)
        for piece in other.pieces:
            code = self.named.get(piece.char)
            if code is None or self.shapes[code] != piece.shape:
                code = by_shape.get(piece.shape)
            if code is None:
                raise PositionError(f"the {what} has a piece {piece.char} ({shape_text(piece.shape)}) this puzzle "
                                    "does not have")
            for cell in piece.cells:
                codes[number[cell]] = code
        return tuple(codes)
