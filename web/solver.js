// The page's side of the solver worker: boots it in named stages, runs one
// request at a time, cancels, and replaces the worker after a timeout or a fatal error.

const BOOT_TIMEOUT_MS = 60_000;
const CANCEL_GRACE_MS = 1_500;

/**
 * Start the worker. `urls` = {pyodide, wheel} (absolute); onState({state, message})
 * is told of every change: starting → ready ⇄ solving, or error.
 * Returns {run(request, onEvent) → {cancel()}, retry(), state()}.
 */
export function createSolver(urls, onState, { bootTimeoutMs = BOOT_TIMEOUT_MS } = {}) {
  let worker = null;
  let state = "starting";
  let timer = null;
  let nextId = 1;
  let running = null; // {id, onEvent, cancelTimer}
  const startedAt = performance.now();
  let readyAfter = null;

  function setState(next, message) {
    state = next;
    onState({ state, message, readyAfter });
  }

  function start() {
    stop();
    setState("starting", "Starting the solver…");
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "pzl-solver" });
    worker.onmessage = (message) => receive(message.data);
    worker.onerror = (event) => {
      event.preventDefault();
      fail(`the solver worker failed: ${event.message || "it could not be loaded"}`);
    };
    worker.postMessage({ type: "boot", ...urls });
    timer = setTimeout(() => {
      fail(`the solver did not start within ${Math.round(bootTimeoutMs / 1000)} s`);
    }, bootTimeoutMs);
  }

  function stop() {
    clearTimeout(timer);
    if (worker) worker.terminate();
    worker = null;
  }

  function fail(message) {
    stop();
    finishRun({ event: "error", error: "SolverError", message });
    setState("error", `Solver error: ${message}. Press Retry to start it again.`);
  }

  function receive(data) {
    if (data.type === "stage") {
      setState("starting", `Starting the solver: ${data.message}`);
    } else if (data.type === "ready") {
      clearTimeout(timer);
      readyAfter = (performance.now() - startedAt) / 1000;
      setState("ready", "Solver ready.");
    } else if (data.type === "fatal") {
      if (state === "starting") {
        fail(data.message);
      } else {
        // Report it, then replace the broken worker so the next request works.
        finishRun({ event: "error", error: "SolverError", message: data.message });
        start();
      }
    } else if (data.type === "event" && running && data.id === running.id) {
      const event = data.event;
      if (event.event === "progress") running.onEvent(event);
      else finishRun(event);
    }
  }

  function finishRun(event) {
    if (!running) return;
    const { onEvent, cancelTimer } = running;
    clearTimeout(cancelTimer);
    running = null;
    onEvent(event); // the page sees the answer before it hears the solver is free again
    if (state === "solving") setState("ready", "Solver ready.");
  }

  /** Run a request; {quiet: true} leaves the state "ready" (a background check any new run replaces). */
  function run(request, onEvent, { quiet = false } = {}) {
    if (state !== "ready" && state !== "solving") {
      onEvent({ event: "error", error: "SolverError", message: "the solver is not ready yet" });
      return { cancel() {} };
    }
    if (running) finishRun({ event: "cancelled" });
    const id = nextId++;
    running = { id, onEvent, cancelTimer: null };
    worker.postMessage({ type: "run", id, request });
    if (!quiet) setState("solving", "Solving…");
    return {
      cancel() {
        if (!running || running.id !== id) return;
        worker.postMessage({ type: "cancel", id });
        // A worker stuck inside one long slice is replaced rather than waited for.
        running.cancelTimer = setTimeout(() => {
          finishRun({ event: "cancelled" });
          start();
        }, CANCEL_GRACE_MS);
      },
    };
  }

  /** Start again after an error; a boot that timed out gets twice as long (a slow machine or network). */
  function retry() {
    bootTimeoutMs = Math.min(bootTimeoutMs * 2, 10 * BOOT_TIMEOUT_MS);
    start();
  }

  start();
  return { run, retry, state: () => state };
}
