/**
 * The churn backtest on real files. CDNOW: calibration to 1997-09-30, holdout to 1998-06-30,
 * under Fader, Hardie & Lee's published parameters; the predicted total is checked against
 * the BG/NBD conditional expectation computed here from the raw file with its own 2F1
 * series, and the actual total against a plain count of purchase days in the holdout.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { epochDay } from '../../../worker/engine/aggregate/types';
import { backtestOf } from '../../../worker/engine/analyses/churn-backtest';
import { analyse } from '../../../worker/engine/analyze';
import { ingest } from '../../../worker/engine/ingest';
import { datasetPath } from '../helpers/datasets';

const PUBLISHED = { r: 0.2426, alpha: 4.4136, a: 0.7929, b: 2.4259 };

/** Gauss 2F1(a, b; c; z) by its series, summed until the terms vanish. */
function hypergeometric(a: number, b: number, c: number, z: number): number {
  let term = 1;
  let total = 1;
  for (let n = 0; Math.abs(term) > 1e-17 * total; n++) {
    term = (term * (a + n) * (b + n) * z) / ((c + n) * (n + 1));
    total += term;
  }
  return total;
}

/** Fader, Hardie & Lee (2005), equation (10): E[Y(t) | x, tₓ, T]. */
function expectedRepeat(t: number, x: number, tx: number, T: number): number {
  const { r, alpha, a, b } = PUBLISHED;
  const numerator =
    ((a + b + x - 1) / (a - 1)) *
    (1 - ((alpha + T) / (alpha + T + t)) ** (r + x) * hypergeometric(r + x, b + x, a + b + x - 1, t / (alpha + T + t)));
  const denominator = 1 + (x > 0 ? 1 : 0) * (a / (b + x - 1)) * ((alpha + T) / (alpha + tx)) ** (r + x);
  return numerator / denominator;
}

async function ingestFile(relative: string, asOf?: string) {
  const stream = createReadStream(datasetPath(relative)) as unknown as AsyncIterable<Uint8Array>;
  return ingest(stream, { fileName: relative.split('/').pop() ?? relative, asOf });
}

describe('CDNOW_sample.txt: calibration to 1997-09-30, holdout to 1998-06-30', () => {
  it('checks the reference formula against Hardie’s worked value (t = 39, x = 2, tₓ = 30.43, T = 38.86 → 1.226)', () => {
    expect(expectedRepeat(39, 2, 30.43, 38.86)).toBeCloseTo(1.226, 3);
  });

  it('predicts the summed conditional expectation and counts the actual repeat purchases', async () => {
    const aggregates = await ingestFile('cdnow/CDNOW_sample.txt', '1998-06-30');
    const cutoff = epochDay('1997-09-30');
    const end = epochDay('1998-06-30');
    const backtest = backtestOf(aggregates, end, { cutoffDay: cutoff, params: PUBLISHED });
    if (!backtest.available) throw new Error(backtest.note);

    // Independent: the raw lines (sample id, YYYYMMDD date), distinct days per customer.
    const days = new Map<string, Set<number>>();
    for (const line of readFileSync(datasetPath('cdnow/CDNOW_sample.txt'), 'utf8').split(/\r?\n/)) {
      const cells = line.trim().split(/\s+/);
      if (cells.length < 5) continue;
      const d = cells[2];
      const day = Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8))) / 86_400_000;
      const set = days.get(cells[1]) ?? new Set<number>();
      set.add(day);
      days.set(cells[1], set);
    }
    let predicted = 0;
    let actual = 0;
    let customers = 0;
    for (const set of days.values()) {
      const before = [...set].filter((day) => day <= cutoff);
      if (before.length === 0) continue;
      customers++;
      const first = Math.min(...before);
      const x = before.length - 1;
      predicted += expectedRepeat(39, x, (Math.max(...before) - first) / 7, (cutoff - first) / 7);
      actual += [...set].filter((day) => day > cutoff && day <= end).length;
    }
    expect(customers).toBe(2357);
    expect(backtest.customers).toBe(2357);
    expect(backtest.holdoutDays).toBe(273);
    expect(backtest.cutoff).toBe('1997-09-30');
    expect(backtest.predictedRepeatPurchases).toBeCloseTo(predicted, 6);
    expect(backtest.actualRepeatPurchases).toBe(actual);
    // The calibration bins partition the customers.
    expect(backtest.calibration.reduce((sum, bin) => sum + bin.customers, 0)).toBe(2357);
  });
});

describe('real files', () => {
  it('gives Online Retail (about a year) a 90-day backtest', async () => {
    const aggregates = await ingestFile('online_retail/online_retail_sample_40k.xlsx');
    const result = analyse(aggregates, { now: new Date('2025-01-01T00:00:00Z') });
    const backtest = result.churn?.backtest;
    if (!backtest?.available) throw new Error(backtest?.note ?? 'no backtest');
    expect(backtest.holdoutDays).toBe(90);
    expect(backtest.holdoutEnd).toBe(result.asOf);
    expect(backtest.flagged).toBeGreaterThan(0);
    expect(backtest.precision).toBe(backtest.flaggedWithoutPurchase / backtest.flagged);
    expect(backtest.recall).toBe(backtest.flaggedWithoutPurchase / backtest.nonBuyers);
    expect(backtest.naive.flagged).toBe(backtest.flagged);
  });

  it('explains why Iowa (one day) has no backtest', async () => {
    const result = analyse(await ingestFile('iowa_liquor/IA_liquor_sales.csv'));
    expect(result.churn?.backtest).toEqual({
      available: false,
      note: 'The data covers only 1 day; testing the churn list needs at least 6 months (183 days), so the model can be refitted without the last 90 days and checked against them.',
    });
  });

  it('explains why Wholesale customers (no dates) has no backtest', async () => {
    const result = analyse(await ingestFile('wholesale_customers/Wholesale customers data.csv'));
    expect(result.churn?.backtest).toEqual({
      available: false,
      note: 'The file has no order dates, so the churn list cannot be tested against what happened.',
    });
  });
});
