/**
 * Two periods set against each other over the same stretch of days, or no change at all.
 *
 * A change between a whole period and part of one is an artefact of where the file ends,
 * not news about the business. CDNOW's rows end on 1998-06-30, and "How many customers bought
 * less in 1998 than in 1997?" counted nearly everyone: half a year against a whole one.
 * Online Retail's start on 2010-12-01, and "Which country grew the most in 2011?" ranked the
 * United Kingdom first at +1,009.9%: all of 2011 against December 2010.
 *
 * So, as the revenue bridge does for one period named: a period running past the file's
 * last day is counted to that day, and the period it is compared with over the same days
 * (the same months and days of the month when both start on a month's first day). When one
 * of the two is still mostly outside the rows (a file that starts inside it), the figures
 * are shown with no change for the measures that grow with the days counted, and a ranking
 * or a threshold on such a change is refused. Margins, averages and shares don't grow with
 * the days, so theirs stay.
 */
import { epochDay, isoDay } from '../aggregate/types';
import type { SnapshotMeta } from '../snapshot/columns';
import { mostlyCovered, rowsCover } from './coverage';
import { QueryRefusal } from './resolve';
import type { Measure, QuerySpec } from './spec';

/** Figures that don't grow with the days counted: their change is told over unequal stretches too. */
const INTENSIVE = new Set<Measure>(['marginPct', 'averageOrderValue', 'averagePrice', 'revenueShare', 'profitShare', 'customerShare']);

export interface ComparedPeriods {
  spec: QuerySpec;
  /** What was cut, or why there is no change; null when the two periods are whole. */
  note: string | null;
  /** The measures whose change is not told. */
  noChange: ReadonlySet<Measure>;
}

/** The spec with its two periods over the same days, and the measures whose change can't be told. */
export function likeForLike(meta: SnapshotMeta, spec: QuerySpec): ComparedPeriods {
  if (!spec.period || !spec.compareTo) return { spec, note: null, noChange: new Set() };
  // Whichever of the two is later is the one cut to the file's last day.
  const laterFirst = spec.period.from >= spec.compareTo.from;
  const days = laterFirst ? sameDays(meta, spec.period, spec.compareTo) : sameDays(meta, spec.compareTo, spec.period);
  const [a, b] = laterFirst ? [days.a, days.b] : [days.b, days.a];
  if (days.cut) spec = { ...spec, period: a, compareTo: b };
  const grows = spec.measures.filter((m) => !INTENSIVE.has(m));
  if (!days.unequal || grows.length === 0) return { spec, note: days.cut, noChange: new Set() };
  const ranked = spec.sort && spec.sort.on !== 'value' && !INTENSIVE.has(spec.sort.by ?? spec.measures[0]);
  const threshold = spec.having?.on && spec.having.on !== 'value' && !INTENSIVE.has(spec.having.measure);
  if (ranked || threshold)
    throw new QueryRefusal(
      `I can't rank or pick by a change between ${a.from} … ${a.to} and ${b.from} … ${b.to}: ${days.unequal}. Compare two periods the rows cover whole.`,
      'OUT_OF_RANGE',
    );
  const note = [days.cut, `No change is given: ${days.unequal}.`].filter(Boolean).join(' ');
  return { spec, note, noChange: new Set(grows) };
}

type IsoRange = { from: string; to: string };

/** Two periods over the same days, what was cut, and why a change between them can't be told (null when it can). */
export interface SameDays {
  a: IsoRange;
  b: IsoRange;
  cut: string | null;
  unequal: string | null;
}

/**
 * Period `a` (the later) to the file's last day and `b` over the same days when `a` runs past
 * it; then whether the rows still cover one of them for under 90% of its days. A period
 * the rows don't reach at all is refused (QueryRefusal), as one named there is.
 */
export function sameDays(meta: SnapshotMeta, a: IsoRange, b: IsoRange): SameDays {
  // Without dates there are no periods; whoever asks for them says so.
  if (!meta.hasDates || meta.firstDay < 0) return { a, b, cut: null, unequal: null };
  const cutRanges = cutToLastDay(a, b, meta.lastDay);
  const cut = cutRanges
    ? `${a.from} … ${a.to} runs past the file's last day, so it is counted to ${cutRanges.a.to}, and ${b.from} … ${b.to} over the same days, to ${cutRanges.b.to}.`
    : null;
  if (cutRanges) [a, b] = [cutRanges.a, cutRanges.b];
  const covered = rowsCover(meta, [a, b]);
  const unequal = covered ? `the file's ${covered}, and a change would set unequal stretches of time against each other` : null;
  return { a, b, cut, unequal };
}

/**
 * Period A to the file's last day, and B over the same days, when A runs past that day and
 * the rows cover under 90% of it; B must end before A starts and be as long (to 3 days, so
 * years and months of the calendar qualify). Null when nothing is cut.
 */
function cutToLastDay(a: IsoRange, b: IsoRange, lastDay: number): { a: IsoRange; b: IsoRange } | null {
  const [aFrom, aTo, bFrom, bTo] = [epochDay(a.from), epochDay(a.to), epochDay(b.from), epochDay(b.to)];
  if (aTo <= lastDay || aFrom > lastDay || mostlyCovered(lastDay - aFrom + 1, aFrom, aTo)) return null;
  if (bTo >= aFrom || Math.abs(aTo - aFrom - (bTo - bFrom)) > 3) return null;
  const last = isoDay(lastDay) as string;
  return { a: { from: a.from, to: last }, b: { from: b.from, to: sameDayIn(a.from, b.from, last) } };
}

/**
 * The day of B that `day` of A is: the same month and day when both periods start on a
 * month's first day (clamped to the month's length, so 29 February is 28 February), else
 * the same number of days in.
 */
function sameDayIn(aFrom: string, bFrom: string, day: string): string {
  if (aFrom.endsWith('-01') && bFrom.endsWith('-01')) {
    const months = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
    const month = months(day) - (months(aFrom) - months(bFrom));
    const [year, monthOfYear] = [Math.floor(month / 12), (month % 12) + 1];
    const length = new Date(Date.UTC(year, monthOfYear, 0)).getUTCDate();
    const dayOfMonth = Math.min(Number(day.slice(8, 10)), length);
    return `${year}-${String(monthOfYear).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
  }
  return isoDay(epochDay(bFrom) + (epochDay(day) - epochDay(aFrom))) as string;
}
