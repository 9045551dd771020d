/**
 * What the question grammar knows it can't answer exactly, so that it refuses with the
 * reason instead of letting a canned answer stand in for a different question: a figure
 * split by new and returning customers, a question about the answer to
 * another question ("for the top customer"), a grouping the file has no column for,
 * a value left out ("excluding …"), customers of both of two periods; and how a
 * threshold on a figure ("spent more than 1000") is read. Each was answered with another question's
 * figure before (README, "Ask anything, exactly").
 */
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { NUMBER_WORDS } from './number-words';
import { OR_BOUND } from './query-periods';
import { CUSTOMER_NOUNS, CUSTOMERS_NAMED, CUSTOMERS_PLURAL } from './customer-words';

/** Returns, refunds, cancellations, credit notes and what was credited back ("returning customers" is a measure of its own). */
export const RETURNS = /\b(returns?|returned|refunds?|refunded|credited|credit (notes?|memos?)|cancel(l?ed|lations?|s)?)\b/;
/** The ranks a nested question looks up. */
const NESTED_RANK = String.raw`top|best|biggest|largest|smallest|worst`;
/**
 * "What is the margin of our most profitable customer?" got the customer of the highest margin %
 * (Jenna Caffey, 47.5%), not the margin of the one with the most gross profit (Tamara Chand,
 * 47.1%); "the profit of our most profitable customer" is the ranking's own figure.
 */
const MARGIN_OF_THE_MOST_PROFITABLE = String.raw`\b(?:of|for|on) (?:the|my|our) (?:most|least) (?:profitable|lucrative) (?:customer|client|account|product|supplier|region|category)\b(?<=\bmargins?\b.*)`;
/**
 * "Revenue by category for the top customer", "What did our top customer buy?" (it named the top
 * customer and their revenue, not what they bought), "Which products did our biggest customer buy?"
 * (the top customer-and-product pair): a question about the answer to another question.
 */
const NESTED = new RegExp(
  String.raw`\b(for|of|from|by|to) (the|my|our) (${NESTED_RANK}) (customer|client|account|product|supplier|region|category|rep|sales rep)\b|\b(?<=what (?:did|does|do|has|have) )(the|my|our) (${NESTED_RANK}) (customer|client|account)(?= (?:buy|bought|order|ordered|purchase|purchased)\b(?!\s+(?:in total|altogether|overall)))|\b(?<=(?:what|which) (?:products?|items?|goods|categor(?:y|ies)|sub-categor(?:y|ies)|brands?|skus?) (?:did|does|do|has|have) )(the|my|our) (${NESTED_RANK}) (customer|client|account)(?= (?:buy|bought|order|ordered|purchase|purchased)\b)|${MARGIN_OF_THE_MOST_PROFITABLE}`,
);
/** "Profit from new customers": a figure other than revenue split by customer type, which the query can't make. */
const SPLIT_BY_NEW = new RegExp(
  String.raw`\b(profit|margin|orders|units|average order value|aov|average order|basket size)\b.*\b(from|of|by|with|for) (the )?(new|returning|repeat|existing) (${CUSTOMERS_PLURAL})\b`,
);
/**
 * "Average revenue per new customer in 2021" was all customers' (1,058.03 over 693; the 11 new
 * customers' is 682.89), read with "new" dropped: an average per customer of one kind, which
 * the query can't make.
 */
const KIND = String.raw`(?:new|returning|existing|first[- ]time)`;
const ONE = String.raw`(?:customer|client|account|buyer)s?`;
const PER_CUSTOMER_OF_A_KIND = new RegExp(
  [
    String.raw`\b(?:revenue|sales|spend|spending|value|turnover)\s+per\s+${KIND}\s+${ONE}\b`,
    String.raw`\baverage\s+(?:(?:revenue|sales|spend|spending|value|turnover)\s+)?(?:per|of|for|from|by)\s+(?:an?\s+|the\s+|each\s+|our\s+)?${KIND}\s+${ONE}\b`,
    String.raw`\bper\s+(?:customer|client|account|head)\b[^?.!]*\b(?:for|of|from|among|by)\s+(?:the\s+|our\s+)?${KIND}\s+${ONE}\b`,
    String.raw`\baverage\s+${KIND}\s+(?:customer|client|account|buyer)\s+(?:revenue|sales|spend|spending|value)\b`,
  ].join('|'),
);
/** Why an average per customer of one kind is not read, or null: the averages read before the other shapes. */
export function perCustomerOfAKind(question: string): string | null {
  return PER_CUSTOMER_OF_A_KIND.test(question.toLowerCase())
    ? 'I can count new and returning customers and give the revenue of each kind, not yet the average per customer of one kind; ask for the new customers and how much they spent (“new customers and how much they spent last year”) for the two figures.'
    : null;
}
/** Revenue, profit or orders split by customers' order counts, which the query can't make. */
export const ORDER_COUNT_ONLY =
  "I can count customers with one order and customers with two or more, but I can't split revenue, profit or orders between them yet.";
/** "Revenue from repeat customers": of customers with 2+ orders, which the query can't split revenue by. */
const REVENUE_BY_REPEAT = new RegExp(
  String.raw`\b(revenue|sales|turnover|spend)\b.*\b(from|of|by|with|for) (the )?repeat (${CUSTOMERS_PLURAL})\b`,
);
/** "Revenue excluding returns": an exclusion whose clause names no value of the file (`exclusionOf` in query-exclusions.ts reads the others). */
const EXCLUSION = /\b(excluding|exclude|excludes|except|excl\.?|other than|apart from|aside from|not including|minus|without)\b/;
/**
 * "Customers who spent more than 1000": a threshold on a figure, which the query can't
 * filter by. "Over 12 months" and "over 2021" are periods, not thresholds; "above 2021" is
 * a bound, which the grammar refuses as a year or an amount (`YEAR_AS_BOUND`).
 */
