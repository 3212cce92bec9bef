// The solver worker: boots Pyodide from the site's own files, installs the pzl wheel and
// runs pzl.api requests in time slices so Cancel is heard in time.
//
// Booting is the page's longest wait, so it is done in the cheapest way that is sure:
// - When the link is fast or the files are cached, the interpreter is restored from a memory
//   snapshot of Pyodide booted with every pzl module imported (made by build.py) instead of
//   starting Python, installing the wheel and compiling pzl's modules (seconds of CPU). In
//   that case pzl's source files are not in Pyodide's file system: everything is in memory.
//   On a slow link (under 1 MB/s) the 6.4 MB snapshot would cost more than it saves, so the
//   worker boots Python itself and installs the wheel (and the service worker caches the
//   snapshot for next time).
// - Every byte downloaded is reported, so the page can show progress and tell a slow link
//   from a stalled one (the page, not the worker, decides when to give up).
//
// The messages it receives and sends are protocol.js's (shared with the page's solver.js).

import { countingFetch, download, DownloadError, gunzipped } from "./download.js";
import { fromWorker, pageEvents, TO_WORKER, versionProblem } from "./protocol.js";
import { loadTables } from "./tables.js";

/** How long one slice of a search runs before the worker looks at its messages again. */
const SLICE_SECONDS = 0.05;
/** While a request runs, the page hears from the worker at least this often. */
const BEAT_MS = 250;
/**
 * Bytes per second from which the snapshot (about 6.4 MB) is worth downloading: it saves
 * starting Python, installing the wheel and compiling pzl — 4 s of CPU on an idle desktop,
 * 15 s and more on a loaded one or a phone. At 1 MB/s (8 Mbit/s) it takes about 6 s.
 */
const SNAPSHOT_MIN_RATE = 1e6;

const fetchFile = self.fetch.bind(self);
const stages = [];
let pyodide = null;
let api = null;
const site = { build: null, url: null }; // build.json and a site path's absolute URL, once booted
let current = null; // {id, cancelled}
const waiting = []; // runs that arrived while another was going
let lastPost = 0;
const link = { bytes: 0, seconds: 0 }; // the runtime scripts' download, to judge the link's speed
const afterReady = []; // what the boot leaves until the solver is ready

mark("worker");

self.onmessage = (message) => {
  const data = message.data;
  if (data.type === TO_WORKER.boot) {
    const problem = versionProblem(data.version);
    if (problem) {
      self.postMessage(fromWorker.fatal(problem));
      return;
    }
    holdLock(data.lock);
    boot(data.build);
  }
  else if (data.type === TO_WORKER.run) enqueue(data);
  else if (data.type === TO_WORKER.cancel) cancel(data.id);
};

// ---- boot ---------------------------------------------------------------------------------

/** Hold a Web Lock until this worker ends, so the page hears at once when it is gone. */
function holdLock(lock) {
  if (!lock || !navigator.locks) return;
  navigator.locks.request(lock, () => {
    self.postMessage(fromWorker.held(lock));
    return new Promise(() => {}); // never released while the worker lives
  });
}

