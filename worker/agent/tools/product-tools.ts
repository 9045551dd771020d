/**
 * Product and supplier tools (cross-sell is in cross-sell-tool.ts).
 */
import { DataAbsentError } from './data-absent';
import { z } from 'zod';
import type { AnalysisResult, AssociationRule, ProductItem, Products } from '../../engine/contract';
import { isChargeLine } from '../../engine/analyses/charge-lines';
import { lossInSomeSales } from '../../engine/analyses/products';
import { rankedCut } from '../../engine/query';
import { isNoMoney } from '../../engine/money';
import {
  DATA_NOTICE,
  dataString,
  MAX_DATA_SENTENCE,
  defineTool,
  limitInput,
  matchByIdOrName,
  MAX_ROWS,
  money,
  normalise,
  pct,
  round,
  ToolInputError,
} from './tool-kit';

function productsOrFail(result: AnalysisResult) {
  if (!result.products?.available) {
    throw new DataAbsentError(
      dataString(result.products?.note, MAX_DATA_SENTENCE) ?? 'Product analysis is not available for this file (it has no product column).',
    );
  }
  return result.products;
}

function suppliersOrFail(result: AnalysisResult) {
  if (!result.suppliers?.available) {
    throw new DataAbsentError(
      dataString(result.suppliers?.note, MAX_DATA_SENTENCE) ??
        'Supplier analysis is not available for this file (it has no supplier column).',
    );
  }
  return result.suppliers;
}

function productRow(item: ProductItem) {
  return {
    id: dataString(item.id),
    name: dataString(item.name),
    category: dataString(item.category),
    supplier: dataString(item.supplier),
    revenue: money(item.revenue),
    margin: item.margin === null ? null : money(item.margin),
    marginPct: item.marginPct === null ? null : round(item.marginPct, 1),
    quantity: round(item.quantity, 2),
    customers: item.customers,
    abc: item.abc,
    trendPct: item.trendPct === null ? null : round(item.trendPct, 1),
    // Postage, fees, discounts: told apart so that no one is told to keep postage in stock.
    ...(isChargeLine(item.name) ? { chargeLine: true } : {}),
  };
}

/** A rule as the tools show it. */
export function ruleRow(rule: AssociationRule) {
  return {
    ifBought: dataString(rule.antecedent.name),
    alsoBuys: dataString(rule.consequent.name),
    supportPct: pct(rule.support),
    confidencePct: pct(rule.confidence),
    lift: round(rule.lift, 2),
  };
}

/** Products whose id or name matches the query: exact id, exact name, then contains. */
export function matchProducts(result: AnalysisResult, query: string): ProductItem[] {
  return matchByIdOrName(result.products?.items ?? [], query);
}

export const getProducts = defineTool({
  name: 'get_products',
  description:
    'Products by revenue with margin, ABC class and trend, revenue and margin by category, and flags (sold below cost, below category margin, fast decliners).',
  input: z.object({ limit: limitInput(10) }),
  run: ({ result }, { limit }) => {
    const products = productsOrFail(result);
    const byRevenue = [...products.items].sort((a, b) => b.revenue - a.revenue);
    const total = products.items.reduce((sum, p) => sum + p.revenue, 0);
    const fastDecliners = new Set(products.flags.filter((f) => f.kind === 'fast-decliner').map((f) => f.id));
    return {
      notice: DATA_NOTICE,
      products: products.items.length,
      marginAvailable: products.marginAvailable,
      note: dataString(products.note, MAX_DATA_SENTENCE),
      // Whether a top product is a fast decliner, whichever flags the ten below leave out.
      top: byRevenue
        .slice(0, limit)
        .map((item) => ({ ...productRow(item), ...(fastDecliners.has(item.id) ? { fastDecliner: true } : {}) })),
      categories: categoriesOf(products.items, total).slice(0, limit),
      flags: products.flags.slice(0, 10).map((flag) => ({
        name: dataString(flag.name),
        kind: flag.kind,
        detail: dataString(flag.detail, MAX_DATA_SENTENCE),
        // Sold below cost, but its other sales made money: the loss is in some sales' price or discount.
        ...(lossInSomeSales(flag) ? { lossInSomeSales: true } : {}),
      })),
    };
  },
});

