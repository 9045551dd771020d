/**
 * The question as the grammar reads it: lower case, counts in digits, the file's own headers
 * and nouns for units and customers as the grammar's words, and phrasings it reads as others.
 */
import { CURRENCY_WORDS } from './query-currency';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { escapeRegex, RETURNS, withCountsAsDigits } from './query-limits';
import { NUMBER_WORDS } from './number-words';
import { MONTH_NAMES_NOT_MAY, withBareRangesFrom } from './query-periods';
import { headerNoun, isGrammarWord, singular } from './query-vocabulary';
import { CUSTOMERS_PLURAL, CUSTOMER_SINGULAR } from './customer-words';

/** "Bought by only one customer": rows with one customer. */
const BOUGHT_BY_ONE = new RegExp(
  String.raw`\b(?:bought|purchased|ordered) by ((?:only |just |exactly )?(?:one|a single|1) (?:${CUSTOMER_SINGULAR}))\b`,
);
/** "Bought by the most customers": ranked by customers. */
const BOUGHT_BY_THE_MOST = new RegExp(String.raw`\b(?:bought|purchased|ordered) by (the (?:most|fewest|least) (?:${CUSTOMERS_PLURAL}))\b`);
/** "How much did customers spend on average?": the average spend per customer. */
const SPEND_ON_AVERAGE = new RegExp(
  String.raw`\bhow much (?:do|did|does) (?:our |the |all )?(?:${CUSTOMERS_PLURAL}) (?:spend|spent) on average\b`,
);
/**
 * What may follow a denied figure for it to be read as a purchase denied: the end, or a period
 * ("in 2024", "in the last 6 months", "this year"). "Customers with no orders in the West" may
 * leave the West out, and keeps the grammar's refusal of that.
 */
const PERIOD_OR_END = String.raw`(?=\s*(?:[?.!,]|$)|\s+(?:in|during|since|over|for|this|last|between|from|before|after|until)\s+(?:the\s+)?(?:last|past|first|this|previous|prior|\d+|q[1-4]|h[12]|${MONTH_NAMES_NOT_MAY}|may|year|month|quarter|week|days?|fortnight)\b)`;

/**
 * "Had no sales", "with zero revenue", "without any sales": nothing sold, in a past period
 * ("had": "did not sell") or up to now ("have", "with", "without": "haven't sold", which lists
 * every customer silent through the span). Not "has no sales-rep column": a period or the end must follow.
 */
const NONE_SOLD = new RegExp(
  String.raw`\b(?:(had|have|has|with) (?:no|zero)|(without)(?: any)?) (?:sales|revenue|turnover)${PERIOD_OR_END}`,
  'g',
);
/** "Had no orders", "with no purchases", "without any orders": nothing ordered, as above. */
const NONE_ORDERED = new RegExp(
  String.raw`\b(?:(had|have|has|with) (?:no|zero)|(without)(?: any)?) (?:orders|purchases|invoices)${PERIOD_OR_END}`,
  'g',
);

/** "Why did profit fall …", "why is margin down …": a figure's move, asked why (revenue's is the bridge's). */
export const WHY_FIGURE_MOVED =
  /\bwhy (did|has|have|is|was|were|are|does|do) (?=(?:our |the |my )?(?:gross )?(?:profits?|margins?|margin %|orders|units|average order value|aov)\b)/;
/** "First-time customers": new customers. */
const FIRST_TIME_BUYERS = new RegExp(String.raw`\bfirst[- ]time (${CUSTOMERS_PLURAL}|purchasers)\b`, 'g');
/** "Customers who made their first purchase": new customers. */
const FIRST_PURCHASE_MADE = new RegExp(
  String.raw`\b(${CUSTOMERS_PLURAL}) (?:who |that )?(?:made|placed|had) (?:their|a) first (?:purchase|order)s?\b`,
  'g',
);
/** "Customers whose first order was in 2021": new customers (it listed 2021's revenue of every customer). */
const FIRST_PURCHASE_WAS = new RegExp(
  String.raw`\b(${CUSTOMERS_PLURAL}) (?:whose|with their|with a) first (?:purchase|order)s? (?:was|were|came|fell|is|being)? ?(?=in |during |on |between |since |from |last |this )`,
  'g',
);

/**
 * The question as the grammar reads it: lower case, counts in digits, the file's own nouns
 * for units and customers as the grammar's, and phrasings it reads as others. "Products
 * bought by only one customer" names no grouping "by one customer"; "How much of our revenue
 * comes from our top 10 customers?" listed them with no share: it asks for one.
 */
/** "Sold below cost", "buy under cost", "priced at less than their cost". */
const BELOW_COST =
  /\b(?:(?:are|is|were|was|being|get|gets|got) )?(?:sold|sell|sells|selling|priced|bought|buy|buys|buying) (?:at |for )?(?:below|under|less than) (?:their |its |the )?cost\b/g;

/**
 * "Favourite product", "favorite categories", "popular categories": those bought most, as "most
 * popular" reads ("least popular" stays so; "less popular products" with no "than" is the least).
 * "Popular categories" got the file's revenue, no list.
 */
const FAVOURITE =
  /\b(most |least |more |less )?(?:favou?rite|popular)(?= (?:products?|items?|articles?|skus?|categor(?:y|ies)|sub-categor(?:y|ies)|suppliers?|vendors?|brands?)\b)/g;

/**
 * Misspellings of the grammar's own words, mended as typed: "wich rep sold most in 2024" got the
 * whole year's revenue (no "which", no ranking), "Top 5 products by margn" the top products by
 * revenue. Only words no value of a file is likely to hold.
 */
const TYPOS: Readonly<Record<string, string>> = {
  revnue: 'revenue',
  revenu: 'revenue',
  reveune: 'revenue',
  revenew: 'revenue',
  slaes: 'sales',
  wich: 'which',
  whcih: 'which',
  whihc: 'which',
  wihch: 'which',
  whic: 'which',
  waht: 'what',
  whta: 'what',
  custmers: 'customers',
  cusotmers: 'customers',
  custoemrs: 'customers',
  costumers: 'customers',
  customrs: 'customers',
  custmer: 'customer',
  costumer: 'customer',
  regoin: 'region',
  regoins: 'regions',
  catgory: 'category',
  categroy: 'category',
  catagory: 'category',
  catgories: 'categories',
  catagories: 'categories',
  proft: 'profit',
  profti: 'profit',
  porfit: 'profit',
  margn: 'margin',
  mragin: 'margin',
  prodcuts: 'products',
  prodcts: 'products',
  poducts: 'products',
  prodcut: 'product',
  suplier: 'supplier',
  supliers: 'suppliers',
  // Abbreviations a busy manager types: "top 5 customers by GP" was ranked by revenue, "GP" dropped.
  gp: 'gross profit',
  gm: 'gross margin',
  rev: 'revenue',
  cust: 'customer',
  custs: 'customers',
  qty: 'units',
  // "whos the most profitable customer in the west" got the West's gross profit, "top spender in
  // ohio" Ohio's revenue: who is asked, and a spender is a customer.
  whos: "who's",
  spender: 'customer',
  spenders: 'customers',
};
const TYPO = new RegExp(String.raw`\b(${Object.keys(TYPOS).join('|')})\b`, 'gi');

/** The months' names and abbreviations, as a regex source. */
export const MONTH_WORDS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
/** A count in words a bound may come before: "no fewer than three orders". */
const COUNT_WORD = String.raw`(?:${Object.keys(NUMBER_WORDS).join('|')}|a (?:dozen|hundred|thousand|million)|twice|thrice)\b`;
/** An amount after a bound: a number or a count in words, not a year ("up to 2024") or a day ("up to 31 March 2021"). */
const AN_AMOUNT = String.raw`(?=[$£€]?\s?\d|${COUNT_WORD})(?!(?:19|20)\d\d\b)(?!\d{1,2}(?:st|nd|rd|th)?\s+(?:${MONTH_WORDS})\b)`;

/**
 * "No more than 2 orders", "up to 2 orders", "a maximum of 1,000": at most, before a number
 * ("revenue up to 2024" is a period, "show up to 10 customers" a limit).
 */
