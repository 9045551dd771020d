/**
 * The offline grammar's shared vocabulary: the words that name figures, groupings, rankings and
 * changes, and the small helpers that read them (a header's noun, a plural, a time unit).
 * Every step of the grammar reads questions with these; none of them looks at the file's values.
 */
import { TIME_DIMENSIONS, type TimeDimension } from '../../engine/query/spec';
import type { Measure } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { escapeRegex } from './query-limits';
import { withoutNames } from './names-blanked';
import { CUSTOMER_NOUNS, CUSTOMERS_PLURAL, CUSTOMER_SINGULAR, CUSTOMERS_NAMED } from './customer-words';

/** "Revenue per customer", "average spend per account": a ratio, never a grouping by customer. */
export const PER_CUSTOMER = new RegExp(
  String.raw`\b(?:(?:average |avg |mean )?(?:revenue|sales|spend|turnover|income) per (?:${CUSTOMER_SINGULAR})|average (?:revenue|spend|sales) (?:of|for|from) (?:a|each|every|one) (?:${CUSTOMER_SINGULAR})|(?:average|avg|typical) (?:${CUSTOMER_SINGULAR}) (?:spends?|spending|spent|buys?|revenue|value))\b`,
);

/** Figures the query has no average per customer of: "orders per customer", "gross profit per store". */
export const FIGURES_NOT_PER_CUSTOMER =
  'orders|invoices|purchases|transactions|units|items|pieces|quantity|bottles|cases|profits?|margins?|costs?|cogs';

/** Why "orders per customer", "gross profit per store" get no figure: revenue per customer and `averageOver` are asked otherwise. */
export const OTHER_PER_CUSTOMER_REASON =
  "I can give revenue per customer, and average another figure over customers (“average orders per customer”, “average units per customer in 2021”), but couldn't read this question as either; ask for one of them so.";

/** "Spends the most on frozen per customer", "revenue per store" (a customer column called store_name): the words apart. */
export function perCustomerApart(noun: string | null): RegExp {
  return new RegExp(`\\bper (?:${CUSTOMER_SINGULAR}${noun ? `|${escapeRegex(noun)}` : ''})\\b`);
}

/**
 * Customers named in a question, by a noun of customers or by the file's own noun for them:
 * Iowa's "Which stores buy Titos Vodka but not Juarez Gold Dss?" (its store_name column) was
 * refused as "one product but not another", since only "customers" read as customers there.
 * The customers' own names are no such noun: "Hy-Vee Food Store / Bedford" is one store.
 */
export function customersNamedIn(text: string, noun: string | null, names: readonly string[]): boolean {
  if (CUSTOMERS_NAMED.test(text)) return true;
  if (noun === null) return false;
  const rest = withoutNames(text, names);
  return new RegExp(`\\b${escapeRegex(noun)}s?\\b`).test(rest);
}

/** Customers named as what is ranked or listed: "top customers", "which customers", "each customer". */
export const CUSTOMERS_RANKED = new RegExp(
  `\\b(?:top|bottom|which|what|each|every|per|by|list|show|name|biggest|largest|smallest|best|worst)\\s+(?:\\d+\\s+)?(?:${CUSTOMER_NOUNS})\\b|\\bwho\\b`,
);

/** "Revenue per order": the average order value. */
export const PER_ORDER = /\b(revenue|sales|spend|value|turnover) per (order|invoice)\b/;

/**
 * "Which sub-category lost money?", "Which states had losses?": gross profit, lowest first,
 * not the products' margins.
 */
export const LOSS =
  /\b(lost|lose|loses|losing)(?: us| me)? money\b|\bcost(?:s|ing)? (?:us|me) money\b|\bhow much (?:did|do|does|have|has|had|are|were) (?:we|i|you|they) (?:lose|lost|losing) on\b|\b(loss[- ]making|unprofitable|(?:made|make|makes|had|have|has|ran|run|runs|showed|shows|posted|with) (?:a (?:net )?loss|(?:net )?losses)|at a loss|in the red)\b|\bnegative (gross )?(profit|margin)s?\b/;

