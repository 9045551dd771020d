/**
 * The Durable Object ingests R2 bodies; in workerd they are byte streams, so source.ts
 * reads them into one reused 64 KB buffer (a BYOB reader) instead of a fresh chunk per
 * read that would wait for garbage collection inside the isolate's 128 MB.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { chunksOf, READ_CHUNK_BYTES } from '../../worker/engine/ingest/source';

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
