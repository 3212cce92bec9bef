// The URL codec for shared links: a readable hash such as
// #puzzle=8-puzzle&start=8,6,7,2,5,4,3,0,1&moves=7u,4r&goal=…&algorithm=ida
// (start = the game's first position, moves = the moves played from it up to the position shown;
// step=N, from older links, solves on opening and shows step N of the solution; bound= the lower
// bound of ida/astar; compare=1 opens the Compare panel and runs the comparison)
// #puzzle=hoppers&empty=6&finish=6        #board=3x4&start=…  (a custom sliding board)
// #mask=..o../.ooo./ooooo&lattice=square&empty=6&finish=any  (a custom peg board)
// #layout=AABB/AACC/de../FGHH/FGII&goal=..../..../..../AA../AA..&rules=rush-hour  (a sliding-block layout;
// with puzzle=, the layout is that catalog puzzle's start)
// A long game's moves go in `path` instead, a compact code (`packPath`: each one-cell slide as its
// index among the legal slides, packed in base 64): 1,560 moves of a 10x10 board in about 500
// characters. A game that fits neither way is written from the position shown (`after=N`: the
// moves before it are left out, and the page says so), so every link the page writes reopens.

const KEYS = [
  "puzzle", "board", "mask", "lattice", "start", "goal", "empty", "finish", "moves", "path", "after", "algorithm", "bound",
  "metric", "all", "step", "compare",
];
const BOUNDS = ["none", "misplaced", "manhattan", "linear-conflict", "pdb"];
const METRICS = ["step", "piece", "straight"];
const ORDER = ["puzzle", "board", "mask", "lattice", "layout", "start", "goal", "rules", "empty", "finish", "moves", "path"];
const MOVE = /^[0-9a-z-]{1,120}$/i;
const MAX_MOVES = 2000;
const ALGORITHM = /^[a-z][a-z0-9_-]{0,31}$/;
export const MAX_LENGTH = 4000;
/** Moves are written readably while the link stays this short; beyond, as a `path` code. */
export const READABLE_LENGTH = 2000;
/** A path code: the number of one-cell moves, "j" when some moves join several, ".", base-64 digits. */
const PATH = /^(\d{1,6})(j?)\.([A-Za-z0-9_-]{0,3900})$/;
const MAX_PATH = 100_000;
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * A link that cannot be followed; its message is shown to the person. `fallback` is the link's
 * puzzle part alone ({puzzle | board | mask, lattice}) when that part is sound, so the page can
 * open the puzzle the link names rather than the default one.
 */
export class LinkError extends Error {
  fallback = null;
}

/** The puzzle and lattice keys: what a link's fallback keeps. */
const PUZZLE_KEYS = ["puzzle", "board", "mask", "lattice"];

/**
 * Read a hash ("#puzzle=…") into {puzzle | board | mask, lattice, start, goal, empty, finish, moves, algorithm,
 * metric, all, step}. Positions come back as arrays of labels, moves as an array of move tokens (the family reads
 * them: "7u" slides the piece on cell 7 up, "12-6-0" is a peg's chain). Returns null for an empty hash;
 * throws LinkError with a readable message for anything malformed. Only the
 * shape is checked here: whether a position fits its board is the family's job.
 */
export function readLink(hash) {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (text.trim() === "") return null;
  if (text.length > MAX_LENGTH) throw new LinkError("The link is too long to be a puzzle link.");
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    throw new LinkError("The link could not be read.");
  }
  try {
    return readParams(params);
  } catch (error) {
    if (error instanceof LinkError) error.fallback = puzzlePart(params);
    throw error;
  }
}

/** The link's puzzle part alone (the first value of each puzzle key), when it reads on its own; else null. */
function puzzlePart(params) {
  const part = new URLSearchParams();
  for (const key of [...PUZZLE_KEYS, ...layoutPuzzleKeys(params)]) {
    if (params.has(key)) part.set(key, params.get(key));
  }
  try {
    return readParams(part);
  } catch {
    return null;
  }
}

