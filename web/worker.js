// The solver worker: boots Pyodide from the site's own files, installs the pzl wheel and
// runs pzl.api requests in time slices so Cancel is heard in time.
//
// Booting is the page's longest wait, so it is done in the cheapest way that is sure:
// - When the link is fast or the files are cached, the interpreter is restored from a memory
//   snapshot of a booted Pyodide (made by build.py) instead of starting Python from scratch
//   (about 0.1 s instead of 2–5 s of CPU). On a slow link the 6 MB snapshot would cost more
//   than it saves, so the worker boots Python itself (and the service worker caches the
//   snapshot for the next visit).
// - Every byte downloaded is reported, so the page can show progress and tell a slow link
//   from a stalled one (the page, not the worker, decides when to give up).
//
// Messages in:  {type: "boot", build, lock}      build.json's absolute URL; a Web Lock name to hold
//               {type: "run", id, request}       {type: "cancel", id}
// Messages out: {type: "held", lock}             the lock is held until this worker ends
//               {type: "stage", stage, message}  a new boot stage began
//               {type: "bytes", loaded, total}   the boot's downloads so far, in bytes
//               {type: "ready", stages, snapshot} stages: [[name, epoch ms]...], when each ended
//               {type: "event", id, event, heard} a pzl.api event of request `id` (a "cancelled"
//                                                one says when the cancel was heard, epoch ms)
//               {type: "beat", id}               still working on `id` (when no event was due)
//               {type: "freed", id, ms}          a cancelled search's memory is freed (it took ms)
//               {type: "fatal", id, message}     the runtime broke; the page replaces this worker

import { countingFetch, download, DownloadError, gunzipped } from "./download.js";

/** How long one slice of a search runs before the worker looks at its messages again. */
const SLICE_SECONDS = 0.05;
/** While a request runs, the page hears from the worker at least this often. */
const BEAT_MS = 250;
/**
 * Bytes per second above which downloading the snapshot (about 6 MB) is quicker than starting
 * Python from scratch (2–5 s of CPU): 2.5 MB/s.
 */
const SNAPSHOT_MIN_RATE = 2.5e6;

const fetchFile = self.fetch.bind(self);
const stages = [];
let pyodide = null;
let api = null;
let current = null; // {id, cancelled}
const waiting = []; // runs that arrived while another was going
let lastPost = 0;

mark("worker");

self.onmessage = (message) => {
  const data = message.data;
  if (data.type === "boot") {
    holdLock(data.lock);
    boot(data.build);
  }
  else if (data.type === "run") enqueue(data);
  else if (data.type === "cancel") cancel(data.id);
};

// ---- boot ---------------------------------------------------------------------------------

/** Hold a Web Lock until this worker ends, so the page hears at once when it is gone. */
function holdLock(lock) {
  if (!lock || !navigator.locks) return;
  navigator.locks.request(lock, () => {
    self.postMessage({ type: "held", lock });
    return new Promise(() => {}); // never released while the worker lives
  });
}

async function boot(buildURL) {
  try {
    stage("manifest", "reading the build manifest…");
    const build = await (await fetchFile(buildURL, { cache: "no-cache" })).json();
    mark("manifest");
    const at = (path) => new URL(path, buildURL).href;
    const runtime = build.pyodide;
    const bytes = byteCounter(build.sizes ?? {}, [`${runtime}pyodide.asm.mjs`, `${runtime}pyodide.mjs`,
      `${runtime}pyodide.asm.wasm`, `${runtime}python_stdlib.zip`, build.wheel]);

    stage("download", "downloading the Python runtime…");
    const wheel = download(at(build.wheel), bytes.add, fetchFile);
    wheel.catch(() => {}); // awaited below; a failure here must not go unhandled meanwhile
    const runtimeScript = await importCounted(at(`${runtime}pyodide.asm.mjs`), `${runtime}pyodide.asm.mjs`, bytes);
    const { loadPyodide } = await importCounted(at(`${runtime}pyodide.mjs`), `${runtime}pyodide.mjs`, bytes);
    mark("scripts");

    const useSnapshot = await chooseSnapshot(build, at, bytes);
    let snapshot = useSnapshot ? snapshotBytes(at(build.snapshot), build.snapshot, bytes) : null;
    const start = (loadSnapshot) => startPython(loadPyodide, runtimeScript, at(runtime), build, loadSnapshot, bytes);
    try {
      pyodide = await start(snapshot ?? undefined);
    } catch (error) {
      if (!snapshot || error instanceof DownloadError) throw error;
      mark("snapshot-failed"); // an unusable snapshot costs time, not the boot
      snapshot = null;
      pyodide = await start(undefined);
    }
    mark(snapshot ? "restore" : "python");

    stage("solver", "installing the solver…");
    if (snapshot) pyodide.runPython("import random; random.seed()"); // else every visit shares the snapshot's
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    pyodide.unpackArchive(await wheel, "zip", { extractDir: sitePackages });
    mark("wheel");
    api = pyodide.pyimport("pzl.api");
    mark("import");
    self.postMessage({ type: "ready", stages, snapshot: Boolean(snapshot) });
    runNext();
  } catch (error) {
    self.postMessage({ type: "fatal", message: `the solver could not start: ${describe(error)}` });
  }
}

/** loadPyodide from the site's runtime folder, with Pyodide's own downloads counted. */
async function startPython(loadPyodide, runtimeScript, indexURL, build, loadSnapshot, bytes) {
  self.fetch = countingFetch(fetchFile, (from, count) => bytes.add(count));
  try {
    return await loadPyodide({
      indexURL,
      createPyodideModule: (settings) => {
        settings.preRun.push(() => mark("wasm"));
        return runtimeScript.default(settings);
      },
      lockFileContents: { info: build.pyodideLock, packages: {} }, // pzl needs none of Pyodide's packages
      _loadSnapshot: loadSnapshot,
      _sysExecutable: "python",
      stdout: () => {},
      stderr: () => {},
    });
  } finally {
    self.fetch = fetchFile;
  }
}

