// The messages between the page (solver.js) and the solver worker (worker.js): their kinds and
// fields, written once and imported by both. Each side builds its messages with the functions
// here. The boot message and the worker's "ready" carry PROTOCOL_VERSION: a worker script from
// another build (a stale cache) answers a boot of another version with "fatal", and the page
// refuses a "ready" of another version, instead of misreading each other's messages.
//
// The events inside "event" messages are pzl.api's (docs/contract.md); the page adds two of its
// own: {event: "cancelled"} and an error of kind "SolverError" (the worker broke or stalled).

/** Bump when a message kind or field changes meaning. */
export const PROTOCOL_VERSION = 1;

/** Page → worker. */
export const TO_WORKER = Object.freeze({
  /** {type, version, build, lock, boot}: build.json's absolute URL; a Web Lock name to hold while alive; boot:
   * "snapshot" or "plain" to choose how Python starts (tests, benchmarks), else null (the worker chooses) */
  boot: "boot",
  /** {type, id, request}: run a pzl.api request (it replaces one running or waiting) */
  run: "run",
  /** {type, id}: cancel request `id` */
  cancel: "cancel",
});

/** Worker → page. */
export const FROM_WORKER = Object.freeze({
  /** {type, lock}: the lock is held until this worker ends */
  held: "held",
  /** {type, stage, message, seconds}: a new boot stage began (message: in words; seconds: the time it may take, or null) */
  stage: "stage",
  /** {type, loaded, total, seconds}: the boot's downloads so far, in bytes on the wire; seconds: until ready, or null */
  bytes: "bytes",
  /** {type, version, stages, snapshot}: stages [[name, epoch ms]...], when each ended; snapshot: restored from it */
  ready: "ready",
  /**
   * {type, id, event, heard?}: a pzl.api event of request `id`; the answer to a cancel (a "cancelled" event, or
   * the best answer so far as a result with "stopped": "cancelled") says when the cancel was heard
   */
  event: "event",
  /** {type, id}: still working on `id` (when no event was due) */
  beat: "beat",
  /** {type, id, ms}: request `id` is over and its memory freed, ms after its answer; the worker is free again */
  freed: "freed",
  /** {type}: the whole build is in the cache now (the next visit and offline use need nothing more) */
  kept: "kept",
  /** {type, id?, message}: the runtime broke (or the boot failed); the page replaces this worker */
  fatal: "fatal",
});

/** The page's messages to the worker. */
export const toWorker = {
  boot: (build, lock, boot = null) => ({ type: TO_WORKER.boot, version: PROTOCOL_VERSION, build, lock, boot }),
  run: (id, request) => ({ type: TO_WORKER.run, id, request }),
  cancel: (id) => ({ type: TO_WORKER.cancel, id }),
};

/** The worker's messages to the page. */
export const fromWorker = {
  held: (lock) => ({ type: FROM_WORKER.held, lock }),
  stage: (stage, message, seconds = null) => ({ type: FROM_WORKER.stage, stage, message, seconds }),
  bytes: (loaded, total, seconds = null) => ({ type: FROM_WORKER.bytes, loaded, total, seconds }),
  ready: (stages, snapshot) => ({ type: FROM_WORKER.ready, version: PROTOCOL_VERSION, stages, snapshot }),
  event: (id, event, heard) => (heard === undefined
    ? { type: FROM_WORKER.event, id, event }
    : { type: FROM_WORKER.event, id, event, heard }),
  beat: (id) => ({ type: FROM_WORKER.beat, id }),
  freed: (id, ms) => ({ type: FROM_WORKER.freed, id, ms }),
  kept: () => ({ type: FROM_WORKER.kept }),
  fatal: (message, id) => (id === undefined
    ? { type: FROM_WORKER.fatal, message }
    : { type: FROM_WORKER.fatal, id, message }),
};

/** Why a message of `version` cannot be understood here, or null when it can. */
export function versionProblem(version) {
  return version === PROTOCOL_VERSION ? null
    : `the page and the solver come from different builds (protocol ${version ?? "unknown"}, expected `
      + `${PROTOCOL_VERSION}); reload the page`;
}

/** The events the page makes itself (never from pzl): a cancelled request, a broken or stalled solver. */
export const pageEvents = {
  cancelled: () => ({ event: "cancelled" }),
  solverError: (message) => ({ event: "error", error: "SolverError", message }),
};
