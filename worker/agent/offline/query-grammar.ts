/**
 * The offline analyst's question grammar: plain words → a `query_data` spec. Measures,
 * dimensions and periods come from small word lists (query-periods.ts for dates); names
 * of customers, products, categories, regions … are matched against the file's own
 * dictionaries. What it can't map, it says so — it never maps to a neighbouring question.
 */
import { sharedNamesOf } from '../../engine/aggregate/distinct-names';
import Fuse from 'fuse.js';
import { filterWords, MEASURE_LABELS, SUMMED_OVER_TIME, TIME_DIMENSIONS, type TimeDimension } from '../../engine/query/spec';
import type { Measure, QuerySpecInput } from '../../engine/query';
import { epochDay, isoDay } from '../../engine/aggregate/types';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { categoryWordFilter, isWordOfAValue, looseNamesOf, strayPhraseOf } from './query-names';
import { NUMBER_WORDS } from './number-words';
import { pluralNoun } from '../../engine/render/format';
import {
  escapeRegex,
  limitOf,
  RETURNS,
  returnedFilterOf,
  SHARE,
  thresholdOf,
  thresholdsIn,
  unknownGrouping,
  unusedNumberNamed,
  withCountsAsDigits,
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
  ORDER_COUNT_ONLY,
  RETURN_RATE,
  RETURNS_MEASURES_ONLY,
  returnsMeasuresOf,
  SHARE_OF_REVENUE,
  SHARE_OF_REVENUE_ONLY,
  withThreshold,
} from './query-measures';
import { unitChangeOf } from './query-unit-change';
import { BRIDGE_SPLIT, fromToOf } from './bridge-intents';
import { AMOUNT_AFTER, MONTH_NAMES_NOT_MAY, periodBefore, periodsOf, wholeUnitOf, withoutHalfYears, type DayRange } from './query-periods';
import { ACTIONS, CUSTOMER_VALUE, DISCONTINUE, PURCHASE_GAP, TOP_FIFTH } from './intents';

/**
 * `unmapped`: the grammar can't map it, and the canned answers may; `refused`: nothing in
 * the file answers it (the future, a column the file lacks), so no other answer may stand in.
 */
export type Parsed =
  /** `counted`: the noun of the rows counted first ("How many countries …" → "countries"). */
  | { kind: 'spec'; spec: QuerySpecInput; counted?: string }
  | { kind: 'unmapped' | 'refused'; reason: string }
  /**
   * The analysis' churn list or segments, for the customers whose rows match `where`
   * ("Which customers in Texas are at risk?"); `reason` refuses any other answer.
   */
  | { kind: 'among'; where: NonNullable<QuerySpecInput['filters']>; reason: string };

/** "Revenue per customer", "average spend per account": a ratio, never a grouping by customer. */
const PER_CUSTOMER =
  /\b(?:(?:average |avg |mean )?(?:revenue|sales|spend|turnover|income) per (?:customer|client|account|buyer)|average (?:revenue|spend|sales) (?:of|for|from) (?:a|each|every|one) (?:customer|client|account|buyer)|(?:average|avg|typical) (?:customer|client|account|buyer) (?:spends?|spending|spent|buys?|revenue|value))\b/;

/**
 * "Average sales", "the highest average spend", "mean revenue": an average of money with
 * nothing it is per (a customer, an order, a month), which PER_CUSTOMER, PER_ORDER and
 * `averagePerOf` read. Margin is a ratio already, so "average margin" is not one of these.
 */
const UNITLESS_AVERAGE =
  /\b(?:average|avg|mean)\s+(?:[a-z]+\s+)?(?:spend|spending|revenue|revenues|sales?|turnover|income|profit|takings|amount|value)\b/;
const AVERAGES: ReadonlySet<Measure> = new Set(['revenuePerCustomer', 'averageOrderValue', 'averagePrice']);
const UNITLESS_AVERAGE_REASON =
  'An average needs what it is per: I can give revenue per customer ("average revenue per customer by region"), the average order value ("average order value by region") or revenue per month ("average monthly revenue").';

/** "Spends the most on frozen per customer", "revenue per store" (a customer column called store_name): the words apart. */
function perCustomerApart(noun: string | null): RegExp {
  return new RegExp(`\\bper (?:customer|client|account|buyer${noun ? `|${escapeRegex(noun)}` : ''})\\b`);
}
/** A total asked for: one figure, not one per customer. */
const TOTAL = /\b(?:total|in total|combined|altogether|overall)\b/;
/** Customers named as what is ranked or listed: "top customers", "which customers", "each customer". */
const CUSTOMERS_RANKED =
  /\b(?:top|bottom|which|what|each|every|per|by|list|show|name|biggest|largest|smallest|best|worst)\s+(?:\d+\s+)?(?:customers?|clients?|accounts?|buyers?)\b|\bwho\b/;

/** "Revenue per order": the average order value. */
const PER_ORDER = /\b(revenue|sales|spend|value|turnover) per (order|invoice)\b/;

/**
 * "Which sub-category lost money?", "Which states had losses?": gross profit, lowest first,
 * not the products' margins.
 */
const LOSS =
  /\b(lost|lose|loses|losing) money\b|\b(loss[- ]making|unprofitable|(?:made|make|makes|had|have|has|ran|run|runs|showed|shows|posted|with) (?:a (?:net )?loss|(?:net )?losses)|at a loss|in the red)\b|\bnegative (gross )?(profit|margin)s?\b/;

/**
 * "How many products does Supplier 13 supply?", "how many different products did they buy",
 * "which supplier supplies the most products": distinct products, where "how many products
 * did we sell in 2021" stays the units sold.
 */
const PRODUCT_COUNT =
  /\b(how many|number of|count of) (different|distinct|unique) (products|items|skus|articles)\b|\b(how many|number of) (products|items|skus|articles) (do|does) \w+( \w+)? (sell|supply|carry|offer|stock|have)\b|\bproduct count\b|\b(most|fewest|least) (different |distinct )?(products|skus)\b/;

/**
 * "What is the average price of our products?" got the top products by revenue: a price is
 * revenue over units. A change of prices ("should we raise prices?") or the price, volume
 * and mix bridge is no question of the price level.
 */
const PRICE_ASKED =
  /^(?!.*\b(?:raise|raising|increase|increasing|lower|lowering|cut|cutting|change|changing|set|setting) (?:our |the |its |their )?prices?\b)(?!.*\b(?:mix|volume|bridge|pvm)\b).*(?:\b(?:average|avg|mean|typical|selling|sales|unit|highest|lowest|top|bottom|our) (?:(?:bottle|unit|item|case|pack|selling|sale|product) )?prices?\b|\bprices? (?:of|for|by|per|in|paid)\b|\b(?:most|least|more|less) expensive\b|\b(?:cheapest|priciest|priced)\b|\bprices? per (?:unit|bottle|item|piece|case|pack|box|can|article|sku)\b)/;
/** "Price per bottle": the unit a price is of, no grouping. */
const PRICE_PER_UNIT = /\bprices? per (?:unit|bottle|item|piece|case|pack|box|can|article|sku)\b/g;

const AVERAGE_PRICE_OF_PRODUCTS =
  /\b(?:average|avg|mean|typical) (?:selling |unit |sales )?price of (?:our |all |the |all our |all the )?(?:products|items|goods|articles)\b/;

/**
 * "How much did we sell to new customers in 2024?" got the count of new customers: the
 * revenue of new (or returning) customers, and both for "new vs returning".
 */
const BUYERS = '(?:customers|clients|accounts|buyers)';
const REVENUE_FROM = (kind: string) =>
  new RegExp(
    `\\b(?:revenue|sales|turnover|spend|spending|spent|sell|sold|selling)\\b(?:\\s+[\\w']+){0,4}?\\s+(?:from|of|by|with|for|to|on) (?:the |our |all )?${kind} ${BUYERS}\\b|\\b${kind}[- ](?:customer|client|account) (?:revenue|sales|spend)\\b|\\b${kind} ${BUYERS} (?:spend|spent|bring|brought|generate|generated)\\b`,
  );
const NEW_VS_RETURNING = new RegExp(
  `\\b(?:revenue|sales|turnover|spend)\\b.*\\bnew (?:vs\\.?|versus|and|or) (?:returning|existing) ${BUYERS}\\b`,
);

const MEASURE_WORDS: [RegExp, Measure][] = [
  [PER_CUSTOMER, 'revenuePerCustomer'],
  [REVENUE_FROM('new'), 'newCustomerRevenue'],
  [NEW_VS_RETURNING, 'newCustomerRevenue'],
  [REVENUE_FROM('(?:returning|existing)'), 'returningCustomerRevenue'],
  [NEW_VS_RETURNING, 'returningCustomerRevenue'],
  // "Which customers bought for the first time in June 1998?" listed June's buyers.
  [/\bnew (customers|clients|accounts|buyers)\b|\b(?:bought|ordered|purchased) for the first time\b/, 'newCustomers'],
  // "How many customers did we win each quarter?" counted every customer of each quarter.
  [
    /\b(customers|clients|accounts|buyers)\b(?: \w+){0,3} (win|won|acquire|acquired|gain|gained|sign up|signed up|signed|onboard|onboarded)\b(?! back)|\b(won|acquired|gained|onboarded) (customers|clients|accounts)\b|\bcustomer acquisitions?\b/,
    'newCustomers',
  ],
  [/\b(returning|repeat) (customers|clients|accounts|buyers)\b/, 'returningCustomers'],
  [/\b(average order value|aov|average order|avg order|basket size|average basket)\b/, 'averageOrderValue'],
  [PER_ORDER, 'averageOrderValue'],
  [PRICE_ASKED, 'averagePrice'],
  [PRODUCT_COUNT, 'products'],
  [/\b(gross profit|profit|profitable|profitability|gross margin amount)\b/, 'grossProfit'],
  [LOSS, 'grossProfit'],
  [/\b(margin|margins|markup)\b/, 'marginPct'],
  [
    // "How many CDs did we sell in 1997?" is units, whatever the things are called (it was revenue).
    // "How many chairs did Sean Miller buy?", "How many CDs did customer 1 buy?" too ("how many products did …
    // buy" may be distinct products, so it stays unread).
    /\b(units|quantity|quantities|qty|pieces|volume)\b|\bhow many (?!customers|clients|accounts|buyers|orders|invoices|transactions|purchases|stores|suppliers|vendors|categories|regions|countries)[a-z]+\b.*\b(sell|sold|ship|shipped|move|moved)\b|\bhow many (?!customers|clients|accounts|buyers|orders|invoices|transactions|purchases|stores|suppliers|vendors|categories|regions|countries|products|items|skus|articles|times|days|weeks|months)[a-z]+ (?:did|does|do|has|have) .*\b(buy|bought|purchase|purchased|order|ordered)\b/,
    'units',
  ],
  // "How many times did Sean Miller buy?" is his orders (it was refused, "times" read as a product's word).
  [
    /\b(how many|number of|count of) (orders|invoices|purchases|transactions)\b|\borders\b|\bhow many times\b.*\b(buy|bought|order|ordered|purchase|purchased|shop|shopped)\b/,
    'orders',
  ],
  // "Which countries had more customers in 2011 than in 2010?" asked for the figure.
  [/\b(how many|number of|count of|most|fewest|least|more|fewer) (customers|clients|accounts|buyers)\b/, 'customers'],
  [
    /\b(revenue|revenues|revenu|revnue|reveune|sales|slaes|turnover|turn over|income|takings|spend|spends|spent|spending|how much|bring in|brings in|sold|sell|sells|(best|top|worst)[- ]selling (product|item|article|sku|category|sub-category|supplier)(?!s))\b/,
    'revenue',
  ],
];

const DIMENSION_WORDS: [RegExp, string][] = [
  [/\b(customers?|clients?|accounts?|buyers?)\b/, 'customer'],
  [/\b(products?|items?|skus?|articles?)\b/, 'product'],
  [/(?<!sub[- ]?)\b(product )?(categories|category)\b/, 'category'],
  [/\b(suppliers?|vendors?)\b/, 'supplier'],
  [/\b(regions?|territor(y|ies)|countr(y|ies))\b/, 'region'],
  [/\b(sales ?reps?|reps?|salespeople|salesperson|account managers?)\b/, 'salesRep'],
  [/\b(months?|monthly)\b/, 'month'],
  [/\b(quarters?|quarterly|qoq)\b/, 'quarter'],
  [/\b(years?|yearly|annual(ly)?|yoy)\b/, 'year'],
  [/\b(weeks?|weekly)\b/, 'week'],
];

/** "Which supplier's products …": the owner is what is asked for, products are its. */
const OWNER_OF_PRODUCTS =
  /\b(?:which|what) (?:suppliers?|vendors?|categor(?:y|ies)|regions?|countr(?:y|ies)|customers?|clients?|accounts?|(?:sales ?)?reps?)(?:'s|’s|s'|s’) (?:products?|items?|skus?|articles?)\b/;

/** "Customers by month in 1997" (refused as a whole-file question): a count of customers by a time unit. */
const CUSTOMERS_BY_TIME =
  /\b(?:customers|clients|accounts|buyers) (?:by|per|each|every) (?:month|quarter|year|week)\b|\b(?:monthly|quarterly|yearly|weekly) (?:customers|clients|accounts|buyers)\b/;

/** Customers as the ones who buy: "what do (our, German) customers buy", "products customers bought most". */
const CUSTOMERS_AS_SUBJECT =
  /\b(?:do|did|does|have|has|that|are|were)\s+(?:[a-z]+\s+){0,2}(?:customers|clients|accounts|buyers)\s+(?:in\s+[a-z][\w-]*\s+)?(?:buy|bought|buying|purchase|purchased|purchasing|order|ordered|ordering|spend|spent|spending)\b/;

/** Customers named as whose figure it is: "revenue from customers in France", "sales to customers outside the UK". */
const CUSTOMERS_AS_SOURCE = /\b(?:from|of|to|among)\s+(?:our\s+|the\s+|all\s+)?(?:customers|clients|accounts|buyers)\b/;

/** Products bought in the same orders as another: "what do customers buy with X", "what goes with X". */
const BOUGHT_WITH =
  /\b(?:bought|buy|buys|purchased?|ordered|order) (?:together|with)\b|\bgo(?:es)? (?:well )?with\b|\bpairs? (?:well )?with\b|\balso (?:buy|bought|purchased?|order(?:ed)?)\b/;
/** "What should we cross-sell to Sean Miller?" got his revenue: what to offer is the cross-sell answer. */
const WHAT_TO_OFFER =
  /(?<!\bfrom )\b(?:cross[- ]?sell\w*|up[- ]?sell\w*|recommend\w*|next best|(?:buy|order|purchase) next(?! (?:week|month|quarter|year))|next (?:purchase|order)|what (?:else|more) (?:should|could|can|to) (?:we |i )?(?:sell|offer))\b/;

