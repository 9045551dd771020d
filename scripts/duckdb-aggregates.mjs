/**
 * The DuckDB side of `npm run bench -- --vs-duckdb`: the same file's bare aggregates
 * (per customer, per product, per month, per customer × product) in DuckDB with a fixed
 * thread count, run as its own process so that start-up counts on both sides.
 *
 *   node scripts/duckdb-aggregates.mjs <file.csv> [threads]
 *
 * Prints one JSON line: rows, customers, products, months, pairs, revenue.
 */
import { DuckDBInstance } from '@duckdb/node-api';

const [file, threads = '2'] = process.argv.slice(2);
const instance = await DuckDBInstance.create(':memory:', { threads });
const connection = await instance.connect();
const source = `read_csv('${file.replaceAll("'", "''")}', header = true)`;
await connection.run(`CREATE TEMP TABLE lines AS SELECT CustomerID AS c, ProductCode AS p, InvoiceNo AS o,
  InvoiceDate AS d, Quantity * UnitPrice AS revenue, Quantity AS q FROM ${source}`);
const count = async (sql) => Number((await connection.runAndReadAll(sql)).getRows()[0][0]);
const rows = await count('SELECT count(*) FROM lines');
const customers = await count(
  `SELECT count(*) FROM (SELECT c, sum(revenue), count(DISTINCT o), min(d), max(d), count(DISTINCT d) FROM lines GROUP BY c)`,
);
const products = await count('SELECT count(*) FROM (SELECT p, sum(revenue), sum(q), count(DISTINCT c) FROM lines GROUP BY p)');
const months = await count(
  `SELECT count(*) FROM (SELECT date_trunc('month', d), sum(revenue), count(DISTINCT o), count(DISTINCT c) FROM lines GROUP BY 1)`,
);
const pairs = await count('SELECT count(*) FROM (SELECT c, p, sum(revenue), count(DISTINCT o) FROM lines GROUP BY c, p)');
const revenue = Number((await connection.runAndReadAll('SELECT round(sum(revenue), 2) FROM lines')).getRows()[0][0]);
connection.closeSync();
instance.closeSync();
console.log(JSON.stringify({ rows, customers, products, months, pairs, revenue }));
