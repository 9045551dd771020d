/**
 * The offline analyst's question grammar: plain words → a `query_data` spec. Measures,
 * dimensions and periods come from small word lists; names of customers, products,
 * categories, regions … are matched against the file's own dictionaries. What it can't
 * map, it says so — it never maps to a neighbouring question.
 *
 * `parseAsRead` takes these steps roughly in this order (query-routes.ts is asked at four
 * points: wording, shape, churn or segments, no figure named):
 *   query-exclusions.ts  values left out ("excluding the UK"), read as the rest of the question
 *   query-average.ts     rows set against their average ("above average"), read the same way
 *   query-text.ts        the question as the grammar reads it (lower case, the file's words)
 *   query-routes.ts      what the analysis' own answers take, and wordings or shapes refused
 *   query-values.ts      the file's values it names, as filters
 *   query-figures.ts     the figures it names (query-measures.ts: returns, shares, order counts)
 *   query-periods.ts     its periods, and the one to compare with (query-unit-change.ts: each unit against the one before)
 *   query-grouping.ts    what it groups by
 *   query-stopped.ts     customers who stopped buying
 *   query-ranking.ts     top N, growth and decline, losses
 *   query-limits.ts      thresholds ("more than 10 orders") and limits
 * The words they share are in query-vocabulary.ts, and what they return in query-parsed.ts;
 * this file strings the steps together and holds the rules that join them.
 */
import { numberLeftOut } from './query-numbers';
import { phraseLeftOut } from './query-unread-phrases';
import { unknownWordsOf } from './query-unknown-words';
import { wholeFigureReadPast } from './query-whole-figure';
import { averageOverOf, readAveragedOver } from './query-average-over';
import { buyersOfQuestion, isBought, withBuyers } from './query-buyers';
import { MAX_ROWS, MEASURE_LABELS, SUMMED_OVER_TIME, TIME_DIMENSIONS } from '../../engine/query/spec';
import { nameWords } from '../../engine/query/resolve';
import { isMoneyMeasure, type Measure, type QuerySpecInput } from '../../engine/query';
import { epochDay, isoDay } from '../../engine/aggregate/types';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { pluralNoun } from '../../engine/render/format';
import { escapeMarkdown } from '../../engine/render/escape';
import {
  escapeRegex,
  EVERY_PERIOD,
  limitOf,
  perCustomerOfAKind,
  RETURNS,
  returnedFilterOf,
  SHARE,
  thresholdOf,
  thresholdsIn,
  unknownGrouping,
  type Threshold,
} from './query-limits';
import {
  AGAIN,
  MORE_THAN_ONCE,
  NO_RETURN_RATE,
  NO_RETURNS,
  ONE_TIME,
  REPEAT_RATE,
  SHARE_OF_CUSTOMERS,
  asksShareOfCustomers,
  ORDER_COUNT_ONLY,
  RETURN_RATE,
  RETURNS_MEASURES_ONLY,
  returnsMeasuresOf,
  RETURNS_AVERAGE,
  NO_RETURNS_AVERAGE,
  SHARE_OF_REVENUE,
  SHARE_OF_PROFIT,
  shareOfRevenueOnly,
  withThreshold,
} from './query-measures';
import { unitChangeOf } from './query-unit-change';
import { NUMBER_WORDS } from './number-words';
import { fromToOf } from './bridge-intents';
import {
  AMOUNT_AFTER,
  BOUNDED_BY,
  fewDaysNote,
  MONTH_NAMES_NOT_MAY,
  periodBefore,
  periodsOf,
  examplePeriodsOf,
  examplesOfTwo,
  wholeUnitOf,
  withoutNamedYears,
  unitOfEveryYear,
  yearOverYearOf,
  type DayRange,
} from './query-periods';
import {
  BUYING_LESS,
  COMPARATIVES,
  CUSTOMERS_AS_SUBJECT,
  WHAT_WE_SELL_TO,
  CUSTOMERS_RANKED,
  DECLINE,
  DIMENSION_WORDS,
  premiseOf,
  GROWTH,
  LEADING_PLURAL,
  LOSS,
  LOST_MOST,
  MULTIPLE,
  NEWNESS_REVENUE,
  ONLY_ONE,
  OVER_TIME_UNIT,
  PLURAL_OF,
  averagePerOf,
  comparativeOf,
  customersNamedIn,
  figureBoughtOf,
  headerNoun,
  isGrammarWord,
  isTimeUnit,
  peakOf,
  perCustomerApart,
  singular,
  waysBoughtIn,
} from './query-vocabulary';
import {
  ANY_DAY,
  type AnalysisFacts,
  NARROWED_LISTS_ONLY,
  type Parsed,
  WHOLE_FILE_ONLY,
  WHOLE_FILE_RESULTS,
  CHURN_NAMED,
  fractionRefusal,
} from './query-parsed';
import {
  asWritten,
  countedNounOf,
  dimensionOfNoun,
  isValueOfFile,
  namedFilterWords,
  namesStartingSoNote,
  valuesNamed,
} from './query-values';
import { ordinalRankOf, percentChangeHaving, rankAsAsked } from './query-ranking';
import {
  KEPT_WORDS,
  boughtTogether,
  silentThroughNow,
  customersOfPeriodAndAnother,
  whoBoughtAll,
  whoNeverBought,
  whoStoppedBuying,
  NEVER_AGAIN,
  stoppedListOf,
  twoPeriodsNeeded,
  whoWasKept,
} from './query-stopped';
import { groupingOf } from './query-grouping';
import {
  groupOfEachWhole,
  shareOfNamed,
  shareOfOneValue,
  SHARE_OF_NAMED_REVENUE,
  SHARE_OF_PROFIT_ALL,
  wholeOfShare,
  type ShareFigure,
} from './query-shares';
import {
  churnOrSegmentsAnswer,
  noFigureAnswer,
  routedByWording,
  SEGMENT_NAMED,
  segmentFigureRoute,
  unsupportedShape,
  whomToCall,
} from './query-routes';
import { DISCONTINUE, WHOM_TO_CALL } from './intents';
import { measuresNamed } from './query-figures';
import { MONTH_WORDS, questionText, WHY_FIGURE_MOVED, withMarginInMoneyAsProfit, withSilencesRead, withWordingMended } from './query-text';
import { withProductCodesAs } from './query-product-codes';
import { codeLeftOut, unplacedBeforeBuyers } from './query-names';
import { deniedValueOf, exclusionOf } from './query-exclusions';
import { averageBoundOf, readWithAverage } from './query-average';
import { FIGURE_VERB_DENIED, PURCHASE_DENIED_THEN } from './purchase-words';
import { leansOnEarlier } from './query-follow-ups';
import { currencyAsked, currencyVerdict } from './query-currency';
import { withoutNames } from './names-blanked';
import { retentionIntentOf } from './retention-intents';
import { CUSTOMER_NOUNS, CUSTOMERS_PLURAL, CUSTOMER_SINGULAR, CUSTOMERS_NAMED } from './customer-words';

/** "Price per bottle": the unit a price is of, no grouping. */
const PRICE_PER_UNIT = /\bprices? per (?:unit|bottle|item|piece|case|pack|box|can|article|sku)\b/g;

/** "Repeat customers", "repeat buyers". */
const REPEAT_CUSTOMERS = new RegExp(String.raw`\brepeat (${CUSTOMERS_PLURAL})\b`);
/** "First-time customers of Phones", "first purchase of …": a first purchase of one value. */
const FIRST_PURCHASE_OF = new RegExp(
  String.raw`\bfirst[- ]time (?:${CUSTOMERS_PLURAL}|purchasers) (?:of|for)\b|\bfirst (?:purchase|order)s? of\b`,
);

/** Customers named as whose figure it is: "revenue from customers in France", "sales to customers outside the UK". */
const CUSTOMERS_AS_SOURCE = new RegExp(String.raw`\b(?:from|of|to|among)\s+(?:our\s+|the\s+|all\s+)?(?:${CUSTOMERS_PLURAL})\b`);

/** "Monthly growth", "each month", "by quarter": a figure for every unit of a span. */
const EACH_UNIT = /\b(daily|weekly|monthly|quarterly|yearly|annual)\b|\b(each|every|per|by)\s+(day|week|month|quarter|year)\b/;

/** "sub-categories": a finer level than category, which must not answer for it. */
const SUB_CATEGORY = /\bsub[- ]?categor(y|ies)\b/;

/**
 * Words that set two named things side by side: "Germany vs France", "compare Chairs with
 * Tables", "is Technology more profitable than Furniture?" (it added the two), "Germany or France".
 */
// "Customers in Germany with more than 5 orders" listed Germany's two regions: "than" before an amount is a bound, no comparison.
const SIDE_BY_SIDE = new RegExp(
  String.raw`\b(vs\.?|versus|compare|compared|comparing|against|or|difference between|differ)\b|\b(more|less|fewer|higher|lower|bigger|smaller|better|worse|larger)\b.*\bthan\b(?!\s+(?:[$£€]\s?\d|(?!(?:19|20)\d\d\b)\d|(?:${Object.keys(NUMBER_WORDS).join('|')})\b))`,
);
/** "Depend on", "rely on", "hurt most if" (it got the supplier's products): whose goods someone needs. */
const RELY_ON =
  /\b(depend(s|ing|ent)?|rel(y|ies|ying|iant)) (on|upon)\b|\b(?:hurt|affected|exposed|impacted|hit)(?: (?:the )?(?:most|hardest))? (?:if|by|when|should)\b/;
/** "How dependent are we on …", "how much do we rely on …", "our reliance on …": the share of revenue of what is named. */
const DEPENDENCE_ON_VALUE =
  /\bhow (?:dependent|reliant) (?:are|is|were|was) (?:we|you|the business|our business|the company) (?:on|upon)\b|\bhow much (?:do|does|did) (?:we|you|the business|the company) (?:depend|rely) (?:on|upon)\b|\b(?:our|the business's|the company's) (?:dependence|dependency|reliance) (?:on|upon)\b/;
/**
 * "Which region depends most on …": a value's share of each group's revenue ("Which customers
 * depend on Supplier 13?" lists its buyers, query-buyers.ts).
 */
const GROUP_RELIES =
  /\b(?:which|what) ([a-z-]+) (?:depends?|relies|rely) (?:the )?(?:most|more|heavily)\b|\b(?:which|what) ([a-z-]+) (?:is|are) (?:the )?most (?:dependent|reliant)\b/;
/** Concentration and dependency, which the analyses work out for the whole file only. */
// "How much do we depend on our biggest supplier?" got its revenue with no share: the verb too.
const CONCENTRATION = /\b(concentrat\w*|pareto|80\/20|depend(s|ing|ent|ence|ency)?|reliant|reliance|rely|relies|relying)\b/;
/** Why a bound on a number like a year is not read, with the two ways to ask. */
function yearOrAmount(words: string, year: number): string {
  return `I can't tell whether “${words}” is an amount or the year ${year}: write an amount with its comma (“${words.replace(/(\d)(\d{3})$/, '$1,$2')}”), or name the period it is of.`;
}
/** The first value named beside the customer. */
function otherValueOf(filters: readonly { dimension: string; values: string[] }[]): string {
  return filters.find((f) => f.dimension !== 'customer')?.values[0] ?? '';
}
/** Why a customer's first or last day of some of their rows (a category, a product) is not read. */
function dayOfSomeRowsReason(customer: string, value: string): string {
  return `I can tell when a customer first or last bought anything (“When was ${customer}'s last order?”), not yet when they last bought one product, category or other value; ask for that by month (“${customer} ${value} revenue by month”) to see when.`;
}
/** Whether a year other than the bound's is named: "bought more than 2000 in 2021" is an amount in 2021. */
function otherYearThan(text: string, bound: number): boolean {
  return (
    [...text.matchAll(/\b(?:19|20)\d\d\b/g)].filter((m) => Number(m[0]) === bound).length > 1 ||
    [...text.matchAll(/\b(?:19|20)\d\d\b/g)].some((m) => Number(m[0]) !== bound)
  );
}
/** A bound on a number that may be a year: "more than 2020", "above 2019" (not "2,020", "$2020" or "over 2020", a period). */
const YEAR_AS_BOUND = /^(?:more|less|fewer|greater|higher|lower|at|exceeding|under|above|below)\b[a-z ]*\s(?:19|20)\d\d$/;
/**
 * Words that ask how a figure moved between two periods ("Is profit down this year?" got this
 * year's profit alone). "Spent less than 100" is a threshold, not "spent less": it was refused as a comparison
 * ("spent less than 2020" is a year's).
 */
const CHANGE =
  /\b(grew|grow(n|s|th|ing)?|increas(e[sd]?|ing)|rose|ris(e[sn]?|ing)|gained?|declin(e[sd]?|ing)|fell|fall(s|en|ing)?|drop(s|ped|ping)?|shr[iau]nk|shrinking|decreas(e[sd]?|ing)|chang(e[sd]?|ing)|(go|goes|went|gone|going) (up|down)|reduc(e[sd]?|ing)|cut (back|down)|spen[dt] less(?! than\s*[$£€]?\s*(?!(?:19|20)\d\d\b)\d)|los(?:t|e|es|ing) (?:the )?(?:most|more))\b|\b(?:is|are|was|were|been)\s+(?:(?![a-z]+ed\s)[a-z]+\s+){0,2}?(?<!\b(?:broken|break|broke|narrowed|written|set|signed|shut|summed|added|split)\s)(?:up|down)\b(?!\s+(?:to|by)\b)/;

/**
 * "How did the West do last year?" was refused with the reason for segments and churn: how a
 * value did in a period is its sales, against the period before.
 */
const PERFORMED = /\bhow (?:did|has|have|is|was|were|are|do|does) .*\b(?:do|doing|done|perform|performing|performed|go|going|gone)\b/;
/** Why a change needs two periods, with two of the file's own to ask for. */
function twoPeriodsToChange(meta: SnapshotMeta): string {
  const named = examplePeriodsOf(meta);
  if (!named) return meta.hasDates ? "To say how it changed I need two periods, and this file's rows span too little for two." : NO_DATES;
  const [later, earlier] = named;
  return `To say how it changed I need two periods, such as "in ${later} vs ${earlier}" or "from ${earlier} to ${later}".`;
}

const NO_DATES = 'This file has no date column, so it has no periods.';
/**
 * Parses a question into a spec, or says why it can't. `today` is the analysis date, null
 * when the file has no dates (then any period named is refused: it crashed on "Top customers in North").
 * `facts` are what the analysis knows beyond the rows (a customer's last purchase day, the
 * currency); without them, a question that needs one is refused, and no currency asked is read.
 */
export function parseQuestion(question: string, meta: SnapshotMeta, analysisDay: Date | null, facts?: AnalysisFacts): Parsed {
  const parsed = readInItsCurrency(withMarginInMoneyAsProfit(question), meta, analysisDay, facts);
  const note = parsed.kind === 'spec' ? namesStartingSoNote(parsed.spec.filters, meta) : null;
  return note && parsed.kind === 'spec' ? { ...parsed, note: parsed.note ? `${parsed.note} ${note}` : note } : parsed;
}

/** The reading, with money asked in a currency judged by the file's (`facts.currency`). */
function readInItsCurrency(question: string, meta: SnapshotMeta, analysisDay: Date | null, facts?: AnalysisFacts): Parsed {
  const currency = facts?.currency;
  const asked = currency === undefined ? null : currencyAsked(question, meta);
  if (!asked || currency === undefined) return readQuestion(question, meta, analysisDay, facts);
  // "revenue in euros" is read without the currency, then judged by the file's. What is then no
  // money ("bottles in dollars", "orders in euros") is read again as asked, for the other nets to judge.
  const read = readQuestion(asked.rest, meta, analysisDay, facts);
  if (read.kind !== 'spec' || !read.spec.measures.some(isMoneyMeasure)) return readQuestion(question, meta, analysisDay, facts);
  const verdict = currencyVerdict(asked, currency);
  if (!verdict) return read;
  if ('refused' in verdict) return { kind: 'refused', reason: verdict.refused };
  return { ...read, note: read.note ? `${read.note} ${verdict.note}` : verdict.note };
}

/** `parseQuestion`'s reading, and the reading of its parts (`valuesLeftOut`: of the question without its exclusion). */
function readQuestion(
  question: string,
  meta: SnapshotMeta,
  analysisDay: Date | null,
  facts?: AnalysisFacts,
  valuesLeftOut = false,
): Parsed {
  // "didn’t", as phones type it, is "didn't".
  const asked = withValueNumbersSpaced(withSilencesRead(withWordingMended(question.replace(/[’‘]/g, "'"))), meta);
  const parsed = withFiguresOfTheNew(asked, ofTheFileIfWholePeriod(parseAsRead(asked, meta, analysisDay, facts, valuesLeftOut), meta));
  const unread =
    parsed.kind === 'spec'
      ? (leansOnEarlier(asked) ??
        startsAfterTheRows(parsed.spec, meta) ??
        unitOfEveryYear(question) ??
        yearLeftOut(question, parsed.spec) ??
        relativePeriodLeftOut(question, parsed.spec) ??
        periodLeftOut(asked, parsed.spec, meta) ??
        countLeftOut(question, parsed.spec, meta) ??
        numberLeftOut(asked, parsed.spec, meta, facts) ??
        codeLeftOut(asked, parsed.spec.filters ?? [], meta) ??
        phraseLeftOut(asked, parsed.spec) ??
        attributeLeftOut(asked, meta, parsed.spec) ??
        typicalUnitOf(asked, parsed.spec) ??
        extremeReadAsTotal(asked, parsed.spec) ??
        rankedOneReadAsTotal(asked, parsed.spec, meta) ??
        oneSideOfVersus(asked, parsed.spec) ??
        rankedAcrossSides(parsed.spec) ??
        retentionOfSome(asked, parsed.spec) ??
        // A list of who did not buy carries its own denial ("haven't bought Hydraulics since June").
        (parsed.spec.notBoughtIn || parsed.spec.neverBought
          ? null
          : (deniedValueOf(question, parsed.spec.filters ?? []) ?? denialLeftOut(asked, parsed.spec))) ??
        unknownWordsOf(asked, meta, valuesPlacedBy(parsed.spec), facts?.fileName) ??
        // With values left out the reading gets their exclusion after: it is no figure of every row.
        (valuesLeftOut ? null : wholeFigureReadPast(asked, parsed.spec, meta, facts?.fileName)))
      : parsed.kind === 'among'
        ? (leansOnEarlier(asked) ?? deniedValueOf(question, parsed.where) ?? unknownWordsOf(asked, meta, parsed.where, facts?.fileName))
        : null;
  return unread ? { kind: 'refused', reason: unread } : parsed;
}

/** Every value a reading places: its filters, and the goods its buyers bought or did not. */
function valuesPlacedBy(spec: QuerySpecInput): { values: readonly string[] }[] {
  return [...(spec.filters ?? []), spec.buyersOf, spec.neverBought, spec.boughtAll].filter((f) => f !== undefined);
}

