// Which boot is quicker here: restoring the snapshot (more bytes, ~1 s of CPU) or starting
// Python from scratch (fewer bytes, many seconds of CPU: ~9 s on a 2-core desktop under load,
// ~25 s on a phone). Decided from what is measured: the link's rate while the runtime downloads
// (both boots need it) and the device's speed by a short CPU test, against the bytes on the wire
// each boot still needs (build.json's compressed sizes). Pure: the worker feeds it.

/**
 * Seconds a plain boot (compile the WebAssembly, start Python, install the wheel, import pzl.api)
 * and a restore (compile, copy the snapshot in) take after their downloads, per millisecond of
 * `deviceMilliseconds()`: measured in headless Chromium on the 2-core machine of docs/web.md's
 * figures, at two loads (the test took 5.1 and 10.0 ms; a plain boot 5.0 and 9.2 s, a restore
 * 1.0 s); the test slows down with the machine as the boot does.
 */
const PLAIN_BOOT_SECONDS_PER_MS = 0.95;
const RESTORE_SECONDS_PER_MS = 0.15;

/** A short, fixed CPU test: the fastest of a few runs, in milliseconds (5 ms on a desktop, 25 ms in all). */
export function deviceMilliseconds(runs = 5) {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    mix(4_000_000);
    best = Math.min(best, performance.now() - started);
  }
  return Math.max(best, 0.5);
}

function mix(steps) {
  let hash = 0x811c9dc5 | 0;
  const table = new Int32Array(4096);
  for (let step = 0; step < steps; step++) {
    hash = Math.imul(hash ^ step, 16777619);
    table[step & 4095] += hash >>> 27;
  }
  return hash + table[7];
}

/**
 * The bytes a link has carried over time: `add(bytes)` as they arrive; `rate()` in bytes a
 * second since the first byte (null until `minBytes` have come); `bytes` so far.
 */
export function linkMeter(minBytes = 400_000, now = () => performance.now()) {
  let first = null;
  let last = null;
  let bytes = 0;
  return {
    add(count) {
      const time = now();
      if (first === null) first = time;
      last = time;
      bytes += count;
    },
    rate() {
      if (bytes < minBytes || last === null || last - first <= 0) return null;
      return bytes / ((last - first) / 1000);
    },
    get bytes() {
      return bytes;
    },
  };
}

/**
 * {boot: "snapshot" | "plain", seconds: {snapshot, plain}, why}: the quicker boot for bytes still
 * to download (`snapshotBytes`, `plainBytes`; 0 for what is cached) at `rate` (bytes a second;
 * null when unknown, e.g. everything else came from a cache: the snapshot then) on a device
 * whose CPU test took `deviceMs`.
 */
export function chooseBoot({ snapshotBytes, plainBytes, rate, deviceMs }) {
  const seconds = {
    snapshot: RESTORE_SECONDS_PER_MS * deviceMs + (rate ? snapshotBytes / rate : 0),
    plain: PLAIN_BOOT_SECONDS_PER_MS * deviceMs + (rate ? plainBytes / rate : 0),
  };
  const boot = snapshotBytes === 0 || !rate || seconds.snapshot <= seconds.plain ? "snapshot" : "plain";
  const why = snapshotBytes === 0 ? "the snapshot is cached"
    : !rate ? "the link's rate is unknown"
      : `about ${seconds.snapshot.toFixed(1)} s against ${seconds.plain.toFixed(1)} s `
        + `(${(rate / 1e6).toFixed(2)} MB/s, CPU test ${deviceMs.toFixed(1)} ms)`;
  return { boot, seconds, why };
}

/**
 * Bytes on the wire for `path` of the build: its brotli or gzip copy's size when the server
 * sends that coding (`coding`, from a response's Content-Encoding), else its size.
 */
export function wireBytes(build, path, coding) {
  const size = build.sizes?.[path] ?? 0;
  return (coding && build.encodedSizes?.[path]?.[coding]) || size;
}
