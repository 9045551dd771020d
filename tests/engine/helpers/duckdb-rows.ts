/**
 * Reads a DuckDB query's rows as plain numbers and strings, the shape the query layer's
 * result rows have, so a test can compare the two directly.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

export async function duckdbRows(db: DuckDBConnection, query: string): Promise<(string | number)[][]> {
  const rows = (await db.runAndReadAll(query)).getRows();
  return rows.map((r) =>
    r.map((v) => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' || typeof v === 'string' ? v : String(v))),
  );
}
