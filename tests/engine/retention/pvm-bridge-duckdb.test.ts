/**
 * The default bridge (2024 against 2023) on the generated B2B file, against DuckDB over
 * the raw rows: the same definitions restated in SQL (a customer is in a period with any
 * line in it; pairs bought in both periods with positive units are priced; net revenue
 * with credit notes negative), then volume, mix and price from DuckDB's sums.
 */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { generateB2bCsv } from '../../../scripts/generate-b2b-csv';
import { defaultBridgeOf } from '../../../worker/engine/analyses/pvm-bridge';
import { ingestWithSnapshot } from '../query/snapshot-of';
import { scratchDir } from '../helpers/scratch';

describe('the default bridge on the generated B2B file, against DuckDB', async () => {
  const path = join(scratchDir('tally-bridge-'), 'b2b.csv');
  generateB2bCsv(60_000, path);
  const { snapshot, parquet } = await ingestWithSnapshot(path, 'b2b.csv');
  const bridge = await defaultBridgeOf(snapshot, null);
  if (!bridge.available) throw new Error(bridge.note);
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  afterAll(() => db.closeSync());
  await db.run(
    `CREATE TABLE t AS SELECT CAST(InvoiceDate AS DATE) d, InvoiceNo inv, CustomerID cust, ProductCode prod, CAST(Quantity AS DOUBLE) qty,
       CAST(Quantity AS DOUBLE) * CAST(UnitPrice AS DOUBLE) * CASE WHEN regexp_matches(InvoiceNo, '^[Cc][0-9]') AND CAST(Quantity AS DOUBLE) > 0 THEN -1 ELSE 1 END rev,
       CASE WHEN year(CAST(InvoiceDate AS DATE)) = 2023 THEN 0 WHEN year(CAST(InvoiceDate AS DATE)) = 2024 THEN 1 END p
     FROM read_csv('${path}', header = true, all_varchar = true)`,
  );
  const one = async (sql: string): Promise<number[]> =>
    (await db.runAndReadAll(sql)).getRows()[0].map((v) => (typeof v === 'bigint' ? Number(v) : Number(v ?? 0)));
  await db.run(
    `CREATE TABLE c AS SELECT cust, bool_or(p = 0) in0, bool_or(p = 1) in1, bool_or(d < DATE '2024-01-01' AND rev >= 0 AND NOT regexp_matches(inv, '^[Cc][0-9]') AND qty >= 0) seen,
       coalesce(sum(rev) FILTER (WHERE p = 0), 0) r0, coalesce(sum(rev) FILTER (WHERE p = 1), 0) r1 FROM t GROUP BY 1 HAVING bool_or(p IS NOT NULL)`,
  );
  await db.run(
    `CREATE TABLE pr AS SELECT cust, prod, bool_or(p = 0) in0, bool_or(p = 1) in1,
       coalesce(sum(rev) FILTER (WHERE p = 0), 0) r0, coalesce(sum(rev) FILTER (WHERE p = 1), 0) r1,
       coalesce(sum(qty) FILTER (WHERE p = 0), 0) q0, coalesce(sum(qty) FILTER (WHERE p = 1), 0) q1
     FROM t WHERE p IS NOT NULL AND cust IN (SELECT cust FROM c WHERE in0 AND in1) GROUP BY 1, 2`,
  );
  const steps = Object.fromEntries(bridge.steps.map((s) => [s.key, s.value]));

  it('compares 2024 with 2023 and has DuckDB totals', async () => {
    const [r0, r1] = await one(`SELECT sum(rev) FILTER (WHERE p = 0), sum(rev) FILTER (WHERE p = 1) FROM t`);
    expect([bridge.base.from, bridge.base.to, bridge.compared.from, bridge.compared.to]).toEqual([
      '2023-01-01',
      '2023-12-31',
      '2024-01-01',
      '2024-12-31',
    ]);
    expect(bridge.base.revenue).toBe(Math.round(r0 * 100) / 100);
    expect(bridge.compared.revenue).toBe(Math.round(r1 * 100) / 100);
  });

  it('has DuckDB new, returning and lost customers, products and other, to the cent', async () => {
    // New: in 2024 with no purchase before (a credit note is none); bought before: in 2024, not in 2023, but a purchase in 2022.
    const [added, back, lost] = await one(
      `SELECT coalesce(sum(r1) FILTER (WHERE in1 AND NOT in0 AND NOT seen), 0), coalesce(sum(r1) FILTER (WHERE in1 AND NOT in0 AND seen), 0),
              -sum(r0) FILTER (WHERE in0 AND NOT in1) FROM c`,
    );
    expect(back).toBeGreaterThan(0);
    expect(Math.abs(steps.priorCustomers - back)).toBeLessThanOrEqual(0.01);
    const [newProducts, lostProducts, other] = await one(
      `SELECT coalesce(sum(r1) FILTER (WHERE in1 AND NOT in0), 0), coalesce(-sum(r0) FILTER (WHERE in0 AND NOT in1), 0),
              coalesce(sum(r1 - r0) FILTER (WHERE in0 AND in1 AND NOT (q0 > 0 AND q1 > 0)), 0) FROM pr`,
    );
    expect(Math.abs((steps.newCustomers ?? 0) - added)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(steps.lostCustomers - lost)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(steps.newProducts - newProducts)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(steps.lostProducts - lostProducts)).toBeLessThanOrEqual(0.01);
    expect(Math.abs((steps.other ?? 0) - other)).toBeLessThanOrEqual(0.01);
  });

  it('has the volume, mix and price of DuckDB sums over the priced pairs', async () => {
    const [r0, r1, q0, q1, q1p0, pairs] = await one(
      `SELECT sum(r0), sum(r1), sum(q0), sum(q1), sum(q1 * r0 / q0), count(*) FROM pr WHERE in0 AND in1 AND q0 > 0 AND q1 > 0`,
    );
    expect(bridge.comparablePairs).toBe(pairs);
    expect(Math.abs(steps.volume - (q1 - q0) * (r0 / q0))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(steps.mix - (q1p0 - q1 * (r0 / q0)))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(steps.price - (r1 - q1p0))).toBeLessThanOrEqual(0.01);
  });

  it('adds up exactly to the change, to the cent', () => {
    const sum = bridge.steps.reduce((s, step) => s + Math.round(step.value * 100), 0);
    expect(sum).toBe(Math.round(bridge.change * 100));
    expect(Math.round(bridge.base.revenue * 100) + sum).toBe(Math.round(bridge.compared.revenue * 100));
  });

  it('gives the same bridge over the Parquet snapshot as over the in-memory one', async () => {
    const { readParquetSnapshot } = await import('../../../worker/engine/snapshot/parquet-read');
    expect(await defaultBridgeOf(readParquetSnapshot(parquet), null)).toEqual(bridge);
  });
});
