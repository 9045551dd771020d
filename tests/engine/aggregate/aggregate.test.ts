import { describe, expect, it } from 'vitest';
import { epochDay, monthLabel } from '../../../worker/engine/aggregate/types';
import { cents, customer, ingestFixture, product } from '../ingest/helpers';

describe('aggregates of a small invoice file with returns and credit notes', async () => {
  const agg = await ingestFixture('returns-and-credit-notes.csv');

  it('nets returns and credit notes out of revenue and cost', () => {
    expect(cents(agg.totals.revenue)).toBe(79.71);
    expect(cents(agg.totals.cost ?? NaN)).toBe(42);
    expect(cents(agg.totals.returnsValue)).toBe(2.55);
  });

  it('counts orders without credit notes, and all invoice ids separately', () => {
    expect(agg.totals.orders).toBe(4);
    expect(agg.totals.distinctOrderIds).toBe(5);
  });

  it('keeps rows without a customer in total and product revenue', () => {
    expect(cents(agg.totals.revenueWithoutCustomer)).toBe(6.78);
    expect(agg.products.revenue[product(agg, '71053')]).toBeCloseTo(64.41, 10);
    expect(agg.profile.warnings).toContain(
      'Rows without a customer id: 1 (6.78 of revenue). They count toward total, monthly and product revenue but not toward customer analyses.',
    );
  });

  it('reads float-formatted customer ids as integers', () => {
    expect(agg.customers.ids).toEqual(['17850', '12583']);
  });

  it('tracks per-customer orders, purchase days and first/last purchase (returns excluded)', () => {
    const c = customer(agg, '17850');
    expect(cents(agg.customers.revenue[c])).toBe(36.48);
    expect(agg.customers.orders[c]).toBe(2);
    expect(agg.customers.purchaseDays[c]).toBe(2);
    expect(agg.customers.firstDay[c]).toBe(epochDay('2010-12-01'));
    expect(agg.customers.lastDay[c]).toBe(epochDay('2011-01-20'));
  });

  it('tracks per-product quantity and distinct buying customers', () => {
    const p = product(agg, '85123A');
    expect(cents(agg.products.revenue[p])).toBe(15.3);
    expect(agg.products.quantity[p]).toBe(6);
    expect(agg.products.customers[p]).toBe(2);
  });

  it('builds contiguous months with revenue, orders and active customers', () => {
    expect(Array.from(agg.months.months, monthLabel)).toEqual(['2010-12', '2011-01']);
    expect(Array.from(agg.months.revenue, cents)).toEqual([39.87, 39.84]);
    expect(Array.from(agg.months.orders)).toEqual([2, 2]);
    expect(Array.from(agg.months.customers)).toEqual([1, 2]);
  });

  it('builds invoice baskets of distinct non-return products', () => {
    expect(agg.baskets?.basis).toBe('invoice');
    expect(Array.from(agg.baskets?.offsets ?? [])).toEqual([0, 2, 3, 5, 6]);
    expect(Array.from(agg.baskets?.items ?? [])).toEqual([0, 1, 1, 1, 0, 1]);
  });

  it('counts an order once per customer×product pair and customer×month', () => {
    const pair = (a: number, b: number): number => {
      const { customerProducts: cp } = agg;
      for (let i = 0; i < cp.a.length; i++) if (cp.a[i] === a && cp.b[i] === b) return i;
      return -1;
    };
    const i = pair(customer(agg, '17850'), product(agg, '85123A'));
    expect(cents(agg.customerProducts.revenue[i])).toBe(12.75);
    expect(agg.customerProducts.orders[i]).toBe(1);
    expect(agg.customerMonths.a.length).toBe(3);
  });

  it('counts a missing unit cost as 0 and says so', () => {
    expect(agg.profile.warnings).toContain('1 row has no readable cost; counted as 0.');
  });
});

