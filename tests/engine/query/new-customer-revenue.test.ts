/**
 * Revenue from new and from returning customers: "How much did we sell to new customers in
 * 2024?" got the count of new customers. New is a first purchase on or after the start of
 * the row's period; every other line naming a customer is returning, so the two add up to
 * the revenue of the lines that name one. Hand-checked rows: Acme first buys in January,
 * Bolt in February (and returns 20 in March), Dune in March; Cora only ever returns; one
 * line names no customer.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

const SALES = `Date,Customer,Amount
2024-01-05,Acme,100
2024-02-10,Bolt,200
2024-02-20,Acme,50
2024-03-03,Cora,-30
2024-03-15,Bolt,-20
2024-03-20,Dune,70
2024-03-25,,40
`;

const NEW_NEAR_START =
  'New means first seen in this file, whose rows start on 2024-01-05: a customer who bought before then counts as new when first seen, so new customers in its first year are overstated.';

describe('revenue from new and from returning customers', () => {
  it('splits each month by whether the customer first bought in it', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenue', 'newCustomerRevenue', 'returningCustomerRevenue'],
      groupBy: ['month'],
    });
    expect(result.columns.map((c) => c.label)).toEqual([
      'month',
      'revenue',
      'revenue from new customers',
      'revenue from returning customers',
    ]);
    expect(result.rows).toEqual([
      ['2024-01', 100, 100, 0],
      ['2024-02', 250, 200, 50], // Acme first bought in January
      // Dune is new; Bolt's return is returning, and so is Cora, who never bought; 40 names no customer.
      ['2024-03', 60, 70, -50],
    ]);
    expect(result.note).toContain(NEW_NEAR_START);
  });

  it('judges newness from the start of a period, not of each month in it', async () => {
    const result = await queryCsv(SALES, {
      measures: ['newCustomerRevenue', 'returningCustomerRevenue', 'newCustomers'],
      period: { from: '2024-02-01', to: '2024-03-31' },
    });
    // New: Bolt 200 − 20 and Dune 70; returning: Acme 50 and Cora −30.
    expect(result.rows).toEqual([[250, 20, 2]]);
    expect(result.understood).toBe('revenue from new customers, revenue from returning customers, new customers, 2024-02-01 … 2024-03-31');
  });

  it('says nothing of the file start a year on', async () => {
    const later = `${SALES}2025-03-01,Acme,10\n2025-03-02,Erin,5\n`;
    const result = await queryCsv(later, { measures: ['newCustomerRevenue'], period: { from: '2025-03-01', to: '2025-03-31' } });
    expect(result.rows).toEqual([[5]]);
    expect(result.note).not.toContain('New means');
  });

  // Online Retail's "revenue from returning customers in 2011" read −£2,735.74: the credits of
  // customers who only returned, since no one can be first seen before the file starts.
  it.each([
    [{ period: { from: '2024-01-01', to: '2024-12-31' } }, '2024-01-01 … 2024-12-31'],
    [{}, '2024-01-05 … 2024-03-25'],
    [{ period: { from: '2024-02-01', to: '2024-03-31' }, compareTo: { from: '2024-01-01', to: '2024-01-31' } }, '2024-01-01 … 2024-01-31'],
  ])('refuses returning customers for a period that starts with the rows (%o)', async (periods, range) => {
    for (const measure of ['returningCustomerRevenue', 'returningCustomers'] as const)
      await expect(queryCsv(SALES, { measures: [measure], ...periods })).rejects.toThrow(
        `The file's rows start on 2024-01-05, within ${range}: everyone who bought then is first seen there, so I can't tell returning customers from new ones in it. Ask for a period that starts later.`,
      );
  });

  it('is refused on a file without customers', async () => {
    await expect(queryCsv('Date,Amount\n2024-01-05,100\n', { measures: ['newCustomerRevenue'] })).rejects.toThrow(
      'This file has no customer column.',
    );
  });
});