async function boot(buildURL) {
  try {
    stage("manifest", "reading the build manifest…");
    const build = await (await fetchFile(buildURL, { cache: "no-cache" })).json();
    mark("manifest");
    const at = (path) => new URL(path, buildURL).href;
    Object.assign(site, { build, url: at });
    const runtime = build.pyodide;
    const bytes = byteCounter(build.sizes ?? {}, [`${runtime}pyodide.asm.mjs`, `${runtime}pyodide.mjs`,
      `${runtime}pyodide.asm.wasm`, `${runtime}python_stdlib.zip`]);

    stage("download", "downloading the Python runtime…");
    const unzipped = build.snapshot ? cachedBytes(unzippedURL(build, at)) : null; // read meanwhile
    const runtimeScript = await importCounted(at(`${runtime}pyodide.asm.mjs`), `${runtime}pyodide.asm.mjs`, bytes);
    const { loadPyodide } = await importCounted(at(`${runtime}pyodide.mjs`), `${runtime}pyodide.mjs`, bytes);
    mark("scripts");
    const start = (loadSnapshot) => startPython(loadPyodide, runtimeScript, at(runtime), build, loadSnapshot, bytes);

    if (await unzipped || await chooseSnapshot(build, at)) {
      try {
        pyodide = await start(snapshotBytes(build, at, bytes, await unzipped));
        mark("restore");
        pyodide.runPython("import random; random.seed()"); // else every visit shares the snapshot's
      } catch (error) {
        if (error instanceof DownloadError) throw error;
        mark("snapshot-failed"); // an unusable snapshot costs time, not the boot
        pyodide = null;
        forget(`pzl-${build.version}`, unzippedURL(build, at)); // if the kept copy was damaged
      }
    }
    if (!pyodide) {
      bytes.expect(build.wheel);
      const wheel = download(at(build.wheel), bytes.add, fetchFile);
      wheel.catch(() => {}); // awaited below; its failure must not go unhandled meanwhile
      pyodide = await start(undefined);
      mark("python");
      stage("solver", "installing the solver…");
      const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
      pyodide.unpackArchive(await wheel, "zip", { extractDir: sitePackages });
      mark("wheel");
    }
    api = pyodide.pyimport("pzl.api"); // in the snapshot, pzl's modules are imported already
    mark("import");
    self.postMessage(fromWorker.ready(stages, stages.some(([name]) => name === "restore")));
    for (const task of afterReady.splice(0)) task();
    runNext();
  } catch (error) {
    self.postMessage(fromWorker.fatal(`the solver could not start: ${describe(error)}`));
  }
}

