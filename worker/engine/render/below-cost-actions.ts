/** The actions on products sold below cost, shared by the executive summary, products.md and the dashboard. */
import type { Products } from '../contract';
import { lossInSomeSales } from '../analyses/products';
import { nameList } from './markdown';

/**
 * What to do about the products sold below cost, worst first: reprice or drop those that lose
 * money at their usual price, and check the sales below cost of those whose other sales made
 * money (Superstore's "Reprice or drop" named 299 products, 242 of them profitable but for a
 * few deeply discounted sales).
 */
export function belowCostActions(flags: Products['flags'], escape: (text: string) => string, shown: number): string[] {
  const negative = flags.filter((flag) => flag.kind === 'negative-margin');
  const discounted = negative.filter(lossInSomeSales);
  // A result stored before the flags said where the loss is (no `belowCost`) keeps the plain advice.
  const priced = negative.filter((flag) => flag.belowCost !== undefined && !lossInSomeSales(flag));
  const unknown = negative.filter((flag) => flag.belowCost === undefined);
  const names = (list: typeof negative) =>
    nameList(
      list.map((flag) => escape(flag.name)),
      shown,
    );
  const actions: string[] = [];
  if (unknown.length) actions.push(`Reprice or drop products sold below cost: ${names(unknown)}.`);
  if (priced.length) actions.push(`Reprice or drop the products that made no money on any sale: ${names(priced)}.`);
  if (discounted.length)
    actions.push(`Check the discounts and prices on the sales below cost of ${names(discounted)}: their other sales made money.`);
  return actions;
}
