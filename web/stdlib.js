// Python's standard library on demand, for the solver worker. The site ships it in two zips
// (tools/stdlib.py): boot.zip (what Pyodide's boot and pzl import) and rest.zip (the rest). A
// plain boot mounts boot.zip as the standard library; a boot from the snapshot mounts an empty
// zip (everything the snapshot's interpreter has imported is in its memory). Either way a finder
// at the end of sys.meta_path fetches a zip the first time an import needs a module from it —
// synchronously, as imports are: a worker may block on an XMLHttpRequest.

/** An empty zip (its end-of-directory record alone): Pyodide's standard library when the snapshot has what it needs. */
export const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

/** Where Pyodide mounts the standard library (Python 3.14), and where rest.zip goes. */
export const STDLIB_FILE = "/lib/python314.zip";
const REST_FILE = "/lib/python314-rest.zip";

const FINDER = `
import importlib.machinery, sys, zipimport

class StdlibOnDemand:
    """Mounts a part of the standard library the first time an import needs one of its modules."""

    def __init__(self, parts, fetch):
        self.parts = [(file, url, frozenset(names)) for file, url, names in parts]
        self.fetch = fetch

    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        part = next((part for part in self.parts if top in part[2]), None)
        if part is None:
            return None
        file, url, _ = part
        try:
            data = self.fetch(url).to_bytes()
        except Exception as problem:
            raise ModuleNotFoundError(f"No module named {name!r}: the standard library's "
                                      f"{url.rsplit('/', 1)[-1]} could not be downloaded ({problem})", name=name)
        self.parts.remove(part)
        with open(file, "wb") as out:
            out.write(data)
        zipimport._zip_directory_cache.pop(file, None)
        for key in [key for key in sys.path_importer_cache if key == file or key.startswith(file + "/")]:
            del sys.path_importer_cache[key]
        if file not in sys.path:
            sys.path.append(file)
        return importlib.machinery.PathFinder.find_spec(name, path)

    def invalidate_caches(self):
        pass

def install(parts, fetch):
    sys.meta_path[:] = [finder for finder in sys.meta_path if type(finder).__name__ != "StdlibOnDemand"]
    sys.meta_path.append(StdlibOnDemand(parts.to_py(), fetch))

install
`;

/**
 * The parts of the standard library a booted interpreter does not have yet, as the finder takes
 * them: [[file, url, names]]. `bootMounted`: boot.zip is the mounted standard library (a plain boot).
 */
export function missingParts(build, siteURL, bootMounted) {
  const parts = [[REST_FILE, siteURL(build.stdlib.rest), build.stdlib.restNames]];
  if (!bootMounted) parts.unshift([STDLIB_FILE, siteURL(build.stdlib.boot), build.stdlib.bootNames]);
  return parts;
}

/**
 * Install the finder in `pyodide` for `parts` (see missingParts); `fetchNow(url)` returns a
 * file's bytes (a Uint8Array) synchronously, or throws.
 */
export function installStdlibOnDemand(pyodide, parts, fetchNow) {
  const install = pyodide.runPython(FINDER);
  try {
    install(parts, fetchNow);
  } finally {
    install.destroy();
  }
}

/** A file's bytes by a synchronous request (workers only): the finder's `fetchNow`. */
export function fetchNow(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`HTTP ${request.status}`);
  return new Uint8Array(request.response);
}
