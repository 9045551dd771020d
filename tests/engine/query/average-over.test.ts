/**
 * `averageOver` on hand-checked rows: each value of the column gives its own figure, and the
 * average is their sum over how many values had a purchase; a value with only returns keeps
 * them in the sum but is not counted; rows without a value are left out; by a grouping, each
 * row has its own values; two periods each their own; ratios and a second average are refused.
 */
import { describe, expect, it } from 'vitest';
import { parseQuerySpec } from '../../../worker/engine/query/spec';
import { queryCsv } from './snapshot-of';

// Rep A: Acme (orders A1, A2) and Bolt (A3); Rep B: Core (B1). Dent only returned (C1, rep B).
// One line (A4) names no rep. Revenue: A 100 + 50 + 30 = 180, B 40 − 10 (Dent's credit) = 30.
const SALES = `Date,Order,Customer,Rep,Region,Product,Quantity,Amount
2024-01-05,A1,Acme,Rep A,North,Bolt,2,100
2024-02-05,A2,Acme,Rep A,North,Nut,1,50
2024-02-07,A3,Bolt Co,Rep A,South,Bolt,3,30
2024-03-01,B1,Core,Rep B,South,Nut,4,40
2024-03-02,C1,Dent,Rep B,South,Nut,-1,-10
2025-01-10,A4,Acme,,North,Bolt,1,20
`;

