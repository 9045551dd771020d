/**
 * One name, several ids. Iowa's liquor sales give four bottle sizes the description
 * "Black Velvet" (188 descriptions are shared so), and Superstore files eight product ids as
 * "Easy-staple paper". Shown by name alone, a ranking listed "Captain Morgan Spiced Rum"
 * twice with two figures, cross-sell offered "Paul Masson Grande Amber Brandy → Paul Masson
 * Grande Amber Brandy", "Tell me about Black Velvet" got the supplier "Black Rock Spirits"
 * (the first word of its name), and "How is Black Rock Spirits doing?" was "not available"
 * (53rd of 54 suppliers, below the list it was looked up in).
 *
 * Each id of a shared name is now "Name (id)"; the name alone names all of them, and says so.
 * Expected names and figures come from DuckDB over the raw rows (a product's name is its
 * first row's, as the engine takes it).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctNames } from '../../worker/engine/aggregate/distinct-names';
import { analyse } from '../../worker/engine/analyze';
import type { AnalysisResult } from '../../worker/engine/contract';
import { answerWithQuery } from '../../worker/agent/offline/query-answer';
import { datasetPath } from '../engine/helpers/datasets';
import { duckdbRows } from '../engine/helpers/duckdb-rows';
import { ingestWithSnapshot, type Ingested } from '../engine/query/snapshot-of';
import { askOffline } from './helpers';
import { scratchDir } from '../engine/helpers/scratch';

const IOWA = datasetPath('iowa_liquor/IA_liquor_sales.csv');
const SUPERSTORE = datasetPath('superstore/Sample - Superstore.csv');
const IOWA_DAY = new Date('2012-01-31T00:00:00Z');

let iowa: Ingested;
let iowaResult: AnalysisResult;
let superstore: Ingested;
let db: DuckDBConnection;

beforeAll(async () => {
  [iowa, superstore] = await Promise.all([ingestWithSnapshot(IOWA), ingestWithSnapshot(SUPERSTORE)]);
  iowaResult = analyse(iowa.aggregates);
  // One thread keeps the file's row order, so row numbers say which row came first.
  db = await (await DuckDBInstance.create(':memory:', { threads: '1' })).connect();
  await db.run(`CREATE TABLE iowa AS SELECT row_number() OVER () AS rn, * FROM read_csv('${IOWA}', header = true)`);
  await db.run(`CREATE TABLE superstore AS SELECT row_number() OVER () AS rn, * FROM read_csv('${SUPERSTORE}', header = true)`);
  await db.run(
    `CREATE TABLE iowa_items AS SELECT item_number AS id, arg_min(item_description, rn) AS label FROM iowa WHERE sale_dollars IS NOT NULL GROUP BY 1`,
  );
}, 120_000);
afterAll(() => db.closeSync());

const sql = (query: string) => duckdbRows(db, query);

/** The label each id should have: "Name (id)" where its first row's name is another id's too. */
async function expectedLabels(table: string, id: string, name: string, used: string): Promise<Map<string, string>> {
  const rows = (await sql(
    `WITH p AS (SELECT CAST(${id} AS VARCHAR) AS id, arg_min(trim(${name}), rn) AS label FROM ${table} WHERE ${used} GROUP BY 1),
          shared AS (SELECT label FROM p GROUP BY 1 HAVING count(*) > 1)
     SELECT id, CASE WHEN label IN (SELECT label FROM shared) THEN label || ' (' || id || ')' ELSE label END FROM p`,
  )) as [string, string][];
  return new Map(rows);
}

describe('distinctNames', () => {
  it('adds the id to each name that several ids share, and to no other', () => {
    expect(distinctNames(['Bolt', 'Nut', 'Bolt', 'Washer'], ['B1', 'N1', 'B2', 'W1'])).toEqual(['Bolt (B1)', 'Nut', 'Bolt (B2)', 'Washer']);
    expect(distinctNames(['Bolt', 'Nut'], ['B1', 'N1'])).toEqual(['Bolt', 'Nut']);
    // Without a name column the id is the name: nothing is added.
    expect(distinctNames(['B1', 'B2'], ['B1', 'B2'])).toEqual(['B1', 'B2']);
  });
});

