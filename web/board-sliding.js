// Draws a sliding puzzle as SVG from the catalog's cell geometry and reports
// clicks and keys; it knows nothing of rules or solvers (the app decides).

import { EMPTY, piecesOf } from "./sliding.js";
import { clear, svgElement } from "./dom.js";

const UNIT = 100;
const GAP = 5;
const PAD = 8;

// Box-drawing pieces are drawn as lines: each glyph's arms, as unit steps from the centre.
const GLYPH_ARMS = {
  "┌": [[1, 0], [0, 1]],
  "─": [[-1, 0], [1, 0]],
  "┐": [[-1, 0], [0, 1]],
  "│": [[0, -1], [0, 1]],
  "└": [[0, -1], [1, 0]],
  "┘": [[0, -1], [-1, 0]],
};

/**
 * Draw `entry`'s board into `svg`. Returns {show(position, options)}.
 * handlers.onCell(cell) is called when a cell or the piece on it is clicked. Without handlers the
 * board is a picture (a goal, a thumbnail): no grid of named cells, no clicks; its user names it.
 */
export function drawSlidingBoard(svg, entry, rules, handlers = null) {
  clear(svg);
  const grid = handlers !== null;
  const rows = rules.cells.map(([row]) => row);
  const cols = rules.cells.map(([, col]) => col);
  const top = Math.min(...rows);
  const left = Math.min(...cols);
  const width = (Math.max(...cols) - left + 1) * UNIT;
  const height = (Math.max(...rows) - top + 1) * UNIT;
  svg.setAttribute("viewBox", `${-PAD} ${-PAD} ${width + 2 * PAD} ${height + 2 * PAD}`);
  if (grid) {
    svg.setAttribute("role", "grid");
    svg.setAttribute("aria-label", `${entry.name} board`);
  }
  svg.removeAttribute("aria-activedescendant");
  svg.dataset.family = "sliding";
  svg.dataset.puzzle = entry.id;
  const origin = (cell) => {
    const [row, col] = rules.cells[cell];
    return [(col - left) * UNIT, (row - top) * UNIT];
  };

  svg.append(svgElement("rect", {
    class: "frame", x: -PAD, y: -PAD, width: width + 2 * PAD, height: height + 2 * PAD, rx: 14, "aria-hidden": "true",
  }));
  // Slots: one grid cell per board cell, grouped in ARIA rows; they carry the accessible names.
  const slots = [];
  const rowGroups = new Map();
  rules.cells.forEach(([row], cell) => {
    if (!rowGroups.has(row)) rowGroups.set(row, svgElement("g", { role: grid ? "row" : null }));
    const [x, y] = origin(cell);
    const slot = svgElement("rect", {
      class: "slot", x: x + GAP, y: y + GAP, width: UNIT - 2 * GAP, height: UNIT - 2 * GAP, rx: 10,
      role: grid ? "gridcell" : null, "data-slot": cell,
    });
    slots[cell] = slot;
    rowGroups.get(row).append(slot);
  });
  for (const row of [...rowGroups.keys()].sort((a, b) => a - b)) svg.append(rowGroups.get(row));
  const layer = svgElement("g", { class: "pieces", "aria-hidden": "true" });
  svg.append(layer);
  const overlay = svgElement("g", { class: "overlay", "aria-hidden": "true" });
  svg.append(overlay);

  // A click is placed by geometry, so a block reports the very cell under the pointer.
  svg.onclick = grid ? (event) => {
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const cell = rules.cellAt(Math.floor(point.y / UNIT) + top, Math.floor(point.x / UNIT) + left);
    if (cell === undefined) return;
    handlers.onCell(cell, svg.dataset.position?.split(" ")[cell] === EMPTY);
  } : null;

  let elements = []; // [{label, cells, node}]

  /** `hint` = {cells, direction}: the piece a hint moves is outlined, with an arrow the way it goes. */
  function show(position, { animate = false, goal = null, picked = null, hint = null } = {}) {
    svg.classList.toggle("instant", !animate);
    const pieces = piecesOf(rules, position);
    const unused = elements.slice();
    const placed = [];
    const later = [];
    for (const piece of pieces) {
      const same = unused.findIndex((e) => e.label === piece.label && e.cells.join() === piece.cells.join());
      if (same >= 0) placed.push([piece, unused.splice(same, 1)[0]]);
      else later.push(piece);
    }
    for (const piece of later) {
      let best = -1;
      let bestDistance = Infinity;
      unused.forEach((element, i) => {
        if (element.label !== piece.label || element.cells.length !== piece.cells.length) return;
        const distance = cellDistance(rules, element.cells[0], piece.cells[0]);
        if (distance < bestDistance) [best, bestDistance] = [i, distance];
      });
      const element = best >= 0 ? unused.splice(best, 1)[0] : createPiece(piece);
      placed.push([piece, element]);
    }
    for (const element of unused) element.node.remove();
    elements = placed.map(([piece, element]) => {
      element.cells = piece.cells;
      const [x, y] = origin(piece.cells[0]);
      element.node.style.transform = `translate(${x}px, ${y}px)`;
      element.node.dataset.cell = String(piece.cells[0]);
      const home = Array.isArray(goal) && piece.cells.every((cell) => goal[cell] === piece.label);
      element.node.classList.toggle("picked", piece.cells.includes(picked));
      element.node.classList.toggle("home", Boolean(home));
      return element;
    });
    position.forEach((label, cell) => {
      const [row, col] = rules.cells[cell];
      const name = label === EMPTY ? "empty" : label;
      if (grid) slots[cell].setAttribute("aria-label", `row ${row + 1}, column ${col + 1}: ${name}`);
      slots[cell].classList.toggle("picked", cell === picked);
    });
    drawHint(hint);
    svg.dataset.position = position.join(" ");
    if (!animate) {
      svg.getBoundingClientRect(); // apply the jump before transitions come back
      requestAnimationFrame(() => svg.classList.remove("instant"));
    }
  }

  function drawHint(hint) {
    clear(overlay);
    if (!hint || !Array.isArray(hint.cells)) return;
    const corners = hint.cells.map(origin);
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs) + UNIT, Math.max(...ys) + UNIT];
    overlay.append(svgElement("rect", {
      class: "hint-box", x: x0 + 2, y: y0 + 2, width: x1 - x0 - 4, height: y1 - y0 - 4, rx: 14, "data-testid": "hint-mark",
    }));
    const [dr, dc] = hint.direction;
    const [cx, cy] = [(x0 + x1) / 2 + dc * (x1 - x0) / 2, (y0 + y1) / 2 + dr * (y1 - y0) / 2];
    const tip = [cx + dc * 34, cy + dr * 34];
    const side = [dr * 16, -dc * 16];
    overlay.append(svgElement("path", {
      class: "hint-arrow",
      d: `M ${cx - dc * 4 + side[0]} ${cy - dr * 4 + side[1]} L ${tip[0]} ${tip[1]} `
        + `L ${cx - dc * 4 - side[0]} ${cy - dr * 4 - side[1]} Z`,
    }));
  }

  function createPiece(piece) {
    const anchor = origin(piece.cells[0]);
    const node = svgElement("g", {
      class: piece.label === "*" ? "tile wildcard" : "tile",
      "data-label": piece.label,
      "data-testid": `tile-${piece.label}`,
    });
    // A block is drawn as one shape covering its cells, relative to its first cell.
    const boxes = piece.cells.map((cell) => {
      const [x, y] = origin(cell);
      return [x - anchor[0], y - anchor[1]];
    });
    const minX = Math.min(...boxes.map(([x]) => x));
    const minY = Math.min(...boxes.map(([, y]) => y));
    const maxX = Math.max(...boxes.map(([x]) => x)) + UNIT;
    const maxY = Math.max(...boxes.map(([, y]) => y)) + UNIT;
    node.append(svgElement("rect", {
      class: "face", x: minX + GAP, y: minY + GAP, width: maxX - minX - 2 * GAP, height: maxY - minY - 2 * GAP, rx: 12,
    }));
    const cx = (minX + maxX) / 2;
    const cy = (minY + maxY) / 2;
    const arms = GLYPH_ARMS[piece.label];
    if (piece.label === "*") {
      // A partial goal's don't-care cell.
      node.append(svgElement("text", { class: "label", x: cx, y: cy, "font-size": 26 }, "any"));
    } else if (arms) {
      const reach = UNIT / 2 - GAP - 6;
      const [[ax, ay], [bx, by]] = arms;
      node.append(svgElement("path", {
        class: "glyph",
        d: `M ${cx + ax * reach} ${cy + ay * reach} L ${cx} ${cy} L ${cx + bx * reach} ${cy + by * reach}`,
      }));
    } else {
      const size = piece.label.length <= 2 ? 46 : Math.max(18, 92 / piece.label.length);
      node.append(svgElement("text", { class: "label", x: cx, y: cy, "font-size": size }, piece.label));
    }
    const [x, y] = anchor;
    node.style.transform = `translate(${x}px, ${y}px)`;
    layer.append(node);
    return { label: piece.label, cells: piece.cells, node };
  }

  return { show };
}

function cellDistance(rules, a, b) {
  const [ra, ca] = rules.cells[a];
  const [rb, cb] = rules.cells[b];
  return Math.abs(ra - rb) + Math.abs(ca - cb);
}