/** Two things set against each other by name: "X vs Y", "X compared to Y", "X against Y". */
const NAMES_SET_AGAINST = /\b(?:vs\.?|versus|compared (?:to|with)|against)\s/;

/**
 * "sazerac north america vs sazerac co margin" and "revenue per customer UK vs rest" got one
 * side alone: a comparison read with one figure of one value (no second value, period or
 * figure beside it) dropped the other side, and is refused.
 */
function oneSideOfVersus(question: string, spec: QuerySpecInput): string | null {
  if (!NAMES_SET_AGAINST.test(question.toLowerCase())) return null;
  if (spec.compareTo || spec.changeFrom || spec.measures.length > 1 || (spec.groupBy ?? []).length > 0) return null;
  const filters = spec.filters ?? [];
  if (filters.length !== 1 || filters[0].values.length !== 1 || filters[0].exclude || spec.buyersOf) return null;
  return `I read only one side of this comparison (${filters[0].values[0]}): name both sides as this file writes them, such as “${filters[0].values[0]} vs …”, or two periods.`;
}

/**
 * "Top customers West vs East" showed West's top customer alone, and "top 5 …" the top 5
 * region × customer pairs, all of one region maybe: a ranking is of all the rows together, not
 * within each value set side by side, so it is refused.
 */
function rankedAcrossSides(spec: QuerySpecInput): string | null {
  const [side, ranked] = spec.groupBy ?? [];
  if (!ranked || spec.limit === undefined || isTimeUnit(ranked) || isTimeUnit(side)) return null;
  const sides = (spec.filters ?? []).find((f) => f.dimension === side && !f.exclude && f.values.length > 1);
  if (!sides) return null;
  return `I rank all the rows together, not within each of ${sides.values.join(' and ')} yet; ask for each on its own, such as “top ${spec.limit === 1 ? '' : `${spec.limit} `}${pluralNoun(ranked.replace(/^column:/, '').toLowerCase())} in ${sides.values[0]}”.`;
}

/** The words of one extreme: "the largest credit note", "max sales", "the lowest price", "the most expensive chair". */
const EXTREME =
  /\b(?:lowest|highest|largest|biggest|smallest|max|maximum|min|minimum|peak|cheapest|priciest|most expensive|least expensive|dearest)\b|\b(?:most|least|fewest)\b.*\b(?:a single|one single|in one|on one|of one)\b/;

/** One line, order or day of many: "a single row", "one purchase", "a product", "credit note". */
const ONE_LINE =
  /\b(?:single|one|a|an|each)\s+(?:order\s+)?(?:lines?|rows?|orders?|invoices?|credit notes?|transactions?|purchases?|sales?|days?|products?|customers?|items?)\b|\bcredit notes?\b|\bquantity ordered\b/;

/**
 * "Max sales in a single row", "largest credit note" and "max quantity on a single line" got
 * the whole file's total; "lowest price of chairs" and "most expensive vodka" the average
 * price. An extreme read as one figure for all the rows is no ranking, and is refused.
 */
function extremeReadAsTotal(question: string, spec: QuerySpecInput): string | null {
  const text = question.toLowerCase();
  if (!EXTREME.test(text)) return null;
  // A sort of one row ranks nothing: "lowest price of chairs" was the average price, sorted.
  const ranked = (spec.groupBy ?? []).length > 0 || spec.having || spec.averageOver;
  const listed = spec.notBoughtIn || spec.alsoBoughtIn || spec.neverBought || spec.boughtAll || spec.boughtEvery;
  if (ranked || listed || spec.compareTo || spec.changeFrom) return null;
  // "What did Sean Miller, our largest customer, spend?": a value named is what the words describe.
  if (!spec.measures.includes('averagePrice') && (spec.filters ?? []).length > 0 && !ONE_LINE.test(text)) return null;
  if (spec.measures.includes('averagePrice'))
    return 'I can give the average price a unit sold for (“the average price of …”, naming a product or a category) and rank products by it (“most expensive products”), not the lowest or highest price of a single line yet.';
  return 'I can rank customers, products, months and other columns by a figure (“the top product by units”, “the month with the highest revenue”), not pick out the single largest or smallest line, order or credit note yet; read as it stands, this question would get the total of all the rows.';
}

/** "top customers by margin %", "best products by units": a ranking by the figure named after "by". */
const RANKED_BY_A_FIGURE = /\b(?:top|bottom|best|worst|highest|lowest)\b(?:\s+[\w%-]+){1,3}?\s+by\b/;

/** A superlative and the noun it ranks: "the most profitable customer", "top spender", "best-selling product". */
const RANKED_NOUN = /\b(most|least|top|best|worst|biggest|largest|smallest|highest|lowest|leading|number one)((?:[- ][a-z]+){1,2})/g;

/**
 * "Who is the most profitable customer in the West?" typed "whos …" got the West's gross profit,
 * and "top spender in ohio" Ohio's revenue: a ranking of customers (products, reps …) read as
 * one figure of the rows named. It is refused unless the noun's own value is named ("What did
 * Sean Miller, our largest customer, spend?").
 */
function rankedOneReadAsTotal(question: string, spec: QuerySpecInput, meta: SnapshotMeta): string | null {
  if ((spec.groupBy ?? []).length > 0 || spec.having || spec.averageOver || spec.compareTo || spec.changeFrom) return null;
  if (spec.notBoughtIn || spec.alsoBoughtIn || spec.neverBought || spec.boughtAll || spec.boughtEvery) return null;
  const named = new Set((spec.filters ?? []).map((f) => f.dimension));
  for (const [, ranked, noun] of question
    .toLowerCase()
    .replace(/\bat (?:least|most)\b|\b(?:most|least) recent\b/g, ' ')
    .matchAll(RANKED_NOUN)) {
    // "Who sells to the most customers?" counts them: "most" before a plural is an amount, not a rank.
    if (/^(?:most|least)$/.test(ranked) && / [a-z]+s$/.test(noun)) continue;
    // "most profitable customer", "top customer in": the noun is one of the next two words ("sub-category" is no category).
    const dimension = DIMENSION_WORDS.find(([re]) => re.test(noun))?.[1];
    if (!dimension || named.has(dimension) || !meta.dimensions.some((d) => d.key === dimension)) continue;
    const label = meta.dimensions.find((d) => d.key === dimension)?.label.toLowerCase() ?? dimension;
    return `I read this as one figure of all the rows asked about, not which ${label} ranks first among them. Ask for the ranking, such as “the top ${label} by revenue” or “top 5 ${pluralNoun(label)} by gross profit”, with the same filters.`;
  }
  return null;
}

/**
 * "rep7 revenue" and "rep #7 revenue" got the whole file's: a word and a number typed together
 * is the value the file writes with a space ("Rep 7"), when no value is written as typed.
 */
function withValueNumbersSpaced(question: string, meta: SnapshotMeta): string {
  return question.replace(/\b([A-Za-z]{2,})\s*#?\s*(\d{1,4})\b/g, (joined: string, word: string, digits: string) => {
    const written = writtenValuesOf(meta);
    const [asJoined, spaced] = [joined.toLowerCase(), `${word} ${digits}`.toLowerCase()];
    return !written.has(asJoined) && written.has(spaced) ? `${word} ${digits}` : joined;
  });
}

/** Every value of every column in lower case, made once per snapshot: "in 2021" is looked up on most questions. */
const writtenValues = new WeakMap<SnapshotMeta, Set<string>>();

function writtenValuesOf(meta: SnapshotMeta): Set<string> {
  let values = writtenValues.get(meta);
  if (values === undefined) {
    values = new Set(meta.dimensions.flatMap((d) => d.values.map((v) => v.toLowerCase())));
    writtenValues.set(meta, values);
  }
  return values;
}

/**
 * "Products not sold in 2024" got 2024's revenue, and "Which products have never been returned?"
 * the products that had: a denial of selling, buying or returning the spec does not carry.
 */
function denialLeftOut(question: string, spec: QuerySpecInput): string | null {
  const denied = NOT_DONE.exec(question.toLowerCase());
  if (!denied || spec.measures.includes('oneTimeCustomers')) return null;
  return `I couldn't read “${denied[0]}” here, so the answer would be to another question. I can list the customers (or products) of one period but not another, such as “products sold in 2023 but not in 2024”.`;
}

/**
 * What rows are, which a sales file seldom records: "How many invoices had a discount?" counted
 * every order, "Revenue by sales channel" and "Revenue of online orders" gave all revenue,
 * "Revenue from paid invoices" all of 2024's. Each names its word and the column it would need.
 */
const ATTRIBUTES: [RegExp, string][] = [
  [/\bdiscount(?:s|ed)?\b/, 'discount'],
  [/\b(?:sales )?channels?\b/, 'channel'],
  [
    /\b(?:online|offline|web|e-?commerce|in-store|webshop|website)\b(?= (?:orders?|sales|revenue|customers?|purchases?|business|store|shop))/,
    'channel',
  ],
  [/\b(?:paid|unpaid|outstanding|overdue|settled)\b(?= (?:invoices?|orders?|bills?|amounts?))/, 'payment'],
  [/\b(?:promotions?|promos?|coupons?|vouchers?|campaigns?)\b/, 'promotion'],
  // (Cancellations are the returns: Online Retail's "C" invoices.)
  [/\b(?:backorder(?:s|ed)?|pending)\b/, 'status'],
];

function attributeLeftOut(question: string, meta: SnapshotMeta, spec: QuerySpecInput): string | null {
  const text = question.toLowerCase();
  const columns = meta.dimensions.map((d) => `${d.label} ${d.header ?? ''}`.toLowerCase()).join(' ');
  for (const [re, column] of ATTRIBUTES) {
    const word = re.exec(text)?.[0];
    // A file with such a column names it ("Channel" in the wholesale customers' file), a value
    // is the word ("Discount", a product of Online Retail's), or a value named has it ("the
    // Channel Islands", "Gift Voucher £20.00").
    if (!word || columns.includes(column) || columns.includes(word.replace(/(?:s|ed)$/, ''))) continue;
    const inValue = new RegExp(String.raw`(?<![\p{L}\d])${word.split(' ').pop()}(?![\p{L}\d])`, 'iu');
    if ((spec.filters ?? []).some((f) => f.values.some((v) => inValue.test(v)))) continue;
    if (isValueOfFile(word, meta)) continue;
    return `This file records no ${column} for its rows, so I can't pick out or split by “${word}”.`;
  }
  return null;
}

/** "Net revenue retention for Germany" got Germany's revenue: retention is of every customer. */
function retentionOfSome(question: string, spec: QuerySpecInput): string | null {
  if (!retentionIntentOf(question) || (spec.filters ?? []).length === 0) return null;
  // "How often do customers in Reading come back?" is their repeat customers, which the rows give.
  if (spec.measures.some((m) => m !== 'revenue' && m !== 'customers')) return null;
  return "Retention and net revenue retention are of every customer in the file; I can't narrow them to some customers yet. I can list the customers who bought in both of two years (“Which customers bought in both 2023 and 2024?”).";
}

/**
 * "Which month has the highest sales typically?", "Which quarter is usually our strongest?" and
 * "What month is busiest on average?" got the one best month of all (2021-11): a typical month
 * is the same month across years. "Do we sell more in Q4 than other quarters?" set 2021's Q4
 * against its Q3, and "Is Q4 our strongest quarter?" ranked that one quarter against itself.
 */
function typicalUnitOf(question: string, spec: QuerySpecInput): string | null {
  const against = /\bthan (?:the |all |any |our )?other (month|quarter)s?\b/i.exec(question);
  const unit = spec.groupBy?.find(isTimeUnit) ?? against?.[1].toLowerCase();
  if (!unit || unit === 'year') return null;
  // Within one year the unit is one of its own ("Which month of the year has the highest sales
  // in 2021?", "Which month of 2021 had more sales than other months?").
  if (spec.period && spec.period.from.slice(0, 4) === spec.period.to.slice(0, 4) && !isOneUnit(spec.period, unit)) return null;
  if (spec.limit !== undefined && spec.period && isOneUnit(spec.period, unit))
    return `I read one ${unit}, ${spec.period.from} … ${spec.period.to}, and one ${unit} can't be ranked against itself: ask for the best ${unit} of its year (“the best ${unit} in ${spec.period.from.slice(0, 4)}”), or list revenue by ${unit}.`;
  const refusal = `I can rank single ${unit}s (“the best ${unit} in 2021”) or list revenue by ${unit}, where seasons show, but not average the same ${unit} across years yet.`;
  if (against) return refusal;
  if (spec.limit === undefined) return null;
  if (
    !/\b(?:typical(?:ly)?|usual(?:ly)?|normally|generally|in general|on average|on avg|of the year|every year|each year|most years)\b/i.test(
      question,
    )
  )
    return null;
  return refusal;
}

/** Whether a range is one calendar month or quarter, as `unit` names it. */
function isOneUnit(range: DayRange, unit: string): boolean {
  const [from, to] = [range.from, range.to];
  const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
  return (
    from.endsWith('-01') && (unit === 'month' ? months === 1 : unit === 'quarter' && months === 3 && Number(from.slice(5, 7)) % 3 === 1)
  );
}

/** A day of selling or buying asked: "when did we last sell …", "when was X first sold", "how long since we sold …". */
const WHEN_SOLD =
  /\bwhen\b.*\b(?:last|first|latest|earliest|most recently)\b.*\b(?:sell|sells|sold|buy|buys|bought|order|ordered|purchased?)\b|\bwhen\b.*\b(?:sold|bought|ordered|purchased)\s+(?:last|first)\b|\bhow long (?:since|ago)\b.*\b(?:sold|bought|ordered|sell|buy)\b|\blast time (?:we|anyone|someone|they) (?:sold|bought|ordered)\b/;

