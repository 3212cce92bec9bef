// The goal of a sliding puzzle beside the board, and a start that permutation parity keeps from
// it: said at once, with a goal it can reach offered (one click uses it).

import { drawSlidingBoard } from "./board-sliding.js";
import { $ } from "./dom.js";
import { formatPosition } from "./sliding.js";


/**
 * The goal view for the page's store (web/state.js). `useGoal(goal)` makes `goal` the puzzle's goal
 * (the app redraws and says so).
 */
export function createGoalView(store, { useGoal }) {
  const app = store.state;
  /** A sliding start that parity proves cannot reach the goal: say so and offer a goal it can reach. */
  function showParity() {
    const check = app.game.family === "sliding" && !app.editing
      ? app.game.parity(app.tree.root.position, app.goal) : { allows: null, offers: [] };
    $("parity").hidden = check.allows !== false;
    if (check.allows !== false) return;
    const [offer] = check.offers;
    $("parity-text").textContent = "This start cannot reach the goal: its tiles are in the other half of the "
      + "arrangements (permutation parity), which no sequence of slides can cross."
      + (offer ? ` It can reach the goal with ${offer.name}: ${formatPosition(offer.goal)}.` : "");
    $("parity-offer").hidden = !offer;
    $("parity-offer").textContent = offer ? `Use the goal with ${offer.name}` : "";
    $("parity-offer").onclick = offer ? () => useGoal(offer.goal) : null;
  }

  /** The goal of a sliding puzzle, drawn small beside the board. */
  function showGoal() {
    const sliding = app.game.family === "sliding";
    $("goal-view").hidden = !sliding;
    if (!sliding) return;
    const svg = $("goal-board");
    const key = `${app.game.entry.id}|${app.game.entry.rows}x${app.game.entry.cols}|${app.goal.join(" ")}`;
    if (svg.dataset.key === key) return;
    svg.dataset.key = key;
    drawSlidingBoard(svg, app.game.entry, app.game.rules).show(app.goal, { goal: app.goal });
    svg.setAttribute("aria-label", `Goal: ${formatPosition(app.goal)}`);
  }

  return { showGoal, showParity };
}
