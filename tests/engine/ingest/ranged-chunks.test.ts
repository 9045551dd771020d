/**
 * The job reads its upload by ranges (source.ts `rangedChunks`): the next range is asked
 * for while the current one is worked on, at most two are held, each is handed on in
 * small pieces and freed once the piece after its last is pulled, and the ingest sees
 * exactly the file's bytes.
 */
import { describe, expect, it } from 'vitest';
import { ingest } from '../../../worker/engine/ingest';
import { rangedChunks, type ReadRange } from '../../../worker/engine/ingest/source';

const fileOf = (length: number): Uint8Array => new Uint8Array(length).map((_, i) => (i * 31 + 7) % 251);

/** A range reader over `bytes` that records each request and how many were in flight at once. */
function recordingReader(bytes: Uint8Array) {
  const requests: [number, number][] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const read: ReadRange = async (offset, length) => {
    requests.push([offset, length]);
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight--;
    return bytes.slice(offset, offset + length);
  };
  return { read, requests, mostInFlight: () => mostInFlight };
}

describe('reading a file by ranges', () => {
  it('hands on every byte in order, in ranges of the given size and a shorter last one', async () => {
    const bytes = fileOf(10_500);
    const reader = recordingReader(bytes);
    const seen: number[] = [];
    for await (const chunk of rangedChunks(bytes.length, reader.read, 4096, 4096)) seen.push(...chunk);
    expect(seen).toEqual([...bytes]);
    expect(reader.requests).toEqual([
      [0, 4096],
      [4096, 4096],
      [8192, 2308],
    ]);
  });

  it('asks for the next range before the current one is worked on, and never more than one ahead', async () => {
    const reader = recordingReader(fileOf(5 * 1000));
    const requestedWhileWorking: number[] = [];
    for await (const chunk of rangedChunks(5000, reader.read, 1000, 1000)) {
      expect(chunk.length).toBe(1000);
      requestedWhileWorking.push(reader.requests.length);
    }
    // While range k (1-based) is handed on, ranges up to k + 1 have been asked for.
    expect(requestedWhileWorking).toEqual([2, 3, 4, 5, 5]);
    expect(reader.mostInFlight()).toBe(1);
  });

  it('hands a range on in pieces of at most the chunk size, all views of the one range', async () => {
    const bytes = fileOf(2500);
    const offsets: number[] = [];
    const seen: number[] = [];
    for await (const chunk of rangedChunks(bytes.length, recordingReader(bytes).read, 1000, 300)) {
      offsets.push(chunk.byteOffset);
      seen.push(...chunk);
    }
    expect(seen).toEqual([...bytes]);
    // 1000 = 300 + 300 + 300 + 100, twice, then 500 = 300 + 200.
    expect(offsets).toEqual([0, 300, 600, 900, 0, 300, 600, 900, 0, 300]);
  });

  it('frees each range once the piece after its last is pulled, so a piece kept by mistake reads as empty', async () => {
    const kept: Uint8Array[] = [];
    const lengthsWhenPulled: number[] = [];
    for await (const chunk of rangedChunks(3000, recordingReader(fileOf(3000)).read, 1000, 500)) {
      lengthsWhenPulled.push(chunk.length);
      kept.push(chunk);
    }
    expect(lengthsWhenPulled).toEqual([500, 500, 500, 500, 500, 500]);
    expect(kept.map((chunk) => chunk.length)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('reads nothing from an empty file', async () => {
    const reader = recordingReader(new Uint8Array(0));
    const chunks: Uint8Array[] = [];
    for await (const chunk of rangedChunks(0, reader.read)) chunks.push(chunk);
    expect(chunks).toEqual([]);
    expect(reader.requests).toEqual([]);
  });

  it("passes a read's failure on, and a failure of the range read ahead is not lost when the reader stops", async () => {
    const failing: ReadRange = async (offset) => {
      if (offset >= 2000) throw new Error('the store failed');
      return new Uint8Array(1000);
    };
    const pulled: number[] = [];
    await expect(
      (async () => {
        for await (const chunk of rangedChunks(4000, failing, 1000, 1000)) pulled.push(chunk.length);
      })(),
    ).rejects.toThrow('the store failed');
    expect(pulled).toEqual([1000, 1000]);
    // Stopping after the first range leaves the failing read ahead handled (no unhandled rejection).
    const failsAfterTheFirst: ReadRange = async (offset) => {
      if (offset > 0) throw new Error('the store failed');
      return new Uint8Array(1000);
    };
    for await (const chunk of rangedChunks(3000, failsAfterTheFirst, 1000, 1000)) {
      expect(chunk.length).toBe(1000);
      break;
    }
  });

  it('gives the ingest the same figures as reading the file in one piece', async () => {
    const lines = ['Invoice,Date,Customer,Quantity,UnitPrice'];
    let cents = 0;
    for (let i = 0; i < 4000; i++) {
      const quantity = (i % 7) + 1;
      const priceCents = 100 + ((i * 53) % 900);
      cents += quantity * priceCents;
      lines.push(
        `INV${Math.floor(i / 4)},2024-0${1 + (i % 9)}-1${i % 10},"Customer, ${i % 50}",${quantity},${(priceCents / 100).toFixed(2)}`,
      );
    }
    const bytes = new TextEncoder().encode(lines.join('\n'));
    // Ranges of 777 bytes, in pieces of 100, cut through records, quotes and the header.
    const aggregates = await ingest(rangedChunks(bytes.length, recordingReader(bytes).read, 777, 100), { fileName: 'ranges.csv' });
    expect(aggregates.profile.rowsRead).toBe(4000);
    expect(Math.round(aggregates.totals.revenue * 100)).toBe(cents);
    expect(aggregates.customers.count).toBe(50);
    expect(aggregates.totals.orders).toBe(1000);
  });
});
