/**
 * The values a question names, as the file writes them: customers, products, categories,
 * regions and the other text columns' values, read from the file's own dictionaries (exact
 * first, then one close phrase), with the reasons a name can't be placed.
 */
import { sharedNamesOf } from '../../engine/aggregate/distinct-names';
import { escapeMarkdown } from '../../engine/render/escape';
import { plural } from '../../engine/render/format';
import Fuse from 'fuse.js';
import { namesListed, nameWords, startsWithWords } from '../../engine/query/resolve';
import { filterWords } from '../../engine/query/spec';
import type { QuerySpecInput } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { escapeRegex } from './query-limits';
import {
  categoryWordFilter,
  countryOfCode,
  leadingWordsOf,
  looseNamesOf,
  strayPhraseOf,
  TWO_LETTER_WORDS,
  type NamedFilter,
} from './query-names';
import { withoutHalfYears } from './query-periods';
import { withProductCodesAs } from './query-product-codes';
import { DIMENSION_WORDS, headerNoun, isGrammarWord, isTimeUnit, singular } from './query-vocabulary';
import { type AnalysisFacts } from './query-parsed';
import { GRAMMAR_WORDS } from './grammar-words';
import { PLAIN_ENGLISH } from './plain-english';

/**
 * The values the question names (customers, products, regions … as the file writes them),
 * as filters, with the customers' own noun ("store" where they are read from store_name);
 * or why a name can't be placed: one the file lacks, part of a name, a stray phrase.
 */
export function valuesNamed(
  question: string,
  meta: SnapshotMeta,
  facts: AnalysisFacts | undefined,
): { filters: NonNullable<QuerySpecInput['filters']>; customerNoun: string | null } | { refused: string } {
  // "From Diageo", "Tito's", "Hy-Vee": a name's first words, placed once each, then read again.
  // "Hy-Vee stores revenue" and "all Hy-Vee bottles sold" got the whole file's figures: a chain
  // said so is read first, wherever it stands.
  const chain = CHAIN_SAID.exec(question);
  // "All Hy-Vee Revenue", typed in title case, names "Hy-Vee": the figure after it is no word of the name.
  const chainName = chain ? untilGrammarWord(chain[1] ?? chain[2]) : '';
  const chained = chain ? leadingNameFilter(chainName, question, meta) : null;
  if (chained && 'refused' in chained) return chained;
  // One name in full is read by the passes below; "… stores" are customers.
  const taken = chained && chained.match === 'startsWith' && (chain?.[2] !== undefined || chained.dimension === 'customer');
  const leading: NamedFilter[] = taken ? [chained] : [];
  for (;;) {
    const named = valuesNamedWith(question, meta, facts, leading);
    if (!('refused' in named)) return named;
    // "Revenue for all Rossi Ltd customers" is the customers whose names start "Rossi Ltd".
    const filter = named.phrase ? leadingNameFilter(named.phrase.replace(BUYERS_AFTER_NAME, ''), question, meta) : null;
    if (filter && 'refused' in filter) return filter;
    if (!filter || leading.some((f) => f.dimension === filter.dimension)) return { refused: named.refused };
    leading.push(filter);
  }
}

