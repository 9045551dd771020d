/**
 * `get_retention`: cohort retention and net revenue retention from `result.cohorts`
 * (issue 16 part 1). Optionally one cohort by label ("2025-Q1", "2025-03") and a period
 * offset for the comparison with the average ("after 6 months").
 */
import { z } from 'zod';
import type { CohortRow, Cohorts } from '../../engine/contract';
import { comparisonSentence, latestComparison, offsetWords, relationOf, sixMonthOffset } from '../../engine/render/cohort-findings';
import { DataAbsentError } from './data-absent';
import { defineTool, money, pct, round } from './tool-kit';

type Available = Extract<Cohorts, { available: true }>;

/** Most cohorts listed (the most recent ones). */
const MAX_COHORTS = 12;
/** Most periods listed per cohort. */
const MAX_PERIODS = 13;

export const getRetention = defineTool({
  name: 'get_retention',
  description:
    'Cohort retention and net revenue retention: customers grouped by the month or quarter of their first purchase; per cohort the share still buying and the revenue kept in each later period; NRR and GRR year over year (last 12 complete months against the 12 before, for customers who bought then). ' +
    'cohort: one cohort label such as "2025-Q1" or "2025-03"; period: the periods since first purchase to compare with the average (default six months).',
  input: z.object({
    cohort: z.string().max(10).optional().describe('A cohort label, YYYY-MM or YYYY-Qn.'),
    period: z.number().int().min(1).max(120).optional().describe('Periods since first purchase (months or quarters, as the cohorts are).'),
  }),
  run: ({ result }, input) => retentionOf(result.cohorts, input.cohort, input.period),
});

function pcts(values: readonly (number | null)[]): (number | null)[] {
  return values.slice(0, MAX_PERIODS).map((v) => (v === null ? null : pct(v)));
}

function cohortRow(row: CohortRow) {
  return {
    cohort: row.cohort,
    customers: row.customers,
    logoRetentionPct: pcts(row.logoRetention),
    revenueRetentionPct: pcts(row.revenueRetention),
    nrrPct: row.nrr === null ? null : pct(row.nrr),
    grrPct: row.grr === null ? null : pct(row.grr),
    ...(row.includesExisting ? { includesExistingCustomers: true } : {}),
  };
}

/** "Q1 2025", "2025 q1" → "2025-Q1"; a month asked of quarterly cohorts → its quarter. */
export function canonicalCohort(label: string, grain: Available['grain']): string {
  const t = label.trim().toUpperCase();
  const q = /^(?:Q([1-4])[\s-]*(\d{4})|(\d{4})[\s-]*Q([1-4]))$/.exec(t);
  if (q) return q[1] ? `${q[2]}-Q${q[1]}` : `${q[3]}-Q${q[4]}`;
  const m = /^(\d{4})-(\d{2})$/.exec(t);
  if (m && grain === 'quarter') return `${m[1]}-Q${Math.ceil(Number(m[2]) / 3)}`;
  return t;
}

function chosenComparison(cohorts: Available, label: string | undefined, period: number | undefined) {
  if (!label) {
    const latest = latestComparison(cohorts);
    if (!latest || period === undefined) return latest;
    return { ...latest, k: period };
  }
  const wanted = canonicalCohort(label, cohorts.grain);
  const cohort = cohorts.cohorts.find((c) => c.cohort === wanted);
  // A cohort outside the data is answered like a period outside the data: normally, with the reason.
  if (!cohort) {
    throw new DataAbsentError(
      `No ${cohorts.grain} cohort "${label}". Cohorts run from ${cohorts.cohorts[0].cohort} to ${cohorts.cohorts[cohorts.cohorts.length - 1].cohort} (${cohorts.grain === 'month' ? 'YYYY-MM' : 'YYYY-Qn'}).`,
    );
  }
  const k = Math.min(period ?? sixMonthOffset(cohorts), cohort.active.length - 1);
  return { cohort, k, retention: cohort.logoRetention[k], average: cohorts.average.find((a) => a.period === k)?.logoRetention ?? NaN };
}

function retentionOf(cohorts: Cohorts | null | undefined, label: string | undefined, period: number | undefined) {
  if (!cohorts) throw new DataAbsentError('This analysis was computed before cohort retention existed.');
  if (!cohorts.available) throw new DataAbsentError(cohorts.note);
  const comparison = chosenComparison(cohorts, label, period);
  const k = comparison?.k ?? null;
  const valid = comparison && k !== null && k < comparison.cohort.active.length && Number.isFinite(comparison.average);
  const n = cohorts.netRetention;
  return {
    grain: cohorts.grain,
    grainRule: cohorts.grainReason,
    completeThrough: cohorts.observedThrough,
    netRetention: n.available
      ? {
          available: true as const,
          prior: n.prior,
          current: n.current,
          customers: n.customers,
          stillBuying: n.retainedCustomers,
          nrrPct: pct(n.nrr),
          grrPct: pct(n.grr),
          startingRevenue: money(n.priorRevenue),
          revenueNow: money(n.currentRevenue),
          expansion: money(n.expansion),
          contraction: money(n.contraction),
          churned: money(n.churned),
        }
      : { available: false as const, reason: n.note },
    comparison: valid
      ? {
          cohort: comparison.cohort.cohort,
          customers: comparison.cohort.customers,
          after: offsetWords(cohorts, comparison.k),
          retentionPct: pct(comparison.retention),
          averagePct: pct(comparison.average),
          relation: relationOf({ ...comparison, customers: comparison.cohort.customers }),
          sentence: comparisonSentence(cohorts, comparison),
        }
      : null,
    average: cohorts.average.slice(0, MAX_PERIODS).map((a) => ({
      period: a.period,
      cohorts: a.cohorts,
      logoRetentionPct: pct(a.logoRetention),
      revenueRetentionPct: a.revenueRetention === null ? null : round(a.revenueRetention * 100, 1),
    })),
    cohorts: (label ? cohorts.cohorts.filter((c) => c === comparison?.cohort) : cohorts.cohorts.slice(-MAX_COHORTS)).map(cohortRow),
    ...(cohorts.cohorts.length > MAX_COHORTS && !label ? { olderCohortsOmitted: cohorts.cohorts.length - MAX_COHORTS } : {}),
  };
}
