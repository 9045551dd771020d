/**
 * Questions the figure steps don't read: those the analysis' own answers take (what to do,
 * cross-sell, churn risk, segments, the top 20% of customers, whom to call), the churn rate (a
 * spec of its own, from two periods), and those refused for their wording or shape, with what
 * can be asked instead.
 */
import type { QuerySpecInput } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { countryOfCode, isWordOfAValue } from './query-names';
import { supposedAnswer } from './query-supposed';
import { asksBothEnds, ONE_END_AT_A_TIME } from './query-ranking';
import { notHeldReason } from './query-not-held';
import { pluralNoun } from '../../engine/render/format';
import { escapeRegex, limitOf, thresholdOf, thresholdOnListsReason, unusedNumberNamed } from './query-limits';
import { BRIDGE_SPLIT } from './bridge-intents';
import { splitAskedIn } from './retention-intents';
import { examplesOfTwo, MONTH_NAMES, periodBefore, periodsOf, type DayRange } from './query-periods';
import { GOODS_COSTING, silentSpanNotToNow } from './query-text';
import {
  ACTIONS,
  CONTACT_VERB,
  CUSTOMER_VALUE,
  DISCONTINUE,
  lastOrderOfOthers,
  lastOrderRankingOf,
  NOT_CUSTOMERS,
  PROSPECTS,
  PURCHASE_GAP,
  WHEN_NEXT,
  WITH_NO_BOUND,
} from './intents';
import {
  COMPARATIVES,
  COUNT,
  DIMENSION_WORDS,
  LOSS,
  ONLY_ONE,
  REP_NOUNS,
  headerNoun,
  isGrammarWord,
  isTimeUnit,
  singular,
  OTHER_PER_CUSTOMER_REASON,
  FIGURES_NOT_PER_CUSTOMER,
} from './query-vocabulary';
import {
  ANY_DAY,
  NARROWED_LISTS_ONLY,
  NO_DATES,
  type Parsed,
  TOP_FRACTION,
  WHOLE_FILE_ONLY,
  WHOLE_FILE_RESULTS,
  CHURN_NAMED,
  fractionRefusal,
  namesAPeriod,
} from './query-parsed';
import { dimensionOfNoun, namedFilterWords } from './query-values';
import { lapsedInTheLastYear, namesWhatWasNeverBought } from './query-stopped';
import { BUYER_NOUNS, CUSTOMER_NOUNS, CUSTOMER_SINGULAR, CUSTOMERS_NAMED, CUSTOMERS_PLURAL } from './customer-words';

/**
 * Products bought in the same orders as another: "what do customers buy with X", "what goes
 * with X". "Also bought in 2024" is a period, not a product: the customers of both periods.
 */
const BOUGHT_WITH = new RegExp(
  String.raw`\b(?:bought|buy|buys|purchased?|ordered|order) (?:together\b|${WITH_NO_BOUND})|\bgo(?:es)? (?:well )?with\b|\b(?:sells?|sold|selling) (?:well )?(?:together )?${WITH_NO_BOUND}|\bpairs? (?:well )?with\b|\balso (?:buy|bought|purchased?|order(?:ed)?)\b(?! (?:in|during|last|this|since|between)\b)`,
);

/**
 * "Which Chairs customers also bought Tables?", "What share of … also bought Tables?" name what
 * was also bought: the customers who bought both (query-stopped.ts), not what goes with Chairs.
 * "Which customers also bought Fittings?" names one value, and stays the cross-sell answer.
 */
function alsoBoughtNamed(text: string, filters: readonly { dimension: string; values: string[] }[]): boolean {
  return ALSO_BOUGHT_NAMED.test(text) && filters.some((f) => f.values.length > 1 && f.dimension !== 'customer');
}

const ALSO_BOUGHT_NAMED =
  /\b(?:which|how many|what (?:share|percent(?:age)?|proportion|fraction))\b[^?]*\balso (?:buy|bought|purchased?|order(?:ed)?) (?!(?:in|during|last|this|since|between|what|which|anything|something|else|together|with|from|products?|items?|skus?|articles?)\b)[a-z0-9]/;

/** Kinds of customer a business marks itself, which no file column holds: "VIP customers" ("key accounts" are the top ones, query-text.ts). */
const KIND_OF_ACCOUNT = /\b(strategic|vip|priority|tier[- ]?(?:1|one)|enterprise) (?:accounts?|customers?|clients?)\b/;

/**
 * "What should we cross-sell to Sean Miller?" and "What should Rep 7 sell to Schmidt B.V. 31?"
 * got the customer's revenue: what to offer is the cross-sell answer.
 */
const WHAT_TO_OFFER =
  /(?<!\bfrom )\b(?:cross[- ]?sell\w*|up[- ]?sell\w*|recommend\w*|next best|(?:buy|order|purchase) next(?! (?:week|month|quarter|year))|next (?:purchase|order)|what (?:else|more) (?:should|could|can|to) (?:we |i )?(?:sell|offer))\b|\bwhat (?:else |more |products? |items? )?(?:should|could|can|would|might|to)\b(?: [\w'-]+){0,3}? (?:sell|pitch|propose|suggest) to\b|\bwhat (?:else |more |products? |items? )?(?:should|could|can|would|might|to)\b(?: [\w'-]+){0,3}? offer\b(?! (?:in|for) (?:19|20)\d\d\b)/;

/** "… that France doesn't", "… but the UK does not": a second value denied after the first's rows. */
const DENIER_WORD = String.raw`(?!(?:that|which|but|who|we|you|they|i|our|their|it|he|she|does|do|did|others?|anyone|nobody)\b)[\p{L}\d&'.-]+`;
const OTHER_DOES_NOT = new RegExp(
  String.raw`\b(?:that|but)\s+(?:the\s+)?((?:${DENIER_WORD}\s+){0,2}${DENIER_WORD})\s+(?:does|do|did)\s*(?:not|n't)\b`,
  'u',
);

/**
 * "Which products does Germany buy that France doesn't?" got both countries' products together,
 * and "… that the UK doesn't" Germany's alone: one value's rows set against another's. The
 * reason to refuse, or null. One customer's purchases against another's have their own
 * refusal; "which products did not sell" denies no value.
 */
function valueSetAgainstAnother(text: string, filters: readonly { dimension: string; values: string[] }[]): string | null {
  const typed = OTHER_DOES_NOT.exec(text)?.[1];
  if (!typed || typed.split(' ').some(isGrammarWord) || CUSTOMER_OR_STORE.test(typed)) return null;
  // "France" on a file that writes it FR-Est is the regions its code begins.
  const country = (v: string) => countryOfCode(v) === typed;
  const heldBy = filters.find((f) => f.values.some((v) => v.toLowerCase() === typed || country(v)));
  // A name the file lacks is refused by name elsewhere; a code the names pass left unplaced ("the UK") is not.
  if (heldBy?.dimension === 'customer' || (!heldBy && typed.length > 3)) return null;
  // As the file writes it when it holds it, a short code in capitals otherwise ("uk" is "UK").
  const denier =
    heldBy?.values.find((v) => v.toLowerCase() === typed) ??
    (heldBy?.values.some(country) ? typed.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase()) : typed.length <= 3 ? typed.toUpperCase() : typed);
  return `I can't set what one value buys or sells against what “${denier}” doesn't in one answer yet; ask for each (such as “revenue by product for ${denier}”) and compare, or for the customers who bought one thing but not another (“customers who buy … but not …”).`;
}

const CUSTOMER_OR_STORE = new RegExp(String.raw`\b(?:${BUYER_NOUNS})\b`);