/** The adverb that asks for a time unit on its own ("monthly revenue"). */
const ADVERBS: Record<string, string> = {
  month: 'monthly|month over month|month on month',
  quarter: 'quarterly|quarter over quarter|quarter on quarter|qoq',
  year: 'yearly|annual|annually|year over year|year on year|yoy',
  week: 'weekly',
};
/** "How did profit change year over year?": the figure by that time unit, each against the one before. */
const OVER_TIME_UNIT = /\b(year|quarter|month)[- ](over|on)[- ](year|quarter|month)\b|\b(yoy|qoq)\b/;
/** "Monthly growth", "each month", "by quarter": a figure for every unit of a span. */
const EACH_UNIT = /\b(daily|weekly|monthly|quarterly|yearly|annual)\b|\b(each|every|per|by)\s+(day|week|month|quarter|year)\b/;

/** Questions the analyst cannot answer exactly from the rows (future, causes, opinions). */
const OUT_OF_SCOPE =
  /\b(forecast|predict|will .* (buy|spend|sell)|next (year|quarter|month)|why|should i|weather|stock price|competitor)\b/;
/** A target, budget or quota: figures no file of sales holds. */
const TARGETS = /\b(targets?|budget(?:s|ed)?|quotas?)\b/;
/** The future: no figure in the file answers it, and the totals must not stand in for it. */
const FUTURE = /\b(forecast|predict(ion)?s?|will .* (buy|spend|sell)|next (year|quarter|month))\b/;
/** "sub-categories": a finer level than category, which must not answer for it. */
const SUB_CATEGORY = /\bsub[- ]?categor(y|ies)\b/;

/** A count of rows asked for, in digits or words ("one" only after "top": "the one product" is no count). */
const COUNT = String.raw`\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|twenty`;
/** "Top 5", "bottom three". */
const TOP_N = new RegExp(String.raw`\b(top|bottom|best|worst|largest|biggest|smallest)\s+(one|${COUNT})\b`);
/** A count before a plural noun, after "which", "the", "list"…: "which 3 countries", "the 5 largest customers". */
const COUNTED = new RegExp(
  String.raw`\b(?:which|what|the|list|name|show|give me)\s+(${COUNT})\s+(?:(?:top|best|biggest|largest|smallest|highest|lowest|worst|most|least)\s+)?[a-z]+s\b`,
);
/** "List five products…", "show me the 3 countries…": a count asked for names a grouping, as "which" does. */
const LISTED = new RegExp(String.raw`\b(?:list|name|show)(?: me)?(?: the)? (?:${COUNT})\b`);
/**
 * A plural noun the question opens with, then what picks them: "customers with revenue in
 * 2021", "list products with losses" (they got one total).
 */
const LEADING_PLURAL = /^(?:(?:list|show|name|give)(?: me)? )?(?:(?:all|the|our|all our|any) )?[a-z-]+s (?:with|who|that|whose|where)\b/;
/**
 * Words that set two named things side by side: "Germany vs France", "compare Chairs with
 * Tables", "is Technology more profitable than Furniture?" (it added the two), "Germany or France".
 */
const SIDE_BY_SIDE =
  /\b(vs\.?|versus|compare|compared|comparing|against|or)\b|\b(more|less|fewer|higher|lower|bigger|smaller|better|worse|larger)\b.*\bthan\b/;
/** "Average orders per customer": a ratio the grammar has only for revenue. */
const OTHER_PER_CUSTOMER =
  /\b(average|avg|mean|typical|how many)\b.*\b(orders|invoices|purchases|transactions|units|items|pieces|quantity|profit|margin) per (customer|client|account|buyer)\b|\bhow (many|often)\b.*\b(the )?(average|typical) (customer|client|account|buyer)\b/;
/** "Average items per order", "units in an average order": a ratio the grammar has only for revenue. */
const OTHER_PER_ORDER =
  /\b(items|units|products|lines|pieces|quantity|articles|skus|profit|margin|cost) (per|in an?|in each|in the average|in the typical|on an?|on each|on the average) (order|invoice|basket|transaction)\b|\b(order|basket) size in (units|items)\b/;
/**
 * One order ranked by its size: "the largest order in 2024" got 2024's total revenue, "the 10
 * largest orders" the count of orders, "biggest single purchase" the customers with one order.
 * ("Highest sales" is revenue: only the singular "sale" is one transaction.)
 */
const SINGLE_ORDER_RANKED =
  /\b(?:largest|biggest|smallest|top)\s+(?:\d+\s+)?(?:single\s+|individual\s+)?(?:orders?|invoices?|transactions?|purchases?|deals?|sale|baskets?)\b|\b(?:orders?|invoices?|baskets?) (?:are|were|is|was) (?:the )?(?:largest|biggest|smallest)\b/;
/** A grouping's noun in the plural: the question asks for several of them. */
const PLURAL_OF: Record<string, RegExp> = {
  customer: /\b(customers|clients|accounts|buyers)\b/,
  product: /\b(products|items|skus|articles)\b/,
  category: /\bcategories\b/,
  supplier: /\b(suppliers|vendors)\b/,
  region: /\b(regions|territories|countries)\b/,
  salesRep: /\b(sales ?reps|reps|salespeople|account managers)\b/,
};

/** "Churn rate", "attrition rate" (a retention rate is the cohorts'). */
const CHURN_RATE = /\b(churn|attrition|customer loss|defection) rate\b|\brate of (churn|attrition)\b/;

/** Churn risk and the RFM segments by name ("new customers" is a measure of its own). */
const WHOLE_FILE_RESULTS =
  /\b(at[- ]risk|churn(ing)?|likely to (leave|churn|lapse|stop)|risk of (churn|churning|leaving|lapsing)|champions?|potential loyalists?|loyal|hibernat\w*|about to sleep|can'?t lose|cannot lose|needs? attention|promising)\b/;
/** Concentration and dependency, which the analyses work out for the whole file only. */
// "How much do we depend on our biggest supplier?" got its revenue with no share: the verb too.
const CONCENTRATION = /\b(concentrat\w*|pareto|80\/20|depend(s|ing|ent|ence|ency)?|reliant|reliance|rely|relies|relying)\b/;
const WHOLE_FILE_ONLY =
  "I can answer revenue, gross profit, margin, orders, customers, units or average order value for a period; segments, churn risk and concentration are worked out for the whole file, not for one period, so I won't answer them for it.";

const NO_FIGURE_FOR_PERIOD =
  'I couldn\'t tell which figure you want for that period: ask for revenue, gross profit, margin, orders, customers, units or average order value, such as "revenue by customer in 2024 vs 2023".';

/** Words that ask how a figure moved between two periods. */
const CHANGE =
  /\b(grew|grow(n|s|th|ing)?|increas(e[sd]?|ing)|rose|ris(e[sn]?|ing)|gained?|declin(e[sd]?|ing)|fell|fall(s|en|ing)?|drop(s|ped|ping)?|shr[iau]nk|shrinking|decreas(e[sd]?|ing)|chang(e[sd]?|ing)|(go|goes|went|gone|going) (up|down)|reduc(e[sd]?|ing)|cut (back|down)|spen[dt] less|los(?:t|e|es|ing) (?:the )?(?:most|more))\b/;
/**
 * "How did the West do last year?" was refused with the reason for segments and churn: how a
 * value did in a period is its sales, against the period before.
 */
const PERFORMED = /\bhow (?:did|has|have|is|was|were|are|do|does) .*\b(?:do|doing|done|perform|performing|performed|go|going|gone)\b/;
const GROWTH = /\b(grew|grow(n|s|th|ing)?|increas(ed?|ing)|rose|rising|gained|up the most)\b/;
/** "Lost the most (revenue)": a fall, not customers lost, unless customers are what was lost. */
const LOST_MOST = /\blos(?:t|e|es|ing) (?:the )?(?:most|more)\b/;
const DECLINE = new RegExp(
  String.raw`\b(declin(ed?|ing)|fell|fallen|falling|drops?|dropped|dropping|shrank|shrunk|shrinking|decreas(ed?|ing)|down the most|reduc(ed?|ing)|cut (back|down)|spen[dt] less)\b|` +
    LOST_MOST.source,
);
/** A ranking by the rate of a change, not its amount. */
/**
 * The least of a way, said of the way itself: "grew the least", "the smallest decline", "the
 * slowest growing", "the bottom 5 by growth" (not "the states with the lowest profit grew the most").
 */
const LEAST_WAY =
  /\b(?:grew|grow(?:n|s|ing)?|growth|declin\w*|drop(?:ped|ping|s)?|fell|fall(?:en|ing|s)?|decreas\w*|increas\w*|rose|ris(?:e|en|ing)|shr[au]nk|shrink\w*|gain\w*)\s+(?:the\s+)?(?:least|slowest|smallest|lowest|weakest|(?:most|more) slowly|slowly)\b|\b(?:least|slowest|smallest|lowest|weakest)(?:[- ]growing)?\s+(?:[a-z%-]+\s+){0,2}?(?:growth|declines?|drops?|falls?|increases?|decreases?|rises?|gains?|growing|declining)\b|\b(?:bottom|worst)(?:[- ]performing)?\s+(?:\d+\s+)?(?:[a-z-]+\s+)?by\s+(?:[a-z%]+\s+)?(?:growth|change|increase|decline|drop)\b/;
const RATE =
  /\b(fastest|faster|slowest|slower|slowly|quickest|growth rates?|rates? of (growth|decline)|percentage (growth|change|increase|decrease)|in percent(age)?( terms)?)\b/;
const TWO_PERIODS = 'To say how it changed I need two periods, such as "in 2021 vs 2020" or "from 2020 to 2021".';
/** "Best month", "weakest quarter": the period with the most (or least) of a measure. */
const PEAK_UNIT = /\b(best|worst|busiest|slowest|strongest|weakest|quietest|biggest|highest|lowest) (month|quarter|week|year)\b/;
/** "Which month of 2011 had the highest revenue?": the same question, the unit named first. */
const WHICH_UNIT =
  /\b(?:which|what) (month|quarter|week|year)\b[^?]*?\b(best|worst|busiest|slowest|strongest|weakest|quietest|biggest|largest|highest|lowest|most|least|fewest|smallest|fastest|quickest)\b/;

/** The period asked for by its rank, as [words, adjective, unit], or null. */
function peakOf(text: string): [string, string, string] | null {
  const direct = PEAK_UNIT.exec(text);
  if (direct) return [direct[0], direct[1], direct[2]];
  const asked = WHICH_UNIT.exec(text);
  return asked ? [asked[0], asked[2], asked[1]] : null;
}

export const NO_DATES = 'This file has no dates, so I can’t answer for a period; its figures cover the whole file.';

/**
 * Any day: on a file without dates it only tells whether a question names a period
 * ("last month" needs a today to be read at all), and the period itself is never used.
 */
const ANY_DAY = new Date(Date.UTC(2000, 0, 1));

/** What the analysis knows that the rows alone don't answer in one query. */
export interface AnalysisFacts {
  /** A customer's last purchase day (ISO), by their label; null when unknown. */
  lastPurchaseOf(customer: string): string | null;
  /**
   * The label of the customer with this id, where the rows name customers by another
   * column (Iowa's stores by name, their ids in store_number); null when none has it.
   */
  customerLabelOf?(id: string): string | null;
}

/**
 * Parses a question into a spec, or says why it can't. `today` is the analysis date, null
 * when the file has no dates (then any period named is refused: it crashed on "Top customers in North").
 * `facts` are what the analysis knows beyond the rows (a customer's last purchase day);
 * without them, a question that needs one is refused.
 */
export function parseQuestion(
  question: string,
  meta: SnapshotMeta,
  analysisDay: Date | null,
  facts?: AnalysisFacts,
  valuesLeftOut = false,
): Parsed {
  // "didn’t", as phones type it, is "didn't".
  const parsed = parseAsRead(question.replace(/[’‘]/g, "'"), meta, analysisDay, facts, valuesLeftOut);
  const unread = parsed.kind === 'spec' ? (yearLeftOut(question, parsed.spec) ?? countLeftOut(question, parsed.spec, meta)) : null;
  return unread ? { kind: 'refused', reason: unread } : parsed;
}

/**
 * "How many regions had profit above the average?" and "How many countries stopped buying?": a count
 * of a grouping's values whose spec does not group by it answers another question (it got all
 * revenue, or a count of customers). The reason to refuse it, or null.
 */
function countLeftOut(question: string, spec: QuerySpecInput, meta: SnapshotMeta): string | null {
  const text = questionText(question, meta);
  const asked = valuesCountedOf(text, meta);
  if (asked) return (spec.groupBy ?? []).includes(asked.dimension) ? null : VALUES_COUNTED_ALONE(asked.noun);
  // "How many sales managers?" got all revenue: a count asked of something no figure counts.
  const noun = /\bhow many ((?:sales )?[a-z]+)/.exec(text)?.[1];
  const counts = spec.measures.some((m) => COUNTED_MEASURES.has(m));
  if (!noun || counts || spec.having || /\b(of|more|fewer|less|times|dollars|euros|pounds|bucks|percent)$/.test(noun)) return null;
  return `I couldn't tell what “how many ${noun}” counts in this file: I count orders, customers, units, products and the values of its columns.`;
}

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
  const ranges = [spec.period, spec.compareTo, spec.notBoughtIn].filter((r): r is DayRange => Boolean(r));
  // The amounts of thresholds ("between 1000 and 2000") are no years either.
  const named = withoutNamedYears(question.toLowerCase(), spec.filters ?? []);
  const text = thresholdsIn(named).reduce((rest, words) => rest.split(words).join(' '), named);
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
 * The question as the grammar reads it: lower case, counts in digits, the file's own nouns
 * for units and customers as the grammar's, and phrasings it reads as others. "Products
 * bought by only one customer" names no grouping "by one customer"; "How much of our revenue
 * comes from our top 10 customers?" listed them with no share: it asks for one.
 */
function questionText(question: string, meta: SnapshotMeta): string {
  const lower = asHeadersWritten(question.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 500), meta);
  return (
    asCustomersCounted(asUnits(withCountsAsDigits(lower), meta), meta)
      .replace(
        /\b(?:bought|purchased|ordered) by ((?:only |just |exactly )?(?:one|a single|1) (?:customer|client|account|buyer))\b/,
        'with $1',
      )
      // "Bought by the most customers" was refused as a grouping "by the most".
      .replace(/\b(?:bought|purchased|ordered) by (the (?:most|fewest|least) (?:customers|clients|accounts|buyers))\b/, 'with $1')
      .replace(/\bhow much of (?:(?:our|the|my|all|total)\s+)*(revenue|sales|turnover|income|business)\b/, 'what share of $1')
      // "Revenue in the most recent quarter by region" read "most" as a ranking: the latest unit is this one.
      .replace(/\b(?:most recent|latest) (year|quarter|month|week)\b/g, 'this $1')
      .replace(/\b(?:most recent|latest) (\d{1,4}) (days?|weeks?|months?|quarters?|years?)\b/g, 'last $1 $2')
      // "How much did customers spend on average?" got all revenue ("Average" read as no word of it).
      .replace(
        /\bhow much (?:do|did|does) (?:our |the |all )?(?:customers|clients|accounts|buyers) (?:spend|spent) on average\b/,
        'average spend per customer',
      )
      // "What share of revenue comes from our top supplier?" was refused as a question about
      // another answer: it is the share of the top one.
      // Not "not from our top customer" (the rest), nor one of two tops ("our top category and our top region").
      .replace(TOP_ONE_OF_A_SHARE, (match: string, before: string, noun: string, at: number, text: string) =>
        NEGATED.test(before) || /\b(top|biggest|largest)\b/.test(text.slice(at + match.length))
          ? match
          : `${before} the top 1 ${noun.replace(/y$/, 'ie')}s`,
      )
      // "What share of November revenue came from …?" was refused: the period after the figure.
      .replace(
        SHARE_OF_A_PERIOD,
        (_, share: string, when: string, figure: string) => `${share} of ${figure} in ${when.replace(/['’]s$/, '')}`,
      )
      // "How many customers made their first purchase in March 1997?" counted March's buyers:
      // first-time buyers are new customers, with every rule of those (revenue from them, a split).
      .replace(/\bfirst[- ]time (customers|clients|accounts|buyers|purchasers)\b/g, 'new $1')
      .replace(/\b(customers|clients|accounts|buyers) (?:who |that )?(?:made|placed) (?:their|a) first (?:purchase|order)s?\b/g, 'new $1')
      // "How many sales did we make?" got revenue: sales counted are orders (not "sales reps", "sales dollars").
      .replace(
        /\b(how many|number of|count of) sales\b(?!\s*(?:reps?|representatives?|people|persons?|staff|teams?|managers?|channels?|regions?|territor|dollars?|euros?|pounds?|revenue|value|volume|amount|in (?:dollars|euros|pounds|value|revenue)|[$£€]))/,
        '$1 orders',
      )
  );
}

