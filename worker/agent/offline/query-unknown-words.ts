/**
 * The last net of all: a word of the question that is neither a word the grammar reads nor a
 * word of the file's names. "revenue brazil", "costco revenue", "DACH turnover 2024" and "TTM
 * sales" got the whole file's figures: no pattern placed the word, so it was read past, and
 * the answer was to another question. A word is known when the
 * grammar's patterns hold it (`GRAMMAR_WORDS`), when it is plain English that narrows nothing,
 * when some value or header of the file holds it, or when it is a slip of one of those that the
 * reading placed ("germny revenue" read as Germany). Anything else is refused by name.
 */
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { escapeMarkdown } from '../../engine/render/escape';
import { editDistance } from '../tools/rep-match';
import { GRAMMAR_WORDS } from './grammar-words';
import { isPlaceWord, placeWordsOf } from './query-names';
import { singular } from './query-vocabulary';

/**
 * Plain English that narrows no figure: how a question is put ("could you kindly tell me"),
 * how sure it wants to be ("roughly", "exactly"), and who is asking. A word that narrows (a
 * market, a channel, a kind of customer) never belongs here: unread, it would be read past.
 */
const PLAIN_ENGLISH = new Set(
  [
    // How a question is put, and to whom.
    'able actually again also although always another anyway anything appreciate appreciated approx approximately ask asking',
    'bit briefly buddy can chance cheers could curious dear did does doing done else even ever exact exactly folks',
    'friend give given glad going gonna got great guys had has have having hello help hey hi hiya hmm hold holds hope hoping',
    'howdy however idea just keen kind kindly know let like looking love lovely mate maybe mean much must need needed now',
    'okay perhaps please pls plz possible precisely pretty quick quickly rather real really reference regards right roughly',
    'rush see seems should simply some something sorry still sure tell telling thank thanks that their them then there',
    'these they thing things think this those though thx too very wanna want wanted was way were what whats whether which',
    'while who why will wish wonder wondering would yeah yes you your',
    // Greetings, asides and slang that carry no figure.
    'advance afternoon alright awesome brilliant btw cool damage dough evening fab gimme haha lemme lol morning nice oops',
    'perfect bot excellent fantastic greetings tbh ugh wonderful imo',
    // Tone, hedging and feelings: "honestly", "roughly", "worried about …".
    'ballpark basically bunch certainly circa clarify clearly concerned confused context correct definitely essentially',
    'frankly happy historically honest honestly interested lot obviously possibly presently probably respectively rough',
    'seriously surprised truly understand various worried wrong apparently dunno fwiw gotta ideally interest interestingly',
    'literally obliged realistically sanity specifically tia',
    // Who asks, and for what: "for the board meeting", "my boss wants …".
    'assistant boss ceo cfo colleague coo cto deck director meeting powerpoint preparing presentation review slides',
    'budgeting exec investor investors kickoff prepping purposes purpose',
    // Verbs that ask for what follows, and nouns for an answer of any kind.
    'analyse analyze arrange build calculate check compute consolidate create crunch deep detail details determine dig dive',
    'draw extract fetch figure figures find generate glance grab group identify info information insight insights itemise',
    'itemize lowdown numbers organise organize outline peek picture prepare present produce provide pull report require',
    'retrieve search send share slice snapshot spot stats statistics status story summarise summarize tabulate update view',
    'visualise visualize attempting belong belongs confirm describe download print recap refresh remind verify situation',
    'brief fail failed fails failing process processed processing receive received receiving historical',
    // The grammar reads "favou?rite", which its words hold as "favou" and "rite".
    'favorite favourite',
    // The whole of what the file holds: "global sales", "the entire dataset".
    'global worldwide whole entire file data dataset sheet table',
    // Amounts said loosely: "lots of", "thousands of".
    'dozens hundreds thousands millions lots loads sometimes nowadays particular',
    // Words the grammar reads with an optional space or hyphen ("best[- ]?sell…"), whose parts alone its words hold.
    'bestseller bestsellers bestselling',
    // "rev": revenue, the figure a question names none.
    'rev revs',
    // The app's own name: "dear Tally, …".
    'tally',
  ]
    .join(' ')
    .split(' '),
);

/** The grammar's words and plain English, for slips of them ("recieve", "revnue"). */
const WORDS_READ = [...GRAMMAR_WORDS, ...PLAIN_ENGLISH];

/** A word of a question: letters, and not a part of an id ("CA-2020-152156", "C1000185") or an amount ("5k"). */
const QUESTION_WORD = /(?<![\p{L}\d_-])\p{L}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)*(?![\p{L}\d_]|-\d)/gu;

/** The words of every value and header of a file, in lower case, and each two of them side by side joined ("subcategory", "shipmode"). */
interface FileWords {
  words: Set<string>;
  joined: Set<string>;
}

const wordsOfFiles = new WeakMap<SnapshotMeta, FileWords>();

