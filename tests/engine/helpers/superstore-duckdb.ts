/**
 * Superstore's raw CSV in DuckDB, the independent reference the query tests check against:
 * table `t` holds every column as text, with the order day `d`, revenue `rev`, gross profit
 * `gp` and quantity `qty` typed.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

export async function superstoreInDuckDb(csv: string): Promise<DuckDBConnection> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(
    `CREATE TABLE t AS SELECT *, strptime("Order Date", '%m/%d/%Y')::DATE AS d, CAST(Sales AS DOUBLE) AS rev, CAST(Profit AS DOUBLE) AS gp,
       CAST(Quantity AS INTEGER) AS qty
     FROM read_csv('${csv}', header = true, all_varchar = true)`,
  );
  return db;
}
