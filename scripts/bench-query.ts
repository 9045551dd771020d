/**
 * The query_data phase of `npm run bench`: ingest again with the Parquet snapshot
 * attached (its overhead over the plain ingest; target < 30%), the snapshot's size, and
 * two queries over it (engine time, target < 400 ms at 1M rows; peak heap + ArrayBuffers
 * while querying, target < 64 MB above the baseline).
 */
import { createReadStream } from 'node:fs';
import { ingest } from '../worker/engine/ingest';
import { QuerySpecSchema, runQuery } from '../worker/engine/query';
import { parquetSnapshot } from '../worker/engine/snapshot/parquet-write';
import type { Snapshot } from '../worker/engine/snapshot/columns';
import { memorySnapshot } from '../worker/engine/snapshot/memory';
import { readParquetSnapshot } from '../worker/engine/snapshot/parquet-read';

const MB = 1048576;

/** Prints one `query:` line; `ingestSeconds` is the plain ingest's wall time. */
export async function benchQuery(path: string, ingestSeconds: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const parquet = parquetSnapshot();
  const started = performance.now();
  await ingest(createReadStream(path, { highWaterMark: 1 << 16 }), { fileName: 'b2b.csv', snapshot: parquet.consumer });
  const withSnapshot = (performance.now() - started) / 1000;
  const bytes = parquet.bytes();
  gc?.();
  const base = process.memoryUsage();
  let peak = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers);
  };
  const parquetRows = readParquetSnapshot(bytes);
  // Sampled as each row group arrives: the scan is CPU-bound, so a timer would never fire.
  const snapshot: Snapshot = {
    meta: parquetRows.meta,
    async *groups(needs) {
      // Passes the scan's column needs on, as runQuery's own scans do.
      for await (const g of parquetRows.groups(needs)) {
        sample();
        yield g;
      }
    },
  };
  const memory = memorySnapshot();
  const year = new Date(snapshot.meta.lastDay * 86_400_000).getUTCFullYear();
  const specs = [
    { measures: ['revenue', 'orders', 'customers'], groupBy: ['month'], period: { from: `${year}-01-01`, to: `${year}-12-31` } },
    { measures: ['grossProfit'], groupBy: ['customer'], limit: 10 },
  ];
  const times: number[] = [];
  for (const input of specs) {
    const t = performance.now();
    await runQuery(snapshot, QuerySpecSchema.parse(input));
    times.push(performance.now() - t);
    sample();
  }
  // The same query over the in-memory snapshot: engine scan time without Parquet decoding.
  await ingest(createReadStream(path, { highWaterMark: 1 << 16 }), { fileName: 'b2b.csv', snapshot: memory.consumer });
  const t = performance.now();
  await runQuery(memory.snapshot(), QuerySpecSchema.parse(specs[0]));
  const inMemoryMs = performance.now() - t;
  console.log(
    `query: snapshotMB=${(bytes.byteLength / 1e6).toFixed(1)} ingestWithSnapshotSeconds=${withSnapshot.toFixed(3)} ` +
      `snapshotOverheadPct=${(((withSnapshot - ingestSeconds) / ingestSeconds) * 100).toFixed(0)} (target < 30) ` +
      `monthlyQueryMs=${times[0].toFixed(0)} topCustomersQueryMs=${times[1].toFixed(0)} (target < 400) ` +
      `monthlyQueryInMemoryMs=${inMemoryMs.toFixed(0)} queryPeakMB=${(peak / MB).toFixed(1)} (heap + ArrayBuffers above baseline, target < 64)`,
  );
}
