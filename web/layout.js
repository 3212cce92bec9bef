// The layout text of a sliding-block puzzle, read and written as pzl.sliding.layout reads it (the
// same rules and the same messages, so the page can say at once what the solver would say), and a
// layout turned into a catalog-like entry whose positions are the layout's own characters.
//
// `.` is an empty cell, `#` no cell (a wall, or outside an odd-shaped box), a letter or digit a
// piece: a 4-connected region of one character. A goal is drawn the same way, `.` or `*` where
// anything may be. The 36-character Rush Hour card (6×6 row by row, `o` or `.` empty, `x` a wall,
// `A` the car that must leave) is a layout too.

export const PIECE_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const EMPTY_CELL = ".";
export const WALL = "#";
export const ANYTHING = "*";
export const CARD_SIDE = 6;
export const CARD_EMPTY = "o";
export const CARD_WALL = "x";
const CARD_PIECES = [...PIECE_CHARACTERS].filter((ch) => ch !== CARD_EMPTY && ch !== CARD_WALL).join("");
/** The largest box: rows and columns. */
export const MAX_SIDE = 10;
export const RULES = ["free", "rush-hour"];
/** An empty cell in a position (a position holds each board cell's piece character, as sliding.js reads it). */
const EMPTY = "0";
const ROW_SEPARATORS = /\s*(?:\/|\r?\n)\s*/;

/** A layout that cannot be read; its message is pzl's own for the same text. */
export class LayoutError extends Error {}

/** A character quoted as Python's repr quotes it (pzl's messages do). */
function shown(ch) {
  const escaped = ch.replaceAll("\\", "\\\\").replaceAll("\t", "\\t").replaceAll("\r", "\\r");
  return ch.includes("'") && !ch.includes('"') ? `"${escaped}"` : `'${escaped.replaceAll("'", "\\'")}'`;
}

/** True for a Rush Hour card: one line of exactly 36 characters. */
export function isCard(text) {
  return text.length === CARD_SIDE * CARD_SIDE && !text.includes("/") && !text.includes("\n");
}

function rowsOf(text, what) {
  if (typeof text !== "string") {
    throw new LayoutError(`the ${what} must be text: rows of one character per cell separated by /`);
  }
  const trimmed = text.trim();
  if (!trimmed) throw new LayoutError(`the ${what} is empty: write its rows, one character per cell, separated by /`);
  if (isCard(trimmed)) {
    const rows = Array.from({ length: CARD_SIDE }, (_, i) => trimmed.slice(i * CARD_SIDE, (i + 1) * CARD_SIDE));
    return { rows, card: true };
  }
  return { rows: trimmed.split(ROW_SEPARATORS), card: false };
}

/** The rows with card characters turned into layout ones, checked: lengths, size, characters. */
function gridOf(rows, what, card, allowAny) {
  if (rows.some((row) => !row)) {
    throw new LayoutError(`the ${what} has an empty row: every row has one character per cell `
      + "(use # for a cell outside the box)");
  }
  const width = [...rows[0]].length;
  rows.forEach((row, i) => {
    const length = [...row].length;
    if (length !== width) {
      throw new LayoutError(`row ${i + 1} of the ${what} has ${length} cells but row 1 has ${width}: every `
        + "row has the same number of cells (use # for a cell outside the box)");
    }
  });
  if (rows.length > MAX_SIDE || width > MAX_SIDE) {
    throw new LayoutError(`the ${what} is ${rows.length} rows by ${width} columns; a box has at most ${MAX_SIDE} of each`);
  }
  const grid = rows.map((row) => [...row].map((ch) => {
    if (!card) return ch;
    return ch === CARD_EMPTY ? EMPTY_CELL : ch === CARD_WALL ? WALL : ch;
  }));
  const allowed = new Set([...(card ? CARD_PIECES : PIECE_CHARACTERS), EMPTY_CELL, WALL, ...(allowAny ? [ANYTHING] : [])]);
  grid.forEach((row, r) => row.forEach((ch, c) => {
    if (!allowed.has(ch)) {
      throw new LayoutError(`the ${what} has ${shown(ch)} at row ${r + 1}, column ${c + 1}: ${characters(card, allowAny)}`);
    }
  }));
  return grid;
}