/**
 * "How many products does Supplier 13 supply?", "how many different products did they buy",
 * "which supplier supplies the most products", "top 5 customers by number of products" (it
 * got the top customers by revenue): distinct products, where "how many products did we sell
 * in 2021" stays the units sold. "How many products did customers in Germany buy?" counted the
 * customers: products a buyer bought are distinct products too.
 */
const PRODUCT_COUNT =
  /\b(how many|number of|count of) (different|distinct|unique) (products|items|skus|articles)\b|\b(how many|number of) (products|items|skus|articles) (do|does) \w+( \w+)? (sell|supply|carry|offer|stock|have)\b|\b(how many|number of|count of) (products|items|skus|articles) (?:are |are there |do we have |we have |is there )?(?:in|within|under)\b(?! (?:an? |each |the |our |every |one )?(?:stock|inventory|orders?|baskets?|warehouse|carts?|invoices?|top|bottom|first|last|best|worst)\b)|\bproduct count\b|\b(most|fewest|least) (different |distinct )?(products|skus)\b|\b(most|fewest|least) (?:different|distinct|unique) (?:items|articles)\b|\bby (?:the )?(?:number|count) of (?:different |distinct |unique )?(?:products|skus|articles)\b|\bby (?:different|distinct|unique) (?:products|items|skus|articles)\b|\b(?:how many|number of) (?:products|skus|articles) (?:did|do|does|have|has|had) (?!we\b|i\b|you\b).{1,60}?\b(?:buy|bought|purchase|purchased|order|ordered)\b(?!.*\b(?:on average|each|per|a (?:month|year|week|day))\b)/;

/**
 * "What is the average price of our products?" got the top products by revenue: a price is
 * revenue over units. A change of prices ("should we raise prices?") or the price, volume
 * and mix bridge is no question of the price level; a price's own move is ("Which products had a
 * price increase in 2024?" ranked revenue).
 */
const PRICE_ASKED =
  /^(?!.*\b(?:raise|raising|increase|increasing|lower|lowering|cut|cutting|change|changing|set|setting) (?:our |the |its |their )?prices?\b)(?!.*\b(?:mix|volume|bridge|pvm)\b).*(?:\b(?:average|avg|mean|typical|selling|sales|unit|highest|lowest|top|bottom|our) (?:(?:bottle|unit|item|case|pack|selling|sale|product|retail|shelf|list) )?prices?\b|\bprices? (?:of|for|by|per|in|paid)\b|\b(?:most|least|more|less) expensive\b|\b(?:cheapest|priciest|priced)\b|\bprices? per (?:unit|bottle|item|piece|case|pack|box|can|article|sku)\b|\bprices? (?:increases?|increased|rises?|rose|risen|drops?|dropped|falls?|fell|cuts?|changes?|changed|went (?:up|down)|go(?:es)? (?:up|down)|gone (?:up|down))\b)/;

/**
 * "What is our cost of goods sold?" got revenue ("sold"): the cost of what was sold, net of
 * returns. Not a cost that is a loss ("cost us money", LOSS) or a price ("unit cost").
 */
