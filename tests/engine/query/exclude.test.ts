/**
 * A filter that leaves values out ("excluding the UK"): every other value passes, and so do
 * rows without a value, which are no UK sale. Hand-checked rows.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

const SALES = `Date,Customer,Country,Amount
2024-01-05,Acme,United Kingdom,100
2024-01-06,Bolt,Germany,40
2024-01-07,Cora,France,25
2024-01-08,Dune,,10
2024-01-09,Erin,United Kingdom,5
`;

describe('leaving values out', () => {
  it('keeps every other value and the rows without one', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenue', 'customers'],
      filters: [{ dimension: 'region', values: ['united kingdom'], exclude: true }],
    });
    expect(result.understood).toBe('revenue, customers, region ≠ United Kingdom');
    expect(result.rows).toEqual([[75, 3]]);
  });

  it('leaves several out, and a grouping by the same column lists the rest', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['region'],
      filters: [{ dimension: 'region', values: ['United Kingdom', 'Germany'], exclude: true }],
    });
    expect(result.understood).toBe('revenue, by region, region not in United Kingdom, Germany');
    expect(result.rows).toEqual([
      ['France', 25],
      ['(blank)', 10],
    ]);
  });

  it('refuses a value the file does not hold, as a kept value is', async () => {
    await expect(
      queryCsv(SALES, { measures: ['revenue'], filters: [{ dimension: 'region', values: ['Atlantis'], match: 'exact', exclude: true }] }),
    ).rejects.toThrow(/Atlantis/);
  });
});
