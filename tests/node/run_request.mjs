// Runs pzl requests inside Pyodide under Node, with the wheel `python build.py` built into site/.
//
//   node tests/node/run_request.mjs [--site DIR] [--job SECONDS] [--repeat N] [--tables] REQUEST_JSON...
//
// Prints one JSON line per run on stdout:
//   {"request": ..., "final": <result or error event>, "ms": <wall-clock>, "run": i,
//    "boot_ms": ..., "install_ms": ..., "python": "3.14.x"}
// With --job S the request runs in time slices of S seconds through pzl.api.Job (as the browser
// worker runs it) and the line also has "slices", "progress", "max_slice_ms", "max_slice_cpu_ms"
// (the longest slice in CPU time, which a busy machine does not stretch) and "first_slice".
// With --tables the site's pattern tables are written where pzl looks for them first (as the page's
// worker does) and each line has "tables_needed": what pzl asked for before that.

import { answer, bootPzl, installTables, runJob } from "./pyodide_pzl.mjs";

function parse(argv) {
  const options = { site: undefined, job: null, repeat: 1, tables: false, requests: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--site") options.site = argv[++i];
    else if (arg === "--job") options.job = Number(argv[++i]);
    else if (arg === "--repeat") options.repeat = Number(argv[++i]);
    else if (arg === "--tables") options.tables = true;
    else if (arg === "-h" || arg === "--help") {
      console.log("usage: node tests/node/run_request.mjs [--site DIR] [--job SECONDS] [--repeat N] REQUEST_JSON...");
      process.exit(0);
    } else options.requests.push(JSON.parse(arg));
  }
  if (options.requests.length === 0) throw new Error("give at least one request as a JSON argument");
  return options;
}

const options = parse(process.argv.slice(2));
const { pyodide, build, bootMs, installMs } = await bootPzl({ site: options.site });
const python = pyodide.runPython("import sys; sys.version.split()[0]");
const api = pyodide.pyimport("pzl.api");
if (options.job !== null) {
  // the page boots from a snapshot with every pzl module imported (build.py): time slices likewise,
  // not the first request's imports
  pyodide.runPython(`
import importlib, pkgutil, pzl
for module in pkgutil.walk_packages(pzl.__path__, "pzl."):
    try:
        importlib.import_module(module.name)
    except Exception:
        pass
`);
}
for (const request of options.requests) {
  for (let run = 0; run < options.repeat; run++) {
    const line = { request, run, python, boot_ms: Math.round(bootMs), install_ms: Math.round(installMs) };
    if (options.tables) {
      line.tables_needed = JSON.parse(api.tables_needed(JSON.stringify(request)));
      installTables(pyodide, build, options.site);
    }
    if (options.job === null) {
      Object.assign(line, answer(pyodide, request));
    } else {
      const job = runJob(pyodide, request, options.job);
      Object.assign(line, {
        final: job.final, ms: job.ms, slices: job.slices, progress: job.progress,
        max_slice_ms: job.maxSliceMs, max_slice_cpu_ms: job.maxSliceCpuMs, first_slice: job.firstSlice,
      });
    }
    line.ms = Math.round(line.ms * 10) / 10;
    process.stdout.write(JSON.stringify(line) + "\n");
  }
}
