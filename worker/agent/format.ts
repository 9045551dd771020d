/**
 * How the analyst writes numbers in prose. Money and percentages go through the engine's
 * formatter (worker/engine/render/format.ts), so the transcript, chat, reports and
 * dashboard write each figure the same way; the numbers guard understands every form.
 */
import type { ChurnRisk } from '../engine/contract-churn';
import { buyingRhythm } from '../engine/render/buying-rhythm';
import { money, pct, plural } from '../engine/render/format';

/** "1 customer", "8 customers": the engine's, so the transcript agrees with the reports. */
export { plural };

/** What money starts with in the file's currency (`€`, `CHF `), or '' when it is unknown. */
export function currencyPrefix(currency: string | null): string {
  return currency ? money(0, currency).split(/\d/)[0] : '';
}

/** 48000 → "48,000"; 1234.5 → "1,234.5" (at most `decimals` decimals). */
export function formatNumber(value: number, decimals = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
}

/** Money in the file's currency, to the cent: "€48,000.00", "CHF 48,000.00", or "48,000.00" when unknown. */
export function formatMoney(value: number, currency: string | null): string {
  return money(value, currency);
}

/** A percentage already in percent units, to one decimal: 51.6 → "51.6%", −15 → "-15.0%". */
export function formatPct(value: number): string {
  return pct(value);
}

/** "a", "a and b", "a, b and c". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * A ranking as markdown lines: "1. …" items, or, when rows share a place (a tie), bullets
 * that keep the places ("- 2\. …"): markdown numbers an ordered list 1, 2, 3 whatever its
 * items say, so "48 products tie for place 1" was shown beside places 1 to 5.
 */
export function placedLines<T extends { rank: number }>(rows: readonly T[], line: (row: T) => string): string[] {
  const shared = rows.some((row, i) => row.rank !== i + 1);
  return rows.map((row) => (shared ? `- ${row.rank}\\. ${line(row)}` : `${row.rank}. ${line(row)}`));
}

/**
 * Each listed customer's orders in words ("22 orders"), or null for every one when none of
 * them has an order: a file of one row per customer counts no orders, and "(0 orders)" would be false.
 */
export function ordersOfList(customers: readonly { orders: number }[]): (orders: number) => string | null {
  const counted = customers.some((c) => c.orders > 0);
  return (orders) => (counted ? plural(orders, 'order') : null);
}

/** One segment member as a list item: "- Acme: €5,000, 12 orders, last order 2024-11-30". */
export function segmentMemberLine(
  c: { name: string; revenue: number; orders: number; lastOrder: string | null },
  money: (v: number) => string,
): string {
  return `- ${c.name}: ${money(c.revenue)}, ${plural(c.orders, 'order')}, last order ${c.lastOrder ?? 'unknown'}`;
}

/** "high risk", but plain "lost". */
export function riskLabel(risk: string): string {
  return risk === 'lost' ? 'lost' : `${risk} risk`;
}

/** One at-risk customer in prose: "Acme: high risk, 120 days since the last order (bought on 9 days, on average 30 days apart), €5,000 at risk". */
export function churnCustomerLine(
  c: {
    name: string;
    risk: string;
    daysSinceLastOrder: number | null;
    typicalGapDays: number | null;
    purchaseDays?: number | null;
    revenueAtRisk: number;
    revenue12m?: number;
    revenue?: number;
  },
  money: (value: number) => string,
): string {
  return `${c.name}: ${churnStatus(c, money)}`;
}

/** A churn rating as the lists say it: "rated lost", "at high risk"; every flagged one without a rating. */
export function ratedWords(risk: ChurnRisk | null): string {
  // "Customers in DE-North at lost risk" read as a risk of being lost: lost is a rating, not a risk.
  if (risk === 'lost') return 'rated lost';
  return `at ${risk ?? 'lost, high or medium'} risk`;
}

/**
 * The first line of a churn list narrowed to some customers: "Customers in CH at lost, high or
 * medium risk, by revenue at risk (12 customers):", or, when none of their revenue is at risk
 * (medium risk puts none there; the lost bought nothing in the last 12 months), the order it
 * really is in. "… by revenue at risk" headed lists with none at risk.
 */
export function churnListHeader(who: string, count: string, customers: readonly { revenueAtRisk: number }[]): string {
  return (customers[0]?.revenueAtRisk ?? 0) > 0
    ? `${who}, by revenue at risk (${count}):`
    : `${who} (${count}); none of their revenue counts as at risk, so by what each bought in the last 12 months, then before:`;
}

/** A customer's churn rating in prose, without the name: "high risk, 120 days since the last order (…), €5,000 at risk". */
export function churnStatus(c: Omit<Parameters<typeof churnCustomerLine>[0], 'name'>, money: (value: number) => string): string {
  const rhythm = c.typicalGapDays === null ? '' : ` (${buyingRhythm(c)})`;
  // "medium risk, 43 days since the last order" read as a lapse; with one purchase day it is the wait for a second order.
  const order = c.purchaseDays === 1 ? 'their only order' : 'the last order';
  return `${riskLabel(c.risk)}, ${c.daysSinceLastOrder ?? '?'} days since ${order}${rhythm}, ${riskFigureOf(c, money)}`;
}

/**
 * "€5,000 at risk"; for a customer none of whose revenue counts as at risk, what they bought
 * in the last 12 months, or before them, which the list is ranked by then: Superstore's call
 * list read "0.00 at risk" on every line, above medium-risk customers who had bought
 * thousands that year.
 */
function riskFigureOf(c: { revenueAtRisk: number; revenue12m?: number; revenue?: number }, money: (value: number) => string): string {
  if (c.revenueAtRisk !== 0 || c.revenue12m === undefined) return `${money(c.revenueAtRisk)} at risk`;
  if (c.revenue12m > 0) return `${money(c.revenue12m)} bought in the last 12 months`;
  // A lost customer is ranked by what they bought before, the value a win-back call is about.
  return c.revenue === undefined
    ? 'nothing bought in the last 12 months'
    : `nothing bought in the last 12 months (${money(c.revenue)} before)`;
}
