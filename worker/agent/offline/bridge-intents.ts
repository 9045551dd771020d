/**
 * Chat questions about the revenue bridge: "bridge Q1 2026 vs Q1 2025", "what drove the
 * revenue change?", "price volume mix". Two named periods are compared (the earlier as
 * the base); none means the stored default bridge; one year, quarter or month, or a period
 * to date, is set against the same period a year earlier, as the default bridge sets its
 * quarters ("Why did revenue change in 2021?" is 2020 to 2021; it was refused), both cut
 * to the file's last day when the period runs past it; any other single range is refused,
 * since a bridge needs two. Checked before the row grammar, which would answer "Q1 2026 vs
 * Q1 2025" as a revenue comparison without the split.
 */
import { epochDay } from '../../engine/aggregate/types';
import { daysCovered, mostlyCovered } from '../../engine/query/coverage';
import type { DayRange } from './query-periods';
import { unitChangeOf } from './query-unit-change';
import { MONTH_NAMES, periodsOf, withQuarterCodesSpaced } from './query-periods';
import { premiseOf } from './query-vocabulary';

export type BridgeIntent = {
  kind: 'bridge';
  /** The two periods compared, or null for the default (or for `single`). */
  periods: { a: DayRange & { label: string }; b: DayRange & { label: string } } | null;
  /** One period was named and `b` is the same period a year earlier. */
  yearBefore?: true;
  /** With `yearBefore`: the period named ran past the file's last day, and both were cut to it. */
  toLastDay?: true;
  /** One range was named that is no year, quarter, month or period to date: refused. */
  single?: true;
  /** The way the question says revenue moved ("why did revenue drop …"), which the answer checks. */
  premise?: 'up' | 'down';
};

/** Words that ask for the split itself (price, volume, mix), which only the bridge gives. */
export const BRIDGE_SPLIT =
  /\bbridge\b|\bwaterfall\b|\bpvm\b|price[\s,/&-]+(and\s+)?volume|volume[\s,/&-]+(and\s+)?mix|\bprice effect\b|\bmix effect\b/;
/**
 * "What drove the change in revenue this year?" and "what drove growth in 2021?" got the two
 * totals: a cause asked for is the bridge's. Growth of nothing named, or of a period, is
 * revenue's ("what drove the decline in customer count" is the customers').
 */
const BRIDGE = new RegExp(
  `${BRIDGE_SPLIT.source}|what (changed|drove|drives|explains|moved|caused) (the |our )?((change|growth|increase|decrease|drop|fall|rise|decline) (in|of) (the |our )?)?(revenue|sales)|what (drove|drives|explains|caused) (the |our )?(growth|decline|drop|increase|decrease)(?=[ ]*[?.!]*$|[ ](in|of|during|for|over|since|from) (the |our |this |last )?(revenue|sales|(19|20)[0-9][0-9]|q[1-4]|h[12]|year|quarter|month|january|february|march|april|may|june|july|august|september|october|november|december)(?![a-z]))|(revenue|sales) (change|walk|drivers?)|why (did|has|have) (our )?(revenue|sales) (change|changed|grow|grew|grown|fall|fell|fallen|drop|dropped|decline|declined|rise|rose|risen|increase|increased)`,
);

const iso = (t: number): string => new Date(t).toISOString().slice(0, 10);

/**
 * The same days a year earlier; a range ending on a month's last day ends on that month's last
 * day (29 February 2024 → 28 February 2023). "Why did revenue fall in December 2021?" was set
 * against the twelve months before it (2020-12-01 … 2021-11-30, −88.8%), not December 2020.
 */
export function yearEarlier(range: DayRange): DayRange {
  const shift = (day: string, toMonthEnd: boolean): string => {
    const [y, m, d] = day.split('-').map(Number);
    const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
    return iso(Date.UTC(y - 1, m - 1, toMonthEnd ? last : Math.min(d, last)));
  };
  const [y, m, d] = range.to.split('-').map(Number);
  return { from: shift(range.from, false), to: shift(range.to, new Date(Date.UTC(y, m, 0)).getUTCDate() === d) };
}

