/**
 * The figures a question asks for beyond the grammar's word lists: returns ("how many
 * orders were cancelled"), a share of revenue, customers by how many orders they placed,
 * and a threshold on a figure ("customers who spent more than 1,000"). Each maps the words
 * to the query's measures, or to the reason it can't, so the grammar never answers with a
 * neighbouring figure.
 */
import type { Measure, QuerySpecInput } from '../../engine/query';
import { escapeRegex, thresholdRefusal, type Threshold } from './query-limits';
import type { Parsed } from './query-parsed';
import { CUSTOMERS_PLURAL } from './customer-words';
import { GROSS_SALES } from './query-vocabulary';

/** A file with no line that reduces revenue and no column that marks returned orders records no returns: 0 would be a guess. */
export const NO_RETURNS =
  "This file records no returns: it has no credit notes, no lines with a negative amount and no column that marks returned orders (such as a joined returns list), so I can't count them.";
/** The whole a share is of must be revenue: "percentage of customers" is no share of revenue. */
export const SHARE_OF_REVENUE =
  /(\b(percent(age)?|share|proportion|fraction)|%)\s+of\s+(the\s+|our\s+|my\s+|all\s+|total\s+|(19|20)\d\d\s+|q[1-4]\s+|(this|last)\s+year'?s\s+)*(revenue|revenues|sales|turnover|income|takings|spend|business)\b|\b(percent(age)?|share|proportion|fraction)\s+of\s+[\p{L}\d&' -]{1,60}?\s+in\s+(the\s+|our\s+|my\s+|all\s+|total\s+|(19|20)\d\d\s+|q[1-4]\s+|(this|last)\s+year'?s\s+)*(revenue|revenues|sales|turnover|income|takings)\b|\b(revenue|revenues|sales|turnover)\b.*\bas an?\s+(percent(age)?|share|proportion|fraction|%)\s+of\s+(the\s+)?(total|whole|overall)\b/u;
/** "What % of profit comes from Technology?", "share of our gross profit by region": a share of profit. */
export const SHARE_OF_PROFIT =
  /(\b(percent(age)?|share|proportion|fraction)|%)\s+of\s+(the\s+|our\s+|my\s+|all\s+|total\s+|(19|20)\d\d\s+|q[1-4]\s+|(this|last)\s+year'?s\s+)*(gross\s+)?(profits?|earnings)\b|\b(percent(age)?|share|proportion|fraction)\s+of\s+[\p{L}\d&' -]{1,60}?\s+in\s+(the\s+|our\s+|my\s+|all\s+|total\s+)*(gross\s+)?(profits?|earnings)\b/u;
/** The shares the query gives: of gross profit too where the file has costs (CDNOW has none). */
export function shareOfRevenueOnly(hasCost: boolean): string {
  return hasCost
    ? "I can work out a share of revenue or of gross profit, such as a region's or your top customers', or a share of all customers; not a share of orders or units, or of some customers only, yet."
    : "I can work out a share of revenue, such as a region's or your top customers', or a share of all customers; not a share of orders, units or profit, or of some customers only, yet.";
}
/** "Return rate", "rate of cancellations": a ratio the query does not compute. */
export const RETURN_RATE = /\b(returns?|refunds?|cancell?ations?) rates?\b|\brate of (returns?|refunds?|cancell?ations?)\b/;
export const NO_RETURN_RATE =
  "I can't work out a return rate yet; ask for the value of returns and for revenue in the same period, and divide.";
export const RETURNS_MEASURES_ONLY =
  'For returns I can give their value and the number of orders with one, by any grouping or period; not their units, customers, profit or margin yet.';

/** Their value joined to another figure: "returns and orders with a return". */
const RETURNS_AND = /\b(?:returns|credit notes|refunds)\s+and\b|\band\s+(?:the\s+)?(?:value of\s+)?(?:returns|credit notes|refunds)\b/;
/** "The average credit note", "average return value": it got the value of all returns. */
export const RETURNS_AVERAGE = /\b(?:average|avg|mean|typical)\b/;
export const NO_RETURNS_AVERAGE =
  'I can give the value of returns and the number of orders with one, not their average yet; ask for both (“returns and orders with a return”) and divide.';

/** A count of returns: "how many", "how often", and documents in the plural ("the fewest cancellations"). */
const RETURN_COUNT = /\b(how many|number of|count of|how often|most often|frequently|cancell?ations|credit notes)\b/;
/** Goods counted: units or products that came back, which no returns measure counts. */
const RETURNED_GOODS =
  /\b(?:how many|number of|count of|total|sum of)\s+(?:the\s+)?(?:returned\s+(?:items?|units?|products?|pieces?|goods|skus?|articles?|bottles?)|(?:items?|units?|products?|pieces?|goods|skus?|articles?|bottles?)\s+(?:were\s+|got\s+|that were\s+|have been\s+)?(?:returned|sent back|came back))\b/;
/** "Value of credit notes in 2024" counted them: an amount asked for is their value. */
const RETURN_VALUE = /\b(value|amount|how much|worth|sum|cost)\b/;

/**
 * The returns measures for the figures a returns question asks for: a count of orders is
 * the orders with a return, an amount is the value of returns; "how many returns",
 * "returned most often" and "the cancellations" count orders, other wording asks for the
 * value. Null for any other figure (units, customers, profit…) and for a rate.
 */
export function returnsMeasuresOf(measures: readonly Measure[], text: string): Measure[] | null {
  if (RETURN_RATE.test(text)) return null;
  // "Revenue before returns", "How much did we sell before cancellations?": what was sold, what came back, what is left.
  if (GROSS_SALES.test(text) && measures.every((m) => m === 'grossRevenue' || m === 'revenue'))
    return ['grossRevenue', 'returns', 'revenue'];
  // "How many items were returned?" got the 803 orders with a return (37,162 units came back).
  if (RETURNED_GOODS.test(text)) return null;
  if (measures.length === 0) return [RETURN_COUNT.test(text) && !RETURN_VALUE.test(text) ? 'returnOrders' : 'returns'];
  const asked: (Measure | null)[] = measures.map((m) => (m === 'orders' ? 'returnOrders' : m === 'revenue' ? 'returns' : null));
  if (asked.some((m) => m === null)) return null;
  // "Returns and orders with a return" kept the count alone.
  if (RETURNS_AND.test(text)) asked.unshift('returns');
  // "Net sales after refunds": both figures, returns first, as they rank.
  if (/\b(revenue|turnover)\b|\bsales\b(?! ?reps?)/.test(text)) asked.push('revenue');
  return [...new Set(asked as Measure[])];
}

/**
 * Customers by how many orders they placed. "How many customers made a repeat purchase?" and
 * "… with a second purchase" counted every customer (23,570 on CDNOW); one made or had, not
 * one to come ("When do customers make their second purchase?", "… likely to make a repeat
 * purchase?") nor one denied ("didn't make a repeat purchase" is ONE_TIME's).
 */
export const MORE_THAN_ONCE =
  /\b(more than once|more than one (order|purchase|invoice|time)|(two|2) or more (orders|purchases|times)|several (orders|times)|multiple (orders|purchases|times)|(?<!(?:n['’]t|\bnot|\bnever) )(?:made|placed|had|with) (?:an? |any |their )?(?:repeat|second) (?:orders?|purchases?))\b/;
export const AGAIN = /\b(bought|ordered|purchased|buy|order|purchase|buys|orders) again\b|\b(came|come|comes|coming) back\b|\breordered\b/;
/**
 * "How many customers have only ever placed one order?" counted all 793 of Superstore's (it is 12).
 * "How many customers ordered once in 2024?" counted all 709 of 2024's customers: "once" with no
 * "only" is one-time too, not "at least once" or "once a month"; so are customers who bought
 * "exactly once" or "have a single order" (they counted all 793 of Superstore's), but not "a
 * single order over 5000".
 */
export const ONE_TIME =
  /\b(one[- ]time|one[- ]off|single[- ]purchase|only once|just once|once only|(only|just) (bought|ordered|purchased) once|(?<!\bat least )(bought|ordered|purchased|shopped) once(?! (?:a|an|per|every|each|or|and|more|before|again)\b)|(only|just|exactly)(?: ever)?(?: (?:placed|made|had|put in|submitted))? (?:one|1|a single) (order|purchase)|(?<=\b(?:customers?|clients?|accounts?|buyers?|who)\b.*)(?:exactly once|(?:have|had|has|with|made|placed) (?:a single|one single|only a single|one|1) (?:order|purchase)(?!s? (?:over|above|under|below|worth|of|more|less|greater|bigger|larger|smaller|and|or|each|every|per|a|cancell?ed|returned|refunded|credited|shipped|delivered)\b))|never (came back|bought again|ordered again|reordered)|(?:did not|didn't|do not|don't|have not|haven't|has not|hasn't|never) (?:buy|order|purchase|bought|ordered|purchased) again|(?:no|without an?|without any|(?:(?:did|does|do|have|has|had)n['’]t|not|never) (?:make|made|place|placed|have|had) (?:an?|any)) (?:repeat|second) (?:orders?|purchases?))\b/;
/**
 * "What's our repeat purchase rate?", "What percentage of customers came back?": of the
 * customers with an order, the share with two or more (a retention rate is the cohorts').
 */
export const REPEAT_RATE =
  /\b(repeat(?:[- ](?:purchase|order|customer|buyer|business))?|re-?order|re-?purchase|returning[- ]customer) rate\b/;
const shareOf = (nouns: string) =>
  new RegExp(String.raw`(\b(percent(age)?|share|proportion|fraction)|%) of (our |the |all |all our |my )?(${nouns})\b`);
export const SHARE_OF_CUSTOMERS = shareOf(CUSTOMERS_PLURAL);

/** A share of customers, by the grammar's nouns or the file's own ("What share of stores bought Titos?" on Iowa). */
export function asksShareOfCustomers(text: string, customerNoun: string | null): boolean {
  return SHARE_OF_CUSTOMERS.test(text) || (customerNoun !== null && shareOf(`${escapeRegex(customerNoun)}s`).test(text));
}
export { ORDER_COUNT_ONLY } from './query-limits';

/** Measures that are an amount of money, which a threshold without a unit is about. */
const MONEY_MEASURES = new Set<Measure>([
  'revenue',
  'grossProfit',
  'cost',
  'averageOrderValue',
  'revenuePerCustomer',
  'returns',
  'averagePrice',
]);

/**
 * The bound as the spec writes it. Customers "with no more than 2 orders" counted the 22 with
 * only credit notes (no order): a customer is one who bought, so an upper bound on customers'
 * orders starts at one ("orders between 1 and 2").
 */
function customersWhoOrdered(measure: Measure, groupBy: readonly string[], threshold: Threshold): NonNullable<QuerySpecInput['having']> {
  const upper = threshold.op === '<=' ? threshold.value : threshold.op === '<' ? Math.ceil(threshold.value) - 1 : null;
  if (measure === 'orders' && groupBy.includes('customer') && upper !== null && upper >= 1)
    return upper === 1 ? { measure, op: '=', value: 1 } : { measure, op: 'between', value: 1, upTo: upper };
  return { measure, op: threshold.op, value: threshold.value, ...(threshold.upTo === undefined ? {} : { upTo: threshold.upTo }) };
}

/**
 * "Which customers spent more than 1,000 in 2021?", "customers with at least 5 orders":
 * the list, kept to the rows past the threshold (they were refused). The figure is the one
 * named after the number, else the question's amount of money; with no grouping asked, the
 * rows are those of the plural noun the question names (`pluralGroup`: "how many customers
 * …" lists customers). A threshold on a total, a comparison or a lapsed-buyer list is refused.
 */
export function withThreshold(
  spec: QuerySpecInput,
  threshold: Threshold,
  pluralGroup: string | null,
  excluded: boolean,
  rankedByAFigure = false,
): Parsed {
  const groupBy = [...(spec.groupBy ?? [])];
  // "How many customers spent …", "suppliers with more than 1000 customers", "months with revenue over …".
  if (groupBy.length === 0 && pluralGroup) groupBy.push(pluralGroup);
  const money =
    (threshold.of && spec.measures.includes(threshold.of) ? threshold.of : null) ??
    spec.measures.find((m) => MONEY_MEASURES.has(m)) ??
    'revenue';
  const measure: Measure | null =
    threshold.unit === 'other'
      ? null
      : threshold.unit === 'percent'
        ? spec.measures.includes('marginPct')
          ? 'marginPct'
          : null
        : threshold.spent
          ? 'revenue'
          : (threshold.unit ?? money);
  if (excluded || groupBy.length === 0 || !measure || threshold.marginUnclear)
    return { kind: 'refused', reason: thresholdRefusal(threshold) };
  // The rows grouped by customer are the customers: "customers" is no figure of its own then.
  const counted = new Set<Measure>(groupBy.includes('customer') ? ['customers'] : groupBy.includes('product') ? ['products'] : []);
  const measures = [measure, ...spec.measures.filter((m) => m !== measure && !counted.has(m))].slice(0, 4);
  // Past a lower bound, or within a range, the largest first; below an upper bound, the smallest.
  const up = threshold.op.startsWith('>') || threshold.op === 'between';
  // "The top 5 products by margin with at least 10 orders" ranked by orders: a ranking is by
  // the other figure it names, the threshold only keeps the rows.
  // So is "top customers by margin % with revenue over 50k", with no count, and "lowest profit
  // products with revenue over 5000", whose bound names its own figure: the other is ranked.
  const ranksAnother = spec.limit !== undefined || rankedByAFigure || (threshold.of !== undefined && spec.measures[0] !== measure);
  const ranked = ranksAnother ? spec.measures.find((m) => m !== measure && !counted.has(m)) : undefined;
  return {
    kind: 'spec',
    spec: {
      ...spec,
      measures: ranked ? [ranked, ...measures.filter((m) => m !== ranked)] : measures,
      groupBy,
      having: customersWhoOrdered(measure, groupBy, threshold),
      // "Bottom 5 customers over 5k" ranks the smallest past the bound first (it listed the top 5).
      sort: ranked
        ? { by: ranked, direction: spec.sort?.direction ?? 'desc' }
        : { by: measure, direction: spec.sort?.direction ?? (up ? 'desc' : 'asc') },
    },
  };
}
