/**
 * The join report (`analysis.json` → `joins`) from what the rows showed, and the warnings
 * that go with it. A master's match rate is the share of the transactions' distinct key
 * values it holds; a flag list's is the share of its keys the transactions have.
 */
import type { JoinedTable, JoinSummary } from '../contract-join';
import { keyOf } from './keys';
import type { JoinSpec, KeyCounts } from './joined-rows';
import { duplicateKeysWarning, unmatchedWarning } from './messages';
import type { TableSample } from './table-sample';

const EXAMPLES = 5;
/** Money is rounded to cents at the edge, as in the overview. */
const cents = (v: number): number => Math.round(v * 100) / 100;

/** The report of every join, given the analysed revenue (for the flagged share). */
export function joinSummaryOf(tx: TableSample, specs: readonly JoinSpec[], counts: readonly KeyCounts[], revenue: number): JoinSummary {
  return { transactions: tx.name, tables: specs.map((spec, i) => joinedTableOf(tx, spec, counts[i], revenue)) };
}

function joinedTableOf(tx: TableSample, { lookup, key }: JoinSpec, counts: KeyCounts, revenue: number): JoinedTable {
  const master = lookup.kind === 'master';
  const keys = master ? counts.seen.size : lookup.values.size;
  const unmatched = master
    ? { count: counts.seen.size - counts.matched, examples: counts.missingExamples }
    : unlistedKeys(lookup.keyCells, counts.seen);
  const txKey = tx.names[key.transactions];
  const table: JoinedTable = {
    table: lookup.table,
    kind: lookup.kind,
    rows: lookup.rows,
    key: { transactions: txKey, table: lookup.keyName, foundBy: key.foundBy },
    matchRate: keys === 0 ? 0 : counts.matched / keys,
    matched: counts.matched,
    keys,
    unmatched,
    duplicates: lookup.duplicates,
    added: lookup.added.map((a) => ({ column: a.header, role: a.role })),
  };
  if (!master && tx.plan.roles.orderId === key.transactions) {
    const flagged = counts.flagged;
    table.flagged = {
      label: lookup.added[0].header,
      orders: flagged.keys.size,
      lines: flagged.lines,
      revenue: cents(flagged.revenue),
      shareOfRevenue: revenue === 0 ? 0 : flagged.revenue / revenue,
    };
  }
  return table;
}

/** A flag list's keys that no transaction line has, first listed first. */
function unlistedKeys(keyCells: readonly string[], seen: ReadonlySet<string>): { count: number; examples: string[] } {
  let count = 0;
  const examples: string[] = [];
  for (const cell of keyCells) {
    if (seen.has(keyOf(cell))) continue;
    count++;
    if (examples.length < EXAMPLES) examples.push(cell);
  }
  return { count, examples };
}

/** Warnings for repeated lookup keys and transaction keys a master lacks. */
export function joinWarnings(summary: JoinSummary): string[] {
  const warnings: string[] = [];
  for (const t of summary.tables) {
    if (t.duplicates.count > 0) warnings.push(duplicateKeysWarning(t.table, t.key.table, t.duplicates));
    if (t.kind === 'master' && t.unmatched.count > 0 && t.matched > 0)
      warnings.push(unmatchedWarning(t.table, t.key.transactions, t.unmatched, t.keys));
  }
  return warnings;
}
