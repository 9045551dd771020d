/**
 * `having` on hand-checked rows: only the result rows whose figure passes the comparison
 * are kept (>, ≥, <, ≤), the count of rows is of those, and a spec that compares a figure
 * it does not ask for, or across two periods, is refused by the schema.
 */
import { describe, expect, it } from 'vitest';
import { parseQuerySpec, type QuerySpecInput } from '../../../worker/engine/query/spec';
import { queryCsv } from './snapshot-of';

// Revenue: Acme 150, Bolt 50, Cora 30, Dune −20.
const SALES = `Date,Customer,Amount
2024-01-05,Acme,100
2024-01-06,Acme,50
2024-01-07,Bolt,50
2024-01-08,Cora,30
2024-01-09,Dune,10
2024-01-10,Dune,-30
`;

const byCustomer: QuerySpecInput = { measures: ['revenue'], groupBy: ['customer'] };

describe('having', () => {
  // "How much revenue came from customers with at most 2 orders?" listed them without the sum asked for.
  it('says what the rows it kept hold together, shown or not, for the figures that add up', async () => {
    const kept = await queryCsv(SALES, {
      measures: ['revenue', 'orders'],
      groupBy: ['customer'],
      having: { measure: 'revenue', op: '<=', value: 50 },
      limit: 1,
    });
    // Bolt 50, Cora 30 and Dune −20 pass; one is shown. Orders don't add up across every grouping, so they get no sum.
    expect(kept.totalRows).toBe(3);
    expect(kept.rows).toHaveLength(1);
    expect(kept.keptTotals).toEqual([{ measure: 'revenue', kind: 'money', value: 60 }]);
    const one = await queryCsv(SALES, { ...byCustomer, having: { measure: 'revenue', op: '>', value: 50 } });
    expect(one.keptTotals).toBeUndefined();
  });

  it('keeps the rows above a bound, strictly: > 50 is Acme alone, ≥ 50 adds Bolt', async () => {
    const above = await queryCsv(SALES, { ...byCustomer, having: { measure: 'revenue', op: '>', value: 50 } });
    expect(above.rows).toEqual([['Acme', 150]]);
    expect(above.totalRows).toBe(1);
    expect(above.understood).toBe('revenue, by customer, revenue > 50');
    const atLeast = await queryCsv(SALES, { ...byCustomer, having: { measure: 'revenue', op: '>=', value: 50 } });
    expect(atLeast.rows).toEqual([
      ['Acme', 150],
      ['Bolt', 50],
    ]);
    expect(atLeast.understood).toBe('revenue, by customer, revenue ≥ 50');
    const exactly = await queryCsv(SALES, { ...byCustomer, having: { measure: 'revenue', op: '=', value: 50 } });
    expect(exactly.rows).toEqual([['Bolt', 50]]);
    expect(exactly.understood).toBe('revenue, by customer, revenue = 50');
  });

  it('keeps the rows below a bound: < 0 is Dune, ≤ 30 adds Cora', async () => {
    const below = await queryCsv(SALES, {
      ...byCustomer,
      having: { measure: 'revenue', op: '<', value: 0 },
      sort: { by: 'revenue', direction: 'asc' },
    });
    expect(below.rows).toEqual([['Dune', -20]]);
    const atMost = await queryCsv(SALES, {
      ...byCustomer,
      having: { measure: 'revenue', op: '<=', value: 30 },
      sort: { by: 'revenue', direction: 'asc' },
    });
    expect(atMost.rows).toEqual([
      ['Dune', -20],
      ['Cora', 30],
    ]);
  });

  it('keeps the rows between two bounds, both included: 30 to 50 is Bolt and Cora', async () => {
    const range = await queryCsv(SALES, { ...byCustomer, having: { measure: 'revenue', op: 'between', value: 30, upTo: 50 } });
    expect(range.rows).toEqual([
      ['Bolt', 50],
      ['Cora', 30],
    ]);
    expect(range.understood).toBe('revenue, by customer, revenue between 30 and 50');
    const negative = await queryCsv(SALES, { ...byCustomer, having: { measure: 'revenue', op: 'between', value: -20, upTo: 29.99 } });
    expect(negative.rows).toEqual([['Dune', -20]]);
  });

  it('refuses a range without its upper end, with it reversed, or an upper end without a range', () => {
    const invalid = (having: QuerySpecInput['having']) => parseQuerySpec({ ...byCustomer, having });
    expect(invalid({ measure: 'revenue', op: 'between', value: 30 })).toEqual({
      ok: false,
      reason: 'The query spec is not valid — having.upTo: `upTo` goes with `op: "between"`, and `between` needs it.',
    });
    expect(invalid({ measure: 'revenue', op: '>', value: 30, upTo: 50 })).toEqual({
      ok: false,
      reason: 'The query spec is not valid — having.upTo: `upTo` goes with `op: "between"`, and `between` needs it.',
    });
    expect(invalid({ measure: 'revenue', op: 'between', value: 50, upTo: 30 })).toEqual({
      ok: false,
      reason: 'The query spec is not valid — having.upTo: `upTo` must be at least `value`.',
    });
  });

  // "Which customers spend above average?" listed every customer.
  it('sets each row against the mean of the rows: above 52.5 is Acme, below it Bolt, Cora and Dune', async () => {
    const above = await queryCsv(SALES, { ...byCustomer, having: { measure: 'revenue', op: '>', than: 'average' } });
    // (150 + 50 + 30 − 20) / 4 = 52.5.
    expect(above.rows).toEqual([['Acme', 150]]);
    expect(above.havingAverage).toBe(52.5);
    expect(above.understood).toBe('revenue, by customer, revenue > the average (52.5)');
    const below = await queryCsv(SALES, {
      ...byCustomer,
      having: { measure: 'revenue', op: '<', than: 'average' },
      sort: { by: 'revenue', direction: 'asc' },
    });
    expect(below.rows).toEqual([
      ['Dune', -20],
      ['Cora', 30],
      ['Bolt', 50],
    ]);
    expect(below.keptTotals).toEqual([{ measure: 'revenue', kind: 'money', value: 60 }]);
  });

  it('sets a margin against the margin of all the rows together, not the mean of their margins', async () => {
    // Margins: Acme 48% of 150, Bolt 80% of 100, Cora 0% of 30, Dune 60% of 10. Together
    // (72 + 80 + 0 + 6) / 290 = 54.5%; the mean of the four margins is 47%, which Acme's 48% passes.
    const csv = `Date,Customer,Amount,Cost
2024-01-05,Acme,150,78
2024-01-07,Bolt,100,20
2024-01-08,Cora,30,30
2024-01-09,Dune,10,4
`;
    const above = await queryCsv(csv, {
      measures: ['marginPct'],
      groupBy: ['customer'],
      having: { measure: 'marginPct', op: '>', than: 'average' },
    });
    expect(above.rows.map((r) => r[0])).toEqual(['Bolt', 'Dune']);
    expect(above.havingAverage).toBeCloseTo((158 / 290) * 100, 9);
    expect(above.understood).toBe('margin %, by customer, margin % > the average (54.5%)');
    const below = await queryCsv(csv, {
      measures: ['marginPct'],
      groupBy: ['customer'],
      having: { measure: 'marginPct', op: '<', than: 'average' },
    });
    expect(below.rows.map((r) => r[0]).sort()).toEqual(['Acme', 'Cora']);
  });

  it('takes a value or the average, not both or neither, and no average of another ratio, a range or a change', () => {
    const invalid = (having: unknown) =>
      parseQuerySpec({ ...byCustomer, measures: ['revenue', 'averageOrderValue'], having } as QuerySpecInput);
    const both = 'The query spec is not valid — having.value: `having` takes a `value`, or `than: "average"` instead of one.';
    expect(invalid({ measure: 'revenue', op: '>', value: 1, than: 'average' })).toEqual({ ok: false, reason: both });
    expect(invalid({ measure: 'revenue', op: '>' })).toEqual({ ok: false, reason: both });
    const averaged =
      'The query spec is not valid — having.than: `than: "average"` compares one period\'s figure, not a change or a range, and of the ratios only the margin.';
    expect(invalid({ measure: 'averageOrderValue', op: '>', than: 'average' })).toEqual({ ok: false, reason: averaged });
    expect(invalid({ measure: 'revenue', op: 'between', than: 'average', upTo: 5 })).toMatchObject({ ok: false });
  });

  it('shows no zero row when a total fails the comparison', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], having: { measure: 'revenue', op: '>', value: 1000 } });
    expect(result.rows).toEqual([]);
    expect(result.totalRows).toBe(0);
  });

  it('is refused for a figure the spec does not ask for, and across two periods', () => {
    expect(parseQuerySpec({ ...byCustomer, having: { measure: 'orders', op: '>', value: 1 } })).toEqual({
      ok: false,
      reason: 'The query spec is not valid — having.measure: the `having` measure must be one of `measures`.',
    });
    expect(
      parseQuerySpec({
        ...byCustomer,
        period: { from: '2024-01-01', to: '2024-01-31' },
        compareTo: { from: '2023-01-01', to: '2023-01-31' },
        having: { measure: 'revenue', op: '>', value: 1 },
      }),
    ).toEqual({
      ok: false,
      reason:
        'The query spec is not valid — having: `having` applies to one period, without `compareTo` or `notBoughtIn`, or with `compareTo` on the change (`on: "change"` or `"percentChange"`).',
    });
  });

  // January against December: Acme 150 vs 40 (up), Bolt 50 vs 80 (down), Cora 30 vs 0 (new,
  // up), Dune −20 vs 0 (down), Emil 0 vs 25 (gone, down). The rows end on 10 January, so both
  // months are counted to their 10th (every December row is by then).
  const TWO_MONTHS = `${SALES}2023-12-01,Acme,40
2023-12-05,Bolt,80
2023-12-06,Emil,25
`;
  const january = { from: '2024-01-01', to: '2024-01-31' };
  const december = { from: '2023-12-01', to: '2023-12-31' };

  it('on the change between two periods: down keeps Emil (gone), Bolt and Dune, a missing period counting 0', async () => {
    const down = await queryCsv(TWO_MONTHS, {
      ...byCustomer,
      period: january,
      compareTo: december,
      having: { measure: 'revenue', op: '<', value: 0, on: 'change' },
      sort: { by: 'revenue', direction: 'asc', on: 'change' },
    });
    expect(down.rows.map((r) => [r[0], r[3]])).toEqual([
      ['Bolt', -30],
      ['Emil', -25],
      ['Dune', -20],
    ]);
    expect(down.totalRows).toBe(3);
    expect(down.understood).toBe(
      'revenue, sorted by change, by customer, revenue down, 2024-01-01 … 2024-01-10, compared with 2023-12-01 … 2023-12-10',
    );
    const bigRise = await queryCsv(TWO_MONTHS, {
      ...byCustomer,
      period: january,
      compareTo: december,
      having: { measure: 'revenue', op: '>=', value: 30, on: 'change' },
    });
    expect(bigRise.rows.map((r) => r[0])).toEqual(['Acme', 'Cora']);
    expect(bigRise.understood).toContain('revenue change ≥ 30');
  });

  it('on the percentage change: doubled (≥ 100%) is Acme (150 from 40, +275%), halved (≤ −50%) is Emil (gone, −100%); Cora and Dune had nothing to change from', async () => {
    const doubled = await queryCsv(TWO_MONTHS, {
      ...byCustomer,
      period: january,
      compareTo: december,
      having: { measure: 'revenue', op: '>=', value: 100, on: 'percentChange' },
    });
    expect(doubled.rows).toEqual([['Acme', 150, 40, 110, 275]]);
    expect(doubled.understood).toContain('revenue up 100% or more');
    const halved = await queryCsv(TWO_MONTHS, {
      ...byCustomer,
      period: january,
      compareTo: december,
      having: { measure: 'revenue', op: '<=', value: -50, on: 'percentChange' },
    });
    // Bolt fell 37.5% (50 from 80): not halved.
    expect(halved.rows).toEqual([['Emil', 0, 25, -25, -100]]);
    expect(halved.understood).toContain('revenue down 50% or more');
    // Fay returned more than she bought in December (−40) and bought 10 in January: +125% of
    // the size of −40, but nothing was doubled; a multiple is of a figure above 0.
    const withReturns = await queryCsv(`${TWO_MONTHS}2023-12-07,Fay,-40\n2024-01-11,Fay,10\n`, {
      ...byCustomer,
      period: january,
      compareTo: december,
      having: { measure: 'revenue', op: '>=', value: 100, on: 'percentChange' },
    });
    expect(withReturns.rows.map((r) => r[0])).toEqual(['Acme']);
  });

  it('on the change of a ratio keeps only rows with the ratio in both periods, and a row without it sorts last', async () => {
    // Average order value (an order is a purchase day here): Acme 150 over 2 days, 75, in January
    // against 40 in December; Bolt 50 against 80; Cora 30 against none; Dune −20 against none;
    // Emil none against 25.
    const down = await queryCsv(TWO_MONTHS, {
      ...byCustomer,
      measures: ['averageOrderValue'],
      period: january,
      compareTo: december,
      having: { measure: 'averageOrderValue', op: '<', value: 0, on: 'change' },
    });
    expect(down.rows).toEqual([['Bolt', 50, 80, -30, -37.5]]);
    const all = await queryCsv(TWO_MONTHS, {
      ...byCustomer,
      measures: ['averageOrderValue'],
      period: january,
      compareTo: december,
      sort: { by: 'averageOrderValue', direction: 'asc', on: 'change' },
    });
    expect(all.rows.map((r) => [r[0], r[3]])).toEqual([
      ['Bolt', -30],
      ['Acme', 35],
      ['Cora', null],
      ['Dune', null],
      ['Emil', null],
    ]);
  });

  it('on the change is refused without a second period or an earlier unit', () => {
    expect(parseQuerySpec({ ...byCustomer, having: { measure: 'revenue', op: '<', value: 0, on: 'change' } })).toEqual({
      ok: false,
      reason: 'The query spec is not valid — having.on: `having` on the change needs `compareTo` or `changeFrom`.',
    });
  });
});