/**
 * What customers are likely to do: "How many customers are likely to make a repeat purchase?"
 * counted every customer, and "… likely to buy again?" looked for a product called "again".
 */
const LIKELY_TO_BUY = String.raw`likely to (?:buy|order|purchase|make|place|reorder|spend|come back|return)`;

/**
 * A span ahead: "next year", "the next 30 days", "next 90-day revenue", "what will revenue be",
 * "projected sales" ("what will revenue be in the next 30 days" got the whole file's revenue).
 */
const AHEAD = String.raw`next (?:\d{1,3}[- ])?(?:days?|weeks?|months?|quarters?|years?|fortnight)|coming (?:\d{1,3}[- ])?(?:days?|weeks?|months?|quarters?|years?)|(?:what|how much|how many) will (?:\w+ ){1,4}be|projected|projections?`;

/** Questions the analyst cannot answer exactly from the rows (future, causes, opinions). */
const OUT_OF_SCOPE = new RegExp(
  String.raw`\b(forecast|predict|will .* (buy|spend|sell)|${AHEAD}|${LIKELY_TO_BUY}|why|should i|weather|stock price|competitor)\b`,
);

/** A target, budget or quota: figures no file of sales holds. */
const TARGETS = /\b(targets?|budget(?:s|ed)?|quotas?)\b/;

/** The future: no figure in the file answers it, and the totals must not stand in for it. */
const FUTURE = new RegExp(String.raw`\b(forecast|predict(ion)?s?|will .* (buy|spend|sell)|${AHEAD}|${LIKELY_TO_BUY})\b`);

/** "Average orders per customer": a ratio the grammar has only for revenue. */
const OTHER_PER_CUSTOMER = new RegExp(
  String.raw`\b(${FIGURES_NOT_PER_CUSTOMER}) per (${CUSTOMER_SINGULAR})\b|\bhow (many|often)\b.*\b(the )?(average|typical) (${CUSTOMER_SINGULAR})\b|\b(?:how many|number of)\b.*\b(?:each|every|a|the) (${CUSTOMER_SINGULAR})\b.*\bon average\b`,
);

/** "How many customers make up 80% of revenue?", "how many clients account for 50 percent of our sales". */
const CUSTOMERS_MAKING_A_SHARE = new RegExp(
  String.raw`\b(?:how many|number of) (?:of (?:our|the) )?(?:${CUSTOMERS_PLURAL}) (?:make up|makes up|made up|make|account for|accounts for|bring in|bring|generate|drive|represent|give us|are behind) (?:the )?(?:top )?(\d{1,2}) ?(?:%|percent|per cent) of (?:our |the |all |total )*(?:revenue|sales|turnover|business)\b`,
);

/**
 * "Average items per order", "units in an average order", "How many units of Chairs did we
 * sell per order?" (it got all the units of Chairs), "Which product do customers buy the most per
 * order?" (it got the top product by revenue), "How many units does the average order
 * contain?" (the average order value beside all units): a ratio the grammar has only for revenue.
 */
