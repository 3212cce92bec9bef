// The solution player's glue: a found solution loaded into the player's clock, each step
// shown on the board and announced, and the choice among several shortest solutions.

import { createPlayer } from "./player.js";
import { fillMoveList, fillSolutionChoice, hidePlayer, showPlaying, showStep } from "./player-view.js";

const $ = (id) => document.getElementById(id);

/**
 * The player panel for the shared `app` state. `render({animate, path})` redraws the board
 * and what depends on the position; `announce(text)` speaks to screen readers.
 */
export function createPlayerPanel(app, { render, announce }) {
  /** With all shortest solutions asked for, a choice of which one the player shows. */
  function offerSolutions(result, from) {
    const count = Array.isArray(result.solutions) ? result.solutions.length : 0;
    fillSolutionChoice(count, (index) => {
      const solution = app.game.solutionOf(result, from, index);
      if (solution) loadSolution(solution, result);
    });
  }

  function loadSolution(solution, result) {
    stopPlayer();
    app.solution = { ...solution, result };
    app.position = solution.positions[0];
    app.player = createPlayer(solution.positions.length, {
      delay: Number($("speed").value),
      onStep: (step, { animate, from }) => {
        const { positions, paths } = app.solution;
        app.position = positions[step];
        let path = null;
        if (animate && paths) path = step > from ? paths[from] : paths[step].slice().reverse();
        render({ animate, path });
        stepShown();
      },
      onPlaying: showPlaying,
    });
    fillMoveList(solution.words);
    const step = app.pendingStep;
    app.pendingStep = null;
    render({ animate: false });
    stepShown();
    if (step) app.player.go(step, { animate: false });
  }

  function stepShown() {
    const step = app.player.step();
    const last = app.player.count() - 1;
    showStep(step, last);
    if (step > 0) announce(`Move ${step} of ${last}: ${app.solution.words[step - 1]}.`);
  }

  function stopPlayer() {
    if (app.player) app.player.pause();
  }

  function clearSolution() {
    stopPlayer();
    app.solution = null;
    app.player = null;
    hidePlayer();
  }

  /** Show a found solution: the choice among several (if any), then the first one in the player. */
  function showSolution(solution, result, from) {
    offerSolutions(result, from);
    loadSolution(solution, result);
  }

  return { clearSolution, showSolution, stopPlayer };
}
