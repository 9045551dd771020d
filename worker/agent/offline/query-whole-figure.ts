/**
 * The net for a reading that kept every row: a figure of the whole file (or of a period),
 * with no filter, split or list. "calendar sales", "shipmode revenue", "sales rep" (on a file
 * without reps), "UK sales" and "Which orders are open, unpaid or overdue?" each got the whole
 * file's total: every word of them is one the grammar knows somewhere (a header's, "calendar
 * year", "open orders") or too short to look at, so the word net read them, yet no pattern
 * used them. Such a figure is the answer most like a right one and most often to another
 * question, so its words are held to those it is asked with: the figures' own (some only
 * beside their figure), a period's (only with a period), "total" and its like, a few of two
 * letters, and plain English as listed. Any other word is refused by name; a header's word
 * with the split it may mean. A reading split by a column is left alone: it is asked with too
 * many words to list (a try refused 37 of the tests' questions).
 */
import type { Measure, QuerySpecInput } from '../../engine/query';
import { isMoneyMeasure, MEASURE_LABELS } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { escapeMarkdown } from '../../engine/render/escape';
import { editDistance } from '../tools/rep-match';
import { isPlaceWord } from './query-names';
import { DIMENSION_WORDS, singular } from './query-vocabulary';
import { isWordOfFile, joinedPairsOf, wordsApart, wordsOfName } from './query-unknown-words';
import { PLAIN_ENGLISH } from './plain-english';
import { CURRENCY_WORDS } from './query-currency';

/** The parts of a spec that read every row: anything else narrows, splits or lists. */
const WHOLE_READING = new Set(['measures', 'period', 'per', 'sort', 'limit']);

/**
 * The words a figure of every row is asked with, beyond plain English: how a question asks
 * ("how many", "show me"), the figures' own names and ways of saying them ("how much did we
 * sell", "first-time buyers", "orders received"), the whole ("in total", "across all regions",
 * "all-time", "to date"), and periods ("last quarter", "since March", "year to date").
 */
const WHOLE_FIGURE_WORDS = new Set(
  [
    // How a question asks, and whose.
    'about across all and any are around average avg been being business but company did display each for how list',
    'every everyone everything firm from had has have into its look looks many much not now our ours out',
    'over overview show summary the was were what whats when where which whom whose with within without yet',
    'organisation organization chat',
    // The whole: "in total", "all-time", "to date", "so far".
    'aggregate aggregated altogether combined cumulative cumulatively date ever far grand lifetime overall sum',
    'summed time total totals totaled totalled',
    // Money: revenue, profit and cost.
    'amount bring brought cogs cost costs earn earned earning earnings expense expenses generate generated gross income',
    'made make makes making margin margins net profit profitable profitability profits revenue revenues sale sales',
    'sell selling sells sold spend spending spends spent takings turnover value goods',
    // Counts: orders, customers, products, units.
    'account accounts article articles buyer buyers client clients count counted counts customer customers deal deals',
    'distinct different invoice invoices item items line lines number order ordered ordering orders piece pieces product',
    'products purchase purchased purchases purchasing quantities quantity shopper shoppers sku skus transaction',
    'transactions unique unit units volume buy buying buys bought',
    // Newness, coming back, returns, prices and shares: the measures named so.
    'again back came come coming new one repeat repeated returning returned return returns refund refunds credit',
    'credited memo memos notes issued cancelled canceled cancellations cancellation price prices priced',
    'retained typical mean median only more than times never none',
    // Customers won, and what came in: "How many customers did we win/get/acquire?", "orders received".
    'acquire acquired acquiring acquisition acquisitions gain gained get gets getting got gotten join joined joining',
    'place placed placing receive received signed win winning won',
    // Numbers in words: "the last twelve months", "in the three months after June".
    'two three four five six seven eight nine ten eleven twelve',
    // Periods (those said only of a period are PERIOD_ONLY's).
    'current last month monthly months next onwards period quarterly through thru today week weekly weeks year yearly',
    'years annual annually day daily days second third fourth complete',
    'january february march april may june july august september october november december',
    'jan feb mar apr jun jul aug sep sept oct nov dec',
  ]
    .join(' ')
    .split(' '),
);

/** Two-letter words a figure of every row is asked with: "how much do we sell", "in total". A code ("UK", "EU") or "no" narrows it. */
const SHORT_WORDS = new Set('am an as at be by do go hi if in is it me my of oh ok on or so to up us we st nd rd th'.split(' '));

/**
 * Words of one figure only: "money" of money ("revenue in euros", not "How many pounds did we
 * sell?"), "basket" of the average order ("average basket size", not "basket revenue"), "once"
 * of the customers who bought once, "active" of customers.
 */