describe('products that share a name', () => {
  it('are told apart in the analysis, the snapshot and every ranking (Iowa and Superstore)', async () => {
    // Iowa's 7 rows without an amount are not used, and two items appear only there.
    for (const [ingested, table, id, name, used] of [
      [iowa, 'iowa', 'item_number', 'item_description', 'sale_dollars IS NOT NULL'],
      [superstore, 'superstore', '"Product ID"', '"Product Name"', 'true'],
    ] as const) {
      const expected = await expectedLabels(table, id, name, used);
      const products = ingested.aggregates.products;
      expect(new Map(products.ids.map((pid, i) => [pid, products.names[i]]))).toEqual(expected);
      const values = ingested.snapshot.meta.dimensions.find((d) => d.key === 'product')?.values ?? [];
      expect(new Set(values)).toEqual(new Set(expected.values()));
      expect(new Set(values).size).toBe(values.length);
    }
    const [[shared]] = (await sql(`SELECT count(*) FROM (SELECT label FROM iowa_items GROUP BY 1 HAVING count(*) > 1)`)) as number[][];
    expect(shared).toBe(188);
  });

  it('"How much did Black Velvet sell?" adds up every id named so, and lists them', async () => {
    const [[revenue]] = (await sql(
      `SELECT sum(sale_dollars) FROM iowa WHERE item_number IN (SELECT id FROM iowa_items WHERE label = 'Black Velvet')`,
    )) as number[][];
    const answer = await answerWithQuery('How much did Black Velvet sell?', iowa.snapshot, IOWA_DAY);
    expect(answer.result?.understood).toBe(
      'revenue, product in Black Velvet (11774), Black Velvet (11776), Black Velvet (11788), Black Velvet (11777)',
    );
    expect(answer.result?.rows[0][0] as number).toBeCloseTo(revenue, 6);
  });

  it('"Top 12 products by revenue" names each row apart', async () => {
    const expected = (await sql(
      `WITH p AS (SELECT CAST(id AS VARCHAR) AS id, label FROM iowa_items),
            shared AS (SELECT label FROM p GROUP BY 1 HAVING count(*) > 1)
       SELECT CASE WHEN p.label IN (SELECT label FROM shared) THEN p.label || ' (' || p.id || ')' ELSE p.label END, sum(sale_dollars) r
       FROM iowa JOIN p ON CAST(iowa.item_number AS VARCHAR) = p.id GROUP BY 1 ORDER BY r DESC LIMIT 12`,
    )) as [string, number][];
    const answer = await answerWithQuery('Top 12 products by revenue', iowa.snapshot, IOWA_DAY);
    expect(answer.result?.rows.map((r) => r[0])).toEqual(expected.map((r) => r[0]));
    expect(answer.result?.rows.map((r) => r[0])).toContain('Captain Morgan Spiced Rum (43338)');
  });

  it('cross-sell never pairs a product with its namesake as if with itself', () => {
    const rules = iowaResult.crossSell?.rules ?? [];
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.filter((r) => r.antecedent.name === r.consequent.name)).toEqual([]);
    expect(rules.some((r) => r.antecedent.name.startsWith('Paul Masson Grande Amber Brandy ('))).toBe(true);
  });

  it('"Tell me about Black Velvet" gives each of them, not the supplier Black Rock Spirits', async () => {
    const rows = (await sql(
      `SELECT item_number, sum(sale_dollars) r FROM iowa WHERE item_number IN (SELECT id FROM iowa_items WHERE label = 'Black Velvet')
       GROUP BY 1 ORDER BY r DESC`,
    )) as [number, number][];
    const { answer } = await askOffline('Tell me about Black Velvet', iowaResult);
    // One paragraph each: markdown would run single lines into one.
    const paragraphs = answer.split('\n\n');
    expect(paragraphs[0]).toBe('**4 products** match “Black Velvet”:');
    expect(paragraphs.slice(1).map((p) => /^\*\*(.+?)\*\* \(\d+, .*?\): \$([\d,.]+) revenue/.exec(p)?.slice(1))).toEqual(
      rows.map(([id, r]) => [`Black Velvet (${id})`, r.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })]),
    );
    expect(answer).not.toContain('Black Rock Spirits');
  });

  it('"Which stores bought Black Velvet?" lists the stores, as the file calls its customers', async () => {
    // Two store numbers share the name "No Frills Supermarkets / Council Blu": each is shown with its number.
    const expected = (await sql(
      `WITH s AS (SELECT store_number, arg_min(trim(store_name), rn) AS name FROM iowa WHERE sale_dollars IS NOT NULL GROUP BY 1),
            l AS (SELECT store_number, CASE WHEN count(*) OVER (PARTITION BY name) > 1 THEN name || ' (' || store_number || ')' ELSE name END AS label FROM s)
       SELECT any_value(l.label), sum(sale_dollars) r FROM iowa JOIN l USING (store_number)
       WHERE item_number IN (SELECT id FROM iowa_items WHERE label = 'Black Velvet') GROUP BY store_number ORDER BY r DESC, 1`,
    )) as [string, number][];
    expect(expected.map((r) => r[0])).toContain('No Frills Supermarkets / Council Blu (4040)');
    const answer = await answerWithQuery('Which stores bought Black Velvet?', iowa.snapshot, IOWA_DAY);
    expect(answer.result?.understood).toMatch(/^revenue, by customer, product in Black Velvet \(/);
    expect(answer.result?.totalRows).toBe(expected.length);
    expect(answer.result?.rows.map((r) => r[0])).toEqual(expected.slice(0, answer.result?.rows.length).map((r) => r[0]));
  });
});

