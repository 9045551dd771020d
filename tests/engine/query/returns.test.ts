/**
 * The returns measures on hand-checked rows. Returns are the lines that reduce revenue:
 * credit notes (an order id such as C1002, negative even when its quantity is written
 * positive) and negative lines inside ordinary orders. `returns` sums their value as a
 * positive amount (the overview's returns figure); `returnOrders` counts the distinct
 * order ids among them. A ranking by either lists only rows with a return; a file with no
 * order id can't count orders; the snapshot records how many such lines the file has.
 */
import { describe, expect, it } from 'vitest';
import { QueryRefusal } from '../../../worker/engine/query/execute';
import { ingestCsv, queryCsv } from './snapshot-of';

// Returns: C1002 −10 (Acme), the −20 line of order 1003 (Bolt), C1004 −5 (Bolt, quantity written positive).
const SALES = `Invoice,Date,Customer,Product,Quantity,UnitPrice,Country
1001,2024-01-05,Acme,P1,2,10,UK
1001,2024-01-05,Acme,P2,1,5,UK
C1002,2024-01-20,Acme,P1,-1,10,UK
1003,2024-02-03,Bolt,P2,4,5,DE
1003,2024-02-03,Bolt,P1,-2,10,DE
C1004,2024-02-10,Bolt,P2,1,5,DE
1005,2024-02-11,Cora,P1,3,10,DE
`;

const DEFINITION =
  'Returns are the lines that reduce revenue: credit notes (order ids of a C and digits, such as C536379 or C1000185) and lines with a negative amount; revenue is already net of them.';

describe('the returns measures', () => {
  it('sums returns as a positive value and counts the orders with one: 10 + 20 + 5 = 35 in 3 orders', async () => {
    const result = await queryCsv(SALES, { measures: ['returns', 'returnOrders', 'revenue'] });
    expect(result.columns.map((c) => [c.label, c.kind])).toEqual([
      ['returns', 'money'],
      ['orders with a return', 'count'],
      ['revenue', 'money'],
    ]);
    // Revenue stays net: 20 + 5 − 10 + 20 − 20 − 5 + 30 = 40.
    expect(result.rows).toEqual([[35, 3, 40]]);
    expect(result.note).toBe(DEFINITION);
  });

  it('splits by any grouping and period: UK 10 in 1 order, DE 25 in 2; February alone 25', async () => {
    const byCountry = await queryCsv(SALES, { measures: ['returns', 'returnOrders'], groupBy: ['region'] });
    expect(byCountry.rows).toEqual([
      ['DE', 25, 2],
      ['UK', 10, 1],
    ]);
    const february = await queryCsv(SALES, { measures: ['returns'], period: { from: '2024-02-01', to: '2024-02-29' } });
    expect(february.rows).toEqual([[25]]);
  });

  it('lists only rows with a return when it ranks by them, and says so', async () => {
    const result = await queryCsv(SALES, {
      measures: ['returns'],
      groupBy: ['customer'],
      sort: { by: 'returns', direction: 'asc' },
    });
    // Cora returned nothing: "the fewest returns" must not be her 0.
    expect(result.rows).toEqual([
      ['Acme', 10],
      ['Bolt', 25],
    ]);
    expect(result.note).toBe(`${DEFINITION} Rows with no return are left out of this list.`);
  });

  it('keeps every period of a time series, with 0 where nothing was returned', async () => {
    const result = await queryCsv(SALES.replaceAll('C1002,2024-01-20,Acme,P1,-1,10', '1002,2024-01-20,Acme,P1,1,10'), {
      measures: ['returns'],
      groupBy: ['month'],
    });
    expect(result.rows).toEqual([
      ['2024-01', 0],
      ['2024-02', 25],
    ]);
  });

  it('says when none of the rows counted is a return', async () => {
    const result = await queryCsv(SALES, { measures: ['returns'], filters: [{ dimension: 'customer', values: ['Cora'] }] });
    expect(result.rows).toEqual([[0]]);
    expect(result.note).toBe(`${DEFINITION} None of the rows counted here is one.`);
  });

  it('refuses to count orders with a return in a file without order ids', async () => {
    const noOrderIds = SALES.split('\n')
      .map((line) => line.slice(line.indexOf(',') + 1))
      .join('\n');
    const error = await queryCsv(noOrderIds, { measures: ['returnOrders'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryRefusal);
    expect((error as Error).message).toBe(
      "This file has no order id column, so I can't count orders with a return; I can give the value of returns.",
    );
    // Without its order id, C1004's line (quantity 1) is a sale: the returns are 10 + 20.
    expect((await queryCsv(noOrderIds, { measures: ['returns'] })).rows).toEqual([[30]]);
  });

  it('records the lines that reduce revenue in the snapshot: 3 here, 0 in a file without returns', async () => {
    expect((await ingestCsv(SALES)).snapshot.meta.returnLines).toBe(3);
    const clean = 'Date,Customer,Amount\n2024-01-05,Acme,100\n2024-01-06,Bolt,50\n';
    expect((await ingestCsv(clean)).snapshot.meta.returnLines).toBe(0);
  });

  it('agrees with the overview’s returns figure', async () => {
    const { aggregates } = await ingestCsv(SALES);
    expect(aggregates.totals.returnsValue).toBe(35);
  });
});
