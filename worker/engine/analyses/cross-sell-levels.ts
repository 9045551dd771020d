/**
 * The items cross-sell can pair and the baskets they are counted in. Products first; when
 * product pairs are too sparse for the thresholds (Superstore: 1,862 products in 5,009
 * orders of about two lines, so no pair reaches 25 orders), the same baskets are read at
 * the sub-category and then the category level, where pairs are dense enough to count.
 */
import { groupedByOwner } from '../aggregate/csr';
import type { Aggregates, Baskets } from '../aggregate/types';
import type { CrossSellLevel } from '../contract';

/** A way of naming what is in a basket. */
export interface ItemLevel {
  level: CrossSellLevel;
  /** Item index of each product; -1 when the product has no value at this level. */
  itemOf: Int32Array;
  ids: string[];
  names: string[];
}

export type BasketSet = Pick<Baskets, 'offsets' | 'items'>;

/** Product, then sub-category, then category: each level present in the file with at least two values. */
export function itemLevelsOf(agg: Aggregates): ItemLevel[] {
  const p = agg.products;
  const levels: ItemLevel[] = [{ level: 'product', itemOf: Int32Array.from({ length: p.count }, (_, i) => i), ids: p.ids, names: p.names }];
  const subCategory = p.subCategories ? groupLevel('subCategory', p.subCategories) : null;
  if (subCategory) levels.push(subCategory);
  const category = groupLevel('category', p.categories);
  if (category) levels.push(category);
  return levels;
}

/** Items named by the distinct labels, in order of first appearance. */
function groupLevel(level: CrossSellLevel, labels: (string | null)[]): ItemLevel | null {
  const index = new Map<string, number>();
  const names: string[] = [];
  const itemOf = new Int32Array(labels.length).fill(-1);
  labels.forEach((label, product) => {
    if (label === null) return;
    let item = index.get(label);
    if (item === undefined) {
      item = names.length;
      index.set(label, item);
      names.push(label);
    }
    itemOf[product] = item;
  });
  return names.length >= 2 ? { level, itemOf, ids: names, names } : null;
}

/**
 * `source` with each product replaced by its item at `level`: each item once per basket,
 * and baskets left with no item dropped (they hold no information about pairs).
 */
export function basketsAtLevel(source: BasketSet, level: ItemLevel): BasketSet {
  if (level.level === 'product') return source;
  const lastBasket = new Int32Array(level.names.length).fill(-1);
  const offsets: number[] = [0];
  const items: number[] = [];
  for (let basket = 0; basket + 1 < source.offsets.length; basket++) {
    for (let k = source.offsets[basket]; k < source.offsets[basket + 1]; k++) {
      const item = level.itemOf[source.items[k]];
      if (item < 0 || lastBasket[item] === basket) continue;
      lastBasket[item] = basket;
      items.push(item);
    }
    if (items.length > offsets[offsets.length - 1]) offsets.push(items.length);
  }
  return { offsets: Int32Array.from(offsets), items: Int32Array.from(items) };
}

/**
 * One basket per customer holding every product they bought on an order (returns alone
 * don't count): "customers who buy A also buy C", for files whose orders are too small to
 * hold pairs.
 */
export function customerBasketsOf(agg: Aggregates): BasketSet {
  const cp = agg.customerProducts;
  return groupedByOwner(agg.customers.count, cp.a.length, cp.a, cp.b, (t) => cp.orders[t] > 0);
}

/** How each level is named in sentences: singular, plural. */
export const LEVEL_NAMES: Record<CrossSellLevel, readonly [string, string]> = {
  product: ['product', 'products'],
  subCategory: ['sub-category', 'sub-categories'],
  category: ['category', 'categories'],
};
