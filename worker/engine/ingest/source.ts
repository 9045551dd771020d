/**
 * Byte sources: a web `ReadableStream` (R2, fetch) or any async iterable of chunks (Node
 * file streams, tests), read one chunk at a time with progress reporting.
 */

export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** Iterates a source's chunks, skipping empty ones. */
export async function* chunksOf(source: ByteSource): AsyncGenerator<Uint8Array> {
  if (isReadableStream(source)) {
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

function isReadableStream(source: ByteSource): source is ReadableStream<Uint8Array> {
  return typeof (source as ReadableStream<Uint8Array>).getReader === 'function';
}

/** Reads a whole source into one array, refusing more than `limit` bytes. */
export async function readAll(
  chunks: AsyncIterable<Uint8Array>,
  limit: number,
  onChunk: (bytes: number) => void,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > limit) throw tooLarge();
    parts.push(chunk);
    onChunk(total);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
