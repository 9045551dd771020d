/**
 * The snapshot as downloads: "Cleaned data (Parquet)" (`rows.parquet`, stored at
 * `artifacts/{id}/rows.parquet`) and "Cleaned data (CSV)" (`rows.csv`, formula-safe via
 * the shared CSV escaping). The CSV is built in memory, so it is offered only up to
 * MAX_CSV_ROWS rows; larger files get the Parquet only (any tool converts it).
 */
import type { RenderedFile } from '../render';
import { csvCell } from '../render/escape';
import { isoDay } from '../aggregate/types';
import { readParquetSnapshot } from './parquet-read';

/** Rows up to which the CSV copy is built (about 25 MB of text). */
export const MAX_CSV_ROWS = 250_000;

export const PARQUET_NAME = 'rows.parquet';
export const CSV_NAME = 'rows.csv';

/** The Parquet file, plus the CSV copy for files up to MAX_CSV_ROWS rows. */
export async function* snapshotFilesOf(parquet: Uint8Array): AsyncGenerator<RenderedFile> {
  yield { name: PARQUET_NAME, type: 'data', contentType: 'application/vnd.apache.parquet', body: parquet };
  const snapshot = readParquetSnapshot(parquet);
  if (snapshot.meta.rows > MAX_CSV_ROWS) return;
  const dims = snapshot.meta.dimensions;
  const lines = [['date', 'amount', 'cost', 'quantity', 'is_return', ...dims.map((d) => d.column)].map(csvCell).join(',')];
  for await (const g of snapshot.groups()) {
    for (let i = 0; i < g.rows; i++) {
      const cells: (string | number | null)[] = [
        isoDay(g.day[i]),
        g.amount[i],
        g.cost[i] === g.cost[i] ? g.cost[i] : null,
        g.quantity[i] === g.quantity[i] ? g.quantity[i] : null,
        g.returns[i] === 1 ? 'true' : 'false',
      ];
      dims.forEach((d, k) => cells.push(g.dims[k][i] < 0 ? null : d.values[g.dims[k][i]]));
      lines.push(cells.map(csvCell).join(','));
    }
  }
  yield { name: CSV_NAME, type: 'data', contentType: 'text/csv; charset=utf-8', body: lines.join('\r\n') + '\r\n' };
}
