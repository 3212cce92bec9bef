// Watching a search grow: while breadth-first search runs, the positions it found at each depth;
// for bidirectional search both frontiers (from the start and from the goal) with the depths where
// they met; for iterative deepening and IDA*, the nodes of each pass by its threshold. The chart
// (log scale) stays after the search, with its numbers written out beneath it.

import { $, clear, svgElement } from "./dom.js";
import { formatCount } from "./words.js";

const SIZE = { width: 640, height: 220, left: 56, right: 12, top: 14, bottom: 40 };

/** The growth chart in #growth; `start()` before a solve, `add(event)` per progress, `finish(result)` at its end. */
export function createGrowth() {
  let data = null; // {kind: "layers" | "sides" | "passes", layers, sides, meet, passes}
  let pending = false;

  function start() {
    data = { kind: null, layers: [1], sides: [[1], [1]], meet: null, passes: [] };
    $("growth").hidden = true;
  }

  function hide() {
    data = null;
    $("growth").hidden = true;
  }

  function add(event) {
    if (!data || event.phase) return; // a preparatory phase (a reachability check) is not the search shown
    if (Array.isArray(event.layer) && event.layer.length === 2) {
      const [depth, count] = event.layer;
      data.kind = "layers";
      data.layers[depth] = count;
    } else if (Array.isArray(event.layer) && event.layer.length === 3) {
      const [side, depth, count] = event.layer;
      data.kind = "sides";
      data.sides[side][depth] = count;
    } else if (Array.isArray(event.iteration)) {
      data.kind = "passes";
      data.passes.push(event.iteration);
    } else return;
    if (!pending) {
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        draw();
      });
    }
  }

  function finish(result) {
    if (!data) return;
    if (Array.isArray(result.layers)) Object.assign(data, { kind: "layers", layers: result.layers });
    else if (result.layers && Array.isArray(result.layers.start)) {
      Object.assign(data, { kind: "sides", sides: [result.layers.start, result.layers.goal], meet: result.layers.meet });
    } else if (Array.isArray(result.iterations) && result.iterations.length) {
      Object.assign(data, { kind: "passes", passes: result.iterations });
    }
    draw();
  }

  function series() {
    if (data.kind === "layers") return { labels: data.layers.map((_, depth) => depth), sets: [data.layers] };
    if (data.kind === "sides") {
      const depths = Math.max(data.sides[0].length, data.sides[1].length);
      return { labels: Array.from({ length: depths }, (_, depth) => depth), sets: data.sides };
    }
    return { labels: data.passes.map(([threshold]) => threshold), sets: [data.passes.map(([, nodes]) => nodes)] };
  }

  function draw() {
    if (!data || !data.kind) return;
    const svg = $("growth-chart");
    clear(svg);
    $("growth").hidden = false;
    const { labels, sets } = series();
    const top = Math.max(1, ...sets.flat().filter(Number.isFinite));
    const decades = Math.max(1, Math.ceil(Math.log10(top) + 1e-9));
    const plotWidth = SIZE.width - SIZE.left - SIZE.right;
    const plotHeight = SIZE.height - SIZE.top - SIZE.bottom;
    const y = (value) => SIZE.top + plotHeight - (plotHeight * Math.log10(Math.max(value, 1))) / decades;
    svg.setAttribute("viewBox", `0 0 ${SIZE.width} ${SIZE.height}`);
    for (let decade = 0; decade <= decades; decade += 1) {
      const at = y(10 ** decade);
      svg.append(svgElement("line", { class: "grid", x1: SIZE.left, x2: SIZE.width - SIZE.right, y1: at, y2: at }));
      svg.append(svgElement("text", { class: "tick y", x: SIZE.left - 6, y: at }, compact(10 ** decade)));
    }
    const slot = plotWidth / Math.max(labels.length, 1);
    const width = (slot * 0.8) / sets.length;
    const every = labels.length > 30 ? 5 : labels.length > 12 ? 2 : 1;
    labels.forEach((label, index) => {
      sets.forEach((values, side) => {
        const value = values[index];
        if (!Number.isFinite(value) || value <= 0) return;
        const x = SIZE.left + index * slot + slot * 0.1 + side * width;
        const met = data.kind === "sides" && data.meet && data.meet[side] === index;
        const bar = svgElement("rect", {
          class: `bar side-${side}${met ? " met" : ""}`, x, y: y(value), width: Math.max(width, 1),
          height: Math.max(SIZE.top + plotHeight - y(value), 1), "data-testid": "growth-bar", "data-label": label,
          "data-value": value,
        });
        bar.append(svgElement("title", {}, barWords(label, value, side)));
        svg.append(bar);
        if (met) {
          svg.append(svgElement("text", { class: "meet", x: x + width / 2, y: y(value) - 4 }, "met"));
        }
      });
      if (index % every === 0) {
        svg.append(svgElement("text", { class: "tick x", x: SIZE.left + (index + 0.5) * slot,
          y: SIZE.top + plotHeight + 14 }, String(label)));
      }
    });
    const axis = data.kind === "passes" ? "threshold (moves)" : "depth (moves from its end)";
    svg.append(svgElement("text", { class: "axis-label", x: SIZE.left + plotWidth / 2, y: SIZE.height - 6 }, axis));
    const what = { layers: "positions found at each depth", sides: "positions found at each depth from the start "
      + "(dark) and from the goal (light)", passes: "nodes expanded in each pass" }[data.kind];
    $("growth-caption").textContent = `How the search grew: ${what} (log scale).`;
    svg.setAttribute("aria-label", `${what}, log scale`);
    $("growth-numbers").textContent = numbers();
  }

  function barWords(label, value, side) {
    if (data.kind === "passes") return `threshold ${label}: ${formatCount(value)} nodes`;
    const from = data.kind === "sides" ? (side === 0 ? " from the start" : " from the goal") : "";
    return `depth ${label}${from}: ${formatCount(value)} positions`;
  }

  function numbers() {
    const list = (values, first = 0) => values.map((value, index) => `${index + first}: ${formatCount(value)}`)
      .join(", ");
    if (data.kind === "layers") return `Positions per depth — ${list(data.layers)}.`;
    if (data.kind === "sides") {
      const meet = data.meet ? ` They met ${data.meet[0]} moves from the start and ${data.meet[1]} from the goal.` : "";
      return `From the start — ${list(data.sides[0])}. From the goal — ${list(data.sides[1])}.${meet}`;
    }
    return `Nodes per threshold — ${data.passes.map(([t, n]) => `${t}: ${formatCount(n)}`).join(", ")}.`;
  }

  return { start, add, finish, hide };
}

function compact(value) {
  if (value >= 1e9) return `${value / 1e9}G`;
  if (value >= 1e6) return `${value / 1e6}M`;
  if (value >= 1e3) return `${value / 1e3}k`;
  return String(value);
}
