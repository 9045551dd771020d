/**
 * Sentences about cross-sell rules for the offline analyst. Sub-category and category rules
 * are named as such, and invoice rules between groups speak of orders, so a fallback rule
 * never reads as a product pair.
 */
import type { CrossSellLevel } from '../../engine/contract';

interface RuleContext {
  level: CrossSellLevel;
  basis: 'invoice' | 'customer' | null;
}

/** "customers who buy A also buy C" (or "orders with A also include C" for group rules in invoices). */
export function rulePhrase(x: RuleContext, antecedent: string, consequent: string): string {
  return x.level !== 'product' && x.basis === 'invoice'
    ? `orders with ${antecedent} also include ${consequent}`
    : `customers who buy ${antecedent} also buy ${consequent}`;
}

/** The heading over a list of rules: "Products bought together:", "Sub-categories bought by the same customers:". */
export function rulesHeading(x: RuleContext): string {
  if (x.level === 'product') return 'Products bought together:';
  const plural = x.level === 'subCategory' ? 'Sub-categories' : 'Categories';
  return `${plural} ${x.basis === 'customer' ? 'bought by the same customers' : 'bought together'} (no product pair is frequent enough):`;
}

/** The phrase starting a sentence. */
export function capitalised(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
