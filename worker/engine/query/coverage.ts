/**
 * What part of a period the file's rows cover: none (refused), part (a note), or enough.
 */
import { isoDay } from '../aggregate/types';
import type { SnapshotMeta } from '../snapshot/columns';
import { bucketInWords, bucketOf, bucketStart } from './buckets';
import { dayOf, QueryRefusal } from './resolve';
import type { TimeDimension } from './spec';

/** The share of a period's days its rows must cover before the answer says nothing about it. */
export const MOSTLY_COVERED = 0.9;

/**
 * Checks each period against the file's rows. One they don't reach is refused, not
 * answered with zeros: "0 orders in Q4 2016" from a file that starts in 2018 reads as a
 * fact about the business, and a comparison with such a period as +100%. (Found asking
 * Superstore about 2017 in chat.) One they only partly cover is answered from the rows it
 * has, and the note returned says so: Online Retail's rows end on 2011-12-09, and "revenue
 * in December 2011 compared with December 2010" read as a fall of 42% with nothing to say
 * that one month had 9 days. The query and the revenue bridge between two named periods
 * both check here.
 */
export function periodCoverage(meta: SnapshotMeta, ranges: readonly ({ from: string; to: string } | undefined)[]): string | null {
  const covered = rowsCover(meta, ranges);
  return covered ? `The file's ${covered}.` : null;
}

/**
 * "rows run from … to …, so they cover … for N of its M days": the periods the rows cover
 * for under 90% of their days, or null when they cover each enough; a period they don't
 * reach at all is refused. The coverage note's words, and the like-for-like comparison's.
 */
export function rowsCover(meta: SnapshotMeta, ranges: readonly ({ from: string; to: string } | undefined)[]): string | null {
  if (!meta.hasDates || meta.firstDay < 0) return null;
  const partial: string[] = [];
  for (const range of ranges) {
    if (!range) continue;
    const [from, to] = [dayOf(range.from), dayOf(range.to)];
    const covered = daysCovered(from, to, meta.firstDay, meta.lastDay);
    if (covered <= 0)
      throw new QueryRefusal(
        `The file has no rows in ${range.from} … ${range.to}: its rows run from ${isoDay(meta.firstDay)} to ${isoDay(meta.lastDay)}.`,
        'OUT_OF_RANGE',
      );
    // A file's first and last rows are its first and last sales, not where its data ends: a
    // year that ends one quiet day early is whole. Under 90% of the days, it is not.
    if (!mostlyCovered(covered, from, to)) partial.push(`${range.from} … ${range.to} for ${covered} of its ${to - from + 1} days`);
  }
  if (partial.length === 0) return null;
  return `rows run from ${isoDay(meta.firstDay)} to ${isoDay(meta.lastDay)}, so they cover ${partial.join(' and ')}`;
}

/**
 * The months, quarters, years or weeks at either end of a grouping by time that the rows
 * cover for under 90% of their days (of the part in `period`, when one is asked), as a
 * note. The generated file, which ends on 3 January 2025, answered "How did revenue grow
 * year on year?" with a 2025 of −24,347.01 and nothing to say that it had 3 days.
 */
export function edgeUnitsNote(meta: SnapshotMeta, unit: TimeDimension, period?: { from: number; to: number }): string | null {
  const partial = partialEdgeUnits(meta, unit, period);
  if (partial.length === 0) return null;
  return `The file's rows run from ${isoDay(meta.firstDay)} to ${isoDay(meta.lastDay)}, so they cover ${partial.map((u) => u.words).join(' and ')}.`;
}

/** A unit at an end of the rows that they cover for under 90% of its days: its bucket, which end, and "2010 Q4 for 31 of its 92 days". */
interface PartialUnit {
  bucket: number;
  end: 'first' | 'last';
  words: string;
}

/** The days of `period` (else of the file) from the file's first row to its last: those rows can fall on. */
export function daysWithRows(meta: SnapshotMeta, period?: { from: number; to: number }): { from: number; to: number } {
  return { from: Math.max(period?.from ?? meta.firstDay, meta.firstDay), to: Math.min(period?.to ?? meta.lastDay, meta.lastDay) };
}

/** The units at either end of the rows (within `period`) that the rows cover for under 90% of their days. */
function partialEdgeUnits(meta: SnapshotMeta, unit: TimeDimension, period?: { from: number; to: number }): PartialUnit[] {
  return edgeUnitsWhere(meta, unit, period, ({ start, end }) => {
    const [askedFrom, askedTo] = [Math.max(start, period?.from ?? start), Math.min(end, period?.to ?? end)];
    const covered = daysCovered(askedFrom, askedTo, meta.firstDay, meta.lastDay);
    return mostlyCovered(covered, askedFrom, askedTo) ? null : `for ${covered} of its ${askedTo - askedFrom + 1} days`;
  });
}

/**
 * The unit at each end of the rows counted (those of `period`, within the file's), kept where
 * `partial` says how much of it is there ("for 31 of its 92 days"), as "2010 Q4 for 31 of its 92 days".
 */
function edgeUnitsWhere(
  meta: SnapshotMeta,
  unit: TimeDimension,
  period: { from: number; to: number } | undefined,
  partial: (edge: { start: number; end: number; from: number; to: number }) => string | null,
): PartialUnit[] {
  if (!meta.hasDates || meta.firstDay < 0) return [];
  const { from, to } = daysWithRows(meta, period);
  if (from > to) return [];
  const [first, last] = [bucketOf(unit, from), bucketOf(unit, to)];
  return (first === last ? [first] : [first, last]).flatMap((bucket) => {
    const how = partial({ start: bucketStart(unit, bucket), end: bucketStart(unit, bucket + 1) - 1, from, to });
    return how === null
      ? []
      : [{ bucket, end: bucket === first ? ('first' as const) : ('last' as const), words: `${bucketInWords(unit, bucket)} ${how}` }];
  });
}