const THRESHOLD =
  /(?:[<>]=?|[≥≤])\s*[$£€]?\s?-?\d[\d,.]*|\b(?:(?:more|less|fewer|greater|higher|lower)\s+than|at least|at most|exceeding)\s+[$£€]?\s?-?\d[\d,.]*|\b(?:over\s+(?!(?:19|20)\d\d\b)|(?:under|above|below)\s+)[$£€]?\s?-?\d[\d,.]*(?![\d,.])(?!\s*(?:days?|weeks?|months?|quarters?|years?)\b)/;
/**
 * "Customers who bought in every year" (this read as the whole file's customers), "buy
 * Binders every year", "in all four quarters": customers of every period. "Bought in each month" is a count by month; "in both 2020 and 2021" is two
 * periods, which the grammar answers (query-stopped.ts, whoWasKept).
 */
export const EVERY_PERIOD =
  /\b(in|during) (each|every) of\b|\b(bought|ordered|purchased|buy|buys|order|orders|purchase)(?: [^\s?]+){0,6}? (?:(in|during) )?(every|all) (the )?(?:(?:two|three|four|five|six|twelve|\d{1,2}) )?(years?|months?|quarters?|weeks?)\b/;
/**
 * "Which products sold in every region?" listed product × region revenue, "Customers who bought
 * from every supplier" customer × supplier: what sold in every value of a column, which the
 * query can't pick out.
 */
const EVERY_VALUE =
  /\b(?:sold|bought|ordered|purchased|buy|buys|sell|sells|order|orders|purchase)(?: [^\s?]+){0,6}? (?:in|from|to|across|by) (?:every|all)(?: (?:two|three|four|five|six|seven|eight|nine|ten|\d+))? (?:the |of the |our )?(regions?|countr(?:y|ies)|states?|cit(?:y|ies)|categor(?:y|ies)|sub-?categor(?:y|ies)|suppliers?|vendors?|stores?|segments?|channels?|territor(?:y|ies)|reps?|sales reps?)\b/;
/** "Which day had the most orders?": the query groups by week at the finest, so this read as the total. */
const BY_DAY =
  /\b(which|what) (day|date|weekday|day of the week)\b|\b(?:top|bottom|best|worst|busiest|slowest|biggest|highest|lowest)\s+(?:\d+|two|three|four|five|ten)\s+(?:days|dates)\b|\bby (?:day|date)\b(?! of)|\b(best|worst|busiest|slowest|quietest|biggest|strongest|weakest) (day|date|weekday)\b|\bdaily (revenue|sales|turnover|orders|units|totals?|figures|average)\b|\b(?:highest|lowest|top|best|worst|biggest|peak|record|max(?:imum)?|min(?:imum)?)\s+(?:(?:revenue|sales|profit|orders?|spending|selling|grossing)\s+)?(?:day|date|weekday|hour)\b|\b(?:day|date|hour)s? (?:with|of) (?:the )?(?:most|highest|lowest|fewest|biggest|best|worst)\b|\b(?:hour|time) of (?:the )?day\b|\bby hour\b|\bwhat hour\b/;
/**
 * "Which products have never been sold?" got every product's revenue: a file of sales holds
 * only what sold. "Customers who never bought Furniture" is no query the grammar makes either;
 * "which customers spend nothing on furniture?" listed the 707 who bought some.
 * "Never ordered again" is a one-time buyer, which it counts.
 */
const NEVER_SOLD =
  /\b(never|not ever)\b(?: (?:been|once|yet))? (?:sold|bought|ordered|purchased|sell|buy|order|purchase)\b(?! (?:again|twice|a second time|more than once|back))|\bunsold\b|\b(?:products?|items?|skus?|articles?) (?:with|having|that have|that had) (?:no|zero) (?:sales|orders|revenue)\b|\b(?:spends?|spent|spending|buys?|bought|orders?|ordered|purchases?|purchased) (?:nothing|none|zero|0)\b|\b(?:no|zero) (?:spend|spending|purchases) (?:on|of)\b/;
/**
 * "Which customers buy only Furniture?" listed the 707 who bought any: a customer who bought
 * nothing else is no filter the query has. "Bought only once" is a count of orders, kept.
 * "Which customers buy from Supplier 13 only?" listed every customer of Supplier 13 too, and
 * "… from Acme Supply, Inc. only?" (a comma in the name), "… bought only in the West?" and
 * "Which products are sold only in Texas?" every buyer or seller there. "Orders only in the
 * West" is still the West's orders. "Only ever bought Technology" counted its 687 buyers (it is 1).
 */
const ONLY_BOUGHT =
  /\b(?:buy|buys|bought|buying|purchased|ordered|sell|sells|sold)\s+(?:only|exclusively|nothing but)\s+(?!once\b|one\b|1\b|twice\b|two\b|2\b|a single\b)|\b(?:purchases?|orders?)\s+(?:only|exclusively|nothing but)\s+(?!once\b|one\b|1\b|twice\b|two\b|2\b|a single\b|in\b|from\b|on\b)|\b(?:only|exclusively)(?: ever)? (?:buy|buys|bought|purchased?|ordered|sold|used|shopped)\b(?! (?:(?:from|in|at) )?(?:once|one|twice|a single|by)\b)|\b(?:buy|buys|bought|buying|purchased|purchasing|ordered|ordering)\s+(?!(?:once|one|1|twice|two|a single)\b)[^?;]*?\s(?:only|exclusively)\b(?!\s+(?:once|one|twice)\b)/;
