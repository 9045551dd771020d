/**
 * Question 6 — what should each customer buy next? Association rules over invoice baskets
 * (customer baskets when the file has no order id), then opportunities: customers who buy
 * a rule's antecedent repeatedly but have never bought its consequent.
 *
 * When no product pair meets the thresholds, the rules fall back to coarser items and then
 * to customer baskets: products, sub-categories, categories, each first in invoices and
 * then in customer baskets. The first attempt with a rule is used and named in `level`,
 * `basis` and the note, so no surface can present category rules as product pairs.
 */
import type { Aggregates } from '../aggregate/types';
import type { AssociationRule, CrossSell } from '../contract';
import { mineRules, type MinedRule } from './association-rules';
import { basketsAtLevel, customerBasketsOf, itemLevelsOf, LEVEL_NAMES, type BasketSet, type ItemLevel } from './cross-sell-levels';
import { opportunitiesOf } from './cross-sell-opportunities';

export { MIN_ANTECEDENT_ORDERS } from './cross-sell-opportunities';

/** Pair counting is bounded: the most frequent products and the largest baskets are capped. */
export const MAX_PRODUCTS_CONSIDERED = 1000;
export const MAX_BASKET_ITEMS = 100;
/**
 * Baskets are paired whole up to this many pair increments in all (about 0.2 s of one core),
 * and cut to their MAX_BASKET_ITEMS most frequent products past it, which bounds a file of
 * huge baskets: 1,000 baskets of 1,000 products would be 500M.
 */
export const MAX_PAIRS_COUNTED = 100_000_000;
export const MIN_CONFIDENCE = 0.25;
/**
 * Sub-category and category rules need lift ≥ 1.2: with a handful of groups nearly every
 * customer buys every group, so pairs clear "lift > 1" by a hair (Superstore's categories
 * reach 1.009) and would recommend what is already near-universal.
 */
export const MIN_GROUP_LIFT = 1.2;
const MIN_BASKETS = 10;
const MAX_RULES = 100;
const RULES_FOR_OPPORTUNITIES = 50;

type Basis = 'invoice' | 'customer';

/** One level × basis tried, with its rules. */
interface Attempt {
  level: ItemLevel;
  basis: Basis;
  baskets: number;
  minSupport: number;
  rules: MinedRule[];
  basketsTruncated: number;
}

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

/** Rules between the items of `level` in `source` baskets; null when there are too few baskets. */
function attemptOf(level: ItemLevel, basis: Basis, source: BasketSet): Attempt | null {
  const baskets = basketsAtLevel(source, level);
  const count = baskets.offsets.length - 1;
  if (count < MIN_BASKETS) return null;
  const minSupport = minSupportFor(count);
  const mined = mineRules(baskets, level.names.length, {
    minSupport,
    minConfidence: MIN_CONFIDENCE,
    maxProducts: MAX_PRODUCTS_CONSIDERED,
    maxBasketItems: MAX_BASKET_ITEMS,
    maxPairs: MAX_PAIRS_COUNTED,
  });
  const rules = level.level === 'product' ? mined.rules : mined.rules.filter((rule) => rule.lift >= MIN_GROUP_LIFT);
  return { level, basis, baskets: count, minSupport, rules, basketsTruncated: mined.basketsTruncated };
}

const basketWords = (basis: Basis): string => (basis === 'invoice' ? 'invoices' : 'customer baskets');

/** The thresholds of the attempt used, and which coarser levels were needed to find a rule. */
function noteOf(used: Attempt, failed: Attempt[]): string {
  const plural = LEVEL_NAMES[used.level.level][1];
  const notes = [
    `Rules need support ≥ ${(used.minSupport * 100).toFixed(2)}% of ${used.baskets.toLocaleString('en-US')} ${basketWords(used.basis)}, ` +
      `confidence ≥ ${MIN_CONFIDENCE * 100}% and lift ${used.level.level === 'product' ? '> 1' : `≥ ${MIN_GROUP_LIFT}`}` +
      (used.level.level !== 'product'
        ? '.'
        : `; pairs are counted among the ${MAX_PRODUCTS_CONSIDERED.toLocaleString('en-US')} most frequent products` +
          (used.basketsTruncated > 0
            ? `, and ${used.basketsTruncated} basket(s) with more than ${MAX_BASKET_ITEMS} of them were paired on their ${MAX_BASKET_ITEMS} most frequent products.`
            : '.')),
  ];
  if (used.rules.length === 0) notes.push('No product pair met these thresholds.');
  else if (failed.length > 0) {
    const tried = failed.map((a) => `${LEVEL_NAMES[a.level.level][0]} pairs in ${basketWords(a.basis)}`).join(', ');
    notes.push(`No rule was found among ${tried}, so these rules pair ${plural}, not individual products.`);
  }
  return notes.join(' ');
}

/** Association rules and ranked cross-sell opportunities; `available: false` without products. */
export function crossSellOf(agg: Aggregates): CrossSell | null {
  if (!agg.hasProducts || !agg.baskets) return unavailable('The file has no product column, so there are no baskets to mine.');
  const basketCount = agg.baskets.offsets.length - 1;
  if (basketCount < MIN_BASKETS)
    return unavailable(`Only ${basketCount} baskets — too few for association rules.`, agg.baskets.basis, basketCount);
  const bases: [Basis, () => BasketSet][] = [[agg.baskets.basis, () => agg.baskets as BasketSet]];
  if (agg.baskets.basis === 'invoice') bases.push(['customer', () => customerBasketsOf(agg)]);
  const failed: Attempt[] = [];
  let used: Attempt | null = null;
  for (const level of itemLevelsOf(agg)) {
    for (const [basis, baskets] of bases) {
      const attempt = attemptOf(level, basis, baskets());
      if (!attempt) continue;
      if (attempt.rules.length > 0) {
        used = attempt;
        break;
      }
      failed.push(attempt);
    }
    if (used) break;
  }
  // Nothing anywhere: report the product attempt in its own baskets, as before the fallback.
  used ??= failed[0];
  return resultOf(agg, used, used.rules.length > 0 ? failed : []);
}

function resultOf(agg: Aggregates, used: Attempt, failed: Attempt[]): CrossSell {
  const { level } = used;
  const ref = (i: number) => ({ id: level.ids[i], name: level.names[i] });
  const rules: AssociationRule[] = used.rules.slice(0, MAX_RULES).map((rule) => ({
    antecedent: ref(rule.antecedent),
    consequent: ref(rule.consequent),
    support: rule.support,
    confidence: rule.confidence,
    lift: rule.lift,
    leverage: rule.leverage,
    conviction: rule.conviction,
  }));
  const { opportunities, found } = opportunitiesOf(agg, level, used.basis, used.rules.slice(0, RULES_FOR_OPPORTUNITIES));
  return {
    available: true,
    basis: used.basis,
    level: level.level,
    minSupport: used.minSupport,
    minConfidence: MIN_CONFIDENCE,
    baskets: used.baskets,
    note: noteOf(used, failed),
    rules,
    opportunities,
    opportunitiesFound: found,
  };
}
