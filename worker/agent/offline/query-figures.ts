/**
 * The figures a question names (revenue, gross profit, margin, orders, customers, units,
 * averages), the most specific first, read from the grammar's measure words.
 */
import type { Measure } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import {
  AVERAGE_PER_UNIT,
  COST_OF_SALES,
  COUNT,
  MEASURE_WORDS,
  NEWNESS_REVENUE,
  PER_ORDER,
  PLURAL_OF,
  averagePerOf,
  headerNoun,
  singular,
  OTHER_PER_CUSTOMER_REASON,
  FIGURES_NOT_PER_CUSTOMER,
  GROSS_SALES,
} from './query-vocabulary';
import { CUSTOMERS_PLURAL } from './customer-words';
import { CHURN } from './intents';

/**
 * "Average sales", "the highest average spend", "mean revenue": an average of money with
 * nothing it is per (a customer, an order, a month), which PER_CUSTOMER, PER_ORDER (query-vocabulary.ts) and
 * `averagePerOf` read. Margin is a ratio already, so "average margin" is not one of these.
 */
const UNITLESS_AVERAGE =
  /\b(?:average|avg|mean)\s+(?:[a-z]+\s+)?(?:spend|spending|revenue|revenues|sales?|turnover|income|profit|takings|amount|value|costs?|cogs)\b/;

/** "Buys the most per order", "purchases less per customer": money bought, per something (of a product, it is units). */
const BUYS_MOST_PER = /\b(?:buy|buys|bought|buying|purchase|purchases|purchased|purchasing) (?:the )?(?:most|least|more|less) per\b/;

const PRODUCTS_NAMED = /\b(?:products?|items?|skus?)\b/;

const AVERAGES: ReadonlySet<Measure> = new Set(['revenuePerCustomer', 'averageOrderValue', 'averagePrice']);

const UNITLESS_AVERAGE_REASON =
  'An average needs what it is per: I can give revenue per customer ("average revenue per customer by region"), the average order value ("average order value by region") or revenue per month ("average monthly revenue").';

/**
 * "Who buys from us most often?", "products ordered least frequently": how often is the
 * orders counted. Both were ranked by revenue ("buys from", "buys most" name money).
 */
const HOW_OFTEN_RANKED =
  /\b(?:most|least|more|less) (?:often|frequently)\b|\b(?:most|least) frequent\b|\b(?:the )?(?:most|fewest|least) (?:number of )?times\b/;

/**
 * "Which customers bought the most chairs?" ranked them by revenue (Seth Vernon first; by
 * chairs bought, another): goods counted after "the most" are units. Not a column's own noun
 * ("bought the most categories" counts categories), and not "bought the most in 2021".
 */
const GOODS_BOUGHT_MOST =
  /\b(?:buy|buys|bought|buying|purchase|purchases|purchased|order|orders|ordered|sell|sells|sold) (?:the )?(?:most|fewest|least|more|fewer) ([a-z][a-z-]*[a-z]s)\b/;

/** Words after "the most" that count no goods: groupings and what a file's columns hold. */
const NOT_GOODS =
  /^(?:categories|sub-?categories|brands|types|kinds|lines|families|segments|regions|countries|states|cities|suppliers|vendors|times|things of|dollars|pounds|euros|bucks|francs|days|weeks|months|quarters|years)$/;
/** Money named as the measure of goods: "the most chairs by value", "dollars worth of". */
const BY_MONEY = /\b(?:by|in) (?:value|revenue|sales|spend|amount|dollars|pounds|euros)\b|\bworth\b/;

function goodsCounted(text: string, meta: SnapshotMeta): boolean {
  const goods = GOODS_BOUGHT_MOST.exec(text)?.[1];
  return (
    goods !== undefined && !NOT_GOODS.test(goods) && !BY_MONEY.test(text) && !meta.dimensions.some((d) => headerNoun(d) === singular(goods))
  );
}

/** "Customers by month in 1997" (refused as a whole-file question): a count of customers by a time unit. */
// "Customers by region" was refused ("can't answer that from this file's figures"): a count by any column.
const CUSTOMERS_BY_TIME = new RegExp(
  String.raw`\b(?:${CUSTOMERS_PLURAL}) (?:by|per|each|every) (?:month|quarter|year|week)\b|\b(?:monthly|quarterly|yearly|weekly) (?:${CUSTOMERS_PLURAL})\b|^(?:(?:the\s+)?(?:number|count) of\s+)?(?:${CUSTOMERS_PLURAL}) (?:by|per) (?!(?:revenue|sales|spend|profit|margin|orders|value|size|name|risk|segment)\b)[a-z]`,
);