/**
 * "How many orders shipped late?" got every order: how long an order took to ship or arrive
 * is no figure the rows are summed into, even where a ship date column exists.
 */
const SHIPPING_TIME =
  /\b(?:shipped|delivered|arrived|dispatched|shipping|delivery|deliveries|shipments?)\s+(?:(?:was|were|is|are|too|very)\s+)?(?:late|on time|delayed|overdue)\b|\b(?:late|delayed|overdue|on-time) (?:orders|deliveries|shipments)\b|\b(?:shipping|delivery|lead|transit|fulfil(?:l)?ment|processing) (?:times?|days|delays?)\b|\bdays to (?:ship|deliver)\b/;
/** "The median order value": the query adds up, counts and averages; it keeps no distribution. */
const MEDIAN = /\b(median|percentiles?|quartiles?|distribution|histogram|standard deviation|std dev|variance)\b/;
/** A share of a total: "what percentage of revenue comes from …", "the West's share of sales". */
export const SHARE = /\b(percent(age)?|share|proportion|fraction)\s+of\b|%\s+of\b/;

/**
 * The filter "returned = yes" on a column that marks returned orders: a returns list
 * joined by order id (Superstore's `Returned`) or the file's own flag column.
 */
export function returnedFilterOf(meta: SnapshotMeta): { dimension: string; values: string[]; match: 'exact' } | null {
  for (const d of meta.dimensions) {
    if (!d.key.startsWith('column:') || !/^(is )?return(ed|s)?$/i.test(d.label.trim())) continue;
    const yes = [...new Set(d.values)].filter((v) => /^(yes|y|true|1|x|returned)$/i.test(v.trim()));
    if (yes.length) return { dimension: d.key, values: yes, match: 'exact' };
  }
  return null;
}

/** A threshold on a figure, as the question words it: "more than 1,000" → > 1000, and what it counts. */
export interface Threshold {
  words: string;
  op: '>' | '>=' | '<' | '<=' | '=' | 'between';
  value: number;
  /** The upper end of a range ("between 5k and 10k" → 5000 to 10000, both included). */
  upTo?: number;
  /** The figure named after the number ("5 orders"), `other` for one the query can't count ("5 suppliers"), or null for an amount of money. */
  unit: 'orders' | 'units' | 'customers' | 'products' | 'percent' | 'other' | null;
  /** A number other than 0 right after "margin", with no % sign: a percentage or an amount, which can't be told. */
  marginUnclear?: true;
  /** An amount after a verb of spending ("spent over 5,000") or the list's noun ("customers over 5k"): revenue's, whatever other figure is asked. */
  spent?: true;
  /** The figure of money named right before the bound ("with revenue over 5,000", "profit above 1,000"). */
  of?: 'revenue' | 'grossProfit' | 'cost';
}

/** The words of each figure of money a bound may name, before or after its amount. */
const MONEY_FIGURES: [words: string, figure: NonNullable<Threshold['of']>][] = [
  ['revenue|sales|turnover|income', 'revenue'],
  ['gross profit|profits?', 'grossProfit'],
  ['costs?|cogs', 'cost'],
];

/**
 * A figure of money named right before a bound: "top 5 customers by gross profit with revenue over
 * 5000" kept those with gross profit over 5,000, ranked by revenue, the first figure of money named.
 */
const MONEY_BEFORE = MONEY_FIGURES.map(
  ([words, figure]) => [new RegExp(String.raw`\b(?:${words})\s+(?:(?:of|is|was|were|are)\s+)?$`), figure] as const,
);

/** "with over 3000 in profit", "more than 10k of revenue": the figure named right after the amount. */
const MONEY_AFTER = MONEY_FIGURES.map(([words, figure]) => [new RegExp(String.raw`^\s*(?:in|of)\s+(?:${words})\b`), figure] as const);

function withMoneyNamed(threshold: Threshold, before: string, after: string): Threshold {
  if (threshold.unit !== null) return threshold;
  const of = (MONEY_AFTER.find(([re]) => re.test(after)) ?? MONEY_BEFORE.find(([re]) => re.test(before)))?.[1];
  return of ? { ...threshold, of } : threshold;
}

/**
 * A verb of spending right before the bound: "customers who spent over 5,000", "paid more than
 * $10k", "bought for more than 1,000". "Profit from customers who spent over 5,000" kept the
 * customers with profit over 5,000 (5 of them; 117 spent that much). "Ordered more than 5" or
 * "bought 10 or more" is more often a count, so only "for" makes those money.
 */
const SPENT_BEFORE =
  /\b(?:spent|spend|spends|spending|paid|pay|pays|(?:bought|buy|buys|purchased|ordered) for)(?: (?:us|with us|in total|a total of|altogether))?\s*$/;

/**
 * The threshold, marked as revenue's when a verb of spending comes right before it, and as a count
 * of orders after "ordered" or "placed" with no sign of money ("profit of customers who ordered
 * more than 5" kept the customers with gross profit over 5).
 */
