/**
 * Order counts across a split. An invoice whose lines fall on both sides of a split point
 * was counted by both ranges: once where its first non-return line was, and again by
 * the later range, which could not know it. The same holds for an (order, product) pair,
 * which credits its customer × product and product × month pairs once. Here the later
 * range's counts are added, then its credits for what the builder had already counted
 * are taken back, found by replaying only the rows of those orders.
 */
import type { AggregateBuilder } from './builder';
import { growU8 } from './growable';
import type { PartIndex } from './merge';
import type { AggregatePart } from './part';
import type { LoggedRows } from './row-log';

/** Adds the part's order counts, each order and (order, product) pair counted once. */
export function mergeOrders(b: AggregateBuilder, part: AggregatePart, index: PartIndex): void {
  addCounts(b, part, index);
  const countedTwice = ordersCountedTwice(b, part, index);
  const pairsSeen = orderProductsSeen(b, part, index);
  if (countedTwice.size > 0 || pairsSeen.size > 0) takeBackCredits(b, part.rows, index, countedTwice, pairsSeen);
}

function addCounts(b: AggregateBuilder, part: AggregatePart, index: PartIndex): void {
  b.totalOrders += part.counts.totalOrders;
  for (let m = 0; m < part.monthOrders.length; m++) b.monthOrders[m] += part.monthOrders[m];
  for (let c = 0; c < part.customerOrders.length; c++) b.customerOrders[index.customers[c]] += part.customerOrders[c];
}

/** Marks the part's counted orders in the builder; returns those the builder had counted already. */
function ordersCountedTwice(b: AggregateBuilder, part: AggregatePart, index: PartIndex): Set<number> {
  const twice = new Set<number>();
  const counted = part.orderCounted;
  const total = b.plan.roles.orderId !== undefined ? b.orders.size : b.customerDays.size;
  b.orderCounted = growU8(b.orderCounted, total);
  for (let o = 0; o < counted.length; o++) {
    if (counted[o] === 0) continue;
    const g = index.orders[o];
    if (b.orderCounted[g] === 1) {
      twice.add(o);
      b.totalOrders--;
    } else b.orderCounted[g] = 1;
  }
  return twice;
}

/** Adds the part's (order, product) pairs; returns, per part order, the products the builder had. */
function orderProductsSeen(b: AggregateBuilder, part: AggregatePart, index: PartIndex): Map<number, Set<number>> {
  const seen = new Map<number, Set<number>>();
  const pairs = part.orderProducts;
  for (let i = 0; i < pairs.a.length; i++) {
    if (b.orderProducts.add(index.orders[pairs.a[i]], index.products[pairs.b[i]])) continue;
    let products = seen.get(pairs.a[i]);
    if (!products) seen.set(pairs.a[i], (products = new Set()));
    products.add(pairs.b[i]);
  }
  return seen;
}

/**
 * Finds the rows where the part credited what the builder had already counted (an
 * order's first non-return line, an (order, product) pair's first) and undoes the credit.
 */
function takeBackCredits(
  b: AggregateBuilder,
  rows: LoggedRows,
  index: PartIndex,
  countedTwice: Set<number>,
  pairsSeen: Map<number, Set<number>>,
): void {
  const orderDone = new Set<number>();
  const pairDone = new Map<number, Set<number>>();
  for (let i = 0; i < rows.size; i++) {
    const o = rows.order[i];
    if (o < 0 || rows.returns[i] === 1) continue;
    if (countedTwice.has(o) && !orderDone.has(o)) {
      orderDone.add(o);
      if (rows.month[i] >= 0) b.monthOrders[rows.month[i]]--;
      if (rows.customer[i] >= 0) b.customerOrders[index.customers[rows.customer[i]]]--;
      if (rows.customerMonth[i] >= 0) b.customerMonths.orders[index.customerMonths[rows.customerMonth[i]]]--;
    }
    const p = rows.product[i];
    if (p < 0 || !pairsSeen.get(o)?.has(p)) continue;
    let done = pairDone.get(o);
    if (!done) pairDone.set(o, (done = new Set()));
    if (done.has(p)) continue;
    done.add(p);
    if (rows.customerProduct[i] >= 0) b.customerProducts.orders[index.customerProducts[rows.customerProduct[i]]]--;
    if (rows.productMonth[i] >= 0) b.productMonths.orders[index.productMonths[rows.productMonth[i]]]--;
  }
}