function characters(card, allowAny) {
  if (card) {
    return "a Rush Hour card uses o (or .) for an empty cell, x for a wall, and a letter or digit for each car "
      + "(A the car that must leave)";
  }
  return "a layout uses . for an empty cell, # for a wall or a cell outside the box"
    + (allowAny ? ", * (or .) for a cell that may hold anything" : "")
    + ", and a letter (A-Z, a-z) or digit for each piece";
}

/**
 * The pieces of a grid: 4-connected regions of one piece character, in reading order of their first
 * cell, each {char, cells: [[row, col]…]} with its cells in reading order. `charAt(row, col)` gives a
 * cell's character (undefined off the box); `isPiece(ch)` says which characters are pieces.
 */
export function regions(rows, cols, charAt, isPiece = (ch) => ![EMPTY_CELL, WALL, ANYTHING].includes(ch)) {
  const seen = new Set();
  const found = [];
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const ch = charAt(r, c);
      if (ch === undefined || !isPiece(ch) || seen.has(r * cols + c)) continue;
      const region = [[r, c]];
      seen.add(r * cols + c);
      for (let i = 0; i < region.length; i += 1) {
        const [cr, cc] = region[i];
        for (const [nr, nc] of [[cr - 1, cc], [cr + 1, cc], [cr, cc - 1], [cr, cc + 1]]) {
          if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || seen.has(nr * cols + nc) || charAt(nr, nc) !== ch) continue;
          seen.add(nr * cols + nc);
          region.push([nr, nc]);
        }
      }
      region.sort(([r1, c1], [r2, c2]) => r1 - r2 || c1 - c2);
      found.push({ char: ch, cells: region });
    }
  }
  return found;
}

/** A piece's cells as offsets from its first cell in reading order (what identical pieces share). */
export function shapeOf(cells) {
  const [r0, c0] = cells[0];
  return cells.map(([r, c]) => [r - r0, c - c0]);
}

const shapeKey = (cells) => shapeOf(cells).map(([r, c]) => `${r},${c}`).join(";");

/** Where cells lie, for a message: "rows 1-2, columns 3-4". */
export function cellsWhere(cells) {
  const span = (noun, values) => {
    const sorted = [...new Set(values)].sort((a, b) => a - b);
    return sorted.length === 1 ? `${noun} ${sorted[0] + 1}` : `${noun}s ${sorted[0] + 1}-${sorted[sorted.length - 1] + 1}`;
  };
  return `${span("row", cells.map(([r]) => r))}, ${span("column", cells.map(([, c]) => c))}`;
}

/** A shape as rows, for messages: "2x2" or "3 cells X./XX". */
export function shapeText(cells) {
  const r0 = Math.min(...cells.map(([r]) => r));
  const c0 = Math.min(...cells.map(([, c]) => c));
  const rows = Math.max(...cells.map(([r]) => r)) - r0 + 1;
  const cols = Math.max(...cells.map(([, c]) => c)) - c0 + 1;
  if (cells.length === rows * cols) return `${rows}x${cols}`;
  const has = new Set(cells.map(([r, c]) => `${r - r0},${c - c0}`));
  const drawn = Array.from({ length: rows }, (_, r) => Array.from({ length: cols },
    (__, c) => (has.has(`${r},${c}`) ? "X" : ".")).join("")).join("/");
  return `${cells.length} cells ${drawn}`;
}

/**
 * The layout a text draws: {rows, cols, walls (a Set of "r,c"), pieces, card, empty}; LayoutError
 * naming the first fault (a cell, a row, a missing piece), as pzl.sliding.layout.parse_layout does.
 */
export function readLayout(text, what = "layout") {
  const { rows, card } = rowsOf(text, what);
  const grid = gridOf(rows, what, card, false);
  const layout = boxOf(grid, card, card && text.includes(CARD_EMPTY) ? CARD_EMPTY : EMPTY_CELL);
  if (!layout.pieces.length) {
    throw new LayoutError(`the ${what} has no piece: draw each piece with a letter or digit in every cell it `
      + "covers (. is an empty cell, # a wall)");
  }
  if (!grid.some((row) => row.includes(EMPTY_CELL))) {
    throw new LayoutError(`the ${what} has no empty cell (.), so no piece can move`);
  }
  return layout;
}