function categoriesOf(items: ProductItem[], total: number) {
  const byCategory = new Map<string, { revenue: number; margin: number | null; products: number }>();
  for (const item of items) {
    const key = item.category ?? '(none)';
    const entry = byCategory.get(key) ?? { revenue: 0, margin: 0, products: 0 };
    entry.revenue += item.revenue;
    entry.margin = entry.margin === null || item.margin === null ? null : entry.margin + item.margin;
    entry.products += 1;
    byCategory.set(key, entry);
  }
  return [...byCategory.entries()]
    .sort((a, b) => b[1].revenue - a[1].revenue)
    .map(([category, entry]) => ({
      category: dataString(category),
      products: entry.products,
      revenue: money(entry.revenue),
      revenueSharePct: total > 0 ? pct(entry.revenue / total) : null,
      marginPct: entry.margin === null || entry.revenue === 0 ? null : round((entry.margin / entry.revenue) * 100, 1),
    }));
}

const PRODUCT_METRICS = ['revenue', 'margin', 'marginPct', 'quantity', 'customers', 'trendPct'] as const;

export const rankProducts = defineTool({
  name: 'rank_products',
  description:
    'Ranks products by a metric (revenue, margin, marginPct, quantity, customers, trendPct), highest first by default, optionally only one category or supplier. A trend ranking covers the ABC class A products (80% of revenue): a small line going from 2 to 160 is no trend.',
  input: z.object({
    metric: z.enum(PRODUCT_METRICS).default('revenue'),
    direction: z.enum(['desc', 'asc']).default('desc').describe('desc = highest first.'),
    category: z.string().trim().min(1).max(60).optional(),
    supplier: z.string().trim().min(1).max(60).optional(),
    netSalesOnly: z
      .boolean()
      .default(false)
      .describe('Leave out products whose returns outweigh their sales (net revenue ≤ 0): a returns question, not a pricing one.'),
    goodsOnly: z
      .boolean()
      .default(false)
      .describe('Leave out lines that read as charges (postage, fees, adjustments), which are no goods to stock, sell or drop.'),
    limit: limitInput(10),
  }),
  run: ({ result }, input) => {
    const products = productsOrFail(result);
    if ((input.metric === 'margin' || input.metric === 'marginPct') && !products.marginAvailable) {
      throw new DataAbsentError('Margins are not available: the file has no cost column.');
    }
    // Iowa's one day answered "Bottom 0 products … by revenue change".
    if (input.metric === 'trendPct' && products.items.every((p) => p.trendPct === null)) {
      throw new DataAbsentError('Product trends need 12 full months of dated history before the as-of date, and the file has fewer.');
    }
    if (input.supplier !== undefined) suppliersOrFail(result);
    const category = input.category === undefined ? null : normalise(input.category);
    const supplier = input.supplier === undefined ? null : normalise(input.supplier);
    const value = (item: ProductItem) => item[input.metric];
    const sign = input.direction === 'desc' ? -1 : 1;
    // "Which products are trending up?" led with a 153.25 binder at +7,900%: a trend is ranked among the products that matter.
    const material = (p: ProductItem) => input.metric !== 'trendPct' || p.abc === 'A';
    let matching = products.items
      .filter(material)
      .filter((p) => category === null || normalise(p.category ?? '') === category)
      .filter((p) => supplier === null || normalise(p.supplier ?? '') === supplier)
      .filter((p) => value(p) !== null)
      .sort((a, b) => sign * ((value(a) ?? 0) - (value(b) ?? 0)) || a.name.localeCompare(b.name));
    // A sale returned in full can leave a float's residue (£0.00 shown): no net sales either.
    const netReturned = input.netSalesOnly ? matching.filter((p) => p.revenue <= 0 || isNoMoney(p.revenue)) : [];
    if (netReturned.length > 0) matching = matching.filter((p) => !netReturned.includes(p));
    // On Online Retail the best seller was DOTCOM POSTAGE and the five worst were fees: the
    // charges that would have been shown are named as left out, not every charge of the file.
    const charges = input.goodsOnly ? rankedCut(matching, input.limit, MAX_ROWS, value).shown.filter((p) => isChargeLine(p.name)) : [];
    if (charges.length > 0) matching = matching.filter((p) => !isChargeLine(p.name));
    // Products that tie with the last place are listed too, at its place (as rank_customers does).
    const { shown, places, tie } = rankedCut(matching, input.limit, MAX_ROWS, value);
    return {
      notice: DATA_NOTICE,
      metric: input.metric,
      direction: input.direction,
      filter: {
        category: dataString(input.category),
        supplier: dataString(input.supplier),
        ...(input.metric === 'trendPct' ? { abc: 'A (80% of revenue)' } : {}),
      },
      matched: matching.length,
      ...(input.netSalesOnly ? { netReturned: netReturned.map((p) => dataString(p.name)) } : {}),
      ...(input.goodsOnly ? { chargesLeftOut: charges.map((p) => dataString(p.name)) } : {}),
      /** The products sharing the last place's figure, when they run past the limit: all listed if they fit in MAX_ROWS. */
      tie,
      products: shown.map((item, index) => ({ rank: places[index], ...productRow(item) })),
      // A fall in the ranking is not an alarm: the flags are the falls the orders bear out (any class).
      ...(input.metric === 'trendPct' && input.direction === 'asc' ? { fastDecliners: fastDeclinersOf(products) } : {}),
    };
  },
});