const BOUND_AT_MOST = new RegExp(
  String.raw`(?:\b(?:no|not) (?:more|greater|higher|bigger|larger) than |\bnot (?:over|above|exceeding) |(?<!\b(?:show|list|give|display|see|me|top|find|name|rank|get|return)\s+)\b(?:up to|(?:a )?maximum of|a max of) )${AN_AMOUNT}`,
  'gi',
);
/** "No fewer than 5 orders", "not less than 1,000", "a minimum of 3": at least. */
const BOUND_AT_LEAST = new RegExp(
  String.raw`(?:\b(?:no|not) (?:fewer|less|lower|smaller) than |\bnot (?:under|below) |\b(?:a )?minimum of )${AN_AMOUNT}`,
  'gi',
);
/** "North of 150k", "in excess of 1,000": more than. */
const BOUND_MORE_THAN = new RegExp(String.raw`\b(?:north of|in excess of) ${AN_AMOUNT}`, 'gi');

/**
 * The question with the grammar's own words spelled as it reads them (TYPOS), and "Customers
 * who buy Safety also buy which categories?" (it got the product-pair rules) asked as "Which
 * categories do customers who buy Safety also buy?".
 */
/** A month, a quarter or a year closing the question, after which "up to" ends a period. */
const PERIOD_AHEAD = String.raw`(?=(?:the\s+)?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|q[1-4]\b|(?:19|20)\d\d\s*(?:[?.!,]|$|vs\b|compared\b)))`;
/** "Up to June 2024", "to the end of Q2": the period's end. */
const UP_TO_PERIOD = new RegExp(
  String.raw`\b(?:up to|up till|up until|to the end of|till the end of|until the end of)\s+${PERIOD_AHEAD}`,
  'gi',
);
/** "Through June 2024", where no "from" opens a range before it. */
const THROUGH_PERIOD = new RegExp(String.raw`\b(?:through|thru)\s+${PERIOD_AHEAD}`, 'gi');

/** "Rep five", "sales rep twelve": a rep named by a number word. */
const REP_NUMBER_WORD = /\b((?:sales )?reps?) ([a-z]+)\b/gi;

