// The service worker (its root copy, sw.js, scopes the whole app): pre-caches the
// build's assets under a cache named by the build version and serves them cache-first.

// build.py writes the build version into the root copy, so every new build is a new worker.
const VERSION = "__PZL_BUILD_VERSION__";
const PREFIX = "pzl-";
const CACHE = PREFIX + VERSION;
const SCOPE = self.registration.scope;
const BUILD = new URL("build.json", SCOPE).href;
const PAGE = new URL("./", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const build = await (await fetch(BUILD, { cache: "no-store" })).json();
    const urls = new Set([PAGE, BUILD, ...build.precache.map((url) => new URL(url, SCOPE).href)]);
    const cache = await caches.open(CACHE);
    await cache.addAll([...urls].map((url) => new Request(url, { cache: "no-cache" })));
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
    const cache = await caches.open(CACHE);
    const cached = (await cache.match(request, { ignoreSearch: true }))
      ?? (request.mode === "navigate" ? await cache.match(PAGE) : undefined);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
