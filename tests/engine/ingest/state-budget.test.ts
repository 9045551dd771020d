/**
 * The analysis state budget: a file whose customers, products, orders and pairs would
 * not fit a Worker isolate is refused with a message naming them, counted at the row
 * where the read stopped; a file that fits is read as before.
 */
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../worker/engine/errors';
import { BUDGET_CHECK_ROWS, retainedBytes } from '../../../worker/engine/aggregate/state-budget';
import { ingestBytes } from './helpers';

/** 70,000 invoice lines: order i/4, customer i mod 997, product 7i mod 1499, all on sale. */
function lines(count: number): { csv: string; rows: string[][] } {
  const rows: string[][] = [];
  for (let i = 0; i < count; i++) {
    const day = 1 + (i % 28);
    rows.push([`INV${Math.floor(i / 4)}`, `C${i % 997}`, `P${(i * 7) % 1499}`, `2024-03-${String(day).padStart(2, '0')}`, '2', '3.50']);
  }
  const csv = ['Invoice,Customer ID,Product Code,Invoice Date,Quantity,Unit Price', ...rows.map((r) => r.join(','))].join('\n');
  return { csv, rows };
}

describe('the analysis state budget', () => {
  const { csv, rows } = lines(70_000);

  it('refuses a file whose state passes the budget, naming the keys counted where the read stopped', async () => {
    // A budget of one byte is passed at the first measurement, after BUDGET_CHECK_ROWS rows.
    const read = rows.slice(0, BUDGET_CHECK_ROWS);
    const distinct = (key: (r: string[]) => string) => new Set(read.map(key)).size.toLocaleString('en-US');
    const error = await ingestBytes(csv, { fileName: 'lines.csv', stateBudget: 1 }, 1 << 16).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('STATE_TOO_LARGE');
    expect((error as EngineError).message).toBe(
      `This file holds more than one analysis can keep in memory: after ${BUDGET_CHECK_ROWS.toLocaleString('en-US')} rows it already has ` +
        `${distinct((r) => r[1])} customers, ${distinct((r) => r[2])} products, ` +
        `${distinct((r) => `${r[1]}|${r[2]}`)} distinct customer × product pairs and ${distinct((r) => r[0])} orders. ` +
        'Split it, for example by year or by region, and analyse each part.',
    );
  });

  it('reads the same file in full under the default budget', async () => {
    const agg = await ingestBytes(csv, { fileName: 'lines.csv' }, 1 << 16);
    expect(agg.profile.rowsUsed).toBe(70_000);
    expect(agg.totals.orders).toBe(17_500);
  });

  it('counts each typed array once, and strings by their length', () => {
    const shared = new Float64Array(16);
    const state = { a: shared, b: shared.subarray(4, 8), names: ['ab', 'cde'], nested: { c: new Int32Array(10) } };
    expect(retainedBytes(state)).toBe(128 + 40 + (16 + 2) + (16 + 3));
  });
});
