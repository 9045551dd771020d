/**
 * Engine benchmark: generates (once) a realistic B2B CSV of `--rows` lines into
 * `.bench/`, then times `ingest()` over it, streaming from disk, then the full analysis
 * (`analyse()`: all six analyses) and rendering (reports, charts, exports, dashboard),
 * sampling the JS heap throughout.
 * Run with `npm run bench -- [--rows N]`, which caps the heap at 128 MB like an isolate.
 * The last line printed is `rows=N seconds=S rowsPerSec=R peakHeapMB=M`.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { backtestOf } from '../worker/engine/analyses/churn-backtest';
import { analyse, asOfDay } from '../worker/engine/analyze';
import { ingest } from '../worker/engine/ingest';
import { renderArtifacts } from '../worker/engine/render';
import { generateB2bCsv } from './generate-b2b-csv';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const rows = argument('rows', 1_000_000);
const path = `.bench/b2b-${rows}.csv`;
if (!existsSync(path)) {
  console.log(`generating ${path} …`);
  generateB2bCsv(rows, path);
}
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
let peakHeap = process.memoryUsage().heapUsed;
let peakExternal = process.memoryUsage().arrayBuffers;
const sample = (): void => {
  const m = process.memoryUsage();
  if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  if (m.arrayBuffers > peakExternal) peakExternal = m.arrayBuffers;
};
const started = performance.now();
const cpuStarted = process.cpuUsage();
const aggregates = await ingest(createReadStream(path, { highWaterMark: 1 << 16 }), { fileName: 'b2b.csv', onProgress: sample });
sample();
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStarted);
const read = aggregates.profile.rowsRead;
gc?.();
const retained = process.memoryUsage();

const analysisStarted = performance.now();
const result = analyse(aggregates);
const analyseSeconds = (performance.now() - analysisStarted) / 1000;
sample();
const renderStarted = performance.now();
const files = renderArtifacts(result);
const renderSeconds = (performance.now() - renderStarted) / 1000;
sample();
const artifactMB = files.reduce((sum, file) => sum + (typeof file.body === 'string' ? file.body.length : file.body.byteLength), 0) / 1e6;
console.log(
  `file=${path} sizeMB=${(statSync(path).size / 1e6).toFixed(1)} customers=${aggregates.customers.count} products=${aggregates.products.count} ` +
    `orders=${aggregates.totals.orders} revenue=${aggregates.totals.revenue.toFixed(2)} arrayBuffersMB=${(peakExternal / 1048576).toFixed(1)} ` +
    `cpuSeconds=${((cpu.user + cpu.system) / 1e6).toFixed(3)} retainedHeapMB=${(retained.heapUsed / 1048576).toFixed(1)} retainedArrayBuffersMB=${(retained.arrayBuffers / 1048576).toFixed(1)}`,
);
console.log(
  `analysis: analyseSeconds=${analyseSeconds.toFixed(3)} renderSeconds=${renderSeconds.toFixed(3)} artifacts=${files.length} artifactsMB=${artifactMB.toFixed(1)} ` +
    `analysisToIngestRatio=${((analyseSeconds + renderSeconds) / seconds).toFixed(2)} (target ≤ 2)`,
);
// The churn backtest (a BG/NBD refit, inside analyse()) timed on its own: target < 25% of the rest.
const backtestStarted = performance.now();
backtestOf(aggregates, asOfDay(aggregates, {}));
const backtestSeconds = (performance.now() - backtestStarted) / 1000;
console.log(
  `churn backtest: backtestSeconds=${backtestSeconds.toFixed(3)} addsToAnalysisPct=${((100 * backtestSeconds) / Math.max(1e-9, analyseSeconds - backtestSeconds)).toFixed(1)} (target < 25)`,
);
console.log(
  `rows=${read} seconds=${seconds.toFixed(3)} rowsPerSec=${Math.round(read / seconds)} peakHeapMB=${(peakHeap / 1048576).toFixed(1)}`,
);
