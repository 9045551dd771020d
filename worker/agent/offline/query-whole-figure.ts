/**
 * The net for a reading that kept every row: a figure of the whole file (or of a period),
 * with no filter, grouping or list. "calendar sales", "shipmode revenue", "sales rep" (on a
 * file without reps), "paris revenue" and "Which orders are open, unpaid or overdue?" each
 * got the whole file's total: every word of them is a word the grammar knows somewhere (a
 * header's, "calendar year", "open orders"), so the word net read them, yet no pattern here
 * used them. A whole-file figure is the answer most like a right one and most often to
 * another question, so its words are held to what such a figure is asked with: the
 * figure's own words, a period's, "total" and its like, and plain English. Any other word
 * is refused by name; a header's word is answered with the grouping it may mean.
 */
import type { QuerySpecInput } from '../../engine/query';
import { MEASURE_LABELS } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { escapeMarkdown } from '../../engine/render/escape';
import { editDistance } from '../tools/rep-match';
import { isPlaceWord } from './query-names';
import { isPlainEnglish, isWordOfFile, PLAIN_ENGLISH, wordsApart } from './query-unknown-words';

/** The parts of a spec that read every row: anything else narrows or lists. */
const WHOLE_READING = new Set(['measures', 'period', 'per', 'sort', 'limit']);

/**
 * The words a figure of every row is asked with, beyond plain English: how a question asks
 * ("how many", "what was"), the figures' own names and ways of saying them ("how much did we
 * sell", "customers who came back", "first-time buyers"), the whole ("in total", "across the
 * business", "all time"), and periods ("last quarter", "since March", "year to date").
 */
const WHOLE_FIGURE_WORDS = new Set(
  [
    // How a question asks, and whose.
    'about across all and any are around average avg been being between business but company did each every everyone',
    'everything firm for from had has have how into its many much not our ours out over the was were what whats when',
    'where which who whom with within without yet organisation organization chat',
    // The whole: "in total", "all-time", "to date", "so far".
    'aggregate aggregated all altogether combined complete cumulative cumulatively date entire ever far grand lifetime',
    'overall sum summed time total totals totaled totalled whole',
    // Money: revenue, profit and cost.
    'amount bring brought cash cogs cost costs dollars earn earned earning earnings euros expense expenses generate',
    'generated gross gross income made make makes making margin margins money net pounds profit profitability',
    'profits revenue revenues sale sales sell selling sells sold spend spending spends spent takings turnover value',
    'worth goods',
    // Counts: orders, customers, products, units.
    'account accounts article articles buyer buyers client clients count counted counts customer customers',
    'deal deals distinct different invoice invoices item items line lines number order ordered ordering orders',
    'piece pieces product products purchase purchased purchases purchasing quantities quantity shopper shoppers sku',
    'skus transaction transactions unique unit units volume buy buying buys bought',
    // Newness, coming back, returns, prices and shares: the measures named so.
    'again back came come coming first new once one repeat repeated returning returned return returns refund refunds',
    'credit credited memo memos notes issued cancelled canceled cancellations cancellation price prices priced percent percentage share rate',
    'ratio retained typical mean median per single only more than times size never none',
    // Customers won, and what came in: "How many customers did we win/get/acquire?", "orders received".
    'acquire acquired acquiring acquisition acquisitions active gain gained get gets getting got gotten join joined',
    'joining place placed placing receive received signed win winning won',
    // Numbers in words: "the last twelve months", "in the three months after June".
    'one two three four five six seven eight nine ten eleven twelve',
    // Periods.
    'after ago before beginning begin calendar current during end ending fiscal fortnight from half halves last latest',
    'month monthly months next onwards past period previous prior quarter quarterly quarters recent recently since',
    'start starting started this through thru till today trailing until week weekly weeks year yearly years yesterday',
    'annual annually day daily days ytd mtd qtd ttm second third fourth full whole complete',
    'january february march april may june july august september october november december',
    'jan feb mar apr jun jul aug sep sept oct nov dec',
  ]
    .join(' ')
    .split(' '),
);

/** Words said only of a period: read past when the reading has none ("calendar sales"). */
const PERIOD_ONLY = new Set(
  'ago calendar fiscal fortnight full half halves quarter quarters since till until ytd mtd qtd ttm trailing yesterday'.split(' '),
);

/** Words said of two figures side by side: "the revenue split between new and returning customers". */
const TWO_FIGURES_ONLY = new Set(['split', 'versus', 'both']);

/** A word as typed: letters, with an apostrophe or a hyphen inside ("what's", "first-time"). */
const WORD = /\p{L}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)*/gu;

/**
 * Why a reading of every row can't stand: the words it holds that no such figure is asked with,
 * or null. A reading that filters, groups or lists is left to the other nets.
 */
