/**
 * Customer tools: segments, concentration, churn risk, lookup and ranking.
 */
import { customersWhere, QueryFilterSchema, QueryRefusal, rankedCut, tieAtCut, type CustomersWhere } from '../../engine/query';
import { offerName } from '../../engine/render/cross-sell-words';
import { regionSpreadOf, regionSpreadSaid } from './customer-regions';
import { DataAbsentError } from './data-absent';
import { z } from 'zod';
import { backtestSummary } from './churn-backtest-summary';
import {
  CHURN_RISK_RULES,
  CHURN_SCORE_RULE,
  HEURISTIC_ONE_TIME_RULE,
  HEURISTIC_RULES,
  ONE_TIME_BUYER_RULE,
} from '../../engine/analyses/churn-risk';
import type { AnalysisResult, ChurnCustomer, SegmentCustomer, SegmentName, Segments } from '../../engine/contract';
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
  type ToolContext,
} from './tool-kit';

export const SEGMENT_NAMES = [
  'Champions',
  'Loyal',
  'Potential Loyalists',
  'New',
  'Promising',
  'Need Attention',
  'About to Sleep',
  "Can't Lose Them",
  'At Risk',
  'Hibernating',
] as const satisfies readonly SegmentName[];

export const RISK_LEVELS = ['lost', 'high', 'medium', 'low'] as const;

function segmentsOrFail(result: AnalysisResult) {
  if (!result.segments) throw new DataAbsentError('Customer segments are not available for this file (it has no customer column).');
  return result.segments;
}

function churnOrFail(result: AnalysisResult) {
  if (!result.churn || result.churn.model === 'unavailable') {
    throw new DataAbsentError(
      dataString(result.churn?.note, MAX_DATA_SENTENCE) ?? 'Churn risk is not available for this file (it needs customers and dates).',
    );
  }
  return result.churn;
}

/** `where`: customers picked by their rows, with query_data's filters. */
const whereInput = z
  .array(QueryFilterSchema)
  .min(1)
  .max(4)
  .optional()
  .describe(
    'Only customers with at least one row matching these filters, as query_data takes them: another column, a category, a product, a supplier (e.g. [{"dimension": "State", "values": ["Texas"]}] for "customers in Texas").',
  );

/**
 * The customers with rows matching `where` (engine/query/customers-where.ts), or null for
 * every customer. The analysis keeps no column but the region per customer, so this reads
 * the stored rows.
 */
async function customersAmong(context: ToolContext, where: z.infer<typeof whereInput>): Promise<CustomersWhere | null> {
  if (!where) return null;
  if (!context.snapshot)
    throw new DataAbsentError("The cleaned rows of this analysis are not stored, so customers can't be picked by what their rows hold.");
  try {
    return await customersWhere(context.snapshot, where);
  } catch (error) {
    if (error instanceof QueryRefusal) throw new ToolInputError(error.message);
    throw error;
  }
}

function customerRow(customer: SegmentCustomer) {
  return {
    id: dataString(customer.id),
    name: dataString(customer.name),
    revenue: money(customer.revenue),
    orders: customer.orders,
    firstOrder: customer.firstOrder,
    lastOrder: customer.lastOrder,
    recencyDays: customer.recencyDays,
    segment: customer.segment,
  };
}

/** One churn-list customer; `revenue`, what they bought over the whole file, when the segments know it. */
function churnRow(customer: ChurnCustomer, revenue?: number) {
  return {
    id: dataString(customer.id),
    name: dataString(customer.name),
    risk: customer.risk,
    pAlivePct: customer.pAlive === null ? null : pct(customer.pAlive),
    daysSinceLastOrder: customer.daysSinceLastOrder,
    typicalGapDays: customer.typicalGapDays,
    purchaseDays: customer.purchaseDays ?? null,
    revenue12m: money(customer.revenue12m),
    revenueAtRisk: money(customer.revenueAtRisk),
    // The purchase models' spend of the next 12 months (customer lifetime value), where they fit.
    clv12m: typeof customer.clv12m === 'number' ? money(customer.clv12m) : null,
    ...(revenue === undefined ? {} : { revenue: money(revenue) }),
  };
}