function fileWordsOf(meta: SnapshotMeta): FileWords {
  let file = wordsOfFiles.get(meta);
  if (file) return file;
  const { words, joined }: FileWords = (file = { words: new Set(), joined: new Set() });
  const add = (text: string) => {
    const split = text
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter(Boolean);
    split.forEach((word, i) => {
      words.add(word);
      if (i > 0) joined.add(split[i - 1] + word);
    });
  };
  for (const d of meta.dimensions) {
    add(`${d.label} ${d.header ?? ''}`);
    // Headers typed together ("CustomerName") are words apart too.
    add((d.header ?? '').replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'));
    // "Sid's Beverage Shop" is typed "Sid's" and "Sids".
    for (const value of new Set(d.values)) add(`${value} ${value.replace(/['’]/g, '')}`);
  }
  for (const header of [...(meta.unusedNumbers ?? []), meta.quantityHeader ?? '']) add(header.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'));
  wordsOfFiles.set(meta, file);
  return file;
}

function fileWords(meta: SnapshotMeta): Set<string> {
  return fileWordsOf(meta).words;
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

/** Whether the grammar reads a word in one of its forms, or it is plain English, or a word of the file. */
function isWordRead(word: string, files: ReadonlySet<string>): boolean {
  return (
    files.has(word) || spellingsOf(word).some((spelt) => stemsOf(spelt).some((stem) => GRAMMAR_WORDS.has(stem) || PLAIN_ENGLISH.has(stem)))
  );
}

/** Whether a word of the question is read: a value placed or its slip, the grammar's, plain English, or a word of the file's names. */
function isKnown(word: string, meta: SnapshotMeta, placed: readonly string[]): boolean {
  // "germny" read as Germany, "chairz" as Chairs, "wst" as West: a slip of a name the reading placed.
  const allowed = slipsAllowed(word);
  if (placed.some((p) => p === word || (word.length >= 3 && p.length >= 4 && editDistance(word, p, allowed) <= allowed))) return true;
  // A place is a name, whatever the grammar's lists hold: known only where the file holds it ("How many stores does Iowa have?").
  const files = fileWords(meta);
  if (files.has(word)) return true;
  if (isPlaceWord(word)) return false;
  if (isWordRead(word, files)) return true;
  // "subcategories", "shipmode": two words of a header or value typed as one ("Sub-Category",
  // "Ship Mode"); any two words would let "midwest" and "supermarket" through.
  const { joined } = fileWordsOf(meta);
  if (joined.has(word) || joined.has(singular(word))) return true;
  // "revnue", "custmers": a slip of a word the grammar reads; of four letters, only one short of a longer word ("totl").
  const shortest = word.length === 4 ? 5 : 4;
  return word.length >= 4 && WORDS_READ.some((g) => g.length >= shortest && editDistance(word, g, 1) <= 1);
}

/** How many slips a typed word may hold and still be a name's word: one, two from seven letters. */
function slipsAllowed(word: string): number {
  return word.length >= 7 ? 2 : 1;
}

/** The words, in lower case, by which a question may name the values placed ("germany" for DE-North, "irish" for EIRE). */
function wordsOfPlaced(placed: readonly { values: readonly string[] }[]): string[] {
  const words = placed.flatMap((f) =>
    f.values.flatMap((v) =>
      placeWordsOf(v)
        .join(' ')
        .replace(/['’]/g, '')
        .split(/[^\p{L}]+/u),
    ),
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
  return fileWords(meta).has(joined) ? [joined] : bare.split(/[-'’]/);
}

/** The word of the file's names nearest an unknown word ("office" for "ofice"), or null. */
function nearestFileWord(word: string, meta: SnapshotMeta): string | null {
  const allowed = slipsAllowed(word);
  let best: string | null = null;
  let fewest = allowed + 1;
  for (const candidate of fileWords(meta)) {
    if (candidate.length < 4) continue;
    const slips = editDistance(word, candidate, allowed);
    if (slips < fewest) [best, fewest] = [candidate, slips];
  }
  return best;
}

/**
 * Why the question can't be answered as read: the words it holds that nothing reads, or null.
 * `placed` are the values the reading placed (its filters), whose words and slips are read.
 */
export function unknownWordsOf(question: string, meta: SnapshotMeta, placed: readonly { values: readonly string[] }[]): string | null {
  const placedWords = wordsOfPlaced(placed);
  const unknown: { typed: string; part: string }[] = [];
  for (const [typed] of question.matchAll(QUESTION_WORD)) {
    // Two letters are a code or a word ("uk", "us", "be"), read by the nets for codes.
    const part = partsOf(typed, meta).find((p) => p.length >= 3 && !isKnown(p, meta, placedWords));
    // Named as typed, without a closing quote ("'walmart'").
    const named = typed.replace(/['’]+$/, '');
    if (part && !unknown.some((u) => u.typed === named)) unknown.push({ typed: named, part });
  }
  if (unknown.length === 0) return null;
  const named = unknown.map(({ typed }) => `“${escapeMarkdown(typed)}”`).join(', ');
  const [they, them] = unknown.length > 1 ? ['they are', 'them'] : ['it is', 'it'];
  // "ofice supplies revenue" got the sub-category Supplies: the slip was read past, not as Office.
  let near: string | null = null;
  for (const { part } of unknown) if ((near = nearestFileWord(part, meta))) break;
  return (
    `I can't place ${named} in this question: no customer, product, place or other value of this file holds ${them}, and ${they} no word I know, so an answer without ${them} would be to another question. ` +
    `Ask again without ${them}, or name a value as the file writes it.${near ? ` Did you mean “${escapeMarkdown(near)}”?` : ''}`
  );
}