function withSpendingRead(threshold: Threshold, before: string): Threshold {
  if (threshold.unit !== null) return threshold;
  if (SPENT_BEFORE.test(before) || LISTED_BEFORE.test(before)) return { ...threshold, spent: true };
  return /\b(?:ordered|placed)\s*$/.test(before) && !/[$£€]|\d\s?(?:k|m|thousand|million)\b/i.test(threshold.words)
    ? { ...threshold, unit: 'orders' }
    : threshold;
}

/** "A margin below …", "margin of less than …": the threshold is the margin's. */
const MARGIN_BEFORE = /\bmargins?\s+(?:(?:of|is|was|are|were)\s+)?$/;

/**
 * "Between 5k and 10k", "between $1,000 and $5,000": a range of a figure (two years are a
 * period). It was refused, and before that every customer was listed.
 */
const BETWEEN_AMOUNTS =
  /\bbetween\s+[$£€]?\s?(\d[\d,.]*)(?![\d-])(\s?(?:k|thousand|m|mn|million|bn|billion)\b)?\s*(?:%|percent\b)?\s*(?:and|to|-|–)\s*[$£€]?\s?(\d[\d,.]*)(?![\d-])/;

/** The question's threshold, or null. */
export function thresholdOf(question: string): Threshold | null {
  const text = withCountsAsDigits(question);
  // "How many customers ordered exactly 2 times?" and "bought twice" counted every customer.
  const exact = EXACT_ORDERS.exec(text);
  if (exact) return { words: exact[0], op: '=', value: Number(exact[1] ?? exact[2] ?? 2), unit: 'orders' };
  // "How many customers spent exactly 0?" counted every customer, with all revenue beside them.
  const amount = EXACT_AMOUNT.exec(text);
  if (amount) return { words: amount[0].replace(/^\S+\s+/, ''), op: '=', value: numberOf(amount[1]), unit: null };
  const range = BETWEEN_AMOUNTS.exec(text);
  if (range && !bothYears(range[1], range[3])) return rangeOf(text, range);
  const found = THRESHOLD.exec(text);
  if (!found) return orMoreOf(text);
  const words = found[0];
  const value = numberOf(words);
  // "Revenue > 2000" listed every customer's revenue: the signs are bounds too.
  const op = /^(>=|≥|at least)/.test(words)
    ? '>='
    : /^(<=|≤|at most)/.test(words)
      ? '<='
      : /^(>|more|greater|higher|over|above|exceeding)/.test(words)
        ? '>'
        : '<';
  const { scale, unit, suffix } = scaleAndUnit(text.slice(found.index + words.length));
  const threshold: Threshold = {
    words: `${words}${suffix}`,
    op,
    value: value * scale,
    // "Orders > 10", and "customers with orders more than 10" (read as revenue): with no unit after, the figure before.
    unit: /^[<>≤≥]/.test(words) ? (unitBefore(text.slice(0, found.index)) ?? unit) : (unit ?? countBefore(text.slice(0, found.index))),
  };
  // "Products with a margin below 0" kept the products with revenue below 0: a margin below
  // 0 is below 0% (a loss), and below 1,000 could be either a percentage or an amount.
  if (threshold.unit !== null || !MARGIN_BEFORE.test(text.slice(0, found.index)))
    return withMoneyNamed(
      withSpendingRead(threshold, text.slice(0, found.index)),
      text.slice(0, found.index),
      text.slice(found.index + found[0].length),
    );
  return threshold.value === 0 ? { ...threshold, unit: 'percent' } : { ...threshold, marginUnclear: true };
}

/** An exact amount spent: "spent exactly 0", "revenue of exactly $100" (not "exactly 3 times"). */
const EXACT_AMOUNT =
  /\b(?:spent|spend|spends|spending|paid|revenue of|sales of)\s+exactly\s+[$£€]?\s?(\d[\d,]*(?:\.\d+)?)(?![\d.,])(?!\s*(?:times|orders|purchases|invoices|units|items|k|m|thousand|million)\b)/;

/**
 * An exact count of orders: "exactly 3 orders", "ordered 2 times", "bought twice" (as many
 * purchases), "bought Chairs 3 times" (it listed every buyer of Chairs); "more than 3 times" is
 * a threshold of its own.
 */
const EXACT_ORDERS =
  /\bexactly (\d+) (?:times|orders|purchases|invoices)\b|\b(?:bought|ordered|purchased|shopped)(?: (?!(?:times|more|less|fewer|than|over|under|above|below|least|most|up)\b)[^\s?]+){0,6}? (?:exactly )?(?:(\d+) times|twice)\b(?! or\b)/;

/**
 * A count named right before a bound in words, in the plural ("orders more than 10"); "a single
 * order over 5000" is an order's amount, and a margin's bound stays unclear (MARGIN_BEFORE).
 */
function countBefore(text: string): Threshold['unit'] {
  return COUNT_BEFORE.test(text) ? unitBefore(text) : null;
}

/**
 * A count a bound follows, after what has it ("products with customers over 50", "customers
 * whose orders are above 10"); "customers over 5k" are the customers listed, past an amount
 * (it kept the customers with over 5,000 distinct customers: none).
 */
const COUNT_BEFORE =
  /\b(?:with|having|has|have|had|whose|their|its|by|of|in|where|and)\s+(?:(?:more|most|fewer|the|total|number of)\s+)*(?:orders|invoices|units|customers|products)\s+(?:(?:is|are|was|were)\s+)?$/;
