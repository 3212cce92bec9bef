// A sliding-block puzzle drawn as a layout (a catalog classic such as Dad's Puzzle or Rush Hour, or a
// puzzle of your own from the block editor) as the app sees it: the sliding game, with positions that
// hold each piece's own character, pieces of one shape interchangeable, and the solver asked in
// layout text (web/layout.js), which it answers in the same characters.

import { slidingGame } from "./game-sliding.js";
import {
  kindOf, LayoutError, layoutEntry, PIECE_CHARACTERS, readLayout, shapeOf, shapeText, writeLayout,
} from "./layout.js";
import { EMPTY, piecesOf } from "./sliding.js";

/**
 * A game for a layout: `source` is a catalog entry drawn as a layout (it has `layout`), or an entry
 * made by layoutEntry (web/layout.js) for a puzzle of your own.
 */
export function blocksGame(source) {
  const entry = source.asLayout ? source : layoutEntry(source.layout, source.goal_layout, source.rules ?? "free", source);
  const game = slidingGame(entry);
  const { rules } = game;
  const box = entry.box;
  const named = new Set(entry.goal_pieces);
  const kind = kindOf(named);
  const start = game.start;
  const goal = game.goal;

  /** The layout pieces of a position: {char, cells: [[row, col]…]}. */
  const layoutPieces = (position) => piecesOf(rules, position)
    .map((piece) => ({ char: piece.label, cells: piece.cells.map((cell) => rules.cells[cell]) }));
  /** Each cell's kind (pieces of one kind are interchangeable), as one string: equal for equal positions. */
  const kinds = (position) => {
    const found = position.map(() => EMPTY);
    for (const piece of layoutPieces(position)) {
      for (const [row, col] of piece.cells) found[rules.cellAt(row, col)] = kind(piece);
    }
    return found.join("|");
  };
  const kindCounts = (position) => layoutPieces(position).map(kind).sort().join("|");
  const ownKinds = kindCounts(start);

  /** A position as layout text, in the puzzle's own form (rows, or a Rush Hour card). */
  const text = (position) => writeLayout(box, layoutPieces(position));

  /**
   * A layout text of this puzzle read as a position: {position} or {problem} in words. Its pieces must
   * be this puzzle's (a goal's piece written with its own character; the others by shape), on its box.
   */
  function positionOf(value, what = "position") {
    let other;
    try {
      other = readLayout(String(value), what);
    } catch (error) {
      if (error instanceof LayoutError) return { problem: error.message };
      throw error;
    }
    const walls = (layout) => [...layout.walls].sort().join(" ");
    if (other.rows !== box.rows || other.cols !== box.cols || walls(other) !== walls(box)) {
      return { problem: `the ${what} is not drawn on this puzzle's box (${box.rows} rows by ${box.cols} columns `
        + "with its walls)" };
    }
    const shapeKey = (piece) => shapeOf(piece.cells).join(";");
    const namedShape = new Map(box.pieces.filter((piece) => named.has(piece.char))
      .map((piece) => [piece.char, shapeKey(piece)]));
    const otherShapes = new Set(box.pieces.filter((piece) => !named.has(piece.char)).map(shapeKey));
    const position = start.map(() => EMPTY);
    const taken = new Set([...other.pieces.map((piece) => piece.char), ...named]);
    const spares = [...PIECE_CHARACTERS].filter((ch) => ch !== EMPTY && !taken.has(ch));
    for (const piece of other.pieces) {
      let char = piece.char;
      if (namedShape.get(char) !== shapeKey(piece)) { // not a goal's piece: one of a kind, by its shape
        if (!otherShapes.has(shapeKey(piece))) {
          return { problem: `the ${what} has a piece ${piece.char} (${shapeText(shapeOf(piece.cells))}) this puzzle `
            + "does not have" };
        }
        if (named.has(char) || char === EMPTY) char = spares.shift() ?? "Z";
      }
      for (const [row, col] of piece.cells) position[rules.cellAt(row, col)] = char;
    }
    if (kindCounts(position) !== ownKinds) return { problem: `the ${what} has other pieces than the puzzle` };
    return { position };
  }

  /** A solver's answer position (layout text) as a position; identical pieces may have traded characters. */
  function answerPosition(value) {
    const read = positionOf(value, "answer");
    if (read.problem) throw new Error(read.problem);
    return read.position;
  }

  const request = (position) => (entry.custom
    ? { layout: text(position), goal: entry.goal_layout, rules: entry.rules }
    : { layout: text(position) });

  /** A solver step {piece, from, to} numbers the cells of the whole box: as board cells. */
  const stepOnBoard = (step) => {
    const cell = (n) => rules.cellAt(Math.floor(n / box.cols), n % box.cols);
    return { piece: step.piece, from: step.from.map(cell), to: step.to.map(cell) };
  };

  return {
    ...game,
    same: (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && kinds(a) === kinds(b),
    isDefaultStart: (position) => !entry.custom && kinds(position) === kinds(start),
    /** The start and goal a link names (its `layout`: the start as layout text); throws Error in words. */
    fromLink(link) {
      for (const key of ["empty", "finish", "start"]) {
        if (link[key] !== undefined) throw new Error(`a block puzzle takes layout= (and goal=), not ${key}=`);
      }
      if (link.layout === undefined) return { start, goal };
      const read = positionOf(link.layout, "layout");
      if (read.problem) throw new Error(`the layout does not fit the ${entry.name}: ${read.problem}`);
      return { start: read.position, goal };
    },
    /** The link's fields: the start as layout text, and for a puzzle of your own its goal and rules (unless the default). */
    linkFields: (position) => (entry.custom
      ? {
        layout: text(position),
        goal: entry.goal_layout || undefined,
        rules: (entry.rules === "rush-hour") !== box.card ? entry.rules : undefined, // a card is Rush Hour's by default
      }
      : { layout: text(position) }),
    /** Why the puzzle cannot be solved as it stands, in words; or null. */
    problem(position) {
      if (entry.problem) return entry.problem;
      if (kindCounts(position) !== ownKinds) return "the start has other pieces than the puzzle";
      return null;
    },
    readPosition: (value) => positionOf(value),
    /** The text a person edits for the position on the board. */
    positionText: (position) => text(position),
    positionHelp: "The layout, row by row (rows separated by / or new lines): . an empty cell, # a wall, a letter or "
      + "digit for each piece (pieces of one shape are interchangeable).",
    /** The solver request's task fields: the position as layout text (with the goal and rules of a puzzle of your own). */
    request,
    /** The request fields of a `longest` search: every position of this box and pieces. */
    longestRequest: request,
    /** A position of the solver's answers (layout text; identical pieces may have traded characters). */
    readAnswer: answerPosition,
    stepOnBoard,
    asLayout: true,
  };
}

/** Whether a catalog entry is drawn as a layout (its game is a blocksGame). */
export const isLayoutEntry = (entry) => Boolean(entry.layout || entry.asLayout);
