// Times pzl requests in Pyodide under Node next to CPython, and prints a table.
//
//   python build.py                      # builds site/ (the wheel Pyodide installs)
//   node bench/pyodide_node.mjs [--repeat N] [--no-cpython] [--python EXE] [--json] [--timeline]
//                               [--file REQUESTS.jsonl] [REQUEST_JSON...]
//
// With no request given it times the 8-puzzle's hardest start with each algorithm.
// Times are wall-clock of `pzl.api.answer(request)`, best of N runs, in milliseconds;
// the CPython column runs the source tree (not the wheel) with EXE (default: python3).
// --json prints one JSON object instead of the table: {"python", "rows": [{"cpython_ms", "pyodide_ms",
// "cpython", "pyodide"}]} with each side's final event (for scripts such as bench/sliding_fast.py).
// --timeline (with --json) runs each request once through `pzl.api.run` instead and gives, per side,
// "cpython_timeline" / "pyodide_timeline": each answer as it came ({"event", "moves", "lower_bound",
// "ms", "cpu_ms"}: improved answers, then the result; cpu_ms is process time: in CPython every answer's, in
// Pyodide the result's only, Node's process time for the whole request).

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { answer, bootPzl, ROOT } from "../tests/node/pyodide_pzl.mjs";

const HARDEST = "8 6 7 2 5 4 3 0 1";
const DEFAULT_REQUESTS = ["bfs", "bidirectional", "iddfs", "ida"].map((algorithm) => ({
  command: "solve", puzzle: "8-puzzle", start: HARDEST, algorithm,
}));

/** The timeline of one request: each answer (improved, then the result) with its wall and CPU milliseconds. */
const TIMELINE = `
import json, sys, time
from pzl import api
def cpu_time():
    return None if sys.platform == "emscripten" else time.process_time()   # Pyodide has no process time
def timeline(request):
    wall, cpu, answers = time.perf_counter(), cpu_time(), []
    for event in api.run(request):
        if event["event"] in ("improved", "result", "error"):
            result = event.get("result", {})
            answers.append({"event": event["event"], "moves": result.get("moves"),
                            "lower_bound": result.get("lower_bound"), "ms": (time.perf_counter() - wall) * 1000,
                            "cpu_ms": None if cpu is None else (cpu_time() - cpu) * 1000})
    return answers
`;

const CPYTHON_TIMELINES = `${TIMELINE}
import sys
print(json.dumps([timeline(request) for request in json.load(sys.stdin)]))
`;

const CPYTHON_TIMER = `
import json, sys, time
from pzl import api
requests, repeat = json.load(sys.stdin), int(sys.argv[1])
rows = []
for request in requests:
    best, final = None, None
    for _ in range(repeat):
        started = time.perf_counter()
        final = api.answer(request)
        took = (time.perf_counter() - started) * 1000
        best = took if best is None else min(best, took)
    rows.append({"ms": best, "final": final})
print(json.dumps(rows))
`;

function parse(argv) {
  const options = { repeat: 3, cpython: true, python: "python3", json: false, timeline: false, requests: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--repeat") options.repeat = Number(argv[++i]);
    else if (arg === "--no-cpython") options.cpython = false;
    else if (arg === "--python") options.python = argv[++i];
    else if (arg === "--json") options.json = true;
    else if (arg === "--timeline") options.timeline = true;
    else if (arg === "--file") {
      for (const line of readFileSync(argv[++i], "utf8").split("\n")) {
        if (line.trim() && !line.trim().startsWith("#")) options.requests.push(JSON.parse(line));
      }
    } else options.requests.push(JSON.parse(arg));
  }
  if (options.requests.length === 0) options.requests = DEFAULT_REQUESTS;
  return options;
}

function cpythonTimes(requests, options) {
  if (!options.cpython) return requests.map(() => null);
  const done = spawnSync(options.python, ["-c", CPYTHON_TIMER, String(options.repeat)], {
    cwd: ROOT, input: JSON.stringify(requests), encoding: "utf8", maxBuffer: 1 << 28,
  });
  if (done.status !== 0) throw new Error(`${options.python} failed:\n${done.stderr}`);
  return JSON.parse(done.stdout);
}

