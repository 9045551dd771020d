/**
 * Partial first and last months. A file that starts on 2025-01-19 or ends on 2011-12-09
 * covers only part of those months, so their totals are not comparable with full months:
 * they are labelled "partial" in charts and left out of best/worst and growth statements.
 */
import type { MonthPoint } from '../contract';

/** Edge days a month may miss and still count as full (weekends and holidays at the edges). */
export const EDGE_DAYS_ALLOWED = 3;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The months (YYYY-MM) at either end of the data that the data's period does not fully
 * cover; empty when the period is unknown. `period` holds ISO dates (YYYY-MM-DD…).
 */
export function partialMonthsOf(monthly: readonly MonthPoint[], period: { from: string | null; to: string | null }): string[] {
  if (monthly.length === 0) return [];
  const partial = new Set<string>();
  const first = monthly[0].month;
  const last = monthly[monthly.length - 1].month;
  if (period.from?.startsWith(first)) {
    const day = Number(period.from.slice(8, 10));
    if (day - 1 > EDGE_DAYS_ALLOWED) partial.add(first);
  }
  if (period.to?.startsWith(last)) {
    const day = Number(period.to.slice(8, 10));
    const days = daysIn(Number(last.slice(0, 4)), Number(last.slice(5, 7)));
    if (days - day > EDGE_DAYS_ALLOWED) partial.add(last);
  }
  return [...partial];
}

/** The months that are full, in order (all of them when none is partial). */
export function fullMonthsOf(monthly: readonly MonthPoint[], partial: readonly string[]): MonthPoint[] {
  return monthly.filter((point) => !partial.includes(point.month));
}
