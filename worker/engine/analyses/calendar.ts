/** Calendar helpers for the analyses: epoch days to month indexes and trailing windows. */
import type { PairTriples } from '../aggregate/types';
import { monthKey } from '../aggregate/types';

/** The month index (`year * 12 + month − 1`) an epoch day falls in. */
export function monthOfDay(day: number): number {
  const date = new Date(day * 86_400_000);
  return monthKey(date.getUTCFullYear(), date.getUTCMonth() + 1);
}

/**
 * Sums `triples.revenue` per `a` over months `from..to` (inclusive) — e.g. a customer's
 * trailing-12-month revenue. One pass over the triples.
 */
export function revenueInMonths(triples: PairTriples, count: number, from: number, to: number): Float64Array {
  return sumInMonths(triples.revenue, triples, count, from, to);
}

/** The same for the distinct non-return orders (an order has one date, so a month's orders add up). */
export function ordersInMonths(triples: PairTriples, count: number, from: number, to: number): Float64Array {
  return sumInMonths(triples.orders, triples, count, from, to);
}

function sumInMonths(values: ArrayLike<number>, triples: PairTriples, count: number, from: number, to: number): Float64Array {
  const sums = new Float64Array(count);
  for (let k = 0; k < triples.a.length; k++) {
    const month = triples.b[k];
    if (month >= from && month <= to) sums[triples.a[k]] += values[k];
  }
  return sums;
}
