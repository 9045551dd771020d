/**
 * `get_overview` and `get_trend`: the dataset, its totals and the monthly series.
 */
import { fullMonthsOf, partialMonthsOf } from '../../engine/analyses/partial-months';
import { DataAbsentError } from './data-absent';
import { z } from 'zod';
import type { AnalysisResult, MonthPoint } from '../../engine/contract';
import { joinSentences } from '../../engine/render/join-summary';
import { dataString, defineTool, MAX_DATA_SENTENCE, money, round, ToolInputError } from './tool-kit';

const MONTH = z.string().regex(/^\d{4}-\d{2}$/, 'Use YYYY-MM');

/** Most months `get_trend` lists; longer ranges keep the most recent ones. */
const MAX_MONTHS = 24;

export const getOverview = defineTool({
  name: 'get_overview',
  description:
    'Totals for the whole file: revenue, cost, gross margin, customers, orders, products, suppliers, the period covered, the currency, rows used and rejected, which analyses are available, and (for joined files) how each lookup file was joined, with returned orders and their revenue.',
  input: z.object({}),
  run: ({ result }) => overviewOf(result),
});

function overviewOf(result: AnalysisResult) {
  const { dataset, totals } = result;
  return {
    fileName: dataString(dataset.fileName),
    period: dataset.period,
    currency: dataset.currency,
    rowsUsed: dataset.rowsUsed,
    rowsRejected: dataset.rowsRejected,
    revenue: money(totals.revenue),
    cost: totals.cost === null ? null : money(totals.cost),
    grossMargin: totals.grossMargin === null ? null : money(totals.grossMargin),
    grossMarginPct: totals.grossMarginPct === null ? null : round(totals.grossMarginPct, 1),
    customers: totals.customers,
    orders: totals.orders,
    averageOrderValue: totals.orders > 0 ? money(totals.revenue / totals.orders) : null,
    products: totals.products,
    suppliers: totals.suppliers,
    yoyGrowthPct: result.trend.yoyGrowthPct === null ? null : round(result.trend.yoyGrowthPct, 1),
    available: {
      segments: result.segments !== null,
      concentration: result.concentration !== null,
      churn: result.churn !== null && result.churn.model !== 'unavailable',
      products: result.products?.available ?? false,
      margins: result.products?.marginAvailable ?? false,
      suppliers: result.suppliers?.available ?? false,
      crossSell: result.crossSell?.available ?? false,
      trend: result.trend.monthly.length > 0,
    },
    warnings: dataset.warnings.slice(0, 5).map((warning) => dataString(warning, MAX_DATA_SENTENCE)),
    // Only for joined files, so a single file's overview is exactly as before.
    ...(result.joins ? { joined: joinSentences(result.joins, dataset.currency).map((s) => dataString(s, MAX_DATA_SENTENCE)) } : {}),
  };
}

export const getTrend = defineTool({
  name: 'get_trend',
  description:
    'Monthly revenue, orders and active customers, optionally for a range of months (from/to as YYYY-MM, inclusive), with the range total, the best and worst month and the change from first to last month, and yoyGrowthPct: the last 12 full months of the file against the 12 before (whatever the range). Use it for totals of a month, quarter or year.',
  input: z.object({
    from: MONTH.optional().describe('First month, YYYY-MM.'),
    to: MONTH.optional().describe('Last month, YYYY-MM.'),
  }),
  run: ({ result }, { from, to }) => trendOf(result, from, to),
});

function trendOf(result: AnalysisResult, from: string | undefined, to: string | undefined) {
  const all = result.trend.monthly;
  if (all.length === 0) throw new DataAbsentError('The file has no dates, so there is no monthly trend.');
  if (from && to && from > to) throw new ToolInputError(`The range starts (${from}) after it ends (${to}).`);
  const inRange = all.filter((point) => (!from || point.month >= from) && (!to || point.month <= to));
  if (inRange.length === 0) {
    throw new DataAbsentError(
      `No data between ${from ?? all[0].month} and ${to ?? all[all.length - 1].month}; the data covers ${all[0].month} to ${all[all.length - 1].month}.`,
    );
  }
  const shown = inRange.slice(-MAX_MONTHS);
  // The months are stored rounded to the cent: their sum drifts (Superstore's 48 added up to
  // 2,297,200.85 against the file's 2,297,200.86), so all of them are the file's own total.
  const revenue = money(inRange.length === all.length ? result.totals.revenue : inRange.reduce((sum, point) => sum + point.revenue, 0));
  const orders = inRange.reduce((sum, point) => sum + point.orders, 0);
  // Partial first/last months (the data starts or ends mid-month) are shown but never
  // compared: best, worst and first-to-last use full months only, and need two of them
  // (one month is both the best and the worst, which says nothing).
  const partialMonths = partialMonthsOf(all, result.dataset.period).filter((month) => inRange.some((p) => p.month === month));
  const compared = fullMonthsOf(inRange, partialMonths);
  const comparable = compared.length > 1;
  const first = compared[0];
  const last = compared[compared.length - 1];
  return {
    range: { from: inRange[0].month, to: inRange[inRange.length - 1].month, months: inRange.length },
    dataCovers: { from: all[0].month, to: all[all.length - 1].month },
    total: { revenue, orders, averageMonthlyRevenue: money(revenue / inRange.length) },
    partialMonths,
    // A partial month would pull the average down, and a file of one day read "Average month: $1,039,951.09".
    ...(partialMonths.length > 0
      ? {
          fullMonths: compared.length,
          averageFullMonthRevenue:
            compared.length > 0 ? money(compared.reduce((sum, point) => sum + point.revenue, 0) / compared.length) : null,
        }
      : {}),
    best: comparable ? monthRow(extreme(compared, 1)) : null,
    worst: comparable ? monthRow(extreme(compared, -1)) : null,
    firstToLastChangePct: comparable && first.revenue > 0 ? round(((last.revenue - first.revenue) / first.revenue) * 100, 1) : null,
    yoyGrowthPct: result.trend.yoyGrowthPct === null ? null : round(result.trend.yoyGrowthPct, 1),
    // Whether a fall can be traced to products: CDNOW's rows name none.
    hasProducts: (result.products?.items.length ?? 0) > 0,
    monthly: shown.map(monthRow),
    ...(shown.length < inRange.length ? { olderMonthsOmitted: inRange.length - shown.length } : {}),
  };
}

function extreme(points: MonthPoint[], sign: 1 | -1): MonthPoint {
  return points.reduce((best, point) => (sign * (point.revenue - best.revenue) > 0 ? point : best));
}

function monthRow(point: MonthPoint) {
  return { month: point.month, revenue: money(point.revenue), orders: point.orders, customers: point.customers };
}
