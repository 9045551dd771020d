/**
 * Counts agree with their nouns wherever the engine or the analyst writes them: "Call this
 * customer first", never "Call these 1 customers first" (issue 14), through the one helper
 * in worker/engine/render/format.ts.
 */
import { describe, expect, it } from 'vitest';
import { topActions } from '../../../worker/engine/render/executive-summary';
import { plural, these } from '../../../worker/engine/render/format';
import { renderArtifacts } from '../../../worker/engine/render';
import { aggregatesFromRows, type TestRow } from '../helpers/aggregates-from-rows';
import { analysisOf } from '../helpers/analysis-of';

/** One order of 100 on the 5th of each month from January to `lastMonth` 2024. */
function monthlyBuyer(customer: string, lastMonth: number): TestRow[] {
  return Array.from({ length: lastMonth }, (_, i) => ({
    customer,
    customerName: customer,
    order: `${customer}-${i + 1}`,
    date: `2024-${String(i + 1).padStart(2, '0')}-05`,
    product: 'P1',
    productName: 'Coffee Beans',
    amount: 100,
  }));
}

/** Four steady monthly buyers through December, plus the given lapsed ones. */
function resultWith(lapsed: string[]) {
  const rows = ['Anna', 'Ben', 'Dora', 'Emil']
    .flatMap((name) => monthlyBuyer(name, 12))
    .concat(lapsed.flatMap((name) => monthlyBuyer(name, 4)));
  return analysisOf(aggregatesFromRows(rows, 'monthly.csv'), '2024-12-31');
}

describe('plural and these', () => {
  it('writes one in the singular and any other count in the plural, with thousands separators', () => {
    expect(plural(1, 'customer')).toBe('1 customer');
    expect(plural(0, 'customer')).toBe('0 customers');
    expect(plural(2, 'order')).toBe('2 orders');
    expect(plural(1234, 'product')).toBe('1,234 products');
    expect(plural(3, 'category', 'categories')).toBe('3 categories');
    expect(these(1, 'customer')).toBe('this customer');
    expect(these(2, 'customer')).toBe('these 2 customers');
  });
});

describe('the call list action', () => {
  it('reads "Call this customer first" for one lapsed customer', () => {
    const result = resultWith(['Cleo']);
    expect(result.churn?.callList?.customerIds).toHaveLength(1);
    const call = topActions(result).find((action) => action.startsWith('Call '));
    expect(call?.startsWith('Call this customer first: Cleo (')).toBe(true);
    const churnReport = String(renderArtifacts(result).find((file) => file.name === 'churn.md')?.body);
    expect(churnReport).toContain('- Call this customer first (most revenue at risk): Cleo (');
    expect(churnReport).not.toContain('1 customers');
  });

  it('reads "Call these 2 customers first" for two', () => {
    const call = topActions(resultWith(['Cleo', 'Finn'])).find((action) => action.startsWith('Call '));
    expect(call?.startsWith('Call these 2 customers first: ')).toBe(true);
  });
});

describe('the findings', () => {
  it('agree with one A-tier customer, one product below cost and one supplier above 30%', () => {
    const rows: TestRow[] = [
      // Ada buys 90% of the revenue, from one supplier; Bo buys a product below cost from another.
      {
        customer: 'Ada',
        order: 'A1',
        date: '2024-01-05',
        product: 'P1',
        productName: 'Beans',
        supplier: 'Roastery',
        amount: 900,
        cost: 500,
      },
      { customer: 'Bo', order: 'B1', date: '2024-02-05', product: 'P2', productName: 'Cups', supplier: 'Potter', amount: 100, cost: 150 },
    ];
    const findings = renderArtifacts(analysisOf(aggregatesFromRows(rows, 'two.csv'), '2024-12-31')).find(
      (file) => file.name === 'executive-summary.md',
    );
    const text = String(findings?.body);
    expect(text).toContain('1 A-tier customer makes 80% of revenue.');
    // Markdown escapes the parentheses around file text.
    expect(text).toContain('1 product sells below cost \\(worst: Cups\\).');
    // Roastery has 90% of revenue, Potter 10%: one supplier over the 30% line.
    expect(text).toContain('1 supplier above 30%.');
    expect(text).not.toMatch(/\b1 (customers|products|suppliers|cohorts)\b/);
  });
});
