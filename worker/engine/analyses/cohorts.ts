/**
 * Cohort retention (issue 16 part 1): customers grouped by the period of their first
 * purchase, and for each cohort and each later period k (k = 0 is the acquisition
 * period), up to the last complete period at the as-of date:
 *
 * - logo retention(k)    = cohort customers with a purchase (a non-return order) in period k / cohort customers;
 * - revenue retention(k) = the cohort's net revenue in period k / its net revenue in period 0;
 * - NRR and GRR year over year of the cohort's customers (net-retention.ts).
 *
 * Grain: calendar months, unless the median number of customers won per month (the first
 * month left out, as it also holds every existing customer) is below MIN_MONTHLY_COHORT —
 * a short or sparse file — then quarters, so a cohort's percentages are not those of a
 * handful of customers. Reads only the customer × month aggregates.
 */
import type { Aggregates } from '../aggregate/types';
import type { CohortAverage, CohortGrain, CohortRow, Cohorts } from '../contract';
import {
  lastCompleteMonth,
  lastCompletePeriod,
  monthOfEpochDay,
  monthStartIso,
  periodFirstMonth,
  periodLabel,
  periodOfMonth,
} from './cohort-calendar';
import { netRetentionOf, RetentionSums, windowRevenueOf } from './net-retention';

/** Below this median of customers won per month, cohorts are quarters. */
export const MIN_MONTHLY_COHORT = 20;

const cents = (v: number): number => Math.round(v * 100) / 100;

/** The cohort section of `analysis.json`; `grain` overrides the month/quarter rule. */
export function cohortsOf(agg: Aggregates, asOfDay: number, grainOverride?: CohortGrain): Cohorts {
  if (!agg.hasDates || asOfDay < 0)
    return { available: false, note: 'The file has no dates, so customers cannot be grouped by when they started.' };
  const lastMonth = lastCompleteMonth(asOfDay);
  const firstMonths = firstMonthsOf(agg, lastMonth);
  if (!firstMonths) return { available: false, note: 'No customer made a first purchase before the last complete month.' };
  const grain = grainOverride
    ? { grain: grainOverride, reason: `${grainOverride === 'month' ? 'Monthly' : 'Quarterly'} cohorts, as asked.` }
    : grainOf(firstMonths.counts);
  const lastPeriod = lastCompletePeriod(grain.grain, lastMonth);
  const firstPeriod = periodOfMonth(grain.grain, firstMonths.first);
  if (lastPeriod < firstPeriod)
    return { available: false, note: 'The file does not cover one complete quarter, so no cohort can be followed.' };
  // Iowa's one day (31 January 2012) read "Monthly cohorts: the median month wins 224 new customers": one period has no later one to follow a cohort into.
  if (lastPeriod === firstPeriod)
    return {
      available: false,
      note: `The file covers one ${grain.grain} of first purchases (${periodLabel(grain.grain, firstPeriod)}) and no later one, so no cohort can be followed.`,
    };
  const table = cohortTable(agg, firstMonths.month, grain.grain, firstPeriod, lastPeriod);
  const windows = windowRevenueOf(agg, lastMonth);
  const sums =
    typeof windows === 'string' ? null : cohortRetention(windows, firstMonths.month, grain.grain, firstPeriod, table.rows.length);
  const cohorts = table.rows.map((row, i) => ({ ...row, nrr: sums?.[i].nrr ?? null, grr: sums?.[i].grr ?? null }));
  return {
    available: true,
    grain: grain.grain,
    grainReason: grain.reason,
    observedThrough: periodLabel(grain.grain, lastPeriod),
    cohorts,
    average: averagesOf(cohorts),
    netRetention: netRetentionOf(windows),
    notes: [
      `The first cohort (${cohorts[0].cohort}) also holds every customer already buying when the file starts, so averages leave it out when there are later cohorts.`,
      ...table.notes,
    ],
  };
}

/** Each customer's first-purchase month (-1 for none or after the last complete month) and the new customers per month. */
function firstMonthsOf(agg: Aggregates, lastMonth: number): { month: Int32Array; first: number; counts: number[] } | null {
  const month = new Int32Array(agg.customers.count).fill(-1);
  let first = Infinity;
  for (let c = 0; c < agg.customers.count; c++) {
    const day = agg.customers.firstDay[c];
    if (day < 0) continue;
    const m = monthOfEpochDay(day);
    if (m > lastMonth) continue;
    month[c] = m;
    if (m < first) first = m;
  }
  if (first === Infinity) return null;
  const counts = new Array<number>(lastMonth - first + 1).fill(0);
  for (const m of month) if (m >= 0) counts[m - first]++;
  return { month, first, counts };
}

