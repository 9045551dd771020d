/**
 * One table of a join (a file, or a workbook sheet) as its first rows: where its header
 * is, its column names and the roles the schema inference gives them, decided exactly as
 * the table reader decides them, so a joined file keeps the roles it has on its own.
 */
import { SAMPLE_ROWS } from '../ingest/table';
import { findHeaderRow, headerNames, looksLikeHeader } from '../ingest/header-row';
import { inferSchema, type TablePlan } from '../schema/infer';

export interface TableSample {
  /** The file name, or the sheet name for a workbook's sheets. */
  name: string;
  /** The header row's cells as read (null for a headerless table). */
  header: string[] | null;
  /** Column names (generated for blank headers, as the table reader names them). */
  names: string[];
  /** Data rows of the sample, trimmed. */
  rows: string[][];
  plan: TablePlan;
}

/** How the table's numbers are written: workbooks hold canonical numbers. */
export interface SampleFormat {
  canonicalNumbers: boolean;
  semicolonDelimited: boolean;
}

/**
 * The sample of a table from its first rows (blank rows skipped, as the table reader
 * skips them); null when it has no data row under a header.
 */
export function sampleOf(name: string, rawRows: readonly string[][], format: SampleFormat, limit = SAMPLE_ROWS): TableSample | null {
  const rows = rawRows.filter((r) => r.some((c) => c.trim() !== '')).slice(0, limit);
  if (rows.length === 0) return null;
  const headerAt = findHeaderRow(rows);
  if (!looksLikeHeader(rows[headerAt])) return null;
  const header = rows[headerAt];
  const width = Math.max(...rows.slice(headerAt).map((r) => r.length));
  const names = headerNames(header, width);
  const data = dataRowsOf(rows.slice(headerAt + 1), header);
  if (data.length === 0) return null;
  const plan = inferSchema({ names, headerless: false, rows: data, ...format });
  return { name, header, names, rows: data, plan };
}

/**
 * A transactions table has a date and an amount (or a quantity and a unit price) per
 * line; anything else (a customer master, a returns list, a region → manager table) is
 * a lookup table.
 */
export function isTransactions(plan: TablePlan): boolean {
  const roles = plan.roles;
  if (plan.grain !== 'transactions' || roles.date === undefined) return false;
  return roles.amount !== undefined || (roles.quantity !== undefined && roles.unitPrice !== undefined);
}

/** The data rows of a whole lookup table: blank rows and repeated headers left out, cells trimmed. */
export function dataRowsOf(rows: readonly string[][], header: readonly string[]): string[][] {
  return rows.filter((r) => r.some((c) => c.trim() !== '') && !sameRow(r, header)).map((r) => r.map((c) => c.trim()));
}

/** The rows below the header (the first row equal to it). */
export function rowsBelowHeader(rows: readonly string[][], header: readonly string[]): readonly string[][] {
  const at = rows.findIndex((r) => sameRow(r, header));
  return rows.slice(at + 1);
}

export function sameRow(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((cell, i) => cell === b[i]);
}
