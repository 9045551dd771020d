/**
 * The write-up of CDNOW (no product column, 23,570 customers): the file's line named "0
 * products", the segment counts and the backtest's count were written without thousands
 * separators ("Champions 4443", "14169 of 14,751"), and a precision equal to the naive
 * pick's read "1×". Counts come from a plain pass over the raw file.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../../worker/engine/analyze';
import { datasetPath } from '../engine/helpers/datasets';
import { ingestWithSnapshot } from '../engine/query/snapshot-of';
import { narrateOffline } from './helpers';

const FILE = datasetPath('cdnow/CDNOW_master.txt');
let report: string;

beforeAll(async () => {
  const file = await ingestWithSnapshot(FILE, 'CDNOW_master.txt');
  report = (await narrateOffline(analyse(file.aggregates), 'comprehensive', null, undefined, file.snapshot)).report;
}, 120_000);

describe('the CDNOW write-up', () => {
  it('counts its rows and names no products for a file without a product column', () => {
    const rows = readFileSync(FILE, 'utf8').trim().split('\n').length - 1;
    expect(report).toContain(`- ${rows.toLocaleString('en-US')} rows used, 0 rejected.\n`);
    expect(report).not.toContain('0 products');
  });

  // It said to start "with the declining products" of a file that names none.
  it('traces the fall of revenue to the lapsed customers, not to products it has none of', () => {
    const byMonth = new Map<string, number>();
    for (const line of readFileSync(FILE, 'utf8').trim().split('\n').slice(1)) {
      const [, date, , amount] = line.trim().split(/\s+/);
      const month = `${date.slice(0, 4)}-${date.slice(4, 6)}`;
      byMonth.set(month, (byMonth.get(month) ?? 0) + Number(amount));
    }
    const [first, last] = [byMonth.get('1997-01') ?? 0, byMonth.get('1998-06') ?? 0];
    const fell = (((first - last) / first) * 100).toFixed(1);
    expect(report).toContain(
      `**Action:** Find out why revenue fell ${fell}% since 1997-01, starting with the lapsed customers (the file names no products).`,
    );
  });

  it('writes every count of four digits or more with its separators', () => {
    const segments = report.split('\n').find((line) => line.startsWith('- Segments:')) ?? '';
    expect(segments).toContain('Champions 4,');
    expect(segments).not.toMatch(/(?<![\d,])\d{4,}/);
    const backtests = [...report.matchAll(/On your last 90 days(?: \([^)]*\))?, ([\d,]+) of ([\d,]+) customers/g)];
    expect(backtests.length).toBeGreaterThanOrEqual(2);
    for (const [, flagged, of] of backtests) {
      expect(flagged).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(of).toMatch(/^\d{1,3}(,\d{3})*$/);
    }
  });

  it('says the precision is the same as the naive pick rather than "1×"', () => {
    expect(report).not.toContain('1× that of');
  });
});
