/**
 * Byte streams (R2 bodies are one) are read through a BYOB reader into one reused buffer,
 * filled before it is handed on, so that read chunks never pile up waiting for garbage
 * collection and a socket's small reads don't each cost a pass through the pipeline. These tests feed a
 * byte stream that answers each read with only a few bytes, so the 64 KB head and every
 * record span many reads of the same buffer: nothing may be lost or overwritten.
 */
import { describe, expect, it } from 'vitest';
import { ingest } from '../../../worker/engine/ingest';
import { chunksOf, READ_CHUNK_BYTES } from '../../../worker/engine/ingest/source';

/** A byte stream over `bytes` that fills at most `step` bytes per read (BYOB or default). */
function byteStream(bytes: Uint8Array, step: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    type: 'bytes',
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        controller.byobRequest?.respond(0);
        return;
      }
      const request = controller.byobRequest;
      if (!request?.view) throw new Error('expected a BYOB read');
      const view = new Uint8Array(request.view.buffer, request.view.byteOffset, request.view.byteLength);
      const n = Math.min(step, view.length, bytes.length - offset);
      view.set(bytes.subarray(offset, offset + n));
      offset += n;
      request.respond(n);
    },
  });
}

/** 3,000 invoice lines with a quoted, comma-holding name: about 150 KB, over two heads. */
function invoiceLines(): { csv: string; revenue: number; customers: number; orders: number } {
  const lines = ['Invoice,Date,Customer,Name,Quantity,UnitPrice'];
  let cents = 0;
  for (let i = 0; i < 3000; i++) {
    const quantity = (i % 9) + 1;
    const priceCents = 150 + ((i * 37) % 1000);
    cents += quantity * priceCents;
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`INV${Math.floor(i / 3)},2024-03-${day},C${i % 40},"Kunde ${i % 40}, GmbH",${quantity},${(priceCents / 100).toFixed(2)}`);
  }
  return { csv: `${lines.join('\n')}\n`, revenue: cents / 100, customers: 40, orders: 1000 };
}

describe('reading a byte stream with one reused buffer', () => {
  it('yields every byte in order, each chunk filled from several reads into the same reused buffer', async () => {
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 7) % 251);
    const seen: number[] = [];
    const lengths: number[] = [];
    const buffers = new Set<number>();
    let total = 0;
    for await (const chunk of chunksOf(byteStream(bytes, 40_000), 50_000)) {
      expect(chunk.byteOffset).toBe(0);
      buffers.add(chunk.buffer.byteLength);
      seen.push(chunk[0]);
      lengths.push(chunk.length);
      for (let i = 0; i < chunk.length; i++) if (chunk[i] !== bytes[total + i]) throw new Error(`byte ${total + i} differs`);
      total += chunk.length;
    }
    expect(total).toBe(200_000);
    expect([...buffers]).toEqual([50_000]);
    // Reads of 40,000 bytes fill 50,000-byte chunks: a chunk is handed on only when full.
    expect(lengths).toEqual([50_000, 50_000, 50_000, 50_000]);
    expect(seen).toEqual([0, (50_000 * 7) % 251, (100_000 * 7) % 251, (150_000 * 7) % 251]);
  });

  it('reads at most READ_CHUNK_BYTES per chunk', async () => {
    const sizes: number[] = [];
    for await (const chunk of chunksOf(byteStream(new Uint8Array(200_000), 1 << 20))) sizes.push(chunk.length);
    expect(READ_CHUNK_BYTES).toBe(65_536);
    expect(sizes).toEqual([65_536, 65_536, 65_536, 200_000 - 3 * 65_536]);
  });

  it('ingests a CSV read a few hundred bytes at a time to the same totals as a plain sum over its rows', async () => {
    const { csv, revenue, customers, orders } = invoiceLines();
    const aggregates = await ingest(byteStream(new TextEncoder().encode(csv), 333), { fileName: 'lines.csv' });
    expect(aggregates.profile.rowsRead).toBe(3000);
    expect(aggregates.profile.rowsRejected).toBe(0);
    expect(aggregates.totals.revenue).toBeCloseTo(revenue, 6);
    expect(aggregates.customers.count).toBe(customers);
    expect(aggregates.totals.orders).toBe(orders);
    expect(aggregates.customers.names[0]).toBe('Kunde 0, GmbH');
  });
});
