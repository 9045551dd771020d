/**
 * The values a question names, as the file writes them: customers, products, categories,
 * regions and the other text columns' values, read from the file's own dictionaries (exact
 * first, then one close phrase), with the reasons a name can't be placed.
 */
import { sharedNamesOf } from '../../engine/aggregate/distinct-names';
import Fuse from 'fuse.js';
import { filterWords } from '../../engine/query/spec';
import type { QuerySpecInput } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { categoryWordFilter, looseNamesOf, strayPhraseOf } from './query-names';
import { withoutHalfYears } from './query-periods';
import { DIMENSION_WORDS, headerNoun, isGrammarWord, isTimeUnit, singular } from './query-vocabulary';
import { type AnalysisFacts } from './query-parsed';

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
  const names = withoutHalfYears(question);
  const { filters, unknown } = entitiesOf(names, meta);
  if (unknown) return { refused: notFoundReason(unknown, meta) };
  // "store" where the customers are read from store_name: "store 2506", "revenue per store".
  const customer = meta.dimensions.find((d) => d.key === 'customer');
  const customerNoun = customer ? headerNoun(customer) : null;
  const loose = looseNamesOf(names, meta, filters, { customerNoun, facts });
  if ('unknown' in loose) return { refused: notFoundReason(loose.unknown, meta) };
  filters.push(...loose.filters);
  const kind = categoryWordFilter(question, meta, filters);
  if (kind) filters.push(kind);
  // "The margin on Bolt products" answered every product's margin: "Bolt" is a word of some
  // products' names, which the query can't select by.
  // "Units of paper chain kit" got the sub-category Paper's: every word of what a figure is of must be placed.
  const stray = strayPhraseOf(question, meta, filters, isGrammarWord);
  const partial = partialName(question, filters);
  if (partial || stray?.partialOf)
    return { refused: partialNameReason(partial ?? stray?.phrase ?? '', partial ? 'product' : (stray?.partialOf ?? 'product')) };
  if (stray) return { refused: notFoundReason(stray.phrase, meta) };
  return { filters, customerNoun };
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
    if (/^(all|our|my|the|which|what|top|best|new|other|these|those|most|many|how|list|show|each|every|any|it|them|this|that)$/.test(word))
      continue;
    return m[1];
  }
  return null;
}

/**
 * Why a phrase selects nothing: "Hy-Vee" and "Tito's" were "not found" on the Iowa sales,
 * where they are words of 3,356 store names and of "Titos Vodka": a word of some values is
 * named as such, else it is not in the file.
 */
export function notFoundReason(phrase: string, meta: SnapshotMeta): string {
  const words = wordsOf(phrase);
  const holder =
    words.length > 0 &&
    meta.dimensions.find((d) => d.values.some((value) => containsRun(wordsOf(value), words) && wordsOf(value).length > words.length));
  return holder
    ? partialNameReason(phrase, holder.label)
    : `I couldn't find “${phrase}” among this file's customers, products or other values.`;
}

/** Lower-case words without apostrophes ("Tito's" and "Titos" are one word; "Hy-Vee" is two). */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether `words` appear together, in order, in `within`. */
function containsRun(within: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i + words.length <= within.length; i++) if (words.every((w, k) => within[i + k] === w)) return true;
  return false;
}

/** Why a word of some names can't select them: "Bolt" is in 214 product names, and the query filters by whole values. */
function partialNameReason(phrase: string, label: string): string {
  const noun = label.toLowerCase();
  return `I can't pick out ${noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`} by a word of their names (“${phrase}”) yet; name a category, a supplier or one ${noun} in full.`;
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
  const candidates: { dim: string; values: string[]; lower: string }[] = [];
  for (const d of meta.dimensions) {
    if (d.values.length > 50_000) continue;
    // Written as the question is, so "Acme Supply Inc" finds "Acme Supply, Inc.".
    for (const v of new Set(d.values)) if (v.length >= 2) candidates.push({ dim: d.key, values: [v], lower: asWritten(v) });
    // "Black Velvet" names each of "Black Velvet (11788)", "Black Velvet (11777)", …: ids that share the name.
    for (const [name, labels] of sharedNamesOf(d.values)) candidates.push({ dim: d.key, values: labels, lower: asWritten(name) });
  }
  candidates.sort((a, b) => b.lower.length - a.lower.length);
  for (const c of candidates) {
    // "Sean Miller's last order" names Sean Miller too.
    const at =
      [` ${c.lower} `, ` ${c.lower}s `, ` ${c.lower}'s `, ` ${c.lower}’s `].map((form) => text.indexOf(form) + 1).find((i) => i > 0) ?? 0;
    if (at <= 0 || c.lower.length < 3 || /^\d+$/.test(c.lower)) continue;
    if (taken.some(([s, e]) => at < e && at + c.lower.length > s)) continue;
    if (found.some((f) => f.dimension === c.dim)) {
      found.find((f) => f.dimension === c.dim)?.values.push(...c.values);
    } else found.push({ dimension: c.dim, values: [...c.values], match: 'exact' });
    taken.push([at, at + c.lower.length]);
  }
  if (found.length === 0) {
    // Whole words only (a year must not split into "202" and "3"), and at least one letter:
    // "which quarter of 2023 …" once matched the customer "Janssen & Co. KG 2023".
    const phrase = /(?:did|for|from|of|to|by|about)\s+((?:[A-Z0-9][\w&'.-]*(?:\s+|$)){2,6})/.exec(question);
    if (phrase && /[a-z]/i.test(phrase[1])) {
      // "Sales of Acme Supply" (the supplier "Acme Supply, Inc.") got the whole file's revenue.
      for (const d of meta.dimensions.filter((x) => x.key === 'customer' || x.key === 'product' || x.key === 'supplier')) {
        const hit = new Fuse([...new Set(d.values)], { includeScore: true, threshold: 0.3, ignoreLocation: true }).search(
          phrase[1].trim(),
          { limit: 1 },
        )[0];
        if (hit && (hit.score ?? 1) <= 0.2) {
          // "Bolt 205mm" came close to "Bolt 204mm", and got its figures: another number is another item, no typo.
          if (numbersOf(phrase[1]) !== numbersOf(hit.item)) return { filters: found, unknown: phrase[1].trim() };
          found.push({ dimension: d.key, values: [hit.item], match: 'exact' });
          break;
        }
      }
    }
  }
  return { filters: found, unknown: null };
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
      .replace(/\.(?=\s|$)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Whether the question names a value of the file (a customer, a product, a region …). */
export function namesAValue(question: string, meta: SnapshotMeta): boolean {
  return entitiesOf(withoutHalfYears(question), meta).filters.length > 0;
}
