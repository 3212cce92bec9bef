// The solver worker: boots Pyodide from the site's own files and runs pzl.api requests in time
// slices so Cancel is heard in time.
//
// Booting is the page's longest wait, so it is done in the quickest way here:
// - Both boots need Pyodide's scripts and its WebAssembly: those downloads start at once.
// - Then the worker chooses (boot-choice.js): restore the memory snapshot of an interpreter with
//   pzl imported (3 MB more on the wire, ~1 s of CPU), or start Python, install the wheel and
//   import pzl (fewer bytes, seconds of CPU: ~9 s here, ~25 s on a phone). It decides from the
//   link's rate measured on those first downloads and a short CPU test; a cached snapshot is
//   always restored. A snapshot that cannot be restored costs time, not the boot.
// - The standard library comes in two zips fetched when an import first needs them (stdlib.js):
//   a restored interpreter has what pzl needs in memory, a plain boot mounts boot.zip.
// - Every file it downloads goes into the build's cache as it arrives (kept.js), so the service
//   worker never downloads it again; after the solver is ready the worker fetches the rest of the
//   site (tables, the other boot's files) in the background, for the next visit and offline use.
// - Every byte is reported with an estimate of the time left, so the page can show progress,
//   tell a slow link from a stalled one (the page, not the worker, decides when to give up) and
//   say when a Solve pressed meanwhile will run.
//
// The messages it receives and sends are protocol.js's (shared with the page's solver.js).

import { chooseBoot, deviceMilliseconds, linkMeter, wireBytes } from "./boot-choice.js";
import { download, DownloadError, gunzipped, readAll } from "./download.js";
import { keeper } from "./kept.js";
import { fromWorker, pageEvents, TO_WORKER, versionProblem } from "./protocol.js";
import { unpackSnapshot } from "./snapshot.js";
import { EMPTY_ZIP, fetchNow, installStdlibOnDemand, missingParts } from "./stdlib.js";
import { loadTables } from "./tables.js";

/** How long one slice of a search runs before the worker looks at its messages again. */
const SLICE_SECONDS = 0.05;
/** While a request runs, the page hears from the worker at least this often. */
const BEAT_MS = 250;
/** The rate used to choose a boot when nothing measured it (everything else came from a cache). */
const UNMEASURED_RATE = 1e6;

const fetchFile = self.fetch.bind(self);
const stages = [];
let pyodide = null;
let api = null;
/** build.json, a site path's absolute URL and the build's kept files, once booted. */
const site = { build: null, url: null, files: keeper(null, fetchFile), fetch: (url) => fetchFile(url) };
let current = null; // {id, cancelled}
const waiting = []; // runs that arrived while another was going
let lastPost = 0;
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
    boot(data.build, data.boot);
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

/** How the last boot went, for devtools, the browser tests and bench/first_visit.py. */
self.pzlBoot = {};

async function boot(buildURL, asked = null) {
  try {
    stage("manifest", "reading the build manifest…");
    const build = await (await fetchFile(buildURL, { cache: "no-cache" })).json();
    mark("manifest");
    const at = (path) => new URL(path, buildURL).href;
    const files = keeper(self.caches ? `pzl-${build.version}` : null, fetchFile);
    Object.assign(site, { build, url: at, files, fetch: files.fetch });
    const runtime = build.pyodide;
    const scripts = [`${runtime}pyodide.asm.mjs`, `${runtime}pyodide.mjs`];
    const wasmPath = `${runtime}pyodide.asm.wasm`;
    const downloads = bootDownloads(build, at, [...scripts, wasmPath]);

    stage("download", "downloading the Python runtime…");
    const wasm = downloads.get(wasmPath); // handed to Pyodide later; meanwhile it tells the link's rate
    const deviceMs = deviceMilliseconds();
    const runtimeScript = await importScript(downloads, scripts[0]);
    const { loadPyodide } = await importScript(downloads, scripts[1]);
    mark("scripts");
    const choice = await chooseHow(build, downloads, deviceMs, asked);
    Object.assign(self.pzlBoot, { deviceMs, rate: downloads.link.rate(), ...choice });
    mark(`chose-${choice.boot}`);
    downloads.expecting(choice.seconds[choice.boot] ?? null);
    const start = (options, handed) => startPython(loadPyodide, runtimeScript, at(runtime), build, options, handed,
      downloads, choice.seconds[choice.boot] ?? null);

    if (choice.boot === "snapshot") {
      try {
        pyodide = await restore(build, at, downloads, start, wasm);
      } catch (error) {
        if (error instanceof DownloadError) throw error;
        mark("snapshot-failed"); // an unusable snapshot costs time, not the boot
        pyodide = null;
        files.remove(at(build.snapshot)); // if the kept copy was damaged
      }
    }
    if (!pyodide) pyodide = await plainBoot(build, at, downloads, start, choice.boot === "snapshot" ? null : wasm);
    api = pyodide.pyimport("pzl.api"); // restored: pzl's modules are imported already
    mark("import");
    self.postMessage(fromWorker.ready(stages, stages.some(([name]) => name === "restore")));
    afterReady.push(() => keepTheRest(build, at));
    for (const task of afterReady.splice(0)) task();
    runNext();
  } catch (error) {
    self.postMessage(fromWorker.fatal(`the solver could not start: ${describe(error)}`));
  }
}

