/**
 * `buyersOf`: the rows of the customers who bought some values, all they bought ("revenue of
 * the customers who bought Tables", "what Chairs buyers spend on Tables", "what else Chairs
 * buyers buy"). A plain filter on Tables measures the Tables rows only: "Total revenue of
 * customers who bought Tables" answered with their Tables revenue.
 *
 * One pass finds the buyers (a line of those values that is no return, in the period when
 * one is given); the query then keeps their rows through a filter on the customer column.
 */
import type { Snapshot } from '../snapshot/columns';
import { daysOf, passesFilter, QueryRefusal, resolveFilter, type ResolvedFilter } from './resolve';
import { escapeMarkdown } from '../render/escape';
import { plural } from '../render/format';
import { filterWords, type QuerySpec } from './spec';

export interface BuyersOf {
  /** A filter on the customer column that keeps the buyers' rows. */
  filter: ResolvedFilter;
  /** How many customers bought the values. */
  customers: number;
  /** The values bought, as resolved (a typo to the file's name, a brand to its entries). */
  bought: ResolvedFilter;
}

export async function buyersOf(snapshot: Snapshot, spec: QuerySpec & { buyersOf: QuerySpec['filters'][number] }): Promise<BuyersOf> {
  const meta = snapshot.meta;
  const customerIndex = meta.dimensions.findIndex((d) => d.key === 'customer');
  if (customerIndex < 0) throw new QueryRefusal('This file has no customer column.', 'MISSING_COLUMN');
  const bought = resolveFilter(meta, spec.buyersOf);
  const days = daysOf(spec.period);
  const customerCount = meta.dimensions[customerIndex].values.length;
  const mask = new Uint8Array(customerCount);
  let customers = 0;
  const needs = { cost: false, quantity: false, orders: false, dimensions: [customerIndex, bought.index] };
  for await (const g of snapshot.groups(needs)) {
    const codes = g.dims[customerIndex];
    const values = g.dims[bought.index];
    for (let i = 0; i < g.rows; i++) {
      const c = codes[i];
      if (c < 0 || mask[c] === 1 || g.returns[i] === 1 || !passesFilter(bought, values[i])) continue;
      if (days && (g.day[i] < days.from || g.day[i] > days.to)) continue;
      mask[c] = 1;
      customers++;
    }
  }
  const filter = { index: customerIndex, dimension: meta.dimensions[customerIndex], mask, keepBlank: false, matched: [] };
  return { filter, customers, bought };
}

/**
 * Who the figures are of, so "revenue of the customers who bought Chairs" is not read as their
 * Chairs revenue: "407 customers bought Sub-Category = Chairs; the figures are of all they
 * bought, not only of Chairs."
 */
export function buyersNote(spec: QuerySpec, customers: number): string | null {
  const bought = spec.buyersOf;
  if (!bought) return null;
  const values = escapeMarkdown(filterWords(bought.dimension, bought.values, false, bought.match));
  const when = spec.period ? ` in ${spec.period.from} … ${spec.period.to}` : '';
  if (customers === 0) return `No customer bought ${values}${when}.`;
  const who = `${plural(customers, 'customer')} bought ${values}${when}`;
  // "What else do Chairs buyers buy?": the other values, each with how many of them bought it.
  const besides = spec.filters.some(
    (f) => f.exclude && f.dimension === bought.dimension && bought.values.every((v) => f.values.includes(v)),
  );
  if (besides) return `${who}; each row counts those of them who bought it, and what they spent on it.`;
  const only = bought.values.length === 1 ? escapeMarkdown(bought.values[0]) : 'those';
  const rows = spec.filters.length > 0 ? 'their rows that the other filters keep' : `all they bought, not only of ${only}`;
  // "… not only of Acme Supply, Inc." ends the sentence with the name's own full stop.
  return `${who}; the figures are of ${rows}${rows.endsWith('.') ? '' : '.'}`;
}
