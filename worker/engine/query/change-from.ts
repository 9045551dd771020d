/**
 * `changeFrom`: each unit of a grouping by time against the unit before ("quarter over
 * quarter", "which months grew?") or the same unit a year before. "Which quarters grew?"
 * got the monthly trend, and "Which months grew in 2021?" was refused: the query had no
 * figure for a change between its own rows.
 *
 * A unit is compared only when both it and the unit it is set against are whole in the
 * file's rows, but for up to 3 days at an end (the trend's rule for a full month, and at
 * least 90% of the unit, so a week must be whole): Online Retail's December 2011 has 9
 * days of rows, and "down 71% on November" would be an alarm about the file's end, not the
 * business; its 2011 misses 22 days, and against all of 2010 would read 6% low. With a
 * period, the units before its first one are read too (the lead-in), so the period's
 * first unit has its change.
 */
import { EDGE_DAYS_ALLOWED } from '../analyses/partial-months';
import { isoDay } from '../aggregate/types';
import type { SnapshotMeta } from '../snapshot/columns';
import type { Range } from './average-per';
import { bucketInWords, bucketOf, bucketStart } from './buckets';
import { daysCovered, mostlyCovered } from './coverage';
import { QueryRefusal } from './resolve';
import type { QuerySpec, TimeDimension } from './spec';

export interface ChangeFrom {
  unit: TimeDimension;
  /** How many units back the compared one is: 1, or a year's worth (12 months, 4 quarters). */
  lag: number;
  /** The first unit of the rows asked for; units before it are the lead-in's. */
  firstBucket: number;
  /** The whole units before the period that its first units are compared with, or null without a period. */
  leadIn: Range | null;
  /** The days the rows asked for were counted on (the period, or the whole file). */
  counted: Range;
}

/** The comparison a spec with `changeFrom` asks for, over the file's rows. */
export function changeFromOf(meta: SnapshotMeta, spec: QuerySpec, unit: TimeDimension, period: Range | undefined): ChangeFrom {
  const lag = spec.changeFrom === 'yearBefore' ? unitsInAYear(unit) : 1;
  const counted = period ?? { from: meta.firstDay, to: meta.lastDay };
  const firstBucket = bucketOf(unit, counted.from);
  const leadIn = period ? { from: bucketStart(unit, firstBucket - lag), to: bucketStart(unit, firstBucket) - 1 } : null;
  return { unit, lag, firstBucket, leadIn, counted };
}

/** 12 months, 4 quarters, 1 year; weeks don't line up from one year to the next (52 or 53 ISO weeks). */
function unitsInAYear(unit: TimeDimension): number {
  if (unit === 'week')
    throw new QueryRefusal('A week has no same week a year before (years have 52 or 53 weeks); compare months or quarters.', 'BAD_SPEC');
  return { month: 12, quarter: 4, year: 1 }[unit];
}

/** A unit's days the rows cover, within the days counted for it, and whether that is whole enough to compare. */
export interface UnitCoverage {
  state: 'none' | 'part' | 'whole';
  covered: number;
  days: number;
}

export function unitCoverage(meta: SnapshotMeta, change: ChangeFrom, bucket: number): UnitCoverage {
  const [start, end] = [bucketStart(change.unit, bucket), bucketStart(change.unit, bucket + 1) - 1];
  const counted = bucket < change.firstBucket && change.leadIn ? change.leadIn : change.counted;
  const covered = Math.max(0, daysCovered(Math.max(start, counted.from), Math.min(end, counted.to), meta.firstDay, meta.lastDay));
  const days = end - start + 1;
  const whole = covered >= days - EDGE_DAYS_ALLOWED && mostlyCovered(covered, start, end);
  return { state: covered === 0 ? 'none' : whole ? 'whole' : 'part', covered, days };
}

/** "the quarter before", "the same quarter a year before" (a year's year before is "the year before"). */
export function comparedWords(unit: TimeDimension, yearBefore: boolean): string {
  return yearBefore && unit !== 'year' ? `the same ${unit} a year before` : `the ${unit} before`;
}

/**
 * What the note says of the units without a change: those with no unit to compare within
 * the file's rows, those where one of the two is not whole, and the days of the units that
 * are not (the edge-units note of a grouping by time, by this rule).
 */
export function changeNote(
  change: ChangeFrom,
  meta: SnapshotMeta,
  missing: readonly number[],
  partial: readonly number[],
  notWhole: ReadonlyMap<number, UnitCoverage>,
): string | null {
  const list = (buckets: readonly number[]): string => {
    const labels = [...new Set(buckets)].sort((x, y) => x - y).map((b) => bucketInWords(change.unit, b));
    return labels.length > 3 ? `${labels.slice(0, 3).join(', ')} and ${labels.length - 3} more` : labels.join(', ');
  };
  const notes: string[] = [];
  if (missing.length > 0)
    notes.push(`No change for ${list(missing)}: the file has no rows for ${comparedWords(change.unit, change.lag !== 1)}.`);
  if (partial.length > 0) notes.push(`No change for ${list(partial)}: a change needs both ${change.unit}s whole (3 days missing at most).`);
  // At most the two ends of the rows (or of the period) are not whole.
  const units = [...notWhole]
    .sort(([x], [y]) => x - y)
    .map(([b, c]) => `${bucketInWords(change.unit, b)} for ${c.covered} of its ${c.days} days`);
  // A unit may be partial for the period asked as well as for the file: both are named.
  const asked = change.leadIn ? `, and the period asked is ${isoDay(change.counted.from)} … ${isoDay(change.counted.to)}` : '';
  if (units.length > 0)
    notes.push(`The rows cover ${units.join(' and ')} (the file's run from ${isoDay(meta.firstDay)} to ${isoDay(meta.lastDay)}${asked}).`);
  return notes.length > 0 ? notes.join(' ') : null;
}