/** "Best selling tequila", "top-selling vodka?": one word after, ending the question ("sub-category" is a column's). */
const BEST_SELLING_KIND = /\b(?:best|top)[- ]selling\s+([a-z][a-z']{2,})(?=\s*[?.!]*$)/gi;
/** The nouns a ranking is of, which "best selling products" names already. */
const GROUP_NOUN =
  /^(?:products?|items?|skus?|brands?|lines?|goods|categories|category|suppliers?|vendors?|customers?|clients?|accounts?|stores?|shops?|regions?|reps?|months?|days?|weeks?|years?|quarters?|ones?|things?|stuff)$/i;

/** A greeting that opens a question, with whom it greets and its stop: "Hi! ", "Hi there, ", "hey tally ", "Good morning team, ". */
const GREETING =
  /^\s*(?:hi|hello|hey|hiya|howdy|yo|greetings|(?:good )?(?:morning|afternoon|evening))(?:(?:\s+(?:there|team|all|everyone|folks|guys|tally|mate|buddy))?\s*[!,.:;]+|\s+(?:there|team|all|everyone|folks|guys|tally|mate|buddy)\b|(?=\s+(?:what|how|who|which|can|could|would|please|show|give|list|tell)\b))\s*/i;

/** Thanks or a please that closes a question, with its stop kept: "…, please?", "… thanks!", "…, cheers". */
const CLOSING_COURTESY = /[,;\s]+(?:please|pls|plz|thanks|thank you|thx|cheers|ta)\s*([?.!]*)\s*$/i;

/** An aside that opens a question, before its comma or colon: "Great, …", "Heads up, …", "Sanity check: …", "Out of interest, …". */
const PREAMBLE =
  /^\s*(?:(?:great|cool|ok|okay|perfect|awesome|nice|right|alright|thanks|thank you|cheers|heads up|fwiw|btw|tia|quick question|(?:quick )?sanity check(?: on)?|out of interest|just curious|realistically|honestly|interestingly|specifically|ideally|apparently|literally|basically)(?:\s*[,:!]+|\s+[–-])\s*)+/i;

/** "sorted descending", "in ascending order". */
const SORTED_WAY = /\b(?:sorted |in )?(descending|ascending)(?: order)?\b/gi;
const RANKED_WORD = /\b(?:top|bottom|best|worst|biggest|largest|smallest|highest|lowest|most|least)\b/i;

/**
 * Phrases of how an answer is to look, and what each leaves of the question. Their words are no
 * words the grammar reads (`NOT_…`): "clear" read past turned "Clear Lake revenue" into the
 * store Lake Ohana Market's.
 */
const NOT_READ_ANSWER_LOOKS: Record<string, string> = {
  'side by side': '',
  'grand total': 'total',
  'double check': 'check',
  'league table of': 'ranking of',
  'short summary': 'summary',
  'quick summary': 'summary',
  'clear breakdown': 'breakdown',
  'company wide': '',
  'around the world': '',
};
const ANSWER_LOOK = new RegExp(
  Object.keys(NOT_READ_ANSWER_LOOKS)
    .map((phrase) => String.raw`\b${phrase.replace(/ /g, '[- ]')}\b`)
    .join('|'),
  'gi',
);

/** A verb asking for a figure: "check revenue by country", "pull up total sales", "grab the orders". */
const CHECK_FIGURE =
  /^(?:(?:please|pls|plz|kindly)\s+)?(?:check|fetch|grab|pull up|pull)\s+(?=(?:me\s+)?(?:the\s+|our\s+)?(?:total\s+|number of\s+|count of\s+)?(?:revenue|sales|turnover|profit|margin|orders|units|customers|products)\b)/i;

/**
 * "Gross margin dollars by region" got the margin in percent: margin in money is gross profit,
 * and the money stays asked ("gross profit in dollars"), so that the currency is judged as
 * any other's. Not "margin value above 20%", a percentage.
 */
export function withMarginInMoneyAsProfit(question: string): string {
  return question
    .replace(MARGIN_IN_MONEY, (_, money: string) => `gross profit in ${money}`)
    .replace(/[$£€] ?(?:gross )?margin\b/gi, (match: string) => `gross profit in ${match[0]}`);
}

/** "Margin dollars", "margin in euros", "gross margin $": a currency's one-word names from the currency module. */
const MARGIN_IN_MONEY = new RegExp(String.raw`\b(?:gross )?margin (?:in )?(${CURRENCY_WORDS.join('|')}|[$£€])(?=\s|[?.!,]|$)`, 'gi');

/**
 * "customers with profit over 2000 in 2021" kept every customer's 2021 profit: a number like a
 * year right after a bound on money is an amount where another year names the period. It is
 * written with its thousands comma, as no year is ("2,000"); alone ("profit over 2000") it is
 * left to be read as a year, and refused as one the file does not reach.
 */
function amountLikeAYear(whole: string, year: string, offset: number): string {
  const before = whole.slice(Math.max(0, offset - 40), offset).toLowerCase();
  // "More than $2020" is money: it was read as the year 2020 too. "More than 2000 orders" is
  // a count ("The file has no rows in 2000").
  if (/[$£€]\s?$/.test(before) || (COUNT_BOUND_BEFORE.test(before) && COUNTED_AFTER.test(whole.slice(offset + 4))))
    return `${year[0]},${year.slice(1)}`;
  // "sales over 2020 and 2021" names two years.
  if (
    !MONEY_BOUND_BEFORE.test(before) ||
    /^\s*(?:and|or|to|through|thru|until|vs\.?|versus|-|–)\s*(?:19|20)\d\d\b/i.test(whole.slice(offset + 4))
  )
    return year;
  // "Revenue above 2021 in 2021" too: the year named again is the period (the bound was dropped).
  const otherYear = [...whole.matchAll(/\b(?:19|20)\d\d\b/g)].some((m) => m.index !== offset);
  return otherYear ? `${year[0]},${year.slice(1)}` : year;
}

/** A bound right before a number, and what it counts right after it: "more than 2000 orders" ("over 2021 orders" is across them). */
const COUNT_BOUND_BEFORE = /\b(?:above|below|more than|less than|fewer than|at least|at most|exceeding)\s+$/;
/**
 * Rows asked for, then a figure lost or gained: "which regions are losing margin", "reps
 * losing revenue"; not "are we losing revenue …" or "is the West losing sales to the East".
 */
const LOSING_A_FIGURE =
  /^((?:(?:which|what)\s+[a-z-]+(?:\s+[a-z-]+)?|(?:the\s+|our\s+)?[a-z-]+s)\s+)(?:(?:are|were)\s+)?(losing|gaining)\s+(margins?|revenue|sales|profits?|turnover)\b(?!\s+(?:to|from)\b)/i;
const COUNTED_AFTER =
  /^\s*(?:orders?|invoices?|purchases?|transactions?|units?|items?|pieces?|bottles?|customers?|clients?|accounts?|buyers?|products?|skus?|times)\b/i;

/** A bound on money right before a number: "profit over", "revenue of more than", "sales below $". */
const MONEY_BOUND_BEFORE =
  /\b(?:revenue|sales|turnover|profits?|gross profit|spend|spent|spending|costs?)\s+(?:of\s+)?(?:over|under|above|below|more than|less than|at least|at most|exceeding)\s+[$£€]?\s?$/;

export function withWordingMended(question: string): string {
  return (
    question
      .replace(/\b((?:19|20)\d\d)\b/g, (year: string, _: string, offset: number, whole: string) => amountLikeAYear(whole, year, offset))
      // "Hi! Could you tell me how many orders …" got the orders of HI TEC ALPINE HAND WARMER: a greeting is no name.
      .replace(GREETING, '')
      // "Great, and the margin for the West?" got the product Great White…'s, "Heads up, …" HEADS AND TAILS'.
      .replace(PREAMBLE, '')
      // "check revenue by country" got the product "check"'s: a verb asking for a figure.
      .replace(CHECK_FIGURE, 'show ')
      // "Last half of 2020 revenue" and "back half of 2020" got all of 2020: the second half.
      .replace(/\b(?:last|back|latter|later|final)[- ]half\b(?!\s+(?:an?\s+)?year\b)/gi, 'second half')
      .replace(/\b(?:front|early|earlier)[- ]half\b(?!\s+(?:an?\s+)?year\b)/gi, 'first half')
      // "Revenue in 2O2O" (letters O) got the whole file's.
      .replace(/\b2(?:\d|o){3}\b/gi, (year: string) => (/o/i.test(year) && /\d/.test(year.slice(1)) ? year.replace(/o/gi, '0') : year))
      // "Which regions are losing margin?" got the margin of each (DE-North, which gained most, first),
      // "reps losing revenue" the reps by lost customers: a figure lost or gained is one that fell or rose.
      // Only of rows asked for ("which regions are …", "reps …"), not "are we losing revenue to returns?".
      .replace(
        LOSING_A_FIGURE,
        (_: string, rows: string, way: string, figure: string) =>
          `${rows}with ${way.toLowerCase() === 'losing' ? 'falling' : 'rising'} ${figure}`,
      )
      // "Customer growth 2021" and "unit growth 2021" got revenue's growth (+20.4%; customers grew
      // 8.6%, units 26.8%), "customer trend" and "order trend" revenue by month: the noun is the figure.
      .replace(/\bnew customers? (growth|trend|decline|change)\b/gi, 'new customers $1')
      .replace(/(?<!\bnew )\b(customer|client|buyer|order)s? (growth|trend|decline|change)\b/gi, '$1 count $2')
      .replace(/\bunit (growth|trend|decline|change)\b/gi, 'units $1')
      .replace(
        /\b(percent(?:age)? change|growth|change|decline) in (customers|clients|buyers|orders)\b/gi,
        (_, change: string, noun: string) => `${change} in ${noun.toLowerCase().startsWith('order') ? 'order' : 'customer'} count`,
      )
      // "units/order 2021" got the units (12,476; per order it is 7.40), "profit/order" the profit: a rate.
      .replace(
        /\b(units?|qty|profits?|revenue|rev|sales|orders|gp|spend)\s*\/\s*(orders?|customers?|cust|days?|weeks?|months?|units?|products?)\b/gi,
        '$1 per $2',
      )
      // "Trailing twelve months revenue", "TTM sales" got the whole file's: the last 12 months.
      .replace(/\b(?:trailing|rolling) (?:twelve|12) months\b|\b(?:ttm|ltm)\b/gi, 'last 12 months')
      // "Revenue by state sorted descending" is the ranking's own order; "ascending" the other. Not
      // beside a ranking's word: "top 5 … in ascending order" would be read as the bottom 5.
      .replace(SORTED_WAY, (match: string, way: string, offset: number, whole: string) =>
        RANKED_WORD.test(whole) ? match : way.toLowerCase() === 'descending' ? 'highest first' : 'lowest first',
      )
      // "… total sales for 2021 please?" looked for a name "2021 please".
      .replace(CLOSING_COURTESY, '$1')
      // "Bottom line for 2021" got the revenue, "top line by region" the top region: the profit and the sales.
      .replace(/\bbottom[- ]line\b(?! items?\b)/gi, 'gross profit')
      .replace(/\btop[- ]line\b(?! items?\b)/gi, 'revenue')
      // "What's the biggest single item by revenue?" got the SINGLE BARREL and SINGLE MALT categories' top item: after a
      // superlative or "which", one of a kind is any ("a single customer" is one, and stays).
      .replace(
        /\b((?:biggest|largest|best|top|highest|greatest|most \w+|which|what)(?: \d+)?) (?:single|individual) (?=(?:items?|products?|skus?|articles?|customers?|clients?|accounts?|stores?|suppliers?|vendors?)\b)/gi,
        '$1 ',
      )
      // "A dozen best customers" got the top 5.
      // "side by side", "the grand total", "double-check …", "a league table of …": how the answer is to look,
      // whose words a file's names may hold ("Grand Prairie", "League City"), so the phrase goes, not the word.
      .replace(ANSWER_LOOK, (match: string) => NOT_READ_ANSWER_LOOKS[match.toLowerCase().replace(/[- ]/g, ' ')] ?? match)
      .replace(/\bhalf a dozen\b/gi, '6')
      .replace(/\b(?:a|one) dozen\b/gi, '12')
      .replace(TYPO, (word: string) => TYPOS[word.toLowerCase()] ?? word)
      // Shorthand, typed in lower case beside a period's word ("sales in ohio lst yr" got all
      // years' Ohio revenue); "Chivas Regal 12 Yr" is a name.
      .replace(/\blst (?=(?:yr|yrs|year|years|month|mnth|quarter|qtr|week|wk)\b)/g, 'last ')
      .replace(
        /\b(last|this|next|prev|previous|per|each|a|every) (yr|yrs|qtr|qtrs|mnth|mnths|wk|wks)\b/g,
        (_match: string, before: string, unit: string) => `${before} ${SHORT_UNITS[unit]}`,
      )
      .replace(/\bhw (much|many)\b/g, 'how $1')
      // "Revenue up to June 2024" and "to the end of June 2024" got June's alone: from the start of the file.
      .replace(UP_TO_PERIOD, 'until ')
      .replace(THROUGH_PERIOD, (match: string, offset: number, whole: string) =>
        /\bfrom\b/i.test(whole.slice(0, offset)) ? match : 'until ',
      )
      // "Month-to-date revenue" got the whole file's: hyphens or not, it is to date.
      .replace(/\b(month|year|quarter|week)-to-date\b/gi, '$1 to date')
      // "Sales rep five revenue" got the whole file's: a rep's number in words is its digits.
      .replace(REP_NUMBER_WORD, (match: string, rep: string, word: string) =>
        word.toLowerCase() in NUMBER_WORDS ? `${rep} ${NUMBER_WORDS[word.toLowerCase()]}` : match,
      )
      // "Revenue from customers new in 2024" got all 2024's revenue: they are the new customers of 2024.
      .replace(/\b(customers|clients|accounts|buyers) (?:who (?:are|were) )?new in\b/gi, 'new $1 in')
      // "Best selling tequila" got the category's revenue, "best selling vodka" the whole file's
      // top products: the kind's top product by revenue.
      .replace(BEST_SELLING_KIND, (match: string, kind: string) =>
        GROUP_NOUN.test(kind) || isGrammarWord(kind.toLowerCase()) ? match : `top 1 ${kind} products by revenue`,
      )
      // "No more than one order" was read as more than one (555 customers for 1,077), "no fewer
      // than 5" as fewer than 5: a bound denied, or one said another way, is the other bound.
      .replace(BOUND_AT_MOST, 'at most ')
      .replace(BOUND_AT_LEAST, 'at least ')
      .replace(BOUND_MORE_THAN, 'more than ')
      // "Which customers have negative revenue?" and "revenue below zero" listed the top customers:
      // the bound is 0.
      .replace(/\b(below|under|less than|above|over|more than|greater than) zero\b/gi, '$1 0')
      // "Customers lost between 2020 and 2021" were those of 2018 … 2019 not back in 2020 … 2021: lost from one year to the next.
      .replace(/\b(lost|lose|losing|stopped buying|churned)\s+between\s+((?:19|20)\d\d)\s+and\s+((?:19|20)\d\d)\b/gi, '$1 from $2 to $3')
      // "How many customers from October also bought in November?" counted November's: those of both.
      .replace(
        /\b(customers|clients|accounts|buyers|stores) (?:from|of) ((?:19|20)\d\d|[a-z]+(?: (?:19|20)\d\d)?|q[1-4](?: (?:19|20)\d\d)?) (?:who |that )?also (bought|ordered|purchased) in\b/gi,
        '$1 who $3 in $2 and also in',
      )
      // "What portion of 2021 profit came from the West?" got the West's profit: a portion is a share.
      .replace(/\b(?:what|which) portion of\b/gi, 'what share of')
      .replace(/\bnegative (?:net )?(revenue|sales|turnover)\b/gi, '$1 below 0')
      // "Customers who returned more than they bought" listed the 22 who bought and returned:
      // more returned than bought is net returns, revenue below 0 (27 customers).
      .replace(
        /\b(?:who |that )?(?:returned|return|returns) more than (?:they|it|he|she) (?:bought|buy|buys|purchased|ordered|spent|sold)\b/gi,
        'with revenue below 0',
      )
      // "Customers who had returns in 2024 but no purchases" listed the 4 with a purchase: returns and no order.
      .replace(/\b(?:but|and|with|yet) (?:no|zero) (?:purchases|orders|sales|buys)\b/gi, (match: string, at: number, whole: string) =>
        /\breturn(?:s|ed)?\b/i.test(whole.slice(0, at)) ? 'and exactly 0 orders' : match,
      )
      // "How much revenue would we lose if Acme Supply stopped?" listed the customers who stopped
      // buying, Acme dropped: a supplier (or customer) gone is "if we lost" it.
      .replace(
        /\bif ((?:\p{Lu}[\p{L}\d&.,'’-]*\s?)+?) (?:stopped|stops|quit|quits|went away|goes away|left us|leaves us|walked away|walks away|closed|closes)\b/gu,
        'if we lost $1',
      )
      // "Average customer lifetime revenue" got the whole file's: all a customer bought, on average.
      .replace(
        /\b(?:the )?(?:average|avg|mean|typical) (?:customer )?lifetime (?:revenue|sales|spend|spending)(?: (?:per|of an?) customer)?\b/gi,
        'revenue per customer',
      )
      // "Loss-making customers", "unprofitable products" got the file's gross profit: those that lose money.
      .replace(
        /(?<!\b(?:most|least|more|less|top|the|from|of|by|for|among|with|to)\s+)\b(?:loss[- ]making|money[- ]losing|unprofitable|non[- ]profitable) (customers|clients|accounts|products|items|categories|regions|suppliers|vendors|stores)\b/gi,
        '$1 that lose money',
      )
      // "units sold of 'RABBIT NIGHT LIGHT' in france" got all of France: a name in quotes is
      // the name (an apostrophe inside one, "O'Donnell", or after one, "Phones'", is no quote).
      // Quotes inside a name stay: the generated file's Bolt "Pro" 0mm, steel.
      .replace(/(^|(?:^|\s)[^\s\p{Lu}][^\s]*\s)["“‘'](?=[^\s"“”‘’'])([^"“”‘’]*?[^\s"“”‘’'])["”’'](?=[?.!,;:]|$|\s+[^\s\p{Lu}\d])/gu, '$1$2')
      // "3Q 2021", "Q3/2021", "qtr 3 2021", "quarter 3 of 2021" got all of 2021, and "Q3 21",
      // "H2 20" the whole file: a quarter or half as the periods read it, "Q3 2021".
      .replace(/\b([1-4])q[- ]?(?=(?:19|20)?\d\d\b)/gi, 'Q$1 ')
      .replace(/\b(?:qtr|quarter) ([1-4])(?: of)?(?= (?:19|20)\d\d\b)/gi, 'Q$1')
      .replace(/\b([qh][1-4])\/(?=(?:19|20)\d\d\b)/gi, '$1 ')
      .replace(
        /\b([qh][1-4]) '?(\d{2})\b(?![\d,.%:/-])(?= *(?:[?.!,;]|$|vs\b|and\b|or\b|compared\b|by\b|in\b))/gi,
        (_match: string, part: string, yy: string) => `${part} ${Number(yy) >= 50 ? 19 : 20}${yy}`,
      )
      // "Compare October and November revenue" got November's alone: two months compared.
      .replace(
        new RegExp(
          String.raw`\b(compar(?:e|ing)(?: the)?(?: revenue| sales)? )(${MONTH_WORDS})( (?:19|20)\d\d)? (?:and|with|to|against) (?=(?:${MONTH_WORDS})\b)`,
          'gi',
        ),
        '$1$2$3 vs ',
      )
      // "Compare Q1 and Q2 2024" set Q1 of 2025 against Q2 2024: the year named once is both's.
      .replace(/\b([qh][1-4]) (and|vs\.?|versus|or|to|&|compared (?:to|with)) ([qh][1-4]) ((?:19|20)\d\d)\b/gi, '$1 $4 $2 $3 $4')
      // "jan 98", "sales in 97": a year of two digits, in its century (CDNOW's "jan 98" got every
      // year). "june 15" is a day and "in 25 rows" a count: after a month the year is past 31, or
      // has its apostrophe; after "in" or "during" any two digits ending a clause are a year
      // ("Revenue for Technology in 21" got all years': 836,154.03, where 2021's is 271,730.81).
      .replace(
        new RegExp(
          String.raw`\b(${MONTH_WORDS}|in|for|during) ('?)(\d{2})(?![\d,.%:/-])(?= *(?:[?.!,;]|$|vs\b|and\b|or\b|compared\b|by\b))`,
          'gi',
        ),
        (match: string, before: string, apostrophe: string, yy: string) =>
          apostrophe || Number(yy) > 31 || /^(?:in|during)$/i.test(before) ? `${before} ${Number(yy) >= 50 ? 19 : 20}${yy}` : match,
      )
      // "Which weeks grew compared to the previous week?" was read as last week alone: each unit
      // against the one before it, when the units are asked for ("which weeks", "month").
      .replace(
        /\b(?:compared (?:to|with)|vs\.?|versus|over|against|from) the (?:previous|prior|preceding) (week|month|quarter)\b/gi,
        (match: string, unit: string, _at: number, whole: string) =>
          new RegExp(String.raw`\b(?:which|what|each|every|by) ${unit}s?\b|\b${unit}s\b`, 'i').test(whole.replace(match, ''))
            ? `${unit} over ${unit}`
            : match,
      )
      // "Revenue growth nov vs oct" was read as no period: two months set against each other are periods.
      .replace(
        new RegExp(
          String.raw`(\b(?:in|from|between|during|of|since|for|to|and|until|till|by)\s)?\b(${MONTH_WORDS}) (vs\.?|versus|compared (?:to|with)|against) (${MONTH_WORDS})\b`,
          'gi',
        ),
        (_: string, before: string | undefined, month: string, vs: string, other: string) =>
          `${before ?? 'in '}${monthNamed(month)} ${vs} ${monthNamed(other)}`,
      )
      // "top 10 customers nov": a month written last, after what is asked, is its period.
      .replace(
        new RegExp(
          String.raw`\b(?!(?:this|was|is|has|does|its|his|as|us|plus|less|across|vs)\b)([a-z]+s) (${MONTH_WORDS})(?=[?.!]*$)`,
          'i',
        ),
        '$1 in $2',
      )
      // "Of our Texas revenue, what share is Furniture?" got Furniture's Texas revenue, no share:
      // the whole named first is the share's, as "What share of Texas revenue is Furniture?" reads it.
      .replace(
        /^of (?:our |the |all )?(.+?\b(?:revenue|sales|turnover|gross profits?|profits?|earnings))\s*,?\s*what (share|percentage|percent|proportion|fraction)(?: of (?:it|that|this|them))? /i,
        'What $2 of $1 ',
      )
      // "Bought Technology in 2020 but didn't buy any in 2021" was read as 2019 against 2020: "but not in 2021"
      // (of Technology, as "any" says; "didn't buy anything" would be of all goods, and is not read so).
      .replace(
        /\bbut (?:did not|didn't|didnt|have not|haven't|has not|hasn't|never) (?:buy|order|purchase|bought|ordered|purchased)(?: (?:any|again|any more|anymore))?(?= (?:in|during|this|last)\b)/gi,
        'but not',
      )
      // "Second biggest customer after Sean Miller" showed the third: the name set aside is the one before, so one place less.
      .replace(
        new RegExp(
          String.raw`\b(second|2nd|third|3rd|fourth|4th|fifth|5th) ((?:most|top|best|biggest|largest|highest)\b[^?]*?)\bafter ${A_NAME_AFTER}`,
          'i',
        ),
        (_: string, ordinal: string, ranked: string) => `${PLACE_BEFORE[ordinal.toLowerCase()]}${ranked}after `,
      )
      // "Which country has the most customers after uk" gave the UK: after a ranking, "after" a name sets it aside.
      .replace(new RegExp(String.raw`\b((?:most|top|best|biggest|largest|highest)\b[^?]*?)\bafter ${A_NAME_AFTER}`, 'i'), '$1apart from ')
      // "Revenue per month average" listed each month's: the average said last is still the average.
      .replace(/\b([a-z]+(?: [a-z]+)?) per (day|week|month|quarter|year|order|customer|store)(?: on)? average\b/gi, 'average $1 per $2')
      // "Customers who bought in 1997 but never in 1998" wanted two periods.
      .replace(/\bbut never(?= (?:in|during)\b)/gi, 'but not')
      // "Bought in 2020 and haven't bought since" was read as 2019 against 2020, "placed their last
      // order in 2020" as every buyer of 2020: bought then but not since, as "but not since" reads.
      .replace(
        /\b(?:and|but) (?:(?:have|has|had|did|do|does)(?: not|n't)|never)(?: (?:bought|ordered|purchased|buy|order|purchase|shopped)(?: anything| again| any ?more)?)? since(?= *(?:[?.!,;]|$))/gi,
        'but not since',
      )
      .replace(
        /\b(?:(?:placed|made|had) (?:their|the|his|her|its) (?:last|latest|final|most recent) (?:order|purchase)|last (?:bought|ordered|purchased)|whose (?:last|latest|final|most recent) (?:order|purchase) (?:was|came|fell))( (?:in|during) [^?.!,;]+?)(?= *(?:[?.!,;]|$))/gi,
        (match: string, period: string) => `${/^whose\b/i.test(match) ? 'who ' : ''}bought${period} but not since`,
      )
      // "Top 5 customers by revenue among those who bought Copiers" was read as leaning on an
      // earlier question ("those"): the customers named before it.
      .replace(
        /\b(among|amongst|of) those (who|that) (buy|bought|purchased|purchase|ordered|order)\b/gi,
        (match: string, among: string, who: string, verb: string, at: number, whole: string) =>
          CUSTOMERS_BEFORE.test(whole.slice(0, at)) ? `${among} customers ${who} ${verb}` : match,
      )
      // "State with most orders", "the city with the highest sales in the West" got the whole
      // file's figure: the one row at the top (or bottom) of a ranking, as "which state has the most orders" reads.
      .replace(ONE_WITH_THE_MOST, 'which $1 has the $2')
      // "Max revenue rep", "the customer with the max orders" got the whole file's figure: the row at the top (or bottom).
      .replace(
        /\bwith the (max|maximum|min|minimum)\b/gi,
        (_: string, way: string) => `with the ${/^max/i.test(way) ? 'highest' : 'lowest'}`,
      )
      .replace(
        ONE_AT_AN_EXTREME,
        (_: string, way: string, figure: string, noun: string) =>
          `which ${noun} has the ${/^max/i.test(way) ? 'highest' : 'lowest'} ${figure}`,
      )
      // "Peak month for orders" and "minimum revenue month" got the whole file's figure: the unit at the top (or bottom).
      .replace(UNIT_AT_AN_EXTREME, (...m: string[]) => {
        const [way, figure, unit] = m[1] ? [m[1], m[2], m[3]] : [m[4], m[6], m[5]];
        const low = /^(?:lowest|worst|min|minimum|weakest|slowest)$/i.test(way);
        const counted = /^(?:orders|units)$/i.test(figure);
        return `which ${unit.toLowerCase()} has the ${low ? (counted ? 'fewest' : 'lowest') : counted ? 'most' : 'highest'} ${figure.toLowerCase()}`;
      })
      // "Lowest selling state" was no figure, and got the bottom products; "worst selling state" is read.
      .replace(/\b(?:lowest|least)[- ]selling\b(?! prices?\b)/gi, 'worst selling')
      // "Which customer bought the most items", "which region sold the most items" ranked pairs with products: the items are units.
      .replace(/\b(bought|purchased|ordered|buys?|purchases?|orders?|sold|sells?) the (most|fewest|least) items\b/gi, '$1 the $2 units')
      // "month-by-month revenue for the CH region" got one total: by the month.
      .replace(/\b(month|quarter|week|year)-by-\1\b/gi, 'by $1')
      // "Who are our major customers?", "Which key accounts …": the top customers by revenue.
      .replace(/\b(?:key|major) (accounts?|customers?|clients?)\b/gi, 'top $1')
      // "Which products are not selling well?" and "slow-moving products" got the best sellers,
      // "high margin products" one margin for the file: the ranking each names, the right way up.
      .replace(
        SELLING_POORLY,
        (match: string, one: string | undefined, two: string | undefined, three: string | undefined, _at: number, whole: string) =>
          // Only of a list asked for: "Why is the West underperforming?" and "Are Chairs selling
          // poorly?" are no rankings, nor is a change ("… compared with 2019"). "Which reps are
          // underperforming?" is the reps' scorecards, ranked.
          !LIST_ASKED.test(whole) ||
          /\b(?:compared?|vs\.?|versus|than|against)\b/i.test(whole) ||
          /\b(?:sales ?)?reps?\b|\bsales ?(?:people|persons?|m[ae]n|wom[ae]n)\b|\baccount managers?\b/i.test(whole)
            ? match
            : // "Which products have the lowest sales?", "products with the lowest sales".
              `${/^(?:are|were|is|was)\b/i.test(match) ? ((one ?? two ?? three) ? 'has' : 'have') : 'with'} the lowest sales`,
      )
      .replace(NOT_SELLING, (_match: string, one: string | undefined) => (one ? "hasn't sold" : "haven't sold"))
      .replace(
        /\b(slow|fast)(?:[- ]?(?:moving|selling))? ?movers?\b|\b(slow|fast)[- ]?(?:moving|selling)\b/gi,
        (_match: string, mover: string | undefined, moving: string | undefined, _at: number, whole: string) =>
          // "Which stores are slow movers?" names its own rows.
          `${/^slow$/i.test(mover ?? moving ?? '') ? 'lowest' : 'highest'} volume${mover && !ROWS_NAMED.test(whole) ? ' products' : ''}`,
      )
      .replace(
        HIGH_OR_LOW_FIGURE,
        (_match: string, level: string, figure: string) => `${/^high$/i.test(level) ? 'highest' : 'lowest'} ${figure} `,
      )
      // "What do customers buy along with Chairs?" listed the Chairs themselves: what else their buyers buy.
      .replace(
        BOUGHT_ALONG_WITH,
        (_match: string, buyers: string, verb: string, goods: string, end: string) =>
          `what else do ${buyers} who ${verb} ${goods} ${verb}${end}`,
      )
      // "What should we sell to customers who buy Phones?" got their revenue; "… offer customers who …" is read.
      .replace(
        new RegExp(String.raw`\b(should|could|can) (we|i) sell to ((?:our )?(?:${CUSTOMERS_PLURAL}|stores)) (who|that)\b`, 'gi'),
        '$1 $2 offer $3 $4',
      )
      .replace(ALSO_BUY_WHICH, (_match: string, buyers: string, rest: string, which: string, what: string | undefined) =>
        what ? `${which} ${what} do ${buyers} ${rest} also buy` : `what else do ${buyers} ${rest} buy`,
      )
  );
}

/**
 * One noun, singular, opening the question, with the most or least of a figure: "state with
 * most orders", "the customer with the highest revenue", "what is the month with the lowest sales".
 */
const ONE_WITH_THE_MOST =
  /^(?:(?:show|tell|give|find|name)(?: me)? |(?:what|which|who)(?:'s|’s| is| was) )?(?:the |our )?(?!(?:revenue|sales|turnover|income|profit|margin|cost|price|spend) with\b)((?:[a-z][a-z-]* )?[a-z][a-z-]*(?<!(?<!s)s)) with (?:the )?(most|highest|lowest|fewest|least|largest|biggest|smallest|greatest|best|worst)\b/i;

/** "Max revenue rep", "min margin supplier": one row of a grouping at an extreme of a figure. */
const ONE_AT_AN_EXTREME =
  /\b(?:the )?(max|maximum|min|minimum) (revenue|sales|profit|margin|orders|units|returns) (rep|sales rep|customer|client|account|product|item|supplier|vendor|region|state|city|category|sub-category|segment|country|store)\b/gi;

/** "Peak month for orders", "the minimum revenue month", "highest sales quarter": a time unit at an extreme of a figure named before or after it. */
const EXTREME_WAYS = 'peak|highest|best|top|biggest|record|strongest|busiest|lowest|worst|min|minimum|max|maximum|weakest|slowest';
const UNIT_AT_AN_EXTREME = new RegExp(
  String.raw`\b(?:the |our )?(?:(${EXTREME_WAYS}) (revenue|sales|profit|orders|units) (month|quarter|year|week)|(${EXTREME_WAYS}) (month|quarter|year|week) (?:for|of|by|in) (revenue|sales|profit|orders|units))\b`,
  'i',
);

/** A part of a year named before years: "Q4 in 2020 and 2021", "December of 2020 and 2021". */
const PART_OF_A_YEAR =
  /\b(?:q[1-4]|quarters?|h[12]|halves|half|months?|weeks?|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|christmas|summer|winter|spring|autumn)\b(?: (?:in|of|for))? ?$/;

/** A question of a change, where "the weakest growth" is the least of it (LEAST_WAY, query-ranking.ts). */
const GROWTH_WORDS = /\b(?:grow\w*|grew|declin\w*|drop\w*|fell|fall\w*|increas\w*|decreas\w*|rose|ris(?:e|en|ing)|gain\w*|shr[iau]nk\w*)\b/;

/** "Are not selling well", "is selling poorly", "underperforming": the least sold, a group captured when said of one. */
const SELLING_POORLY =
  /\b(?:(?:are|were|(is|was))(?: not|n't) |not )(?:selling|moving) (?:(?:very|so|that|too) )?(?:well|much)\b|\b(?:(?:are|were|(is|was)) )?(?:selling|moving) (?:poorly|badly|slowly)\b|\b(?:(?:are|were|(is|was)) )?under-?perform(?:ing|s)?\b/gi;
/** A list asked for, which a ranking answers. */
const LIST_ASKED =
  /^(?:which|what|list|show|name|give)\b|^(?:our |the |all )?[a-z-]+s (?:that are |which are |who are )?(?:not|selling|moving|under)/i;
/** The rows a question names, besides products: "which stores are slow movers". */
const ROWS_NAMED =
  /\b(?:customers?|clients?|accounts?|stores?|shops?|suppliers?|vendors?|categor(?:y|ies)|sub-?categor(?:y|ies)|regions?|countr(?:y|ies)|states?|cit(?:y|ies)|reps?|brands?|segments?)\b/i;
/** What follows "after" when it sets a name aside, not a period, a figure or a clause: "after uk", "after Sean Miller". */
const A_NAME_AFTER = String.raw`(?!(?:the )?(?:${MONTH_WORDS}|q[1-4]|h[12]|\d|last|this|next|that|first|returns?|refunds?|discounts?|credit|cancell\w*|costs?|tax|expenses|fees|we|they|i|you|it|our|their|its|his|her|which|what|when|each|every|[a-z]+ing)\b)(?=(?:the )?[a-z])`;

/** The place one before an ordinal's, as a question writes it before a ranking word. */
const PLACE_BEFORE: Readonly<Record<string, string>> = {
  second: '',
  '2nd': '',
  third: 'second ',
  '3rd': 'second ',
  fourth: 'third ',
  '4th': 'third ',
  fifth: 'fourth ',
  '5th': 'fourth ',
};

/** A month's full name, however it is written ("nov", "Sept"). */
function monthNamed(written: string): string {
  const start = written.slice(0, 3).toLowerCase();
  return `${MONTH_NAMES_NOT_MAY}|may`.split('|').find((name) => name.startsWith(start)) ?? written;
}

/** The months' names and abbreviations. */
/** The units shorthand stands for. */
const SHORT_UNITS: Record<string, string> = {
  yr: 'year',
  yrs: 'years',
  qtr: 'quarter',
  qtrs: 'quarters',
  mnth: 'month',
  mnths: 'months',
  wk: 'week',
  wks: 'weeks',
};
const CUSTOMERS_BEFORE = new RegExp(String.raw`\b(?:${CUSTOMERS_PLURAL})\b`, 'i');
/** "Which products are not selling?": none sold, which needs the periods it is asked of. */
const NOT_SELLING = /\b(?:(?:are|were)|(is|was)) ?(?:not|n't) selling\b(?! (?:well|much|to|in|at|for|as|enough|any|more)\b)/gi;
/** "High margin products", "low-volume items": the highest (lowest) of that figure, a plural after. */
const HIGH_OR_LOW_FIGURE = /\b(high|low)[- ](margin|profit|volume|revenue|sales) (?=[a-z-]+s\b)/gi;

/** "What do customers buy along with Chairs?", "what do stores order together with Titos?". */
const BOUGHT_ALONG_WITH = new RegExp(
  String.raw`^what (?:else )?(?:do|does|did) ((?:our )?(?:${CUSTOMERS_PLURAL}|stores|people)) (?:also |usually |typically |often )?(buy|purchase|order)(?: most)? (?:along|together) with (.+?)([?.!]*)$`,
  'i',
);
const ALSO_BUY_WHICH =
  /^((?:customers|clients|buyers|those) (?:who|that) (?:buy|bought|purchase|purchased|order|ordered)) (.+?) also (?:buy|bought|purchase|purchased|order|ordered) (which|what)(?: ([a-z-]+))?(?=[?.!]*$)/i;

/** The span of a silence: "for more than 90 days", "in the last six months", "for a year". */
const SILENT_SPAN = String.raw`(?:for|in) (?:(?:more than|over|at least|longer than) )?(?:the )?(?:last |past )?(\d+|an?|${Object.keys(NUMBER_WORDS).join('|')}) (days?|weeks?|months?|quarters?|years?)\b`;
/** Customers silent for a span: "inactive for 90 days", "not heard from in 6 months", "haven't ordered for more than 90 days". */
const SILENT_FOR = new RegExp(
  String.raw`\b(?:(?:have|has) (?:been|gone) |(?:are|is|were|was|been|gone) )?(?<!\bthat )(?:inactive|silent|dormant|quiet|idle|(?:(?:have|has) we |we have |we've |we )?(?:not|never) heard from(?: them)?|have(?:n't| not) (?:ordered|bought|purchased)) ${SILENT_SPAN}`,
  'gi',
);
/** "Quiet customers for 60 days", "dormant accounts for 6 months": the noun before the span (this got the top customers by revenue). */
const SILENT_NOUN_FOR = new RegExp(String.raw`\b(?:inactive|silent|dormant|quiet|idle) (${CUSTOMERS_PLURAL}) ${SILENT_SPAN}`, 'gi');
/**
 * A span that is not up to now: "quiet for 3 months before buying again", "came back after being
 * inactive for 90 days" (a gap between purchases), "inactive for 90 days in 2023" (a named year).
 */
const SILENT_THEN =
  /\b(?:again|came back|come back|comes back|returned|after being|before (?:buying|ordering|they)|(?:19|20)\d\d|q[1-4])\b/i;

/** A silent span the question puts somewhere other than up to now (SILENT_THEN): refused by the routes. */
export function silentSpanNotToNow(text: string): boolean {
  return (new RegExp(SILENT_FOR.source, 'i').test(text) || new RegExp(SILENT_NOUN_FOR.source, 'i').test(text)) && SILENT_THEN.test(text);
}

/**
 * The question with a customer's silence up to now read as no order in that span, as typed (names
 * keep their case): "Which customers have been inactive for more than 90 days?" got the churn
 * list, "How many customers have we not heard from in 6 months?" counted every customer, and
 * "Who are our quiet customers for 60 days?" got the top customers by revenue.
 */
export function withSilencesRead(question: string): string {
  if (SILENT_THEN.test(question)) return question;
  return question
    .replace(SILENT_FOR, (_match: string, count: string, unit: string) => notOrderedIn(count, unit))
    .replace(SILENT_NOUN_FOR, (_match: string, noun: string, count: string, unit: string) => `${noun} ${notOrderedIn(count, unit)}`);
}

/** The span as the grammar reads a silence: "a" is 1, "six" 6. */
function notOrderedIn(count: string, unit: string): string {
  const n = /^\d+$/.test(count) ? Number(count) : (NUMBER_WORDS[count.toLowerCase()] ?? 1);
  return `that haven't ordered in the last ${n} ${unit.toLowerCase()}`;
}

/** "Products that cost more than £10": what a product costs a buyer, said of goods. */
export const GOODS_COSTING =
  /\b(products?|items?|skus?|articles?)(?: that| which)? (?:cost|costs) (more|less|over|under|above|below)\b(?: than)?/;

export function questionText(question: string, meta: SnapshotMeta): string {
  const lower = withBareRangesFrom(asHeadersWritten(question.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 500), meta));
  return (
    asCustomersCounted(asUnits(withCountsAsDigits(lower), meta), meta)
      // "How many products cost more than £10?" got the top products by revenue: on a file with
      // no costs, what a product costs is its price (with costs it is refused as either, query-routes.ts).
      .replace(GOODS_COSTING, (match: string, goods: string, way: string) =>
        meta.hasCost ? match : `${goods} priced ${{ more: 'over', less: 'under' }[way] ?? way}`,
      )
      .replace(BOUGHT_BY_ONE, 'with $1')
      // "Best sellers among customers in California" ranked customers: the best sellers are the
      // goods, and who they are, on a file with sales reps, the reps ("Who are our best sellers?").
      .replace(/\b(?:best|top)[- ]?seller(s?)\b/g, (_match: string, many: string, _at: number, whole: string) =>
        /\bwho\b|\b(?:sales ?)?reps?\b|\bsales ?people\b/.test(whole) && meta.dimensions.some((d) => d.key === 'salesRep')
          ? `best sales rep${many}`
          : `best-selling product${many}`,
      )
      // "Weakest customer by profit" listed the most profitable first, "Weakest segment by profit"
      // and "Most unprofitable region" got the total: the worst (best) of a ranking, as said.
      .replace(/\b(weakest|poorest|strongest)\b/g, (word: string, _w: string, _at: number, whole: string) =>
        GROWTH_WORDS.test(whole) ? word : word === 'strongest' ? 'best' : 'worst',
      )
      // The most unprofitable products are those at a loss, the largest first; the one most
      // unprofitable state heads the least profitable.
      .replace(/\bmost unprofitable ([a-z-]+)\b/g, (_match: string, noun: string) =>
        /s$/.test(noun) ? `most loss-making ${noun}` : `least profitable ${noun}`,
      )
      // "How many customers increased their spending in 2021?" compared the counts of customers
      // (693 against 638). Not where the grammar reads the wording ("… from 2020 to 2021", "… by more than 50%").
      .replace(
        /\b(increased|raised|grew|upped|boosted|decreased|reduced|cut|lowered) (?:their|its|his|her) (?:spending|spend|purchases|purchasing|buying)\b/g,
        (match: string, way: string, _at: number, whole: string) =>
          !/^how many\b/.test(whole) || /\b(?:from|between|by|than|vs\.?|versus|compared)\b/.test(whole)
            ? match
            : /^(increased|raised|grew|upped|boosted)$/.test(way)
              ? 'spent more'
              : 'spent less',
      )
      // "Value of cancelled orders in the UK" counted them (371), and "Most returned product in
      // November" gave all of November's returns: the value of the returns, and the product with the most.
      .replace(
        /\b(value|amount|total|sum|worth) of (?:the |all |our )?(?:cancell?ed|returned|credited|refunded) (?:orders?|invoices?|lines?|items?|sales|goods)\b/g,
        '$1 of returns',
      )
      .replace(/^(?:what is |what's |which is )?(?:the |our )?most returned ([a-z-]+)\b(?<!s)/, 'which $1 had the most returns')
      // "Top 3 customers by profits" was refused as a grouping by "profits".
      .replace(/\bby (profit|revenue|margin)s\b/g, 'by $1')
      // "Which categories' margin improved …?" listed all of them: better is up, and for returns down.
      .replace(
        /\b(improved|improving|improves|worsened|worsening|worsens|deteriorated|deteriorating)\b/g,
        (word: string, _w: string, _at: number, whole: string) =>
          /^impro/.test(word) !== (RETURNS.test(whole) || /\bone-time\b/.test(whole)) ? 'went up' : 'went down',
      )
      // "Which suppliers sold to the most UK customers in 2024?" listed customer × supplier: the
      // customers are counted (the values before the noun are read from the question as typed).
      .replace(
        /\b(?:sold|sell|sells|selling|ship|shipped|ships) to the (most|fewest) ((?:new|repeat|returning|existing|lost|one-time|first-time) )?(?:[a-z-]+ ){0,2}?(customers|clients|accounts|buyers)\b/g,
        'have the $1 $2$3',
      )
      // "Which customer segment is least profitable?" ranked customers: the segment is what is asked for.
      .replace(/\bcustomer (segments?)\b/g, '$1')
      // "What's the revenue split between new and returning customers in 2021?" read a period "between …"
      // (only so: other orders and words read other figures, and are refused as before).
      .replace(/\bbetween new and returning (customers|clients|accounts|buyers)\b/g, 'from new and returning $1')
      // "What's the difference in sales between Q3 and Q4 2021?" got the two quarters' sum, and
      // "Revenue split between Consumer and Home Office" one figure for both: one against the other.
      // Not amounts ("orders between 100 and 500"), nor a span of what is counted ("for orders
      // between January and March"), nor beside a grouping, whose rows it would split.
      .replace(
        /\b(differences?|gap|compar\w*|split|breakdown)((?: [a-z]+){0,3}?) between (?!(?:new|returning|existing|repeat) and )(.+?) and (.+?)(?=[?.!]*$)/,
        (match: string, asked: string, between: string, one: string, other: string, _at: number, whole: string) =>
          /\b(?:orders?|invoices?|priced|prices?|spent|spend|bought|sold|for|with|of)$/.test(between.trim()) ||
          [one, other].some((side) => /^[$£€]?\d[\d,.]*$/.test(side) && !/^(?:19|20)\d\d$/.test(side)) ||
          /\b(?:by|per|each)\b/.test(whole)
            ? match
            : `${asked}${between} ${one} vs ${other}`,
      )
      // "Sales in 2019 and 2020 combined" compared the years: two years running, together, are one
      // span (not "Q4 in 2020 and 2021 combined", two quarters).
      .replace(
        /\b(?:in |for )?((?:19|20)\d\d) and ((?:19|20)\d\d),? (?:combined|together|in total|altogether)\b/g,
        (match: string, first: string, second: string, at: number, whole: string) =>
          Number(second) === Number(first) + 1 && !PART_OF_A_YEAR.test(whole.slice(0, at)) ? `from ${first} to ${second}` : match,
      )
      // "What is Rossi Ltd 774's favourite product?" got the customer's profile: what they buy most.
      .replace(FAVOURITE, (match: string, degree: string | undefined, _at: number, text: string) =>
        /\bthan\b/.test(text) ? match : `${{ 'more ': 'most ', 'less ': 'least ' }[degree ?? ''] ?? degree ?? 'most '}popular`,
      )
      // "Which product lost the most money in 2021?" got the largest fall in revenue from 2020, and
      // "… had the biggest loss" the top product by revenue: the lowest gross profit, below 0.
      .replace(/\b(?:lost|lose|loses|losing)(?: us)? (?:the )?(?:most|more) money\b/g, 'lost money the most')
      // "How many products are sold below cost?" got all units sold: a sale below cost loses money.
      .replace(BELOW_COST, 'lose money')
      // "Products sold below cost" got the whole file's gross profit: the products are listed, as "which products" are.
      .replace(
        /^(?:the |our |all |any )?(products|items|skus|articles|customers|categories|sub-categories|suppliers|vendors)\b(?=(?: that| which| who)? lose money\b)/,
        'which $1',
      )
      .replace(
        /\b(?:had|has|have|made|makes|make|posted|ran|runs|run|with|shows?|showed) the (?:biggest|largest|greatest|highest|worst|heaviest) (?:net )?loss(?:es)?\b/g,
        'lost money the most',
      )
      // "Bought by the most customers" was refused as a grouping "by the most".
      .replace(BOUGHT_BY_THE_MOST, 'with $1')
      .replace(/\bhow much of (?:(?:our|the|my|all|total)\s+)*(revenue|sales|turnover|income|business)\b/, 'what share of $1')
      // "Revenue in the most recent quarter by region" read "most" as a ranking: the latest unit is this one.
      .replace(/\b(?:most recent|latest) (year|quarter|month|week)\b/g, 'this $1')
      .replace(/\b(?:most recent|latest) (\d{1,4}) (days?|weeks?|months?|quarters?|years?)\b/g, 'last $1 $2')
      // "How much did customers spend on average?" got all revenue ("Average" read as no word of it).
      .replace(SPEND_ON_AVERAGE, 'average spend per customer')
      // "Revenue share by region" got revenue alone, "Top 3 categories by share of revenue" was
      // refused as a grouping by "share", "Customer count by region" as no figure.
      .replace(/\b(revenue|sales|turnover|profit|gross profit) share\b/g, 'share of $1')
      .replace(/\bby (?:their |its |the )?share of (revenue|sales|turnover|profit|gross profit)\b/g, 'with their share of $1')
      .replace(/\b(customer|client|account|order|product|supplier) counts?\b/g, 'number of $1s')
      // "Why did profit fall in 2021?" got the top products by margin: how it moved, which the note says is no why.
      .replace(WHY_FIGURE_MOVED, 'how $1 ')
      // "Which products had no sales in 2024?" listed those with sales, "How many customers had no
      // orders in 2024?" counted those with one: none is a purchase denied, as "did not sell" reads.
      .replace(NONE_SOLD, (_, had: string) => (had === 'had' ? 'did not sell' : "haven't sold"))
      .replace(NONE_ORDERED, (_, had: string) => (had === 'had' ? 'did not order' : "haven't ordered"))
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
      // "Customers whose revenue dropped by more than half", "… fell by 50%" and "… by 50% or
      // more" got every customer whose revenue fell: a fraction is a percentage, and a change by
      // one (or more) is at least it; "or less" is at most it.
      .replace(
        FRACTION_OF_A_CHANGE,
        (_, change: string, bound: string | undefined, fraction: string, orLess: string | undefined) =>
          `${change} by ${bound === 'up to' ? 'at most' : (bound ?? (orLess ? 'at most' : 'at least'))} ${FRACTIONS[fraction.replace(/^(?:a|one) /, '')]}%`,
      )
      .replace(
        PERCENT_OF_A_CHANGE,
        (_, change: string, percent: string, orLess: string | undefined) => `${change} ${orLess ? 'at most' : 'at least'} ${percent}`,
      )
      // "How many customers made their first purchase in March 1997?" counted March's buyers:
      // first-time buyers are new customers, with every rule of those (revenue from them, a split).
      .replace(FIRST_TIME_BUYERS, 'new $1')
      .replace(FIRST_PURCHASE_MADE, 'new $1')
      .replace(FIRST_PURCHASE_WAS, 'new $1 ')
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

/** "Share of revenue from our top supplier": the one largest, ranked by its share. */
const TOP_ONE_OF_A_SHARE =
  /\b((?:share|percent(?:age)?|proportion|fraction)\b.*?\b(?:from|of|by|for)) (?:the|our|my) (?:top|biggest|largest) (customer|client|account|product|supplier|vendor|region|country|category)\b(?!s)/;

/** A fraction of a change, in percent: "by half", "by more than a third". */
const FRACTIONS: Record<string, number> = {
  half: 50,
  third: 100 / 3,
  'two thirds': 200 / 3,
  quarter: 25,
  'three quarters': 75,
  fifth: 20,
  tenth: 10,
};
/** A figure that went up or down: "fell", "grew", "dropped", "is up". */
const CHANGED =
  'grew|grown|grow|grows|rose|risen|rise|rises|increased?|increases|went up|gone up|fell|fallen|fall|falls|dropped|drop|drops|declined?|declines|decreased?|decreases|went down|gone down|shrank|shrunk|shrinks?|up|down';
/** A bound after a fraction or a percentage: "or more" is at least it, "or less" at most. */
const OR_BOUND_AFTER = String.raw`(?:\s+or (?:more|over|above|higher|greater)|\s+or (less|under|below|lower|fewer))?`;
/** "Fell by half", "grew by more than a third" ("by quarter" is a grouping). */
const FRACTION_OF_A_CHANGE = new RegExp(
  String.raw`\b(${CHANGED}) by (?:(more than|over|at least|less than|under|almost|nearly|up to) )?(half|(?:a|one) (?:half|third|quarter|fifth|tenth)|two thirds|three quarters)\b(?! (?:of|year|ago|before|after|earlier|later)\b)${OR_BOUND_AFTER}`,
);
/** "Fell by 50%", "grew by 10%": a change by a percentage, with no bound written. */
const PERCENT_OF_A_CHANGE = new RegExp(String.raw`\b((?:${CHANGED}) by) (\d+(?:\.\d+)?\s*%)${OR_BOUND_AFTER}`);

/** "Share of November revenue", "percentage of last month's sales": a period written before the figure a share is of. */
const SHARE_OF_A_PERIOD = new RegExp(
  String.raw`\b(share|percentage|percent|proportion|fraction) of ((?:(?:this|last) (?:year|quarter|month|week)|(?:may|${MONTH_NAMES_NOT_MAY})(?: \d{4})?|q[1-4](?: \d{4})?|\d{4})(?:'s|’s)?) (revenue|sales|turnover)\b`,
);

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
  // "Which stores buy the most bottles?" ranked revenue: after "most", "fewer" and the like too
  // ("how many bottles of all Crown Royal products" got the item's summary);
  // "Total CDs sold in 1998" got 1998's revenue: after "total" and before "sold" too. "Top 5
  // customers by CDs" was refused as a grouping by "cds": after "by" too ("per CD" is a price's).
  const goods = noun ? `${escapeRegex(singular(noun))}s?` : null;
  const counted = goods
    ? text
        .replace(
          new RegExp(`((?:\\d[\\d,.]*|most|fewest|least|more|fewer|total|number of|count of|sum of|how many)\\s+)${goods}\\b`, 'g'),
          '$1units',
        )
        // Not "by bottle volume", a column of its own: the goods end the phrase.
        .replace(
          new RegExp(`\\bby\\s+${goods}(?=\\s*(?:[?.!,]|$)|\\s+(?:in|for|during|over|and|since|from|last|this)\\b)`, 'g'),
          'by units',
        )
        .replace(new RegExp(`\\b${goods}\\s+(sold|bought|ordered|purchased|shipped)\\b`, 'g'), 'units $1')
        // "All Crown Royal bottles" got the item's summary: the goods ending a question that asks
        // nothing else are their units ("how many stores buy Fireball bottles" counts stores).
        .replace(
          new RegExp(`(?<!\\bper |\\bprices? (?:of |for )?)\\b${escapeRegex(singular(noun ?? ''))}s(?=\\s*[?.!]*$)`),
          (goodsWord: string, _at: number, whole: string) =>
            /\b(?:how many|number of|count of|which|who|what|most|least|expensive|cheap|cheapest|priced)\b/.test(whole)
              ? goodsWord
              : 'units',
        )
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
