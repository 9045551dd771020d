/**
 * The last net of all: a word of the question that nothing read. "revenue brazil", "costco
 * revenue", "DACH turnover 2024" and "revenue from mugs" got the whole file's figures: no
 * pattern placed the word, so it was read past, and the answer was to another question. A word
 * is read when the grammar's patterns hold it (`GRAMMAR_WORDS`, or a stem of `GRAMMAR_STEMS`
 * begins it), when it is plain English that narrows nothing, when a header of the file holds
 * it, or when a value the reading placed holds it or a slip of it ("germny revenue" read as
 * Germany). A word only values not placed hold ("mugs" of "WHITE MUG") names none of them, and
 * is refused with the values that hold it, unless the upload's name holds it too ("liquor" on
 * IA_liquor_sales.csv); anything else is refused by name. */
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { escapeMarkdown } from '../../engine/render/escape';
import { editDistance } from '../tools/rep-match';
import { GRAMMAR_STEMS, GRAMMAR_WORDS } from './grammar-words';
import { PLAIN_ENGLISH } from './plain-english';
import { isPlaceWord, placeWordsOf } from './query-names';
import { partialNameReason } from './query-values';
import { singular } from './query-vocabulary';

/** The grammar's words and plain English, for slips of them ("recieve", "revnue"). */
const WORDS_READ = [...GRAMMAR_WORDS, ...PLAIN_ENGLISH];

/** A word of a question: letters, and not a part of an id ("CA-2020-152156", "C1000185") or an amount ("5k"). */
const QUESTION_WORD = /(?<![\p{L}\d_-])\p{L}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)*(?![\p{L}\d_]|-\d)/gu;

/**
 * The words of every value and header of a file, in lower case; `headers` are the words of the
 * columns' names alone. Each two words side by side, joined, are words too: of a header
 * ("subcategory", "shipmode") in `joinedHeaders`, of a value ("hyvee") in `joinedValues`.
 */
interface FileWords {
  words: Set<string>;
  headers: Set<string>;
  joinedHeaders: Set<string>;
  joinedValues: Set<string>;
}

const wordsOfFiles = new WeakMap<SnapshotMeta, FileWords>();