/** Whether the first word of `name` is typed beside "vs", "and", "or" or a comma, within a few words. */
function joinedToAName(question: string, name: string): boolean {
  const first = nameWords(name)[0];
  if (!first) return false;
  const join = String.raw`(?:,|\bvs\b\.?|\bversus\b|\band\b|\bor\b)`;
  const word = String.raw`\b${escapeRegex(first)}`;
  return new RegExp(String.raw`${join}\s+(?:the\s+)?${word}|${word}[\p{L}\d'’.&-]*(?:\s+[\p{L}\d'’.&-]+){0,3}?\s*${join}`, 'iu').test(
    question.replace(/['’]/g, ''),
  );
}

/** Whether a word is the grammar's ("Revenue", "By", "Month"), none of a name. */
function tailIsGrammar(word: string): boolean {
  const lower = word.toLowerCase();
  return isGrammarWord(lower) || isTimeUnit(lower) || /^(?:by|for|in|of|per|vs|and|or)$/.test(lower);
}

/** A name's words up to the first of the grammar's after its first: "Hy-Vee" of "Hy-Vee Sales By City". */
function untilGrammarWord(name: string): string {
  const words = name.split(/\s+/);
  const end = words.findIndex((word, i) => i > 0 && tailIsGrammar(word));
  return end > 0 ? words.slice(0, end).join(' ') : name;
}

/** A chain said as one: "Hy-Vee stores", "all Fareway", "every Casey's" (group 1 or 2 the name, capitalised). */
const CHAIN_SAID = new RegExp(
  String.raw`(?<![\p{L}\d'’&.-])(\p{Lu}[\p{L}\d'’&.-]*(?:\s+\p{Lu}[\p{L}\d'’&.-]*){0,3})(?:['’]s)?\s+(?:stores|shops|outlets|locations|branches)\b|\b(?:[Aa]ll|[Ee]very|[Ee]ach)(?:\s+[Oo]f)?(?:\s+[Tt]he)?\s+(\p{Lu}[\p{L}\d'’&.-]*(?:\s+\p{Lu}[\p{L}\d'’&.-]*){0,3})`,
  'u',
);

/**
 * A filter without the values that start with the words a name's first words take (`leading`,
 * of its column), or that are typed only inside those words: "sales of Johnnie Walker" kept the
 * city WALKER beside the brand, and got $0.00. None when none is left.
 */
function withoutLeadingNamed(filter: NamedFilter, leading: readonly NamedFilter[], question: string): NamedFilter[] {
  const prefixes = leading.filter((l) => l.match === 'startsWith' && l.dimension === filter.dimension).map((l) => nameWords(l.values[0]));
  const text = ` ${asWritten(question)} `;
  const others = leading.filter((l) => l.dimension !== filter.dimension).map((l) => typedPartOf(text, asWritten(l.values[0])));
  const values = filter.values.filter(
    (v) =>
      !prefixes.some((words) => startsWithWords(nameWords(v), words)) && !others.some((name) => typedOnlyInside(text, asWritten(v), name)),
  );
  return values.length > 0 ? [{ ...filter, values }] : [];
}

/** The longest run of a name's first words typed in `text`: "m.s walker" of "m.s walker inc". */
function typedPartOf(text: string, name: string): string {
  const words = name.split(' ');
  for (let k = words.length; k > 1; k--) if (text.includes(` ${words.slice(0, k).join(' ')} `)) return words.slice(0, k).join(' ');
  return name;
}

/** Whether every place `value` is typed in `text` is inside a place `name` is: "walker" of "johnnie walker". */
function typedOnlyInside(text: string, value: string, name: string): boolean {
  if (value === name || !` ${name} `.includes(` ${value} `)) return false;
  const count = (part: string) => text.split(` ${part} `).length - 1;
  return count(value) === count(name) * (` ${name} `.split(` ${value} `).length - 1);
}

/** The buyers' noun after a name: "Rossi Ltd customers", "Hy-Vee stores". */
const BUYERS_AFTER_NAME = /\s+(?:customers?|clients?|accounts?|buyers?|stores?|shops?)$/i;

function valuesNamedWith(
  question: string,
  meta: SnapshotMeta,
  facts: AnalysisFacts | undefined,
  leading: readonly NamedFilter[],
): { filters: NamedFilter[]; customerNoun: string | null } | { refused: string; phrase: string | null } {
  const names = withoutHalfYears(question);
  const found = entitiesOf(names, meta);
  // The phrase a brand read already starts ("Captain Morgan", read as the products that start so) is placed.
  const placedByBrand = (phrase: string) =>
    leading.some((l) => l.match === 'startsWith' && startsWithWords(nameWords(phrase), nameWords(l.values[0])));
  if (found.unknown && !placedByBrand(found.unknown)) return { refused: notFoundReason(found.unknown, meta), phrase: found.unknown };
  // "All Crown Royal bottles": the item named Crown Royal is one of the names that start so.
  const entities = { ...found, filters: found.filters.flatMap((f) => withoutLeadingNamed(f, leading, question)) };
  // "Revenue of Eldon 200 Class Desk Accessories, Black" kept the products named so and those
  // starting "Black" at once (0.00): a name's first words beside a value of the same column name neither.
  const clash = leading.find((l) => entities.filters.some((f) => f.dimension === l.dimension));
  // "Jim Beam Brands vs Brown-Forman": the one supplier whose name begins so, set beside another named in full, is one more.
  const joined = clash?.match === 'exact' && joinedToAName(question, clash.values[0]);
  if (clash && !joined) {
    const label = meta.dimensions.find((d) => d.key === clash.dimension)?.label ?? clash.dimension;
    return { refused: partialNameReason([clash.values[0]], label), phrase: null };
  }
  const filters: NamedFilter[] = [
    ...entities.filters.map((f) => (joined && f.dimension === clash.dimension ? { ...f, values: [...f.values, ...clash.values] } : f)),
    ...leading.filter((l) => !joined || l !== clash),
  ];
  // "store" where the customers are read from store_name: "store 2506", "revenue per store".
  const customer = meta.dimensions.find((d) => d.key === 'customer');
  const customerNoun = customer ? headerNoun(customer) : null;
  const loose = looseNamesOf(names, meta, filters, { customerNoun, facts });
  if ('unknown' in loose)
    return {
      refused: `${notFoundReason(loose.unknown, meta)}${loose.nearest ? ` Did you mean “${escapeMarkdown(loose.nearest)}”?` : ''}`,
      phrase: loose.unknown,
    };
  filters.push(...loose.filters);
  // "How many customers does Acme supply?" counted every customer: the name before the verb was read nowhere.
  const subject = unplacedSubjectOf(question, meta, filters);
  if (subject) return { refused: notFoundReason(subject, meta), phrase: subject };
  const supplier = supplierAsSubject(question, meta, filters);
  if (supplier?.instead) filters.splice(filters.indexOf(supplier.instead), 1, supplier.filter);
  else if (supplier) filters.push(supplier.filter);
  // "Products supplied by Apple" on a file with no suppliers listed the top products of all.
  const supplied = SUPPLIED_BY.exec(question)?.[1];
  if (supplied && !meta.dimensions.some((d) => d.key === 'supplier'))
    return { refused: `This file has no supplier column, so I can't tell what “${escapeMarkdown(supplied)}” supplied.`, phrase: null };
  const kind = categoryWordFilter(question, meta, filters);
  const namedCategories = filters.findIndex((f) => f.dimension === 'category');
  if (kind && namedCategories >= 0)
    filters.splice(namedCategories, 1, { ...filters[namedCategories], values: [...filters[namedCategories].values, ...kind.values] });
  else if (kind) filters.push(kind);
  // "The margin on Bolt products" answered every product's margin: "Bolt" is a word of some
  // products' names, which the query can't select by unless they start with it.
  // "Units of paper chain kit" got the sub-category Paper's: every word of what a figure is of must be placed.
  // A product's code is placed by its description ("P-002483" is "Fitting 2483mm"): no stray phrase.
  const placed = withProductCodesAs('blank', names, meta, facts);
  const stray = strayPhraseOf(placed, meta, filters, isGrammarWord);
  const partial = partialName(placed, filters);
  // "xerox sales": the names that start so, as the file writes them, are read with their capitals;
  // where they are not ("hy-vee sales" is a chain's, asked for as "all Hy-Vee"), the question so typed says why.
  // The re-read has the phrase in capitals, which no lower-case brand is, so it asks once.
  const spaced = question.replace(/\s+/g, ' ');
  const retyped = stray?.written && stray.written !== stray.phrase ? spaced.replace(stray.phrase, stray.written) : spaced;
  const asWrittenRefused = retyped !== spaced ? valuesNamed(retyped, meta, facts) : null;
  if (asWrittenRefused && 'refused' in asWrittenRefused) return { refused: asWrittenRefused.refused, phrase: null };
  if (stray?.written && stray.names && stray.partialOf && !partial && asWrittenRefused) {
    const noun = stray.partialOf.toLowerCase();
    const [one, ...more] = stray.names;
    const names = more.length === 0 ? `the name of one ${noun}, ${one}` : `the names of ${plural(stray.names.length, noun)}`;
    return {
      refused: `“${escapeMarkdown(stray.written)}” begins ${escapeMarkdown(names)}${names.endsWith('.') ? '' : '.'} Type it as the file writes it, with its capitals, to take ${more.length === 0 ? 'it' : 'them together'} (in lower case, “${escapeMarkdown(stray.phrase)}” may be a plain word), or name one in full.`,
      phrase: null,
    };
  }
  // "revenue at Hy-Vee": a chain's name, where no pattern above took it, says which stores it starts.
  const chain = !partial && stray?.partialOf ? customersStartedBy(stray.phrase, meta) : null;
  if (chain) return { refused: chain, phrase: null };
  if (partial || stray?.partialOf)
    return {
      refused: partialNameReason([partial ?? stray?.phrase ?? ''], partial ? 'product' : (stray?.partialOf ?? 'product')),
      phrase: partial ?? stray?.phrase ?? null,
    };
  if (stray) return { refused: notFoundReason(stray.phrase, meta), phrase: stray.phrase };
  return { filters, customerNoun };
}

/**
 * A name typed with a capital between "does", "did" … and what it does ("does Acme supply",
 * "did Zorblax buy"), that no filter holds; null when there is none or it is placed.
 */
const SUBJECT_NAME =
  /\b(?:does|do|did|has|have|had)\s+([A-Z][\w&'.-]*(?:\s+[A-Z0-9][\w&'.,-]*)*)\s+(?:supply|supplies|sell|sells|buy|buys|order|orders|stock|stocks|carry|carries|provide|provides|deliver|delivers|make|makes|spend|spends|ship|ships|bought|sold|ordered|supplied|spent)\b/;

/** Who supplied, after a verb of supplying: "supplied by Apple", "provided by Acme". */
const SUPPLIED_BY = /\b(?:supplied|provided|distributed)\s+by\s+(?:the\s+)?([\w&'.-]+(?:\s+[A-Z0-9][\w&'.-]*)*)/i;

