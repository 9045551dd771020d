/**
 * End to end on the benchmark's generated B2B file (smaller): the streaming engine's
 * totals must equal a straightforward papaparse computation over the same rows, and the
 * products the generator gives no trend raise no alarm.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../../scripts/generate-b2b-csv';
import { trendOf } from '../../../worker/engine/analyses/overview';
import { FAST_DECLINE_PCT, productsOf } from '../../../worker/engine/analyses/products';
import { ingest } from '../../../worker/engine/ingest';
import { cents, fileStream } from '../ingest/helpers';
import { scratchDir } from '../helpers/scratch';

describe('the generated B2B file, checked against papaparse', async () => {
  const path = join(scratchDir('tally-b2b-'), 'b2b.csv');
  generateB2bCsv(20_000, path);
  const rows = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true }).data;
  const agg = await ingest(fileStream(path), { fileName: 'b2b.csv' });

  it('reads every row', () => {
    expect(agg.profile.rowsRead).toBe(rows.length);
    expect(agg.profile.rowsRejected).toBe(0);
  });

  it('has the same revenue, cost, customers, products, suppliers and orders', () => {
    let revenue = 0;
    let cost = 0;
    const orders = new Set<string>();
    for (const r of rows) {
      revenue += Number(r.Quantity) * Number(r.UnitPrice);
      cost += Number(r.Quantity) * Number(r.UnitCost);
      if (!r.InvoiceNo.startsWith('C')) orders.add(r.InvoiceNo);
    }
    expect(cents(agg.totals.revenue)).toBe(cents(revenue));
    expect(cents(agg.totals.cost ?? NaN)).toBe(cents(cost));
    expect(agg.totals.orders).toBe(orders.size);
    expect(agg.customers.count).toBe(new Set(rows.map((r) => r.CustomerID)).size);
    expect(agg.products.count).toBe(new Set(rows.map((r) => r.ProductCode)).size);
    expect(agg.suppliers.count).toBe(new Set(rows.map((r) => r.Supplier)).size);
    const quoted = rows.find((r) => r.CustomerName.includes('"'))?.CustomerName;
    expect(quoted).toMatch(/^.+, ".+" Division$/);
    expect(agg.customers.names).toContain(quoted);
  });

  // It ends on 3 January 2025, and "year on year −8.0%" set 2024-02 … 2025-01-03 against 2023-02 … 2024-01.
  it('measures the growth over the last 12 full months: 2024 against 2023', () => {
    const lastDay = rows.reduce((last, r) => (r.InvoiceDate > last ? r.InvoiceDate : last), '');
    expect(lastDay.slice(0, 10)).toBe('2025-01-03');
    const revenueIn = (year: string) =>
      rows.filter((r) => r.InvoiceDate.startsWith(year)).reduce((sum, r) => sum + Number(r.Quantity) * Number(r.UnitPrice), 0);
    const expected = Math.round(((revenueIn('2024') - revenueIn('2023')) / revenueIn('2023')) * 10_000) / 100;
    expect(trendOf(agg).yoyGrowthPct).toBe(expected);
    expect(expected).toBeCloseTo(0.8, 1);
  });

  // The generator draws every line's product with no trend over time, so a product "down 50%
  // or more" is chance: 58 were flagged, the leader among them, before the order test.
  it('raises no fast-decliner alarm on products that have no trend, though many fell by half', () => {
    const products = productsOf(agg, agg.lastDay);
    const halved = products?.items.filter((p) => p.trendPct !== null && p.trendPct <= FAST_DECLINE_PCT) ?? [];
    expect(halved.length).toBeGreaterThan(100);
    expect(products?.flags.filter((f) => f.kind === 'fast-decliner')).toEqual([]);
  });
});
