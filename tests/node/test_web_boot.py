"""The worker's pure boot modules under Node: the snapshot's file format, the choice of boot."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.node

WEB = Path(__file__).resolve().parents[2] / "web"


def run(imports: dict[str, list[str]], body: str):
    """Run `body` with names imported from web/ modules; its printed JSON."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (Debian: apt-get install -y nodejs npm)")
    lines = [f"import {{ {', '.join(names)} }} from {json.dumps((WEB / module).as_uri())};"
             for module, names in imports.items()]
    done = subprocess.run([node, "--input-type=module", "-e", "\n".join([*lines, body])], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_packed_snapshot_leaves_out_the_pages_the_module_brings_and_gets_them_back():
    result = run({"snapshot.js": ["packSnapshot", "unpackSnapshot"]}, """
const page = 4096, heapOffset = 64;
const pristine = new Uint8Array(8 * page);            // a fresh instance: pages 1, 2 and 5 hold data
for (const p of [1, 2, 5]) pristine.fill(p + 1, p * page, (p + 1) * page);
const heap = pristine.slice();
heap[5 * page + 7] = 99;                               // page 5 changed since, page 6 written anew
heap.fill(9, 6 * page, 7 * page);
const snapshot = new Uint8Array(heapOffset + heap.length);
new Uint32Array(snapshot.buffer, 0, 2)[1] = heapOffset;
snapshot.set(heap, heapOffset);
const file = packSnapshot(snapshot, pristine);
const zeroed = [0, 1, 2, 3, 4, 5, 6, 7].filter((p) => file.subarray(file.length - heap.length + p * page,
  file.length - heap.length + (p + 1) * page).every((b) => b === 0));
const unpacked = unpackSnapshot(file);
const before = unpacked.image.every((b, i) => b === snapshot[i]);
unpacked.refill(pristine);
const after = unpacked.image.every((b, i) => b === snapshot[i]);
console.log(JSON.stringify({ pages: unpacked.pages, zeroed, before, after, aligned: unpacked.image.byteOffset % 4 }));
""")
    assert result == {"pages": 2, "zeroed": [0, 1, 2, 3, 4, 7], "before": False, "after": True, "aligned": 0}


def test_a_file_that_is_no_snapshot_is_refused_by_name():
    result = run({"snapshot.js": ["unpackSnapshot", "SnapshotError"]}, """
try {
  unpackSnapshot(new Uint8Array(100));
  console.log(JSON.stringify("read"));
} catch (error) {
  console.log(JSON.stringify({ ours: error instanceof SnapshotError, message: error.message }));
}
""")
    assert result == {"ours": True, "message": "not a pzl snapshot file"}


@pytest.mark.parametrize(("rate", "device_ms", "boot"), [
    (9e6 / 8, 5, "snapshot"),      # 4G on a desktop: 2 MB more is 2 s, a plain boot ~5 s of CPU
    (1.6e6 / 8, 5, "plain"),       # Slow 4G on a desktop: 2 MB more is 10 s
    (1.6e6 / 8, 25, "snapshot"),   # Slow 4G on a phone: a plain boot ~25 s of CPU
    (50e6 / 8, 25, "snapshot"),
    (None, 5, "snapshot"),         # the link's rate unknown (the rest came from a cache)
])
def test_the_quicker_boot_is_chosen_from_the_rate_and_the_devices_speed(rate, device_ms, boot):
    result = run({"boot-choice.js": ["chooseBoot"]}, f"""
console.log(JSON.stringify(chooseBoot({{ snapshotBytes: 3_060_000, plainBytes: 910_000, rate: {json.dumps(rate)},
  deviceMs: {device_ms} }})));""")
    assert result["boot"] == boot, result
    if rate:
        assert result["seconds"]["snapshot"] == pytest.approx(0.15 * device_ms + 3_060_000 / rate)
        assert "MB/s" in result["why"]


def test_a_cached_snapshot_is_always_restored():
    result = run({"boot-choice.js": ["chooseBoot"]}, """
console.log(JSON.stringify(chooseBoot({ snapshotBytes: 0, plainBytes: 910_000, rate: 1000, deviceMs: 1 })));""")
    assert (result["boot"], result["why"]) == ("snapshot", "the snapshot is cached")


def test_the_link_meter_gives_a_rate_once_enough_bytes_have_come():
    result = run({"boot-choice.js": ["linkMeter"]}, """
let now = 1000;
const meter = linkMeter(1000, () => now);
meter.add(600);
const early = meter.rate();
now = 1500;
meter.add(600);
console.log(JSON.stringify({ early, rate: meter.rate(), bytes: meter.bytes }));""")
    assert result == {"early": None, "rate": 2400, "bytes": 1200}


def test_wire_bytes_are_the_copy_the_server_sends():
    result = run({"boot-choice.js": ["wireBytes"]}, """
const build = { sizes: { "a.wasm": 100, "b.whl": 50 }, encodedSizes: { "a.wasm": { br: 20, gzip: 30 } } };
console.log(JSON.stringify([wireBytes(build, "a.wasm", "br"), wireBytes(build, "a.wasm", "gzip"),
  wireBytes(build, "a.wasm", null), wireBytes(build, "b.whl", "br"), wireBytes(build, "c", "br")]));""")
    assert result == [20, 30, 100, 50, 0]
