// The depth histogram as an SVG bar chart: positions per distance from the goal,
// with labelled axes; bars carry their figures for assistive tech and tests.

import { clear, svgElement } from "./dom.js";

const WIDTH = 640;
const HEIGHT = 300;
const MARGIN = { left: 70, right: 16, top: 16, bottom: 52 };

/**
 * Draw `histogram` (counts by distance) into `svg`; `unit` names the distance ("moves"); `log` draws
 * the counts on a logarithmic scale (gridlines at powers of ten), so the few positions at either end show.
 */
export function drawHistogram(svg, histogram, {
  unit = "moves", title = "Positions by distance from the goal", log = false,
} = {}) {
  clear(svg);
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute("role", "img");
  const longest = histogram.length - 1;
  const total = histogram.reduce((sum, count) => sum + count, 0);
  const summary = `${total.toLocaleString("en-US")} positions, the farthest ${longest} ${unit} away`;
  svg.setAttribute("aria-label", `${title}: ${summary}.`);
  svg.append(svgElement("title", {}, title));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const ticks = log ? powerTicks(Math.max(...histogram, 1)) : niceTicks(Math.max(...histogram, 1));
  const top = ticks[ticks.length - 1];
  const slot = plotWidth / histogram.length;
  // On the log scale a count of 1 stands one step above the axis (at 0.1), so it is seen.
  const scale = log ? (count) => (count > 0 ? (Math.log10(count) + 1) / (Math.log10(top) + 1) : 0) : (count) => count / top;
  const y = (count) => MARGIN.top + plotHeight * (1 - scale(count));
  svg.dataset.scale = log ? "log" : "linear";

  const grid = svgElement("g", { class: "chart-grid", "aria-hidden": "true" });
  for (const tick of ticks) {
    grid.append(svgElement("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(tick), y2: y(tick) }));
    grid.append(svgElement("text", { class: "tick y", x: MARGIN.left - 6, y: y(tick) }, compact(tick)));
  }
  svg.append(grid);

  const bars = svgElement("g", { class: "chart-bars" });
  histogram.forEach((count, depth) => {
    const height = Math.max(count > 0 ? 1.5 : 0, y(0) - y(count));
    const bar = svgElement("rect", {
      class: depth === longest ? "bar longest" : "bar",
      x: MARGIN.left + depth * slot + slot * 0.12, width: slot * 0.76, y: y(0) - height, height,
      "data-testid": "histogram-bar", "data-depth": depth, "data-count": count,
    });
    bar.append(svgElement("title", {}, `${depth} ${unit}: ${count.toLocaleString("en-US")} positions`));
    bars.append(bar);
  });
  svg.append(bars);

  const axis = svgElement("g", { class: "chart-axis", "aria-hidden": "true" });
  axis.append(svgElement("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(0), y2: y(0) }));
  const every = histogram.length > 40 ? 10 : 5;
  histogram.forEach((_, depth) => {
    const tooClose = depth !== longest && longest - depth < every / 2;
    if ((depth % every !== 0 && depth !== longest) || tooClose) return;
    const x = MARGIN.left + (depth + 0.5) * slot;
    axis.append(svgElement("text", { class: "tick x", x, y: y(0) + 16 }, String(depth)));
  });
  axis.append(svgElement("text", { class: "axis-label", x: MARGIN.left + plotWidth / 2, y: HEIGHT - 8 },
    `distance from the goal (${unit})`));
  axis.append(svgElement("text", {
    class: "axis-label", x: 16, y: MARGIN.top + plotHeight / 2,
    transform: `rotate(-90 16 ${MARGIN.top + plotHeight / 2})`,
  }, log ? "positions (log scale)" : "positions"));
  svg.append(axis);
}

/** Gridline counts from 0 to at least `value`: whole steps of 1, 2 or 5 times a power of ten, at most 6 of them. */
function niceTicks(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [0.1, 0.2, 0.5, 1, 2, 5, 10].map((factor) => factor * power)
    .find((size) => size >= 1 && value / size <= 6);
  const count = Math.max(1, Math.ceil(value / step - 1e-9));
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/** Gridline counts 1, 10, 100… up to the first power of ten at or above `value`. */
function powerTicks(value) {
  const ticks = [1];
  while (ticks[ticks.length - 1] < value) ticks.push(ticks[ticks.length - 1] * 10);
  return ticks;
}

function compact(value) {
  if (value >= 1e6) return `${+(value / 1e6).toFixed(2)}M`;
  if (value >= 1e3) return `${+(value / 1e3).toFixed(1)}k`;
  return String(+value.toFixed(1));
}
