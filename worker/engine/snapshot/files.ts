/**
 * The snapshot as downloads: "Cleaned data (Parquet)" (`rows.parquet`, the snapshot file
 * itself) and "Cleaned data (CSV)" (`rows.csv`, formula-safe via the shared CSV escaping).
 * The CSV is made from the snapshot when it is downloaded, a few thousand lines at a time,
 * so it has no size limit and is never stored (a 1M-row CSV is about 120 MB of text).
 */
import { csvCell } from '../render/escape';
import { isoDay } from '../aggregate/types';
import type { Snapshot } from './columns';

export const PARQUET_NAME = 'rows.parquet';
export const CSV_NAME = 'rows.csv';

/** Lines per piece of the CSV: a piece is about 1 MB of text. */
const LINES_PER_PIECE = 10_000;

/** The CSV copy of a snapshot, in pieces of text: the header line, then the rows in file order. */
export async function* snapshotCsvPieces(snapshot: Snapshot): AsyncGenerator<string> {
  const dims = snapshot.meta.dimensions;
  yield csvLine(['date', 'amount', 'cost', 'quantity', 'is_return', ...dims.map((d) => d.column)]);
  for await (const g of snapshot.groups()) {
    for (let from = 0; from < g.rows; from += LINES_PER_PIECE) {
      let piece = '';
      for (let i = from; i < Math.min(g.rows, from + LINES_PER_PIECE); i++) {
        const cells: (string | number | null)[] = [
          g.day[i] < 0 ? null : isoDay(g.day[i]),
          tidy(g.amount[i]),
          g.cost[i] === g.cost[i] ? tidy(g.cost[i]) : null,
          g.quantity[i] === g.quantity[i] ? tidy(g.quantity[i]) : null,
          g.returns[i] === 1 ? 'true' : 'false',
        ];
        for (let k = 0; k < dims.length; k++) cells.push(g.dims[k][i] < 0 ? null : dims[k].values[g.dims[k][i]]);
        piece += csvLine(cells);
      }
      yield piece;
    }
  }
}

/**
 * A number as a spreadsheet shows it: 15 significant digits, so a cost derived as sales
 * minus profit (261.96 − 41.9136) reads 220.0464, not 220.04639999999998.
 */
function tidy(value: number): number {
  return Number(value.toPrecision(15));
}

function csvLine(cells: readonly (string | number | null)[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}
