// What the page's Python snapshot holds (bench/snapshot_contents.py runs this): its memory by
// region, the bytes each region costs compressed, and the live Python objects by type.
//
//   node bench/snapshot_contents.mjs SITE

import { brotliCompressSync, constants } from "node:zlib";
import { restoreSite } from "../tests/node/pyodide_pzl.mjs";

const { pyodide, build, snapshot, module } = await restoreSite(process.argv[2]);
// as shipped: the module's own pages zeros (restoreSite copied them back into the image)
const shipped = snapshot.image.slice();
const heapOffset = new Uint32Array(shipped.buffer, 0, 2)[1];
const zero = new Uint8Array(snapshot.pageSize);
for (const [first, count] of snapshot.runs) {
  for (let page = first; page < first + count; page++) shipped.set(zero, heapOffset + page * zero.length);
}
const full = snapshot.image.subarray(heapOffset);
const asShipped = shipped.subarray(heapOffset);
const stackEnd = module._emscripten_stack_get_end();
const stackBase = module._emscripten_stack_get_base();
const heapBase = module.___heap_base;
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9,
  [constants.BROTLI_PARAM_LGWIN]: 24 } }).length;
const nonZero = (bytes) => {
  let count = 0;
  for (let at = 0; at < bytes.length; at += 4096) if (bytes.subarray(at, at + 4096).some((b) => b !== 0)) count += 4096;
  return count;
};
const regions = [
  ["static data (the module's data segments, then changed)", 0, Math.min(stackEnd, heapBase)],
  ["C stack (10 MB)", stackEnd, stackBase],
  ["heap (malloc: the interpreter's objects)", Math.max(stackBase, heapBase), full.length],
].map(([name, from, to]) => ({
  name, bytes: to - from, nonZero: nonZero(full.subarray(from, to)), brotliWhole: brotli(full.subarray(from, to)),
  brotliShipped: brotli(asShipped.subarray(from, to)),
}));
const info = module._malloc(64);
module._mallinfo(info); // before the analysis below allocates
const [arena, , , , , , , used, free] = new Int32Array(module.HEAP8.buffer, info, 10);
const python = JSON.parse(pyodide.runPython(`
import gc, json, sys
from collections import Counter
gc.collect()
sizes, counts, seen = Counter(), Counter(), set()
todo = list(gc.get_objects()) + list(sys.modules.values())
while todo:
    thing = todo.pop()
    if id(thing) in seen:
        continue
    seen.add(id(thing))
    kind = type(thing).__name__
    sizes[kind] += sys.getsizeof(thing)
    counts[kind] += 1
    if kind == "code":
        todo += [thing.co_code, thing.co_linetable, thing.co_exceptiontable, *thing.co_consts, *thing.co_names]
    else:
        todo += gc.get_referents(thing)
modules = list(sys.modules)
json.dumps({"modules": len(modules), "pzl": sum(name.startswith("pzl") for name in modules),
            "optimize": sys.flags.optimize, "by_type": sizes.most_common(8),
            "counts": {kind: counts[kind] for kind, _ in sizes.most_common(8)}, "total": sum(sizes.values())})
`));
console.log(JSON.stringify({ memory: full.length, pagesFromWasm: snapshot.pages * 4096, regions, python,
  malloc: { arena, used, free }, fileBrotli: build.encodedSizes[build.snapshot] }));
