/**
 * Test helper: builds the engine's `Aggregates` from a handful of plain transaction rows,
 * with Maps and loops that are easy to check by eye. It stands in for the streaming
 * ingest in unit tests of the analyses; it is not meant to be fast.
 *
 * A row with a negative amount is a return: it reduces revenue but is not an order,
 * a purchase day or part of a basket.
 */
import type { Aggregates, PairTriples } from '../../../worker/engine/aggregate/types';
import { epochDay } from '../../../worker/engine/aggregate/types';
import type { DatasetProfile } from '../../../worker/engine/contract';

export interface TestRow {
  customer?: string;
  customerName?: string;
  order?: string;
  /** ISO date. */
  date?: string;
  product?: string;
  productName?: string;
  category?: string;
  /** A sub-category beside the category (as Superstore's `Sub-Category`). */
  subCategory?: string;
  supplier?: string;
  amount: number;
  cost?: number;
  quantity?: number;
}

/** Index of `key` in `list`, appending it when new. */
function indexOf(map: Map<string, number>, list: string[], key: string): number {
  let at = map.get(key);
  if (at === undefined) {
    at = list.length;
    map.set(key, at);
    list.push(key);
  }
  return at;
}

function monthOf(day: number): number {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

interface PairSums {
  revenue: number;
  orders: Set<string>;
}

function addPair(map: Map<string, PairSums>, a: number, b: number, revenue: number, order: string | null): void {
  const key = `${a}|${b}`;
  const entry = map.get(key) ?? { revenue: 0, orders: new Set<string>() };
  entry.revenue += revenue;
  if (order !== null) entry.orders.add(order);
  map.set(key, entry);
}

function triples(map: Map<string, PairSums>): PairTriples {
  const entries = [...map.entries()].map(([key, sums]) => {
    const [a, b] = key.split('|').map(Number);
    return { a, b, sums };
  });
  entries.sort((p, q) => p.a - q.a || p.b - q.b);
  return {
    a: Int32Array.from(entries, (e) => e.a),
    b: Int32Array.from(entries, (e) => e.b),
    revenue: Float64Array.from(entries, (e) => e.sums.revenue),
    orders: Int32Array.from(entries, (e) => e.sums.orders.size),
  };
}

/** Aggregates for `rows`, as the ingest would produce them. */
export function aggregatesFromRows(rows: TestRow[], fileName = 'test.csv'): Aggregates {
  const hasDates = rows.some((r) => r.date !== undefined);
  const hasCost = rows.some((r) => r.cost !== undefined);
  const hasSupplier = rows.some((r) => r.supplier !== undefined);
  const hasOrderId = rows.some((r) => r.order !== undefined);
  const hasProducts = rows.some((r) => r.product !== undefined);

  const customerIndex = new Map<string, number>();
  const customerIds: string[] = [];
  const productIndex = new Map<string, number>();
  const productIds: string[] = [];
  const supplierIndex = new Map<string, number>();
  const supplierNames: string[] = [];
  for (const row of rows) {
    if (row.customer !== undefined) indexOf(customerIndex, customerIds, row.customer);
    if (row.product !== undefined) indexOf(productIndex, productIds, row.product);
    if (row.supplier !== undefined) indexOf(supplierIndex, supplierNames, row.supplier);
  }
  const nc = customerIds.length;
  const np = productIds.length;
  const ns = supplierNames.length;

  const c = {
    names: customerIds.slice(),
    revenue: new Float64Array(nc),
    cost: new Float64Array(nc),
    orders: customerIds.map(() => new Set<string>()),
    days: customerIds.map(() => new Set<number>()),
  };
  const p = {
    names: productIds.slice(),
    categories: productIds.map((): string | null => null),
    subCategories: productIds.map((): string | null => null),
    revenue: new Float64Array(np),
    cost: new Float64Array(np),
    belowCostRevenue: new Float64Array(np),
    belowCostCost: new Float64Array(np),
    otherSalesMargin: new Float64Array(np),
    quantity: new Float64Array(np),
    customers: productIds.map(() => new Set<number>()),
    supplierRevenue: productIds.map(() => new Map<number, number>()),
  };
  const s = {
    revenue: new Float64Array(ns),
    cost: new Float64Array(ns),
    products: supplierNames.map(() => new Set<number>()),
    customers: supplierNames.map(() => new Set<number>()),
  };
  const monthSums = new Map<number, { revenue: number; orders: Set<string>; customers: Set<number> }>();
  const customerMonths = new Map<string, PairSums>();
  const productMonths = new Map<string, PairSums>();
  const customerProducts = new Map<string, PairSums>();
  const baskets = new Map<string, Set<number>>();
  let revenue = 0;
  let cost = 0;
  let revenueWithoutCustomer = 0;
  let returnsValue = 0;
  let firstDay = -1;
  let lastDay = -1;
  const allOrders = new Set<string>();

  for (const row of rows) {
    const isReturn = row.amount < 0;
    const day = row.date !== undefined ? epochDay(row.date) : -1;
    const ci = row.customer !== undefined ? (customerIndex.get(row.customer) ?? -1) : -1;
    const pi = row.product !== undefined ? (productIndex.get(row.product) ?? -1) : -1;
    const si = row.supplier !== undefined ? (supplierIndex.get(row.supplier) ?? -1) : -1;
    // Without an order id, an order is a customer's purchase day (as the ingest defines it).
    const order = row.order ?? (ci >= 0 ? `${ci}@${day}` : null);
    revenue += row.amount;
    cost += row.cost ?? 0;
    if (isReturn) returnsValue += -row.amount;
    if (ci < 0) revenueWithoutCustomer += row.amount;
    if (day >= 0) {
      firstDay = firstDay < 0 ? day : Math.min(firstDay, day);
      lastDay = Math.max(lastDay, day);
    }
    if (!isReturn && order !== null) allOrders.add(order);
    if (ci >= 0) {
      if (row.customerName !== undefined) c.names[ci] = row.customerName;
      c.revenue[ci] += row.amount;
      c.cost[ci] += row.cost ?? 0;
      if (!isReturn && order !== null) c.orders[ci].add(order);
      if (!isReturn && day >= 0) c.days[ci].add(day);
      if (day >= 0) addPair(customerMonths, ci, monthOf(day), row.amount, isReturn ? null : order);
      if (pi >= 0) addPair(customerProducts, ci, pi, row.amount, isReturn ? null : order);
    }
    if (pi >= 0) {
      if (row.productName !== undefined) p.names[pi] = row.productName;
      if (row.category !== undefined) p.categories[pi] = row.category;
      if (row.subCategory !== undefined) p.subCategories[pi] = row.subCategory;
      p.revenue[pi] += row.amount;
      p.cost[pi] += row.cost ?? 0;
      if (!isReturn && (row.cost ?? 0) > row.amount) {
        p.belowCostRevenue[pi] += row.amount;
        p.belowCostCost[pi] += row.cost ?? 0;
      } else if (!isReturn && row.cost !== undefined) p.otherSalesMargin[pi] += row.amount - row.cost;
      p.quantity[pi] += row.quantity ?? 1;
      if (ci >= 0 && !isReturn) p.customers[pi].add(ci);
      if (si >= 0) p.supplierRevenue[pi].set(si, (p.supplierRevenue[pi].get(si) ?? 0) + row.amount);
      if (day >= 0) addPair(productMonths, pi, monthOf(day), row.amount, isReturn ? null : order);
      const basketKey = hasOrderId ? row.order : row.customer;
      if (!isReturn && basketKey !== undefined) {
        const basket = baskets.get(basketKey) ?? new Set<number>();
        basket.add(pi);
        baskets.set(basketKey, basket);
      }
    }
    if (si >= 0) {
      s.revenue[si] += row.amount;
      s.cost[si] += row.cost ?? 0;
      if (pi >= 0) s.products[si].add(pi);
      if (ci >= 0 && !isReturn) s.customers[si].add(ci);
    }
    if (day >= 0) {
      const m = monthOf(day);
      const sums = monthSums.get(m) ?? { revenue: 0, orders: new Set<string>(), customers: new Set<number>() };
      sums.revenue += row.amount;
      if (!isReturn && order !== null) sums.orders.add(order);
      if (ci >= 0) sums.customers.add(ci);
      monthSums.set(m, sums);
    }
  }

  const monthIndexes = [...monthSums.keys()];
  const firstMonth = monthIndexes.length ? Math.min(...monthIndexes) : 0;
  const monthCount = monthIndexes.length ? Math.max(...monthIndexes) - firstMonth + 1 : 0;
  const months = Int32Array.from({ length: monthCount }, (_, i) => firstMonth + i);
  const basketSets = [...baskets.values()];
  const offsets = new Int32Array(basketSets.length + 1);
  basketSets.forEach((set, i) => (offsets[i + 1] = offsets[i] + set.size));
  const items = Int32Array.from(basketSets.flatMap((set) => [...set]));

  const profile: DatasetProfile = {
    fileName,
    format: 'csv',
    sheet: null,
    rowsRead: rows.length,
    rowsUsed: rows.length,
    rowsRejected: 0,
    rejectReasons: [],
    columns: [],
    roles: {},
    period: {
      from: firstDay >= 0 ? new Date(firstDay * 86_400_000).toISOString().slice(0, 10) : null,
      to: lastDay >= 0 ? new Date(lastDay * 86_400_000).toISOString().slice(0, 10) : null,
    },
    currency: null,
    warnings: [],
  };

  return {
    profile,
    hasDates,
    hasCost,
    hasSupplier,
    hasOrderId,
    hasProducts,
    firstDay,
    lastDay,
    totals: { revenue, cost: hasCost ? cost : null, orders: allOrders.size, revenueWithoutCustomer, returnsValue },
    customers: {
      count: nc,
      ids: customerIds,
      names: c.names,
      regions: customerIds.map(() => null),
      revenue: c.revenue,
      cost: hasCost ? c.cost : null,
      orders: Int32Array.from(c.orders, (set) => set.size),
      firstDay: Int32Array.from(c.days, (set) => (set.size ? Math.min(...set) : -1)),
      lastDay: Int32Array.from(c.days, (set) => (set.size ? Math.max(...set) : -1)),
      purchaseDays: Int32Array.from(c.days, (set) => set.size),
    },
    customerDays: {
      customer: Int32Array.from(c.days.flatMap((set, i) => [...set].map(() => i))),
      day: Int32Array.from(c.days.flatMap((set) => [...set])),
    },
    products: {
      count: np,
      ids: productIds,
      names: p.names,
      categories: p.categories,
      ...(rows.some((r) => r.subCategory !== undefined) ? { subCategories: p.subCategories } : {}),
      suppliers: p.supplierRevenue.map((bySupplier) => {
        const best = [...bySupplier.entries()].sort((x, y) => y[1] - x[1])[0];
        return best ? supplierNames[best[0]] : null;
      }),
      supplierCount: Int32Array.from(p.supplierRevenue, (bySupplier) => bySupplier.size),
      revenue: p.revenue,
      cost: hasCost ? p.cost : null,
      belowCostRevenue: hasCost ? p.belowCostRevenue : null,
      belowCostCost: hasCost ? p.belowCostCost : null,
      otherSalesMargin: hasCost ? p.otherSalesMargin : null,
      quantity: p.quantity,
      customers: Int32Array.from(p.customers, (set) => set.size),
    },
    suppliers: {
      count: ns,
      names: supplierNames,
      revenue: s.revenue,
      cost: hasCost ? s.cost : null,
      products: Int32Array.from(s.products, (set) => set.size),
      customersExposed: Int32Array.from(s.customers, (set) => set.size),
    },
    months: {
      months,
      revenue: Float64Array.from(months, (m) => monthSums.get(m)?.revenue ?? 0),
      orders: Int32Array.from(months, (m) => monthSums.get(m)?.orders.size ?? 0),
      customers: Int32Array.from(months, (m) => monthSums.get(m)?.customers.size ?? 0),
    },
    customerMonths: triples(customerMonths),
    productMonths: triples(productMonths),
    customerProducts: triples(customerProducts),
    baskets: hasProducts ? { basis: hasOrderId ? 'invoice' : 'customer', offsets, items } : null,
  };
}
