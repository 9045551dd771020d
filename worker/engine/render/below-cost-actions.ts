/** The actions on products sold below cost, shared by the executive summary, products.md and the dashboard. */
import type { Products } from '../contract';
import { lossInSomeSales } from '../analyses/products';
import { nameList } from './markdown';

/**
 * What to do about the products sold below cost, worst first: reprice or drop those that make
 * no money on most of what they sell, and check the sales below cost of those that sold less
 * than half below cost and made money on the rest (`lossInSomeSales`). One "Reprice or drop"
 * named all of Superstore's loss-making products, most of them profitable on their other sales.
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
  if (priced.length) actions.push(`Reprice or drop the products that make no money on most of what they sell: ${names(priced)}.`);
  if (discounted.length)
    actions.push(
      `Check the discounts and prices on the sales below cost of ${names(discounted)}: less than half of what they sold was below cost, and the rest made money.`,
    );
  return actions;
}