/** The list's own noun right before a bound: "customers over 5k", "stores above 10,000", "products under 500". */
const LISTED_BEFORE =
  /^\s*(?:(?:which|what|list|show|give|me|all|our|the|my|any|how many|top|bottom|best|worst|biggest|largest|smallest|\d{1,3})\s+)*(?:customers|clients|accounts|buyers|stores|shops|products|items|skus|suppliers|vendors|reps)\s*$/;

/** "Margin < 0", "orders >= 10": with a sign, the figure is named before it. */
function unitBefore(text: string): Threshold['unit'] {
  const word = /\b(orders?|invoices?|units?|quantity|customers?|products?|margin)\s*%?\s*$/.exec(text)?.[1];
  if (!word) return null;
  if (word === 'margin') return 'percent';
  if (/^(orders?|invoices?)$/.test(word)) return 'orders';
  if (/^(units?|quantity)$/.test(word)) return 'units';
  return /^customers?$/.test(word) ? 'customers' : 'products';
}

/**
 * "Orders of 2000 or more", "10 units or fewer": the number before "or more". "How many orders
 * of 2000 or more in 2021?" counted every order of 2021 (and once set them against the year 2000).
 */
const OR_MORE = new RegExp(
  String.raw`(?<![\d,.])[$£€]?\s?(\d[\d,.]*)((?:\s?(?:k|thousand|m|mn|million|bn|billion)\b)?(?:\s+[a-z]+)?)\s+or\s+(${OR_BOUND})\b(?!\s+(?:recent|recently|often|frequently|later)\b)`,
);

function orMoreOf(text: string): Threshold | null {
  const found = OR_MORE.exec(text);
  if (!found) return null;
  const { scale, unit: before } = scaleAndUnit(found[2]);
  // "3 or fewer times", "100 or more units": the figure named after "or more".
  const after = found[2].trim() ? null : scaleAndUnit(text.slice(found.index + found[0].length));
  const op = /^(more|above|over|greater|higher)$/.test(found[3]) ? '>=' : '<=';
  return withSpendingRead(
    { words: `${found[0].trim()}${after?.suffix ?? ''}`, op, value: numberOf(found[1]) * scale, unit: before ?? after?.unit ?? null },
    text.slice(0, found.index),
  );
}

/**
 * A range's two ends, each scaled: "between 5 and 10 million" scales both ends (the first,
 * written without one, when it is the smaller number as written), "between 500 and 10k" the
 * second only. Ends written the wrong way round are swapped; the answer's first line says
 * which range it kept.
 */
function rangeOf(text: string, range: RegExpExecArray): Threshold {
  const [first, second] = [numberOf(range[1]), numberOf(range[3])];
  const end = scaleAndUnit(text.slice(range.index + range[0].length));
  const firstScale = range[2] ? SCALES[range[2].trim()] : first < second ? end.scale : 1;
  const [low, high] = [first * firstScale, second * end.scale].sort((a, b) => a - b);
  return { words: `${range[0]}${end.suffix}`, op: 'between', value: low, upTo: high, unit: end.unit };
}

function bothYears(a: string, b: string): boolean {
  return /^(19|20)\d\d$/.test(a) && /^(19|20)\d\d$/.test(b);
}

/** "1,000" → 1000; "2.5." (a sentence's full stop) → 2.5. */
/** The number written, with its sign: "customers with profit below -1000" kept every customer. */
function numberOf(written: string): number {
  return Number((/-?\d[\d,.]*/.exec(written)?.[0] ?? '').replace(/,/g, '').replace(/\.$/, ''));
}

/** Customers counted after a number: "more than 10 customers". */
const CUSTOMERS_FIRST = new RegExp(String.raw`^\s*(${CUSTOMER_NOUNS})\b`);

/**
 * The number's scale ("4 million", "2.5k": "more than 4 million" once kept revenue > 4) and
 * the figure named after it, from the words that follow it; `suffix` is those words as written.
 */
function scaleAndUnit(after: string): { scale: number; unit: Threshold['unit']; suffix: string } {
  const scale = SCALE.exec(after);
  const rest = scale ? after.slice(scale[0].length) : after;
  const unit = /^\s*(%|percent\b)/.test(rest)
    ? 'percent'
    : // "More than 2 times the average" is a multiple, not a count of orders.
      /^\s*(orders?|invoices?|purchases?|transactions?|times(?!\s+(?:the|as|our|their|that|its|his|her|what)\b))\b/.test(rest)
      ? 'orders'
      : /^\s*(units?|items?|pieces?)\b/.test(rest)
        ? 'units'
        : CUSTOMERS_FIRST.test(rest)
          ? 'customers'
          : /^\s*(products?|skus?|articles?)\b/.test(rest)
            ? 'products'
            : // "More than 5 suppliers" once read as revenue > 5: a figure the query has no count of.
              // "More than one sales rep" read as revenue > 1 ("sales" of a rep is no revenue).
              // "Spent over 10k all time", "… ever" read "all" and "ever" as what was counted.
              /^\s*(?!(?:in|on|during|for|and|or|of|from|since|before|after|by|per|each|with|last|this|the|dollars?|euros?|pounds?|usd|eur|gbp|chf|revenue|sales(?! (?:reps?|people|persons?|managers?|team))|turnover|spend|worth|total|profit|all|ever|overall|altogether|lifetime|so far|to date)\b)[a-z]{3,}/.test(
                  rest,
                )
              ? 'other'
              : null;
  const noun = unit === 'other' ? ` ${/(?:sales )?[a-z]+/.exec(rest)?.[0]}` : '';
  return { scale: scale ? SCALES[scale[1]] : 1, unit, suffix: `${scale ? scale[0] : ''}${noun}` };
}

