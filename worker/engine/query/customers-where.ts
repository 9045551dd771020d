/**
 * The customers with at least one row passing every filter: "customers in Texas" for the
 * churn list and the segments, which the analysis works out per customer over the whole
 * file and can't slice by a column itself. The labels are the snapshot's customer names,
 * which are the analysis' (both are made distinct by `distinctNames` from the same ids).
 */
import type { Snapshot } from '../snapshot/columns';
import { passesFilter, QueryRefusal, resolveFilter } from './resolve';
import { filterWords, type QuerySpec } from './spec';

export interface CustomersWhere {
  /** Customer labels, as the analysis names its customers. */
  customers: Set<string>;
  /** The filters as the rows matched them: "State = Texas", "category in Furniture, Technology". */
  words: string;
}

export async function customersWhere(snapshot: Snapshot, filters: QuerySpec['filters']): Promise<CustomersWhere> {
  const meta = snapshot.meta;
  const customerIndex = meta.dimensions.findIndex((d) => d.key === 'customer');
  if (customerIndex < 0) throw new QueryRefusal('This file has no customer column.', 'MISSING_COLUMN');
  const resolved = filters.map((f) => resolveFilter(meta, f));
  const labels = meta.dimensions[customerIndex].values;
  const found = new Uint8Array(labels.length);
  const needs = { cost: false, quantity: false, orders: false, dimensions: [customerIndex, ...resolved.map((f) => f.index)] };
  for await (const g of snapshot.groups(needs)) {
    const customers = g.dims[customerIndex];
    const masks = resolved.map((f) => ({ codes: g.dims[f.index], mask: f.mask, keepBlank: f.keepBlank }));
    row: for (let i = 0; i < g.rows; i++) {
      const customer = customers[i];
      if (customer < 0 || found[customer] === 1) continue;
      for (const m of masks) if (!passesFilter(m, m.codes[i])) continue row;
      found[customer] = 1;
    }
  }
  const customers = new Set<string>();
  for (let c = 0; c < labels.length; c++) if (found[c] === 1) customers.add(labels[c]);
  const words = resolved.map((f, i) => filterWords(f.dimension.label, f.matched, filters[i].exclude, filters[i].match)).join(', ');
  return { customers, words };
}