const OF_WHAT_SOLD = String.raw`of (?:sales|revenue|(?:the )?(?:goods|products|items|merchandise|stock)(?: (?:we |that we )?(?:sold|sell))?)`;
/** "Total cost", "our costs": whose cost, not which (a product's cost is its price, "Which product costs the most?"). */
const COST_OWNER = String.raw`(?:total|overall|our|direct)`;
/** Costs that are no cost of what was sold: "the cost of shipping", "the opportunity cost of losing …", "the cost for each order". */
const NOT_COST_OF_SALES = String.raw`(?:a|an|one|each|per|every|doing|living|acquiring|acquisition|capital|returns?|shipping|delivery|freight|labou?r|[a-z]+ing)\b`;
/** What follows a cost that is no total: "cost us", "cost price", "cost per customer", "cost of shipping". */
const NOT_A_TOTAL = String.raw`(?! (?:us|me|price|prices|per|of)\b)`;
export const COST_OF_SALES = new RegExp(
  String.raw`\b(?:cogs|(?:goods|products|items|stock|merchandise) (?:(?:that |which )?we |that were |which were )?sold cost|(?:${COST_OWNER} )?costs? ${OF_WHAT_SOLD}|(?<!\bopportunity )(?:${COST_OWNER} )?costs? of (?!${NOT_COST_OF_SALES})|${COST_OWNER} costs?${NOT_A_TOTAL}|(?:by|on) (?:total )?costs?${NOT_A_TOTAL}|(?:${COST_OWNER} )?costs? for (?!(?:us|me|you|them|${NOT_COST_OF_SALES}))|(?<=\bby (?:month|quarter|year|week) )costs?${NOT_A_TOTAL}|costs? (?:by|for each|in each) (?:month|quarter|year|week|supplier|vendor|category|sub-category|product|region|state|customer|segment)s?|(?<=\b(?:revenue|sales|profits?|margins?|units|quantity|orders),? (?:and |& )?)costs?${NOT_A_TOTAL}|costs?(?=,? (?:and|&|vs\.?|versus) (?:gross )?(?:revenue|sales|profits?|margins?|units|quantity|orders)\b))\b`,
);

/** The plural nouns for customers, as a regex group. */
const BUYERS = `(?:${CUSTOMERS_PLURAL})`;

/**
 * "How much did we sell to new customers in 2024?" got the count of new customers: the
 * revenue of new (or returning) customers, and both for "new vs returning".
 */
const REVENUE_FROM = (kind: string) =>
  new RegExp(
    `\\b(?:revenue|sales|turnover|spend|spending|spent|sell|sold|selling)\\b(?:\\s+[\\w']+){0,4}?\\s+(?:from|of|by|with|for|to|on) (?:the |our |all )?${kind} ${BUYERS}\\b|\\b${kind}[- ](?:${CUSTOMER_SINGULAR}) (?:revenue|sales|spend)\\b|\\b${kind} ${BUYERS} (?:spend|spent|bring|brought|generate|generated)\\b|\\b${kind} ${BUYERS}(?:'s?)? (?:revenue|sales|spend|spending|turnover)\\b|\\bhow much (?:did|do|does|have|had) (?:the |our |all )?${kind} ${BUYERS} (?:spend|spent|buy|bought|purchase|purchased|order|ordered)\\b`,
  );

// "Revenue of new customers vs returning customers", "new vs returning revenue": both, side by side.
const NEW_VS_RETURNING = new RegExp(
  `\\b(?:revenue|sales|turnover|spend)\\b.*\\bnew (?:${BUYERS} )?(?:vs\\.?|versus|and|or|compared (?:to|with)) (?:returning|existing|repeat)\\b|\\bnew (?:${BUYERS} )?(?:vs\\.?|versus|and|or) (?:returning|existing|repeat) (?:${BUYERS} )?(?:revenue|sales|spend|turnover)\\b`,
);

/**
 * "Gross sales", "revenue before returns", "sales before cancellations": what was sold before
 * the lines that reduce revenue. "Gross sales" got the net revenue, and "… before cancellations"
 * the cancellations alone.
 */
export const GROSS_SALES =
  /\bgross (?:sales|revenue|turnover|receipts|bookings)\b(?! (?:retention|margin))|\b(?:revenue|sales|turnover|sell|sold)\b(?:\s+[a-z]+){0,4}?\s+(?:before|gross of)\s+(?:any\s+|the\s+)?(?:returns|refunds|credit notes|cancell?ations)\b/;

/**
 * Each figure and the words naming it, the most specific first; `measuresNamed`
 * (query-figures.ts) keeps every match, then drops those a more specific one covers.
 */
