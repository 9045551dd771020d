/**
 * `buyersOf` on hand-checked rows: the figures of the customers who bought some values, all
 * they bought, not only those values; a return is no purchase; the period picks the buyers
 * and the rows alike; the other filters keep rows, not buyers.
 */
import { describe, expect, it } from 'vitest';
import { QueryRefusal, QuerySpecSchema } from '../../../worker/engine/query';
import { queryCsv } from './snapshot-of';

// Acme buys Chairs and Paper; Bolt Chairs (2023) and Tables (2024); Cora only returns Chairs,
// and buys Paper; Dune buys Tables and Paper, no Chairs.
const SALES = `Date,Invoice,Customer,Category,Region,Amount
2023-01-10,1,Acme,Chairs,West,100
2023-02-10,2,Acme,Paper,East,20
2023-03-01,3,Bolt,Chairs,West,50
2024-03-01,4,Bolt,Tables,West,300
2024-04-01,C5,Cora,Chairs,West,-40
2024-04-02,6,Cora,Paper,West,10
2024-05-01,7,Dune,Tables,East,200
2024-05-02,8,Dune,Paper,East,5
2024-06-01,9,Acme,Tables,East,70
`;

const CHAIRS = { dimension: 'category', values: ['Chairs'] };

describe('the figures of the customers who bought some values', () => {
  it('counts all the buyers bought, not only the values', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue', 'customers', 'orders'], buyersOf: CHAIRS });
    expect(result.understood).toBe('revenue, customers, orders, customers who bought category = Chairs');
    // Acme 100 + 20 + 70 and Bolt 50 + 300; Cora's Chairs line is a credit note, so she is no buyer.
    expect(result.rows).toEqual([[540, 2, 5]]);
    expect(result.note).toBe('2 customers bought category = Chairs; the figures are of all they bought, not only of Chairs.');
  });

  it('keeps the other filters on the rows, not on who the buyers are', async () => {
    const tables = await queryCsv(SALES, {
      measures: ['revenue'],
      filters: [{ dimension: 'category', values: ['Tables'] }],
      buyersOf: CHAIRS,
    });
    // What Chairs buyers spent on Tables: Bolt 300 and Acme 70 (Dune bought Tables, no Chairs).
    expect(tables.rows).toEqual([[370]]);
    expect(tables.note).toBe('2 customers bought category = Chairs; the figures are of their rows that the other filters keep.');
    const east = await queryCsv(SALES, { measures: ['revenue'], filters: [{ dimension: 'region', values: ['East'] }], buyersOf: CHAIRS });
    // Acme bought Chairs in the West; her East rows count: 20 + 70.
    expect(east.rows).toEqual([[90]]);
  });

  it('finds the buyers in the period, and counts their rows of it', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], buyersOf: CHAIRS, period: { from: '2024-01-01', to: '2024-12-31' } });
    // No one bought Chairs in 2024 (Cora's line is a return).
    expect(result.rows).toEqual([[0]]);
    expect(result.note).toContain('No customer bought category = Chairs in 2024-01-01 … 2024-12-31.');
    const of2023 = await queryCsv(SALES, { measures: ['revenue'], buyersOf: CHAIRS, period: { from: '2023-01-01', to: '2023-12-31' } });
    expect(of2023.rows).toEqual([[170]]);
  });

  it('lists what else they bought, each with how many of them bought it', async () => {
    const result = await queryCsv(SALES, {
      measures: ['customers', 'revenue'],
      groupBy: ['category'],
      filters: [{ ...CHAIRS, exclude: true }],
      buyersOf: CHAIRS,
      sort: { by: 'customers', direction: 'desc' },
    });
    expect(result.rows).toEqual([
      ['Tables', 2, 370],
      ['Paper', 1, 20],
    ]);
    expect(result.note).toContain(
      '2 customers bought category = Chairs; each row counts those of them who bought it, and what they spent on it.',
    );
  });

  it('refuses a value the file does not hold', async () => {
    await expect(
      queryCsv(SALES, { measures: ['revenue'], buyersOf: { dimension: 'category', values: ['Sofas'], match: 'exact' } }),
    ).rejects.toThrow(new QueryRefusal("No category in this file matches 'Sofas'.", 'NO_MATCH'));
  });

  it('takes one period and no list of customers of its own', () => {
    const spec = {
      measures: ['revenue'],
      buyersOf: CHAIRS,
      period: { from: '2024-01-01', to: '2024-12-31' },
      compareTo: { from: '2023-01-01', to: '2023-12-31' },
    };
    const parsed = QuerySpecSchema.safeParse(spec);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      '`buyersOf` keeps the rows of the customers who bought those values in one period: leave out `exclude` on it, `compareTo`, `notBoughtIn`, `alsoBoughtIn`, `neverBought`, `boughtAll`, `boughtEvery`, `per` and `changeFrom`',
    ]);
  });
});