export function wholeFigureReadPast(question: string, spec: QuerySpecInput, meta: SnapshotMeta, fileName = ''): string | null {
  if (!Object.entries(spec).every(([key, value]) => value === undefined || WHOLE_READING.has(key) || isEmptyList(value))) return null;
  const allowed = allowedWordsOf(meta, fileName);
  const unread: string[] = [];
  // "the most recent month" is a period, "most" alone ranks; "all segments", "every region" are every row.
  const asked = question
    .replace(/\bmost (?=recent\b)/gi, '')
    .replace(EVERY_VALUE_OF, (_, every: string, noun: string) => (isHeaderWord(noun, meta) ? every : _));
  for (const [typed] of asked.matchAll(WORD)) {
    const parts = typed
      .toLowerCase()
      .replace(/n['’]t$|['’](?:s|ll|re|ve|d|m)?$/, '')
      .split(/[-'’]/)
      .filter((part) => part.length >= 3);
    const read = (part: string) =>
      (isPlaceWord(part) && isWordOfFile(part, meta)) ||
      (!(spec.period === undefined && PERIOD_ONLY.has(part)) &&
        !(spec.measures.length === 1 && TWO_FIGURES_ONLY.has(part)) &&
        (isAllowed(part, allowed) || TWO_FIGURES_ONLY.has(part)));
    if (!parts.every(read) && !unread.includes(typed)) unread.push(typed);
  }
  return unread.length > 0 ? wholeFigureRefusal(unread, spec, meta) : null;
}

function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

/** "all segments", "every store", "across all regions": every value of a column, which a figure of every row is of. */
const EVERY_VALUE_OF = /\b(all(?: (?:the|our|of (?:the|our)))?|every|across(?: all| the| our)?) ([\p{L}-]+)/giu;

/** Whether the word is one of a column's header, in the singular or plural ("segments", "store"). */
function isHeaderWord(word: string, meta: SnapshotMeta): boolean {
  const lower = word.toLowerCase();
  return meta.dimensions.some((d) =>
    headerWordsOf(d).some((w) => w === lower || `${w}s` === lower || `${w}es` === lower || w === lower.replace(/ies$/, 'y')),
  );
}

function headerWordsOf(d: SnapshotMeta['dimensions'][number]): string[] {
  return wordsApart(`${d.label} ${d.header ?? ''}`)
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/**
 * The figure's words, plain English, the words of the quantity's header and the upload's name
 * ("bottles sold", "liquor sales"), and the file's own nouns for whom and what it counts
 * ("How many stores are there?" on a file whose customers are its store_name column).
 */
function allowedWordsOf(meta: SnapshotMeta, fileName: string): Set<string> {
  const own = `${meta.quantityHeader ?? ''} ${fileName.replace(/\.\w+$/, '')}`.toLowerCase().split(/[^\p{L}]+/u);
  const counted = meta.dimensions.filter((d) => d.key === 'customer' || d.key === 'product').flatMap(headerWordsOf);
  return new Set([...WHOLE_FIGURE_WORDS, ...own, ...counted].filter((w) => w.length >= 3));
}

/** Whether a word is asked with a whole figure, as typed, in the plural, or with one slip ("revnue", "custmers"). */
function isAllowed(word: string, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(word) || isPlainEnglish(word)) return true;
  const one = word.replace(/(?:es|s)$/, '');
  if (allowed.has(one) || allowed.has(word.replace(/s$/, ''))) return true;
  // One slip of a word of five letters or more ("recieve", "totl"): "sale" is no slip of "same".
  return word.length >= 4 && [...allowed, ...PLAIN_ENGLISH].some((w) => w.length >= 5 && editDistance(word, w, 1) <= 1);
}

/** The refusal: the words read past, and for a header's word the grouping it may have meant ("revenue by Ship Mode"). */
function wholeFigureRefusal(unread: readonly string[], spec: QuerySpecInput, meta: SnapshotMeta): string {
  const named = unread.map((w) => `“${escapeMarkdown(w)}”`).join(', ');
  const [asks, it] = unread.length > 1 ? ['ask', 'them'] : ['asks', 'it'];
  const figure = MEASURE_LABELS[spec.measures[0]];
  const column = columnNamedBy(unread, meta);
  return (
    `I read this only as ${figure} over all rows${spec.period ? ' of the period' : ''}, and not what ${named} ${asks} of it: an answer without ${it} would be to another question. ` +
    (column
      ? `To split ${figure} by a column, ask “${figure} by ${escapeMarkdown(column)}”.`
      : `Ask again without ${it}, or name a value, a column or a period as the file writes it.`)
  );
}

/** The column whose header an unread word is, typed apart or together ("ship mode", "shipmode"), or null. */
function columnNamedBy(words: readonly string[], meta: SnapshotMeta): string | null {
  const typed = words.map((w) => w.toLowerCase().replace(/[^\p{L}]/gu, ''));
  for (const d of meta.dimensions) {
    const headerWords = headerWordsOf(d);
    const joined = headerWords.slice(1).map((w, i) => headerWords[i] + w);
    if (typed.some((w) => w.length >= 4 && (joined.includes(w) || headerWords.includes(w) || headerWords.includes(w.replace(/s$/, '')))))
      return d.label;
  }
  return null;
}
