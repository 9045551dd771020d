/**
 * `averageOver`: "average orders per customer", "how many customers does a rep have on
 * average". The rows are grouped by the column averaged over as well, each of its values'
 * figures added up per result row and divided by how many values had a purchase there.
 * Only sums and counts are averaged (AVERAGED_OVER), so each value's figure is its own.
 */
import { plural, pluralNoun } from '../render/format';
import type { ResolvedGroup } from './resolve';

type Averaged = Extract<ResolvedGroup, { kind: 'dimension' }>;

/** A result row's sums of its values' figures, per period, and how many values they are. */
export interface AveragedRow {
  cells: (number | null)[];
  /** Per period (A at 0, B at 1): the values with a purchase whose figures were added. */
  counted?: number[];
}

/** Adds one value's figures (per measure, of one period) to its result row; it counts among the values when it had a purchase. */
export function addValue(row: AveragedRow, figures: readonly (number | null)[], period: number, counted: boolean): void {
  row.counted ??= [0, 0];
  if (counted) row.counted[period]++;
  for (const [i, figure] of figures.entries()) row.cells[i * 2 + period] = (row.cells[i * 2 + period] ?? 0) + (figure ?? 0);
}

/** Each row's sums divided by its values: the averages (none for a period without a value). */
export function averageRows(rows: Iterable<AveragedRow>): void {
  for (const row of rows)
    for (let c = 0; c < row.cells.length; c++) {
      const n = row.counted?.[c % 2] ?? 0;
      const sum = row.cells[c];
      row.cells[c] = n > 0 && sum !== null && sum !== undefined ? sum / n : null;
    }
}

/** "average orders per customer": the measure's words when averaged over a column. */
export function averagedWords(measure: string, over: string): string {
  return `average ${measure} per ${over}`;
}

/**
 * What the average is over: the values with a purchase (a line that is no return) in the
 * rows kept, their count when the answer is one row, what values with only returns add, and
 * the rows without a value left out.
 */
export function averageOverNote(
  over: Averaged,
  rows: readonly AveragedRow[],
  options: { compared: boolean; blankLeftOut: boolean; returns: boolean },
): string {
  const { label } = over.dimension;
  const nouns = pluralNoun(label);
  const single = rows.length <= 1 ? (rows[0]?.counted ?? [0, 0]) : null;
  const counted = !single
    ? `Each row is averaged over its own ${nouns} with a purchase`
    : options.compared
      ? `Averaged over the ${nouns} with a purchase in each period (${single[0].toLocaleString('en-US')} and ${(single[1] ?? 0).toLocaleString('en-US')})`
      : single[0] === 0
        ? `No ${label} has a purchase in these rows, so there is nothing to average`
        : `Averaged over the ${plural(single[0], label, nouns)} with a purchase in these rows`;
  const how = single && !options.compared && single[0] === 0 ? '.' : `: each one's figure, added up and divided by how many there are.`;
  const returnsOnly =
    options.returns && how !== '.'
      ? ` ${capitalised(nouns)} with only returns are not counted among them, and their returns stay in the figures.`
      : '';
  const blank = options.blankLeftOut ? ` Rows without a ${label} are left out.` : '';
  return `${counted}${how}${returnsOnly}${blank}`;
}

function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