const MONEY_WORDS = ['cash', 'money', ...CURRENCY_WORDS];
const SHARE_WORDS = ['share', 'percent', 'percentage', 'rate', 'ratio', 'proportion'];
const WORDS_OF_ONE_FIGURE: Partial<Record<Measure, readonly string[]>> = {
  averageOrderValue: ['basket', 'baskets', 'size'],
  // "How many customers with no repeat purchase?", "… came back after their first order".
  oneTimeCustomers: ['once', 'single', 'no', 'after', 'first'],
  repeatCustomers: ['once', 'single', 'after', 'first'],
  repeatRate: ['once', 'single', 'after', 'first', ...SHARE_WORDS],
  customers: ['active'],
  newCustomers: ['first'],
  newCustomerRevenue: ['first'],
  // "revenue before returns", "the average price per bottle", "the average sale per store".
  grossRevenue: ['before'],
  averagePrice: ['per', 'unit', 'item', 'piece'],
  revenuePerCustomer: ['per'],
  marginPct: ['percent', 'percentage'],
  revenueShare: SHARE_WORDS,
  profitShare: SHARE_WORDS,
  customerShare: SHARE_WORDS,
};

/** Words said only of a period: read past when the reading has none ("calendar sales"), or a unit to average over ("per quarter"). */
const PERIOD_ONLY = new Set(
  [
    'after ago before begin beginning calendar during end ended ending first fiscal fortnight full half halves latest past',
    'previous prior quarter quarters recent recently since start started starting till trailing until ytd mtd qtd ttm',
    'yesterday',
  ]
    .join(' ')
    .split(' '),
);

/** Words said of two figures side by side: "the revenue split between new and returning customers". */
const TWO_FIGURES_ONLY = new Set(['split', 'versus', 'vs', 'both', 'between']);

/**
 * Phrases of the whole file and of what a figure is per, read before the words: "until now",
 * "since we started", "per month", "per customer", "per order". "Revenue per unit" keeps its
 * "per", which no figure of every row takes.
 */
const WHOLE_PHRASES =
  /\b(?:since|until|till|up to|to) (?:now|today|date|the (?:start|beginning)|we (?:started|began|opened))\b|\bhow big\b|\bca\.?\s*(?=[$£€]?\d)|\bper (?:day|week|month|quarter|year|customer|client|account|buyer|order|invoice|transaction)\b|\bmost (?=recent\b)/gi;

/** Time units listed by a figure: "months by revenue", "years ranked by profit". */
const UNITS_RANKED = /\b(weeks|months|quarters|years) (?:ranked |sorted |listed )?by\b/i;

/** A word as typed: letters, with an apostrophe or a hyphen inside ("what's", "first-time"). */
const WORD = /\p{L}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)*/gu;

/**
 * Why a reading of every row can't stand: the words it holds that no such figure is asked with,
 * or null. A reading that filters, splits or lists is left to the other nets.
 */