const SCALES: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mn: 1e6, million: 1e6, bn: 1e9, billion: 1e9 };
const SCALE = /^\s?(k|thousand|m|mn|million|bn|billion)\b/;

/** Why churn risk and the segments, of every customer, keep none by a threshold ("at risk customers worth over 10k"). */
export function thresholdOnListsReason(words: string): string {
  return `I can't apply “${words}” to churn risk or the segments yet; ask for them on their own, or for customers past the threshold.`;
}

/** The refusal of a threshold the query can't apply: on a total, or on a figure it has no rows of. */
export function thresholdRefusal(threshold: Threshold): string {
  if (threshold.marginUnclear)
    return `I can't tell whether a margin “${threshold.words}” is a percentage or an amount: ask for a margin “${threshold.words}%” or for gross profit “${threshold.words}”.`;
  if (threshold.unit === 'other')
    return `I can't apply “${threshold.words}” yet: I can keep customers, products or other rows by their revenue, profit, margin, orders, units or customers, not by that count.`;
  return `I can't apply “${threshold.words}” here: a threshold keeps the customers, products or other rows of a list, such as "customers who spent more than 1,000 in 2021".`;
}

/**
 * "Which customers have open orders?" got every customer's orders: whether an order is open,
 * unpaid or overdue is no column of a file of what was sold.
 */
const ORDER_STATUS =
  /\b(?:open|pending|unpaid|overdue|outstanding|unfulfilled|unshipped|back-?ordered) (?:orders?|invoices?|balances?|payments?|amounts?)\b|\bback ?orders?\b|\b(?:accounts receivable|receivables|days sales outstanding|payment terms)\b|\b(?:paid|pay) (?:late|on time)\b/;

/** The reason a question can't be answered exactly, for the shapes above; null when none applies. */
export function limitOf(text: string, neverBoughtNamed = false): string | null {
  const nested = NESTED.exec(text);
  if (nested)
    return `I can't look up "${nested[0].replace(/^\w+ /, '')}" and answer about it in one step; ask who or what it is first, then ask again by name.`;
  if (SPLIT_BY_NEW.test(text))
    return "I can count new and returning customers and give the revenue from each, but I can't split profit, margin, orders, units or the average order value between them yet.";
  if (REVENUE_BY_REPEAT.test(text)) return ORDER_COUNT_ONLY;
  const excluded = EXCLUSION.exec(text);
  if (excluded)
    return `I can leave out values this file holds, such as a region, a category or a customer (“excluding the UK”), but found no value of this file to leave out after “${excluded[0]}”.`;
  if (BY_DAY.test(text))
    return 'I can rank weeks, months, quarters and years, but not single days or hours yet; ask for the busiest week, for example.';
  // "Which customers never bought Bearings?" names what they never bought: query-stopped.ts's whoNeverBought.
  const customersAsked = CUSTOMERS_NAMED.test(text);
  if (NEVER_SOLD.test(text) && !(customersAsked && neverBoughtNamed))
    return /\b(products?|items?|skus?|articles?|goods)\b/.test(text) && !customersAsked
      ? 'This file lists what was sold, so every product in it sold at least once; products that never sold are not in it. Upload your full product list joined to the sales to find them.'
      : 'I can find customers who bought in one period but not in another; “never bought” something is not something I can answer exactly yet.';
  if (ONLY_BOUGHT.test(text))
    return /\b(?:sell|sells|sold)\b/.test(text) && !customersAsked
      ? 'I can list the products (or other rows) sold somewhere, but not yet those sold nowhere else; ask for them by the place or value, such as “revenue by product in Texas”, and compare.'
      : 'I can list the customers who bought something, but not yet those who bought nothing else; ask for the customers of one value and compare them with the customers of the others.';
  if (SHIPPING_TIME.test(text))
    return "I can't tell how long orders took to ship or arrive, or which were late: I add up and count the rows by their order date, not the time between two dates.";
  if (ORDER_STATUS.test(text))
    return "I can't tell which orders are open, unpaid or overdue: the file holds what was sold and when, not the status of orders or payments.";
  if (MEDIAN.test(text))
    return 'I can add up, count and average (the average order value, revenue per customer), but not give medians or distributions yet.';
  // "Which customers did we win back?" got the churn list, the customers still to win back.
  if (/\b(?:did|have|has) (?:we|you|they) (?:win|won) back\b|\b(?:won|were won) back\b/.test(text))
    return "I can't tell which customers came back after a lapse yet; I can list customers who bought in one period but not in another, or, as the churn list, those still to win back.";
  // "Which customers spent the most in their first month?" ranked everything they ever bought.
  const ownStart = OWN_START.exec(text);
  if (ownStart)
    return `I can't measure each customer from their own first purchase yet (“${ownStart[0]}”); ask for a calendar period, or for the cohorts, such as “How did customers won in Q1 do after 6 months?”.`;
  const everyValue = EVERY_VALUE.exec(text);
  if (everyValue) {
    const noun = everyValue[1].replace(/ies$/, 'y').replace(/s$/, '');
    const rows = new RegExp(String.raw`\b(?:${CUSTOMERS_PLURAL})\b`).test(text) ? 'customer' : 'product';
    return `I can't pick out the ${rows}s found in every ${noun} yet; ask for the figures by ${noun} (such as “revenue by ${rows} and ${noun}”) and read across them.`;
  }
  if (EVERY_PERIOD.test(text))
    return 'I can list the customers who bought in both of two periods (“customers who bought in both 2023 and 2024”), or in one but not the other; not those who bought in every year, quarter or month yet.';
  return null;
}