function readParams(params) {
  const link = {};
  for (const [key, value] of params) {
    if (!KEYS.includes(key) && !LAYOUT_KEYS.includes(key)) throw new LinkError(`The link has an unknown part “${shorten(key)}”.`);
    if (key in link) throw new LinkError(`The link names “${key}” twice.`);
    link[key] = value;
  }
  const names = ["puzzle", "board", "mask"].filter((key) => link[key]);
  if (names.length === 0 && !link.layout) throw new LinkError("The link does not name a puzzle.");
  if (link.layout && (link.board || link.mask)) throw new LinkError("The link names more than one puzzle or board.");
  if (names.length > 1) throw new LinkError("The link names more than one puzzle or board.");
  if (link.mask && !/^[o./]{1,100}$/.test(link.mask)) {
    throw new LinkError("The link's mask must be rows of o (hole) and . (no hole) separated by /.");
  }
  if ("lattice" in link && !/^[a-z-]{1,20}$/.test(link.lattice)) {
    throw new LinkError("The link's lattice is not a name.");
  }
  if (link.puzzle && !/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(link.puzzle)) {
    throw new LinkError(`“${shorten(link.puzzle)}” is not a puzzle name.`);
  }
  if (link.board) {
    const size = /^([2-9]|10)x([2-9]|10)$/.exec(link.board);
    if (!size) throw new LinkError(`“${shorten(link.board)}” is not a board size from 2x2 to 10x10.`);
    link.board = { rows: Number(size[1]), cols: Number(size[2]) };
  }
  for (const key of ["empty", "finish"]) {
    if (key in link && !/^[0-9a-z, ]{0,800}$/i.test(link[key])) {
      throw new LinkError(`The link's ${key} must be hole numbers separated by commas.`);
    }
  }
  for (const key of link.layout ? ["start"] : ["start", "goal"]) { // a layout's goal is drawn as a layout
    if (key in link) link[key] = readPosition(link[key], key);
  }
  readLayoutFields(link);
  if ("moves" in link) {
    const moves = link.moves.split(",").map((move) => move.trim());
    if (moves.length > MAX_MOVES || moves.some((move) => !MOVE.test(move))) {
      throw new LinkError("The link's moves must be moves separated by commas, such as 7u,4r or 12-6,3-9.");
    }
    link.moves = moves;
  }
  if ("path" in link) {
    if ("moves" in link) throw new LinkError("The link gives its moves twice (moves and path).");
    const code = PATH.exec(link.path);
    if (!code || Number(code[1]) > MAX_PATH) throw new LinkError("The link's path is not a move code.");
  }
  if ("after" in link) {
    if (!/^\d{1,6}$/.test(link.after)) throw new LinkError("The link's “after” must be a whole number.");
    link.after = Number(link.after);
  }
  if ("algorithm" in link && !ALGORITHM.test(link.algorithm)) {
    throw new LinkError(`“${shorten(link.algorithm)}” is not an algorithm name.`);
  }
  if ("bound" in link && !BOUNDS.includes(link.bound)) {
    throw new LinkError(`The link's lower bound must be ${BOUNDS.join(", ")}.`);
  }
  if ("compare" in link) {
    if (!["0", "1"].includes(link.compare)) throw new LinkError("The link's “compare” must be 0 or 1.");
    link.compare = link.compare === "1";
  }
  if ("metric" in link && !METRICS.includes(link.metric)) {
    throw new LinkError(`The link's metric must be ${METRICS.join(", ")}.`);
  }
  if ("all" in link) {
    if (!["0", "1"].includes(link.all)) throw new LinkError("The link's “all” must be 0 or 1.");
    link.all = link.all === "1";
  }
  if ("step" in link) {
    if (!/^\d{1,6}$/.test(link.step)) throw new LinkError("The link's step must be a whole number.");
    link.step = Number(link.step);
  }
  return link;
}

function readPosition(value, key) {
  const labels = value.split(",").map((label) => label.trim());
  if (labels.length < 2 || labels.length > 400 || labels.some((label) => label === "" || label.length > 8)) {
    throw new LinkError(`The link's ${key} position is malformed: give the labels in cell order, separated by commas.`);
  }
  return labels;
}