describe('a figure averaged over a column', () => {
  it('counts customers per rep: Rep A has 2, Rep B 1 (Dent only returned), so 1.5 a rep', async () => {
    const result = await queryCsv(SALES, { measures: ['customers'], averageOver: 'salesRep' });
    expect(result.rows).toEqual([[1.5]]);
    expect(result.understood).toBe('average customers per sales rep');
    expect(result.columns.map((c) => [c.label, c.kind])).toEqual([['average customers per sales rep', 'number']]);
    expect(result.note).toContain(
      "Averaged over the 2 sales reps with a purchase in these rows: each one's figure, added up and divided by how many there are. Sales reps with only returns are not counted among them, and their returns stay in the figures. Rows without a sales rep are left out.",
    );
  });

  it("adds each rep's own revenue, returns netted: (180 + 30) / 2 = 105", async () => {
    const result = await queryCsv(SALES, { measures: ['revenue', 'orders'], averageOver: 'salesRep' });
    expect(result.rows).toEqual([[105, 2]]);
  });

  it('counts each customer once per rep and orders per customer: Acme 3, Bolt Co 1, Core 1 orders over 3 buyers', async () => {
    const result = await queryCsv(SALES, { measures: ['orders', 'units', 'products'], averageOver: 'customer' });
    // Units: Acme 2 + 1 + 1, Bolt Co 3, Core 4, and Dent's −1 returned (Dent is in the sum, not among the buyers);
    // products: Acme 2, Bolt Co 1, Core 1.
    expect(result.rows[0][0]).toBeCloseTo(5 / 3, 12);
    expect(result.rows[0][1]).toBeCloseTo(10 / 3, 12);
    expect(result.rows[0][2]).toBeCloseTo(4 / 3, 12);
    expect(result.note).toContain('Averaged over the 3 customers with a purchase in these rows');
  });

  it('gives each row its own values: North has Rep A alone (1 customer), South Rep A and Rep B (1 each)', async () => {
    const result = await queryCsv(SALES, { measures: ['customers', 'revenue'], groupBy: ['region'], averageOver: 'salesRep' });
    expect(result.understood).toBe('average customers per sales rep, average revenue per sales rep, by region');
    expect(result.rows).toEqual([
      ['North', 1, 150],
      ['South', 1, 30],
    ]);
    expect(result.note).toContain("Each row is averaged over its own sales reps with a purchase: each one's figure");
  });

  it('keeps a filter and a period: in 2024 Acme alone in the North, 2 orders', async () => {
    const result = await queryCsv(SALES, {
      measures: ['orders'],
      averageOver: 'customer',
      filters: [{ dimension: 'region', values: ['North'] }],
      period: { from: '2024-01-01', to: '2024-12-31' },
    });
    expect(result.rows).toEqual([[2]]);
  });

  it('averages each period over its own values and sets them side by side', async () => {
    const result = await queryCsv(SALES, {
      measures: ['units'],
      averageOver: 'customer',
      period: { from: '2024-02-01', to: '2024-02-29' },
      compareTo: { from: '2024-03-01', to: '2024-03-31' },
    });
    // February: Acme 1 and Bolt Co 3 units over 2; March: Core 4 and Dent's −1 returned over 1 (Dent is no buyer).
    expect(result.rows[0].slice(0, 3)).toEqual([2, 3, -1]);
    expect(result.rows[0][3]).toBeCloseTo((-1 / 3) * 100, 12);
    expect(result.note).toContain('Averaged over the customers with a purchase in each period (2 and 1)');
  });

  it('has no average for a month without values, not 0', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['month'],
      averageOver: 'customer',
      period: { from: '2024-01-01', to: '2024-04-30' },
    });
    expect(result.rows).toEqual([
      ['2024-01', 100],
      ['2024-02', 40],
      ['2024-03', 30],
      ['2024-04', null],
    ]);
  });

  it("keeps a returns-only customer's credit in the sum, not among the customers: (170 + 30 + 40 − 10) / 3", async () => {
    const result = await queryCsv(SALES, { measures: ['revenue', 'returns'], averageOver: 'customer' });
    expect(result.rows[0][0]).toBeCloseTo(230 / 3, 12);
    expect(result.rows[0][1]).toBeCloseTo(10 / 3, 12);
    expect(result.note).toContain('Customers with only returns are not counted among them, and their returns stay in the figures.');
  });

  it('says there is nothing to average when no value has a purchase, and has no figure', async () => {
    const empty = { from: '2024-06-01', to: '2024-06-30' };
    const result = await queryCsv(SALES, { measures: ['orders'], averageOver: 'customer', period: empty });
    expect(result.rows).toEqual([[null]]);
    expect(result.note).toContain('No customer has a purchase in these rows, so there is nothing to average.');
    const compared = await queryCsv(SALES, {
      measures: ['orders'],
      averageOver: 'customer',
      period: empty,
      compareTo: { from: '2024-07-01', to: '2024-07-31' },
    });
    expect(compared.rows).toEqual([[null, null, null, null]]);
  });

  it('refuses a column averaged over itself under another name', async () => {
    await expect(queryCsv(SALES, { measures: ['orders'], averageOver: 'customers', groupBy: ['customer'] })).rejects.toThrow(
      'Each customer averaged over itself is its own figure',
    );
  });

  it('keeps a filter on the column averaged over: Rep A alone has 2 customers', async () => {
    const result = await queryCsv(SALES, {
      measures: ['customers'],
      averageOver: 'salesRep',
      filters: [{ dimension: 'salesRep', values: ['Rep A'] }],
    });
    expect(result.rows).toEqual([[2]]);
  });

  it("averages the buyers of a product over all they bought: Acme's 3 orders and Core's 1 (Dent only returned Nuts)", async () => {
    const result = await queryCsv(SALES, {
      measures: ['orders'],
      averageOver: 'customer',
      buyersOf: { dimension: 'product', values: ['Nut'] },
    });
    expect(result.rows).toEqual([[2]]);
  });

  it.each([
    [{ measures: ['marginPct'], averageOver: 'customer' }, '`averageOver` averages revenue, grossProfit, cost'],
    [{ measures: ['revenue'], averageOver: 'month' }, 'for an average per month, use `per`'],
    [{ measures: ['revenue'], averageOver: 'customer', per: 'month' }, 'leave out `per`'],
    [{ measures: ['revenue'], averageOver: 'customer', groupBy: ['customer'] }, '`averageOver` is not also in `groupBy`'],
    [{ measures: ['revenue'], averageOver: 'customer', groupBy: ['region', 'month'] }, 'one column or time unit in `groupBy` at most'],
  ])('refuses %j', (spec, reason) => {
    const parsed = parseQuerySpec(spec);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.reason).toContain(reason);
  });
});