const OTHER_PER_ORDER =
  /\b(items|units|products|lines|pieces|quantity|articles|skus|profit|margin|cost)\b(?:(?!\b(?:revenue|sales|value|spend|turnover|by|for each)\b)[\w' -]){0,60}?\b(per|in an?|in each|in the average|in the typical|on an?|on each|on the average) (order|invoice|basket|transaction)\b|\b(order|basket) size in (units|items)\b|\b(?:items|units|products|pieces|lines|articles) (?:(?:does|do|did|is|are) )?(?:in |on )?(?:the |an? |our )?(?:average|typical|mean) (?:order|basket|invoice|transaction)\b|\b(?:product|item|sku)\b[\w' -]{0,40}?\b(?:buy|buys|bought|sell|sells|sold|order|ordered) (?:the )?(?:most|least|more|less) per (?:order|invoice|basket|transaction)\b/;

/**
 * One order ranked by its size: "the largest order in 2024" got 2024's total revenue, "the 10
 * largest orders" the count of orders, "biggest single purchase" the customers with one order.
 * ("Highest sales" is revenue: only the singular "sale" is one transaction.)
 */
const SINGLE_ORDER_RANKED =
  /\b(?:largest|biggest|smallest|top)\s+(?:\d+\s+)?(?:single\s+|individual\s+)?(?:orders?|invoices?|transactions?|purchases?|deals?|sale|baskets?)\b|\b(?:orders?|invoices?|baskets?) (?:are|were|is|was) (?:the )?(?:largest|biggest|smallest)\b/;

/** "Churn rate", "attrition rate" (a retention rate is the cohorts'). */
const CHURN_RATE = /\b(churn|attrition|customer loss|defection) rate\b|\brate of (churn|attrition)\b/;

function noFigureForPeriod(meta: SnapshotMeta): string {
  return `I couldn't tell which figure you want for that period: ask for revenue, gross profit, margin, orders, customers, units or average order value${examplesOfTwo(meta, 'revenue by customer in ')}.`;
}

/**
 * "How many new products did we sell in 2024?" got all of 2024's units (132,943), and "Which
 * products were first sold in 2021?" every product sold in 2021.
 */
const NEW_PRODUCTS =
  /\b(?:new|newly (?:launched|added|listed)) (?:products?|items?|skus?|lines?|articles?)\b|\b(?:products?|items?|skus?) (?:are|were|is|was) new\b|\b(?:products?|items?|skus?|articles?) (?:that |which )?(?:(?:were|was|are|is|got|have been|has been) )?(?:first|newly) (?:sold|launched|introduced|listed|added|ordered|bought|purchased)\b/;

/** "Which products always sell at a loss?" listed those whose losses outweigh their profits, not those that never made one. */
const ALWAYS_AT_A_LOSS =
  /\b(?:always|every time|each time|on every (?:sale|order|line))\b.*\b(?:loss|losses|lose|loses|lost|losing|unprofitable|negative)\b|\b(?:loss|lose|loses|lost|losing|unprofitable)\b.*\b(?:always|every time|each time|on every (?:sale|order|line))\b/;

/**
 * "Which customers buy mostly from Acme?" and "… rely on Acme for most of their purchases?"
 * listed Acme's customers by what they bought from it, whatever its share of their own buying
 * ("What do customers mostly buy?", naming no value, asks for the best sellers).
 */
const MOSTLY_FROM =
  /\b(?:buy|buys|bought|order|orders|ordered|purchase|purchases|purchased|spend|spends|spent|source|sources)\s+(?:\w+\s+)?(?:mostly|mainly|primarily|chiefly|largely|predominantly)\b|\b(?:mostly|mainly|primarily|chiefly|largely|predominantly)\s+(?:buy|buys|bought|order|orders|ordered|purchase|purchases|purchased|spend|spends|spent|source|sources)\b|\b(?:most|majority|bulk|half|more than half) of (?:their|its|his|her) (?:purchases|buying|spend|spending|orders|business|revenue)\b/;

/**
 * Shapes refused whatever else the question says, in the order tried, each with what can be
 * asked instead. The bridge comes to the grammar only when a value is named
 * (retention-intents.ts), and it splits all revenue; "average number of items per order" got
 * the canned top products.
 */
const REFUSED_SHAPES: readonly [RegExp, string][] = [
  [
    // "How many 2023 customers are still buying?" counted 2023's customers, "how many customers are
    // still buying" all of them, and "customers who came back after a year" those with 2 orders.
    /\bstill (?:buying|ordering|purchasing|customers|with us|around)\b(?! (?:in|during|this|last|since)\b)|\b(?:came|come|comes|coming) back after (?:a|an|one|two|three|six|twelve|\d+|being|not|some|long)\b/,
    'I can list the customers of one period who also bought in another (“customers who bought in 2023 and also in 2024”), or those active in the last 12 months (“active customers”), not read “still” or a comeback after a gap yet; ask one of those.',
  ],
  [
    // "How many orders had no customer?" got every order.
    // "How many customers have no customer id?" counted the customers with one.
    /\b(?:orders?|invoices?|lines?|rows?|sales(?! reps?\b)|revenue)\b.*\b(?:without|with no|had no|have no|has no|missing)(?: an?| any)? (?:customers?|customer ids?)\b|\b(?:customers?|clients?|buyers?)\b.*\b(?:without|with no|had no|have no|has no|missing)(?: an?| any)? (?:customer |client )?(?:ids?|numbers?|names?)\b/,
    'I can count and add up the rows that name a customer, not pick out those without one yet; the upload summary says how much revenue has no customer.',
  ],
  [
    // "Which supplier has the highest gross profit per product?" got the top product-and-supplier pair.
    /\b(?:average|avg|mean)\b.*\bper (?:product|item|sku|article)\b|\b(?:which|what) (?:suppliers?|vendors?|(?:sales )?reps?|regions?|countr(?:y|ies)|categor(?:y|ies)|customers?|states?|cit(?:y|ies)|segments?)\b.*\bper (?:product|item|sku|article)\b/,
    'I can work out revenue per customer and per order, not a figure per product yet; ask for the figure and the number of products, and divide.',
  ],
  [
    // "Which products have the highest unit cost?" got the top products by revenue. "The highest
    // cost" may be a unit's or the total's: the total is asked as such ("highest total cost").
    // "The cost of Chairs per unit" dropped "per unit": a cost per anything is not made yet.
    /\bunit costs?\b|\b(?:highest|lowest|most|least|biggest|largest|smallest|top|bottom)\s+costs?\b(?!-| of (?:goods|sales|products|items|revenue|what)\b)|\bcosts?\b.*\bper (?:unit|item|piece|bottle|case|customer|order|client|account|store)\b/,
    'I can give the total cost of what was sold (“total cost by product”), gross profit and margin, not a cost per unit, customer or order yet; ask for “cost and units by product”, and divide.',
  ],
  [
    // "Which customers are similar to Sean Miller?" got his profile.
    /\b(?:customers?|clients?|accounts?|buyers?)\b.*\b(?:similar to|resembl\w*)\b|\blook-?alikes?\b/,
    "I can't find customers similar to another yet; I can list a customer's segment (“Who are the Champions?”), or the customers who bought what they bought (“Which customers bought Chairs?”).",
  ],
  [
    // "Revenue last week vs the same week last month" set last week against all of October, and
    // "… a month ago" dropped the comparison.
    /\bsame week\s+(?:last month|(?:a|one) month (?:ago|before|earlier|back)|the month before|of (?:the )?(?:last|previous|prior) month)\b/,
    'I can set a period against the one before it, or against the same days a year before, not against the same week a month before yet; ask for the two weeks by their dates, such as “revenue 2021-11-21 to 2021-11-27 vs 2021-10-24 to 2021-10-30”.',
  ],
  [
    BRIDGE_SPLIT,
    'The price, volume and mix bridge splits the revenue of the whole file, not of one customer, product or region; ask how its revenue changed between two periods, such as "from 2020 to 2021".',
  ],
  [
    OTHER_PER_ORDER,
    'I can work out revenue per order (the average order value), but not the items, units or profit of an average order yet; ask for that figure and for orders over the same rows, and divide.',
  ],
  [
    SINGLE_ORDER_RANKED,
    'I can’t rank single orders yet: the rows are summed by customer, product, region or period, not by order. I can give the average order value, or the customers or products with the most revenue.',
  ],
  [
    NEW_PRODUCTS,
    'I can count and list the products sold in a period, not which of them were new then yet; ask for the products sold in one period but not the one before, such as “products sold this year but not last year”.',
  ],
  [
    ALWAYS_AT_A_LOSS,
    'I can list what lost money over the rows counted (“Which products lose money?”), not what lost money on every sale yet.',
  ],
  [OTHER_PER_CUSTOMER, OTHER_PER_CUSTOMER_REASON],
];

/**
 * Questions whose wording alone sends them to the analysis' own answers (what to do, what
 * goes with a product, churn gaps) or refuses them (the future, targets, a period the file
 * can't have), before any value of the file is looked for. Null when the grammar goes on.
 */
export function routedByWording(
  text: string,
  question: string,
  meta: SnapshotMeta,
  analysisDay: Date | null,
  filters: readonly { dimension: string; values: string[] }[],
): Parsed | null {
  // "What actions should we take on revenue in 2021?" and the analysis' actions; "which products
  // should we drop?" is no change over time: the canned answers rank the candidates.
  if (ACTIONS.test(text)) return { kind: 'unmapped', reason: 'What to do is answered from the analysis.' };
  // "How many customers make up 80% of revenue?" was refused as a share the query can't take;
  // the concentration analysis counts them (396 of Superstore's 793), for 80% only.
  const pareto = CUSTOMERS_MAKING_A_SHARE.exec(text);
  if (pareto && !filters.length)
    return pareto[1] === '80'
      ? { kind: 'unmapped', reason: 'Concentration is answered from the analysis of the whole file.' }
      : {
          kind: 'refused',
          reason: `I can say how many customers make 80% of revenue (the concentration analysis: “How many customers make up 80% of revenue?”), and what share the top N hold (“What share of revenue do the top 10 customers have?”), but not how many make ${pareto[1]}% yet.`,
        };
  // "Which VIP customers spend the most?" was told products can't be picked by a word of their names.
  const kind = KIND_OF_ACCOUNT.exec(text);
  if (kind && !filters.some((f) => f.values.some((v) => v.toLowerCase().includes(kind[1]))))
    return {
      kind: 'refused',
      reason: `This file does not mark “${kind[0]}”; the nearest are the top customers by revenue (“Top 10 customers”) and the Champions segment (“Who are the Champions?”).`,
    };
  const notHeld = notHeldReason(text, meta);
  if (notHeld) return { kind: 'refused', reason: notHeld };
  const supposed = supposedAnswer(text, question, meta, filters);
  if (supposed) return supposed;
  const setAgainst = valueSetAgainstAnother(text, filters);
  if (setAgainst) return { kind: 'refused', reason: setAgainst };
  if (MOSTLY_FROM.test(text) && filters.length > 0 && CUSTOMERS_NAMED.test(text))
    return {
      kind: 'refused',
      reason:
        'I can list the customers of a supplier, product or category by what each bought of it, but not what share of each customer’s own purchases that is yet.',
    };
  // "How much did customer 14646 spend on average?": per order or per month is not said.
  if (/\b(?:spend|spends|spent|spending) on average\b/.test(text))
    return {
      kind: 'refused',
      reason: 'I can give the revenue per customer (“average spend per customer”) or the average order value; ask for one of them.',
    };
  // "What should we sell to Champions?" got every rule of the file: the suggestions are per customer or product.
  const segment = SEGMENT_NAMED.exec(text);
  if (segment && (WHAT_TO_OFFER.test(text) || PROSPECTS.test(text)))
    return {
      kind: 'refused',
      reason: `I can suggest what to offer one customer, or what sells with a product, not what to offer a segment yet; ask who the ${segment[0].replace(/\b\w/g, (c) => c.toUpperCase())} are, then what to offer one of them by name.`,
    };
  // "What do customers buy with Staples?" got the revenue of Staples: what goes with a product is cross-sell's.
  if (
    (BOUGHT_WITH.test(text) && !alsoBoughtNamed(text, filters)) ||
    (WHAT_TO_OFFER.test(text) && !WHEN_NEXT.test(text)) ||
    PROSPECTS.test(text)
  )
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
  // "Which customers were inactive for 90 days in 2023?" listed 2023's buyers, "… came back after
  // being inactive for 90 days?" those with two orders: a silence is read up to the analysis date only.
  if (silentSpanNotToNow(text))
    return {
      kind: 'refused',
      reason:
        'I can list the customers with no order in the last days, weeks or months up to the end of the file (“Which customers have been inactive for 90 days?”), not a silence within a period or between two purchases yet.',
    };
  // "Half of 2020 sales" got all of 2020: which half is not said.
  const half = /(?<!\b(?:first|second|1st|2nd)[- ])\bhalf (?:of )?((?:19|20)\d\d)\b/.exec(text);
  if (half) return { kind: 'refused', reason: `Which half of ${half[1]}: ask for the first half or the second half of ${half[1]}.` };
  // "Is the West losing sales to the East?" got the two regions' revenue added up: where a
  // customer's spend went is in no row.
  if (LOST_TO.test(text)) return { kind: 'refused', reason: LOST_TO_REASON };
  // "How much revenue did we lose?" got all revenue, "… in 2021?" 2021's: lost is not said how.
  if (FIGURE_LOST.test(text) && !LOST_HOW.test(text)) return { kind: 'refused', reason: lostHow(meta) };
  // "Which customer ordered most recently?" got the top customer by revenue: each customer's last
  // order is the analysis' (one named customer's last purchase is the grammar's, LAST_PURCHASE).
  // "Which product was ordered most recently?" got the top product by revenue.
  if (lastOrderOfOthers(text)) return { kind: 'refused', reason: LAST_ORDERS_WHOLE_FILE };
  if (lastOrderRankingOf(text) && !filters.some((f) => f.dimension === 'customer')) {
    if (namesAPeriod(text, analysisDay ?? ANY_DAY) || filters.some((f) => f.dimension !== 'region'))
      return { kind: 'refused', reason: LAST_ORDERS_WHOLE_FILE };
    return { kind: 'unmapped', reason: 'Customers by their last order are answered from the analysis.' };
  }
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
  // "Why is Texas losing money?" went on to the whole file's worst products: the answers that
  // take over an unmapped question know no value named, so a "why" of one is refused with where
  // to look ("What should I sell to Sean Miller?" goes on to his cross-sell suggestions).
  if (OUT_OF_SCOPE.test(text)) {
    const named = filters[0]?.values.length === 1 && /\bwhy\b/.test(text) ? filters[0].values[0] : null;
    // Online Retail has no cost: a loss is no figure of its rows.
    const where =
      named && LOSS.test(text) && meta.hasCost ? ` I can show where it lost money, such as “products with a loss for ${named}”.` : '';
    return {
      kind: FUTURE.test(text) || named ? 'refused' : 'unmapped',
      reason: `I can only report what the rows of this file show; that question asks about the future or a cause.${where}`,
    };
  }
  const unused = unusedNumberNamed(text, meta, isGrammarWord);
  if (unused)
    return {
      kind: 'refused',
      reason: `This file's “${unused}” column holds numbers that none of my figures is made from: I add up revenue, cost and quantities, and group by the file's text columns.`,
    };
  // "The first week of December 2011" was answered for all of December, and "the end of
  // 2021", "late 2021", "mid-2020" or "the first half of December" for all of the period
  // (the last as the first half of the year).
  const partOf = PART_OF_PERIOD.exec(text) ?? VAGUE_PART.exec(text);
  if (partOf)
    return {
      kind: 'refused',
      reason: `I can't read “${partOf[0]}” as a period yet; name its first and last day as dates (YYYY-MM-DD to YYYY-MM-DD).`,
    };
  // "Revenue in the summer" got the segment "Consumer", "sales on Mondays" the total.
  const unread = unreadPeriodOf(text, meta);
  if (unread) return { kind: 'refused', reason: unread };
  return null;
}

/**
 * "How much revenue did we lose?", "How much money have we lost?": a figure lost, not said how
 * ("How much did we lose on Tables?" is their gross profit).
 */
/** Business moved from one to another: "losing sales to the East", "lost customers to Amazon". */
const LOST_TO = new RegExp(
  String.raw`\blos(?:e|es|ing|t) (?:\w+ ){0,2}?(?:sales|revenue|business|customers|clients|accounts|share|volume|orders) to (?!(?:the )?(?:returns?|refunds?|credit|discounts?|churn|date|now|today)\b)` +
    String.raw`|\b(?:take|takes|taking|took|steal|steals|stealing|stole|gain|gains|gained|gaining) (?:\w+ ){0,2}?(?:market )?share from\b` +
    String.raw`|\b(?:take|takes|taking|took|steal|steals|stealing|stole) (?:\w+ ){0,2}?(?:sales|business|customers|clients|accounts) from\b`,
);
const LOST_TO_REASON =
  'No row says where a customer’s spend went, so I can’t tell whether one took sales from another; I can set their revenue side by side over time, such as “revenue by region by year”.';
const FIGURE_LOST =
  /\bhow much (?:(?:revenue|sales|turnover|business|money|income) )?(?:did|do|have|has|had) (?:we|i|the (?:company|business)) (?:lose|lost)\b(?! on\b)/;
/**
 * How it was lost, said: with customers (who stopped buying, churned), to returns or credit
 * notes, or against another period ("… compared to last year", "… vs 2020").
 */
const LOST_HOW = new RegExp(
  String.raw`\b(?:${BUYER_NOUNS}|returns?|returned|refunds?|credit notes?|churn\w*|stopped|compar\w*|vs|versus|than|last year|year before|previous|prior)\b`,
);

/** The readings of "lost" to choose from; what sold at a loss only where the file has costs. */
function lostHow(meta: SnapshotMeta): string {
  const loss = meta.hasCost ? ', or the gross profit of what sold at a loss (“Which products lost money?”)' : '';
  return `I can't tell which figure “lost” means here; ask for one: the revenue of customers who stopped buying (“How much revenue did we lose from customers who stopped buying?”), the value of returns (“What were returns last year?”), revenue against the year before (“Revenue this year vs last year”)${loss}.`;
}

/** Why only customers over the whole file (or one region) are ranked by their last order: the analysis keeps each customer's. */
const LAST_ORDERS_WHOLE_FILE =
  'I can rank customers by their last order over the whole file, or in one region, not products or other rows, within a period or among the buyers of a value yet; ask “Which customers ordered most recently?”, or for a recent period, such as “revenue by product in the last 7 days”.';

/** The RFM segments by name: "Champions", "Potential Loyalists", "Can't Lose Them". */
export const SEGMENT_NAMED =
  /\b(?:champions?|potential loyalists?|loyal customers|hibernating(?: customers)?|about to sleep|can'?t lose(?: them)?|cannot lose(?: them)?|need(?:s)? attention|promising(?: customers)?)\b/;
/** A figure asked of a segment: its revenue or share the segment answer gives; the others it has not. */
const SEGMENT_REVENUE = /\b(?:revenue|sales|turnover|share|percent(?:age)?|proportion)\b|%/;
/** Whether the segment named is who buys: "among Champions", "Champions buy", "what do our loyal customers order". */
function segmentBuys(text: string, segment: string): boolean {
  const named = escapeRegex(segment);
  return new RegExp(
    String.raw`\b(?:among|amongst|with|by|to|for)\s+(?:the\s+|our\s+|my\s+)?${named}\b|\b${named}(?:\s+customers)?\s+(?:buy|buys|bought|order|orders|ordered|purchase|purchases|purchased|prefer|like|spend)\b`,
  ).test(text);
}

/** What a segment buys: "products Champions buy", "What do Champions order?". */
const SEGMENT_GOODS =
  /\b(?:products?|items?|skus?|articles?|goods|categor(?:y|ies)|sub-categor(?:y|ies)|suppliers?|vendors?|brands?)\b|\bwhat (?:do|did|does|have|has) (?:the |our |my )?\S+(?: \S+)? (?:buy|bought|order|ordered|purchase|purchased)\b/;
const SEGMENT_OTHER_FIGURE =
  /\b(?:average order value|aov|order values?|basket|margins?|gross profit|profits?|orders|units|quantity|average|mean|per customer)\b/;

/**
 * "What is the revenue of Champions?" and "… margin of our Champions?" were told "Champions"
 * is not among the file's values, and "What is the average order value of Champions?" got the
 * list of Champions: the segments are worked out per customer over the whole file, and the
 * segment answer gives each one's customers, revenue and share of revenue. Another figure, a
 * period or a slice of one is refused as such; null when no segment is named with a figure.
 */
export function segmentFigureRoute(
  text: string,
  meta: SnapshotMeta,
  analysisDay: Date | null,
  filters: readonly { dimension: string; values: string[] }[],
): Parsed | null {
  const named = SEGMENT_NAMED.exec(text);
  if (!named) return null;
  // "Our most promising products by revenue" names no segment: the segments are of customers.
  if (new RegExp(String.raw`${named[0]} (?:${NOT_CUSTOMERS})\b`).test(text)) return null;
  const segment = named[0].replace(/\b\w/g, (c) => c.toUpperCase());
  // "Which products do Champions buy most?" got the top products of every customer, and
  // "Popular products among Champions" the Champions themselves ("Which products need attention?" names no segment).
  if (SEGMENT_GOODS.test(text) && segmentBuys(text, named[0]))
    return {
      kind: 'refused',
      reason: `The segments are worked out per customer over the whole file: I can list the ${segment} (“Who are the ${segment}?”), then what one of them bought, asked by name; not what the ${segment} buy together yet.`,
    };
  if (!(SEGMENT_REVENUE.test(text) || SEGMENT_OTHER_FIGURE.test(text))) return null;
  const other = SEGMENT_OTHER_FIGURE.exec(text);
  const period = Boolean(analysisDay && meta.hasDates && periodsOf(text, analysisDay).period);
  // "Champions in Texas": the Champions with rows there, their revenue the whole file's (churnOrSegmentsAnswer).
  if (!other && !period)
    return filters.length > 0 ? null : { kind: 'unmapped', reason: 'A segment’s revenue and share are the segment answer’s.' };
  return {
    kind: 'refused',
    reason: `The segments are worked out per customer over the whole file: I can list the ${segment} with their revenue, and the segment's share of all revenue (“Who are the ${segment}?”), but not ${other ? `their ${other[0]}` : 'their figures for one period'} yet.`,
  };
}

/**
 * Questions of a shape the query has no step for, refused with what it can do instead: a
 * limit on rows, distinct values other than products, one value against another ("than …"),
 * one customer's purchases against another's, a ranking within each group, the bridge of one
 * value, figures per order or per customer other than revenue.
 */
export function unsupportedShape(
  text: string,
  meta: SnapshotMeta,
  filters: readonly { dimension: string; values: string[] }[],
  /** The text with products named by code written by description (query-product-codes.ts). */
  placed = text,
): Parsed | null {
  const limit = limitOf(text, namesWhatWasNeverBought(placed, filters));
  if (limit) return { kind: 'refused', reason: limit };
  if (meta.hasCost && GOODS_COSTING.test(text))
    return {
      kind: 'refused',
      reason:
        'This file has costs, so “cost” may be the price a product sells at or what it costs you; ask for “products priced over …” (the average price), or for their margin.',
    };
  // "Which products did Sean Miller buy that Tom Ashbrook didn't?" listed what either bought.
  const customers = filters.find((f) => f.dimension === 'customer' && f.values.length > 1);
  if (customers && DENIED.test(text))
    return {
      kind: 'refused',
      reason: `I can list what each customer bought (“What did ${customers.values[0]} buy?”), but not set one customer's purchases against another's yet; ask about each in turn.`,
    };
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
  // "Top 3 customers in each country" got the top 3 overall, "top products by region" the top 5 of all regions.
  const perGroup = TOP_PER_GROUP.exec(text)?.[1] ?? rankedWithinEach(text, meta);
  if (perGroup)
    return {
      kind: 'refused',
      reason: `I can't rank within each ${perGroup} yet; ask for one at a time${oneAtATime(text, perGroup, meta)}, or for the figure by ${perGroup}.`,
    };
  // "Which region has the highest revenue and which has the lowest?" got the lowest alone.
  if (asksBothEnds(text)) return { kind: 'refused', reason: ONE_END_AT_A_TIME };
  // "How many more customers did we have in 2021?" got 2021's 693 (55 more than 2020), "Which
  // region added the most customers in 2021?" the West's 397 (68 more): a change, asked as a level.
  if (MORE_THAN_BEFORE.test(text))
    return {
      kind: 'refused',
      reason:
        'A change needs the period it is from: ask for two, such as “customers in 2021 vs 2020”, or “growth in customers by region in 2021”.',
    };
  const bought = ourPurchasesAsked(text, filters);
  if (bought) return { kind: 'refused', reason: bought };
  const refused = REFUSED_SHAPES.find(([shape]) => shape.test(text));
  if (refused) return { kind: 'refused', reason: refused[1] };
  return null;
}

/** "How many suppliers do we buy from?", "number of vendors we source from": how many there are. */
const SUPPLIERS_COUNTED = /\b(?:how many|number of) (?:different |distinct )?(?:suppliers|vendors|manufacturers)\b/;

/** What we buy, spend or pay: "how much did we buy from …", "our spend with …", "what did we pay …". */
const OUR_PURCHASES =
  /\b(?:we|i|us)\b(?:\s+[\w']+){0,2}?\s+(?:buy|buys|bought|buying|purchase[sd]?|purchasing|spend|spent|spending|pay|paid|paying|source[sd]?|sourcing|procure[sd]?)\b|\b(?:our )?(?:purchases|purchasing|spend|spending|procurement|payments?) (?:from|with|to|on)\b/;

/**
 * "How much did we buy from Supplier 13 last year?" and "How much do we spend with Supplier
 * 13?" got the revenue of its products, what our customers paid us: a sales file holds no
 * purchases. Why, with what it does hold, when a supplier is named or asked about; else null.
 */
function ourPurchasesAsked(text: string, filters: readonly { dimension: string; values: string[] }[]): string | null {
  const supplier = filters.find((f) => f.dimension === 'supplier')?.values[0];
  if (!OUR_PURCHASES.test(text) || (!supplier && !/\b(?:suppliers?|vendors?|manufacturers?)\b/.test(text))) return null;
  // "How many vendors do we buy from?" counts the suppliers of what was sold, no purchases.
  if (!supplier && SUPPLIERS_COUNTED.test(text)) return null;
  const asked = supplier ? `“revenue and gross profit for ${supplier}”` : '“revenue and gross profit by supplier”';
  return `This file records what we sold, not what we bought: I can give the revenue and gross profit of ${supplier ?? 'a supplier'}'s products (${asked}; what they cost us is the difference), or the share of our revenue each supplier is behind (“How dependent are we on our suppliers?”), but not our purchases from ${supplier ?? 'a supplier'}.`;
}

/**
 * The churn rate, worked out by the query from two periods, and churn risk or the segments,
 * which come from the analysis of every customer: its lists, narrowed to the customers of
 * the values named, or a refusal where a period or a threshold can't apply to them.
 */
export function churnOrSegmentsAnswer(
  text: string,
  meta: SnapshotMeta,
  filters: NonNullable<QuerySpecInput['filters']>,
  analysisDay: Date | null,
): Parsed | null {
  const today = analysisDay ?? ANY_DAY;
  // "What is our churn rate?" got the churn-risk list and no rate: the customers who bought in
  // the 12 months before the last 12 (or the period before the one named) and not since, whose
  // share of those buyers the answer gives.
  if (CHURN_RATE.test(text) && analysisDay && meta.hasDates) {
    // "Churn rate by segment" got the rate of all customers (12.5%; Consumer's is 11.8%).
    const split = splitAskedIn(
      text,
      meta.dimensions.map((d) => d.label),
    );
    if (split)
      return {
        kind: 'refused',
        reason: `I can give the churn rate of all customers, or of the customers of one value at a time (“churn rate of customers in …”), not by ${split} yet.`,
      };
    const named = periodsOf(text, today);
    if (named.other || /\b(?:by|per|each|for each)\s+(?:month|quarter|year|week)s?\b/.test(text))
      return {
        kind: 'refused',
        reason: 'I can give the churn rate of one period at a time; ask for each, such as “What was the churn rate in 2021?”.',
      };
    const periods = named.period
      ? { period: periodBefore(named.period, { whole: true, unit: named.toDate }), notBoughtIn: named.period }
      : lapsedInTheLastYear(today);
    return { kind: 'spec', spec: { measures: ['customers'], filters, ...periods } };
  }
  // "How many customers are at risk?" once counted every customer: churn risk and the
  // segments come from the analysis of the whole file, and the canned answers give them.
  if (WHOLE_FILE_RESULTS.test(text)) {
    // "How many customers at risk spent more than 100k?" got every flagged customer.
    const cut = thresholdOf(text);
    if (cut)
      return {
        kind: 'refused',
        reason: thresholdOnListsReason(cut.words),
      };
    // "Which customers in Texas are at risk?" got the whole file's 110 flagged customers: the
    // lists come from the analysis of every customer, and narrow to those with rows in Texas.
    // Churn risk in one region narrows by each customer's region (region-answers.ts), as before.
    if (periodsOf(text, today).period) return { kind: 'refused', reason: WHOLE_FILE_ONLY };
    // "If Acme Supply stopped supplying us, how much revenue is at risk?" was refused with the
    // churn lists' reason: what losing a supplier puts at risk is the revenue of its products.
    if (filters.length > 0 && filters.every((f) => f.dimension === 'supplier') && REVENUE_AT_RISK.test(text) && !CUSTOMERS_NAMED.test(text))
      return { kind: 'spec', spec: { measures: ['revenueShare', 'revenue'], filters } };
    // "Which products are at risk?" got the customers' churn list, an answer to another question.
    if (CHURN_NAMED.test(text) && RATED_NOT_CUSTOMERS.test(text) && !CUSTOMERS_NAMED.test(text))
      return { kind: 'refused', reason: CHURN_OF_CUSTOMERS_ONLY };
    // "Which products do at-risk customers buy?" got the churn list: the customers, not what they buy.
    if (CHURN_NAMED.test(text) && WHAT_THEY_BUY.test(text)) return { kind: 'refused', reason: BOUGHT_BY_THE_FLAGGED };
    // "Top customers by profit who are at risk" got the top products by margin.
    const rankedBy = CHURN_NAMED.test(text) ? FLAGGED_RANKED_BY.exec(text) : null;
    if (rankedBy)
      return {
        kind: 'refused',
        reason: `The churn list ranks the customers at risk by what each bought in the last 12 months, not by ${(rankedBy[1] ?? rankedBy[2]).replace('profitable', 'profit')} yet; ask for the list (“Which customers are at risk?”), then about each of them by name.`,
      };
    // A segment in one region too ("Champions in France" was refused): the region answers narrow churn only.
    const churnAsked = CHURN_NAMED.test(text);
    if (filters.some((f) => f.dimension !== 'customer' && (f.dimension !== 'region' || !churnAsked)))
      return { kind: 'among', where: filters, reason: NARROWED_LISTS_ONLY };
    return { kind: 'unmapped', reason: 'Churn risk and segments are answered from the analysis of the whole file.' };
  }
  return null;
}

/**
 * An example of one value's ranking, with a value of the file: "the top customers in Texas" (it
 * offered "the top customers in Germany" on files without Germany, which it refused).
 */
function oneAtATime(text: string, noun: string, meta: SnapshotMeta): string {
  const key = dimensionOfNoun(noun, meta);
  const value = key ? meta.dimensions.find((d) => d.key === key)?.values[0] : undefined;
  // "The best-selling product in each category" offered "the top customers in Safety".
  const ranked = /\b(?:top|bottom|best|worst|biggest|largest|(?:best|top|worst)[- ]selling|most \w+)\s+(?:\d+\s+)?([a-z-]+)\b/.exec(
    text,
  )?.[1];
  const rows = ranked && dimensionOfNoun(ranked, meta) ? pluralNoun(singular(ranked)) : 'customers';
  return value ? `, such as "the top ${rows} in ${value}"` : '';
}

/** Products or their groupings asked for as at risk: "which products are at risk", "high-risk categories". */
const PRODUCT_NOUNS = String.raw`(?:products?|items?|skus?|(?:sub-?)?categor(?:y|ies)|brands?)`;
const RATED_NOT_CUSTOMERS = new RegExp(
  String.raw`^(?:which|what|list|show(?: me)?|how many|are (?:any|there any))\s+(?:(?:of )?(?:our|the|my)\s+)?(?:\w+\s+)?${PRODUCT_NOUNS}\b|\b(?:at[- ]risk|(?:high|medium|low)[- ]risk|risky)\s+${PRODUCT_NOUNS}\b`,
);
const CHURN_OF_CUSTOMERS_ONLY =
  'Churn risk is rated per customer, not per product: I can list the customers at risk (“Which customers are at risk?”), or the products whose revenue fell (“Which products’ revenue went down last year?”).';

/** What a list of customers buys: "which products do …", "what do … buy". */
const WHAT_THEY_BUY = new RegExp(
  String.raw`\b(?:which|what|top|best)\s+(?:\w+\s+)?${PRODUCT_NOUNS}\b.*\b(?:buy|bought|order|ordered|purchase|purchased)\b|\bwhat (?:do|did|does) .+ (?:buy|order|purchase)\b`,
);
const BOUGHT_BY_THE_FLAGGED =
  'I can list the customers at risk (“Which customers are at risk?”), then what each of them bought, asked by name; not what they buy together in one step yet.';

/** A ranking of flagged customers by a figure the churn list does not rank by: "by profit", "most profitable". */
const FLAGGED_RANKED_BY =
  /\bby (gross profit|profit|margin|orders|units|quantity|order count|frequency)\b|\b(?:most|least|highest|lowest) (profitable|profit|margin|orders)\b/;

/** Revenue said to be at risk: "how much revenue is at risk", "sales at risk". */
const REVENUE_AT_RISK = /\b(revenue|sales|turnover)\b.*\bat[- ]risk\b|\bat[- ]risk\b.*\b(revenue|sales|turnover)\b/;

/** A denial: "didn't", "has not", "never". */
const DENIED = /\b(?:did|does|do|have|has)(?:n['’]?t| not)\b|\b(?:never|not)\b/;

/** Who makes the call, not whose customers they are: "my sales team", "our reps". */
const CALLERS = new RegExp(
  String.raw`\b(?:my|our|the|your)\s+(?:${REP_NOUNS}|(?:sales\s+)?(?:teams?|representatives|people|force|staff))\b`,
  'g',
);
/** A contact asked for ("Which customers should we call this week?"): whom to call is the churn list's. */
const ASKS_TO_CONTACT = new RegExp(String.raw`\b(?:${CONTACT_VERB}|reach out|follow up)\b`);

/**
 * Whom to call is the churn list's, whatever figure or period the question also names ("Which
 * customers should my sales team call this week?" got the week's revenue by customer). "Which
 * customers should Rep 12 call?" got Rep 12's scorecard: the churn list, of that rep's customers
 * (one region's narrows by each customer's region, in region-answers.ts); on a file with no
 * sales-rep column it is refused, not answered with everyone's list.
 */
export function whomToCall(text: string, meta: SnapshotMeta, filters: NonNullable<QuerySpecInput['filters']>): Parsed {
  // Refused, not unmapped: the canned answers would give every customer's list.
  const missing = missingColumn(text.replace(CALLERS, ' '), meta);
  if (missing) return { kind: 'refused', reason: missing };
  return filters.some((f) => f.dimension !== 'customer' && f.dimension !== 'region')
    ? { kind: 'among', where: filters, reason: NARROWED_LISTS_ONLY }
    : { kind: 'unmapped', reason: 'Whom to call is answered from the churn analysis.' };
}

/** "This file has no sales-rep column." for a question about a column the file lacks, or null. */
function missingColumn(text: string, meta: SnapshotMeta): string | null {
  const missing = DIMENSION_WORDS.find(([re, dim]) => re.test(text) && !meta.dimensions.some((d) => d.key === dim) && !isTimeUnit(dim));
  return missing ? `This file has no ${missing[1] === 'salesRep' ? 'sales-rep' : missing[1]} column.` : null;
}

/** Customers or products of a place or value and nothing else: "customers in texas", "our products from Acme". */
const bareList = (nouns: string) =>
  new RegExp(
    String.raw`^(?:(?:list|show|show me|give me|the|our|all|all our|all the)\s+)*(${nouns})\s+(?:in|from|of|at|for|based in|located in)\s+(?!.*\b(?:who|that|which|with|without|whose|where|bought|buy|buys|ordered|spent|have|has|had|did|do|does|are|is|was|were|not|never|no)\b)[^?]+?[?.!]*$`,
  );
const BARE_LIST = bareList(String.raw`${CUSTOMERS_PLURAL}|products|items`);

/** The customers or products of a place or value by the file's own nouns too: Iowa's "stores in des moines". */
function bareListOf(text: string, meta: SnapshotMeta): 'customer' | 'product' | null {
  const listed = BARE_LIST.exec(text)?.[1];
  if (listed) return /^(?:products|items)$/.test(listed) ? 'product' : 'customer';
  for (const d of meta.dimensions) {
    const noun = (d.key === 'customer' || d.key === 'product') && headerNoun(d);
    if (noun && bareList(escapeRegex(pluralNoun(noun))).test(text)) return d.key as 'customer' | 'product';
  }
  return null;
}

/**
 * A question that names no figure: a column the file lacks, whom to call (the churn list,
 * narrowed to the values named), or, for the canned answers of the whole file, unmapped; never
 * a figure guessed, and refused where a period or a value of another column would be lost.
 */
export function noFigureAnswer(
  text: string,
  meta: SnapshotMeta,
  filters: NonNullable<QuerySpecInput['filters']>,
  period: DayRange | null | undefined,
): Parsed {
  // A question about a column the file lacks gets that named, whatever else it asks.
  const missing = missingColumn(text, meta);
  if (missing) return { kind: 'unmapped', reason: missing };
  // The answers that take over from here are for the whole file: "the Champions in 2022" once got today's.
  // "Which customers should we call this week?" asked for a figure: whom to call is the churn list's.
  if (ASKS_TO_CONTACT.test(text)) return whomToCall(text, meta, filters);
  // "Which customers are buying less than last year?" was told segments and churn are the whole file's.
  if (period) return { kind: 'refused', reason: WHOLE_FILE_RESULTS.test(text) ? WHOLE_FILE_ONLY : noFigureForPeriod(meta) };
  // "customers in germany" was told the region's answers can't break it down, while "list
  // customers in Spain" listed them: the customers (products) of some values, nothing else asked.
  const listed = filters.length > 0 && !WHOLE_FILE_RESULTS.test(text) ? bareListOf(text, meta) : null;
  if (listed)
    return {
      kind: 'spec',
      spec: { measures: ['revenue'], groupBy: [listed], filters },
    };
  // The answers that take over know customers, products, categories, suppliers and regions
  // by name, not the file's other columns: "the most loyal customers in Texas" would lose Texas.
  const unplaced = filters.find((f) => f.dimension.startsWith('column:'));
  return {
    kind: unplaced ? 'refused' : 'unmapped',
    reason: `I couldn't tell which figure you want${unplaced ? ` for ${namedFilterWords(unplaced, meta)}` : ''} (revenue, gross profit, margin, orders, customers, units or average order value).`,
  };
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

/** A part of a named period: "the first week of December", "the last days of 2021", "the first 10 days of 2021". */
const PART_OF_PERIOD = new RegExp(
  String.raw`\b(first|second|third|fourth|last|final|1st|2nd|3rd|4th|opening|closing) (few |(?:${COUNT}) )?(week|weeks|fortnight|days?|half of the month|business days?) of (?:the )?(?:[a-z]+|(?:19|20)\d\d)( \d{4})?\b`,
);

/**
 * A part of a period named by no days: "the end of 2021", "the start of the year", "late
 * 2021", "mid-2020", "year end", "the first half of December". After "since", "until",
 * "from", "between" … it is one end of a range (query-periods.ts reads those), not a span.
 */
const VAGUE_PART = new RegExp(
  String.raw`(?<!\b(?:since|from|until|till|up until|up to|before|after|prior to|to|through|between|and)\s+(?:the\s+)?(?:very\s+)?)\b(?:the\s+)?(?:very\s+)?(?:end|start|beginning|middle|close|turn)\s+of\s+(?:the\s+)?(?:(?:this|last|next|that)\s+)?(?:(?:19|20)\d\d|years?|months?|quarters?|weeks?|q[1-4]|h[12]|${MONTH_NAMES})\b|\b(?:early|late|mid)[- ]?(?:(?:19|20)\d\d|${MONTH_NAMES}|q[1-4]|years?|months?|quarters?|the\s+(?:year|month|quarter))\b|(?<!\b(?:since|from|until|till|before|after|to)\s+)\b(?:year|month|quarter)[- ]end\b|\b(?:first|second|last|final|1st|2nd)\s+half\s+of\s+(?:${MONTH_NAMES})\b`,
);

/**
 * Periods with no calendar reading here: seasons, holidays, numbered weeks. A season alone is
 * one too ("summer sales 2021" got all of 2021); "fall" only after a word of time, being a verb.
 */
const UNREAD_PERIOD =
  /\b(?:in|during|over|for|this|last|the)\s+(?:the\s+)?(spring|summer|autumn|fall|winter|holidays|holiday season)(?:\s+(?:of\s+)?(?:19|20)\d\d)?\b|\b(spring|summer|autumn|fall|winter)\s+(?:of\s+)?(?:19|20)\d\d\b|\b(christmas|xmas|easter|thanksgiving|black friday|cyber monday|new year'?s?)\b|\bweek\s+(?:no\.?\s*|#\s*)?\d{1,2}\b|\b(spring|summer|autumn|winter)\b/;

/** A fiscal year: "this fiscal year", "fiscal 2021", "FY21", "FY 2021", "fiscal Q3". */
const FISCAL_YEAR =
  /\b(?:(?:this|last|next|the|our|current|previous|prior)\s+)?(?:(fiscal)(?:\s+years?|\s+q[1-4]|\s+quarters?)?(?:\s+(?:19|20)\d\d|\s*'?\d{2})?|(financial) years?(?:\s+(?:19|20)\d\d)?|(fy)(?:\s*'?\d{2}(?:\d{2})?)?)\b/;

const WEEKDAY = /\b(mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|weekdays?)\b/;

/**
 * Why a period named in the question can't be read, or null. A word of a value the question
 * names in full ("Winter Foods", a "Weekend Range") is a name, which the name matchers place;
 * "Which products sell best at Christmas?" names no such value, though many products have
 * CHRISTMAS in their names, and was answered for the whole year.
 */
function unreadPeriodOf(text: string, meta: SnapshotMeta): string | null {
  // "Revenue this fiscal year" and "… in FY21" got the whole file's: when a fiscal year starts is no fact of the file.
  const fiscal = FISCAL_YEAR.exec(text);
  if (fiscal && !isWordOfANamedValue(fiscal[1] ?? fiscal[2] ?? fiscal[3], text, meta))
    return `I don't know when your fiscal year starts, so I can't read “${fiscal[0]}” as a period; name its first and last day as dates (YYYY-MM-DD to YYYY-MM-DD), or a calendar year.`;
  const period = UNREAD_PERIOD.exec(text);
  if (period && !isWordOfANamedValue(period[1] ?? period[2] ?? period[3] ?? period[4] ?? 'week', text, meta))
    return `I can't read “${period[0].replace(/^(in|during|over|for) (the )?/, '')}” as a period yet; name its first and last day as dates (YYYY-MM-DD to YYYY-MM-DD).`;
  const weekday = WEEKDAY.exec(text);
  if (weekday && !isWordOfANamedValue(weekday[1], text, meta))
    return "I can't split sales by day of the week yet; I can group them by week, month, quarter or year.";
  return null;
}

/** Whether `word` is a word of a value of the file that the question writes out in full. */
function isWordOfANamedValue(word: string, text: string, meta: SnapshotMeta): boolean {
  const whole = new RegExp(`\\b${word}\\b`, 'i');
  // "VICTORIAN  METAL POSTCARD SPRING", as the file spaces it, is named however it is spaced.
  const spaced = (name: string) => name.toLowerCase().replace(/\s+/g, ' ');
  const asked = spaced(text);
  return meta.dimensions.some((d) => d.values.some((v) => whole.test(v) && asked.includes(spaced(v))));
}

/** A ranking within every value of a grouping: "top 3 customers in each country". */
// "Most profitable customer in each region" got the one best customer of all, with its region.
const TOP_PER_GROUP =
  /\b(?:top|bottom|best|worst|biggest|largest|most|highest|lowest|least|smallest|greatest|fewest)\b.*\b(?:in|for|within|per) (?:each|every) (country|region|category|supplier|rep|sales rep|month|quarter|year|segment|state|city|[a-z]+)\b/;

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
  if (!new RegExp(`\\b(?:${CUSTOMER_NOUNS}|${escapeRegex(noun)}s?)\\b`).test(tail)) return null;
  const supplier = meta.dimensions.find((d) => d.key === 'supplier')?.values[0];
  const example = supplier ? ` such as “top 5 ${noun}s for ${supplier}”` : '';
  return `Supplier dependency is how much of our revenue rests on one supplier, not how much of a supplier's sales rest on one ${noun}, and I can't rank suppliers by that yet. I can list a supplier's top ${noun}s with their revenue,${example || ' naming the supplier'}.`;
}

/** The rows a ranking lists, named before "by" or "per": products, customers, best sellers … */
const RANKED_ROWS =
  /\b(?:products?|items?|skus?|articles?|brands?|customers?|clients?|accounts?|buyers?|stores?|shops?|suppliers?|vendors?|reps?|sellers?|selling|categor(?:y|ies)|sub-?categor(?:y|ies)|segments?|states?|cities|city|regions?|countr(?:y|ies))\b/;

/** A ranking's word: what comes after it may ask for it within each value of a grouping ("top products by region"). */
const RANKING_WORD = /\b(?:top|best|bottom|worst|biggest|largest|leading|best[- ]sellers?|best[- ]selling)\b/;
/** A grouping after a ranking: "by region", "per city", "in each segment", "each year" (the words looked ahead at, so "by revenue each year" leaves "each year" to match). */
const GROUPING_AFTER = /\b(?:per|by|in each|for each|within each|across each|each)\s+(?=([a-z][a-z-]*(?: [a-z][a-z-]*)?))/g;

/** More of a figure with nothing to be more than, or one added: "how many more customers did we have in 2021", "added the most customers". */
const MORE_THAN_BEFORE =
  /\bhow (?:many|much) more\b(?!.*\bthan\b)(?!.*\b(?:vs\.?|versus|compared)\b)|\b(?:added|gained|won)\s+the\s+(?:most|fewest|least)\s+(?:new\s+)?(?:customers|clients|buyers|accounts)\b/;

/**
 * "Top products by region", "best sellers by city" and "top customer per region" got the top
 * 5 of the whole file (the canned rankings can't split), and "top 3 sub-categories per region"
 * the top 3 region × sub-category rows: a ranking is of all the rows together, not within
 * each value of a grouping. The grouping's noun, or null.
 */
function rankedWithinEach(text: string, meta: SnapshotMeta): string | null {
  const start = RANKING_WORD.exec(text);
  if (!start) return null;
  // "Top 5 products by revenue each year": the ranking's own "by revenue" comes first, and an
  // "each" grouping after it ("by average sales per month" is a rate, no grouping).
  const groupings = [...text.slice(start.index).matchAll(GROUPING_AFTER)].filter((m, i) => i === 0 || /\beach\b/.test(m[0]));
  for (const m of groupings) {
    // "Largest revenue by region" ranks the regions: what comes before "by" is a figure, not rows.
    if (!RANKED_ROWS.test(text.slice(start.index, start.index + (m.index ?? 0)))) continue;
    const [first, second] = m[1].split(' ');
    const twoWords = second && !/^(?:by|in|for|of|on|at|with|and|or|from|during|over|last|this|since|than|per|vs)$/.test(second);
    // "Best selling products by month" got the top 5 of all months.
    const unit = /^(?:months?|quarters?|years?|weeks?|days?)$/.test(first) ? first : null;
    const noun = unit ?? [twoWords ? m[1] : null, first].find((words) => words && dimensionOfNoun(words, meta));
    const dimension = unit ?? (noun ? dimensionOfNoun(noun, meta) : null);
    // "Top regions by customers" ranks by a count of them.
    if (noun && dimension && dimension !== 'customer' && dimension !== 'product') return singular(noun);
  }
  return null;
}
