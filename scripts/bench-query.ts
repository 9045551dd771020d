/**
 * The query_data phases of `npm run bench`:
 * - `benchSnapshotWrite`: ingest again with the Parquet snapshot attached, against the
 *   plain ingest (target: under 30% more), and the snapshot's size; the file is kept in
 *   `.bench/` for the query phase and for `--query-only` runs.
 * - `benchQueries`: three queries over that file, read by byte ranges one row group at a
 *   time as the Worker reads it from R2: engine time (target under 400 ms at 1M rows) and
 *   the peak of heap + ArrayBuffers while querying (target under 64 MB at 5M rows).
 *
 * The machine is shared, so every time is given as wall and CPU (process.cpuUsage), each
 * the minimum of several repeats, with the load average.
 */
import { createReadStream, existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { ingest } from '../worker/engine/ingest';
import { QuerySpecSchema, runQuery, type QuerySpecInput } from '../worker/engine/query';
import type { Snapshot } from '../worker/engine/snapshot/columns';
import { openParquetSnapshot } from '../worker/engine/snapshot/parquet-read';
import { parquetSnapshot } from '../worker/engine/snapshot/parquet-write';
import { fileSource } from './file-source';
import { settle } from './memory-probe';

const MB = 1048576;
const REPEATS = 5;

/** The plain ingest's wall and CPU seconds, to compare the snapshot ingest with. */
export interface IngestTime {
  seconds: number;
  cpuSeconds: number;
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const load = (): string => loadavg()[0].toFixed(1);

/** Where the bench keeps the snapshot of a bench CSV. */
export function snapshotPathOf(csvPath: string): string {
  return csvPath.replace(/\.csv$/, '.parquet');
}

/** Wall and CPU seconds of one ingest of `csvPath`, with the Parquet snapshot attached or not. */
async function timedIngest(csvPath: string, withSnapshot: boolean): Promise<IngestTime & { bytes: Uint8Array | null }> {
  gc();
  const parquet = withSnapshot ? parquetSnapshot() : null;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  // Infinity: this writes the snapshot the query phase reads (5M rows for `--query-only`);
  // the job's state budget is what the bench's ingest phase measures.
  await ingest(createReadStream(csvPath, { highWaterMark: 1 << 16 }), {
    fileName: 'b2b.csv',
    snapshot: parquet?.consumer,
    stateBudget: Infinity,
  });
  const cpu = process.cpuUsage(cpuStarted);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, bytes: parquet?.bytes() ?? null };
}

/**
 * Ingests `csvPath` with the Parquet snapshot attached, alternating with plain ingests
 * when `compare` (`repeats` of each), writes the snapshot and prints one `snapshot:` line
 * with the minimum of each. Without `compare`, ingests once.
 */
export async function benchSnapshotWrite(csvPath: string, compare: boolean, repeats = 2): Promise<void> {
  const plains: IngestTime[] = [];
  const snapshots: IngestTime[] = [];
  let bytes: Uint8Array | null = null;
  for (let r = 0; r < (compare ? repeats : 1); r++) {
    const timed = await timedIngest(csvPath, true);
    bytes = timed.bytes;
    snapshots.push(timed);
    if (compare) plains.push(await timedIngest(csvPath, false));
  }
  if (!bytes) return;
  writeFileSync(snapshotPathOf(csvPath), bytes);
  const min = (times: IngestTime[], key: keyof IngestTime): number => Math.min(...times.map((t) => t[key]));
  const overhead = (key: keyof IngestTime): string => (((min(snapshots, key) - min(plains, key)) / min(plains, key)) * 100).toFixed(0);
  console.log(
    `snapshot: sizeMB=${(bytes.byteLength / 1e6).toFixed(1)} ingestWithSnapshot minSeconds=${min(snapshots, 'seconds').toFixed(3)} minCpuSeconds=${min(snapshots, 'cpuSeconds').toFixed(3)}` +
      (compare
        ? ` plainIngest minSeconds=${min(plains, 'seconds').toFixed(3)} minCpuSeconds=${min(plains, 'cpuSeconds').toFixed(3)} ` +
          `overheadPct wall=${overhead('seconds')} cpu=${overhead('cpuSeconds')} (target < 30; ${snapshots.length} + ${plains.length} runs)`
        : '') +
      ` load=${load()}`,
  );
}

/** The bench's queries for a snapshot: a monthly trend, top customers, a filtered period comparison. */
function specsOf(snapshot: Snapshot): [string, QuerySpecInput][] {
  // The last full year before the file's last day, and its first half against the year before.
  const year = new Date((snapshot.meta.lastDay - 364) * 86_400_000).getUTCFullYear();
  return [
    [
      'monthly',
      { measures: ['revenue', 'orders', 'customers'], groupBy: ['month'], period: { from: `${year}-01-01`, to: `${year}-12-31` } },
    ],
    ['topCustomers', { measures: ['grossProfit'], groupBy: ['customer'], limit: 10 }],
    [
      'filteredCompare',
      {
        measures: ['revenue', 'orders', 'customers'],
        groupBy: ['region'],
        filters: [{ dimension: 'category', values: ['Hydraulics', 'Tools'] }],
        period: { from: `${year}-01-01`, to: `${year}-06-30` },
        compareTo: { from: `${year - 1}-01-01`, to: `${year - 1}-06-30` },
      },
    ],
  ];
}

/** Runs each query REPEATS times over the snapshot file; prints one `query:` line each and a memory line. */
export async function benchQueries(snapshotPath: string): Promise<void> {
  if (!existsSync(snapshotPath)) throw new Error(`No snapshot at ${snapshotPath}: run the bench without --query-only first.`);
  // What the bench held before (the aggregates, the snapshot pass) is freed first, so
  // the baseline is what stays, not garbage a later sweep takes.
  await settle();
  const base = process.memoryUsage();
  let peak = 0;
  let peakAbsolute = 0;
  let parts = '';
  const sample = (): void => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers);
    if (m.heapUsed + m.arrayBuffers <= peakAbsolute) return;
    peakAbsolute = m.heapUsed + m.arrayBuffers;
    parts = `heapUsedMB=${(m.heapUsed / MB).toFixed(1)} arrayBuffersMB=${(m.arrayBuffers / MB).toFixed(1)}`;
  };
  const source = fileSource(snapshotPath);
  const file = await openParquetSnapshot(source);
  let collectFirst = false;
  // Sampled as each row group arrives: the scan is CPU-bound, so a timer would never fire.
  // With `collectFirst` (one extra run of each query, untimed) a GC runs before each
  // sample, so the peak is what the query holds, not what the collector has yet to free.
  const snapshot: Snapshot = {
    meta: file.meta,
    async *groups(needs) {
      for await (const g of file.groups(needs)) {
        if (collectFirst) gc();
        sample();
        yield g;
      }
    },
  };
  sample();
  for (const [name, input] of specsOf(snapshot)) {
    const spec = QuerySpecSchema.parse(input);
    let wall = Infinity;
    let cpu = Infinity;
    let rows = 0;
    for (let r = 0; r < REPEATS; r++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const result = await runQuery(snapshot, spec);
      const used = process.cpuUsage(cpuStarted);
      wall = Math.min(wall, performance.now() - started);
      cpu = Math.min(cpu, (used.user + used.system) / 1000);
      rows = result.rows.length;
      sample();
    }
    console.log(
      `query: ${name} rows=${snapshot.meta.rows} resultRows=${rows} minWallMs=${wall.toFixed(0)} minCpuMs=${cpu.toFixed(0)} (target < 400) load=${load()}`,
    );
  }
  const report = (): string => `peakMB=${(peakAbsolute / MB).toFixed(1)} (${parts}) aboveBaselineMB=${(peak / MB).toFixed(1)}`;
  const uncollected = report();
  collectFirst = true;
  peak = peakAbsolute = 0;
  for (const [, input] of specsOf(snapshot)) await runQuery(snapshot, QuerySpecSchema.parse(input));
  source.close();
  console.log(
    `query memory (heapUsed + arrayBuffers, target < 64): live ${report()}; with garbage not yet collected ${uncollected}; ` +
      `baselineMB=${((base.heapUsed + base.arrayBuffers) / MB).toFixed(1)} snapshotMB=${(source.byteLength / 1e6).toFixed(1)}`,
  );
}