describe('customers that share a name', () => {
  it('"How is No Frills Supermarkets / Council Blu doing?" says two stores are called so, and which one it describes', async () => {
    const stores = (await sql(
      `SELECT store_number, sum(sale_dollars) r FROM iowa WHERE store_name = 'No Frills Supermarkets / Council Blu' GROUP BY 1 ORDER BY r DESC`,
    )) as [number, number][];
    expect(stores).toHaveLength(2);
    const { answer } = await askOffline('How is No Frills Supermarkets / Council Blu doing?', iowaResult);
    const [lead, first] = answer.split('\n');
    expect(lead).toMatch(
      /^\*\*2 customers\*\* match “No Frills Supermarkets \/ Council Blu”: No Frills Supermarkets \/ Council Blu \(\d+\), No Frills Supermarkets \/ Council Blu \(\d+\)\. The first of them:$/,
    );
    const id = /^\*\*No Frills Supermarkets \/ Council Blu \((\d+)\)\*\* \((\d+)\): \$([\d,.]+) revenue/.exec(first);
    const store = stores.find(([n]) => String(n) === id?.[1]);
    expect(id?.[2]).toBe(id?.[1]);
    expect(id?.[3]).toBe(store?.[1].toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  });
});

describe('a supplier by name, at any rank', () => {
  it('"How is Black Rock Spirits doing?" gives its figures (it was "not available")', async () => {
    const [[revenue]] = (await sql(`SELECT sum(sale_dollars) FROM iowa WHERE vendor_name = 'Black Rock Spirits'`)) as number[][];
    const { answer } = await askOffline('How is Black Rock Spirits doing?', iowaResult);
    expect(answer).toContain(`Black Rock Spirits supplies 0.0% of revenue ($${revenue.toFixed(2)}): 1 product, 1 customer exposed.`);
  });
});

describe('who bought a product', () => {
  it('"Which customers bought Xerox 1967?" lists them with what each paid (it got the product\'s summary)', async () => {
    const expected = (await sql(
      `SELECT "Customer Name", round(sum(Sales), 2) r FROM superstore WHERE "Product Name" = 'Xerox 1967' GROUP BY 1 ORDER BY r DESC, 1`,
    )) as [string, number][];
    const snapshotDay = new Date('2021-12-30T00:00:00Z');
    for (const question of ['Which customers bought Xerox 1967?', 'Who bought Xerox 1967?']) {
      const answer = await answerWithQuery(question, superstore.snapshot, snapshotDay);
      expect(answer.result?.understood).toBe('revenue, by customer, product = Xerox 1967');
      expect(answer.result?.rows.map((r) => [r[0], Math.round((r[1] as number) * 100) / 100])).toEqual(expected);
    }
  });

  it('"What should Aaron Bergman buy next?" answers from cross-sell, not with his profile', async () => {
    const { answer } = await askOffline('What should Aaron Bergman buy next?', analyse(superstore.aggregates));
    expect(answer).toMatch(
      /^That customer is not among the 200 strongest cross-sell suggestions \(of \d+ found\), so I have none to give for them\.$/,
    );
  });
});

describe("a product's name is its first sale's", () => {
  // Stock code 23203 was "mailout", the note on a zero-price line before its first sale.
  it('Online Retail, December 2010 to June 2011: every stock code named by its first sale, else its first line', async () => {
    const folder = datasetPath('online_retail/by-day');
    const days = readdirSync(folder)
      .filter((f) => /^(2010-12|2011-0[1-6])-\d\d\.csv$/.test(f))
      .sort();
    const lines = days.flatMap((f, i) =>
      readFileSync(join(folder, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .slice(i === 0 ? 0 : 1),
    );
    const path = join(scratchDir('tally-names-'), 'online-retail-h1.csv');
    writeFileSync(path, `${lines.join('\n')}\n`);
    const { aggregates } = await ingestWithSnapshot(path, 'online-retail-h1.csv');
    const retail = await (await DuckDBInstance.create(':memory:', { threads: '1' })).connect();
    try {
      await retail.run(`CREATE TABLE t AS SELECT * FROM read_csv('${path}', header = true, all_varchar = true)`);
      // A sale: no credit note, a positive quantity and price; rowid keeps the file's order.
      const rows = (await duckdbRows(
        retail,
        `WITH named AS (
           SELECT trim(StockCode) AS id, trim(Description) AS d, rowid AS r,
             NOT regexp_matches(InvoiceNo, '^[Cc][0-9]') AND CAST(Quantity AS DOUBLE) > 0 AND CAST(UnitPrice AS DOUBLE) > 0 AS sale
           FROM t WHERE trim(coalesce(Description, '')) <> ''),
         p AS (SELECT id, coalesce(arg_min(d, r) FILTER (WHERE sale), arg_min(d, r)) AS name FROM named GROUP BY 1),
         shared AS (SELECT name FROM p GROUP BY 1 HAVING count(*) > 1)
         SELECT DISTINCT trim(t.StockCode), coalesce(CASE WHEN p.name IN (SELECT name FROM shared) THEN p.name || ' (' || p.id || ')' ELSE p.name END, trim(t.StockCode))
         FROM t LEFT JOIN p ON trim(t.StockCode) = p.id`,
      )) as [string, string][];
      const products = aggregates.products;
      expect(new Map(products.ids.map((id, i) => [id, products.names[i]]))).toEqual(new Map(rows));
      expect(products.names[products.ids.indexOf('23203')]).toBe('JUMBO BAG DOILEY PATTERNS');
    } finally {
      retail.closeSync();
    }
  });
});
