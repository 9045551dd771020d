import { createReadStream, readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { epochDay } from '../../../worker/engine/aggregate/types';
import { crossSellOf, minSupportFor } from '../../../worker/engine/analyses/cross-sell';
import { productsOf } from '../../../worker/engine/analyses/products';
import { suppliersOf } from '../../../worker/engine/analyses/suppliers';
import { ingest } from '../../../worker/engine/ingest';
import { productsReport, suppliersReport } from '../../../worker/engine/render/reports-catalog';
import { datasetPath } from '../helpers/datasets';
import { aggregatesFromRows, type TestRow } from '../helpers/aggregates-from-rows';
import { analysisOf } from '../helpers/analysis-of';

describe('productsOf', () => {
  const rows: TestRow[] = [
    // Tools: hammer 50% margin, saw 45%, nails 40%, cheap drill 5% (far below the category's 36%).
    { product: 'hammer', category: 'Tools', amount: 100, cost: 50, quantity: 2, customer: 'A' },
    { product: 'saw', category: 'Tools', amount: 100, cost: 55, quantity: 1, customer: 'B' },
    { product: 'nails', category: 'Tools', amount: 100, cost: 60, quantity: 10, customer: 'A' },
    { product: 'drill', category: 'Tools', amount: 100, cost: 95, quantity: 1, customer: 'C' },
    { product: 'glue', category: 'Paint', amount: 40, cost: 60, quantity: 4, customer: 'C' },
  ];
  const products = productsOf(aggregatesFromRows(rows), -1);

  it('computes revenue, cost, margin, margin %, quantity and customers per product', () => {
    expect(products?.items.find((p) => p.id === 'hammer')).toMatchObject({
      revenue: 100,
      cost: 50,
      margin: 50,
      marginPct: 50,
      quantity: 2,
      customers: 1,
      trendPct: null,
    });
  });

  it('flags negative margins and margins far below the category', () => {
    expect(products?.flags.map((f) => [f.id, f.kind])).toEqual([
      ['glue', 'negative-margin'],
      ['drill', 'below-category-margin'],
    ]);
    expect(products?.flags[1].detail).toBe('Margin 5.0% vs 35.0% for Tools (30.0 points below).');
  });

  it('does not call a product whose returns outweigh its sales "sold below cost"', () => {
    const withReturns = productsOf(
      aggregatesFromRows([
        // Sold at 100 (cost 70), 300 returned (cost 210): revenue -200, margin -60, 30% on what it sold.
        { product: 'returned', amount: 100, cost: 70, quantity: 1, customer: 'A' },
        { product: 'returned', amount: -300, cost: -210, quantity: -3, customer: 'A' },
        // Sold at 100 (cost 130), 20 returned (cost 26): revenue 80, margin -24, below cost.
        { product: 'underpriced', amount: 100, cost: 130, quantity: 1, customer: 'B' },
        { product: 'underpriced', amount: -20, cost: -26, quantity: -1, customer: 'B' },
      ]),
      -1,
    );
    expect(withReturns?.items.find((p) => p.id === 'returned')).toMatchObject({ revenue: -200, margin: -60 });
    expect(withReturns?.flags.map((f) => [f.id, f.kind, f.detail])).toEqual([
      // The return gave back a sale below cost: no other sale made money.
      [
        'underpriced',
        'negative-margin',
        'Sold below cost: margin -24.00 on revenue 80.00; no sale of it made money, and those below cost (revenue 100.00) lost 30.00, and its returns (and any sale with no cost given) added 6.00.',
      ],
    ]);
  });

  it('leaves margin null, with the reason, when the file has no cost', () => {
    const noCost = productsOf(aggregatesFromRows([{ product: 'x', amount: 10 }]), -1);
    expect(noCost?.marginAvailable).toBe(false);
    expect(noCost?.items[0]).toMatchObject({ cost: null, margin: null, marginPct: null });
    expect(noCost?.note).toContain('no cost (or profit) column');
  });

  /** `n` one-line orders of `amount` each, on the 1st of the given months (ISO), one a month in turn. */
  function orders(product: string, n: number, amount: number, months: string[]): TestRow[] {
    return Array.from({ length: n }, (_, k) => ({
      product,
      order: `${product}-${months[0]}-${k}`,
      date: `${months[k % months.length]}-01`,
      amount,
    }));
  }
  const H1 = ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06'];
  const H2 = ['2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12'];
  // As of 2024-12-31 the windows are Jan–Jun (182 days) and Jul–Dec (184 days): the last
  // window's share of the days is 184 / 366.
  const AS_OF = epochDay('2024-12-31');

  it('measures the trend as the last 6 full months vs the 6 before and flags a fall in orders beyond chance', () => {
    const trended = productsOf(
      aggregatesFromRows([
        // 12 orders, then 1: P(X ≤ 1) for X ~ Binomial(13, 184/366) = 0.4973^13 + 13 × 0.5027 × 0.4973^12 ≈ 0.0016.
        ...orders('fading', 12, 100, H1),
        ...orders('fading', 1, 100, H2),
        // 2 orders, then none: P(X = 0) for X ~ Binomial(2, 184/366) = 0.4973^2 ≈ 0.247, a fall chance explains.
        ...orders('thin', 2, 600, H1),
        ...orders('steady', 5, 100, H1),
        ...orders('steady', 6, 100, H2),
      ]),
      AS_OF,
    );
    expect(trended?.items.map((p) => p.id)).toEqual(['fading', 'thin', 'steady']);
    expect(trended?.items[0].trendPct).toBeCloseTo(-91.6667, 4);
    expect(trended?.items.slice(1).map((p) => p.trendPct)).toEqual([-100, 20]);
    // Three products tested: Benjamini–Hochberg keeps p ≤ 1/3 × 5% for the smallest, so 0.0016 passes.
    expect(trended?.flags.map((f) => [f.id, f.kind, f.detail])).toEqual([
      [
        'fading',
        'fast-decliner',
        "Revenue down 91.7% in the last 6 full months vs the 6 before (from 1,200.00); orders 12 → 1. The rows hold no year before these months, so a seasonal fall can't be told from a lasting one.",
      ],
    ]);
  });

  // Online Retail's 13 months flagged spring lines in the autumn, with nothing to say they may be seasonal.
  it('says a fall may be seasonal only when the rows hold no year before the last 6 months', () => {
    const rows = [...orders('fading', 12, 100, H1), ...orders('fading', 1, 100, H2)];
    const oneYear = productsOf(aggregatesFromRows(rows), AS_OF);
    expect(oneYear?.flags[0].detail).toContain(" The rows hold no year before these months, so a seasonal fall can't be told");
    // A row on 2023-07-01, the first day of the same 6 months a year before: the file reaches them.
    const withYearBefore = productsOf(
      aggregatesFromRows([...rows, { product: 'old', order: 'old-1', date: '2023-07-01', amount: 10 }]),
      AS_OF,
    );
    expect(withYearBefore?.flags.map((f) => [f.id, f.detail])).toEqual([
      ['fading', 'Revenue down 91.7% in the last 6 full months vs the 6 before (from 1,200.00); orders 12 → 1.'],
    ]);
  });

  it('cuts the order tests for the number of products tested (Benjamini–Hochberg at 5%)', () => {
    // Three level products beside the falling ones make five tests.
    const level = ['a', 'b', 'c'].flatMap((id) => [...orders(id, 3, 100, H1), ...orders(id, 3, 100, H2)]);
    // 8 orders then none, p = 0.4973^8 ≈ 0.0037 ≤ 1/5 × 5%; 7 then none, 0.4973^7 ≈ 0.0075 ≤ 2/5 × 5%: both pass.
    const strong = productsOf(aggregatesFromRows([...orders('fading', 8, 100, H1), ...orders('fading2', 7, 100, H1), ...level]), AS_OF);
    expect(strong?.flags.map((f) => f.id)).toEqual(['fading', 'fading2']);
    // 5 orders then none, twice: 0.4973^5 ≈ 0.030 would pass alone at 5%, but not above 1/5 or 2/5 of it.
    const weak = productsOf(aggregatesFromRows([...orders('fading', 5, 100, H1), ...orders('fading2', 5, 100, H1), ...level]), AS_OF);
    expect(weak?.items.filter((p) => p.id.startsWith('fading')).map((p) => p.trendPct)).toEqual([-100, -100]);
    expect(weak?.flags).toEqual([]);
  });

  it('flags a fall in revenue with orders held up only with 30 orders or more on each side, as smaller orders', () => {
    const trended = productsOf(
      aggregatesFromRows([
        // 30 orders of 100, then 30 of 40: revenue −60%, orders level.
        ...orders('smaller', 30, 100, H1),
        ...orders('smaller', 30, 40, H2),
        // 29 orders of 100, then 29 of 40: the same fall, on too few orders to tell.
        ...orders('few', 29, 100, H1),
        ...orders('few', 29, 40, H2),
      ]),
      AS_OF,
    );
    expect(trended?.flags.map((f) => [f.id, f.detail])).toEqual([
      [
        'smaller',
        "Revenue down 60.0% in the last 6 full months vs the 6 before (from 3,000.00); orders 30 → 30, so most of the fall is in smaller orders. The rows hold no year before these months, so a seasonal fall can't be told from a lasting one.",
      ],
    ]);
  });

  // "Revenue down 112.7%" on the generated file read as a typo.
  it('says that returns outweighed sales when the last 6 full months are net negative', () => {
    const trended = productsOf(
      aggregatesFromRows([
        ...orders('returned', 10, 100, H1),
        { product: 'returned', order: 'r1', date: '2024-10-10', amount: 100 },
        { product: 'returned', order: 'r2', date: '2024-11-10', amount: -1250 },
      ]),
      AS_OF,
    );
    // Last 6 months: 100 − 1,250 = −1,150 against 1,000: −215%; orders 10 → 1 (0.4973^11 + 11 × 0.5027 × 0.4973^10 ≈ 0.0056).
    expect(trended?.items[0].trendPct).toBeCloseTo(-215, 10);
    expect(trended?.flags.map((f) => f.detail)).toEqual([
      "Returns outweighed sales in the last 6 full months (net -1,150.00), after 1,000.00 in the 6 before; orders 10 → 1. The rows hold no year before these months, so a seasonal fall can't be told from a lasting one.",
    ]);
  });
});

describe('suppliersOf', () => {
  it('says why when there is no supplier column', () => {
    const s = suppliersOf(aggregatesFromRows([{ product: 'x', amount: 1 }]));
    expect(s).toMatchObject({ available: false, hhi: null, items: [] });
    expect(s.note).toBe('The file has no supplier (vendor) column, so supplier dependency cannot be analysed.');
  });

  it('computes shares, HHI, top-1/top-3, customers exposed and single-supplier share', () => {
    const s = suppliersOf(
      aggregatesFromRows([
        { supplier: 'Big', product: 'p1', customer: 'A', amount: 60, cost: 30 },
        { supplier: 'Big', product: 'p1', customer: 'B', amount: 10, cost: 5 },
        { supplier: 'Small', product: 'p2', customer: 'A', amount: 20, cost: 15 },
        { supplier: 'Small', product: 'p3', customer: 'A', amount: 5, cost: 3 },
        { supplier: 'Big', product: 'p3', customer: 'C', amount: 5, cost: 3 },
      ]),
    );
    expect(s.items.map((i) => [i.name, i.share, i.products, i.customersExposed])).toEqual([
      ['Big', 0.75, 2, 3],
      ['Small', 0.25, 2, 1],
    ]);
    expect(s.hhi).toBeCloseTo(75 ** 2 + 25 ** 2, 9);
    expect(s.level).toBe('high');
    expect(s.topShare).toBe(0.75);
    expect(s.top3Share).toBe(1);
    // p3 has two suppliers: single-supplier revenue is p1 + p2 = 90 of 100.
    expect(s.singleSupplierRevenueShare).toBeCloseTo(0.9, 12);
    expect(s.flags).toEqual(['Supplier dependency: Big is behind 75.0% of revenue (over 30%), reaching 3 customers.']);
  });
});

describe('crossSellOf', () => {
  it('scales minimum support to the number of baskets', () => {
    expect(minSupportFor(100)).toBe(0.05);
    expect(minSupportFor(1000)).toBe(0.01);
    expect(minSupportFor(100_000)).toBe(0.005);
    expect(minSupportFor(40)).toBe(0.075); // never fewer than 3 baskets
  });

  it('uses customer baskets without an order id and offers the consequent to a repeat buyer of the antecedent', () => {
    const rows: TestRow[] = [];
    // 12 customers buy pens and ink, 10 buy paper only; "Solo" buys pens on 3 days, never ink.
    for (let i = 0; i < 12; i++) {
      rows.push({ customer: `C${i}`, product: 'pens', amount: 10, date: '2024-01-01' });
      rows.push({ customer: `C${i}`, product: 'ink', amount: 5, date: '2024-01-01' });
    }
    for (let i = 0; i < 10; i++) rows.push({ customer: `P${i}`, product: 'paper', amount: 2, date: '2024-01-01' });
    for (const date of ['2024-01-01', '2024-02-01', '2024-03-01']) rows.push({ customer: 'Solo', product: 'pens', amount: 10, date });
    const x = crossSellOf(aggregatesFromRows(rows));
    expect(x?.basis).toBe('customer');
    expect(x?.baskets).toBe(23);
    expect(x?.minSupport).toBeCloseTo(3 / 23, 12);
    // pens 13, ink 12, both 12 of 23 baskets.
    expect(x?.rules.map((r) => [r.antecedent.id, r.consequent.id])).toEqual([
      ['ink', 'pens'],
      ['pens', 'ink'],
    ]);
    expect(x?.rules[0].confidence).toBe(1);
    expect(x?.rules[0].lift).toBeCloseTo(23 / 13, 12);
    expect(x?.rules[1].confidence).toBeCloseTo(12 / 13, 12);
    expect(x?.rules[1].lift).toBeCloseTo(23 / 13, 12);
    expect(x?.opportunities).toEqual([
      {
        customer: { id: 'Solo', name: 'Solo' },
        product: { id: 'ink', name: 'ink' },
        because: 'Bought pens in 3 orders (30.00) but never ink; 92.3% of customers who buy pens also buy it (lift 1.8).',
        score: expect.closeTo((12 / 13) * 30, 12),
      },
    ]);
  });
});

describe('the supplier report’s action on single-supplier products', () => {
  const report = (rows: TestRow[]) => suppliersReport(analysisOf(aggregatesFromRows(rows)));
  // Iowa's and the generated file's "100.0% of revenue … list alternates" fired on any file
  // whose products each have one supplier, as every item code there does.
  it('says the file can’t tell second sources apart when every product has one supplier', () => {
    const text = report([
      { supplier: 'Big', product: 'p1', customer: 'A', amount: 60 },
      { supplier: 'Small', product: 'p2', customer: 'B', amount: 40 },
    ]);
    expect(text).toContain(
      'Every product sold comes from one supplier in this file, so it can’t show which products have a second source.',
    );
    expect(text).not.toContain('list alternates');
  });

  it('asks for alternates where some products have two suppliers and most revenue has one (90 of 100)', () => {
    const text = report([
      { supplier: 'Big', product: 'p1', customer: 'A', amount: 70 },
      { supplier: 'Small', product: 'p2', customer: 'A', amount: 20 },
      { supplier: 'Small', product: 'p3', customer: 'A', amount: 5 },
      { supplier: 'Big', product: 'p3', customer: 'C', amount: 5 },
    ]);
    expect(text).toContain('90.0% of revenue comes from products with a single supplier; list alternates for the A-class ones.');
  });
});

describe('the products report on a file of customers’ spend by category (UCI wholesale)', () => {
  // It told the wholesaler to never run out of Fresh and to delist Delicassen.
  it('names the categories that bring 80% of revenue, with no advice to stock or delist', async () => {
    const path = datasetPath('wholesale_customers/Wholesale customers data.csv');
    const agg = await ingest(createReadStream(path) as unknown as AsyncIterable<Uint8Array>, { fileName: 'Wholesale customers data.csv' });
    const text = productsReport(analysisOf(agg));
    // Each spend column's total from the raw rows; A-class while the larger ones hold under 80%.
    const rows = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const columns = ['Fresh', 'Milk', 'Grocery', 'Frozen', 'Detergents_Paper', 'Delicassen'];
    const totals = columns.map((c) => [c, rows.reduce((sum, r) => sum + Number(r[c]), 0)] as const).sort((a, b) => b[1] - a[1]);
    const all = totals.reduce((sum, [, v]) => sum + v, 0);
    const tierA: (readonly [string, number])[] = [];
    for (const t of totals) if (tierA.reduce((sum, [, v]) => sum + v, 0) / all < 0.8) tierA.push(t);
    const names = tierA.map(([c]) => c);
    const held = ((100 * tierA.reduce((sum, [, v]) => sum + v, 0)) / all).toFixed(1);
    expect(names).toEqual(['Fresh', 'Grocery', 'Milk', 'Frozen']);
    expect(text).toContain(
      `These are spend categories, not products, so there is no range to stock or delist: ${names.slice(0, -1).join(', ')} and ${names.at(-1)} bring ${held}% of revenue.`,
    );
    expect(text).not.toContain('Never run out');
  });
});

describe('the products report’s stock advice', () => {
  // Online Retail's "Never run out of the A-class products" counted DOTCOM POSTAGE and POSTAGE.
  it('does not count a charge line among the products to keep in stock, and says so', () => {
    const text = productsReport(
      analysisOf(
        aggregatesFromRows([
          { customer: 'A', product: 'POSTAGE', amount: 50 },
          { customer: 'A', product: 'Widget', amount: 40 },
          { customer: 'B', product: 'Gadget', amount: 5 },
          { customer: 'B', product: 'Thing', amount: 5 },
        ]),
      ),
    );
    // Before each, largest first: POSTAGE 0%, Widget 50% (A), Gadget 90% (B), Thing 95% (C).
    expect(text).toContain(
      'Never run out of the 1 A-class product (80% of revenue with POSTAGE, a charge, not stock); review the C-class tail for delisting.',
    );
  });
});