/** Months, or quarters when the median month (after the first) wins fewer than MIN_MONTHLY_COHORT customers. */
export function grainOf(newPerMonth: readonly number[]): { grain: CohortGrain; reason: string } {
  const later = newPerMonth.slice(1);
  const sorted = [...(later.length ? later : newPerMonth)].sort((x, y) => x - y);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  const words = `the median month wins ${median} new customer${median === 1 ? '' : 's'}`;
  return median >= MIN_MONTHLY_COHORT
    ? { grain: 'month', reason: `Monthly cohorts: ${words} (quarters below ${MIN_MONTHLY_COHORT}).` }
    : {
        grain: 'quarter',
        reason: `Quarterly cohorts: ${words}, fewer than ${MIN_MONTHLY_COHORT}, so monthly cohorts would be too small to read.`,
      };
}

/** Cohort sizes, active customers and revenue per period offset. */
function cohortTable(
  agg: Aggregates,
  firstMonth: Int32Array,
  grain: CohortGrain,
  firstPeriod: number,
  lastPeriod: number,
): { rows: Omit<CohortRow, 'nrr' | 'grr'>[]; notes: string[] } {
  const count = lastPeriod - firstPeriod + 1;
  const size = new Array<number>(count).fill(0);
  const cohortOf = new Int32Array(firstMonth.length).fill(-1);
  firstMonth.forEach((m, c) => {
    const i = m < 0 ? count : periodOfMonth(grain, m) - firstPeriod;
    // Customers won in a period not yet complete join no cohort.
    if (i >= count) return;
    cohortOf[c] = i;
    size[i]++;
  });
  const active = size.map((_, i) => new Array<number>(count - i).fill(0));
  const revenue = size.map((_, i) => new Array<number>(count - i).fill(0));
  // A quarter holds up to three months of one customer; count the customer once.
  const seen = grain === 'quarter' ? new Uint8Array(firstMonth.length * count) : null;
  const { a, b, orders } = agg.customerMonths;
  for (let k = 0; k < a.length; k++) {
    const c = a[k];
    const i = cohortOf[c];
    if (i < 0) continue;
    const offset = periodOfMonth(grain, b[k]) - firstPeriod - i;
    if (offset < 0 || offset >= count - i) continue;
    revenue[i][offset] += agg.customerMonths.revenue[k];
    if (orders[k] === 0) continue;
    if (seen) {
      const slot = c * count + offset;
      if (seen[slot] === 1) continue;
      seen[slot] = 1;
    }
    active[i][offset]++;
  }
  const rows = size.map((customers, i) => ({
    cohort: periodLabel(grain, firstPeriod + i),
    start: monthStartIso(periodFirstMonth(grain, firstPeriod + i)),
    customers,
    active: active[i],
    revenue: revenue[i].map(cents),
    logoRetention: active[i].map((n) => (customers > 0 ? n / customers : 0)),
    revenueRetention: revenue[i].map((r) => (revenue[i][0] > 0 ? r / revenue[i][0] : null)),
    includesExisting: i === 0,
  }));
  const empty = rows.filter((r) => r.customers === 0).length;
  return {
    rows,
    notes: empty ? [`${empty} ${grain === 'month' ? 'month' : 'quarter'}${empty === 1 ? '' : 's'} won no new customer.`] : [],
  };
}

/** NRR/GRR sums per cohort, over each cohort's customers. */
function cohortRetention(
  windows: { prior: Float64Array; current: Float64Array },
  firstMonth: Int32Array,
  grain: CohortGrain,
  firstPeriod: number,
  count: number,
): RetentionSums[] {
  const sums = Array.from({ length: count }, () => new RetentionSums());
  for (let c = 0; c < firstMonth.length; c++) {
    const i = firstMonth[c] < 0 ? count : periodOfMonth(grain, firstMonth[c]) - firstPeriod;
    if (i < count) sums[i].add(windows.prior[c], windows.current[c]);
  }
  return sums;
}

/** Customer-weighted averages per offset, over the cohorts that reached it (the first left out when there are others). */
export function averagesOf(cohorts: readonly CohortRow[]): CohortAverage[] {
  const longest = Math.max(0, ...cohorts.map((c) => c.active.length));
  // When every customer is in the first cohort (CDNOW: all won in 1997-Q1), that cohort is the average.
  const hasLater = cohorts.some((c) => !c.includesExisting && c.customers > 0);
  const out: CohortAverage[] = [];
  for (let k = 0; k < longest; k++) {
    const reached = cohorts.filter((c) => c.active.length > k && c.customers > 0);
    const pool = hasLater ? reached.filter((c) => !c.includesExisting) : reached;
    if (pool.length === 0) break;
    const customers = pool.reduce((s, c) => s + c.customers, 0);
    const withRevenue = pool.filter((c) => c.revenue[0] > 0);
    const base = withRevenue.reduce((s, c) => s + c.revenue[0], 0);
    out.push({
      period: k,
      cohorts: pool.length,
      customers,
      logoRetention: pool.reduce((s, c) => s + c.active[k], 0) / customers,
      revenueRetention: base > 0 ? withRevenue.reduce((s, c) => s + c.revenue[k], 0) / base : null,
    });
  }
  return out;
}
