/**
 * The job hands the Parquet snapshot on piece by piece (to R2) instead of keeping it
 * whole. The pieces must make the very same file the in-memory writer makes (expected
 * bytes come from that writer, a separate code path), and a snapshot read by ranges into
 * one reused scratch buffer, as the job and chat read R2, must scan to the same rows as
 * one read whole.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../../scripts/generate-b2b-csv';
import { ingest } from '../../../worker/engine/ingest';
import type { Snapshot } from '../../../worker/engine/snapshot/columns';
import { openParquetSnapshot, readParquetSnapshot, scratchOf, type ReadScratch } from '../../../worker/engine/snapshot/parquet-read';
import { parquetSnapshot } from '../../../worker/engine/snapshot/parquet-write';
import { fileStream } from '../ingest/helpers';
import { scratchDir } from '../helpers/scratch';

/** Every row of a snapshot as one line of its columns. */
async function rowsOf(snapshot: Snapshot): Promise<string[]> {
  const rows: string[] = [];
  for await (const g of snapshot.groups()) {
    for (let i = 0; i < g.rows; i++) rows.push([g.day[i], g.amount[i], g.cost[i], g.order[i], ...g.dims.map((d) => d[i])].join(','));
  }
  return rows;
}

describe('the Parquet snapshot handed on in pieces', async () => {
  // 230,000 rows: five row groups of up to 50,000.
  const path = join(scratchDir('tally-stream-'), 'b2b.csv');
  generateB2bCsv(230_000, path);
  const whole = parquetSnapshot();
  await ingest(fileStream(path), { fileName: 'b2b.csv', snapshot: whole.consumer });
  const pieces: Uint8Array[] = [];
  // Copied as they come: the receiver of the job's pieces (PartWriter) copies too.
  const streamed = parquetSnapshot((piece) => pieces.push(piece.slice()));
  await ingest(fileStream(path), { fileName: 'b2b.csv', snapshot: streamed.consumer });
  const joined = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  pieces.reduce((offset, p) => (joined.set(p, offset), offset + p.length), 0);

  it('makes exactly the bytes of the file written whole', () => {
    expect(joined.length).toBe(whole.bytes().length);
    expect(Buffer.from(joined).equals(Buffer.from(whole.bytes()))).toBe(true);
  });

  it('refuses bytes() once handed on', () => {
    expect(() => streamed.bytes()).toThrow('handed on in pieces');
  });

  it('scans to the same 230,000 rows when read by ranges into one scratch buffer as when read whole', async () => {
    const bytes = whole.bytes();
    const scratches = new Set<ReadScratch>();
    let reads = 0;
    const ranged = await openParquetSnapshot({
      byteLength: bytes.length,
      read(start, end, scratch) {
        reads++;
        const out = scratchOf(scratch, end - start);
        out.set(bytes.subarray(start, end));
        if (scratch) scratches.add(scratch);
        return out;
      },
    });
    const expected = await rowsOf(readParquetSnapshot(bytes));
    expect(expected.length).toBe(230_000);
    expect(await rowsOf(ranged)).toEqual(expected);
    // The footer plus one read per row group, the row groups all into the scan's one scratch.
    expect(reads).toBeGreaterThanOrEqual(1 + 3);
    expect(scratches.size).toBe(1);
  });

  it('keeps two scans of one snapshot apart when they interleave', async () => {
    const bytes = whole.bytes();
    const ranged = await openParquetSnapshot({
      byteLength: bytes.length,
      async read(start, end, scratch) {
        // Filled before the wait, as an R2 body fills the buffer across awaits: a buffer
        // shared by the two scans would be overwritten by the other scan meanwhile.
        const out = scratchOf(scratch, end - start);
        out.set(bytes.subarray(start, end));
        await new Promise((resolve) => setTimeout(resolve, 1));
        return out;
      },
    });
    const [a, b] = await Promise.all([rowsOf(ranged), rowsOf(ranged)]);
    const expected = await rowsOf(readParquetSnapshot(bytes));
    expect(a).toEqual(expected);
    expect(b).toEqual(expected);
  });
});
