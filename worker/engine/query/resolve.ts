/**
 * From a spec to what the scan needs: each named dimension to a snapshot column (or a
 * named refusal when the file has none), each filter value to dictionary codes (exactly,
 * or fuzzily with fuse.js when one entry clearly matches), each date to an epoch day.
 */
import Fuse from 'fuse.js';
import { escapeMarkdown } from '../render/escape';
import { plural, pluralNoun } from '../render/format';
import { nameList } from '../render/markdown';
import { parseDate } from '../schema/dates';
import type { SnapshotDimension, SnapshotMeta } from '../snapshot/columns';
import { COST_MEASURES, TIME_DIMENSIONS, type Measure, type QuerySpec, type TimeDimension } from './spec';

/** A question the file cannot answer, with the reason in words. Never a figure. */
export class QueryRefusal extends Error {
  constructor(
    message: string,
    readonly code: 'MISSING_COLUMN' | 'NO_MATCH' | 'AMBIGUOUS' | 'BAD_SPEC' | 'OUT_OF_RANGE',
    /** Closest dictionary entries, for "did you mean". */
    readonly suggestions: string[] = [],
  ) {
    super(message);
    this.name = 'QueryRefusal';
  }
}

/** Words users and models use for the role dimensions. */
const DIMENSION_WORDS: Record<string, string> = {
  customer: 'customer',
  customers: 'customer',
  client: 'customer',
  account: 'customer',
  product: 'product',
  products: 'product',
  item: 'product',
  sku: 'product',
  category: 'category',
  categories: 'category',
  supplier: 'supplier',
  vendor: 'supplier',
  region: 'region',
  territory: 'region',
  salesrep: 'salesRep',
  'sales rep': 'salesRep',
  'sales-rep': 'salesRep',
  rep: 'salesRep',
};

const COLUMN_WORDS: Record<string, string> = {
  customer: 'customer',
  product: 'product',
  category: 'category',
  supplier: 'supplier',
  region: 'region',
  salesRep: 'sales-rep',
};

export type ResolvedGroup = { kind: 'dimension'; index: number; dimension: SnapshotDimension } | { kind: 'time'; unit: TimeDimension };

/** A grouping as the answer names it: "year", "region". */
export function groupWords(group: ResolvedGroup): string {
  return group.kind === 'time' ? group.unit : group.dimension.label;
}

export interface ResolvedFilter {
  index: number;
  dimension: SnapshotDimension;
  /** 1 for each dictionary code that passes. */
  mask: Uint8Array;
  /** Whether a row without a value passes: it does when values are left out ("excluding the UK"), not when they are kept. */
  keepBlank: boolean;
  /** The dictionary entries the values resolved to; for `startsWith`, the words as given. */
  matched: string[];
  /** For `startsWith`: the distinct entries whose names begin with the words, A to Z. */
  startingWith?: string[];
  /** For `startsWith`: whether those entries are left out. */
  exclude?: boolean;
}

/** Whether a row's dictionary code (−1 for none) passes a filter. */
export function passesFilter(filter: Pick<ResolvedFilter, 'mask' | 'keepBlank'>, code: number): boolean {
  return code < 0 ? filter.keepBlank : filter.mask[code] === 1;
}

/** Finds a dimension by key (`salesRep`), word (`sales rep`, `client`), label or the file's header (`City`). */
export function resolveDimension(meta: SnapshotMeta, name: string): ResolvedGroup {
  const lower = name.trim().toLowerCase();
  if ((TIME_DIMENSIONS as readonly string[]).includes(lower)) {
    if (!meta.hasDates) throw new QueryRefusal(`This file has no date column, so it can't be grouped by ${lower}.`, 'MISSING_COLUMN');
    return { kind: 'time', unit: lower as TimeDimension };
  }
  const key = DIMENSION_WORDS[lower] ?? (lower.startsWith('column:') ? name.trim() : null);
  // A role's column by the file's own header too: "City" where the region is read from it.
  const index = meta.dimensions.findIndex(
    (d) =>
      (key !== null && d.key === key) ||
      d.key.toLowerCase() === lower ||
      d.label.toLowerCase() === lower ||
      d.header?.toLowerCase() === lower,
  );
  if (index >= 0) return { kind: 'dimension', index, dimension: meta.dimensions[index] };
  const word = key && COLUMN_WORDS[key] ? COLUMN_WORDS[key] : name.trim();
  throw new QueryRefusal(`This file has no ${word} column.`, 'MISSING_COLUMN');
}

/** Measures that count orders. */
const ORDER_MEASURES: ReadonlySet<Measure> = new Set(['orders', 'averageOrderValue', 'repeatCustomers', 'oneTimeCustomers', 'repeatRate']);

