// Restores the site's Pyodide snapshot under Node, as the page's worker does, and answers
// requests from it: one JSON line per request, after a line describing the restored runtime.
//
//   node tests/node/snapshot_request.mjs SITE REQUEST_JSON...

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const [site, ...requests] = process.argv.slice(2);
const build = JSON.parse(readFileSync(join(site, "build.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(site, build.pyodide, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: join(site, build.pyodide),
  lockFileContents: { info: build.pyodideLock, packages: {} },
  _loadSnapshot: new Uint8Array(gunzipSync(readFileSync(join(site, build.snapshot)))),
});
console.log(pyodide.runPython(`
import json, os, sys
import pzl
json.dumps({"modules": sorted(name for name in sys.modules if name.startswith("pzl")),
            "source_files": os.path.exists(pzl.__file__)})
`));
const api = pyodide.pyimport("pzl.api");
for (const request of requests) {
  const job = api.Job(request);
  let events = [];
  while (!job.done) events = events.concat(JSON.parse(job.run_for_json(0.05)));
  console.log(JSON.stringify(events.at(-1)));
}
