/**
 * The analyses on real public files, through the real streaming ingest. Reference values
 * come from the dataset notes (../shared/datasets/README.md) or from a second computation
 * in the test itself (papaparse over the raw CSV), never from the engine.
 */
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { analyse } from '../../../worker/engine/analyze';
import { ingest } from '../../../worker/engine/ingest';
import type { AnalysisResult } from '../../../worker/engine/contract';
import { datasetPath } from '../helpers/datasets';

async function analyseFile(relative: string, asOf?: string): Promise<AnalysisResult> {
  const stream = createReadStream(datasetPath(relative)) as unknown as AsyncIterable<Uint8Array>;
  const aggregates = await ingest(stream, { fileName: relative.split('/').pop() ?? relative, asOf });
  return analyse(aggregates, { asOf, now: new Date('2025-01-01T00:00:00Z') });
}

describe('CDNOW_sample.txt with as-of 1997-09-30', () => {
  it('fits the published BG/NBD parameters from the raw transactions (later purchases ignored)', async () => {
    const result = await analyseFile('cdnow/CDNOW_sample.txt', '1997-09-30');
    const params = result.churn?.params;
    expect(result.churn?.model).toBe('bg-nbd');
    expect(params?.timeUnit).toBe('weeks');
    const paper = { r: 0.2426, alpha: 4.4136, a: 0.7929, b: 2.4259 };
    for (const name of ['r', 'alpha', 'a', 'b'] as const)
      expect(Math.abs((params?.[name] ?? 0) / paper[name] - 1), name).toBeLessThan(0.005);
    expect(params?.logLikelihood).toBeCloseTo(-9582.43, 1);
  });
});

describe('CDNOW_sample.txt segments', () => {
  // Ranked in file order, its 1,411 customers of one order by 1997-09-30 fell in four segments
  // (Hibernating, Need Attention, Potential Loyalists, About to Sleep) and one-time buyers were Champions.
  it('gives customers of the same orders and recency one segment, and no one-time buyer a frequency above 1', async () => {
    const result = await analyseFile('cdnow/CDNOW_sample.txt', '1997-09-30');
    const customers = result.segments?.customers ?? [];
    const segmentOf = new Map<string, Set<string | null>>();
    for (const c of customers) {
      const key = `${c.orders}/${c.recencyDays}`;
      segmentOf.set(key, (segmentOf.get(key) ?? new Set()).add(c.segment));
    }
    expect([...segmentOf.values()].filter((segments) => segments.size > 1)).toEqual([]);
    const oneOrder = customers.filter((c) => c.orders === 1);
    expect(oneOrder.length).toBeGreaterThan(1_000);
    expect(new Set(oneOrder.map((c) => c.f))).toEqual(new Set([1]));
    expect(oneOrder.filter((c) => c.segment === 'Champions' || c.segment === 'Loyal')).toEqual([]);
  });
});

