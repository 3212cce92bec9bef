// The page's first module: starts the solver worker before anything else (its boot is the
// longest wait), shows the loading line next to the board, and registers the service worker
// once the solver is up, so that its pre-caching does not compete with the boot's downloads
// (the worker has put what it downloaded into the build's cache already).

import { $ } from "./dom.js";
import { showLoading } from "./loading.js";
import { createSolver } from "./solver.js";

const query = new URLSearchParams(location.search);

/** The solver (see solver.js) every module of the page shares. */
export const solver = createSolver(new URL("build.json", document.baseURI).href, {
  stallSeconds: secondsParameter("boot-stall"),
  silenceSeconds: secondsParameter("silence"),
  boot: ["snapshot", "plain"].includes(query.get("boot")) ? query.get("boot") : null,
});

let loadingLine = null;
let solveQueued = false;
whenParsed(() => {
  loadingLine = showLoading($("loading"), solver);
  loadingLine.setQueued(solveQueued);
});

/** Say in the loading line that a Solve waits for the solver to be ready (or no longer does). */
export function showSolveQueued(queued) {
  solveQueued = queued;
  loadingLine?.setQueued(queued);
}

let registered = false;
solver.subscribe(({ state }) => {
  if (registered || (state !== "ready" && state !== "error")) return;
  registered = true;
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("./sw.js").catch(() => {
    // Offline use is a bonus: the page works the same without it.
  });
});

/** `?boot=snapshot|plain` chooses how Python starts (tests, benchmarks); the worker chooses otherwise. */

/** `?boot-stall=N` / `?silence=N` in the page's URL (whole seconds, 1–600; tests use them), else the default. */
function secondsParameter(name) {
  const asked = Number(query.get(name));
  return Number.isInteger(asked) && asked >= 1 && asked <= 600 ? asked : undefined;
}

function whenParsed(then) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then, { once: true });
  else then();
}
