/**
 * Cross-sell on sparse files: when no product pair reaches the thresholds, the rules pair
 * sub-categories, then categories, and say so. Every figure below is counted by hand from
 * the baskets written out in `sparseOrders`.
 */
import { describe, expect, it } from 'vitest';
import { crossSellOf } from '../../../worker/engine/analyses/cross-sell';
import { aggregatesFromRows, type TestRow } from '../helpers/aggregates-from-rows';

/**
 * 20 orders, each line a product sold only once (so no product pair occurs twice):
 *   8 orders of one Pens and one Ink product (customers C0–C7),
 *   4 orders of one Pens product (P0, P1 once each; "Solo" twice, for 10 and 20),
 *   2 orders of one Ink product (I0, I1), 6 orders of one Paper product (Q0–Q5).
 * Sub-category baskets: Pens 12, Ink 10, Paper 6, Pens+Ink 8, of n = 20.
 */
function sparseOrders(group: 'subCategory' | 'category'): TestRow[] {
  const rows: TestRow[] = [];
  let product = 0;
  const line = (order: string, customer: string, name: string, amount: number): void => {
    const label = group === 'subCategory' ? { subCategory: name, category: name === 'Paper' ? 'Office' : 'Writing' } : { category: name };
    rows.push({ order, customer, product: `SKU${product++}`, amount, date: '2024-01-01', ...label });
  };
  for (let i = 0; i < 8; i++) {
    line(`A${i}`, `C${i}`, 'Pens', 5);
    line(`A${i}`, `C${i}`, 'Ink', 5);
  }
  line('B0', 'P0', 'Pens', 5);
  line('B1', 'P1', 'Pens', 5);
  line('B2', 'Solo', 'Pens', 10);
  line('B3', 'Solo', 'Pens', 20);
  line('D0', 'I0', 'Ink', 5);
  line('D1', 'I1', 'Ink', 5);
  for (let i = 0; i < 6; i++) line(`E${i}`, `Q${i}`, 'Paper', 5);
  return rows;
}

describe('crossSellOf on a file whose product pairs are too sparse', () => {
  it('falls back to sub-category rules in the invoices and names the level', () => {
    const x = crossSellOf(aggregatesFromRows(sparseOrders('subCategory')));
    expect(x?.level).toBe('subCategory');
    expect(x?.basis).toBe('invoice');
    expect(x?.baskets).toBe(20);
    expect(x?.minSupport).toBeCloseTo(3 / 20, 12); // never fewer than 3 baskets
    expect(x?.rules.map((r) => [r.antecedent.name, r.consequent.name])).toEqual([
      ['Ink', 'Pens'], // same lift, higher confidence first
      ['Pens', 'Ink'],
    ]);
    const [inkPens, pensInk] = x?.rules ?? [];
    // support 8/20; confidence 8/10 and 8/12; lift (8/10)/(12/20) = (8/12)/(10/20) = 4/3.
    expect(inkPens.support).toBeCloseTo(0.4, 12);
    expect(inkPens.confidence).toBeCloseTo(0.8, 12);
    expect(inkPens.lift).toBeCloseTo(4 / 3, 12);
    expect(inkPens.leverage).toBeCloseTo(0.4 - 0.5 * 0.6, 12);
    expect(inkPens.conviction).toBeCloseTo((1 - 0.6) / (1 - 0.8), 12);
    expect(pensInk.confidence).toBeCloseTo(2 / 3, 12);
    expect(pensInk.lift).toBeCloseTo(4 / 3, 12);
    expect(pensInk.conviction).toBeCloseTo((1 - 0.5) / (1 - 2 / 3), 12);
    expect(x?.note).toContain(
      'No rule was found among product pairs in invoices, product pairs in customer baskets, so these rules pair sub-categories',
    );
  });

  it('offers the missing sub-category to the one customer who bought the first one on two order lines', () => {
    const x = crossSellOf(aggregatesFromRows(sparseOrders('subCategory')));
    expect(x?.opportunitiesFound).toBe(1);
    expect(x?.opportunities).toEqual([
      {
        customer: { id: 'Solo', name: 'Solo' },
        product: { id: 'Ink', name: 'Ink' },
        because: 'Bought Pens on 2 order lines (30.00) but never anything from Ink; 66.7% of orders with Pens also include Ink (lift 1.3).',
        score: expect.closeTo((2 / 3) * 30, 12),
      },
    ]);
  });

  it('uses category rules when the file has categories but no sub-categories', () => {
    const x = crossSellOf(aggregatesFromRows(sparseOrders('category')));
    expect(x?.level).toBe('category');
    expect(x?.rules.map((r) => [r.antecedent.name, r.consequent.name])).toEqual([
      ['Ink', 'Pens'],
      ['Pens', 'Ink'],
    ]);
    expect(x?.rules[0].confidence).toBeCloseTo(0.8, 12);
    expect(x?.rules[1].confidence).toBeCloseTo(2 / 3, 12);
    expect(x?.rules[1].lift).toBeCloseTo(4 / 3, 12);
  });

  it('keeps group rules only from lift 1.2: three near-universal categories give none', () => {
    // Every order holds all three categories but one: lift = (conf) / support < 1.2 for every pair.
    const rows: TestRow[] = [];
    const groups = ['A', 'B', 'C'];
    for (let o = 0; o < 30; o++)
      groups
        .filter((_, g) => g !== o % 3)
        .forEach((category, g) => rows.push({ order: `O${o}`, customer: `K${o}`, product: `S${o}-${g}`, category, amount: 1 }));
    // Each category in 20 of 30 baskets, each pair in 10: confidence 0.5, lift 0.5 / (2/3) = 0.75.
    const x = crossSellOf(aggregatesFromRows(rows));
    expect(x?.level).toBe('product');
    expect(x?.rules).toEqual([]);
    expect(x?.note).toContain('No product pair met these thresholds.');
  });
});