export const getSegments = defineTool({
  name: 'get_segments',
  description:
    "RFM customer segments (Champions, Loyal, At Risk, …) with customers, revenue and revenue share, plus ABC tiers. With `segment`, also lists that segment's members by revenue (in `selected`); with `where`, only the members whose rows match it (their revenue is still over the whole file, and the summary stays whole-file).",
  input: z.object({
    segment: z.enum(SEGMENT_NAMES).optional().describe('One segment to list the members of.'),
    where: whereInput,
    limit: limitInput(10),
  }),
  run: async (context, { segment, where, limit }) => {
    const segments = segmentsOrFail(context.result);
    const among = await customersAmong(context, where);
    return {
      notice: DATA_NOTICE,
      method: dataString(segments.method, MAX_DATA_SENTENCE),
      segments: segments.summary.map((row) => ({
        segment: row.segment,
        customers: row.customers,
        revenue: money(row.revenue),
        revenueSharePct: pct(row.revenueShare),
      })),
      abcTiers: segments.abcSummary.map((row) => ({
        tier: row.tier,
        customers: row.customers,
        revenue: money(row.revenue),
        revenueSharePct: pct(row.revenueShare),
      })),
      where: among ? dataString(among.words, MAX_DATA_SENTENCE) : null,
      selected: segment ? segmentMembers(segments, segment, limit, among) : null,
    };
  },
});

function segmentMembers(segments: Segments, segment: SegmentName, limit: number, among: CustomersWhere | null) {
  const members = segments.customers
    .filter((c) => c.segment === segment && (!among || among.customers.has(c.name)))
    .sort((a, b) => b.revenue - a.revenue);
  const summary = segments.summary.find((row) => row.segment === segment);
  // Picked by their rows, the members' revenue is theirs over the whole file; a share of it would mislead.
  const revenue = among ? members.reduce((sum, c) => sum + c.revenue, 0) : (summary?.revenue ?? 0);
  return {
    segment,
    customers: members.length,
    revenue: money(revenue),
    revenueSharePct: among ? null : pct(summary?.revenueShare ?? 0),
    members: members.slice(0, limit).map(customerRow),
    more: Math.max(0, members.length - limit),
  };
}

export const getConcentration = defineTool({
  name: 'get_concentration',
  description:
    'How concentrated revenue is across customers: the top customer and its share, top-10 and top-20% shares, how many customers make 80% of revenue, HHI, Gini, the level and the key accounts.',
  input: z.object({}),
  run: ({ result }) => {
    const c = result.concentration;
    if (!c) throw new DataAbsentError('Revenue concentration is not available for this file (it has no customer column).');
    return {
      notice: DATA_NOTICE,
      topCustomer: c.topCustomer && {
        id: dataString(c.topCustomer.id),
        name: dataString(c.topCustomer.name),
        revenue: money(c.topCustomer.revenue),
        sharePct: pct(c.topCustomer.share),
      },
      top10SharePct: pct(c.top10Share),
      top20PctOfCustomersSharePct: pct(c.top20PctShare),
      customersFor80Pct: c.customersFor80Pct,
      customers: result.totals.customers,
      customersWithRevenue: c.customersWithRevenue ?? null,
      hhi: round(c.hhi, 0),
      gini: round(c.gini, 2),
      level: c.level,
      levelBasis: dataString(c.levelBasis, MAX_DATA_SENTENCE),
      flags: c.flags.slice(0, 5).map((flag) => dataString(flag, MAX_DATA_SENTENCE)),
      keyAccounts: c.keyAccounts.slice(0, 10).map((a) => ({ id: dataString(a.id), name: dataString(a.name), sharePct: pct(a.share) })),
    };
  },
});

