// A peg census as an SVG line chart on a log scale: per number of jumps, the classes of
// positions (up to symmetry) and those from which the finish can still be reached. Points
// carry their figures (a tooltip each) for people, assistive tech and tests.

import { clear, svgElement } from "./dom.js";

const WIDTH = 640;
const HEIGHT = 300;
const MARGIN = { left: 70, right: 16, top: 34, bottom: 52 };
/** The two series: the field of a census row, the label, the CSS class. */
const SERIES = [
  { field: "classes", label: "positions (classes)", css: "all" },
  { field: "can_finish", label: "can still finish", css: "finishable" },
];

/** Draw the census rows (`by_jumps` of a census result) into `svg`. */
export function drawCensusChart(svg, rows, { title = "Positions per jump" } = {}) {
  clear(svg);
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute("role", "img");
  const peak = Math.max(1, ...rows.map((row) => row.classes));
  const last = rows.length ? rows[rows.length - 1].jumps : 0;
  svg.setAttribute("aria-label", `${title}: ${rows.length} levels, at most ${peak.toLocaleString("en-US")} `
    + "classes of positions after one number of jumps; log scale.");
  svg.append(svgElement("title", {}, title));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const ticks = [1];
  while (ticks[ticks.length - 1] < peak) ticks.push(ticks[ticks.length - 1] * 10);
  const top = Math.log10(ticks[ticks.length - 1]) + 1;
  // a count of 1 stands one step above the axis (at 0.1), so it is seen; 0 lies on the axis
  const y = (count) => MARGIN.top + plotHeight * (1 - (count > 0 ? (Math.log10(count) + 1) / top : 0));
  const x = (jumps) => MARGIN.left + (last ? (jumps / last) * plotWidth : plotWidth / 2);

  const grid = svgElement("g", { class: "chart-grid", "aria-hidden": "true" });
  for (const tick of ticks) {
    grid.append(svgElement("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(tick), y2: y(tick) }));
    grid.append(svgElement("text", { class: "tick y", x: MARGIN.left - 6, y: y(tick) }, compact(tick)));
  }
  svg.append(grid);

  for (const series of SERIES) {
    const known = rows.filter((row) => Number.isInteger(row[series.field]));
    if (!known.length) continue;
    const group = svgElement("g", { class: `series ${series.css}`, "data-testid": `census-series-${series.css}` });
    group.append(svgElement("polyline", {
      points: known.map((row) => `${x(row.jumps).toFixed(1)},${y(row[series.field]).toFixed(1)}`).join(" "),
    }));
    for (const row of known) {
      const point = svgElement("circle", {
        cx: x(row.jumps), cy: y(row[series.field]), r: 4,
        "data-testid": "census-point", "data-series": series.field, "data-jumps": row.jumps,
        "data-count": row[series.field],
      });
      point.append(svgElement("title", {},
        `after ${row.jumps} jumps: ${row[series.field].toLocaleString("en-US")} ${series.label}`));
      group.append(point);
    }
    svg.append(group);
  }

  const axis = svgElement("g", { class: "chart-axis", "aria-hidden": "true" });
  axis.append(svgElement("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(0), y2: y(0) }));
  const every = last > 20 ? 5 : last > 10 ? 2 : 1;
  for (const row of rows) {
    if (row.jumps % every && row.jumps !== last) continue;
    if (row.jumps !== last && last - row.jumps < every / 2) continue;
    axis.append(svgElement("text", { class: "tick x", x: x(row.jumps), y: y(0) + 16 }, String(row.jumps)));
  }
  axis.append(svgElement("text", { class: "axis-label", x: MARGIN.left + plotWidth / 2, y: HEIGHT - 8 },
    "jumps made"));
  axis.append(svgElement("text", {
    class: "axis-label", x: 16, y: MARGIN.top + plotHeight / 2,
    transform: `rotate(-90 16 ${MARGIN.top + plotHeight / 2})`,
  }, "classes (log scale)"));
  svg.append(axis);

  const key = svgElement("g", { class: "chart-key", "aria-hidden": "true" });
  SERIES.forEach((series, index) => {
    const left = MARGIN.left + index * 210;
    key.append(svgElement("line", { class: `key ${series.css}`, x1: left, x2: left + 24, y1: 14, y2: 14 }));
    key.append(svgElement("text", { class: "key-label", x: left + 30, y: 14 }, series.label));
  });
  svg.append(key);
}

function compact(value) {
  if (value >= 1e9) return `${+(value / 1e9).toFixed(1)}G`;
  if (value >= 1e6) return `${+(value / 1e6).toFixed(1)}M`;
  if (value >= 1e3) return `${+(value / 1e3).toFixed(1)}k`;
  return String(value);
}
