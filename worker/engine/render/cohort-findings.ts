/**
 * The cohort findings in words, shared by the report, the dashboard, the executive
 * summary and the offline analyst: NRR/GRR year over year, and how the latest cohort
 * that reached the six-month mark compares with the average of all cohorts there.
 */
import type { CohortRow, Cohorts } from '../contract';
import { plural, share } from './format';

type Available = Extract<Cohorts, { available: true }>;

/** A cohort with fewer customers than this is not singled out in a finding. */
export const MIN_FINDING_COHORT = 10;

/** The period offset six months after acquisition (6 months or 2 quarters). */
export function sixMonthOffset(cohorts: Available): number {
  return cohorts.grain === 'month' ? 6 : 2;
}

/** "6 months" / "2 quarters". */
export function offsetWords(cohorts: Available, k: number): string {
  const unit = cohorts.grain === 'month' ? 'month' : 'quarter';
  return `${k} ${unit}${k === 1 ? '' : 's'}`;
}

/** The comparison a finding makes: one cohort's logo retention at offset k against the average there. */
export interface CohortComparison {
  cohort: CohortRow;
  k: number;
  retention: number;
  average: number;
}

/**
 * The most recent cohort (not the first, which holds existing customers) with at least
 * MIN_FINDING_COHORT customers that reached six months, or the longest offset reached
 * when no cohort did yet.
 */
export function latestComparison(cohorts: Available): CohortComparison | null {
  const eligible = cohorts.cohorts.filter((c) => !c.includesExisting && c.customers >= MIN_FINDING_COHORT);
  const reach = Math.max(0, ...eligible.map((c) => c.active.length - 1));
  const k = Math.min(sixMonthOffset(cohorts), reach);
  const average = cohorts.average.find((a) => a.period === k);
  const cohort = [...eligible].reverse().find((c) => c.active.length > k);
  if (k < 1 || !average || !cohort) return null;
  return { cohort, k, retention: cohort.logoRetention[k], average: average.logoRetention };
}

/**
 * Whether a cohort keeps more or fewer customers than the average, or as many as chance
 * allows: "Customers won in 2024-06 (29) keep 3% … above your 2% average" was one customer
 * against 0.6 expected. The cohort's count of returning customers is set against what the
 * average rate gives a cohort of its size; within two binomial standard deviations
 * (√(n·p·(1−p)), and at least one customer) it is in line. A cohort of 1,000 at 62%
 * against 71% is 90 customers short (sd 14): below.
 */
export function relationOf(c: Pick<CohortComparison, 'retention' | 'average'> & { customers: number }): 'below' | 'above' | 'in line with' {
  const expected = c.customers * c.average;
  const spread = Math.max(1, 2 * Math.sqrt(c.customers * c.average * (1 - c.average)));
  const gap = c.customers * c.retention - expected;
  if (Math.abs(gap) <= spread || Math.abs(c.retention - c.average) < 0.005) return 'in line with';
  return gap < 0 ? 'below' : 'above';
}

/** "Customers won in 2025-Q1 keep 62% after 2 quarters, below your 71% average." */
export function comparisonSentence(cohorts: Available, c: CohortComparison): string {
  const relation = relationOf({ ...c, customers: c.cohort.customers });
  return (
    `Customers won in ${c.cohort.cohort} (${c.cohort.customers}) keep ${share(c.retention, 0)} after ${offsetWords(cohorts, c.k)} ` +
    `(bought again in that ${cohorts.grain}), ${relation} your ${share(c.average, 0)} average.`
  );
}

/** "NRR 104% and GRR 81% (2024 against 2023, 1,234 customers)". */
export function netRetentionSentence(cohorts: Available): string {
  const n = cohorts.netRetention;
  if (!n.available) return `No NRR yet: ${n.note}`;
  return (
    `Net revenue retention is ${share(n.nrr, 0)} and gross revenue retention ${share(n.grr, 0)}: the ${plural(n.customers, 'customer')} ` +
    `who bought in ${n.prior.from} … ${n.prior.to} spent ${share(n.nrr, 0)} of that in the following 12 months; ` +
    `${share(n.logoRetention, 0)} of them still buy.`
  );
}

/** The headline for the dashboard and the executive summary. */
export function cohortHeadline(cohorts: Cohorts): string {
  if (!cohorts.available) return cohorts.note;
  const comparison = latestComparison(cohorts);
  return [netRetentionSentence(cohorts), comparison ? comparisonSentence(cohorts, comparison) : null].filter(Boolean).join(' ');
}

/**
 * What to do about a gross revenue retention below 80%, from where the loss is: Superstore's
 * 35.7% is mostly customers buying less (contraction 287,357.15 against churn 104,203.61),
 * whose churn list holds only customers silent for over a year, so "work the churn list"
 * pointed at the smaller part. Where the customers who grew made up for most of what those
 * who shrank lost (Superstore's expansion is 369,811.98; the generated file's at 200,000 rows
 * 99.8% of its contraction), the shrinking is the give and take of order sizes, and "start
 * with the accounts that shrank most" chased it: the loss to act on is then the churn. The
 * question to ask next is named when both periods are years. Shared by `cohorts.md` and the
 * analyst's retention section (`grr` as a fraction).
 */
export function lowRetentionAction(
  n: { grr: number; contraction: number; churned: number; expansion: number; prior: DayRange; current: DayRange },
  money: (value: number) => string,
): string {
  const gross = `Gross revenue retention is ${share(n.grr)}`;
  const [prior, current] = [yearOf(n.prior), yearOf(n.current)];
  if (n.contraction >= n.churned && n.expansion >= MADE_UP_FOR * n.contraction) {
    const ask = prior && current ? ` (ask “Which customers bought in ${prior} but not in ${current}?”)` : '';
    return (
      `${gross}, but the customers who bought less (contraction ${money(n.contraction)}) were largely made up for by those who bought more ` +
      `(expansion ${money(n.expansion)}): the loss to act on is the customers who stopped buying (churn ${money(n.churned)}); start with the largest of them${ask}.`
    );
  }
  if (n.contraction >= n.churned) {
    const ask = prior && current ? ` (ask “Which customers spent less in ${current} than in ${prior}?”)` : '';
    return `${gross}, mostly customers buying less (contraction ${money(n.contraction)} against churn ${money(n.churned)}): start with the accounts that shrank most${ask}.`;
  }
  const ask = prior && current ? ` (ask “Which customers bought in ${prior} but not in ${current}?”)` : '';
  return `${gross}, mostly customers who stopped buying (churn ${money(n.churned)} against contraction ${money(n.contraction)}): start with the largest of them${ask}.`;
}

/** The share of the contraction that the expansion makes up for, past which the shrinking is no loss to chase. */
const MADE_UP_FOR = 0.9;

type DayRange = { from: string; to: string };

/** "2021" for 2021-01-01 … 2021-12-31, null for any other span. */
function yearOf(range: DayRange): string | null {
  const year = range.from.slice(0, 4);
  return range.from === `${year}-01-01` && range.to === `${year}-12-31` ? year : null;
}
