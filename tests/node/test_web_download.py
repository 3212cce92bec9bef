"""web/download.js under Node: every byte reported, a failure named, gzip only when it is gzip."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.node

MODULE = (Path(__file__).resolve().parents[2] / "web" / "download.js").as_uri()


def run(body: str):
    """Run `body` with download.js's exports in scope and a fake `serve(bytes, status)` fetch; its printed JSON."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (Debian: apt-get install -y nodejs npm)")
    script = f"""
import {{ download, DownloadError, gunzipped, megabytes }} from {json.dumps(MODULE)};
const serve = (bytes, status = 200) => async (url) => {{
  const stream = new ReadableStream({{ start(controller) {{
    for (let at = 0; at < bytes.length; at += 1000) controller.enqueue(bytes.slice(at, at + 1000));
    controller.close();
  }} }});
  const response = new Response(stream, {{ status }});
  Object.defineProperty(response, "url", {{ value: String(url) }});
  return response;
}};
{body}
"""
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_download_reports_every_piece_and_returns_the_whole_file():
    result = run("""
const bytes = Uint8Array.from({ length: 4500 }, (_, i) => i % 251);
const pieces = [];
const got = await download("http://site/file.bin", (count) => pieces.push(count), serve(bytes));
console.log(JSON.stringify({ pieces, same: got.length === bytes.length && got.every((b, i) => b === bytes[i]) }));
""")
    assert result == {"pieces": [1000, 1000, 1000, 1000, 500], "same": True}


def test_a_failed_download_names_the_file_and_the_status():
    result = run("""
try {
  await download("http://site/pyodide/pyodide.asm.wasm", () => {}, serve(new Uint8Array(0), 404));
  console.log(JSON.stringify("no error"));
} catch (error) {
  console.log(JSON.stringify({ download: error instanceof DownloadError, message: error.message }));
}
""")
    assert result == {"download": True, "message": "pyodide.asm.wasm could not be downloaded (HTTP 404)"}


def test_gunzipped_unzips_gzip_and_passes_anything_else_through():
    packed = list(gzip.compress(b"snapshot " * 100))
    result = run(f"""
const unzipped = await gunzipped(Uint8Array.from({json.dumps(packed)}));
const plain = await gunzipped(Uint8Array.from([1, 2, 3]));
console.log(JSON.stringify({{ text: new TextDecoder().decode(unzipped).slice(0, 18), plain: [...plain],
                             mb: megabytes(12_345_678) }}));
""")
    assert result == {"text": "snapshot snapshot ", "plain": [1, 2, 3], "mb": "12.3"}