/** A grid of layout characters as a layout (not checked for pieces or empty cells). */
export function boxOf(grid, card = false, empty = EMPTY_CELL) {
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  const walls = new Set();
  grid.forEach((row, r) => row.forEach((ch, c) => {
    if (ch === WALL) walls.add(`${r},${c}`);
  }));
  return { rows, cols, walls, pieces: regions(rows, cols, (r, c) => grid[r][c]), card, empty };
}

/**
 * Where a goal text puts pieces: a Map of piece character → the cells it must cover. It may name
 * only a character that is one piece of `layout`, drawn in that piece's shape, on cells of the board.
 */
export function readGoal(text, layout, what = "goal") {
  const { rows, card } = rowsOf(text, what);
  let grid = gridOf(rows, what, card, true);
  if (grid.length !== layout.rows || grid[0].length !== layout.cols) {
    throw new LayoutError(`the ${what} is ${grid.length} rows by ${grid[0].length} columns but the layout is `
      + `${layout.rows} by ${layout.cols}: draw the goal over the same box`);
  }
  grid = grid.map((row) => row.map((ch) => (ch === ANYTHING ? EMPTY_CELL : ch)));
  grid.forEach((row, r) => row.forEach((ch, c) => {
    if (ch === WALL && !layout.walls.has(`${r},${c}`)) {
      throw new LayoutError(`the ${what} has a wall (#) at row ${r + 1}, column ${c + 1} where the layout has `
        + "a cell: walls do not move (write . or * there)");
    }
  }));
  const targets = new Map();
  for (const region of regions(layout.rows, layout.cols, (r, c) => grid[r][c])) {
    const piece = namedPiece(layout, region.char, what);
    if (targets.has(region.char)) {
      throw new LayoutError(`the ${what} draws ${region.char} in two places (${cellsWhere(targets.get(region.char))} `
        + `and ${cellsWhere(region.cells)}); one piece ends in one place`);
    }
    if (shapeKey(region.cells) !== shapeKey(piece.cells)) {
      throw new LayoutError(`the ${what} draws ${region.char} as ${shapeText(shapeOf(region.cells))} but the piece is `
        + `${shapeText(shapeOf(piece.cells))}: pieces never rotate or change shape`);
    }
    const blocked = region.cells.find(([r, c]) => layout.walls.has(`${r},${c}`));
    if (blocked) {
      const [row, col] = blocked;
      throw new LayoutError(`the ${what} puts ${region.char} on the wall at row ${row + 1}, column ${col + 1}`);
    }
    targets.set(region.char, region.cells);
  }
  if (!targets.size) {
    throw new LayoutError(`the ${what} places no piece: draw at least one piece (its character) where it must end, `
      + ". or * elsewhere");
  }
  return targets;
}

function namedPiece(layout, char, what) {
  const found = layout.pieces.filter((piece) => piece.char === char);
  if (!found.length) throw new LayoutError(`the ${what} names ${char}, which is not a piece of the layout`);
  if (found.length > 1) {
    const places = found.slice(0, 3).map((piece) => cellsWhere(piece.cells)).join(" and ");
    throw new LayoutError(`the ${what} names ${char}, but ${char} stands for ${found.length} pieces of the layout `
      + `(${places}): give the piece that must move a character of its own`);
  }
  return found[0];
}

/** "horizontal" or "vertical" for a straight piece of at least two cells, else null. */
export function carDirection(cells) {
  const rows = new Set(cells.map(([r]) => r));
  const cols = new Set(cells.map(([, c]) => c));
  if (rows.size === 1 && cols.size === cells.length && cells.length > 1) return "horizontal";
  if (cols.size === 1 && rows.size === cells.length && cells.length > 1) return "vertical";
  return null;
}

