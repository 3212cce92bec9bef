// Draws a peg-solitaire board as SVG from the catalog's hole coordinates and reports
// clicks; pegs hop along a jump chain's path and jumped pegs fade out.

import { clear, svgElement } from "./dom.js";
import { holeNames } from "./peg-notation.js";

const PAD = 0.6; // in hole spacings

/**
 * Draw `entry`'s holes into `svg`. Returns {show(position, options)} where position is
 * an array of "1" (peg) / "0" (empty) per hole and options = {animate, path, selected,
 * targets, cursor, finish, hint: {holes}, marks: [holes]}. Above the pegs lie what must stay
 * visible on a peg: the finish ring, marked holes, a hint's path, the hole names (hidden by the
 * class "hide-numbers" on the svg) and the keyboard's cursor.
 * handlers.onCell(hole) is called when a hole or peg is clicked.
 */
export function drawPegBoard(svg, entry, handlers) {
  clear(svg);
  const points = entry.holes.map(([x, y]) => [Number(x), Number(y)]);
  const names = holeNames(entry); // "d4" on the English and French boards, else the hole's number
  const spacing = nearestDistance(points);
  const scale = 100 / spacing;
  const xs = points.map(([x]) => x * scale);
  const ys = points.map(([, y]) => y * scale);
  const left = Math.min(...xs) - PAD * 100;
  const top = Math.min(...ys) - PAD * 100;
  const width = Math.max(...xs) - Math.min(...xs) + 2 * PAD * 100;
  const height = Math.max(...ys) - Math.min(...ys) + 2 * PAD * 100;
  svg.setAttribute("viewBox", `${left} ${top} ${width} ${height}`);
  svg.setAttribute("role", "grid");
  svg.setAttribute("aria-label", `${entry.name} board`);
  svg.dataset.family = "peg";
  svg.dataset.puzzle = entry.id;
  const centre = (hole) => [xs[hole], ys[hole]];

  svg.append(svgElement("rect", {
    class: "frame", x: left, y: top, width, height, rx: 40, "aria-hidden": "true",
  }));
  // Holes are the grid cells (rows = holes at the same height); they carry the accessible names.
  const holes = [];
  const rows = new Map();
  points.forEach((_, hole) => {
    const key = Math.round(ys[hole]);
    if (!rows.has(key)) rows.set(key, svgElement("g", { role: "row" }));
    const [x, y] = centre(hole);
    const circle = svgElement("circle", {
      class: "hole", cx: x, cy: y, r: 17, role: "gridcell", "data-slot": hole, id: `hole-${hole}`,
    });
    holes[hole] = circle;
    rows.get(key).append(circle);
  });
  for (const key of [...rows.keys()].sort((a, b) => a - b)) svg.append(rows.get(key));
  const layer = svgElement("g", { class: "pieces", "aria-hidden": "true" });
  svg.append(layer);
  const overlay = svgElement("g", { class: "overlay", "aria-hidden": "true" });
  svg.append(overlay);
  const numbers = svgElement("g", { class: "numbers", "aria-hidden": "true" });
  points.forEach((_, hole) => {
    const [x, y] = centre(hole);
    numbers.append(svgElement("text", { class: "hole-number", x, y }, names[hole]));
  });
  svg.append(numbers);
  const cursorRing = svgElement("circle", { class: "cursor", r: 44, "aria-hidden": "true" });
  svg.append(cursorRing);

  // A click is placed by geometry (the nearest hole), so a peg still in flight never catches it.
  svg.onclick = (event) => {
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    let nearest = -1;
    let distance = Infinity;
    points.forEach((_, hole) => {
      const d = Math.hypot(xs[hole] - point.x, ys[hole] - point.y);
      if (d < distance) [nearest, distance] = [hole, d];
    });
    if (nearest >= 0 && distance <= 50) handlers.onCell(nearest, svg.dataset.position?.[nearest] === "0");
  };

  const pegs = new Map(); // hole → element

  function place(node, hole) {
    const [x, y] = centre(hole);
    node.style.transform = `translate(${x}px, ${y}px)`;
    node.dataset.cell = String(hole);
  }

  function createPeg(hole) {
    const node = svgElement("g", { class: "peg", "data-testid": "peg" });
    node.append(svgElement("circle", { class: "peg-body", r: 30 }));
    node.append(svgElement("circle", { class: "peg-shine", r: 11, cx: -9, cy: -9 }));
    place(node, hole);
    layer.append(node);
    pegs.set(hole, node);
    return node;
  }

  function show(position, options = {}) {
    const {
      animate = false, path = null, selected = null, targets = [], cursor = null, finish = null, hint = null,
      marks = null,
    } = options;
    const motion = animate && !reducedMotion();
    if (path && path.length > 1 && pegs.has(path[0])) {
      const mover = pegs.get(path[0]);
      pegs.delete(path[0]);
      const last = path[path.length - 1];
      pegs.get(last)?.remove();
      pegs.set(last, mover);
      if (motion) {
        const frames = path.map((hole) => {
          const [x, y] = centre(hole);
          return { transform: `translate(${x}px, ${y}px)` };
        });
        mover.animate(frames, { duration: 260 * (path.length - 1), easing: "ease-in-out" });
      }
      place(mover, last);
    }
    for (const [hole, node] of pegs) {
      if (position[hole] === "1") continue;
      pegs.delete(hole);
      if (motion) {
        node.classList.add("leaving");
        setTimeout(() => node.remove(), 300);
      } else {
        node.remove();
      }
    }
    position.forEach((peg, hole) => {
      if (peg === "1" && !pegs.has(hole)) createPeg(hole);
    });
    for (const [hole, node] of pegs) {
      node.classList.toggle("selected", hole === selected);
      node.classList.remove("leaving");
    }
    holes.forEach((circle, hole) => {
      circle.classList.toggle("target", targets.includes(hole));
      circle.classList.toggle("finish", finish === hole);
      const what = position[hole] === "1" ? "peg" : "empty";
      const extra = hole === selected ? ", selected" : targets.includes(hole) ? ", can jump here" : "";
      circle.setAttribute("aria-label", `hole ${names[hole]}: ${what}${extra}`);
    });
    drawOverlay(finish, hint, marks);
    if (cursor === null || cursor === undefined) {
      cursorRing.setAttribute("visibility", "hidden");
      svg.removeAttribute("aria-activedescendant");
    } else {
      svg.setAttribute("aria-activedescendant", `hole-${cursor}`); // screen readers follow the cursor
      const [x, y] = centre(cursor);
      cursorRing.setAttribute("cx", x);
      cursorRing.setAttribute("cy", y);
      cursorRing.setAttribute("visibility", "visible");
    }
    svg.dataset.position = position.join("");
    svg.dataset.pegs = String(position.filter((peg) => peg === "1").length);
  }

  /** The marks that must show over pegs: marked holes, the finish ring, a hint's path. */
  function drawOverlay(finish, hint, marks) {
    clear(overlay);
    for (const hole of marks ?? []) {
      const [x, y] = centre(hole);
      overlay.append(svgElement("rect", {
        class: "mark", x: x - 40, y: y - 40, width: 80, height: 80, rx: 10, "data-testid": "mark",
        "data-hole": hole,
      }));
    }
    if (Number.isInteger(finish)) {
      const [x, y] = centre(finish);
      overlay.append(svgElement("circle", {
        class: "finish-ring", cx: x, cy: y, r: 42, "data-testid": "finish-marker", "data-hole": finish,
      }));
    }
    const holes = hint?.holes;
    if (Array.isArray(holes) && holes.length > 1) {
      const corners = holes.map((hole) => centre(hole).join(" "));
      overlay.append(svgElement("polyline", { class: "hint-path", points: corners.join(" "), "data-testid": "hint-mark" }));
      const [x, y] = centre(holes[0]);
      overlay.append(svgElement("circle", { class: "hint-ring", cx: x, cy: y, r: 40 }));
      const [tx, ty] = centre(holes[holes.length - 1]);
      overlay.append(svgElement("circle", { class: "hint-ring target-end", cx: tx, cy: ty, r: 40 }));
    }
  }

  return { show, centre };
}

function nearestDistance(points) {
  let best = Infinity;
  for (let i = 0; i < points.length; i += 1) {
    for (let j = i + 1; j < points.length; j += 1) {
      const d = Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1]);
      if (d > 1e-9 && d < best) best = d;
    }
  }
  return Number.isFinite(best) ? best : 1;
}

function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
