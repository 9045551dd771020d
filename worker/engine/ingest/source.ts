/**
 * Byte sources: a web `ReadableStream` (R2, fetch) or any async iterable of chunks (Node
 * file streams, tests), read one chunk at a time with progress reporting.
 *
 * Memory: a Worker isolate is billed for its ArrayBuffers too, and read chunks that wait
 * for garbage collection once made up most of a 1M-row ingest's peak (about 120 MB in
 * the bench). So a byte stream (R2 bodies are one) is read with a BYOB reader into one
 * buffer that is reused for every read: at most READ_CHUNK_BYTES of input is in flight.
 * The contract that follows for every consumer: **a chunk is valid only until the next
 * one is pulled** (copy what must outlive it). A reused buffer is transferred on each
 * read, so a chunk kept by mistake reads as empty rather than as another chunk's bytes.
 */

import { release } from '../aggregate/growable';

export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** Size of the one reused read buffer for byte streams. */
export const READ_CHUNK_BYTES = 1 << 16;

/**
 * Iterates a source's chunks, skipping empty ones. Each chunk may be overwritten or
 * detached once the next is pulled.
 */
export async function* chunksOf(source: ByteSource, chunkBytes = READ_CHUNK_BYTES): AsyncGenerator<Uint8Array> {
  if (isReadableStream(source)) {
    const byob = byobReaderOf(source);
    if (byob) {
      yield* byobChunks(byob, chunkBytes);
      return;
    }
    const reader = source.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (value && value.length > 0) yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  for await (const chunk of source) if (chunk.length > 0) yield chunk;
}

/** A BYOB reader when the stream is a byte stream (R2 bodies, fetch bodies), else null. */
function byobReaderOf(source: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  try {
    return source.getReader({ mode: 'byob' });
  } catch {
    // Not a byte stream: the default reader hands out a fresh chunk per read.
    return null;
  }
}

/**
 * Reads into one buffer, reclaimed from each result and handed back to the next read, and
 * hands it on only once it is full (or the stream ended). A read returns what the socket
 * had, which from local R2 was about 4 KB: 31,000 chunks for a 129 MB upload, each paying
 * the pipeline's per-chunk cost; filled, they are 1,970, and the job read and ingested 1M
 * rows in 12.0 s instead of 13.1 s. (Reading the next chunk ahead into a second buffer
 * was tried and gained nothing: workerd runs a Durable Object's I/O on the thread that
 * runs its JavaScript.)
 */
async function* byobChunks(reader: ReadableStreamBYOBReader, chunkBytes: number): AsyncGenerator<Uint8Array> {
  let buffer: ArrayBuffer = new ArrayBuffer(chunkBytes);
  let filled = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read(new Uint8Array(buffer, filled, chunkBytes - filled));
      if (value) {
        buffer = value.buffer as ArrayBuffer;
        filled += value.length;
      }
      if (filled > 0 && (done || !value || filled === chunkBytes)) {
        yield new Uint8Array(buffer, 0, filled);
        filled = 0;
      }
      if (done || !value) return;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Size of each range of a ranged read (see rangedChunks). */
export const READ_RANGE_BYTES = 1 << 20;

/** Reads `length` bytes at `offset` into a fresh array that the caller then owns. */
export type ReadRange = (offset: number, length: number) => Promise<Uint8Array>;

/**
 * Reads `size` bytes as consecutive ranges, requesting each next range while the current
 * one is worked on, so a store's round trip hides behind the work (at most two ranges in
 * memory). A range is handed on in pieces of at most `chunkBytes`, because the tokenizer
 * copies each chunk into a buffer that grows to fit it; and it is freed (its buffer
 * detached, not left for the collector) once the piece after its last is pulled, which
 * keeps the chunk contract above.
 *
 * Why ranges: a streamed R2 body arrives in small reads, each a JavaScript round trip;
 * one `arrayBuffer()` per MiB is read natively. Locally a 129 MB upload streamed in
 * 6.4 s and read by 1 MiB ranges in 3.5 s (with 4 or 8 MiB ranges in 3.3 s, not worth
 * the memory).
 */
export async function* rangedChunks(
  size: number,
  readRange: ReadRange,
  rangeBytes = READ_RANGE_BYTES,
  chunkBytes = READ_CHUNK_BYTES,
): AsyncGenerator<Uint8Array> {
  const request = (offset: number): Promise<Uint8Array> => {
    const read = readRange(offset, Math.min(rangeBytes, size - offset));
    // Handled here too, so a read still in flight when the consumer stops rejects quietly.
    read.catch(() => undefined);
    return read;
  };
  let pending = size > 0 ? request(0) : null;
  for (let offset = 0; pending !== null; offset += rangeBytes) {
    const range = await pending;
    pending = offset + rangeBytes < size ? request(offset + rangeBytes) : null;
    try {
      for (let at = 0; at < range.length; at += chunkBytes) yield range.subarray(at, at + chunkBytes);
    } finally {
      release(range);
    }
  }
}

function isReadableStream(source: ByteSource): source is ReadableStream<Uint8Array> {
  return typeof (source as ReadableStream<Uint8Array>).getReader === 'function';
}

/**
 * Reads a whole source into one array, refusing more than `limit` bytes. With the
 * source's size (`expected`, an R2 object's), the bytes go straight into one array of
 * that size; otherwise the chunks are copied aside and joined at the end, which holds
 * them twice for a moment (a 49 MB workbook held 98 MB).
 */
export async function readAll(
  chunks: AsyncIterable<Uint8Array>,
  limit: number,
  onChunk: (bytes: number) => void,
  tooLarge: () => Error,
  expected?: number,
): Promise<Uint8Array> {
  if (expected !== undefined && expected > limit) throw tooLarge();
  // The known size, or copies joined at the end (also when the source turns out longer).
  let whole = expected !== undefined ? new Uint8Array(expected) : null;
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    if (total + chunk.length > limit) throw tooLarge();
    if (whole && total + chunk.length <= whole.length) whole.set(chunk, total);
    else {
      if (whole) parts.push(whole.subarray(0, total));
      whole = null;
      // A copy: the chunk's buffer is reused by the next read.
      parts.push(chunk.slice());
    }
    total += chunk.length;
    onChunk(total);
  }
  if (whole) return total === whole.length ? whole : whole.subarray(0, total);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
