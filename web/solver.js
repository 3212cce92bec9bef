// The page's side of the solver worker: boots it, runs one request at a time, cancels, and
// notices a worker that stalls, dies or stops answering, replacing it and saying why.
//
// Boot: the worker reports its downloaded bytes; the boot fails only when no byte has come for
// `stallSeconds` while it downloads (a slow link keeps going), or when it goes silent for a
// minute after its downloads (Python starting up sends nothing). Running: the worker sends
// something at least every 0.25 s; after `silenceSeconds` without a word, or at once when its
// lock is released (the worker is gone), the request ends with an error and a new worker starts.

import { megabytes } from "./download.js";
import { FROM_WORKER, pageEvents, toWorker, versionProblem } from "./protocol.js";

/** No byte for this long while downloading: the link has stalled. */
const STALL_SECONDS = 20;
/** After the downloads, starting Python sends nothing; this long without a word is a failed boot. */
const STARTUP_SILENCE_SECONDS = 60;
/** A running worker that says nothing for this long is stuck or dead. */
const SILENCE_SECONDS = 5;
/** Cancel waits this long for the worker's answer, then replaces the worker: Cancel takes at most about this. */
const CANCEL_GRACE_MS = 300;
/** How often the watchdog looks. */
const WATCH_MS = 250;

/**
 * Start the worker for the site whose build.json is at `buildURL` (absolute).
 * Returns {run(request, onEvent, {quiet}) → {cancel()}, retry(), state(), subscribe(listener), onDownload(listener)}:
 * `onEvent` hears the request's progress and better answers (`improved`), then one final event: its result or
 * error, or "cancelled" (a request cancelled after a better answer ends with that answer as its result instead);
 * `subscribe` hears {state, message} now and on every change (starting → ready ⇄ solving, or error);
 * `onDownload` hears {phase, label, loaded, total, readyAt} as bytes arrive (the boot's, with its
 * stage in words as `label`, or a request's own downloads such as pattern tables), and null when
 * none is under way; `readyAt` is when the boot should be over (performance.now() ms, from the
 * worker's estimate) or null. `secondsLeft()` is that estimate counted down now (null: none yet).
 */
