/**
 * Offline chat answers about cohorts and NRR. The answer first says how the question was
 * understood (which cohort, after how long), then the figures from `get_retention`.
 */
import type { CohortGrain } from '../../engine/contract';
import { getRetention } from '../tools/retention-tools';
import { formatMoney, formatNumber, formatPct, plural } from '../format';
import { NOT_AVAILABLE } from './answers';
import type { RetentionIntent } from './retention-intents';
import type { SectionRunner } from './sections';

/** "after 6 months" in the cohorts' own periods: months asked of quarterly cohorts become quarters. */
function periodsOf(after: RetentionIntent['after'], grain: CohortGrain | null): number | undefined {
  if (!after) return undefined;
  if (!grain || after.unit === grain) return after.count;
  return after.unit === 'month' ? Math.max(1, Math.round(after.count / 3)) : after.count * 3;
}

/** The answer to a retention question; `grain` is the stored cohorts' (null when none). */
export async function answerRetention(intent: RetentionIntent, runner: SectionRunner, grain: CohortGrain | null): Promise<string> {
  const period = periodsOf(intent.after, grain);
  const input = { ...(intent.cohort ? { cohort: intent.cohort } : {}), ...(period ? { period } : {}) };
  const r = await runner.call(getRetention, input, 'Reading cohort retention and NRR.');
  if (!r) return NOT_AVAILABLE;
  return answerText(r, intent, runner);
}

/** The latest of some years written as digits. */
const latest = (years: readonly string[]): string => [...years].sort().at(-1) ?? '';

type Retention = NonNullable<Awaited<ReturnType<typeof getRetention.run>>>;

function answerText(r: Retention, intent: RetentionIntent, runner: SectionRunner): string {
  const money = (v: number) => formatMoney(v, runner.currency);
  const n = r.netRetention;
  // "What is our net revenue retention in 2019?" got 2020 → 2021's, the year named read nowhere.
  // The year it is of is the later one ("NRR in 2020" is 2019 → 2020's); the earlier one only beside it.
  const current = n.available ? n.current.to.slice(0, 4) : null;
  const prior = n.available ? n.prior.from.slice(0, 4) : null;
  const otherYears = intent.years.filter((year) => year !== current && !(year === prior && current && intent.years.includes(current)));
  if (otherYears.length > 0)
    return n.available
      ? `Net revenue retention is worked out for the last 12 months against the 12 before (${n.current.from} … ${n.current.to} against ${n.prior.from} … ${n.prior.to}), not for ${otherYears.join(' or ')} yet. Customers who bought in one year and again in the next I can count: “Which customers bought in both ${Number(latest(otherYears)) - 1} and ${latest(otherYears)}?”.`
      : `No year-over-year NRR: ${n.reason}`;
  const understood = [
    `I understood: **cohort retention**`,
    intent.cohort ? `, cohort ${r.comparison?.cohort ?? intent.cohort}` : '',
    r.comparison ? `, after ${r.comparison.after}` : '',
    ` (${r.grain}ly cohorts, complete periods through ${r.completeThrough}).`,
  ].join('');
  const lines = [understood, ''];
  const net = n.available
    ? `Net revenue retention ${formatPct(n.nrrPct)}, gross revenue retention ${formatPct(n.grrPct)}: ${plural(n.customers, 'customer')} bought ${money(n.startingRevenue)} in ${n.prior.from} … ${n.prior.to} and ${money(n.revenueNow)} in ${n.current.from} … ${n.current.to} (expansion ${money(n.expansion)}, contraction ${money(n.contraction)}, churn ${money(n.churned)}); ${formatNumber(n.stillBuying)} of them still buy.`
    : `No year-over-year NRR: ${n.reason}`;
  // "What is our net revenue retention?" led with one quarter's cohort; a question naming no cohort asks for the whole book first.
  if (intent.cohort || intent.after) lines.push(...(r.comparison ? [r.comparison.sentence] : []), net);
  else lines.push(net, ...(r.comparison ? [r.comparison.sentence] : []));
  const row = intent.cohort ? r.cohorts[0] : null;
  if (row) {
    lines.push(
      `${row.cohort}: ${plural(row.customers, 'customer')}; share buying by ${r.grain} since the first: ${row.logoRetentionPct.map((v) => (v === null ? 'n/a' : formatPct(v))).join(', ')}.`,
    );
  } else {
    lines.push(
      'Average share of customers buying, by ' +
        r.grain +
        ' since their first purchase: ' +
        r.average
          .filter((a) => a.period > 0)
          .slice(0, 8)
          .map((a) => `${a.period}: ${formatPct(a.logoRetentionPct)}`)
          .join(', ') +
        '.',
    );
  }
  return lines.join('\n');
}
