/**
 * Superstore's orders hold about two lines from 1,862 products, so no product pair recurs
 * often enough for a rule; cross-sell falls back to sub-category rules in customer baskets.
 * Every rule, the fallback decision and the opportunities are checked against DuckDB over
 * the raw CSV, never against the engine.
 */
import { createReadStream } from 'node:fs';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../../../worker/engine/analyze';
import { MIN_CONFIDENCE, MIN_GROUP_LIFT } from '../../../worker/engine/analyses/cross-sell';
import type { AnalysisResult } from '../../../worker/engine/contract';
import { ingest } from '../../../worker/engine/ingest';
import { datasetPath } from '../helpers/datasets';

const CSV = datasetPath('superstore/Sample - Superstore.csv');
let result: AnalysisResult;
let db: DuckDBConnection;

beforeAll(async () => {
  const aggregates = await ingest(createReadStream(CSV) as unknown as AsyncIterable<Uint8Array>, { fileName: 'Sample - Superstore.csv' });
  result = analyse(aggregates, { now: new Date('2025-01-01T00:00:00Z') });
  db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(`CREATE TABLE t AS SELECT *, CAST(Sales AS DOUBLE) AS rev FROM read_csv('${CSV}', header = true, all_varchar = true)`);
}, 60_000);
afterAll(() => db.closeSync());

async function rows(query: string): Promise<(string | number)[][]> {
  return (await db.runAndReadAll(query)).getRows().map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : (v as string | number))));
}

/** Every rule A → C between values of `item`, with baskets keyed by `basket`: the mlxtend metrics. */
function rulesSql(basket: string, item: string): string {
  return `WITH b AS (SELECT DISTINCT "${basket}" AS k, "${item}" AS g FROM t),
    n AS (SELECT count(DISTINCT k)::DOUBLE AS n FROM b),
    c AS (SELECT g, count(*) AS cnt FROM b GROUP BY g),
    p AS (SELECT x.g AS a, y.g AS c, count(*) AS pair_count FROM b x JOIN b y ON x.k = y.k AND x.g <> y.g GROUP BY 1, 2)
    SELECT p.a, p.c, p.pair_count, p.pair_count / n.n AS support, p.pair_count / ca.cnt AS confidence,
      (p.pair_count / ca.cnt) / (cc.cnt / n.n) AS lift, p.pair_count / n.n - (ca.cnt / n.n) * (cc.cnt / n.n) AS leverage, n.n AS baskets
    FROM p, n, c ca, c cc WHERE ca.g = p.a AND cc.g = p.c`;
}

describe('cross-sell on Superstore (sparse product pairs)', () => {
  it('uses sub-category rules in customer baskets, exactly the set DuckDB finds at the same thresholds', async () => {
    const x = result.crossSell;
    expect(x?.level).toBe('subCategory');
    expect(x?.basis).toBe('customer');
    expect(x?.baskets).toBe(793);
    const minSupport = x?.minSupport ?? 1;
    expect(minSupport).toBeCloseTo(10 / 793, 12);
    const expected = await rows(
      `SELECT * FROM (${rulesSql('Customer ID', 'Sub-Category')})
       WHERE support >= ${minSupport} - 1e-12 AND confidence >= ${MIN_CONFIDENCE} AND lift >= ${MIN_GROUP_LIFT} ORDER BY a, c`,
    );
    expect(expected.length).toBeGreaterThan(5);
    const got = [...(x?.rules ?? [])].sort((p, q) =>
      p.antecedent.name < q.antecedent.name
        ? -1
        : p.antecedent.name > q.antecedent.name
          ? 1
          : p.consequent.name < q.consequent.name
            ? -1
            : 1,
    );
    expect(got.map((r) => [r.antecedent.name, r.consequent.name])).toEqual(expected.map((r) => [r[0], r[1]]));
    got.forEach((rule, i) => {
      const [, , , support, confidence, lift, leverage] = expected[i] as number[];
      expect(rule.support).toBeCloseTo(support, 12);
      expect(rule.confidence).toBeCloseTo(confidence, 12);
      expect(rule.lift).toBeCloseTo(lift, 12);
      expect(rule.leverage).toBeCloseTo(leverage, 12);
    });
    // The strongest rule first: Machines → Fasteners, 36 of 793 customers, confidence 36/99.
    expect([x?.rules[0].antecedent.name, x?.rules[0].consequent.name]).toEqual(['Machines', 'Fasteners']);
  });

  it('falls back only because no finer attempt has a rule (DuckDB over the same baskets)', async () => {
    const qualifying = async (basket: string, item: string, minLift: number): Promise<number> => {
      const [[n]] = await rows(`SELECT count(DISTINCT "${basket}") FROM t`);
      const minCount = Math.ceil(Math.max(3 / (n as number), Math.min(0.05, Math.max(0.005, 10 / (n as number)))) * (n as number) - 1e-9);
      const [[found]] = await rows(
        `SELECT count(*) FROM (${rulesSql(basket, item)}) WHERE pair_count >= ${minCount} AND confidence >= ${MIN_CONFIDENCE} AND lift ${minLift === 1 ? '> 1' : `>= ${minLift}`}`,
      );
      return found as number;
    };
    expect(await qualifying('Order ID', 'Product ID', 1)).toBe(0);
    expect(await qualifying('Customer ID', 'Product ID', 1)).toBe(0);
    expect(await qualifying('Order ID', 'Sub-Category', MIN_GROUP_LIFT)).toBe(0);
    expect(result.crossSell?.note).toContain(
      'No rule was found among product pairs in invoices, product pairs in customer baskets, sub-category pairs in invoices, so these rules pair sub-categories',
    );
  });

  it('offers a sub-category to customers with two order lines of the first and none of the second, as DuckDB counts them', async () => {
    const x = result.crossSell;
    const rules = (x?.rules ?? []).map((r) => `('${r.antecedent.name}', '${r.consequent.name}', ${r.confidence})`).join(', ');
    const reference = await rows(
      `WITH r(a, c, conf) AS (VALUES ${rules}),
       cg AS (SELECT "Customer ID" AS cust, "Sub-Category" AS g, sum(rev) AS spend, count(DISTINCT ("Order ID", "Product ID")) AS lines FROM t GROUP BY 1, 2),
       o AS (SELECT cg.cust, r.c, max(r.conf * cg.spend) AS score FROM r JOIN cg ON cg.g = r.a
             WHERE cg.lines >= 2 AND cg.spend > 0 AND NOT EXISTS (SELECT 1 FROM cg AS h WHERE h.cust = cg.cust AND h.g = r.c) GROUP BY 1, 2)
       SELECT cust, c, score FROM o ORDER BY score DESC`,
    );
    expect(x?.opportunitiesFound).toBe(reference.length);
    expect(x?.opportunities.length).toBe(Math.min(200, reference.length));
    x?.opportunities.slice(0, 20).forEach((o, i) => {
      expect([o.customer.id, o.product.name]).toEqual([reference[i][0], reference[i][1]]);
      expect(o.score).toBeCloseTo(reference[i][2] as number, 6);
    });
    const top = x?.opportunities[0];
    const [[spend, lines]] = await rows(
      `SELECT sum(rev), count(DISTINCT ("Order ID", "Product ID")) FROM t WHERE "Customer ID" = '${top?.customer.id}' AND "Sub-Category" = 'Machines'`,
    );
    expect(top?.because).toBe(
      `Bought Machines on ${lines} order lines (${(spend as number).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}) but never anything from Chairs; 62.6% of customers who buy Machines also buy Chairs (lift 1.2).`,
    );
  });
});
