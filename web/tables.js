// Pattern tables for the solver worker: fetched from the site the first time a search needs
// them, and written into Pyodide's file system where pzl looks for them (its user cache).
//
// pzl says which files a request needs (`pzl.api.tables_needed`); build.json maps each file
// name to its content-hashed path, which the service worker caches like every other asset,
// so a second solve (or a solve offline after one visit) costs no download.

const BUILD_URL = new URL("../build.json", import.meta.url);

let paths = null; // file name -> site path (from build.json)

async function tablePaths() {
  if (!paths) {
    const response = await fetch(BUILD_URL);
    if (!response.ok) throw new Error(`build.json: HTTP ${response.status}`);
    paths = (await response.json()).tables ?? {};
  }
  return paths;
}

/** The body of `response` as bytes, calling onBytes(loaded) as chunks arrive. */
async function readBody(response, onBytes) {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onBytes(loaded);
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Fetch the tables `request` needs that Pyodide's file system lacks, and write them there.
 * `post(event)` receives progress events (`"phase": "loading tables"`, bytes and total) and,
 * if a table cannot be had, one with a `message` (pzl then solves without it: optimal all the
 * same, slower). Returns the seconds spent, which later events of the request add to theirs.
 */
export async function loadTables(pyodide, api, request, post) {
  const needed = JSON.parse(api.tables_needed(JSON.stringify(request)));
  if (needed.length === 0) return 0;
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const progress = (extra) => post({ event: "progress", nodes: 0, states: 0, seconds: seconds(), depth: null,
    phase: "loading tables", ...extra });
  for (const { name, path } of needed) {
    try {
      const site = (await tablePaths())[name];
      if (!site) throw new Error("this build of the site does not have it");
      const response = await fetch(new URL(site, BUILD_URL));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const total = Number(response.headers.get("Content-Length")) || null;
      progress({ table: name, bytes: 0, total });
      let shown = 0;
      const bytes = await readBody(response, (loaded) => {
        if (loaded - shown >= 1 << 18) { // every 256 kB
          shown = loaded;
          progress({ table: name, bytes: loaded, total });
        }
      });
      progress({ table: name, bytes: bytes.length, total: bytes.length });
      pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      pyodide.FS.writeFile(path, bytes);
    } catch (error) {
      progress({ table: name, message: `the pattern tables ${name} could not be loaded (${error.message}); `
        + "solving without them (optimal all the same, slower)" });
    }
  }
  return seconds();
}

/** A later event of the same request, its seconds counted from the start of the request. */
export function afterTables(event, seconds) {
  if (!seconds || typeof event.seconds !== "number") return event;
  return { ...event, seconds: event.seconds + seconds };
}
