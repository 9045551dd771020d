/**
 * How much one analysis may hold while it reads a file, and the clear refusal when a
 * file needs more.
 *
 * A Worker isolate has 128 MB for everything: the app's own code, the analysis state,
 * the snapshot being written, and garbage the collector has not taken yet. If it goes
 * over, the runtime resets the isolate mid-run, and the user gets a vague failure after
 * three attempts. The ingest's state grows with distinct keys, not with rows as such:
 * customers, products, orders and their distinct lines, and above all customer × product
 * pairs (a 1M-row export holds about 885,000 of them). So the reader measures that state as it goes and stops
 * with a message that says why, while there is still room to say it.
 *
 * Tables grow when full, so the check adds the tables that would grow before the next
 * check: refusing after a growth is too late, the growth itself is what passes 128 MB.
 * Measured with the job's path in `npm run bench` (README, "The benchmark"; the bench runs
 * bundled, as a Worker does): 1M generated rows peak at about 85 MB counted once; the
 * largest file of that generator the budget accepts (1.13M rows) at 94.7 MB in the
 * ingest; a 1.3M-row file is refused at 1,146,880 rows, having peaked at 88.7 MB. 72 MB of
 * state once let through files that peaked at 118.5 MB, too close to 128 MB once the
 * Worker's own code (Hono, the AI SDK, the agent) is loaded too.
 */
import { EngineError } from '../errors';

export const STATE_BUDGET_BYTES = 64 * 1024 * 1024;

/** Rows between two measurements (one takes about half a millisecond at 1M rows). */
export const BUDGET_CHECK_ROWS = 16_384;

/**
 * Bytes held by the typed arrays and strings reachable from `root` through plain fields
 * and arrays, each buffer once. Walking the builder rather than listing its arrays means
 * a new aggregate is counted without anyone remembering to add it here.
 */
export function retainedBytes(root: object): number {
  const buffers = new Set<ArrayBufferLike>();
  const seen = new Set<object>();
  let bytes = 0;
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      bytes += 16 + value.length;
      return;
    }
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      if (!buffers.has(value.buffer)) {
        buffers.add(value.buffer);
        bytes += value.buffer.byteLength;
      }
      return;
    }
    // Index loops: iterators would allocate on every check.
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) visit(value[i]);
      return;
    }
    // A join's lookup tables (measured once, before the rows stream) and the builder's few reject reasons.
    if (value instanceof Map) {
      for (const [key, item] of value) {
        visit(key);
        visit(item);
      }
      return;
    }
    if (value instanceof Set) {
      for (const item of value) visit(item);
      return;
    }
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) visit((value as Record<string, unknown>)[keys[i]]);
  };
  visit(root);
  return bytes;
}

/** What the refusal names: how far the read got and the keys that filled the memory. */
export interface StateCounts {
  rows: number;
  customers: number;
  products: number;
  customerProducts: number;
  orders: number;
  /** The file is a workbook, held whole while it is read (a CSV is read as it arrives). */
  workbook?: boolean;
}

/** The refusal of a file whose analysis state passed the budget. */
export function stateTooLarge(counts: StateCounts): EngineError {
  const n = (value: number) => value.toLocaleString('en-US');
  const keys = [
    `${n(counts.customers)} customers`,
    `${n(counts.products)} products`,
    `${n(counts.customerProducts)} distinct customer × product pairs`,
    `${n(counts.orders)} orders`,
  ];
  return new EngineError(
    `This file holds more than one analysis can keep in memory: after ${n(counts.rows)} rows it already has ` +
      `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}. ` +
      (counts.workbook
        ? 'Save the data sheet as CSV and upload that instead: a workbook is held whole while it is read, a CSV is not. Or split it, for example by year or by region, and analyse each part.'
        : 'Split it, for example by year or by region, and analyse each part.'),
    'STATE_TOO_LARGE',
  );
}