/** Who supplies, named before the verb or after "supplied by": "did Jim Beam supply", "supplied by Jim Beam sold best". */
const SUPPLIER_SUBJECT =
  /\b(?:does|do|did|has|have|had)\s+(?:the\s+)?([a-z][\w&'.-]*(?:\s+[a-z0-9][\w&'.-]*){0,5}?)\s+(?:supply|supplies|supplied|provide|provided|deliver|delivered|ship|shipped)\b|\b(?:supplied|provided|delivered|shipped|made|distributed)\s+by\s+(?:the\s+)?([a-z][\w&'.-]*(?:\s+[a-z0-9][\w&'.-]*){0,5})/i;

/**
 * "How many products did Jim Beam supply?" counted the five products named Jim Beam: who
 * supplies is a supplier, and the one whose name begins with the words (Jim Beam Brands)
 * replaces the values of another column that the words named; "products supplied by
 * bacardi" (named nowhere else) got every product's, and the supplier is added. Null when
 * the supplier is placed already, or not one alone begins so.
 */
function supplierAsSubject(
  question: string,
  meta: SnapshotMeta,
  filters: readonly NamedFilter[],
): { instead: NamedFilter | null; filter: NamedFilter } | null {
  const suppliers = meta.dimensions.find((d) => d.key === 'supplier');
  const m = SUPPLIER_SUBJECT.exec(question);
  const typed = nameWords(m?.[1] ?? m?.[2] ?? '');
  if (!suppliers || typed.length === 0 || filters.some((f) => f.dimension === 'supplier')) return null;
  const names = [...new Set(suppliers.values)].map((v) => ({ v, words: nameWords(v) }));
  // How many of the words typed begin all of a filter's values: "jim beam" the Jim Beam products'.
  const placedBy = (f: NamedFilter) => {
    let k = typed.length;
    while (k > 0 && !f.values.every((v) => startsWithWords(nameWords(v), typed.slice(0, k)))) k--;
    return k;
  };
  // The longest run of the words typed that begins one supplier's name ("bacardi sold best" is Bacardi's).
  for (let k = typed.length; k > 0; k--) {
    const starting = names.filter((n) => startsWithWords(n.words, typed.slice(0, k))).map((n) => n.v);
    if (starting.length !== 1) continue;
    const instead = filters.find((f) => f.dimension !== 'supplier' && placedBy(f) > 0) ?? null;
    // "Made by Black Velvet" names the Black Velvet products more fully than the supplier Black Rock Spirits.
    if (instead && placedBy(instead) > k) return null;
    return { instead, filter: { dimension: 'supplier', values: starting, match: 'exact' } };
  }
  return null;
}

