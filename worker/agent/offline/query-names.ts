/**
 * Names the exact-match pass missed: "customer 17850" and "what has 17850 bought" (ids
 * are numbers, which the exact pass skips so years never match), an abbreviation in
 * capitals ("the UK"), and a word after "in"/"from" that is a typo of a region, category
 * or other small dictionary ("germny" → Germany). A name it can't place is reported, so
 * the answer never silently drops a filter and reports everything.
 */
import Fuse from 'fuse.js';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import type { AnalysisFacts } from './query-parsed';
import { editDistance } from '../tools/rep-match';
import { escapeRegex, RETURNS } from './query-limits';
import { productCodesOf, productLabelIn } from './query-product-codes';
import { BUYER_NOUNS, CUSTOMER_NOUNS } from './customer-words';
import { MONTH_NAMES } from './query-periods';
import { NUMBER_WORDS } from './number-words';
import { headerNoun, isGrammarWord, isTimeUnit } from './query-vocabulary';
import { nameWords, startsWithWords } from '../../engine/query/resolve';

type Filter = { dimension: string; values: string[]; match: 'exact' };
/** A filter the question named already: a value, or a name's first words (`startsWith`). */
export type NamedFilter = { dimension: string; values: string[]; match: 'exact' | 'startsWith' };

/** Words that follow "in"/"from" without naming a value (periods, articles, measures). */
const NOT_NAMES = new Set(
  (
    'the a an all total each every this last past previous prior preceding my our their that same which what those these ' +
    'january february march april may june july august september october november december ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec q1 q2 q3 q4 year years month months quarter quarters ' +
    'week weeks day days today ytd revenue sales orders units total profit margin terms order one two three ' +
    'most least more less much particular general detail details stock region regions country countries category categories customer customers product products stock ' +
    'value values amount amounts money volume quantity quantities number numbers count percent percentage share ' +
    'units euros dollars pounds sterling returning repeat existing loyal lapsed active inactive regular churned lost former dormant ' +
    // "From the start of 2020 to the end of 2021", "in early 2021": a part of a period (query-routes.ts reads or refuses it).
    'start beginning middle early ' +
    // "Revenue of everything but Office Supplies": the whole, before what is left out.
    'everything everyone anything anyone ' +
    // "Orders for both Texas and California": what joins the names.
    'both either neither'
  ).split(' '),
);

/**
 * "Sell to Germany", "sales to Italy", "shipped to France": where the goods went, a place or a
 * buyer as after "in". They were dropped, and the answer was every region's revenue.
 */
const SOLD_TO = String.raw`(?:sell|sells|selling|sold|sales|ship|ships|shipped|shipping|shipments|deliver|delivered|deliveries|export|exports|exported|exporting)\s+to`;

/** Short words a question typed in title case capitalises ("Sales in Both Years"), no names. */
const TITLE_CASE_WORDS = new Set(
  'both any some few many each all our my its his her who how why new old top low big one two six ten per via'.split(' '),
);

/** Dictionaries small enough to fuzzy-match a single word against (regions, categories …). */
const MAX_FUZZY_VALUES = 1_000;
/** Dictionaries a word typed with no "in" or "from" before it is matched against: regions, categories, not cities. */
const MAX_UNMARKED_VALUES = 100;
/** Fuse score (0 = exact) up to which a word counts as a typo of a value: one slip in a 6+ letter word. */
const MAX_FUZZY_SCORE = 0.2;

/**
 * Extra filters from the question, or the name that matched nothing in the file. A value of
 * a dimension `found` already filters by joins that filter ("the UK vs Germany").
 */
