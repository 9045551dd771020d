/**
 * Which column of the transactions a lookup table joins on. A candidate pairs a key-like
 * column of the transactions (customer, order, product, region …) with a column of the
 * lookup whose values are (nearly) unique. Candidates are found by header — the same
 * name, or the same inferred role — and by value overlap: the share of the transactions'
 * sampled values found in the lookup column. The best candidate has any overlap at all,
 * then a header match, then the more specific transaction column (a customer id before a
 * region), then the more unique lookup column, then the larger overlap.
 */
import type { ColumnRole } from '../contract';
import { compactHeader } from '../schema/headers';
import { keyOf } from './keys';
import type { TableSample } from './table-sample';

/** Transaction columns a lookup can be keyed on. */
const KEY_ROLES: readonly ColumnRole[] = [
  'customerId',
  'orderId',
  'productId',
  'region',
  'customerName',
  'productName',
  'supplier',
  'salesRep',
];

/** A lookup key column's distinct values are at least this share of its filled cells (a master may repeat a few ids). */
const MIN_UNIQUE_SHARE = 0.75;
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
  /** Place of the transaction column's role in KEY_ROLES (lower: more specific). */
  rolePriority: number;
  /** Distinct values per filled cell of the lookup column. */
  uniqueness: number;
}

/** The best join key between the transactions and a lookup table, or null when none is plausible. */
export function joinKeyOf(tx: TableSample, lookup: TableSample, lookupRows: readonly string[][]): JoinKey | null {
  let best: JoinKey | null = null;
  const uniqueness = lookup.names.map((_, c) => uniquenessOf(lookupRows, c));
  for (const [rolePriority, role] of KEY_ROLES.entries()) {
    const t = tx.plan.roles[role];
    if (t === undefined) continue;
    const txValues = distinctKeys(tx.rows, t);
    for (let l = 0; l < lookup.names.length; l++) {
      if (uniqueness[l] < MIN_UNIQUE_SHARE) continue;
      const header = sameHeader(tx, t, lookup, l);
      const overlap = overlapOf(txValues, distinctKeys(lookupRows, l));
      if (!header && overlap < MIN_VALUE_OVERLAP) continue;
      const foundBy = header ? 'header' : 'values';
      const candidate: JoinKey = { transactions: t, lookup: l, foundBy, sampleOverlap: overlap, rolePriority, uniqueness: uniqueness[l] };
      if (best === null || better(candidate, best)) best = candidate;
    }
  }
  return best;
}

function better(a: JoinKey, b: JoinKey): boolean {
  if (a.sampleOverlap > 0 !== b.sampleOverlap > 0) return a.sampleOverlap > 0;
  if (a.foundBy !== b.foundBy) return a.foundBy === 'header';
  if (a.rolePriority !== b.rolePriority) return a.rolePriority < b.rolePriority;
  if (a.uniqueness !== b.uniqueness) return a.uniqueness > b.uniqueness;
  return a.sampleOverlap > b.sampleOverlap;
}

function sameHeader(tx: TableSample, t: number, lookup: TableSample, l: number): boolean {
  if (compactHeader(tx.names[t]) === compactHeader(lookup.names[l])) return true;
  const role = lookup.plan.columns[l].role;
  return role !== null && role === tx.plan.columns[t].role;
}

function uniquenessOf(rows: readonly string[][], column: number): number {
  let filled = 0;
  const seen = new Set<string>();
  for (const row of rows) {
    const key = keyOf(row[column] ?? '');
    if (key === '') continue;
    filled++;
    seen.add(key);
  }
  return filled === 0 ? 0 : seen.size / filled;
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