/**
 * The boot's downloads: `get(path)` fetches a site file once (from the build's cache, else the
 * network, keeping it) with its bytes counted for the page and the link's rate; `failure` rejects
 * with the first download that fails (Pyodide waits forever when its WebAssembly does not
 * arrive, so startPython races it); `expect(path)` adds a file to the total the page is shown.
 */
function bootDownloads(build, at, paths) {
  const sizes = build.sizes ?? {};
  const link = linkMeter();
  const started = new Map();
  const arrived = new Set();
  const counter = { loaded: 0, total: 0, cpuSeconds: null, coding: "br" };
  let fail;
  const failure = new Promise((resolve, reject) => {
    fail = reject;
  });
  failure.catch(() => {}); // raced where it matters; never unhandled

  /** Seconds until the solver is ready: what is left to download at the measured rate, then the CPU. */
  function secondsLeft() {
    const rate = link.rate();
    if (rate === null || counter.cpuSeconds === null) return null;
    return Math.max(0, counter.total - counter.loaded) / rate + counter.cpuSeconds;
  }
  function report() {
    self.postMessage(fromWorker.bytes(counter.loaded, Math.max(counter.total, counter.loaded), secondsLeft()));
  }
  function expect(path, bytes = wireBytes(build, path, counter.coding)) {
    counter.total += bytes;
  }
  async function fetchCounted(path, given) {
    const url = at(path);
    const kept = given ? null : await site.files.cached(url);
    if (kept) {
      counter.loaded += wireBytes(build, path, counter.coding);
      arrived.add(path);
      report();
      return kept;
    }
    let response;
    try {
      response = await (given ?? site.files.fetch(url));
      if (given && response.ok) site.files.put(url, response.clone());
    } catch (error) {
      throw failed(new DownloadError(`${fileName(path)} could not be downloaded (${error.message || "network error"})`));
    }
    if (!response.ok) throw failed(new DownloadError(`${fileName(path)} could not be downloaded (HTTP ${response.status})`));
    // the bytes on the wire: the body as it arrives, scaled by the file's compression
    const coding = response.headers.get("Content-Encoding");
    counter.coding = coding;
    const perByte = sizes[path] ? wireBytes(build, path, coding) / sizes[path] : 1;
    readAll(response.clone().body, (piece) => {
      counter.loaded += piece.byteLength * perByte;
      link.add(piece.byteLength * perByte);
      report();
    }).then(() => arrived.add(path),
      (error) => failed(new DownloadError(`${fileName(path)} could not be downloaded (${error.message})`)));
    return response;
  }
  function failed(error) {
    fail(error);
    return error;
  }
  for (const path of paths) expect(path);
  return {
    link,
    failure,
    expect,
    /** The CPU seconds the chosen boot takes after its downloads (for the estimate of the time left). */
    expecting(cpuSeconds) {
      counter.cpuSeconds = cpuSeconds;
      report();
    },
    secondsLeft,
    /** Whether all of `path` has arrived (or came from the cache). */
    arrived: (path) => arrived.has(path),
    /** `path`'s Response, fetched once (`given`: a fetch of it already under way, to count and keep). */
    get(path, given = null) {
      if (!started.has(path)) started.set(path, fetchCounted(path, given));
      return started.get(path);
    },
    /** A fresh copy of a file already fetched (its first Response was used up): from the cache or the network. */
    async again(path) {
      return (await site.files.cached(at(path))) ?? fetchFile(at(path));
    },
    async bytes(path, given = null) {
      const response = await this.get(path, given);
      return new Uint8Array(await response.arrayBuffer());
    },
    /** Whether `path` is in the build's cache (it then costs no download). */
    async isKept(path) {
      return Boolean(await site.files.cached(at(path)));
    },
    coding: () => counter.coding,
  };
}