/**
 * A span counted from each customer's own first purchase: "in their first month", "spent on
 * their first order", "within 90 days of their first order" ("came back after their first
 * order" is the repeat rate).
 */
const OWN_START =
  /\b(?:their|his|her|its|each customer's) first (?:\d+ )?(?:days?|weeks?|months?|quarters?|years?)\b|\b(?:on|in|with|from) (?:their|his|her|its|each customer's) first (?:orders?|purchases?)\b|\b(?:(?:within|in) (?:the )?(?:first )?\d+ )?(?:days?|weeks?|months?) (?:of|after|since) (?:their|the) first (?:order|purchase)\b/;

/** Words after "which" that are no grouping: "which one has", time units, measures. */
const WHICH_OK =
  /^(one|ones|of|is|are|was|were|month|months|quarter|quarters|week|weeks|year|years|day|days|revenue|sales|profit|margin|orders?|units?|period|sub-?categor(?:y|ies))$/;

/** The plural a count ranks: "top 5 counties", "our 3 biggest brands", "best ten warehouses". */
const RANKED_NOUN =
  /\b(?:top|bottom|best|worst|biggest|largest|smallest|highest|lowest)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|fifty)\s+([a-z][\w-]*s)\b(?:\s+([a-z][\w-]*))?/;

/**
 * Words after "top 5" that are no grouping: "top 5 percent", "top 10 sellers" (products), "top 3
 * performers"; sub-categories have a refusal of their own, which names the column.
 */
const RANKED_OK =
  /^(percent|percents|sellers|performers|earners|ones|items|others|results|rows|lines|entries|names|spenders|buyers|sub-?categories)$/;

/** Two words that name one grouping, where the second alone would be a figure: "business units", "cost centres". */
const COMPOUND_GROUPING = /^(?:business|cost|profit|operating) (?:units?|cent(?:er|re)s?)$/;

/** Words after "by" that are not a grouping: measures, orderings and people ("sold by"). */
const BY_OK =
  /^(more than|less than|fewer than|at least|at most|over|under|above|below)\b|^(the |a |an )?(?:(?:total|overall|net|gross) )?(revenue|revenues|sales|turnover|profit|gross|margin|margins|orders?|units?|quantity|qty|value|volume|customers?|clients?|accounts?|spend|income|amount|far|itself|themselves|how|what|which|name|count|number|percent|percentage|average|aov|size|change|growth|cogs|costs?(?! cent(?:er|re))|region|category|supplier|vendor|product|month|quarter|year|week|rep|sales ?rep)\b/;

/**
 * "Profit by discount level" on a file with no such column: the grouping a "by" asks for,
 * when it names nothing the grammar knows (a dimension word, a column of the file, a time
 * unit or a measure), so it is refused by name instead of silently dropped.
 */
export function unknownGrouping(
  text: string,
  meta: SnapshotMeta,
  filters: readonly { values: string[] }[],
  isDimensionWord: (word: string) => boolean,
): string | null {
  // "Orders placed by Sean Miller": a name the question already matched is a filter, not a grouping.
  const named = filters.flatMap((f) => f.values.map((v) => v.toLowerCase()));
  // "Which city has the highest sales?" answered the total when the file had no such column.
  // "Which sales channel performs best?" and "Which business units grew?" got the total too: the
  // noun may come after a first word ("sales", "business"), and the two may name a grouping ("sales rep").
  const which =
    /\bwhich ([a-z][\w-]*)(?: ([a-z][\w-]*))? (?:has|had|have|is|was|were|are|sells?|sold|bought|buys?|made|makes|brought|brings|did|does|got|gets|performs?|performed|grew|grows|earns?|earned|generates?|generated|drives?|drove|leads?|led|contributes?|contributed|spent|spends?|orders?|ordered|purchases?|purchased)\b/.exec(
      text,
    );
  const compound = which?.[2] ? `${which[1]} ${which[2]}` : '';
  // "Which business units grew?": a unit of the business, not units sold.
  const whichNoun = COMPOUND_GROUPING.test(compound) ? compound : which ? (which[2] ?? which[1]) : '';
  if (
    which &&
    !WHICH_OK.test(whichNoun) &&
    !isDimensionWord(whichNoun) &&
    !(compound && (isDimensionWord(compound) || isDimensionWord(which[1])))
  ) {
    const labels = meta.dimensions.map((d) => d.label.toLowerCase());
    // "Which ship mode is most profitable?" is Superstore's Ship Mode.
    const stems = [compound, whichNoun].filter(Boolean).map((words) => words.replace(/(ies|s)$/, ''));
    if (!labels.some((label) => stems.some((stem) => label.startsWith(stem)))) return compound || which[1];
  }
  // "Top 5 counties by sales" got the total revenue when the file had no county column.
  const ranked = RANKED_NOUN.exec(text);
  // "Top 5 sales reps": the two words may name the grouping together.
  const rankedWords = ranked ? `${ranked[1]} ${ranked[2] ?? ''}`.trim() : '';
  if (
    ranked &&
    !RANKED_OK.test(ranked[1]) &&
    !isDimensionWord(ranked[1]) &&
    !isDimensionWord(rankedWords) &&
    !named.some((value) => value.startsWith(ranked[1]))
  ) {
    const labels = meta.dimensions.map((d) => d.label.toLowerCase());
    if (!labels.some((label) => label.startsWith(ranked[1].replace(/(ies|s)$/, '')))) return ranked[1];
  }
  for (const m of text.matchAll(/\b(?:by|per|for each) ([a-z][\w-]*(?: (?:of|the) [a-z][\w-]*| [a-z][\w-]*)?)/g)) {
    const words = m[1];
    if (named.some((value) => value.startsWith(words.split(' ')[0]))) continue;
    if (BY_OK.test(words) || isDimensionWord(words.split(' ')[0])) continue;
    const labels = meta.dimensions.map((d) => d.label.toLowerCase());
    if (labels.some((label) => words.startsWith(label) || label.startsWith(words.split(' ')[0]))) continue;
    return words.split(' ').length > 1 && /^(in|for|from|during|and|vs|with|since|last|this)$/.test(words.split(' ')[1])
      ? words.split(' ')[0]
      : words;
  }
  return null;
}

