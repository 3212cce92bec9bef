// Sliding-puzzle rules for play by hand: adjacency from the cells' geometry,
// pieces (single tiles or multi-cell blocks), legal slides (Rush Hour's too), a piece dragged
// along any free path, moves counted in each metric, and random walks.

import { carDirection, kindOf, regions } from "./layout.js";

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
 * Rules for one catalog entry: {cells, cellAt(row, col), shapes, size, regions, rushHour, kind(piece)}.
 * entry.pieces maps a label to {shape: [[dr, dc]…]}; labels with more than one cell move as one block.
 * A layout entry (`entry.asLayout`, web/layout.js) holds each piece's own character instead: a piece is a
 * 4-connected region of one character (`regions`), pieces of one shape are one kind, and under
 * rush-hour rules (`rushHour`) every piece slides only along its length.
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
  const layoutKind = kindOf(new Set(entry.goal_pieces ?? []));
  const regionsRule = Boolean(entry.asLayout);
  return {
    cells,
    size: cells.length,
    rows: Math.max(0, ...cells.map(([row]) => row + 1)),
    cols: Math.max(0, ...cells.map(([, col]) => col + 1)),
    shapes,
    cellAt: (row, col) => index.get(`${row},${col}`),
    regions: regionsRule,
    rushHour: entry.rules === "rush-hour",
    blocks: regionsRule || [...shapes.values()].some((shape) => shape.length > 1),
    /** A piece's kind (pieces of one kind are interchangeable): its label, or for a layout its shape or goal name. */
    kind: (piece) => (regionsRule
      ? layoutKind({ char: piece.label, cells: piece.cells.map((cell) => cells[cell]) }) : piece.label),
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
  if (rules.regions) return layoutPieces(rules, position);
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

/** A layout position's pieces: 4-connected regions of one character, in reading order of their first cell. */
function layoutPieces(rules, position) {
  const charAt = (row, col) => {
    const cell = rules.cellAt(row, col);
    return cell === undefined ? undefined : position[cell];
  };
  return regions(rules.rows, rules.cols, charAt, (label) => label !== EMPTY)
    .map(({ char, cells }) => ({ label: char, cells: cells.map(([row, col]) => rules.cellAt(row, col)) }));
}

/** Whether `piece` may slide by [dr, dc] under the rules: any way, or under rush-hour rules along its length. */
export function slidesThatWay(rules, piece, [dr, dc]) {
  if (!rules.rushHour) return true;
  const along = carDirection(piece.cells.map((cell) => rules.cells[cell]));
  return along === "horizontal" ? dr === 0 : along === "vertical" ? dc === 0 : false;
}

/** The position after sliding `piece` one step by [dr, dc], or null if it cannot go there. */
export function slide(rules, position, piece, [dr, dc]) {
  if (!slidesThatWay(rules, piece, [dr, dc])) return null;
  for (const cell of piece.cells) {
    const [row, col] = rules.cells[cell];
    const target = rules.cellAt(row + dr, col + dc);
    if (target === undefined) return null;
    if (position[target] !== EMPTY && !piece.cells.includes(target)) return null;
  }
  return shifted(rules, position, piece, [dr, dc]);
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

/**
 * A line slide, as Simon Tatham's Fifteen plays a click: `cell` lies in the row or column of an
 * empty cell, with nothing but pieces between; every piece from the empty cell back to `cell`
 * slides one cell towards it, nearest first. {slides: [{piece, direction, position}…], direction}
 * or null (no empty cell in line, or a piece on the way that cannot slide so).
 */
export function lineSlideAt(rules, position, cell) {
  if (position[cell] === EMPTY) return null;
  const [row, col] = rules.cells[cell];
  for (const direction of Object.values(DIRECTIONS)) {
    const between = [cell];
    let at = rules.cellAt(row + direction[0], col + direction[1]);
    for (let k = 2; at !== undefined && position[at] !== EMPTY; k += 1) {
      between.push(at);
      at = rules.cellAt(row + k * direction[0], col + k * direction[1]);
    }
    if (at === undefined || between.length < 2) continue;
    const slides = [];
    let now = position;
    for (const from of between.reverse()) {
      const piece = piecesOf(rules, now).find((each) => each.cells.includes(from));
      const next = piece && piece.cells.length === 1 && slide(rules, now, piece, direction);
      if (!next) break;
      slides.push({ piece, direction, position: next });
      now = next;
    }
    if (slides.length === between.length) return { slides, direction };
  }
  return null;
}

/**
 * The line slide that turns `before` into `after` (several pieces, each one cell the same way
 * towards an empty cell: see lineSlideAt), or null when `after` is not one line slide away.
 */
export function lineSlideBetween(rules, before, after) {
  const filled = [];
  const emptied = [];
  before.forEach((label, cell) => {
    if (label === after[cell]) return;
    if (label === EMPTY) filled.push(cell);
    else if (after[cell] === EMPTY) emptied.push(cell);
  });
  if (filled.length !== 1 || emptied.length !== 1) return null;
  const line = lineSlideAt(rules, before, emptied[0]);
  const last = line?.slides[line.slides.length - 1].position;
  return last && sameLabels(last, after) ? line : null;
}

/** The slide in an arrow key's direction (a piece moves that way into an empty cell), or null. */
export function slideToward(rules, position, key) {
  const [dr, dc] = DIRECTIONS[key] ?? [];
  if (dr === undefined) return null;
  return legalSlides(rules, position).find((move) => move.direction[0] === dr && move.direction[1] === dc) ?? null;
}

/**
 * Every place `piece` can reach in `position` by one-cell slides while the other pieces stay put:
 * a Map from the shift [dr, dc] (as "dr,dc") to the slides that get it there — a shortest way,
 * with the fewest turns among those (as pzl counts a whole-piece move). The piece's own cells
 * count as free.
 */
export function piecePaths(rules, position, piece) {
  const home = piece.cells.map((cell) => rules.cells[cell]);
  const free = (dr, dc) => home.every(([row, col]) => {
    const cell = rules.cellAt(row + dr, col + dc);
    return cell !== undefined && (position[cell] === EMPTY || piece.cells.includes(cell));
  });
  const ways = Object.values(DIRECTIONS).filter((direction) => slidesThatWay(rules, piece, direction));
  // Layer by layer (one slide each), keeping for each (shift, last direction) the fewest turns.
  const best = new Map([["0,0", []]]);
  let layer = [{ dr: 0, dc: 0, path: [], turns: 0 }];
  while (layer.length) {
    const next = new Map();
    for (const { dr, dc, path, turns } of layer) {
      for (const [sr, sc] of ways) {
        const [nr, nc] = [dr + sr, dc + sc];
        if (best.has(`${nr},${nc}`) || !free(nr, nc)) continue;
        const last = path[path.length - 1];
        const bend = last && (last[0] !== sr || last[1] !== sc) ? 1 : 0;
        const key = `${nr},${nc},${sr},${sc}`;
        const seen = next.get(key);
        if (!seen || seen.turns > turns + bend) {
          next.set(key, { dr: nr, dc: nc, path: [...path, [sr, sc]], turns: turns + bend });
        }
      }
    }
    layer = [...next.values()];
    const fewest = new Map();
    for (const step of layer) {
      const at = `${step.dr},${step.dc}`;
      if (!fewest.has(at) || fewest.get(at).turns > step.turns) fewest.set(at, step);
    }
    for (const [at, step] of fewest) best.set(at, step.path);
  }
  return best;
}

/**
 * `position` with `piece` shifted by [dr, dc] (assumed free). In a layout a piece is a region of one
 * character, so a piece that comes to touch another of its character takes one no piece uses.
 */
function shifted(rules, position, piece, [dr, dc]) {
  const next = position.slice();
  for (const cell of piece.cells) next[cell] = EMPTY;
  const moved = piece.cells.map((cell) => {
    const [row, col] = rules.cells[cell];
    return rules.cellAt(row + dr, col + dc);
  });
  for (const cell of moved) next[cell] = piece.label;
  if (rules.regions && moved.some((cell) => touchesOwnKind(rules, next, cell, moved))) {
    const spare = [...SPARE_CHARACTERS].find((ch) => !next.includes(ch));
    for (const cell of moved) next[cell] = spare;
  }
  return next;
}

/** Characters a piece may take when it must be told apart (no o or x: a Rush Hour card reads those as cells). */
const SPARE_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnpqrstuvwyz123456789";

/** Whether `cell` (one of the piece's cells `own`) has a neighbour outside the piece with the same character. */
function touchesOwnKind(rules, position, cell, own) {
  const [row, col] = rules.cells[cell];
  return [[-1, 0], [1, 0], [0, -1], [0, 1]].some(([dr, dc]) => {
    const next = rules.cellAt(row + dr, col + dc);
    return next !== undefined && !own.includes(next) && position[next] === position[cell];
  });
}

/**
 * A piece dragged by a player: the piece covering cell `from` goes, along any free path, to where the
 * cell it was grabbed by lies on grid point `to` ([row, col], on the board or not) — or, when it cannot
 * get there, to the reachable place nearest to that (only if it is nearer than where it is).
 * Returns {position, piece, slides: [[dr, dc]…]} or null.
 */
export function dragTo(rules, position, from, [row, col]) {
  const piece = piecesOf(rules, position).find((each) => each.cells.includes(from));
  if (!piece) return null;
  const [r0, c0] = rules.cells[from];
  const wanted = [row - r0, col - c0];
  const paths = piecePaths(rules, position, piece);
  let chosen = null;
  let nearest = Math.abs(wanted[0]) + Math.abs(wanted[1]);
  for (const [at, path] of paths) {
    const [dr, dc] = at.split(",").map(Number);
    const distance = Math.abs(dr - wanted[0]) + Math.abs(dc - wanted[1]);
    if (distance < nearest || (distance === nearest && chosen && path.length < chosen.path.length)) {
      chosen = { shift: [dr, dc], path };
      nearest = distance;
    }
  }
  if (!chosen || !chosen.path.length) return null;
  return { position: shifted(rules, position, piece, chosen.shift), piece, slides: chosen.path };
}

/**
 * The moves between consecutive `positions` (each one piece moved any way, as a drag or a solver's
 * move is) counted in every metric, as pzl counts them: {step, straight, piece}. Each move is slid
 * cell by cell along a shortest path (fewest turns among those); then a piece's run of one-cell
 * slides is one `piece` move and each straight run one `straight` move.
 */
export function moveCounts(rules, positions) {
  const counts = { step: 0, straight: 0, piece: 0 };
  let last = null; // {cells after the last slide (as a key), direction}
  for (let i = 1; i < positions.length; i += 1) {
    const move = movedPiece(rules, positions[i - 1], positions[i]);
    if (!move) { // a line slide (several pieces, a cell each, one straight move), else one of each
      counts.step += lineSlideBetween(rules, positions[i - 1], positions[i])?.slides.length ?? 1;
      counts.straight += 1; counts.piece += 1;
      last = null;
      continue;
    }
    const path = piecePaths(rules, positions[i - 1], move.piece).get(move.shift.join(",")) ?? [move.shift];
    const before = move.piece.cells.join(",");
    if (!last || last.cells !== before) counts.piece += 1;
    path.forEach((direction, step) => {
      const continues = step > 0 ? path[step - 1].join() === direction.join()
        : Boolean(last && last.cells === before && last.direction === direction.join());
      if (!continues) counts.straight += 1;
    });
    counts.step += path.length;
    last = { cells: move.after.join(","), direction: path[path.length - 1].join() };
  }
  return counts;
}

/** The one piece that moved from `before` to `after`: {piece, shift: [dr, dc], after: cells}, or null. */
export function movedPiece(rules, before, after) {
  const was = piecesOf(rules, before);
  const now = piecesOf(rules, after);
  const same = (a, b) => a.label === b.label && a.cells.join() === b.cells.join();
  const gone = was.filter((piece) => !now.some((other) => same(piece, other)));
  const came = now.filter((piece) => !was.some((other) => same(piece, other)));
  if (gone.length !== 1 || came.length !== 1 || gone[0].cells.length !== came[0].cells.length) return null;
  const [r0, c0] = rules.cells[gone[0].cells[0]];
  const [r1, c1] = rules.cells[came[0].cells[0]];
  return { piece: gone[0], shift: [r1 - r0, c1 - c0], after: came[0].cells };
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
  if (entry.asLayout) return null;
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
  if (entry.asLayout) return false;
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
  if (rules.blocks || goal.includes(ANY) || new Set(position).size !== position.length) return null;
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
