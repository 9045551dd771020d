/**
 * Which column of the transactions a lookup table joins on. A candidate pairs a key-like
 * column of the transactions (customer, order, product, region …) with a column of the
 * lookup whose values are (nearly) unique. Candidates are found by header — the same
 * name, or the same inferred role — and by value overlap: the share of the transactions'
 * sampled values found in the lookup column. The best candidate has any overlap at all,
 * then a header match, then the larger overlap.
 */
import type { ColumnRole } from '../contract';
import { compactHeader } from '../schema/headers';
import { keyOf } from './keys';
import type { TableSample } from './table-sample';

/** Transaction columns a lookup can be keyed on. */
const KEY_ROLES: readonly ColumnRole[] = ['customerId', 'orderId', 'productId', 'region', 'customerName', 'productName', 'supplier', 'salesRep'];

/** A lookup key column repeats at most this share of its values (a master may hold a few duplicates). */
const MIN_UNIQUE_SHARE = 0.9;
/** Without a header match, at least this share of the sampled transaction values must be found. */
const MIN_VALUE_OVERLAP = 0.5;

export interface JoinKey {
  /** Column index in the transactions. */
  transactions: number;
  /** Column index in the lookup table. */
  lookup: number;
  foundBy: 'header' | 'values';
  /** Share of the sampled transactions' distinct values found in the lookup column. */
  sampleOverlap: number;
}

/** The best join key between the transactions and a lookup table, or null when none is plausible. */
export function joinKeyOf(tx: TableSample, lookup: TableSample, lookupRows: readonly string[][]): JoinKey | null {
  const keyColumns = KEY_ROLES.map((role) => tx.plan.roles[role]).filter((c): c is number => c !== undefined);
  const uniqueColumns = lookup.names.map((_, c) => c).filter((c) => isMostlyUnique(lookupRows, c));
  let best: JoinKey | null = null;
  for (const t of keyColumns) {
    const txValues = distinctKeys(tx.rows, t);
    for (const l of uniqueColumns) {
      const header = sameHeader(tx, t, lookup, l);
      const overlap = overlapOf(txValues, distinctKeys(lookupRows, l));
      if (!header && overlap < MIN_VALUE_OVERLAP) continue;
      const candidate: JoinKey = { transactions: t, lookup: l, foundBy: header ? 'header' : 'values', sampleOverlap: overlap };
      if (best === null || better(candidate, best)) best = candidate;
    }
  }
  return best;
}

function better(a: JoinKey, b: JoinKey): boolean {
  if (a.sampleOverlap > 0 !== b.sampleOverlap > 0) return a.sampleOverlap > 0;
  if (a.foundBy !== b.foundBy) return a.foundBy === 'header';
  return a.sampleOverlap > b.sampleOverlap;
}

function sameHeader(tx: TableSample, t: number, lookup: TableSample, l: number): boolean {
  if (compactHeader(tx.names[t]) === compactHeader(lookup.names[l])) return true;
  const role = lookup.plan.columns[l].role;
  return role !== null && role === tx.plan.columns[t].role;
}

function isMostlyUnique(rows: readonly string[][], column: number): boolean {
  let filled = 0;
  const seen = new Set<string>();
  for (const row of rows) {
    const key = keyOf(row[column] ?? '');
    if (key === '') continue;
    filled++;
    seen.add(key);
  }
  return filled > 0 && seen.size >= filled * MIN_UNIQUE_SHARE;
}

function distinctKeys(rows: readonly string[][], column: number): Set<string> {
  const keys = new Set<string>();
  for (const row of rows) {
    const key = keyOf(row[column] ?? '');
    if (key !== '') keys.add(key);
  }
  return keys;
}

function overlapOf(txValues: ReadonlySet<string>, lookupValues: ReadonlySet<string>): number {
  if (txValues.size === 0) return 0;
  let found = 0;
  for (const key of txValues) if (lookupValues.has(key)) found++;
  return found / txValues.size;
}
