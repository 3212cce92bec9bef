// Sliding-puzzle rules for play by hand: adjacency from the cells' geometry,
// pieces (single tiles or multi-cell blocks), legal slides and random walks.

export const EMPTY = "0";

/** Unit steps on the grid, named as the arrow keys that slide a piece that way. */
export const DIRECTIONS = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** A goal cell that any piece (or none) may occupy. */
export const ANY = "*";

/**
 * Rules for one catalog entry: {cells, cellAt(row, col), shapes, size}.
 * entry.pieces maps a label to {shape: [[dr, dc]…]}; labels with more than one cell move as one block.
 */
export function slidingRules(entry) {
  const cells = entry.cells.map(([row, col]) => [row, col]);
  const index = new Map(cells.map(([row, col], i) => [`${row},${col}`, i]));
  const shapes = new Map();
  for (const [label, info] of Object.entries(entry.pieces ?? {})) {
    const shape = Array.isArray(info?.shape) ? info.shape.map(([dr, dc]) => [Number(dr), Number(dc)]) : [];
    if (shape.length > 1) {
      // Offsets from the block's first cell in reading order, which is where a scan meets it.
      shape.sort(([r1, c1], [r2, c2]) => r1 - r2 || c1 - c2);
      const [r0, c0] = shape[0];
      shapes.set(label, shape.map(([dr, dc]) => [dr - r0, dc - c0]));
    }
  }
  return {
    cells,
    size: cells.length,
    shapes,
    cellAt: (row, col) => index.get(`${row},${col}`),
  };
}

/** Split a position string ("8 6 7 …") into labels. */
export function parsePosition(text) {
  return String(text).trim().split(/\s+/);
}

/** The position as the solver's string: labels separated by spaces. */
export function formatPosition(position) {
  return position.join(" ");
}

/**
 * The pieces of a position: [{label, cells: [cell…]}] in order of their first cell.
 * A block covers its shape from the first cell (in reading order) that carries its label.
 */
export function piecesOf(rules, position) {
  const pieces = [];
  const taken = new Set();
  position.forEach((label, cell) => {
    if (label === EMPTY || taken.has(cell)) return;
    const shape = rules.shapes.get(label);
    let cells = [cell];
    if (shape) {
      const [row, col] = rules.cells[cell];
      const covered = shape.map(([dr, dc]) => rules.cellAt(row + dr, col + dc));
      if (covered.every((c) => c !== undefined && !taken.has(c) && position[c] === label)) cells = covered;
    }
    for (const c of cells) taken.add(c);
    pieces.push({ label, cells });
  });
  return pieces;
}

/** The position after sliding `piece` one step by [dr, dc], or null if it cannot go there. */
export function slide(rules, position, piece, [dr, dc]) {
  const targets = [];
  for (const cell of piece.cells) {
    const [row, col] = rules.cells[cell];
    const target = rules.cellAt(row + dr, col + dc);
    if (target === undefined) return null;
    if (position[target] !== EMPTY && !piece.cells.includes(target)) return null;
    targets.push(target);
  }
  const next = position.slice();
  for (const cell of piece.cells) next[cell] = EMPTY;
  for (const target of targets) next[target] = piece.label;
  return next;
}

/** Every legal slide: [{piece, direction, position}]. */
export function legalSlides(rules, position) {
  const slides = [];
  for (const piece of piecesOf(rules, position)) {
    for (const direction of Object.values(DIRECTIONS)) {
      const next = slide(rules, position, piece, direction);
      if (next) slides.push({ piece, direction, position: next });
    }
  }
  return slides;
}

/** The slide that moves the piece covering `cell` (its only one, or the first), or null. */
export function slideAt(rules, position, cell) {
  return legalSlides(rules, position).find((move) => move.piece.cells.includes(cell)) ?? null;
}

