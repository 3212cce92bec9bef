// Pattern tables for the solver worker: fetched from the site the first time a search needs
// them, and written into Pyodide's file system where pzl looks for them (its user cache).
//
// pzl says which files a request needs (`pzl.api.tables_needed`); build.json maps each file
// name to its content-hashed path. The worker's `site.fetch` takes it from the build's cache, or
// downloads it once and keeps it there (kept.js; the worker also fetches it in the background
// after the boot), so a second solve (or a solve offline after one visit) costs no download.

import { download } from "./download.js";

/**
 * A worker preparation (see worker.js): fetch the tables `request` needs that Pyodide's file
 * system lacks, and write them there. Progress goes to the page as events with `"phase":
 * "loading tables"`, `bytes` and `total_bytes` (the loading line under the board); a table
 * that cannot be had gives one with a `message`, and pzl then solves without it (optimal all
 * the same, slower) — a missing table is never the request's failure.
 */
export async function loadTables(request, { pyodide, site, report, cancelled }) {
  let needed;
  try {
    needed = JSON.parse(pyodide.pyimport("pzl.api").tables_needed(JSON.stringify(request)));
  } catch {
    return; // the request itself will meet (and report) whatever broke here
  }
  if (needed.length === 0) return;
  const started = performance.now();
  const paths = site.build?.tables ?? {};
  const sizes = site.build?.sizes ?? {};
  const progress = (extra) => report({ event: "progress", nodes: 0, states: 0, depth: null,
    seconds: (performance.now() - started) / 1000, phase: "loading tables", ...extra });
  const total = needed.reduce((sum, { name }) => sum + (sizes[paths[name]] ?? 0), 0) || null;
  let loaded = 0;
  let shown = 0;
  for (const { name, path } of needed) {
    if (cancelled()) return;
    try {
      if (!paths[name]) throw new Error("this build of the site does not have it");
      progress({ table: name, bytes: loaded, total_bytes: total });
      const bytes = await download(site.url(paths[name]), (count) => {
        loaded += count;
        if (loaded - shown >= 1 << 18) { // every 256 kB
          shown = loaded;
          progress({ table: name, bytes: loaded, total_bytes: total });
        }
      }, site.fetch);
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, bytes);
    } catch (error) {
      progress({ table: name, message: `the pattern tables ${name} could not be loaded (${error.message}); `
        + "solving without them (optimal all the same, slower)" });
    }
  }
  progress({ bytes: loaded, total_bytes: loaded }); // done: the loading line shows it full, then goes
}
