/**
 * The overview sections of `analysis.json`: the dataset profile, the headline totals and
 * the monthly trend. Money is rounded to cents here, at the edge; aggregates keep full
 * precision.
 */
import type { Aggregates } from '../aggregate/types';
import { isoDay, monthLabel } from '../aggregate/types';
import type { DatasetProfile, Totals, Trend } from '../contract';
import { partialMonthsOf } from './partial-months';

const cents = (v: number): number => Math.round(v * 100) / 100;

/** The dataset profile written during ingestion (roles, rows, rejects, warnings). */
export function datasetOf(agg: Aggregates): DatasetProfile {
  return agg.profile;
}

/**
 * Headline totals. Orders exclude returns and credit notes; customers are every customer
 * id seen (returns included), as in UCI's published counts.
 */
export function totalsOf(agg: Aggregates): Totals {
  const revenue = cents(agg.totals.revenue);
  const cost = agg.totals.cost === null ? null : cents(agg.totals.cost);
  const grossMargin = cost === null ? null : cents(agg.totals.revenue - (agg.totals.cost ?? 0));
  return {
    revenue,
    cost,
    grossMargin,
    grossMarginPct: grossMargin === null || agg.totals.revenue === 0 ? null : Math.round((grossMargin / agg.totals.revenue) * 10_000) / 100,
    customers: agg.customers.count,
    orders: agg.totals.orders,
    products: agg.products.count,
    suppliers: agg.hasSupplier ? agg.suppliers.count : null,
    revenueWithoutCustomer: cents(agg.totals.revenueWithoutCustomer),
    returnsValue: cents(agg.totals.returnsValue),
  };
}

/**
 * Monthly revenue, orders and active customers, and year-over-year growth: the last 12
 * full months against the 12 before them, when there are at least 24 full months. A
 * partial month at either end is left out, as best and weakest months leave it out: the
 * generated file, which ends on 3 January, read "year on year −8.0%" for 11 months and 3
 * days against 12 months, while the 12 full months grew 0.8%.
 */
export function trendOf(agg: Aggregates): Trend {
  const { months, revenue, orders, customers } = agg.months;
  const monthly = Array.from(months, (m, i) => ({
    month: monthLabel(m),
    revenue: cents(revenue[i]),
    orders: orders[i],
    customers: customers[i],
  }));
  const partial = partialMonthsOf(monthly, { from: isoDay(agg.firstDay), to: isoDay(agg.lastDay) });
  const start = partial.includes(monthly[0]?.month) ? 1 : 0;
  const end = monthly.length - (monthly.length > 1 && partial.includes(monthly[monthly.length - 1].month) ? 1 : 0);
  let yoyGrowthPct: number | null = null;
  if (end - start >= 24) {
    let last = 0;
    let previous = 0;
    for (let i = end - 12; i < end; i++) last += revenue[i];
    for (let i = end - 24; i < end - 12; i++) previous += revenue[i];
    if (previous > 0) yoyGrowthPct = Math.round(((last - previous) / previous) * 10_000) / 100;
  }
  return { monthly, yoyGrowthPct };
}