function fileWordsOf(meta: SnapshotMeta): FileWords {
  let file = wordsOfFiles.get(meta);
  if (file) return file;
  file = { words: new Set(), headers: new Set(), joinedHeaders: new Set(), joinedValues: new Set() };
  const { words, headers, joinedHeaders, joinedValues } = file;
  const add = (text: string, header = false) => {
    for (const word of wordsOfName(text)) {
      words.add(word);
      if (header) headers.add(word);
    }
    for (const pair of joinedPairsOf(text)) (header ? joinedHeaders : joinedValues).add(pair);
  };
  for (const d of meta.dimensions) {
    for (const header of [d.label, d.header ?? '']) for (const text of [header, wordsApart(header)]) add(text, true);
    // "Sid's Beverage Shop" is typed "Sid's" and "Sids".
    for (const value of new Set(d.values)) for (const text of new Set([value, value.replace(/['’]/g, '')])) add(text);
  }
  for (const header of [...(meta.unusedNumbers ?? []), meta.quantityHeader ?? '']) add(wordsApart(header), true);
  wordsOfFiles.set(meta, file);
  return file;
}

/** Whether a value or header of the file holds the word, in lower case ("iowa" on the Iowa file). */
export function isWordOfFile(word: string, meta: SnapshotMeta): boolean {
  return fileWordsOf(meta).words.has(word);
}

/** Headers typed together ("CustomerName") are words apart too. */
export function wordsApart(header: string): string {
  return header.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
}

/** Each two words of a name side by side, joined: "Hy-Vee #3" is "hyvee", "Ship Mode" "shipmode". */
export function joinedPairsOf(name: string): string[] {
  const words = wordsOfName(name);
  return words.slice(1).map((word, i) => words[i] + word);
}

/** The words of a name, in lower case: "Hy-Vee #3 / BDI / Des Moines" is hy, vee, bdi, des, moines. */
export function wordsOfName(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/** The forms a word of the grammar takes: "customers", "bought", "selling", "monthly", "biggest". */
function stemsOf(word: string): string[] {
  // "gas" is no "ga" (Georgia's code), "bed" no "be": a stem of two letters is none.
  return [
    word,
    word.replace(/s$/, ''),
    word.replace(/es$/, ''),
    word.replace(/ies$/, 'y'),
    word.replace(/ed$/, ''),
    word.replace(/d$/, ''),
    word.replace(/ied$/, 'y'),
    word.replace(/ing$/, ''),
    word.replace(/ing$/, 'e'),
    word.replace(/ly$/, ''),
    word.replace(/er$/, ''),
    word.replace(/est$/, ''),
  ].filter((stem) => stem.length >= 3);
}

/** A word as the other side of the Atlantic spells it: "analyze" and "analyse", "favorite" and "favourite", "catalog" and "catalogue". */
function spellingsOf(word: string): string[] {
  return [
    word,
    word.replace(/iz(?=e|ing|ation)/, 'is'),
    word.replace(/is(?=e|ing|ation)/, 'iz'),
    word.replace(/yz/, 'ys'),
    word.replace(/ys(?=e|ing)/, 'yz'),
    word.replace(/our/, 'or'),
    word.replace(/(?<=[^o])or(?!e)/, 'our'),
    word.replace(/ogue$/, 'og'),
    word.replace(/og$/, 'ogue'),
  ];
}

/** The parts of a map a region may be named by. */
const COMPASS = 'north|south|east|west|northeast|northwest|southeast|southwest|midwest|northern|southern|eastern|western|central';
const COMPASS_WORDS = new Set(COMPASS.split('|'));
/** A part of the map named as a place: "in the west", "the east", "across western Europe", "central region"; not "central to our revenue". */
const COMPASS_PLACE = new RegExp(
  String.raw`\b(?:(?:in|from|across|throughout|to|for|of|within)\s+(?:the\s+)?|the\s+)(${COMPASS})\b|\b(${COMPASS})\s+(?:regions?|areas?|territor(?:y|ies)|markets?|coast|side)\b`,
  'g',
);

/** Whether the grammar reads a word in one of its forms, or it is plain English that narrows no figure ("kindly", "roughly"). */
function isWordRead(word: string): boolean {
  return (
    spellingsOf(word).some((spelt) => stemsOf(spelt).some((stem) => PLAIN_ENGLISH.has(stem) || GRAMMAR_WORDS.has(stem))) ||
    // "prioritize" by `prioriti[sz]e`, "recommendations" by `recommend\w*`.
    GRAMMAR_STEMS.some((stem) => word.startsWith(stem))
  );
}

/**
 * How a word of the question is read: `read` when it is a value placed or its slip, a header's
 * word, the grammar's or plain English; `value` when only a value of the file holds it, and
 * the reading placed no value by it ("revenue from mugs", "power tools revenue"); `unknown`.
 * A value's word that the file's name holds is read ("liquor sales" on IA_liquor_sales.csv).
 */
function howRead(
  word: string,
  meta: SnapshotMeta,
  placed: readonly string[],
  fileNamed: ReadonlySet<string>,
  compassPlaces: ReadonlySet<string>,
): 'read' | 'value' | 'unknown' {
  // "germny" read as Germany, "chairz" as Chairs, "wst" as West: a slip of a name the reading placed.
  const allowed = slipsAllowed(word);
  const one = singular(word);
  if (
    placed.some(
      (p) => p === word || singular(p) === one || (word.length >= 3 && p.length >= 4 && editDistance(word, p, allowed) <= allowed),
    )
  )
    return 'read';
  const file = fileWordsOf(meta);
  if (file.headers.has(word) || file.headers.has(one)) return 'read';
  // A place is a name, whatever the grammar's lists hold: read where the file holds it ("How many stores does Iowa have?").
  if (isPlaceWord(word)) return file.words.has(word) ? 'read' : 'unknown';
  // "Top customers in the west" on a file whose regions are countries got everyone's: "west" is
  // in the grammar's lists ("West Virginia"), but names a part of the map no value names.
  if (compassPlaces.has(word) && !file.words.has(word)) return 'unknown';
  if (isWordRead(word)) return 'read';
  // "subcategories", "shipmode": two words of a header typed as one ("Sub-Category", "Ship Mode");
  // any two words would let "midwest" and "supermarket" through.
  if (file.joinedHeaders.has(word) || file.joinedHeaders.has(one)) return 'read';
  // "hyvee sales": two words of values typed as one ("Hy-Vee") are a word of those values.
  const held = [word, one].some((form) => file.words.has(form) || file.joinedValues.has(form));
  if (held) return fileNamed.has(word) || fileNamed.has(one) ? 'read' : 'value';
  // "revnue", "custmers": a slip of a word the grammar reads; of four letters, only one short of a longer word ("totl").
  const shortest = word.length === 4 ? 5 : 4;
  return word.length >= 4 && WORDS_READ.some((g) => g.length >= shortest && editDistance(word, g, 1) <= 1) ? 'read' : 'unknown';
}

/** How many slips a typed word may hold and still be a name's word: one, two from seven letters. */
function slipsAllowed(word: string): number {
  return word.length >= 7 ? 2 : 1;
}

/** The words, in lower case, by which a question may name the values placed ("germany" for DE-North, "irish" for EIRE). */
function wordsOfPlaced(placed: readonly { values: readonly string[] }[]): string[] {
  const words = placed.flatMap((f) =>
    f.values.flatMap((v) => {
      const spoken = placeWordsOf(v).join(' ').replace(/['’]/g, '');
      // "all hyvee revenue" placed every Hy-Vee store: "hyvee" is their name's two words as one.
      return [...spoken.split(/[^\p{L}]+/u), ...joinedPairsOf(spoken)];
    }),
  );
  return [...new Set(words)].filter(Boolean);
}

/**
 * The parts of a typed word to look up: "Tito's" is the file's "Titos"; "aren't", "we've" and
 * "I'm" are a denial the grammar reads by its "n't" and pronouns; "hy-vee" is "hy" and "vee",
 * as the grammar's and the file's words are split.
 */
function partsOf(typed: string, meta: SnapshotMeta): string[] {
  const bare = typed
    .replace(/['’]s$|['’]$/, '')
    .replace(/n['’]t$|['’](?:ll|re|ve|d|m)$/i, '')
    .toLowerCase();
  const joined = bare.replace(/['’]/g, '');
  return fileWordsOf(meta).words.has(joined) ? [joined] : bare.split(/[-'’]/);
}

/** The word of the file's names nearest an unknown word ("office" for "ofice"), or null. */
function nearestFileWord(word: string, meta: SnapshotMeta): string | null {
  const allowed = slipsAllowed(word);
  let best: string | null = null;
  let fewest = allowed + 1;
  for (const candidate of fileWordsOf(meta).words) {
    if (candidate.length < 4) continue;
    const slips = editDistance(word, candidate, allowed);
    if (slips < fewest) [best, fewest] = [candidate, slips];
  }
  return best;
}

/**
 * Why the question can't be answered as read: the words it holds that nothing reads, or that
 * only values not placed hold; or null. `placed` are the values the reading placed (its
 * filters), whose words and slips are read; `fileName` is the upload's name.
 */
export function unknownWordsOf(
  question: string,
  meta: SnapshotMeta,
  placed: readonly { values: readonly string[] }[],
  fileName = '',
): string | null {
  const { unknown, valueWords } = wordsNotRead(question, meta, wordsOfPlaced(placed), wordsOfFileName(fileName));
  if (unknown.length > 0) return unknownWordsSaid(unknown, meta);
  if (valueWords.length > 0) return valueWordsSaid(valueWords, meta);
  return null;
}

/** Where the analysis' own answers take whom or what they are about: after "for", "to", "with" … to the end. */
const ANSWERS_ABOUT = /\b(?:for|of|to|with|about|at|in|from|on|among)\s+(.*)$/s;

/**
 * Why a question the analysis' own answers take (churn, segments, cross-sell, retention) can't
 * be answered: a word nothing reads, or null. Those answers are of every customer, or of whom
 * they name, so "churn risk for costco" got the whole list. Their questions are worded freely
 * ("What assumptions does the churn model make?"), so only what follows "for", "to", "with" …
 * is looked at. Places are read, by the customers' regions ("Which customers in Germany are at
 * risk?"), where one of them is named (`placesRead`). Words of the file's names are read by the answers that take names ("any Staples",
 * "Acme" for Acme Supply, Inc.); the others (`namesRead` false: churn, segments, concentration)
 * are of every customer, and "churn risk for miller" got the whole list too.
 */
export function unreadWordsOf(question: string, meta: SnapshotMeta, fileName = '', namesRead = true, placesRead = true): string | null {
  const about = ANSWERS_ABOUT.exec(question)?.[1];
  if (!about) return null;
  const { unknown, valueWords } = wordsNotRead(about, meta, [], wordsOfFileName(fileName));
  const unread = unknown.filter(({ part }) => !(placesRead && isPlaceWord(part)));
  if (unread.length > 0) return unknownWordsSaid(unread, meta);
  const named = namesRead ? [] : valueWords.filter(({ part }) => !isPlaceWord(part) && !isWordOfRegions(part, meta));
  return named.length > 0 ? everyCustomersAnswerSaid(named, meta) : null;
}

/** Whether a region of the file holds the word ("central" of Central): the churn answer reads regions. */
function isWordOfRegions(word: string, meta: SnapshotMeta): boolean {
  const regions = meta.dimensions.find((d) => d.key === 'region');
  return regions !== undefined && [...new Set(regions.values)].some((v) => holdsWord(v, word));
}

/** "churn risk for miller": the answer is of every customer, and names no one by a word. */
function everyCustomersAnswerSaid(words: readonly WordNotRead[], meta: SnapshotMeta): string {
  const quote = (text: string) => `“${escapeMarkdown(text)}”`;
  const { d, values } = holdersOf(words[0].part, meta);
  const label = d.label.toLowerCase();
  const lead = "This answer is of every customer, and I can't narrow it to";
  if (values.length === 1 && values[0].toLowerCase() === words[0].part) return `${lead} the ${label} ${quote(values[0])}.`;
  const holders =
    values.length === 1
      ? `only the ${label} ${quote(values[0])} holds it`
      : `${values.length.toLocaleString('en-US')} ${label} values hold it, such as ${values.slice(0, 3).map(quote).join(', ')}`;
  return (
    `${lead} ${words.map(({ typed }) => quote(typed)).join(', ')}: ${holders}.` +
    (d.key === 'customer' ? ' Name one customer in full for their own figures and risk.' : '')
  );
}

/** Whether a value's name holds the word, in any number ("WHITE MUG" holds "mugs"), or typed as one of two ("Hy-Vee" holds "hyvee"). */
function holdsWord(value: string, word: string): boolean {
  const forms = [word, singular(word)];
  const bare = value.replace(/['’]/g, '');
  return [...wordsOfName(`${value} ${bare}`), ...joinedPairsOf(value), ...joinedPairsOf(bare)].some((w) => forms.includes(w));
}

/** "liquor sales" on IA_liquor_sales.csv: the words of the file's name, read where values hold them. */
function wordsOfFileName(fileName: string): Set<string> {
  return new Set(wordsOfName(fileName.replace(/\.\w+$/, '')));
}

interface WordNotRead {
  typed: string;
  part: string;
}

/** The words of a question nothing reads (`unknown`), and those only values not placed hold (`valueWords`). */
function wordsNotRead(
  question: string,
  meta: SnapshotMeta,
  placedWords: readonly string[],
  fileNamed: ReadonlySet<string>,
): { unknown: WordNotRead[]; valueWords: WordNotRead[] } {
  const unknown: WordNotRead[] = [];
  const valueWords: WordNotRead[] = [];
  const compassPlaces = new Set([...question.toLowerCase().matchAll(COMPASS_PLACE)].map((m) => m[1] ?? m[2]));
  for (const [typed] of question.matchAll(QUESTION_WORD)) {
    // Named as typed, without a closing quote ("'walmart'").
    const named = typed.replace(/['’]+$/, '');
    // Two letters are a code or a word ("uk", "us", "be"), read by the nets for codes.
    for (const part of partsOf(typed, meta).filter((p) => p.length >= 3)) {
      const how = howRead(part, meta, placedWords, fileNamed, compassPlaces);
      const list = how === 'unknown' ? unknown : how === 'value' ? valueWords : null;
      if (list && !list.some((u) => u.typed === named)) list.push({ typed: named, part });
    }
  }
  return { unknown, valueWords };
}

function unknownWordsSaid(unknown: readonly WordNotRead[], meta: SnapshotMeta): string {
  const named = unknown.map(({ typed }) => `“${escapeMarkdown(typed)}”`).join(', ');
  const [they, them] = unknown.length > 1 ? ['they are', 'them'] : ['it is', 'it'];
  // "ofice supplies revenue" got the sub-category Supplies: the slip was read past, not as Office.
  let near: string | null = null;
  // "The west" is no slip of "best": a place the file does not hold is said as one.
  if (unknown.every(({ part }) => isPlaceWord(part) || COMPASS_WORDS.has(part))) return placesNotHeldSaid(named, them, meta);
  for (const { part } of unknown) if ((near = nearestFileWord(part, meta))) break;
  return (
    `I can't place ${named} in this question: no customer, product, place or other value of this file holds ${them}, and ${they} no word I know, so an answer without ${them} would be to another question. ` +
    `Ask again without ${them}, or name a value as the file writes it.${near ? ` Did you mean “${escapeMarkdown(near)}”?` : ''}`
  );
}

/** "In the west" on a file whose regions are countries: the words are places, only not this file's. */
function placesNotHeldSaid(named: string, them: string, meta: SnapshotMeta): string {
  const regions = [...new Set(meta.dimensions.find((d) => d.key === 'region')?.values ?? [])].sort((a, b) => a.localeCompare(b));
  const listed =
    regions.length > 0 && regions.length <= MAX_REGIONS_LISTED ? ` (its regions are ${regions.map(escapeMarkdown).join(', ')})` : '';
  return (
    `I can't place ${named} in this question: no region or other value of this file is named so${listed}, so an answer without ${them} would be to another question. ` +
    `Ask again without ${them}, or name a region as the file writes it.`
  );
}

/** Up to this many regions are listed where a place the question names is not one of them. */
const MAX_REGIONS_LISTED = 12;

/**
 * "revenue from mugs" on a file whose products are "WHITE MUG", "RED MUG": a word of many
 * values, none of them named, was read past and the whole file answered. Which values a word
 * means is no fact of the file, so the answer names every such word, says which values hold
 * the first (of the column where fewest do: "office" is the category Office Supplies before
 * 36 products), and asks for one by name, as a phrase of some names is refused.
 */
function valueWordsSaid(words: readonly WordNotRead[], meta: SnapshotMeta): string {
  const { d, values } = holdersOf(words[0].part, meta);
  return partialNameReason(
    words.map((w) => w.typed),
    d.label,
    values,
  );
}

/**
 * The column whose values hold the word and those values: the column of a value that is the
 * word ("technology" is the category Technology before a headset's name), else the one where
 * fewest values hold it.
 */
function holdersOf(word: string, meta: SnapshotMeta): { d: SnapshotMeta['dimensions'][number]; values: string[] } {
  for (const d of meta.dimensions) {
    const same = d.values.find((v) => v.toLowerCase() === word);
    if (same !== undefined) return { d, values: [same] };
  }
  const [fewest] = meta.dimensions
    .map((d) => ({ d, values: [...new Set(d.values)].filter((v) => holdsWord(v, word)) }))
    .filter(({ values }) => values.length > 0)
    .sort((a, b) => a.values.length - b.values.length);
  // Only a word some value holds is asked about (howRead's `value`); a file without one names none.
  return fewest ?? { d: meta.dimensions[0], values: [] };
}
