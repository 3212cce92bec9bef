"""The sliding puzzles pzl knows, as data: board geometry, pieces, default start and goal.

Each entry is JSON-able (the page draws boards from it before Python has booted);
`puzzle_by_id` gives an entry with its Board and pieces (`board_of`, `pieces_of`). A sliding-block puzzle
from the literature is drawn as a layout (`layout`, `goal_layout`, `rules`), with where its goal
piece leaves the box (`exit`), its `source` and the counts published for it (`published`, each
with the metric it counts in); its label fields (cells, start, goal, pieces) are derived from the
layout by `pzl.sliding.layout`, for pages that read labels. docs/sliding.md lists the fields.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pzl.errors import CatalogError, shown
from pzl.sliding.board import Board, from_rows, rectangle
from pzl.sliding.layout import draw, goal_text
from pzl.sliding.position import Piece, format_labels, rectangle_piece

SYMBOLS = (("┌", "1", "top-left corner"), ("─", "2", "horizontal bar"), ("┐", "3", "top-right corner"),
           ("│", "4", "vertical bar"), ("└", "5", "bottom-left corner"), ("┘", "6", "bottom-right corner"))


def _numbered_goal(size: int) -> str:
    return " ".join([*(str(i) for i in range(1, size)), "0"])


def _entry(puzzle_id: str, group: str, name: str, description: str, board: Board, start: str, goal: str,
           pieces: tuple[Piece, ...] = (), notes: str | None = None, start_note: str | None = None,
           goal_pieces: tuple[str, ...] = (), exit_side: str | None = None) -> dict[str, Any]:
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
    if goal_pieces:
        entry["goal_pieces"] = list(goal_pieces)
    if exit_side:
        placed = [board.cells[cell] for cell, label in enumerate(goal.split()) if label in goal_pieces]
        entry["exit"] = exit_of(board.rows, board.cols, placed, exit_side)
    return entry


def _layout_entry(puzzle_id: str, name: str, description: str, layout_text: str, goal: str | None, *,
                  source: str, published: list[dict[str, Any]], exit_side: str | None = None,
                  rules: str | None = None, group: str = "sliding blocks", notes: str | None = None,
                  start_note: str | None = None, metric: str | None = None) -> dict[str, Any]:
    """A catalog entry drawn as a layout; its label fields are derived from the layout.

    `metric` is the count the puzzle's literature uses, when pzl's default would be another (one-cell
    pieces count `step` by default): the puzzle's default metric.

    `exit_side` names the side of the box the goal piece leaves by (None: the goal is a place in
    the box); the exit spans the goal piece's cells along that side.
    """
    drawing = draw(layout_text, goal, rules)
    layout, targets = drawing.layout, drawing.targets
    pieces = tuple(piece for piece in drawing.pieces if piece.size > 1 or piece.name)   # pieces_of adds the rest
    entry = _entry(puzzle_id, group, name, description, Board(layout.cells), format_labels(drawing.start),
                   format_labels(drawing.goal), pieces, notes, start_note)
    entry.update(layout=layout.text(), goal_layout=goal or goal_text(layout, targets))
    if rules:
        entry["rules"] = rules
    if metric:
        entry["metric"] = metric
    entry["goal_pieces"] = sorted(targets)
    if exit_side:
        entry["exit"] = exit_of(layout.rows, layout.cols, [cell for cells in targets.values() for cell in cells],
                                exit_side)
    entry.update(source=source, published=published)
    return entry


def exit_of(rows: int, cols: int, cells: list[tuple[int, int]], side: str) -> dict[str, Any]:
    """The `exit` field: the goal piece's cells (numbered over the box) along `side`."""
    edge = {"top": lambda r, c: r == min(r for r, _ in cells), "bottom": lambda r, c: r == max(r for r, _ in cells),
            "left": lambda r, c: c == min(c for _, c in cells), "right": lambda r, c: c == max(c for _, c in cells)}
    return {"side": side, "cells": sorted(r * cols + c for r, c in cells if edge[side](r, c))}


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
           notes="Only the daughter's place is set by the goal. The same layout is L'Âne Rouge (lane-rouge), drawn "
                 "as a layout.",
           goal_pieces=("M",), exit_side="bottom",
           start_note="This start needs 116 moves of one piece by one cell; books count a piece's whole slide "
                      "(any distance, corners included) as one move: 81 at fewest, or 90 counting each "
                      "straight slide."),
    _layout_entry("dads-puzzle", "Dad's Puzzle (Pennant)",
                  "Move the 2×2 block from the top left to the bottom left of a 4×5 box; the four 1×2 and the "
                  "two 2×1 blocks and the two small squares are each interchangeable.",
                  "AABB/AACC/de../FGHH/FGII", "..../..../..../AA../AA..",
                  source="L. W. Hardy's Pennant Puzzle (1909), sold as Dad's Puzzle; M. Gardner, \"Sliding-Block "
                         "Puzzles\" (Scientific American, February 1964), in Martin Gardner's Sixth Book of "
                         "Mathematical Games; S. Coffin, Geometric Puzzle Design (2007)",
                  published=[{"metric": "piece", "moves": 59, "source": "M. Gardner, Sixth Book of Mathematical "
                              "Games from Scientific American (1971), answers: \"Dad's Puzzle: 59 moves\""},
                             {"metric": "piece", "moves": 59, "source": "S. Coffin, Geometric Puzzle Design (2007): "
                              "\"It requires 59 moves\""}]),
    _layout_entry("lane-rouge", "L'Âne Rouge",
                  "The French name of Hakoiri Musume's layout: bring the red donkey (the 2×2 block) to the exit at "
                  "the bottom centre. Drawn as a layout; hakoiri-musume is the same puzzle in labels.",
                  "BAAC/BAAC/DEEF/DGHF/I..J", "..../..../..../.AA./.AA.", exit_side="bottom",
                  source="M. Gardner, \"Sliding-Block Puzzles\" (Scientific American, February 1964), in Martin "
                         "Gardner's Sixth Book of Mathematical Games",
                  published=[{"metric": "piece", "moves": 81, "source": "M. Gardner, Sixth Book of Mathematical "
                              "Games from Scientific American (1971), answers: \"L'Âne Rouge: 81 moves\"",
                              "note": "Gardner's moves take a piece round corners (\"up, left\"): the piece count"}]),
    _layout_entry("century", "Century",
                  "J. H. Conway's Century (about 1975): bring the 2×2 block from the top centre to the bottom centre "
                  "of a 4×5 box; the 2×1 blocks, the 1×2 blocks and the small squares are each interchangeable.",
                  "BAAC/DAAE/DF.E/GF.H/IIJJ", "..../..../..../.AA./.AA.", exit_side="bottom",
                  source="E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways vol. 2 (1982); counts from "
                         "J. A. Storer, \"Century and Super-Century\" (Brandeis University puzzle collection)",
                  published=[{"metric": "piece", "moves": 99, "source": "J. A. Storer: \"a minimal solution of 99 "
                              "rectilinear moves\"", "note": "a rectilinear move slides one piece any distance, "
                              "round corners too; 100 with the puzzle's initial half-unit move"},
                             {"metric": "straight", "moves": 111, "source": "J. A. Storer: \"a solution of 111 "
                              "straight-line moves\" (minimal in pzl's search)"}]),
    _layout_entry("super-century", "Super Century",
                  "Gil Dogon's Super Century (2004), with Century's pieces: bring the 2×2 block to the bottom centre. "
                  "It is the farthest start from that goal among the positions of Century's pieces.",
                  "DBCG/DEAA/FEAA/FIIH/..JJ", "..../..../..../.AA./.AA.", exit_side="bottom",
                  source="G. Dogon (2004); the start drawn by the source text of his IOCCC 2005 entry "
                         "(giljade.c), turned upside down (his goal is the top centre); counts from J. A. Storer, "
                         "\"Century and Super-Century\" (Brandeis University puzzle collection)",
                  published=[{"metric": "piece", "moves": 138, "source": "J. A. Storer: \"a minimal solution of "
                              "138 rectilinear moves\""},
                             {"metric": "straight", "moves": 150, "source": "J. A. Storer: \"a minimal straight-line "
                              "solution\" of 150 moves"},
                             {"metric": "step", "moves": 179, "source": "G. Dogon, IOCCC 2005 (giljade): \"179 "
                              "steps in the shortest move sequence\", a step moving one piece one cell"}],
                  notes="The farthest start from the bottom-centre goal among Century's 81,340 positions (pzl's "
                        "longest): 138 piece moves, reached by this start, its mirror image, and one position one "
                        "move away from each."),
    _layout_entry("bickford-4x4", "Bickford's 4×4",
                  "Neil Bickford's bandaged 15-puzzle: move the 1×2 block AA from the top left to the bottom right. "
                  "E is an L-shaped piece; the one-cell pieces are interchangeable.",
                  "AAEb/FcEE/FDg./.Dhi", "..../..../..../..AA",
                  source="N. Bickford, math-fun mailing list, 20 January 2011 (\"Is this the hardest 4x4 Sliding "
                         "Block Puzzle there is?\")",
                  published=[{"metric": "piece", "moves": 131, "source": "N. Bickford (2011): \"If a move is counted "
                              "as moving 1 piece any direction (including L-shaped paths) any number of squares, 131 "
                              "moves are minimum\"", "note": "the archived message lost the spacing of its third "
                              "row; both readings (FDg. and FD.g) need 131 moves"}]),
    _layout_entry("only-18-steps", "Only 18 Steps",
                  "A Klotski level named for its answer: the 2×2 block to the exit at the bottom centre.",
                  "AZZB/MZZN/CDEF/GHIJ/K..L", "..../..../..../.ZZ./.ZZ.", exit_side="bottom",
                  source="Klotski (ZH Computer, 1991, in Microsoft Entertainment Pack), as kept in GNOME Klotski's "
                         "levels",
                  published=[{"metric": "piece", "moves": 18, "source": "the level's name, \"Only 18 Steps\""}]),
    _layout_entry("motor-garage", "Dudeney's Motor-Garage",
                  "Exchange the top row of cars 1-4 with the bottom row 5-8, each row still in order, in a garage "
                  "whose twelve stopping places join the rows by one narrow passage; one car moves at a time, "
                  "any distance counting as one move.",
                  "1234/#.##/..##/#.##/5678", "5678/#.##/..##/#.##/1234", metric="piece",
                  source="H. E. Dudeney, Amusements in Mathematics (1917), no. 224, \"The Motor-Garage Puzzle\". "
                         "The plan is a picture there; pzl reads it back from Dudeney's own 43-move answer: on a "
                         "grid, the places of the four free stopping places where every move of that answer is a "
                         "legal slide are this plan, its passage's mirror image (the side place on the right), and "
                         "wider ones in which 18 to 22 moves suffice, so only the two narrow plans agree with his "
                         "\"fewest possible moves\"",
                  published=[{"metric": "piece", "moves": 43,
                              "source": "H. E. Dudeney, Amusements in Mathematics (1917), answer to no. 224: \"The "
                                        "exchange of cars can be made in forty-three moves\"",
                              "note": "the puzzle counts any distance as one move; pzl's search stores about 9.5 "
                                      "million positions for it"}],
                  notes="The cars are all different (each row keeps its order), so the goal names every car.",
                  start_note="The fewest moves from this start take a search of about 9.5 million positions (about "
                             "1.5 minutes of CPU on the command line, with --max-states 0: more than the default "
                             "state budget)."),
    _layout_entry("rush-hour-hardest", "Rush Hour: hardest card",
                  "Rush Hour (Nob Yoshigahara): drive car A out at the right edge of its row; every car slides "
                  "only along its length. The hardest of all 6×6 starts with the standard cars and a wall (x).",
                  "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", None, rules="rush-hour", exit_side="right",
                  source="M. Fogleman, Solving Rush Hour, the Puzzle (2018): a database of every interesting 6×6 "
                         "start, found by exhausting every arrangement of cars and walls; this is its hardest",
                  published=[{"metric": "piece", "moves": 60, "states": 2332,
                              "source": "M. Fogleman, Solving Rush Hour, the Puzzle (2018), database rush.txt",
                              "note": "a move slides one car any distance (for cars that is one straight slide); "
                                      "2,332 positions can be reached from this start"}],
                  notes="Written as a Rush Hour card: 36 characters row by row, o empty, x a wall."),
]