export const getChurnRisk = defineTool({
  name: 'get_churn_risk',
  description:
    "Customers likely to stop buying, by revenue at risk: probability still active, days since last order vs their usual gap, and 12-month revenue at risk. Defaults to lost, high and medium risk; optionally only customers in one region, or those whose rows match `where` (revenueAtRisk and counts stay whole-file; `matched` counts the customers kept). Also how accurate the list was on the file's own last 90 days (backtest), how long customers who came back go between purchases (purchaseGap), and the predicted spend of the next 12 months, the customer lifetime value (customerValue12m: the total and the customers worth most).",
  input: z.object({
    risk: z.enum(RISK_LEVELS).optional().describe('Only this risk level.'),
    region: z.string().trim().min(1).max(60).optional().describe('Only customers in this region.'),
    where: whereInput,
    amongTop: z
      .number()
      .int()
      .min(1)
      .max(500)
      .optional()
      .describe('Only customers among the top N by revenue over the whole file ("which of our top 20 customers are at risk?").'),
    limit: limitInput(10),
    valueTop: z
      .number()
      .int()
      .min(1)
      .max(25)
      .optional()
      .describe('How many of the customers worth most to list in customerValue12m ("top 10 customers by lifetime value"); 5 by default.'),
  }),
  run: async (context, { risk, region, where, amongTop, limit, valueTop }) => {
    const { result } = context;
    const churn = churnOrFail(result);
    const wanted = risk ? [risk] : ['lost', 'high', 'medium'];
    const inRegion = await regionFilter(context, region, 'pass `where` with the region for the customers with rows there.');
    const inTop = topCustomersFilter(result, amongTop);
    const among = await customersAmong(context, where);
    // The engine's order (most revenue at risk first), so the call list reads the same everywhere.
    const matching = churn.customers.filter(
      (c) => wanted.includes(c.risk) && inRegion(c.id) && inTop(c.id) && (!among || among.customers.has(c.name)),
    );
    const count = (level: string) => churn.customers.filter((c) => c.risk === level).length;
    const lifetime = new Map((result.segments?.customers ?? []).map((c) => [c.id, c.revenue]));
    return {
      notice: DATA_NOTICE,
      model: churn.model,
      note: dataString(churn.note, MAX_DATA_SENTENCE),
      revenueAtRisk: money(churn.revenueAtRisk),
      counts: { lost: count('lost'), high: count('high'), medium: count('medium'), low: count('low') },
      // Medium is every one-time buyer not high or lost: they have no rhythm to be quieter than.
      mediumBoughtOnce: churn.customers.filter((c) => c.risk === 'medium' && boughtOnce(c)).length,
      // How each customer was rated, in words ("How did you calculate churn risk?").
      rules: churnRulesOf(churn.model),
      region: dataString(region),
      where: among ? dataString(among.words, MAX_DATA_SENTENCE) : null,
      amongTop: amongTop ?? null,
      matched: matching.length,
      customers: matching.slice(0, limit).map((c) => churnRow(c, lifetime.get(c.id))),
      more: Math.max(0, matching.length - limit),
      backtest: backtestSummary(churn.backtest),
      purchaseGap: churn.repeatGap
        ? { medianDaysBetweenPurchaseDays: round(churn.repeatGap.medianDays, 1), repeatCustomers: churn.repeatGap.customers }
        : null,
      customerValue12m: churn.clv12mTotal ? customerValueOf(churn.customers, churn.clv12mTotal, valueTop ?? 5) : null,
    };
  },
});

/** The rules the churn list was rated by: the fitted model's, or the rhythm rules without a fit. */
function churnRulesOf(model: 'bg-nbd' | 'heuristic' | 'unavailable') {
  return model === 'bg-nbd'
    ? {
        method: 'BG/NBD model (Fader, Hardie & Lee 2005)',
        ratings: CHURN_RISK_RULES,
        score: CHURN_SCORE_RULE,
        oneTimeBuyers: ONE_TIME_BUYER_RULE,
      }
    : {
        method: 'rhythm rules (too few repeat customers to fit the model)',
        ratings: HEURISTIC_RULES,
        score: null,
        oneTimeBuyers: HEURISTIC_ONE_TIME_RULE,
      };
}