/** Nouns after a name that say it means every customer so named: "Hy-Vee stores". */
const CUSTOMER_GROUP_NOUNS = 'stores|shops|branches|outlets|locations|sites|customers|clients|accounts|companies';
/** The owner of the customers counted, after its words: "How many stores does Hy-Vee have?". */
const OWNER_OF = String.raw`\bhow many\s+(?:${CUSTOMER_GROUP_NOUNS})\s+(?:does|do|did|has)\s+(?:the\s+)?`;
const OWNED = String.raw`\s+(?:have|has|own|owns|run|runs|operate|operates)\b`;
const OWNER_OF_CUSTOMERS = new RegExp(String.raw`${OWNER_OF}([\w&'.-]+(?:\s+[\w&'.,-]+){0,4}?)${OWNED}`, 'i');

/**
 * The chain that "How many stores does Hy-Vee have?" asks about (it counted every store): a
 * name that begins the names of two customers or more. "Iowa" (one store, Iowa Street
 * Market), "the company" and "Germany" own no customers so.
 */
function chainOfCustomers(question: string, meta: SnapshotMeta): RegExpExecArray | null {
  const m = OWNER_OF_CUSTOMERS.exec(question);
  const customers = meta.dimensions.find((d) => d.key === 'customer');
  if (!m || !customers) return null;
  const words = nameWords(m[1]);
  let holding = 0;
  for (const v of new Set(customers.values)) if (startsWithWords(nameWords(v), words) && ++holding > 1) return m;
  return null;
}

/**
 * The owner in "How many customers does Acme have?" that begins no customer's name: it
 * counted every customer. "Iowa" (Iowa Street Market, in a file of Iowa's stores) and the
 * chains (`chainOfCustomers`) keep their readings; "we", "the company" and "each supplier"
 * are no owner.
 */
function ownerOfNoCustomers(question: string, meta: SnapshotMeta): RegExpExecArray | null {
  const m = OWNER_OF_CUSTOMERS.exec(question);
  const words = m ? nameWords(m[1]) : [];
  if (!m || words.every((word) => OWNER_GRAMMAR.test(word) || isGrammarWord(word))) return null;
  const customers = meta.dimensions.find((d) => d.key === 'customer')?.values ?? [];
  return customers.some((v) => startsWithWords(nameWords(v), words)) ? null : m;
}

/** Words of an owner that name no one: "does the company have", "do we have", "does each supplier have", "does an average rep have". */
const OWNER_GRAMMAR =
  /^(?:i|we|you|they|it|our|my|your|their|the|this|that|a|an|of|company|business|firm|each|every|per|one|average|typical)$/;

function unplacedSubjectOf(question: string, meta: SnapshotMeta, filters: readonly NamedFilter[]): string | null {
  const name = (SUBJECT_NAME.exec(question) ?? chainOfCustomers(question, meta) ?? ownerOfNoCustomers(question, meta))?.[1].replace(
    /[.,]+$/,
    '',
  );
  if (!name || /^(?:I|We|You|They|It)$/i.test(name)) return null;
  const typed = name.toLowerCase();
  // "Germany" is placed as DE-North and DE-South, the regions its code begins.
  const placed = (v: string) => v.toLowerCase().includes(typed) || typed.includes(v.toLowerCase()) || countryOfCode(v) === typed;
  return filters.some((f) => f.values.some(placed)) ? null : name;
}

/** The columns a brand's or a chain's name picks values of by their first words. */
const LEADING_NAME_DIMENSIONS = ['customer', 'product', 'supplier'];

/**
 * "Diageo" (the supplier Diageo Americas), "Tito's" (the products Titos Vodka and Titos
 * Handmade Vodka), "Hy-Vee stores" (33 stores): a phrase typed with a capital that is the
 * first words of names of one column only. One such name is that value; several products or
 * suppliers are a brand's, kept by their first words, and the answer lists them. Several
 * customers are kept only when the question says it means them all ("Hy-Vee stores", "all
 * Hy-Vee"): "How much did Sean spend?" means one of Superstore's Seans, and is asked which.
 *
 * What is no leading name, and keeps its refusal: a phrase typed in lower case ("sales of
 * bolts"), inside names ("Small Business"), cut from a longer capitalised run ("Acme" of
 * "Acme Supply Inc"), or after "in" or "the" ("in North", "from the West": Iowa's "West Side
 * Spirits" is no region). A buyer ("How much did Acme spend?", "sales to ACME") is looked for
 * among the customers only: Superstore's Acme scissors spend nothing.
 */
export function leadingNameFilter(phrase: string, question: string, meta: SnapshotMeta): NamedFilter | { refused: string } | null {
  const words = nameWords(phrase);
  const context = contextOf(phrase, question);
  if (words.length === 0 || !context || !context.standsAlone) return null;
  if (words.length === 1 && (isGrammarWord(words[0]) || isTimeUnit(words[0]))) return null;
  const last = words[words.length - 1];
  // "What did Sid's buy?" names "Sid's Beverage Shop".
  const forms = [words, ...(context.possessive ? [[...words.slice(0, -1), `${last}s`]] : [])];
  const columns = context.buyer ? ['customer'] : LEADING_NAME_DIMENSIONS;
  for (const form of forms) {
    const holders = meta.dimensions
      .filter((d) => columns.includes(d.key))
      .map((d) => ({ dimension: d, names: [...new Set(d.values)].filter((value) => startsWithWords(nameWords(value), form)) }))
      .filter((h) => h.names.length > 0);
    if (holders.length > 1) return null;
    const [holder] = holders;
    if (!holder) continue;
    const { dimension, names } = holder;
    if (names.length === 1) return { dimension: dimension.key, values: names, match: 'exact' };
    const leading = leadingWordsOf(names[0], form.length);
    if (dimension.key === 'customer' && !meansEveryCustomer(context.typed, question))
      return { refused: customersStartedReason(context.typed, names, dimension) };
    return { dimension: dimension.key, values: [leading], match: 'startsWith' };
  }
  return null;
}

