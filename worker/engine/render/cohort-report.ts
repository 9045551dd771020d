/**
 * `cohorts.md`: cohort retention and net revenue retention, with the definitions and
 * their sources, the grain rule, NRR/GRR and the cohort tables.
 */
import type { AnalysisResult, CohortRow, Cohorts } from '../contract';
import { cohortHeadline, latestComparison, lowRetentionAction, MIN_FINDING_COHORT, offsetWords, relationOf } from './cohort-findings';
import { HEATMAP_MAX_COHORTS } from './cohort-charts';
import { count, money, plural, share } from './format';
import { blocks, bullets, table } from './markdown';

type Available = Extract<Cohorts, { available: true }>;

/** Period columns shown in the report's tables. */
const REPORT_PERIODS = 13;

/** The definitions, as the README states them, with their sources. */
export const COHORT_DEFINITIONS = [
  '**Cohort**: the customers whose first purchase (first non-return line) falls in the same calendar month or quarter.',
  '**Logo (customer) retention in period k**: the share of a cohort’s customers who bought (a non-return order) in the k-th period after the one they were won in — the cohort retention table of customer-base analysis (Fader, Hardie & Shang, “Customer-Base Analysis in a Discrete-Time Noncontractual Setting”, *Marketing Science* 29(6), 2010; Gupta et al., “Modeling Customer Lifetime Value”, *Journal of Service Research* 9(2), 2006).',
  '**Revenue retention in period k**: the cohort’s net revenue in period k ÷ its net revenue in period 0. It can exceed 100% when customers buy more over time.',
  '**Net revenue retention (NRR)**: (starting revenue + expansion − contraction − churn) ÷ starting revenue, the standard SaaS definition (e.g. the KeyBanc Capital Markets / Sapphire Ventures SaaS survey and SaaS Capital’s retention benchmarks, which define it on ARR). Here ARR becomes trailing-12-month net revenue, since a B2B customer buying on invoice has no contract: starting revenue is each customer’s net revenue in the 12 complete months before the last 12, for every customer with positive revenue then; NRR = their revenue in the last 12 complete months ÷ their revenue in the 12 before.',
  '**Gross revenue retention (GRR)**: (starting revenue − contraction − churn) ÷ starting revenue — NRR without expansion, each customer counted at most at their starting revenue and at least at zero, so it never exceeds 100% (same sources).',
  '**Complete periods only**: the last month counts when the as-of date is within 3 days of its end (as the trend’s partial-month rule); a quarter counts when its last month does. New customers are never in an NRR base: they had no starting revenue.',
];

function pctCells(values: readonly (number | null)[], width: number): string[] {
  return Array.from({ length: width }, (_, k) => (k < values.length ? share(values[k], 0) : ''));
}

function cohortTable(rows: readonly CohortRow[], pick: (row: CohortRow) => (number | null)[], periods: number, unit: string): string {
  return table(
    ['Cohort', 'Customers', ...Array.from({ length: periods }, (_, k) => `${unit} ${k}`)],
    rows.map((row) => [row.includesExisting ? `${row.cohort}*` : row.cohort, count(row.customers), ...pctCells(pick(row), periods)]),
    ['l', 'r', ...Array<'r'>(periods).fill('r')],
  );
}

function netRetentionBlock(cohorts: Available, currency: string | null): string {
  const n = cohorts.netRetention;
  if (!n.available) return `No year-over-year NRR: ${n.note}`;
  return blocks(
    `Windows: starting revenue ${n.prior.from} … ${n.prior.to}; now ${n.current.from} … ${n.current.to}.`,
    table(
      ['Measure', 'Value'],
      [
        ['Customers with revenue then (base)', count(n.customers)],
        ['Still buying (logo retention)', `${count(n.retainedCustomers)} (${share(n.logoRetention)})`],
        ['Starting revenue', money(n.priorRevenue, currency)],
        ['+ Expansion', money(n.expansion, currency)],
        ['− Contraction', money(n.contraction, currency)],
        [`− Churn (${plural(n.churnedCustomers, 'customer')})`, money(n.churned, currency)],
        ['= Revenue now from the same customers', money(n.currentRevenue, currency)],
        ['NRR', share(n.nrr)],
        ['GRR', share(n.grr)],
      ],
      ['l', 'r'],
    ),
    returnsOfTheGone(n, currency),
  ).trim();
}

/**
 * The generated file's churn line read 12,390,262.04 beside a GRR of 20.5%, which the table's
 * own figures make 20.3%: a customer who stopped buying and then returned goods lost more than
 * their starting revenue, which NRR counts and GRR (at least zero) does not. Says how much.
 */