/** loadPyodide from the site's runtime folder, with Pyodide's own downloads counted. */
async function startPython(loadPyodide, runtimeScript, indexURL, build, loadSnapshot, bytes) {
  let failed;
  const failure = new Promise((resolve, reject) => {
    failed = reject;
  });
  self.fetch = countingFetch(fetchFile, (from, count) => bytes.add(count), (error) => failed(error));
  try {
    return await Promise.race([failure, loadPyodide({
      indexURL,
      createPyodideModule: (settings) => {
        settings.preRun.push(() => mark("wasm"));
        settings.onRuntimeInitialized = () => { // every download has arrived; the rest is CPU
          stage("python", loadSnapshot ? "restoring Python from its snapshot…" : "starting Python…");
        };
        return runtimeScript.default(settings);
      },
      lockFileContents: { info: build.pyodideLock, packages: {} }, // pzl needs none of Pyodide's packages
      _loadSnapshot: loadSnapshot,
      _sysExecutable: "python",
      stdout: () => {},
      stderr: () => {},
    })]);
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
      self.postMessage(fromWorker.bytes(counter.loaded, Math.max(counter.total, counter.loaded)));
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
  const started = performance.now();
  const source = await download(scriptURL, bytes.add, fetchFile);
  link.bytes += source.byteLength;
  link.seconds += (performance.now() - started) / 1000;
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
async function chooseSnapshot(build, at) {
  if (!build.snapshot) return false;
  const rate = link.seconds > 0 ? link.bytes / link.seconds : Infinity; // Infinity: the scripts were cached
  return rate >= SNAPSHOT_MIN_RATE || isCached(at(build.snapshot));
}

/**
 * The snapshot's bytes, unzipped. Unzipping 30 MB is the slowest step of a warm boot, so the
 * unzipped copy is kept in the build's cache (the service worker drops it with the build) and
 * used next time.
 */
async function snapshotBytes(build, at, bytes, kept) {
  bytes.expect(build.snapshot);
  if (kept) {
    bytes.arrived(build.snapshot);
    mark("snapshot");
    return kept;
  }
  const packed = await download(at(build.snapshot), bytes.add, fetchFile);
  mark("snapshot");
  const unzipped = await gunzipped(packed);
  afterReady.push(() => keep(`pzl-${build.version}`, unzippedURL(build, at), unzipped));
  return unzipped;
}

function unzippedURL(build, at) {
  return `${at(build.snapshot)}?unzipped`;
}

async function cachedBytes(fileURL) {
  try {
    const response = self.caches && (await caches.match(fileURL));
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here (an insecure origin), or a damaged entry
  }
}

async function forget(cacheName, fileURL) {
  try {
    if (self.caches) await (await caches.open(cacheName)).delete(fileURL);
  } catch {
    // nothing kept, nothing to forget
  }
}

async function keep(cacheName, fileURL, bytes) {
  try {
    if (self.caches) await (await caches.open(cacheName)).put(fileURL, new Response(bytes));
  } catch {
    // out of quota, say: the next boot unzips again
  }
}

async function isCached(fileURL) {
  try {
    return Boolean(self.caches && (await caches.match(fileURL)));
  } catch {
    return false; // no Cache Storage here (an insecure origin)
  }
}

function stage(name, message) {
  self.postMessage(fromWorker.stage(name, message));
}

/** Note when a boot step ended, as epoch milliseconds (the page lines them up with its own clock). */
function mark(name) {
  stages.push([name, performance.timeOrigin + performance.now()]);
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
    post(id, pageEvents.cancelled());
  }
}

/** A search's event with its seconds counted from the start of the request (its preparations first). */
function afterPreparing(event, seconds) {
  if (!seconds || typeof event.seconds !== "number") return event;
  return { ...event, seconds: event.seconds + seconds };
}

/**
 * What runs before each request, in order: `async (request, context) => {}` fetches what the
 * request needs first (e.g. pattern tables, on demand). `context` = {pyodide, site, report,
 * cancelled}: `site` = {build (build.json), url(path) (a site path's absolute URL)};
 * `report(event)` sends a progress event to the page — one with a `phase` and `bytes` /
 * `total_bytes` shows in the loading line under the board ("Loading pattern tables… 1.2 /
 * 3.4 MB"); `cancelled()` is true once the request is cancelled (stop downloading then).
 */
const preparations = [loadTables];
self.pzlPreparations = preparations; // reachable from devtools and the browser tests

/** Run the preparations for a request; an error event when one fails (a download, say), else null. */
async function prepareFor(request, run) {
  const context = { pyodide, site, report: (event) => post(run.id, event), cancelled: () => run.cancelled };
  const started = performance.now();
  try {
    for (const prepare of preparations) {
      if (!run.cancelled) await prepare(request, context);
    }
    run.prepared = (performance.now() - started) / 1000;
    return null;
  } catch (error) {
    return { event: "error", error: error.name || "Error", message: describe(error) };
  }
}

async function runNext() {
  const next = waiting.shift();
  if (!next) return;
  const { id, request } = next;
  current = { id, cancelled: false, heard: null, prepared: 0 };
  let job = null;
  let answered = performance.now();
  try {
    const problem = await prepareFor(request, current);
    if (problem) {
      post(id, problem);
      answered = performance.now();
    } else if (!current.cancelled) {
      job = api.Job(JSON.stringify(request));
    }
    while (!problem && (job || current.cancelled)) {
      if (current.cancelled) {
        lastPost = performance.now();
        // a search that had a better answer hands it back as its result ("stopped": "cancelled")
        const kept = job ? JSON.parse(job.best_answer_json()) : null;
        self.postMessage(fromWorker.event(id, kept ?? pageEvents.cancelled(), current.heard));
        answered = performance.now();
        job?.cancel()?.destroy?.(); // frees the search's memory: after the answer, as that can take a second
        break;
      }
      const events = JSON.parse(job.run_for_json(SLICE_SECONDS));
      for (const event of events) post(id, afterPreparing(event, current.prepared));
      answered = performance.now();
      if (job.done) break;
      if (performance.now() - lastPost >= BEAT_MS) beat(id);
      await nextTask(); // let a cancel message in
    }
  } catch (error) {
    // Python errors become error events inside pzl.api; anything reaching here means the runtime broke.
    self.postMessage(fromWorker.fatal(`the solver stopped working: ${describe(error)}`, id));
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
  self.postMessage(fromWorker.freed(id, performance.now() - answered));
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
  self.postMessage(fromWorker.event(id, event));
}

function beat(id) {
  lastPost = performance.now();
  self.postMessage(fromWorker.beat(id));
}

function describe(error) {
  const text = error && error.message ? error.message : String(error);
  return text.split("\n").filter(Boolean).slice(-1)[0] ?? "unknown error";
}