/** Why "Hy-Vee sales" has no one figure: the name starts several customers' names, listed, and how to take them together. */
function customersStartedReason(typed: string, names: readonly string[], customers: SnapshotMeta['dimensions'][number]): string {
  const noun = headerNoun(customers) ?? 'customer';
  const listed = namesListed([...names].sort((x, y) => x.localeCompare(y)));
  const leading = leadingWordsOf(names[0], nameWords(typed).length);
  return `“${typed}” starts the names of ${names.length} ${noun}s: ${listed}. Name one in full, or say “all ${leading}” to take them together.`;
}

/** The customers whose names start with `typed`'s words, where more than one does; null otherwise. */
function customersStartedBy(typed: string, meta: SnapshotMeta): string | null {
  const customers = meta.dimensions.find((d) => d.key === 'customer');
  const words = nameWords(typed);
  const names = customers ? [...new Set(customers.values)].filter((value) => startsWithWords(nameWords(value), words)) : [];
  return customers && names.length > 1 ? customersStartedReason(typed, names, customers) : null;
}

/**
 * Where the question has the phrase: as typed; whether it stands alone as a name (a capital
 * first, no capitalised word right after it, not after "in" or "the"); whether it is the
 * buyer; whether an "'s" follows it.
 */
function contextOf(phrase: string, question: string): { typed: string; standsAlone: boolean; buyer: boolean; possessive: boolean } | null {
  // "Titos", as the name passes read it, is typed "Tito's": apostrophes may come between its letters.
  const letters = [...phrase.replace(/['’]/g, '')].map(escapeRegex).join(`['’]?`);
  const found = new RegExp(letters, 'iu').exec(question);
  if (!found) return null;
  const typed = found[0];
  const before = question.slice(0, found.index);
  const after = question.slice(found.index + typed.length);
  // "All Hy-Vee Revenue": a figure typed in title case after the name is none of it.
  const capitalAfter = /^(?:['’]s)?\s+([\p{Lu}\d][\p{L}\d]*)/u.exec(after)?.[1];
  const standsAlone =
    /^\p{Lu}/u.test(typed) &&
    !capitalisedAsFirst(typed, before) &&
    (capitalAfter === undefined || tailIsGrammar(capitalAfter)) &&
    !/\b(?:in|the|at|within|inside)\s+$/i.test(before) &&
    // "Jim Beam Brands" is no "Beam": a capitalised word before it, past the question's first.
    !/\S\s+\p{Lu}[\p{L}'’-]*\s+$/u.test(before);
  const buyer =
    (/\b(?:did|does|do|has|have|will)\s+$/i.test(before) &&
      /^(?:['’]s)?\s+(?:buy|bought|spend|spent|order|ordered|purchase|purchased|pay|paid)\b/i.test(after)) ||
    /\b(?:to|customers?|clients?|accounts?)\s+$/i.test(before);
  return { typed, standsAlone, buyer, possessive: /^['’]s\b/.test(after) };
}

/**
 * "Global revenue", "Executive summary of revenue", "Lifetime sales for Sean Miller": a word the
 * grammar knows, or plain English, capitalised only as a question's first word is, names no
 * brand (they got the products starting "Global", "Executive" and "Lifetime"). A name the
 * grammar does not know ("Xerox sales", "Staples revenue") still does.
 */
function capitalisedAsFirst(typed: string, before: string): boolean {
  const word = typed.toLowerCase();
  return /^[\s"'“‘(]*$/.test(before) && !/\s/.test(typed) && (GRAMMAR_WORDS.has(word) || PLAIN_ENGLISH.has(word));
}

/** "Hy-Vee stores", "all Hy-Vee", "every Hy-Vee location": the question means every customer so named. */
function meansEveryCustomer(typed: string, question: string): boolean {
  const name = escapeRegex(typed);
  return new RegExp(
    `${name}(?:['’]s)?\\s+(?:${CUSTOMER_GROUP_NOUNS})\\b|\\b(?:all|every|each)(?:\\s+of)?(?:\\s+the)?\\s+${name}|${OWNER_OF}${name}${OWNED}`,
    'i',
  ).test(question);
}

/** The grouping "how many <plural>" counts ("how many products …"), when the file has it. */
export function countedNounOf(text: string, meta: SnapshotMeta): string | null {
  const noun = /\bhow many ([a-z-]+)/.exec(text)?.[1];
  return noun ? dimensionOfNoun(noun, meta) : null;
}

/**
 * The file's grouping a noun names, not a time unit: a column or role by its own header first
 * (Superstore's "countries" are its Country column, not its regions), then by the grammar's
 * words ("countries" → Online Retail's region, read from Country).
 */
export function dimensionOfNoun(noun: string, meta: SnapshotMeta): string | null {
  const one = singular(noun);
  const byHeader = meta.dimensions.find((d) => singular((d.key.startsWith('column:') ? d.label : (d.header ?? '')).toLowerCase()) === one);
  if (byHeader) return byHeader.key;
  const found = DIMENSION_WORDS.find(([re, dim]) => re.test(noun) && !isTimeUnit(dim));
  return found && meta.dimensions.some((d) => d.key === found[1]) ? found[1] : null;
}

/**
 * A capitalised word before "products" or "items" that names no value the question matched
 * and no grouping ("Bolt products"), or null. "Safety products" is a category's, so it is none.
 */
function partialName(question: string, filters: readonly { values: string[] }[]): string | null {
  const named = filters.flatMap((f) => f.values.map((v) => asWritten(v)));
  for (const m of question.matchAll(/\b([A-Z][\p{L}\d-]+) (?:products|items)\b/gu)) {
    const word = m[1].toLowerCase();
    if (named.some((v) => v.split(' ').includes(word))) continue;
    // "Favorite products of Sean Miller" and "Best-selling products in 2021" were refused as a word of product names.
    if (
      /^(all|our|my|the|which|what|top|best|worst|new|other|these|those|most|many|how|list|show|each|every|any|it|them|this|that|favou?rite|popular|cheapest|priciest|bestselling)$/.test(
        word,
      ) ||
      /^[a-z]+-(selling|growing|performing|moving|rated|priced|margin|value|volume)$/.test(word)
    )
      continue;
    return m[1];
  }
  return null;
}

/**
 * Why a phrase selects nothing: "Hy-Vee" and "Tito's" were "not found" on the Iowa sales,
 * where they are words of 3,356 store names and of "Titos Vodka": a word of some values is
 * named as such, else it is not in the file. The phrase is quoted back as text: “_Chairs_”
 * typed is not set in italics.
 */
export function notFoundReason(phrase: string, meta: SnapshotMeta): string {
  // "Supplier 13" on a file without suppliers: the column is what is missing.
  const role = /^([a-z -]+?)\s*#?\s*\d+$/i.exec(phrase.trim())?.[1];
  const missing = role ? DIMENSION_WORDS.find(([re, dim]) => re.test(role.toLowerCase()) && !isTimeUnit(dim))?.[1] : undefined;
  if (missing && missing !== 'customer' && !meta.dimensions.some((d) => d.key === missing))
    return `This file has no ${missing === 'salesRep' ? 'sales-rep' : missing} column.`;
  const words = nameWords(phrase);
  const holder =
    words.length > 0 &&
    meta.dimensions.find((d) => d.values.some((value) => containsRun(nameWords(value), words) && nameWords(value).length > words.length));
  return holder
    ? partialNameReason([phrase], holder.label)
    : `I couldn't find “${escapeMarkdown(phrase)}” among this file's customers, products or other values.`;
}

/** Whether `words` appear together, in order, in `within`. */
function containsRun(within: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i + words.length <= within.length; i++) if (words.every((w, k) => within[i + k] === w)) return true;
  return false;
}

/**
 * Why a word of some names can't select them: "Bolt" is in 214 product names, and the query
 * filters by whole values. `held` are the values that hold the first word, where they are
 * known: how many, and three of them.
 */
export function partialNameReason(typed: readonly string[], label: string, held: readonly string[] = []): string {
  const noun = label.toLowerCase();
  const quote = (text: string) => `“${escapeMarkdown(text)}”`;
  const it = typed.length > 1 ? quote(typed[0]) : 'it';
  const holders =
    held.length === 0
      ? ''
      : held.length === 1
        ? ` Only ${quote(held[0])} holds ${it}.`
        : ` ${held.length.toLocaleString('en-US')} of them hold ${it}, such as ${held.slice(0, 3).map(quote).join(', ')}.`;
  return `I can't pick out ${noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`} by a word of their names (${typed.map(quote).join(', ')}) yet; name a category, a supplier or one ${noun} in full.${holders}`;
}

/**
 * Dictionary entries named in the question: exact (case-insensitive) first, then one fuzzy
 * phrase; `unknown` is a phrase that came close to a name with other numbers in it.
 */
export function entitiesOf(
  question: string,
  meta: SnapshotMeta,
): { filters: { dimension: string; values: string[]; match: 'exact' }[]; unknown: string | null } {
  const text = ` ${asWritten(question)} `;
  const found: { dimension: string; values: string[]; match: 'exact' }[] = [];
  const taken: [number, number][] = [];
  // Longest names first, so "Premium Oat Milk 1L" wins over "Oat Milk".
  const candidates: { dim: string; values: string[]; lower: string; column: string }[] = [];
  for (const d of meta.dimensions) {
    if (d.values.length > 50_000) continue;
    const column = asWritten(d.label);
    // Written as the question is, so "Acme Supply Inc" finds "Acme Supply, Inc.".
    for (const v of new Set(d.values)) if (v.length >= 2) candidates.push({ dim: d.key, values: [v], lower: asWritten(v), column });
    // "Black Velvet" names each of "Black Velvet (11788)", "Black Velvet (11777)", …: ids that share the name.
    for (const [name, labels] of sharedNamesOf(d.values)) candidates.push({ dim: d.key, values: labels, lower: asWritten(name), column });
  }
  // "Washington city revenue" is the city: "city" after a city's name is its column said.
  const cityColumns = new Set(
    meta.dimensions.filter((d) => [d.label, d.header ?? ''].some((h) => asWritten(h) === 'city')).map((d) => d.key),
  );
  // "Sales in washington state" got the city Washington: a name in two columns is the one whose column is named beside it.
  const columnsSaid = new Set(meta.dimensions.map((d) => asWritten(d.label)).filter((column) => text.includes(` ${column} `)));
  const besideItsColumn = (c: (typeof candidates)[number]) =>
    columnsSaid.has(c.column) && (text.includes(` ${c.lower} ${c.column} `) || text.includes(` ${c.column} of ${c.lower} `)) ? 1 : 0;
  // "Revenue in Washington" got the city in DC (2,865.02), not the state (138,641.27): a name two
  // columns hold, with neither column said, is the broader one's, of fewer values.
  // "Washington DC", "Springfield IL": a name followed by a place's code is the narrower one's, the city.
  const breadth = new Map(meta.dimensions.map((d) => [d.key, new Set(d.values).size]));
  const beforeCode = (c: (typeof candidates)[number]) => {
    const next = new RegExp(`(?:^| )${escapeRegex(c.lower)} +([a-z]{2})(?: |$)`).exec(text)?.[1];
    return next !== undefined && !TWO_LETTER_WORDS.has(next);
  };
  const broader = (a: (typeof candidates)[number], b: (typeof candidates)[number]) =>
    ((breadth.get(a.dim) ?? 0) - (breadth.get(b.dim) ?? 0)) * (beforeCode(a) ? -1 : 1);
  candidates.sort((a, b) => b.lower.length - a.lower.length || besideItsColumn(b) - besideItsColumn(a) || broader(a, b));
  for (const c of candidates) {
    // "Sean Miller's last order" names Sean Miller too, and "Phones' cost" Phones (it got all 2021's).
    // "Revenue for Chair", "Canadian whisky" name Chairs and CANADIAN WHISKIES: a plural kind in
    // the singular, where a name stands ("a table of revenue" is no Tables, "supply chain" no Supplies).
    const one = c.dim !== 'customer' && c.dim !== 'product' ? singularOf(c.lower) : null;
    // "Excluding dotcom postage and postage" kept POSTAGE: the first place a name is free, not only its first.
    const free = (start: number) => !taken.some(([s, e]) => start < e && start + c.lower.length > s);
    const at =
      [` ${c.lower} `, ` ${c.lower}s `, ` ${c.lower}'s `, ` ${c.lower}’s `, ` ${c.lower}' `, ` ${c.lower}’ `]
        .map((form) => {
          const first = text.indexOf(form) + 1;
          return first > 0 && !free(first) ? (placesOf(text, form).find(free) ?? 0) : first;
        })
        .find((i) => i > 0) ?? (one ? singularNamedAt(text, one) : 0);
    if (at <= 0 || c.lower.length < 3 || /^\d+$/.test(c.lower)) continue;
    if (!free(at)) continue;
    // "sales in kansas city" got the state Kansas: a name with "city" after it is a city's, and a
    // city so named would have been taken first, as "New York City" is.
    if (text.startsWith(' city ', at + c.lower.length) && !cityColumns.has(c.dim))
      return { filters: [], unknown: new RegExp(`${escapeRegex(c.lower)}\\s+city`, 'i').exec(question)?.[0] ?? `${c.lower} city` };
    if (found.some((f) => f.dimension === c.dim)) {
      found.find((f) => f.dimension === c.dim)?.values.push(...c.values);
    } else found.push({ dimension: c.dim, values: [...c.values], match: 'exact' });
    taken.push([at, at + c.lower.length]);
  }
  if (found.length === 0) {
    // Whole words only (a year must not split into "202" and "3"), and at least one letter:
    // "which quarter of 2023 …" once matched the customer "Janssen & Co. KG 2023".
    // The question's closing mark is no part of the name: "Revenue from Acme Supply?" was refused,
    // and so were "What's the margin on Acme Supply products?" and "Which Acme Supply products …?"
    // ("on", "which" and "top 5" were no words before a name). After those a product is never
    // looked for: "Which Lunch Bag products sell best?" is a word of 15 names, not the one Fuse scores first.
    const phrase = /(?:did|for|from|of|\b(on|[Ww]hich|[Tt]op(?: \d+)?)|to|by|about)\s+((?:[A-Z0-9][\w&'.-]*(?:\s+|$)){2,6})/.exec(
      question.replace(/[?!]+\s*$/, ''),
    );
    const named = phrase?.[2];
    if (phrase && named && /[a-z]/i.test(named)) {
      const kinds = phrase[1] ? ['customer', 'supplier'] : ['customer', 'product', 'supplier'];
      // "Sales of Acme Supply" (the supplier "Acme Supply, Inc.") got the whole file's revenue.
      for (const d of meta.dimensions.filter((x) => kinds.includes(x.key))) {
        const hit = new Fuse([...new Set(d.values)], { includeScore: true, threshold: 0.3, ignoreLocation: true }).search(named.trim(), {
          limit: 1,
        })[0];
        if (hit && (hit.score ?? 1) <= 0.2) {
          // "Sales of Captain Morgan" got Captain Morgan Tattoo alone: the first words of several names
          // are a brand's, or a chain's, which the leading-name pass reads with the phrase.
          if (startsSeveral(d.values, named)) return { filters: found, unknown: named.trim() };
          // "Bolt 205mm" came close to "Bolt 204mm", and got its figures: another number is another item, no typo.
          if (numbersOf(named) !== numbersOf(hit.item)) return { filters: found, unknown: named.trim() };
          found.push({ dimension: d.key, values: [hit.item], match: 'exact' });
          break;
        }
      }
    }
  }
  return { filters: found, unknown: null };
}

/** Whether `typed` is the first words of two or more of the names. */
function startsSeveral(names: readonly string[], typed: string): boolean {
  const words = nameWords(typed);
  let starting = 0;
  for (const name of new Set(names)) if (startsWithWords(nameWords(name), words) && ++starting > 1) return true;
  return false;
}

/** Words before a name ("revenue for chair", "never bought binder") and after one ("chair sales"). */
const NAME_BEFORE =
  /(?:^|\s)(?:for|of|from|on|in|bought|buy|buys|buying|sold|sell|sells|selling|than|and|or|vs|versus|with|without|excluding|except|never|not)\s$/;
const NAME_AFTER = /^\s(?:revenue|sales|turnover|profits?|margins?|orders|units|buyers|customers|products|items|costs?|cogs)\b/;

/** Where `form` stands in `text`, each time, as the place of its first letter after the leading space. */
function placesOf(text: string, form: string): number[] {
  const places: number[] = [];
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) places.push(at + 1);
  return places;
}

/** Where a name's singular stands as a name in `text` (0 when it stands nowhere so). */
function singularNamedAt(text: string, one: string): number {
  for (let at = text.indexOf(` ${one} `); at >= 0; at = text.indexOf(` ${one} `, at + 1)) {
    const before = text.slice(0, at + 1);
    const after = text.slice(at + one.length + 1);
    if (NAME_BEFORE.test(before) || NAME_AFTER.test(after)) return at + 1;
  }
  return 0;
}

/** A plural name's singular ("chairs" → "chair", "canadian whiskies" → "canadian whisky"), or null when it is none. */
function singularOf(lower: string): string | null {
  if (lower.length < 5 || !/[a-z]s$/.test(lower) || /(?:ss|us|is)$/.test(lower)) return null;
  const one = lower
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|x)es$/, '$1')
    .replace(/([^s])s$/, '$1');
  return one !== lower && one.length >= 4 ? one : null;
}

/** A filter the question named, in the answers' words ("State = Texas"). */
export function namedFilterWords(f: { dimension: string; values: string[] }, meta: SnapshotMeta): string {
  return filterWords(meta.dimensions.find((d) => d.key === f.dimension)?.label ?? f.dimension, f.values);
}

/** The numbers written in a name, in order: "Bolt 204mm" → "204". */
function numbersOf(name: string): string {
  return (name.match(/\d+/g) ?? []).join(' ');
}

/**
 * Lower case, without question marks, exclamation marks, commas and a word's closing full
 * stop ("Inc." written "Inc"; "3.5mm" keeps its), single spaces: how names are compared.
 */
export function asWritten(s: string): string {
  return (
    s
      .toLowerCase()
      // UCI Wholesale's "Detergents_Paper", asked as "Detergents Paper", was refused as a word of a name.
      .replace(/_/g, ' ')
      .replace(/[?!,]/g, ' ')
      // "Texas: revenue in 2021" got all 2021's: a colon or semicolon ends a word, as a comma does.
      .replace(/[:;](?=\s|$)/g, ' ')
      // "Acme Supply, Inc.'s margin" lost the supplier: the dot before an "'s" is the name's.
      .replace(/\.(?=['’]s(?:\s|$))/g, '')
      .replace(/\.(?=\s|$)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Whether the question names a value of the file (a customer, a product, a region …). */
export function namesAValue(question: string, meta: SnapshotMeta): boolean {
  if (entitiesOf(withoutHalfYears(question), meta).filters.length > 0) return true;
  // "Germany", where the file writes DE-North and DE-South; "Rep 3", a rep.
  const named = valuesNamed(question, meta, undefined);
  return !('refused' in named) && named.filters.length > 0;
}

/**
 * "Crown Royal revenue" is the one product named Crown Royal ($14,723.93 on Iowa), and the
 * answer said nothing of the 10 more whose names start so ($47,153.15 with it): the note that
 * names them and how to take them all, or null. Of products and suppliers, kept by one name.
 */
export function namesStartingSoNote(filters: QuerySpecInput['filters'], meta: SnapshotMeta): string | null {
  for (const f of filters ?? []) {
    if (f.exclude || f.match === 'startsWith' || (f.dimension !== 'product' && f.dimension !== 'supplier')) continue;
    // "Jim Beam (19066)", "Jim Beam (19067)": the ids of one shared name are one name here.
    const names = [...new Set(f.values.map((v) => v.replace(/\s*\([^)]*\)$/, '')))];
    const column = meta.dimensions.find((d) => d.key === f.dimension);
    if (names.length !== 1 || !column) continue;
    const words = nameWords(names[0]);
    const longer = [...new Set(column.values)].filter((v) => {
      const own = nameWords(v.replace(/\s*\([^)]*\)$/, ''));
      return own.length > words.length && startsWithWords(own, words);
    });
    if (longer.length === 0) continue;
    const name = escapeMarkdown(names[0]);
    const more =
      longer.length === 1 ? `1 more ${f.dimension}'s name starts` : `${plural(longer.length, `more ${f.dimension}`)}' names start`;
    const such = longer
      .slice(0, 2)
      .map((v) => `“${escapeMarkdown(v)}”`)
      .join(', ');
    const kept = f.values.length === 1 ? `the one ${f.dimension} so named` : `the ${plural(f.values.length, f.dimension)} of that name`;
    return `“${name}” is read as ${kept}. ${more} with it too (${such}${longer.length > 2 ? ', …' : ''}): ask “all ${name}” to take them together.`;
  }
  return null;
}

/** Whether a column of the file holds `word` (in lower case) as one of its values: "EUR" in a currency column, Online Retail's "Discount". */
export function isValueOfFile(word: string, meta: SnapshotMeta): boolean {
  return meta.dimensions.some((d) => d.values.some((v) => v.toLowerCase() === word));
}