/** The slide in an arrow key's direction (a piece moves that way into an empty cell), or null. */
export function slideToward(rules, position, key) {
  const [dr, dc] = DIRECTIONS[key] ?? [];
  if (dr === undefined) return null;
  return legalSlides(rules, position).find((move) => move.direction[0] === dr && move.direction[1] === dc) ?? null;
}

/** A random position reached by `steps` random slides from `start` (never undoing the last one). */
export function randomWalk(rules, start, steps, random = Math.random) {
  let position = start;
  let previous = null;
  for (let i = 0; i < steps; i += 1) {
    let options = legalSlides(rules, position);
    const fresh = options.filter((move) => !previous || !sameLabels(move.position, previous));
    if (fresh.length) options = fresh;
    if (!options.length) break;
    previous = position;
    position = options[Math.floor(random() * options.length)].position;
  }
  return position;
}

export function sameLabels(a, b) {
  return a.length === b.length && a.every((label, i) => label === b[i]);
}

/** Whether `position` meets `goal` (a goal cell "*" accepts anything). */
export function reaches(position, goal) {
  return position.length === goal.length && goal.every((label, i) => label === ANY || label === position[i]);
}

/**
 * Why `position` cannot be used on this board with these pieces (`pieces`: a position holding
 * exactly the puzzle's pieces, e.g. its default start), in words; null when it can.
 * A goal may say "*" for cells it does not care about.
 */
export function positionProblem(rules, position, pieces, { goal = false } = {}) {
  if (position.length !== rules.size) {
    return `it has ${position.length} cells, the board has ${rules.size}`;
  }
  const count = (labels) => {
    const counts = new Map();
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
    return counts;
  };
  const have = count(position);
  const want = count(pieces);
  for (const label of have.keys()) {
    if (!want.has(label) && !(goal && label === ANY)) return `“${label}” is not a piece of this puzzle`;
  }
  for (const [label, n] of want) {
    const got = have.get(label) ?? 0;
    if (got === n || (goal && have.has(ANY) && got < n)) continue;
    return label === EMPTY
      ? `it needs ${n} empty cell${n === 1 ? "" : "s"} (0)`
      : `it needs ${n === 1 ? "one" : n} piece${n === 1 ? "" : "s"} “${label}”, not ${got}`;
  }
  // Every block must lie whole on the board, in its shape.
  const blocks = piecesOf(rules, position.map((label) => (label === ANY ? EMPTY : label)));
  for (const [label, shape] of rules.shapes) {
    const cells = blocks.filter((piece) => piece.label === label).reduce((n, piece) => n + piece.cells.length, 0);
    const whole = blocks.filter((piece) => piece.label === label && piece.cells.length === shape.length).length;
    if (cells !== whole * shape.length) return `the block “${label}” is broken up`;
  }
  return null;
}

/**
 * How many arrangements a sliding puzzle's pieces have on its cells, or null when blocks
 * or a partial goal make that count meaningless. Distinct tiles with one empty cell:
 * only half are reachable (permutation parity).
 */
export function positionCount(entry) {
  if (Object.values(entry.pieces ?? {}).some((piece) => piece.shape?.length > 1)) return null;
  const labels = String(entry.goal).split(/\s+/);
  if (labels.includes(ANY)) return null;
  const counts = new Map();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  let total = 1;
  for (let n = 2; n <= labels.length; n += 1) total *= n;
  for (const count of counts.values()) for (let n = 2; n <= count; n += 1) total /= n;
  return [...counts.values()].every((count) => count === 1) ? total / 2 : total;
}

/**
 * Whether permutation parity lets `position` reach `goal` on this board: true or false for
 * distinct tiles and one empty cell (each slide changes both the arrangement's parity and the
 * empty cell's colour on the grid, so they stay matched), null when parity says nothing
 * (duplicate pieces, blocks, a partial goal).
 */
