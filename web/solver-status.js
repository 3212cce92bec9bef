// The solver's status and the buttons that need it: the loading line and its states, Solve
// (taken while the solver starts and run once it is ready), Cancel and Retry, and which buttons
// are enabled (a button that loses the focus by being disabled gets it back once enabled).

import { $ } from "./dom.js";
import { about } from "./loading.js";
import { ATLAS_HOLES } from "./numbers.js";
import { showSolveQueued } from "./start.js";

/**
 * The solver status: `onSolverState` (the solver's subscriber), `showStatus(state, message)`,
 * `updateSolveButtons()` (after anything that changes which buttons may be pressed).
 */
export function createSolverStatus(store, { compare, solve, watchPosition, announce }) {
  const app = store.state;
  // A button disabled while it had the focus (Solve while it solves) drops the focus to the page;
  // it gets it back once it is enabled again, unless the focus went somewhere meanwhile.
  let focusLost = null;
  // A Solve pressed while the solver starts waits in the store; the loading line says so while it does.
  store.subscribe(() => showSolveQueued(app.pendingSolve));
  $("solve").addEventListener("click", solveOrQueue);
  $("cancel").addEventListener("click", () => app.search?.cancel());
  $("retry").addEventListener("click", () => app.solver?.retry());
  return { onSolverState, showStatus, updateSolveButtons };

  function onSolverState({ state, message }) {
    showStatus(state, message);
    if (state === "ready") {
      if (!performance.getEntriesByName("pzl-solver-ready").length) performance.mark("pzl-solver-ready");
      if (store.takePendingCompare()) {
        compare();
      } else if (store.takePendingSolve()) {
        solve();
      } else if (app.game && app.tree && !app.watch && app.tree.current() !== app.distanceFor) {
        watchPosition();
      }
    }
  }

  /** Solve now, or once the solver is ready while it starts (said in the loading line and to screen readers). */
  function solveOrQueue() {
    if (app.solver?.state() !== "starting") {
      solve();
      return;
    }
    store.awaitSolve();
    const seconds = app.solver.secondsLeft();
    announce(`Will solve when the solver is ready${seconds === null ? "" : ` — ${about(seconds)}`}.`);
  }

  function showStatus(state, message) {
    const status = $("status");
    status.dataset.state = state;
    status.textContent = message;
    $("retry").hidden = state !== "error" || !app.solver;
    updateSolveButtons();
  }

  function updateSolveButtons() {
    const focused = document.activeElement;
    setSolveButtons();
    if (focused instanceof HTMLButtonElement && focused.disabled) focusLost = focused;
    if (focusLost && !focusLost.disabled && !focusLost.hidden) {
      const idle = !document.activeElement || document.activeElement === document.body;
      if (idle) focusLost.focus({ preventScroll: true });
      if (idle || document.activeElement !== document.body) focusLost = null;
    }
  }

  function setSolveButtons() {
    const state = $("status").dataset.state;
    const blocked = Boolean(app.game && app.tree && app.game.problem(app.position, app.goal));
    // while the solver starts, Solve is taken and runs once it is ready (solveOrQueue)
    $("solve").disabled = !app.game || !["ready", "starting"].includes(state) || blocked;
    $("hint").disabled = state !== "ready" || blocked;
    $("longest").disabled = state !== "ready";
    $("census").disabled = state !== "ready";
    $("atlas").disabled = state !== "ready" || Boolean(app.game && app.game.entry.holes?.length > ATLAS_HOLES);
    $("compare").disabled = state !== "ready" || blocked;
    $("cancel").disabled = state !== "solving";
  }
}
