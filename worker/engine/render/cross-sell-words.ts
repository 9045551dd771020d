/**
 * How every surface names what cross-sell rules pair. When product pairs were too sparse
 * the rules pair sub-categories or categories, and a text that said "product" or "bought
 * together" would claim something the data doesn't show; these phrases keep the level and
 * the basket kind in every sentence.
 */
import { LEVEL_NAMES } from '../analyses/cross-sell-levels';
import type { CrossSell, CrossSellLevel } from '../contract';

type Levelled = Pick<CrossSell, 'level' | 'basis'>;

/** The level of the rules; analyses stored before the fallback are product rules. */
export function crossSellLevel(x: Levelled): CrossSellLevel {
  return x.level ?? 'product';
}

/** "product" / "sub-category" / "category" (or their plurals). */
export function itemWord(x: Levelled, plural = false): string {
  return LEVEL_NAMES[crossSellLevel(x)][plural ? 1 : 0];
}

/** What to offer: the product's name, or the group's name followed by its level, "Chairs (sub-category)". */
export function offerName(x: Levelled, name: string): string {
  return crossSellLevel(x) === 'product' ? name : `${name} (${itemWord(x)})`;
}

/** "bought together" for invoice baskets, "bought by the same customers" for customer baskets. */
export function togetherWords(x: Levelled): string {
  return x.basis === 'customer' ? 'bought by the same customers' : 'bought together';
}

/**
 * A sentence saying the rules are a fallback, or '' for product rules:
 * "No product pair is frequent enough, so these are sub-category rules (bought by the same customers)."
 */
export function fallbackSentence(x: Levelled): string {
  if (crossSellLevel(x) === 'product') return '';
  return `No product pair is frequent enough, so these are ${itemWord(x)} rules (${itemWord(x, true)} ${togetherWords(x)}).`;
}
