// Makes the page's Python snapshot under Node (run by tools/snapshot.py): Pyodide booted with
// every pzl module imported, taken as small as it can be, packed by web/snapshot.js.
//
//   PZL_SNAPSHOT='{"pyodide": ".../node_modules/pyodide/", "base": ..., "wheel": ..., "out": ...,
//                  "modules": ..., "skips": [...], "warmUp": [request JSON, ...], "env": {...}}' node tools/snapshot.mjs
//
// Booting Python is the slow part, so the bare booted interpreter is kept as `base` (once per
// Pyodide version and this script) and each build restores it, installs its wheel, imports every
// pzl module, answers the warm-up requests (what they import on the way is then in the snapshot)
// and snapshots that. Before the snapshot is taken:
// - the names of the modules then loaded are written to `modules` (the build ships those as the
//   standard library a plain boot needs; the rest is fetched on demand);
// - the import system forgets the standard library's zip (its directory and finders): the worker
//   restores the snapshot with an empty one and fetches the real ones only when an import needs them;
// - garbage is collected and every free byte of the heap zeroed (free memory otherwise keeps
//   whatever was there, which compresses badly);
// - `env` (PYTHONHASHSEED fixed, PYTHONOPTIMIZE) is the interpreter's for good; `random` is seeded
//   so that builds differ little (the worker reseeds).
// The snapshot is written raw: the build writes its brotli and gzip copies.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { packSnapshot } from "../web/snapshot.js";

const config = JSON.parse(process.env.PZL_SNAPSHOT);
const { loadPyodide } = await import(new URL("pyodide.mjs", `file://${config.pyodide}`).href);
const runtime = await import(new URL("pyodide.asm.mjs", `file://${config.pyodide}`).href);

if (!existsSync(config.base)) {
  const fresh = await loadPyodide({ _makeSnapshot: true, _sysExecutable: "python", env: config.env });
  fresh.runPython("import random; random.seed(0)");
  writeFileSync(config.base, gzipSync(fresh.makeMemorySnapshot(), { level: 6 }));
}

let pristine = null; // the memory of a fresh instance of the module: what the worker will have
const pyodide = await loadPyodide({
  _makeSnapshot: true,
  _sysExecutable: "python",
  _loadSnapshot: new Uint8Array(gunzipSync(readFileSync(config.base))),
  createPyodideModule: (settings) => {
    settings.preRun.unshift((module) => {
      pristine = new Uint8Array(module.HEAP8.buffer).slice();
    });
    return runtime.default(settings);
  },
});
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(config.wheel)), "zip", { extractDir: sitePackages });
const failed = pyodide.runPython(`
import importlib, pkgutil, pzl
failed = []
for module in pkgutil.walk_packages(pzl.__path__, "pzl."):
    if module.name not in ${JSON.stringify(config.skips)}:
        try:
            importlib.import_module(module.name)
        except Exception as problem:
            failed.append(f"{module.name}: {type(problem).__name__}: {problem}")
"; ".join(failed)
`);
if (failed) {
  console.error(`these pzl modules cannot be imported in Pyodide: ${failed}`);
  process.exit(2);
}
const api = pyodide.pyimport("pzl.api");
for (const request of config.warmUp) {
  const job = api.Job(request);
  let events = [];
  while (!job.done) events = JSON.parse(job.run_for_json(0.5));
  job.destroy();
  if (events.at(-1)?.event !== "result") {
    console.error(`the warm-up request ${request} did not answer: ${JSON.stringify(events.at(-1))}`);
    process.exit(2);
  }
}
api.destroy();
writeFileSync(config.modules, pyodide.runPython("import sys, json; json.dumps(sorted(sys.modules))"));
pyodide.runPython(`
import gc, random, sys, zipimport
random.seed(0)
sys.path_importer_cache.clear()
zipimport._zip_directory_cache.clear()  # (importlib.invalidate_caches() would read the zip again)
del random, sys, zipimport
gc.collect()
del gc
`);
zeroFreeMemory(pyodide._module);
writeFileSync(config.out, packSnapshot(pyodide.makeMemorySnapshot(), pristine));

/**
 * Zero the heap's free memory: allocate every free block malloc will hand out without growing
 * the memory, fill them with zeros, free them again. Returns the bytes zeroed.
 */
function zeroFreeMemory(module) {
  const memory = module.HEAP8.buffer.byteLength;
  const info = module._malloc(64);
  const topChunk = () => {
    module._mallinfo(info);
    return new Int32Array(module.HEAP8.buffer, info, 10)[9]; // keepcost: the top chunk's size
  };
  const held = [];
  let zeroed = 0;
  for (let size = 1 << 24; size >= 16;) {
    // a request no bigger than the top chunk plus the memory above the break never grows the memory
    if (size > topChunk() + (memory - module._sbrk(0)) - (1 << 17)) {
      size >>= 1;
      continue;
    }
    const block = module._malloc(size);
    if (!block) {
      size >>= 1;
      continue;
    }
    module.HEAP8.fill(0, block, block + size);
    held.push(block);
    zeroed += size;
  }
  for (const block of held) module._free(block);
  module._free(info);
  if (module.HEAP8.buffer.byteLength !== memory) throw new Error("zeroing free memory grew the heap");
  return zeroed;
}
