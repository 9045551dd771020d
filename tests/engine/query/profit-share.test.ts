/**
 * `profitShare` on hand-checked rows: a row's gross profit (revenue less cost, net of
 * returns) over all gross profit of its period, whatever the filters. What sold at a loss
 * has a share below 0; a file without costs is refused.
 */
import { describe, expect, it } from 'vitest';
import { QueryRefusal } from '../../../worker/engine/query';
import { queryCsv } from './snapshot-of';

// Profit: Acme 100 − 60 = 40, Bolt 50 − 20 = 30, Cora 30 − 40 = −10, Dune 20 − 10 = 10, Acme's
// return −20 − (−12) = −8. All: 62. West (Acme, Bolt): 40 + 30 − 8 = 62; East: 0.
const SALES = `Date,Customer,Region,Amount,Cost
2024-01-05,Acme,West,100,60
2024-02-06,Bolt,West,50,20
2024-03-07,Cora,East,30,40
2024-04-08,Dune,East,20,10
2024-05-09,Acme,West,-20,-12
`;

const DEFINITION =
  "Shares of gross profit are of all gross profit (revenue less cost, net of returns), whatever the filters; what sold at a loss has a share below 0, so the others' can add up to more than 100%.";

describe('the share of gross profit', () => {
  it('is of all gross profit, whatever the filters, net of returns: Acme keeps 32 of 62', async () => {
    const result = await queryCsv(SALES, {
      measures: ['profitShare', 'grossProfit'],
      filters: [{ dimension: 'customer', values: ['Acme'] }],
    });
    expect(result.columns.map((c) => [c.label, c.kind])).toEqual([
      ['share of gross profit', 'percent'],
      ['gross profit', 'money'],
    ]);
    expect(result.rows[0][0]).toBeCloseTo((100 * 32) / 62, 10);
    expect(result.rows[0][1]).toBeCloseTo(32, 10);
    expect(result.note).toBe(DEFINITION);
  });

  it('is below 0 for what sold at a loss, and the others pass 100% together', async () => {
    const result = await queryCsv(SALES, { measures: ['profitShare'], groupBy: ['customer'] });
    const byCustomer = Object.fromEntries(result.rows.map(([customer, share]) => [customer, share as number]));
    expect(byCustomer.Acme).toBeCloseTo((100 * 32) / 62, 10);
    expect(byCustomer.Bolt).toBeCloseTo((100 * 30) / 62, 10);
    expect(byCustomer.Dune).toBeCloseTo((100 * 10) / 62, 10);
    expect(byCustomer.Cora).toBeCloseTo((100 * -10) / 62, 10);
  });

  it('says what the top rows of a ranking hold together', async () => {
    const result = await queryCsv(SALES, { measures: ['profitShare'], groupBy: ['customer'], limit: 2 });
    expect(result.rows.map((r) => r[0])).toEqual(['Acme', 'Bolt']);
    expect(result.note).toContain(`The 2 rows shown hold ${((100 * 62) / 62).toFixed(1)}% of it together.`);
  });

  it('is of the rows of the filters it is within: Acme keeps 32 of the West’s 62', async () => {
    const result = await queryCsv(SALES, {
      measures: ['profitShare'],
      filters: [
        { dimension: 'customer', values: ['Acme'] },
        { dimension: 'region', values: ['West'] },
      ],
      shareWithin: ['region'],
    });
    expect(result.rows[0][0]).toBeCloseTo((100 * 32) / 62, 10);
    expect(result.note).toContain(
      'Shares of gross profit are of all gross profit where region = West (revenue less cost, net of returns);',
    );
  });

  it('gives no share of a whole that is a loss, and says so', async () => {
    // East: Cora −10, Dune 10, Eve 10 − 20 = −10; all −10.
    const lossy = `${SALES}2024-06-01,Eve,East,10,20\n`;
    const result = await queryCsv(lossy, {
      measures: ['profitShare', 'grossProfit'],
      filters: [
        { dimension: 'customer', values: ['Cora'] },
        { dimension: 'region', values: ['East'] },
      ],
      shareWithin: ['region'],
    });
    expect(result.rows).toEqual([[null, -10]]);
    expect(result.note).toContain('That gross profit is a loss (-10.00), so no share of it is given.');
  });

  it('is refused on a file without costs', async () => {
    const noCost = SALES.replace(',Cost', '').replace(/,-?\d+\n/g, '\n');
    await expect(queryCsv(noCost, { measures: ['profitShare'] })).rejects.toThrow(
      new QueryRefusal("This file has no cost column, so gross profit can't be computed.", 'MISSING_COLUMN'),
    );
  });
});

describe('the share of gross profit by a time unit', () => {
  // By month: January Acme 40 of 40; February none of Bolt's 30; March Cora −10 of −10, a loss;
  // April none of Dune's 10; May Acme's return −8 of −8, a loss.
  it("is of each month's own gross profit when the rows are narrowed, and none where that month's is a loss", async () => {
    const result = await queryCsv(SALES, {
      measures: ['profitShare', 'grossProfit'],
      groupBy: ['month'],
      filters: [{ dimension: 'customer', values: ['Acme', 'Cora'] }],
    });
    expect(result.rows).toEqual([
      ['2024-01', 100, 40],
      ['2024-02', 0, 0],
      ['2024-03', null, -10],
      ['2024-04', 0, 0],
      ['2024-05', null, -8],
    ]);
    expect(result.note).toContain(
      "Shares of gross profit are of all gross profit in each month (revenue less cost, net of returns), whatever the filters. Where a month's gross profit is a loss (-10.00), no share of it is given.",
    );
  });
});