/**
 * The period of a ranking of months, quarters or years without the units at its ends that
 * the rows cover in part, and the note that says which were left out; null when none is.
 * "What was our worst quarter?" on Online Retail named 2010 Q4, of which the rows hold one
 * month, and "our worst month" December 2011, of which they hold 9 days. A unit the period
 * asked cuts is left out too: "Which week had the lowest sales in 2024?" named the week of
 * 2024-12-30, of which 2024 holds 2 days. When every unit is partial, nothing is left out
 * (the edge note says so instead).
 */
export function wholeUnitsRanked(
  meta: SnapshotMeta,
  unit: TimeDimension,
  period?: { from: number; to: number },
  leftOutOf = 'the ranking',
): { from: number; to: number; note: string } | null {
  const fileCut = partialEdgeUnits(meta, unit, period);
  const periodCut = period ? unitsCutByPeriod(meta, unit, period).filter((u) => !fileCut.some((f) => f.bucket === u.bucket)) : [];
  if (fileCut.length + periodCut.length === 0) return null;
  let { from, to } = daysWithRows(meta, period);
  for (const u of [...fileCut, ...periodCut]) {
    if (u.end === 'first') from = bucketStart(unit, u.bucket + 1);
    else to = bucketStart(unit, u.bucket) - 1;
  }
  if (from > to) return null;
  const why = [
    ...(fileCut.length > 0
      ? [
          `the file's rows run from ${isoDay(meta.firstDay)} to ${isoDay(meta.lastDay)}, so they cover ${fileCut.map((u) => u.words).join(' and ')}`,
        ]
      : []),
    ...(period && periodCut.length > 0
      ? [`${isoDay(period.from)} … ${isoDay(period.to)} holds ${periodCut.map((u) => u.words).join(' and ')}`]
      : []),
  ];
  return { from, to, note: `Left out of ${leftOutOf}: ${why.join('; and ')}.` };
}

/** The units at either end of `period` that it holds, with rows, for under 90% of their days (weeks across a year's end). */
function unitsCutByPeriod(meta: SnapshotMeta, unit: TimeDimension, period: { from: number; to: number }): PartialUnit[] {
  return edgeUnitsWhere(meta, unit, period, ({ start, end, from, to }) => {
    if (start >= period.from && end <= period.to) return null;
    const held = Math.min(end, to) - Math.max(start, from) + 1;
    return mostlyCovered(held, start, end) ? null : `for ${held} of its ${end - start + 1} days`;
  });
}

/**
 * "How many customers did we lose in 1998?" on CDNOW, whose rows end on 30 June 1998, counted
 * 77% of 1997's buyers as lost: half of 1998 was still to come. When the period customers did
 * not buy in runs past the rows for over a tenth of its days, the note says they are silent so far.
 */
export function notYetLostNote(meta: SnapshotMeta, notBoughtIn: { from: string; to: string }, customers = true): string | null {
  const [from, to] = [dayOf(notBoughtIn.from), dayOf(notBoughtIn.to)];
  if (!meta.hasDates || to <= meta.lastDay || mostlyCovered(daysCovered(from, to, meta.firstDay, meta.lastDay), from, to)) return null;
  const [none, still] = customers ? ['order', 'buy'] : ['sale', 'sell'];
  return `They have no ${none} in ${notBoughtIn.from} … ${isoDay(meta.lastDay)}, where the rows end; they may still ${still} by ${notBoughtIn.to}, so they are not lost yet.`;
}

/**
 * "How many of last year's customers bought again this year?" asked on 3 January kept 1 of
 * 698: three days of rows against a year. When the customers are looked for in under a
 * quarter of the days of rows they are counted in, after them, the note says why the share
 * kept reads low.
 */
export function shortSpanKeptNote(
  meta: SnapshotMeta,
  period: { from: string; to: string },
  alsoBoughtIn: { from: string; to: string },
  customers = true,
): string | null {
  // "What share of customers bought in 2021" looks in a span within the one counted: the share
  // is of all of them (87.4% on Superstore), not one kept from before, which would read low.
  if (!meta.hasDates || alsoBoughtIn.from <= period.to) return null;
  const daysOfRows = (r: { from: string; to: string }) => Math.max(0, daysCovered(dayOf(r.from), dayOf(r.to), meta.firstDay, meta.lastDay));
  const [counted, lookedIn] = [daysOfRows(period), daysOfRows(alsoBoughtIn)];
  if (lookedIn * 4 >= counted) return null;
  const days = (n: number) => `${n.toLocaleString('en-US')} day${n === 1 ? '' : 's'}`;
  return `They are looked for in ${days(lookedIn)} of rows in ${alsoBoughtIn.from} … ${alsoBoughtIn.to}, against ${days(counted)} in ${period.from} … ${period.to}: few ${customers ? 'customers order' : 'sell'} in so short a span, so the share kept reads low.`;
}

/** The days of [from, to] (epoch days) that rows from `firstDay` to `lastDay` can fall on. */
export function daysCovered(from: number, to: number, firstDay: number, lastDay: number): number {
  return Math.min(to, lastDay) - Math.max(from, firstDay) + 1;
}

/** Whether `covered` days are enough of [from, to] to say nothing about the rest. */
export function mostlyCovered(covered: number, from: number, to: number): boolean {
  return covered >= MOSTLY_COVERED * (to - from + 1);
}
