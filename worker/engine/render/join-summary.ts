/**
 * One sentence per joined lookup table (the join's key, its match rate, the columns it
 * added and, for a returns list, the returned orders and their revenue): the CLI summary,
 * the executive summary and the dashboard say the same thing.
 */
import type { JoinedTable, JoinSummary } from '../contract-join';
import { count, money, pct } from './format';

/** The sentences for `joins`, amounts in `currency`. */
export function joinSentences(joins: JoinSummary, currency: string | null): string[] {
  return joins.tables.map((t) => joinSentence(t, currency));
}

function joinSentence(t: JoinedTable, currency: string | null): string {
  const found =
    t.kind === 'master'
      ? `${count(t.matched)} of ${count(t.keys)} '${t.key.transactions}' values found`
      : `${count(t.matched)} of ${count(t.keys)} listed keys found`;
  const added = t.added.map((a) => (a.role ? `${a.column} as ${roleWords(a.role)}` : a.column)).join(', ');
  const flagged = t.flagged
    ? `; ${count(t.flagged.orders)} ${t.flagged.label.toLowerCase()} ${t.flagged.orders === 1 ? 'order' : 'orders'}, ${money(t.flagged.revenue, currency)} of revenue (${pct(t.flagged.shareOfRevenue * 100)})`
    : '';
  return `Joined '${t.table}' on '${t.key.transactions}' (${pct(t.matchRate * 100)} match: ${found}; adds ${added})${flagged}.`;
}

function roleWords(role: string): string {
  return role === 'salesRep' ? 'sales rep' : role === 'customerName' ? 'customer name' : role === 'productName' ? 'product name' : role;
}