function returnsOfTheGone(n: Extract<Available['netRetention'], { available: true }>, currency: string | null): string | null {
  const beyond = Math.round((n.churned - (n.priorRevenue - n.contraction - n.grr * n.priorRevenue)) * 100) / 100;
  if (!(beyond >= 0.01)) return null;
  return `GRR counts a customer who stopped buying as losing their starting revenue, no more; the churn line also holds ${money(beyond, currency)} of returns those customers made in ${n.current.from} … ${n.current.to}, which NRR counts.`;
}

function byCohortNrr(cohorts: Available): string | null {
  const rows = cohorts.cohorts.filter((c) => c.nrr !== null);
  if (rows.length === 0) return null;
  return table(
    ['Cohort', 'Customers', 'NRR', 'GRR'],
    rows.map((c) => [c.cohort, count(c.customers), share(c.nrr), share(c.grr)]),
    ['l', 'r', 'r', 'r'],
  );
}

/** The cohort report. */
export function cohortsReport(result: AnalysisResult): string {
  const cohorts = result.cohorts;
  if (!cohorts) return blocks('# Cohort retention', 'This analysis was computed before cohort retention existed; run it again.');
  if (!cohorts.available) return blocks('# Cohort retention', cohorts.note, '## Definitions', bullets(COHORT_DEFINITIONS));
  const unit = cohorts.grain === 'month' ? 'M' : 'Q';
  const shown = cohorts.cohorts.slice(-HEATMAP_MAX_COHORTS);
  const periods = Math.min(REPORT_PERIODS, Math.max(...shown.map((c) => c.active.length)));
  const comparison = latestComparison(cohorts);
  const average = table(
    ['Since first purchase', 'Cohorts', 'Customers', 'Logo retention', 'Revenue retention'],
    cohorts.average.map((a) => [
      offsetWords(cohorts, a.period),
      count(a.cohorts),
      count(a.customers),
      share(a.logoRetention),
      share(a.revenueRetention),
    ]),
    ['l', 'r', 'r', 'r', 'r'],
  );
  return blocks(
    '# Cohort retention and net revenue retention',
    cohortHeadline(cohorts),
    `${cohorts.grainReason} Complete periods through ${cohorts.observedThrough}.`,
    '## Net and gross revenue retention, year over year',
    netRetentionBlock(cohorts, result.dataset.currency),
    '## Average retention curve',
    average,
    '## Logo retention by cohort',
    `Share of each cohort buying in each ${cohorts.grain} after the first (${unit}0 = the ${cohorts.grain} they were won in). * = the file’s first cohort, which also holds customers already buying before the file starts.` +
      (cohorts.cohorts.length > shown.length
        ? ` The ${shown.length} most recent of ${cohorts.cohorts.length} cohorts; all are in cohorts.csv.`
        : ''),
    cohortTable(shown, (row) => row.logoRetention, periods, unit),
    '## Revenue retention by cohort',
    cohortTable(shown, (row) => row.revenueRetention, periods, unit),
    byCohortNrr(cohorts) ? '## NRR and GRR by cohort' : null,
    byCohortNrr(cohorts),
    '## What to do',
    bullets(
      actionsOf(
        cohorts,
        comparison !== null && relationOf({ ...comparison, customers: comparison.cohort.customers }) === 'below',
        result.dataset.currency,
      ),
    ),
    '## Definitions',
    bullets(COHORT_DEFINITIONS),
    cohorts.notes.length ? bullets(cohorts.notes) : null,
  );
}

function actionsOf(cohorts: Available, latestBelow: boolean, currency: string | null): string[] {
  const actions: string[] = [];
  const n = cohorts.netRetention;
  if (latestBelow)
    actions.push('Recent cohorts keep fewer customers than earlier ones: review onboarding and the second order of newly won accounts.');
  // It said "lost and shrinking accounts cost more than a fifth of last year's revenue; start
  // with the churn list": Superstore's loss was 64.3%, mostly accounts buying less, and its churn
  // list rated no one high. The analyst's retention section says the same.
  if (n.available && n.grr < 0.8) actions.push(lowRetentionAction(n, (value) => money(value, currency)));
  if (n.available && n.nrr >= 1)
    actions.push('NRR is at or above 100%: existing customers grow faster than others leave; protect the expanding accounts.');
  if (actions.length === 0)
    actions.push(
      `Watch the next cohorts against the average curve; cohorts under ${MIN_FINDING_COHORT} customers are too small to read alone.`,
    );
  return actions;
}
