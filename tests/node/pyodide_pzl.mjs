// Boots the pinned Pyodide (node_modules/pyodide) in Node and installs pzl's built wheel from site/.
// Shared by tests/node/run_request.mjs (the tests) and bench/pyodide_node.mjs (timings).

import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { loadPyodide } from "pyodide";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** site/build.json of a built site; a clear error when the site is not built. */
export function readBuild(site = join(ROOT, "site")) {
  try {
    return JSON.parse(readFileSync(join(site, "build.json"), "utf8"));
  } catch (error) {
    throw new Error(`${site}/build.json is missing or unreadable: run \`python build.py\` first (${error.message})`);
  }
}

/**
 * Pyodide with the built pzl wheel installed the way the page installs it (loadPackage of the
 * wheel file, no micropip). Returns { pyodide, bootMs, installMs, build }.
 */
export async function bootPzl({ site = join(ROOT, "site") } = {}) {
  const build = readBuild(site);
  const started = performance.now();
  const pyodide = await loadPyodide({
    indexURL: join(ROOT, "node_modules", "pyodide") + "/",
    stdout: (line) => process.stderr.write(line + "\n"), // stdout carries our JSON only
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  const booted = performance.now();
  await pyodide.loadPackage(join(site, build.wheel), { messageCallback: () => {}, errorCallback: (m) => {
    process.stderr.write(m + "\n");
  } });
  pyodide.runPython("import pzl.api");
  return { pyodide, build, bootMs: booted - started, installMs: performance.now() - booted };
}

/**
 * Pyodide restored from a built site's snapshot as the page's worker restores it: the pages the
 * WebAssembly brings copied back from the fresh instance (the site's snapshot.js), an empty
 * standard library zip, the rest of it on demand (its stdlib.js), each zip fetched recorded in
 * `fetched` (site paths). Returns { pyodide, build, fetched, snapshot, module } (module: the
 * Emscripten module, for its memory).
 */
export async function restoreSite(site) {
  const build = readBuild(site);
  const front = join(site, build.front);
  const { unpackSnapshot } = await import(pathToFileURL(join(front, "snapshot.js")).href);
  const { EMPTY_ZIP, installStdlibOnDemand, missingParts } = await import(pathToFileURL(join(front, "stdlib.js")).href);
  const { loadPyodide: load } = await import(pathToFileURL(join(site, build.pyodide, "pyodide.mjs")).href);
  const runtime = await import(pathToFileURL(join(site, build.pyodide, "pyodide.asm.mjs")).href);
  const snapshot = unpackSnapshot(new Uint8Array(readFileSync(join(site, build.snapshot))));
  const emptyStdlib = join(tmpdir(), `pzl-empty-${process.pid}.zip`);
  writeFileSync(emptyStdlib, EMPTY_ZIP);
  const fetched = [];
  let module = null;
  let pyodide;
  try {
    pyodide = await load({
      indexURL: join(site, build.pyodide),
      lockFileContents: { info: build.pyodideLock, packages: {} },
      stdLibURL: emptyStdlib,
      _loadSnapshot: snapshot.image,
      createPyodideModule: (settings) => {
        settings.preRun.unshift((instance) => {
          module = instance;
          snapshot.refill(new Uint8Array(instance.HEAP8.buffer));
        });
        return runtime.default(settings);
      },
    });
  } finally {
    rmSync(emptyStdlib, { force: true });   // read once while booting; left behind, every run added one to /tmp
  }
  installStdlibOnDemand(pyodide, missingParts(build, (path) => join(site, path), false), (file) => {
    fetched.push(file.slice(site.length + 1));
    return new Uint8Array(readFileSync(file));
  });
  return { pyodide, build, fetched, snapshot, module };
}

/**
 * Writes the site's pattern tables (build.json "tables") where pzl looks for them in Pyodide (its
 * user cache), as the page's worker does before a search needs them. Returns the bytes written.
 */
export function installTables(pyodide, build, site = join(ROOT, "site")) {
  const folder = pyodide.runPython("from pzl.sliding import tables; str(tables.user_cache_dir())");
  pyodide.FS.mkdirTree(folder);
  let bytes = 0;
  for (const [name, path] of Object.entries(build.tables ?? {})) {
    const data = readFileSync(join(site, path));
    pyodide.FS.writeFile(`${folder}/${name}`, data);
    bytes += data.length;
  }
  return bytes;
}

/** `pzl.api.answer(request)` inside Pyodide: { final, ms } (ms = wall-clock of the call). */
export function answer(pyodide, request) {
  const api = pyodide.pyimport("pzl.api");
  const json = pyodide.pyimport("json");
  const started = performance.now();
  const text = json.dumps(api.answer(json.loads(JSON.stringify(request))));
  const ms = performance.now() - started;
  api.destroy();
  json.destroy();
  return { final: JSON.parse(text), ms };
}

/**
 * Runs a request as the browser worker does: `pzl.api.Job(json).run_for_json(slice)` until done.
 * Returns { final, ms, slices, progress, maxSliceMs, maxSliceCpuMs, firstSlice } — progress counts
 * the progress events; maxSliceCpuMs is the longest slice in this process's CPU time, which other
 * programs loading the machine do not stretch as they stretch wall-clock time.
 */
export function runJob(pyodide, request, sliceSeconds = 0.05) {
  const api = pyodide.pyimport("pzl.api");
  const job = api.Job(JSON.stringify(request));
  const started = performance.now();
  let slices = 0;
  let progress = 0;
  let maxSliceMs = 0;
  let maxSliceCpuMs = 0;
  let firstSlice = null;
  let final = null;
  while (final === null) {
    const before = performance.now();
    const cpuBefore = process.cpuUsage();
    const events = JSON.parse(job.run_for_json(sliceSeconds));
    const cpu = process.cpuUsage(cpuBefore);
    maxSliceMs = Math.max(maxSliceMs, performance.now() - before);
    maxSliceCpuMs = Math.max(maxSliceCpuMs, (cpu.user + cpu.system) / 1000);
    slices += 1;
    if (firstSlice === null) firstSlice = events;
    for (const event of events) {
      if (event.event === "progress") progress += 1;
      else if (event.event !== "improved") final = event; // a better answer on the way (auto) is not the end
    }
    if (final === null && job.done) final = { event: "error", error: "InternalError", message: "job ended without an answer" };
  }
  const ms = performance.now() - started;
  job.destroy();
  api.destroy();
  return { final, ms, slices, progress, maxSliceMs, maxSliceCpuMs, firstSlice };
}
