/**
 * Question 6 — what should each customer buy next? Association rules over invoice baskets
 * (customer baskets when the file has no order id), then opportunities: customers who buy
 * a rule's antecedent repeatedly but have never bought its consequent.
 */
import { money, share } from '../render/format';
import type { Aggregates } from '../aggregate/types';
import type { AssociationRule, CrossSell } from '../contract';
import { mineRules, type MinedRule } from './association-rules';

/** Pair counting is bounded: the most frequent products and the largest baskets are capped. */
export const MAX_PRODUCTS_CONSIDERED = 1000;
export const MAX_BASKET_ITEMS = 100;
export const MIN_CONFIDENCE = 0.25;
/** "Repeatedly": the antecedent appears in at least this many of the customer's orders. */
export const MIN_ANTECEDENT_ORDERS = 2;
const MAX_RULES = 100;
const RULES_FOR_OPPORTUNITIES = 50;
const MAX_OPPORTUNITIES = 200;

/**
 * Minimum support scaled to the number of baskets: 10 baskets' worth, kept between 0.5%
 * (large files, where 0.5% is still hundreds of baskets) and 5% (small files), and never
 * fewer than 3 baskets.
 */
export function minSupportFor(baskets: number): number {
  if (baskets <= 0) return 1;
  return Math.max(3 / baskets, Math.min(0.05, Math.max(0.005, 10 / baskets)));
}

function unavailable(note: string, basis: CrossSell['basis'] = null, baskets = 0): CrossSell {
  return { available: false, basis, minSupport: null, minConfidence: null, baskets, note, rules: [], opportunities: [] };
}

/** Association rules and ranked cross-sell opportunities; `available: false` without products. */
export function crossSellOf(agg: Aggregates): CrossSell | null {
  if (!agg.hasProducts || !agg.baskets) return unavailable('The file has no product column, so there are no baskets to mine.');
  const basis = agg.baskets.basis;
  const basketCount = agg.baskets.offsets.length - 1;
  if (basketCount < 10) return unavailable(`Only ${basketCount} baskets — too few for association rules.`, basis, basketCount);
  const minSupport = minSupportFor(basketCount);
  const mined = mineRules(agg.baskets, agg.products.count, {
    minSupport,
    minConfidence: MIN_CONFIDENCE,
    maxProducts: MAX_PRODUCTS_CONSIDERED,
    maxBasketItems: MAX_BASKET_ITEMS,
  });
  const p = agg.products;
  const ref = (i: number) => ({ id: p.ids[i], name: p.names[i] });
  const rules: AssociationRule[] = mined.rules.slice(0, MAX_RULES).map((rule) => ({
    antecedent: ref(rule.antecedent),
    consequent: ref(rule.consequent),
    support: rule.support,
    confidence: rule.confidence,
    lift: rule.lift,
    leverage: rule.leverage,
    conviction: rule.conviction,
  }));
  const notes = [
    `Rules need support ≥ ${(minSupport * 100).toFixed(2)}% of ${basketCount.toLocaleString('en-US')} ${basis === 'invoice' ? 'invoices' : 'customer baskets'}, ` +
      `confidence ≥ ${MIN_CONFIDENCE * 100}% and lift > 1; pairs are counted among the ${MAX_PRODUCTS_CONSIDERED.toLocaleString('en-US')} most frequent products` +
      (mined.basketsTruncated > 0
        ? `, and ${mined.basketsTruncated} basket(s) with more than ${MAX_BASKET_ITEMS} of them were paired on their ${MAX_BASKET_ITEMS} most frequent products.`
        : '.'),
  ];
  if (rules.length === 0) notes.push('No product pair met these thresholds.');
  return {
    available: true,
    basis,
    minSupport,
    minConfidence: MIN_CONFIDENCE,
    baskets: basketCount,
    note: notes.join(' '),
    rules,
    opportunities: opportunitiesOf(agg, mined.rules.slice(0, RULES_FOR_OPPORTUNITIES)),
  };
}

/** Compressed rows of the customer×product triples, grouped by `key` (customer or product). */
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

/** A linear scan: a customer's distinct products are few compared with the catalogue. */
function hasBought(byCustomer: Grouped, productOf: Int32Array, customer: number, product: number): boolean {
  for (let k = byCustomer.offsets[customer]; k < byCustomer.offsets[customer + 1]; k++) {
    if (productOf[byCustomer.entries[k]] === product) return true;
  }
  return false;
}

/**
 * For each rule A → C, customers with A in at least two orders and no purchase of C,
 * scored by confidence × their spend on A; each (customer, product) keeps its best rule.
 */
function opportunitiesOf(agg: Aggregates, rules: MinedRule[]): CrossSell['opportunities'] {
  const cp = agg.customerProducts;
  const c = agg.customers;
  const p = agg.products;
  if (rules.length === 0 || cp.a.length === 0) return [];
  const byCustomer = groupTriples(cp.a, c.count);
  const byProduct = groupTriples(cp.b, p.count);
  const best = new Map<number, { customer: number; rule: MinedRule; orders: number; spend: number; score: number }>();
  for (const rule of rules) {
    for (let k = byProduct.offsets[rule.antecedent]; k < byProduct.offsets[rule.antecedent + 1]; k++) {
      const t = byProduct.entries[k];
      const customer = cp.a[t];
      const spend = cp.revenue[t];
      if (cp.orders[t] < MIN_ANTECEDENT_ORDERS || spend <= 0) continue;
      if (hasBought(byCustomer, cp.b, customer, rule.consequent)) continue;
      const score = rule.confidence * spend;
      const key = customer * p.count + rule.consequent;
      const current = best.get(key);
      if (!current || score > current.score) best.set(key, { customer, rule, orders: cp.orders[t], spend, score });
    }
  }
  const together = agg.baskets?.basis === 'customer' ? ['customers who buy', 'also buy it'] : ['orders with', 'also include it'];
  return [...best.values()]
    .sort((u, v) => v.score - u.score || u.customer - v.customer)
    .slice(0, MAX_OPPORTUNITIES)
    .map(({ customer, rule, orders, spend, score }) => ({
      customer: { id: c.ids[customer], name: c.names[customer] },
      product: { id: p.ids[rule.consequent], name: p.names[rule.consequent] },
      because:
        `Bought ${p.names[rule.antecedent]} in ${orders} orders (${money(spend, agg.profile.currency)}) but never ${p.names[rule.consequent]}; ` +
        `${share(rule.confidence)} of ${together[0]} ${p.names[rule.antecedent]} ${together[1]} (lift ${rule.lift.toFixed(1)}).`,
      score,
    }));
}