export const MEASURE_WORDS: [RegExp, Measure][] = [
  [GROSS_SALES, 'grossRevenue'],
  [PER_CUSTOMER, 'revenuePerCustomer'],
  [REVENUE_FROM('new'), 'newCustomerRevenue'],
  [NEW_VS_RETURNING, 'newCustomerRevenue'],
  [REVENUE_FROM('(?:returning|existing|repeat)'), 'returningCustomerRevenue'],
  [NEW_VS_RETURNING, 'returningCustomerRevenue'],
  // "Which customers bought for the first time in June 1998?" listed June's buyers.
  // "How many customers first ordered in 2020?", "… started buying in 2020": the new customers.
  [
    new RegExp(
      // "New vs returning customers by quarter" counted the returning only.
      String.raw`\bnew (?:(?:and|vs\.?|versus|or|&) (?:returning|repeat) )?(${CUSTOMERS_PLURAL})\b|\b(?:${CUSTOMERS_PLURAL}) (?:are|were) new\b|\b(?:bought|ordered|purchased) for the first time\b|\bfirst (?:bought|ordered|purchased)\b|\bstarted (?:buying|ordering|purchasing)\b`,
    ),
    'newCustomers',
  ],
  // "How many customers did we win each quarter?" counted every customer of each quarter.
  [
    new RegExp(
      String.raw`\b(${CUSTOMERS_PLURAL})\b(?: \w+){0,3} (win|won|acquire|acquired|gain|gained|sign up|signed up|signed|onboard|onboarded|joined)\b(?! back)|\b(won|acquired|gained|onboarded) (${CUSTOMERS_PLURAL})\b|\bcustomer acquisitions?\b`,
    ),
    'newCustomers',
  ],
  [new RegExp(String.raw`\b(returning|repeat) (${CUSTOMERS_PLURAL})\b`), 'returningCustomers'],
  [/\b(average order value|aov|average order|avg order|basket size|average basket)\b/, 'averageOrderValue'],
  [PER_ORDER, 'averageOrderValue'],
  [PRICE_ASKED, 'averagePrice'],
  [PRODUCT_COUNT, 'products'],
  [COST_OF_SALES, 'cost'],
  // "What were our profits in 2021?" was refused as naming no figure.
  [/\b(gross profits?|profits?|profitable|profitability|gross margin amount)\b/, 'grossProfit'],
  [LOSS, 'grossProfit'],
  // "What was the profit ratio for Tables by region?" got gross profit: Tableau's name for the margin.
  [/\b(margin|margins|markup|profit ratios?)\b/, 'marginPct'],
  [
    // "How many CDs did we sell in 1997?" is units, whatever the things are called (it was revenue).
    // "How many chairs did Sean Miller buy?", "How many CDs did customer 1 buy?" too ("how many products did …
    // buy" may be distinct products, so it stays unread). "Number of items sold to Australia" was its
    // revenue: units, as "how many items did we sell" is. "How many bottles of Captain Morgan
    // Spiced Rum did stores in Cedar Rapids buy?" named no figure (the kind between). "Total
    // gallons sold" got the revenue: a quantity's unit before "sold" (gallons are then refused).
    // "Items sold in 2021" got the revenue too.
    new RegExp(
      String.raw`(?<!\bbusiness )\b(units|quantity|quantities|qty|pieces|volume)\b|\bhow many (?:cases|cds)\b(?! (?:did|do|does|have|has|were|was|are|is)\b)|\b(?:liters?|litres?|gallons?|kilos?|kilograms?|kg|tons?|tonnes?|ounces?|bottles|cases|cartons|boxes|pallets)\s+(?:were\s+|did we\s+|we\s+)?(?:sell|sold|ship|shipped|bought|purchased|ordered|moved)\b|\b(?:bottles|cases|cartons|pallets)\s+of\s+(?!(?:the\s+)?(?:top|best|most)\b)|\b(?:items|cds)\s+(?:were\s+|did we\s+|we\s+)?(?:sold|shipped|bought|purchased|ordered)\b(?!\s+(?:the\s+)?(?:best|worst|most|least)\b)|\bhow many (?!${CUSTOMERS_PLURAL}|orders|invoices|transactions|purchases|stores|suppliers|vendors|categories|regions|countries)[a-z]+\b.*\b(sell|sold|ship|shipped|move|moved)\b|\bhow many (?!${CUSTOMERS_PLURAL}|orders|invoices|transactions|purchases|stores|suppliers|vendors|categories|regions|countries|products|items|skus|articles|times|days|weeks|months)[a-z]+(?: of [^?]+?)? (?:did|does|do|has|have) .*\b(buy|bought|purchase|purchased|order|ordered)\b|\b(?:number|count|total|amount) of (?!${CUSTOMERS_PLURAL}|orders|invoices|transactions|purchases|stores|suppliers|vendors|categories|regions|countries|times|days|weeks|months)[a-z]+ (?:sold|shipped|bought|purchased|ordered)\b`,
    ),
    'units',
  ],
  // "How many times did Sean Miller buy?" is his orders (it was refused, "times" read as a product's word).
  // "Order growth in the South 2021 vs 2020" got revenue's.
  [
    /\b(how many|number of|count of) (orders|invoices|purchases|transactions)\b|\borders\b|\border (?:growth|counts?)\b|\bhow many times\b.*\b(buy|bought|order|ordered|purchase|purchased|shop|shopped)\b/,
    'orders',
  ],
  // "Which countries had more customers in 2011 than in 2010?" asked for the figure.
  // "Number of distinct customers per sales rep" listed customer × rep revenue.
  [
    new RegExp(
      String.raw`\b(how many|number of|count of|most|fewest|least|more|fewer) (?:distinct |different |unique )?(${CUSTOMERS_PLURAL})\b`,
    ),
    'customers',
  ],
  [
    // "The most popular product in Des Moines" was no figure, and the answer that took over ranked every city's.
    // "Is Sean Miller more valuable than Tamara Chand?" got Tamara Chand's profile alone.
    /\b(revenue|revenues|revenu|revnue|reveune|sales|slaes|turnover|turn over|income|takings|spend|spends|spent|spending|how much|bring in|brings in|sold|sell|sells|(best|top|worst)[- ]selling (?:(product|item|article|sku|category|sub-category|supplier)(?!s)|sub-categories|categories|suppliers|vendors|brands|regions|states|cities|countries|segments)|popular|(?:more|less) valuable than|worth (?:more|less) than)\b/,
    'revenue',
  ],
];

