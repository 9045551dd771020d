/**
 * What is bought with one product (or any product of a category, "Phones"), counted over
 * every order of the stored rows.
 *
 * The analysis keeps the 100 strongest association rules by lift, and those pair niche
 * products that always go together: Online Retail's most ordered product, WHITE HANGING
 * HEART T-LIGHT HOLDER, is in none of them, and "What goes with it?" had no answer. Here
 * the orders holding the product are found, and every other product in them counted, with
 * the analysis' basket rules: an order's distinct products on lines that are no return.
 *
 * Three passes over the rows, each holding no more than the product's own orders: the
 * orders with it (and how many orders there are), the other products in those orders, and
 * for the most frequent of them how many orders hold each at all (for the lift).
 */
import type { Snapshot, SnapshotGroup } from '../snapshot/columns';
import { QueryRefusal } from './resolve';

export interface BoughtWithRow {
  product: string;
  /** Orders holding both. */
  both: number;
  /** `both` over the orders holding the product asked about, 0–1 (mlxtend's confidence). */
  confidence: number;
  /** Confidence over the share of all orders holding this product (mlxtend's lift). */
  lift: number;
}

export interface BoughtWith {
  /** The values found (one product name can be several codes). */
  values: string[];
  /** Orders with at least one product line that is no return: the baskets. */
  orders: number;
  /** Of those, the orders holding what was asked about. */
  ordersWith: number;
  /** Other products bought in at least one of those orders. */
  companions: number;
  /** The most often bought with it, most orders first. */
  rows: BoughtWithRow[];
  /** False when an order is a customer's purchase day (the file has no order ids). */
  byOrderId: boolean;
}

/** What is asked about: products by label, or the rows with a value of another column (a sub-category, "Phones"). */
export interface BoughtWithTarget {
  /** A dimension key: `product`, `category`, `column:Sub-Category`, … */
  dimension: string;
  values: readonly string[];
}

/** The products bought most often in the same orders as `target`, `limit` of them. */
export async function boughtWith(
  snapshot: Snapshot,
  target: BoughtWithTarget,
  limit: number,
  /** Epoch days: only the rows of this period count ("bought together with PARTY BUNTING in 2011"). */
  days?: { from: number; to: number },
): Promise<BoughtWith> {
  const meta = snapshot.meta;
  const productIndex = meta.dimensions.findIndex((d) => d.key === 'product');
  const targetIndex = meta.dimensions.findIndex((d) => d.key === target.dimension);
  if (productIndex < 0) throw new QueryRefusal('This file has no product column.', 'MISSING_COLUMN');
  if (targetIndex < 0) throw new QueryRefusal(`This file has no ${target.dimension} column.`, 'MISSING_COLUMN');
  const targetValues = meta.dimensions[targetIndex].values;
  const asked = new Set(target.values.map((value) => targetValues.indexOf(value)).filter((code) => code >= 0));
  if (asked.size === 0)
    throw new QueryRefusal(
      `No ${meta.dimensions[targetIndex].label} in the rows is called ${JSON.stringify(target.values[0] ?? '')}.`,
      'NO_MATCH',
    );
  const names = meta.dimensions[productIndex].values;
  const needs = { cost: false, quantity: false, orders: true, dimensions: [...new Set([productIndex, targetIndex])] };
  const basketLines = async (visit: (order: number, product: number, isAsked: boolean) => void): Promise<void> => {
    for await (const g of snapshot.groups(needs)) eachBasketLine(g, productIndex, targetIndex, asked, days ?? null, visit);
  };

  const allOrders = new Set<number>();
  const ordersWith = new Set<number>();
  await basketLines((order, _product, isAsked) => {
    allOrders.add(order);
    if (isAsked) ordersWith.add(order);
  });

  const inOrders = new Map<number, Set<number>>();
  await basketLines((order, product, isAsked) => {
    if (isAsked || !ordersWith.has(order)) return;
    const orders = inOrders.get(product) ?? new Set<number>();
    orders.add(order);
    inOrders.set(product, orders);
  });
  const top = [...inOrders]
    .map(([product, orders]) => ({ product, both: orders.size }))
    .sort((x, y) => y.both - x.both || names[x.product].localeCompare(names[y.product]))
    .slice(0, limit);

  const anywhere = new Map(top.map((t) => [t.product, new Set<number>()]));
  await basketLines((order, product) => anywhere.get(product)?.add(order));
  const rows = top.map(({ product, both }) => {
    const confidence = both / ordersWith.size;
    return { product: names[product], both, confidence, lift: confidence / ((anywhere.get(product)?.size ?? 0) / allOrders.size) };
  });
  return {
    values: [...asked].map((code) => targetValues[code]),
    orders: allOrders.size,
    ordersWith: ordersWith.size,
    companions: inOrders.size,
    rows,
    byOrderId: meta.hasOrderId,
  };
}

/** Calls `visit` with each line of a basket (a product, an order, no return) and whether it is of what was asked about. */
function eachBasketLine(
  g: SnapshotGroup,
  productIndex: number,
  targetIndex: number,
  asked: ReadonlySet<number>,
  days: { from: number; to: number } | null,
  visit: (order: number, product: number, isAsked: boolean) => void,
): void {
  const products = g.dims[productIndex];
  const targets = g.dims[targetIndex];
  for (let i = 0; i < g.rows; i++) {
    if (g.returns[i] === 1 || g.order[i] < 0 || products[i] < 0) continue;
    if (days && (g.day[i] < days.from || g.day[i] > days.to)) continue;
    visit(g.order[i], products[i], asked.has(targets[i]));
  }
}
