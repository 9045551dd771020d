/**
 * Engine benchmark: generates (once) a realistic B2B CSV of `--rows` lines into
 * `.bench/`, then runs the job's phases over it — ingest (streamed from disk through the
 * same byte-stream reader as an R2 body), analyse, render, PNG — measuring each phase's
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
 * `rows=N seconds=S rowsPerSec=R peakMB=M countedOnceMB=C budgetMB=96`.
 */
import { existsSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { backtestOf } from '../worker/engine/analyses/churn-backtest';
import { analyse, asOfDay } from '../worker/engine/analyze';
import { ingest } from '../worker/engine/ingest';
import { renderArtifacts } from '../worker/engine/render';
import { compareWithDuckDb } from './bench-duckdb';
import { benchRetention } from './bench-retention';
import { benchQueries, benchSnapshotWrite, snapshotPathOf } from './bench-query';
import { benchFile } from './generate-b2b-csv';
import { MemoryProbe } from './memory-probe';
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
  if (!existsSync(snapshotPathOf(path))) await benchSnapshotWrite(path, null);
  await benchQueries(snapshotPathOf(path));
} else {
  await benchPhases();
}

async function benchPhases(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const probe = new MemoryProbe();
  const cpuStarted = process.cpuUsage();
  const file = await open(path);
  const aggregates = await probe.phase('ingest', async () => {
    try {
      // A byte stream, read with a BYOB reader as the Durable Object reads an R2 body.
      // Node 22 accepts `type: 'bytes'`; its typings (@types/node 22) do not list it yet.
      const stream = file.readableWebStream({ type: 'bytes' } as Parameters<typeof file.readableWebStream>[0]);
      return await ingest(stream as ReadableStream<Uint8Array>, {
        fileName: 'b2b.csv',
        onProgress: probe.sample,
      });
    } finally {
      await file.close();
    }
  });
  const cpu = process.cpuUsage(cpuStarted);
  gc?.();
  const retained = process.memoryUsage();
  const result = await probe.phase('analyse', () => analyse(aggregates));
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
  const ingestSeconds = probe.phases[0].seconds;
  const read = aggregates.profile.rowsRead;
  const artifactMB = files.reduce((sum, f) => sum + (typeof f.body === 'string' ? f.body.length : f.body.byteLength), 0) / 1e6;
  console.log(
    `file=${path} sizeMB=${((await stat(path)).size / 1e6).toFixed(1)} customers=${aggregates.customers.count} products=${aggregates.products.count} ` +
      `orders=${aggregates.totals.orders} revenue=${aggregates.totals.revenue.toFixed(2)} ingestCpuSeconds=${((cpu.user + cpu.system) / 1e6).toFixed(3)} ` +
      `retainedHeapMB=${(retained.heapUsed / 1048576).toFixed(1)} retainedArrayBuffersMB=${(retained.arrayBuffers / 1048576).toFixed(1)} ` +
      `artifacts=${files.length} artifactsMB=${artifactMB.toFixed(1)} pngs=${pngs}`,
  );
  // The churn backtest (a BG/NBD refit, inside analyse()) timed on its own: target < 25% of the rest.
  const backtestStarted = performance.now();
  backtestOf(aggregates, asOfDay(aggregates, {}));
  const backtestSeconds = (performance.now() - backtestStarted) / 1000;
  const analyseSeconds = probe.phases[1].seconds;
  console.log(
    `churn backtest: backtestSeconds=${backtestSeconds.toFixed(3)} addsToAnalysisPct=${((100 * backtestSeconds) / Math.max(1e-9, analyseSeconds - backtestSeconds)).toFixed(1)} (target < 25)`,
  );
  await benchSnapshotWrite(path, { seconds: ingestSeconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
  await benchQueries(snapshotPathOf(path));
  await benchRetention(path, aggregates, analyseSeconds);
  const peakMB = probe.peak / 1048576;
  console.log(
    `rows=${read} seconds=${ingestSeconds.toFixed(3)} rowsPerSec=${Math.round(read / ingestSeconds)} peakMB=${peakMB.toFixed(1)} ` +
      `countedOnceMB=${(probe.peakCountedOnce / 1048576).toFixed(1)} budgetMB=${BUDGET_MB}` +
      (peakMB > BUDGET_MB ? ' OVER BUDGET' : ''),
  );
}
