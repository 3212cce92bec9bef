// Restores the site's Pyodide snapshot under Node, as the page's worker does (restoreSite in
// pyodide_pzl.mjs), and answers requests from it: one JSON line per request, after a line
// describing the restored runtime.
//
//   node tests/node/snapshot_request.mjs SITE REQUEST_JSON...
//   node tests/node/snapshot_request.mjs SITE --python CODE      (prints the value of CODE instead)

import { restoreSite } from "./pyodide_pzl.mjs";

const [site, ...rest] = process.argv.slice(2);
const { pyodide, fetched } = await restoreSite(site);
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
