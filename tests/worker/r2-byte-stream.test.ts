/**
 * Reading R2 objects in workerd. The job reads its upload by ranges (a MiB each, freed
 * as the next is pulled, under the etag it first saw); other bodies are byte streams,
 * which source.ts reads into one reused 64 KB buffer (a BYOB reader) instead of a fresh
 * chunk per read that would wait for garbage collection inside the isolate's 128 MB.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { chunksOf, rangedChunks, READ_CHUNK_BYTES, READ_RANGE_BYTES } from '../../worker/engine/ingest/source';
import { r2RangeReader } from '../../worker/lib/r2-reader';

describe('reading an R2 body', () => {
  it('reads a 300 KB object into one reused 64 KB buffer, every byte in order', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 13) % 256);
    await env.FILES.put('tests/byte-stream.bin', bytes);
    const object = await env.FILES.get('tests/byte-stream.bin');
    if (!object) throw new Error('the object was not stored');
    let total = 0;
    const bufferSizes = new Set<number>();
    for await (const chunk of chunksOf(object.body)) {
      bufferSizes.add(chunk.buffer.byteLength);
      expect(chunk.length).toBeLessThanOrEqual(READ_CHUNK_BYTES);
      for (let i = 0; i < chunk.length; i++) if (chunk[i] !== bytes[total + i]) throw new Error(`byte ${total + i} differs`);
      total += chunk.length;
    }
    expect(total).toBe(300_000);
    expect([...bufferSizes]).toEqual([READ_CHUNK_BYTES]);
  });
});

describe('reading an R2 object by ranges', () => {
  const gone = () => new Error('The uploaded file could not be found. Please upload it again.');

  it('reads a 2.5 MiB object in 1 MiB ranges, handed on in 64 KB pieces, every byte in order', async () => {
    const bytes = new Uint8Array(2.5 * READ_RANGE_BYTES).map((_, i) => (i * 7 + (i >> 12)) % 256);
    await env.FILES.put('tests/ranges.bin', bytes);
    const object = await env.FILES.head('tests/ranges.bin');
    if (!object) throw new Error('the object was not stored');
    let total = 0;
    const pieceLengths = new Set<number>();
    const rangeLengths: number[] = [];
    let lastBuffer: ArrayBufferLike | null = null;
    for await (const chunk of rangedChunks(object.size, r2RangeReader(env.FILES, object, gone))) {
      if (chunk.buffer !== lastBuffer) rangeLengths.push(chunk.buffer.byteLength);
      lastBuffer = chunk.buffer;
      pieceLengths.add(chunk.length);
      for (let i = 0; i < chunk.length; i++) if (chunk[i] !== bytes[total + i]) throw new Error(`byte ${total + i} differs`);
      total += chunk.length;
    }
    expect(total).toBe(bytes.length);
    expect(rangeLengths).toEqual([READ_RANGE_BYTES, READ_RANGE_BYTES, READ_RANGE_BYTES / 2]);
    expect([...pieceLengths]).toEqual([READ_CHUNK_BYTES]);
  });

  it('fails with the given error when the object is replaced or deleted while it is read', async () => {
    await env.FILES.put('tests/replaced.bin', new Uint8Array(3 * READ_RANGE_BYTES));
    const object = await env.FILES.head('tests/replaced.bin');
    if (!object) throw new Error('the object was not stored');
    const read = async () => {
      for await (const chunk of rangedChunks(object.size, r2RangeReader(env.FILES, object, gone))) {
        // After the first range the file is replaced by another of the same size.
        if (chunk.length > 0) await env.FILES.put('tests/replaced.bin', new Uint8Array(3 * READ_RANGE_BYTES).fill(1));
      }
    };
    await expect(read()).rejects.toThrow('The uploaded file could not be found. Please upload it again.');

    const replaced = await env.FILES.head('tests/replaced.bin');
    if (!replaced) throw new Error('the object was not stored');
    await env.FILES.delete('tests/replaced.bin');
    await expect(r2RangeReader(env.FILES, replaced, gone)(0, 10)).rejects.toThrow(
      'The uploaded file could not be found. Please upload it again.',
    );
  });
});