/** One purchase day (analyses stored before `purchaseDays` tell it by having no gap). */
function boughtOnce(c: ChurnCustomer): boolean {
  return (c.purchaseDays ?? (c.typicalGapDays === null ? 1 : 2)) === 1;
}

/**
 * The predicted 12-month spend: the whole file's, and the five customers worth most (ties in
 * the engine's order: `sort` is stable).
 */
function customerValueOf(customers: readonly ChurnCustomer[], total: { value: number; customers: number }, n: number) {
  const top = customers
    .filter((c): c is ChurnCustomer & { clv12m: number } => typeof c.clv12m === 'number')
    .sort((p, q) => q.clv12m - p.clv12m)
    .slice(0, n);
  return {
    total: money(total.value),
    customers: total.customers,
    top: top.map((c) => ({ id: dataString(c.id), name: dataString(c.name), clv12m: money(c.clv12m), risk: c.risk })),
  };
}

/** A test for "this customer is among the top `n` by revenue" (ties by name), or always true. */
function topCustomersFilter(result: AnalysisResult, n: number | undefined): (customerId: string) => boolean {
  if (n === undefined) return () => true;
  // Customers who tie with the Nth are among the top N, as rank_customers lists them, so "the top 10" is the same in both.
  const ranked = [...(result.segments?.customers ?? [])].sort((p, q) => q.revenue - p.revenue || p.name.localeCompare(q.name));
  const tie = tieAtCut(ranked.length, n, (k) => ranked[k].revenue);
  const top = new Set(ranked.slice(0, tie?.end ?? n).map((c) => c.id));
  return (id) => top.has(id);
}

/**
 * A test for "this customer is in `region`" (always true without one); refuses when regions
 * are unknown, or are the orders' rather than the customers' (`regionSpreadOf`), where `how`
 * says what to ask instead.
 */
async function regionFilter(
  { customerRegions: regions, snapshot }: ToolContext,
  region: string | undefined,
  how: string,
): Promise<(customerId: string) => boolean> {
  if (region === undefined) return () => true;
  // A file without a region column is an expected absence, not a tool error.
  if (!regions) throw new DataAbsentError('This analysis has no region per customer.');
  const spread = await regionSpreadOf(snapshot, regions, region);
  if (spread) throw new DataAbsentError(`${regionSpreadSaid(spread)} So a customer has no one region here: ${how}`);
  const wanted = normalise(region);
  return (id) => normalise(regions[id] ?? '') === wanted;
}

/** Customers whose id or name matches the query: exact id, exact name, then contains. */
export function matchCustomers(result: AnalysisResult, query: string): SegmentCustomer[] {
  return matchByIdOrName(result.segments?.customers ?? [], query);
}

export const findCustomer = defineTool({
  name: 'find_customer',
  description:
    'Looks a customer up by id or name (or part of it): revenue, orders, first and last order, segment, churn risk and cross-sell suggestions.',
  input: z.object({ query: z.string().trim().min(1).max(100).describe('Customer id or name.') }),
  run: ({ result }, { query }) => {
    const matches = matchCustomers(result, query);
    if (matches.length === 0) throw new ToolInputError(`No customer matches ${JSON.stringify(dataString(query))}.`);
    const churnById = new Map((result.churn?.customers ?? []).map((c) => [c.id, c]));
    const total = result.totals.revenue;
    return {
      notice: DATA_NOTICE,
      matches: matches.length,
      customers: matches.slice(0, 5).map((c) => {
        const churn = churnById.get(c.id);
        return {
          ...customerRow(c),
          firstOrder: c.firstOrder,
          revenueSharePct: total > 0 ? pct(c.revenue / total) : null,
          abc: c.abc,
          churn: churn ? churnRow(churn) : null,
          crossSell: (result.crossSell?.opportunities ?? [])
            .filter((o) => o.customer.id === c.id)
            .slice(0, 3)
            .map((o) => ({
              // "Chairs (sub-category)" when the rules pair groups, never a bare group name posing as a product.
              product: dataString(result.crossSell ? offerName(result.crossSell, o.product.name) : o.product.name),
              because: dataString(o.because, MAX_DATA_SENTENCE),
              score: round(o.score, 2),
            })),
        };
      }),
    };
  },
});

