/**
 * A lookup table ready to join: its rows by key (the first row of a repeated key wins)
 * and the columns it adds to every transaction line. Two kinds:
 * - a **master** (a customer master, a region → manager table) adds its text attributes,
 *   and hands a role (region, sales rep, …) to each one the transactions lack;
 * - a **flag list** (Superstore's `Returns`: an order id and `Returned = Yes`) adds one
 *   column that marks the lines whose key is listed.
 */
import type { ColumnRole } from '../contract';
import { compactHeader } from '../schema/headers';
import { keyOf } from './keys';
import type { TableSample } from './table-sample';

/** Roles a lookup table may hand to the transactions: labels, never amounts or dates. */
const TRANSFERABLE: ReadonlySet<ColumnRole> = new Set(['customerName', 'productName', 'category', 'supplier', 'region', 'salesRep']);

/** Repeated keys shown in the warning. */
const EXAMPLES = 5;

export interface AddedColumn {
  /** The name the column gets among the transactions' columns. */
  header: string;
  /** The role it takes in the joined table, or null (kept for questions in chat). */
  role: ColumnRole | null;
}

export interface Lookup {
  table: string;
  kind: 'master' | 'flags';
  keyName: string;
  added: AddedColumn[];
  /** Key (see keys.ts) → the cells added to a line with that key. */
  values: Map<string, string[]>;
  /** Each distinct key as first written, in table order (for examples). */
  keyCells: string[];
  rows: number;
  duplicates: { count: number; examples: string[] };
}

/**
 * Builds the lookup of `table` keyed on its column `keyColumn`. `taken` holds the roles the
 * joined table already has; roles handed out here are added to it.
 */
export function lookupOf(
  table: TableSample,
  allRows: readonly string[][],
  keyColumn: number,
  txNames: readonly string[],
  taken: Set<ColumnRole>,
): Lookup {
  const flags = isFlagList(allRows, keyColumn, table.names.length);
  const sources = flags ? [] : attributeColumns(table, keyColumn, txNames);
  const added: AddedColumn[] = flags
    ? [{ header: flagHeader(table, keyColumn, txNames), role: null }]
    : sources.map((c) => ({ header: table.names[c], role: handOut(table.plan.columns[c].role, taken) }));
  const flagValue = flags ? (flagValueOf(allRows, keyColumn) ?? 'Yes') : '';
  const values = new Map<string, string[]>();
  const keyCells: string[] = [];
  const duplicates: string[] = [];
  let duplicateCount = 0;
  for (const row of allRows) {
    const key = keyOf(row[keyColumn] ?? '');
    if (key === '') continue;
    if (values.has(key)) {
      duplicateCount++;
      if (duplicates.length < EXAMPLES && !duplicates.includes(row[keyColumn])) duplicates.push(row[keyColumn]);
      continue;
    }
    values.set(key, flags ? [flagValue] : sources.map((c) => row[c] ?? ''));
    keyCells.push(row[keyColumn]);
  }
  return {
    table: table.name,
    kind: flags ? 'flags' : 'master',
    keyName: table.names[keyColumn],
    added,
    values,
    keyCells,
    rows: allRows.length,
    duplicates: { count: duplicateCount, examples: duplicates },
  };
}

/** A list whose other columns each hold one value at most (`Returned = Yes`) only marks keys. */
function isFlagList(rows: readonly string[][], keyColumn: number, width: number): boolean {
  for (let c = 0; c < width; c++) {
    if (c === keyColumn) continue;
    const seen = new Set<string>();
    for (const row of rows) if ((row[c] ?? '') !== '') seen.add(row[c]);
    if (seen.size > 1) return false;
  }
  return true;
}

function flagValueOf(rows: readonly string[][], keyColumn: number): string | null {
  for (const row of rows) for (let c = 0; c < row.length; c++) if (c !== keyColumn && row[c] !== '') return row[c];
  return null;
}

/** The flag list's own column name (`Returned`), else `In <table>`. */
function flagHeader(table: TableSample, keyColumn: number, txNames: readonly string[]): string {
  const own = table.names.find((_, c) => c !== keyColumn && table.plan.columns[c].type !== 'empty');
  const used = new Set(txNames.map(compactHeader));
  return own !== undefined && !used.has(compactHeader(own)) ? own : `In ${table.name}`;
}

/**
 * The master's text columns the transactions do not have already (by name or by role):
 * numbers and dates (a credit limit, a customer-since date) are not line attributes.
 */
function attributeColumns(table: TableSample, keyColumn: number, txNames: readonly string[]): number[] {
  const used = new Set(txNames.map(compactHeader));
  return table.plan.columns
    .filter((c) => c.index !== keyColumn && c.type === 'string' && !used.has(compactHeader(c.name)))
    .map((c) => c.index);
}

/** The column's role when the joined table has none of it yet. */
function handOut(role: ColumnRole | null, taken: Set<ColumnRole>): ColumnRole | null {
  if (role === null || !TRANSFERABLE.has(role) || taken.has(role)) return null;
  taken.add(role);
  return role;
}
