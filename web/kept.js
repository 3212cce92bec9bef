// The build's files as the solver worker keeps them: in the build's Cache Storage cache
// (`pzl-<version>`, the one the service worker serves from and drops with the build), put there
// as they download. Whatever the worker fetches — the runtime at boot, pattern tables, the rest
// of the site in the background — is downloaded once: from the cache when it is there, else
// from the network, with one download shared by everyone asking for the same file meanwhile.

/**
 * A keeper for the cache named `cacheName` (null: no Cache Storage here, e.g. an insecure
 * origin — then every fetch goes to the network). `fetchFile` is the fetch to use.
 * Returns {cached(url), fetch(url), keep(url), put(url, body, headers), remove(url)}:
 * - `cached(url)`: the kept Response, or undefined;
 * - `fetch(url)`: the kept Response, else the network's, which is kept (a clone) once it is whole;
 *   a second call for the same url while the first is under way shares its download (each caller
 *   gets its own clone);
 * - `keep(url)`: resolves once `url` is in the cache (downloaded when it is not; false: it could not be);
 * - `put(url, body, headers)`: keep bytes under `url` (e.g. a copy the worker unpacked itself);
 * - `remove(url)`: forget it (a damaged copy).
 */
export function keeper(cacheName, fetchFile = fetch) {
  const underway = new Map(); // url → Promise<Response> of the network download
  const open = () => (cacheName && self.caches ? caches.open(cacheName) : Promise.resolve(null));

  async function cached(url) {
    try {
      const cache = await open();
      return cache ? await cache.match(url) : undefined;
    } catch {
      return undefined; // a damaged entry or a cache gone: the network then
    }
  }

  async function put(url, body, headers = {}) {
    try {
      const cache = await open();
      if (cache) await cache.put(url, body instanceof Response ? body : new Response(body, { headers }));
    } catch {
      // out of quota, say: the next visit downloads it again
    }
  }

  async function fetchKept(url) {
    const kept = await cached(url);
    if (kept) return kept;
    if (!underway.has(url)) {
      const entry = { spare: null, kept: null };
      entry.first = fetchFile(url).then((response) => {
        if (response.ok) {
          entry.spare = response.clone(); // for whoever asks meanwhile: the first caller reads the original
          entry.kept = put(url, response.clone()).finally(() => underway.delete(url));
        } else {
          underway.delete(url);
        }
        return response;
      }, (error) => {
        underway.delete(url);
        throw error;
      });
      underway.set(url, entry);
      return entry.first;
    }
    const entry = underway.get(url);
    const response = await entry.first;
    return entry.spare ? entry.spare.clone() : response;
  }

  async function keep(url) {
    if (await cached(url)) return true;
    const response = await fetchKept(url);
    if (!response.ok) return false;
    const entry = underway.get(url);
    await response.arrayBuffer(); // the whole body: the copy being put is whole then too
    await entry?.kept;
    return Boolean(await cached(url));
  }

  async function remove(url) {
    try {
      const cache = await open();
      if (cache) await cache.delete(url);
    } catch {
      // nothing kept, nothing to forget
    }
  }

  return { cached, fetch: fetchKept, keep, put, remove };
}
