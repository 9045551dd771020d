/**
 * What a question groups by: the file's dimensions and time units after a by-word, never the
 * dimension of a value named or the noun a figure is of. query-grammar.ts then adjusts the
 * result: the unit of a change, customers as a source, values side by side, products for "what
 * did they buy".
 */
import type { Measure } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { escapeRegex } from './query-limits';
import {
  COUNT,
  CUSTOMERS_AMONG,
  CUSTOMERS_AS_SUBJECT,
  WHAT_WE_SELL_TO,
  CUSTOMERS_RANKED,
  DIMENSION_WORDS,
  GROWING_PLURAL,
  LEADING_PLURAL,
  NEWNESS_REVENUE,
  OVER_TIME_UNIT,
  PER_CUSTOMER,
  headerNoun,
  isTimeUnit,
  REP_NOUNS,
} from './query-vocabulary';
import { asWritten, dimensionOfNoun } from './query-values';
import { CUSTOMER_NOUNS, CUSTOMERS_PLURAL } from './customer-words';

/** A total asked for: one figure, not one per customer. */
const TOTAL = /\b(?:total|in total|combined|altogether|overall)\b/;

const AVERAGE_PRICE_OF_PRODUCTS =
  /\b(?:average|avg|mean|typical) (?:selling |unit |sales )?price of (?:our |all |the |all our |all the )?(?:products|items|goods|articles)\b/;

/** "Which supplier's products …": the owner is what is asked for, products are its. */
const OWNER_OF_PRODUCTS =
  /\b(?:which|what) (?:suppliers?|vendors?|categor(?:y|ies)|regions?|countr(?:y|ies)|customers?|clients?|accounts?|(?:sales ?)?reps?)(?:'s|’s|s'|s’) (?:products?|items?|skus?|articles?)\b/;

/** The adverb that asks for a time unit on its own ("monthly revenue"). */
const ADVERBS: Record<string, string> = {
  month: 'monthly|month over month|month on month',
  quarter: 'quarterly|quarter over quarter|quarter on quarter|qoq',
  year: 'yearly|annual|annually|year over year|year on year|yoy',
  week: 'weekly',
};

/** "List five products…", "show me the 3 countries…": a count asked for names a grouping, as "which" does. */
const LISTED = new RegExp(String.raw`\b(?:list|name|show)(?: me)?(?: the)? (?:${COUNT})\b`);
/** "List the new customers of 2024" counted them: customers picked by when they first bought, asked for by name. */
const NEW_LISTED =
  /\b(?:list|name|show)(?: me)?(?: (?:the|our|all|all the|all our))? (?:new|returning|repeat) (?:customers|clients|accounts)\b/;

/**
 * "Our most profitable regions", "the least profitable sub-categories": a superlative before
 * a plural names a grouping, as "which" does. "List our most profitable regions" got the total
 * gross profit, and "… sub-categories" was told the file has no sub-category column.
 */
const SUPERLATIVE_PLURAL = /\b(?:most|least) [a-z]+(?:[- ][a-z]+)? [a-z-]+s\b/;
/**
 * A question that opens on a superlative of what sells: "Most popular product in DE-North" got
 * DE-North's revenue ("Most orders in 2021 came from …" is no ranking).
 */
const LEADING_SUPERLATIVE =
  /^(?:the )?(?:most|least) (?:popular|profitable|valuable|lucrative|expensive|frequent|successful|sold|bought|ordered|purchased)\b/;

/**
 * "Who is our best sales rep?", "Who are our top 3 suppliers by margin?", "who's our best vendor
 * by gross profit": "who" asks for the rep or supplier named after it, not for customers (they
 * got customer × rep, customer × supplier).
 */
const WHO_OF_ANOTHER_ROLE = new RegExp(
  String.raw`\bwho\b(?=(?:'s| is| are| was| were) (?:our |the |my )?(?:[\w-]+ ){0,3}(?:${REP_NOUNS}|suppliers?|vendors?|manufacturers?)\b)`,
);

/** A count of products as a bound: "with under 10 products", "more than 5 items". */
const PRODUCTS_BOUNDED =
  /\b(?:than|under|over|least|most|below|above|exactly)\s+\d+\s+(?:different\s+|distinct\s+)?(?:products|items|skus)\b/;

