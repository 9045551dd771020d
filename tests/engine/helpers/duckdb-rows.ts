/**
 * Reads a DuckDB query's rows as plain numbers and strings, the shape the query layer's
 * result rows have (NULL as null, as a ratio with nothing to divide by is), so a test can
 * compare the two directly.
 */
import type { DuckDBConnection } from '@duckdb/node-api';

export async function duckdbRows(db: DuckDBConnection, query: string): Promise<(string | number | null)[][]> {
  const rows = (await db.runAndReadAll(query)).getRows();
  return rows.map((r) =>
    r.map((v) => (v === null ? null : typeof v === 'bigint' ? Number(v) : typeof v === 'number' || typeof v === 'string' ? v : String(v))),
  );
}
