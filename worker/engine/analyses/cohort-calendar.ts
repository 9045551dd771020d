/**
 * Calendar rules shared by the cohort table and the NRR windows: which month is the last
 * complete one at the as-of date, and month or quarter periods as integer indexes.
 */
import { monthKey } from '../aggregate/types';
import type { CohortGrain } from '../contract';
import { EDGE_DAYS_ALLOWED } from './partial-months';

/** The as-of date's month counts as complete when at most this many days of it are missing (as the trend's rule). */
function isLastDays(day: number): boolean {
  const date = new Date(day * 86_400_000);
  const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  return daysInMonth - date.getUTCDate() <= EDGE_DAYS_ALLOWED;
}

/** Month index of an epoch day. */
export function monthOfEpochDay(day: number): number {
  const date = new Date(day * 86_400_000);
  return monthKey(date.getUTCFullYear(), date.getUTCMonth() + 1);
}

/**
 * The last month fully observed at `asOfDay`: the as-of month itself when the as-of date
 * is (within EDGE_DAYS_ALLOWED of) its last day, else the month before. A partial month
 * would make every cohort look as if it had lost customers.
 */
export function lastCompleteMonth(asOfDay: number): number {
  const month = monthOfEpochDay(asOfDay);
  return isLastDays(asOfDay) ? month : month - 1;
}

/** The first month fully observed from the first day of data (the mirror rule). */
export function firstCompleteMonth(firstDay: number): number {
  const date = new Date(firstDay * 86_400_000);
  const month = monthOfEpochDay(firstDay);
  return date.getUTCDate() - 1 <= EDGE_DAYS_ALLOWED ? month : month + 1;
}

/** Period index of a month index: the month itself, or its quarter. */
export function periodOfMonth(grain: CohortGrain, month: number): number {
  return grain === 'month' ? month : Math.floor(month / 3);
}

/** The last complete period when `month` is the last complete month. */
export function lastCompletePeriod(grain: CohortGrain, month: number): number {
  return grain === 'month' ? month : Math.floor((month - 2) / 3);
}

/** First month index of a period. */
export function periodFirstMonth(grain: CohortGrain, period: number): number {
  return grain === 'month' ? period : period * 3;
}

/** `2025-03` or `2025-Q1`. */
export function periodLabel(grain: CohortGrain, period: number): string {
  if (grain === 'quarter') return `${Math.floor(period / 4)}-Q${(period % 4) + 1}`;
  return `${Math.floor(period / 12)}-${String((period % 12) + 1).padStart(2, '0')}`;
}

/** ISO first day of a month index. */
export function monthStartIso(month: number): string {
  return new Date(Date.UTC(Math.floor(month / 12), month % 12, 1)).toISOString().slice(0, 10);
}

/** ISO last day of a month index. */
export function monthEndIso(month: number): string {
  return new Date(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 0)).toISOString().slice(0, 10);
}
