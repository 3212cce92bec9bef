// The service worker (its root copy, sw.js, scopes the whole app): pre-caches the page and its
// front end under a cache named by the build version and serves the build's files cache-first.
//
// Every file but the page, build.json and this script is named by its content (web/<hash>/,
// pyodide/<version>/, snapshots/<hash>/, …): a cached copy is always the right one, whichever
// build cached it. So a new build's worker copies what an older build's cache holds instead of
// downloading it again, and fetches only the page, build.json and the front end it lacks. The
// solver worker puts the runtime and the rest of the build into the same cache as it downloads
// them (web/kept.js): nothing is downloaded twice.

// build.py writes the build version into the root copy, so every new build is a new worker.
const VERSION = "__PZL_BUILD_VERSION__";
const PREFIX = "pzl-";
const CACHE = PREFIX + VERSION;
const SCOPE = self.registration.scope;
const BUILD = new URL("build.json", SCOPE).href;
const PAGE = new URL("./", SCOPE).href;
/** The files named by nothing but their place: always fetched, never taken from another build. */
const UNVERSIONED = new Set([PAGE, BUILD, new URL("index.html", SCOPE).href]);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const build = await (await fetch(BUILD, { cache: "no-store" })).json();
    const shell = unique([PAGE, BUILD, ...build.precache.map((url) => new URL(url, SCOPE).href)]);
    const rest = (build.prefetch ?? []).map((url) => new URL(url, SCOPE).href);
    const cache = await caches.open(CACHE);
    await reuseOlderCopies(cache, [...shell, ...rest].filter((url) => !UNVERSIONED.has(url)));
    const missing = [];
    for (const url of shell) if (UNVERSIONED.has(url) || !(await cache.match(url))) missing.push(url);
    await cache.addAll(missing.map((url) => new Request(url, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // A new build replaces the old cache whole.
    const names = await caches.keys();
    const old = names.filter((name) => name.startsWith(PREFIX) && name !== CACHE);
    await Promise.all(old.map((name) => caches.delete(name)));
    // The page's request starts while this worker wakes up, rather than after.
    await self.registration.navigationPreload?.enable();
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  // The page and the manifest try the network first so a new build shows when online.
  const fresh = request.mode === "navigate" || request.url.split("?")[0] === BUILD;
  event.respondWith(fresh ? networkFirst(request, event.preloadResponse) : cacheFirst(request));
});

async function networkFirst(request, preloaded) {
  try {
    const response = (await preloaded) ?? await fetch(request);
    // A failed navigation preload rejects in Chromium but resolves in Firefox, with a network error
    // (type "error"): either way the network failed, and the cache answers.
    if (response.type === "error") throw new TypeError(`${request.url}: network error`);
    return response;
  } catch (error) {
    return offline(request, error);
  }
}

/**
 * What an offline request for the page or the manifest gets: its cached copy; a navigation to
 * any other path of the site a plain "offline" 404 page linking to the site (the cached page
 * there would look for its files in the wrong folder and wait for a solver that never comes).
 */
async function offline(request, error) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  if (request.mode !== "navigate") throw error;
  if (!(await cache.match(PAGE))) throw error; // nothing cached: the browser's own offline page
  return notFoundOffline();
}

function notFoundOffline() {
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found (offline) — pzl</title><link rel="icon" href="data:,"></head>
<body><h1>Not found</h1><p>You are offline, and this address is not a page of pzl.</p>
<p><a href="${PAGE}">Open pzl</a></p></body></html>
`;
  return new Response(page, { status: 404, statusText: "Not Found", headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Copy into `cache` what older builds' caches hold of `urls` (same URL, same content: see above). */
async function reuseOlderCopies(cache, urls) {
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  for (const name of older) {
    const from = await caches.open(name);
    for (const url of urls) {
      if (await cache.match(url)) continue;
      const copy = await from.match(url);
      if (copy) await cache.put(url, copy);
    }
  }
}

function unique(urls) {
  return [...new Set(urls)];
}