/**
 * A header of two words as the file writes it: "revenue by sub category" was "This file has
 * no sub-category column" on Superstore, whose header is Sub-Category; "subcategories",
 * "ship-mode" and "salesrep" are the file's "sub-categories", "ship mode" and "sales rep".
 */
function asHeadersWritten(text: string, meta: SnapshotMeta): string {
  let written = text;
  for (const d of meta.dimensions) {
    const label = d.label.toLowerCase();
    const parts = label.split(/[- ]+/);
    if (parts.length < 2 || !parts.every((part) => /^\p{L}+$/u.test(part))) continue;
    const [stem, ending] = label.endsWith('y') ? [label.slice(0, -1), '(y|ies)'] : [label, '(s|es)?'];
    const spelled = stem.split(/[- ]+/).map(escapeRegex).join('[- ]?');
    written = written.replace(new RegExp(`\\b${spelled}${ending}\\b`, 'g'), (_, end: string | undefined) => stem + (end ?? ''));
  }
  return written;
}

/** Words that turn a part into the rest: "not from our top customer", "excluding". */
const NEGATED = /\b(not|excluding|except|other than|outside|apart from|aside from|besides)\b|n't\b/;

/** "With no orders", "zero revenue", "did not sell", "whose profit was negative": none of a figure, or below zero. */
const NONE_OF_A_FIGURE =
  /\b(?:no|zero|nil|negative)\s+(?:revenue|sales|orders?|profit|spend|purchases?|units|margin)\b|\b(?:not|n't|never|didnt)\s+(?:sell|sold|buy|bought|order|ordered|purchase|purchased|have|had|make|made)\b|n't (?:sell|buy|order|purchase|have|make)\b|\b(?:is|are|was|were) (?:negative|zero|below zero|under zero)\b|\bbelow zero\b/;
/** "Customers who didn't have losses": no loss, which is no list of those with one. */
const NO_LOSS = /(?:n't|\bnot|\bnever|\bdidnt)\s+(?:have|had|has|make|made|makes|show|showed|post|posted|lose|lost|run|ran)\b/;
const NONE_OF_A_FIGURE_ONLY =
  'I can list the customers, products or other rows with a figure past a threshold (“customers with revenue below …”), or those with a loss, not those with none of a figure or without it yet.';
/** A loss is a grouping's profit below zero; single orders or lines are no grouping. */
const LOSS_OF_ORDERS =
  'I can find the customers, products or other groups with a loss (“Which products had a loss in 2021?”), not single orders or lines yet.';
/** "Share of revenue in the West comes from …": the whole is one value's revenue, named before the verb. */
const SHARE_OF_A_WHOLE =
  /(?:\b(?:share|percent(?:age)?|proportion|fraction)|%) of (?:(?:the|our|all|total) )*(?:revenue|sales|turnover) (?:in|from|of|for|at|by) (.+?) (?:comes?|came|is|are|was|were|goes|went)\b/;
const SHARE_OF_ONE_VALUE =
  'I can work out a share of all revenue, or of a period’s, not of one region’s, category’s or customer’s revenue yet; ask for the two figures (the part, and the whole) and divide.';
/** A share of revenue with nothing named to take it of. */
const SHARE_NEEDS_PART =
  'I need the part to take the share of, named as the file writes it: a customer, a product, a category, a region or another value (no value of the file was found in the question).';

/** "Share of revenue from our top supplier": the one largest, ranked by its share. */
const TOP_ONE_OF_A_SHARE =
  /\b((?:share|percent(?:age)?|proportion|fraction)\b.*?\b(?:from|of|by|for)) (?:the|our|my) (?:top|biggest|largest) (customer|client|account|product|supplier|vendor|region|country|category)\b(?!s)/;

/** "Share of November revenue", "percentage of last month's sales": a period written before the figure a share is of. */
const SHARE_OF_A_PERIOD = new RegExp(
  String.raw`\b(share|percentage|percent|proportion|fraction) of ((?:(?:this|last) (?:year|quarter|month|week)|(?:may|${MONTH_NAMES_NOT_MAY})(?: \d{4})?|q[1-4](?: \d{4})?|\d{4})(?:'s|’s)?) (revenue|sales|turnover)\b`,
);

/** `parseQuestion` before checking that it read every year the question names. */
/** `valuesLeftOut`: the question's exclusion clause was taken out, so a share is of the rest ("what % of revenue is non-UK"). */
function parseAsRead(
  question: string,
  meta: SnapshotMeta,
  analysisDay: Date | null,
  facts: AnalysisFacts | undefined,
  valuesLeftOut: boolean,
): Parsed {
  // "Top 5 countries by revenue excluding the UK" was refused: the question without the
  // clause, with the values it names left out.
  const exclusion = exclusionOf(question, meta);
  if (exclusion && 'refused' in exclusion) return { kind: 'refused', reason: exclusion.refused };
  if (exclusion) {
    let parsed = parseQuestion(exclusion.rest, meta, analysisDay, facts, true);
    // "Top 5 vendors excluding Diageo Americas" got Diageo's supplier profile: a ranking with a
    // value left out is by revenue, as one with a value kept is.
    if (
      parsed.kind === 'unmapped' &&
      /\b(top|bottom|best|worst|biggest|largest|smallest|most|least|highest|lowest|rank\w*)\b/i.test(exclusion.rest)
    )
      parsed = parseQuestion(`${exclusion.rest} by revenue`, meta, analysisDay, facts);
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
  const text = questionText(question, meta);
  // "What actions should we take on revenue in 2021?" and the analysis' actions; "which products
  // should we drop?" is no change over time: the canned answers rank the candidates.
  if (ACTIONS.test(text)) return { kind: 'unmapped', reason: 'What to do is answered from the analysis.' };
  // "What do customers buy with Staples?" got the revenue of Staples: what goes with a product is cross-sell's.
  // "How much did customer 14646 spend on average?": per order or per month is not said.
  if (/\b(?:spend|spends|spent|spending) on average\b/.test(text))
    return {
      kind: 'refused',
      reason: 'I can give the revenue per customer (“average spend per customer”) or the average order value; ask for one of them.',
    };
  if (BOUGHT_WITH.test(text) || WHAT_TO_OFFER.test(text))
    return { kind: 'unmapped', reason: 'What is bought with a product, or what to offer a customer, is the cross-sell answer.' };
  if (/\bshould (we|i)\b/.test(text) && DISCONTINUE.test(text))
    return { kind: 'unmapped', reason: 'Which products to drop is answered with the products that earn the least.' };
  // Iowa's "Which vendor depends most on one store?" got our dependency on each vendor.
  const reliant = supplierReliantOnCustomers(text, meta);
  if (reliant) return { kind: 'refused', reason: reliant };
  // "How long between orders on average?" got the count of orders; the churn analysis measures
  // the gaps, and predicts the spend a customer lifetime value is.
  if (PURCHASE_GAP.test(text) || CUSTOMER_VALUE.test(text))
    return { kind: 'unmapped', reason: 'Gaps between purchases and predicted spend come from the churn analysis.' };
  // "What share comes from the top 20% of customers?" got the top 20 customers: a fraction is no count.
  // Any fraction left is the top 20% of customers over the whole file, which the concentration analysis gives.
  const fraction = fractionRefusal(text);
  if (fraction) return { kind: 'refused', reason: fraction };
  if (TOP_FRACTION.test(text)) return { kind: 'unmapped', reason: 'The top 20% of customers’ share is the concentration analysis’.' };
  const today = analysisDay ?? ANY_DAY;
  if ((!analysisDay || !meta.hasDates) && namesAPeriod(text, today)) return { kind: 'refused', reason: NO_DATES };
  // "Revenue vs last year's target" got 2020's revenue: no row holds a target.
  const target = TARGETS.exec(text);
  // Iowa's "Target Store T-1767 / Ankeny" is a store.
  if (target && !isWordOfAValue(singular(target[1]), meta))
    return {
      kind: 'refused',
      reason:
        'This file has no targets, budgets or quotas to compare with; I can set a period against another, such as "revenue this year vs last year".',
    };
  if (OUT_OF_SCOPE.test(text))
    return {
      kind: FUTURE.test(text) ? 'refused' : 'unmapped',
      reason: 'I can only report what the rows of this file show; that question asks about the future or a cause.',
    };
  const unused = unusedNumberNamed(text, meta, isGrammarWord);
  if (unused)
    return {
      kind: 'refused',
      reason: `This file's “${unused}” column holds numbers that none of my figures is made from: I add up revenue, cost and quantities, and group by the file's text columns.`,
    };
  // "The first week of December 2011" was answered for all of December.
  const partOf = PART_OF_PERIOD.exec(text);
  if (partOf)
    return {
      kind: 'refused',
      reason: `I can't read “${partOf[0]}” as a period yet; name its first and last day as dates (YYYY-MM-DD to YYYY-MM-DD).`,
    };
  // "Revenue in the summer" got the segment "Consumer", "sales on Mondays" the total.
  const unread = unreadPeriodOf(text, meta);
  if (unread) return { kind: 'refused', reason: unread };
  const names = withoutHalfYears(question);
  const { filters, unknown } = entitiesOf(names, meta);
  if (unknown) return { kind: 'refused', reason: notFoundReason(unknown, meta) };
  // "store" where the customers are read from store_name: "store 2506", "revenue per store".
  const customer = meta.dimensions.find((d) => d.key === 'customer');
  const customerNoun = customer ? headerNoun(customer) : null;
  const loose = looseNamesOf(names, meta, filters, { customerNoun, facts });
  if ('unknown' in loose) return { kind: 'refused', reason: notFoundReason(loose.unknown, meta) };
  filters.push(...loose.filters);
  const kind = categoryWordFilter(question, meta, filters);
  if (kind) filters.push(kind);
  // "The margin on Bolt products" answered every product's margin: "Bolt" is a word of some
  // products' names, which the query can't select by.
  // "Units of paper chain kit" got the sub-category Paper's: every word of what a figure is of must be placed.
  const stray = strayPhraseOf(question, meta, filters, isGrammarWord);
  const partial = partialName(question, filters);
  if (partial || stray?.partialOf)
    return {
      kind: 'refused',
      reason: partialNameReason(partial ?? stray?.phrase ?? '', partial ? 'product' : (stray?.partialOf ?? 'product')),
    };
  if (stray) return { kind: 'refused', reason: notFoundReason(stray.phrase, meta) };
  const limit = limitOf(text);
  if (limit) return { kind: 'refused', reason: limit };
  // "How many customers bought just one product in 2021?" counted every customer of 2021.
  const onlyOne = ONLY_ONE.exec(text);
  const onlyOneOf = onlyOne?.[1] ?? onlyOne?.[2];
  if (onlyOneOf && !/^(products?|items?|skus?|articles?)$/.test(onlyOneOf))
    return {
      kind: 'refused',
      reason: `I can count the distinct products each customer bought (“customers who bought only one product”), but not distinct ${pluralNoun(onlyOneOf.replace(/ies$/, 'y').replace(/s$/, ''))} yet.`,
    };
  // "Which customers spent more than Sean Miller?" answered Sean Miller's revenue.
  const rival = thanNamedValue(text, filters);
  if (rival)
    return {
      kind: 'refused',
      reason: `I can't set one value's figure against another's in one step (“than ${rival}”); ask for ${rival}'s figure first, then for those above or below that amount.`,
    };
  // "Which customers bought Furniture and Technology?" counted those who bought either.
  const both = boughtBoth(text, filters);
  if (both) return { kind: 'refused', reason: both };
  // "Top 3 customers in each country" got the top 3 overall.
  const perGroup = TOP_PER_GROUP.exec(text);
  if (perGroup)
    return {
      kind: 'refused',
      reason: `I can't rank within each ${perGroup[1]} yet; ask for one at a time, such as "the top customers in Germany", or for the figure by ${perGroup[1]}.`,
    };
  // The bridge comes here only when a value is named (retention-intents.ts), and it splits all revenue.
  if (BRIDGE_SPLIT.test(text))
    return {
      kind: 'refused',
      reason:
        'The price, volume and mix bridge splits the revenue of the whole file, not of one customer, product or region; ask how its revenue changed between two periods, such as "from 2020 to 2021".',
    };
  // "Average number of items per order" got the canned top products.
  if (OTHER_PER_ORDER.test(text))
    return {
      kind: 'refused',
      reason:
        'I can work out revenue per order (the average order value), but not the items, units or profit of an average order yet; ask for that figure and for orders over the same rows, and divide.',
    };
  if (SINGLE_ORDER_RANKED.test(text))
    return {
      kind: 'refused',
      reason:
        'I can’t rank single orders yet: the rows are summed by customer, product, region or period, not by order. I can give the average order value, or the customers or products with the most revenue.',
    };
  if (OTHER_PER_CUSTOMER.test(text))
    return {
      kind: 'refused',
      reason:
        'I can work out revenue per customer, but not an average of other figures per customer yet; ask for the figure and for customers, by the same grouping, and divide.',
    };
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
  // "What is our churn rate?" got the churn-risk list and no rate: the customers who bought in
  // the 12 months before the last 12 (or the period before the one named) and not since, whose
  // share of those buyers the answer gives.
  if (CHURN_RATE.test(text) && analysisDay && meta.hasDates) {
    const named = periodsOf(text, today);
    if (named.other)
      return {
        kind: 'refused',
        reason: 'I can give the churn rate of one period at a time; ask for each, such as “What was the churn rate in 2021?”.',
      };
    const lost = named.period ?? (periodsOf('last 12 months', today).period as DayRange);
    return {
      kind: 'spec',
      spec: { measures: ['customers'], filters, period: periodBefore(lost, { whole: true, unit: named.toDate }), notBoughtIn: lost },
    };
  }
  // "How many customers are at risk?" once counted every customer: churn risk and the
  // segments come from the analysis of the whole file, and the canned answers give them.
  if (WHOLE_FILE_RESULTS.test(text)) {
    // "How many customers at risk spent more than 100k?" got every flagged customer.
    const cut = thresholdOf(text);
    if (cut)
      return {
        kind: 'refused',
        reason: `I can't apply “${cut.words}” to churn risk or the segments yet; ask for them on their own, or for customers past the threshold.`,
      };
    // "Which customers in Texas are at risk?" got the whole file's 110 flagged customers: the
    // lists come from the analysis of every customer, and narrow to those with rows in Texas.
    // Churn risk in one region narrows by each customer's region (region-answers.ts), as before.
    if (periodsOf(text, today).period) return { kind: 'refused', reason: WHOLE_FILE_ONLY };
    // A segment in one region too ("Champions in France" was refused): the region answers narrow churn only.
    const churnAsked = /\b(at[- ]risk|churn(ing)?|likely to|risk of)\b/.test(text);
    if (filters.some((f) => f.dimension !== 'customer' && (f.dimension !== 'region' || !churnAsked)))
      return { kind: 'among', where: filters, reason: NARROWED_LISTS_ONLY };
    return { kind: 'unmapped', reason: 'Churn risk and segments are answered from the analysis of the whole file.' };
  }
  const named = new Set(filters.map((f) => f.dimension));
  let measures = MEASURE_WORDS.filter(([re]) => re.test(text)).map(([, m]) => m);
  if (measures.includes('newCustomers') || measures.includes('returningCustomers')) measures = measures.filter((m) => m !== 'customers');
  if (measures.some((m) => NEWNESS_REVENUE.has(m))) measures = measures.filter((m) => !NEWNESS_REVENUE_WORDS.has(m));
  // "Best profit margin" is the margin %, not the gross profit beside it.
  if (measures.includes('grossProfit') && /\bmargins?\b/.test(text) && (!/\bprofit\b/.test(text) || /\bprofit margins?\b/.test(text)))
    measures = measures.filter((m) => m !== 'grossProfit');
  if (measures.includes('products')) measures = measures.filter((m) => m !== 'units');
  if (
    measures.length === 0 &&
    (/\bhow many\b/.test(text) || AVERAGE_PER_UNIT.test(text) || CUSTOMERS_BY_TIME.test(text)) &&
    /\b(customers|clients|accounts|buyers)\b/.test(text)
  )
    measures = ['customers'];
  // "How many stores are there?" where the customers are a column called store_name; "Which
  // city has the most stores?" too (it was refused as a ranking of cities).
  const countedNoun = measures.length === 0 ? /\b(?:how many|number of|most|fewest|least) ([a-z]+)\b/.exec(text)?.[1] : undefined;
  const countedDimension =
    countedNoun && meta.dimensions.find((d) => (d.key === 'customer' || d.key === 'product') && headerNoun(d) === singular(countedNoun));
  if (countedDimension) measures = [countedDimension.key === 'customer' ? 'customers' : 'products'];
  // "Revenue per customer" names neither revenue nor customers on their own; "revenue per order" is the average order value.
  if (measures.includes('revenuePerCustomer')) measures = measures.filter((m) => m !== 'revenue' && m !== 'customers');
  if (PER_ORDER.test(text)) measures = measures.filter((m) => m !== 'revenue');
  measures = [...new Set(measures)];
  // "Which region spends the most on frozen per customer?" ranked customer × region pairs, and
  // Iowa's "top 5 cities by revenue per store" store × city pairs.
  // "Which customers in AT spend the most per order?" got their revenue: it is the average order value.
  const perCustomer = perCustomerApart(customerNoun);
  const moneyAsked = measures.join() === 'revenue' || (measures.length === 0 && UNITLESS_AVERAGE.test(text));
  if (moneyAsked && perCustomer.test(text)) measures = ['revenuePerCustomer'];
  else if (moneyAsked && /\bper (?:order|invoice)\b/.test(text)) measures = ['averageOrderValue'];
  // "Average sales by region" got each region's total: an average of money is per something.
  if (UNITLESS_AVERAGE.test(text) && !measures.some((m) => AVERAGES.has(m)) && !averagePerOf(text)) {
    // A customer list's rows are its customers, so its average is per customer.
    if (!meta.customerList || !/\b(?:spend|spending|spent|revenue|sales|turnover)\b/.test(text))
      return { kind: 'refused', reason: UNITLESS_AVERAGE_REASON };
    measures = ['revenuePerCustomer', ...measures.filter((m) => m !== 'revenue')];
  }
  // "How many liters of vodka did we sell?" got the bottles: a unit is what the quantity column counts.
  const measuredIn = measures.includes('units') && meta.hasQuantity ? MEASURE_UNIT.exec(text)?.[1] : undefined;
  if (measuredIn && !unitSpelling(meta.quantityHeader ?? '').includes(unitSpelling(measuredIn).replace(/s$/, '')))
    return {
      kind: 'refused',
      reason: meta.quantityHeader
        ? `This file counts quantities in its “${meta.quantityHeader}” column, not in ${measuredIn}, so I can't give ${measuredIn}.`
        : `I can't tell whether this file's quantities are in ${measuredIn}.`,
    };
  // "How many customers did we lose in 2024?" is a lapsed-buyer question, not a count of 2024's customers.
  // "Which customers are we losing money on?" is a loss, not customers lost. "Which customers
  // lost the most profit in 2021 vs 2020?" listed those who bought in 2021 but not 2020: a
  // figure lost is a fall in that figure.
  const figureLost = LOST_MOST.test(text) && !(measures.length > 0 && measures.every((m) => m === 'customers'));
  const lostCustomers =
    /\b(lose|lost|losing|churned)\b(?! money)/.test(text) &&
    !LOSS.test(text) &&
    !figureLost &&
    /\b(customers?|clients?|accounts?|buyers?)\b/.test(text);
  // "… who did not buy in 2021": bought before that period but not in it.
  const didNotBuy = /\b(did not|didn't|didnt|have not|haven't|has not|hasn't|never) (buy|bought|order|ordered|purchase|purchased)\b/.test(
    text,
  );
  // "Customers who ordered more than once" once counted every customer.
  const orderCount: Measure | null = ONE_TIME.test(text)
    ? 'oneTimeCustomers'
    : MORE_THAN_ONCE.test(text) || AGAIN.test(text)
      ? 'repeatCustomers'
      : null;
  if (orderCount && measures.some((m) => m !== 'customers' && m !== 'returningCustomers' && m !== 'newCustomers'))
    return { kind: 'refused', reason: ORDER_COUNT_ONLY };
  // "What percentage of customers came back after their first order?" was refused as no share of revenue.
  // "What percent of customers are repeat buyers?" too.
  const rateAsked =
    REPEAT_RATE.test(text) ||
    (SHARE_OF_CUSTOMERS.test(text) && (orderCount !== null || /\brepeat (customers|clients|accounts|buyers)\b/.test(text)));
  if (rateAsked && orderCount === 'oneTimeCustomers')
    return {
      kind: 'refused',
      reason:
        'I can give the repeat rate, the share of customers with two or more orders, beside the number who ordered once; ask “What is our repeat rate?”.',
    };
  // "How many customers did we keep from 2020?" counted 2020's customers (638), kept or not.
  if (KEPT.test(text) && !/\bkeep (an eye|track|tabs)\b/.test(text) && !orderCount) {
    const year = today.getUTCFullYear();
    return {
      kind: 'refused',
      reason: `I can find the customers who bought in one period but not in the next ("customers who bought in ${year - 1} but not in ${year}"), with the share of that period's buyers they are; the customers kept are the rest. The retention analysis gives the share still buying too ("What is our net revenue retention?").`,
    };
  }
  const explicitlyNot = /\bbut (not|never)\b|\band not\b/.test(text) || didNotBuy;
  const lapsed = !orderCount && (explicitlyNot || /\bno longer\b/.test(text) || STOPPED.test(text) || lostCustomers);
  // "Customers we lost in 2021 vs 2020", "churned from 2020 to 2021": bought in the earlier
  // period, not in the later, whichever is named first ("bought in 2021 but not in 2020" keeps its order).
  const lostBetween = lapsed && !explicitlyNot;
  const shareAsked = !rateAsked && SHARE.test(text);
  if (returnsAsked) {
    // "What percentage of orders were returned?" is a return rate, not a share of revenue.
    const asked = lapsed || shareAsked ? null : returnsMeasuresOf(measures, text);
    if (!asked) return { kind: 'refused', reason: RETURN_RATE.test(text) || shareAsked ? NO_RETURN_RATE : RETURNS_MEASURES_ONLY };
    measures = asked;
  } else if (shareAsked) {
    // "What share of revenue comes from the West?": the share, then the revenue it is of.
    if (lapsed || !SHARE_OF_REVENUE.test(text) || measures.some((m) => m !== 'revenue'))
      return { kind: 'refused', reason: SHARE_OF_REVENUE_ONLY };
    measures = ['revenueShare', 'revenue'];
  }
  if (lapsed) measures = ['customers'];
  // "Which quarters grew?": each unit against the one before, read before the periods, since
  // "the same quarter last year" names the comparison, not a period.
  let unitChange = unitChangeOf(text, CHANGE.test(text));
  const periods = periodsOf(withoutNamedYears(unitChange?.rest ?? text, filters), today);
  if (periods.unread)
    return {
      kind: 'refused',
      reason: `I couldn't read the period “${periods.unread}”. Name it as a year, a quarter, a half, a month or dates, such as 2021-07-01 to 2021-12-31.`,
    };
  let { period, other } = periods;
  // "Which products grew from October to November?" set the two months as one span against the
  // two before: a change from one month (quarter, year) to another compares the two. Customers
  // who stopped buying "from January to March" are silent through the span, and "monthly
  // growth from January to June" is each month's change within it.
  const [start, end] = periods.ends ?? [];
  // "Annual spending grew from 2020 to 2021" is still the two years.
  const adjacent = start && end ? periodBefore(end).from === start.from : false;
  const byUnit = unitChange || OVER_TIME_UNIT.test(text) || (EACH_UNIT.test(text) && !adjacent);
  if (start && end && !lapsed && !byUnit && (GROWTH.test(text) || DECLINE.test(text) || /\bchang/.test(text))) {
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
  // "What did Sean Miller buy last?" listed all he ever bought: what he bought on his last purchase day.
  const lastOf = LAST_PURCHASE.test(text) && !/\bwhen\b/.test(text) ? filters.find((f) => f.dimension === 'customer') : undefined;
  if (lastOf && !period) {
    const day = lastOf.values.length === 1 ? (facts?.lastPurchaseOf(lastOf.values[0]) ?? null) : null;
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
  // "Bought in December 2010 and came back in 2011" names both periods: customers of both, which the query can't give.
  if (orderCount && period && other)
    return {
      kind: 'refused',
      reason:
        "I can count customers who bought in one period but not in another; customers who bought in both isn't something I can answer exactly yet.",
    };
  if (rateAsked) measures = ['repeatRate', 'repeatCustomers', 'oneTimeCustomers'];
  else if (orderCount)
    measures = [orderCount === 'repeatCustomers' && period && !MORE_THAN_ONCE.test(text) ? 'returningCustomers' : orderCount];
  else if (!period) measures = measures.map((m) => (m === 'returningCustomers' ? 'repeatCustomers' : m));
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
      reason: 'To say who buys less or more I need two periods, such as "less this year than last year" or "in 2024 vs 2023".',
    };
  // "Which customers doubled their spend?" got their revenue: a multiple is of one period's figure over another's.
  if (!period && MULTIPLE.test(text)) return { kind: 'refused', reason: TWO_PERIODS };
  if (!period && CHANGE.test(text) && !OVER_TIME_UNIT.test(text) && !unitChange)
    return (filters.length > 0 || asksForGrouping(text)) && !asksForProductTrend(text)
      ? { kind: 'refused', reason: TWO_PERIODS }
      : { kind: 'unmapped', reason: TWO_PERIODS };
  // "Revenue growth from 2010 to 2011": the later period against the earlier, not one range spanning both.
  // "Churned from 2020 to 2021" is from one to the other; "stopped buying from January to March" one span.
  const pair = period && !other && (CHANGE.test(text) || lostCustomers) ? fromToOf(text, today) : null;
  if (pair) [period, other] = [pair[1], pair[0]];
  // "This year", "this month": a period to date, set against the same days of the one before.
  const toDate = period === periods.period ? periods.toDate : undefined;
  // "Which customers are buying less than last year?": what they buy is revenue, how often they order is orders.
  const bought =
    measures.length === 0 && period && (comparativeOf(text, periods.than === true) || MULTIPLE.test(text)) ? figureBoughtOf(text) : null;
  if (bought) measures = [bought];
  // "Compare Q4 2021 with Q4 2020 by category" names no figure: a comparison of two periods
  // is of sales, and the answer's first line says "revenue", so the reading is never hidden.
  // "Which region grew the most in 2024?" is the same, against the period before (it was refused).
  if (
    measures.length === 0 &&
    period &&
    // "Is November 2011 better than November 2010?" too.
    ((other && (periods.than || /\b(compare|compared|comparing|vs\.?|versus)\b/.test(text))) || CHANGE.test(text) || PERFORMED.test(text))
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
  if (
    measures.length === 0 &&
    (period || filters.length > 0) &&
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
  const whatBought =
    (measures.length === 0 || (measures[0] === 'revenue' && CUSTOMERS_AS_SUBJECT.test(text)) || revenueByBuying) && WHAT_BOUGHT.test(text);
  if (whatBought) measures = ['revenue'];
  // "Products bought by more than 500 customers": the figure the threshold names.
  const threshold = thresholdOf(text);
  const thresholds = thresholdsIn(text);
  if (thresholds.length > 1)
    return {
      kind: 'refused',
      reason: `I can keep the rows past one threshold at a time, and this question names ${thresholds.length} (${thresholds.map((t) => `“${t}”`).join(', ')}); ask with one, and name the other figure to see it beside it.`,
    };
  if (measures.length === 0 && threshold?.unit && threshold.unit !== 'percent' && threshold.unit !== 'other') measures = [threshold.unit];
  if (measures.length === 0 && onlyOne) measures = ['products'];
  // "Which products have only one customer?" was unmapped: the customers of each, kept at 1.
  const oneCustomer = ONE_CUSTOMER.test(text);
  if (measures.length === 0 && oneCustomer) measures = ['customers'];
  // "Which customers bought more than 1000 in 2011?" asked for the figure: an amount bought is money.
  if (measures.length === 0 && threshold && !threshold.unit && /\b(buy|buys|buying|bought|purchased?)\b/.test(text)) measures = ['revenue'];
  // "Which customers buy from Supplier 13?": what they bought, not the supplier's summary.
  if (measures.length === 0 && /\b(buy|buys|bought|purchase[sd]?|order(ed|s)?) from\b/.test(text)) measures = ['revenue'];
  // "Which customers bought Xerox 1967?", "who bought Paper in 2020?": what each paid for it
  // (they got the product's summary, or were refused for naming no figure).
  if (measures.length === 0 && filters.length > 0 && asksWhoBought(text, meta)) measures = ['revenue'];
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
  const distinctPerRow = DISTINCT_PER_ROW.exec(text);
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
  if (measures.length === 0) {
    // A question about a column the file lacks gets that named, whatever else it asks.
    const missing = DIMENSION_WORDS.find(([re, dim]) => re.test(text) && !meta.dimensions.some((d) => d.key === dim) && !isTimeUnit(dim));
    if (missing) return { kind: 'unmapped', reason: `This file has no ${missing[1] === 'salesRep' ? 'sales-rep' : missing[1]} column.` };
    // The answers that take over from here are for the whole file: "the Champions in 2022" once got today's.
    // "Which customers should we call this week?" asked for a figure: whom to call is the churn list's.
    // "Which customers should Rep 12 call?" got Rep 12's scorecard: the churn list, of that rep's
    // customers (one region's narrows by each customer's region, in region-answers.ts).
    if (/\b(call|contact|ring|phone|reach out|follow up|visit)\b/.test(text))
      return filters.some((f) => f.dimension !== 'customer' && f.dimension !== 'region')
        ? { kind: 'among', where: filters, reason: NARROWED_LISTS_ONLY }
        : { kind: 'unmapped', reason: 'Whom to call is answered from the churn analysis.' };
    // "Which customers are buying less than last year?" was told segments and churn are the whole file's.
    if (period) return { kind: 'refused', reason: WHOLE_FILE_RESULTS.test(text) ? WHOLE_FILE_ONLY : NO_FIGURE_FOR_PERIOD };
    // The answers that take over know customers, products, categories, suppliers and regions
    // by name, not the file's other columns: "the most loyal customers in Texas" would lose Texas.
    const unplaced = filters.find((f) => f.dimension.startsWith('column:'));
    return {
      kind: unplaced ? 'refused' : 'unmapped',
      reason: `I couldn't tell which figure you want${unplaced ? ` for ${namedFilterWords(unplaced, meta)}` : ''} (revenue, gross profit, margin, orders, customers, units or average order value).`,
    };
  }
  // "How concentrated was revenue in 2023?" is no revenue total.
  if (CONCENTRATION.test(text)) {
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
  if (measures.length > 1 && measures.includes('revenue') && !/\b(revenue|sales|turnover|spent|spend|spends|spending)\b/.test(text))
    measures = measures.filter((m) => m !== 'revenue');

  const groupBy: string[] = [];
  // "product category" names the category, not products.
  // "Who bought the most …" asks for customers.
  const dimText = text
    .replace(/\bproduct (categor)/g, '$1')
    .replace(PER_CUSTOMER, '')
    .replace(measures.includes('revenuePerCustomer') ? perCustomer : /$^/, '')
    .replace(/\bwho\b/, 'which customer');
  const byWords =
    /\b(by|per|each|which|what|who|any|top|bottom|best|worst|largest|biggest|smallest|rank|ranking|breakdown|split|monthly|quarterly|yearly|weekly|trend|trending|over time)\b/.test(
      text,
    ) ||
    OVER_TIME_UNIT.test(text) ||
    LISTED.test(text) ||
    LEADING_PLURAL.test(text);
  if (byWords) {
    for (const [re, dim] of DIMENSION_WORDS) {
      if (!re.test(dimText) || named.has(dim) || groupBy.includes(dim)) continue;
      // Superstore's "countries" are its Country column, grouped below by its header, not its regions.
      if (dimensionOfNoun(re.exec(dimText)?.[0] ?? '', meta)?.startsWith('column:')) continue;
      // "How many products does Supplier 13 supply?" counts them: "products" is the measure's noun.
      if (dim === 'product' && measures.includes('products') && !/\b(by|per|each) products?\b/.test(text)) continue;
      // "Which customers buy the most Safety products?": the noun of a named category, not a
      // second grouping beside customers ("top Safety products" still ranks products).
      if (dim === 'product' && namesTheProducts(text, filters) && groupsBesideProducts(dimText)) continue;
      // "What is the average price of our products?" is one price, not one per product.
      if (dim === 'product' && AVERAGE_PRICE_OF_PRODUCTS.test(text) && !/\b(by|per|each|which|top|bottom) (products?|items?)\b/.test(text))
        continue;
      // "Which supplier's products have the lowest margin?" asks for a supplier (it ranked 2,613 product × supplier rows).
      if (dim === 'product' && OWNER_OF_PRODUCTS.test(text)) continue;
      // "Which products do customers in Germany buy most?": customers who buy are the subject, not a grouping.
      if (dim === 'customer' && CUSTOMERS_AS_SUBJECT.test(text)) continue;
      // "What's the total grocery spend of region 3 customers?" listed the 105 customers: a total is one figure.
      if (dim === 'customer' && TOTAL.test(text) && !CUSTOMERS_RANKED.test(text)) continue;
      // "Which rep's customers spend the most per customer?" grouped by customer and rep: per customer is the measure.
      if (dim === 'customer' && measures.includes('revenuePerCustomer')) continue;
      if (
        dim === 'customer' &&
        // "Revenue from new customers by quarter" names whose revenue, not a grouping by customer.
        measures.some((m) => CUSTOMER_COUNTS.has(m) || NEWNESS_REVENUE.has(m)) &&
        !/\b(top|which|each|per|by) (customers?|clients?|accounts?)\b/.test(text)
      )
        continue;
      if (
        (dim === 'year' || dim === 'quarter' || dim === 'month' || dim === 'week') &&
        // "by month", not "by region this month": the unit must follow the by-word.
        // "Which months were loss-making?" asks for months too.
        // "Top 5 months by profit in 2021" got 2021's profit: a ranking of units names them too.
        !new RegExp(
          `\\b(by|per|each|every|and|which|what)\\s+(the\\s+)?${dim}s?\\b|\\b(${ADVERBS[dim]})\\b|\\b(top|bottom|best|worst|highest|lowest|strongest|weakest)\\s+(?:(?:${COUNT})\\s+)?${dim}s\\b`,
        ).test(text)
      )
        continue;
      groupBy.push(dim);
    }
    // "the revenue trend" is revenue by month unless a time unit was named.
    // "How are sales trending in the West?" got the West's total.
    if (/\b(trends?|trending|over time)\b/.test(text) && !groupBy.some(isTimeUnit)) groupBy.push('month');
    for (const d of meta.dimensions) {
      // "by sub-category", "top 3 sub-categories", "which ship mode"; a role's column by the
      // file's own header: "which city" for the region read from a column called city.
      const name = d.key.startsWith('column:') ? d.label.toLowerCase() : headerNoun(d);
      if (!name || groupBy.includes(d.key) || named.has(d.key)) continue;
      // "Revenue per store" where the customers are stores is revenue per customer, no grouping.
      if (d.key === 'customer' && measures.includes('revenuePerCustomer')) continue;
      const words = escapeRegex(name).replace(/y$/, '(y|ies)');
      const plural = name.endsWith('y') ? `${escapeRegex(name.slice(0, -1))}ies` : `${escapeRegex(name)}(s|es)`;
      // "Revenue by region and segment" dropped the segment.
      if (
        new RegExp(
          `\\b(by|per|each|which|what|any|top|bottom|best|worst)( \\d{1,2})?(?:[- ](?:selling|performing|earning|grossing))? ${words}(s|es)?\\b|\\bby [a-z-]+( [a-z-]+)? and ${words}(s|es)?\\b|^(?:(?:list|show|name|give)(?: me)? )?(?:(?:all|the|our|all our|any) )?${plural} (?:with|who|that|whose|where)\\b`,
        ).test(text)
      )
        groupBy.push(d.key);
    }
  }
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
  if ((whatBought || lastOf) && groupBy.length === 0 && !named.has('product') && meta.dimensions.some((d) => d.key === 'product'))
    groupBy.push('product');
  // "Germany vs France": the named values side by side, one row each, never added together.
  if (SIDE_BY_SIDE.test(text))
    for (const f of filters) if (f.values.length > 1 && !groupBy.includes(f.dimension)) groupBy.unshift(f.dimension);
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
    /\bfirst[- ]time (?:customers|clients|accounts|buyers|purchasers) (?:of|for)\b|\bfirst (?:purchase|order)s? of\b/.test(
      question.toLowerCase(),
    )
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
  if (SUB_CATEGORY.test(text) && !mentionsSubCategory(meta, groupBy, filters))
    return { kind: 'refused', reason: 'This file has no sub-category column.' };
  const spec: QuerySpecInput = { measures: lapsed ? ['customers'] : measures.slice(0, 4), groupBy: groupBy.slice(0, 2), filters };
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
  if (lapsed && !period && filters.length > 0)
    return {
      kind: 'refused',
      // "Lost customers in Texas" was told about products: the periods are what is missing there.
      reason: /\b(but|and) (not|never)\b|\bwithout\b/.test(text)
        ? 'I can find customers who bought in one period but not in another; "bought one product but not another" is not something I can answer exactly yet.'
        : `To find who stopped buying I need two periods, such as “customers in ${filters[0].values[0]} who bought in 2020 but not in 2021”.`,
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
  // "Which products did Schmidt B.V. 1 stop buying?" got the customer's profile: lapsed buying is of customers.
  if (lapsed && (groupBy.includes('product') || /\b(which|what) (products?|items?|skus?|articles?)\b/.test(text)))
    return {
      kind: 'refused',
      reason: /\b(selling|stocking|carrying|sold|sell)\b/.test(text)
        ? 'I can find customers who stopped buying, but not products that stopped selling yet; ask for the revenue by product of two periods, such as “revenue by product in 2024 vs 2023”.'
        : 'I can find customers who stopped buying, but not the products one stopped buying yet; ask what they bought in each of two periods, such as “What did they buy in 2023?” and “… in 2024?”.',
    };
  if (lapsed) {
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
          : `I can list the customers who stopped buying, but not count them by ${meta.dimensions.find((d) => d.key === by)?.label ?? by} yet; ask for them with one value named, such as “customers in one region who stopped buying this year”.`,
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
    if ((lostCustomers || didNotBuy || STOPPED.test(text)) && period && !other) {
      const earlier = periodBefore(period, { whole: true, unit: toDate });
      const reason = early(earlier);
      return reason ? { kind: 'refused', reason } : { kind: 'spec', spec: { ...spec, groupBy: [], period: earlier, notBoughtIn: period } };
    }
    if (!period || !other)
      return { kind: 'unmapped', reason: 'To find who stopped buying I need two periods, such as "in 2025 but not in 2026".' };
    const [bought, notBoughtIn] = lostBetween && other.from < period.from ? [other, period] : [period, other];
    return { kind: 'spec', spec: { ...spec, groupBy: [], period: bought, notBoughtIn } };
  }
  // "Did sales go up in 2021?": against the period before, when no other was named (not by month: the months would not pair up).
  // "Which products are customers buying less of this year?" too.
  if (
    period &&
    !other &&
    (CHANGE.test(text) || PERFORMED.test(text) || BUYING_LESS.test(text) || MULTIPLE.test(text)) &&
    !spec.groupBy?.some(isTimeUnit)
  )
    other = periodBefore(period, { unit: toDate });
  if (period) spec.period = period;
  if (other) spec.compareTo = other;
  const top = TOP_N.exec(text);
  const byKey = groupBy.length > 0 && !isTimeUnit(groupBy[0]);
  // "Which 3 countries had the most…", "the 5 largest products": the count stands before the noun.
  const counted = byKey && !top ? COUNTED.exec(text) : null;
  const n = top
    ? (NUMBER_WORDS[top[2]] ?? Number(top[2]))
    : counted
      ? (NUMBER_WORDS[counted[1]] ?? Number(counted[1]))
      : /\b(which|what|top|best|largest|biggest|most)\b/.test(text) &&
          byKey &&
          /\b(most|largest|biggest|best|top|highest|fewest|least|lowest|smallest|worst|fastest|quickest)\b/.test(text) &&
          // "What are the best-selling products?" asks for several: a ranking, not the one at the top.
          !asksForSeveral(text, groupBy[0], meta)
        ? 1
        : null;
  // "What did they buy most recently?" is no ranking: "most" belongs to "recently".
  if (n && !lastOf) spec.limit = Math.min(50, n);
  // "Top 3 quarters by revenue" listed the first 3: units are listed in time order unless ranked.
  if (top && !lastOf && groupBy.length > 0 && isTimeUnit(groupBy[0])) spec.sort = { by: spec.measures[0], direction: 'desc' };
  // "With at least 10 orders" is a threshold, not the bottom of a ranking.
  if (/\b(bottom|worst|smallest|least|lowest|fewest)\b/.test(text.replace(/\bat (least|most)\b/g, '')) || LOSS.test(text))
    spec.sort = { by: spec.measures[0], direction: 'asc' };
  // "Which products have negative profit?" listed the profitable ones too (and, before it was
  // read as a loss, first): only the rows with a loss.
  // "How many products lost money in 2021?" got the total gross profit: the products with a loss, counted.
  const lossCounted = LOSS.test(text) && groupBy.length === 0 ? countedNounOf(text, meta) : null;
  if (lossCounted) {
    groupBy.push(lossCounted);
    spec.groupBy = [lossCounted];
  }
  // "How many orders had losses?" got all gross profit beside every order: no order's own profit is summed.
  if (LOSS.test(text) && groupBy.length === 0 && spec.measures.some((m) => m === 'orders' || m === 'units'))
    return { kind: 'refused', reason: LOSS_OF_ORDERS };
  // "Which products have negative margin?" listed all 2,613 products of the generated file, the
  // lowest at 15.0%: a margin below 0 is asked for, as a loss is.
  const lossMeasure = spec.measures[0] === 'grossProfit' || spec.measures[0] === 'marginPct' ? spec.measures[0] : null;
  if (LOSS.test(text) && lossMeasure && groupBy.length > 0 && !other) spec.having = { measure: lossMeasure, op: '<', value: 0 };
  // "Which country grew the most in 2011 vs 2010?" ranks the change, not 2011's figure.
  if (peak && !other) {
    spec.groupBy = [peak[2]];
    spec.limit = 1;
    spec.sort = {
      by: spec.measures[0],
      direction: /^(worst|slowest|weakest|quietest|lowest|least|fewest|smallest)$/.test(peak[1]) ? 'asc' : 'desc',
    };
  }
  // "How many customers bought less in 1998 than in 1997?" compared the counts of customers:
  // it asks for the customers whose own figure went down, counted.
  const buyers = other && comparativeOf(text, periods.than === true) ? customersComparedOf(text, spec, groupBy) : null;
  if (buyers) {
    spec.measures = [buyers];
    groupBy.push('customer');
    spec.groupBy = ['customer'];
  }
  const ranked = other && groupBy.some((g) => !isTimeUnit(g));
  // "Which region grew fastest?" is the rate, the change as a % of the earlier figure.
  const rankedOn = RATE.test(text) ? 'percentChange' : 'change';
  // "Which products grew the least?" listed the biggest growers first: the least of a way, last
  // first ("the smallest decline" is the fall nearest zero; "the lowest growth" may be a fall).
  const least = LEAST_WAY.test(text);
  if (ranked && GROWTH.test(text)) spec.sort = { by: spec.measures[0], direction: least ? 'asc' : 'desc', on: rankedOn };
  if (ranked && DECLINE.test(text)) spec.sort = { by: spec.measures[0], direction: least ? 'desc' : 'asc', on: rankedOn };
  // "Which customers spent less this year than last year?" listed every customer, those who
  // spent more too: only the ones down (or, for "more than", up), the largest change first.
  const comparative = ranked ? comparativeOf(text, periods.than === true) : null;
  if (comparative) {
    const down = comparative === 'less';
    spec.having = { measure: spec.measures[0], op: down ? '<' : '>', value: 0, on: 'change' };
    spec.sort = { by: spec.measures[0], direction: down ? 'asc' : 'desc', on: 'change' };
  }
  // "Which regions grew in 2021?" listed Central, down 0.2%, among them; "which sub-categories
  // declined" those that rose: asked which went one way, only the rows that did.
  // "Customers whose revenue fell in 1998" listed every customer: the way asked keeps its rows too.
  const wentWay =
    /\b(which|what|whose)\b/.test(text) || LEADING_PLURAL.test(text)
      ? WENT_DOWN.test(text) || LOST_MOST.test(text)
        ? '<'
        : WENT_UP.test(text)
          ? '>'
          : null
      : null;
  // "Which months declined in 1998?" listed every month, then was refused: each against the
  // one before, only those that went that way; "which quarter grew the most?" ranks the change.
  if (unitChange) {
    spec.changeFrom = unitChange.changeFrom;
    if (wentWay) spec.having = { measure: spec.measures[0], op: wentWay, value: 0, on: 'change' };
    if (spec.sort || spec.limit !== undefined) {
      const down = DECLINE.test(text) && !GROWTH.test(text);
      const lowest = spec.sort?.direction === 'asc';
      spec.sort = { by: spec.measures[0], direction: down !== lowest ? 'asc' : 'desc', on: RATE.test(text) ? 'percentChange' : 'change' };
    }
  }
  const went = ranked && !spec.having ? wentWay : null;
  if (went) spec.having = { measure: spec.measures[0], op: went, value: 0, on: 'change' };
  // "Which products had the biggest margin drop?" listed 48 unchanged margins (-0.0%) after the
  // two that fell: a ranking of the most growth or decline, or of the least decline, lists only
  // the rows that went that way; one of the least growth ranks every row, falls last. A
  // breakdown ("revenue growth by region", "how much did orders drop by country", "rank regions
  // by growth") keeps every row.
  const asksWhich =
    /\b(which|who|top|most|biggest|largest|smallest|fastest)\b/.test(text) &&
    !/\bhow (much|many)\b|\b(rank|ranking|ranked|sort|sorted)\b/.test(text);
  const wayAsked = DECLINE.test(text) ? '<' : GROWTH.test(text) && !least ? '>' : null;
  if (ranked && asksWhich && wayAsked && !spec.having && spec.sort?.on)
    spec.having = { measure: spec.sort.by, op: wayAsked, value: 0, on: 'change' };
  // "Which customers doubled their spend this year?" listed this year's revenue of every customer.
  const multiple = ranked ? MULTIPLE.exec(text) : null;
  if (multiple) {
    const percent = MULTIPLE_PERCENT[multiple[1]];
    spec.having = { measure: spec.measures[0], op: percent > 0 ? '>=' : '<=', value: percent, on: 'percentChange' };
    spec.sort = { by: spec.measures[0], direction: percent > 0 ? 'desc' : 'asc', on: 'change' };
  }
  // "Which customers bought only once?" listed every customer, those with 2+ orders as 0:
  // by customer, only the customers the count is of.
  // "Which customers bought for the first time in June 1998?" listed June's buyers, each with 0 new customers,
  // and "Which customers came back in November?" every November buyer (1,711 for 690).
  const orderCountMeasure = spec.measures.find(
    (m) => m === 'repeatCustomers' || m === 'oneTimeCustomers' || m === 'newCustomers' || m === 'returningCustomers',
  );
  if (orderCountMeasure && spec.groupBy?.includes('customer') && !other && !threshold)
    spec.having = { measure: orderCountMeasure, op: '>', value: 0 };
  // "What share of sales is vodka?" with no value found is all revenue: 100%, a wrong answer.
  // "What share of revenue in the West comes from Chairs?" gave Chairs' West revenue over all
  // revenue: a share of one value's revenue is not the query's (its shares are of all revenue).
  // "What % of non-UK revenue comes from Germany?" divided by all revenue too.
  const whole = spec.measures.includes('revenueShare') ? SHARE_OF_A_WHOLE.exec(text)?.[1] : undefined;
  if (
    (whole && filters.some((f) => f.values.some((v) => asWritten(whole).includes(asWritten(v))))) ||
    (spec.measures.includes('revenueShare') && valuesLeftOut && filters.length > 0)
  )
    return { kind: 'refused', reason: SHARE_OF_ONE_VALUE };
  // "Customers with no orders in 2021" listed those who ordered, "products that did not sell"
  // the best sellers: a list of what has none of a figure, or is without it, is none the rows give.
  if (
    !lapsed &&
    (!LOSS.test(text) || NO_LOSS.test(text)) &&
    (LEADING_PLURAL.test(text) || /\bany\b/.test(text)) &&
    NONE_OF_A_FIGURE.test(text)
  )
    return { kind: 'refused', reason: NONE_OF_A_FIGURE_ONLY };
  // "What % of revenue is from outside the UK?": with the clause taken out, the part is what is left.
  if (spec.measures.includes('revenueShare') && filters.length === 0 && (spec.groupBy ?? []).length === 0 && !valuesLeftOut)
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
  if (threshold) return withThreshold(spec, threshold, pluralGroupOf(text, threshold, meta), lapsed || Boolean(other));
  // "How many regions had a loss?" keeps the rows with a loss, and counts them so.
  return valuesCounted && !spec.having ? { kind: 'spec', spec, counted: valuesCounted.noun } : { kind: 'spec', spec };
}

/**
 * "Up by more than 50%" → % change > 50, "fell by at least 20%" → % change ≤ −20; null when the
 * threshold is no percentage past which the figure went one way.
 */
function percentChangeHaving(text: string, threshold: Threshold, measure: Measure): NonNullable<QuerySpecInput['having']> | null {
  if (threshold.unit !== 'percent' || (threshold.op !== '>' && threshold.op !== '>=')) return null;
  const up = GROWTH.test(text) || WENT_UP.test(text);
  const down = DECLINE.test(text) || WENT_DOWN.test(text);
  if (up === down) return null;
  if (up) return { measure, op: threshold.op, value: threshold.value, on: 'percentChange' };
  return { measure, op: threshold.op === '>' ? '<' : '<=', value: -threshold.value, on: 'percentChange' };
}

/** The grouping "how many <plural>" counts ("how many products …"), when the file has it. */
function countedNounOf(text: string, meta: SnapshotMeta): string | null {
  const noun = /\bhow many ([a-z-]+)/.exec(text)?.[1];
  return noun ? dimensionOfNoun(noun, meta) : null;
}

/**
 * The file's grouping a noun names, not a time unit: a column or role by its own header first
 * (Superstore's "countries" are its Country column, not its regions), then by the grammar's
 * words ("countries" → Online Retail's region, read from Country).
 */
function dimensionOfNoun(noun: string, meta: SnapshotMeta): string | null {
  const one = singular(noun);
  const byHeader = meta.dimensions.find((d) => singular((d.key.startsWith('column:') ? d.label : (d.header ?? '')).toLowerCase()) === one);
  if (byHeader) return byHeader.key;
  const found = DIMENSION_WORDS.find(([re, dim]) => re.test(noun) && !isTimeUnit(dim));
  return found && meta.dimensions.some((d) => d.key === found[1]) ? found[1] : null;
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
  const named = filters.flatMap((f) => f.values.flatMap((v) => [v, v.replace(/\s*\([^)]*\)$/, '')]));
  const rest = named.reduce((left, value) => left.split(value.toLowerCase()).join(' '), text.replace(phrase, ' '));
  return COUNT_WORDS_ONLY.test(rest);
}

/** The words a bare count of values may hold beside its values and period. */
const COUNT_WORDS_ONLY = new RegExp(
  String.raw`^(?:[\s?.!,]+|\b(?:do|did|does|have|has|are|were|is|was|there|we|i|you|our|the|a|in|to|from|into|with|at|on|of|for|by|sell|sold|selling|sells|ship|shipped|ships|buy|bought|buys|supply|supplies|supplied|order|ordered|purchased?|served?|delivered?|sales|revenue|turnover|profit|orders|units|customers?|clients?|buyers?|accounts?|any|data|file|this|that|last|so far|currently|now|total|all|overall|altogether|during|since|between|and|year|month|quarter|week|q[1-4]|h[12]|\d{4}(?:-\d\d){0,2}|may|${MONTH_NAMES_NOT_MAY})\b)*$`,
);

/** Why a count of a grouping's values can't sit beside another grouping or a comparison. */
const VALUES_COUNTED_ALONE = (noun: string) =>
  `I can count the ${noun} with sales in one period, for the whole file or a value named (“How many ${noun} bought last month?”), or past a threshold (“How many ${noun} had revenue over 1,000?”), but not with another condition, by another grouping, against another period or among lapsed customers yet.`;

/** "Sold in the most countries", "buys from the most suppliers": a count of a grouping's values for each row. */
const DISTINCT_PER_ROW = /\b(?:most|fewest|more|fewer)\s+(?:different\s+|distinct\s+)?([a-z-]+)\b/;

/** The text without the named values that hold a year-like number: "units of Xerox 1967" names no period. */
function withoutNamedYears(text: string, filters: readonly { values: string[] }[]): string {
  const named = filters.flatMap((f) => f.values).filter((v) => /\b\d{4}\b/.test(v));
  return named.reduce((rest, value) => rest.split(value.toLowerCase()).join(' '), text);
}

/**
 * Which way a comparison of two periods goes: "less … than", "more … than" when the periods
 * were joined by "than", else "buying less", "ordering more" (against the period before).
 */
function comparativeOf(text: string, than: boolean): 'less' | 'more' | null {
  const m = than ? COMPARED_THAN.exec(text) : BUYING_LESS.exec(text);
  const word = m?.[m.length - 1];
  return word ? (/^(less|fewer|lower|smaller)$/.test(word) ? 'less' : 'more') : null;
}

/**
 * The figure of each customer a count or list of customers buying less or more compares
 * ("Customers with revenue greater than last year" compared the totals), or null when the
 * question is not one.
 */
function customersComparedOf(text: string, spec: QuerySpecInput, groupBy: readonly string[]): Measure | null {
  if (groupBy.length > 0) return null;
  const bought = figureBoughtOf(text);
  // "How many customers spent less in 1998 than in 1997?" compared the totals: "spent" had
  // added revenue beside the customers counted.
  if (spec.measures[0] === 'customers' && spec.measures.slice(1).every((m) => m === bought)) return bought;
  if (spec.measures.length !== 1) return null;
  return /^(?:list |show )?(?:the |our |all )?(?:customers|clients|accounts|buyers) (?:with|who|whose|that)\b/.test(text)
    ? spec.measures[0]
    : null;
}

/** What buying more or less is of: what they buy or spend is revenue, how often they order is orders. */
function figureBoughtOf(text: string): 'revenue' | 'orders' | null {
  if (/\b(buy|buys|buying|bought|purchas\w*|spen[dt]\w*)\b/.test(text)) return 'revenue';
  return /\b(order|orders|ordering|ordered)\b/.test(text) ? 'orders' : null;
}

/** "What did they buy last?", "their most recent order": the customer's last purchase. */
const LAST_PURCHASE =
  /\b(?:buy|bought|order|ordered|purchase|purchased)\s+(?:last|most recently)\b|\b(?:last|latest|most recent)\s+(?:order|purchase|invoice)\b/;

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

/** Verbs and adjectives of a row that went up or down ("grew", "declining sales"); not the noun "growth". */
const WENT_UP = /\b(grew|increased|rose|gained|growing|rising|increasing)\b/;
const WENT_DOWN = /\b(declined|fell|dropped|shrank|decreased|declining|falling|dropping|shrinking|decreasing)\b/;

/** Customers kept or retained from one period to the next: the complement of those lost. */
const KEPT =
  /\b(?:keep|kept|retain|retained|retaining)\b.*\b(?:customers?|clients?|accounts?|buyers?)\b|\b(?:customers?|clients?|accounts?|buyers?)\b.*\b(?:did we|have we|we) (?:keep|kept|retain|retained)\b/;

/** "Our last orders", "the most recent invoices": single orders, listed. */
const LATEST_ORDERS = /\b(?:last|latest|most recent|recent|newest)\s+(?:orders|invoices|purchases|sales orders)\b/;

/** "Doubled", "tripled", "halved": a change as a multiple of the earlier period's figure. */
const MULTIPLE = /\b(doubled|tripled|trebled|quadrupled|halved)\b/;
/** Each multiple as the percentage change it is at least (or, halved, at most). */
const MULTIPLE_PERCENT: Record<string, number> = { doubled: 100, tripled: 200, trebled: 200, quadrupled: 300, halved: -50 };

/** The comparatives of "less … than" and "more … than". */
const COMPARATIVES = 'less|fewer|lower|smaller|more|higher|larger|bigger|greater';
/** "Less … than", "more … than", a few words apart. */
// "Spent less in DE-North in 2024 than in 2023": a value's name may hold a hyphen.
const COMPARED_THAN = new RegExp(`\\b(${COMPARATIVES})\\b(?:\\s+[\\w'.&-]+){0,6}?\\s+than\\b`);

/** "Buying less", "ordering more" without "than" ("bought more than 1,000" is a threshold, "more than once" a count). */
const BUYING_LESS =
  /\b(?:buy|buys|buying|bought|spend|spends|spending|spent|order|orders|ordering|ordered|sell|sells|selling|sold)\s+(less|more|fewer)\b(?!\s+than\b)/;

/**
 * "Bought by only one customer", "products with a single customer" (not "which one customer",
 * nor "more than one customer", a threshold).
 */
const ONE_CUSTOMER =
  /(?<!\b(?:which|what|top|the|than|least|most|over|under|above|below|exceeding) )\b(?:only|just|exactly|a single|one|1) (?:customer|client|account|buyer)\b/;
/** Why rows with one customer can't be kept beside another figure. */
const ONE_CUSTOMER_ONLY =
  'I can list the products, categories or other rows bought by one customer alone (“Which products have only one customer?”), but not with another figure, threshold or comparison beside it yet.';
/** What one customer bought only one of: products, categories, suppliers, regions. */
const COUNTED_KIND = String.raw`(products?|items?|skus?|articles?|categor(?:y|ies)|suppliers?|vendors?|regions?|countr(?:y|ies))`;
/** "Only one product", "just one category", "one supplier only": a count of distinct values per customer. */
const ONLY_ONE = new RegExp(
  String.raw`\b(?:only|just|exactly) (?:one|1|a single) ${COUNTED_KIND}\b|\b(?:one|1|a single) ${COUNTED_KIND} only\b`,
);

/**
 * Customers who "bought A and B" are those who bought both, which the query can't select: it
 * counted those who bought either. Set membership stays for a sum ("revenue of the West and East").
 */
function boughtBoth(text: string, filters: readonly { values: string[] }[]): string | null {
  const several = filters.find((f) => f.values.length > 1);
  if (!several || !/\b(customers?|clients?|accounts?|buyers?|who)\b/.test(text) || /\b(or|either)\b/.test(text)) return null;
  if (!/\b(buy|buys|bought|buying|purchased?|ordered|order)\b[^?]*\band\b/.test(text)) return null;
  const [a, b] = several.values;
  return `I can find customers who bought any of ${several.values.join(', ')}, but not those who bought all of them yet; ask “Which customers bought ${a} or ${b}?” for either, or about each in turn.`;
}

/**
 * The named value a comparison is set against ("more than Sean Miller"), or null. Two values
 * of one column are set side by side ("Is Technology more profitable than Furniture?").
 */
function thanNamedValue(text: string, filters: readonly { values: string[] }[]): string | null {
  for (const value of filters.filter((f) => f.values.length === 1).flatMap((f) => f.values)) {
    const named = new RegExp(
      `\\b(?:${COMPARATIVES})\\b[^?]*?\\bthan\\s+(?:the\\s+|our\\s+)?${escapeRegex(value.toLowerCase())}(?![a-z0-9])`,
    );
    if (named.test(text)) return value;
  }
  return null;
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

/** "The top 20%", "the bottom 10 percent", "the top fifth": a fraction of the rows, not a count. */
const TOP_FRACTION =
  /\b(top|bottom|best|worst|biggest|largest|smallest) (\d{1,2}(\.\d+)? ?(%|percent\b|per cent\b)|(third|fifth|tenth|quintile|decile)\b)/;

/** Why a fraction of the rows can't be answered: any but the top 20% of customers over the whole file. */
function fractionRefusal(text: string): string | null {
  const fraction = TOP_FRACTION.exec(text);
  if (!fraction) return null;
  const fifth = TOP_FIFTH.test(text) && /\b(customers?|clients?|accounts?|buyers?)\b/.test(text) && !namesAPeriod(text, ANY_DAY);
  return fifth
    ? null
    : `I can give the share of revenue of the top 20% of customers (for the whole file), or a figure for the top N by count, such as "the top 10 customers"; not “${fraction[0]}” yet.`;
}

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
const WHO_BOUGHT = /\b(?:who|which (?:customers?|clients?|accounts?|buyers?))\b.*\b(?:buy|buys|bought|purchased?|ordered)\b/;
/** "Who bought …", "which customers ordered …", and "which stores bought …" where the customer column is store_name. */
function asksWhoBought(text: string, meta: SnapshotMeta): boolean {
  if (WHO_BOUGHT.test(text)) return true;
  const customer = meta.dimensions.find((d) => d.key === 'customer');
  const noun = customer ? headerNoun(customer) : null;
  return noun !== null && new RegExp(`\\bwhich ${escapeRegex(noun)}s?\\b.*\\b(?:buy|buys|bought|purchased?|ordered)\\b`).test(text);
}
/**
 * "What did our top customers buy?": what customers picked by rank bought ("how much did our
 * top 10 customers spend" is the top 10 by revenue, which the query gives).
 */
const RANKED_BUYERS =
  /\b(?:do|did|does|have|has)\s+(?:our|the|my)?\s*(top(?: \d{1,2})?|best|biggest|largest|most valuable|highest[- ]spending|key|main|vip)\s+(customers|clients|accounts|buyers)\s+(?:buy|bought|purchase|purchased|order|ordered)\b/;
/** "What did … buy?": the products bought. */
const WHAT_BOUGHT =
  /\b(what|which)( (products?|items?|skus?|articles?))? (did|does|do|has|have)\b.*\b(buy|bought|order|ordered|purchase|purchased)\b/;
/** A part of a named period: "the first week of December", "the last days of 2021". */
const PART_OF_PERIOD =
  /\b(first|second|third|fourth|last|final|1st|2nd|3rd|4th|opening|closing) (few )?(week|weeks|fortnight|days?|half of the month|business days?) of [a-z]+( \d{4})?\b/;
/** "Stopped buying", "did they stop ordering". */
// "Which products did we stop selling?" asks what stopped, not what to drop (it got the products to drop).
const STOPPED =
  /\bstopped\b|\bstop (buying|ordering|purchasing)\b|\b(did|have|has) (we|i|you|they) stop(ped)? (selling|stocking|carrying)\b/;
const ACTIVE_CUSTOMERS =
  /\bactive (customers|clients|accounts|buyers)\b|\b(customers|clients|accounts|buyers) (are|were|is) (still )?active\b/;
const INACTIVE_CUSTOMERS =
  /\b(inactive|dormant|lapsed) (customers|clients|accounts|buyers)\b|\b(customers|clients|accounts|buyers) (are|were|is) (no longer active|inactive|dormant)\b/;

/** Whether the question asks for active or inactive customers. */
function activityOf(text: string): 'active' | 'inactive' | null {
  if (INACTIVE_CUSTOMERS.test(text)) return 'inactive';
  return ACTIVE_CUSTOMERS.test(text) ? 'active' : null;
}

/** New customers ranked one by one: "top 10 new customers by revenue", "which new customers spent the most". */
const NEW_RANKED =
  /\b(?:top|bottom|best|biggest|largest|smallest)\s+(?:\d{1,2}\s+|(?:two|three|four|five|six|seven|eight|nine|ten|twenty)\s+)?new (?:customers|clients|accounts|buyers)\b|\b(?:which|what) new (?:customers|clients|accounts|buyers)\b.*\b(?:most|least|top|highest|lowest|biggest|largest)\b/;
const NEW_RANKED_ONLY =
  'I can count new customers and add up their revenue in a period, but not rank them one by one yet; ask "Which customers bought for the first time in …?" for the list, or "revenue from new customers in …".';
/** A first purchase of one product, category or supplier, which the query has no figure for. */
const FIRST_TIME_OF_A_VALUE =
  'I can find the customers whose first order in the file falls in a period ("Which customers bought for the first time in 2021?"), but not the first time a customer bought one product, category or supplier yet.';
const NEW_REVENUE_NEEDS_PERIOD =
  'Revenue from new or returning customers is of a period (new: first order in it); name one, such as "revenue from new customers last quarter", or ask for it by month.';
const NEWNESS_REVENUE = new Set<Measure>(['newCustomerRevenue', 'returningCustomerRevenue']);
/** The words "revenue" and "new customers" name no figure of their own beside those. */
const NEWNESS_REVENUE_WORDS = new Set<Measure>(['revenue', 'customers', 'newCustomers', 'returningCustomers']);
const NEW_NEEDS_PERIOD =
  'New customers are counted within a period (first order in it); name one, such as "How many new customers did we get last quarter?", or ask for them by month.';

/** Periods with no calendar reading here: seasons, holidays, numbered weeks. */
const UNREAD_PERIOD =
  /\b(?:in|during|over|for|this|last|the)\s+(?:the\s+)?(spring|summer|autumn|fall|winter|holidays|holiday season)(?:\s+(?:of\s+)?(?:19|20)\d\d)?\b|\b(spring|summer|autumn|fall|winter)\s+(?:of\s+)?(?:19|20)\d\d\b|\b(christmas|xmas|easter|thanksgiving|black friday|cyber monday|new year'?s?)\b|\bweek\s+(?:no\.?\s*|#\s*)?\d{1,2}\b/;
const WEEKDAY = /\b(mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|weekdays?)\b/;

/**
 * Why a period named in the question can't be read, or null. A word of a value the question
 * names in full ("Winter Foods", a "Weekend Range") is a name, which the name matchers place;
 * "Which products sell best at Christmas?" names no such value, though many products have
 * CHRISTMAS in their names, and was answered for the whole year.
 */
function unreadPeriodOf(text: string, meta: SnapshotMeta): string | null {
  const period = UNREAD_PERIOD.exec(text);
  if (period && !isWordOfANamedValue(period[1] ?? period[2] ?? period[3] ?? 'week', text, meta))
    return `I can't read “${period[0].replace(/^(in|during|over|for) (the )?/, '')}” as a period yet; name its first and last day as dates (YYYY-MM-DD to YYYY-MM-DD).`;
  const weekday = WEEKDAY.exec(text);
  if (weekday && !isWordOfANamedValue(weekday[1], text, meta))
    return "I can't split sales by day of the week yet; I can group them by week, month, quarter or year.";
  return null;
}

/** Whether `word` is a word of a value of the file that the question writes out in full. */
function isWordOfANamedValue(word: string, text: string, meta: SnapshotMeta): boolean {
  const whole = new RegExp(`\\b${word}\\b`, 'i');
  return meta.dimensions.some((d) => d.values.some((v) => whole.test(v) && text.includes(v.toLowerCase())));
}

/** A ranking within every value of a grouping: "top 3 customers in each country". */
const TOP_PER_GROUP =
  /\b(?:top|bottom|best|worst|biggest|largest)\b.*\b(?:in|for|within|per) (?:each|every) (country|region|category|supplier|rep|sales rep|month|quarter|year|segment|state|city|[a-z]+)\b/;
/** Measures that count customers: "customers" in the question is their noun, not a grouping. */
const CUSTOMER_COUNTS = new Set<Measure>(['customers', 'newCustomers', 'returningCustomers', 'repeatCustomers', 'oneTimeCustomers']);

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
  for (const unit of TIME_DIMENSIONS) {
    const at = text.search(new RegExp(`\\b${unit}s\\b`));
    if (at >= 0) found.push([at, unit]);
  }
  return found.sort((a, b) => a[0] - b[0])[0]?.[1] ?? null;
}

/** "Which category …", "customers by …": the question asks for one of the file's groupings (not a time unit). */
function asksForGrouping(text: string): boolean {
  return (
    /\b(which|what|each|per|by|top|bottom|rank)\b/.test(text) && DIMENSION_WORDS.some(([re, dim]) => !isTimeUnit(dim) && re.test(text))
  );
}

/**
 * A capitalised word before "products" or "items" that names no value the question matched
 * and no grouping ("Bolt products"), or null. "Safety products" is a category's, so it is none.
 */
function partialName(question: string, filters: readonly { values: string[] }[]): string | null {
  const named = filters.flatMap((f) => f.values.map((v) => asWritten(v)));
  for (const m of question.matchAll(/\b([A-Z][\p{L}\d-]+) (?:products|items)\b/gu)) {
    const word = m[1].toLowerCase();
    if (named.some((v) => v.split(' ').includes(word))) continue;
    if (/^(all|our|my|the|which|what|top|best|new|other|these|those|most|many|how|list|show|each|every|any|it|them|this|that)$/.test(word))
      continue;
    return m[1];
  }
  return null;
}

/**
 * Why a phrase selects nothing: "Hy-Vee" and "Tito's" were "not found" on the Iowa sales,
 * where they are words of 3,356 store names and of "Titos Vodka": a word of some values is
 * named as such, else it is not in the file.
 */
function notFoundReason(phrase: string, meta: SnapshotMeta): string {
  const words = wordsOf(phrase);
  const holder =
    words.length > 0 &&
    meta.dimensions.find((d) => d.values.some((value) => containsRun(wordsOf(value), words) && wordsOf(value).length > words.length));
  return holder
    ? partialNameReason(phrase, holder.label)
    : `I couldn't find “${phrase}” among this file's customers, products or other values.`;
}

/** Lower-case words without apostrophes ("Tito's" and "Titos" are one word; "Hy-Vee" is two). */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether `words` appear together, in order, in `within`. */
function containsRun(within: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i + words.length <= within.length; i++) if (words.every((w, k) => within[i + k] === w)) return true;
  return false;
}

/** Why a word of some names can't select them: "Bolt" is in 214 product names, and the query filters by whole values. */
function partialNameReason(phrase: string, label: string): string {
  const noun = label.toLowerCase();
  return `I can't pick out ${noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`} by a word of their names (“${phrase}”) yet; name a category, a supplier or one ${noun} in full.`;
}

/**
 * The quantity column named by its header is the units: "Top 5 items by bottles sold" (Iowa's
 * `bottles_sold`) was refused as a column it can't group by.
 */
function asUnits(text: string, meta: SnapshotMeta): string {
  const header = (meta.quantityHeader ?? '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  // "More than 10 CDs" on CDNOW (number_of_cds), "over 100 bottles" on Iowa (bottles_sold): the
  // things the quantity column counts, after a number, are units (it was refused as "not by that count").
  // Not a word the grammar reads itself: "Order Quantity" counts units, and "5 orders" stays orders.
  const noun = header
    .split(' ')
    .find(
      (w) =>
        w.length >= 3 &&
        !/^(number|num|qty|quantity|count|sold|total|units?|orders?|items?|products?|lines?|pieces?|articles?|skus?|goods)$/.test(w) &&
        !isGrammarWord(w),
    );
  // "Which stores buy the most bottles?" ranked revenue: after "most", "fewer" and the like too.
  const counted = noun
    ? text.replace(new RegExp(`((?:\\d[\\d,.]*|most|fewest|least|more|fewer)\\s+)${escapeRegex(singular(noun))}s?\\b`, 'g'), '$1units')
    : text;
  if (header.length < 3 || !header.includes(' ')) return counted;
  return counted.replace(new RegExp(`\\b${escapeRegex(header).replace(/ /g, '[\\s_-]+')}\\b`, 'g'), 'units');
}

/** Iowa's "Which products are sold in the most stores?" ranked revenue: its customers are stores (`store_name`), counted as customers. */
function asCustomersCounted(text: string, meta: SnapshotMeta): string {
  const customer = meta.dimensions.find((d) => d.key === 'customer');
  const noun = customer ? headerNoun(customer) : null;
  if (!noun || noun.includes(' ')) return text;
  return text.replace(new RegExp(`\\b(most|fewest|least|more|fewer) ${escapeRegex(noun)}s\\b`, 'g'), '$1 customers');
}

/** A word the grammar reads as a measure or a grouping ("revenue", "customers"), not a name. */
function isGrammarWord(word: string): boolean {
  return [...MEASURE_WORDS, ...DIMENSION_WORDS].some(([re]) => re.test(word));
}

/**
 * A role column's header as a question words it, when it differs from the role's own word:
 * "city" for a region column called city, "store" for a customer column called store_name.
 */
export function headerNoun(dimension: SnapshotMeta['dimensions'][number]): string | null {
  if (!dimension.header) return null;
  const words = dimension.header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w && !/^(name|id|number|no|nr|code|desc|description|key)$/.test(w));
  const noun = words.join(' ');
  return noun && !DIMENSION_WORDS.some(([re]) => re.test(noun)) ? noun : null;
}

/**
 * "Which vendor depends most on one store?" asks how much of a supplier's sales one customer
 * holds, the other way round from supplier dependency (how much of ours one supplier holds),
 * which the analysis has no figure for: the reason to refuse it, with what can be asked.
 */
function supplierReliantOnCustomers(text: string, meta: SnapshotMeta): string | null {
  // "Which suppliers are we most dependent on for our top customers?" is our dependency.
  const tail =
    /\b(?:suppliers?|vendors?|manufacturers?)\b(?:(?!\b(?:we|us|i)\b).)*?\b(?:depend\w*|rel(?:y|ies|ying|iant|iance))\b.*?\bon\b(.*)/.exec(
      text,
    )?.[1];
  const customers = meta.dimensions.find((d) => d.key === 'customer');
  if (tail === undefined || !customers) return null;
  const noun = headerNoun(customers) ?? 'customer';
  if (!new RegExp(`\\b(?:customers?|clients?|accounts?|buyers?|${escapeRegex(noun)}s?)\\b`).test(tail)) return null;
  const supplier = meta.dimensions.find((d) => d.key === 'supplier')?.values[0];
  const example = supplier ? ` such as “top 5 ${noun}s for ${supplier}”` : '';
  return `Supplier dependency is how much of our revenue rests on one supplier, not how much of a supplier's sales rest on one ${noun}, and I can't rank suppliers by that yet. I can list a supplier's top ${noun}s with their revenue,${example || ' naming the supplier'}.`;
}

/** A plural noun's singular, for matching a header: "stores" → "store", "cities" → "city". */
export function singular(word: string): string {
  return word
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|x|s)es$/, '$1')
    .replace(/([^s])s$/, '$1');
}

/** Whether "products" (or "items") follows a named value: "Safety products", "Acme items". */
function namesTheProducts(text: string, filters: readonly { values: string[] }[]): boolean {
  return filters.some((f) => f.values.some((v) => new RegExp(`\\b${escapeRegex(asWritten(v))} (products|items)\\b`).test(asWritten(text))));
}

/** Whether the question names a grouping other than products and categories (customers, suppliers, regions, reps). */
function groupsBesideProducts(text: string): boolean {
  return DIMENSION_WORDS.some(([re, dim]) => dim !== 'product' && dim !== 'category' && !isTimeUnit(dim) && re.test(text));
}

/** "Which products are declining?", "products trending up": products and their change, nothing else named. */
function asksForProductTrend(text: string): boolean {
  return (
    /\b(which|what|top|our)? ?(products?|items?|skus?|lines)\b.*\b(declin\w*|grow\w*|falling|rising|trending (up|down))\b/.test(text) &&
    !DIMENSION_WORDS.some(([re, dim]) => dim !== 'product' && re.test(text))
  );
}

/** Whether the grouping's noun is in the plural ("products", "sub-categories"): several are asked for. */
function asksForSeveral(text: string, group: string | undefined, meta: SnapshotMeta): boolean {
  if (!group) return false;
  if (PLURAL_OF[group]?.test(text)) return true;
  // Iowa's "Which stores buy the most from Jim Beam Brands?" got one store: its customers are a store_name column.
  const dimension = meta.dimensions.find((d) => d.key === group);
  const noun = PLURAL_OF[group] ? dimension && headerNoun(dimension) : dimension?.label.toLowerCase();
  if (!noun) return false;
  const plural = noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return new RegExp(`\\b${escapeRegex(plural)}\\b`).test(text);
}

/** Units of volume, weight or length, which a file's quantities are seldom counted in. */
const MEASURE_UNIT = /\b(liters?|litres?|gallons?|kilos?|kilograms?|kg|tons?|tonnes?|ounces?|meters?|metres?)\b/;

/** "Volume Sold (Litres)" and "liters" spelled alike. */
function unitSpelling(text: string): string {
  return text.toLowerCase().replace(/litre/g, 'liter').replace(/metre/g, 'meter');
}

/** Distinct counts: a customer who buys in two months is one customer of the two, not two. */
const DISTINCT_COUNTS = new Set<Measure>(['customers', 'products', 'returningCustomers', 'repeatCustomers', 'oneTimeCustomers']);

/** "Average revenue per month", "average monthly sales", "monthly average", "in an average week". */
const AVERAGE_PER_UNIT =
  /\b(?:average|avg|mean|typical)\b(?:(?!\bby\b).)*?\b(?:per|a|each|every) (week|month|quarter|year)\b|\b(?:average|avg|mean|typical) (weekly|monthly|quarterly|yearly|annual)\b|\b(weekly|monthly|quarterly|yearly|annual) average\b|\b(?:an?|the) (?:average|typical) (week|month|quarter|year)\b/;

/** The time unit of "average revenue per month", "average monthly sales", "in an average week". */
function averagePerOf(text: string): TimeDimension | null {
  const asked = AVERAGE_PER_UNIT.exec(text);
  if (!asked) return null;
  const word = asked[1] ?? asked[2] ?? asked[3] ?? asked[4];
  return word.replace(/ly$/, '').replace(/^annual$/, 'year') as TimeDimension;
}

/** Month, quarter, year or week: a time grouping, not a column of the file. */
function isTimeUnit(group: string): boolean {
  return (TIME_DIMENSIONS as readonly string[]).includes(group);
}

/** Whether the question names a value of the file (a customer, a product, a region …). */
export function namesAValue(question: string, meta: SnapshotMeta): boolean {
  return entitiesOf(withoutHalfYears(question), meta).filters.length > 0;
}

/**
 * Dictionary entries named in the question: exact (case-insensitive) first, then one fuzzy
 * phrase; `unknown` is a phrase that came close to a name with other numbers in it.
 */
function entitiesOf(
  question: string,
  meta: SnapshotMeta,
): { filters: { dimension: string; values: string[]; match: 'exact' }[]; unknown: string | null } {
  const text = ` ${asWritten(question)} `;
  const found: { dimension: string; values: string[]; match: 'exact' }[] = [];
  const taken: [number, number][] = [];
  // Longest names first, so "Premium Oat Milk 1L" wins over "Oat Milk".
  const candidates: { dim: string; values: string[]; lower: string }[] = [];
  for (const d of meta.dimensions) {
    if (d.values.length > 50_000) continue;
    // Written as the question is, so "Acme Supply Inc" finds "Acme Supply, Inc.".
    for (const v of new Set(d.values)) if (v.length >= 2) candidates.push({ dim: d.key, values: [v], lower: asWritten(v) });
    // "Black Velvet" names each of "Black Velvet (11788)", "Black Velvet (11777)", …: ids that share the name.
    for (const [name, labels] of sharedNamesOf(d.values)) candidates.push({ dim: d.key, values: labels, lower: asWritten(name) });
  }
  candidates.sort((a, b) => b.lower.length - a.lower.length);
  for (const c of candidates) {
    // "Sean Miller's last order" names Sean Miller too.
    const at =
      [` ${c.lower} `, ` ${c.lower}s `, ` ${c.lower}'s `, ` ${c.lower}’s `].map((form) => text.indexOf(form) + 1).find((i) => i > 0) ?? 0;
    if (at <= 0 || c.lower.length < 3 || /^\d+$/.test(c.lower)) continue;
    if (taken.some(([s, e]) => at < e && at + c.lower.length > s)) continue;
    if (found.some((f) => f.dimension === c.dim)) {
      found.find((f) => f.dimension === c.dim)?.values.push(...c.values);
    } else found.push({ dimension: c.dim, values: [...c.values], match: 'exact' });
    taken.push([at, at + c.lower.length]);
  }
  if (found.length === 0) {
    // Whole words only (a year must not split into "202" and "3"), and at least one letter:
    // "which quarter of 2023 …" once matched the customer "Janssen & Co. KG 2023".
    const phrase = /(?:did|for|from|of|to|by|about)\s+((?:[A-Z0-9][\w&'.-]*(?:\s+|$)){2,6})/.exec(question);
    if (phrase && /[a-z]/i.test(phrase[1])) {
      // "Sales of Acme Supply" (the supplier "Acme Supply, Inc.") got the whole file's revenue.
      for (const d of meta.dimensions.filter((x) => x.key === 'customer' || x.key === 'product' || x.key === 'supplier')) {
        const hit = new Fuse([...new Set(d.values)], { includeScore: true, threshold: 0.3, ignoreLocation: true }).search(
          phrase[1].trim(),
          { limit: 1 },
        )[0];
        if (hit && (hit.score ?? 1) <= 0.2) {
          // "Bolt 205mm" came close to "Bolt 204mm", and got its figures: another number is another item, no typo.
          if (numbersOf(phrase[1]) !== numbersOf(hit.item)) return { filters: found, unknown: phrase[1].trim() };
          found.push({ dimension: d.key, values: [hit.item], match: 'exact' });
          break;
        }
      }
    }
  }
  return { filters: found, unknown: null };
}

/** A filter the question named, in the answers' words ("State = Texas"). */
function namedFilterWords(f: { dimension: string; values: string[] }, meta: SnapshotMeta): string {
  return filterWords(meta.dimensions.find((d) => d.key === f.dimension)?.label ?? f.dimension, f.values);
}

/** What narrows to customers picked by their rows: the churn list and one segment's members. */
const NARROWED_LISTS_ONLY =
  'For customers picked by their rows I can list those at churn risk or those in one segment (such as the Champions); ask for one of them, or name a figure, such as “revenue by customer”.';

const EXCLUSION_NEEDS_FIGURE =
  'I can leave values out of a figure I work out from the rows, not out of the analysis’ churn list, segments or summaries; name the figure, such as “revenue by customer excluding the West”.';

/** "excluding the UK", "except Technology", "other than Germany and France": the values to leave out. */
const EXCLUDED_CLAUSE =
  /\b(?:excluding|exclude|excludes|except(?: for)?|excl\.?|other than|apart from|aside from|not including|outside(?: of)?|besides|w\/o|(?<!\b(?:but|and) )(?:not|(?:did|does|do|is|are|was|were|has|have|had)(?: not|n't|nt))(?: come| came| coming)? from)\s+(.+?)(?=\s+(?:in|during|for|by|from|since|between|over|last|this|per|each|compared|vs\.?|versus|had|has|have|is|are|was|were|did|does|made|makes|sold|sells|bought|buys|spent|spends)\b|[?;!]|,(?=\s*(?:in|during|for|by|from|since|between|over|last|this|per|each|compared|vs\.?|versus|what|which|who|how|show|list|give|tell|please)\b)|,?$)/i;

/** "Non-UK revenue", "non-Furniture sales": a value left out, written before the figure (it was dropped). */
const NON_VALUE = /\bnon[- ](\p{L}[\p{L}\d.&']*)/iu;
/** A "non-" word that is no part of a name the file holds ("Avery Non-Stick Binders" is a product). */
function nonValueOf(question: string, meta: SnapshotMeta): RegExpExecArray | null {
  const m = NON_VALUE.exec(question);
  const word = m?.[0].toLowerCase();
  return word && !meta.dimensions.some((d) => d.values.some((v) => v.toLowerCase().includes(word))) ? m : null;
}
/** "Non-zero revenue": a "non-" that names no value and leaves nothing out the grammar would drop. */
const NOT_A_VALUE = /^(zero|null|empty|blank|negative|positive)$/i;

/**
 * The values a question leaves out and the question without that clause, or null when it
 * has none or names no value of the file there ("excluding returns" keeps its refusal); a
 * name close to a value with other numbers in it is refused by name.
 */
function exclusionOf(
  question: string,
  meta: SnapshotMeta,
): { rest: string; filters: ReturnType<typeof entitiesOf>['filters'] } | { refused: string } | null {
  const excluded = EXCLUDED_CLAUSE.exec(question);
  const clause = excluded ?? nonValueOf(question, meta);
  if (!clause) return null;
  // "Non-returning customers" were read as returning ones, "revenue not from new customers" as
  // theirs: a "non-" or "not from" that names no value is refused, never dropped.
  const negated = !excluded || /^(?:not\b|\w+ not\b|\w+n'?t\b)/.test(clause[0]);
  const unplaced = negated
    ? `I can't tell what “${clause[0].replace(/\s+(?:the\s+)?$/, '')}” leaves out; name the values to leave out as the file writes them, such as “excluding …”.`
    : null;
  // Read as the object of "sales from", where the name passes look for values.
  const probe = `sales from ${clause[1]}`;
  const { filters, unknown } = entitiesOf(probe, meta);
  if (unknown) return { refused: notFoundReason(unknown, meta) };
  // Names as the file writes them ("DOTCOM POSTAGE"), then abbreviations and typos ("the UK"):
  // "outside the UK and Germany" left out Germany alone.
  const loose = looseNamesOf(probe, meta, filters);
  if (filters.length === 0 && ('unknown' in loose || loose.filters.length === 0))
    return unplaced && !NOT_A_VALUE.test(clause[1]) ? { refused: unplaced } : null;
  if ('unknown' in loose) return { refused: notFoundReason(loose.unknown, meta) };
  for (const f of loose.filters) {
    const same = filters.find((g) => g.dimension === f.dimension);
    if (same) same.values.push(...f.values.filter((v) => !same.values.includes(v)));
    else filters.push(f);
  }
  const rest = `${question.slice(0, clause.index)} ${question.slice(clause.index + clause[0].length)}`.replace(/\s+/g, ' ').trim();
  // "UK vs non-UK revenue" gave the rest alone: a value set against all the others is no exclusion.
  const kept = clause[1].replace(/^(?:the|our)\s+/i, '');
  if (new RegExp(`(?<![\\p{L}\\d])${escapeRegex(kept)}(?![\\p{L}\\d])`, 'iu').test(rest))
    return {
      refused: `I can't set “${kept}” against everything else in one answer yet; ask for each (“revenue from ${kept}”, “revenue excluding ${kept}”).`,
    };
  return { rest, filters };
}

/** The numbers written in a name, in order: "Bolt 204mm" → "204". */
function numbersOf(name: string): string {
  return (name.match(/\d+/g) ?? []).join(' ');
}

/**
 * Lower case, without question marks, exclamation marks, commas and a word's closing full
 * stop ("Inc." written "Inc"; "3.5mm" keeps its), single spaces: how names are compared.
 */
function asWritten(s: string): string {
  return (
    s
      .toLowerCase()
      // UCI Wholesale's "Detergents_Paper", asked as "Detergents Paper", was refused as a word of a name.
      .replace(/_/g, ' ')
      .replace(/[?!,]/g, ' ')
      .replace(/\.(?=\s|$)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Whether the spec groups or filters by a column whose header is a sub-category. */
function mentionsSubCategory(meta: SnapshotMeta, groupBy: readonly string[], filters: readonly { dimension: string }[]): boolean {
  const keys = new Set([...groupBy, ...filters.map((f) => f.dimension)]);
  return meta.dimensions.some((d) => keys.has(d.key) && SUB_CATEGORY.test(d.label.toLowerCase()));
}

/** Whether the question names a period, read or not ("in 2021", "last month", "since the spring"). */
function namesAPeriod(text: string, today: Date): boolean {
  const periods = periodsOf(text, today);
  return periods.period !== null || periods.unread !== undefined;
}
