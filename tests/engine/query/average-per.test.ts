/**
 * `per` on hand-checked rows: the average per month (quarter, year, week) is the period's
 * figure over the units it spans, a unit without sales counting 0; the note names the units
 * and an end unit the rows cover for less than 90% of its days; measures that don't add up
 * over time, and a time grouping beside it, are refused by the schema.
 */
import { describe, expect, it } from 'vitest';
import { parseQuerySpec } from '../../../worker/engine/query/spec';
import { queryCsv } from './snapshot-of';

// January 100 + 50 (two orders), no sales in February, March 30 (one order), all in 2024.
// By region: North 150 in January, South 30 in March.
const SALES = `Date,Order,Customer,Region,Amount
2024-01-01,A1,Acme,North,100
2024-01-31,A2,Bolt,North,50
2024-03-31,A3,Acme,South,30
`;

describe('the average per unit', () => {
  it('divides by every month the rows span, the empty February counting 0: 180 over 3 months is 60', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue', 'orders'], per: 'month' });
    expect(result.rows).toEqual([[60, 1]]);
    expect(result.understood).toBe('average revenue per month, average orders per month');
    expect(result.columns.map((c) => [c.label, c.kind])).toEqual([
      ['average revenue per month', 'money'],
      ['average orders per month', 'number'],
    ]);
    expect(result.note).toBe('Averaged over 3 months, 2024-01 to 2024-03, a month without sales counting 0.');
  });

  it('gives each group its average over the same months: North 150 / 3 = 50, South 30 / 3 = 10', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['region'], per: 'month' });
    expect(result.rows).toEqual([
      ['North', 50],
      ['South', 10],
    ]);
  });

  it('counts the months of the period asked, cut to the file: February and March 2024 are 30 over 2 months', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], per: 'month', period: { from: '2024-02-01', to: '2024-03-31' } });
    expect(result.rows).toEqual([[15]]);
    expect(result.note).toBe('Averaged over 2 months, 2024-02 to 2024-03, a month without sales counting 0.');
  });

  it('says which end unit the rows cover only in part: from Wednesday 2024-01-03 the first week has 5 of its 7 days', async () => {
    const result = await queryCsv(SALES.replace('2024-01-01', '2024-01-03'), { measures: ['revenue'], per: 'week' });
    expect(result.rows[0][0]).toBeCloseTo(180 / 13, 10);
    expect(result.note).toBe(
      'Averaged over 13 weeks, the week of 2024-01-01 (rows for 5 of its 7 days) to the week of 2024-03-25, a week without sales counting 0 and a week with rows on part of its days as a whole one.',
    );
    const quarter = await queryCsv(SALES, { measures: ['revenue'], per: 'quarter' });
    expect(quarter.rows).toEqual([[180]]);
    expect(quarter.note).toBe('Averaged over one quarter, 2024 Q1, a quarter without sales counting 0.');
  });

  it('counts ISO weeks: 2024-01-01 is a Monday, 2024-03-31 a Sunday, so 13 whole weeks and 180 / 13 a week', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], per: 'week' });
    expect(result.rows[0][0]).toBeCloseTo(180 / 13, 10);
    expect(result.note).toBe('Averaged over 13 weeks, the week of 2024-01-01 to the week of 2024-03-25, a week without sales counting 0.');
  });

  it('compares two periods, each over its own months', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenue'],
      per: 'month',
      period: { from: '2024-03-01', to: '2024-03-31' },
      compareTo: { from: '2024-01-01', to: '2024-02-29' },
    });
    // March: 30 over 1 month; January–February: 150 over 2 months = 75.
    expect(result.rows).toEqual([[30, 75, -45, -60]]);
  });

  it('is refused for distinct counts and ratios, and beside a time grouping', () => {
    const customers = parseQuerySpec({ measures: ['customers'], per: 'month' });
    expect(customers.ok).toBe(false);
    if (!customers.ok) expect(customers.reason).toContain('customers is not a sum over time (group by the time unit instead)');
    const margin = parseQuerySpec({ measures: ['revenue', 'marginPct'], per: 'month' });
    expect(margin.ok).toBe(false);
    if (!margin.ok) expect(margin.reason).toContain('marginPct is not a sum over time');
    const byMonth = parseQuerySpec({ measures: ['revenue'], groupBy: ['month'], per: 'month' });
    expect(byMonth.ok).toBe(false);
    if (!byMonth.ok) expect(byMonth.reason).toContain('`per` averages over the period: leave the time unit out of `groupBy`');
  });

  it('is refused on a file without dates', async () => {
    await expect(queryCsv('Customer,Amount\nAcme,10\n', { measures: ['revenue'], per: 'month' })).rejects.toThrow(
      'This file has no date column, so it has no months to average over.',
    );
  });
});

describe('an average the rows are too short for', () => {
  it('is refused: one day of sales is no month (Iowa\'s day read as "$1,039,951.09 per month")', async () => {
    await expect(queryCsv('Date,Customer,Amount\n2024-01-03,Acme,10\n', { measures: ['revenue'], per: 'month' })).rejects.toThrow(
      'The rows cover 1 day, 2024-01-03 … 2024-01-03: too little of a month for an average per month. Ask for the total instead.',
    );
    // Three months of 2024 are no year; 2024-01-25 … 2024-02-05 is 12 days of the 60 in January and February.
    await expect(queryCsv(SALES, { measures: ['revenue'], per: 'year' })).rejects.toThrow(
      'The rows cover 91 days, 2024-01-01 … 2024-03-31: too little of a year for an average per year.',
    );
    await expect(
      queryCsv('Date,Customer,Amount\n2024-01-25,Acme,10\n2024-02-05,Bolt,5\n', { measures: ['revenue'], per: 'month' }),
    ).rejects.toThrow('The rows cover 12 days, 2024-01-25 … 2024-02-05: too little of the 2 months they touch for an average per month.');
  });
});