/** The fast-decliner flags, largest loss first, with their orders before and after (at most 10). */
function fastDeclinersOf(products: Products) {
  return products.flags
    .filter((flag) => flag.kind === 'fast-decliner')
    .slice(0, 10)
    .map((flag) => ({ name: dataString(flag.name), orders: flag.orders ?? null }));
}

export const findProduct = defineTool({
  name: 'find_product',
  description: 'Looks a product up by id or name (or part of it): revenue, margin, supplier, customers, trend and what it is bought with.',
  input: z.object({ query: z.string().trim().min(1).max(100).describe('Product id or name.') }),
  run: ({ result }, { query }) => {
    productsOrFail(result);
    const matches = matchProducts(result, query);
    if (matches.length === 0) throw new ToolInputError(`No product matches ${JSON.stringify(dataString(query))}.`);
    const total = result.totals.revenue;
    // Sub-category or category rules say nothing about this one product's pairs.
    const rules = (result.crossSell?.level ?? 'product') === 'product' ? (result.crossSell?.rules ?? []) : [];
    return {
      notice: DATA_NOTICE,
      matches: matches.length,
      products: matches.slice(0, 5).map((item) => ({
        ...productRow(item),
        revenueSharePct: total > 0 ? pct(item.revenue / total) : null,
        flags: (result.products?.flags ?? []).filter((f) => f.id === item.id).map((f) => dataString(f.detail, MAX_DATA_SENTENCE)),
        boughtWith: rules
          .filter((r) => r.antecedent.id === item.id || r.consequent.id === item.id)
          .slice(0, 3)
          .map(ruleRow),
      })),
    };
  },
});

export const getSuppliers = defineTool({
  name: 'get_suppliers',
  description:
    "Supplier dependency: each supplier's revenue share, products and customers exposed, the HHI, the top and top-3 shares, and the level.",
  input: z.object({
    limit: limitInput(10),
    name: z.string().trim().min(1).max(100).optional().describe("One supplier's row, by its name (any rank)."),
  }),
  run: ({ result }, { limit, name }) => {
    const suppliers = suppliersOrFail(result);
    // "How is Black Rock Spirits doing?" was "not available": it ranks 53rd of 54, below any list.
    const items = name === undefined ? suppliers.items : suppliers.items.filter((s) => normalise(s.name) === normalise(name));
    if (name !== undefined && items.length === 0) throw new ToolInputError(`No supplier is named ${JSON.stringify(dataString(name))}.`);
    return {
      notice: DATA_NOTICE,
      suppliers: suppliers.items.length,
      level: suppliers.level,
      hhi: suppliers.hhi === null ? null : round(suppliers.hhi, 0),
      topSharePct: suppliers.topShare === null ? null : pct(suppliers.topShare),
      top3SharePct: suppliers.top3Share === null ? null : pct(suppliers.top3Share),
      items: items.slice(0, limit).map((s) => ({
        name: dataString(s.name),
        revenue: money(s.revenue),
        revenueSharePct: pct(s.share),
        products: s.products,
        customersExposed: s.customersExposed,
      })),
      flags: suppliers.flags.slice(0, 5).map((flag) => dataString(flag, MAX_DATA_SENTENCE)),
    };
  },
});