function summary(final) {
  if (final.event === "error") return `error: ${final.message}`.slice(0, 60);
  const result = final.result ?? {};
  const parts = [];
  for (const key of ["moves", "distance", "solutions", "states", "nodes"]) {
    const value = result[key];
    if (typeof value === "number") parts.push(`${key} ${value}`);
    else if (Array.isArray(value)) parts.push(`${key} ${value.length}`);
  }
  return parts.join(", ") || Object.keys(result).join(",").slice(0, 60);
}

function label(request) {
  const { command, puzzle, family, ...rest } = request;
  const extra = Object.entries(rest).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(",") : v}`).join(" ");
  return `${command ?? "solve"} ${puzzle ?? family ?? ""} ${extra}`.trim();
}

const options = parse(process.argv.slice(2));
if (options.timeline) {
  console.log(JSON.stringify(await timelines(options))); // (no process.exit: it would cut a long pipe write short)
} else {
  await timeTable(options);
}

/** The default: each request timed in CPython and Pyodide, as a table or --json. */
async function timeTable(options) {
  const cpython = cpythonTimes(options.requests, options);
  const { pyodide, bootMs, installMs } = await bootPzl();
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  const measured = options.requests.map((request) => {
    let best = Infinity;
    let final = null;
    for (let run = 0; run < options.repeat; run++) {
      const timed = answer(pyodide, request);
      best = Math.min(best, timed.ms);
      final = timed.final;
    }
    return { ms: best, final };
  });
  if (options.json) {
    const rows = measured.map(({ ms, final }, index) => ({
      cpython_ms: cpython[index]?.ms ?? null, pyodide_ms: ms, cpython: cpython[index]?.final ?? null, pyodide: final,
    }));
    console.log(JSON.stringify({ python, bootMs, installMs, repeat: options.repeat, rows }));
  } else {
    console.log(`Pyodide (Python ${python}) boot ${bootMs.toFixed(0)} ms, wheel install ${installMs.toFixed(0)} ms; `
      + `best of ${options.repeat} runs\n`);
    const rows = [["request", "CPython ms", "Pyodide ms", "ratio", "Pyodide answer"]];
    options.requests.forEach((request, index) => {
      const { ms, final } = measured[index];
      const native = cpython[index];
      rows.push([
        label(request),
        native ? native.ms.toFixed(1) : "-",
        ms.toFixed(1),
        native ? (ms / native.ms).toFixed(2) : "-",
        summary(final),
      ]);
    });
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
    for (const [index, row] of rows.entries()) {
      console.log(row.map((cell, column) => (column === 0 || column === 4 ? cell.padEnd(widths[column])
        : cell.padStart(widths[column]))).join("  "));
      if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
    }
  }
}

/** --timeline: each request's answers as they came, in CPython and in Pyodide (one run each). */
async function timelines(options) {
  let cpython = options.requests.map(() => null);
  if (options.cpython) {
    const done = spawnSync(options.python, ["-c", CPYTHON_TIMELINES], {
      cwd: ROOT, input: JSON.stringify(options.requests), encoding: "utf8", maxBuffer: 1 << 28,
    });
    if (done.status !== 0) throw new Error(`${options.python} failed:\n${done.stderr}`);
    cpython = JSON.parse(done.stdout);
  }
  const { pyodide } = await bootPzl();
  pyodide.runPython(TIMELINE);
  const run = pyodide.globals.get("timeline");
  const json = pyodide.pyimport("json");
  const rows = options.requests.map((request, index) => {
    const before = process.cpuUsage();
    const answers = JSON.parse(json.dumps(run(json.loads(JSON.stringify(request)))));
    const used = process.cpuUsage(before);   // Node's process time: the final answer's, robust to a loaded machine
    if (answers.length) answers[answers.length - 1].cpu_ms = (used.user + used.system) / 1000;
    return { cpython_timeline: cpython[index], pyodide_timeline: answers };
  });
  return { python: pyodide.runPython("import sys; sys.version.split()[0]"), rows };
}
