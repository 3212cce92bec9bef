// The drawing of sliding blocks, shared by the play board (board-sliding.js) and the block editor:
// a piece of any shape as one outline, the colour of its kind (pieces of one shape share a colour
// family; the goal's piece has its own), Rush Hour cars, walls, the exit in the box's frame and the
// goal piece's target outline. Only shapes and classes: no rules, no input.

import { svgElement } from "./dom.js";
import { PIECE_CHARACTERS } from "./layout.js";

/** Board units per cell, the gap around a piece inside its cells, the frame's width. */
export const UNIT = 100;
export const GAP = 5;
export const PAD = 8;
/** Room beyond the frame for the exit's arrow. */
export const EXIT_ROOM = 34;
/** How many colour families the kinds of piece cycle through (style.css: .kind-0 … .kind-7). */
const FAMILIES = 8;
/** Shades within a family (style.css: .shade-1, .shade-2), so neighbours of one kind stay apart. */
const SHADES = 3;

/**
 * The outline of the cells `corners` (each a cell's top-left corner [x, y] in board units) as an SVG
 * path, `inset` units inside: one loop per boundary (a piece with a hole has two), drawn with the
 * even-odd rule. Works for any polyomino.
 */
export function outlinePath(corners, inset = GAP) {
  const has = new Set(corners.map(([x, y]) => `${x},${y}`));
  const edges = new Map(); // start point → end points, walking with the piece on the right
  const add = (x0, y0, x1, y1) => {
    const key = `${x0},${y0}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push([x1, y1]);
  };
  for (const [x, y] of corners) {
    if (!has.has(`${x},${y - UNIT}`)) add(x, y, x + UNIT, y);
    if (!has.has(`${x + UNIT},${y}`)) add(x + UNIT, y, x + UNIT, y + UNIT);
    if (!has.has(`${x},${y + UNIT}`)) add(x + UNIT, y + UNIT, x, y + UNIT);
    if (!has.has(`${x - UNIT},${y}`)) add(x, y + UNIT, x, y);
  }
  const loops = [];
  while (edges.size) {
    const [first] = edges.keys();
    const loop = [];
    for (let key = first; edges.has(key);) {
      const [x, y] = key.split(",").map(Number);
      const next = edges.get(key).pop(); // two ways out only where a hole touches the rim at a corner
      if (!edges.get(key).length) edges.delete(key);
      loop.push([x, y]);
      key = `${next[0]},${next[1]}`;
    }
    loops.push(loop);
  }
  return loops.map((loop) => {
    // keep the corners only, each moved `inset` inwards along both of its edges' normals
    const points = [];
    loop.forEach((point, i) => {
      const before = loop[(i + loop.length - 1) % loop.length];
      const after = loop[(i + 1) % loop.length];
      const [ax, ay] = [Math.sign(point[0] - before[0]), Math.sign(point[1] - before[1])];
      const [bx, by] = [Math.sign(after[0] - point[0]), Math.sign(after[1] - point[1])];
      if (ax === bx && ay === by) return;
      // walking clockwise (the piece on the right), the inward normal of a step (dx, dy) is (-dy, dx)
      points.push([point[0] + inset * (-ay - by), point[1] + inset * (ax + bx)]);
    });
    return `M ${points.map(([x, y]) => `${x} ${y}`).join(" L ")} Z`;
  }).join(" ");
}

/** True when the cells (corners) fill their bounding rectangle. */
export function isRectangle(corners) {
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const width = (Math.max(...xs) - Math.min(...xs)) / UNIT + 1;
  const height = (Math.max(...ys) - Math.min(...ys)) / UNIT + 1;
  return width * height === corners.length;
}

/**
 * Colour families for the kinds of piece in `pieces` (each {label, cells}, read with `kindOf`), in
 * order of first appearance; the goal's pieces (`goalPieces`) have their own colour and no family.
 * Returns piece → its classes: "kind-N" (and "shade-N" by its character, for pieces written with
 * characters of their own), or "goal-piece".
 */
export function kindColours(pieces, kindOf, goalPieces, { shades = false } = {}) {
  const families = new Map();
  for (const piece of pieces) {
    const kind = kindOf(piece);
    if (!goalPieces.has(piece.label) && !families.has(kind)) families.set(kind, families.size % FAMILIES);
  }
  return (piece) => {
    if (goalPieces.has(piece.label)) return ["goal-piece"];
    const family = families.get(kindOf(piece));
    if (family === undefined) return [];
    const classes = [`kind-${family}`];
    const shade = PIECE_CHARACTERS.indexOf(piece.label) % SHADES;
    if (shades && shade > 0) classes.push(`shade-${shade}`);
    return classes;
  };
}

/** A car's body and windows (Rush Hour) over the cells' bounding box [x0, y0, x1, y1], for a group. */
export function carShapes([x0, y0, x1, y1]) {
  const horizontal = x1 - x0 >= y1 - y0;
  const body = svgElement("rect", {
    class: "face", x: x0 + GAP, y: y0 + GAP, width: x1 - x0 - 2 * GAP, height: y1 - y0 - 2 * GAP, rx: 26,
  });
  const windows = [0, 1].map((end) => {
    const [w, h] = horizontal ? [16, y1 - y0 - 34] : [x1 - x0 - 34, 16];
    const x = horizontal ? (end ? x1 - 40 : x0 + 24) : x0 + 17;
    const y = horizontal ? y0 + 17 : (end ? y1 - 40 : y0 + 24);
    return svgElement("rect", { class: "car-window", x, y, width: w, height: h, rx: 5 });
  });
  return [body, ...windows];
}

/** A wall cell: a dark block with diagonal stripes, at corner [x, y]. */
export function wallShape([x, y], attributes = {}) {
  const group = svgElement("g", { class: "wall", ...attributes });
  group.append(svgElement("rect", {
    class: "wall-face", x: x + GAP, y: y + GAP, width: UNIT - 2 * GAP, height: UNIT - 2 * GAP, rx: 6,
  }));
  const [a, b] = [x + GAP + 4, x + UNIT - GAP - 4];
  const [c, d] = [y + GAP + 4, y + UNIT - GAP - 4];
  const size = b - a;
  const stripes = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75].map((f) => {
    const k = f * size; // the line x - a + (y - c) = k, clipped to the square
    const start = k <= size ? [a + k, c] : [b, c + k - size];
    const end = k <= size ? [a, c + k] : [a + k - size, d];
    return `M ${start[0]} ${start[1]} L ${end[0]} ${end[1]}`;
  });
  group.append(svgElement("path", { class: "wall-stripes", d: stripes.join(" ") }));
  return group;
}

/**
 * The exit: a gap in the frame on `exit.side` along the box cells `exit.cells` (numbered row × cols +
 * col), with an arrow pointing out. `size` = [width, height] of the box in board units.
 */
export function exitShapes(exit, cols, [width, height]) {
  const spans = exit.cells.map((cell) => [Math.floor(cell / cols), cell % cols]);
  const horizontal = exit.side === "top" || exit.side === "bottom";
  const along = spans.map(([r, c]) => (horizontal ? c : r));
  const from = Math.min(...along) * UNIT + GAP;
  const to = (Math.max(...along) + 1) * UNIT - GAP;
  const middle = (from + to) / 2;
  const group = svgElement("g", { class: "exit", "data-testid": "exit", "data-side": exit.side });
  const gap = {
    top: { x: from, y: -PAD - 1, width: to - from, height: PAD + 1 },
    bottom: { x: from, y: height, width: to - from, height: PAD + 1 },
    left: { x: -PAD - 1, y: from, width: PAD + 1, height: to - from },
    right: { x: width, y: from, width: PAD + 1, height: to - from },
  }[exit.side];
  group.append(svgElement("rect", { class: "exit-gap", ...gap }));
  const out = { top: [0, -1], bottom: [0, 1], left: [-1, 0], right: [1, 0] }[exit.side];
  const base = {
    top: [middle, -PAD - 4], bottom: [middle, height + PAD + 4], left: [-PAD - 4, middle], right: [width + PAD + 4, middle],
  }[exit.side];
  const tip = [base[0] + out[0] * 22, base[1] + out[1] * 22];
  const side = [out[1] * 14, -out[0] * 14];
  group.append(svgElement("path", {
    class: "exit-arrow",
    d: `M ${base[0] + side[0]} ${base[1] + side[1]} L ${tip[0]} ${tip[1]} L ${base[0] - side[0]} ${base[1] - side[1]}`,
  }));
  return group;
}

/** The target outline of a goal piece: where it must end (cells as corners), dashed. */
export function targetShape(corners, label) {
  return svgElement("path", {
    class: "target", d: outlinePath(corners, GAP + 3), "data-testid": "target", "data-piece": label,
  });
}