export function parityAllows(rules, position, goal) {
  if (position.length !== goal.length || goal.includes(ANY) || !sameMultiset(position, goal)) return null;
  if (new Set(position).size !== position.length) return null;
  const where = new Map(goal.map((label, cell) => [label, cell]));
  const seen = new Array(position.length).fill(false);
  let swaps = 0;
  for (let cell = 0; cell < position.length; cell += 1) {
    let length = 0;
    for (let at = cell; !seen[at]; at = where.get(position[at])) {
      seen[at] = true;
      length += 1;
    }
    swaps += Math.max(0, length - 1);
  }
  const [r1, c1] = rules.cells[position.indexOf(EMPTY)];
  const [r2, c2] = rules.cells[goal.indexOf(EMPTY)];
  return swaps % 2 === (r1 + c1 + r2 + c2) % 2;
}

/**
 * Whether the fast solver (and a uniformly random shuffle) fits an entry: numbered tiles, one
 * cell each and all different, one empty cell, a complete goal, on a full rectangle of cells.
 */
export function isTileRectangle(entry) {
  if (Object.values(entry.pieces ?? {}).some((piece) => piece.shape?.length > 1)) return false;
  const labels = parsePosition(entry.goal);
  if (labels.includes(ANY) || labels.filter((label) => label === EMPTY).length !== 1) return false;
  if (new Set(labels).size !== labels.length) return false;
  const rows = new Set(entry.cells.map(([row]) => row)).size;
  const cols = new Set(entry.cells.map(([, col]) => col)).size;
  return rows * cols === entry.cells.length;
}

/**
 * A uniformly random position from which `goal` can be reached, on a full rectangle of
 * distinct tiles (see isTileRectangle): a random arrangement, two tiles swapped when its
 * permutation parity disagrees with the empty cell's trip (a random walk would need far
 * too many slides to mix on a 10 x 10 board).
 */
export function randomSolvable(rules, goal, random = Math.random) {
  const position = goal.slice();
  for (let i = position.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [position[i], position[j]] = [position[j], position[i]];
  }
  if (!parityAllows(rules, position, goal)) {
    const [a, b] = position.flatMap((label, cell) => (label === EMPTY ? [] : [cell]));
    [position[a], position[b]] = [position[b], position[a]];
  }
  return position;
}

/**
 * Other usual goals for the same tiles, each {name, goal}: the empty cell first, the empty cell
 * last, and the goal with its last two tiles swapped (always the other parity).
 */
export function otherGoals(goal) {
  const tiles = goal.filter((label) => label !== EMPTY);
  const swapped = goal.slice();
  const last = [...goal.keys()].filter((cell) => goal[cell] !== EMPTY).slice(-2);
  if (last.length === 2) [swapped[last[0]], swapped[last[1]]] = [swapped[last[1]], swapped[last[0]]];
  const options = [
    { name: "the empty cell first", goal: [EMPTY, ...tiles] },
    { name: "the empty cell last", goal: [...tiles, EMPTY] },
    { name: `tiles ${goal[last[0]]} and ${goal[last[1]]} swapped`, goal: swapped },
  ];
  return options.filter((option) => !sameLabels(option.goal, goal));
}

function sameMultiset(a, b) {
  return sameLabels(a.slice().sort(), b.slice().sort());
}

/**
 * The Manhattan distance of `position` from `goal` (a lower bound on the moves left) for
 * distinct one-cell tiles and a complete goal; null otherwise.
 */
export function manhattan(rules, position, goal) {
  if (rules.shapes.size || goal.includes(ANY) || new Set(position).size !== position.length) return null;
  const home = new Map(goal.map((label, cell) => [label, rules.cells[cell]]));
  let sum = 0;
  position.forEach((label, cell) => {
    if (label === EMPTY) return;
    const [r1, c1] = rules.cells[cell];
    const [r2, c2] = home.get(label) ?? [r1, c1];
    sum += Math.abs(r1 - r2) + Math.abs(c1 - c2);
  });
  return sum;
}
