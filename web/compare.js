// The Compare panel: every algorithm (and lower bound) run on the position shown, one after
// another in the worker, each with its own budget. A table fills row by row as the runs go (the
// running row shows its live figures), one Cancel stops them all, a bar chart on a log scale
// sets the rows' nodes, stored positions or time side by side, and a row's Show button puts
// that run's solution into the player as a line from the position compared.

import { $, clear, htmlElement, svgElement } from "./dom.js";
import { algorithmWords, bytesWords, formatCount, plural } from "./words.js";


/** Each row's time budget in the page, seconds (the solver's default per row is 1 s too). */
const ROW_SECONDS = 1;
/** Each row's cap on stored positions for a peg board (sliding rows keep the solver's default). */
const PEG_ROW_STATES = 1_000_000;
/** What the chart can show, by row field. */
const MEASURES = {
  nodes: { label: "nodes expanded", value: (row) => row.nodes, words: (value) => formatCount(value) },
  states: { label: "positions stored", value: (row) => (row.depth_first ? null : row.states),
    words: (value) => formatCount(value) },
  seconds: { label: "seconds", value: (row) => row.seconds, words: (value) => `${value.toFixed(3)} s` },
};
const CHART = { width: 640, rowHeight: 22, left: 190, right: 90, top: 8, bottom: 34 };

/**
 * The compare panel for the page's store (web/state.js). `puzzleFields()` names the puzzle in a request,
 * `showSolution(solution, result, from)` loads a solution into the player, `where(node)` names a
 * position, `announce(text)` speaks to screen readers, `stopPlayer()` pauses the player. Whether the
 * panel is open is the store's `compareOpen` (the link follows it: web/app.js subscribes).
 */