/** Selling, buying or returning denied: "not sold", "never been returned", "didn't order". */
const NOT_DONE =
  /\b(?:not|never|[a-z]+n't)\s+(?:been\s+|yet\s+|ever\s+|once\s+)?(?:sold|sell|selling|returned|return|bought|buy|buying|ordered|order|ordering|purchased|purchase)\b/;

/**
 * "What percent of customers bought in 2021?": a share of 2021's customers is of 2021's
 * customers, 100%. The customers of a whole period are set against all of the file's: those
 * who bought in the file and also in the period, and the share of all they are.
 */
function ofTheFileIfWholePeriod(parsed: Parsed, meta: SnapshotMeta): Parsed {
  if (parsed.kind !== 'spec' || !parsed.spec.measures?.includes('customerShare')) return parsed;
  const { period, filters = [], groupBy = [], buyersOf, compareTo, having, limit, sort } = parsed.spec;
  // "What share of customers bought more than 5 times?" gave each of 13 customers "0.1%": a share
  // of all customers is of a part of the rows, not of customers one by one or past a threshold.
  if (having || groupBy.some((g) => /^customers?$/i.test(g)))
    return {
      kind: 'refused',
      reason:
        'I can give the share of all customers who bought some of the rows (“What share of customers bought Chairs?”), but not the share past a threshold or of customers one by one yet.',
    };
  if (!period || filters.length > 0 || groupBy.length > 0 || buyersOf || compareTo || limit || sort) return parsed;
  const file = { from: isoDay(meta.firstDay) ?? period.from, to: isoDay(meta.lastDay) ?? period.to };
  return { kind: 'spec', spec: { measures: ['customers'], groupBy: [], filters: [], period: file, alsoBoughtIn: period } };
}

/**
 * "Revenue since October 2024" on a file whose rows end in June 1998 read 2024-10-01 …
 * 1998-06-30, and was refused as leaving out 2024 ("such as revenue by customer in 2024 vs
 * 2024"): a span that starts after the analysis date ends before it starts. The reason, or null.
 */
function startsAfterTheRows(spec: QuerySpecInput, meta: SnapshotMeta): string | null {
  const ranges = [spec.period, spec.compareTo, spec.notBoughtIn, spec.alsoBoughtIn];
  const backwards = ranges.find((r): r is DayRange => Boolean(r) && (r as DayRange).from > (r as DayRange).to);
  if (!backwards) return null;
  const [first, last] = [isoDay(meta.firstDay), isoDay(meta.lastDay)];
  return `The file has no rows from ${backwards.from} on: its rows run from ${first} to ${last}.`;
}

/** The groupings the analysis' canned rankings have: "best region" is the query's. */
const RANKED_BY_THE_ANALYSIS = new Set(['customer', 'product', 'supplier']);

/**
 * Whether the question names a column of the file the analysis' canned answers do not rank
 * (region, category, rep), and none they do: "Top 3 customers in region 1" is theirs to answer.
 */
function namesGroupingOutsideTheAnalysis(text: string, meta: SnapshotMeta): boolean {
  const named = DIMENSION_WORDS.filter(([re, dim]) => !isTimeUnit(dim) && re.test(text)).map(([, dim]) => dim);
  // "Which state is the best?": a column named by its header (Superstore's State, Iowa's city).
  // Superstore's "segment" is also the analysis' RFM segments, which its own answers give.
  for (const d of meta.dimensions)
    for (const header of [d.label, d.header ?? ''].map((h) => h.toLowerCase().replace(/_/g, ' ')))
      if (header.length > 2 && header !== 'segment' && new RegExp(String.raw`\b${escapeRegex(header)}(?:s|es)?\b`).test(text))
        named.push(d.key);
  return (
    named.length > 0 &&
    named.every((dim) => !RANKED_BY_THE_ANALYSIS.has(dim)) &&
    named.some((dim) => meta.dimensions.some((d) => d.key === dim))
  );
}

/** "In every year", "all four quarters": the unit every one of which is asked about ("in each month" groups by month). */
const EVERY_UNIT = /\b(?:every|all)(?: the)?(?: (?:two|three|four|five|six|twelve|\d{1,2}))? (year|month|quarter|week)s?\b/;

/**
 * "Which customers bought in every year?", "Who buys Binders every month in 2021?", "How many
 * customers ordered in all four quarters of 2021?": the customers with a purchase in each
 * whole unit of the period named, else of the file; null when the question asks no such list.
 */
function customersOfEveryUnit(
  text: string,
  meta: SnapshotMeta,
  filters: NonNullable<QuerySpecInput['filters']>,
  today: Date,
): Parsed | null {
  const unit = EVERY_UNIT.exec(text);
  if (!unit || !EVERY_PERIOD.test(text) || !(CUSTOMERS_NAMED.test(text) || /\bwho\b/.test(text))) return null;
  if (!meta.hasDates) return { kind: 'refused', reason: NO_DATES };
  const periods = periodsOf(withoutNamedYears(text.replace(EVERY_UNIT, ' '), filters), today, isoDay(meta.firstDay));
  if (periods.unread || periods.other) return null;
  return {
    kind: 'spec',
    spec: {
      measures: ['revenue'],
      filters,
      boughtEvery: unit[1] as 'year' | 'month' | 'quarter' | 'week',
      ...(periods.period ? { period: periods.period } : {}),
    },
  };
}

/** "Who buys …", "who bought …", "who has ordered …": a question for the customers who did. */
const WHO_BUYS = /^(?:(?:and|so) )?who (?:(?:has|have|had|did|does) )?(?:buys?|bought|orders?|ordered|purchases?|purchased)\b/;

/** "This year", "last month", "the previous quarter": a period named relative to the analysis date. */
const RELATIVE_PERIOD = /\b(this|last|previous|prior|past|current)\s+(year|quarter|month|week)\b/g;

/**
 * "Revenue of last year's top 10 customers this year" got their revenue of last year: two
 * periods named relative to today, one read and neither compared with the other. The reason
 * to refuse it, or null.
 */
function relativePeriodLeftOut(question: string, spec: QuerySpecInput): string | null {
  if (spec.compareTo || spec.notBoughtIn || spec.alsoBoughtIn || spec.changeFrom) return null;
  const named = [...new Set([...question.toLowerCase().matchAll(RELATIVE_PERIOD)].map((m) => `${m[1]} ${m[2]}`))];
  if (named.length < 2) return null;
  return `I could read only one of “${named.join('” and “')}” here, so the answer would be to another question. Ask for one period, or two compared, such as “revenue by customer this year vs last year”.`;
}

/**
 * A period's words with no period read: "Revenue in the last 3 complete months", "Revenue for
 * 1-15 November" and "top 10 customers nov" got the whole file's figures. A month written into
 * a value named ("December Gift Box") is the value's.
 */
function periodLeftOut(question: string, spec: QuerySpecInput, meta: SnapshotMeta): string | null {
  if (spec.period || spec.compareTo || spec.notBoughtIn || spec.alsoBoughtIn || spec.changeFrom || spec.boughtEvery) return null;
  const text = question.toLowerCase();
  const words = PERIOD_NAMED.exec(text)?.[0];
  if (!words) return null;
  const named = (spec.filters ?? [])
    .flatMap((f) => f.values)
    .join(' ')
    .toLowerCase();
  if (named.includes(words.trim())) return null;
  // The examples in the file's last year: Superstore's "Nov 21" was told to write "November 2011".
  const year = (isoDay(meta.lastDay) ?? '2011').slice(0, 4);
  return `I couldn't read the period in “${words.trim()}”, so the answer would be for the whole file. Write it as “November ${year}”, “from ${year}-11-01 to ${year}-11-15” or “the last 3 months”.`;
}

/** A month's name or a span back from now, as the periods are written. */
const PERIOD_NAMED =
  /\b(?:january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|\b(?:last|past|previous|prior) (?:\d+|two|three|four|five|six|twelve) (?:full |complete |whole |calendar )?(?:days|weeks|months|quarters|years)\b/;

/**
 * "How many regions had profit above the average?" and "How many countries stopped buying?": a count
 * of a grouping's values whose spec does not group by it answers another question (it got all
 * revenue, or a count of customers). The reason to refuse it, or null.
 */
function countLeftOut(question: string, spec: QuerySpecInput, meta: SnapshotMeta): string | null {
  // "How many customers bought in all 4 years?" lists them, and the list is counted first.
  if (spec.boughtEvery) return null;
  const text = questionText(question, meta);
  const asked = valuesCountedOf(text, meta);
  if (asked) return (spec.groupBy ?? []).includes(asked.dimension) ? null : VALUES_COUNTED_ALONE(asked.noun);
  // "How many sales managers?" got all revenue: a count asked of something no figure counts.
  const noun = /\bhow many ((?:sales )?[a-z]+)/.exec(text)?.[1];
  const counts = spec.measures.some((m) => COUNTED_MEASURES.has(m));
  if (!noun || counts || spec.having || /\b(of|more|fewer|less|times|dollars|euros|pounds|bucks|percent)$/.test(noun)) return null;
  return `I couldn't tell what “how many ${noun}” counts in this file: I count orders, customers, units, products and the values of its columns.`;
}

/** The customers a share of customers is of, named where they are: "What % of customers in the East bought Chairs?". */
// "What share of customers in the West are Corporate?" was of all customers (25.7%): what they are is the part too.
const CUSTOMERS_WHOLE =
  /(?:\b(?:share|percent(?:age)?|proportion|fraction)|%) of (?:our |the |all |all our )*(?:customers|clients|accounts|buyers|stores|shops) (?:in|from|based in|located in) (.+?)(?= (?:who|that|bought|buy|buys|ordered|order|purchased|purchase|have|has|had|did|do|does|spent|spend|are|is|were|was)\b|[?.!,]|$)/;

/** Why a share of a place's customers who bought in a period gets no figure. */
const shareBoughtInAPeriodReason = (place: string) =>
  `I can give what share of a period's buyers are in ${place}, but not yet what share of the customers in ${place} bought in a period; ask “How many customers in ${place} bought …?” beside “How many customers in ${place}?” for the two counts.`;

/** A supplier's products asked for: "products supplied by Bacardi", "list the items from Diageo". */
const PRODUCTS_OF_SUPPLIER =
  /^(?:(?:list|show|show me|which|what|all|the|our)\s+)*(?:products|items|skus|brands)\s+(?:(?:that\s+)?(?:are|were)\s+)?(?:supplied|provided|made|sold|distributed|delivered)?\s*(?:by|from)\b/;

/** Who bought the dearest or cheapest goods: a product's price, not the buyer's average. */
const BOUGHT_THE_PRICIEST =
  /\b(?:bought|buys?|ordered|purchased)\s+(?:the|our)\s+(?:most expensive|priciest|dearest|cheapest|least expensive)\s+(?:bottles?|items?|products?|units?|skus?|articles?)\b/;
const BOUGHT_THE_PRICIEST_REASON =
  'I can rank products by their average price (“most expensive products”), then list who bought one (“Who bought …?”), but not both in one step yet.';

/**
 * Values picked by how their names begin: "cities starting with cedar", "stores whose name
 * begins with Hy". After a plural or "name" only: "sorted by revenue, starting with the
 * lowest" is an order, and "starting with January" a period.
 */
const NAMES_STARTING = new RegExp(
  String.raw`\b(?:[a-z]+s|names?)\s+(?:that\s+|which\s+)?(?:(?:do|does)\s+not\s+|not\s+)?(?:starting|start|starts|beginning|begin|begins)\s+with\s+(?!(?:it|them|this|that|these|those)\b|(?:the\s+)?(?:${MONTH_WORDS}|q[1-4]|h[12]|(?:19|20)\d\d|\d{4}-|last|this|next|first|latest|earliest|lowest|highest|best|worst|smallest|largest|biggest|least|most|newest|oldest|cheapest|top|bottom)\b)`,
);
const NAMES_STARTING_REASON =
  "I can't pick out values by the letters their names start with yet; name them in full, or by their first word typed with a capital, as in “Hy-Vee stores” or “Samsung products”.";

/** Orders that hold two things at once: "orders containing both Chairs and Tables", "… Chairs and Tables together". */
const ORDERS_HOLDING_BOTH =
  /\b(?:orders?|invoices?|baskets?|transactions?|purchases?)\b.*\b(?:both\b|together\b|contain\w*\b.*\band\b|with\b.*\band also\b)|\b(?:both|together)\b.*\b(?:in|on) (?:the same|one|an?|each) (?:order|invoice|basket|transaction)\b/;
const ORDERS_HOLDING_BOTH_REASON =
  'I can count the orders with any of several things, not yet those that hold all of them together; “What goes with …?” gives, for one product, how many orders hold it and each other product.';

/** Every order a customer placed, not those of the rows named: "only ever", "of all time". */
const EVER = /\bever\b|\b(?:of all time|all[- ]time|in (?:total|all))\b/;

/** Measures that count something ("how many …"), not amounts of money. */
const COUNTED_MEASURES: ReadonlySet<Measure> = new Set<Measure>([
  'orders',
  'customers',
  'units',
  'products',
  'newCustomers',
  'returningCustomers',
  'returnOrders',
  'repeatCustomers',
  'oneTimeCustomers',
]);

/** A year as a period ("in 2020", "not 2019"), unless written as an amount ("more than 2000", "$2000", "> 2000"). */
const YEAR_NAMED =
  /(?<!\b(?:than|over|above|under|below|least|most|top|bottom|first|last|exceeds?|exceeding)\s+|[$£€#<>=]\s?|[\d,.])\b((?:19|20)\d\d)\b/g;

/**
 * "Which customers spent more than 10000 in 2021 but less than in 2020?" listed 2021's big
 * spenders, and "Revenue in 2021 for customers who bought in 2019" every customer's 2021: a
 * year the question names that none of the spec's periods reaches was dropped, so the answer
 * is to another question. The reason to refuse it, or null when every year named is used.
 */
function yearLeftOut(question: string, spec: QuerySpecInput): string | null {
  const ranges = [spec.period, spec.compareTo, spec.notBoughtIn, spec.alsoBoughtIn].filter((r): r is DayRange => Boolean(r));
  // "Revenue by quarter 2024 vs 2023": each quarter against the same one a year before reads 2023 too.
  if (spec.changeFrom === 'yearBefore' && spec.period) ranges.push({ from: yearBack(spec.period.from), to: yearBack(spec.period.to) });
  // The amounts of thresholds ("between 1000 and 2000") are no years either.
  const named = withoutNamedYears(question.toLowerCase(), spec.filters ?? []);
  const text = withoutBoundingYears(
    thresholdsIn(named).reduce((rest, words) => rest.split(words).join(' '), named),
    ranges,
  );
  const year = [...text.matchAll(YEAR_NAMED)]
    .filter((m) => !AMOUNT_AFTER.test(text.slice(m.index + m[0].length)))
    .map((m) => m[1])
    .find((y) => !ranges.some((r) => r.from <= `${y}-12-31` && r.to >= `${y}-01-01`));
  if (!year) return null;
  const read = ranges.map((r) => `${r.from} … ${r.to}`).join(' against ');
  // The example sets the year left out against the first year read, the later one first.
  const readYear = ranges[0]?.from.slice(0, 4) ?? String(Number(year) + 1);
  const example = readYear > year ? `${readYear} vs ${year}` : `${year} vs ${readYear}`;
  return `I could read this only as a question about ${read || 'the whole file'}, which leaves out ${year}, so its answer would be to another question. Ask for one period, or two compared, such as “revenue by customer in ${example}”.`;
}

/**
 * Customers picked by when they first bought: "the revenue of customers who first bought in
 * 2018" was the revenue of everyone who bought in 2018, "customers who started buying in
 * 2020" all of 2020's buyers, "How much did the 2020 cohort spend in 2021?" the same.
 */
const COHORT_PICKED = new RegExp(
  String.raw`\b(?:(?:19|20)\d\d cohort|cohort of (?:19|20)\d\d|first (?:bought|ordered|purchased|order(?:ed)? (?:in|during|on|before|after|since))|started (?:buying|ordering|purchasing)|(?:${CUSTOMER_NOUNS})\b(?:\s+\w+){0,2}?\s+(?:acquired|won|gained|onboarded|signed(?: up)?|joined|came on board|became (?:a )?customers?) (?:in|during|since|before|after|between|from)\b)`,
);
/** The figures that split customers by their first purchase, which a question so worded asks for. */
const NEWNESS = new Set<Measure>(['newCustomers', 'newCustomerRevenue', 'returningCustomers', 'returningCustomerRevenue']);
const COHORT_FIGURES_ONLY =
  'I can give what new customers bought in the period they first bought in (“revenue from new customers in 2021”), and how many there were (“new customers by quarter”), but not another figure of customers picked by when they first bought yet; the cohort analysis follows each quarter’s new customers over time (“How well do we keep new customers?”).';

/**
 * A figure said of the new customers counted beside it: "new customers in November and how much
 * they spent", "How much did first-time buyers in November spend?" and "avg order value of new
 * customers" got everyone's revenue or average order (£1,461,756.25; the new customers' was
 * £513,767.76). Their revenue is the new customers' revenue; another figure of theirs is refused.
 */
function withFiguresOfTheNew(question: string, parsed: Parsed): Parsed | { kind: 'refused'; reason: string } {
  if (parsed.kind !== 'spec' || !parsed.spec.measures.includes('newCustomers') || parsed.spec.compareTo || parsed.spec.changeFrom)
    return parsed;
  const others = parsed.spec.measures.filter((m) => !NEWNESS.has(m));
  const text = question.toLowerCase();
  // "… and the total revenue they and everyone else brought in" is everyone's.
  if (others.length === 0 || !FIGURE_OF_THE_NEW.test(text) || /\b(?:total|everyone|everybody|all customers)\b/.test(text)) return parsed;
  if (others.some((m) => m !== 'revenue')) return { kind: 'refused', reason: COHORT_FIGURES_ONLY };
  const measures = [...new Set(parsed.spec.measures.map((m): Measure => (m === 'revenue' ? 'newCustomerRevenue' : m)))];
  return { ...parsed, spec: { ...parsed.spec, measures } };
}

/**
 * New customers as whose a figure is: "they spent", "their revenue", "avg order value of new
 * customers", "first-time buyers … spend"; not "number of new customers and revenue".
 */
const FIGURE_OF_THE_NEW =
  /\b(?:they|those customers|these customers)\s+(?:[\w-]+\s+){0,2}?(?:spend|spent|pay|paid|buy|bought|brought in|generated?)\b|\btheir (?:revenue|sales|spend|spending|purchases)\b|\bfrom them\b|\b(?:revenue|sales|spend|spending|purchases|order value|aov)\s+(?:of|from|by|among|for) (?:the |our |all )?(?:new|first[- ]time) (?:customers?|clients?|buyers?|accounts?|shoppers?)\b|\b(?:new|first[- ]time) (?:customers?|clients?|buyers?|accounts?|shoppers?)\b(?:\s+[\w-]+){0,4}?\s+(?:spend|spent|pay|paid|buy|bought)\b/;

/**
 * The text without the words of the range the question was read as, where a year bounds it
 * from outside: "before 2021" is read up to 2020-12-31, and "the year before 2021" is 2020;
 * 2021 is not left out. Only where those words alone name the range: in "revenue in 2021
 * for customers who started after 2020", 2020 is a cohort, left out, and refused.
 */
function withoutBoundingYears(text: string, ranges: readonly DayRange[]): string {
  for (const [words] of text.matchAll(BOUNDED_BY)) {
    const read = periodsOf(words, ANY_DAY).period;
    const after = words.startsWith('after');
    const bounds = read && ranges.some((r) => (after ? r.from === read.from : r.to === read.to));
    if (bounds && !periodsOf(text.replace(words, ' '), ANY_DAY).period) return text.replace(words, ' ');
  }
  return text;
}

/** "Which products did no one buy in 2021?" (it listed 2021's best sellers), "products with no buyers". */
const NO_ONE_BOUGHT =
  /\b(?:no ?one|nobody|no (?:customers?|clients?|buyers?|stores?|accounts?))\s+(?:[a-z]+\s+){0,2}?(?:buy|buys|bought|order|orders|ordered|purchased?)\b|\b(?:had|has|have|with|got) no (?:buyers|customers|clients|takers)\b/;
/** "With no orders", "zero revenue", "did not sell", "whose profit was negative": none of a figure, or below zero. */
const NONE_OF_A_FIGURE = new RegExp(
  String.raw`\b(?:no|zero|nil|negative)\s+(?:revenue|sales|orders?|profit|spend|purchases?|units|margin)\b|${FIGURE_VERB_DENIED.source}|\b(?:is|are|was|were) (?:negative|zero|below zero|under zero)\b|\bbelow zero\b`,
);
/** Without returns: "suppliers with no returns", "customers who never cancelled an order". */
const NO_RETURNS_LISTED =
  /\b(?:no|zero|without(?: any)?)\s+(?:returns?|refunds?|credit notes?|cancell?ations?)\b|(?:n't|\bnot|\bnever)\s+(?:(?:have|had|has|ever|been|made|make|issued?|got|get)\s+)*(?:any\s+)?(?:returns?|returned|refunds?|refunded|credit notes?|cancell?ations?|cancell?ed)\b/;
/** "Customers who didn't have losses": no loss, which is no list of those with one. */
const NO_LOSS = /(?:n't|\bnot|\bnever|\bdidnt)\s+(?:have|had|has|make|made|makes|show|showed|post|posted|lose|lost|run|ran)\b/;
const NONE_OF_A_FIGURE_ONLY =
  'I can list the customers, products or other rows with a figure past a threshold (“customers with revenue below …”), or those with a loss, not those with none of a figure or without it yet.';
/**
 * "Which sub-categories sold more in the West than in the East in 2021?" set 2021 against 2020,
 * and "Which regions sold more Phones than Chairs?" listed every pair: the rows of one value set
 * against another's. The phrase after "than", when it names values of the file and no period
 * or number; null otherwise ("more than 1,000", "more in 2021 than in 2020").
 */
function valueSetAgainstOf(
  question: string,
  text: string,
  meta: SnapshotMeta,
  facts: AnalysisFacts | undefined,
  today: Date | null,
): { phrase: string; label: string } | null {
  if (!LIST_ASKED_FOR.test(text)) return null;
  const m = VALUE_AFTER_THAN.exec(text);
  // "More than once in the West" is a count, "more than 1,000" a threshold, "than last year" a period.
  if (
    !m ||
    /^\d/.test(m[1]) ||
    /^(?:last|this|the (?:year|quarter|month|week|previous|prior|same)|before|ever|usual|average|expected|planned|budget|once|twice|thrice|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple)\b/.test(
      m[1],
    )
  )
    return null;
  if (today && periodsOf(m[1], today, isoDay(meta.firstDay)).period) return null;
  const at = question.toLowerCase().indexOf(m[1]);
  const typed = at >= 0 ? question.slice(at, at + m[1].length) : m[1];
  const named = valuesNamed(`in ${typed}`, meta, facts);
  if ('refused' in named || named.filters.length === 0) return null;
  const label = meta.dimensions.find((d) => d.key === named.filters[0].dimension)?.label ?? named.filters[0].dimension;
  return { phrase: typed, label };
}
/** A list asked for: "which sub-categories", "what regions", "list the customers". */
const LIST_ASKED_FOR = /^(?:which|what|list|show|name|how many)\b/;
/** What a comparative is set against: "more … than (in) the East", up to a period or the end. */
const VALUE_AFTER_THAN = new RegExp(
  String.raw`\b(?:${COMPARATIVES})\b(?:\s+[\w'.&-]+){0,6}?\s+than\s+(?:in |from |for |at |on |to |with |by |of )?(?:the )?(.+?)(?=\s+(?:in|during|for|over|since|from|last|this|between)\s+(?:the\s+)?(?:(?:19|20)\d\d|q[1-4]|h[12]|last|this|year|month|quarter|week|past)\b|[?.!,]*$)`,
);
function valuesNotCompared({ phrase, label }: { phrase: string; label: string }): string {
  return `I can set one period against another (“in 2021 than in 2020”), not one value against another (“${escapeMarkdown(phrase)}”) yet; ask for the figure by ${escapeMarkdown(label)} beside the rows you want (“… by ${escapeMarkdown(label)} and …”), and compare the rows.`;
}

/** A share with nothing named to take it of. */
const SHARE_NEEDS_PART =
  'I need the part to take the share of, named as the file writes it: a customer, a product, a category, a region or another value (no value of the file was found in the question).';

/**
 * `parseQuestion` before checking that it read every year the question names.
 * `valuesLeftOut`: the question's exclusion clause was taken out, so a share is of the rest
 * ("what % of revenue is non-UK").
 */
function parseAsRead(
  question: string,
  meta: SnapshotMeta,
  analysisDay: Date | null,
  facts: AnalysisFacts | undefined,
  valuesLeftOut: boolean,
): Parsed {
  const ofAKind = perCustomerOfAKind(question);
  if (ofAKind) return { kind: 'refused', reason: ofAKind };
  // "Top 5 countries by revenue excluding the UK" was refused: the question without the
  // clause, with the values it names left out.
  const exclusion = exclusionOf(question, meta);
  if (exclusion && 'refused' in exclusion) return { kind: 'refused', reason: exclusion.refused };
  if (exclusion) {
    let parsed = readQuestion(exclusion.rest, meta, analysisDay, facts, true);
    // "Top 5 vendors excluding Diageo Americas" got Diageo's supplier profile: a ranking with a
    // value left out is by revenue, as one with a value kept is.
    if (
      parsed.kind === 'unmapped' &&
      /\b(top|bottom|best|worst|biggest|largest|smallest|most|least|highest|lowest|rank\w*)\b/i.test(exclusion.rest)
    )
      parsed = readQuestion(`${exclusion.rest} by revenue`, meta, analysisDay, facts);
    const excluded = exclusion.filters.map((f) => ({ ...f, exclude: true }));
    // The churn list and the segments narrow to the customers of the other rows; the
    // analysis' other lists (the canned rankings, summaries) can't leave values out.
    if (parsed.kind === 'among') return { ...parsed, where: [...parsed.where, ...excluded] };
    if (parsed.kind === 'unmapped' && WHOLE_FILE_RESULTS.test(exclusion.rest.toLowerCase()))
      return { kind: 'among', where: excluded, reason: NARROWED_LISTS_ONLY };
    if (parsed.kind === 'unmapped') return { kind: 'refused', reason: EXCLUSION_NEEDS_FIGURE };
    if (parsed.kind !== 'spec') return parsed;
    return { kind: 'spec', spec: { ...parsed.spec, filters: [...(parsed.spec.filters ?? []), ...excluded] } };
  }
  // "Which customers spend above average?" listed every customer: the question without those
  // words, its rows then set against their average.
  const average = averageBoundOf(question);
  if (average) return readWithAverage(average, (rest) => parseAsRead(rest, meta, analysisDay, facts, valuesLeftOut));
  // "How many customers does a rep have on average?" counted every customer.
  const over = averageOverOf(question, meta);
  const averaged = over && readAveragedOver(over, (rest) => parseAsRead(rest, meta, analysisDay, facts, valuesLeftOut));
  if (averaged) return averaged;
  // "What is the 3rd best selling product?" got the best one: the top 3, the third the last of them.
  const ordinal = ordinalRankOf(question);
  // "What is the 60th best selling product?": an answer shows 50 rows, so the 60th is none of them.
  if (ordinal && ordinal.n > MAX_ROWS)
    return {
      kind: 'refused',
      reason: `An answer shows ${MAX_ROWS} rows of a ranking at most, so I can't show the place asked for; ask for the top ${MAX_ROWS}, or name a smaller place.`,
    };
  if (ordinal) {
    const ranked = parseAsRead(ordinal.rest, meta, analysisDay, facts, valuesLeftOut);
    if (ranked.kind === 'spec' && ranked.spec.limit === 1 && (ranked.spec.groupBy ?? []).length > 0)
      return { ...ranked, spec: { ...ranked.spec, limit: ordinal.n }, note: [ordinal.note, ranked.note].filter(Boolean).join(' ') };
    // The canned lists rank the top customers and products themselves ("Who is our second biggest customer?").
    if (ranked.kind !== 'spec') return ranked;
    return {
      kind: 'refused',
      reason: `I can rank the top or bottom ${ordinal.n}, the place asked for last among them (“top ${ordinal.n} products by revenue”), but couldn't read this question so.`,
    };
  }
  // "Total revenue of customers who bought Tables" got their Tables revenue: the figures of all the buyers bought.
  const buyers = buyersOfQuestion(question, meta, facts);
  if (buyers && 'refused' in buyers) return { kind: 'refused', reason: buyers.refused };
  const ofBuyers =
    buyers && withBuyers(buyers, (rest) => parseAsRead(rest, meta, analysisDay, facts, valuesLeftOut), { meta, today: analysisDay });
  if (ofBuyers) return ofBuyers;
  const text = questionText(question, meta);
  const values = valuesNamed(question, meta, facts);
  // The values named tell "Which Hydraulics customers also bought Bearings?" from what goes with a product.
  const routed = routedByWording(text, question, meta, analysisDay, 'refused' in values ? [] : values.filters);
  if (routed) return routed;
  // "What is the revenue of Champions?" was told "Champions" is not in the file: a segment's
  // figure, read with the other values named ("Champions in Texas" on a file without Texas is refused).
  if (SEGMENT_NAMED.test(text)) {
    const others = valuesNamed(question.replace(new RegExp(SEGMENT_NAMED.source, 'gi'), ' '), meta, facts);
    if ('refused' in others) return { kind: 'refused', reason: others.refused };
    const segment =
      segmentFigureRoute(text, meta, analysisDay, others.filters) ?? churnOrSegmentsAnswer(text, meta, others.filters, analysisDay);
    if (segment) return segment;
  }
  // "The revenue at risk from churn" and "at-risk customers" were looked up as names.
  if ('refused' in values && CHURN_NAMED.test(text)) {
    const others = valuesNamed(question.replace(new RegExp(CHURN_NAMED.source, 'gi'), ' '), meta, facts);
    const churn = 'refused' in others ? null : churnOrSegmentsAnswer(text, meta, others.filters, analysisDay);
    if (churn) return churn;
  }
  const today = analysisDay ?? ANY_DAY;
  if ('refused' in values) return { kind: 'refused', reason: values.refused };
  const { filters, customerNoun } = values;
  const namesCustomers = customersNamedIn(
    text,
    customerNoun,
    filters.filter((f) => f.dimension === 'customer').flatMap((f) => f.values),
  );
  // "Which customers bought in every year?" was refused: the customers of each whole unit.
  const everyUnit = customersOfEveryUnit(text, meta, filters, today);
  if (everyUnit) return everyUnit;
  // Where a value is named, a product named by its code stands as its description.
  const placed = withProductCodesAs('label', text, meta, facts);
  const shape = unsupportedShape(text, meta, filters, placed);
  if (shape) return shape;
  // "Which store bought the most expensive bottle?" ranked stores by the average price they paid.
  if (BOUGHT_THE_PRICIEST.test(text)) return { kind: 'refused', reason: BOUGHT_THE_PRICIEST_REASON };
  // "Revenue per city for cities starting with cedar" gave every city's: a name's first letters select nothing yet.
  if (NAMES_STARTING.test(text)) return { kind: 'refused', reason: NAMES_STARTING_REASON };
  // "Which customers bought Chairs and Tables?" counted those who bought either.
  const together = boughtTogether(placed, filters);
  if (together && 'kind' in together) return together;
  if (together)
    return whoBoughtAll(
      text,
      filters,
      together,
      { today, firstDay: isoDay(meta.firstDay) },
      measuresNamed(text, meta, perCustomerApart(customerNoun)),
    );
  // "How many orders contained both Chairs and Tables?" counted the orders with either (852; 31 hold both).
  // An order is in one place, so "orders from both Texas and California" are either's.
  // "Chairs and Technology products" are two columns' values, which each line would have to hold (0).
  const goods = filters.filter((f) => !f.exclude && isBought(f.dimension, meta));
  if (
    ORDERS_HOLDING_BOTH.test(text) &&
    !/\b(?:or|either)\b/.test(text) &&
    (goods.some((f) => f.values.length > 1) || new Set(goods.map((f) => f.dimension)).size > 1)
  )
    return { kind: 'refused', reason: ORDERS_HOLDING_BOTH_REASON };
  const onlyOne = ONLY_ONE.exec(text);
  // "How many orders were returned?" must not be answered with all orders: a column that
  // marks returned orders (a joined returns list) filters them; without one, the returns
  // are the lines that reduce revenue, and the figure asked for becomes a returns measure.
  let returnsAsked = false;
  if (RETURNS.test(text)) {
    const returned = returnedFilterOf(meta);
    if (returned) {
      if (!filters.some((f) => f.dimension === returned.dimension)) filters.push(returned);
    } else if (meta.returnLines === 0) return { kind: 'refused', reason: NO_RETURNS };
    else returnsAsked = true;
  }
  const fromTheAnalysis = churnOrSegmentsAnswer(text, meta, filters, analysisDay);
  if (fromTheAnalysis) return fromTheAnalysis;
  if (WHOM_TO_CALL.test(text)) return whomToCall(text, meta, filters);
  const perCustomer = perCustomerApart(customerNoun);
  const asked = measuresNamed(text, meta, perCustomer);
  if ('refused' in asked) return { kind: 'refused', reason: asked.refused };
  // "Rep 3 vs Rep 13 customers", "2019 vs 2020 customers" and "des moines vs west des moines
  // bottles" got revenue side by side: what is counted is the noun the question names.
  let measures = asked.measures.length > 0 ? asked.measures : countedSetAgainst(text, customerNoun, filters);
  // "Year over year growth of Furniture" named no figure, and the top Furniture products answered it: growth is of sales.
  if (measures.length === 0 && /\b(?:growth|grew|growing)\b/.test(text)) measures = ['revenue'];
  if (COHORT_PICKED.test(text) && !measures.every((m) => NEWNESS.has(m))) return { kind: 'refused', reason: COHORT_FIGURES_ONLY };
  // "How many customers did we lose in 2024?" is a lapsed-buyer question, not a count of 2024's customers.
  // "Which customers are we losing money on?" is a loss, not customers lost. "Which customers
  // lost the most profit in 2021 vs 2020?" listed those who bought in 2021 but not 2020: a
  // figure lost is a fall in that figure.
  const figureLost = LOST_MOST.test(text) && !(measures.length > 0 && measures.every((m) => m === 'customers'));
  const lostCustomers =
    /\b(lose|lost|losing|churned)\b(?! (?:us |me )?money)/.test(text) && !LOSS.test(text) && !figureLost && namesCustomers;
  // "… who did not buy in 2021": bought before that period but not in it. "Which products
  // haven't sold since October?" listed the products that had: what did not sell is refused there.
  const didNotBuy = PURCHASE_DENIED_THEN.test(text);
  // "Customers who ordered more than once" once counted every customer.
  // "Customers who bought in Q1 1997 but never bought again" are those silent after Q1, not those with one order in it.
  const neverAgainAfter = NEVER_AGAIN.test(text) && Boolean(periodsOf(text, today, isoDay(meta.firstDay)).period);
  // "Repeat rate, customers with 2+ orders, customers with one order": the rate's own figures.
  const orderCount: Measure | null =
    neverAgainAfter || REPEAT_RATE.test(text)
      ? null
      : ONE_TIME.test(text)
        ? 'oneTimeCustomers'
        : MORE_THAN_ONCE.test(text) || AGAIN.test(text)
          ? 'repeatCustomers'
          : null;
  if (orderCount && measures.some((m) => m !== 'customers' && m !== 'returningCustomers' && m !== 'newCustomers'))
    return { kind: 'refused', reason: ORDER_COUNT_ONLY };
  // "What percentage of customers came back after their first order?" was refused as no share of revenue.
  // "What percent of customers are repeat buyers?" too.
  const rateAsked = REPEAT_RATE.test(text) || (SHARE_OF_CUSTOMERS.test(text) && (orderCount !== null || REPEAT_CUSTOMERS.test(text)));
  if (rateAsked && orderCount === 'oneTimeCustomers')
    return {
      kind: 'refused',
      reason:
        'I can give the repeat rate, the share of customers with two or more orders, beside the number who ordered once; ask “What is our repeat rate?”.',
    };
  // "How many customers did we keep from 2020?" counted 2020's customers (638), kept or not.
  const keepAsked = KEPT.test(text) && !/\bkeep (an eye|track|tabs)\b/.test(text) && !orderCount;
  const explicitlyNot = /\bbut (not|never)\b|\band not\b/.test(text) || didNotBuy;
  const lapsed = !orderCount && (explicitlyNot || neverAgainAfter || /\bno longer\b/.test(text) || STOPPED.test(text) || lostCustomers);
  // Customers listed, with no other figure: who was kept (whoWasKept), who never bought a value (whoNeverBought).
  // "Who buys Hydraulics but not Bearings in DE-North?" was refused as one product but not another: "who" asks for customers.
  const customersListed =
    (namesCustomers || WHO_BUYS.test(text)) &&
    measures.every((m) => m === 'customers' || m === 'returningCustomers' || m === 'repeatCustomers');
  const keptAsked = (keepAsked || KEPT_WORDS.test(text)) && !lapsed && customersListed;
  const shareAsked = !rateAsked && SHARE.test(text);
  if (returnsAsked) {
    // "What percentage of orders were returned?" is a return rate, not a share of revenue.
    if (RETURNS_AVERAGE.test(text)) return { kind: 'refused', reason: NO_RETURNS_AVERAGE };
    // "Customers who have never cancelled an order", "suppliers with no returns" listed those with returns.
    if (NO_RETURNS_LISTED.test(text)) return { kind: 'refused', reason: NONE_OF_A_FIGURE_ONLY };
    const asked = lapsed || shareAsked ? null : returnsMeasuresOf(measures, text);
    if (!asked) return { kind: 'refused', reason: RETURN_RATE.test(text) || shareAsked ? NO_RETURN_RATE : RETURNS_MEASURES_ONLY };
    measures = asked;
  } else if (
    shareAsked &&
    !keptAsked &&
    !lapsed &&
    // "What share of Technology profit comes from the West?": one value's profit, named before it.
    (SHARE_OF_PROFIT.test(text) || shareOfNamed('profit').test(text)) &&
    !SHARE_OF_REVENUE.test(text) &&
    measures.every((m) => m === 'grossProfit' || m === 'revenue')
  ) {
    // "What % of profit comes from Technology?" was refused: the share of gross profit, then the profit it is of.
    if (!meta.hasCost) return { kind: 'refused', reason: "This file has no cost column, so gross profit can't be computed." };
    measures = ['profitShare', 'grossProfit'];
  } else if (shareAsked && !keptAsked && !lapsed && asksShareOfCustomers(text, customerNoun) && measures.every((m) => m === 'customers')) {
    // "What percentage of customers are in the West?" was refused: the share of customers, then how many they are.
    measures = ['customerShare', 'customers'];
  } else if (shareAsked && !keptAsked) {
    // "What share of revenue comes from the West?": the share, then the revenue it is of.
    // "What share of Technology sales is in the West?" is a share of one value's revenue (shareWithin below).
    if (lapsed || !(SHARE_OF_REVENUE.test(text) || SHARE_OF_NAMED_REVENUE.test(text)) || measures.some((m) => m !== 'revenue'))
      return { kind: 'refused', reason: SHARE_OF_NAMED_REVENUE.test(text) ? shareOfOneValue('revenue') : shareOfRevenueOnly(meta.hasCost) };
    measures = ['revenueShare', 'revenue'];
  }
  if (lapsed) measures = ['customers'];
  const comparedValue = valueSetAgainstOf(question, text, meta, facts, today);
  if (comparedValue) return { kind: 'refused', reason: valuesNotCompared(comparedValue) };
  // "Which quarters grew?": each unit against the one before, read before the periods, since
  // "the same quarter last year" names the comparison, not a period.
  // "Rose O'Brian profit" set 2021 against 2020: a word of change inside a name placed is none.
  const changeText = withoutNames(
    text,
    filters.flatMap((f) => f.values),
  );
  let unitChange = unitChangeOf(text, CHANGE.test(changeText));
  const periods = periodsOf(withoutAmountRanges(withoutNamedYears(unitChange?.rest ?? text, filters)), today, isoDay(meta.firstDay));
  if (periods.unread)
    return {
      kind: 'refused',
      reason: `I couldn't read the period “${periods.unread}”. Name it as a year, a quarter, a half, a month or dates, such as 2021-07-01 to 2021-12-31.`,
    };
  let { period, other } = periods;
  // "Customers in November who didn't buy in October" read November alone, and listed October's
  // buyers not seen in November: a period on each side of the denial is two.
  if (period && !other && didNotBuy) [period, other] = periodsAroundDenial(text, today, meta) ?? [period, other];
  // "How many of our 2023 customers also bought in 2024?" got the cross-sell answer.
  const twoNamed = period && other ? ([period, other] as const) : periods.ends && !unitChange ? periods.ends : null;
  const customersOf = keptAsked && !twoNamed ? customersOfPeriodAndAnother(text, today) : null;
  const both = twoNamed ?? customersOf;
  if (keptAsked && both) return whoWasKept(text, filters, both, Boolean(customersOf));
  // "Which customers buy Hydraulics but not Bearings?" was refused as one product but not another.
  // "… haven't bought Hydraulics this year" are its buyers silent since (whoStoppedBuying), not this year's others.
  const silent = !other && silentThroughNow(text, period, today);
  const never = customersListed && !keptAsked && !silent ? whoNeverBought(placed, filters, period, other) : null;
  if (never) return never;
  // "How many customers ordered in both October and November?" counted every customer of the file.
  if (keptAsked && /\bboth\b/.test(text) && (period || other || NAMES_A_PERIOD_WORD.test(text)))
    return {
      kind: 'refused',
      reason: `I couldn't read the two periods here; name each with its year, such as “customers who bought in both October ${today.getUTCFullYear() - 1} and November ${today.getUTCFullYear() - 1}”.`,
    };
  // "What share of customers still buy?" names no two periods: the share is not given.
  if (shareAsked && keptAsked) return { kind: 'refused', reason: shareOfRevenueOnly(meta.hasCost) };
  if (keepAsked) {
    const year = today.getUTCFullYear();
    return {
      kind: 'refused',
      reason: `I can list the customers who bought in both of two periods, with the share of the first period's buyers they are ("customers who bought in both ${year - 1} and ${year}"), or those who bought in one but not the other. The retention analysis gives the share still buying too ("What is our net revenue retention?").`,
    };
  }
  // "Which products grew from October to November?" set the two months as one span against the
  // two before: a change from one month (quarter, year) to another compares the two. Customers
  // who stopped buying "from January to March" are silent through the span, and "monthly
  // growth from January to June" is each month's change within it.
  const [start, end] = periods.ends ?? [];
  // "Annual spending grew from 2020 to 2021" is still the two years.
  const adjacent = start && end ? periodBefore(end).from === start.from : false;
  const byUnit = unitChange || OVER_TIME_UNIT.test(text) || (EACH_UNIT.test(text) && !adjacent);
  // "Which customers doubled their spend from 2020 to 2021?" set 2020–2021 against 2018–2019: a multiple is a change too.
  if (start && end && !lapsed && !byUnit && (GROWTH.test(text) || DECLINE.test(text) || MULTIPLE.test(text) || /\bchang/.test(text))) {
    const unit = wholeUnitOf(start);
    if (unit && unit === wholeUnitOf(end) && start.to < end.from) [period, other] = [end, start];
  }
  // "Revenue by month in 2021 vs 2020" sets two periods against each other, not units.
  if (other) unitChange = null;
  // "What were our last orders?" got the count of all orders: single orders are no rows the query lists.
  if (LATEST_ORDERS.test(text) && !filters.some((f) => f.dimension === 'customer'))
    return {
      kind: 'refused',
      reason: 'I can\'t list single orders; ask for a recent period instead, such as "revenue by customer in the last 7 days".',
    };
  // "When was the last order from Sean Miller?" got his revenue: the date is his profile's.
  // "When did Justin Deggeller last order a phone?" got his last order of all (2021-11-19; of
  // Phones, 2019-11-27): the profile's day is of everything the customer bought.
  const customerDay = filters.find((f) => f.dimension === 'customer');
  const dayOfSomeRows = customerDay && filters.some((f) => f.dimension !== 'customer');
  if (/\bwhen\b/.test(text) && /\b(?:last|latest|most recent|first|earliest)\s+(?:order|purchase|invoice)\b/.test(text) && customerDay)
    return dayOfSomeRows
      ? { kind: 'refused', reason: dayOfSomeRowsReason(customerDay.values[0], otherValueOf(filters)) }
      : { kind: 'unmapped', reason: "One customer's first and last orders are in their profile." };
  // "When did we last sell chairs?" got Chairs' revenue (328,449.10), "how long since we sold
  // Xerox 1989" its revenue: a day is asked, which no figure of the rows is.
  if (WHEN_SOLD.test(text)) {
    const customer = filters.length === 1 && filters[0].dimension === 'customer' ? filters[0].values[0] : null;
    // "When did we last sell to Sean Miller?" went to the cross-sell answer by its "sell to".
    if (customer && /\b(?:sell|sold) to\b/.test(text))
      return { kind: 'refused', reason: `A customer's first and last orders are in their profile: ask “When did ${customer} last buy?”.` };
    if (customer) return { kind: 'unmapped', reason: "One customer's first and last orders are in their profile." };
    return {
      kind: 'refused',
      reason:
        "I can tell when a customer first or last bought (“When was Sean Miller's last order?”), but not the first or last day a product, place or group sold yet; ask for its revenue by month to see when it sold.",
    };
  }
  // "What did Sean Miller buy last?" listed all he ever bought: what he bought on his last purchase day.
  const lastOf = LAST_PURCHASE.test(text) && !/\bwhen\b/.test(text) ? filters.find((f) => f.dimension === 'customer') : undefined;
  // "Last order date for Natalie Fritzler in Technology" kept her last day of all (2021-10-12), and found no Technology on it.
  if (lastOf && !period && dayOfSomeRows) return { kind: 'refused', reason: dayOfSomeRowsReason(lastOf.values[0], otherValueOf(filters)) };
  if (lastOf && !period) {
    const day = lastOf.values.length === 1 && lastOf.match !== 'startsWith' ? (facts?.lastPurchaseOf(lastOf.values[0]) ?? null) : null;
    if (!day)
      return {
        kind: 'refused',
        reason:
          'I can\'t pick out one customer\'s last purchase here; their profile gives its date ("How is … doing?"), then ask what they bought that day, such as "What did … buy on 2021-10-12?".',
      };
    period = { from: day, to: day };
    if (measures.length === 0) measures = ['revenue'];
  }
  // "Bought again in November" came back after buying before it; with no period, "again" and
  // "repeat customers" are customers with 2+ orders (no one bought before the whole file).
  // "Bought in December 2010 and came back in 2011" names both periods: the customers of both
  // are whoWasKept's above, other figures of them the query can't give.
  if (orderCount && period && other)
    return {
      kind: 'refused',
      reason: `I can list the customers who bought in both of two periods (“customers who bought in both ${today.getUTCFullYear() - 1} and ${today.getUTCFullYear()}”), with what they bought in each, but not other figures of them yet.`,
    };
  if (rateAsked) measures = ['repeatRate', 'repeatCustomers', 'oneTimeCustomers'];
  else if (orderCount)
    measures = [orderCount === 'repeatCustomers' && period && !MORE_THAN_ONCE.test(text) ? 'returningCustomers' : orderCount];
  // Over the whole file "returning" is a repeat customer; by year (quarter …) it is one who bought before.
  else if (
    !period &&
    !/\b(?:by|per|each) (?:year|quarter|month|week)\b|\b(?:yearly|quarterly|monthly|weekly|annually|over time|trends?|trending)\b/.test(
      text,
    )
  )
    measures = measures.map((m) => (m === 'returningCustomers' ? 'repeatCustomers' : m));
  // "How did Furniture sales change?", "which category is growing fastest?" name no periods
  // to compare: say so, not the total or the file's trend. "Is revenue growing?" goes on to
  // the trend answer, which compares the first and last full months; "did sales go up?"
  // had been answered with the total.
  // Products alone have a trend of their own in the analysis (the last 6 months against the 6
  // before), which the canned answers rank: "Which products are declining?" goes there.
  // "Which customers have been buying less each month?" got the monthly revenue trend.
  if (!period && BUYING_LESS.test(text) && !/\b(sell|sells|selling|sold) (less|more|fewer)\b/.test(text))
    return {
      kind: 'refused',
      reason: `To say who buys less or more I need two periods${examplesOfTwo(meta)}.`,
    };
  // "Which customers doubled their spend?" got their revenue: a multiple is of one period's figure over another's.
  if (!period && MULTIPLE.test(text)) return { kind: 'refused', reason: twoPeriodsToChange(meta) };
  // "Which customers are declining?" was refused while "Which products are declining?" had the
  // analysis' answer: "which" or "top" rows by a way of change with no period compare the last
  // 12 full months with the 12 before, as the summary's year-over-year growth does (half-years
  // would set a seasonal business's strong half against its weak one), and the note says so.
  let yearOverYearNote: string | null = null;
  if (!period && CHANGE.test(changeText) && !OVER_TIME_UNIT.test(text) && !unitChange) {
    // "Which products to drop" is no fall.
    const ranked =
      asksForGrouping(text, meta) && !asksForProductTrend(text) && !DISCONTINUE.test(text) && (GROWTH.test(text) || DECLINE.test(text));
    // "Is New York growing?" was refused while "Which states are shrinking?" was answered: one
    // value named, with a way of change and no period, is set the same way.
    const named = filters.length > 0 && !asksForProductTrend(text) && (GROWTH.test(text) || DECLINE.test(text));
    const first = isoDay(meta.firstDay);
    const years = (ranked || named) && first !== null && meta.hasDates ? yearOverYearOf(first, today) : null;
    if (!years)
      return {
        kind: (filters.length > 0 || asksForGrouping(text, meta)) && !asksForProductTrend(text) ? 'refused' : 'unmapped',
        reason: twoPeriodsToChange(meta),
      };
    [period, other] = [years.recent, years.prior];
    yearOverYearNote = `No period was named, so this sets the last 12 full months against the 12 before, as the year-over-year growth of the summary does; name two periods to compare others, such as "in ${years.recent.to.slice(0, 4)} vs ${years.prior.to.slice(0, 4)}".`;
  }
  // "Revenue growth from 2010 to 2011": the later period against the earlier, not one range spanning both.
  // "Churned from 2020 to 2021" is from one to the other; "stopped buying from January to March" one span.
  const pair = period && !other && (CHANGE.test(changeText) || lostCustomers) ? fromToOf(text, today) : null;
  if (pair) [period, other] = [pair[1], pair[0]];
  // "This year", "this month": a period to date, set against the same days of the one before.
  const toDate = period === periods.period ? periods.toDate : undefined;
  let fewDays: string | null = null;
  const ways = waysBoughtIn(text);
  if (ways.length > 1)
    return {
      kind: 'refused',
      reason: `I can keep the rows by one change at a time, and this question names ${ways.length} (${ways.map((w) => `“${w}”`).join(', ')}); ask with one, and name the other figure to see it beside it.`,
    };
  // "Which customers are buying less than last year?": what they buy is revenue, how often they order is orders.
  const bought =
    measures.length === 0 && period && (comparativeOf(text, periods.than === true) || MULTIPLE.test(text)) ? figureBoughtOf(text) : null;
  if (bought) measures = [bought];
  // "Which customers spent less in 2021 than 2020, with their orders?" kept those whose orders
  // fell: the change that keeps the rows is the one the verb names, the other figure is beside it.
  // "How many customers spent less …?" counts them (rankAsAsked), with no figure to put first.
  const wayFigure =
    ways.length === 1 && period && other && measures.length > 0 && !measures.includes('customers') ? figureBoughtOf(ways[0]) : null;
  if (wayFigure) measures = [wayFigure, ...measures.filter((m) => m !== wayFigure)].slice(0, 4);
  // "Compare Q4 2021 with Q4 2020 by category" names no figure: a comparison of two periods
  // is of sales, and the answer's first line says "revenue", so the reading is never hidden.
  // "Which region grew the most in 2024?" is the same, against the period before (it was refused).
  if (
    measures.length === 0 &&
    period &&
    // "Is November 2011 better than November 2010?" too.
    ((other && (periods.than || /\b(compare|compared|comparing|vs\.?|versus)\b/.test(text))) ||
      CHANGE.test(changeText) ||
      PERFORMED.test(text))
  )
    measures = ['revenue'];
  if (measures.length === 0 && unitChange && !unitChange.overall) measures = ['revenue'];
  // "Compare the West and East in 2021" was refused as a question about segments: two values side by side are of sales too.
  if (measures.length === 0 && /\b(compare|compared|comparing|vs\.?|versus)\b/.test(text) && filters.some((f) => f.values.length > 1))
    measures = ['revenue'];
  // "Which customer bought the most chairs?": most of what they paid, as the first line says.
  // "Who purchases the most Technology?" got Technology's top products; "which customer pays the most in Texas?" everyone's.
  if (measures.length === 0 && /\b(bought|buys|buy|purchases|purchase|purchased|ordered|orders|pays|paid) (the )?most\b/.test(text))
    measures = ['revenue'];
  // "Top 3 customers in DE-South in 2024": ranked by revenue, as the answers without a period
  // rank them; those can't take the period, and once answered for all time instead.
  // The same for "the trend in Germany": revenue by month, which the file-wide trend answer can't slice.
  // "Which is our best category?" and "the worst region" got the help list: the analysis' own
  // rankings are of customers, products and suppliers only.
  if (
    measures.length === 0 &&
    (period || filters.length > 0 || namesGroupingOutsideTheAnalysis(text, meta)) &&
    /\b(top|best|biggest|largest|bottom|worst|smallest|trends?|trending)\b/.test(text)
  )
    measures = ['revenue'];
  // "What did our top customers buy?" got the top product of all customers: a ranked group of
  // customers is no filter the query has.
  const rankedBuyers = RANKED_BUYERS.exec(text);
  if (rankedBuyers && !filters.some((f) => f.dimension === 'customer'))
    return {
      kind: 'refused',
      reason: `I can't pick out what the ${rankedBuyers[1]} ${rankedBuyers[2]} bought in one step yet; ask for them first (“top 10 customers by revenue”), then what one of them bought (“What did … buy?”).`,
    };
  // "What did customer 12346 buy?": their products, by what they paid (it was refused).
  // "What do customers buy most?" too: "buy most" made it revenue, and it got the total.
  // "What did customer 14646 buy most in November 2011?" got the customer's total the same way.
  const revenueByBuying = measures.join() === 'revenue' && !/\b(revenue|sales|turnover|income|spend|spent|spending|worth)\b/.test(text);
  // "What does Supplier 13 sell?" got its revenue, "Which categories does Acme Supply supply?" nothing: what a supplier sells is its goods.
  const whatSold = filters.some((f) => f.dimension === 'supplier') && WHAT_SOLD.test(text);
  const whatBought =
    (measures.length === 0 || (measures[0] === 'revenue' && CUSTOMERS_AS_SUBJECT.test(text)) || revenueByBuying) &&
    (WHAT_BOUGHT.test(text) || whatSold || WHAT_WE_SELL_TO.test(text));
  if (whatBought) measures = ['revenue'];
  // "What did new customers in November buy?" got their count alone: what they bought is by
  // product, as "Which products did new customers buy in November?" gets it.
  const newBuyersBought = measures.length > 0 && measures.every((m) => m === 'newCustomers') && WHAT_BOUGHT.test(text);
  // "Products bought by more than 500 customers": the figure the threshold names.
  const threshold = thresholdOf(text);
  // "Customers who spent more than 2020" kept those past 2,020 in 2020 alone: the number was
  // read as the bound and as the year. Which it is can't be told ("less than 2020" may be "than in 2020").
  if (threshold && threshold.unit === null && YEAR_AS_BOUND.test(threshold.words) && !otherYearThan(text, threshold.value))
    return { kind: 'refused', reason: yearOrAmount(threshold.words, threshold.value) };
  const thresholds = thresholdsIn(text);
  if (thresholds.length > 1)
    return {
      kind: 'refused',
      reason: `I can keep the rows past one threshold at a time, and this question names ${thresholds.length} (${thresholds.map((t) => `“${t}”`).join(', ')}); ask with one, and name the other figure to see it beside it.`,
    };
  if (measures.length === 0 && threshold?.unit && threshold.unit !== 'percent' && threshold.unit !== 'other') measures = [threshold.unit];
  if (measures.length === 0 && onlyOne) measures = ['products'];
  // "Which products have only one customer?" was unmapped: the customers of each, kept at 1.
  // "Which items does only one store buy?" on Iowa, whose customers are its stores.
  const oneCustomer = ONE_CUSTOMER.test(
    customerNoun ? text.replace(new RegExp(`\\b${escapeRegex(customerNoun)}\\b`, 'g'), 'customer') : text,
  );
  if (measures.length === 0 && oneCustomer) measures = ['customers'];
  // "Which customers bought more than 1000 in 2011?" asked for the figure: an amount bought is money.
  // "Customers over 5k in 2021" too: the customers listed, past an amount of money.
  if (measures.length === 0 && threshold && !threshold.unit && (threshold.spent || /\b(buy|buys|buying|bought|purchased?)\b/.test(text)))
    measures = ['revenue'];
  // "Which customers buy from Supplier 13?": what they bought, not the supplier's summary.
  if (measures.length === 0 && /\b(buy|buys|bought|purchase[sd]?|order(ed|s)?) from\b/.test(text)) measures = ['revenue'];
  // "Products supplied by bacardi" got the file's top products: what each of the supplier's sold.
  const productsOfSupplier = measures.length === 0 && filters.some((f) => f.dimension === 'supplier') && PRODUCTS_OF_SUPPLIER.test(text);
  if (productsOfSupplier) measures = ['revenue'];
  // "Which customers bought Xerox 1967?", "who bought Paper in 2020?": what each paid for it
  // (they got the product's summary, or were refused for naming no figure).
  if (measures.length === 0 && filters.length > 0 && asksWhoBought(text, meta, filters)) measures = ['revenue'];
  // "Best month in 2020": the month with the most revenue in that period, not the file's trend.
  // "Which customers are inactive?", "active customers by month": customers (a list of the
  // active ones is of what they bought); the period is set below, once the grouping is known.
  const activityAsked = activityOf(text);
  if (measures.length === 0 && activityAsked)
    measures = activityAsked === 'active' && /\b(which|who|list|show)\b/.test(text) ? ['revenue'] : ['customers'];
  const peak = peakOf(text);
  if (measures.length === 0 && peak) measures = ['revenue'];
  // "How many countries do we sell to?" got all revenue, and "How many countries?" was unmapped.
  const countAsked = threshold || lapsed ? null : valuesCountedOf(text, meta);
  const valuesCounted = countAsked && onlyCounted(text, countAsked.phrase, filters) ? countAsked : null;
  if (measures.length === 0 && valuesCounted) measures = ['revenue'];
  // "How many products?", "How many products in Furniture?" were unmapped: the products sold, counted
  // ("How many items in stock?" names stock, which no row holds).
  const productsCounted = /\b(?:how many|number of)\s+(?:different\s+|distinct\s+|unique\s+)?(?:products|items|skus|articles)\b/.exec(text);
  if (measures.length === 0 && productsCounted && onlyCounted(text, productsCounted[0], filters)) measures = ['products'];
  // "Which products are sold in the most countries?" listed product × country revenue.
  // "How many suppliers does each customer buy from?" listed customer × supplier revenue.
  const distinctPerRow = DISTINCT_PER_ROW.exec(text) ?? COUNTED_PER_ROW.exec(text);
  const perRow = distinctPerRow ? dimensionOfNoun(distinctPerRow[1], meta) : null;
  if (distinctPerRow && perRow && perRow !== 'customer' && perRow !== 'product')
    return {
      kind: 'refused',
      reason: `I can count customers and products for each row, but not how many ${pluralNoun(distinctPerRow[1])} each has yet; ask for revenue by ${singular(distinctPerRow[1])} for one of them instead.`,
    };
  // Iowa's "Which vendor sells in the most counties?" got the top vendor by revenue: the file has no
  // county. Only a plural noun: "in the most recent month" counts nothing.
  if (
    distinctPerRow &&
    !perRow &&
    /s$/.test(distinctPerRow[1]) &&
    /\b(?:in|across|to|from|at|by) the $/.test(text.slice(0, distinctPerRow.index)) &&
    !isGrammarWord(distinctPerRow[1])
  )
    return {
      kind: 'refused',
      reason: `I can count customers and products for each row, but this file has no ${singular(distinctPerRow[1])} column to count ${pluralNoun(distinctPerRow[1])} by.`,
    };
  // "Which customers depend on Supplier 13?" got the supplier's products: its buyers, by what each bought from it.
  const buyersOfSupplier = measures.length === 0 && RELY_ON.test(text) && namesCustomers && filters.some((f) => f.dimension === 'supplier');
  // "Which accounts does Rep 25 handle?" got the help list, and "Which customers are in AT?" a
  // refusal: the customers of the value named, by what each bought.
  const customersOfValue =
    measures.length === 0 &&
    CUSTOMERS_LISTED.test(text) &&
    filters.some((f) => f.dimension !== 'customer') &&
    !WHOLE_FILE_RESULTS.test(text);
  if (buyersOfSupplier || customersOfValue) measures = ['revenue'];
  // "Which customers bought in December 2024?" was refused as naming no figure: who bought in a
  // period, by what each paid there.
  const whoBoughtThen = measures.length === 0 && period && !other && (namesCustomers || /\bwho\b/.test(text)) && BOUGHT_THEN.test(text);
  if (whoBoughtThen) measures = ['revenue'];
  // "Did Sean Miller buy anything in 2021?" was refused as naming no figure: their orders then, none or some.
  const didTheyBuy =
    measures.length === 0 &&
    period &&
    !other &&
    /^(?:(?:and|so) )?(?:did|has|have|does)\b/.test(text) &&
    BOUGHT_THEN.test(text) &&
    filters.some((f) => f.dimension === 'customer');
  if (didTheyBuy) measures = ['orders'];
  // "When did Sean Miller buy Machines?" was refused as naming no figure: the months with a purchase, and what it came to.
  if (measures.length === 0 && !other && WHEN_BOUGHT.test(text) && filters.length > 0 && meta.hasDates)
    return {
      kind: 'spec',
      spec: {
        measures: ['revenue'],
        groupBy: ['month'],
        filters,
        having: { measure: 'revenue', op: '>', value: 0 },
        ...(period ? { period } : {}),
      },
    };
  // "How dependent are we on Safety products?" got the customer concentration, and "How much do
  // we rely on DE-North?" was refused as concentration within DE-North: the value's share of revenue.
  const reliedOn = DEPENDENCE_ON_VALUE.test(text) ? filters.filter((f) => f.dimension !== 'supplier') : [];
  if (reliedOn.length > 0 && reliedOn.length === filters.length && !/\b(?:which|by|per|each)\b/.test(text))
    return { kind: 'spec', spec: { measures: ['revenueShare', 'revenue'], filters, ...(period ? { period } : {}) } };
  // "Which region depends most on Acme Supply?" listed Acme's products: a value's share of each group's revenue.
  const groupRelies = GROUP_RELIES.exec(text);
  const reliant = groupRelies?.[1] ?? groupRelies?.[2];
  if (reliant && filters.length > 0)
    return {
      kind: 'refused',
      reason: `I can give a value's share of all revenue (“What share of revenue comes from ${filters[0].values[0]}?”), not of each ${singular(reliant)}'s own revenue yet; ask for the ${pluralNoun(singular(reliant))}' revenue with and without it, and divide.`,
    };
  if (measures.length === 0 && groupOfOneNamed(text, meta, filters, perCustomer)) measures = ['revenue'];
  if (measures.length === 0 && rankedWithNoFigure(text, meta, filters, perCustomer)) measures = ['revenue'];
  if (measures.length === 0) return noFigureAnswer(text, meta, filters, period);
  // "How concentrated was revenue in 2023?" is no revenue total.
  if (CONCENTRATION.test(text) && !buyersOfSupplier) {
    // "How concentrated is revenue among customers in Texas?" got the whole file's figures
    // (a supplier's dependency is the supplier answers').
    const narrowed = filters.find((f) => f.dimension !== 'customer' && f.dimension !== 'supplier');
    if (narrowed)
      return {
        kind: 'refused',
        reason: `Concentration is worked out for the whole file's customers, not for ${namedFilterWords(narrowed, meta)} yet; ask for their top customers with their share, such as “top 10 customers in ${narrowed.values[0]} by share of revenue”.`,
      };
    return period
      ? { kind: 'refused', reason: WHOLE_FILE_ONLY }
      : { kind: 'unmapped', reason: 'Concentration is answered from the analysis of the whole file.' };
  }
  // When several measures match, the most specific ones come first in MEASURE_WORDS; revenue is kept only if asked alone.
  // "Which 3 customers with at least 10 orders spent the most?" keeps what they spent.
  // "The margin of our top 10 customers" keeps the revenue they are ranked by (TOP_SET).
  if (
    measures.length > 1 &&
    measures.includes('revenue') &&
    !asked.ofTopSet &&
    // "Customers per sales rep" names no sales.
    !/\b(revenue|sales(?! ?(?:reps?|people|persons?|m[ae]n|wom[ae]n|team|agents?)\b)|turnover|spent|spend|spends|spending)\b/.test(text)
  )
    measures = measures.filter((m) => m !== 'revenue');

  const groupBy = groupingOf(text, meta, measures, filters, perCustomer);
  if (productsOfSupplier && !groupBy.includes('product')) groupBy.push('product');
  if (customersOfValue && groupBy.length === 0) groupBy.push('customer');
  // "Year over year growth by quarter" names two units: the one grouped by is the unit changed.
  if (unitChange) {
    const unit = unitChange.unit;
    for (let i = groupBy.length - 1; i >= 0; i--) if (isTimeUnit(groupBy[i]) && groupBy[i] !== unit) groupBy.splice(i, 1);
    if (!groupBy.includes(unit)) groupBy.push(unit);
  }
  // "Revenue from customers outside the UK by month" asked for months: the customers who
  // paid are whose revenue it is, not a grouping beside the one named (it listed customer × month).
  if (groupBy.includes('customer') && groupBy.length > 1 && CUSTOMERS_AS_SOURCE.test(text) && !CUSTOMERS_RANKED.test(text))
    groupBy.splice(groupBy.indexOf('customer'), 1);
  if (
    (whatBought || lastOf || newBuyersBought) &&
    groupBy.length === 0 &&
    !filters.some((f) => f.dimension === 'product') &&
    meta.dimensions.some((d) => d.key === 'product')
  )
    groupBy.push('product');
  // "Customers in Germany or France with more than 2 orders" listed the two countries' regions: customers past a bound are listed one by one.
  if (threshold && groupBy.length === 0 && LISTED_CUSTOMERS.test(text)) groupBy.push('customer');
  // "Germany vs France": the named values side by side, one row each, never added together;
  // "Revenue by region in Germany" too, where Germany is two regions (they were added up).
  // "Top 5 Staples products by profit" (ten products named Staples) gave one figure: a ranking
  // among them. Products share names; other values are ranked among when their noun is said.
  for (const f of filters)
    if (
      f.values.length > 1 &&
      !groupBy.includes(f.dimension) &&
      (sideBySide(text, f.dimension, groupBy) ||
        namesGroupingBy(text, f.dimension) ||
        (RANKED_AMONG.test(text) && groupBy.length === 0 && (f.dimension === 'product' || namesNounOf(text, f.dimension))))
    )
      groupBy.unshift(f.dimension);
  // "Who are our new customers?" counted every customer whose first order is in the file (4,339
  // of 4,372 on Online Retail): new is new within a period, or by month, quarter or year.
  // Asked for by name, it is the RFM segment "New", which the canned answers list.
  if (!period && measures.some((m) => NEWNESS_REVENUE.has(m)) && !groupBy.some(isTimeUnit))
    return { kind: 'refused', reason: NEW_REVENUE_NEEDS_PERIOD };
  // "Top 10 new customers by revenue in 2024" got the count of new customers beside everyone's
  // revenue; "Customers who bought Safety for the first time" every Safety buyer.
  if (measures.some((m) => m === 'newCustomers' || NEWNESS_REVENUE.has(m)) && NEW_RANKED.test(text))
    return { kind: 'refused', reason: NEW_RANKED_ONLY };
  if (
    (/\bfor the first time\b/.test(text) && (filters.length > 0 || !measures.includes('newCustomers'))) ||
    FIRST_PURCHASE_OF.test(question.toLowerCase())
  )
    return { kind: 'refused', reason: FIRST_TIME_OF_A_VALUE };
  if (!period && measures.includes('newCustomers') && !groupBy.some(isTimeUnit))
    return /\b(who|which|list|show|name)\b/.test(text) && filters.length === 0
      ? { kind: 'unmapped', reason: 'The segment "New" is answered from the analysis.' }
      : { kind: 'refused', reason: NEW_NEEDS_PERIOD };
  const unknownBy = unknownGrouping(
    text.replace(PRICE_PER_UNIT, 'price'),
    meta,
    filters,
    (word) => DIMENSION_WORDS.some(([re]) => re.test(word)) || meta.dimensions.some((d) => headerNoun(d)?.split(' ')[0] === singular(word)),
  );
  if (unknownBy) return { kind: 'refused', reason: `I can't group by “${unknownBy}”: it is not a column of this file I can slice by.` };
  if (valuesCounted) {
    if (groupBy.some((g) => g !== valuesCounted.dimension) || other)
      return { kind: 'refused', reason: VALUES_COUNTED_ALONE(valuesCounted.noun) };
    groupBy.splice(0, groupBy.length, valuesCounted.dimension);
  }
  // "What's the average margin across sub-categories?" on Superstore was told it has no such column.
  if (SUB_CATEGORY.test(text) && !mentionsSubCategory(meta, groupBy, filters)) {
    const column = meta.dimensions.find((d) => SUB_CATEGORY.test(d.label.toLowerCase()));
    return {
      kind: 'refused',
      reason: column
        ? `I couldn't read what this asks of the ${pluralNoun(column.label)}; ask for a figure by ${column.label}, such as “revenue by ${column.label}”, or name one.`
        : 'This file has no sub-category column.',
    };
  }
  const spec: QuerySpecInput = { measures: lapsed ? ['customers'] : measures.slice(0, 4), groupBy: groupBy.slice(0, 2), filters };
  // "How many customers in Texas only ever placed one order?" gave 267, those with one order
  // among their Texas rows (it is 0): "ever" counts every order of the customers who bought there.
  // "… placed more than one order ever" too.
  // Only a place or kind of customer named before the count ("customers in Texas … ever"), not
  // goods ("bought Chairs more than once ever" counts the orders of Chairs) nor orders' place
  // ("placed more than 10 orders in the West ever").
  const ordersCounted = orderCount || threshold?.unit === 'orders';
  const ever = EVER.exec(text);
  const boughtThere = ordersCounted && !period && ever && filters.length === 1 ? filters[0] : null;
  const namedBefore = (f: { values: string[] }, at: number) =>
    f.values.every((v) => {
      const found = asWritten(text).indexOf(asWritten(v));
      return found >= 0 && found < at;
    });
  const countAt = Math.min(
    ...[ever?.index ?? Infinity, /\b(?:placed|made|had|ordered|bought|purchased|with)\b/.exec(text)?.index ?? Infinity],
  );
  if (
    boughtThere &&
    !boughtThere.exclude &&
    boughtThere.dimension !== 'customer' &&
    !isBought(boughtThere.dimension, meta) &&
    namedBefore(boughtThere, countAt) &&
    groupBy.every((g) => g === 'customer')
  ) {
    spec.buyersOf = boughtThere;
    spec.filters = [];
  }
  // "What's the average revenue per month?" listed the 48 months: it is one figure, the period's over its months.
  const per = lapsed ? null : averagePerOf(text);
  if (per && spec.measures.every((m) => SUMMED_OVER_TIME.has(m))) {
    spec.per = per;
    spec.groupBy = groupBy.filter((g) => !isTimeUnit(g)).slice(0, 2);
  } else if (per && spec.measures.some((m) => DISTINCT_COUNTS.has(m)))
    return {
      kind: 'refused',
      reason: `I can average revenue, gross profit, orders, units, new customers and returns per ${per}, but ${spec.measures
        .filter((m) => DISTINCT_COUNTS.has(m))
        .map((m) => MEASURE_LABELS[m])
        .join(' and ')} are counted once however often they buy, so they don't add up over the ${per}s; ask for them by ${per}.`,
    };
  // "Which customers in Texas have we lost?", "… did Rep 3 lose?": the churn model's lost
  // customers, as "Which customers have we lost?" gets them, of those with such rows; of a
  // region, of the customers of that region (region-answers.ts). They were asked for two periods.
  if (lapsed && lostCustomers && !period && !other && !explicitlyNot && !didNotBuy && filters.length > 0)
    return filters.every((f) => f.dimension === 'region' && !f.exclude)
      ? { kind: 'unmapped', reason: 'Lost customers of a region are answered from the churn analysis.' }
      : { kind: 'among', where: filters, reason: NARROWED_LISTS_ONLY };
  if (lapsed && !period && filters.length > 0)
    return {
      kind: 'refused',
      // "Lost customers in Texas" was told about products: the periods are what is missing there.
      reason: /\b(but|and) (not|never)\b|\bwithout\b/.test(text)
        ? 'I can find customers who bought in one period but not in another; "bought one product but not another" is not something I can answer exactly yet.'
        : twoPeriodsNeeded(stoppedListOf(text, groupBy), filters, meta, today),
    };
  // "How many customers are active?" and "… inactive?" counted every customer of the file:
  // active is bought in the last 12 months, inactive bought before them but not in them; the
  // answer's first line shows the dates. By month, the customers of each month are its active ones.
  const activity = !period && meta.hasDates && !groupBy.some(isTimeUnit) ? activityAsked : null;
  if (activity && (spec.measures.every((m) => m === 'customers') || activity === 'active')) {
    const last12 = periodsOf('last 12 months', today).period as { from: string; to: string };
    const first = isoDay(meta.firstDay);
    if (activity === 'active') period = last12;
    else if (first !== null && first < last12.from)
      return {
        kind: 'spec',
        spec: {
          ...spec,
          measures: ['customers'],
          groupBy: [],
          period: { from: first, to: isoDay(epochDay(last12.from) - 1) as string },
          notBoughtIn: last12,
        },
      };
  }
  if (lapsed)
    return whoStoppedBuying({
      text,
      meta,
      today,
      spec,
      groupBy,
      period,
      other,
      toDate,
      threshold,
      silentInPeriod: lostCustomers || didNotBuy || STOPPED.test(text),
      // "Customers we lost in 2021 vs 2020", "churned from 2020 to 2021": bought in the earlier
      // period, not in the later, whichever is named first ("bought in 2021 but not in 2020" keeps its order).
      earlierWasBought: !explicitlyNot,
    });
  // "Did sales go up in 2021?": against the period before, when no other was named (not by month: the months would not pair up).
  // "Which products are customers buying less of this year?" too.
  if (
    period &&
    !other &&
    (CHANGE.test(changeText) || PERFORMED.test(text) || BUYING_LESS.test(text) || MULTIPLE.test(text)) &&
    !spec.groupBy?.some(isTimeUnit)
  ) {
    other = periodBefore(period, { unit: toDate });
    // "Did sales go up this year?" on 3 January: 3 days against the same 3 days, said to be few.
    fewDays = toDate ? fewDaysNote(toDate, period) : null;
  }
  if (period) spec.period = period;
  if (other) spec.compareTo = other;
  // "Revenue by quarter 2024 vs 2023" set 2024's quarters beside 2023's, each empty in the other
  // period: each unit against the same one a year before, which is what two years ask.
  const unitOfTwo = spec.compareTo && !unitChange ? spec.groupBy?.find(isTimeUnit) : undefined;
  if (period && other && unitOfTwo) {
    const later = period.from > other.from ? period : other;
    if (!isYearBefore(later === period ? other : period, later))
      return {
        kind: 'refused',
        reason: `I can set each ${unitOfTwo} against the same ${unitOfTwo} a year before (“revenue by ${unitOfTwo} in 2024 vs 2023”) or the ${unitOfTwo} before, not the ${unitOfTwo}s of two other periods side by side.`,
      };
    delete spec.compareTo;
    spec.period = later;
    spec.changeFrom = 'yearBefore';
    other = null;
  }
  const across = valuesOfTwoColumnsSetAgainst(question, filters, meta);
  if (across) return { kind: 'refused', reason: across };
  const rankingRefused = rankAsAsked({
    text,
    meta,
    spec,
    groupBy,
    other,
    than: periods.than === true,
    unitChange,
    peak,
    threshold,
    lastOf,
  });
  if (rankingRefused) return { kind: 'refused', reason: rankingRefused };
  // "What share of sales is vodka?" with no value found is all revenue: 100%, a wrong answer.
  // "What share of revenue in the West comes from Chairs?" gave Chairs' West revenue over all
  // revenue: a share of one value's revenue is not the query's (its shares are of all revenue).
  // "What % of non-UK revenue comes from Germany?" divided by all revenue too.
  // Both are now a share of the whole named: "What share of revenue in Germany comes from Acme
  // Supply?" gave 3.1% (of all revenue) where Germany's is 12.9%.
  // A share of gross profit is read the same way.
  const shareFigure: ShareFigure | null = spec.measures.includes('revenueShare')
    ? 'revenue'
    : spec.measures.includes('profitShare')
      ? 'profit'
      : null;
  const oneValue = shareOfOneValue(shareFigure ?? 'revenue');
  if (shareFigure && valuesLeftOut && filters.length > 0) return { kind: 'refused', reason: oneValue };
  const whole = shareFigure ? wholeOfShare(question, text, meta, facts, shareFigure) : null;
  // "The share of the rep's revenue": a whole named, but no value of the file in it. "What % of
  // November revenue came from Germany?" names the period, whose revenue every share is of (it was refused).
  const namedWhole = shareFigure
    ? shareOfNamed(shareFigure)
        .exec(text)?.[0]
        .replace(/^.*? of (?:the |our |all )?/, '')
    : undefined;
  const periodNamed = (words: string) =>
    PERIOD_WORDS_ONLY.test(words) && today !== null && sameRange(periodsOf(words, today, isoDay(meta.firstDay)).period, spec.period);
  if (
    shareFigure &&
    !whole &&
    !(shareFigure === 'revenue' ? SHARE_OF_REVENUE : SHARE_OF_PROFIT_ALL).test(text) &&
    namedWhole !== undefined &&
    !periodNamed(namedWhole)
  )
    return { kind: 'refused', reason: oneValue };
  if (whole && whole.length > 0) {
    const parts = filters.filter((f) => !whole.includes(f.dimension));
    // "… comes from our top customer": the top of all, or of the West? Not read either way yet.
    if (parts.length === filters.length || (parts.length === 0 && groupBy.every(isTimeUnit)) || spec.limit !== undefined)
      return { kind: 'refused', reason: oneValue };
    spec.shareWithin = [...new Set(whole)];
  }
  // "What percentage of customers in the East bought Chairs?" gave 143 of all 793 customers (18.0%):
  // the customers named where they are is the whole, what they bought the part (143 of the East's 674).
  // What they bought is named after the customers' place ("… in NY who bought Binders"): the
  // filters named there are the part, the others the whole.
  const customersWhole = spec.measures.includes('customerShare') ? CUSTOMERS_WHOLE.exec(text) : null;
  if (customersWhole) {
    const after = asWritten(text.slice((customersWhole.index ?? 0) + customersWhole[0].length));
    const place = asWritten(customersWhole[1]);
    // Goods named by a kind ("bought scotch": SINGLE MALT SCOTCH, …) are a part unless written where the customers are:
    // "What % of stores in Des Moines bought scotch?" was of all 224 stores (1.8%; it is 4 of Des Moines' 7).
    const isPart = (f: { dimension: string; values: string[] }) =>
      f.values.some((v) => after.includes(asWritten(v))) ||
      (isBought(f.dimension, meta) && !f.values.some((v) => place.includes(asWritten(v))));
    const whole = filters.filter((f) => !f.exclude && !isPart(f)).map((f) => f.dimension);
    if (whole.length > 0 && filters.some(isPart)) spec.shareWithin = [...new Set(whole)];
    // "What percentage of customers in France bought in November?" gave France's share of
    // November's buyers (2.3%): the part is the period, and a share's whole is within it.
    else if (
      whole.length > 0 &&
      spec.period &&
      (PERIOD_NAMED.test(after) || /\b(?:q[1-4]|quarter|year|month|week|(?:19|20)\d\d)\b/.test(after))
    )
      return {
        kind: 'refused',
        reason: shareBoughtInAPeriodReason(
          filters
            .filter((f) => whole.includes(f.dimension))
            .flatMap((f) => f.values)
            .join(' and '),
        ),
      };
  }
  if (spec.measures.some((m) => m === 'revenueShare' || m === 'profitShare' || m === 'customerShare')) {
    const parts = filters.filter((f) => !f.exclude && !spec.shareWithin?.includes(f.dimension));
    const eachWhole = groupOfEachWhole(text, spec.groupBy ?? [], parts, isTimeUnit);
    if (eachWhole) spec.shareWithin = [...(spec.shareWithin ?? []), eachWhole];
  }
  // "Customers with no orders in 2021" listed those who ordered, "products that did not sell"
  // the best sellers: a list of what has none of a figure, or is without it, is none the rows give.
  if (
    !lapsed &&
    (NO_ONE_BOUGHT.test(text) ||
      ((!LOSS.test(text) || NO_LOSS.test(text)) && (LEADING_PLURAL.test(text) || /\bany\b/.test(text)) && NONE_OF_A_FIGURE.test(text)))
  )
    return { kind: 'refused', reason: NONE_OF_A_FIGURE_ONLY };
  // "What % of revenue is from outside the UK?": with the clause taken out, the part is what is left.
  // "What percentage of 2021 profit came from Q4" read 100.0%: a period alone is the whole, not a part.
  if (
    spec.measures.some((m) => m === 'revenueShare' || m === 'profitShare') &&
    filters.length === 0 &&
    (spec.groupBy ?? []).length === 0 &&
    !valuesLeftOut
  )
    return {
      kind: 'refused',
      reason: SHARE_NEEDS_PART,
    };
  // "How many products have a single customer?" counts the products kept.
  const withOneCustomer = groupBy.length === 0 ? countedNounOf(text, meta) : groupBy.length === 1 ? groupBy[0] : null;
  if (oneCustomer) {
    if (
      !withOneCustomer ||
      withOneCustomer === 'customer' ||
      isTimeUnit(withOneCustomer) ||
      spec.measures.join() !== 'customers' ||
      other ||
      threshold
    )
      return { kind: 'refused', reason: ONE_CUSTOMER_ONLY };
    return {
      kind: 'spec',
      spec: { ...spec, groupBy: [withOneCustomer], having: { measure: 'customers', op: '=', value: 1 }, sort: undefined, limit: undefined },
    };
  }
  if (onlyOne && !other)
    return {
      kind: 'spec',
      spec: { ...spec, measures: ['products'], groupBy: ['customer'], having: { measure: 'products', op: '=', value: 1 }, sort: undefined },
    };
  // "Which customers increased their orders by more than 50% in 2024?" was refused: a percentage
  // past which a ranked change went up (or down) is a threshold on the % change.
  const ranked = other && groupBy.some((g) => !isTimeUnit(g));
  const changedBy = ranked && threshold ? percentChangeHaving(text, threshold, spec.measures[0]) : null;
  if (changedBy)
    return {
      kind: 'spec',
      spec: {
        ...spec,
        having: changedBy,
        sort: { by: changedBy.measure, direction: changedBy.op === '>' || changedBy.op === '>=' ? 'desc' : 'asc', on: 'percentChange' },
      },
    };
  // "How many customers per region bought more than 5 times in 2021?" kept the regions with more
  // than 5 orders and counted all their customers: a threshold on each customer's figure, with
  // the customers counted by another grouping, is no spec the query has.
  const grouping = (spec.groupBy ?? []).find((g) => g !== 'customer');
  // A count the query has no figure for ("more than 5 suppliers") is refused by name in `withThreshold`.
  if (
    threshold &&
    grouping &&
    threshold.unit !== 'customers' &&
    threshold.unit !== 'other' &&
    spec.measures.includes('customers') &&
    CUSTOMERS_COUNTED.test(text)
  )
    return { kind: 'refused', reason: customersPastAThresholdBy(grouping, meta) };
  if (threshold)
    return withThreshold(spec, threshold, pluralGroupOf(text, threshold, meta), lapsed || Boolean(other), RANKED_BY_A_FIGURE.test(text));
  // "How many regions had a loss?" keeps the rows with a loss, and counts them so.
  const noted = [
    fewDays ?? yearOverYearNote ?? (spec.period === periods.period ? periods.note : undefined),
    spec.compareTo && WHY_FIGURE_MOVED.test(question.toLowerCase()) ? notWhy(spec.measures[0], meta) : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const note = noted ? { note: noted } : {};
  // "Is profit down this year?" over a rise: the answer says it rose, before the table.
  const said = spec.compareTo && (spec.groupBy ?? []).length === 0 && spec.measures.length === 1 ? premiseOf(text) : null;
  const premise = said ? { premise: said } : {};
  if (valuesCounted && !spec.having)
    return { kind: 'spec', spec: withSalesOnly(spec, meta), counted: valuesCounted.noun, ...note, ...premise };
  // "Which customers bought Hydraulics?" listed 16 customers whose only Hydraulics lines were credit notes.
  const buyersListed = BUYERS_LISTED.test(text);
  return { kind: 'spec', spec: buyersListed ? withBuyersOnly(spec, meta) : spec, ...note, ...premise };
}

/** "Customers that bought Clamp 2614mm", opening the question: a list of them (it got the product's summary). */
const CUSTOMERS_WHO_BOUGHT = new RegExp(
  String.raw`^(?:(?:all|the|our) )?(?:${CUSTOMERS_PLURAL}|stores) (?:who|that|which) (?:have |had )?(?:bought|purchased|ordered)\b`,
);
/** "Which customers bought …", "who purchased …", "list the stores that ordered …": those who did. */
const BUYERS_LISTED = new RegExp(
  String.raw`\b(?:which|what|who|list|show|name)\b.*\b(?:bought|buy|buys|purchased?|purchases|ordered)\b(?! by\b)|${CUSTOMERS_WHO_BOUGHT.source}`,
);

/**
 * A list of customers who bought keeps those with a purchase in the rows: a customer whose
 * only lines there are returns bought nothing. Their orders are shown beside the figure, as a
 * count of values shows them (`withSalesOnly`); two periods compared keep every customer. A
 * file without returns, or a ranking from the top (returns only are at its bottom), needs none.
 */
function withBuyersOnly(spec: QuerySpecInput, meta: SnapshotMeta): QuerySpecInput {
  const listsCustomers = spec.groupBy?.length === 1 && spec.groupBy[0] === 'customer';
  const fromTheTop = spec.limit !== undefined && spec.sort?.direction !== 'asc';
  if (!listsCustomers || !meta.returnLines || fromTheTop) return spec;
  if (spec.having || spec.compareTo || spec.changeFrom || spec.measures.length >= 4) return spec;
  const measures = spec.measures.includes('orders') ? spec.measures : [...spec.measures, 'orders' as const];
  return { ...spec, measures, having: { measure: 'orders', op: '>', value: 0 } };
}

/**
 * "How many countries did we sell to in November?" counted Online Retail's Czech Republic,
 * whose only rows that month were credit notes (24, not 23): a value is counted for an order
 * in its rows, as a customer is for a purchase, and the answer says how many were left out.
 * Orders are counted beside the figure asked for; two periods compared keep every value.
 */
function withSalesOnly(spec: QuerySpecInput, meta: SnapshotMeta): QuerySpecInput {
  // Without order ids an order is a customer's purchase day, so a row with no customer has
  // none: a value would be left out for that, not for having only returns.
  if (spec.compareTo || spec.changeFrom || !meta.hasOrderId) return spec;
  if (!spec.measures.includes('orders') && spec.measures.length >= 4) return spec;
  const measures = spec.measures.includes('orders') ? spec.measures : [...spec.measures, 'orders' as const];
  return { ...spec, measures, having: { measure: 'orders', op: '>', value: 0 } };
}

/**
 * "How many countries do we sell to?", "the number of categories in 2021": how many values of
 * a grouping have rows, and the noun they were asked by. Customers and products are counted
 * by measures of their own.
 */
function valuesCountedOf(text: string, meta: SnapshotMeta): { dimension: string; noun: string; phrase: string } | null {
  const m = /\b(?:how many|number of)\s+(?:different\s+|distinct\s+|unique\s+)?([a-z][a-z -]*)/.exec(text);
  if (!m) return null;
  // A column named in two words: "how many ship modes", "number of sub-categories".
  for (const d of meta.dimensions) {
    if (!d.key.startsWith('column:')) continue;
    const words = d.label
      .toLowerCase()
      .split(/[\s_-]+/)
      .map(escapeRegex)
      .join('[\\s_-]+')
      .replace(/y$/, '(?:y|ie)');
    const named = new RegExp(`^${words}(?:s|es)?\\b`).exec(m[1]);
    if (named) return { dimension: d.key, noun: pluralNoun(named[0]), phrase: m[0].slice(0, m[0].length - m[1].length) + named[0] };
  }
  // A role by the grammar's words, in one or two ("how many sales reps" was all revenue), or by
  // its header (Iowa's cities, its regions). "Sales people", "sales regions": the people, the regions.
  const head = m[1].replace(/^sales\s+(?=people|regions|territories|channels)/, '');
  const written =
    DIMENSION_WORDS.map(([re]) => new RegExp(`^(?:${re.source})`).exec(head)?.[0]).find(Boolean) ?? /^[a-z-]+/.exec(head)?.[0] ?? '';
  const word = written === 'people' ? 'salespeople' : written;
  const dimension = word ? dimensionOfNoun(word, meta) : null;
  const phrase = m[0].slice(0, m[0].length - head.length) + written;
  return dimension && dimension !== 'customer' && dimension !== 'product' ? { dimension, noun: pluralNoun(word), phrase } : null;
}

/**
 * Whether a count of values names nothing else, once its values and period are set aside: "How
 * many countries do we sell to?", "How many cities in Texas?". "How many regions had a loss?"
 * names a condition the grammar doesn't read, and with revenue in its place it got all 4 regions.
 */
function onlyCounted(text: string, phrase: string, filters: readonly { values: string[] }[]): boolean {
  // A product named as the file writes it, without the code that tells two of one name apart: "… HOLDER (85123A)".
  // A supplier by its first words: "did Jim Beam supply" for Jim Beam Brands.
  const named = filters.flatMap((f) => f.values.flatMap((v) => [v, v.replace(/\s*\([^)]*\)$/, ''), ...namePrefixesOf(v)]));
  const rest = withoutNames(text.replace(phrase, ' '), named);
  return COUNT_WORDS_ONLY.test(rest);
}

/** A name's first two or more words, longest first: "Jim Beam" of "Jim Beam Brands". */
function namePrefixesOf(value: string): string[] {
  const words = value.split(/\s+/);
  return words.slice(2).map((_, i) => words.slice(0, words.length - 1 - i).join(' '));
}

/** The words a bare count of values may hold beside its values and period ("How many suppliers do we use?" was unmapped). */
const COUNT_WORDS_ONLY = new RegExp(
  String.raw`^(?:[\s?.!,]+|\b(?:do|did|does|have|has|are|were|is|was|there|we|i|you|our|the|a|in|to|from|into|with|at|on|of|for|by|sell|sold|selling|sells|ship|shipped|ships|buy|bought|buys|supply|supplies|supplied|order|ordered|purchased?|served?|delivered?|use|uses|used|using|work|works|worked|deal|deals|dealt|carry|carries|carried|source|sources|sourced|rely|relies|relied|get|got|sales|revenue|turnover|profit|orders|units|customers?|clients?|buyers?|accounts?|stores?|shops?|any|data|file|this|that|last|so far|currently|now|total|all|overall|altogether|during|since|between|and|year|month|quarter|week|q[1-4]|h[12]|\d{4}(?:-\d\d){0,2}|may|${MONTH_NAMES_NOT_MAY})\b)*$`,
);

/** Why a count of a grouping's values can't sit beside another grouping or a comparison. */
const VALUES_COUNTED_ALONE = (noun: string) =>
  `I can count the ${noun} with sales in one period, for the whole file or a value named (“How many ${noun} bought last month?”), or past a threshold (“How many ${noun} had revenue over 1,000?”), but not with another condition, by another grouping, against another period or among lapsed customers yet.`;

/** "Sold in the most countries", "buys from the most suppliers": a count of a grouping's values for each row. */
const DISTINCT_PER_ROW = /\b(?:most|fewest|more|fewer)\s+(?:different\s+|distinct\s+)?([a-z-]+)\b/;
/** "How many suppliers does each customer buy from?", "number of regions per customer": a count of values per row. */
const COUNTED_PER_ROW =
  /\b(?:how many|number of)\s+(?:different\s+|distinct\s+|unique\s+)?([a-z-]+s)\s+(?:(?:does|do|did|has|have)\s+)?(?:each|every|per|for each)\b/;

/** "What did they buy last?", "their most recent order": the customer's last purchase. */
const LAST_PURCHASE =
  /\b(?:buy|bought|order|ordered|purchase|purchased)\s+(?:last|most recently)\b|\b(?:last|latest|most recent)\s+(?:order|purchase|invoice)\b/;

/** Customers kept or retained from one period to the next: the complement of those lost. */
const KEPT = new RegExp(
  String.raw`\b(?:keep|kept|retain|retained|retaining)\b.*\b(?:${CUSTOMER_NOUNS})\b|\b(?:${CUSTOMER_NOUNS})\b.*\b(?:did we|have we|we) (?:keep|kept|retain|retained)\b`,
);

/** A word of a period, read or not: "both weeks 45 and 46" names two. */
const NAMES_A_PERIOD_WORD =
  /\b(?:days?|weeks?|months?|quarters?|years?|halves|q[1-4]|h[12]|(?:19|20)\d\d|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\b/;

/** "Our last orders", "the most recent invoices": single orders, listed. */
const LATEST_ORDERS = /\b(?:last|latest|most recent|recent|newest)\s+(?:orders|invoices|purchases|sales orders)\b/;

/**
 * "Bought by only one customer", "products with a single customer" (not "which one customer",
 * nor "more than one customer", a threshold).
 */
const ONE_CUSTOMER = new RegExp(
  String.raw`(?<!\b(?:which|what|top|the|than|least|most|over|under|above|below|exceeding) )\b(?:only|just|exactly|a single|one|1) (?:${CUSTOMER_SINGULAR})\b`,
);
/** Why rows with one customer can't be kept beside another figure. */
const ONE_CUSTOMER_ONLY =
  'I can list the products, categories or other rows bought by one customer alone (“Which products have only one customer?”), but not with another figure, threshold or comparison beside it yet.';
/**
 * The refusal of a question's shape, which needs no rows to recognise ("the top 10% of
 * customers", "products never sold", "the median order"): for a file whose rows are not kept
 * (one row per customer), where the analysis' answers would stand in for it (UCI Wholesale's
 * "top 10% of customers" got the top 10 customers).
 */
export function shapeRefusal(question: string): string | null {
  const text = question.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 500);
  const reason = fractionRefusal(text) ?? limitOf(text);
  return reason && `I can't answer that exactly. ${reason}`;
}

/** Customers as the ones who bought: "who bought …", "which customers ordered …" (negations are refused before). */
const WHO_BOUGHT = new RegExp(
  `\\b(?:who|which (?:${CUSTOMER_NOUNS}))\\b.*\\b(?:buy|buys|bought|purchased?|ordered)\\b|${CUSTOMERS_WHO_BOUGHT.source}`,
);
/** "Which UK customers bought …", "which of our Texas customers …": words before the noun of buyers. */
const WHICH_NAMED_BUYERS = new RegExp(`\\bwhich (?:[\\w'-]+ ){1,3}?(?:${CUSTOMER_NOUNS})\\b.*\\b(?:buy|buys|bought|purchased?|ordered)\\b`);
/** "Which countries bought …", "which states buy …": the rows of a grouping that bought. */
const WHICH_BOUGHT = /\bwhich ([a-z-]+)\b.*\b(?:buy|buys|bought|purchased?|ordered)\b/;
/**
 * "Who bought …", "which customers ordered …", "which UK customers bought …" (the UK a
 * filter), "which stores bought …" where the customer column is store_name, and "which
 * countries bought RABBIT NIGHT LIGHT?" (it got the product's profile): a grouping of the file
 * other than products, each with what it paid.
 */
function asksWhoBought(text: string, meta: SnapshotMeta, filters: readonly { values: string[] }[]): boolean {
  if (WHO_BOUGHT.test(text)) return true;
  // "Which DE customers bought …" names no value ("DE" is no region of the generated file): not read so.
  if (WHICH_NAMED_BUYERS.test(text) && unplacedBeforeBuyers(text, filters) === null) return true;
  const customer = meta.dimensions.find((d) => d.key === 'customer');
  const noun = customer ? headerNoun(customer) : null;
  // "List stores that purchased Crown Royal" got the product's summary.
  if (
    noun !== null &&
    new RegExp(
      `\\b(?:which|list|show|name)(?: (?:the|our|all))? ${escapeRegex(noun)}s?\\b.*\\b(?:buy|buys|bought|purchased?|ordered)\\b`,
    ).test(text)
  )
    return true;
  const grouping = WHICH_BOUGHT.exec(text);
  const dimension = grouping ? dimensionOfNoun(grouping[1], meta) : null;
  // A plural noun: "which country bought the most" is a ranking, not a list.
  return grouping !== null && dimension !== null && dimension !== 'product' && grouping[1] !== singular(grouping[1]);
}
/**
 * "What did our top customers buy?": what customers picked by rank bought ("how much did our
 * top 10 customers spend" is the top 10 by revenue, which the query gives).
 */
const RANKED_BUYERS = new RegExp(
  String.raw`\b(?:do|did|does|have|has)\s+(?:our|the|my)?\s*(top(?: \d{1,2})?|best|biggest|largest|most valuable|highest[- ]spending|key|main|vip)\s+(${CUSTOMERS_PLURAL})\s+(?:buy|bought|purchase|purchased|order|ordered)\b`,
);
/** "What did … buy?": the products bought. */
const WHAT_BOUGHT =
  /\b(what|which)( (products?|items?|skus?|articles?))? (did|does|do|has|have)\b.*\b(buy|bought|order|ordered|purchase|purchased)\b/;
/**
 * "Which rep handles Rossi Ltd 774?" and "Which region is Rossi Ltd 774 in?" got the customer's
 * profile, which names neither, and "Which suppliers supply Safety products?" every supplier's
 * dependency: a grouping asked of one value named, with no figure, is that grouping's values
 * for it, by revenue.
 */
function groupOfOneNamed(
  text: string,
  meta: SnapshotMeta,
  filters: readonly { dimension: string; values: string[] }[],
  perCustomer: RegExp,
): boolean {
  if (filters.length !== 1 || filters[0].values.length !== 1) return false;
  // "Who is the rep for Schmidt B.V. 31?" got the customer's profile, with no rep in it.
  if (!/^(?:(?:and|so) )?(?:which|what) [a-z-]+|^(?:(?:and|so) )?who (?:is|are|was|were) (?:the|our|their|his|her) /.test(text))
    return false;
  const grouping = groupingOf(text, meta, ['revenue'], filters, perCustomer);
  return (
    grouping.length === 1 &&
    !isTimeUnit(grouping[0]) &&
    grouping[0] !== 'customer' &&
    grouping[0] !== 'product' &&
    grouping[0] !== filters[0].dimension
  );
}

/**
 * "Smallest 3 vendors", "top rum products", "biggest vodka vendor": a ranking of one column
 * that names no figure is by revenue, as "the most popular product" is. The whole file's
 * rankings that took over listed the largest (for "smallest") or every kind's (for "rum").
 * A plain "top customers" with nothing named is still theirs.
 */
function rankedWithNoFigure(
  text: string,
  meta: SnapshotMeta,
  filters: readonly { dimension: string; values: string[] }[],
  perCustomer: RegExp,
): boolean {
  // "At least twice" is a bound, no ranking.
  const ranking = text.replace(/\bat (?:least|most)\b/g, '');
  const lowest = /\b(?:smallest|bottom|least|lowest|worst|weakest)\b/.test(ranking);
  if (!lowest && !(filters.length > 0 && /\b(?:top|best|biggest|largest|leading|strongest)\b/.test(ranking))) return false;
  const grouping = groupingOf(text, meta, ['revenue'], filters, perCustomer);
  // The products' and customers' own rankings list the worst (the products' with the charges left out).
  const byItself = lowest && filters.length === 0 && (grouping[0] === 'product' || grouping[0] === 'customer');
  return (
    grouping.length === 1 &&
    !byItself &&
    meta.dimensions.some((d) => d.key === grouping[0]) &&
    !filters.some((f) => f.dimension === grouping[0])
  );
}

/** A list of a value's customers: "which customers does Rep 25 have", "Rep 25's accounts", "customers Rep 25 manages", "which customers are in AT". */
const CUSTOMERS_LISTED = new RegExp(
  String.raw`\b(?:which|what|list|show|all)(?: (?:of )?(?:the|our|his|her|their))? (?:${CUSTOMERS_PLURAL})\b|'s (?:${CUSTOMERS_PLURAL})\b|\b(?:${CUSTOMERS_PLURAL})\b.*\b(?:manages?|managed|handles?|handled|serves?|served|covers?|covered|owns?|looks? after)\b`,
);
/** "When did Sean Miller buy Machines?": when something was bought ("… last order?" is the customer's profile, to the day). */
const WHEN_BOUGHT =
  /^(?:(?:and|so) )?when (?:did|has|have|was|were|does|do) (?!.*\b(?:last|first|latest|recently|most recent|next)\b).*\b(?:buy|bought|order|ordered|purchase|purchased)\b/;
/** "Bought in December 2024", "ordered last month": a purchase in a period. */
const BOUGHT_THEN =
  /\b(?:bought|ordered|purchased|buy|order|purchase)\s+(?:anything\s+|something\s+)?(?:in|during|since|last|this|between|from|on)\b/;
/** "What does Supplier 13 sell?", "Which categories does Acme supply?": what a supplier sells. */
const WHAT_SOLD =
  /\b(what|which)( [a-z-]+)? (did|does|do|has|have)\b.*\b(sell|sells|sold|supply|supplies|supplied|make|makes|made|carry|carries|carried|offer|offers|offered)\b/;
/** "Stopped buying", "did they stop ordering". */
// "Which products did we stop selling?" asks what stopped, not what to drop (it got the products to drop).
const STOPPED =
  /\bstopped\b|\bstop (buying|ordering|purchasing)\b|\b(did|have|has) (we|i|you|they) stop(ped)? (selling|stocking|carrying)\b/;
const ACTIVE_CUSTOMERS = new RegExp(String.raw`\bactive (${CUSTOMERS_PLURAL})\b|\b(${CUSTOMERS_PLURAL}) (are|were|is) (still )?active\b`);
const INACTIVE_CUSTOMERS = new RegExp(
  String.raw`\b(inactive|dormant|lapsed) (${CUSTOMERS_PLURAL})\b|\b(${CUSTOMERS_PLURAL}) (are|were|is) (no longer active|inactive|dormant)\b`,
);

/** Whether the question asks for active or inactive customers. */
function activityOf(text: string): 'active' | 'inactive' | null {
  if (INACTIVE_CUSTOMERS.test(text)) return 'inactive';
  return ACTIVE_CUSTOMERS.test(text) ? 'active' : null;
}

/** New customers ranked one by one: "top 10 new customers by revenue", "which new customers spent the most". */
const NEW_RANKED = new RegExp(
  String.raw`\b(?:top|bottom|best|biggest|largest|smallest)\s+(?:\d{1,2}\s+|(?:two|three|four|five|six|seven|eight|nine|ten|twenty)\s+)?new (?:${CUSTOMERS_PLURAL})\b|\b(?:which|what) new (?:${CUSTOMERS_PLURAL})\b.*\b(?:most|least|top|highest|lowest|biggest|largest)\b`,
);
const NEW_RANKED_ONLY =
  'I can count new customers and add up their revenue in a period, but not rank them one by one yet; ask "Which customers bought for the first time in …?" for the list, or "revenue from new customers in …".';
/** A first purchase of one product, category or supplier, which the query has no figure for. */
const FIRST_TIME_OF_A_VALUE =
  'I can find the customers whose first order in the file falls in a period ("Which customers bought for the first time in 2021?"), but not the first time a customer bought one product, category or supplier yet.';
const NEW_REVENUE_NEEDS_PERIOD =
  'Revenue from new or returning customers is of a period (new: first order in it); name one, such as "revenue from new customers last quarter", or ask for it by month.';
const NEW_NEEDS_PERIOD =
  'New customers are counted within a period (first order in it); name one, such as "How many new customers did we get last quarter?", or ask for them by month.';

/**
 * The grouping a plural noun names, first in the question, other than the threshold's own
 * figure: "suppliers" in "suppliers with more than 1000 customers", "months" in "months with
 * revenue over 7 million"; null when none.
 */
function pluralGroupOf(text: string, threshold: Threshold, meta: SnapshotMeta): string | null {
  const own: Record<string, string> = { customers: 'customer', products: 'product', units: 'product' };
  const found: [number, string][] = [];
  for (const [group, re] of Object.entries(PLURAL_OF)) {
    const m = re.exec(text);
    // Superstore's "countries" are its Country column, not its regions.
    const column = m ? dimensionOfNoun(m[0], meta) : null;
    if (m && column?.startsWith('column:')) found.push([m.index, column]);
    else if (m && own[threshold.unit ?? ''] !== group && meta.dimensions.some((d) => d.key === group)) found.push([m.index, group]);
  }
  // Iowa's "How many stores spent more than 10,000?" was refused with that very question as the
  // example: its customers are a column called store_name.
  for (const d of meta.dimensions) {
    const noun = d.key === 'customer' || d.key === 'product' ? headerNoun(d) : null;
    const at = noun ? text.search(new RegExp(`\\b${escapeRegex(noun)}s\\b`)) : -1;
    if (at >= 0 && own[threshold.unit ?? ''] !== d.key) found.push([at, d.key]);
  }
  for (const unit of TIME_DIMENSIONS) {
    const at = text.search(new RegExp(`\\b${unit}s\\b`));
    if (at >= 0) found.push([at, unit]);
  }
  return found.sort((a, b) => a[0] - b[0])[0]?.[1] ?? null;
}

/**
 * "Which category …", "customers by …": the question asks for one of the file's groupings (not a
 * time unit), by the grammar's word or by the file's own header ("Which states are growing
 * fastest?" got Superstore's monthly trend).
 */
function asksForGrouping(text: string, meta: SnapshotMeta): boolean {
  // "Show me customers with declining orders" and "Customers with declining revenue" got the
  // file's monthly trend, while "Which customers have declining orders?" listed them.
  if (!/\b(which|what|each|per|by|top|bottom|rank)\b/.test(text) && !LEADING_PLURAL.test(text)) return false;
  if (DIMENSION_WORDS.some(([re, dim]) => !isTimeUnit(dim) && re.test(text))) return true;
  const words = ` ${(text.match(/[a-z][a-z-]*/g) ?? []).map(singular).join(' ')} `;
  return meta.dimensions.some((d) => {
    const noun = d.key.startsWith('column:') ? d.label.toLowerCase() : headerNoun(d);
    return noun !== null && words.includes(` ${noun} `);
  });
}

/** "Which products are declining?", "products trending up": products and their change, nothing else named. */
function asksForProductTrend(text: string): boolean {
  return (
    /\b(which|what|top|our)? ?(products?|items?|skus?|lines)\b.*\b(declin\w*|grow\w*|falling|rising|trending (up|down))\b/.test(text) &&
    // The analysis' trend is of revenue: "products with declining margin" got the lowest margins.
    !/\bmargins?\b/.test(text) &&
    !DIMENSION_WORDS.some(([re, dim]) => dim !== 'product' && re.test(text))
  );
}

/** Distinct counts: a customer who buys in two months is one customer of the two, not two. */
const DISTINCT_COUNTS = new Set<Measure>(['customers', 'products', 'returningCustomers', 'repeatCustomers', 'oneTimeCustomers']);

const EXCLUSION_NEEDS_FIGURE =
  'I can leave values out of a figure I work out from the rows, not out of the analysis’ churn list, segments or summaries; name the figure, such as “revenue by customer excluding the West”.';

/** What a "why" answered with a comparison says of itself, with groupings of the file to see where the figure moved. */
function notWhy(measure: Measure, meta: SnapshotMeta): string {
  const by = ['category', 'product', 'region', 'customer'].filter((key) => meta.dimensions.some((d) => d.key === key));
  const where = by.length > 0 ? `; ask for it by ${by.join(', ').replace(/, (?=[^,]*$)/, ' or ')} to see where it moved` : '';
  return `The rows show how ${MEASURE_LABELS[measure]} moved, not why${where}.`;
}

/**
 * Whether the values of `dimension` are set side by side: "Germany vs France", "Revenue in the
 * East or West". With another grouping asked for, "or" joins them: "Top customers in the East
 * or West" ranks the customers of both (it got the top region-and-customer pair).
 */
function sideBySide(text: string, dimension: string, groupBy: readonly string[]): boolean {
  if (!SIDE_BY_SIDE.test(text)) return false;
  const groupedOtherwise = groupBy.some((g) => g !== dimension && !isTimeUnit(g));
  return !groupedOtherwise || SIDE_BY_SIDE.test(text.replace(/\bor\b/g, ' '));
}

/** A question that begins with the customers it asks for: "customers in Germany with …", "list all customers who …". */
const LISTED_CUSTOMERS = new RegExp(
  String.raw`^(?:(?:list|show|show me|find|get|give me|all|all the|our|the)\s+)*(?:${CUSTOMERS_PLURAL})\b`,
);

/**
 * The text without a range of amounts that ends in a year's digits: "customers who spent
 * between 1000 and 2000" was refused as having no rows in 2000. A range of two years stays.
 */
function withoutAmountRanges(text: string): string {
  return text.replace(
    /\bbetween\s+([$£€]?)\s?(\d[\d,.]*)(k|m)?\s+and\s+[$£€]?\s?\d[\d,.]*(?:k|m)?\b/g,
    (range: string, currency: string, from: string, scale?: string) => (/^(?:19|20)\d\d$/.test(from) && !scale && !currency ? range : ' '),
  );
}

/** The periods named before a denial of buying and after it, when each side names a different one. */
function periodsAroundDenial(text: string, today: Date, meta: SnapshotMeta): [DayRange, DayRange] | null {
  const denial = PURCHASE_DENIED_THEN.exec(text);
  if (!denial) return null;
  const first = isoDay(meta.firstDay);
  const before = periodsOf(withoutAmountRanges(text.slice(0, denial.index)), today, first);
  const after = periodsOf(withoutAmountRanges(text.slice(denial.index)), today, first);
  if (!before.period || !after.period || before.other || after.other) return null;
  return before.period.from === after.period.from && before.period.to === after.period.to ? null : [before.period, after.period];
}

/** A ranking word: "top 5", "most profitable", "which … is best". */
const RANKED_AMONG = /\b(?:top|bottom|best|worst|most|least|highest|lowest|biggest|largest|smallest)\b/;

/** Whether the text names a dimension by one of its nouns ("products", "region"). */
function namesNounOf(text: string, dimension: string): boolean {
  return namesNounAfter(text, dimension, '');
}

/** Whether the question asks for a role's values one by one: "by region", "per supplier", "for each category". */
function namesGroupingBy(text: string, dimension: string): boolean {
  return namesNounAfter(text, dimension, String.raw`(?:by|per|each)\s+`);
}

/** Whether one of a dimension's nouns follows `before` (a regex source) in the text. */
function namesNounAfter(text: string, dimension: string, before: string): boolean {
  return DIMENSION_WORDS.some(([re, dim]) => dim === dimension && new RegExp(String.raw`\b${before}(?:${re.source})`).test(text));
}

/** Whether the spec groups or filters by a column whose header is a sub-category. */
function mentionsSubCategory(meta: SnapshotMeta, groupBy: readonly string[], filters: readonly { dimension: string }[]): boolean {
  const keys = new Set([...groupBy, ...filters.map((f) => f.dimension)]);
  return meta.dimensions.some((d) => keys.has(d.key) && SUB_CATEGORY.test(d.label.toLowerCase()));
}

/** "How many customers", "number of customers": customers counted. */
const CUSTOMERS_COUNTED = new RegExp(String.raw`\b(?:how many|number of|count of)\s+(?:${CUSTOMERS_PLURAL})\b`);

/** Customers past a threshold counted by a grouping: what to ask instead. */
function customersPastAThresholdBy(grouping: string, meta: SnapshotMeta): string {
  const label = isTimeUnit(grouping) ? grouping : (meta.dimensions.find((d) => d.key === grouping)?.label ?? grouping);
  return `I can count the customers past a threshold (“How many customers bought more than 5 times in 2021?”), but not by ${label} yet; ask for one ${label} at a time, such as “How many customers in … bought more than 5 times in 2021?”.`;
}

/** Whether `earlier` is `later` a year back, day for day ("2023" against "2024", "Q4 2023" against "Q4 2024"). */
function isYearBefore(earlier: DayRange, later: DayRange): boolean {
  return (
    earlier.from === yearBack(later.from) &&
    (earlier.to === yearBack(later.to) || (later.to.endsWith('-02-29') && earlier.to.endsWith('-02-28')))
  );
}

/** The same day a year before, as written ("2024-02-29" → "2023-02-29", which only compares). */
function yearBack(iso: string): string {
  return `${Number(iso.slice(0, 4)) - 1}${iso.slice(4)}`;
}

/** A period's words and nothing else, up to its figure: "november", "last month's" ("last month's export" names more). */
const PERIOD_WORDS_ONLY = new RegExp(
  String.raw`^(?:(?:the|last|this|previous|prior|of|in|month|quarter|year|week|q[1-4]|h[12]|(?:19|20)\d\d|${MONTH_WORDS})(?:'s|’s)?\s+)*(?:revenue|sales|turnover|(?:gross )?profits?|earnings)$`,
);

/** Whether two date ranges are one and the same, both set. */
function sameRange(a: DayRange | null | undefined, b: DayRange | null | undefined): boolean {
  return Boolean(a && b && a.from === b.from && a.to === b.to);
}

type QueryFilter = NonNullable<QuerySpecInput['filters']>[number];

/** Two things set against each other: "Rep 3 vs Rep 13", "compare UK and Switzerland", "2024 compared to 2023". */
const SET_AGAINST = /\b(?:vs\.?|versus|compared? (?:to|with)|against|compare)\b/;

/** A list or ranking asked for ("top customers 2024 vs 2023") is no count. */
const LIST_OR_RANKING = /\b(?:top|bottom|best|worst|biggest|largest|smallest|which|who|list|show|name|each|every|per|by)\b/;

/**
 * The one noun counted when two things are set against each other and no figure is named:
 * customers (or the file's own noun for them, "stores"), units ("bottles", "items"), orders
 * or products; none when the question names none, or more than one, or the noun is that of
 * the values compared.
 */
function countedSetAgainst(text: string, customerNoun: string | null, filters: readonly QueryFilter[]): Measure[] {
  if (!SET_AGAINST.test(text) || LIST_OR_RANKING.test(text)) return [];
  // "Compare customers 12415 and 14088": the noun of the values set against each other is no count of them.
  const compared = new Set(filters.map((f) => f.dimension));
  const buyers = `${CUSTOMERS_PLURAL}|stores|shops${customerNoun ? `|${escapeRegex(pluralNoun(customerNoun))}` : ''}`;
  const counted: [RegExp, Measure][] = [
    [new RegExp(String.raw`\b(?:${buyers})\b`), 'customers'],
    [/\b(?:bottles|items|units|pieces|cases|cds)\b/, 'units'],
    [/\b(?:orders|invoices|transactions)\b/, 'orders'],
    [/\b(?:products|skus)\b/, 'products'],
  ];
  const named = counted.filter(
    ([re, m]) => re.test(text) && !(m === 'customers' ? compared.has('customer') : m === 'products' && compared.has('product')),
  );
  return named.length === 1 ? [named[0][1]] : [];
}

/** Two names set against each other: "Jim Beam vs Brown-Forman", "Hy-Vee versus Diageo". */
const VERSUS = /([\p{L}\d'’.&-]+)\s+(?:vs\.?|versus|compared (?:to|with)|against)\s+(?:the\s+)?([\p{L}\d'’.&-]+)/giu;

/**
 * "Jim Beam vs Brown-Forman sales" kept the Jim Beam products and the supplier Brown-Forman at
 * once (no row), "all Hy-Vee vs Diageo" Hy-Vee's purchases of Diageo: two values set side by
 * side are one column's, as "Diageo vs Sazerac" or "DE vs AT" are. Why not, or null.
 */
function valuesOfTwoColumnsSetAgainst(question: string, filters: readonly QueryFilter[], meta: SnapshotMeta): string | null {
  const holder = (typed: string) => {
    const words = nameWords(typed);
    return words.length === 0
      ? undefined
      : filters.find((f) => !f.exclude && f.values.some((v) => words.every((w) => nameWords(v).includes(w))));
  };
  for (const m of question.matchAll(VERSUS)) {
    const [one, other] = [holder(m[1]), holder(m[2])];
    if (!one || !other || one.dimension === other.dimension) continue;
    // "Chairs revenue in Texas vs Chairs revenue in California" sets two states side by side: a column named on both sides.
    const at = (m.index ?? 0) + m[1].length;
    const written = question.toLowerCase();
    const sides = (f: QueryFilter) =>
      f.values
        .map((v) => written.indexOf(v.toLowerCase()))
        .filter((i) => i >= 0)
        .map((i) => (i < at ? 'before' : 'after'));
    if (filters.some((f) => new Set(sides(f)).size === 2)) continue;
    const label = (f: QueryFilter) => (meta.dimensions.find((d) => d.key === f.dimension)?.label ?? f.dimension).toLowerCase();
    return `I can set two ${pluralNoun(label(one))} side by side, or two ${pluralNoun(label(other))}, not a ${label(one)} against a ${label(other)} yet; ask for each on its own.`;
  }
  return null;
}
