/**
 * The CLI's ingest: a large CSV or TXT file is parsed in parallel byte ranges, one per
 * thread, and merged into exactly what one pass would build; everything else (workbooks,
 * small files, non-UTF-8 text, `--threads 1`) is read in one pass as the Worker reads it.
 *
 * This thread reads the first range itself: the head decides encoding, delimiter, header
 * and schema (the sample), then cuts are chosen (engine/ingest/split.ts) and the later
 * ranges go to worker threads started beforehand. Each cut is proven by the range before
 * it ending exactly there; if one is not, or a range fails, the file is read in one pass
 * instead, so the result and any error are always the single pass's.
 */
import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Aggregates } from '../worker/engine/aggregate/types';
import type { Delimiter } from '../worker/engine/ingest/tokenizer';
import { ingest, kindOf, type IngestOptions } from '../worker/engine/ingest';
import { recordStartIn } from '../worker/engine/ingest/split';
import { HEAD_BYTES, openText, type OpenedText, type TextContext, type TextStart } from '../worker/engine/ingest/text';
import { bytesAt, chunksOfFile, pushBytes, readRange, type RangeJob, type RangeResult } from './read-range';

/** Below this many bytes per range a thread's start-up costs more than it saves. */
export const MIN_RANGE_BYTES = 8 * 1024 * 1024;
/**
 * The first range's size relative to each later one: in a trace of the 1M-row bench file,
 * with equal ranges this thread finished its range about 9% before the worker thread.
 */
const FIRST_RANGE_WEIGHT = 1.15;
/** Bytes searched for a record start after each target cut. */
const CUT_WINDOW_BYTES = 256 * 1024;

export interface ParallelOptions {
  /** Threads in all, this one included (default: the machine's cores); 1 reads in one pass. */
  threads?: number;
  /** Smallest range worth a thread (tests lower it to split small files). */
  minRangeBytes?: number;
  /** Told how many ranges were merged: 1 when the file was read in one pass. */
  onRanges?: (ranges: number) => void;
}

/** Reads a file into aggregates, in parallel ranges when it pays and is provably safe. */
export async function ingestFile(path: string, options: IngestOptions, parallel: ParallelOptions = {}): Promise<Aggregates> {
  let merged = 1;
  const aggregates = await ingestInRanges(path, options, parallel, (ranges) => (merged = ranges));
  parallel.onRanges?.(merged);
  return aggregates;
}

async function ingestInRanges(
  path: string,
  options: IngestOptions,
  parallel: ParallelOptions,
  merging: (ranges: number) => void,
): Promise<Aggregates> {
  const size = statSync(path).size;
  const ranges = Math.min(parallel.threads ?? availableParallelism(), Math.floor(size / (parallel.minRangeBytes ?? MIN_RANGE_BYTES)));
  if (ranges < 2 || kindOf(options.fileName).kind !== 'text' || options.snapshot) return ingestOnePass(path, options);
  const fd = openSync(path, 'r');
  const runner = rangeRunner(ranges - 1);
  try {
    const context: TextContext = {
      fileName: options.fileName,
      format: kindOf(options.fileName).format,
      sheet: null,
      warnings: [],
      asOf: options.asOf,
      roles: options.roles,
      currency: options.currency,
      stateBudget: options.stateBudget,
    };
    const text = openText(bytesAt(fd, 0, Math.min(HEAD_BYTES, size)), context);
    text.tokenizer.push(text.headText);
    const sampled = readSample(fd, text, size);
    const start = text.encoding === 'utf-8' ? text.table.start : null;
    const cuts = start ? cutsOf(fd, size, sampled, ranges, text.delimiter, start.plan.columns.length) : [];
    if (!start || cuts.length === 0) return readRest(fd, text, sampled, size);
    const rowsPerByte = (text.table.rows + 1) / sampled;
    const jobs = jobsOf(path, size, cuts, context, { ...start, delimiter: text.delimiter }, rowsPerByte);
    // A failed range means the one-pass read below, which reports the error in file order.
    const results = Promise.all(jobs.map((job) => runner.run(job))).catch(() => null);
    pushBytes(fd, sampled, cuts[0], (bytes) => text.tokenizer.push(bytes));
    // Not on a record boundary: the first cut fell inside a quoted field. Read on alone.
    if (text.tokenizer.pending !== 0) return readRest(fd, text, cuts[0], size);
    const parts = await results;
    if (!parts || parts.some((r, k) => k < parts.length - 1 && !r.endsOnRecord)) return ingestOnePass(path, options);
    merging(parts.length + 1);
    // Each part is dropped once merged, so that finishing does not hold it too.
    for (let part = parts.shift(); part; part = parts.shift()) text.table.absorb(part.part);
    return text.table.finish();
  } finally {
    closeSync(fd);
    runner.close();
  }
}

