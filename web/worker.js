// The solver worker: boots Pyodide from the site's own files, loads the pzl
// wheel and runs pzl.api requests in time slices so Cancel is heard in time.
//
// Messages in:  {type: "boot", pyodide, wheel}  (absolute URLs)
//               {type: "run", id, request}      {type: "cancel", id}
// Messages out: {type: "stage", stage, message} {type: "ready", seconds}
//               {type: "event", id, event}      {type: "fatal", message}

import { afterTables, loadTables } from "./tables.js";

const SLICE_SECONDS = 0.05;

let runtime = null; // the Pyodide instance
let api = null;
let current = null; // {id, cancelled}
const waiting = []; // runs that arrived while another was going

self.onmessage = (message) => {
  const data = message.data;
  if (data.type === "boot") boot(data);
  else if (data.type === "run") enqueue(data);
  else if (data.type === "cancel") cancel(data.id);
};

async function boot({ pyodide: pyodideURL, wheel }) {
  const started = performance.now();
  try {
    stage("runtime", "loading the Python runtime…");
    const { loadPyodide } = await import(`${pyodideURL}pyodide.mjs`);
    const pyodide = await loadPyodide({ indexURL: pyodideURL });
    stage("solver", "loading the solver…");
    await pyodide.loadPackage(wheel, { messageCallback: () => {}, errorCallback: (text) => stage("solver", text) });
    api = pyodide.pyimport("pzl.api");
    runtime = pyodide;
    self.postMessage({ type: "ready", seconds: (performance.now() - started) / 1000 });
    runNext();
  } catch (error) {
    self.postMessage({ type: "fatal", message: `the solver could not start: ${describe(error)}` });
  }
}

function stage(name, message) {
  self.postMessage({ type: "stage", stage: name, message });
}

function enqueue(run) {
  if (current) current.cancelled = true; // a new request replaces the running one
  waiting.length = 0;
  waiting.push(run);
  if (api && !current) runNext();
}

function cancel(id) {
  if (current && current.id === id) current.cancelled = true;
  const index = waiting.findIndex((run) => run.id === id);
  if (index >= 0) {
    waiting.splice(index, 1);
    post(id, { event: "cancelled" });
  }
}

async function runNext() {
  const next = waiting.shift();
  if (!next) return;
  const { id, request } = next;
  current = { id, cancelled: false };
  let job = null;
  try {
    const tableSeconds = await loadTables(runtime, api, request, (event) => post(id, event));
    job = api.Job(JSON.stringify(request));
    for (;;) {
      if (current.cancelled) {
        job.cancel();
        post(id, { event: "cancelled" });
        break;
      }
      const events = JSON.parse(job.run_for_json(SLICE_SECONDS));
      for (const event of events) post(id, afterTables(event, tableSeconds));
      if (job.done) break;
      await new Promise((resolve) => setTimeout(resolve, 0)); // let a cancel message in
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

function post(id, event) {
  self.postMessage({ type: "event", id, event });
}

function describe(error) {
  const text = error && error.message ? error.message : String(error);
  return text.split("\n").filter(Boolean).slice(-1)[0] ?? "unknown error";
}
