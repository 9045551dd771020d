/**
 * Numbers a question names that no part of its reading holds. Iowa's "revenue in 50010" (a
 * zip code), "how many stores are in zip 52001" and "revenue from 1750ml bottles" got the
 * whole file's figures: the number was read past. A number the reading places (a period, a
 * top N, a bound, a customer's or a product's id, a value's name) is no such number.
 */
import type { QuerySpecInput } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import type { AnalysisFacts } from './query-parsed';
import { thresholdsIn } from './query-limits';
import { isYear, sameNumber } from './query-names';

/**
 * A number of three digits or more standing alone: not part of a date, an amount, a code
 * or a word ("2021-01-01", "$500", "85123A"), and not a count of something ("500 units").
 */
const LONE_NUMBER =
  /(?<![\w.,/$£€#-])(\d{3,}(?:(?![kmb]\b)[a-z])?)(?![\w.,/%-]|\s*(?:k|m|mn|bn|thousand|million|billion|percent|days?|weeks?|months?|quarters?|years?|rows?|lines?|units?|orders?|customers?|stores?|products?|items?|bottles?|times?|dollars?|pounds?|euros?|usd|gbp|eur|pieces?|cases?)\b)/g;

/** An order's or a document's id with a year inside it: Superstore's "CA-2020-152156", a purchase order's "PO-2022-000001". */
const ID_WITH_YEAR = /(?<![\w-])([a-z]{1,5}-(?:19|20)\d\d-\d{3,})(?![\w-])/g;

/** An id of a letter or two and five digits or more: a credit note's "C1000185", a customer's "K10774". */
const LETTERED_ID = /(?<![\w.-])([a-z]{1,2}\d{5,})(?![\w.-])/g;

/** Words before an id that the passes for names read it after: "customer K10774", "product P-002483". */
const BUYER_OR_GOODS_BEFORE =
  /\b(?:customers?|clients?|accounts?|stores?|shops?|items?|products?|skus?|stock ?codes?)\s*(?:id\s*|no\.?\s*|number\s*|#\s*)?$/;

/** An id said as one: "item 11297", "store number 2506", "customer #12415". */
const NAMED_ID = /\b(?:items?|products?|skus?|stores?|shops?|customers?|clients?|accounts?)\s*(?:number\s*|no\.?\s*|#\s*|id\s*)?(\d{3,})\b/;

/** A size in a product's name, not a value of any column: "1750ml bottles", "750 ml". */
const SIZE = /\b\d+(?:\.\d+)?\s?(?:ml|cl|oz|l|ltr|liters?|litres?)\b/;

/** Words before a number that make it an id the passes for names read ("store 2506", "customer #12415", "order 536365"). */
const ID_BEFORE =
  /\b(?:customers?|clients?|accounts?|stores?|shops?|items?|products?|skus?|codes?|stock ?codes?|invoice|order|ids?|no\.?|numbers?|rep|top|bottom|first|last|best|worst)\s*$/;

/**
 * Two digits ending the question, after a word: "West revenue 21" got the West's revenue of all
 * years. Not a day ("June 21"), a count ("top 21") or a bound ("over 50").
 */
const TRAILING_TWO_DIGITS =
  /(?<=\b[a-z]+\s)(?<!\b(?:top|bottom|first|best|worst|the|to|over|under|above|below|than|least|most|exactly|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\s)(\d\d)\s*[?.!]*\s*$/;

/** Why a number the question names is read past, or null when every number is placed. */
export function numberLeftOut(question: string, spec: QuerySpecInput, meta: SnapshotMeta, facts?: AnalysisFacts): string | null {
  const text = question.toLowerCase();
  const listed = [spec.buyersOf, spec.neverBought, spec.boughtAll].filter((f) => f !== undefined);
  const values = [...(spec.filters ?? []), ...listed].flatMap((f) => f.values.map((v) => v.toLowerCase()));
  const size = SIZE.exec(text);
  if (size && !values.some((v) => v.replace(/\s+/g, '').includes(size[0].replace(/\s+/g, ''))))
    return `I can't pick out rows by a size such as “${size[0]}” yet; name the product instead.`;
  // "revenue for order CA-2020-152156" got 2020's revenue: an order's id holds a year, and no filter holds the order.
  for (const m of text.matchAll(ID_WITH_YEAR))
    if (!values.some((v) => v.includes(m[1])))
      return `I can't pick out a single order or document such as “${question.slice(m.index, m.index + m[1].length)}” yet, and the year inside it is no period you asked for; ask of its customer, its products or its month instead.`;
  // "how much was credited on C1000185" got every credit note's: a document's letters and digits that nothing placed.
  for (const m of text.matchAll(LETTERED_ID)) {
    const id = m[1].toUpperCase();
    const named = facts?.productLabelOf?.(id) ?? facts?.customerLabelOf?.(id) ?? id;
    // "customer K10774" is read by the passes for names, by the customer's id.
    if (BUYER_OR_GOODS_BEFORE.test(text.slice(0, m.index))) continue;
    if (values.some((v) => v.includes(m[1]) || v === named.toLowerCase())) continue;
    return `I couldn't place “${question.slice(m.index, m.index + m[1].length)}” in this question: it names no customer, product or other value I can pick rows by (a single order, invoice or credit note can't be picked out yet), so I won't answer without it.`;
  }
  // "item 11297 bottles": an id named so, with no filter at all, was read past as a count of bottles.
  const id = NAMED_ID.exec(text);
  if (id && !isYear(id[1]) && listed.length === 0 && (spec.filters ?? []).length === 0)
    return `I couldn't place “${question.slice(id.index, id.index + id[0].length)}” in this question: it names no customer, product or other value I can pick rows by, so I won't answer without it.`;
  const bounds = thresholdsIn(text).join(' ');
  const customers = meta.dimensions.find((d) => d.key === 'customer')?.values ?? [];
  for (const m of text.matchAll(LONE_NUMBER)) {
    const n = m[1];
    if (isYear(n) || bounds.includes(n)) continue;
    // "item number 11297 bottles" got every bottle: an id the passes for names read holds a filter.
    const idWord = ID_BEFORE.exec(text.slice(0, m.index));
    if (idWord && (/(?:top|bottom|first|last|best|worst)\s*$/.test(idWord[0]) || listed.length > 0 || (spec.filters ?? []).length > 0))
      continue;
    // A code with a letter ("85123A") is told from a word only by the analysis' product codes.
    if (/[a-z]$/.test(n) && !facts) continue;
    if (spec.limit === Number(n) || values.some((v) => new RegExp(`(?<![\\d])0*${n}(?![\\d])`).test(v))) continue;
    // An id or a code is placed when what it names is a value of the reading ("22423 vs 85123A revenue" placed neither).
    const named =
      facts?.productLabelOf?.(n.toUpperCase()) ??
      facts?.productLabelOf?.(n) ??
      facts?.customerLabelOf?.(n) ??
      customers.find((c) => sameNumber(c, n));
    if (named && values.includes(named.toLowerCase())) continue;
    return `I couldn't place “${question.slice(m.index, m.index + n.length)}” in this question: it names no customer, product or other value I can pick rows by, and no period, count or amount I read, so I won't answer without it.`;
  }
  const two = TRAILING_TWO_DIGITS.exec(text);
  if (
    two &&
    !bounds.includes(two[1]) &&
    spec.limit !== Number(two[1]) &&
    !values.some((v) => new RegExp(`(?<!\\d)0*${two[1]}(?!\\d)`).test(v))
  )
    return /\b(?:last|past|next)\s+\d\d\s*[?.!]*\s*$/.test(text)
      ? `I couldn't place “${two[1]}” in this question: the last ${two[1]} what? Ask for the last ${two[1]} days, weeks or months.`
      : `I couldn't place “${two[1]}” in this question: it names no value I can pick rows by, so I won't answer without it. If it is a year, write it in full (${Number(two[1]) >= 50 ? 19 : 20}${two[1]}) or as ’${two[1]}.`;
  return null;
}
