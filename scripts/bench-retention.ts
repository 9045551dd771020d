/**
 * The issue 16 phase of `npm run bench`: how much cohort retention and the sales-rep
 * scorecards (inside `analyse()`) and the revenue bridge (a scan of the row snapshot after
 * it) add to the analysis time. (The fourth, the join, runs only when files are joined.)
 * The bridge is timed over the Parquet snapshot, as the job runs it, and over the
 * in-memory one, as the CLI does; its peak heap + ArrayBuffers above the baseline is
 * sampled as each row group arrives.
 */
import { createReadStream } from 'node:fs';
import type { Aggregates } from '../worker/engine/aggregate/types';
import { cohortsOf } from '../worker/engine/analyses/cohorts';
import { defaultBridgeOf } from '../worker/engine/analyses/pvm-bridge';
import { repScorecardsOf } from '../worker/engine/analyses/rep-scorecards';
import { asOfDay } from '../worker/engine/analyze';
import type { AnalysisResult } from '../worker/engine/contract';
import { ingest } from '../worker/engine/ingest';
import type { Snapshot } from '../worker/engine/snapshot/columns';
import { memorySnapshot } from '../worker/engine/snapshot/memory';
import { parquetSnapshot } from '../worker/engine/snapshot/parquet-write';
import { readParquetSnapshot } from '../worker/engine/snapshot/parquet-read';

const MB = 1048576;

async function timed<T>(run: () => Promise<T> | T): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, (performance.now() - started) / 1000];
}

/** A snapshot that samples memory at every row group. */
function sampled(snapshot: Snapshot, sample: () => void): Snapshot {
  return {
    meta: snapshot.meta,
    async *groups(needs) {
      for await (const g of snapshot.groups(needs)) {
        sample();
        yield g;
      }
    },
  };
}

/** The seconds issue 16's analyses inside `analyse()` take, timed again while the bench holds the aggregates. */
export interface InsideAnalyse {
  cohortSeconds: number;
  repSeconds: number;
}

/** Times the cohorts and the rep scorecards over the aggregates, with the result's churn and cross-sell. */
export async function insideAnalyseOf(aggregates: Aggregates, result: AnalysisResult): Promise<InsideAnalyse> {
  const day = asOfDay(aggregates, {});
  const [, cohortSeconds] = await timed(() => cohortsOf(aggregates, day));
  const [, repSeconds] = await timed(() => repScorecardsOf(aggregates, aggregates.repBook, result.churn, result.crossSell, day));
  return { cohortSeconds, repSeconds };
}

/**
 * Prints one `issue 16:` line; `analyseSeconds` is the analyse phase's wall time (cohorts
 * and rep scorecards included). Runs after the phases, so its own ingests leave nothing in their way.
 */
export async function benchRetention(path: string, inside: InsideAnalyse, analyseSeconds: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const { cohortSeconds, repSeconds } = inside;
  const rest = Math.max(1e-9, analyseSeconds - cohortSeconds - repSeconds);

  const parquet = parquetSnapshot();
  await ingest(createReadStream(path, { highWaterMark: 1 << 16 }), {
    fileName: 'b2b.csv',
    snapshot: parquet.consumer,
    stateBudget: Infinity,
  });
  const bytes = parquet.bytes();
  gc?.();
  const base = process.memoryUsage();
  let peak = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers);
  };
  const [bridge, parquetSeconds] = await timed(() => defaultBridgeOf(sampled(readParquetSnapshot(bytes), sample), null));
  gc?.();

  const memory = memorySnapshot();
  await ingest(createReadStream(path, { highWaterMark: 1 << 16 }), {
    fileName: 'b2b.csv',
    snapshot: memory.consumer,
    stateBudget: Infinity,
  });
  const [, memorySeconds] = await timed(() => defaultBridgeOf(memory.snapshot(), null));
  const pct = (seconds: number): string => ((100 * seconds) / rest).toFixed(1);
  console.log(
    `issue 16: cohortSeconds=${cohortSeconds.toFixed(3)} repSeconds=${repSeconds.toFixed(3)} bridgeParquetSeconds=${parquetSeconds.toFixed(3)} ` +
      `bridgeInMemorySeconds=${memorySeconds.toFixed(3)} analyseWithoutThemSeconds=${rest.toFixed(3)} ` +
      `addsToAnalysisPct(job: cohorts + reps + Parquet bridge)=${pct(cohortSeconds + repSeconds + parquetSeconds)} ` +
      `addsToAnalysisPct(CLI: cohorts + reps + in-memory bridge)=${pct(cohortSeconds + repSeconds + memorySeconds)} (target for the four analyses < 40) ` +
      `bridgePeakMB=${(peak / MB).toFixed(1)} bridgePairs=${bridge.available ? bridge.comparablePairs : 0}`,
  );
}
