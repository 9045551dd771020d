/**
 * The cross-sell tool: rules and per-customer suggestions, with the level the rules pair
 * (products, or sub-categories / categories when product pairs were too sparse), the basket
 * kind, and how many suggestions exist beyond the list, so an answer about one customer can
 * say exactly why they have none.
 */
import { z } from 'zod';
import type { AnalysisResult, CrossSell } from '../../engine/contract';
import { crossSellLevel, itemWord } from '../../engine/render/cross-sell-words';
import { sharedNamesOf } from '../../engine/aggregate/distinct-names';
import { epochDay } from '../../engine/aggregate/types';
import { boughtWith, type BoughtWithTarget } from '../../engine/query/bought-with';
import { periodCoverage } from '../../engine/query/coverage';
import { QueryRefusal } from '../../engine/query/resolve';
import type { Snapshot } from '../../engine/snapshot/columns';
import { matchCustomers } from './customer-tools';
import { DataAbsentError } from './data-absent';
import { matchProducts, ruleRow } from './product-tools';
import { DATA_NOTICE, dataString, defineTool, limitInput, MAX_DATA_SENTENCE, normalise, round, ToolInputError } from './tool-kit';

function crossSellOrFail(result: AnalysisResult): CrossSell {
  if (!result.crossSell?.available) {
    throw new DataAbsentError(
      dataString(result.crossSell?.note, MAX_DATA_SENTENCE) ?? 'Cross-sell analysis is not available for this file.',
    );
  }
  return result.crossSell;
}

/**
 * The item ids a product query names: matching products at the product level; at a
 * category level the groups whose name contains the query or that hold a matching product.
 */
function itemIdsFor(result: AnalysisResult, crossSell: CrossSell, query: string): Set<string> {
  const products = matchProducts(result, query);
  if (crossSellLevel(crossSell) === 'product') return new Set(products.map((p) => p.id));
  const wanted = normalise(query);
  const groups = new Set<string>();
  for (const rule of crossSell.rules)
    for (const ref of [rule.antecedent, rule.consequent]) if (normalise(ref.name).includes(wanted)) groups.add(ref.id);
  if (crossSellLevel(crossSell) === 'category') for (const p of products) if (p.category) groups.add(p.category);
  return groups;
}

