/**
 * `revenuePerCustomer` on hand-checked rows: the revenue of the rows that name a customer
 * over the distinct customers among them, per result row; rows without a customer are left
 * out and the result says so; a file without a customer column is refused.
 */
import { describe, expect, it } from 'vitest';
import { QueryRefusal } from '../../../worker/engine/query/execute';
import { queryCsv } from './snapshot-of';

const SALES = `Date,Customer,Product,Amount
2024-01-05,Acme,Widget,100
2024-01-06,Acme,Gadget,50
2024-01-07,Bolt,Widget,30
2024-01-08,,Widget,20
`;

describe('revenue per customer', () => {
  it('divides the named customers’ revenue by how many they are: (100 + 50 + 30) / 2 = 90', async () => {
    const result = await queryCsv(SALES, { measures: ['revenuePerCustomer'] });
    expect(result.rows).toEqual([[90]]);
    expect(result.note).toBe('Revenue per customer counts only rows that name a customer; the revenue of rows without one is left out.');
  });

  it('per product: Widget (100 + 30) / 2 = 65, Gadget 50 / 1 = 50', async () => {
    const result = await queryCsv(SALES, { measures: ['revenuePerCustomer', 'revenue'], groupBy: ['product'] });
    expect(result.rows).toEqual([
      ['Widget', 65, 150],
      ['Gadget', 50, 50],
    ]);
  });

  it('adds no note when every row names a customer', async () => {
    const result = await queryCsv(SALES.replace(',,Widget', ',Cora,Widget'), { measures: ['revenuePerCustomer'] });
    expect(result.rows).toEqual([[200 / 3]]);
    expect(result.note).toBeNull();
  });

  it('is refused for a file without a customer column', async () => {
    const error = await queryCsv('Date,Product,Amount\n2024-01-05,Widget,100\n2024-01-06,Gadget,50\n', {
      measures: ['revenuePerCustomer'],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryRefusal);
    expect((error as Error).message).toBe('This file has no customer column.');
  });
});