/** The words for a sales rep, singular or plural: "sales rep", "salespeople", "account manager". */
export const REP_NOUNS = String.raw`sales ?reps?|reps?|sales ?people|sales ?persons?|sales ?(?:man|men|woman|women|agents?|executives?)|account managers?`;

/** The grammar's words for each grouping: the roles (customer, product …) and the time units. */
export const DIMENSION_WORDS: [RegExp, string][] = [
  [CUSTOMERS_NAMED, 'customer'],
  [/\b(products?|items?|skus?|articles?)\b/, 'product'],
  [/(?<!sub[- ]?)\b(product )?(categories|category)\b/, 'category'],
  [/\b(suppliers?|vendors?)\b/, 'supplier'],
  [/\b(regions?|territor(y|ies)|countr(y|ies))\b/, 'region'],
  [new RegExp(String.raw`\b(${REP_NOUNS})\b`), 'salesRep'],
  [/\b(months?|monthly)\b/, 'month'],
  [/\b(quarters?|quarterly|qoq)\b/, 'quarter'],
  [/\b(years?|yearly|annual(ly)?|yoy)\b/, 'year'],
  [/\b(weeks?|weekly)\b/, 'week'],
];

/** "What do we sell to corporate customers?" asks what they buy: it listed the customers. */
export const WHAT_WE_SELL_TO = /\bwhat (?:do|did|does|have) (?:we|you|i) (?:sell|sold|supply|supplied) to\b/;
/**
 * Customers as the ones who buy: "what do (our, German) customers (mostly) buy", "products
 * customers bought most", "what did Rep 7's customers buy" (it listed the customers).
 */
