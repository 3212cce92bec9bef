// Draws a sliding puzzle as SVG from the catalog's cell geometry and reports clicks, drags and
// swipes; it knows nothing of rules or solvers (the app decides). Sliding blocks are drawn by
// board-blocks.js: pieces of any shape, colours by kind, the goal piece, cars, walls, the exit.

import {
  carShapes, EXIT_ROOM, exitShapes, GAP, isRectangle, kindColours, outlinePath, PAD, targetShape, UNIT, wallShape,
} from "./board-blocks.js";
import { EMPTY, parsePosition, piecesOf } from "./sliding.js";
import { clear, svgElement } from "./dom.js";

/** A press that moves less than this (board units) is a click, not a drag. */
const DRAG_START = UNIT * 0.2;

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
 * handlers.onCell(cell, onSlot) is called when a cell or the piece on it is clicked (onSlot: the cell
 * is empty); handlers.onDrag(cell, [row, col]), when given, when a piece is dragged or swiped from
 * `cell` towards grid point [row, col] (the grabbed cell's new place; a short swipe: the next cell that way).
 * Without handlers the board is a picture (a goal, a thumbnail): no grid of named cells, no clicks or
 * drags; its user names it.
 */
export function drawSlidingBoard(svg, entry, rules, handlers = null) {
  clear(svg);
  const grid = handlers !== null;
  const layout = Boolean(entry.asLayout); // drawn in its box: walls where the box has no cell
  const rows = rules.cells.map(([row]) => row);
  const cols = rules.cells.map(([, col]) => col);
  const top = layout ? 0 : Math.min(...rows);
  const left = layout ? 0 : Math.min(...cols);
  const width = (layout ? entry.cols : Math.max(...cols) - left + 1) * UNIT;
  const height = (layout ? entry.rows : Math.max(...rows) - top + 1) * UNIT;
  const exit = entry.exit ?? null;
  const room = (side) => (exit?.side === side ? EXIT_ROOM : 0);
  const x0 = -PAD - room("left");
  const y0 = -PAD - room("top");
  svg.setAttribute("viewBox", `${x0} ${y0} ${width + 2 * PAD + room("left") + room("right")} `
    + `${height + 2 * PAD + room("top") + room("bottom")}`);
  if (grid) {
    svg.setAttribute("role", "grid");
    svg.setAttribute("aria-label", `${entry.name} board`);
  }
  svg.removeAttribute("aria-activedescendant");
  svg.dataset.family = "sliding";
  svg.dataset.puzzle = entry.id;
  svg.classList.toggle("rush-hour", Boolean(rules.rushHour));
  const origin = (cell) => {
    const [row, col] = rules.cells[cell];
    return [(col - left) * UNIT, (row - top) * UNIT];
  };
  const ids = svg.id === "board"; // the page's board: its cells have ids (the keyboard's cursor names one)

  svg.append(svgElement("rect", {
    class: "frame", x: -PAD, y: -PAD, width: width + 2 * PAD, height: height + 2 * PAD, rx: 14, "aria-hidden": "true",
  }));
  if (exit) svg.append(exitShapes(exit, entry.cols, [width, height]));
  if (layout) {
    const walls = svgElement("g", { class: "walls", "aria-hidden": "true" });
    for (let row = 0; row < entry.rows; row += 1) {
      for (let col = 0; col < entry.cols; col += 1) {
        if (rules.cellAt(row, col) === undefined) walls.append(wallShape([col * UNIT, row * UNIT]));
      }
    }
    svg.append(walls);
  }
  // Slots: one grid cell per board cell, grouped in ARIA rows; they carry the accessible names.
  const slots = [];
  const rowGroups = new Map();
  rules.cells.forEach(([row], cell) => {
    if (!rowGroups.has(row)) rowGroups.set(row, svgElement("g", { role: grid ? "row" : null }));
    const [x, y] = origin(cell);
    const slot = svgElement("rect", {
      class: "slot", x: x + GAP, y: y + GAP, width: UNIT - 2 * GAP, height: UNIT - 2 * GAP, rx: 10,
      role: grid ? "gridcell" : null, "data-slot": cell, id: ids ? `slot-${cell}` : null,
    });
    slots[cell] = slot;
    rowGroups.get(row).append(slot);
  });
  for (const row of [...rowGroups.keys()].sort((a, b) => a - b)) svg.append(rowGroups.get(row));
  const layer = svgElement("g", { class: "pieces", "aria-hidden": "true" });
  svg.append(layer);
  const overlay = svgElement("g", { class: "overlay", "aria-hidden": "true" });
  svg.append(overlay);

  const goalPieces = new Set(entry.goal_pieces ?? []);
  const startPieces = piecesOf(rules, parsePosition(entry.start ?? entry.goal));
  const colours = rules.blocks ? kindColours(startPieces, rules.kind, goalPieces, { shades: rules.regions }) : () => [];

  /** The board point under a pointer event, in board units, or null. */
  const pointOf = (event) => {
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    return new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  };
  const gridOf = (point) => [Math.floor(point.y / UNIT) + top, Math.floor(point.x / UNIT) + left];

  // A click is placed by geometry, so a block reports the very cell under the pointer.
  let dragged = false; // the click that ends a drag is not a click
  svg.onclick = grid ? (event) => {
    if (dragged) {
      dragged = false;
      return;
    }
    const point = pointOf(event);
    if (!point) return;
    const cell = rules.cellAt(...gridOf(point));
    if (cell === undefined) return;
    handlers.onCell(cell, svg.dataset.position?.split(" ")[cell] === EMPTY);
  } : null;

  // A drag or swipe takes the piece pressed on and reports where the pointer let go of it.
  let grab = null;
  svg.onpointerdown = (event) => {
    dragged = false;
    grab = null;
    if (!handlers?.onDrag || (event.pointerType === "mouse" && event.button !== 0)) return;
    const point = pointOf(event);
    const cell = point ? rules.cellAt(...gridOf(point)) : undefined;
    const element = elements.find((each) => each.cells.includes(cell));
    if (cell === undefined || !element) return;
    grab = { cell, element, from: point, moved: false, home: element.node.style.transform };
    svg.setPointerCapture?.(event.pointerId);
  };
  svg.onpointermove = (event) => {
    if (!grab) return;
    const point = pointOf(event);
    if (!point) return;
    const [dx, dy] = [point.x - grab.from.x, point.y - grab.from.y];
    if (!grab.moved && Math.hypot(dx, dy) < DRAG_START) return;
    if (!grab.moved) layer.append(grab.element.node); // drawn over the other pieces while it is carried
    grab.moved = true;
    const [x, y] = origin(grab.element.cells[0]);
    grab.element.node.classList.add("dragging");
    grab.element.node.style.transform = `translate(${x + dx}px, ${y + dy}px)`;
  };
  const letGo = (event, cancelled) => {
    if (!grab) return;
    const { cell, element, from, moved, home } = grab;
    grab = null;
    element.node.classList.remove("dragging");
    element.node.style.transform = home;
    if (!moved || cancelled) return;
    dragged = true;
    const point = pointOf(event) ?? from;
    let [row, col] = gridOf(point);
    const [r0, c0] = rules.cells[cell];
    if (row === r0 && col === c0) { // a short swipe: the next cell in its main direction
      const [dx, dy] = [point.x - from.x, point.y - from.y];
      if (Math.abs(dx) >= Math.abs(dy)) col += Math.sign(dx);
      else row += Math.sign(dy);
    }
    handlers.onDrag(cell, [row, col]);
  };
  svg.onpointerup = (event) => letGo(event, false);
  svg.onpointercancel = (event) => letGo(event, true);

  let elements = []; // [{label, cells, node}]

  /**
   * `hint` = {cells, direction}: the piece a hint moves is outlined, with an arrow the way it goes;
   * `picked` a cell whose piece is picked (in hand), `cursor` the keyboard's cell.
   */
  function show(position, { animate = false, goal = null, picked = null, hint = null, cursor = null } = {}) {
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
    const names = new Map(pieces.flatMap((piece) => piece.cells.map((cell) => [cell, pieceName(piece)])));
    position.forEach((label, cell) => {
      const [row, col] = rules.cells[cell];
      const name = label === EMPTY ? "empty" : names.get(cell) ?? label;
      if (grid) slots[cell].setAttribute("aria-label", `row ${row + 1}, column ${col + 1}: ${name}`);
      slots[cell].classList.toggle("picked", cell === picked);
    });
    clear(overlay);
    drawTargets(goal);
    drawHint(hint);
    drawCursor(cursor);
    svg.dataset.position = position.join(" ");
    if (!animate) {
      svg.getBoundingClientRect(); // apply the jump before transitions come back
      requestAnimationFrame(() => svg.classList.remove("instant"));
    }
  }

  /** A piece's name for screen readers: its label, and for sliding blocks its shape and role. */
  function pieceName(piece) {
    if (!rules.blocks || piece.cells.length === 1 && !goalPieces.has(piece.label)) return piece.label;
    const rowsOf = new Set(piece.cells.map((cell) => rules.cells[cell][0])).size;
    const colsOf = new Set(piece.cells.map((cell) => rules.cells[cell][1])).size;
    const size = rowsOf * colsOf === piece.cells.length ? `${rowsOf}×${colsOf}` : `${piece.cells.length} cells`;
    const role = goalPieces.has(piece.label) ? ", the goal's piece" : "";
    return `${rules.rushHour ? "car" : "piece"} ${piece.label} (${size}${role})`;
  }

  /** Where the goal's pieces must end, outlined (over the pieces, so it shows under whatever stands there). */
  function drawTargets(goal) {
    if (!Array.isArray(goal) || !goalPieces.size) return;
    const free = goal.map((label) => (goalPieces.has(label) ? label : EMPTY));
    for (const piece of piecesOf(rules, free)) overlay.append(targetShape(piece.cells.map(origin), piece.label));
  }

  function drawHint(hint) {
    if (!hint || !Array.isArray(hint.cells)) return;
    const corners = hint.cells.map(origin);
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const [hx0, hy0, hx1, hy1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs) + UNIT, Math.max(...ys) + UNIT];
    overlay.append(svgElement("rect", {
      class: "hint-box", x: hx0 + 2, y: hy0 + 2, width: hx1 - hx0 - 4, height: hy1 - hy0 - 4, rx: 14,
      "data-testid": "hint-mark",
    }));
    const [dr, dc] = hint.direction;
    const [cx, cy] = [(hx0 + hx1) / 2 + dc * (hx1 - hx0) / 2, (hy0 + hy1) / 2 + dr * (hy1 - hy0) / 2];
    const tip = [cx + dc * 34, cy + dr * 34];
    const side = [dr * 16, -dc * 16];
    overlay.append(svgElement("path", {
      class: "hint-arrow",
      d: `M ${cx - dc * 4 + side[0]} ${cy - dr * 4 + side[1]} L ${tip[0]} ${tip[1]} `
        + `L ${cx - dc * 4 - side[0]} ${cy - dr * 4 - side[1]} Z`,
    }));
  }

  /** The keyboard's cursor: a dashed ring on its cell, which screen readers follow. */
  function drawCursor(cursor) {
    if (cursor === null || cursor === undefined || !slots[cursor]) {
      if (ids) svg.removeAttribute("aria-activedescendant");
      return;
    }
    const [x, y] = origin(cursor);
    overlay.append(svgElement("rect", {
      class: "cursor", x: x + 2, y: y + 2, width: UNIT - 4, height: UNIT - 4, rx: 12, "data-testid": "board-cursor",
    }));
    if (ids) svg.setAttribute("aria-activedescendant", `slot-${cursor}`);
  }

  function createPiece(piece) {
    const anchor = origin(piece.cells[0]);
    const classes = ["tile", ...colours(piece)];
    if (piece.label === "*") classes.push("wildcard");
    const node = svgElement("g", {
      class: classes.join(" "),
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
    if (rules.rushHour && piece.cells.length > 1) {
      node.classList.add("car");
      node.append(...carShapes([minX, minY, maxX, maxY]));
    } else if (isRectangle(boxes)) {
      node.append(svgElement("rect", {
        class: "face", x: minX + GAP, y: minY + GAP, width: maxX - minX - 2 * GAP, height: maxY - minY - 2 * GAP, rx: 12,
      }));
    } else {
      node.append(svgElement("path", { class: "face", d: outlinePath(boxes), "fill-rule": "evenodd" }));
    }
    // the label sits in the piece's first cell when its box's centre is not part of it (an L)
    const centred = isRectangle(boxes);
    const cx = centred ? (minX + maxX) / 2 : UNIT / 2;
    const cy = centred ? (minY + maxY) / 2 : UNIT / 2;
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
