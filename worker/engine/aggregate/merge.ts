/**
 * Merges a later byte range's aggregation state (part.ts) into the builder that read the
 * ranges before it, so that the result is exactly what one pass over the whole file
 * builds. The CLI's parallel parse uses it; the Worker reads in one pass and never does.
 *
 * Why the result is exact:
 * - keys and pairs are added in the range's first-seen order after the builder's own, so
 *   every index, and every "ties keep file order" ranking, is the single pass's;
 * - money sums are replayed row by row in file order (replay.ts), never added as partial
 *   sums, because floating-point addition depends on its order;
 * - distinct counts (customers per month, per product, purchase days) are recounted from
 *   the pairs' flags, and orders that straddle a split are counted once (merge-orders.ts).
 */
import type { AggregateBuilder } from './builder';
import { growF64, growI32, growU8 } from './growable';
import type { ByteInterner } from './intern';
import { mergeOrders } from './merge-orders';
import type { PairMap } from './pair-map';
import type { AggregatePart, KeyBytes, PairsPart } from './part';
import { replayRows } from './replay';

/** Global indexes of a part's keys and pairs, by their index in the part. */
export interface PartIndex {
  customers: Int32Array;
  products: Int32Array;
  suppliers: Int32Array;
  orders: Int32Array;
  customerDays: Int32Array;
  customerMonths: Int32Array;
  productMonths: Int32Array;
  customerProducts: Int32Array;
  supplierProducts: Int32Array;
  /** The part's sales reps (empty without a rep column). */
  reps: Int32Array;
}

/**
 * Adds `part`, the rows that followed the builder's in the file, to the builder.
 * `rowOffset` is the number of data rows before the part (for reject examples).
 */
export function mergePart(b: AggregateBuilder, part: AggregatePart, rowOffset: number): void {
  const customers = internAll(b.customers, part.customers);
  const products = internAll(b.products, part.products);
  const suppliers = internAll(b.suppliers, part.suppliers);
  const orders = internAll(b.orders, part.orders);
  mergeCustomers(b, part, customers);
  mergeProducts(b, part, products);
  b.supplierRevenue = growF64(b.supplierRevenue, b.suppliers.size);
  b.supplierCost = growF64(b.supplierCost, b.suppliers.size);

  const customerDays = mergePairs(b.customerDays, part.customerDays, customers, null, (pair) => {
    b.customerPurchaseDays[b.customerDays.a[pair]]++;
  });
  const customerMonths = mergePairs(b.customerMonths, part.customerMonths, customers, null);
  countNewlyFlagged(b.customerMonths, part.customerMonths, customerMonths, (pair) => b.monthCustomers[b.customerMonths.b[pair]]++);
  const productMonths = mergePairs(b.productMonths, part.productMonths, products, null);
  const customerProducts = mergePairs(b.customerProducts, part.customerProducts, customers, products);
  countNewlyFlagged(b.customerProducts, part.customerProducts, customerProducts, (pair) => {
    b.productCustomers[b.customerProducts.b[pair]]++;
  });
  const supplierProducts = mergePairs(b.supplierProducts, part.supplierProducts, suppliers, products);
  mergePairs(b.supplierCustomers, part.supplierCustomers, suppliers, customers);

  const index: PartIndex = {
    customers,
    products,
    suppliers,
    orders: b.plan.roles.orderId !== undefined ? orders : customerDays,
    customerDays,
    customerMonths,
    productMonths,
    customerProducts,
    supplierProducts,
    reps: b.repBook && part.reps ? internAll(b.repBook.names, part.reps) : new Int32Array(0),
  };
  mergeCounts(b, part);
  mergeOrders(b, part, index);
  replayRows(b, part.rows, index);
  b.rejects.absorb(part.rejects, rowOffset);
}

/** Interns the part's keys in their first-seen order; returns their global indexes. */
function internAll(interner: ByteInterner, keys: KeyBytes): Int32Array {
  const global = new Int32Array(keys.ends.length);
  for (let i = 0; i < global.length; i++) global[i] = interner.intern(keys.bytes, i === 0 ? 0 : keys.ends[i - 1], keys.ends[i]);
  return global;
}

