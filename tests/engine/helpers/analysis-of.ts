/**
 * Test helper: an `AnalysisResult` from test aggregates, made of the six analyses under
 * test plus plain totals and a monthly trend read straight off the aggregates. Kept apart
 * from `analyse()` so these tests exercise only the analyses and renderers.
 */
import type { Aggregates } from '../../../worker/engine/aggregate/types';
import { epochDay, isoDay, monthLabel } from '../../../worker/engine/aggregate/types';
import { churnOf } from '../../../worker/engine/analyses/churn';
import { concentrationOf } from '../../../worker/engine/analyses/concentration';
import { crossSellOf } from '../../../worker/engine/analyses/cross-sell';
import { productsOf } from '../../../worker/engine/analyses/products';
import { segmentsOf } from '../../../worker/engine/analyses/segments';
import { suppliersOf } from '../../../worker/engine/analyses/suppliers';
import { ANALYSIS_CONTRACT_VERSION, type AnalysisResult } from '../../../worker/engine/contract';

export function analysisOf(agg: Aggregates, asOf?: string): AnalysisResult {
  const day = asOf ? epochDay(asOf) : agg.lastDay;
  const cost = agg.totals.cost;
  const margin = cost === null ? null : agg.totals.revenue - cost;
  return {
    version: ANALYSIS_CONTRACT_VERSION,
    generatedAt: '2025-01-01T00:00:00.000Z',
    asOf: isoDay(day),
    dataset: agg.profile,
    totals: {
      revenue: agg.totals.revenue,
      cost,
      grossMargin: margin,
      grossMarginPct: margin === null || agg.totals.revenue === 0 ? null : (margin / agg.totals.revenue) * 100,
      customers: agg.customers.count,
      orders: agg.totals.orders,
      products: agg.products.count,
      suppliers: agg.hasSupplier ? agg.suppliers.count : null,
    },
    trend: {
      monthly: Array.from(agg.months.months, (m, i) => ({
        month: monthLabel(m),
        revenue: agg.months.revenue[i],
        orders: agg.months.orders[i],
        customers: agg.months.customers[i],
      })),
      yoyGrowthPct: null,
    },
    segments: segmentsOf(agg, day),
    concentration: concentrationOf(agg),
    churn: churnOf(agg, day),
    products: productsOf(agg, day),
    suppliers: suppliersOf(agg),
    crossSell: crossSellOf(agg),
  };
}
