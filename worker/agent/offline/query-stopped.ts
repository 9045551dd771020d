/**
 * Customers who stopped buying: bought in one period and not in another, read from "lost in
 * 2024", "bought in 2020 but not in 2021" or "haven't bought in 90 days".
 * Whether a question asks this (`lapsed`) is decided in query-grammar.ts.
 */
import type { QuerySpecInput } from '../../engine/query';
import { epochDay, isoDay } from '../../engine/aggregate/types';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { type Threshold } from './query-limits';
import { periodBefore, periodsOf, type DayRange, type ToDateUnit } from './query-periods';
import { isTimeUnit } from './query-vocabulary';
import { type Parsed } from './query-parsed';

/** What a question about customers who stopped buying was read as, for `whoStoppedBuying`. */
interface StoppedBuyingQuestion {
  text: string;
  meta: SnapshotMeta;
  today: Date;
  /** The spec so far: its figures and filters. */
  spec: QuerySpecInput;
  /** Every grouping asked for (the spec keeps at most two): a list of those who stopped takes none. */
  groupBy: readonly string[];
  /** The period read first, and the one set against it (none: not named). */
  period: DayRange | null | undefined;
  other: DayRange | null | undefined;
  /** The unit of a period to date ("this year"), set against the same days of the one before. */
  toDate: ToDateUnit | undefined;
  threshold: Threshold | null;
  /** "Lost in 2024", "didn't buy in 2024", "stopped buying in 2024": silent through the one period named. */
  silentInPeriod: boolean;
  /** False for "bought in 2021 but not in 2020", which keeps its order; true when the earlier period is when they bought. */
  earlierWasBought: boolean;
}

/**
 * Customers who bought in one period and not in another ("lost in 2024", "bought in 2020 but
 * not in 2021", "haven't bought in 90 days"): the spec of that list, or why it can't be given
 * (products that stopped selling, a threshold or a grouping beside it, too early to tell).
 */
export function whoStoppedBuying(asked: StoppedBuyingQuestion): Parsed {
  const { text, meta, today, spec, groupBy, period, other, toDate, threshold, silentInPeriod, earlierWasBought } = asked;
  // "Which products did Schmidt B.V. 1 stop buying?" got the customer's profile: lapsed buying is of customers.
  if (groupBy.includes('product') || /\b(which|what) (products?|items?|skus?|articles?)\b/.test(text))
    return {
      kind: 'refused',
      reason: /\b(selling|stocking|carrying|sold|sell)\b/.test(text)
        ? 'I can find customers who stopped buying, but not products that stopped selling yet; ask for the revenue by product of two periods, such as “revenue by product in 2024 vs 2023”.'
        : 'I can find customers who stopped buying, but not the products one stopped buying yet; ask what they bought in each of two periods, such as “What did they buy in 2023?” and “… in 2024?”.',
    };
  // "Which customers haven't bought in 90 days but spent over 1000 last year?" listed all 359
  // silent ones, the threshold (and its year) dropped: the list of those who stopped takes none.
  if (threshold)
    return {
      kind: 'refused',
      reason:
        "I can list the customers who stopped buying, or the customers past a threshold, but not both in one step yet; ask for each in turn, such as “customers who spent over 1,000 last year” and “customers who haven't bought in 90 days”.",
    };
  // "Which reps lost the most customers this year?" got the customers lost overall: the list has no grouping.
  const by = groupBy.find((g) => g !== 'customer');
  if (by)
    return {
      kind: 'refused',
      reason: isTimeUnit(by)
        ? `I can list the customers who stopped buying, but not count them by ${by} yet; ask for one period at a time, such as “customers we lost in March 2021”.`
        : `I can list the customers who stopped buying, but not count them by ${meta.dimensions.find((d) => d.key === by)?.label ?? (by === 'salesRep' ? 'sales rep' : by)} yet; ask for them with one value named, such as “customers in one region who stopped buying this year”.`,
    };
  // "Lost in 2024", "stopped buying in 2024" with one period: bought in the period before it, all of it, but not in it.
  const before = period && !other ? silentSince(text, period, meta, today) : null;
  if (typeof before === 'string') return { kind: 'refused', reason: before };
  const early = (earlier: DayRange) => (toDate && period ? tooEarlyToTell(period, earlier) : null);
  if (before) {
    const reason = early(before);
    return reason
      ? { kind: 'refused', reason }
      : { kind: 'spec', spec: { ...spec, groupBy: [], period: before, notBoughtIn: period as DayRange } };
  }
  if (silentInPeriod && period && !other) {
    const earlier = periodBefore(period, { whole: true, unit: toDate });
    const reason = early(earlier);
    return reason ? { kind: 'refused', reason } : { kind: 'spec', spec: { ...spec, groupBy: [], period: earlier, notBoughtIn: period } };
  }
  // "How much revenue did we lose from customers who stopped buying?" got the churn list, whose
  // revenue at risk is nil once they are gone: the customers of the 12 months before the last 12
  // who bought nothing since, as the churn rate reads them, and what they had bought.
  if (!period && silentInPeriod && meta.hasDates && AMOUNT_LOST.test(text))
    return { kind: 'spec', spec: { ...spec, groupBy: [], ...lapsedInTheLastYear(today) } };
  if (!period || !other)
    return { kind: 'unmapped', reason: 'To find who stopped buying I need two periods, such as "in 2025 but not in 2026".' };
  const [bought, notBoughtIn] = earlierWasBought && other.from < period.from ? [other, period] : [period, other];
  return { kind: 'spec', spec: { ...spec, groupBy: [], period: bought, notBoughtIn } };
}