export function looseNamesOf(
  question: string,
  meta: SnapshotMeta,
  found: NamedFilter[],
  known: { customerNoun?: string | null; facts?: Pick<AnalysisFacts, 'customerLabelOf' | 'productLabelOf'> } = {},
): { filters: Filter[] } | { unknown: string; nearest?: string } {
  const text = question.toLowerCase().replace(/[?!,.]/g, ' ');
  const filters: Filter[] = [];
  // An id with a digit in it, one digit too: CDNOW's "revenue for customer 1" got the whole file's revenue.
  // Iowa's "sales of store 2506" too (its customers are stores, named in the rows, by number in store_number).
  const nouns = `customer|client|account${known.customerNoun ? `|${escapeRegex(known.customerNoun)}` : ''}`;
  const idWritten = `(?:id\\s+|no\\.?\\s+|number\\s+|#\\s*)?((?=[\\w-]*\\d)[a-z0-9][\\w-]*)\\b`;
  // Read with the question's commas: "new customers, 2021-01-01 …" names no id.
  const written = question.toLowerCase();
  const id = new RegExp(`\\b(?:${nouns})s?\\s+${idWritten}`).exec(written);
  const customers = meta.dimensions.find((d) => d.key === 'customer');
  if (id && customers && !found.some((f) => f.dimension === 'customer') && !yearAfterCustomers(written, id)) {
    // "Customer 12415 vs 14088", "customers 18102 and 14646" kept the first alone: the ids joined to it are customers too.
    const joined = new RegExp(
      `\\s*(?:,|&|\\band\\b|\\bor\\b|\\bvs\\b\\.?|\\bversus\\b|\\bcompared (?:to|with)|\\bagainst\\b)\\s*(?:(?:${nouns})\\s+)?${idWritten}`,
      'y',
    );
    const ids = [id[1]];
    joined.lastIndex = (id.index ?? 0) + id[0].length;
    // A year joined so is a period ("customer 12415 vs 2010"), no id.
    for (let more = joined.exec(written); more && !isYear(more[1]); more = joined.exec(written)) ids.push(more[1]);
    const values: string[] = [];
    for (const typedId of ids) {
      // "Customer 1" is CDNOW's "00001": ids of digits alone are compared as numbers.
      const value =
        customers.values.find((v) => v.toLowerCase() === typedId) ??
        customers.values.find((v) => sameNumber(v, typedId)) ??
        known.facts?.customerLabelOf?.(typedId);
      if (!value) return { unknown: typedId };
      if (!values.includes(value)) values.push(value);
    }
    filters.push({ dimension: 'customer', values, match: 'exact' });
  }
  // "What has 14646 bought?", "sales to 14646": a bare number where a name stands is a
  // customer id when one is exactly that (years are periods); it was dropped, and the
  // answer was the whole file's.
  const bare =
    /\b(?:did|does|has|have|for|from|to|by|of)\s+#?(\d{3,})\b(?!\s*(?:days?|weeks?|months?|quarters?|years?|rows?|units?)\b)/.exec(text);
  if (bare && customers && !isYear(bare[1]) && !found.some((f) => f.dimension === 'customer') && filters.length === 0) {
    const value = customers.values.find((v) => v === bare[1]);
    // "Revenue of 23084" on Online Retail, whose customer ids are numbers too: a product's code.
    const product = value ? null : productLabelIn(meta, known.facts, bare[1]);
    if (!value && !product) return { unknown: bare[1] };
    filters.push(
      value
        ? { dimension: 'customer', values: [value], match: 'exact' }
        : { dimension: 'product', values: [product as string], match: 'exact' },
    );
  }
  const codes = productCodesOf(question.replace(/[?!,.]/g, ' '), meta, known.facts);
  if ('unknown' in codes) return codes;
  if (codes.filter) {
    const named = [...found, ...filters].find((f) => f.dimension === 'product');
    if (named) named.values.push(...codes.filter.values.filter((v) => !named.values.includes(v)));
    else filters.push(codes.filter);
  }
  const coded = codedValuesOf(text, meta, [...found, ...filters]);
  if ('unknown' in coded) return coded;
  filters.push(...coded.filters);
  const numbered = unplacedNumberedValue(text, meta, [...found, ...filters]);
  // Quoted back as typed: "Supplier 13" (the text is in lower case, each character where it was).
  if (numbered) return { unknown: question.slice(numbered.at, numbered.at + numbered.phrase.length) };
  const demonym = demonymFilter(text, meta);
  if (demonym && 'unknown' in demonym) return demonym;
  if (demonym && !found.some((f) => f.dimension === demonym.filter.dimension)) filters.push(demonym.filter);
  const taken = [...found, ...filters].flatMap((f) => f.values.map((v) => v.toLowerCase()));
  // "Revenue in AT and CH" kept AT alone, "AT vs CH revenue" got every region's, "Germany vs
  // France" was refused: each code and each country of a coded column joins its column's values.
  for (const { filter, words } of codedValuesNamed(question, meta, taken)) {
    const same = [...found, ...filters].find((f) => f.dimension === filter.dimension);
    if (same) same.values.push(...filter.values.filter((v) => !same.values.includes(v)));
    else filters.push(filter);
    taken.push(...words);
  }
  // "Revenue texas vs ny": a state named beside its code is one more of the column's values.
  const states = usStatesByCode(question, meta);
  if (states) {
    const same = [...found, ...filters].find((f) => f.dimension === states.filter.dimension);
    if (same) same.values.push(...states.filter.values.filter((v) => !same.values.includes(v)));
    else filters.push(states.filter);
    taken.push(...states.codes);
  }
  // Names in capitals ("revenue from the UK", "sales to ACME"): the file's own spelling or a
  // known long form, or refused by name; the word pass below skips short words and "to",
  // and a dropped filter would answer for everyone.
  // "Sales for the uk" in lower case is the same country (it got the whole file's revenue);
  // "us" in lower case is the pronoun ("paid to us").
  const lowerCase = Object.keys(ABBREVIATIONS).filter((word) => word !== 'us');
  // "How dependent are we on the UK?" got the customers' concentration: "on" too.
  const abbreviated = new RegExp(
    `\\b(?:in|from|for|to|of|on|upon|and|vs|versus|with)\\s+(?:the\\s+)?(${lowerCase.join('|')})(?![\\w-])`,
    'g',
  );
  const capitals = [...question.matchAll(/\b(?:in|from|for|to|of|on|upon)\s+(?:the\s+)?([A-Z]{2,12})(?![\w-])/g)];
  // "Which UK customers bought …" named no country: the answer was everyone's. Before a noun of
  // buyers an abbreviation is one only where the file holds it ("VIP customers" is no place).
  const beforeBuyers = [...text.matchAll(new RegExp(`\\b(${lowerCase.join('|')})\\s+(?:${BUYER_NOUNS})\\b`, 'g'))].filter((m) =>
    abbreviationFilter(m[1], meta),
  );
  // "UK revenue", "U.K. orders in October" got the whole file's: before a figure too, where the file holds it.
  const beforeFigures = [
    ...text.replace(/\bu\.k\.?(?=\s)/g, 'uk').matchAll(new RegExp(`(?<![\\w.-])(${lowerCase.join('|')})\\s+${FIGURE_NOUNS}`, 'g')),
    ...question.matchAll(new RegExp(`(?<![\\w.-])([A-Z]{2,12})\\s+${FIGURE_NOUNS}`, 'gi')),
  ].filter((m) =>
    /^[A-Z]{2,12}$/.test(m[1]) || lowerCase.includes(m[1].toLowerCase()) ? abbreviationFilter(m[1].toLowerCase(), meta) : false,
  );
  // "Revenue uk vs germany" kept Germany alone: before a join too, where the file holds it.
  const beforeJoins = [
    ...text.matchAll(new RegExp(`(?<![\\w.-])(${lowerCase.join('|')})\\s*(?:,|&|\\s(?:and|or|vs\\.?|versus)\\s)`, 'g')),
    ...question.matchAll(/(?<![\w.-])([A-Z]{2,12})\s*(?:,|&|\s(?:and|or|vs\.?|versus)\s)/g),
  ].filter((m) => abbreviationFilter(m[1].toLowerCase(), meta));
  for (const m of [...capitals, ...text.matchAll(abbreviated), ...beforeBuyers, ...beforeFigures, ...beforeJoins]) {
    const word = m[1].toLowerCase();
    // "Revenue of JUMBO BAG RED RETROSPOT": a word of a name already found is no abbreviation.
    if (taken.some((v) => v === word || v.split(/\s+/).includes(word)) || NOT_NAMES.has(word)) continue;
    const placed = abbreviationFilter(word, meta);
    if (!placed) return { unknown: m[1] };
    // "The UK vs Germany": one more value of a dimension the question already named.
    const same = [...found, ...filters].find((f) => f.dimension === placed.dimension);
    if (same) same.values.push(...placed.values.filter((v) => !same.values.includes(v)));
    else filters.push(placed);
    taken.push(word);
  }
  for (const m of text.matchAll(new RegExp(String.raw`\b(?:in|from|${SOLD_TO})\s+(?:the\s+)?([a-z][a-z'-]{4,})\b`, 'g'))) {
    const word = m[1];
    // "Haven't we sold to since June": after "sold to" a word that begins a period or a clause names no place.
    if (!/^(?:in|from)\s/.test(m[0]) && (PHRASE_END.has(word) || PERIOD_WORDS.has(word))) continue;
    // "Revenue from one-time buyers" named no value "one-time": the kind of customer is the grammar's to read.
    // "Profit from binder" found Binders: a name's word in the singular is that word.
    if (NOT_NAMES.has(word) || QUALIFIERS.has(word) || word in DEMONYMS || taken.some((v) => v.split(/\s+/).some((w) => sameWord(word, w))))
      continue;
    // "In channel 2": the column's own name, its code read by `codedValuesOf`.
    if (meta.dimensions.some((d) => d.label.toLowerCase() === word)) continue;
    // "Revenue from Canon" got the city Canton: a word the file's names hold is no typo (Canon's printers).
    if (isWordOfAValue(word, meta)) return { unknown: word };
    // "Revenue in Ireland" got Iceland's: a country's own name is no typo of another's.
    if (isCountryName(word)) {
      const coded = countryCodeFilter(word, meta, [...found, ...filters]);
      if (!coded) return { unknown: word };
      filters.push(coded);
      continue;
    }
    // "Revenue in germny" on a file coding Germany as DE-North and DE-South was refused: a slip of a country's name is that country.
    const typo = typoFilter(word, meta, [...found, ...filters]) ?? countryCodeFilterOfSlip(word, meta, [...found, ...filters]);
    // A country's name was placed (or refused) above: what is left unplaced the file lacks.
    if (!typo) return { unknown: word };
    filters.push(typo);
  }
  // "What was germny revenue?", "netherland revenue" and "revenue by sub-category for furnture"
  // got the whole file's. After "for", a slip of a value is that value. Before a figure nothing
  // says a name stands there ("tablet sales" is no typo of Tables), so a slip is refused, with
  // the name it is near. Any other word there may be a kind the grammar reads ("net revenue",
  // "for stores"), and is left to it. Only a short list is looked in: a word a letter away from
  // one of 531 cities is likelier a word than a slip.
  // Read within a clause ("across a range, sales counted" names no city Orange), a possessive as its name ("Furniture's revenue").
  const lower = question.toLowerCase().replace(/['’]s\b/g, '');
  const beforeFigure = [...lower.matchAll(new RegExp(String.raw`\b([a-z][a-z'-]{4,})\s+${FIGURE_NOUNS}`, 'g'))].map((m) => ({
    word: m[1],
    afterFor: false,
  }));
  const afterFor = [...lower.matchAll(/\bfor\s+(?:the\s+)?([a-z][a-z'-]{4,})\b(?![\w-])/g)].map((m) => ({ word: m[1], afterFor: true }));
  for (const { word, afterFor: placed } of [...beforeFigure, ...afterFor]) {
    if (NOT_NAMES.has(word) || NOT_KINDS.has(word) || QUALIFIERS.has(word) || PERIOD_WORDS.has(word) || word in DEMONYMS) continue;
    if (isGrammarWord(word) || taken.some((v) => v.split(/\s+/).some((w) => sameWord(word, w))) || isWordOfAValue(word, meta)) continue;
    // A country's own name is no slip of another's; the passes for names place or refuse it as typed.
    if (isCountryName(word)) continue;
    const typo = typoFilter(word, meta, [...found, ...filters], MAX_UNMARKED_VALUES);
    if (typo && !placed) return { unknown: word, nearest: typo.values[0] };
    if (typo) {
      filters.push(typo);
      taken.push(word);
      continue;
    }
    const country = countryTypoOf(word);
    const coded = country ? countryCodeFilter(country, meta, [...found, ...filters]) : null;
    if (country && placed && coded) {
      filters.push(coded);
      taken.push(word);
      continue;
    }
    if (country) return { unknown: word, ...(coded ? { nearest: coded.values.join(', ') } : {}) };
    // "fastenng revenue" is too far from Fasteners to be read as it, and too near to be a kind of figure.
    if (beginsAValue(word, meta)) return { unknown: word };
  }
  // "Revenue in Polk" (an Iowa county, no value of the file) got the whole file's: the pass
  // after "in" and "from" reads words of five letters or more, and a shorter one typed as a name is one too.
  // The question's first letter in lower case, so "Sales to Peru" reads as "sales to Peru"; the name keeps its capital.
  const sentence = question.charAt(0).toLowerCase() + question.slice(1);
  for (const m of sentence.matchAll(new RegExp(String.raw`\b(?:in|from|${SOLD_TO})\s+(?:the\s+)?([A-Z][a-z'-]{2,3})\b(?![\w-])`, 'g'))) {
    const word = m[1].toLowerCase();
    if (NOT_NAMES.has(word) || PERIOD_WORDS.has(word) || word in DEMONYMS || TITLE_CASE_WORDS.has(word)) continue;
    if (taken.some((v) => v.split(/\s+/).includes(word))) continue;
    if (
      [...found, ...filters].some((f) =>
        f.values.some((v) =>
          v
            .toLowerCase()
            .split(/[^\p{L}\d'-]+/u)
            .includes(word),
        ),
      )
    )
      continue;
    const coded = countryCodeFilter(word, meta, [...found, ...filters]);
    if (!coded) return { unknown: m[1] };
    filters.push(coded);
  }
  // "Units in new yrok" got every unit: a name of two words with a slip in it.
  for (const m of text.matchAll(/\b(?:in|from|for)\s+(?:the\s+)?([a-z][a-z'-]+\s+[a-z][a-z'-]+)\b(?![\w-])/g)) {
    const phrase = m[1].replace(/\s+/g, ' ');
    if (PHRASE_END.has(phrase.split(' ')[0]) || JOINS.has(phrase.split(' ')[0])) continue;
    const named = [...found, ...filters];
    if (phrase.length < 7 || taken.some((v) => v.includes(phrase) || phrase.split(' ').some((w) => v.split(/\s+/).includes(w)))) continue;
    const typo = closeTypoFilter(phrase, meta, named);
    if (typo && typo !== 'several' && !named.some((f) => f.values.includes(typo.values[0]))) {
      filters.push(typo);
      taken.push(...phrase.split(' '));
    }
  }
  // "Revenue in peru", "sales in japn", "revenue from acme" in lower case got the whole file's:
  // a short word there is placed only on evidence that it is a name (a country's, a typo of a
  // value, a word of some names), since "in each", "from june" and "in bulk" are none.
  for (const m of text.matchAll(new RegExp(String.raw`\b(?:in|from|${SOLD_TO})\s+(?:the\s+)?([a-z][a-z'-]{2,3})\b(?![\w-])`, 'g'))) {
    const word = m[1];
    if (NOT_NAMES.has(word) || PERIOD_WORDS.has(word) || word in DEMONYMS || TITLE_CASE_WORDS.has(word) || isGrammarWord(word)) continue;
    // "Sales from from the UK", as an exclusion's clause is read: a word that begins a phrase names nothing.
    if (PHRASE_END.has(word) || JOINS.has(word) || NOT_GOODS.has(word) || MONTH_NAMES.split('|').includes(word)) continue;
    const named = [...found, ...filters];
    if (taken.some((v) => v.split(/\s+/).includes(word)) || named.some((f) => f.values.some((v) => wordsOfValue(v).includes(word))))
      continue;
    if (isCountryName(word)) {
      const coded = countryCodeFilter(word, meta, named);
      if (!coded) return { unknown: word };
      filters.push(coded);
      continue;
    }
    // "Sales in the wst", "customers in the est": a slip of a short list's value, not of one of
    // 531 cities ("home" is a letter from Rome, "sale" from Salem, "end" from Enid).
    const typo = closeTypoFilter(word, meta, named, MAX_UNMARKED_VALUES);
    if (typo === 'several') return { unknown: word };
    if (typo) {
      filters.push(typo);
      continue;
    }
    // Online Retail's 3,600 product names hold "list", "note" and "book": a word of theirs is likelier a word.
    if (dimensionWithWord(word, meta, (key) => key !== 'product')) return { unknown: word };
    // "Revenue in itly" on a file without Italy got the whole file's.
    const country = shortCountrySlipOf(word);
    if (country) {
      const coded = countryCodeFilter(country, meta, named);
      if (!coded) return { unknown: word };
      filters.push(coded);
    }
  }
  // "Revenue of zztop", "sales of widgets" got the whole file's revenue: a name after a
  // measure that no value of the file holds, even as one of its words, is refused by name.
  for (const m of text.matchAll(/\b(?:revenue|sales|turnover|profit|margin|units|orders)\s+(?:of|for)\s+([a-z][a-z'-]{3,})\b/g)) {
    const word = m[1];
    if (NOT_NAMES.has(word) || NOT_KINDS.has(word) || PERIOD_WORDS.has(word) || word in DEMONYMS) continue;
    if (taken.some((v) => v.split(/\s+/).includes(word)) || isWordOfAValue(word, meta)) continue;
    const coded = countryCodeFilter(word, meta, [...found, ...filters]);
    if (!coded) return { unknown: word };
    filters.push(coded);
  }
  return { filters };
}

/** The words a question names a role's column by; other columns go by their header. */
const ROLE_NOUNS: Record<string, string> = {
  product: 'products?|items?',
  category: 'categor(?:y|ies)',
  supplier: 'suppliers?|vendors?',
  region: 'regions?|territor(?:y|ies)|countr(?:y|ies)',
  salesRep: '(?:sales ?)?reps?',
};

/**
 * "Customers in region 3", "channel 2's spend on grocery": a column whose values are codes
 * (UCI Wholesale customers codes its Region 1–3 and its Channel 1–2) named with a code. The
 * exact pass skips numbers, so that years never match, and the code was dropped: "How many
 * customers are in region 3?" counted all 440. A code the column doesn't hold is refused by name.
 */
function codedValuesOf(text: string, meta: SnapshotMeta, named: readonly NamedFilter[]): { filters: Filter[] } | { unknown: string } {
  const filters: Filter[] = [];
  for (const d of meta.dimensions) {
    if (d.key === 'customer' || named.some((f) => f.dimension === d.key) || !d.values.some((v) => /^\d+$/.test(v))) continue;
    const noun = d.key.startsWith('column:') ? escapeRegex(d.label.toLowerCase()).replace(/_/g, '[ _]') : ROLE_NOUNS[d.key];
    if (!noun) continue;
    for (const m of text.matchAll(new RegExp(`\\b(?:${noun})\\s+(?:#\\s*|no\\.?\\s+)?(\\d+)\\b`, 'g'))) {
      if (isYear(m[1])) continue;
      const value = d.values.find((v) => sameNumber(v, m[1]));
      if (!value) return { unknown: `${d.label} ${m[1]}` };
      const same = filters.find((f) => f.dimension === d.key);
      if (same) same.values.push(value);
      else filters.push({ dimension: d.key, values: [value], match: 'exact' });
    }
  }
  return { filters };
}

/**
 * A role's value named by its noun and a number that nothing placed: Superstore's "Revenue of
 * supplier 13" and "Revenue from region 9" got the whole file's revenue, and "Revenue from
 * Supplier 13" the Supplies sub-category's. The phrase to name as not found ("supplier 13"),
 * or null. B2B's "Rep 7" is a value, found before this; a number before a unit of time is a
 * span ("region 3 months").
 */
function unplacedNumberedValue(text: string, meta: SnapshotMeta, named: readonly NamedFilter[]): { phrase: string; at: number } | null {
  for (const [role, noun] of Object.entries(ROLE_NOUNS)) {
    if (role === 'product' || named.some((f) => f.dimension === role)) continue;
    // Not "by region 03/2021" or "per country 15 June 2021": a date after a grouping.
    const m = new RegExp(
      `(?<!\\b(?:by|per|each|every|across)\\s+)\\b(${noun})\\s+(?:#\\s*|no\\.?\\s+)?(\\d+)\\b(?![/.-]\\d)(?!\\s*(?:days?|weeks?|months?|quarters?|years?|${MONTH_NAMES})\\b)`,
    ).exec(text);
    if (!m || isYear(m[2])) continue;
    const column = meta.dimensions.find((d) => d.key === role);
    // A value with the number in it is found by name elsewhere ("Region 3" written so in the file).
    if (column?.values.some((v) => v.toLowerCase() === `${m[1]} ${m[2]}` || sameNumber(v, m[2]))) continue;
    return { phrase: m[0], at: m.index };
  }
  return null;
}

/** Words that open a period ("revenue for first quarter of 2021", "sales for whole year"), no name. */
export const PERIOD_WORDS = new Set(
  'first second third fourth fifth half whole entire full current prior rest remaining fiscal financial calendar period periods'.split(' '),
);

/**
 * A country named in full where the file writes its ISO code ("sales for austria" on a file
 * whose regions are AT, CH, NL …: it was refused as no value of the file), or the code as the
 * start of its regions ("Germany" is DE-North and DE-South together; "Revenue in Germany" was
 * refused, "sell to Germany" got every region's). The codes' names come from the runtime's
 * own `Intl.DisplayNames`, so no country table is kept here.
 */
function countryCodeFilter(word: string, meta: SnapshotMeta, named: readonly NamedFilter[]): Filter | null {
  for (const d of meta.dimensions) {
    if (d.key === 'customer' || d.key === 'product' || d.values.length > MAX_FUZZY_VALUES) continue;
    if (named.some((f) => f.dimension === d.key)) continue;
    const values = [...new Set(d.values)].filter((v) => countryOfCode(v) === word).sort();
    if (values.length > 0) return { dimension: d.key, values, match: 'exact' };
  }
  return null;
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

let countryNames: Set<string> | null = null;

/** The English names of the countries of every ISO code the runtime names, in lower case. */
function countryNamesOfCodes(): Set<string> {
  if (!countryNames) {
    countryNames = new Set();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letters)
      for (const b of letters) {
        const country = countryOfCode(a + b);
        if (country) countryNames.add(country);
      }
  }
  return countryNames;
}

/** Whether `word` is the English name of a country (of any ISO code the runtime names), in lower case. */
function isCountryName(word: string): boolean {
  return countryNamesOfCodes().has(word);
}

/** The country, in lower case, whose ISO code a value is or starts with ("AT" Austria, "DE-North" Germany), or null. */
export function countryOfCode(value: string): string | null {
  const code = /^([A-Z]{2})(?:$|[-_ ]\S)/.exec(value)?.[1];
  const country = code ? REGION_NAMES.of(code) : undefined;
  return code && country && country !== code ? country.toLowerCase() : null;
}

/**
 * The values of columns that write countries by their ISO codes ("AT", "DE-North") which the
 * question names: a code as typed, in capitals ("AT and CH"), or a country by its name
 * ("Austria", "Germany" for DE-North and DE-South), with the question's words that name them.
 * A question typed all in capitals names no code ("REVENUE AT …").
 */
function codedValuesNamed(question: string, meta: SnapshotMeta, taken: readonly string[]): { filter: Filter; words: string[] }[] {
  const text = ` ${question.toLowerCase().replace(/[^\p{L}\d'-]+/gu, ' ')} `;
  const typedCodes = /\p{Ll}/u.test(question)
    ? new Set([...(question.match(/(?<![\p{L}\d-])[A-Z]{2,12}(?![\p{L}\d-])/gu) ?? []), ...codesBesideVs(question)])
    : new Set<string>();
  const isTaken = (word: string) => taken.some((v) => v === word || v.split(/\s+/).includes(word));
  const named: { filter: Filter; words: string[] }[] = [];
  for (const d of meta.dimensions) {
    if (d.key === 'customer' || d.key === 'product' || d.values.length > MAX_FUZZY_VALUES) continue;
    const byCountry = new Map<string, string[]>();
    for (const value of new Set(d.values)) {
      const country = countryOfCode(value);
      if (country) byCountry.set(country, [...(byCountry.get(country) ?? []), value]);
    }
    // Only a column that writes some country by its code: Superstore's "West" is no code.
    if (byCountry.size === 0) continue;
    const values = new Set<string>();
    const words: string[] = [];
    // "DE vs AT revenue" dropped DE, which the file writes as DE-North and DE-South: a country's code is its regions'.
    for (const value of new Set(d.values))
      if ((typedCodes.has(value) || typedCodes.has(/^([A-Z]{2})[-_ ]/.exec(value)?.[1] ?? '')) && !isTaken(value.toLowerCase())) {
        values.add(value);
        words.push(value.toLowerCase());
      }
    for (const [country, held] of byCountry)
      if (text.includes(` ${country} `) && !isTaken(country)) {
        for (const value of held) values.add(value);
        words.push(...country.split(' '));
      }
    if (values.size > 0) named.push({ filter: { dimension: d.key, values: [...values].sort(), match: 'exact' }, words });
  }
  return named;
}

/** Whether two ids written in digits alone are the same number ("00001" and "1"). */
export function sameNumber(a: string, b: string): boolean {
  return /^\d+$/.test(a) && /^\d+$/.test(b) && a.replace(/^0+(?=\d)/, '') === b.replace(/^0+(?=\d)/, '');
}

/** Whether any value of the file has `word` (or its singular) as one of its words. */
export function isWordOfAValue(word: string, meta: SnapshotMeta): boolean {
  return dimensionWithWord(word, meta) !== null;
}

/**
 * The column (products first, then customers, then the rest) of which some value has `word`,
 * or its singular, as one of its words; "hy-vee" is a word of "Hy-Vee #1044 / Burlington".
 */
export function dimensionWithWord(
  word: string,
  meta: SnapshotMeta,
  among: (key: string) => boolean = () => true,
): SnapshotMeta['dimensions'][number] | null {
  const forms = new Set([word, word.replace(/s$/, ''), word.replace(/es$/, ''), word.replace(/ies$/, 'y')]);
  const hyphened = word.includes('-') ? new RegExp(`(?:^|[^\\p{L}\\d])${escapeRegex(word)}(?:$|[^\\p{L}\\d])`, 'u') : null;
  const order = (key: string) => (key === 'product' ? 0 : key === 'customer' ? 1 : 2);
  const dimensions = [...meta.dimensions].filter((d) => among(d.key)).sort((a, b) => order(a.key) - order(b.key));
  return (
    dimensions.find((d) =>
      d.values.some((v) => {
        const lower = v.toLowerCase();
        return hyphened ? hyphened.test(lower) : lower.split(/[^\p{L}\d]+/u).some((w) => forms.has(w));
      }),
    ) ?? null
  );
}

/**
 * The value of a small dictionary (regions, categories …; not customers or products) that
 * `word` is a typo of, in a column no filter has named yet; null when there is none.
 */
function typoFilter(word: string, meta: SnapshotMeta, named: readonly NamedFilter[], most = MAX_FUZZY_VALUES): Filter | null {
  let best: { filter: Filter; slips: number } | null = null;
  for (const d of meta.dimensions) {
    if (d.key === 'customer' || d.key === 'product' || d.values.length > most) continue;
    if (named.some((f) => f.dimension === d.key)) continue;
    const hits = new Fuse([...new Set(d.values)], { includeScore: true, threshold: 0.3, ignoreLocation: true }).search(word, { limit: 3 });
    // Fuse scores a word found inside a value too: "summer" matched the segment "Consumer".
    // The nearest of every column's: "illinos" is a slip of the state Illinois before the city Billings.
    for (const hit of hits) {
      if ((hit.score ?? 1) > MAX_FUZZY_SCORE || !isTypoOf(word, hit.item)) continue;
      const slips = editDistance(word, hit.item.toLowerCase(), 2);
      if (!best || slips < best.slips) best = { filter: { dimension: d.key, values: [hit.item], match: 'exact' }, slips };
    }
  }
  return best?.filter ?? null;
}

/** The coded values of the country that `word` is a slip of, or null. */
function countryCodeFilterOfSlip(word: string, meta: SnapshotMeta, named: readonly NamedFilter[]): Filter | null {
  const country = countryTypoOf(word);
  return country ? countryCodeFilter(country, meta, named) : null;
}

/** The English name of a country that `word` is a slip of ("germny" for Germany), or null. */
function countryTypoOf(word: string): string | null {
  // Five letters or more: "chat" is a letter from Chad.
  if (word.length < 5) return null;
  return [...countryNamesOfCodes()].find((name) => !name.includes(' ') && isTypoOf(word, name)) ?? null;
}

/** Four-letter words that are a country's name with a letter dropped or two swapped. */
const WORDS_NEAR_A_COUNTRY = new Set('chin mail malt moan pain span spin toga tong'.split(' '));

/**
 * The country whose name a four-letter word is, with one letter dropped ("itly" for Italy) or
 * two neighbours swapped ("preu" for Peru), or null. A changed letter is no slip here: "chat"
 * is a letter from Chad.
 */
function shortCountrySlipOf(word: string): string | null {
  if (word.length !== 4 || WORDS_NEAR_A_COUNTRY.has(word)) return null;
  const slips = (name: string) =>
    name.length === 5
      ? [...name].some((_, i) => name.slice(0, i) + name.slice(i + 1) === word)
      : name.length === 4 && [...name].some((_, i) => i < 3 && name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) === word);
  return [...countryNamesOfCodes()].find((name) => !name.includes(' ') && slips(name)) ?? null;
}

/**
 * The one value of a small dictionary that a short word or a name of two words is a slip of
 * ("itly" for Italy, "new yrok" for New York): Fuse scores these too far, so by edit distance
 * alone; `several` when it is a slip of more than one ("est" of East and West).
 */
function closeTypoFilter(
  word: string,
  meta: SnapshotMeta,
  named: readonly NamedFilter[],
  most = MAX_FUZZY_VALUES,
): Filter | 'several' | null {
  const hits = meta.dimensions
    .filter((d) => d.key !== 'customer' && d.key !== 'product' && d.values.length <= most && !named.some((f) => f.dimension === d.key))
    .flatMap((d) => [...new Set(d.values)].filter((v) => v.length >= 4 && isTypoOf(word, v)).map((v) => ({ dimension: d.key, value: v })));
  if (hits.length > 1) return 'several';
  return hits.length === 1 ? { dimension: hits[0].dimension, values: [hits[0].value], match: 'exact' } : null;
}

/**
 * Whether `word`, of 7 letters or more, is within three slips of a small dictionary's value
 * that begins with the same four letters: a typo too far to be read as that value ("fastenng"
 * for Fasteners), which no kind of figure is ("higher profit" is no Highland Park).
 */
function beginsAValue(word: string, meta: SnapshotMeta): boolean {
  // "What changed revenue?", "big spenders' revenue": an English word's ending says it is one.
  if (word.length < 7 || /(?:ed|ing|ers?|ly|ion|ions|ment|ness)$/.test(word)) return false;
  const start = word.slice(0, 4);
  return meta.dimensions.some(
    (d) =>
      d.key !== 'customer' &&
      d.key !== 'product' &&
      d.values.length <= MAX_UNMARKED_VALUES &&
      d.values.some((v) => v.toLowerCase().startsWith(start) && editDistance(word, v.toLowerCase(), 3) <= 3),
  );
}

/** Whether `word` is the whole of `value` with a slip or two ("germny"), not a piece of it. */
function isTypoOf(word: string, value: string): boolean {
  const allowed = word.length <= 6 ? 1 : 2;
  return editDistance(word, value.toLowerCase(), allowed) <= allowed;
}

/** "Buy the most vodka", "sold rum", "spend the most on rum": the word a purchase verb is about. */
const BOUGHT_OBJECT =
  /\b(?:buy|buys|bought|sell|sells|sold|order|orders|ordered|purchase|purchases|purchased)\s+(?:the\s+)?(?:most\s+|more\s+|less\s+|least\s+|much\s+|any\s+)?([a-z][a-z'-]{2,})\b|\b(?:spend|spends|spent|spending)\s+(?:the\s+)?(?:most\s+|more\s+|less\s+|least\s+|much\s+)?(?:money\s+|dollars\s+)?on\s+([a-z][a-z'-]{2,})\b/;
/** "Whiskey sales", "gin buyers", "vodka average price": the word before a measure or the people who buy. */
const WORD_BEFORE_MEASURE =
  /\b([a-z][a-z'-]{2,})\s+(?:sales|revenue|turnover|margins?|profit|units|bottles|cases|quantity|qty|buyers|customers|cogs|cost of (?:goods|sales)|(?:(?:average|avg|mean|bottle|unit)\s+)*prices?)\b/;
/**
 * "How many bottles of vodka did we sell?", "how much vodka did we sell?", "the average price
 * of vodka": the kind after a quantity or a price, or before the verb (each got every category's figure).
 * "Top vendor for scotch" too: the kind a ranking is of (it got the whole file's vendors).
 */
const KIND_OF_QUANTITY =
  /\b(?:bottles?|units?|cases?|liters?|litres?|gallons?|pieces?|boxes?|packs?|cans?|items?|kilos?|tons?|tonnes?|revenue|sales|spend)\s+of\s+([a-z][a-z'-]{2,})\b|\bprices?\s+(?:of|for|on)\s+(?:a\s+(?:bottle|unit|case)\s+of\s+)?([a-z][a-z'-]{2,})\b|\b(?:margins?|profits?|markup)\s+(?:of|on|for)\s+([a-z][a-z'-]{2,})\b|\b(?:share|percent(?:age)?|proportion) of (?:our |the |all |total )?(?:sales|revenue|turnover) (?:is|are|comes? from|from|for|in) ([a-z][a-z'-]{2,})\b|\bhow (?:much|many)\s+([a-z][a-z'-]{2,})(?:\s+(?:did|do|does|have|has|was|were|in|at|for|from|during|last|this)\b|\s*[?.!]*$)|\b(?:top|best|biggest|largest|leading|worst|bottom|smallest)(?:[- ]selling)?\s+(?:\d+\s+)?([a-z][a-z'-]{2,})\s+(?:products?|items?|brands?|vendors?|suppliers?|stores?|shops?|customers?)\b|\b(?:top|best|biggest|largest|leading|main|worst|bottom)\s+(?:\d+\s+)?(?:vendors?|suppliers?|stores?|shops?|customers?|clients?|accounts?|products?|items?|brands?|cities|city|counties|county)\s+(?:for|of|in)\s+([a-z][a-z'-]{2,})\b/;
/** Words before those nouns, or after a purchase verb, that name no kind of product. */
const NOT_KINDS = new Set(
  (
    'total monthly quarterly yearly annual weekly daily net gross our your their its new top best worst repeat returning existing ' +
    'average highest lowest most least all any some which what whose these those other same each every more less biggest largest ' +
    'smallest recent lost active inactive loyal overall much many how did does was were are has have had and the from with ' +
    'often frequently again together online this that last since before after than per over under about into product products ' +
    'item items customer customers category categories region regions supplier suppliers vendor vendors store stores rep reps'
  ).split(' '),
);

/**
 * The categories a word of their names picks out: "Which stores buy the most vodka?" (Iowa,
 * whose categories include VODKA 80 PROOF, IMPORTED VODKA and 100 PROOF VODKA) was answered
 * for every category. The word may be singular where the names are plural ("gin" for
 * AMERICAN DRY GINS, "whiskey" for CANADIAN WHISKIES). Null when the question names none.
 * Where it names categories already, only the kinds joined to them ("tequila or vodka") are
 * more of them, and the caller adds them to that filter.
 */
export function categoryWordFilter(question: string, meta: SnapshotMeta, found: readonly NamedFilter[]): Filter | null {
  const categories = meta.dimensions.find((d) => d.key === 'category');
  if (!categories) return null;
  const named = found.find((f) => f.dimension === 'category');
  const namedCategoryWords = named ? named.values.flatMap((v) => v.toLowerCase().split(/[^a-z]+/)) : [];
  const text = question.toLowerCase();
  const namedWords = found.flatMap((f) => f.values.flatMap((v) => v.toLowerCase().split(/\s+/)));
  const categoryValues = [...new Set(categories.values)];
  const values: string[] = [];
  for (const pattern of [BOUGHT_OBJECT, WORD_BEFORE_MEASURE, KIND_OF_QUANTITY]) {
    const match = pattern.exec(text);
    const said = match?.slice(1).find(Boolean);
    if (!match || !said) continue;
    // "Vodka and tequila revenue" got TEQUILA's alone: the kinds joined to the one before the figure are asked for too.
    const at = match.index + match[0].indexOf(said);
    for (const { word, start } of [{ word: said, start: at }, ...joinedWords(text, said, at)]) {
      if (NOT_KINDS.has(word) || NOT_NAMES.has(word) || word in DEMONYMS || namedWords.includes(word)) continue;
      // "Tequila or vodka sales" got TEQUILA's alone: a kind joined to a category named is one more.
      if (named && !joinedToOneOf(text, word, namedCategoryWords)) continue;
      // "Sales of office chairs": "office" is said of the chairs named, not the category Office Supplies (it got 0.00).
      // The word right after the kind: in "How much vodka did Sid's Beverage Shop buy?" it is "did",
      // not the store named after it (vodka was refused as a word of product names).
      const next = text.slice(start + word.length).match(/^\s*([a-z][a-z'-]*)/)?.[1];
      if (next && namedWords.some((w) => sameWord(next, w))) continue;
      const holding = categoriesWithWord(categoryValues, word).filter((v) => !named?.values.includes(v));
      // "Irish whiskey sales" got every whisk(e)y category: a word before the kind that some of them hold narrows it.
      const before = text.slice(0, start).match(/([a-z][a-z'-]*)\s*$/)?.[1];
      const narrowed = before && !NOT_KINDS.has(before) ? categoriesWithWord(holding, before) : [];
      values.push(...(narrowed.length > 0 ? narrowed : holding).filter((v) => !values.includes(v)));
    }
    if (values.length > 0) return { dimension: 'category', values, match: 'exact' };
  }
  return null;
}

/** A join between two names: "or", "and", "vs", "&" or a comma ("tequila vs rum revenue" kept tequila alone). */
const NAMES_JOINED = String.raw`\s*(?:,|&|\bor\b|\band\b|\bvs\b\.?|\bversus\b)\s*`;

/** The words joined to the one at `at` by "or", "and", "&" or commas, before or after it, with where each starts. */
function joinedWords(text: string, word: string, at: number): { word: string; start: number }[] {
  const joined: { word: string; start: number }[] = [];
  const before = new RegExp(String.raw`([a-z][a-z'-]*)${NAMES_JOINED}$`);
  for (let end = at, m = before.exec(text.slice(0, end)); m; m = before.exec(text.slice(0, end))) {
    joined.push({ word: m[1], start: m.index });
    end = m.index;
  }
  const after = new RegExp(String.raw`^${NAMES_JOINED}([a-z][a-z'-]*)`);
  for (let start = at + word.length, m = after.exec(text.slice(start)); m; m = after.exec(text.slice(start))) {
    joined.push({ word: m[1], start: start + m[0].length - m[1].length });
    start += m[0].length;
  }
  return joined;
}

/** The categories that hold a word in their names, in the singular or the plural ("gin" for AMERICAN DRY GINS). */
function categoriesWithWord(categories: readonly string[], word: string): string[] {
  const forms = new Set(pluralFormsOf(word));
  return categories.filter((v) =>
    v
      .toLowerCase()
      .split(/[^a-z]+/)
      .some((w) => forms.has(w)),
  );
}

/** A word as written and in its plurals: "gin", "gins", "gines"; "whiskey", "whiskies". */
function pluralFormsOf(word: string): string[] {
  return [word, `${word}s`, `${word}es`, word.replace(/e?y$/, 'ies')];
}

/** Whether `word` stands next to one of `words`, joined by "or", "and", "&" or a comma. */
function joinedToOneOf(text: string, word: string, words: readonly string[]): boolean {
  const neighbours = [
    ...text.matchAll(new RegExp(String.raw`\b([a-z][a-z'-]*)${NAMES_JOINED}${escapeRegex(word)}\b`, 'g')),
    ...text.matchAll(new RegExp(String.raw`\b${escapeRegex(word)}${NAMES_JOINED}([a-z][a-z'-]*)\b`, 'g')),
  ].map((m) => m[1]);
  return neighbours.some((n) => words.some((w) => sameWord(n, w)));
}

/**
 * CDNOW's "customers 1997 vs 1998" and "top customers 1998" were customer 01997's and 01998's:
 * a year after customers is their period, unless it is marked as an id ("customer #1997",
 * "customer id 1998") or follows one customer ("customer 1997", "revenue of customer 1998").
 */
function yearAfterCustomers(written: string, id: RegExpExecArray): boolean {
  if (!isYear(id[1]) || /(?:\bid|\bno\.?|\bnumber|#)\s*\d+$/.test(id[0])) return false;
  const noun = id[0].split(/\s+/)[0];
  const ranked = /\b(?:top|bottom|best|worst|biggest|largest|smallest|new|lost|first|last|which|our|my|all)\s+$/.test(
    written.slice(0, id.index),
  );
  return /s$/.test(noun) || ranked;
}

/** 1900 … 2099: a year, read as a period, never as an id. */
export function isYear(digits: string): boolean {
  return /^(19|20)\d\d$/.test(digits);
}

/** Common abbreviations of countries and regions, as files spell them out. */
const ABBREVIATIONS: Record<string, string[]> = {
  uk: ['united kingdom', 'great britain', 'britain', 'england', 'uk', 'u.k.'],
  gb: ['united kingdom', 'great britain', 'gb'],
  us: ['united states', 'united states of america', 'usa', 'us', 'u.s.'],
  usa: ['united states', 'united states of america', 'usa', 'us', 'u.s.'],
  uae: ['united arab emirates', 'uae'],
  eu: ['european community', 'european union', 'eu'],
  rsa: ['south africa', 'rsa'],
  // Online Retail writes Ireland "EIRE": "Revenue in Ireland" got Iceland's, read as a typo of it.
  ireland: ['ireland', 'eire', 'republic of ireland'],
  holland: ['netherlands', 'the netherlands', 'holland'],
};

/** US states by their postal codes (usStatesByCode). */
const US_STATE_CODES: Record<string, string> = Object.fromEntries(
  (
    'al alabama|ak alaska|az arizona|ar arkansas|ca california|co colorado|ct connecticut|de delaware|dc district of columbia|' +
    'fl florida|ga georgia|hi hawaii|id idaho|il illinois|in indiana|ia iowa|ks kansas|ky kentucky|la louisiana|me maine|' +
    'md maryland|ma massachusetts|mi michigan|mn minnesota|ms mississippi|mo missouri|mt montana|ne nebraska|nv nevada|' +
    'nh new hampshire|nj new jersey|nm new mexico|ny new york|nc north carolina|nd north dakota|oh ohio|ok oklahoma|or oregon|' +
    'pa pennsylvania|ri rhode island|sc south carolina|sd south dakota|tn tennessee|tx texas|ut utah|vt vermont|va virginia|' +
    'wa washington|wv west virginia|wi wisconsin|wy wyoming'
  )
    .split('|')
    .map((pair) => [pair.slice(0, 2), pair.slice(3)]),
);

/** The words of US states' names: "How many stores does Iowa have?" asks of the whole file, not of Iowa Street Market. */
const US_STATE_WORDS = new Set(Object.values(US_STATE_CODES).flatMap((name) => name.split(' ')));

/**
 * A place's code typed in lower case that no filter holds: "revenue uk 2024", "orders in be in
 * 2024", "revenue tx 2021" got the whole file's figures, the code read as no word at all. A
 * code that is an English word too counts only where it can't be one: "be" and "at" after
 * "in", "from", "for" or "of". Null when every such code is placed.
 */
export function codeLeftOut(question: string, filters: readonly { values: string[] }[], meta: SnapshotMeta): string | null {
  const placed = new Set(filters.flatMap((f) => f.values.map((v) => v.toLowerCase())));
  // In a question typed all in capitals ("SHOW ME REVENUE") capitals say nothing.
  const cased = /[a-z]/.test(question);
  // "The uk's revenue": a possessive too.
  for (const m of question.matchAll(/(?<![\p{L}\d.'’&-])([A-Za-z]{2,3})(?=['’]s\b|(?![\p{L}\d'’&-]))/gu)) {
    const code = m[1].toLowerCase();
    const before = question.slice(0, m.index);
    const after = question.slice(m.index + m[1].length);
    // "OK, now show …", "oh and profit?", "customer id", "ca. 700k": words and abbreviations, not places.
    if (NOT_NAMES_IN_CAPITALS.has(code) || /^\.\s*\S/.test(after)) continue;
    const capitals = cased && /^[A-Z]+$/.test(m[1]);
    // "To be the biggest" is no Belgium: "to" is no word of place.
    const afterPlace = /\b(?:in|from|for|of)\s+(?:the\s+)?$/i.test(before);
    const word = TWO_LETTER_WORDS.has(code) || (code.length === 3 && !(code in ABBREVIATIONS));
    const codeAfterPlace = afterPlace && WORDS_THAT_ARE_CODES.has(code) && !/^\s+(?:least|most)\b/i.test(after);
    if (word && !capitals && !codeAfterPlace) continue;
    const values = valuesOfCode(code, meta);
    if (values.length === 0 || values.some((v) => placed.has(v.toLowerCase()))) continue;
    const quoted = values.map((v) => `“in ${v}”`).join(' or ');
    return `I couldn't place “${m[1]}” in this question, so I won't answer without it; if you mean a place, say ${quoted}, as the file writes it.`;
  }
  return null;
}

/** Words that are countries' codes too, read as places after "in", "from", "for" or "of": Belgium's "be", Austria's "at" ("in at least 5 stores" is none). */
const WORDS_THAT_ARE_CODES = new Set(['be', 'at']);

/** The values of the file's place columns that a code stands for: its own ("UK"), a long form, a US state, a country's regions ("DE-North"). */
function valuesOfCode(code: string, meta: SnapshotMeta): string[] {
  const country = countryOfCode(code.toUpperCase());
  // "be" is Online Retail's "Belgium" too, written out.
  const spellings = [
    code,
    ...(ABBREVIATIONS[code] ?? []),
    ...(code in US_STATE_CODES ? [US_STATE_CODES[code]] : []),
    ...(country ? [country] : []),
  ];
  for (const d of meta.dimensions) {
    if (d.key === 'customer' || d.key === 'product' || d.values.length > MAX_FUZZY_VALUES) continue;
    const values = [...new Set(d.values)].filter(
      (v) => spellings.includes(v.trim().toLowerCase()) || (country !== null && countryOfCode(v) === country),
    );
    if (values.length > 0) return values.sort();
  }
  return [];
}

/** Codes that are words too, typed in capitals or not: "OK", "IN", "OR", "ME", "HI", "ID", "LA" (Los Angeles). */
const STATE_CODES_THAT_ARE_WORDS = new Set(['ok', 'in', 'or', 'me', 'hi', 'id', 'la']);

/**
 * "Revenue in CA", "TX revenue", "Compare CA and TX": US states by their postal codes, typed in
 * capitals, where the file has a column of states that holds them (Superstore's State; its
 * City holds a Washington too). Each such code in the question is placed, so none is dropped;
 * a question typed all in capitals names none ("SHOW ME REVENUE").
 */
function usStatesByCode(question: string, meta: SnapshotMeta): { filter: Filter; codes: string[] } | null {
  const column = meta.dimensions.find((d) => /\bstates?\b/i.test(d.label));
  if (!column || !/[a-z]/.test(question)) return null;
  const codes = [...[...question.matchAll(/(?<![\w.-])([A-Z]{2})(?![\w-])/g)].map((m) => m[1]), ...codesBesideVs(question)]
    .map((code) => code.toLowerCase())
    .filter((code) => code in US_STATE_CODES && !STATE_CODES_THAT_ARE_WORDS.has(code));
  const values = [...new Set(codes)].flatMap((code) => column.values.filter((v) => v.toLowerCase() === US_STATE_CODES[code]).slice(0, 1));
  return values.length > 0 ? { filter: { dimension: column.key, values, match: 'exact' }, codes } : null;
}

/**
 * Two letters in lower case set against something with "vs" ("revenue ny vs ca", "uk vs de"),
 * in capitals: names stand on both sides of a "vs", so they are codes, not words ("at", "be").
 */
function codesBesideVs(question: string): string[] {
  return [...question.matchAll(/(?<![\w.-])([a-z]{2})(?=\s+(?:vs\.?|versus)\s)|(?<=\s(?:vs\.?|versus)\s+)([a-z]{2})(?![\w-])/g)].map((m) =>
    (m[1] ?? m[2]).toUpperCase(),
  );
}

/** Words between "which" and the buyers that name nothing: "which of our customers". */
const BUYERS_ARTICLES = new Set(['of', 'our', 'the', 'my', 'your', 'all']);

/**
 * The word between "which" and a noun of buyers that no filter placed ("DE" in "Which DE
 * customers bought …", no region of the generated file), or null: the answer would drop it.
 * A country's abbreviation or adjective ("UK", "German") is placed as its country.
 */
export function unplacedBeforeBuyers(text: string, filters: readonly { values: string[] }[]): string | null {
  const before = new RegExp(`\\bwhich ((?:[\\w'-]+ ){1,3}?)(?:${BUYER_NOUNS})\\b`).exec(text)?.[1].trim().split(' ') ?? [];
  // "Which DE customers …": DE-North's and DE-South's code is DE.
  const named = new Set(filters.flatMap((f) => f.values.flatMap((v) => v.toLowerCase().split(/[\s,.-]+/))));
  const placed = (word: string) => BUYERS_ARTICLES.has(word) || word in ABBREVIATIONS || word in DEMONYMS || named.has(word);
  return before.find((word) => !placed(word)) ?? null;
}

/**
 * The words a question may name a place value by, in lower case: "germany" for DE-North,
 * "ireland" and "irish" for EIRE, "uk" and "british" for United Kingdom.
 */
export function placeWordsOf(value: string): string[] {
  const country = countryOfCode(value);
  const spellings = [value.toLowerCase(), ...(country ? [country] : [])];
  return [
    ...spellings,
    ...Object.entries({ ...ABBREVIATIONS, ...DEMONYMS })
      .filter(([, spelt]) => spelt.some((s) => spellings.includes(s)))
      .flatMap(([word, spelt]) => [word, ...spelt]),
  ];
}

/** Words of places' names that are plain English too: "states", "new", "north", "island". */
const COMMON_PLACE_WORDS = new Set(
  'the of and new north south east west central island islands saint st states state great republic democratic people federal'.split(' '),
);

let placeNameWords: Set<string> | null = null;

/**
 * Whether a word names a place, or is a word of a place's name: a country ("kingdom" of United
 * Kingdom, "britain"), a US state ("york"), a country's abbreviation or adjective ("usa", "german").
 */
export function isPlaceWord(word: string): boolean {
  // Of the runtime's many-word country names only the spellings listed here count: "Jan Mayen",
  // "Isle of Man" and "Christmas Island" would make "jan", "man" and "christmas" places.
  placeNameWords ??= new Set(
    [...Object.values(US_STATE_CODES), ...Object.values(ABBREVIATIONS).flat(), ...Object.values(DEMONYMS).flat()]
      .flatMap((name) => name.split(/[^a-z]+/))
      .filter((w) => w.length >= 3 && !COMMON_PLACE_WORDS.has(w)),
  );
  return isCountryName(word) || placeNameWords.has(word) || word in ABBREVIATIONS || word in DEMONYMS;
}

/** Countries by their adjective ("German customers"), as files spell the country. */
const DEMONYMS: Record<string, string[]> = {
  american: ABBREVIATIONS.usa,
  australian: ['australia'],
  austrian: ['austria'],
  belgian: ['belgium'],
  brazilian: ['brazil'],
  british: ABBREVIATIONS.uk,
  canadian: ['canada'],
  chinese: ['china'],
  cypriot: ['cyprus'],
  czech: ['czech republic', 'czechia'],
  danish: ['denmark'],
  dutch: ['netherlands', 'the netherlands', 'holland'],
  english: ['england', 'united kingdom'],
  finnish: ['finland'],
  french: ['france'],
  german: ['germany', 'deutschland'],
  greek: ['greece'],
  icelandic: ['iceland'],
  indian: ['india'],
  irish: ['ireland', 'eire', 'republic of ireland'],
  israeli: ['israel'],
  italian: ['italy'],
  japanese: ['japan'],
  lithuanian: ['lithuania'],
  maltese: ['malta'],
  mexican: ['mexico'],
  norwegian: ['norway'],
  polish: ['poland'],
  portuguese: ['portugal'],
  scottish: ['scotland'],
  singaporean: ['singapore'],
  spanish: ['spain'],
  swedish: ['sweden'],
  swiss: ['switzerland'],
};
/** The adjectives of countries the grammar knows, as a regex alternation. */
export const DEMONYM_WORDS = Object.keys(DEMONYMS).join('|');

/**
 * "German customers", "Dutch sales", "the French market", "Which German region sells the
 * most?" (it ranked every region): an adjective of a country before one of these nouns.
 */
const DEMONYM_BEFORE = new RegExp(
  `\\b(${DEMONYM_WORDS})\\s+(${CUSTOMER_NOUNS}|market|sales|revenue|turnover|profits?|margins?|spend|orders?|business|regions?|territor(?:y|ies)|stores?|shops?|branch(?:es)?|offices?|locations?|(?:sales )?reps?)\\b`,
);

/** The spellings of the country a demonym before a noun of buyers names ("Swiss customers": switzerland, ch …), or none. */
export function countrySpellingsOfDemonym(text: string): string[] {
  const m = DEMONYM_BEFORE.exec(text);
  return m ? DEMONYMS[m[1]] : [];
}

/**
 * The country a demonym names ("Which products do German customers buy?" answered for every
 * country, "revenue from Dutch customers" with the file's overview), or the word when the
 * file has no such country; null when the question has none.
 */
function demonymFilter(text: string, meta: SnapshotMeta): { filter: Filter } | { unknown: string } | null {
  const m = DEMONYM_BEFORE.exec(text);
  if (!m) return null;
  for (const d of meta.dimensions) {
    if (d.key === 'customer' || d.key === 'product') continue;
    const value = d.values.find((v) => DEMONYMS[m[1]].includes(v.trim().toLowerCase()));
    if (value) return { filter: { dimension: d.key, values: [value], match: 'exact' } };
  }
  // "Austrian customers" where the file writes AT.
  for (const spelling of DEMONYMS[m[1]]) {
    const coded = countryCodeFilter(spelling, meta, []);
    if (coded) return { filter: coded };
  }
  return { unknown: m[1] };
}

/** The filter an abbreviation stands for in this file (its exact value, or a known long form), or null. */
function abbreviationFilter(word: string, meta: SnapshotMeta): Filter | null {
  const spellings = ABBREVIATIONS[word] ?? [word];
  for (const d of meta.dimensions) {
    if (d.key === 'customer' || d.key === 'product') continue;
    const value = d.values.find((v) => spellings.includes(v.trim().toLowerCase()));
    if (value) return { dimension: d.key, values: [value], match: 'exact' };
  }
  return null;
}

/** Where a phrase naming what a figure is of begins: "units of …", "sales for …", "how many … did". */
const MEASURE_OBJECT =
  /\b(?:revenue|sales|turnover|profit|margins?|units|orders|spend|cost of (?:goods|sales)(?: sold)?|costs?(?! of (?:goods|sales)\b)|cogs|prices?(?:\s+(?:of|for|on)\s+(?:a|an|one|each|per)\s+(?:bottle|unit|case|item|piece|pack|box|can))?|bottles?|cases?|liters?|litres?|gallons?|pieces?|boxes?|packs?|cans?|items?|products?|kilos?|tons?|tonnes?)\s+(?:of|for|on)\s+([^?!,;:]+)/g;
/** "How many paper chain kits did we sell?": the phrase between "how many" and the verb, when no "units of" names it. */
const HOW_MANY_OBJECT = /\bhow (?:much|many)\s+([^?!,;:]+?)\s+(?:did|do|does|have|has|had|was|were|are|is)\b/g;
/**
 * "What did Northwind buy?", "How much did Acme spend?": the buyer named as the subject. A
 * name there that no value holds got every customer's products, or the whole file's revenue.
 * So did a seller's ("How many bottles did Hy-Vee sell?" got every store's 81,107).
 */
const BUYER_SUBJECT =
  /\b(?:did|does|do|has|have|had)\s+([^?!,;:]+?)\s+(?:buy|bought|spend|spent|order|ordered|purchase|purchased|pay|paid|place|placed|sell|sold)\b/g;
/**
 * "How many stores bought Titos?", "Which customers spend the most on Zubrowka?": what was
 * bought, named as the object. A name there that no value holds was dropped, and the count
 * was of every store (224 for Titos' 30).
 */
const GOODS_BOUGHT =
  /\b(?:buy|buys|buying|bought|purchasing|purchased|ordering|ordered)\s+([^?!,;:]+)|\b(?:spend|spends|spent|spending)\b(?:\s+[\w']+){0,3}?\s+on\s+([^?!,;:]+)/g;
/** What an order holds: "orders that included hoses" ("revenue including returns" is no order's). */
const GOODS_HELD =
  /\b(?:orders?|invoices?|baskets?|transactions?|purchases?)\s+(?:that\s+|which\s+)?(?:include|includes|included|including|contain|contains|contained|containing)\s+([^?!,;:]+)/g;
/** Whom customers are called: "customers called Vogel", "how many customers are named Miller". */
const CUSTOMERS_CALLED = new RegExp(
  String.raw`\b(?:${CUSTOMER_NOUNS})\s+(?:who\s+are\s+|that\s+are\s+|are\s+)?(?:called|named)\s+([^?!,;:]+)`,
  'gi',
);
/** Plural nouns after a purchase verb that are no goods: "bought hundreds of binders", "including returns". */
const NOT_GOODS_IN_S = new Set(
  'always sometimes afterwards nowadays perhaps besides elsewhere towards upwards backwards overseas returns refunds taxes fees hundreds dozens thousands millions dollars euros pounds lots loads tons'.split(
    ' ',
  ),
);
/** Words after "bought" that name no goods: "bought Once", "bought Something Else". */
const NOT_GOODS = new Set(
  'once twice again something anything nothing everything else only just both more less any multiple several many few times repeatedly regularly often money'.split(
    ' ',
  ),
);
/** Words that end such a phrase: a verb, a pronoun, a preposition or a period begins. */
const PHRASE_END = new Set(
  (
    'did do does done we i you they he she it was were is are be been has have had in from by to during since last this ' +
    'next between per each vs versus compared against with over under than at on so that which who whose where when what how ' +
    'sold bought ordered buy sell order purchased made make compare excluding exclude excludes except without minus apart aside'
  ).split(' '),
);
/** What a file's quantities may be counted in: "how many bottles did we sell?" names no product. */
const QUANTITY_NOUNS =
  /^(bottles?|units?|cases?|items?|pieces?|pcs|boxes?|packs?|packages?|cans?|cartons?|pallets?|kilos?|tons?|tonnes?|liters?|litres?|gallons?|things|goods)$/;
/** What a returns question counts, as the whole phrase: "credit notes", "cancellations". */
const RETURNS_PHRASE = new RegExp(`^(?:${RETURNS.source})$`);
/** Words inside a phrase that name nothing: articles and joins. */
const JOINS = new Set('the a an our my your their all of and or & plus both either'.split(' '));
/** Words that qualify a count the grammar reads ("how many different products", "one-time buyers"), no name. */
const QUALIFIERS = new Set(
  'different distinct unique separate individual single one-time first-time two-time repeat returning existing'.split(' '),
);

/**
 * A phrase no value holds: `partialOf` is the column whose names it is a word of; `written`,
 * the names' first words as the file writes them, when it was typed in lower case.
 */
export interface Stray {
  phrase: string;
  partialOf: string | null;
  written?: string;
  /** The names that start with `written`. */
  names?: string[];
}

/**
 * The words of what a figure is of ("units of paper chain kit", "how many paper chain kits
 * did we sell?") that no filter accounts for. "Paper chain kit" got the units of the
 * sub-category Paper, and "units of the acme widget" every unit: a filter took one word, or
 * none, and the rest were dropped. Returns the phrase and, when its stray words are words of
 * some names (a partial name), the label of the column whose names hold them; null when every
 * word is accounted for. `isGrammarWord` is the grammar's own vocabulary (measures, groupings).
 */
export function strayPhraseOf(
  question: string,
  meta: SnapshotMeta,
  filters: readonly NamedFilter[],
  isGrammarWord: (word: string) => boolean,
): Stray | null {
  const spaced = question.replace(/\s+/g, ' ');
  const text = spaced.toLowerCase();
  // The phrase is named as it was typed ("Bolt", not "bolt"), where lower case keeps the length.
  const typed = spaced.length === text.length ? spaced : text;
  // A column's own name is no value: "the Consumer segment", "sales for the city of Ames".
  const headers = meta.dimensions.flatMap((d) => `${d.label} ${d.header ?? ''}`.toLowerCase().split(/[^\p{L}]+/u)).filter(Boolean);
  const valueWords = filters.flatMap((f) => f.values.flatMap((v) => wordsOfValue(v)));
  const named = [...headers, ...valueWords];
  const measured = [...text.matchAll(MEASURE_OBJECT)];
  const phrases = measured.length > 0 ? measured : [...text.matchAll(HOW_MANY_OBJECT)];
  for (const m of phrases) {
    const start = (m.index ?? 0) + m[0].indexOf(m[1]);
    const asTyped = typed.slice(start, start + m[1].length).split(' ');
    const words: string[] = [];
    for (const raw of m[1].split(' ')) {
      const word = raw
        .replace(/^["“‘'(]+|["”’')]+$/g, '')
        .replace(/['’]s$/, '')
        .replace(/[.]+$/, '');
      if (PHRASE_END.has(word) || words.length >= 6) break;
      words.push(word);
    }
    let first = 0;
    while (first < words.length && (JOINS.has(words[first]) || !words[first])) first++;
    const phraseWords = words.slice(first);
    // "How many times did Sean Miller buy?" counts orders, "how many credit notes were issued?"
    // returns: "times" and the returns' own word name nothing.
    if (phraseWords.join(' ') === 'times' || RETURNS_PHRASE.test(phraseWords.join(' '))) continue;
    const stray = phraseWords.filter((word) => word && isStray(word, named, isGrammarWord));
    if (stray.length === 0) continue;
    // "How many CDs did we sell?", "the average price of a CD": one word is what the file's goods
    // are called, unless it is a word of some names ("How many fittings did we sell?" counted
    // every unit, of 214 names' Fitting).
    if (
      (measured.length === 0 || /^prices?\s+(?:of|for|on)\s+(?:a|an|one|each|per)\s/.test(m[0])) &&
      phraseWords.length < 2 &&
      namesTheGoods(stray[0], meta)
    )
      continue;
    const phrase = asTyped
      .slice(first, words.length)
      .join(' ')
      .replace(/[.]+$/, '')
      .replace(/\s+(?:and|or|of|&)$/i, '');
    const columns = stray.map((word) => dimensionWithWord(word, meta));
    return { phrase, partialOf: columns.every(Boolean) ? (columns[0]?.label ?? null) : null };
  }
  return (
    strayKindOf(typed, meta, named, isGrammarWord) ??
    strayBeforeValueOf(typed, meta, named, valueWords, isGrammarWord) ??
    strayLowerLeadOf(typed, meta, named, valueWords, isGrammarWord) ??
    strayLastOf(typed, meta, named, isGrammarWord) ??
    strayBuyerOf(typed, meta, named, isGrammarWord) ??
    strayJoinedOf(typed, meta, named, valueWords, isGrammarWord) ??
    strayCapitalisedOf(typed, meta, named, isGrammarWord)
  );
}

/** Words a question opens with that are English, whatever names start so ("If", "No", "Is"). */
const SENTENCE_OPENERS = new Set(
  'if is are was were do does did can could would should will how what which who whom whose when where why no yes please i we our my the a an and but so of in on for to from by with at as any all each every call contact email phone ring visit reach'.split(
    ' ',
  ),
);

/** Words of a report's heading, typed in title case: "Revenue Over Time", "Average Order Size", "Vendor Market Share". */
const REPORT_WORDS = new Set(
  (
    'over under into about than per via time times size trend trends report table chart summary overview breakdown performance ' +
    'analysis level market share data total average mean median top best worst new first last this next current previous order orders value'
  ).split(' '),
);

/** Words typed in capitals that name no value: "Revenue by Customer ID", "OK, now show …", "VIP customers". */
const NOT_NAMES_IN_CAPITALS = new Set(['id', 'ids', 'ok', 'oh', 'vs', 'etc', 'pls', 'asap', 'fyi', 'faq', 'vip', 'vips', 'kpi', 'kpis']);

/**
 * Whether the question is typed in title case: its words of the grammar past the first ("For",
 * "By", "Sales", "Month") mostly start with a capital ("Sales For Q4 2021", "Total Liquor Sales
 * By City"). "Acme Supply, Inc.'s revenue" is not: its names have capitals, its grammar none.
 */
function isTitleCase(typed: string): boolean {
  const words = (typed.match(/\p{L}[\p{L}\d]+/gu) ?? []).slice(1);
  const grammar = words.filter((w) => {
    const lower = w.toLowerCase();
    return isGrammarWord(lower) || isTimeUnit(lower) || SENTENCE_OPENERS.has(lower) || OPENING_VERBS.has(lower) || REPORT_WORDS.has(lower);
  });
  const capitalised = grammar.filter((w) => /^\p{Lu}/u.test(w)).length;
  return grammar.length > 0 && capitalised * 2 > grammar.length;
}

/** The words of every value the question names in full, in lower case. */
function wordsOfValuesSpoken(typed: string, meta: SnapshotMeta): Set<string> {
  const text = ` ${typed.toLowerCase().replace(/[?!.,;:]+(?=\s|$)/g, ' ')} `;
  const words = new Set<string>();
  for (const d of meta.dimensions)
    for (const value of new Set(d.values)) {
      const lower = value.toLowerCase();
      if (lower.length >= 3 && text.includes(` ${lower} `)) for (const word of lower.split(/\s+/)) words.add(word);
    }
  return words;
}

/** A word typed with a capital, not inside another word ("Hy-Vee", "Tito's", "Smirnoff"), or a hyphened one in lower case ("hy-vee"). */
const CAPITALISED_WORD = /(?<![\p{L}\d'’&.-])(\p{Lu}[\p{L}\d'’&-]*\p{L}[\p{L}\d'’&-]*|\p{Ll}{2,}-\p{Ll}{2,})(?![\p{L}\d-])/gu;

/**
 * The last net: a word typed with a capital (or a hyphened one in lower case) that is a word of
 * some column's values but that no filter placed. "revenue at Hy-Vee" and "Smirnoff bottles
 * sold" got the whole file's figures, the name dropped, where no pattern above reads where it
 * stands. A question's first word (or a sentence's) counts only where it begins some names
 * and is no English opener: "Show", "Vendors", "If" and "No" are capitalised by place. US
 * states' words and the words of a value named in full are no such names.
 */
function strayCapitalisedOf(
  typed: string,
  meta: SnapshotMeta,
  named: readonly string[],
  isGrammarWord: (word: string) => boolean,
): { phrase: string; partialOf: string | null } | null {
  let spoken: Set<string> | null = null;
  // "Revenue By Month For 2021": in a question typed in title case, a capital says nothing but
  // where a word is a name by its make ("Hy-Vee", "Tito's") or begins some names, first.
  const titleCase = isTitleCase(typed);
  for (const m of typed.matchAll(CAPITALISED_WORD)) {
    const word = m[1].replace(/['’]s$/, '').replace(/['’&-]+$/, '');
    const lower = word.toLowerCase();
    // "Smirnoff Sales": first, a word that begins some names is one, as "Bacardi sales" is.
    if (titleCase && !/[-'’]/.test(m[1]) && !(m.index === 0 && beginsLeadingNames(word, meta))) continue;
    if (OPENING_VERBS.has(lower) || US_STATE_WORDS.has(lower) || NOT_NAMES_IN_CAPITALS.has(lower) || NOT_BRANDS.has(lower)) continue;
    if (!isNameWord(lower, named, isGrammarWord)) continue;
    const sentenceStart = /(?:^|[.?!:;]\s*)[\s"“‘'(]*$/.test(typed.slice(0, m.index ?? 0));
    // "Measuring revenue concentration", "Showing …": a verb, whatever names start so (MEASURING TAPE).
    if (sentenceStart && (SENTENCE_OPENERS.has(lower) || /ing$/.test(lower))) continue;
    // "How is Anna Berg doing?": a word of a value named in full (a rep's, which the reps' answers read) is placed.
    spoken ??= wordsOfValuesSpoken(typed, meta);
    if (spoken.has(lower)) continue;
    // "Tito's" is the file's "Titos" too.
    const unapostrophed = m[1].replace(/['’]/g, '').toLowerCase();
    if (sentenceStart && !beginsLeadingNames(word, meta) && !beginsLeadingNames(unapostrophed, meta)) continue;
    const column = dimensionWithWord(lower, meta) ?? (unapostrophed !== lower ? dimensionWithWord(unapostrophed, meta) : null);
    // "Liquor Sales By Store": first, a plain word that begins some stores' names may be a word (Liquor Barn); a chain's is read before this.
    if (sentenceStart && column?.key === 'customer' && !/[-'’\d]/.test(m[1])) continue;
    if (column) return { phrase: word, partialOf: column.label };
  }
  return null;
}

/** A name joined to another by "and", "or", "vs" or a comma: "Germany and Italy", "France, Atlantis" (the second is looked ahead at, so "AT, CH and Italy" joins CH to Italy too). */
const JOINED_NAME = /([\p{L}\d.'’-]+)\s*(?:,|&|\s(?:and|or|vs\.?|versus)\s)\s*(?:the\s+)?(?=(\p{Lu}[\p{L}\d'’-]*))/giu;

/**
 * A capitalised name joined to a value the question names that no value holds: "Revenue in
 * Germany and Italy" kept Germany alone, "France, Atlantis and Germany" France and Germany,
 * "Hy-Vee vs Diageo sales" Diageo.
 * The name before the join must be a value placed (not a column's name), so "Revenue and
 * Profit" is no list of names.
 */
function strayJoinedOf(
  typed: string,
  meta: SnapshotMeta,
  named: readonly string[],
  valueWords: readonly string[],
  isGrammarWord: (word: string) => boolean,
): { phrase: string; partialOf: string | null } | null {
  const placed = (word: string) =>
    valueWords.some((value) =>
      sameWord(
        word
          .toLowerCase()
          .replace(/['’]s$/, '')
          .replace(/\.+$/, ''),
        value,
      ),
    );
  for (const m of typed.matchAll(JOINED_NAME)) {
    // "Hy-Vee vs Diageo sales" kept Diageo alone: the name before the join, when the one after is
    // placed; "Hy-Vee stores vs Great Pastimes" the one before the customers' noun.
    const before = new RegExp(String.raw`^(?:${CUSTOMER_NOUNS}|stores?|shops?)$`, 'i').test(m[1])
      ? (/([\p{L}\d.'’-]+)\s+$/u.exec(typed.slice(0, m.index))?.[1] ?? m[1])
      : m[1];
    const [word, other] = placed(m[1]) ? [m[2], m[1]] : placed(m[2]) ? [before, m[2]] : [null, null];
    if (!word || !other) continue;
    const name = word.replace(/['’]s$/, '');
    const lower = name.toLowerCase();
    if (!/^\p{Lu}/u.test(name) || !isNameWord(lower, named, isGrammarWord)) continue;
    return { phrase: name, partialOf: dimensionWithWord(lower, meta)?.label ?? null };
  }
  return null;
}

/**
 * "Furniture sales", "Widget revenue": a word typed before a figure, said of what it is of; and
 * "Which Fastening customers …", said of whom ("Which Bolt customers bought in 2024?" listed
 * every customer of 2024).
 */
const KIND_BEFORE_FIGURE = new RegExp(
  String.raw`(?<=\S\s+)(\p{Lu}[\p{L}'’-]{2,})\s+(?:sales|revenue|turnover|profits?|margins?|prices?|share|${CUSTOMER_NOUNS})\b`,
  'gu',
);

/** The question's first word, typed with a capital, before a figure: "Bacardi sales", "Diageo share of …". */
const KIND_FIRST = /^(\p{Lu}[\p{L}'’-]{2,})\s+(?:sales|revenue|turnover|profits?|margins?|share|percentage|percent)\b/u;
/** The columns whose names a brand's or a chain's first word begins. */
const LEADING_NAME_KEYS = new Set(['customer', 'product', 'supplier']);

/** Whether `typed`, split as names are, begins some customer's, product's or supplier's name. */
function beginsLeadingNames(typed: string, meta: SnapshotMeta): boolean {
  const words = nameWords(typed);
  return meta.dimensions.some((d) => LEADING_NAME_KEYS.has(d.key) && d.values.some((v) => startsWithWords(nameWords(v), words)));
}

/**
 * A name typed with a capital before a figure, after the question's first word, that no value
 * holds: on CDNOW, "How did Furniture sales change?" got the whole file's change, the word
 * dropped; so were the customers' "Fastening". Lower case, or first, it may be a verb or a kind the grammar reads ("Show revenue",
 * "negative margin"), and is left to them.
 */
function strayKindOf(
  typed: string,
  meta: SnapshotMeta,
  named: readonly string[],
  isGrammarWord: (word: string) => boolean,
): { phrase: string; partialOf: string | null } | null {
  // "Sales by vendor for Hy-Vee stores" dropped Hy-Vee, where the customers are a column called store_name.
  const customer = meta.dimensions.find((d) => d.key === 'customer');
  const ownNoun = customer ? headerNoun(customer) : null;
  // Only a chain's name, which starts several of them: "Iowa stores" are no "Iowa Street Market".
  const startsSeveral = (word: string) => {
    const first = nameWords(word);
    const several = customer?.values.filter((v) => {
      const words = nameWords(v);
      return words.length > first.length && startsWithWords(words, first);
    });
    return (several?.length ?? 0) > 1;
  };
  const ofOwnNoun = ownNoun
    ? [...typed.matchAll(new RegExp(String.raw`(?<=\S\s+)(\p{Lu}[\p{L}'’-]{2,})\s+${escapeRegex(ownNoun)}s?\b`, 'gu'))].filter((m) =>
        startsSeveral(m[1].replace(/['’]s$/, '')),
      )
    : [];
  // "Bacardi sales" got the whole file's: first in the question, a word that begins some names is one too ("Show revenue" is a verb).
  const first = KIND_FIRST.exec(typed);
  // "Measuring revenue concentration" opens with a verb too.
  // "Hy-Vee sales", "Casey's sales": the name's words, as the names split them.
  const firstBegins =
    first && !OPENING_VERBS.has(first[1].toLowerCase()) && !/ing$/i.test(first[1])
      ? [first[1], first[1].replace(/['’]s$/, '')].some((typed) => beginsLeadingNames(typed, meta))
      : false;
  for (const m of [...(firstBegins && first ? [first] : []), ...typed.matchAll(KIND_BEFORE_FIGURE), ...ofOwnNoun]) {
    const word = m[1].replace(/['’]s$/, '').toLowerCase();
    if (PHRASE_END.has(word) || NOT_GOODS.has(word) || QUANTITY_NOUNS.test(word) || !isStray(word, named, isGrammarWord)) continue;
    // Before "customers" a word of product or city names is no kind of goods ("Key accounts"
    // were told products can't be picked by a word of their names): it is not found.
    const ofBuyers = new RegExp(String.raw`\s(?:${CUSTOMER_NOUNS}${ownNoun ? `|${escapeRegex(ownNoun)}s?` : ''})$`, 'i').test(m[0]);
    // "Pernod Ricard sales": the capitalised words before it, where together they begin some names
    // (the longest run that does: "Show Pernod Ricard sales" opens with a verb), are the name.
    const before = (/((?:\p{Lu}[\p{L}'’&.-]*\s+){1,3})$/u.exec(typed.slice(0, m.index ?? 0))?.[1] ?? '').split(/\s+/).filter(Boolean);
    const whole = before
      .map((_, at) => [...before.slice(at), m[1]].join(' ').replace(/['’]s$/, ''))
      .find((phrase) => beginsLeadingNames(phrase, meta));
    return { phrase: whole ?? m[1].replace(/['’]s$/, ''), partialOf: ofBuyers ? null : (dimensionWithWord(word, meta)?.label ?? null) };
  }
  return null;
}

/** Verbs a question may open with before a value: "Show Phones revenue". */
const OPENING_VERBS = new Set('show list give get find compare rank tell display plot chart count sum total break split'.split(' '));

/**
 * A name typed with a capital right before a value placed, that no value holds: "Samsung
 * phones revenue" and "top 5 customers for Samsung phones" got every phone's figures, the
 * brand dropped. First in the question it may be a verb ("Show Phones revenue"), so there it
 * counts only where it begins some names.
 */
function strayBeforeValueOf(
  typed: string,
  meta: SnapshotMeta,
  named: readonly string[],
  valueWords: readonly string[],
  isGrammarWord: (word: string) => boolean,
): { phrase: string; partialOf: string | null } | null {
  // The next word looked ahead at, so "Show Samsung Phones" tries "Samsung" after "Show".
  for (const m of typed.matchAll(/(\p{Lu}[\p{L}'’-]{2,})\s+(?=([\p{L}'’-]+))/gu)) {
    const word = m[1].replace(/['’]s$/, '');
    const lower = word.toLowerCase();
    if (!valueWords.some((value) => sameWord(m[2].toLowerCase(), value))) continue;
    if (!isNameWord(lower, named, isGrammarWord) || OPENING_VERBS.has(lower)) continue;
    const column = dimensionWithWord(lower, meta);
    // "Regional Chairs sales", "Combined Chairs and Tables revenue": a word that reads as an adjective, and no name holds, says how.
    if (!column && /(?:al|ed|ing|ive|ous|ern|ish)$/.test(lower)) continue;
    if (m.index === 0 && (!column || !column.values.some((v) => nameWords(v)[0] === lower))) continue;
    return { phrase: word, partialOf: column?.label ?? null };
  }
  return null;
}

/** What a brand's name is typed before: a figure, or its goods ("apple products"). */
const FIGURE_OR_GOODS = /^(?:sales|revenue|turnover|profits?|margins?|share|orders|units|products|items)$/;
/** Words that begin some names but, in lower case, say where, how or which: "global sales", "main products", "open orders". */
const NOT_BRANDS = new Set(
  (
    'global worldwide international domestic online offline retail wholesale export import local regional national direct ' +
    'main key core major minor popular other open closed pending unpaid overdue cancelled recent big large small high low typical ' +
    'file data dataset sheet table whole entire max min maximum minimum peak mean median'
  ).split(' '),
);

/** Words of two letters that are English, not a brand's: "no orders" is none (Online Retail sells NO SINGING METAL SIGN). */
export const TWO_LETTER_WORDS = new Set(
  'no of in on at by to up us is it as an or if so do be we me my he am go ok vs ex re per'.split(' '),
);

/**
 * The first words of some names, typed in lower case before a figure, their goods or a value
 * placed: "xerox sales", "samsung phone sales", "top 5 apple products", "diageo sales in
 * dubuque" and "pernod ricard sales by city" got the whole file's (or the value's) figures, the
 * brand dropped. With a capital they are the brand's (`leadingNameFilter`); in lower case they
 * may be a plain word, so they are refused as a word of names, never dropped.
 */
function strayLowerLeadOf(
  typed: string,
  meta: SnapshotMeta,
  named: readonly string[],
  valueWords: readonly string[],
  isGrammarWord: (word: string) => boolean,
): Stray | null {
  const names = meta.dimensions
    .filter((d) => LEADING_NAME_KEYS.has(d.key))
    .map((d) => ({ d, words: [...new Set(d.values)].map(nameWords) }));
  const words = typed.split(/\s+/).map((word) => word.replace(/[?.!,;:]+$/, ''));
  // "hy-vee", "casey's" (Casey's General Store), "sid's" of "Sids Beverage Shop": the words typed as the names split them.
  const asNamed = (typedWords: readonly string[]) => nameWords(typedWords.join(' '));
  for (let i = 0; i < words.length; i++) {
    const lower = words[i].replace(/['’]s$/, '');
    // "hp sales", "3m sales": two characters, or a digit first, may be a brand too; "2021 sales" is a year's.
    if (
      !/^[a-z0-9][a-z0-9'’-]+$/.test(lower) ||
      !/[a-z]/.test(lower) ||
      NOT_BRANDS.has(lower) ||
      (lower.length === 2 && TWO_LETTER_WORDS.has(lower)) ||
      OPENING_VERBS.has(lower) ||
      /ing$/.test(lower)
    )
      continue;
    // A number may begin a brand ("three olives"), as below.
    if (!(lower in NUMBER_WORDS) && !isNameWord(lower, named, isGrammarWord)) continue;
    // The longest run of words from here that begins some names.
    let end = i;
    let holders: { d: SnapshotMeta['dimensions'][number]; values: string[] }[] = [];
    for (let k = i + 1; k <= Math.min(words.length, i + 4); k++) {
      const run = asNamed(words.slice(i, k));
      // A customer's first word alone may be a plain word ("liquor sales" on Iowa's Liquor Barn,
      // "iowa sales", "max sales"); a chain's ("hy-vee", "casey's") or two words are its name.
      const asCustomer = k - i > 1 || /[-'’\d]/.test(words.slice(i, k).join(' '));
      const found = names
        .filter((n) => n.d.key !== 'customer' || asCustomer)
        .map((n) => ({ d: n.d, values: [...new Set(n.d.values)].filter((_, at) => startsWithWords(n.words[at], run)) }))
        .filter((n) => n.values.length > 0);
      if (found.length === 0) break;
      end = k;
      holders = found;
    }
    const next = words[end]?.toLowerCase();
    if (holders.length === 0 || !next) continue;
    // "acme vs supplier 13 margin" kept Supplier 13 alone: a name set against another is named too.
    if (!FIGURE_OR_GOODS.test(next) && !valueWords.some((value) => sameWord(next, value)) && !/^(?:vs\.?|versus)$/.test(next)) continue;
    // "Which five products sold the most?": a count, not Online Retail's "FIVE HEART HANGING DECORATION" ("three olives" is a brand).
    if (end === i + 1 && lower in NUMBER_WORDS) continue;
    // Before "products" it is the goods' brand or maker, not a customer's name.
    if (/^(?:products|items)$/.test(next) && !holders.some((h) => h.d.key === 'product' || h.d.key === 'supplier')) continue;
    const [{ d, values }] = holders;
    // Typed with capitals, the names of two columns are no one brand's either.
    const written = holders.length === 1 ? { written: leadingWordsOf(values[0], asNamed(words.slice(i, end)).length), names: values } : {};
    return { phrase: words.slice(i, end).join(' '), partialOf: d.label, ...written };
  }
  return null;
}

/** The figures a place may be written before: "UK revenue", "DE sales". */
const FIGURE_NOUNS = String.raw`(?:revenue|sales|turnover|orders|profits?|margins?|units|returns)\b`;

/** A capitalised name closing the question after "for": "Revenue by vendor for Hy-Vee". */
const NAME_LAST = /\bfor\s+(?:all\s+(?:of\s+)?(?:the\s+)?)?(\p{Lu}[\p{L}'’&-]{2,})[?.!]*$/u;

/**
 * A name typed last, after "for", that no value holds: "Revenue by vendor for Hy-Vee" got every
 * store's, the name dropped (a customer's name is found; a word of some is a name's start,
 * which the caller reads as such). Not a word that starts values of another column ("for
 * Standard", Superstore's ship mode "Standard Class", would be read as a product's name).
 */
function strayLastOf(
  typed: string,
  meta: SnapshotMeta,
  named: readonly string[],
  isGrammarWord: (word: string) => boolean,
): { phrase: string; partialOf: null } | null {
  const m = NAME_LAST.exec(typed.trim());
  if (!m) return null;
  const word = m[1].replace(/['’]s$/, '');
  const lower = word.toLowerCase();
  if (!isNameWord(lower, named, isGrammarWord)) return null;
  const starts = (value: string) => value.toLowerCase().startsWith(`${lower} `);
  if (meta.dimensions.some((d) => !['customer', 'product', 'supplier'].includes(d.key) && d.values.some(starts))) return null;
  return { phrase: word, partialOf: null };
}

/**
 * The buyer a question names as the subject ("What did Northwind buy?"), or the goods as the
 * object ("How many stores bought Titos?"), when no value holds it. Only words typed with a
 * capital count there: "what did our top customers buy?" names kinds of customer, which the
 * grammar reads, not a name.
 */
function strayBuyerOf(
  typed: string,
  meta: SnapshotMeta,
  named: readonly string[],
  isGrammarWord: (word: string) => boolean,
): { phrase: string; partialOf: string | null } | null {
  const unquoted = (raw: string) => raw.replace(/^["“‘'(]+|["”’')]+$/g, '');
  // "Acme's" buyer is Acme; "Tito's" goods are the file's "Titos".
  const subjects = [
    ...[...typed.matchAll(BUYER_SUBJECT)].map((m) => m[1].split(' ')),
    ...[...typed.matchAll(CUSTOMERS_CALLED)].map((m) => wordsUntil(m[1].split(' '), (word) => PHRASE_END.has(word.toLowerCase()))),
  ].map((words) => words.map((raw) => unquoted(raw).replace(/['’]s$/, '')));
  const objects = [...typed.matchAll(GOODS_BOUGHT), ...typed.matchAll(GOODS_HELD)]
    .map((m) =>
      wordsUntil((m[1] ?? m[2]).split(' '), (word) => PHRASE_END.has(word.toLowerCase())).map((raw) => unquoted(raw).replace(/['’]/g, '')),
    )
    .filter((words) => !goodsCounted(words, meta));
  const capitalised = (word: string) => /^\p{Lu}/u.test(word);
  const isName = (word: string) => isNameWord(word.toLowerCase(), named, isGrammarWord);
  const lowerCase = lowerCaseNameOf(subjects, objects, meta, isName);
  if (lowerCase) return lowerCase;
  for (const { words, ofBuyer } of [
    ...subjects.map((w) => ({ words: w, ofBuyer: true })),
    ...objects.map((w) => ({ words: w, ofBuyer: false })),
  ]) {
    const names = words.filter((word) => capitalised(word) && isName(word));
    if (names.length === 0) continue;
    // A buyer's name is looked for among the customers first ("customers named Miller").
    const columns = names.map(
      (word) =>
        (ofBuyer ? dimensionWithWord(word.toLowerCase(), meta, (key) => key === 'customer') : null) ??
        dimensionWithWord(word.toLowerCase(), meta),
    );
    return { phrase: names.join(' '), partialOf: columns.every(Boolean) ? (columns[0]?.label ?? null) : null };
  }
  return null;
}

/** The last word of a kind of customer: "liquor stores", "our retail clients". */
const CUSTOMER_KINDS = new RegExp(String.raw`^(?:${CUSTOMER_NOUNS}|stores?|shops?|outlets?|branches|chains?)$`);
/** Words that name nothing before the name in a buyer or the goods: "the most chairs", "any valves". */
const DETERMINERS = new Set('the a an any some most more our their those these all of'.split(' '));
/** Words that end a name typed in lower case: "bought Phones but no Accessories", "as well as". */
const LOWER_CASE_NAME_END = new Set('as not no nor but for with without than then so and or if when while because'.split(' '));

/**
 * A buyer or the goods named in lower case, where their first word is of the names of the
 * customers or the products: "How many customers bought valves?" and "What did central city
 * liquor buy?" got every customer's figures, the words dropped. A plural noun no name holds
 * is goods too ("bought staplers"). Only the first word after the verb's determiners counts,
 * so "bought for the first time" or "as often as" names nothing.
 */
function lowerCaseNameOf(
  subjects: readonly string[][],
  objects: readonly string[][],
  meta: SnapshotMeta,
  isName: (word: string) => boolean,
): { phrase: string; partialOf: string | null } | null {
  const ofColumn = (word: string, key: string) => dimensionWithWord(word.toLowerCase(), meta, (k) => k === key);
  const pluralOfNoName = (word: string) => /^[a-z]{3,}[^su]s$/.test(word) && !NOT_GOODS_IN_S.has(word) && !dimensionWithWord(word, meta);
  const said = [
    ...subjects.map((words) => ({ words, column: 'customer', unnamed: (_: string) => false })),
    ...objects.map((words) => ({ words, column: 'product', unnamed: pluralOfNoName })),
  ];
  for (const { words, column, unnamed } of said) {
    const start = words.findIndex((word) => !DETERMINERS.has(word.toLowerCase()));
    const end = words.findIndex((word, i) => i > start && LOWER_CASE_NAME_END.has(word.toLowerCase()));
    const phrase = words.slice(start, end < 0 ? undefined : end);
    const head = phrase[0];
    if (!head || /[^a-z'-]/.test(phrase.join('')) || head.length < 4 || !isName(head)) continue;
    // "Bought hundreds of binders": an amount of the goods; "did liquor stores spend": a kind of customer.
    if (phrase[1] === 'of' || (column === 'customer' && CUSTOMER_KINDS.test(phrase[phrase.length - 1]))) continue;
    const holder = ofColumn(head, column);
    if (!holder && !unnamed(head)) continue;
    // Goods are their head word ("valves"); a buyer all the words typed ("central city liquor").
    return { phrase: column === 'customer' ? phrase.join(' ') : head, partialOf: holder?.label ?? null };
  }
  return null;
}

/**
 * "Bought the most CDs": one word after an amount is what the file's goods are called, as
 * in "how many CDs did we sell?", unless it is a word of some names.
 */
function goodsCounted(words: readonly string[], meta: SnapshotMeta): boolean {
  const rest = words.filter((word) => !JOINS.has(word.toLowerCase()));
  if (rest.length !== 2 || !/^(most|more|fewer|least|less|many|much)$/i.test(rest[0])) return false;
  return namesTheGoods(rest[1].toLowerCase(), meta);
}

/** A word for what the file's goods are called ("CDs", "bottles"): a quantity noun, or a word of no name. */
function namesTheGoods(word: string, meta: SnapshotMeta): boolean {
  return QUANTITY_NOUNS.test(word) || !dimensionWithWord(word, meta);
}

/** The words before the first that `ends` the phrase. */
function wordsUntil(words: string[], ends: (word: string) => boolean): string[] {
  const end = words.findIndex(ends);
  return end < 0 ? words : words.slice(0, end);
}

/** Whether a phrase's word names nothing the question's filters hold and no word of the grammar's. */
/** Whether a word typed may be a name no value holds: no word of a phrase's end, of goods, of quantities, and stray. */
function isNameWord(lower: string, named: readonly string[], isGrammarWord: (word: string) => boolean): boolean {
  return !PHRASE_END.has(lower) && !NOT_GOODS.has(lower) && !QUANTITY_NOUNS.test(lower) && isStray(lower, named, isGrammarWord);
}

function isStray(typed: string, named: readonly string[], isGrammarWord: (word: string) => boolean): boolean {
  // "B.V." as typed is the value's word "b.v" (wordsOfValue).
  const word = typed.replace(/\.+$/, '');
  if (!/\p{L}/u.test(word) || /^\d/.test(word)) return false;
  if (JOINS.has(word) || QUALIFIERS.has(word) || NOT_NAMES.has(word) || NOT_KINDS.has(word) || PERIOD_WORDS.has(word)) return false;
  if (word in DEMONYMS || isGrammarWord(word)) return false;
  return !named.some((value) => sameWord(word, value));
}

/**
 * A value's words as a question may write them: its own, a two-letter country code's name
 * ("AT" is Austria) and an abbreviation's long forms ("United Kingdom" is the UK).
 */
function wordsOfValue(value: string): string[] {
  const lower = value.toLowerCase();
  // "The UK" names "United Kingdom".
  const abbreviations = Object.keys(ABBREVIATIONS).filter((key) => ABBREVIATIONS[key].includes(lower));
  // "Austria" names AT, "Germany" DE-North.
  const spelled = countryOfCode(value) ?? '';
  // "T-Light" is one word as typed and two as split: both are kept.
  const words = `${lower} ${spelled}`.split(/[^\p{L}\d-]+/u);
  // "B.V." is one word as typed ("How much did Schmidt B.V. 1 buy?" was refused as a word of the names).
  const dotted = lower
    .split(/\s+/)
    .filter((word) => word.includes('.'))
    .map((word) => word.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, ''));
  // "O'Donnell" too ("How much did Sean O'Donnell spend?" was refused as a word of the names).
  const apostrophed = lower
    .split(/\s+/)
    .filter((word) => /\p{L}['’]\p{L}/u.test(word))
    .map((word) => word.replace(/’/g, "'").replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, ''));
  return [
    ...words,
    ...words.flatMap((word) => (word.includes('-') ? word.split('-') : [])),
    ...dotted,
    ...apostrophed,
    ...abbreviations,
  ].filter(Boolean);
}

/** The same word, in the singular or plural ("whiskey", "whiskies") or with one slip ("millr"). */
function sameWord(asked: string, written: string): boolean {
  if (pluralFormsOf(asked).includes(written) || pluralFormsOf(written).includes(asked)) return true;
  return asked.length >= 5 && editDistance(asked, written, 1) <= 1;
}

/** A name's first `count` words as the file writes them: "Hy-Vee" of "Hy-Vee #3 / Dubuque". */
export function leadingWordsOf(name: string, count: number): string {
  const tokens = [...name.matchAll(/[\p{L}\p{N}'’]+/gu)];
  const last = tokens[count - 1];
  return last ? name.slice(0, (last.index ?? 0) + last[0].length) : name;
}