/**
 * The figures the question's words name, the most specific first (MEASURE_WORDS): "revenue
 * per customer" is no revenue and no customers, "profit margin" no gross profit, a count of
 * the file's own noun ("how many stores") its customers or products; or why a figure can't be
 * given (an average of money per nothing, a unit the quantities are not in). `ofTopSet`: the
 * figures are of the top customers (products …), ranked by the revenue put first (TOP_SET).
 */
export function measuresNamed(
  text: string,
  meta: SnapshotMeta,
  perCustomer: RegExp,
): { measures: Measure[]; ofTopSet?: true } | { refused: string } {
  // "Cost of goods sold" names no goods sold: the other figures are read from the rest.
  // "How much did the goods we sold cost?": "how much" is the cost's amount, not revenue.
  // "Gross sales" names no net revenue either.
  const costless = COST_OF_SALES.test(text) ? text.replace(new RegExp(COST_OF_SALES.source, 'g'), ' ').replace(/\bhow much\b/, ' ') : text;
  const rest = costless.replace(new RegExp(GROSS_SALES.source, 'g'), ' ');
  let measures = MEASURE_WORDS.filter(([re, m]) => re.test(m === 'cost' || m === 'grossRevenue' ? text : rest)).map(([, m]) => m);
  // "Revenue and customers by region" listed customer × region pairs: customers beside a figure are counted.
  if (CUSTOMERS_BESIDE_A_FIGURE.test(text) && !measures.includes('customers')) measures.push('customers');
  if (measures.includes('newCustomers') || measures.includes('returningCustomers')) measures = measures.filter((m) => m !== 'customers');
  if (measures.some((m) => NEWNESS_REVENUE.has(m))) measures = measures.filter((m) => !NEWNESS_REVENUE_WORDS.has(m));
  // "Best profit margin" and "the profit ratio" are the margin %, not the gross profit beside it.
  if (
    measures.includes('grossProfit') &&
    (/\bprofit ratios?\b/.test(text) || (/\bmargins?\b/.test(text) && (!/\bprofit\b/.test(text) || /\bprofit margins?\b/.test(text))))
  )
    measures = measures.filter((m) => m !== 'grossProfit');
  // "Which products drive our margin?" ranked the 50% margins of products that sold a few
  // dollars: a margin driven or contributed is the gross profit, its % beside it.
  if (measures.includes('marginPct') && MARGIN_CONTRIBUTED.test(text))
    measures = ['grossProfit', 'marginPct', ...measures.filter((m) => m !== 'grossProfit' && m !== 'marginPct')];
  if (measures.includes('products')) measures = measures.filter((m) => m !== 'units');
  if (measures.length === 0 && HOW_OFTEN_RANKED.test(text)) measures = ['orders'];
  if (measures.length === 0 && meta.hasQuantity && goodsCounted(text, meta)) measures = ['units'];
  if (
    measures.length === 0 &&
    (/\bhow many\b/.test(text) || AVERAGE_PER_UNIT.test(text) || CUSTOMERS_BY_TIME.test(text)) &&
    PLURAL_OF.customer.test(text)
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
  // "Which country buys the most per order?" got the top country by revenue: buying the most per something is money.
  const moneyAsked =
    measures.join() === 'revenue' ||
    (measures.length === 0 && (UNITLESS_AVERAGE.test(text) || (BUYS_MOST_PER.test(text) && !PRODUCTS_NAMED.test(text))));
  if (moneyAsked && perCustomer.test(text)) measures = ['revenuePerCustomer'];
  // Iowa's "gross profit per store by city" ranked store × city pairs: another figure per customer, by the file's own noun.
  // "Average bottles sold per store" too (it listed each store's bottles; "bottles sold per store" is by store).
  else if (
    new RegExp(
      String.raw`\b(?:${FIGURES_NOT_PER_CUSTOMER})${/\b(?:average|avg|mean|typical)\b/.test(text) ? String.raw`(?:\s+(?:sold|bought|ordered|shipped|purchased))?` : ''}\s+${perCustomer.source.replace(/^\\b/, '')}`,
    ).test(text)
  )
    return { refused: OTHER_PER_CUSTOMER_REASON };
  else if (moneyAsked && /\bper (?:order|invoice)\b/.test(text)) measures = ['averageOrderValue'];
  // "Average sales by region" got each region's total: an average of money is per something.
  if (UNITLESS_AVERAGE.test(text) && !measures.some((m) => AVERAGES.has(m)) && !averagePerOf(text)) {
    // A customer list's rows are its customers, so its average is per customer.
    if (!meta.customerList || !/\b(?:spend|spending|spent|revenue|sales|turnover)\b/.test(text))
      return { refused: UNITLESS_AVERAGE_REASON };
    measures = ['revenuePerCustomer', ...measures.filter((m) => m !== 'revenue')];
  }
  // "How many liters of vodka did we sell?" got the bottles: a unit is what the quantity column counts.
  // "Gallons of vodka sold", "total ml sold" got the revenue: a unit is the figure where no money
  // is named ("we sold tons of Chairs, what was the revenue?" asks the revenue), and no number makes it a size.
  const unitAsked = measures.includes('units') || !MONEY_NAMED.test(text);
  const measuredIn = meta.hasQuantity && unitAsked ? MEASURE_UNIT.exec(text)?.[1] : undefined;
  if (measuredIn && !unitSpelling(meta.quantityHeader ?? '').includes(unitSpelling(measuredIn).replace(/s$/, '')))
    return {
      refused: meta.quantityHeader
        ? `This file counts quantities in its “${meta.quantityHeader}” column, not in ${measuredIn}, so I can't give ${measuredIn}.`
        : `I can't tell whether this file's quantities are in ${measuredIn}.`,
    };
  // "Which of our top 10 customers have the lowest margin?" listed the 10 lowest margins of
  // all, and "How many of our top 20 customers are from the West?" counted all of the West's.
  // "Which of our top 5 customers are lost?" is the churn list's to answer (answers.ts).
  const some = CHURN.test(text) ? null : SOME_OF_THE_TOP.exec(text);
  if (some) return { refused: someOfTheTopReason(some) };
  // "Top 5 customers in 2023 with their margin" ranked by margin: the top ones are by revenue, the figure beside.
  // ("Top 10 customers with the most orders and their margin" is ranked by orders.)
  if (
    FIGURE_BESIDE_TOP.test(text) &&
    !RANKED_BY.test(text) &&
    !/\bwith the (?:most|highest|largest|biggest|fewest|lowest|smallest|least)\b/.test(text) &&
    measures.length > 0 &&
    !measures.includes('revenue')
  )
    return { measures: ['revenue', ...measures], ofTopSet: true };
  const ranked = rankedByFirst(text, measures);
  const set = TOP_SET.exec(text);
  if (!set || measures.length === 0 || ranked.measure || measures.includes('revenueShare')) return { measures: ranked.measures };
  return { measures: ['revenue', ...measures.filter((m) => m !== 'revenue')], ofTopSet: true };
}

const TOP = '(?:top|biggest|largest|best|leading)';
/** "our top 10 customers", "the 5 biggest products": groups 1 or 2 the count, group 3 the noun. */
const OUR_TOP_ONES = String.raw`(?:our|the|my|your)\s+(?:${TOP}\s+(?:(${COUNT})\s+)?|(${COUNT})\s+${TOP}\s+)([a-z-]+s)`;

/**
 * "The margin of our top 10 customers", "How many orders did our 5 biggest customers place?",
 * "Top 10 customers' margin": the top customers (products, regions …) as the ones the figure
 * is of, ranked by revenue as "top customers" are, not by that figure (each got the 10
 * highest margins, or the customers with the most orders). The count is group 1, 2 or 4, the
 * noun group 3 or 5.
 */
const TOP_SET = new RegExp(
  String.raw`\b(?:of|from|for|among|by|to|with|did|do|does|have|has|had|are|were)\s+${OUR_TOP_ONES}\b(?!\s+by\b)|\b${TOP}\s+(?:(${COUNT})\s+)?([a-z-]+s)'\s`,
);

/** "Top 5 customers (in 2023) with their margin", "our biggest suppliers and their orders": a figure beside the top ones, none ranking them. */
const FIGURE_BESIDE_TOP = new RegExp(
  String.raw`^(?:(?:list|show|give|name)(?: me)?\s+)?(?:the\s+|our\s+|my\s+)?${TOP}\s+(?:(?:${COUNT})\s+)?[a-z-]+s\b.*?\b(?:with|and|plus|showing|including|along with)\s+(?:their|its|each one's)\s+`,
);

/** What else ranks the ones a question picks some of: "which of our cheapest products …". */
const RANKED = String.raw`(?:${TOP}|cheapest|priciest|(?:most|least) (?:expensive|profitable|popular)|(?:best|top)[- ]selling|smallest|worst|newest|oldest|(?:highest|lowest)[- ]margin)`;

/**
 * Some of the top customers (products …): "which of our top 10 customers", "how many of the
 * 20 biggest customers", "what share of our top customers"; "which of our cheapest products
 * sell the most?" ranked every product by price. The query has no such filter.
 */
const SOME_OF_THE_TOP = new RegExp(
  String.raw`\b(?:which|who|how many|what share|what percent(?:age)?|what proportion)\s+(?:ones?\s+)?(?:of|among)\s+(?:our|the|my|your)\s+(?:(?<ranked>${RANKED})\s+(?:(?<count>${COUNT})\s+)?|(?<countFirst>${COUNT})\s+(?<rankedAfter>${RANKED})\s+)(?<noun>[a-z-]+s)\b`,
);

function someOfTheTopReason(some: RegExpExecArray): string {
  const { ranked, count, countFirst, rankedAfter, noun } = some.groups ?? {};
  const words = ranked ?? rankedAfter ?? 'top';
  if (!new RegExp(`^${TOP}$`).test(words))
    return `I can't pick out some of the ${words} ${noun} in one step yet. Ask for the ${words} ${noun} first, then about each one by name.`;
  const n = count ?? countFirst;
  const top = n ? `top ${n}` : 'top';
  return `I can't pick out some of the ${top} ${noun} in one step yet. Ask for “${top} ${noun} by revenue”, with the figure you want after “and their” (“… and their margin”), which lists each one's.`;
}

/** "Drive our margin", "contribute the most margin", "contributes most to margin": margin as an amount brought in. */
const MARGIN_CONTRIBUTED =
  /\b(?:drive[sn]?|driving|contribut(?:e|es|ed|ing)|bring(?:s|ing)?|generat(?:e|es|ed|ing)|deliver(?:s|ed|ing)?)\s+(?:(?:the\s+)?(?:most|more|biggest|largest)\s+)?(?:to\s+)?(?:our\s+|the\s+)?(?:gross\s+)?margins?\b/;

/** "Revenue and customers", "orders, units and customers": customers named after a figure, in a list of figures. */
const CUSTOMERS_BESIDE_A_FIGURE = new RegExp(
  String.raw`\b(?:revenue|sales|turnover|orders|units|profit|gross profit|margin)\s*(?:,|and|&)\s*(?:(?:the\s+)?(?:number|count) of\s+)?(?:${CUSTOMERS_PLURAL})\b`,
);

/** "Top 5 products by …", "ranked by …": where the figure a ranking is by is named. */
const RANKED_BY =
  /\b(?:top|bottom|best|worst|largest|biggest|smallest|highest|lowest|rank(?:ed|ing)?|sort(?:ed)?)\b[^.?!;]*?\bby\s+(?:the\s+)?/;

/**
 * The figure a ranking is by, first, and that figure when one is named after "by": "Top 5
 * products by revenue and their margin" ranked by the margin (the more specific word is found
 * first), and "Top 5 customers by revenue and their orders" by orders.
 */
function rankedByFirst(text: string, measures: Measure[]): { measures: Measure[]; measure?: Measure } {
  const by = RANKED_BY.exec(text);
  if (!by) return { measures };
  const after = text.slice(by.index + by[0].length);
  const ranked = MEASURE_WORDS.find(([re, m]) => measures.includes(m) && re.exec(after)?.index === 0)?.[1];
  return ranked ? { measures: [ranked, ...measures.filter((m) => m !== ranked)], measure: ranked } : { measures };
}

/** The words "revenue" and "new customers" name no figure of their own beside those. */
const NEWNESS_REVENUE_WORDS = new Set<Measure>(['revenue', 'customers', 'newCustomers', 'returningCustomers']);

/** Words that name money as the figure asked for. */
const MONEY_NAMED = /\b(?:revenue|sales|turnover|profits?|margins?|spend|spent|spending|dollars?|value|worth|cost|costs)\b/;

/** Units of volume, weight or length, which a file's quantities are seldom counted in. */
const MEASURE_UNIT =
  /(?<![\d.]\s?)\b(liters?|litres?|gallons?|ml|millilit(?:er|re)s?|kilos?|kilograms?|kg|tons?|tonnes?|ounces?|meters?|metres?)\b/;

/** "Volume Sold (Litres)" and "liters" spelled alike. */
function unitSpelling(text: string): string {
  return text.toLowerCase().replace(/litre/g, 'liter').replace(/metre/g, 'meter');
}