/** LayoutError unless every piece is a car: a straight row or column of at least two cells. */
export function checkRushHour(layout) {
  for (const piece of layout.pieces) {
    if (piece.cells.length < 2) {
      throw new LayoutError("under rush-hour rules every piece is a car that moves along its length, and "
        + `${piece.char} (${cellsWhere(piece.cells)}) is a single cell: it has no length to move along`);
    }
    if (!carDirection(piece.cells)) {
      throw new LayoutError("under rush-hour rules every piece is a car that moves along its length, and "
        + `${piece.char} (${cellsWhere(piece.cells)}) is neither a row nor a column of cells`);
    }
  }
}

/** The default goal of a Rush Hour layout: car A at the right edge of its row (a Map, as readGoal gives). */
export function rushHourGoal(layout) {
  const cars = layout.pieces.filter((piece) => piece.char === "A");
  if (cars.length !== 1) {
    throw new LayoutError("a Rush Hour layout without a goal must have one car A (the car that leaves at the right "
      + "edge of its row): draw one, or give a goal");
  }
  const [car] = cars;
  if (carDirection(car.cells) !== "horizontal") {
    throw new LayoutError("car A must lie along its row to leave at the right edge: draw it so, or give a goal");
  }
  const [[row]] = car.cells;
  const length = car.cells.length;
  return new Map([["A", Array.from({ length }, (_, i) => [row, layout.cols - length + i])]]);
}

/** Text for pieces ({char, cells}) on a layout's box, in the layout's form (rows joined by "/", or a card). */
export function writeLayout(layout, pieces) {
  const grid = Array.from({ length: layout.rows }, (_, r) => Array.from({ length: layout.cols },
    (__, c) => (layout.walls.has(`${r},${c}`) ? WALL : EMPTY_CELL)));
  for (const { char, cells } of pieces) for (const [r, c] of cells) grid[r][c] = char;
  if (layout.card) {
    return grid.flat().map((ch) => (ch === WALL ? CARD_WALL : ch === EMPTY_CELL ? layout.empty : ch)).join("");
  }
  return grid.map((row) => row.join("")).join("/");
}

/** A goal (Map char → cells) as text in the layout's own form. */
export function goalText(layout, targets) {
  return writeLayout(layout, [...targets].map(([char, cells]) => ({ char, cells })));
}

/**
 * The kind of each piece: pieces of one kind are interchangeable — one kind per goal-named piece
 * (`named`: its character) and one per shape of the others. Returns a function piece → kind key.
 */
export function kindOf(named) {
  return (piece) => (named.has(piece.char) ? `named ${piece.char}` : `shape ${shapeKey(piece.cells)}`);
}

/**
 * A catalog-like entry for a layout puzzle, whose positions hold each board cell's piece character
 * ("0" for an empty cell): `text` the start (layout rows or a card), `goal` a goal text (absent: a
 * Rush Hour layout's default goal), `rules` "free" or "rush-hour" (absent: Rush Hour's for a card).
 * `base` (a catalog entry drawn as a layout) gives its id, name, notes and exit. A layout that reads
 * but cannot be solved as it is (no piece, no empty cell, a bad goal, a car that is not straight)
 * gives an entry with `problem` set to pzl's message; a text that does not even draw a box throws
 * LayoutError.
 */
