/**
 * Cross-sell opportunities: for each rule A → C, the customers who bought A repeatedly but
 * never C, scored by confidence × their spend on A. At a category level "A" is any product
 * of that sub-category or category, and "repeatedly" counts order lines (one product on one
 * order), since several products of one group can share an order.
 */
import { money, share } from '../render/format';
import type { Aggregates, PairTriples } from '../aggregate/types';
import type { CrossSell } from '../contract';
import type { MinedRule } from './association-rules';
import type { ItemLevel } from './cross-sell-levels';

/** "Repeatedly": the antecedent appears in at least this many of the customer's orders (order lines at a category level). */
export const MIN_ANTECEDENT_ORDERS = 2;
const MAX_OPPORTUNITIES = 200;

/** Compressed rows of the customer×item triples, grouped by `key` (customer or item). */
interface Grouped {
  offsets: Int32Array;
  /** Positions into the triples, grouped by key. */
  entries: Int32Array;
}

/** A counting sort of triple positions by key: O(triples + groups), no comparisons. */
function groupTriples(key: Int32Array, groups: number): Grouped {
  const offsets = new Int32Array(groups + 1);
  for (let k = 0; k < key.length; k++) offsets[key[k] + 1]++;
  for (let g = 0; g < groups; g++) offsets[g + 1] += offsets[g];
  const fill = offsets.slice(0, groups);
  const entries = new Int32Array(key.length);
  for (let k = 0; k < key.length; k++) entries[fill[key[k]]++] = k;
  return { offsets, entries };
}

/** A linear scan: a customer's distinct items are few compared with the catalogue. */
function hasBought(byCustomer: Grouped, itemOf: Int32Array, customer: number, item: number): boolean {
  for (let k = byCustomer.offsets[customer]; k < byCustomer.offsets[customer + 1]; k++) {
    if (itemOf[byCustomer.entries[k]] === item) return true;
  }
  return false;
}

/**
 * Customer × item triples at `level`: the customer × product triples themselves, or their
 * sums per sub-category or category (spend, and order lines in `orders`).
 */
export function customerItemsOf(agg: Aggregates, level: ItemLevel): PairTriples {
  const cp = agg.customerProducts;
  if (level.level === 'product') return cp;
  const items = level.names.length;
  const at = new Map<number, number>();
  const a: number[] = [];
  const b: number[] = [];
  const revenue: number[] = [];
  const orders: number[] = [];
  for (let t = 0; t < cp.a.length; t++) {
    const item = level.itemOf[cp.b[t]];
    if (item < 0) continue;
    const key = cp.a[t] * items + item;
    let slot = at.get(key);
    if (slot === undefined) {
      slot = a.length;
      at.set(key, slot);
      a.push(cp.a[t]);
      b.push(item);
      revenue.push(0);
      orders.push(0);
    }
    revenue[slot] += cp.revenue[t];
    orders[slot] += cp.orders[t];
  }
  return { a: Int32Array.from(a), b: Int32Array.from(b), revenue: Float64Array.from(revenue), orders: Int32Array.from(orders) };
}

/** The sentence saying why: what the customer bought, what they never bought, and the rule behind it. */
function becauseOf(
  level: ItemLevel,
  basis: 'invoice' | 'customer',
  rule: MinedRule,
  orders: number,
  spend: number,
  currency: string | null,
): string {
  const a = level.names[rule.antecedent];
  const c = level.names[rule.consequent];
  const confidence = share(rule.confidence);
  const lift = `(lift ${rule.lift.toFixed(1)})`;
  if (level.level === 'product') {
    const together = basis === 'customer' ? ['customers who buy', 'also buy it'] : ['orders with', 'also include it'];
    return `Bought ${a} in ${orders} orders (${money(spend, currency)}) but never ${c}; ${confidence} of ${together[0]} ${a} ${together[1]} ${lift}.`;
  }
  const together = basis === 'customer' ? `customers who buy ${a} also buy ${c}` : `orders with ${a} also include ${c}`;
  return `Bought ${a} on ${orders} order lines (${money(spend, currency)}) but never anything from ${c}; ${confidence} of ${together} ${lift}.`;
}

/**
 * For each rule A → C, customers with A in at least two orders (order lines) and no purchase
 * of C, scored by confidence × their spend on A; each (customer, item) keeps its best rule.
 * Returns the strongest 200 and how many there were.
 */
export function opportunitiesOf(
  agg: Aggregates,
  level: ItemLevel,
  basis: 'invoice' | 'customer',
  rules: MinedRule[],
): { opportunities: CrossSell['opportunities']; found: number } {
  const cp = customerItemsOf(agg, level);
  const c = agg.customers;
  const itemCount = level.names.length;
  if (rules.length === 0 || cp.a.length === 0) return { opportunities: [], found: 0 };
  const byCustomer = groupTriples(cp.a, c.count);
  const byItem = groupTriples(cp.b, itemCount);
  const best = new Map<number, { customer: number; rule: MinedRule; orders: number; spend: number; score: number }>();
  for (const rule of rules) {
    for (let k = byItem.offsets[rule.antecedent]; k < byItem.offsets[rule.antecedent + 1]; k++) {
      const t = byItem.entries[k];
      const customer = cp.a[t];
      const spend = cp.revenue[t];
      if (cp.orders[t] < MIN_ANTECEDENT_ORDERS || spend <= 0) continue;
      if (hasBought(byCustomer, cp.b, customer, rule.consequent)) continue;
      const score = rule.confidence * spend;
      const key = customer * itemCount + rule.consequent;
      const current = best.get(key);
      if (!current || score > current.score) best.set(key, { customer, rule, orders: cp.orders[t], spend, score });
    }
  }
  const opportunities = [...best.values()]
    .sort((u, v) => v.score - u.score || u.customer - v.customer)
    .slice(0, MAX_OPPORTUNITIES)
    .map(({ customer, rule, orders, spend, score }) => ({
      customer: { id: c.ids[customer], name: c.names[customer] },
      product: { id: level.ids[rule.consequent], name: level.names[rule.consequent] },
      because: becauseOf(level, basis, rule, orders, spend, agg.profile.currency),
      score,
    }));
  return { opportunities, found: best.size };
}