/**
 * Import a script of the runtime: from the build's cache by its URL (the browser keeps its
 * compiled code), else from the downloaded copy (so that it is downloaded once).
 */
async function importScript(downloads, path) {
  const kept = await downloads.isKept(path);
  const response = await downloads.get(path);
  const scriptURL = site.url(path);
  if (kept) return import(scriptURL);
  const copy = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: "text/javascript" }));
  try {
    return await import(copy);
  } catch {
    return import(scriptURL); // a host whose security policy forbids blob: scripts
  } finally {
    URL.revokeObjectURL(copy);
  }
}

/**
 * Which boot, by the bytes each still needs on the wire and the device's speed (boot-choice.js);
 * `asked` ("snapshot", "plain" or null) overrides the choice, not the estimates.
 */
async function chooseHow(build, downloads, deviceMs, asked) {
  if (!build.snapshot) return { boot: "plain", seconds: { plain: null }, why: "the build has no snapshot" };
  const cost = async (paths) => {
    let sum = 0;
    for (const path of paths) if (!(await downloads.isKept(path))) sum += wireBytes(build, path, downloads.coding());
    return sum;
  };
  // a host that sends files as they are gets the snapshot's gzip copy asked for instead (snapshotBytes)
  const snapshotBytes = downloads.coding() || (await downloads.isKept(build.snapshot)) ? await cost([build.snapshot])
    : build.encodedSizes?.[build.snapshot]?.gzip ?? await cost([build.snapshot]);
  const plainBytes = await cost([build.wheel, build.stdlib.boot]);
  // wait until the runtime's downloads have measured the link (or have all come, e.g. from a cache)
  const wasm = `${build.pyodide}pyodide.asm.wasm`;
  while (snapshotBytes > 0 && downloads.link.rate() === null && !downloads.arrived(wasm)) {
    await new Promise((resume) => setTimeout(resume, 50));
  }
  const rate = downloads.link.rate() ?? (navigator.connection?.downlink ? navigator.connection.downlink * 125_000
    : UNMEASURED_RATE);
  const choice = chooseBoot({ snapshotBytes, plainBytes, rate, deviceMs });
  return asked ? { ...choice, boot: asked, why: "asked for (?boot=)" } : choice;
}

/** Restore the snapshot: its pages from the WebAssembly's own memory, an empty standard library. */
async function restore(build, at, downloads, start, wasm) {
  const file = await snapshotBytes(build, at, downloads);
  mark("snapshot");
  const snapshot = unpackSnapshot(file);
  const emptyStdlib = URL.createObjectURL(new Blob([EMPTY_ZIP]));
  try {
    const restored = await start({
      stdLibURL: emptyStdlib,
      _loadSnapshot: snapshot.image,
      preRun: (module) => snapshot.refill(new Uint8Array(module.HEAP8.buffer)),
    }, { [at(`${build.pyodide}pyodide.asm.wasm`)]: wasm });
    mark("restore");
    restored.runPython("import random; random.seed()"); // else every visit shares the snapshot's
    installStdlibOnDemand(restored, missingParts(build, at, false), keptNow);
    return restored;
  } finally {
    URL.revokeObjectURL(emptyStdlib);
  }
}

/**
 * The snapshot's bytes. A host that sends it without Content-Encoding (it serves no brotli or
 * gzip copy: 31 MB) is asked for the gzip copy instead (4.3 MB), unzipped here and kept as the
 * snapshot.
 */
async function snapshotBytes(build, at, downloads) {
  if (await downloads.isKept(build.snapshot)) {
    downloads.expect(build.snapshot);
    return downloads.bytes(build.snapshot);
  }
  const response = await compressedSnapshot(build, at);
  if (response) {
    downloads.expect(build.snapshot);
    return downloads.bytes(build.snapshot, Promise.resolve(response));
  }
  const copy = `${build.snapshot}.gz`;
  downloads.expect(copy, build.encodedSizes[build.snapshot].gzip);
  return keptUnzipped(build, at, await downloads.bytes(copy));
}

/**
 * The snapshot's response when the host compresses it (or it cannot be had: the caller reports
 * that); null when it would come whole — its download is then stopped at once.
 */