export const CUSTOMERS_AS_SUBJECT = new RegExp(
  String.raw`\b(?:do|did|does|have|has|that|are|were)\s+(?:(?:[a-z]+|\d+['’]s|[a-z]+['’]s)\s+){0,2}(?:${CUSTOMERS_PLURAL})\s+(?:in\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?\s+)?(?:(?:mostly|mainly|usually|typically|generally|often|primarily|really)\s+)?(?:buy|bought|buying|purchase|purchased|purchasing|order|ordered|ordering|spend|spent|spending)\b`,
);

/**
 * Customers as the ones among whom something sells: "Which products sell best among Home Office
 * customers?", "… popular with customers in the West", "… sell best to french customers" (each
 * ranked customer × product).
 */
export const CUSTOMERS_AMONG = new RegExp(
  String.raw`\b(?:among|amongst|with|for|to)\s+(?:our\s+|the\s+|all\s+)?(?:[a-z-]+\s+){0,3}?(?:${CUSTOMERS_PLURAL})\b`,
);

/** "How did profit change year over year?": the figure by that time unit, each against the one before. */
export const OVER_TIME_UNIT = /\b(year|quarter|month)[- ](over|on)[- ](year|quarter|month)\b|\b(yoy|qoq)\b/;

/**
 * A count of rows asked for, in digits or words ("one" only after "top": "the one product" is
 * no count). "The top 100 customers" is one too ("What share do the top 100 customers have?"
 * got the top 50's), but a year is none ("the 2021 customers").
 */
export const COUNT = String.raw`(?!(?:19|20)\d\d\b)\d{1,5}(?![\d,])|two|three|four|five|six|seven|eight|nine|ten|twenty`;

/**
 * A plural noun the question opens with, then what picks them: "customers with revenue in
 * 2021", "list products with losses" (they got one total).
 */
export const LEADING_PLURAL =
  /^(?:(?:list|show|name|give)(?: me)? )?(?:(?:all|the|our|all our|any) )?[a-z-]+s (?:with|who|that|whose|where)\b/;

/** A grouping's noun in the plural: the question asks for several of them. */
export const PLURAL_OF: Record<string, RegExp> = {
  customer: new RegExp(String.raw`\b(${CUSTOMERS_PLURAL})\b`),
  product: /\b(products|items|skus|articles)\b/,
  category: /\bcategories\b/,
  supplier: /\b(suppliers|vendors)\b/,
  region: /\b(regions|territories|countries)\b/,
  salesRep: /\b(sales ?reps|reps|sales ?people|sales ?persons|sales ?(?:men|women|agents|executives)|account managers)\b/,
};

/** A figure that went up. */
export const GROWTH = /\b(grew|grow(n|s|th|ing)?|increas(ed?|ing)|rose|rising|gained|up the most|(?:went|gone|going|goes) up)\b/;

/** "Lost the most (revenue)": a fall, not customers lost, unless customers are what was lost. */
export const LOST_MOST = /\blos(?:t|e|es|ing) (?:the )?(?:most|more)\b/;

/** A figure that went down. */
export const DECLINE = new RegExp(
  String.raw`\b(declin(ed?|ing)|fell|fallen|falling|drops?|dropped|dropping|shrank|shrunk|shrinking|decreas(ed?|ing)|down the most|reduc(ed?|ing)|cut (back|down)|spen[dt] less|(?:went|gone|going|goes) down)\b|` +
    LOST_MOST.source,
);

/** "Best month", "weakest quarter", "highest revenue month": the period with the most (or least) of a measure. */
const PEAK_UNIT =
  /\b(best|worst|busiest|slowest|strongest|weakest|quietest|biggest|highest|lowest) (?:(?:revenue|sales|profit|gross profit|margin|orders?|units|grossing|selling|earning) )?(month|quarter|week|year)\b/;

/** "Which month of 2011 had the highest revenue?": the same question, the unit named first. */
const WHICH_UNIT =
  /\b(?:which|what) (month|quarter|week|year)\b[^?]*?\b(best|worst|busiest|slowest|strongest|weakest|quietest|biggest|largest|highest|lowest|most|least|fewest|smallest|fastest|quickest)\b/;

