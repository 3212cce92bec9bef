// The page's Python snapshot as shipped: Pyodide's memory snapshot without the pages the
// WebAssembly module itself holds. A fresh instance of pyodide.asm.wasm starts with its data
// segments in memory (3.4 MB, mostly unchanged by the time the snapshot is taken), so the build
// leaves those pages out (zeros, which cost nothing compressed) and the worker copies them back
// from the instance's own memory before Pyodide restores the snapshot. Written by the build
// (tools/snapshot.mjs, under Node), read by the worker and the Node tests.
//
// Layout: "PZLSNAP1", the header's length (uint32, little-endian), the header (JSON: pageSize,
// heapOffset — where Pyodide's snapshot keeps the memory — and fromWasm, the runs of pages
// [first, count] to copy back), zero padding to a multiple of 16, then Pyodide's snapshot.

const MAGIC = "PZLSNAP1";
const PAGE_SIZE = 4096;

/** A snapshot file's bytes could not be read as one. */
export class SnapshotError extends Error {}

/**
 * Pack Pyodide's snapshot (`makeMemorySnapshot()`'s bytes) for shipping, given `pristine`, the
 * memory of a fresh instance of the same WebAssembly module: every page equal to the fresh
 * instance's (and not all zero) is zeroed and listed. Returns the file's bytes.
 */
export function packSnapshot(snapshot, pristine) {
  const heapOffset = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  const image = snapshot.slice();
  const heap = image.subarray(heapOffset);
  const runs = [];
  const pages = Math.floor(Math.min(heap.length, pristine.length) / PAGE_SIZE);
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE_SIZE;
    if (!samePage(heap, pristine, start) || isZero(pristine, start)) continue;
    heap.fill(0, start, start + PAGE_SIZE);
    const last = runs.at(-1);
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  const header = new TextEncoder().encode(JSON.stringify({ pageSize: PAGE_SIZE, heapOffset, fromWasm: runs }));
  const start = Math.ceil((MAGIC.length + 4 + header.length) / 16) * 16;
  const file = new Uint8Array(start + image.length);
  file.set(new TextEncoder().encode(MAGIC));
  new DataView(file.buffer).setUint32(MAGIC.length, header.length, true);
  file.set(header, MAGIC.length + 4);
  file.set(image, start);
  return file;
}

/**
 * Read a shipped snapshot. Returns {image, pages, runs, pageSize, refill(memory)}: `image` is
 * what Pyodide's `_loadSnapshot` takes (still without the module's pages), `pages` how many pages
 * come from the module (`runs` of them: [first, count]), and `refill(memory)` copies them from a
 * fresh instance's memory (a Uint8Array over it, before Pyodide restores the image) into `image`.
 */
export function unpackSnapshot(file) {
  if (file.length < MAGIC.length + 4 || new TextDecoder().decode(file.subarray(0, MAGIC.length)) !== MAGIC) {
    throw new SnapshotError("not a pzl snapshot file");
  }
  const length = new DataView(file.buffer, file.byteOffset).getUint32(MAGIC.length, true);
  const header = JSON.parse(new TextDecoder().decode(file.subarray(MAGIC.length + 4, MAGIC.length + 4 + length)));
  const start = Math.ceil((MAGIC.length + 4 + length) / 16) * 16;
  // Pyodide reads the image as 32-bit words: it must start at a multiple of 4 in its buffer.
  const image = (file.byteOffset + start) % 4 === 0 ? file.subarray(start) : file.slice(start);
  const { pageSize, heapOffset, fromWasm } = header;
  return {
    image,
    pages: fromWasm.reduce((sum, [, count]) => sum + count, 0),
    runs: fromWasm,
    pageSize,
    refill(memory) {
      for (const [first, count] of fromWasm) {
        const from = first * pageSize;
        const to = from + count * pageSize;
        if (to > memory.length || heapOffset + to > image.length) throw new SnapshotError("the snapshot does not fit this runtime");
        image.set(memory.subarray(from, to), heapOffset + from);
      }
    },
  };
}

function samePage(a, b, start) {
  for (let at = start; at < start + PAGE_SIZE; at++) if (a[at] !== b[at]) return false;
  return true;
}

function isZero(bytes, start) {
  for (let at = start; at < start + PAGE_SIZE; at++) if (bytes[at] !== 0) return false;
  return true;
}