/** "2026-Q1", "2025", "2025-03", or "from … to". */
export function rangeLabel(range: DayRange): string {
  const from = new Date(`${range.from}T00:00:00Z`);
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth();
  const end = (months: number): string => iso(Date.UTC(y, m + months, 0));
  if (range.from.endsWith('-01-01') && range.to === `${y}-12-31`) return String(y);
  if (range.from.endsWith('-01') && m % 3 === 0 && range.to === end(3)) return `${y}-Q${m / 3 + 1}`;
  if (range.from.endsWith('-01') && range.to === end(1)) return range.from.slice(0, 7);
  return `${range.from} … ${range.to}`;
}

/** The bridge intent of a question, or null; `today` is the analysis's as-of date. */
export function bridgeIntentOf(question: string, today: Date): BridgeIntent | null {
  const q = question.toLowerCase();
  if (!BRIDGE.test(q)) return null;
  // "How did revenue change quarter over quarter?" got the stored bridge: each quarter against
  // the one before is the query's, unless the split or its causes are asked for.
  if (!BRIDGE_SPLIT.test(q) && !/\b(why|drove|drives|drivers?|explains?|caused)\b/.test(q) && unitChangeOf(q, true)) return null;
  const { period, other, toDate } = periodsOf(q, today);
  const [a, b] = period && other ? [period, other] : (fromToOf(q, today) ?? [period, null]);
  const said = premiseOf(q);
  const premise = said ? { premise: said } : {};
  if (!a) return { kind: 'bridge', periods: null, ...premise };
  if (b) return { kind: 'bridge', periods: { a: { ...a, label: rangeLabel(a) }, b: { ...b, label: rangeLabel(b) } }, ...premise };
  if (!toDate && rangeLabel(a).includes('…')) return { kind: 'bridge', periods: null, single: true };
  // CDNOW's 1998 ends on 30 June: half a year against all of 1997 read as −76.5%. A period
  // past the file's last day runs to it, and the year before over the same days.
  const named = cutToLastDay(a, today);
  const base = yearEarlier(named);
  return {
    kind: 'bridge',
    periods: { a: { ...named, label: rangeLabel(named) }, b: { ...base, label: rangeLabel(base) } },
    yearBefore: true,
    ...(named === a ? {} : { toLastDay: true as const }),
    ...premise,
  };
}

/**
 * The period to the file's last day when it covers under 90% of it (the coverage note's
 * rule, so a quarter ending a day after the file is still whole), else the period itself.
 */
function cutToLastDay(period: DayRange, today: Date): DayRange {
  const [from, to, last] = [epochDay(period.from), epochDay(period.to), epochDay(iso(today.getTime()))];
  if (to <= last || from > last) return period;
  return mostlyCovered(daysCovered(from, to, from, last), from, to) ? period : { from: period.from, to: iso(today.getTime()) };
}

/** A year, quarter or month, then "to" and the other end: "2023 to 2024", "q1 2024 to q1 2025", "march 2024 to april 2024". */
const BARE_FROM_TO = new RegExp(String.raw`\b((?:q[1-4] |h[12] |(?:${MONTH_NAMES}) )?(?:19|20)\d\d(?:-\d\d)?) to (.+?)(?:[?.!]|$)`);

/**
 * "How did sales change from 2020 to 2021?", "bridge 2023 to 2024": two periods of one kind (two years, two
 * quarters, two months) read as a comparison, not as one range spanning both; anything
 * else stays the one range it reads as.
 */
export function fromToOf(q: string, today: Date): [DayRange, DayRange] | null {
  const text = withQuarterCodesSpaced(q);
  // "Revenue bridge 2023 to 2024" was set 2022 against 2023: "from" may go unsaid before a year, quarter or month.
  const ends = /\bfrom (.+?) to (.+?)(?:[?.!]|$)/.exec(text) ?? BARE_FROM_TO.exec(text);
  if (!ends) return null;
  const [a, b] = [periodsOf(ends[1], today), periodsOf(ends[2], today)];
  if (!a.period || a.other || !b.period || b.other) return null;
  const kind = (range: DayRange): string => rangeLabel(range).replace(/\d/g, '9');
  return kind(a.period) === kind(b.period) && ['9999', '9999-Q9', '9999-99'].includes(kind(a.period)) ? [a.period, b.period] : null;
}