/** Refuses measures the file's columns cannot support. */
export function checkMeasures(meta: SnapshotMeta, measures: readonly Measure[]): void {
  for (const m of measures) {
    if (COST_MEASURES.has(m) && !meta.hasCost)
      throw new QueryRefusal(
        m === 'cost'
          ? "This file has no cost column, so the cost of what was sold can't be computed."
          : `This file has no cost column, so ${m === 'marginPct' ? 'margin' : 'gross profit'} can't be computed.`,
        'MISSING_COLUMN',
      );
    if (m === 'units' && !meta.hasQuantity)
      throw new QueryRefusal("This file has no quantity column, so units can't be counted.", 'MISSING_COLUMN');
    if (m === 'averagePrice' && !meta.hasQuantity)
      throw new QueryRefusal('This file has no quantity column, so there is no price per unit to work out.', 'MISSING_COLUMN');
    if (
      (m === 'customers' ||
        m === 'revenuePerCustomer' ||
        m === 'newCustomers' ||
        m === 'returningCustomers' ||
        m === 'newCustomerRevenue' ||
        m === 'returningCustomerRevenue' ||
        m === 'repeatCustomers' ||
        m === 'oneTimeCustomers' ||
        m === 'repeatRate' ||
        m === 'customerShare') &&
      !meta.dimensions.some((d) => d.key === 'customer')
    )
      throw new QueryRefusal('This file has no customer column.', 'MISSING_COLUMN');
    if (m === 'products' && !meta.dimensions.some((d) => d.key === 'product'))
      throw new QueryRefusal('This file has no product column.', 'MISSING_COLUMN');
    if (m === 'returnOrders' && !meta.hasOrderId)
      throw new QueryRefusal(
        "This file has no order id column, so I can't count orders with a return; I can give the value of returns.",
        'MISSING_COLUMN',
      );
    // Orders are order ids or, without them, a customer's purchase days: with neither there are none to count.
    if (ORDER_MEASURES.has(m) && !meta.hasOrderId && !meta.hasDates)
      throw new QueryRefusal("This file has no order id or date column, so its orders can't be counted.", 'MISSING_COLUMN');
    if ((m === 'newCustomers' || m === 'returningCustomers') && !meta.hasDates)
      throw new QueryRefusal("This file has no date column, so new and returning customers can't be told apart.", 'MISSING_COLUMN');
  }
}

const normalise = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Resolves one filter's values to dictionary codes. */
export function resolveFilter(meta: SnapshotMeta, filter: QuerySpec['filters'][number]): ResolvedFilter {
  const group = resolveDimension(meta, filter.dimension);
  if (group.kind === 'time') throw new QueryRefusal(`Filter ${filter.dimension} with a period, not a value.`, 'BAD_SPEC');
  const values = group.dimension.values;
  const mask = new Uint8Array(values.length);
  if (filter.match === 'startsWith') return resolveLeadingWords(group, filter, mask);
  const matched: string[] = [];
  for (const wanted of filter.values) {
    const target = normalise(wanted);
    let hits = 0;
    for (let i = 0; i < values.length; i++) {
      if (filter.match === 'exact' ? values[i] === wanted : normalise(values[i]) === target) {
        mask[i] = 1;
        hits++;
      }
    }
    if (hits > 0) {
      matched.push(filter.match === 'exact' ? wanted : (values.find((v) => normalise(v) === target) ?? wanted));
      continue;
    }
    const label = group.dimension.label;
    if (filter.match === 'exact') throw noMatch(`No ${label} in this file matches '${wanted}'.`, closest(values, wanted));
    const best = fuzzyMatch(values, wanted, label);
    for (let i = 0; i < values.length; i++) if (values[i] === best) mask[i] = 1;
    matched.push(best);
  }
  // "Excluding the UK": every other value passes.
  if (filter.exclude) for (let i = 0; i < mask.length; i++) mask[i] ^= 1;
  return { index: group.index, dimension: group.dimension, mask, keepBlank: filter.exclude === true, matched };
}

/**
 * "Hy-Vee", "Titos": every entry whose name begins with the words given, a brand's or a
 * chain's, where the file names each store or bottle on its own ("Hy-Vee #3 / Dubuque",
 * "Titos Handmade Vodka"). Whole words only, so "Bolt" is not "Bolton Ltd".
 */