/** Why a named item has no rule: the rules kept are the strongest by lift, and none pairs it. */
function unrankedNote(result: AnalysisResult, crossSell: CrossSell, query: string, ids: Set<string>): string {
  const names = crossSellLevel(crossSell) === 'product' ? matchProducts(result, query).map((p) => p.name) : [...ids];
  const quoted = names.slice(0, 3).map((name) => `“${dataString(name)}”`);
  if (names.length > 3) quoted.push(`${names.length - 3} more`);
  const named = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}` : quoted[0];
  return `None of the ${crossSell.rules.length} rules kept (the strongest by lift) involves ${named}. Weaker rules are not kept, so which ${itemWord(crossSell, true)} are bought with ${names.length > 1 ? 'them' : 'it'} is not known here.`;
}

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');

/** Refuses a period the rows don't reach, as the query does. */
function inPeriod(snapshot: Snapshot, period: { from: string; to: string }): void {
  try {
    periodCoverage(snapshot.meta, [period]);
  } catch (error) {
    if (error instanceof QueryRefusal) throw new DataAbsentError(error.message);
    throw error;
  }
}

/** Columns that group products, whose values "what goes with …" may name: Superstore's Sub-Category. */
const PRODUCT_GROUP = /categor|class|group|family|department|brand|range/i;

/**
 * What a query names in the rows: products named in full, with the codes of those that
 * share the name ("Staples (OFF-FA-10002780)", …), else a category or another column
 * grouping products ("Phones"), else the analysis' products it matched; null when none is.
 */
function boughtWithTarget(snapshot: Snapshot, query: string, matched: readonly { name: string }[]): BoughtWithTarget | null {
  const { dimensions } = snapshot.meta;
  const wanted = normalise(query);
  const values = dimensions.find((d) => d.key === 'product')?.values ?? [];
  const exact = values.filter((v) => normalise(v) === wanted);
  if (exact.length > 0) return { dimension: 'product', values: exact };
  const shared = [...sharedNamesOf(values)].find(([name]) => normalise(name) === wanted);
  if (shared) return { dimension: 'product', values: shared[1] };
  // "Phones" is Superstore's sub-category before it is a word of "Panasonic Business Telephones".
  for (const d of dimensions.filter((x) => x.key === 'category' || (x.key.startsWith('column:') && PRODUCT_GROUP.test(x.label)))) {
    const value = d.values.find((v) => normalise(v) === wanted);
    if (value) return { dimension: d.key, values: [value] };
  }
  const known = new Set(values);
  const listed = matched.map((p) => p.name).filter((name) => known.has(name));
  return listed.length > 0 ? { dimension: 'product', values: listed } : null;
}

/**
 * What is bought with what was named, over every order of the stored rows (the engine's
 * `boughtWith`), or null when the rows hold none of its orders.
 */
async function boughtWithOutput(snapshot: Snapshot, target: BoughtWithTarget, limit: number, period: { from: string; to: string } | null) {
  const days = period ? { from: epochDay(period.from), to: epochDay(period.to) } : undefined;
  const counted = await boughtWith(snapshot, target, limit, days).catch((error: unknown) => {
    if (error instanceof QueryRefusal) return null;
    throw error;
  });
  if (!counted || counted.ordersWith === 0) return null;
  const group = target.dimension === 'product' ? null : snapshot.meta.dimensions.find((d) => d.key === target.dimension)?.label;
  return {
    /** The days counted, or null for the whole file. */
    period,
    /** What was asked about: products, or a category's value ("Phones", a Sub-Category). */
    of: group ? `${group} ${dataString(counted.values[0])}` : null,
    products: counted.values.slice(0, 5).map((name) => dataString(name)),
    productsFound: counted.values.length,
    /** What a basket is: an invoice, or a customer's purchase day when the file has no order ids. */
    basket: counted.byOrderId ? 'order' : 'purchase day',
    baskets: counted.orders,
    basketsWithProduct: counted.ordersWith,
    otherProducts: counted.companions,
    rows: counted.rows.map((r) => ({
      product: dataString(r.product),
      basketsWithBoth: r.both,
      sharePct: round(r.confidence * 100, 1),
      lift: round(r.lift, 2),
    })),
  };
}

export const getCrossSell = defineTool({
  name: 'get_cross_sell',
  description:
    'Items bought together (association rules with support, confidence, lift) and per-customer suggestions. `level` says what the rules pair: products, or sub-categories / categories when product pairs were too sparse; `basis` says whether baskets are invoices or everything a customer bought. With `product`, rules involving it and `boughtWith`: the products most often in the same orders as it, counted over every order of the rows; with `customer`, suggestions for that customer.',
  input: z.object({
    product: z.string().trim().min(1).max(100).optional().describe('Product (or sub-category / category) id or name.'),
    customer: z.string().trim().min(1).max(100).optional().describe('Customer id or name.'),
    from: DAY.optional().describe('With `product`: count `boughtWith` over orders from this day (YYYY-MM-DD)…'),
    to: DAY.optional().describe('…to this day, both included.'),
    limit: limitInput(5),
  }),
  async run({ result, snapshot }, { product, customer, from, to, limit }) {
    const crossSell = crossSellOrFail(result);
    if (!from !== !to) throw new ToolInputError('Give both days of the period (from and to), or neither.');
    const period = from && to ? { from, to } : null;
    if (period && from && to && from > to) throw new ToolInputError('A period starts after it ends.');
    if (period && snapshot) inPeriod(snapshot, period);
    let rules = crossSell.rules;
    let opportunities = crossSell.opportunities;
    let unranked: string | null = null;
    let together: Awaited<ReturnType<typeof boughtWithOutput>> | null = null;
    if (product !== undefined) {
      const ids = itemIdsFor(result, crossSell, product);
      // WHITE HANGING HEART T-LIGHT HOLDER, Online Retail's most ordered product, read as "no
      // products are bought together often enough": its rules are weaker than the 100 kept.
      // With the rows stored, what is bought with it is counted over every order instead, and
      // the product is found there by name (Superstore's ten "Staples" are no listed product).
      const target = snapshot ? boughtWithTarget(snapshot, product, matchProducts(result, product)) : null;
      if (ids.size === 0 && !target) throw new ToolInputError(`No product matches ${JSON.stringify(dataString(product))}.`);
      rules = rules.filter((r) => ids.has(r.antecedent.id) || ids.has(r.consequent.id));
      opportunities = opportunities.filter((o) => ids.has(o.product.id));
      if (snapshot && target) together = await boughtWithOutput(snapshot, target, limit, period);
      if (!together && rules.length === 0 && crossSell.rules.length > 0) unranked = unrankedNote(result, crossSell, product, ids);
    }
    if (customer !== undefined) {
      const ids = new Set(matchCustomers(result, customer).map((c) => c.id));
      if (ids.size === 0) throw new ToolInputError(`No customer matches ${JSON.stringify(dataString(customer))}.`);
      opportunities = opportunities.filter((o) => ids.has(o.customer.id));
    }
    return {
      notice: DATA_NOTICE,
      ...(unranked ? { productNote: unranked } : {}),
      ...(together ? { boughtWith: together } : {}),
      level: crossSellLevel(crossSell),
      basis: crossSell.basis,
      baskets: crossSell.baskets,
      rulesFound: crossSell.rules.length,
      /** Suggestions in the whole analysis, and how many of them are kept in the list filtered here. */
      opportunitiesFound: crossSell.opportunitiesFound ?? crossSell.opportunities.length,
      opportunitiesListed: crossSell.opportunities.length,
      rules: [...rules]
        .sort((a, b) => b.lift - a.lift)
        .slice(0, limit)
        .map(ruleRow),
      opportunities: opportunities.slice(0, limit).map((o) => ({
        customer: dataString(o.customer.name),
        product: dataString(o.product.name),
        because: dataString(o.because, MAX_DATA_SENTENCE),
        score: round(o.score, 2),
      })),
    };
  },
});
