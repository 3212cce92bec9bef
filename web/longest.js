// The longest-positions panel: every position searched breadth-first from the goal, the depth
// histogram, the count and the farthest positions as thumbnails a person can load; or why the
// search is refused.

import { drawSlidingBoard } from "./board-sliding.js";
import { drawHistogram } from "./chart.js";
import { positionCount } from "./sliding.js";
import { $, clear, htmlElement, press, svgElement } from "./dom.js";
import { formatCount, refusalText } from "./words.js";

/** Longest-position searches above this many positions would not finish in a browser tab. */
const LONGEST_LIMIT = 2_000_000;
const THUMBNAILS = 12;


let shown = null; // the histogram on show, for a redraw on the other scale

/**
 * The panel for the page's store (web/state.js): its button runs a `longest` request through the search
 * panel (`startSearch`, `finishFigures`, `puzzleFields`); a thumbnail picked opens its position through
 * `openPuzzle`; `announce(text)` speaks to screen readers.
 */
export function createLongestPanel(store, { startSearch, finishFigures, puzzleFields, openPuzzle, announce }) {
  const app = store.state;
  $("longest").addEventListener("click", () => longest());
  $("log-scale").addEventListener("change", () => redrawHistogram($("log-scale").checked));

  /** Every position and the hardest ones; `changes` (a next step's) may lift the state cap. */
  function longest(changes = {}) {
    const game = app.game;
    if (!openLongestPanel(game.entry, game.family)) return;
    const request = {
      command: "longest", ...puzzleFields(),
      ...(game.longestRequest?.(app.position) ?? { goal: game.request(app.position, app.goal).goal }),
      max_states: LONGEST_LIMIT, ...changes,
    };
    if (!$("metric-choice").hidden) request.metric = $("metric").value; // the distances in the moves the page counts
    startSearch(request, (result) => {
      finishFigures(result);
      const summary = showLongest(result, game, app.goal, (labels) => {
        openPuzzle(game, labels, app.goal, { algorithm: $("algorithm").value, metric: $("metric").value });
        announce(`Loaded a longest position: ${game.positionText?.(labels) ?? labels.join(" ")}.`);
      });
      announce(summary);
    }, { about: "Searching every position, breadth-first from the goal.", redo: longest });
  }
}

/** Open the panel for `entry`; returns null when the search is refused (the panel says why), else true. */
function openLongestPanel(entry, family) {
  $("longest-panel").hidden = false;
  $("log-scale-choice").hidden = true;
  shown = null;
  clear($("histogram"));
  clear($("longest-positions"));
  if (family !== "sliding") {
    $("longest-summary").textContent = "Longest positions are offered for sliding puzzles; a peg board's "
      + "positions are not all reachable from one goal.";
    return null;
  }
  const count = positionCount(entry);
  if (count !== null && count > LONGEST_LIMIT) {
    $("longest-summary").textContent = refusalText(entry.name, count, LONGEST_LIMIT);
    return null;
  }
  $("longest-summary").textContent = "Searching breadth-first from the goal…";
  return true;
}

/**
 * Show a `longest` result for `game` (its entry and rules; `game.readAnswer` reads each position);
 * onPick(position) loads a thumbnail's position. Returns the summary in words.
 */
function showLongest(result, game, goal, onPick) {
  const { entry, rules } = game;
  shown = result.histogram ?? [];
  $("log-scale-choice").hidden = false;
  redrawHistogram($("log-scale").checked);
  const positions = result.positions ?? [];
  const summary = `${formatCount(result.states)} positions; the farthest are ${result.longest} moves from the goal: `
    + `${positions.length} position${positions.length === 1 ? "" : "s"}`
    + `${positions.length > THUMBNAILS ? ` (the first ${THUMBNAILS} shown)` : ""}. `
    + `${press()} one to load it.`;
  $("longest-summary").textContent = summary;
  const list = $("longest-positions");
  clear(list);
  for (const text of positions.slice(0, THUMBNAILS)) {
    const labels = game.readAnswer(text);
    const button = htmlElement("button", {
      type: "button", class: "thumbnail", "data-testid": "longest-position", "data-position": labels.join(" "),
    });
    // Named by its words, not an aria-label: the picture's tile numbers are visible text an aria-label
    // would have to contain (WCAG's label in name), and a hidden picture has no name to clash with.
    const svg = svgElement("svg", { "aria-hidden": "true" });
    drawSlidingBoard(svg, entry, rules).show(labels, { goal });
    button.append(htmlElement("span", { class: "visually-hidden" }, `Load ${labels.join(" ")}`), svg);
    button.addEventListener("click", () => onPick(labels));
    const item = htmlElement("li");
    item.append(button);
    list.append(item);
  }
  return summary;
}

/** Draw the histogram on show again, on a linear or (`log`) logarithmic scale. */
function redrawHistogram(log) {
  if (shown) drawHistogram($("histogram"), shown, { unit: "moves", log });
}
