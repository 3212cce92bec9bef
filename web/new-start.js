// New starts: Shuffle (at random, or to a chosen distance from the goal through scramble.js)
// and the "Type a position…" form (Tatham's "Specific…"), each a new game from that position.

import { scrambleTo, SHUFFLE_DISTANCES } from "./scramble.js";
import { formatPosition, positionCount } from "./sliding.js";
import { $, clear, htmlElement } from "./dom.js";
import { plural } from "./words.js";


/** How long Shuffle waits for one exact distance before it settles for bounds. */
const SHUFFLE_SOLVE_MS = 4000;
/** A distance no walk reached is checked against every position (a breadth-first search) on boards up to this size. */
const FARTHEST_POSITIONS = 500_000;
/** How long that search may take. */
const FARTHEST_MS = 20_000;

/**
 * New starts for the page's store (web/state.js). `newGame(position, said)` starts a new game tree from
 * `position` and says `said`; `stopSearch()` stops what the solver is doing for the page;
 * `puzzleFields()` names the puzzle in a request; `announce(text)` speaks to screen readers.
 */
export function createNewStarts(store, { newGame, stopSearch, puzzleFields, announce }) {
  const app = store.state;
  fillShuffleDistances();
  $("shuffle").addEventListener("click", shuffle);
  $("type-position").addEventListener("click", openPositionForm);
  $("position-form").addEventListener("submit", usePosition);

  /** The shuffle choice: a random position, or one at a chosen distance from the goal. */
  function fillShuffleDistances() {
    const select = $("shuffle-distance");
    clear(select);
    select.append(htmlElement("option", { value: "" }, "random"));
    for (const distance of SHUFFLE_DISTANCES) {
      select.append(htmlElement("option", { value: distance }, `${distance} moves from the goal`));
    }
  }

  /** Shuffle: a random position, or (a distance chosen) one that many moves from the goal. */
  async function shuffle() {
    stopSearch();
    $("result").hidden = true;
    const distance = Number($("shuffle-distance").value);
    const ticket = store.newShuffle();
    const game = app.game;
    if (!distance) {
      newGame(game.shuffle(), "Shuffled.");
      return;
    }
    announce(`Shuffling to ${plural(distance, "move")} from the goal…`);
    $("shuffle").disabled = true;
    try {
      const found = await scrambleTo(game, app.goal, distance, (position) => distanceOf(position, ticket));
      if (ticket !== app.shuffling) return;
      let text;
      if (found.exact && found.distance === distance) {
        text = `Shuffled: exactly ${plural(distance, "move")} from the goal.`;
      } else if (found.exact) {
        // No walk got that far: every position, searched from the goal, says whether any is that far.
        const farthest = await farthestOf(ticket);
        if (ticket !== app.shuffling) return;
        if (farthest && farthest.longest < distance) {
          found.position = farthest.position;
          found.distance = farthest.longest;
          text = `Shuffled: the farthest position is ${plural(farthest.longest, "move")} from the goal; `
            + `shuffled to ${farthest.longest}.`;
        } else {
          text = `Shuffled: ${plural(found.distance, "move")} from the goal, the farthest found (positions `
            + `${distance} moves away are rare on this board).`;
        }
      } else {
        const bound = Number.isInteger(found.lowerBound) ? `at least ${found.lowerBound} and ` : "";
        text = `Shuffled: ${bound}at most ${plural(distance, "move")} from the goal `
          + "(the solver could not say exactly in time).";
      }
      newGame(found.position, text);
      if (found.exact) {
        $("distance").textContent = `Distance to the goal: ${plural(found.distance, "move")}.`;
        store.showDistance(app.tree.root);
      }
    } finally {
      $("shuffle").disabled = false;
    }
  }

  /** A shortest solution from `position` (quietly, at most SHUFFLE_SOLVE_MS), or null. */
  function distanceOf(position, ticket) {
    return new Promise((resolve) => {
      if (!app.solver || app.solver.state() !== "ready" || ticket !== app.shuffling) {
        resolve(null);
        return;
      }
      const request = {
        command: "solve", ...puzzleFields(), ...app.game.request(position, app.goal), algorithm: "auto",
      };
      let timer = null;
      const handle = app.solver.run(request, (event) => {
        if (event.event === "progress") return;
        clearTimeout(timer);
        const result = event.result;
        if (event.event !== "result" || result?.solvable !== true || ticket !== app.shuffling) {
          resolve(null);
          return;
        }
        const solution = app.game.solutionOf(result, position); // labels, or a layout's texts, read by the game
        resolve(solution ? { moves: result.moves, positions: solution.positions } : null);
      }, { quiet: true });
      timer = setTimeout(() => handle.cancel(), SHUFFLE_SOLVE_MS);
    });
  }

  /**
   * The goal's farthest positions on a small sliding board (the solver's `longest`, quietly):
   * {longest, position} (one of them at random), or null (a big board, a peg board, no answer in time).
   */
  function farthestOf(ticket) {
    return new Promise((resolve) => {
      const game = app.game;
      const count = game.family === "sliding" ? positionCount(game.entry) : null;
      if (count === null || count > FARTHEST_POSITIONS || app.solver?.state() !== "ready" || ticket !== app.shuffling) {
        resolve(null);
        return;
      }
      const request = {
        command: "longest", ...puzzleFields(),
        ...(game.longestRequest?.(app.position) ?? { goal: game.request(app.position, app.goal).goal }),
        max_states: FARTHEST_POSITIONS,
      };
      let timer = null;
      const handle = app.solver.run(request, (event) => {
        if (event.event === "progress") return;
        clearTimeout(timer);
        const positions = event.result?.positions ?? [];
        if (event.event !== "result" || !positions.length || !Number.isInteger(event.result.longest)) {
          resolve(null);
          return;
        }
        const text = positions[Math.floor(Math.random() * positions.length)];
        resolve({ longest: event.result.longest, position: game.readAnswer(text) });
      }, { quiet: true });
      timer = setTimeout(() => handle.cancel(), FARTHEST_MS);
    });
  }

  /** The "Type a position…" form: open it with the position on the board, in the family's text. */
  function openPositionForm() {
    const form = $("position-form");
    form.hidden = !form.hidden;
    $("type-position").setAttribute("aria-expanded", String(!form.hidden));
    if (form.hidden) return;
    const peg = app.game.family === "peg";
    $("position-label").textContent = peg ? "Empty holes" : "Position";
    $("position-help").textContent = peg
      ? "The holes that are empty, such as 6 or 0, 3 (holes are named as on the board); or one 1 (peg) or 0 per hole."
      : app.game.positionHelp ?? "The labels cell by cell, row by row, separated by spaces or commas; 0 for an empty cell.";
    $("position-text").value = peg
      ? app.game.holesText(app.position.flatMap((peg, hole) => (peg === "0" ? [hole] : [])))
      : app.game.positionText?.(app.position) ?? formatPosition(app.position);
    $("position-problem").hidden = true;
    $("position-text").focus();
    $("position-text").select();
  }

  function usePosition(event) {
    event.preventDefault();
    const read = app.game.readPosition($("position-text").value);
    if (read.problem) {
      $("position-problem").textContent = `This position cannot be used: ${read.problem}.`;
      $("position-problem").hidden = false;
      return;
    }
    stopSearch();
    $("position-form").hidden = true;
    $("type-position").setAttribute("aria-expanded", "false");
    newGame(read.position, "The typed position is the new start.");
    $("board").focus();
  }
}