export function layoutEntry(text, goal, rules = null, base = null) {
  const { rows, card } = rowsOf(text, "layout");
  const grid = gridOf(rows, "layout", card, false);
  const layout = boxOf(grid, card, card && text.includes(CARD_EMPTY) ? CARD_EMPTY : EMPTY_CELL);
  const rushHour = rules === "rush-hour" || (card && !rules); // a card is played by Rush Hour's rules unless told
  let problem = null;
  let targets = new Map();
  try { // in pzl's order, so the first fault named is pzl's
    readLayout(text);
    if (rules === "rush-hour") checkRushHour(layout);
    if (goal) targets = readGoal(goal, layout);
    else if (rushHour || card) targets = rushHourGoal(layout); // a card's goal: car A out at the right
    else throw new LayoutError(NO_GOAL);
    if (rushHour && rules !== "rush-hour") checkRushHour(layout); // a card, played by Rush Hour's rules
  } catch (error) {
    if (!(error instanceof LayoutError)) throw error;
    problem = error.message;
  }
  // "0" is an empty cell in a position: a piece drawn with 0 is written with a spare character.
  const spare = [...(card ? CARD_PIECES : PIECE_CHARACTERS)].find((ch) => ch !== EMPTY
    && !layout.pieces.some((piece) => piece.char === ch));
  const rename = (ch) => (ch === EMPTY ? spare : ch);
  layout.pieces = layout.pieces.map((piece) => ({ char: rename(piece.char), cells: piece.cells }));
  targets = new Map([...targets].map(([char, cells]) => [rename(char), cells]));
  const cells = [];
  for (let r = 0; r < layout.rows; r += 1) {
    for (let c = 0; c < layout.cols; c += 1) if (!layout.walls.has(`${r},${c}`)) cells.push([r, c]);
  }
  const number = new Map(cells.map(([r, c], i) => [`${r},${c}`, i]));
  const start = cells.map(() => EMPTY);
  for (const piece of layout.pieces) for (const [r, c] of piece.cells) start[number.get(`${r},${c}`)] = piece.char;
  const full = targets.size > 0 && targets.size === layout.pieces.length;
  const goalCells = cells.map(() => (full ? EMPTY : ANYTHING));
  for (const [char, at] of targets) for (const [r, c] of at) goalCells[number.get(`${r},${c}`)] = char;
  const name = base?.name ?? `Block puzzle of your own (${layout.rows}×${layout.cols})`;
  return {
    id: base?.id ?? "custom-blocks",
    custom: !base,
    family: "sliding",
    group: base?.group ?? "custom",
    name,
    description: base?.description ?? "Your own sliding-block puzzle: Edit draws it (box, walls, pieces, goal); "
      + "the link keeps it.",
    ...(base?.notes ? { notes: base.notes } : {}),
    ...(base?.start_note ? { start_note: base.start_note } : {}),
    ...(base?.source ? { source: base.source, published: base.published } : {}),
    rows: layout.rows,
    cols: layout.cols,
    cells,
    start: start.join(" "),
    goal: goalCells.join(" "),
    layout: writeLayout(layout, layout.pieces),
    goal_layout: targets.size ? goalText(layout, targets) : (goal ?? ""),
    rules: rushHour ? "rush-hour" : "free",
    goal_pieces: [...targets.keys()].sort(),
    exit: base ? base.exit ?? null : rushHour ? rushHourExit(layout, targets) : null,
    box: layout,
    asLayout: true, // positions hold each piece's own character (web/game-blocks.js plays it)
    problem,
    algorithms: ["auto", "bfs", "bidirectional", "iddfs", "ida", "astar"],
  };
}

const NO_GOAL = "a layout needs a goal: draw the box again with the piece that must move where it must end, . or * "
  + "elsewhere (e.g. ..../..../..../.AA./.AA.)";

/** A Rush Hour car's way out: the side of the box its target touches along its length, or null. */
function rushHourExit(layout, targets) {
  if (targets.size !== 1) return null;
  const [cells] = targets.values();
  const direction = carDirection(cells);
  const rows = cells.map(([r]) => r);
  const cols = cells.map(([, c]) => c);
  let side = null;
  let edge = null;
  if (direction === "horizontal" && Math.max(...cols) === layout.cols - 1) [side, edge] = ["right", Math.max(...cols)];
  else if (direction === "horizontal" && Math.min(...cols) === 0) [side, edge] = ["left", 0];
  else if (direction === "vertical" && Math.max(...rows) === layout.rows - 1) [side, edge] = ["bottom", Math.max(...rows)];
  else if (direction === "vertical" && Math.min(...rows) === 0) [side, edge] = ["top", 0];
  if (!side) return null;
  const along = side === "left" || side === "right" ? ([, c]) => c === edge : ([r]) => r === edge;
  return { side, cells: cells.filter(along).map(([r, c]) => r * layout.cols + c).sort((a, b) => a - b) };
}