function resolveLeadingWords(
  group: Extract<ResolvedGroup, { kind: 'dimension' }>,
  filter: QuerySpec['filters'][number],
  mask: Uint8Array,
): ResolvedFilter {
  const values = group.dimension.values;
  const names = new Set<string>();
  for (const wanted of filter.values) {
    const words = nameWords(wanted);
    let hits = 0;
    for (let i = 0; i < values.length; i++) {
      if (words.length > 0 && startsWithWords(nameWords(values[i]), words)) {
        mask[i] = 1;
        names.add(values[i]);
        hits++;
      }
    }
    if (hits === 0)
      throw noMatch(`No ${group.dimension.label} in this file has a name starting with '${wanted}'.`, closest(values, wanted));
  }
  if (filter.exclude) for (let i = 0; i < mask.length; i++) mask[i] ^= 1;
  return {
    index: group.index,
    dimension: group.dimension,
    mask,
    keepBlank: filter.exclude === true,
    matched: [...filter.values],
    exclude: filter.exclude === true,
    startingWith: [...names].sort((a, b) => a.localeCompare(b)),
  };
}

/**
 * What a `startsWith` filter kept, for the answer to say: "“Titos” is read as the 3 products
 * whose names start with it: Titos Handmade Mini, Titos Handmade Vodka and Titos Vodka."
 */
export function startingWithNote(filters: readonly ResolvedFilter[]): string | null {
  const notes = filters.flatMap((f) => {
    const names = f.startingWith;
    if (!names) return [];
    const label = f.dimension.label;
    const which =
      names.length === 1 ? `the one ${label} whose name starts` : `the ${plural(names.length, label, pluralNoun(label))} whose names start`;
    const words = f.matched.map((m) => `“${escapeMarkdown(m)}”`).join(' or ');
    return [`${words} ${f.exclude ? 'leaves out' : 'is read as'} ${which} with it: ${namesListed(names)}.`];
  });
  return notes.length > 0 ? notes.join(' ') : null;
}

/** Names a `startsWith` note lists before "and 33 more". */
const MAX_NAMED = 5;

/** "A, B and 3 more", escaped; names with commas in them ("Bolt "Pro" 0mm, steel") are set apart by semicolons. */
export function namesListed(names: readonly string[]): string {
  return nameList(names.map(escapeMarkdown), MAX_NAMED, names.some((name) => name.includes(',')) ? '; ' : ', ');
}

/** A name's words as they are compared: lower case, apostrophes dropped ("Tito's" and "Titos" are one word; "Hy-Vee" is two). */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether a name's words begin with `first`. */
export function startsWithWords(words: readonly string[], first: readonly string[]): boolean {
  if (first.length > words.length) return false;
  for (let i = 0; i < first.length; i++) if (words[i] !== first[i]) return false;
  return true;
}

const FUZZY_ACCEPT = 0.2;
const FUZZY_MARGIN = 0.1;

/** The one entry that clearly matches a misspelt name; refuses when none or several do. */
function fuzzyMatch(values: readonly string[], wanted: string, label: string): string {
  const distinct = [...new Set(values)];
  const fuse = new Fuse(distinct, { includeScore: true, threshold: 0.4, ignoreLocation: true });
  const results = fuse.search(wanted, { limit: 5 });
  const best = results[0];
  if (!best || (best.score ?? 1) > FUZZY_ACCEPT)
    throw noMatch(`No ${label} in this file matches '${wanted}'.`, results.map((r) => r.item).slice(0, 3));
  const second = results[1];
  if (second && (second.score ?? 1) - (best.score ?? 0) < FUZZY_MARGIN && normalise(second.item) !== normalise(best.item)) {
    const options = results
      .filter((r) => (r.score ?? 1) - (best.score ?? 0) < FUZZY_MARGIN)
      .map((r) => r.item)
      .slice(0, 3);
    throw new QueryRefusal(
      `'${wanted}' could be more than one ${label}: ${options.map((o) => `'${o}'`).join(', ')}. Which one do you mean?`,
      'AMBIGUOUS',
      options,
    );
  }
  return best.item;
}

function closest(values: readonly string[], wanted: string): string[] {
  return new Fuse([...new Set(values)], { threshold: 0.6, ignoreLocation: true }).search(wanted, { limit: 3 }).map((r) => r.item);
}

/** A value the file does not hold, refused with the closest it does ("No region in this file matches 'Atlantis'."). */
function noMatch(message: string, suggestions: string[]): QueryRefusal {
  const hint = suggestions.length ? ` The closest are ${suggestions.map((s) => `'${s}'`).join(', ')}.` : '';
  return new QueryRefusal(`${message}${hint}`, 'NO_MATCH', suggestions);
}

/** Epoch day of an ISO date (validated by the spec). */
export function dayOf(iso: string): number {
  return parseDate(iso, 'ymd');
}

/** A spec's range of ISO days as day numbers, or undefined without one. */
export function daysOf(range: { from: string; to: string } | undefined): { from: number; to: number } | undefined {
  return range ? { from: dayOf(range.from), to: dayOf(range.to) } : undefined;
}
