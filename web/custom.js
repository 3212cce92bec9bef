// Custom puzzles a person defines on the page, as catalog-like entries
// (a rectangular sliding board of up to 10x10, as the solver takes).

export const MAX_SIDE = 10;

/** A catalog-like entry for an R x C sliding board with tiles 1..R*C-1 and the empty cell last. */
export function customSlidingEntry(rows, cols) {
  const cells = [];
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) cells.push([row, col]);
  }
  const goal = [...cells.slice(1).map((_, i) => String(i + 1)), "0"].join(" ");
  return {
    id: "custom-sliding",
    custom: true,
    family: "sliding",
    group: "custom",
    name: `Custom ${rows}×${cols} board`,
    description: `Tiles 1–${rows * cols - 1} on a ${rows}×${cols} board of your own: edit or shuffle it, `
      + "then solve.",
    rows,
    cols,
    cells,
    start: goal,
    goal,
  };
}

/** The largest custom peg board: a mask of this many rows and columns. */
export const MASK_SIDE = 9;
export const DEFAULT_MASK = "oooo/oooo/oooo";
const DIRECTIONS = {
  square: [[1, 0], [-1, 0], [0, 1], [0, -1]],
  "square-diagonal": [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1]],
  // Axial coordinates (a along a row, b down-left), as pzl.peg reads a sheared-grid mask.
  triangular: [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1]],
};

/** Where a lattice point is drawn (neighbours one unit apart). */
function drawn(lattice, [a, b]) {
  return lattice === "triangular" ? [a - b / 2, Math.round(b * Math.sqrt(3) / 2 * 1e4) / 1e4] : [a, b];
}
export const PEG_LATTICES = Object.keys(DIRECTIONS);

/** Why a mask ("o" hole, "." none, rows split by "/") cannot be a board, or null. */
export function maskProblem(mask, lattice = "square") {
  if (!DIRECTIONS[lattice]) return `the lattice must be ${PEG_LATTICES.join(" or ")}`;
  if (!/^[o./]+$/.test(mask)) return "a mask has o for a hole, . for no hole and / between rows";
  const rows = mask.split("/");
  if (rows.length > MASK_SIDE || rows.some((row) => row.length > MASK_SIDE)) {
    return `a mask has at most ${MASK_SIDE} rows of ${MASK_SIDE}`;
  }
  const entry = customPegEntry(mask, lattice);
  if (entry.holes.length < 3) return "a board needs at least 3 holes";
  if (lattice === "triangular" && !entry.cells.some(([a, b]) => entry.cells.some(([c, d]) => c === a + 1 && d === b))) {
    return "on the triangular lattice draw at least two neighbouring holes in one row";
  }
  if (!entry.jumps.length) return "no jump is possible: no three holes lie in a line";
  return null;
}

/**
 * A catalog-like entry for a peg board drawn as a mask; holes are numbered row by row
 * as pzl.peg numbers them, and jumps come from the lattice's directions.
 */
export function customPegEntry(mask, lattice = "square") {
  const rows = tidyMask(mask).split("/");
  const cells = [];
  rows.forEach((line, y) => {
    [...line].forEach((char, x) => {
      if (char === "o") cells.push([x, y]);
    });
  });
  const index = new Map(cells.map(([x, y], hole) => [`${x},${y}`, hole]));
  const jumps = [];
  cells.forEach(([x, y], hole) => {
    for (const [dx, dy] of DIRECTIONS[lattice] ?? DIRECTIONS.square) {
      const over = index.get(`${x + dx},${y + dy}`);
      const to = index.get(`${x + 2 * dx},${y + 2 * dy}`);
      if (over !== undefined && to !== undefined) jumps.push([hole, over, to]);
    }
  });
  const xs = cells.map(([x]) => x);
  const ys = cells.map(([, y]) => y);
  const centre = lattice === "triangular"
    ? undefined
    : index.get(`${(Math.min(...xs) + Math.max(...xs)) / 2},${(Math.min(...ys) + Math.max(...ys)) / 2}`);
  return {
    id: "custom-peg",
    custom: true,
    family: "peg",
    group: "custom",
    name: `Custom peg board (${cells.length} holes)`,
    description: "Your own peg board: choose Edit → holes to draw it; the link keeps it.",
    lattice,
    mask: tidyMask(mask),
    cells,
    holes: cells.map((cell) => drawn(lattice, cell)),
    jumps,
    empty: [centre ?? 0],
    finish: "any",
  };
}

/** The mask without blank rows at either end or trailing gaps in a row. */
export function tidyMask(mask) {
  const rows = mask.split("/").map((row) => row.replace(/\.+$/, ""));
  while (rows.length && !rows[0].includes("o")) rows.shift();
  while (rows.length && !rows[rows.length - 1].includes("o")) rows.pop();
  return rows.join("/");
}

/**
 * The hole editor's grid (a mask of MASK_SIDE rows of MASK_SIDE, blank rows kept) with grid point
 * (x, y) toggled: the drawing stays where it is, even when its top row is emptied.
 */
export function toggleGridPoint(mask, x, y) {
  const rows = mask.split("/").map((row) => [...row.padEnd(MASK_SIDE, ".")]);
  while (rows.length < MASK_SIDE) rows.push([..."".padEnd(MASK_SIDE, ".")]);
  rows[y][x] = rows[y][x] === "o" ? "." : "o";
  return rows.map((row) => row.join("")).join("/");
}

/** An entry whose holes are every point of the mask grid (row by row): the board the hole editor draws. */
export function maskGridEntry(lattice = "square") {
  const holes = [];
  for (let y = 0; y < MASK_SIDE; y += 1) for (let x = 0; x < MASK_SIDE; x += 1) holes.push(drawn(lattice, [x, y]));
  return { id: "mask-editor", name: "Hole editor", holes, jumps: [] };
}
