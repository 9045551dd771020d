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
  if (intent.split)
    return `I work retention out over all customers, cohort by cohort, not by ${intent.split} yet; ask for it without the split for all customers.`;
  const period = periodsOf(intent.after, grain);
  const input = { ...(intent.cohort ? { cohort: intent.cohort } : {}), ...(period ? { period } : {}) };
  const r = await runner.call(getRetention, input, 'Reading cohort retention and NRR.');
  if (!r) return NOT_AVAILABLE;
  return answerText(r, intent, runner);
}

type Retention = NonNullable<Awaited<ReturnType<typeof getRetention.run>>>;

/**
 * Online Retail's two months: the average leaves out the first cohort, which holds every
 * customer already buying when the file starts, and no later one has a complete period after
 * its first (the list read ": ."). The first cohort's own shares are said, with what it holds.
 */
function firstCohortOnly(r: Retention): string {
  const first = r.cohorts[0];
  if (!first || first.logoRetentionPct.length < 2)
    return `No cohort has a complete ${r.grain} after its first yet, so there is no share of customers buying again to show.`;
  const shares = first.logoRetentionPct.map((v) => (v === null ? 'n/a' : formatPct(v))).join(', ');
  return `No later cohort has a complete ${r.grain} after its first yet. The first, ${first.cohort} (${plural(first.customers, 'customer')}, with every customer already buying when the file starts): share buying by ${r.grain} since the first: ${shares}.`;
}

/**
 * Retention asked of years the answer is not of: "What is our net revenue retention in 2019?"
 * got 2020 → 2021's, "Show retention for the 2019 cohort" the latest cohorts. Two years named
 * are the customers of both; one year of net retention the year before and it.
 */
function yearsRefusal(r: Retention, intent: RetentionIntent, years: readonly string[]): string {
  const n = r.netRetention;
  const sorted = [...intent.years].sort();
  const [from, to] = sorted.length > 1 ? [sorted[0], sorted.at(-1) ?? ''] : [String(Number(sorted[0]) - 1), sorted[0]];
  const both = `Customers who bought in one year and again in the next I can count: “Which customers bought in both ${from} and ${to}?”.`;
  if (!intent.netRetention && sorted.length === 1) {
    // Only a cohort the answer holds is offered ("2011-01" was, on a file that starts in October 2011).
    const example = r.cohorts.find((c) => c.cohort.startsWith(sorted[0]))?.cohort ?? r.cohorts.at(-1)?.cohort;
    const nrr = n.available ? ', or ask for the net revenue retention, the last 12 months against the 12 before' : '';
    return `Cohorts here are ${r.grain}ly: name one${example ? `, such as “retention of the ${example} cohort”` : ''}${nrr}.`;
  }
  if (!intent.netRetention)
    return `Retention here is of ${r.grain}ly cohorts, and net revenue retention of the last 12 months against the 12 before, not of ${years.join(' or ')} yet. ${both}`;
  if (!n.available) return `No year-over-year NRR: ${n.reason}`;
  return `Net revenue retention is worked out for the last 12 months against the 12 before (${n.current.from} … ${n.current.to} against ${n.prior.from} … ${n.prior.to}), not for ${years.join(' or ')} yet. ${both}`;
}

function answerText(r: Retention, intent: RetentionIntent, runner: SectionRunner): string {
  const money = (v: number) => formatMoney(v, runner.currency);
  const n = r.netRetention;
  // "What is our net revenue retention in 2019?" got 2020 → 2021's, the year named read nowhere.
  // The year it is of is the later one ("NRR in 2020" is 2019 → 2020's); the earlier one only beside it.
  const current = n.available ? n.current.to.slice(0, 4) : null;
  const prior = n.available ? n.prior.from.slice(0, 4) : null;
  const otherYears = intent.years.filter((year) => year !== current && !(year === prior && current && intent.years.includes(current)));
  if (otherYears.length > 0) return yearsRefusal(r, intent, otherYears);
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
    const after = r.average.filter((a) => a.period > 0).slice(0, 8);
    lines.push(
      after.length > 0
        ? `Average share of customers buying, by ${r.grain} since their first purchase: ${after.map((a) => `${a.period}: ${formatPct(a.logoRetentionPct)}`).join(', ')}.`
        : firstCohortOnly(r),
    );
  }
  return lines.join('\n');
}
