/**
 * The customers with at least one row passing every filter: "customers in Texas" for the
 * churn list and the segments, which the analysis works out per customer over the whole
 * file and can't slice by a column itself. The labels are the snapshot's customer names,
 * which are the analysis' (both are made distinct by `distinctNames` from the same ids).
 */
import type { Snapshot } from '../snapshot/columns';
import { passesFilter, QueryRefusal, resolveDimension, resolveFilter } from './resolve';
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

/** How many customers have rows, and how many of them have rows under more than one value of a column. */
export interface CustomersSpanning {
  customers: number;
  inSeveral: number;
}

/**
 * Whether a column is the customers' own or their rows': Superstore's region is the order's
 * (766 of its 793 customers bought in more than one), Online Retail's country the customer's
 * (2 of about 1,800 bought from two). Blank values count as none.
 */
export async function customersSpanning(snapshot: Snapshot, dimension: string): Promise<CustomersSpanning> {
  const meta = snapshot.meta;
  const customerIndex = meta.dimensions.findIndex((d) => d.key === 'customer');
  if (customerIndex < 0) throw new QueryRefusal('This file has no customer column.', 'MISSING_COLUMN');
  const group = resolveDimension(meta, dimension);
  if (group.kind === 'time') throw new QueryRefusal(`${dimension} is a period, not a column.`, 'BAD_SPEC');
  // Each customer's first value's code, -1 before any; a second code marks them.
  const first = new Int32Array(meta.dimensions[customerIndex].values.length).fill(-1);
  const several = new Uint8Array(first.length);
  const needs = { cost: false, quantity: false, orders: false, dimensions: [customerIndex, group.index] };
  for await (const g of snapshot.groups(needs)) {
    const customers = g.dims[customerIndex];
    const codes = g.dims[group.index];
    for (let i = 0; i < g.rows; i++) {
      const customer = customers[i];
      const code = codes[i];
      if (customer < 0 || code < 0) continue;
      if (first[customer] < 0) first[customer] = code;
      else if (first[customer] !== code) several[customer] = 1;
    }
  }
  let customers = 0;
  let inSeveral = 0;
  for (let c = 0; c < first.length; c++) {
    if (first[c] >= 0) customers++;
    inSeveral += several[c];
  }
  return { customers, inSeveral };
}