async function compressedSnapshot(build, at) {
  const stop = new AbortController();
  const response = await fetchFile(at(build.snapshot), { signal: stop.signal }).catch(() => null);
  if (!response?.ok || response.headers.get("Content-Encoding") || !build.encodedSizes?.[build.snapshot]?.gzip) {
    return response ?? fetchFile(at(build.snapshot));
  }
  stop.abort();
  return null;
}

/** The snapshot unzipped from its gzip copy, kept as the snapshot (and the copy forgotten). */
async function keptUnzipped(build, at, packed) {
  const bytes = await gunzipped(packed);
  await site.files.put(at(build.snapshot), bytes, { "Content-Type": "application/octet-stream" });
  await site.files.remove(at(`${build.snapshot}.gz`));
  return bytes;
}

/** Start Python, install the wheel, with boot.zip as the standard library (and the rest on demand). */
async function plainBoot(build, at, downloads, start, wasm) {
  downloads.expect(build.wheel);
  downloads.expect(build.stdlib.boot);
  const wheel = downloads.bytes(build.wheel);
  wheel.catch(() => {}); // awaited below; its failure must not go unhandled meanwhile
  const handed = {
    [at(`${build.pyodide}pyodide.asm.wasm`)]: wasm ?? downloads.again(`${build.pyodide}pyodide.asm.wasm`),
    [at(build.stdlib.boot)]: downloads.get(build.stdlib.boot),
  };
  const started = await start({ stdLibURL: at(build.stdlib.boot), env: { PYTHONOPTIMIZE: "2" } }, handed);
  mark("python");
  stage("solver", "installing the solver…");
  const sitePackages = started.runPython("import site; site.getsitepackages()[0]");
  started.unpackArchive(await wheel, "zip", { extractDir: sitePackages });
  installStdlibOnDemand(started, missingParts(build, at, true), keptNow);
  mark("wheel");
  return started;
}

/**
 * loadPyodide from the site's runtime folder. `options` are loadPyodide's (and `preRun`, a
 * function run on the module's memory before Python starts); `handed` maps URLs Pyodide fetches
 * to Responses the worker has under way (the WebAssembly, the standard library).
 */
async function startPython(loadPyodide, runtimeScript, indexURL, build, options, handed, downloads, cpuSeconds) {
  const { preRun, ...rest } = options;
  self.fetch = (input, init) => {
    const url = String(input?.url ?? input);
    const response = handed[url];
    delete handed[url];
    return response ?? fetchFile(input, init);
  };
  try {
    return await Promise.race([downloads.failure, loadPyodide({
      indexURL,
      createPyodideModule: (settings) => {
        if (preRun) settings.preRun.unshift(preRun);
        settings.preRun.push(() => mark("wasm"));
        settings.onRuntimeInitialized = () => { // every download has arrived; the rest is CPU
          stage("python", options._loadSnapshot ? "restoring Python from its snapshot…" : "starting Python…",
            cpuSeconds);
        };
        return runtimeScript.default(settings);
      },
      lockFileContents: { info: build.pyodideLock, packages: {} }, // pzl needs none of Pyodide's packages
      _sysExecutable: "python",
      stdout: () => {},
      stderr: () => {},
      ...rest,
    })]);
  } finally {
    self.fetch = fetchFile;
  }
}

/** A file's bytes fetched synchronously (an import needs them now), and kept for the next visit. */
function keptNow(url) {
  const bytes = fetchNow(url);
  site.files.put(url, bytes.slice(), { "Content-Type": "application/zip" });
  return bytes;
}

/**
 * After the solver is ready: fetch what the build lists and its cache lacks (the other boot's
 * files, the standard library's rest, pattern tables), one at a time, for the next visit and
 * offline use. A request needing one meanwhile shares its download (kept.js).
 */
async function keepTheRest(build, at) {
  if (!self.caches) return;
  for (const path of build.prefetch ?? []) {
    try {
      if (path === build.snapshot && !(await site.files.cached(at(path)))) {
        const response = await compressedSnapshot(build, at);
        if (response?.ok) await site.files.put(at(path), response);
        else if (!response) await keptUnzipped(build, at, await download(at(`${path}.gz`), () => {}, fetchFile));
      } else {
        await site.files.keep(at(path));
      }
    } catch {
      // offline, say: the next visit tries again
    }
  }
  mark("kept");
  self.postMessage(fromWorker.kept());
}

function fileName(path) {
  return path.split("/").pop() || path;
}

function stage(name, message, seconds = null) {
  self.postMessage(fromWorker.stage(name, message, seconds));
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
