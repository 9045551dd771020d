/**
 * Customers who stopped buying: bought in one period and not in another, read from "lost in
 * 2024", "bought in 2020 but not in 2021" or "haven't bought in 90 days"; the customers
 * kept: bought in both ("customers who bought in both 2023 and 2024"); and the customers of
 * values: who never bought one ("Hydraulics but not Bearings") or bought each of several
 * ("both Chairs and Tables").
 * Whether a question asks either (`lapsed`, `keptAsked`) is decided in query-grammar.ts.
 */
import type { QuerySpecInput } from '../../engine/query';
import { epochDay, isoDay } from '../../engine/aggregate/types';
import { sharedNameOf, sharedNamesOf } from '../../engine/aggregate/distinct-names';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { thresholdOf, type Threshold } from './query-limits';
import { exampleYearOf, periodBefore, periodsOf, withoutNamedYears, type DayRange, type ToDateUnit } from './query-periods';
import { isTimeUnit } from './query-vocabulary';
import { rankedCountOf } from './query-ranking';
import { asWritten } from './query-values';
import { unplacedBeforeBuyers } from './query-names';
import { PURCHASE_DENIED_UNTIL_NOW, TURN_TO_NOT_BOUGHT } from './purchase-words';
import { WHOLE_FILE_RESULTS, type Parsed } from './query-parsed';
import { CUSTOMERS_PLURAL, BUYER_NOUNS } from './customer-words';
import { pluralNoun } from '../../engine/render/format';

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
 * An example of the customers of one value who stopped buying, with a value and a year of the
 * file: “customers in DE-North who stopped buying in 2024” (it offered "customers in one region
 * who stopped buying this year", which names no value).
 */
function oneValueNamed(meta: SnapshotMeta, by: string, today: Date): string {
  const value = meta.dimensions.find((d) => d.key === by)?.values[0];
  return value && meta.hasDates ? `, such as “customers in ${value} who stopped buying in ${exampleYearOf(meta, today)}”` : '';
}

/**
 * Customers who bought in one period and not in another ("lost in 2024", "bought in 2020 but
 * not in 2021", "haven't bought in 90 days", "in January but never again"), or the products
 * (another column's values) that did so (`stoppedListOf`): the spec of that list, or why it
 * can't be given (a threshold or a grouping beside it, no second period, too early to tell).
 */
export function whoStoppedBuying(asked: StoppedBuyingQuestion): Parsed {
  const { text, meta, today, spec, groupBy, period, other, toDate, threshold, silentInPeriod, earlierWasBought } = asked;
  const listed = stoppedListOf(text, groupBy);
  // "Which products do lost customers buy?" asks what a list of customers bought, not what stopped selling.
  if (listed && LOST_BUYERS.test(text))
    return {
      kind: 'refused',
      reason: `I can list the customers who stopped buying, and what one customer bought, but not what a list of lost customers bought in one step yet; ask for them first (“customers who bought ${lastTwoYearsWords(meta, today)}”), then what one of them bought.`,
    };
  // "Which products did Schmidt B.V. 1 stop buying?" got the customer's profile, "Products
  // bought in 2022 but not in 2023" the customers of 2022 who bought nothing in 2023: the
  // products (suppliers, regions…) are what is listed.
  const listing = listed ? { ...spec, groupBy: [listed] } : { ...spec, groupBy: [] };
  // "Which customers haven't bought in 90 days but spent over 1000 last year?" listed all 359
  // silent ones, the threshold (and its year) dropped: the list of those who stopped takes none.
  if (threshold)
    return {
      kind: 'refused',
      reason:
        "I can list the customers who stopped buying, or the customers past a threshold, but not both in one step yet; ask for each in turn, such as “customers who spent over 1,000 last year” and “customers who haven't bought in 90 days”.",
    };
  // "Which reps lost the most customers this year?" got the customers lost overall: the list has no grouping.
  const by = groupBy.find((g) => g !== 'customer' && g !== listed);
  if (by)
    return {
      kind: 'refused',
      reason: isTimeUnit(by)
        ? `I can list the customers who stopped buying, but not count them by ${by} yet; ask for one period at a time, such as “customers we lost in March 2021”.`
        : `I can list the customers who stopped buying, but not count them by ${meta.dimensions.find((d) => d.key === by)?.label ?? (by === 'salesRep' ? 'sales rep' : by)} yet; ask for them with one value named${oneValueNamed(meta, by, today)}.`,
    };
  // "Which customers bought in January 1997 but never again?" got the help list: silent from the day after to the last.
  if (period && !other && NEVER_AGAIN.test(text)) {
    const after = { from: isoDay(epochDay(period.to) + 1) as string, to: today.toISOString().slice(0, 10) };
    return after.from > after.to
      ? {
          kind: 'refused',
          reason: `${period.from} … ${period.to} reaches the analysis date, so there is no after to have bought again in.`,
        }
      : { kind: 'spec', spec: { ...listing, period, notBoughtIn: after } };
  }
  // "Lost in 2024", "stopped buying in 2024" with one period: bought in the period before it, all of it, but not in it.
  const before = period && !other ? silentSince(text, period, meta, today) : null;
  if (typeof before === 'string') return { kind: 'refused', reason: before };
  const early = (earlier: DayRange) => (toDate && period ? tooEarlyToTell(period, earlier) : null);
  if (before) {
    const reason = early(before);
    return reason ? { kind: 'refused', reason } : { kind: 'spec', spec: { ...listing, period: before, notBoughtIn: period as DayRange } };
  }
  if (silentInPeriod && period && !other) {
    const earlier = periodBefore(period, { whole: true, unit: toDate });
    const reason = early(earlier);
    return reason ? { kind: 'refused', reason } : { kind: 'spec', spec: { ...listing, period: earlier, notBoughtIn: period } };
  }
  // "How much revenue did we lose from customers who stopped buying?" got the churn list, whose
  // revenue at risk is nil once they are gone: the customers of the 12 months before the last 12
  // who bought nothing since, as the churn rate reads them, and what they had bought.
  if (!period && silentInPeriod && meta.hasDates && AMOUNT_LOST.test(text))
    return { kind: 'spec', spec: { ...listing, ...lapsedInTheLastYear(today) } };
  // "Which products did we stop selling?" is no churn list or list of products to drop: it needs its periods.
  if (!period || !other)
    return { kind: listed ? 'refused' : 'unmapped', reason: twoPeriodsNeeded(listed, spec.filters ?? [], meta, today) };
  const [bought, notBoughtIn] = deniedIs(text, period, other)
    ? [other, period]
    : deniedIs(text, other, period)
      ? [period, other]
      : earlierWasBought && other.from < period.from
        ? [other, period]
        : [period, other];
  return { kind: 'spec', spec: { ...listing, period: bought, notBoughtIn } };
}

/**
 * Whether the denial is written of `period`, not of `other`, told by their years, or their
 * months' names within one year: "Which customers bought in 2020 and did not order in 2021?"
 * listed 2021's buyers not seen in 2020, "customers in november who didn't buy in october"
 * October's not seen in November.
 */
function deniedIs(text: string, period: DayRange, other: DayRange): boolean {
  const denial = /\b(?:not|never)\b|n't\b/.exec(text);
  if (!denial) return false;
  const denied = text.slice(denial.index);
  const said = (words: string[]) => words.some((word) => new RegExp(`\\b${word}\\b`).test(denied));
  return said(wordsTelling(period, other)) && !said(wordsTelling(other, period));
}

/** The words that tell `range` from `other` in a question: its year, or in the same year its month's name. */
function wordsTelling(range: DayRange, other: DayRange): string[] {
  if (range.from.slice(0, 4) !== other.from.slice(0, 4)) return [range.from.slice(0, 4)];
  if (range.from.slice(0, 7) !== range.to.slice(0, 7) || range.from.slice(0, 7) === other.from.slice(0, 7)) return [];
  const month = new Date(`${range.from}T00:00:00Z`).toLocaleString('en', { month: 'long', timeZone: 'UTC' }).toLowerCase();
  return [month, month.slice(0, 3), ...(month === 'september' ? ['sept'] : [])];
}

/** "Which products …", "Products bought in …", "List the items …": products are what is listed. */
const PRODUCTS_LISTED =
  /\b(?:which|what) (?:products?|items?|skus?|articles?)\b|^(?:(?:and|so) )?(?:(?:list|show|name|give)(?: me)? )?(?:(?:all|the|our|my|any) )*(?:products?|items?|skus?|articles?)\b/;

/** "What did Rossi Ltd buy in 2022 but not in 2023?", "What did Keller S.A. 7 stop buying?": what was bought, the products. */
const WHAT_WAS_BOUGHT =
  /^(?:(?:and|so) )?what (?:did|has|have|does|do) (?!we\b)[\w&.,' -]{1,80}? (?:(?:stop|stopped|quit) (?:buying|ordering|purchasing|getting)|buy|order|purchase|get)\b/;

/**
 * The column a list of who stopped buying lists when it is not the customers: products when
 * they are asked for; the one other column grouped by ("Which suppliers did Rossi Ltd stop
 * buying from?") when no customers are named ("Which reps lost the most customers?" counts
 * customers by rep, refused below); else null, the customers.
 */
export function stoppedListOf(text: string, groupBy: readonly string[]): string | null {
  if (groupBy.includes('product') || PRODUCTS_LISTED.test(text) || WHAT_WAS_BOUGHT.test(text)) return 'product';
  if (BUYERS_NAMED.test(text) || groupBy.some(isTimeUnit)) return null;
  const others = groupBy.filter((g) => g !== 'customer');
  if (others.length > 0) return others.length === 1 ? others[0] : null;
  // "Hydraulics products sold in 2023 but not in 2024", "What did we stop selling in 2024?":
  // with no one named who buys, what stopped is products.
  return PRODUCT_NOUN.test(text) || STOPPED_SELLING.test(text) ? 'product' : null;
}

/** Customers named as lost: "lost customers", "churned accounts", "former clients". */
const LOST_BUYERS = new RegExp(String.raw`\b(?:lost|lapsed|churned|inactive|dormant|former|ex-?)\s*(?:${BUYER_NOUNS})\b`);

/** Those who buy, named: "customers", "stores", "who stopped buying". */
const BUYERS_NAMED = new RegExp(String.raw`\b(?:${BUYER_NOUNS}|who)\b`);

const PRODUCT_NOUN = /\b(?:products?|items?|skus?|articles?)\b/;

/** "Stopped selling", "haven't sold", "no longer sells": of what is sold, not of who buys. */
const STOPPED_SELLING =
  /\b(?:stop|stopped|stops|stopping) (?:selling|being (?:sold|bought|ordered))\b|\b(?:haven't|hasn't|have not|has not|didn't|did not|no longer|not) (?:sold|sell|sells|selling)\b/;

/**
 * Why a list of who stopped buying needs two periods, with one to ask for: "products Rossi
 * Ltd 774 bought in 2023 but not in 2024". The example named the customer as a place
 * ("customers in Rossi Ltd 774 who bought in 2020 but not in 2021") and years the file has no rows in.
 */
export function twoPeriodsNeeded(
  listed: string | null,
  filters: readonly { dimension: string; values: string[]; exclude?: boolean }[],
  meta: SnapshotMeta,
  today: Date,
): string {
  if (!meta.hasDates) return 'This file has no dates, so it has no periods to tell who (or what) stopped buying.';
  const years = lastTwoYearsWords(meta, today);
  const customer = filters.find((f) => f.dimension === 'customer' && !f.exclude)?.values[0];
  const kept = filters.find((f) => f.dimension !== 'customer' && !f.exclude);
  const value = kept?.values[0];
  // "customers in FR-Est", "customers of Rep 3": a place holds its customers, a rep or supplier has them.
  const of = kept && (kept.dimension === 'region' || kept.dimension.startsWith('column:')) ? 'in' : 'of';
  const noun = pluralNoun(labelOfDimension(meta, listed ?? 'product'));
  const [what, example] = customer
    ? [`the ${noun} ${customer} stopped buying`, `${noun} ${customer} bought ${years}`]
    : listed
      ? [`the ${noun} that stopped selling`, soldExample(noun, listed === 'product', value, of, years)]
      : ['who stopped buying', `customers${value ? ` ${of} ${value}` : ''} who bought ${years}`];
  return `To find ${what} I need two periods, such as “${example}”.`;
}

/** "in 2023 but not in 2024": the file's last two years, as the examples of two periods name them. */
function lastTwoYearsWords(meta: SnapshotMeta, today: Date): string {
  const year = exampleYearOf(meta, today);
  return `in ${year - 1} but not in ${year}`;
}

/** "products sold in FR-Est in 2023 but not in 2024", "Hydraulics products sold …", "suppliers that sold …". */
function soldExample(noun: string, products: boolean, value: string | undefined, of: 'in' | 'of', years: string): string {
  const sold = products ? 'sold' : 'that sold';
  if (!value) return `${noun} ${sold} ${years}`;
  return of === 'in' ? `${noun} ${sold} in ${value} ${years}` : `${value} ${noun} ${sold} ${years}`;
}

function labelOfDimension(meta: SnapshotMeta, key: string): string {
  return meta.dimensions.find((d) => d.key === key)?.label ?? key;
}

/** "But never again", "and never came back", "didn't return": no purchase after the period named. */
export const NEVER_AGAIN =
  /\b(?:never|not|didn't|did not|haven't|have not|hasn't|has not) (?:again|since|(?:bought|ordered|purchased|sold) again|(?:came|come|comes) back|(?:returned|returning)(?! (?:any|anything|items?|products?|goods|orders?|it|them)\b))\b|\bnever (?:to )?(?:return|come back)\b/;

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

/**
 * "Which customers haven't bought Hydraulics this year?": a denial in the present perfect of a
 * span that reaches the analysis date asks for the customers silent through it (here, on
 * Hydraulics), as "haven't bought in 90 days" does; it got this year's other buyers.
 */
export function silentThroughNow(text: string, period: DayRange | null | undefined, today: Date): boolean {
  return Boolean(period) && PURCHASE_DENIED_UNTIL_NOW.test(text) && (period as DayRange).to >= today.toISOString().slice(0, 10);
}

/**
 * "Which customers haven't ordered in 6 months?", "… have not purchased since June": a span
 * that reaches the analysis date, after a denial in the present perfect, asks for every
 * customer silent through it, whenever they bought before. It was read as "bought in the 6
 * months before, not since", which left out the customers silent for longer (it listed 99
 * of Superstore's 199). The range before it, from the file's first day; why no one can be
 * silent when the file starts inside the span; null when the question is not one.
 */
function silentSince(text: string, period: DayRange, meta: SnapshotMeta, today: Date): DayRange | string | null {
  if (!silentThroughNow(text, period, today)) return null;
  const first = isoDay(meta.firstDay);
  if (first === null) return null;
  // "Which stores haven't ordered in 30 days?" on Iowa's one day was refused as "no rows in 2011-12-03 … 2012-01-01".
  if (first >= period.from)
    return `The file's rows start on ${first}, inside ${period.from} … ${period.to}, so every customer in it bought in that span: none can have been silent through it.`;
  return { from: first, to: isoDay(epochDay(period.from) - 1) as string };
}

/**
 * Words that ask for the customers of both periods: "customers who bought in both 2023 and
 * 2024", "2023 customers who also bought in 2024", "… came back in 2024", "still buying in
 * 2024", "did we keep from 2023 to 2024". Read only where the grammar found two periods.
 */
export const KEPT_WORDS =
  /\bboth\b|\balso\b|\bagain\b|\b(?:came|come|comes|coming) back\b|\bstill\b|\b(?:keep|kept|retain|retained|retaining)\b(?! (?:an eye|track|tabs))/;

/** A grouping other than by customer: "by region", "per product", "in each month" (not "by revenue", the list's own order). */
const GROUPED = /\b(?:by|per|for each|in each) (?!customers?\b|clients?\b|accounts?\b|revenue\b|sales\b|spend\b|turnover\b)([a-z-]+)/;

/**
 * The customers who bought in one period and also in another ("How many of our 2023
 * customers also bought in 2024?" got the cross-sell answer, "customers who bought in both
 * 2023 and 2024" was refused): the earlier period is the one whose buyers are counted, with
 * the share of them kept, a retention rate over the two, unless `inOrder` says the first is
 * ("our 2024 customers who also bought in 2023" are a share of 2024's); or why it can't be given.
 */
export function whoWasKept(
  text: string,
  filters: NonNullable<QuerySpecInput['filters']>,
  periods: readonly [DayRange, DayRange],
  inOrder = false,
): Parsed {
  const grouped = GROUPED.exec(text);
  if (grouped)
    return {
      kind: 'refused',
      reason: `I can list the customers who bought in both periods, but not count them by ${grouped[1]} yet; ask for one value at a time, such as “customers in one region who bought in both 2023 and 2024”.`,
    };
  if (thresholdOf(text))
    return {
      kind: 'refused',
      reason:
        'I can list the customers who bought in both periods, or the customers past a threshold, but not both in one step yet; ask for each in turn.',
    };
  // "Top 10 customers who bought in both …": the list is by revenue in the first period, largest first.
  const ranked = rankedCountOf(text);
  if (ranked?.smallest)
    return {
      kind: 'refused',
      reason:
        'I can list the customers who bought in both periods largest first, by what they bought in the first; not the smallest first yet.',
    };
  const [bought, alsoBoughtIn] = inOrder || periods[0].from <= periods[1].from ? periods : [periods[1], periods[0]];
  const limit = ranked ? { limit: Math.min(50, ranked.n) } : {};
  return { kind: 'spec', spec: { measures: ['customers'], groupBy: [], filters, period: bought, alsoBoughtIn, ...limit } };
}

/**
 * The period the customers are of, when it is not where periodsOf looks: "our 2023 customers",
 * "last year's customers", "came back in November after buying in October", "both October and
 * November" (bare months, which periodsOf reads only after "in").
 */
const CUSTOMERS_OF_PERIOD = [
  new RegExp(String.raw`\b((?:19|20)\d\d|(?:last|this) year's|(?:last|this) year)\s+(?:${CUSTOMERS_PLURAL})\b`),
  /\bafter (?:buying|ordering|purchasing|they bought|they ordered) (?:in|during) ([\w -]+?)(?=\?|$|,| and\b| but\b)/,
  /\bboth (?:in |during )?([\w -]+?) and\b/,
];

/**
 * "Our 2023 customers … in 2024": the period the customers are of, and the other one named
 * (read from the rest of the question), or null when the customers are of no period named.
 */
export function customersOfPeriodAndAnother(text: string, today: Date): readonly [DayRange, DayRange] | null {
  for (const pattern of CUSTOMERS_OF_PERIOD) {
    const named = pattern.exec(text);
    if (!named) continue;
    const of = periodsOf(`in ${named[1].replace(/'s$/, '')}`, today).period;
    const rest = text.replace(named[0], /^both\b/.test(named[0]) ? 'in' : 'customers');
    const other = periodsOf(rest, today).period;
    if (of && other && of.from !== other.from) return [of, other];
  }
  return null;
}

/**
 * Whether a value is named after the turn to what the customers did not buy (and not before
 * it too), as a test of the value; null when the question has no such turn.
 */
function namedAfterTurn(text: string): ((value: string) => boolean) | null {
  const turn = TURN_TO_NOT_BOUGHT.exec(text);
  if (!turn) return null;
  const written = asWritten(text);
  const turnEnd = turn.index + turn[0].length;
  const after = asWritten(text.slice(0, turnEnd)).length;
  // "… never bought Tables, among customers who bought Chairs": the turn back to what was bought
  // ends it (Chairs was read as never bought too).
  const back = BACK_TO_BOUGHT.exec(text.slice(turnEnd));
  const until = back ? asWritten(text.slice(0, turnEnd + back.index)).length : Infinity;
  return (value) => {
    const at = writtenAt(written, value);
    return at >= after && at < until;
  };
}

/** A clause after the turn that names what was bought: "among customers who bought …", "of those who buy …". */
const BACK_TO_BOUGHT = new RegExp(
  String.raw`\b(?:among|amongst|of|from)\s+(?:the\s+)?(?:${CUSTOMERS_PLURAL}|those|ones)\s+(?:who|that)\s+(?:buy|bought|buys|purchased|ordered|order)\b`,
);

/**
 * Where `value` is written in `written` (the question `asWritten`), or -1. A label of a shared
 * name, "Absolut Swedish Vodka 80 Prf (34004)", is written as its name: Iowa's "stores that buy
 * Titos Vodka but not Absolut Swedish Vodka 80 Prf" found the name's five bottles but none of
 * them after "but not", and was refused as two periods.
 */
function writtenAt(written: string, value: string): number {
  const at = written.indexOf(asWritten(value));
  if (at >= 0) return at;
  const name = sharedNameOf(value);
  return name ? written.indexOf(asWritten(name)) : -1;
}

/** Whether `value` is written after "in", "at" or "within" ("in DE-North"): a place, not a thing bought. */
function placedIn(text: string, value: string): boolean {
  const written = asWritten(text);
  const at = writtenAt(written, value);
  return at > 0 && /\b(?:in|at|within|across)(?: the)? $/.test(written.slice(0, at));
}

/** "… never bought Bearings": a value is named as what the customers did not buy (whoNeverBought's question). */
export function namesWhatWasNeverBought(text: string, filters: readonly { values: string[] }[]): boolean {
  const isAfter = namedAfterTurn(text);
  return isAfter !== null && filters.some((f) => f.values.some(isAfter));
}

/**
 * "Which customers buy Hydraulics but not Bearings?", "Which Hydraulics customers don't buy
 * Bearings?": the values named after the turn are the ones never bought, the rest keep the
 * rows the customers bought in (the same period, when one is named). They were refused as
 * "bought one product but not another". Null when no value follows the turn ("bought in 2020
 * but not in 2021" is two periods).
 */
export function whoNeverBought(
  text: string,
  filters: NonNullable<QuerySpecInput['filters']>,
  period: DayRange | null | undefined,
  other: DayRange | null | undefined,
): Parsed | null {
  const isAfter = namedAfterTurn(text);
  if (!isAfter || other) return null;
  // "… but not Bearings in DE-North": a value placed after the turn ("in", "at") keeps the rows; it is not what was not bought.
  const turned = filters.filter((f) => !f.exclude && f.values.some((v) => isAfter(v) && !placedIn(text, v)));
  if (turned.length === 0) return null;
  if (turned.length > 1 || turned[0].match === 'startsWith')
    return {
      kind: 'refused',
      reason:
        'I can list the customers who never bought the values of one column, such as “customers who buy Chairs but not Tables”; name them one column at a time.',
    };
  const [never] = turned;
  const boughtValues = never.values.filter((v) => !isAfter(v));
  const kept = filters.filter((f) => f !== never);
  if (boughtValues.length > 0) kept.push({ ...never, values: boughtValues });
  const neverBought = { dimension: never.dimension, values: never.values.filter(isAfter), match: never.match ?? ('exact' as const) };
  return { kind: 'spec', spec: { measures: ['customers'], groupBy: [], filters: kept, ...(period ? { period } : {}), neverBought } };
}

type NamedFilter = NonNullable<QuerySpecInput['filters']>[number];

/** Customers asked about: "which customers", "accounts", "stores" (Iowa's customers), "who". */
const CUSTOMERS_ASKED = new RegExp(`\\b(?:${BUYER_NOUNS}|who)\\b`);

/**
 * Several values bought together: "bought Chairs and Tables", "both Chairs and Tables",
 * "Chairs as well as Tables", "Chairs customers who also bought Tables".
 */
const BOUGHT_TOGETHER =
  /\b(?:buy|buys|bought|buying|purchased?|ordered|order)\b[^?]*\b(?:and|as well as)\b|\bboth\b|\balso (?:buy|buys|bought|buying|purchased?|ordered|order)\b/;

/**
 * The filter whose several values the customers asked about bought each of, its values in
 * the order the question names them, or null: "Which customers bought Furniture and
 * Technology?" counted those who bought either. A sum keeps its set ("revenue of the West and
 * East"), and so does "Chairs or Tables". Values of two columns bought together ("Furniture
 * and Phones") are refused: as one filter each they kept the rows that are both, none.
 */
export function boughtTogether(text: string, filters: readonly NamedFilter[]): NamedFilter | Parsed | null {
  if (!CUSTOMERS_ASKED.test(text) || /\b(?:or|either)\b/.test(text) || !BOUGHT_TOGETHER.test(text)) return null;
  // "Which DE customers bought Hydraulics and Bearings?" would drop "DE", which names no value.
  const unplaced = unplacedBeforeBuyers(text, filters);
  if (unplaced)
    return {
      kind: 'refused',
      reason: `I couldn't tell what “${unplaced}” names among this file's values; name it as the file does, or leave it out.`,
    };
  const written = asWritten(text);
  const at = (value: string) => {
    const found = written.indexOf(asWritten(value));
    return found < 0 ? Infinity : found;
  };
  const inOrder = (f: NamedFilter): NamedFilter => ({ ...f, values: [...f.values].sort((a, b) => at(a) - at(b)) });
  // "Phones and no Accessories" is one value never bought (whoNeverBought); several bought
  // before the turn ("Chairs and Tables but not Binders") are whoBoughtAll's to refuse.
  const turn = TURN_TO_NOT_BOUGHT.exec(text);
  if (turn) {
    const isAfter = namedAfterTurn(text) as (value: string) => boolean;
    const several = filters.find((f) => f.dimension !== 'customer' && f.values.filter((v) => !isAfter(v)).length > 1);
    return several && BOUGHT_TOGETHER.test(text.slice(0, turn.index)) ? inOrder(several) : null;
  }
  const severals = filters.filter((f) => f.values.length > 1 && f.dimension !== 'customer');
  // "Chairs in the West and Tables in the East" pairs the values of two columns.
  if (severals.length > 1)
    return {
      kind: 'refused',
      reason: `I can list the customers who bought each of several values of one column, but not pair them with values of another (${severals.map((f) => f.values.join(' and ')).join('; ')}) yet; ask with one value of the other column at a time.`,
    };
  const several = severals[0] && namesShared(severals[0], (name) => at(name) < Infinity);
  // A value found by a typo, or under another name: which one each customer must have bought is not said.
  const unnamed = several?.values.filter((v) => at(v) === Infinity) ?? [];
  if (unnamed.length > 0)
    return {
      kind: 'refused',
      reason: `I can list the customers who bought each of several values named as the file names them, but ${unnamed
        .slice(0, 3)
        .map((v) => `“${v}”`)
        .join(
          ', ',
        )}${unnamed.length > 3 ? ' and others' : ''} ${unnamed.length === 1 ? 'is' : 'are'} not named so here; name each value in full.`,
    };
  if (several) return inOrder(several);
  const named = filters
    .filter((f) => f.dimension !== 'customer' && !f.exclude)
    .map((f) => ({ f, at: at(f.values[0]) }))
    .filter((n) => n.at < Infinity)
    .sort((a, b) => a.at - b.at);
  for (let k = 1; k < named.length; k++) {
    const between = written.slice(named[k - 1].at, named[k].at);
    if (/\b(?:and|as well as|also)\b/.test(between))
      return {
        kind: 'refused',
        reason: `I can list the customers who bought each of several values of one column (“customers who bought both ${named[k - 1].f.values[0]} and another ${dimensionWords(named[k - 1].f.dimension)}”), but not values of two columns, such as ${named[k - 1].f.values[0]} and ${named[k].f.values[0]}, yet.`,
      };
  }
  return null;
}

/**
 * The filter with the labels that share a name the question writes as that one name: Iowa's
 * "Black Velvet" is four products ("Black Velvet (11774)", …), and a customer who bought any
 * of them bought Black Velvet (query_data reads the shared name so too).
 */
function namesShared(filter: NamedFilter, written: (name: string) => boolean): NamedFilter {
  const shared = [...sharedNamesOf(filter.values)].filter(([name]) => written(name));
  if (shared.length === 0) return filter;
  const grouped = new Set(shared.flatMap(([, labels]) => labels));
  return { ...filter, values: [...filter.values.filter((v) => !grouped.has(v)), ...shared.map(([name]) => name)] };
}

/** A filter's column in words: "Sub-Category" for `column:Sub-Category`, "sales rep" for `salesRep`. */
function dimensionWords(dimension: string): string {
  return dimension.startsWith('column:') ? dimension.slice('column:'.length) : dimension === 'salesRep' ? 'sales rep' : dimension;
}

/** A ranking by a figure the list is not sorted by, or of the smallest: "who bought the most Chairs and Tables". */
const RANKED_OTHERWISE = /\b(?:most|least|fewest|biggest|largest|smallest|highest|lowest|bottom|worst)\b/;

/**
 * "Which customers bought both Chairs and Tables?", "What share of Chairs customers also
 * bought Tables?": the customers who bought each of the values (in the period named, in
 * the rows the other filters keep), with their revenue of each, and how many bought any
 * and each; or why it can't be given. `asked` is the figures the question names.
 */
export function whoBoughtAll(
  text: string,
  filters: readonly NamedFilter[],
  together: NamedFilter,
  { today, firstDay }: { today: Date; firstDay: string | null },
  asked: { measures: readonly string[] } | { refused: string },
): Parsed {
  const refused = (reason: string): Parsed => ({ kind: 'refused', reason });
  const values = together.values;
  const listed = `I can list the customers who bought each of ${values.join(', ')}, with what they bought of each`;
  if (values.length > 4 || together.match === 'startsWith')
    return refused(
      `I can list the customers who bought each of 2 to 4 values named in full; name fewer, such as “customers who bought both ${values[0]} and ${values[1]}”.`,
    );
  // "How much did the customers who bought both spend?" is all they spent, not what the list shows.
  if ('refused' in asked || asked.measures.some((m) => m !== 'customers'))
    return refused(`${listed}, but no other figure of them yet; ask for the list, then about the customers in it.`);
  if (WHOLE_FILE_RESULTS.test(text))
    return refused(
      `${listed}, but not which of them are at risk or in a segment in one step yet; ask for the list, then about the customers in it.`,
    );
  if (TURN_TO_NOT_BOUGHT.test(text) || /\b(?:stopped|lost|no longer)\b/.test(text))
    return refused(
      `${listed}, or the customers who bought one value but never another (“customers who buy ${values[0]} but not ${values[values.length - 1]}”), but not both in one step yet.`,
    );
  const grouped = GROUPED.exec(text);
  if (grouped) return refused(`${listed}, but not count them by ${grouped[1]} yet; ask for one value at a time.`);
  if (thresholdOf(text))
    return refused(`${listed}, or the customers past a threshold, but not both in one step yet; ask for each in turn.`);
  const ranked = rankedCountOf(text);
  if (ranked?.smallest || (!ranked && RANKED_OTHERWISE.test(text)))
    return refused(`${listed}, largest first by what they bought of them together; not ranked otherwise yet.`);
  const periods = periodsOf(withoutNamedYears(text, filters), today, firstDay);
  if (periods.unread)
    return refused(`I couldn't read the period “${periods.unread}”. Name it as a year, a quarter, a half, a month or dates.`);
  if (periods.other && periods.period) {
    const { from, to } = periods.period;
    const year = from.endsWith('-01-01') && to === `${from.slice(0, 4)}-12-31` ? `in ${from.slice(0, 4)}` : `from ${from} to ${to}`;
    return refused(`${listed}, in one period at a time; name one, such as “${year}”.`);
  }
  const boughtAll = { dimension: together.dimension, values, match: together.match ?? ('exact' as const) };
  return {
    kind: 'spec',
    spec: {
      measures: ['customers'],
      groupBy: [],
      filters: filters.filter((f) => f.dimension !== together.dimension),
      ...(periods.period ? { period: periods.period } : {}),
      ...(ranked ? { limit: Math.min(50, ranked.n) } : {}),
      boughtAll,
    },
  };
}
