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
