/**
 * Finding the header among a table's first rows: title lines and notes above it are
 * skipped, and a file without one gets generated column names.
 */
import { parseDate } from '../schema/dates';
import { COMMA, DOT, parseNumber } from '../schema/numbers';

/** A header is looked for among the first rows only. */
const HEADER_SEARCH_ROWS = 50;

const nonEmptyCount = (row: readonly string[]): number => row.filter((c) => c.trim() !== '').length;

/**
 * The header is the first row as full as the table: title lines and notes above it have
 * fewer filled cells than the widest rows.
 */
export function findHeaderRow(sample: readonly string[][]): number {
  const widest = Math.max(...sample.map(nonEmptyCount));
  const needed = Math.max(1, Math.ceil(widest * 0.6));
  const limit = Math.min(sample.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) if (nonEmptyCount(sample[i]) >= needed) return i;
  return 0;
}

/** A header row is mostly words: a row that is mostly numbers or dates is data. */
export function looksLikeHeader(row: readonly string[]): boolean {
  const cells = row.map((c) => c.trim()).filter((c) => c !== '');
  const dataLike = cells.filter(
    (c) =>
      !Number.isNaN(parseNumber(c, DOT)) ||
      !Number.isNaN(parseNumber(c, COMMA)) ||
      parseDate(c, 'ymd') >= 0 ||
      parseDate(c, 'dmy') >= 0 ||
      parseDate(c, 'mdy') >= 0,
  ).length;
  return dataLike * 2 < cells.length;
}

export function generatedNames(width: number): string[] {
  return Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
}

/** Trimmed header names; blanks (merged cells, unnamed columns) get `Column N`, repeats a suffix. */
export function headerNames(row: readonly string[], width: number): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: width }, (_, i) => {
    const base = (row[i] ?? '').trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}
