/**
 * Which two periods the revenue bridge compares by default (issue 16 part 2): the last 12
 * complete months against the 12 before them when the file covers both; otherwise the
 * last complete quarter against the same quarter a year earlier. Months are complete by
 * the cohort rule (the as-of date within 3 days of the month's end), so the bridge and
 * NRR use the same windows.
 */
import { epochDay, isoDay } from '../aggregate/types';
import { firstCompleteMonth, lastCompleteMonth, lastCompletePeriod, monthEndIso, monthStartIso } from './cohort-calendar';

export interface BridgePeriod {
  label: string;
  /** Inclusive ISO dates. */
  from: string;
  to: string;
}

export interface BridgePeriods {
  base: BridgePeriod;
  compared: BridgePeriod;
  reason: string;
}

function monthsPeriod(first: number, last: number): BridgePeriod {
  return {
    label: `${monthStartIso(first).slice(0, 7)} … ${monthStartIso(last).slice(0, 7)}`,
    from: monthStartIso(first),
    to: monthEndIso(last),
  };
}

function quarterPeriod(quarter: number): BridgePeriod {
  return { label: `${Math.floor(quarter / 4)}-Q${(quarter % 4) + 1}`, from: monthStartIso(quarter * 3), to: monthEndIso(quarter * 3 + 2) };
}

/** The default periods for data from `firstDay` to the as-of day, or why there are none. */
export function defaultBridgePeriods(firstDay: number, asOfDay: number): BridgePeriods | string {
  if (firstDay < 0 || asOfDay < 0) return 'The file has no dates, so there are no periods to compare.';
  const last = lastCompleteMonth(asOfDay);
  const first = firstCompleteMonth(firstDay);
  if (last - 23 >= first) {
    return {
      base: monthsPeriod(last - 23, last - 12),
      compared: monthsPeriod(last - 11, last),
      reason: `The last 12 complete months against the 12 before them (the data covers both; months end at ${monthEndIso(last)}).`,
    };
  }
  const quarter = lastCompletePeriod('quarter', last);
  if ((quarter - 4) * 3 >= first) {
    return {
      base: quarterPeriod(quarter - 4),
      compared: quarterPeriod(quarter),
      reason: 'The last complete quarter against the same quarter a year earlier (the file covers fewer than 24 complete months).',
    };
  }
  // A file inside one month has no complete month: "from 2012-02-01 to 2012-01-31" said nothing.
  if (last < first) {
    const span = firstDay === asOfDay ? `only ${isoDay(firstDay)}` : `${isoDay(firstDay)} to ${isoDay(asOfDay)}`;
    return `A bridge needs the same quarter in two years; the file covers ${span}, not one complete month.`;
  }
  return `A bridge needs the same quarter in two years; the file's complete months run from ${monthStartIso(first)} to ${monthEndIso(last)}.`;
}

/** A range a user named, with their words for it when known ("Q1 2026"). */
export interface NamedRange {
  from: string;
  to: string;
  label?: string;
}

/** Two user-named ranges, the earlier as the base. */
export function chosenBridgePeriods(a: NamedRange, b: NamedRange): BridgePeriods {
  const [base, compared] = epochDay(a.from) <= epochDay(b.from) ? [a, b] : [b, a];
  const period = (p: NamedRange): BridgePeriod => ({ from: p.from, to: p.to, label: p.label ?? `${p.from} … ${p.to}` });
  return {
    base: period(base),
    compared: period(compared),
    reason: 'The two periods asked for, the earlier as the base.',
  };
}