export function createComparePanel(store, { puzzleFields, showSolution, where, announce, stopPlayer }) {
  const app = store.state;
  let shown = null; // {from, game, rows: [...], plan, running, done}

  /** The explanations of a row's algorithm and of its lower bound (`heuristic`, once it ran; before: `bound`). */
  function explanation(algorithm, bound, heuristic) {
    const texts = app.explanations;
    if (!texts) return [];
    const family = app.game.family === "peg" ? texts.peg : texts.sliding;
    const out = [];
    if (family?.[algorithm]) out.push(family[algorithm]);
    const key = heuristic?.name ?? bound;
    if (key && texts.bounds?.[key]) out.push(`Lower bound: ${texts.bounds[key]}`);
    return out;
  }

  /** Open the panel and run the comparison on the position shown (or wait for the solver). */
  function compare() {
    const game = app.game;
    const from = app.tree.current();
    $("compare-panel").hidden = false;
    store.openCompare();
    if (!app.solver || app.solver.state() !== "ready") {
      store.awaitCompare();
      $("compare-summary").textContent = "Waiting for the solver to start…";
      return;
    }
    if (app.search) app.search.cancel();
    stopPlayer();
    const request = { command: "compare", ...puzzleFields(), ...game.request(from.position, app.goal),
      seconds: ROW_SECONDS };
    if (game.family === "peg") request.max_states = PEG_ROW_STATES;
    if (!$("metric-choice").hidden) request.metric = $("metric").value; // what one move is, as the page counts it
    shown = { from, game, rows: [], plan: [], running: null, done: false };
    clear($("compare-rows"));
    clear($("compare-chart"));
    $("compare-about").textContent = `Comparing on ${where(from)}; each run may take ${plural(ROW_SECONDS, "second")}.`;
    $("compare-summary").textContent = "Starting…";
    $("compare-cancel").disabled = false;
    $("compare-chart-choice").hidden = true;
    const mine = shown;
    let handle = null;
    handle = app.solver.run(request, (event) => {
      if (shown !== mine || app.game !== game) return;
      if (event.event === "progress") {
        progress(event);
        return;
      }
      store.finishSearch(handle);
      $("compare-cancel").disabled = true;
      mine.done = true;
      if (event.event === "result") {
        finish(event.result);
      } else if (event.event === "cancelled") {
        stopRows("cancelled");
        $("compare-summary").textContent = "Comparison cancelled; the rows that ended are kept.";
        announce("Comparison cancelled.");
        drawChart();
      } else {
        stopRows("not run");
        $("compare-summary").textContent = `The solver answered: ${event.message}`;
        announce(event.message);
      }
    });
    store.startSearch(handle);
  }

  function progress(event) {
    if (event.plan) {
      shown.plan = event.plan;
      shown.rows = event.plan.map(([algorithm, bound]) => ({ algorithm, bound, status: "waiting" }));
      shown.rows.forEach((row, index) => $("compare-rows").append(rowElement(row, index)));
      $("compare-summary").textContent = `${plural(shown.rows.length, "run")} to go.`;
      return;
    }
    if (!Number.isInteger(event.row) || !shown.rows[event.row]) return;
    if (event.finished) {
      shown.rows[event.row] = { ...event.finished, status: "done" };
      fillRow(event.row);
      const left = shown.rows.filter((row) => row.status !== "done").length;
      $("compare-summary").textContent = left ? `${plural(left, "run")} to go.` : "Checking the answers…";
      drawChart();
      return;
    }
    const row = shown.rows[event.row];
    Object.assign(row, { status: "running", nodes: event.row_nodes, states: event.row_states,
      seconds: event.row_seconds, phase: event.phase ?? null, depth_first: event.search === "depth-first" });
    fillRow(event.row);
  }

  function finish(result) {
    shown.rows = result.rows.map((row) => ({ ...row, status: "done" }));
    shown.rows.forEach((_, index) => fillRow(index));
    const minimal = result.moves;
    const unit = shown.game.unit;
    $("compare-summary").textContent = minimal === null || minimal === undefined
      ? "No run proved a shortest solution within its budget."
      : `Every run that proves its answer minimal found ${minimal} ${minimal === 1 ? unit[0] : unit[1]}. `
        + "Show puts a run's solution in the player.";
    announce($("compare-summary").textContent);
    drawChart();
  }

  function stopRows(status) {
    shown.rows.forEach((row, index) => {
      if (row.status !== "done") {
        row.status = status;
        fillRow(index);
      }
    });
  }

  function rowElement(row, index) {
    const tr = htmlElement("tr", { "data-testid": "compare-row", "data-row": index });
    const name = htmlElement("th", { scope: "row" });
    name.append(htmlElement("span", { class: "compare-name" }, rowName(row)));
    const texts = explanation(row.algorithm, row.bound, row.heuristic);
    if (texts.length) {
      const details = htmlElement("details", { class: "explain", "data-testid": "compare-explain" });
      const summary = htmlElement("summary", { "aria-label": `About ${rowName(row)}`, title: "What this run does" });
      summary.append(htmlElement("span", { class: "info-mark", "aria-hidden": "true" }, "i")); // drawn by CSS: no font's ⓘ
      details.append(summary);
      for (const text of texts) details.append(htmlElement("p", {}, text));
      name.append(details);
    }
    tr.append(name);
    for (const key of ["moves", "minimal", "nodes", "states", "memory", "seconds", "status"]) {
      tr.append(htmlElement("td", { "data-cell": key, class: key }));
    }
    const show = htmlElement("td", { class: "show" });
    const button = htmlElement("button", { type: "button", "data-testid": "compare-show", disabled: "" }, "Show");
    button.addEventListener("click", () => showRow(index));
    show.append(button);
    tr.append(show);
    return tr;
  }

  function rowName(row) {
    return row.bound ? `${algorithmWords(row.algorithm)}, ${row.bound}` : algorithmWords(row.algorithm);
  }

  function fillRow(index) {
    const row = shown.rows[index];
    const tr = $("compare-rows").children[index];
    if (!tr) return;
    const cell = (key) => tr.querySelector(`[data-cell="${key}"]`);
    tr.querySelector(".compare-name").textContent = rowName(row);
    tr.dataset.status = row.status;
    cell("moves").textContent = Number.isInteger(row.moves) ? String(row.moves) : "–";
    cell("minimal").textContent = Number.isInteger(row.moves) ? (row.minimal ? "yes" : "no") : "–";
    cell("nodes").textContent = Number.isInteger(row.nodes) ? formatCount(row.nodes) : "–";
    cell("states").textContent = Number.isInteger(row.states)
      ? `${formatCount(row.states)}${row.depth_first ? " (path)" : ""}` : "–";
    cell("states").title = row.depth_first ? "a depth-first search stores no positions, only its path" : "";
    cell("memory").textContent = Number.isInteger(row.peak_bytes) ? `~${bytesWords(row.peak_bytes)}` : "–";
    cell("memory").title = "estimated: positions stored × bytes per position measured for this search";
    cell("seconds").textContent = typeof row.seconds === "number" ? `${row.seconds.toFixed(3)} s` : "–";
    cell("status").textContent = statusWords(row);
    cell("status").title = row.reason ?? "";
    const button = tr.querySelector("button");
    button.disabled = !(row.status === "done" && Array.isArray(row.solution) && row.solution.length);
    button.setAttribute("aria-label", `Show the solution of ${rowName(row)} in the player`);
  }

  function statusWords(row) {
    if (row.status === "running") return row.phase ? `running: ${row.phase}…` : "running…";
    if (row.status !== "done") return row.status;
    if (row.stopped) {
      const limit = { seconds: "its time", max_states: "its state budget", memory: "the memory",
        nodes: "its estimate", max_depth: "its depth limit" }[row.stopped] ?? row.stopped;
      const bound = Number.isInteger(row.lower_bound) ? ` (at least ${row.lower_bound})` : "";
      return `stopped by ${limit}${bound}`;
    }
    if (row.reason) return row.reason.length > 90 ? `${row.reason.slice(0, 88)}…` : row.reason;
    if (row.note) return "solved, not proved shortest";
    return row.minimal ? "solved, proved shortest" : "solved";
  }

  function showRow(index) {
    const row = shown?.rows[index];
    if (!row?.solution) return;
    const solution = shown.game.solutionOf(row, shown.from.position);
    if (!solution) return;
    showSolution(solution, row, shown.from);
    $("compare-shown").textContent = `In the player: ${rowName(row)}, ${plural(row.moves, shown.game.unit[0])}.`;
    announce($("compare-shown").textContent);
  }

  /** The chart of the finished rows on a log scale, for the measure chosen. */
  function drawChart() {
    const svg = $("compare-chart");
    clear(svg);
    const measure = MEASURES[$("compare-measure").value] ?? MEASURES.nodes;
    const rows = shown.rows.map((row) => ({ row, value: row.status === "done" ? measure.value(row) : null }));
    if (!rows.some(({ value }) => value > 0)) return;
    $("compare-chart-choice").hidden = false;
    const top = Math.max(...rows.map(({ value }) => value ?? 0));
    const decades = Math.max(1, Math.ceil(Math.log10(top) + 1e-9) + (measure === MEASURES.seconds ? 4 : 0));
    const floor = measure === MEASURES.seconds ? 1e-4 : 1;
    const plot = CHART.width - CHART.left - CHART.right;
    const x = (value) => CHART.left + plot * Math.max(0, Math.log10(Math.max(value, floor) / floor)) / decades;
    const height = CHART.top + CHART.rowHeight * rows.length + CHART.bottom;
    svg.setAttribute("viewBox", `0 0 ${CHART.width} ${height}`);
    svg.setAttribute("aria-label", `${measure.label} per run, log scale`);
    for (let decade = 0; decade <= decades; decade += 1) {
      const at = CHART.left + (plot * decade) / decades;
      svg.append(svgElement("line", { class: "grid", x1: at, x2: at, y1: CHART.top, y2: height - CHART.bottom }));
      svg.append(svgElement("text", { class: "tick x", x: at, y: height - CHART.bottom + 14 },
        compactNumber(floor * 10 ** decade)));
    }
    rows.forEach(({ row, value }, index) => {
      const y = CHART.top + index * CHART.rowHeight;
      svg.append(svgElement("text", { class: "bar-label", x: CHART.left - 6, y: y + CHART.rowHeight * 0.68 },
        rowName(row)));
      if (!(value > 0)) {
        svg.append(svgElement("text", { class: "bar-value", x: CHART.left + 4, y: y + CHART.rowHeight * 0.68 }, "–"));
        return;
      }
      const bar = svgElement("rect", {
        class: row.minimal ? "bar minimal" : row.stopped ? "bar stopped" : "bar", x: CHART.left, y: y + 3,
        width: Math.max(1, x(value) - CHART.left), height: CHART.rowHeight - 6, "data-testid": "compare-bar",
        "data-value": value,
      });
      bar.append(svgElement("title", {}, `${rowName(row)}: ${measure.words(value)}${row.stopped ? " (stopped)" : ""}`));
      svg.append(bar);
      svg.append(svgElement("text", { class: "bar-value", x: x(value) + 4, y: y + CHART.rowHeight * 0.68 },
        measure.words(value)));
    });
    svg.append(svgElement("text", { class: "axis-label", x: CHART.left + plot / 2, y: height - 6 },
      `${measure.label} (log scale)`));
  }

  /** Hide the panel (a new puzzle or position). */
  function closeCompare() {
    shown = null;
    store.closeCompare();
    $("compare-panel").hidden = true;
    $("compare-shown").textContent = "";
  }

  $("compare").addEventListener("click", () => compare());
  $("compare-measure").addEventListener("change", () => shown && drawChart());
  $("compare-cancel").addEventListener("click", () => app.search?.cancel());
  $("compare-close").addEventListener("click", () => {
    if (shown && !shown.done) app.search?.cancel();
    closeCompare();
  });

  return { compare, closeCompare, explanation };
}

function compactNumber(value) {
  if (value >= 1e6) return `${value / 1e6}M`;
  if (value >= 1e3) return `${value / 1e3}k`;
  return String(value);
}
