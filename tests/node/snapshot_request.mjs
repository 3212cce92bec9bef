// Restores the site's Pyodide snapshot under Node, as the page's worker does (web/snapshot.js's
// pages copied back from the module's memory, an empty standard library zip, the rest of it on
// demand through web/stdlib.js), and answers requests from it: one JSON line per request, after
// a line describing the restored runtime.
//
//   node tests/node/snapshot_request.mjs SITE REQUEST_JSON...
//   node tests/node/snapshot_request.mjs SITE --python CODE      (prints the value of CODE instead)

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [site, ...rest] = process.argv.slice(2);
const build = JSON.parse(readFileSync(join(site, "build.json"), "utf8"));
const front = join(site, build.front);
const { unpackSnapshot } = await import(pathToFileURL(join(front, "snapshot.js")).href);
const { EMPTY_ZIP, installStdlibOnDemand, missingParts } = await import(pathToFileURL(join(front, "stdlib.js")).href);
const { loadPyodide } = await import(pathToFileURL(join(site, build.pyodide, "pyodide.mjs")).href);
const runtime = await import(pathToFileURL(join(site, build.pyodide, "pyodide.asm.mjs")).href);

const snapshot = unpackSnapshot(new Uint8Array(readFileSync(join(site, build.snapshot))));
const emptyStdlib = join(process.env.TMPDIR ?? "/tmp", `pzl-empty-${process.pid}.zip`);
(await import("node:fs")).writeFileSync(emptyStdlib, EMPTY_ZIP);
const fetched = [];
const pyodide = await loadPyodide({
  indexURL: join(site, build.pyodide),
  lockFileContents: { info: build.pyodideLock, packages: {} },
  stdLibURL: emptyStdlib,
  _loadSnapshot: snapshot.image,
  createPyodideModule: (settings) => {
    settings.preRun.unshift((module) => snapshot.refill(new Uint8Array(module.HEAP8.buffer)));
    return runtime.default(settings);
  },
});
installStdlibOnDemand(pyodide, missingParts(build, (path) => join(site, path), false), (file) => {
  fetched.push(file.slice(site.length + 1));
  return new Uint8Array(readFileSync(file));
});
if (rest[0] === "--python") {
  console.log(JSON.stringify({ value: pyodide.runPython(rest[1]), fetched }));
  process.exit(0);
}
console.log(pyodide.runPython(`
import json, os, sys
import pzl
json.dumps({"modules": sorted(name for name in sys.modules if name.startswith("pzl")),
            "source_files": os.path.exists(pzl.__file__), "optimize": sys.flags.optimize})
`));
const api = pyodide.pyimport("pzl.api");
for (const request of rest) {
  const job = api.Job(request);
  let events = [];
  while (!job.done) events = events.concat(JSON.parse(job.run_for_json(0.05)));
  console.log(JSON.stringify({ ...events.at(-1), fetched }));
}
