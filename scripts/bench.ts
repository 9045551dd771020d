/**
 * Engine benchmark: generates (once) a realistic B2B CSV of `--rows` lines into
 * `.bench/`, then runs the job's phases over it — ingest (streamed from disk through the
 * same byte-stream reader as an R2 body, the Parquet snapshot streamed out in 5 MiB parts
 * as the job streams it to R2), analyse, the revenue bridge (reading the snapshot back by
 * ranges), render, PNG — measuring each phase's
 * time and the peak of the memory a Worker isolate is billed for (see memory-probe.ts),
 * sampled at every chunk and around every phase. Another phase reports with one line:
 * `await probe.phase('snapshot', () => …)`.
 *
 *   npm run bench -- [--rows N] [--scale K] [--no-png] [--vs-duckdb [--repeat N]]
 *   npm run bench -- --rows 5000000 --scale 5 --query-only   # queries over the kept snapshot
 *
 * `--scale K` multiplies the generator's customer and product counts (see
 * generate-b2b-csv.ts). `--vs-duckdb` instead times the CLI against DuckDB side by side
 * (see bench-duckdb.ts), with the CLI's PNGs unless `--no-png`. The last line printed is
 * `rows=N seconds=S rowsPerSec=R peakMB=M countedOnceMB=C budgetMB=96`, with ` OVER BUDGET` when C
 * (the billed memory counted once) passes 96.
 */
import { existsSync, readSync } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { backtestOf } from '../worker/engine/analyses/churn-backtest';
import { analyse, asOfDay } from '../worker/engine/analyze';
import { EngineError } from '../worker/engine/errors';
import { ingest } from '../worker/engine/ingest';
import { renderArtifacts } from '../worker/engine/render';
import { defaultBridgeOf } from '../worker/engine/analyses/pvm-bridge';
import { rangedChunks, type ReadRange } from '../worker/engine/ingest/source';
import { openParquetSnapshot } from '../worker/engine/snapshot/parquet-read';
import { parquetSnapshot } from '../worker/engine/snapshot/parquet-write';
import { MIN_R2_PART_BYTES, PartWriter, pacedBy } from '../worker/lib/part-writer';
import { fileSource } from './file-source';
import { compareWithDuckDb } from './bench-duckdb';
import { benchRetention, insideAnalyseOf } from './bench-retention';
import { benchQueries, benchSnapshotWrite, snapshotPathOf } from './bench-query';
import { benchFile } from './generate-b2b-csv';
import { MemoryProbe, settle } from './memory-probe';
import { pngWasmBytes, svgToPng } from './png';

/** A Worker's 128 MB minus room for its own code and the request in flight. */
const BUDGET_MB = 96;

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const rows = argument('rows', 1_000_000);
const path = benchFile(rows, argument('scale', 1));

if (process.argv.includes('--vs-duckdb')) {
  await compareWithDuckDb(path, argument('repeat', 3), !process.argv.includes('--no-png'));
} else if (process.argv.includes('--query-only')) {
  if (!existsSync(snapshotPathOf(path))) await benchSnapshotWrite(path, false);
  await benchQueries(snapshotPathOf(path));
} else {
  await benchPhases();
}

async function benchPhases(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const probe = new MemoryProbe();
  const analysed = await ingestAndAnalyse(probe).catch((error: unknown) => {
    if (!(error instanceof EngineError && error.code === 'STATE_TOO_LARGE')) throw error;
    // Past the state budget the job stops with this message: what it held until then is
    // the proof that the limit holds, so print it and stop.
    for (const line of probe.report()) console.log(line);
    console.log(`refused: ${error.message}`);
    console.log(`refusedPeakMB countedOnce=${(probe.peakCountedOnce / 1048576).toFixed(1)} budgetMB=${BUDGET_MB}`);
    return null;
  });
  if (!analysed) return;
  const { result, rowsRead, inside, analyseSeconds } = analysed;
  // As in the job, the aggregates are garbage from here on: the phases below hold the result.
  await settle();
  // The job reads the snapshot back by ranges for the revenue bridge, as it reads R2.
  const source = fileSource(snapshotPathOf(path));
  result.bridge = await probe.phase('bridge', async () => defaultBridgeOf(await openParquetSnapshot(source), result.asOf));
  source.close();
  const files = await probe.phase('render', () => renderArtifacts(result));
  let pngs = 0;
  if (!process.argv.includes('--no-png')) {
    probe.countWasm(pngWasmBytes);
    await probe.phase('png', async () => {
      for (const file of files) {
        if (file.contentType !== 'image/svg+xml' || typeof file.body !== 'string') continue;
        await svgToPng(file.body);
        pngs++;
        probe.sample();
      }
    });
  }
  for (const line of probe.report()) console.log(line);
  const artifactMB = files.reduce((sum, f) => sum + (typeof f.body === 'string' ? f.body.length : f.body.byteLength), 0) / 1e6;
  console.log(`artifacts=${files.length} artifactsMB=${artifactMB.toFixed(1)} pngs=${pngs}`);
  await benchSnapshotWrite(path, true);
  await benchQueries(snapshotPathOf(path));
  await benchRetention(path, inside, analyseSeconds);
  const ingestSeconds = probe.phases[0].seconds;
  const peakMB = probe.peak / 1048576;
  const countedOnceMB = probe.peakCountedOnce / 1048576;
  // The budget holds the memory counted once: Node's `external` includes the ArrayBuffers
  // and WebAssembly memory, so `peakMB` (the sum) counts them twice.
  console.log(
    `rows=${rowsRead} seconds=${ingestSeconds.toFixed(3)} rowsPerSec=${Math.round(rowsRead / ingestSeconds)} peakMB=${peakMB.toFixed(1)} ` +
      `countedOnceMB=${countedOnceMB.toFixed(1)} budgetMB=${BUDGET_MB}` +
      (countedOnceMB > BUDGET_MB ? ' OVER BUDGET' : ''),
  );
}

