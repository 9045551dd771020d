/**
 * CDNOW_sample.txt (no header) aggregated to 1997-09-30 must reproduce the BG/NBD
 * reference input `cdnow_customers_summary.csv` for all 2,357 customers: frequency =
 * distinct purchase days − 1, recency and T in weeks (days / 7, 2 decimals).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { epochDay } from '../../../worker/engine/aggregate/types';
import { ingest } from '../../../worker/engine/ingest';
import { DATASETS, fileStream } from './helpers';

describe('CDNOW sample to 1997-09-30', async () => {
  const agg = await ingest(fileStream(`${DATASETS}/cdnow/CDNOW_sample.txt`), { fileName: 'CDNOW_sample.txt', asOf: '1997-09-30' });
  const summary = readFileSync(`${DATASETS}/cdnow/cdnow_customers_summary.csv`, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map(Number));

  it('infers the roles of a headerless file from its values (sample id as customer)', () => {
    expect(agg.profile.roles).toEqual({ customerId: 'Column 2', date: 'Column 3', quantity: 'Column 4', amount: 'Column 5' });
  });

  it('has the 2,357 customers of the summary', () => {
    expect(agg.customers.count).toBe(2357);
    expect(summary.length).toBe(2357);
  });

  it('matches frequency, recency and T for every customer', () => {
    const end = epochDay('1997-09-30');
    const mismatches: string[] = [];
    for (const [id, frequency, recency, T] of summary) {
      const c = agg.customers.ids.findIndex((key) => Number(key) === id);
      const x = agg.customers.purchaseDays[c] - 1;
      const tx = (agg.customers.lastDay[c] - agg.customers.firstDay[c]) / 7;
      const t = (end - agg.customers.firstDay[c]) / 7;
      if (c < 0 || x !== frequency || Math.abs(tx - recency) > 0.0051 || Math.abs(t - T) > 0.0051) mismatches.push(`${id}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('leaves out the purchases after the calibration period and says so', () => {
    expect(agg.profile.rowsUsed + agg.profile.rowsRejected).toBe(6919);
    expect(agg.profile.warnings).toContain('1,959 rows dated after 1997-09-30 (the analysis date) left out.');
  });
});