/** The period asked for by its rank, as [words, adjective, unit], or null. */
export function peakOf(text: string): [string, string, string] | null {
  const direct = PEAK_UNIT.exec(text);
  if (direct) return [direct[0], direct[1], direct[2]];
  const asked = WHICH_UNIT.exec(text);
  return asked ? [asked[0], asked[2], asked[1]] : null;
}

/**
 * Which way a comparison of two periods goes: "less … than", "more … than" when the periods
 * were joined by "than", else "buying less", "ordering more" (against the period before).
 */
export function comparativeOf(text: string, than: boolean): 'less' | 'more' | null {
  const m = than ? COMPARED_THAN.exec(text) : BUYING_LESS.exec(text);
  const word = m?.[m.length - 1];
  return word ? (/^(less|fewer|lower|smaller)$/.test(word) ? 'less' : 'more') : null;
}

/** What buying more or less is of: what they buy or spend is revenue, how often they order is orders. */
export function figureBoughtOf(text: string): 'revenue' | 'orders' | null {
  if (/\b(buy|buys|buying|bought|purchas\w*|spen[dt]\w*)\b/.test(text)) return 'revenue';
  return /\b(order|orders|ordering|ordered)\b/.test(text) ? 'orders' : null;
}

/** "Growing products", "declining customers in 2021": the rows that went that way (it got the total's change, all rows). */
export const GROWING_PLURAL = /\b(?:growing|declining|shrinking) [a-z-]+s\b/;

/** Verbs and adjectives of a row that went up or down ("grew", "declining sales"); not the noun "growth". */
// "Which products' revenue went up in 2024?" listed every product: "went up" is a way too.
// "Which sub-categories had revenue down in 2021 compared to 2020?" listed all 17: a figure said up or down
// is a way too, not one broken down ("break revenue down by region") or up by an amount.
const FIGURE_SAID = (way: string) =>
  String.raw`(?<!\b(?:break|breaks|breaking|broke|broken|split|splits|drill|drills|drilled|narrow|narrowed|sum|sums|summed|add|adds|added)\s(?:the\s|our\s|my\s|total\s)?)\b(?:revenue|sales|turnover|profits?|gross profit|orders|units|margins?|spend|spending)\s+(?:(?:was|were|is|are)\s+)?${way}\b(?!\s+(?:by|to|into|per|for|on|through|thru|until|till)\b)`;
export const WENT_UP = new RegExp(
  String.raw`\b(grew|increased|rose|gained|growing|rising|increasing|(?:went|gone|going|goes) up)\b|${FIGURE_SAID('up')}`,
);

export const WENT_DOWN = new RegExp(
  String.raw`\b(declined|fell|dropped|shrank|decreased|declining|falling|dropping|shrinking|decreasing|(?:went|gone|going|goes) down)\b|${FIGURE_SAID('down')}`,
);

/** "Doubled", "tripled", "halved": a change as a multiple of the earlier period's figure. */
export const MULTIPLE = /\b(doubled|tripled|trebled|quadrupled|halved)\b/;

/** The comparatives of "less … than" and "more … than". */
export const COMPARATIVES = 'less|fewer|lower|smaller|more|higher|larger|bigger|greater';

/** "Less … than", "more … than", a few words apart. */
// "Spent less in DE-North in 2024 than in 2023": a value's name may hold a hyphen.
const COMPARED_THAN = new RegExp(`\\b(${COMPARATIVES})\\b(?:\\s+[\\w'.&-]+){0,6}?\\s+than\\b`);

/**
 * Each way a customer's buying went, as the question words it: "spent less", "ordered
 * fewer" ("bought more than 1,000" is a threshold). "Which customers spent less and ordered
 * less in 2021 than in 2020?" kept those who spent less, whatever their orders did.
 */
export function waysBoughtIn(text: string): string[] {
  return [...new Set([...text.matchAll(WAYS_BOUGHT)].map((m) => m[0]))];
}

const WAYS_BOUGHT =
  /\b(?:buy|buys|buying|bought|spend|spends|spending|spent|purchase|purchases|purchasing|purchased|order|orders|ordering|ordered)\s+(?:less|more|fewer)\b(?!\s+than\b)/g;