const CUSTOMER_METRICS = ['revenue', 'orders', 'recencyDays', 'firstOrder', 'revenueAtRisk', 'revenue12m'] as const;
type CustomerMetric = (typeof CUSTOMER_METRICS)[number];

export const rankCustomers = defineTool({
  name: 'rank_customers',
  description:
    'Ranks customers by a metric (revenue, orders, recencyDays, firstOrder, revenueAtRisk, revenue12m), highest first by default (for firstOrder: the newest customers first), optionally only one segment, churn risk level or region.',
  input: z.object({
    metric: z.enum(CUSTOMER_METRICS).default('revenue'),
    direction: z.enum(['desc', 'asc']).default('desc').describe('desc = highest first.'),
    segment: z.enum(SEGMENT_NAMES).optional(),
    risk: z.enum(RISK_LEVELS).optional(),
    region: z.string().trim().min(1).max(60).optional(),
    limit: limitInput(10),
  }),
  run: async (context, input) =>
    rankCustomersOf(
      context,
      input,
      await regionFilter(context, input.region, 'ask `query_data` for revenue by customer with a filter on the region.'),
    ),
});

interface RankCustomersInput {
  metric: CustomerMetric;
  direction: 'desc' | 'asc';
  segment?: SegmentName;
  risk?: ChurnCustomer['risk'];
  region?: string;
  limit: number;
}

function rankCustomersOf({ result }: ToolContext, input: RankCustomersInput, inRegion: (customerId: string) => boolean) {
  const customers = segmentsOrFail(result).customers;
  const churnById = new Map((result.churn?.customers ?? []).map((c) => [c.id, c]));
  const needsChurn = input.risk !== undefined || input.metric === 'revenueAtRisk' || input.metric === 'revenue12m';
  if (needsChurn) churnOrFail(result);
  const value = (c: SegmentCustomer): number | null => {
    if (input.metric === 'revenue') return c.revenue;
    if (input.metric === 'orders') return c.orders;
    if (input.metric === 'recencyDays') return c.recencyDays;
    if (input.metric === 'firstOrder') return c.firstOrder === null ? null : Date.parse(c.firstOrder);
    return churnById.get(c.id)?.[input.metric] ?? null;
  };
  const sign = input.direction === 'desc' ? -1 : 1;
  const matching = customers
    .filter((c) => !input.segment || c.segment === input.segment)
    .filter((c) => !input.risk || churnById.get(c.id)?.risk === input.risk)
    .filter((c) => inRegion(c.id))
    .filter((c) => value(c) !== null)
    .sort((a, b) => sign * ((value(a) ?? 0) - (value(b) ?? 0)) || a.name.localeCompare(b.name));
  // "The 5 most frequent customers" cut a 7-way tie at 13 orders after 4 of them, in name order.
  const { shown, places, tie } = rankedCut(matching, input.limit, MAX_ROWS, value);
  return {
    notice: DATA_NOTICE,
    metric: input.metric,
    direction: input.direction,
    filter: { segment: input.segment ?? null, risk: input.risk ?? null, region: dataString(input.region) },
    matched: matching.length,
    /** The customers sharing the last place's figure, when they run past the limit: all listed if they fit in MAX_ROWS. */
    tie,
    customers: shown.map((c, index) => ({
      rank: places[index],
      ...customerRow(c),
      ...(input.metric === 'revenueAtRisk' || input.metric === 'revenue12m' ? { [input.metric]: money(value(c) ?? 0) } : {}),
      risk: churnById.get(c.id)?.risk ?? null,
    })),
  };
}
