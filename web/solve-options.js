// The choices a search is asked with: the algorithm, its lower bound (ida and astar on a sliding
// puzzle), all shortest solutions, what counts as one move (sliding blocks with two empty cells or
// more), and the info mark's explanation of the algorithm and bound chosen.

import { $, clear, htmlElement } from "./dom.js";

const BOUNDS = ["none", "misplaced", "manhattan", "linear-conflict", "pdb"];

/**
 * The solve options for the page's store (web/state.js): `showOptions(game, chosen)` when a puzzle
 * opens, `showMetricChoice(game, metric)` when its board changes shape, `showExplanation()` once the
 * explanations are loaded. `explanation(algorithm, bound)` gives the info mark's texts; a choice
 * changed is written into the link (`writeHash`), and the move count follows the metric (`render`).
 */
export function createSolveOptions(store, { explanation, writeHash, render }) {
  const app = store.state;
  $("algorithm").addEventListener("change", () => {
    showBoundChoice();
    if (app.game) writeHash();
  });
  $("bound").addEventListener("change", () => {
    showExplanation();
    if (app.game) writeHash();
  });
  $("all").addEventListener("change", () => app.game && writeHash());
  $("metric").addEventListener("change", () => app.game && render({ animate: false })); // the count follows

  return { showOptions, showMetricChoice, showExplanation };

  /** The options for `game`, as a link or the page chose them (unknown names fall back to the defaults). */
  function showOptions(game, { algorithm = "auto", all = false, metric = null, bound = "" } = {}) {
    const select = $("algorithm");
    clear(select);
    for (const name of game.algorithms) select.append(htmlElement("option", { value: name }, name));
    select.value = game.algorithms.includes(algorithm) ? algorithm : game.algorithms[0];
    $("bound").value = BOUNDS.includes(bound) ? bound : "";
    showBoundChoice();
    $("all").checked = Boolean(all);
    $("all").disabled = !game.allowsAll;
    showMetricChoice(game, metric);
  }

  /** The choice of what counts as one move, where it matters, set to `metric` (null: the game's default). */
  function showMetricChoice(game, metric = null) {
    // Whole slides differ from one-cell moves only where a piece can move twice in a row: two empty cells or more.
    $("metric-choice").hidden = game.family !== "sliding" || game.start.filter((label) => label === "0").length < 2;
    $("metric").value = $("metric-choice").hidden ? "step" : metric ?? game.defaultMetric;
  }

  /** The lower bound's choice shows where the algorithm takes one (ida and astar); the (i) explanation follows the choice. */
  function showBoundChoice() {
    const takes = app.game?.family === "sliding" && ["ida", "astar"].includes($("algorithm").value);
    $("bound-choice").hidden = !takes;
    showExplanation();
  }

  function showExplanation() {
    const algorithm = $("algorithm").value;
    const bound = $("bound-choice").hidden ? null : $("bound").value || null;
    const [text, boundText] = app.game ? explanation(algorithm, bound) : [];
    $("algorithm-explain").hidden = !text;
    $("algorithm-explain-text").textContent = text ?? "";
    $("bound-explain-text").hidden = !boundText;
    $("bound-explain-text").textContent = boundText ?? "";
  }
}