describe('aggregates of a file without order ids', async () => {
  const agg = await ingestFixture('us-quoted-crlf.csv');

  it('counts distinct (customer, day) purchase occasions as orders', () => {
    expect(agg.totals.orders).toBe(3);
    expect(agg.hasOrderId).toBe(false);
  });

  it('uses one basket per customer for cross-sell', () => {
    expect(agg.baskets?.basis).toBe('customer');
    expect(Array.from(agg.baskets?.offsets ?? [])).toEqual([0, 2, 3, 4]);
  });

  it('identifies customers by name when there is no id column', () => {
    expect(agg.customers.ids).toEqual(['Acme, Inc.', 'Beta "B" LLC\r\nChicago', 'Gamma Co']);
    expect(agg.profile.warnings).toContain("No customer id column: customers are identified by their name ('Customer').");
  });
});

describe('the as-of date', async () => {
  const agg = await ingestFixture('returns-and-credit-notes.csv', { asOf: '2010-12-31' });

  it('leaves out rows dated after it and says how many', () => {
    expect(agg.profile.rowsUsed).toBe(4);
    expect(agg.profile.rejectReasons.map((r) => [r.reason, r.count])).toEqual([['Dated after the analysis date', 3]]);
    expect(agg.profile.warnings).toContain('3 rows dated after 2010-12-31 (the analysis date) left out.');
    expect(agg.lastDay).toBe(epochDay('2010-12-01'));
  });
});

describe('invoice lines that are not grouped by invoice', async () => {
  const { ingestBytes } = await import('../ingest/helpers');
  const agg = await ingestBytes('Invoice,Customer,Product,Amount\nA,c1,p1,1\nA,c1,p2,1\nB,c2,p1,1\nA,c1,p1,1\nB,c2,p3,1\nA,c1,p3,1\n', {
    fileName: 'interleaved.csv',
  });

  it('still gives each basket its distinct products exactly once', () => {
    expect(Array.from(agg.baskets?.offsets ?? [])).toEqual([0, 3, 5]);
    expect(Array.from(agg.baskets?.items ?? []).map((p) => agg.products.ids[p])).toEqual(['p1', 'p2', 'p3', 'p1', 'p3']);
  });

  it('counts the orders a customer×product pair occurs in once per order', () => {
    const { customerProducts: cp } = agg;
    const c1p1 = Array.from(cp.a).findIndex((c, i) => agg.customers.ids[c] === 'c1' && agg.products.ids[cp.b[i]] === 'p1');
    expect(cp.orders[c1p1]).toBe(1);
    expect(cp.revenue[c1p1]).toBe(2);
  });
});

// Online Retail writes stock off, and back, as lines of no money and no customer ("Unsaleable,
// destroyed.", "found"): they were counted as units sold.
describe('lines of no money and no customer', async () => {
  const { ingestBytes } = await import('../ingest/helpers');
  const agg = await ingestBytes(
    [
      'Invoice,Date,Customer,Product,Quantity,Price,UnitCost',
      '1,2024-01-02,c1,p1,10,2,1',
      '2,2024-01-03,,p1,-7,0,1', // written off
      '3,2024-01-04,,p1,3,0,1', // found again
      '4,2024-01-05,,p1,2,2,1', // sold over the counter: money, no customer
      '5,2024-01-06,c2,p1,1,0,1', // a free sample to a customer
      '',
    ].join('\n'),
    { fileName: 'stock.csv' },
  );

  it('are stock movements: their quantity is no units sold, and the other lines count (10 + 2 + 1)', () => {
    expect(agg.products.quantity[product(agg, 'p1')]).toBe(13);
    expect(cents(agg.products.revenue[product(agg, 'p1')])).toBe(24);
  });

  it('and their cost is no cost of goods sold (the write-off raised the profit by 7): 10 + 2 + 1 units at 1', () => {
    expect(cents(agg.products.cost?.[product(agg, 'p1')] ?? NaN)).toBe(13);
    expect(cents(agg.totals.cost ?? NaN)).toBe(13);
  });
});
