/**
 * One byte range's aggregation state as plain data (typed arrays and strings), so that a
 * worker thread can hand it to the thread that read the first range, which merges it
 * (merge.ts). Keys travel as their raw bytes, not decoded strings: two keys that differ
 * only in bytes that are not valid UTF-8 decode alike but are distinct keys.
 */
import type { RejectReason } from '../contract';
import type { AggregateBuilder } from './builder';
import type { ByteInterner } from './intern';
import type { PairMap } from './pair-map';
import type { LoggedRows, RowLog } from './row-log';

/** Key i is `bytes[ends[i − 1], ends[i])`, in first-seen order. */
export interface KeyBytes {
  bytes: Uint8Array<ArrayBuffer>;
  ends: Int32Array<ArrayBuffer>;
}

/** A pair map's pairs in first-seen order, with its integer values when it keeps them. */
export interface PairsPart {
  a: Int32Array<ArrayBuffer>;
  b: Int32Array<ArrayBuffer>;
  orders: Int32Array<ArrayBuffer> | null;
  flags: Uint8Array<ArrayBuffer> | null;
}

export interface AggregatePart {
  counts: {
    rowsRead: number;
    rowsUsed: number;
    rowsWithoutCustomer: number;
    rowsWithoutCost: number;
    totalOrders: number;
    firstDay: number;
    lastDay: number;
    minMonth: number;
    maxMonth: number;
  };
  customers: KeyBytes;
  customerNames: string[];
  customerRegions: (string | null)[];
  customerOrders: Int32Array<ArrayBuffer>;
  customerFirstDay: Int32Array<ArrayBuffer>;
  customerLastDay: Int32Array<ArrayBuffer>;
  products: KeyBytes;
  productNames: string[];
  productNamedBySale: Uint8Array<ArrayBuffer>;
  productCategories: (string | null)[];
  productSubCategories: (string | null)[];
  suppliers: KeyBytes;
  /** The sales reps' names, in first-seen order; null without a rep column. */
  reps: KeyBytes | null;
  orders: KeyBytes;
  /** Per order (or purchase occasion): 1 once a non-return line counted it. */
  orderCounted: Uint8Array<ArrayBuffer>;
  monthOrders: Int32Array<ArrayBuffer>;
  customerDays: PairsPart;
  customerMonths: PairsPart;
  productMonths: PairsPart;
  customerProducts: PairsPart;
  supplierProducts: PairsPart;
  supplierCustomers: PairsPart;
  orderProducts: PairsPart;
  rows: LoggedRows;
  /** In first-seen order; examples numbered from the range's first row. */
  rejects: RejectReason[];
}

/**
 * The builder's state after its last row, with the rows its log kept. The arrays are
 * views of the builder's own (no copies, so transferring them costs no memory); the
 * builder is done: its lookups are dropped and it must take no more rows.
 */
export function exportPart(b: AggregateBuilder, log: RowLog): AggregatePart {
  const customers = keyBytesOf(b.customers);
  const products = keyBytesOf(b.products);
  const suppliers = keyBytesOf(b.suppliers);
  const orders = keyBytesOf(b.orders);
  b.releaseLookups();
  const nc = b.customers.size;
  const np = b.products.size;
  const orderCount = b.plan.roles.orderId !== undefined ? b.orders.size : b.customerDays.size;
  return {
    counts: {
      rowsRead: b.rowsRead,
      rowsUsed: b.rowsUsed,
      rowsWithoutCustomer: b.rowsWithoutCustomer,
      rowsWithoutCost: b.rowsWithoutCost,
      totalOrders: b.totalOrders,
      firstDay: b.firstDay,
      lastDay: b.lastDay,
      minMonth: b.minMonth,
      maxMonth: b.maxMonth,
    },
    customers,
    customerNames: b.customerNames.slice(0, nc),
    customerRegions: b.customerRegions.slice(0, nc),
    customerOrders: b.customerOrders.subarray(0, nc),
    customerFirstDay: b.customerFirstDay.subarray(0, nc),
    customerLastDay: b.customerLastDay.subarray(0, nc),
    products,
    productNames: b.productNames.slice(0, np),
    productNamedBySale: b.productNamedBySale.subarray(0, np),
    productCategories: b.productCategories.slice(0, np),
    productSubCategories: b.productSubCategories.slice(0, np),
    suppliers,
    reps: b.repBook ? keyBytesOf(b.repBook.names) : null,
    orders,
    orderCounted: b.orderCounted.subarray(0, orderCount),
    monthOrders: b.monthOrders,
    customerDays: pairsOf(b.customerDays, false),
    customerMonths: pairsOf(b.customerMonths, true),
    productMonths: pairsOf(b.productMonths, true),
    customerProducts: pairsOf(b.customerProducts, true),
    supplierProducts: pairsOf(b.supplierProducts, false),
    supplierCustomers: pairsOf(b.supplierCustomers, false),
    orderProducts: {
      ...b.orderProducts.pairs(),
      orders: null,
      flags: null,
    },
    rows: log.rows,
    rejects: b.rejects.entries(),
  };
}

/** Every buffer of the part, for `postMessage`'s transfer list (each buffer once). */
export function transferablesOf(part: AggregatePart): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const visit = (value: unknown): void => {
    if (ArrayBuffer.isView(value)) buffers.add(value.buffer as ArrayBuffer);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) Object.values(value).forEach(visit);
  };
  visit(part);
  return [...buffers];
}

function keyBytesOf(interner: ByteInterner): KeyBytes {
  const n = interner.size;
  const ends = new Int32Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) ends[i] = total += interner.keyBytes(i).length;
  const bytes = new Uint8Array(total);
  for (let i = 0; i < n; i++) bytes.set(interner.keyBytes(i), i === 0 ? 0 : ends[i - 1]);
  return { bytes, ends };
}

function pairsOf(map: PairMap, withValues: boolean): PairsPart {
  return {
    a: map.a.subarray(0, map.size),
    b: map.b.subarray(0, map.size),
    orders: withValues ? map.orders.subarray(0, map.size) : null,
    flags: withValues ? map.flags.subarray(0, map.size) : null,
  };
}
