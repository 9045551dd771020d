/**
 * `per`: what an average per month (quarter, year, week) is taken over, and the note that
 * says so. The figures themselves are the period's, divided in result.ts.
 */
import { isoDay } from '../aggregate/types';
import { plural } from '../render/format';
import type { SnapshotMeta } from '../snapshot/columns';
import { bucketInWords, bucketOf, bucketStart } from './buckets';
import { daysCovered, mostlyCovered } from './coverage';
import { QueryRefusal } from './resolve';
import type { TimeDimension } from './spec';

/** A period as epoch days, both ends included. */
export interface Range {
  from: number;
  to: number;
}

export interface Span {
  from: number;
  to: number;
  /** Months (quarters, years, weeks) from the one holding `from` to the one holding `to`. */
  units: number;
}

/**
 * What an average per month is taken over, for each period (the file's dates without one):
 * the period cut to the file's first and last row, and every month it touches, a month
 * without sales counting 0.
 */
export function unitsSpanned(meta: SnapshotMeta, unit: TimeDimension, periods: readonly Range[]): Span[] {
  if (!meta.hasDates || meta.firstDay < 0)
    throw new QueryRefusal(`This file has no date column, so it has no ${unit}s to average over.`, 'MISSING_COLUMN');
  const ranges = periods.length > 0 ? periods : [{ from: meta.firstDay, to: meta.lastDay }];
  return ranges.map((range) => {
    const from = Math.max(range.from, meta.firstDay);
    const to = Math.min(range.to, meta.lastDay);
    const [first, last] = [bucketOf(unit, from), bucketOf(unit, to)];
    // Iowa's one day of sales read as "$1,039,951.09 per month": the days must fill the units counted.
    if (!mostlyCovered(to - from + 1, bucketStart(unit, first), bucketStart(unit, last + 1) - 1))
      throw new QueryRefusal(
        `The rows cover ${plural(to - from + 1, 'day')}, ${isoDay(from)} … ${isoDay(to)}: too little of ${last === first ? `a ${unit}` : `the ${last - first + 1} ${unit}s they touch`} for an average per ${unit}. Ask for the total instead.`,
        'OUT_OF_RANGE',
      );
    return { from, to, units: last - first + 1 };
  });
}

/**
 * "Averaged over 48 months, 2018-01 to 2021-12, …", with the days of an end month the rows
 * cover for less than 90% of them: a file that starts on a Wednesday has a first week of
 * five days, which the average counts as a whole week.
 */
export function perNote(unit: TimeDimension, spans: readonly Span[]): string {
  let partial = false;
  const words = spans.map((span) => {
    const labelOf = (bucket: number): string => {
      const [start, end] = [bucketStart(unit, bucket), bucketStart(unit, bucket + 1) - 1];
      const covered = daysCovered(start, end, span.from, span.to);
      const label = bucketInWords(unit, bucket);
      if (mostlyCovered(covered, start, end)) return label;
      partial = true;
      return `${label} (rows for ${covered} of its ${end - start + 1} days)`;
    };
    const [first, last] = [bucketOf(unit, span.from), bucketOf(unit, span.to)];
    if (first === last) return `one ${unit}, ${labelOf(first)}`;
    return `${span.units.toLocaleString('en-US')} ${unit}s, ${labelOf(first)} to ${labelOf(last)}`;
  });
  const counted = partial ? ` and a ${unit} with rows on part of its days as a whole one` : '';
  return `Averaged over ${words.join(' and over ')}, a ${unit} without sales counting 0${counted}.`;
}
