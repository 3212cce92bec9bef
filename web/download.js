// Downloads that say how far they have come: every byte is reported as it arrives, so the
// page can show "3.2 / 13.6 MB" and tell a slow link (bytes still coming) from a stalled one.
// Used by the solver worker for the runtime files and for data a request needs later.

/** A file could not be downloaded; the message names it and why. */
export class DownloadError extends Error {}

/**
 * GET `url` as bytes, calling `onBytes(count)` for each piece as it arrives.
 * `fetchFile` is the fetch to use (the worker passes its counting-free original).
 */
export async function download(url, onBytes, fetchFile = fetch) {
  const response = await get(url, fetchFile);
  const pieces = [];
  let size = 0;
  await readAll(response.body, (piece) => {
    pieces.push(piece);
    size += piece.byteLength;
    onBytes(piece.byteLength);
  });
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}

/** `bytes` as gzip-decompressed bytes when they start with gzip's magic number, else as they are. */
export async function gunzipped(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // a host may have decoded it already
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Megabytes with one decimal: 1234567 → "1.2". */
export function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

async function get(url, fetchFile) {
  let response;
  try {
    response = await fetchFile(url);
  } catch (error) {
    throw new DownloadError(`${fileName(url)} could not be downloaded (${error.message || "network error"})`);
  }
  if (!response.ok) throw new DownloadError(`${fileName(url)} could not be downloaded (HTTP ${response.status})`);
  return response;
}

/** Read a body stream to its end, calling `onPiece(bytes)` for each piece as it arrives. */
export async function readAll(body, onPiece) {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onPiece(value);
  }
}

function fileName(url) {
  try {
    return new URL(url).pathname.split("/").pop() || url;
  } catch {
    return url; // not an absolute URL
  }
}