/** "Buying less", "ordering more" without "than" ("bought more than 1,000" is a threshold, "more than once" a count). */
export const BUYING_LESS =
  /\b(?:buy|buys|buying|bought|spend|spends|spending|spent|order|orders|ordering|ordered|sell|sells|selling|sold)\s+(less|more|fewer)\b(?!\s+than\b)/;

/** What one customer bought only one of: products, categories, suppliers, regions. */
const COUNTED_KIND = String.raw`(products?|items?|skus?|articles?|categor(?:y|ies)|suppliers?|vendors?|regions?|countr(?:y|ies))`;

/**
 * "Only one product", "just one category", "one supplier only": a count of distinct values per
 * customer. "How many customers only ever bought one category?" counted all 793 (it is 21).
 */
export const ONLY_ONE = new RegExp(
  String.raw`\b(?:only|just|exactly)(?: ever)?(?: (?:(?:bought|ordered|purchased)(?: from| in)?|from|in))? (?:one|1|a single) ${COUNTED_KIND}\b|\b(?:one|1|a single) ${COUNTED_KIND} only\b`,
);

/** Revenue of new or returning customers: figures of a period (new = first order in it). */
export const NEWNESS_REVENUE = new Set<Measure>(['newCustomerRevenue', 'returningCustomerRevenue']);

/** A word the grammar reads as a measure or a grouping ("revenue", "customers"), not a name. */
export function isGrammarWord(word: string): boolean {
  // "Cost" alone names the cost measure only beside other words (COST_OF_SALES), but is no name either.
  return /^(?:costs?|cogs)$/.test(word) || [...MEASURE_WORDS, ...DIMENSION_WORDS].some(([re]) => re.test(word));
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

/** A plural noun's singular, for matching a header: "stores" → "store", "cities" → "city". */
export function singular(word: string): string {
  return word
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|x|s)es$/, '$1')
    .replace(/([^s])s$/, '$1');
}

/**
 * "Average revenue per month", "average monthly sales", "monthly average", "in an average week",
 * "How many orders per month on average?" (it listed every month's orders).
 */
export const AVERAGE_PER_UNIT =
  /\b(?:average|avg|mean|typical)\b(?:(?!\bby\b).)*?\b(?:per|a|each|every) (week|month|quarter|year)\b|\b(?:average|avg|mean|typical) (weekly|monthly|quarterly|yearly|annual)\b|\b(weekly|monthly|quarterly|yearly|annual) average\b|\b(?:an?|the) (?:average|typical) (week|month|quarter|year)\b|\b(?:per|a|each|every) (week|month|quarter|year)\b,? on (?:average|avg)\b/;

/** The time unit of "average revenue per month", "average monthly sales", "in an average week". */
export function averagePerOf(text: string): TimeDimension | null {
  const asked = AVERAGE_PER_UNIT.exec(text);
  if (!asked) return null;
  const word = asked[1] ?? asked[2] ?? asked[3] ?? asked[4] ?? asked[5];
  return word.replace(/ly$/, '').replace(/^annual$/, 'year') as TimeDimension;
}

/** Month, quarter, year or week: a time grouping, not a column of the file. */
export function isTimeUnit(group: string): boolean {
  return (TIME_DIMENSIONS as readonly string[]).includes(group);
}

const SAID_DOWN =
  /\b(fall|fell|fallen|falling|drop|dropped|dropping|decline|declined|declining|decrease|decreased|shrink|shrank|shrunk|down|slump|slumped)\b/;
const SAID_UP = /\b(grow|grew|grown|growing|growth|rise|rose|risen|rising|increase|increased|up|jump|jumped)\b/;

/**
 * The way a question takes a figure to have moved ("Why did revenue drop …", "Is profit up
 * …"), which an answer of the other way says first; null when it says neither or both.
 */
export function premiseOf(text: string): 'up' | 'down' | null {
  const [down, up] = [SAID_DOWN.test(text), SAID_UP.test(text)];
  return down === up ? null : down ? 'down' : 'up';
}