export function wholeFigureReadPast(question: string, spec: QuerySpecInput, meta: SnapshotMeta, fileName = ''): string | null {
  if (!Object.entries(spec).every(([key, value]) => value === undefined || WHOLE_READING.has(key) || isEmptyList(value))) return null;
  const allowed = allowedWordsOf(spec, meta, fileName);
  const unread: string[] = [];
  const asked = withEveryValueRead(question.replace(WHOLE_PHRASES, ' '), meta);
  // "months by revenue in 2021" asks for the months, ranked: no period word that.
  const unitsRanked = UNITS_RANKED.exec(question)?.[1];
  if (unitsRanked) unread.push(unitsRanked);
  for (const [typed] of asked.matchAll(WORD)) {
    const parts = typed
      .toLowerCase()
      .replace(/n['’]t$|['’](?:s|ll|re|ve|d|m)?$/, '')
      .split(/[-'’]/)
      .filter((part) => part.length >= 2);
    if (!parts.every((part) => isWordRead(part, spec, allowed, meta)) && !unread.includes(typed)) unread.push(typed);
  }
  return unread.length > 0 ? wholeFigureRefusal(unread, spec, meta) : null;
}

/** Whether a word of the question is one a figure of every row is asked with, here. */
function isWordRead(word: string, spec: QuerySpecInput, allowed: ReadonlySet<string>, meta: SnapshotMeta): boolean {
  const period = spec.period !== undefined || spec.per !== undefined;
  if (spec.measures.some((m) => WORDS_OF_ONE_FIGURE[m]?.includes(word))) return true;
  // "between" is of a period ("between March and June") or of two figures.
  if (TWO_FIGURES_ONLY.has(word)) return spec.measures.length > 1 || (word === 'between' && period);
  // "CD" of CDNOW's quantity ("the average price of a CD").
  if (word.length === 2) return SHORT_WORDS.has(word) || allowed.has(word) || allowed.has(`${word}s`);
  if (PERIOD_ONLY.has(word)) return period;
  // "iowa sales in 2012" on a file of Iowa's stores; "states" is a header's word (State), not a place of "United States".
  if (isPlaceWord(word) && isWordOfFile(word, meta) && !isHeaderWord(word, meta)) return true;
  return isAllowed(word, allowed);
}

/** A list the parser leaves empty (no filters, no grouping) narrows nothing. */
function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

/**
 * "all segments", "across all of our regions", "all the customer segments", "every ship mode":
 * every value of a column, which a figure of every row is of. The column's words are read.
 */
function withEveryValueRead(question: string, meta: SnapshotMeta): string {
  return question.replace(EVERY_VALUE_OF, (phrase: string, every: string, nouns: string) =>
    nouns.split(' ').every((noun) => isHeaderWord(noun, meta)) ? every : phrase,
  );
}

/** "all", "all of our", "every", "across all the" and the one or two words after. */
const EVERY_VALUE_OF = /\b(all(?: of)?(?: (?:the|our))?|every|across(?: all(?: of)?)?(?: (?:the|our))?) ([\p{L}-]+(?: [\p{L}-]+)?)\b/giu;

/** Whether the word is one of a column's header, in the singular or plural ("segments", "categories"), or the grammar's noun for a role's column ("regions"). */
function isHeaderWord(word: string, meta: SnapshotMeta): boolean {
  const lower = word.toLowerCase();
  const one = singular(lower);
  return meta.dimensions.some(
    (d) =>
      headerWordsOf(d).some((w) => w === lower || w === one) || DIMENSION_WORDS.some(([noun, key]) => key === d.key && noun.test(lower)),
  );
}

/** The words of a column's header and label, apart ("Ship Mode", "CustomerName", "store_name"). */
function headerWordsOf(d: SnapshotMeta['dimensions'][number]): string[] {
  return wordsOfName(headerOf(d));
}

/** A column's label and header, typed apart: "Ship Mode ShipMode" is "Ship Mode Ship Mode". */
function headerOf(d: SnapshotMeta['dimensions'][number]): string {
  return wordsApart(`${d.label} ${d.header ?? ''}`);
}

/**
 * The figure's words, the words of its measures alone, the words of the quantity's header and
 * of the upload's name where the file's values hold them ("bottles sold", "liquor sales"), and
 * the file's own nouns for whom and what it counts ("How many stores are there?" on a file
 * whose customers are its store_name column).
 */
function allowedWordsOf(spec: QuerySpecInput, meta: SnapshotMeta, fileName: string): Set<string> {
  const words = (text: string) => text.toLowerCase().split(/[^\p{L}]+/u);
  const named = words(fileName.replace(/\.\w+$/, '')).filter((w) => isWordOfFile(w, meta));
  const counted = meta.dimensions.filter((d) => d.key === 'customer' || d.key === 'product').flatMap(headerWordsOf);
  const ofMeasures = spec.measures.flatMap((m) => (isMoneyMeasure(m) ? MONEY_WORDS : []));
  return new Set(
    [...WHOLE_FIGURE_WORDS, ...words(meta.quantityHeader ?? ''), ...named, ...counted, ...ofMeasures].filter((w) => w.length >= 2),
  );
}

/**
 * Whether a word is asked with a whole figure: as typed, in the plural, plain English, or one slip
 * from a word of five letters or more with the same first letter ("recieve", "totl", "revnue");
 * "retail" is no slip of "detail", nor "early" of "yearly". Plain English is taken as listed, not
 * by stems: "printer" is no form of "print".
 */
function isAllowed(word: string, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(word) || allowed.has(singular(word)) || PLAIN_ENGLISH.has(word) || PLAIN_ENGLISH.has(singular(word))) return true;
  return word.length >= 4 && [...allowed].some((w) => w.length >= 5 && w[0] === word[0] && editDistance(word, w, 1) <= 1);
}

/** The refusal: the words read past, and for a header's word the grouping it may have meant ("revenue by Ship Mode"). */
function wholeFigureRefusal(unread: readonly string[], spec: QuerySpecInput, meta: SnapshotMeta): string {
  const named = unread.map((w) => `“${escapeMarkdown(w)}”`).join(', ');
  const [asks, it] = unread.length > 1 ? ['ask', 'them'] : ['asks', 'it'];
  const figure = `${MEASURE_LABELS[spec.measures[0]]}${spec.per ? ` per ${spec.per}` : ''}`;
  const column = columnNamedBy(unread, meta);
  return (
    `I read this only as ${figure} over all rows${spec.period ? ' of the period' : ''}, and not what ${named} ${asks} of it: an answer without ${it} would be to another question. ` +
    (column
      ? `To split ${MEASURE_LABELS[spec.measures[0]]} by a column, ask “${MEASURE_LABELS[spec.measures[0]]} by ${escapeMarkdown(column)}”.`
      : `Ask again without ${it}, or name a value, a column or a period as the file writes it.`)
  );
}

/** The column whose header an unread word is, typed apart or together ("ship mode", "shipmode", "states"), or null. */
function columnNamedBy(words: readonly string[], meta: SnapshotMeta): string | null {
  const typed = words.map((w) => w.toLowerCase().replace(/[^\p{L}]/gu, ''));
  const named = meta.dimensions.find((d) => {
    const header = headerWordsOf(d);
    const joined = joinedPairsOf(headerOf(d));
    return typed.some((w) => w.length >= 4 && (header.includes(singular(w)) || header.includes(w) || joined.includes(w)));
  });
  return named?.label ?? null;
}
