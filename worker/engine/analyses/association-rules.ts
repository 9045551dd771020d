/**
 * Pairwise association rules A → C over baskets, with the metric definitions of mlxtend
 * (`mlxtend.frequent_patterns.association_rules`), which follow Agrawal et al. (1993),
 * Piatetsky-Shapiro (1991) for leverage and Brin et al. (1997) for conviction:
 *   support(A→C) = support(A ∪ C)
 *   confidence   = support(A ∪ C) / support(A)
 *   lift         = confidence / support(C)
 *   leverage     = support(A ∪ C) − support(A) · support(C)
 *   conviction   = (1 − support(C)) / (1 − confidence)   (∞ when confidence = 1; we say null)
 * Pairs are counted in one pass over the baskets into a dense triangular matrix of the
 * frequent products only (the Apriori property: a frequent pair has frequent items).
 */
import type { Baskets } from '../aggregate/types';

export interface RuleMiningOptions {
  /** Minimum support of the pair (and so of each item), as a fraction of baskets. */
  minSupport: number;
  minConfidence: number;
  /** Count pairs among at most this many of the most frequent products (bounds memory). */
  maxProducts: number;
  /**
   * In a basket with more frequent products than this, only the most frequent ones are paired,
   * and only when pairing every basket whole would pass `maxPairs` increments: Online Retail's
   * 114 baskets of over 100 products, cut, read CLASSIC BICYCLE CLIPS → BICYCLE PUNCTURE REPAIR
   * KIT at 75.6% where 37 of the 45 invoices with the clips hold the kit (82.2%).
   */
  maxBasketItems: number;
  /** The pair increments (Σ k(k−1)/2 over baskets of k frequent products) counted whole; unbounded when absent. */
  maxPairs?: number;
}

export interface MinedRule {
  antecedent: number;
  consequent: number;
  /** Baskets holding both. */
  count: number;
  support: number;
  confidence: number;
  lift: number;
  leverage: number;
  conviction: number | null;
}

export interface MinedRules {
  rules: MinedRule[];
  baskets: number;
  productsConsidered: number;
  basketsTruncated: number;
}

/** Index of the pair (i, j), i < j, in a row-major upper triangle of an f × f matrix. */
function triangleIndex(i: number, j: number, f: number): number {
  return i * f - (i * (i + 1)) / 2 + (j - i - 1);
}

/** Single-consequent rules A → C with support and confidence at least the minimums and lift above 1. */
export function mineRules(baskets: Pick<Baskets, 'offsets' | 'items'>, productCount: number, options: RuleMiningOptions): MinedRules {
  const { offsets, items } = baskets;
  const basketCount = offsets.length - 1;
  const empty: MinedRules = { rules: [], baskets: basketCount, productsConsidered: 0, basketsTruncated: 0 };
  if (basketCount <= 0) return empty;
  const itemCounts = new Int32Array(productCount);
  for (let k = 0; k < items.length; k++) itemCounts[items[k]]++;
  const minCount = Math.max(1, Math.ceil(options.minSupport * basketCount - 1e-9));

  const frequent = Array.from({ length: productCount }, (_, p) => p).filter((p) => itemCounts[p] >= minCount);
  frequent.sort((p, q) => itemCounts[q] - itemCounts[p] || p - q);
  frequent.length = Math.min(frequent.length, options.maxProducts);
  const f = frequent.length;
  if (f < 2) return { ...empty, productsConsidered: f };
  const rank = new Int32Array(productCount).fill(-1);
  frequent.forEach((p, r) => (rank[p] = r));

  const pairCounts = new Int32Array((f * (f - 1)) / 2);
  const scratch = new Int32Array(f);
  const frequentIn = (basket: number) => {
    let size = 0;
    for (let k = offsets[basket]; k < offsets[basket + 1]; k++) if (rank[items[k]] >= 0) size++;
    return size;
  };
  let pairs = 0;
  for (let basket = 0; basket < basketCount && pairs <= (options.maxPairs ?? Infinity); basket++) {
    const size = frequentIn(basket);
    pairs += (size * (size - 1)) / 2;
  }
  const cap = pairs > (options.maxPairs ?? Infinity) ? options.maxBasketItems : Infinity;
  let basketsTruncated = 0;
  for (let basket = 0; basket < basketCount; basket++) {
    let size = 0;
    for (let k = offsets[basket]; k < offsets[basket + 1]; k++) {
      const r = rank[items[k]];
      if (r >= 0) scratch[size++] = r;
    }
    if (size < 2) continue;
    const ranks = scratch.subarray(0, size).sort();
    const kept = Math.min(size, cap);
    if (kept < size) basketsTruncated++;
    for (let u = 0; u < kept; u++) {
      const base = triangleIndex(ranks[u], ranks[u] + 1, f) - ranks[u] - 1;
      for (let v = u + 1; v < kept; v++) pairCounts[base + ranks[v]]++;
    }
  }

  const rules: MinedRule[] = [];
  const n = basketCount;
  for (let i = 0; i < f; i++) {
    for (let j = i + 1; j < f; j++) {
      const both = pairCounts[triangleIndex(i, j, f)];
      if (both < minCount) continue;
      for (const [a, c] of [
        [frequent[i], frequent[j]],
        [frequent[j], frequent[i]],
      ]) {
        const rule = ruleMetrics(a, c, both, itemCounts[a], itemCounts[c], n);
        if (rule.confidence >= options.minConfidence && rule.lift > 1) rules.push(rule);
      }
    }
  }
  rules.sort(
    (p, q) =>
      q.lift - p.lift || q.confidence - p.confidence || q.support - p.support || p.antecedent - q.antecedent || p.consequent - q.consequent,
  );
  return { rules, baskets: n, productsConsidered: f, basketsTruncated };
}

/** The mlxtend metrics for A → C from basket counts. */
export function ruleMetrics(antecedent: number, consequent: number, both: number, countA: number, countC: number, n: number): MinedRule {
  const support = both / n;
  const supportA = countA / n;
  const supportC = countC / n;
  const confidence = support / supportA;
  return {
    antecedent,
    consequent,
    count: both,
    support,
    confidence,
    lift: confidence / supportC,
    leverage: support - supportA * supportC,
    conviction: confidence >= 1 ? null : (1 - supportC) / (1 - confidence),
  };
}