class CatalogPuzzle(NamedTuple):
    """A catalog puzzle as a task reads it: its entry, its board (`board_of`) and its pieces (`pieces_of`)."""

    entry: dict[str, Any]
    board: Board
    pieces: tuple[Piece, ...]


def board_of(entry: dict[str, Any]) -> Board:
    """The Board of a catalog entry."""
    return Board(tuple((r, c) for r, c in entry["cells"]))


def pieces_of(entry: dict[str, Any]) -> tuple[Piece, ...]:
    """The pieces of a catalog entry: its special pieces plus the one-cell labels of its start."""
    special = tuple(Piece(label, tuple((dr, dc) for dr, dc in data["shape"]), data.get("name"),
                          tuple(data.get("aliases", ())), data.get("glyph"))
                    for label, data in entry.get("pieces", {}).items())
    known = {piece.label for piece in special}
    tiles = dict.fromkeys(token for token in entry["start"].split() if token not in ("0", "*") and token not in known)
    return special + tuple(Piece(token) for token in tiles)


_BY_ID = {entry["id"]: CatalogPuzzle(entry, board_of(entry), pieces_of(entry)) for entry in CATALOG}


def puzzle_by_id(puzzle_id: str) -> CatalogPuzzle:
    """The catalog puzzle with this id: its entry with its board and pieces (built once, with the catalog)."""
    try:
        return _BY_ID[puzzle_id]
    except KeyError:
        raise CatalogError(f"unknown sliding puzzle {shown(puzzle_id)}; known: {', '.join(_BY_ID)}") from None


def entry(puzzle_id: str) -> dict[str, Any]:
    """The catalog entry with this id."""
    return puzzle_by_id(puzzle_id).entry