/** The whole file through the engine's one-pass ingest (as the Worker reads it), in 1 MB reads. */
export async function ingestOnePass(path: string, options: IngestOptions): Promise<Aggregates> {
  const fd = openSync(path, 'r');
  try {
    return await ingest(chunksOfFile(fd), { byteLength: fstatSync(fd).size, ...options });
  } finally {
    closeSync(fd);
  }
}

/** Pushes the file on from the head until the sample has decided the table; returns the position. */
function readSample(fd: number, text: OpenedText, size: number): number {
  let position = Math.min(HEAD_BYTES, size);
  while (!text.table.start && position < size) {
    const end = Math.min(size, position + HEAD_BYTES);
    pushBytes(fd, position, end, (bytes) => text.tokenizer.push(text.transcoder.push(bytes)));
    position = end;
  }
  return position;
}

/** Finishes a one-pass read from `position` (UTF-8 or not: the transcoder sees every byte). */
function readRest(fd: number, text: OpenedText, position: number, size: number): Aggregates {
  pushBytes(fd, position, size, (bytes) => text.tokenizer.push(text.transcoder.push(bytes)));
  text.tokenizer.push(text.transcoder.finish());
  text.tokenizer.finish();
  return text.table.finish();
}

/**
 * Cut points for `ranges` ranges, each at a likely record start after the sample; fewer
 * when a window holds none (a cut is never guessed). This thread's range is the larger
 * by FIRST_RANGE_WEIGHT: a later range also logs its rows and waits for its thread to start.
 */
function cutsOf(fd: number, size: number, after: number, ranges: number, delimiter: Delimiter, width: number): number[] {
  const cuts: number[] = [];
  const weights = ranges - 1 + FIRST_RANGE_WEIGHT;
  for (let k = 1; k < ranges; k++) {
    const share = (FIRST_RANGE_WEIGHT + k - 1) / weights;
    const target = Math.max(Math.floor(size * share), after, cuts.at(-1) ?? 0);
    const window = bytesAt(fd, target, CUT_WINDOW_BYTES);
    const offset = recordStartIn(window, delimiter, width);
    if (offset >= 0 && target + offset < size) cuts.push(target + offset);
  }
  return cuts;
}

function jobsOf(
  path: string,
  size: number,
  cuts: readonly number[],
  context: TextContext,
  textStart: TextStart,
  rowsPerByte: number,
): RangeJob[] {
  return cuts.map((start, k) => {
    const end = cuts[k + 1] ?? size;
    // A few percent over the sample's density, so that the log rarely has to grow.
    return {
      path,
      start,
      end,
      last: k === cuts.length - 1,
      context,
      textStart,
      expectedRows: Math.ceil((end - start) * rowsPerByte * 1.05),
    };
  });
}

interface RangeRunner {
  run(job: RangeJob): Promise<RangeResult>;
  close(): void;
}

/**
 * Worker threads, started at once so that their start-up overlaps the sample, each taking
 * one range. From TypeScript sources (tests, tsx) there is no bundled worker file, so the
 * ranges are read in this thread with the same code, their parts cloned as a message would be.
 */
function rangeRunner(count: number): RangeRunner {
  const workerFile = new URL('./ingest-worker.mjs', import.meta.url);
  if (!import.meta.url.endsWith('.mjs')) {
    return { run: async (job) => structuredClone(readRange(job)), close: () => {} };
  }
  // A small young generation: a range's state lives in typed arrays, not on the JS heap.
  const idle = Array.from({ length: count }, () => new Worker(workerFile, { resourceLimits: { maxYoungGenerationSizeMb: 8 } }));
  const all = [...idle];
  return {
    run: (job) =>
      new Promise<RangeResult>((resolve, reject) => {
        const worker = idle.shift() as Worker;
        worker.once('message', (reply: { result?: RangeResult; error?: string }) =>
          reply.result ? resolve(reply.result) : reject(new Error(reply.error)),
        );
        worker.once('error', reject);
        worker.once('exit', () => reject(new Error('A parse thread exited without its range.')));
        worker.postMessage(job);
      }),
    close: () => all.forEach((worker) => void worker.terminate()),
  };
}