export function createSolver(buildURL, { stallSeconds = STALL_SECONDS, silenceSeconds = SILENCE_SECONDS, boot = null } = {}) {
  let worker = null;
  let state = "starting";
  let message = "Starting the solver…";
  let nextId = 1;
  let running = null; // {id, onEvent, cancelTimer}
  let settling = false; // the worker has answered a request and is still freeing its memory
  let lastHeard = 0; // performance.now() of the worker's latest message
  let downloading = null; // {phase, loaded, total}
  let bootStage = null; // the worker's latest boot stage (null, "manifest", "download": downloading)
  let generation = 0; // which worker a lock or timer belongs to
  const listeners = [];
  const downloadListeners = [];

  function setState(next, text) {
    if (next === state && text === message) return;
    state = next;
    message = text;
    for (const listener of listeners) listener({ state, message });
  }

  function setDownload(next) {
    downloading = next;
    for (const listener of downloadListeners) listener(next);
  }

  function start(reason = null) {
    stop();
    generation += 1;
    const mine = generation;
    setState("starting", reason ? `Restarting the solver (${reason})…` : "Starting the solver…");
    performance.mark("pzl-boot-start");
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "pzl-solver" });
    worker.onmessage = (event) => {
      if (mine === generation) receive(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (mine === generation) died(event.message ? `it failed: ${event.message}` : "its script could not be loaded");
    };
    worker.onmessageerror = () => {
      if (mine === generation) died("a message from it could not be read");
    };
    const lock = `pzl-solver-${mine}-${Math.random().toString(36).slice(2)}`;
    worker.postMessage(toWorker.boot(buildURL, lock, boot));
    bootStage = null;
    settling = false;
    lastHeard = performance.now();
    setDownload({ phase: "boot", loaded: 0, total: 0 });
  }

  function stop() {
    generation += 1; // whatever the old worker still sends or releases is ignored
    if (worker) worker.terminate();
    worker = null;
    if (downloading) setDownload(null);
  }

  /** {readyAt} from the worker's estimate of the seconds left, when it has one. */
  function estimate(seconds) {
    return typeof seconds === "number" && Number.isFinite(seconds) ? { readyAt: performance.now() + seconds * 1000 } : {};
  }

  /** The worker failed while starting: report it and wait for Retry. */
  function fail(text) {
    stop();
    finishRun(pageEvents.solverError(text));
    setState("error", `Solver error: ${text}. Press Retry to start it again.`);
  }

  /** The worker stopped while it was ready or solving: end its request, say why, start a new one. */
  function died(why) {
    if (state === "starting") {
      fail(`the solver stopped while starting (${why})`);
      return;
    }
    finishRun(pageEvents.solverError(`the solver stopped (${why}); it has been restarted`));
    start(`it stopped: ${why}`);
  }

  function receive(data) {
    lastHeard = performance.now();
    if (data.type === FROM_WORKER.held) {
      watchLock(data.lock, generation);
    } else if (data.type === FROM_WORKER.stage) {
      bootStage = data.stage;
      setState("starting", `Starting the solver: ${data.message}`);
      setDownload({ ...downloading, label: data.message, ...estimate(data.seconds) });
    } else if (data.type === FROM_WORKER.bytes) {
      setDownload({ ...downloading, phase: "boot", loaded: data.loaded, total: data.total, ...estimate(data.seconds) });
    } else if (data.type === FROM_WORKER.kept) {
      performance.mark("pzl-kept"); // the whole build is cached (tests and bench/first_visit.py wait for it)
    } else if (data.type === FROM_WORKER.ready) {
      const problem = versionProblem(data.version);
      if (problem) {
        fail(problem);
        return;
      }
      markStages(data);
      setDownload(null);
      setState("ready", "Solver ready.");
    } else if (data.type === FROM_WORKER.fatal) {
      if (state === "starting") fail(data.message);
      else {
        // Report it, then replace the broken worker so that the next request works.
        finishRun(pageEvents.solverError(`${data.message}; it has been restarted`));
        start("it stopped working");
      }
    } else if (data.type === FROM_WORKER.freed) {
      settling = false;
      performance.mark("pzl-freed", { detail: { ms: data.ms } });
    } else if (data.type === FROM_WORKER.event && running && data.id === running.id) {
      const event = data.event;
      if (data.heard) {
        performance.mark("pzl-cancel-heard", { startTime: Math.max(0, data.heard - performance.timeOrigin) });
        performance.mark("pzl-cancel-answered");
      }
      if (event.event === "progress") {
        if (event.bytes !== undefined) setDownload({ phase: event.phase, loaded: event.bytes, total: event.total_bytes });
        else if (downloading) setDownload(null);
        running.onEvent(event);
      } else if (event.event === "improved") {
        running.onEvent(event); // a better answer while the search goes on: not the end of the request
      } else {
        settling = true; // until "freed": a big search's memory takes a while to free, in silence
        finishRun(event);
      }
    }
  }

  /**
   * The worker holds a Web Lock for its whole life; our request for the same lock is granted
   * the moment it is gone (terminated, closed, crashed), so a dead worker is noticed at once.
   */
  function watchLock(lock, mine) {
    if (!navigator.locks) return; // an insecure origin: the silence watchdog still notices
    navigator.locks.request(lock, () => {
      if (mine === generation) died("its worker ended unexpectedly");
    });
  }

  /** Every WATCH_MS: a stalled boot fails; a silent worker running a request is replaced. */
  function watch() {
    if (!worker) return;
    const silent = (performance.now() - lastHeard) / 1000;
    if (state === "starting") {
      const fetching = (bootStage === null || bootStage === "manifest" || bootStage === "download")
        && !(downloading && downloading.total > 0 && downloading.loaded >= downloading.total);
      if (fetching && silent >= stallSeconds) {
        fail(`the download stopped: no data for ${Math.round(silent)} s `
          + `(${megabytes(downloading.loaded)} of ${megabytes(downloading.total)} MB arrived)`);
      } else if (!fetching && silent >= Math.max(stallSeconds, STARTUP_SILENCE_SECONDS)) {
        fail(`the solver did not start: no sign of progress for ${Math.round(silent)} s`);
      }
    } else if (running && !settling) {
      // A request's own download (pattern tables) may pause longer than a search may go silent.
      const fetching = downloading && downloading.phase !== "boot";
      if (fetching && silent >= stallSeconds) {
        died(`its download stopped: no data for ${Math.round(silent)} s `
          + `(${megabytes(downloading.loaded)} of ${megabytes(downloading.total)} MB arrived)`);
      } else if (!fetching && silent >= silenceSeconds) {
        died(`no sign of life for ${Math.round(silent)} s`);
      }
    }
  }

  function finishRun(event) {
    if (!running) return;
    const { onEvent, cancelTimer } = running;
    clearTimeout(cancelTimer);
    running = null;
    if (downloading && downloading.phase !== "boot") setDownload(null);
    onEvent(event); // the page sees the answer before it hears the solver is free again
    if (state === "solving") setState("ready", "Solver ready.");
  }

  /** Run a request; {quiet: true} leaves the state "ready" (a background check any new run replaces). */
  function run(request, onEvent, { quiet = false } = {}) {
    if (state !== "ready" && state !== "solving") {
      onEvent(pageEvents.solverError("the solver is not ready yet"));
      return { cancel() {} };
    }
    if (running) {
      finishRun(pageEvents.cancelled());
      settling = true; // the worker frees the replaced request first
    }
    const id = nextId++;
    running = { id, onEvent, cancelTimer: null };
    lastHeard = performance.now();
    worker.postMessage(toWorker.run(id, request));
    if (!quiet) setState("solving", "Solving…");
    return {
      cancel() {
        if (!running || running.id !== id || running.cancelTimer) return;
        performance.mark("pzl-cancel-sent");
        worker.postMessage(toWorker.cancel(id));
        // A worker that does not answer in time is replaced rather than waited for.
        running.cancelTimer = setTimeout(() => {
          performance.mark("pzl-cancel-forced");
          finishRun(pageEvents.cancelled());
          start("it did not stop in time");
        }, CANCEL_GRACE_MS);
      },
    };
  }

  setInterval(watch, WATCH_MS);
  start();
  return {
    run,
    retry: () => start(),
    state: () => state,
    secondsLeft: () => (state === "starting" && downloading?.readyAt
      ? Math.max(0, (downloading.readyAt - performance.now()) / 1000) : null),
    subscribe(listener) {
      listeners.push(listener);
      listener({ state, message });
    },
    onDownload(listener) {
      downloadListeners.push(listener);
      listener(downloading);
    },
  };
}

/** The worker's boot stages as performance marks ("pzl-boot-<stage>"), for bench/page_boot.py and devtools. */
function markStages({ stages, snapshot }) {
  for (const [name, epochMs] of stages) {
    performance.mark(`pzl-boot-${name}`, { startTime: Math.max(0, epochMs - performance.timeOrigin) });
  }
  performance.mark("pzl-boot-ready", { detail: { snapshot } });
}