describe('Superstore (CSV)', () => {
  it('matches the published sales and profit totals, and names the worst products', async () => {
    const result = await analyseFile('superstore/Sample - Superstore.csv');
    expect(result.totals.revenue).toBeCloseTo(2_297_200.86, 2);
    expect(result.totals.grossMargin).toBeCloseTo(286_397.02, 2);
    const products = result.products;
    expect(products?.marginAvailable).toBe(true);
    // Independent: profit per Product ID summed straight from the CSV.
    const rows = Papa.parse<Record<string, string>>(readFileSync(datasetPath('superstore/Sample - Superstore.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const profitById = new Map<string, number>();
    for (const row of rows) profitById.set(row['Product ID'], (profitById.get(row['Product ID']) ?? 0) + Number(row.Profit));
    const worst = [...profitById.entries()].sort((a, b) => a[1] - b[1]).slice(0, 5);
    const flagged = products?.flags
      .filter((f) => f.kind === 'negative-margin')
      .slice(0, 5)
      .map((f) => f.id);
    expect(flagged).toEqual(worst.map(([id]) => id));
    const cubify = products?.items.find((p) => p.id === worst[0][0]);
    expect(cubify?.margin).toBeCloseTo(worst[0][1], 2);
    expect(cubify?.name).toBe('Cubify CubeX 3D Printer Double Head Print');
    expect(products?.flags.filter((f) => f.kind === 'negative-margin').length).toBe(
      [...profitById.values()].filter((v) => v < -0.005).length,
    );
  });
});

describe('Iowa liquor sales (one day, with vendors)', () => {
  it('finds Diageo Americas as the top vendor at about 22% of sales, and says churn needs history', async () => {
    const result = await analyseFile('iowa_liquor/IA_liquor_sales.csv');
    expect(result.suppliers?.available).toBe(true);
    expect(result.suppliers?.items[0].name).toBe('Diageo Americas');
    expect(result.suppliers?.topShare).toBeCloseTo(0.22, 2);
    expect(result.suppliers?.flags).toEqual([]);
    expect(result.churn?.model).toBe('unavailable');
    expect(result.churn?.note).toBe('The data covers only 1 day; churn risk needs at least 28 days of order history.');
  });
});

describe('Online Retail, all 541,909 rows (305 daily files concatenated in the test)', () => {
  const folder = datasetPath('online_retail/by-day');
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.csv'))
    .sort();

  async function* concatenated(): AsyncIterable<Uint8Array> {
    const encoder = new TextEncoder();
    for (const [i, name] of files.entries()) {
      const text = readFileSync(`${folder}/${name}`, 'utf8');
      const body = i === 0 ? text : text.slice(text.indexOf('\n') + 1);
      yield encoder.encode(body.endsWith('\n') ? body : `${body}\n`);
    }
  }

  const rawRows = () =>
    files.flatMap(
      (name) => Papa.parse<Record<string, string>>(readFileSync(`${folder}/${name}`, 'utf8'), { header: true, skipEmptyLines: true }).data,
    );
  let analysed: Promise<AnalysisResult> | undefined;
  const result = () =>
    (analysed ??= ingest(concatenated(), { fileName: 'online_retail.csv' }).then((aggregates) =>
      analyse(aggregates, { now: new Date('2025-01-01T00:00:00Z') }),
    ));

  it('matches UCI totals and an independent count of the top customers', async () => {
    // Independent: papaparse over each file, revenue = Quantity × UnitPrice per CustomerID.
    const byCustomer = new Map<string, number>();
    let rows = 0;
    let total = 0;
    {
      for (const row of rawRows()) {
        rows++;
        const value = Number(row.Quantity) * Number(row.UnitPrice);
        total += value;
        if (row.CustomerID) {
          const id = String(Number(row.CustomerID));
          byCustomer.set(id, (byCustomer.get(id) ?? 0) + value);
        }
      }
    }
    const { dataset, totals, segments, concentration, churn, crossSell } = await result();
    expect(rows).toBe(541_909);
    expect(total).toBeCloseTo(9_747_747.93, 1);
    expect(dataset.rowsRead).toBe(541_909);
    expect(totals.customers).toBe(4372);
    const expectedTop = [...byCustomer.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
    const top = segments?.customers.slice(0, 5).map((c) => [String(Number(c.id)), c.revenue] as const) ?? [];
    expect(top.map(([id]) => id)).toEqual(expectedTop.map(([id]) => id));
    top.forEach(([, revenue], i) => expect(revenue).toBeCloseTo(expectedTop[i][1], 2));
    expect(concentration?.topCustomer?.share).toBeCloseTo(
      expectedTop[0][1] / [...byCustomer.values()].filter((v) => v > 0).reduce((a, b) => a + b, 0),
      6,
    );
    expect(churn?.model).toBe('bg-nbd');
    expect(crossSell?.basis).toBe('invoice');
    expect(crossSell?.rules.length).toBeGreaterThan(0);
  });

  // 405 of its invoices with over 100 frequent products were paired on their 100 most frequent
  // ones, which read the confidence of every one of the top 40 rules low (22916 → 22917: 82.7% for 93.2%).
  it('pairs every invoice whole: the top rules’ confidence is what the raw invoices give', async () => {
    const { crossSell } = await result();
    expect(crossSell?.note).not.toContain('were paired on their');
    // Invoices (no credit notes) with each product bought at a price.
    const invoices = new Map<string, Set<string>>();
    for (const row of rawRows()) {
      if (row.InvoiceNo.startsWith('C') || !(Number(row.Quantity) > 0) || !(Number(row.UnitPrice) > 0)) continue;
      const basket = invoices.get(row.InvoiceNo) ?? new Set<string>();
      invoices.set(row.InvoiceNo, basket.add(row.StockCode));
    }
    const rules = crossSell?.rules.slice(0, 40) ?? [];
    expect(rules.length).toBe(40);
    for (const rule of rules) {
      let [withA, withBoth] = [0, 0];
      for (const basket of invoices.values())
        if (basket.has(rule.antecedent.id)) {
          withA++;
          if (basket.has(rule.consequent.id)) withBoth++;
        }
      expect(rule.confidence, `${rule.antecedent.name} → ${rule.consequent.name}`).toBeCloseTo(withBoth / withA, 12);
    }
  });

  // The rule, computed again from the raw rows: revenue down 50% or more in the last 6 full
  // months, 2011-06-01 … 2011-11-30 (183 days; the file ends on 2011-12-09), against
  // 2010-12-01 … 2011-05-31 (182 days), at least 0.2% of the
  // earlier window's revenue, and orders (distinct invoices without a C, of lines with a
  // value and a quantity of 0 or more, as the engine counts them) down beyond chance: a one-sided binomial test
  // summed term by term, Benjamini–Hochberg at 5% over the material products; or orders
  // level with 30 or more on each side.
  it('flags as fast decliners the products an independent pass over the rows finds', async () => {
    const windows = new Map<string, { prior: number; recent: number; priorOrders: Set<string>; recentOrders: Set<string> }>();
    for (const row of rawRows()) {
      const day = row.InvoiceDate.slice(0, 10);
      if (day > '2011-11-30') continue;
      const recent = day >= '2011-06-01';
      const w = windows.get(row.StockCode) ?? { prior: 0, recent: 0, priorOrders: new Set(), recentOrders: new Set() };
      windows.set(row.StockCode, w);
      const value = Number(row.Quantity) * Number(row.UnitPrice);
      if (recent) w.recent += value;
      else w.prior += value;
      // An order is a purchase: no credit note, no negative line, no stock movement (no money, no customer).
      if (value >= 0 && Number(row.Quantity) >= 0 && !row.InvoiceNo.startsWith('C') && !(value === 0 && !row.CustomerID?.trim()))
        (recent ? w.recentOrders : w.priorOrders).add(row.InvoiceNo);
    }
    const priorTotal = [...windows.values()].reduce((sum, w) => sum + Math.max(0, w.prior), 0);
    const material = [...windows.entries()].filter(([, w]) => w.prior >= 0.002 * priorTotal);
    const share = 183 / (183 + 182);
    const tests = material
      .map(([id, w]) => ({ id, w, p: binomialAtMost(w.recentOrders.size, w.priorOrders.size + w.recentOrders.size, share) }))
      .sort((a, b) => a.p - b.p);
    const passing = Math.max(0, ...tests.map((t, rank) => (t.p <= ((rank + 1) / tests.length) * 0.05 ? rank + 1 : 0)));
    const fewerOrders = new Set(tests.slice(0, passing).map((t) => t.id));
    const expected = material
      .filter(([id, w]) => {
        const [before, after] = [w.priorOrders.size, w.recentOrders.size];
        return (w.recent - w.prior) / w.prior <= -0.5 && (fewerOrders.has(id) || (before >= 30 && after >= 30));
      })
      .map(([id, w]) => [
        id,
        `orders ${w.priorOrders.size.toLocaleString('en-US')} → ${w.recentOrders.size.toLocaleString('en-US')}${fewerOrders.has(id) ? '' : ', so most of the fall is in smaller orders'}`,
      ]);
    const products = (await result()).products;
    expect(products?.trendPeriods).toEqual({
      recent: { from: '2011-06-01', to: '2011-11-30' },
      prior: { from: '2010-12-01', to: '2011-05-31' },
    });
    const flags = products?.flags.filter((f) => f.kind === 'fast-decliner') ?? [];
    expect(expected.length).toBeGreaterThan(5);
    expect(
      flags.map((f) => [f.id, /orders [\d,]*\d → [\d,]*\d(, so most of the fall is in smaller orders)?/.exec(f.detail)?.[0]]).sort(),
    ).toEqual(expected.sort());
  });
});

/** P(X ≤ k) for X ~ Binomial(n, p), each term's logarithm summed from the logs of 1 … n. */
function binomialAtMost(k: number, n: number, p: number): number {
  const logFactorial = [0];
  for (let i = 1; i <= n; i++) logFactorial.push(logFactorial[i - 1] + Math.log(i));
  let sum = 0;
  for (let i = 0; i <= k; i++)
    sum += Math.exp(logFactorial[n] - logFactorial[i] - logFactorial[n - i] + i * Math.log(p) + (n - i) * Math.log1p(-p));
  return Math.min(1, sum);
}