/** Adds up the boot's downloaded bytes against the sizes build.json lists, and reports them. */
function byteCounter(sizes, paths) {
  const counter = {
    loaded: 0,
    total: paths.reduce((sum, path) => sum + (sizes[path] ?? 0), 0),
    add(count) {
      counter.loaded += count;
      self.postMessage({ type: "bytes", loaded: counter.loaded, total: Math.max(counter.total, counter.loaded) });
    },
    /** A file that is not downloaded after all (it was cached) counts as arrived. */
    arrived(path) {
      counter.add(sizes[path] ?? 0);
    },
    /** A file the total did not include at first. */
    expect(path) {
      counter.total += sizes[path] ?? 0;
    },
  };
  return counter;
}

/**
 * Import a script of the runtime. From the service worker's cache it is imported by its URL
 * (the browser keeps its compiled code); otherwise it is downloaded with its bytes counted and
 * imported from that copy, so that it is downloaded once.
 */
async function importCounted(scriptURL, path, bytes) {
  if (await isCached(scriptURL)) {
    bytes.arrived(path);
    return import(scriptURL);
  }
  const source = await download(scriptURL, bytes.add, fetchFile);
  const copy = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(copy);
  } catch {
    return import(scriptURL); // a host whose security policy forbids blob: scripts
  } finally {
    URL.revokeObjectURL(copy);
  }
}

/** Use the snapshot when the build has one and it is cached or the link has been fast so far. */
async function chooseSnapshot(build, at, bytes) {
  if (!build.snapshot) return false;
  if (await isCached(at(build.snapshot))) return true;
  const seconds = (performance.timeOrigin + performance.now() - markedAt("manifest")) / 1000;
  return bytes.loaded / Math.max(seconds, 0.001) >= SNAPSHOT_MIN_RATE;
}

async function snapshotBytes(snapshotURL, path, bytes) {
  bytes.expect(path);
  const packed = await download(snapshotURL, bytes.add, fetchFile);
  mark("snapshot");
  return gunzipped(packed);
}

async function isCached(fileURL) {
  try {
    return Boolean(self.caches && (await caches.match(fileURL)));
  } catch {
    return false; // no Cache Storage here (an insecure origin)
  }
}

function stage(name, message) {
  self.postMessage({ type: "stage", stage: name, message });
}

/** Note when a boot step ended, as epoch milliseconds (the page lines them up with its own clock). */
function mark(name) {
  stages.push([name, performance.timeOrigin + performance.now()]);
}

function markedAt(name) {
  return stages.find(([marked]) => marked === name)?.[1] ?? performance.timeOrigin;
}

// ---- requests -------------------------------------------------------------------------------

function enqueue(run) {
  if (current) current.cancelled = true; // a new request replaces the running one
  waiting.length = 0;
  waiting.push(run);
  if (api && !current) runNext();
}

function cancel(id) {
  if (current && current.id === id) {
    current.cancelled = true;
    current.heard = performance.timeOrigin + performance.now();
  }
  const index = waiting.findIndex((run) => run.id === id);
  if (index >= 0) {
    waiting.splice(index, 1);
    post(id, { event: "cancelled" });
  }
}

/**
 * What runs before each request, in order: `async (pyodide, request, report) => {}` gets the
 * data the request needs (e.g. pattern tables fetched on demand) and may `report(event)`
 * progress events, e.g. {event: "progress", phase: "loading tables", bytes, total_bytes}.
 */
const preparations = [];

async function runNext() {
  const next = waiting.shift();
  if (!next) return;
  const { id, request } = next;
  current = { id, cancelled: false };
  let job = null;
  try {
    for (const prepare of preparations) await prepare(pyodide, request, (event) => post(id, event));
    job = api.Job(JSON.stringify(request));
    for (;;) {
      if (current.cancelled) {
        // First the answer, then the clean-up: freeing a big search's memory takes time.
        lastPost = performance.now();
        self.postMessage({ type: "event", id, event: { event: "cancelled" }, heard: current.heard });
        const freeing = performance.now();
        job.cancel();
        self.postMessage({ type: "freed", id, ms: performance.now() - freeing });
        break;
      }
      const events = JSON.parse(job.run_for_json(SLICE_SECONDS));
      for (const event of events) post(id, event);
      if (job.done) break;
      if (performance.now() - lastPost >= BEAT_MS) beat(id);
      await nextTask(); // let a cancel message in
    }
  } catch (error) {
    // Python errors become error events inside pzl.api; anything reaching here means the runtime broke.
    self.postMessage({ type: "fatal", id, message: `the solver stopped working: ${describe(error)}` });
    api = null;
    return;
  } finally {
    try {
      job?.destroy();
    } catch {
      // the runtime is gone already; nothing to free
    }
    current = null;
  }
  runNext();
}

const channel = new MessageChannel();
const resumes = [];
channel.port1.onmessage = () => resumes.shift()?.();

/** Wait for the next task: messages that arrived meanwhile (a cancel) are handled first. No 4 ms clamp, unlike setTimeout. */
function nextTask() {
  return new Promise((resume) => {
    resumes.push(resume);
    channel.port2.postMessage(null);
  });
}

function post(id, event) {
  lastPost = performance.now();
  self.postMessage({ type: "event", id, event });
}

function beat(id) {
  lastPost = performance.now();
  self.postMessage({ type: "beat", id });
}

function describe(error) {
  const text = error && error.message ? error.message : String(error);
  return text.split("\n").filter(Boolean).slice(-1)[0] ?? "unknown error";
}
