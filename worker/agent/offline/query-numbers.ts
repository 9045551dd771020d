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

/** A size in a product's name, not a value of any column: "1750ml bottles", "750 ml". */
const SIZE = /\b\d+(?:\.\d+)?\s?(?:ml|cl|oz|ltr|liters?|litres?)\b/;

/** Words before a number that make it an id the passes for names read ("store 2506", "customer #12415", "order 536365"). */
const ID_BEFORE =
  /\b(?:customers?|clients?|accounts?|stores?|shops?|items?|products?|skus?|codes?|stock ?codes?|invoices?|orders?|ids?|no\.?|numbers?|rep|top|bottom|first|last|best|worst)\s*$/;

/** Why a number the question names is read past, or null when every number is placed. */
export function numberLeftOut(question: string, spec: QuerySpecInput, meta: SnapshotMeta, facts?: AnalysisFacts): string | null {
  const text = question.toLowerCase();
  const listed = [spec.buyersOf, spec.neverBought, spec.boughtAll].filter((f) => f !== undefined);
  const values = [...(spec.filters ?? []), ...listed].flatMap((f) => f.values.map((v) => v.toLowerCase()));
  const size = SIZE.exec(text);
  if (size && !values.some((v) => v.replace(/\s+/g, '').includes(size[0].replace(/\s+/g, ''))))
    return `I can't pick out rows by a size such as “${size[0]}” yet; name the product instead.`;
  const bounds = thresholdsIn(text).join(' ');
  const customers = meta.dimensions.find((d) => d.key === 'customer')?.values ?? [];
  for (const m of text.matchAll(LONE_NUMBER)) {
    const n = m[1];
    if (isYear(n) || bounds.includes(n) || ID_BEFORE.test(text.slice(0, m.index))) continue;
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
  return null;
}