describe('a loss from net returns', () => {
  // Hand-worked: Anvil sold at 100 for a cost of 120 (a loss of 20 on a sale); Bolt sold 50
  // (cost 30) and had 80 credited back (cost 50): revenue −30, profit −10, a margin of +33.3%;
  // Cora had 30 credited back at a cost of 35: revenue −30, profit +5, a margin of −16.7%.
  const LINES = `Date,Customer,Product,Amount,Cost
2024-01-05,X,Anvil,100,120
2024-01-06,X,Bolt,50,30
2024-01-07,Y,Bolt,-80,-50
2024-01-08,Z,Cora,-30,-35
`;

  it('a gross profit below 0 says which rows lost it through returns, not sales below cost', async () => {
    const result = await queryCsv(LINES, {
      measures: ['grossProfit', 'marginPct'],
      groupBy: ['product'],
      having: { measure: 'grossProfit', op: '<', value: 0 },
    });
    // Largest first, as asked of no other order: Bolt −10, Anvil −20.
    expect(result.rows.map((r) => r[0])).toEqual(['Bolt', 'Anvil']);
    expect(result.rows[0][1]).toBeCloseTo(-10, 9);
    expect(result.rows[0][2]).toBeCloseTo((-10 / -30) * 100, 9);
    expect(result.note).toBe(
      "1 of these products has net returns (revenue below 0): more was credited back than sold in these rows, so the loss is the returns', not sales below cost.",
    );
  });

  it('a margin below 0 over a revenue below 0 is a profit, and says so', async () => {
    const result = await queryCsv(LINES, {
      measures: ['marginPct'],
      groupBy: ['product'],
      having: { measure: 'marginPct', op: '<', value: 0 },
    });
    // Cora −16.7%, Anvil −20.0%.
    expect(result.rows.map((r) => r[0])).toEqual(['Cora', 'Anvil']);
    expect(result.note).toBe(
      '1 of these products has net returns (revenue below 0) with a gross profit above 0: a margin over a revenue below 0 turns its sign, so it is no loss.',
    );
  });

  it('a loss of sales alone has no note', async () => {
    const result = await queryCsv(LINES, {
      measures: ['grossProfit'],
      groupBy: ['product'],
      filters: [{ dimension: 'product', values: ['Anvil'] }],
      having: { measure: 'grossProfit', op: '<', value: 0 },
    });
    expect(result.rows).toEqual([['Anvil', -20]]);
    expect(result.note).toBeNull();
  });
});