/** Units written into a header ("bottle_volume_ml", "Volume Sold (Liters)"), not said in a question. */
const HEADER_UNITS = /\s(ml|l|cl|liters?|litres?|gallons?|kg|g|lbs?|usd|eur|gbp|dollars?|pct|percent)$/;

/**
 * "What's the discount impact on profit?" was answered with the total gross profit: the file's
 * Discount column is a number no figure comes from, so the grammar read past it. A question
 * that names such a column (its header as words, in full) gets that header back; a one-word
 * header the grammar reads itself ("Category" as a code, "Year") is left to the grammar.
 */
export function unusedNumberNamed(text: string, meta: SnapshotMeta, isGrammarWord: (word: string) => boolean): string | null {
  for (const header of meta.unusedNumbers ?? []) {
    const phrase = header
      .toLowerCase()
      .replace(/\([^)]*\)/g, ' ')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .replace(HEADER_UNITS, '');
    if (!phrase || (!phrase.includes(' ') && isGrammarWord(phrase))) continue;
    const words = phrase.split(' ').map(escapeRegex).join('[\\s_-]+');
    if (new RegExp(`\\b${words}(s|es|ed)?\\b`).test(text)) return header;
  }
  return null;
}

/** `text` matched literally inside a regular expression. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * "At least three orders", "more than one customer", "the last twelve months": a count
 * written as a word, after the words of a bound (or "last", "past") and before what it
 * counts, as digits. "Customers with at least three orders in 2021" got every order of 2021,
 * and "products bought by more than one customer" was unmapped. "Ordered more than twice
 * last year" asked for the figure, and "bought at least twice" every buyer: "twice" is 2 times
 * ("at least twice a positive 2023 revenue" is a multiple, read where doubling is).
 */
export function withCountsAsDigits(text: string): string {
  return text
    .replace(
      SCALE_IN_WORDS,
      (_, bound: string, count: string, scale: string) => `${bound} ${(NUMBER_WORDS[count] ?? 1) * SCALE_WORDS[scale]}`,
    )
    .replace(COUNT_IN_WORDS, (_, bound: string, word: string) => `${bound} ${NUMBER_WORDS[word]}`)
    .replace(
      /\b((?:more|fewer|less) than|at least|at most) (twice|thrice)\b(?! (?:a|an|the|as|their|its|his|her|our|what|that|within|per|each|every|in (?:a|an|one|the same))\b)/,
      (_, way: string, n: string) => `${way} ${n === 'twice' ? 2 : 3} times`,
    );
}

/** A bound's words before an amount in words. */
const BOUND_WORDS = String.raw`(?:more|fewer|less|greater|higher|lower)\s+than|at least|at most|over|under|above|below|exceeding`;
const SCALE_WORDS: Readonly<Record<string, number>> = { dozen: 12, hundred: 100, thousand: 1_000, million: 1_000_000 };
/**
 * "More than a thousand dollars", "over two hundred orders", "more than a dozen orders": the
 * bound was dropped (every customer was listed).
 */
const SCALE_IN_WORDS = new RegExp(
  String.raw`\b(${BOUND_WORDS})\s+(a|an|${Object.keys(NUMBER_WORDS).join('|')})\s+(dozen|hundred|thousand|million)\b`,
  'g',
);

const COUNT_IN_WORDS = new RegExp(
  // "Placed exactly two orders" got every customer's orders: "exactly" bounds a count too.
  // "Top ten stores in davenport" gave Davenport's total: a ranking's count too.
  String.raw`\b((?:more|fewer|less|greater|higher|lower)\s+than|at least|at most|over|under|above|below|exceeding|exactly|last|past|recent|latest|top|bottom)\s+(${Object.keys(NUMBER_WORDS).join('|')})\b(?=\s+[a-z])`,
  'g',
);

/**
 * Every threshold a question names, as written ("below 10", "over 1000"). A result keeps
 * the rows past one: "products with margin below 10% and revenue over 1000" kept the first
 * and dropped the second.
 */
export function thresholdsIn(question: string): string[] {
  const text = withCountsAsDigits(question);
  const ranges = [...text.matchAll(new RegExp(BETWEEN_AMOUNTS.source, 'g'))]
    .filter((m) => !bothYears(m[1], m[3]))
    .map((m) => rangeOf(text, m).words);
  const bounds = [...text.matchAll(new RegExp(THRESHOLD.source, 'g'))].map((m) => m[0]);
  // "Margin below 10% and revenue of 1000 or more" names two as well.
  const orMore = [...text.matchAll(new RegExp(OR_MORE.source, 'g'))].map((m) => m[0].trim());
  return [...ranges, ...bounds, ...orMore];
}