/**
 * The groupings the question asks for, in the order named: the file's dimensions after a
 * by-word ("by region", "which customers", "top 3 sub-categories"), a time unit only right
 * after one ("by month", not "by region this month"), and never the dimension of a value named
 * or the noun a figure is of ("how many products", "revenue from new customers", "per store").
 */
export function groupingOf(
  text: string,
  meta: SnapshotMeta,
  measures: readonly Measure[],
  filters: readonly { dimension: string; values: string[]; match?: string }[],
  perCustomer: RegExp,
): string[] {
  // "Which Bolt products sell best?" ranks the products a name's first word keeps; "Which state
  // buys the most Apple products?" ranks states, not states × products.
  const named = new Set(filters.filter((f) => f.match !== 'startsWith' || !asksForThem(text, f.values)).map((f) => f.dimension));
  const groupBy: string[] = [];
  // "product category" names the category, not products.
  // "Who bought the most …" asks for customers; "Who is our best sales rep?" for a rep (it got customer × rep).
  const dimText = text
    .replace(/\bproduct (categor)/g, '$1')
    .replace(PER_CUSTOMER, '')
    .replace(measures.includes('revenuePerCustomer') ? perCustomer : /$^/, '')
    .replace(WHO_OF_ANOTHER_ROLE, 'which')
    // "Revenue by account manager" is by rep, not by customer and rep.
    .replace(/\baccount manager(s?)\b/g, 'sales rep$1')
    // "Who sells the most in DE-South?" got the top customer: who sells is a rep, where the file has reps.
    .replace(/\bwho (?=(?:sells?|sold|selling)\b)/, (who: string) =>
      meta.dimensions.some((d) => d.key === 'salesRep') ? 'which sales rep ' : who,
    )
    .replace(/\bwho\b/, 'which customer');
  // "How many stores bought products supplied by Jim Beam?" counted stores product by product: the "by" of who supplies them groups nothing.
  const byText = text.replace(
    /\b(?:supplied|provided|distributed|made|manufactured|produced) by\b(?!\s+(?:each|every|suppliers?|vendors?|manufacturers?)\b)/g,
    ' ',
  );
  const byWords =
    /\b(by|per|each|every|which|what|who|any|top|bottom|best|worst|largest|biggest|smallest|highest|lowest|fastest|slowest|quickest|cheapest|priciest|rank|ranking|breakdown|split|monthly|quarterly|yearly|annual|annually|weekly|trend|trending|over time|seasonal|seasonality)\b/.test(
      byText,
    ) ||
    OVER_TIME_UNIT.test(text) ||
    LISTED.test(text) ||
    NEW_LISTED.test(text) ||
    LEADING_PLURAL.test(text) ||
    GROWING_PLURAL.test(text) ||
    SUPERLATIVE_PLURAL.test(text.replace(/\bat (?:least|most)\b/g, '')) ||
    LEADING_SUPERLATIVE.test(text);
  if (byWords) {
    for (const [re, dim] of DIMENSION_WORDS) {
      if (!re.test(dimText) || named.has(dim) || groupBy.includes(dim)) continue;
      // Superstore's "countries" are its Country column, grouped below by its header, not its regions.
      if (dimensionOfNoun(re.exec(dimText)?.[0] ?? '', meta)?.startsWith('column:')) continue;
      // "How many products does Supplier 13 supply?" counts them: "products" is the measure's noun.
      // So is a bound's ("vendors with under 10 products" listed product × vendor pairs, each under 10).
      if (dim === 'product' && (measures.includes('products') || PRODUCTS_BOUNDED.test(text)) && !/\b(by|per|each) products?\b/.test(text))
        continue;
      // "Which customers buy the most Safety products?": the noun of a named category, not a
      // second grouping beside customers ("top Safety products" still ranks products).
      if (
        dim === 'product' &&
        (namesTheProducts(text, filters) || namesTheProductsShort(text, filters)) &&
        groupsOtherThan(['product', 'category'], dimText, meta, filters) &&
        // "Top 5 products by revenue in 2024 among Supplier 13 products" ranks them (it got their total).
        !PRODUCTS_RANKED.test(text)
      )
        continue;
      // "Top 5 customers by number of items purchased" ranked customer × product: the items are what is counted.
      if (
        dim === 'product' &&
        measures.includes('units') &&
        ITEMS_COUNTED.test(text) &&
        !/\b(by|per|each|which|what|top)(?: \d+)? (products?|items?)\b/.test(text)
      )
        continue;
      // "What is the revenue of customers in Texas?", "What's the average order value of our
      // customers?": one figure of them (each listed every customer's, 793 of them).
      // "What's the average order value for Home Office customers in 2021?" listed 128 customers:
      // the customers of a value named are theirs too.
      if (
        dim === 'customer' &&
        FIGURE_OF_THEM.test(text) &&
        (FIGURE_OF_CUSTOMERS.test(text) || figureOfNamedCustomers(filters).test(text)) &&
        !CUSTOMERS_LISTED_OR_SPLIT.test(text)
      )
        continue;
      // "What's our customers' average order value?" and "… most popular category?" listed every customer's.
      if (dim === 'customer' && OUR_CUSTOMERS_FIGURE.test(text) && !CUSTOMERS_SPLIT.test(text)) continue;
      // "What share of revenue comes from Corporate customers?" listed each customer's share
      // (the 50 shown held 21.7%): the share of the customers named is one figure, 30.7%.
      if (dim === 'customer' && SHARE_ASKED.test(text) && SHARE_FROM_CUSTOMERS.test(text) && !CUSTOMERS_RANKED_OR_ONE_BY_ONE.test(text))
        continue;
      // "What's the revenue of Safety products?" asks for their one figure, "Revenue of Safety
      // products by month" for it month by month: each listed every product's.
      if (
        dim === 'product' &&
        namesTheProducts(text, filters, true) &&
        // "What share of our 2024 gross profit came from Acme Supply, Inc. products?" listed 304 products' shares.
        (FIGURE_OF_THEM.test(text) || BY_TIME_UNIT.test(text) || /\b(?:share|percent(?:age)?|proportion|fraction)\b|%/.test(text)) &&
        !RANKED_OR_SPLIT.test(text)
      )
        continue;
      // "What is the average price of our products?" is one price, not one per product.
      if (dim === 'product' && AVERAGE_PRICE_OF_PRODUCTS.test(text) && !/\b(by|per|each|which|top|bottom) (products?|items?)\b/.test(text))
        continue;
      // "Which supplier's products have the lowest margin?" asks for a supplier (it ranked 2,613 product × supplier rows).
      if (dim === 'product' && OWNER_OF_PRODUCTS.test(text)) continue;
      // "Which products do customers in Germany buy most?": customers who buy are the subject, not a grouping.
      if (dim === 'customer' && CUSTOMERS_AS_SUBJECT.test(text)) continue;
      // "What do we sell to corporate customers?": whom we sell to, not a grouping.
      if (dim === 'customer' && WHAT_WE_SELL_TO.test(text) && !CUSTOMERS_SPLIT.test(text)) continue;
      // "Which products sell best among Home Office customers?" ranked customer × product.
      if (
        dim === 'customer' &&
        CUSTOMERS_AMONG.test(text) &&
        !CUSTOMERS_GROUPED.test(text) &&
        groupsOtherThan(['customer'], dimText, meta, filters)
      )
        continue;
      // "What's the total grocery spend of region 3 customers?" listed the 105 customers: a total is one figure.
      if (dim === 'customer' && TOTAL.test(text) && !CUSTOMERS_RANKED.test(text)) continue;
      // "What was the total cost of Diageo products?" listed the 178 products: their total is one figure too.
      if (
        dim === 'product' &&
        TOTAL.test(text) &&
        !PRODUCTS_RANKED.test(text) &&
        !/\b(?:by|per|each|every) (?:products?|items?)\b/.test(text)
      )
        continue;
      // "Which rep's customers spend the most per customer?" grouped by customer and rep: per customer is the measure.
      if (dim === 'customer' && measures.includes('revenuePerCustomer')) continue;
      if (
        dim === 'customer' &&
        // "Revenue from new customers by quarter" names whose revenue, not a grouping by customer.
        measures.some((m) => CUSTOMER_COUNTS.has(m) || NEWNESS_REVENUE.has(m)) &&
        // "Which new customers did we get in 2024?" counted them: "which new customers" lists them.
        !/\b(top|which|each|per|by|list(?: the| our)?) (?:(?:new|returning|repeat) )?(customers?|clients?|accounts?)\b/.test(text) &&
        !NEW_LISTED.test(text)
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
    // "Is there seasonality in our sales?" got the total: the months, where a season shows.
    if (/\b(trends?|trending|over time|seasonal|seasonality)\b/.test(text) && !groupBy.some(isTimeUnit)) groupBy.push('month');
    const namedValues = filters
      .flatMap((f) => f.values)
      .map((v) => escapeRegex(asWritten(v)))
      .join('|');
    for (const d of meta.dimensions) {
      // "by sub-category", "top 3 sub-categories", "which ship mode"; a role's column by the
      // file's own header: "which city" for the region read from a column called city.
      const name = d.key.startsWith('column:') ? d.label.toLowerCase() : headerNoun(d);
      if (!name || groupBy.includes(d.key) || named.has(d.key)) continue;
      // "Revenue per store" where the customers are stores is revenue per customer, no grouping.
      if (d.key === 'customer' && measures.includes('revenuePerCustomer')) continue;
      const words = escapeRegex(name).replace(/y$/, '(y|ies)');
      const plural = name.endsWith('y') ? `${escapeRegex(name.slice(0, -1))}ies` : `${escapeRegex(name)}(s|es)`;
      // "Which California cities buy the most?" gave California's total: a value named before the
      // noun ("Which Kansas City customers …" asks for customers, not cities).
      const valueBefore = namedValues ? `(?:(?:${namedValues}) )?` : '';
      // "Revenue by region and segment" dropped the segment; "states by revenue" got the total.
      if (
        new RegExp(
          `\\b(by|per|each|which|what|any|top|bottom|best|worst|highest|lowest|biggest|largest|smallest|fastest|slowest|quickest)( \\d{1,2})?(?:[- ](?:selling|performing|earning|grossing|growing|declining|shrinking|revenue|sales|profit|margin))? ${valueBefore}${words}(s|es)?\\b(?! (?:${CUSTOMER_NOUNS}|products?|items?)\\b)|\\b(?:growing|declining|shrinking) ${plural}\\b|\\bby [a-z-]+( [a-z-]+)? and ${words}(s|es)?\\b|^(?:(?:list|show|name|give)(?: me)? )?(?:(?:all|the|our|all our|any) )?${plural} (?:with|who|that|whose|where)\\b|(?<!\\bat )\\b(?:most|least) [a-z]+ ${plural}\\b|^(?:the )?(?:most|least) [a-z]+ ${words}\\b|\\b(?:rank|sort|compare)\\s+(?:the\\s+|our\\s+|all\\s+)?${plural}\\b|\\b${plural} (?:ranked |sorted |listed )?by (?:total |gross |net )?(?:revenue|sales|turnover|profits?|margins?|orders|units|quantity|spend)\\b`,
        ).test(text)
      )
        groupBy.push(d.key);
    }
  }
  return groupBy;
}

/** Measures that count customers: "customers" in the question is their noun, not a grouping. */
const CUSTOMER_COUNTS = new Set<Measure>(['customers', 'newCustomers', 'returningCustomers', 'repeatCustomers', 'oneTimeCustomers']);

/** "What's the margin on …", "what was our revenue from …": a question for one figure, "what" not asking which. */
const FIGURE_OF_THEM =
  /^(?:and |so )?what(?:'s| is| was| were| are| has been| have been)\s+(?:the |our |my )?(?:total |overall |combined )?(?:revenue|sales|turnover|gross profit|gross margins?|profits?|margins?|orders|units|average order value)\b/;
/** The customers a figure is of: "… of customers in Texas", "… of our customers", "… from all customers". */
const FIGURE_OF_CUSTOMERS = new RegExp(
  String.raw`\b(?:of|from|for|across) (?:our |the |all |all our |my )?(?:${CUSTOMERS_PLURAL})\b(?! (?:who|whose|that|which|with|without)\b)`,
);
/** The customers of a value the question names: "… for Home Office customers", "… of our Texas customers". */
function figureOfNamedCustomers(filters: readonly { values: string[] }[]): RegExp {
  const named = filters.flatMap((f) => f.values.map((v) => escapeRegex(asWritten(v))));
  if (named.length === 0) return /(?!)/;
  return new RegExp(
    String.raw`\b(?:of|from|for|across|among) (?:our |the |all |all our |my )?(?:${named.join('|')}) (?:${CUSTOMERS_PLURAL})\b(?! (?:who|whose|that|which|with|without)\b)`,
  );
}
/**
 * One figure of all the customers, said with a possessive: "What's our customers' average order
 * value?" ("What are our customers' revenues?" asks for each one's).
 */
const OUR_CUSTOMERS_FIGURE = new RegExp(
  String.raw`^(?:and |so )?what(?:'s| is| was)\s+(?:our |the |my |all |all our )(?:${CUSTOMERS_PLURAL})['’] `,
);
/** A share asked for: "what share of revenue", "what % of sales", "what proportion of profit". */
const SHARE_ASKED = /\b(?:share|percent(?:age)?|proportion|fraction|portion)\b|%/;
/**
 * The customers a share is of: "from Corporate customers", "of our German clients", "from
 * non-UK customers"; not ranked ones ("from the 10 biggest customers" lists their shares).
 */
const SHARE_FROM_CUSTOMERS = new RegExp(
  String.raw`\b(?:from|of|by|among)\s+(?:our\s+|the\s+|all\s+)?(?:(?!(?:top|bottom|best|worst|biggest|largest|smallest|main|key|\d{1,3})\s)[\p{L}\d-]+\s+){0,2}(?:${CUSTOMERS_PLURAL})\b(?! (?:who|whose|that|which|with|without)\b)`,
  'u',
);
/** Customers ranked or split one by one; "each year" splits no customers ("… from Corporate customers each year"). */
const CUSTOMERS_RANKED_OR_ONE_BY_ONE =
  /\b(?:top|bottom|best|worst|most|least|highest|lowest|which|list)\b|\b(?:each|every|per|individual|by)\s+(?:customer|client|account)s?\b/;
/** Customers split one by one: "each customer", "per customer", "by customer". */
const CUSTOMERS_SPLIT = /\b(?:each|every|per|individual)\b|\bby customers?\b/;
/** Customers listed or split: "each customer", "top customers", "by customer". */
const CUSTOMERS_LISTED_OR_SPLIT = new RegExp(
  String.raw`\b(?:top|bottom|best|worst|most|least|highest|lowest|which|list)\b|${CUSTOMERS_SPLIT.source}`,
);
/** The products ranked by name: "top 5 products", "which items". */
const PRODUCTS_RANKED = /\b(?:top|bottom|best|worst|which|what)(?: \d+)? (?:products?|items?)\b/;
/** "By month", "quarterly": a split by time, not by product. */
const BY_TIME_UNIT = /\b(?:by|per|each|every) (?:month|quarter|year|week)\b|\b(?:monthly|quarterly|yearly|annual|annually|weekly)\b/;
/** Words that rank or split the products named: "the top Safety products", "by product" (not "by month"). */
const RANKED_OR_SPLIT = /\b(?:top|bottom|best|worst|most|least|highest|lowest|which)\b|\b(?:by|per|each|every) (?:products?|items?)\b/;

/**
 * Whether "products" (or "items") follows a named value: "Safety products", "Acme items"; with
 * `possessive`, "Supplier 13's products" too (what a figure is of: "the margin of Supplier 13's
 * products" was listed product by product).
 */
function namesTheProducts(text: string, filters: readonly { values: string[] }[], possessive = false): boolean {
  const owner = possessive ? `(?:['’]s)?` : '';
  return filters.some((f) =>
    f.values.some((v) =>
      writtenForms(v).some((form) => new RegExp(`\\b${escapeRegex(form)}${owner} (products|items)\\b`).test(asWritten(text))),
    ),
  );
}

/** "Acme products" of "Acme Supply, Inc.": a value's first word typed before "products" (it added a product grouping). */
function namesTheProductsShort(text: string, filters: readonly { values: string[] }[]): boolean {
  return filters.some((f) =>
    f.values.some((v) => {
      const first = asWritten(v).split(' ')[0];
      return first.length > 2 && new RegExp(`\\b${escapeRegex(first)} (products|items)\\b`).test(asWritten(text));
    }),
  );
}

/**
 * A value as a question writes it, and without a company's legal form: "What's the margin of
 * Acme Supply products?" names "Acme Supply, Inc." (it listed each of its 373 products' margins).
 */
function writtenForms(value: string): string[] {
  const written = asWritten(value).replace(/\s+/g, ' ').trim();
  const short = written.replace(/ (?:inc|ltd|llc|gmbh|corp|co|plc|ag|sa|s a|bv|b v)\.?$/, '');
  return short !== written && short.length > 0 ? [written, short] : [written];
}

/**
 * "Which Bolt products …", "top 5 Hy-Vee stores", "Logitech sales by product": the values a
 * name's first words keep are what is listed (the last got the brand's total).
 */
function asksForThem(text: string, values: readonly string[]): boolean {
  const names = values.map((v) => escapeRegex(v.toLowerCase())).join('|');
  return new RegExp(
    `\\b(?:which|what|top|bottom|best|worst|list|show|rank|our)\\s+(?:\\d+\\s+)?(?:${names})\\s+(?:products|items|customers|stores|suppliers|vendors)\\b|\\b(?:by|per|each) (?:products?|items?|customers?|stores?|suppliers?|vendors?)\\b`,
  ).test(text.toLowerCase());
}

/**
 * Whether the question names a grouping other than `roles` (and time): customers, suppliers,
 * regions, reps, or one of the file's own columns asked for as rows ("Which states bought the
 * most Furniture products?" ranked product × state).
 */
function groupsOtherThan(roles: readonly string[], text: string, meta: SnapshotMeta, filters: readonly { values: string[] }[]): boolean {
  // "Sales of Furniture products by state" is by state; "Which Furniture products sell best by segment?" asks for the products by segment.
  const byToo = !roles.includes('product') || !PRODUCTS_ASKED.test(text);
  return (
    DIMENSION_WORDS.some(([re, dim]) => !roles.includes(dim) && !isTimeUnit(dim) && re.test(text)) ||
    asksForOtherRowsByName(text, meta, roles, filters, byToo)
  );
}

/**
 * Whether the question asks for another dimension's rows by its name: one of the file's own
 * columns ("which states", "top 3 sub-categories", "the most popular sub-category", and with
 * `byToo` "by state"; a header inside a value, "New York City", is none), or a role by the
 * file's own noun for it ("Which stores buy Diageo Americas products?" on Iowa, whose
 * customers are its store_name column, and "Which cities …", its region: both listed
 * product × store or city, as "Which customers buy …" does not).
 */
function asksForOtherRowsByName(
  text: string,
  meta: SnapshotMeta,
  roles: readonly string[],
  filters: readonly { values: string[] }[],
  byToo: boolean,
): boolean {
  const unnamed = filters.flatMap((f) => f.values).reduce((t, v) => t.split(asWritten(v)).join(' '), text);
  return meta.dimensions.some((d) => {
    if (d.key.startsWith('column:')) return asksForRowsCalled(d.label.toLowerCase(), unnamed, byToo);
    const noun = roles.includes(d.key) ? null : headerNoun(d);
    return noun !== null && asksForRowsCalled(noun, text, true);
  });
}

/** "which <noun>s", "top 3 <noun>s", "the most popular <noun>", and with `by` "by/per/each <noun>". */
function asksForRowsCalled(noun: string, text: string, by: boolean): boolean {
  const name = escapeRegex(noun).replace(/y$/, '(y|ies)');
  return new RegExp(
    `\\b(?:which|what|top|bottom|best|worst${by ? '|by|per|each' : ''})(?: \\d+)? ${name}(s|es)?\\b|\\b(?:most|least) [a-z-]+ ${name}(s|es)?\\b`,
  ).test(text);
}

/** Products asked for as the rows: "which Furniture products", "top 5 Acme products". */
const PRODUCTS_ASKED = /\b(?:which|what|top|bottom|best|worst)(?: \d+)?(?: [\w&'-]+){0,3}? (?:products|items)\b/;

/** Customers asked for as the rows: "by customer", "which customers", "top 5 clients". */
const CUSTOMERS_GROUPED = new RegExp(String.raw`\b(?:by|per|each|which|what|who|top(?: \d+)?|list(?: the| our)?) (?:${CUSTOMER_NOUNS})\b`);

/** Items as what units count: "number of items purchased", "items bought". */
const ITEMS_COUNTED = /\b(?:number|count|total|amount) of (?:items|products|units)\b|\bitems (?:purchased|bought|ordered)\b/;
