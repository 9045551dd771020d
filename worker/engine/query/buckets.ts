/**
 * Calendar buckets for grouping by month, quarter, year or week (weeks start on Monday,
 * ISO 8601), as dense integer indexes plus their first day and label.
 */
import { firstDayOfMonth, monthIndexOfDay } from '../aggregate/cells';
import { isoDay } from '../aggregate/types';
import type { TimeDimension } from './spec';

/** The bucket index of an epoch day. */
export function bucketOf(unit: TimeDimension, day: number): number {
  if (unit === 'week') return Math.floor((day + 3) / 7); // day 0 (1970-01-01) was a Thursday
  const month = monthIndexOfDay(day);
  if (unit === 'month') return month;
  if (unit === 'quarter') return Math.floor(month / 3);
  return Math.floor(month / 12);
}

/** The first epoch day of a bucket. */
export function bucketStart(unit: TimeDimension, bucket: number): number {
  if (unit === 'week') return bucket * 7 - 3;
  if (unit === 'month') return firstDayOfMonth(bucket);
  if (unit === 'quarter') return firstDayOfMonth(bucket * 3);
  return firstDayOfMonth(bucket * 12);
}

/** A bucket named inside a sentence: "the week of 2025-03-03", "2025 Q1". */
export function bucketInWords(unit: TimeDimension, bucket: number): string {
  return `${unit === 'week' ? 'the ' : ''}${bucketLabel(unit, bucket)}`;
}

/** "2025-03", "2025 Q1", "2025", "week of 2025-03-03". */
export function bucketLabel(unit: TimeDimension, bucket: number): string {
  if (unit === 'year') return String(bucket);
  if (unit === 'quarter') return `${Math.floor(bucket / 4)} Q${(bucket % 4) + 1}`;
  if (unit === 'month') return `${Math.floor(bucket / 12)}-${String((bucket % 12) + 1).padStart(2, '0')}`;
  return `week of ${isoDay(bucketStart(unit, bucket))}`;
}