/** Write {puzzle | board | mask, lattice, start, goal, empty, finish, moves, algorithm, all, step} as a hash (no "#"). */
export function writeLink(link) {
  const params = new URLSearchParams();
  for (const key of ORDER) {
    const value = link[key];
    if (value === undefined || value === null || (key === "moves" && !value.length)) continue;
    if (key === "board") params.set(key, `${value.rows}x${value.cols}`);
    else params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  if (Number.isInteger(link.after) && link.after > 0) params.set("after", String(link.after));
  if (link.algorithm && link.algorithm !== "auto") params.set("algorithm", link.algorithm);
  if (link.bound) params.set("bound", link.bound);
  if (link.metric) params.set("metric", link.metric);
  if (link.all) params.set("all", "1");
  if (Number.isInteger(link.step) && link.step > 0) params.set("step", String(link.step));
  if (link.compare) params.set("compare", "1");
  // Commas stay readable; URLSearchParams escapes them, which is legal but ugly.
  return params.toString().replaceAll("%2C", ",").replaceAll("%2F", "/");
}

// ---- layouts: a sliding-block puzzle drawn as text (web/layout.js reads it; here only its shape) ----

const LAYOUT_KEYS = ["layout", "rules"];
const LAYOUT_RULES = ["free", "rush-hour"];
const LAYOUT_TEXT = /^[A-Za-z0-9.#*/]{1,120}$/;

/** The keys that make up a layout puzzle of one's own, for a broken link's fallback (none for a catalog puzzle). */
function layoutPuzzleKeys(params) {
  return params.has("layout") && !params.has("puzzle") ? ["layout", "goal", "rules"] : [];
}

/** Check a link's layout fields: the layout and its goal as text (rows of cell characters), the rules by name. */
function readLayoutFields(link) {
  if ("layout" in link && !LAYOUT_TEXT.test(link.layout)) {
    throw new LinkError("The link's layout must be rows of . (empty), # (wall) and letters or digits (pieces), "
      + "separated by /.");
  }
  if (link.layout && "goal" in link && !LAYOUT_TEXT.test(link.goal)) {
    throw new LinkError("The link's goal must be the layout's rows again, with the goal's pieces where they end.");
  }
  if ("rules" in link && !LAYOUT_RULES.includes(link.rules)) {
    throw new LinkError(`The link's rules must be ${LAYOUT_RULES.join(" or ")}.`);
  }
  if ("rules" in link && !link.layout) throw new LinkError("The link's rules are for a layout (layout=).");
}

/**
 * The link of a game that always reopens (never longer than MAX_LENGTH): `fields` (the puzzle part and the
 * page's options), the task from `root` to `goal` and the moves played (`tokens`, null where one cannot be
 * written) readable while the link is short, else as a compact path code (`game.packMoves`, when the family
 * has one), else, for a game no link holds, from the position `shown` with `after`: the moves left out.
 */
export function writeGameLink(game, { root, shown, goal, tokens, fields }) {
  if (tokens.every(Boolean)) {
    const task = game.linkFields(root, goal);
    const readable = writeLink({ ...fields, ...task, moves: tokens });
    if (readable.length <= READABLE_LENGTH) return readable;
    const code = game.packMoves?.(root, tokens);
    const compact = code && writeLink({ ...fields, ...task, path: code });
    if (compact && compact.length <= MAX_LENGTH) return compact;
    if (readable.length <= MAX_LENGTH) return readable;
  }
  return writeLink({ ...fields, ...game.linkFields(shown, goal), after: tokens.length });
}

/**
 * A path code for moves made of one-cell moves: `digits[i]` chosen among `radices[i]` choices (its index
 * among the legal moves there), and `lengths` the one-cell moves of each move (all 1: plain steps).
 * The digits are packed into one number in mixed radix (the first digit lowest), written in base 64.
 */
export function packPath(digits, radices, lengths) {
  const joined = lengths.some((length) => length !== 1);
  const places = [];   // (digit, radix), first to last; joined: a 0/1 "a new move starts" before each later step
  let step = 0;
  for (const length of lengths) {
    for (let part = 0; part < length; part += 1, step += 1) {
      if (joined && step > 0) places.push([part === 0 ? 1 : 0, 2]);
      places.push([digits[step], radices[step]]);
    }
  }
  let value = 0n;
  for (let i = places.length - 1; i >= 0; i -= 1) value = value * BigInt(places[i][1]) + BigInt(places[i][0]);
  let text = "";
  for (; value > 0n; value >>= 6n) text = DIGITS[Number(value & 63n)] + text;
  return `${digits.length}${joined ? "j" : ""}.${text}`;
}

/**
 * Read a path code back, move by move: `choices(stepIndex)` gives the number of legal one-cell moves at
 * the current position and `take(digit)` plays one; returns the lengths of the moves (one-cell moves each).
 * Throws LinkError when the code does not fit the moves it describes.
 */
export function unpackPath(code, choices, take) {
  const [, count, joined, text] = PATH.exec(code) ?? [];
  if (count === undefined) throw new LinkError("The link's path is not a move code.");
  let value = 0n;
  for (const char of text) value = (value << 6n) | BigInt(DIGITS.indexOf(char));
  const next = (radix) => {
    const digit = Number(value % BigInt(radix));
    value /= BigInt(radix);
    return digit;
  };
  const lengths = [];
  for (let step = 0; step < Number(count); step += 1) {
    if (step === 0 || (joined ? next(2) === 1 : true)) lengths.push(0);
    const radix = choices(step);
    if (radix < 1) throw new LinkError(`The link's path has no legal move for its move ${lengths.length}.`);
    take(next(radix));
    lengths[lengths.length - 1] += 1;
  }
  if (value !== 0n) throw new LinkError("The link's path does not end where its moves do.");
  return lengths;
}

function shorten(text) {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