/**
 * A file read by ranges into fresh arrays, as the job reads its upload from R2
 * (lib/r2-reader.ts). Read synchronously: an asynchronous read's request object keeps its
 * buffer alive until the collector takes the request, so the ranges the ingest frees would
 * linger (up to 13 MB of them in the bench), which an R2 range read does not do.
 */
function fileRangeReader(file: FileHandle): ReadRange {
  return async (offset, length) => {
    const bytes = new Uint8Array(length);
    readSync(file.fd, bytes, 0, length, offset);
    return bytes;
  };
}

/**
 * The ingest and analyse phases, then the measurements that need the aggregates (the
 * churn backtest, the cohorts' and rep scorecards' time); only the result and figures
 * leave, so the aggregates can be collected before the later phases, as in the job.
 */
async function ingestAndAnalyse(probe: MemoryProbe) {
  const cpuStarted = process.cpuUsage();
  const file = await open(path);
  const snapshotFile = await open(snapshotPathOf(path), 'w');
  // The job's path: the Parquet snapshot streamed out in 5 MiB parts (to a file here, to
  // R2 in the job) while the file is read, with the same backpressure.
  const writer = new PartWriter(MIN_R2_PART_BYTES, async (bytes) => void (await snapshotFile.write(bytes)));
  const aggregates = await probe.phase('ingest', async () => {
    try {
      // By 1 MiB ranges, one read ahead, as the Durable Object reads its upload from R2.
      const size = (await file.stat()).size;
      const read = await ingest(pacedBy(writer, rangedChunks(size, fileRangeReader(file))), {
        fileName: 'b2b.csv',
        snapshot: parquetSnapshot(writer.push).consumer,
        onProgress: probe.sample,
      });
      await writer.close();
      return read;
    } finally {
      await file.close();
      await snapshotFile.close();
    }
  });
  const cpu = process.cpuUsage(cpuStarted);
  (globalThis as { gc?: () => void }).gc?.();
  const retained = process.memoryUsage();
  const result = await probe.phase('analyse', () => analyse(aggregates));
  console.log(
    `file=${path} sizeMB=${((await stat(path)).size / 1e6).toFixed(1)} customers=${aggregates.customers.count} products=${aggregates.products.count} ` +
      `orders=${aggregates.totals.orders} revenue=${aggregates.totals.revenue.toFixed(2)} ingestCpuSeconds=${((cpu.user + cpu.system) / 1e6).toFixed(3)} ` +
      `retainedHeapMB=${(retained.heapUsed / 1048576).toFixed(1)} retainedArrayBuffersMB=${(retained.arrayBuffers / 1048576).toFixed(1)}`,
  );
  // The churn backtest (a BG/NBD refit, inside analyse()) timed on its own: target < 25% of the rest.
  const backtestStarted = performance.now();
  backtestOf(aggregates, asOfDay(aggregates, {}));
  const backtestSeconds = (performance.now() - backtestStarted) / 1000;
  const analyseSeconds = probe.phases[1].seconds;
  console.log(
    `churn backtest: backtestSeconds=${backtestSeconds.toFixed(3)} addsToAnalysisPct=${((100 * backtestSeconds) / Math.max(1e-9, analyseSeconds - backtestSeconds)).toFixed(1)} (target < 25)`,
  );
  return { result, rowsRead: aggregates.profile.rowsRead, inside: await insideAnalyseOf(aggregates, result), analyseSeconds };
}