/** An amount asked of the customers who stopped: "how much revenue did we lose", "what did they spend". */
const AMOUNT_LOST = /\bhow much\b|\b(?:revenue|sales|turnover|spend|spent|spending|worth)\b/;

/** The customers who bought in the 12 months before the last 12 and not in the last 12: the churn rate's periods. */
export function lapsedInTheLastYear(today: Date): { period: DayRange; notBoughtIn: DayRange } {
  const notBoughtIn = periodsOf('last 12 months', today).period as DayRange;
  return { period: periodBefore(notBoughtIn, { whole: true }), notBoughtIn };
}

/**
 * Why a period to date is too young to say who stopped buying in it, or null. On a file
 * that ends on 3 January, "Which customers have we lost this year?" listed 697 of 698
 * customers: three days in which nearly no one had bought yet, against all of last year.
 * Under a quarter of the earlier period's days, not buying says nothing of stopping.
 */
function tooEarlyToTell(period: DayRange, earlier: DayRange): string | null {
  const days = (r: DayRange) => epochDay(r.to) - epochDay(r.from) + 1;
  if (days(period) * 4 >= days(earlier)) return null;
  const year = Number(earlier.to.slice(0, 4));
  return (
    `${period.from} … ${period.to} has ${days(period)} day${days(period) === 1 ? '' : 's'} so far, against ${days(earlier).toLocaleString('en-US')} in ${earlier.from} … ${earlier.to}: ` +
    'too few to tell who stopped buying from who has not bought yet. The churn list judges each customer by their own buying rhythm ("Which customers are at risk?"); ' +
    `or name two whole periods, such as "customers who bought in ${year - 1} but not in ${year}".`
  );
}

/** A denial in the present perfect: "haven't ordered", "has not bought". */
const HAVE_NOT_BOUGHT = /\b(?:have not|haven't|havent|has not|hasn't|hasnt)\s+(?:\w+\s+)?(?:bought|ordered|purchased)\b/;

/**
 * "Which customers haven't ordered in 6 months?", "… have not purchased since June": a span
 * that reaches the analysis date, after a denial in the present perfect, asks for every
 * customer silent through it, whenever they bought before. It was read as "bought in the 6
 * months before, not since", which left out the customers silent for longer (it listed 99
 * of Superstore's 199). The range before it, from the file's first day; why no one can be
 * silent when the file starts inside the span; null when the question is not one.
 */
function silentSince(text: string, period: DayRange, meta: SnapshotMeta, today: Date): DayRange | string | null {
  if (!HAVE_NOT_BOUGHT.test(text) || period.to < today.toISOString().slice(0, 10)) return null;
  const first = isoDay(meta.firstDay);
  if (first === null) return null;
  // "Which stores haven't ordered in 30 days?" on Iowa's one day was refused as "no rows in 2011-12-03 … 2012-01-01".
  if (first >= period.from)
    return `The file's rows start on ${first}, inside ${period.from} … ${period.to}, so every customer in it bought in that span: none can have been silent through it.`;
  return { from: first, to: isoDay(epochDay(period.from) - 1) as string };
}