/** Names and regions keep the first non-blank value; first and last purchase days widen. */
function mergeCustomers(b: AggregateBuilder, part: AggregatePart, customers: Int32Array): void {
  if (customers.length > 0) b.ensureCustomer(b.customers.size - 1);
  for (let i = 0; i < customers.length; i++) {
    const c = customers[i];
    if (b.customerNames[c] === '') b.customerNames[c] = part.customerNames[i];
    if (b.customerRegions[c] === null) b.customerRegions[c] = part.customerRegions[i];
    const first = part.customerFirstDay[i];
    if (first >= 0 && (b.customerFirstDay[c] < 0 || first < b.customerFirstDay[c])) b.customerFirstDay[c] = first;
    if (part.customerLastDay[i] > b.customerLastDay[c]) b.customerLastDay[c] = part.customerLastDay[i];
  }
}

/** Grows the per-product arrays as the builder does; names and categories keep the first non-blank value. */
function mergeProducts(b: AggregateBuilder, part: AggregatePart, products: Int32Array): void {
  const size = b.products.size;
  b.productRevenue = growF64(b.productRevenue, size);
  b.productCost = growF64(b.productCost, size);
  b.productQuantity = growF64(b.productQuantity, size);
  b.productCustomers = growI32(b.productCustomers, size);
  b.productBelowCostRevenue = growF64(b.productBelowCostRevenue, size);
  b.productBelowCostCost = growF64(b.productBelowCostCost, size);
  b.productOtherSalesMargin = growF64(b.productOtherSalesMargin, size);
  b.productNamedBySale = growU8(b.productNamedBySale, size);
  while (b.productNames.length < size) {
    b.productNames.push('');
    b.productCategories.push(null);
    b.productSubCategories.push(null);
  }
  for (let i = 0; i < products.length; i++) {
    const p = products[i];
    // As one pass names it: the first sale's name, else the first line's.
    const fromSale = part.productNamedBySale[i] === 1;
    if (b.productNamedBySale[p] === 0 && (fromSale || b.productNames[p] === '')) {
      b.productNames[p] = part.productNames[i];
      b.productNamedBySale[p] = part.productNamedBySale[i];
    }
    if (b.productCategories[p] === null) b.productCategories[p] = part.productCategories[i];
    if (b.productSubCategories[p] === null) b.productSubCategories[p] = part.productSubCategories[i];
  }
}

/**
 * Adds the part's pairs in first-seen order (keys mapped; months and days are absolute)
 * and their order counts; `onNew` sees each pair the builder did not have.
 */
function mergePairs(map: PairMap, pairs: PairsPart, mapA: Int32Array, mapB: Int32Array | null, onNew?: (pair: number) => void): Int32Array {
  const global = new Int32Array(pairs.a.length);
  for (let i = 0; i < global.length; i++) {
    const g = map.upsert(mapA[pairs.a[i]], mapB ? mapB[pairs.b[i]] : pairs.b[i]);
    global[i] = g;
    if (onNew && map.added) onNew(g);
    if (pairs.orders) map.orders[g] += pairs.orders[i];
  }
  return global;
}

/** Sets the flags the part set and counts each pair flagged for the first time. */
function countNewlyFlagged(map: PairMap, pairs: PairsPart, global: Int32Array, onFirst: (pair: number) => void): void {
  const flags = pairs.flags as Uint8Array;
  for (let i = 0; i < global.length; i++) {
    if (flags[i] === 0 || map.flags[global[i]] === 1) continue;
    map.flags[global[i]] = 1;
    onFirst(global[i]);
  }
}

/** Row counts add up; the period and month range widen. */
function mergeCounts(b: AggregateBuilder, part: AggregatePart): void {
  const n = part.counts;
  b.rowsRead += n.rowsRead;
  b.rowsUsed += n.rowsUsed;
  b.rowsWithoutCustomer += n.rowsWithoutCustomer;
  b.rowsWithoutCost += n.rowsWithoutCost;
  if (n.firstDay >= 0 && (b.firstDay < 0 || n.firstDay < b.firstDay)) b.firstDay = n.firstDay;
  if (n.lastDay > b.lastDay) b.lastDay = n.lastDay;
  if (n.minMonth < b.minMonth) b.minMonth = n.minMonth;
  if (n.maxMonth > b.maxMonth) b.maxMonth = n.maxMonth;
}
