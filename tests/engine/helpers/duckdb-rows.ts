/**
 * Reads a DuckDB query's rows as plain numbers and strings, the shape the query layer's
 * result rows have (NULL as null, as a ratio with nothing to divide by is), so a test can
 * compare the two directly.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { expect } from 'vitest';

export async function duckdbRows(db: DuckDBConnection, query: string): Promise<(string | number | null)[][]> {
  const rows = (await db.runAndReadAll(query)).getRows();
  return rows.map((r) =>
    r.map((v) => (v === null ? null : typeof v === 'bigint' ? Number(v) : typeof v === 'number' || typeof v === 'string' ? v : String(v))),
  );
}

/** Asserts result rows equal reference rows: labels exactly, figures to 1e-6 (the sums' last bits differ by order). */
export function expectRowsClose(
  actual: readonly (string | number | null)[][] | undefined,
  expected: readonly (string | number | null)[][],
): void {
  expect(actual).toHaveLength(expected.length);
  actual?.forEach((row, r) =>
    row.forEach((cell, c) => {
      const want = expected[r][c];
      if (typeof want === 'number') expect(cell as number).toBeCloseTo(want, 6);
      else expect(cell).toBe(want);
    }),
  );
}
