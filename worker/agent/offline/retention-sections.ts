/**
 * The offline analyst's sections for issue 16: cohort retention and NRR (`retention`) and
 * the price/volume/mix revenue bridge (`bridge`).
 * Like the six, each calls its tool through the runner and writes a finding from the
 * tool's output only.
 */
import { getRetention } from '../tools/retention-tools';
import { getRevenueBridge } from '../tools/bridge-tool';
import { formatMoney, formatPct, plural } from '../format';
import { unavailable, type Finding, type Section } from './sections';
import { lowRetentionAction } from '../../engine/render/cohort-findings';

export type RetentionSectionKey = 'retention' | 'bridge';

export const RETENTION_SECTIONS: Record<RetentionSectionKey, Section> = {
  retention: {
    question: 'Do customers stay and grow?',
    step: 'Follow customer cohorts and net revenue retention',
    charts: [],
    async run(runner): Promise<Finding> {
      const r = await runner.call(
        getRetention,
        {},
        'Next, how each cohort of new customers keeps buying, and how much revenue last year’s customers bring now.',
      );
      if (!r) return unavailable('retention', this.question, runner);
      const money = (v: number) => formatMoney(v, runner.currency);
      const n = r.netRetention.available ? r.netRetention : null;
      const nrr = n ? `net revenue retention ${formatPct(n.nrrPct)}, gross ${formatPct(n.grrPct)}` : null;
      const sentence = r.comparison?.sentence ?? null;
      // "…, gross 20.5%; customers won in 2024-06 …": the sentence continues the headline.
      const headline = [nrr, sentence && nrr ? sentence.charAt(0).toLowerCase() + sentence.slice(1) : sentence].filter(Boolean).join('; ');
      const details = [
        r.grainRule,
        ...(n
          ? [
              `${plural(n.customers, 'customer')} bought in ${n.prior.from} … ${n.prior.to} (${money(n.startingRevenue)}); in ${n.current.from} … ${n.current.to} they bought ${money(n.revenueNow)}: expansion ${money(n.expansion)}, contraction ${money(n.contraction)}, churn ${money(n.churned)}; ${n.stillBuying} still buy.`,
            ]
          : [r.netRetention.available ? '' : `No NRR yet: ${r.netRetention.reason}`]),
        ...r.average
          .filter((a) => a.period > 0)
          .slice(0, 6)
          .map(
            (a) =>
              `After ${a.period} ${r.grain}${a.period === 1 ? '' : 's'}: ${formatPct(a.logoRetentionPct)} of customers buy, ${a.revenueRetentionPct === null ? 'n/a' : formatPct(a.revenueRetentionPct)} of first-${r.grain} revenue (${plural(a.cohorts, 'cohort')}).`,
          ),
      ].filter((line) => line !== '');
      const below = r.comparison?.relation === 'below';
      return {
        section: 'retention',
        question: this.question,
        headline: headline ? `**Retention**: ${headline.charAt(0).toLowerCase()}${headline.slice(1)}` : null,
        details,
        action: below
          ? `Follow up newly won customers before their second ${r.grain}: the ${r.comparison?.cohort} cohort keeps fewer than average.`
          : n && n.grrPct < 80
            ? lowRetentionAction({ ...n, grr: n.grrPct / 100 }, money)
            : null,
      };
    },
  },
  bridge: {
    question: 'What changed revenue?',
    step: 'Split the revenue change into customers, price, volume and mix',
    charts: [],
    async run(runner): Promise<Finding> {
      const b = await runner.call(
        getRevenueBridge,
        {},
        'Then, what moved revenue between the two periods: customers won and lost, price, volume and mix.',
      );
      if (!b) return unavailable('bridge', this.question, runner);
      const money = (v: number) => formatMoney(v, runner.currency);
      const largest = [...b.steps].sort((x, y) => Math.abs(y.value) - Math.abs(x.value)).slice(0, 2);
      const change = b.changePct === null ? '' : ` (${b.changePct >= 0 ? '+' : ''}${formatPct(b.changePct)})`;
      const lost = b.steps.find((s) => s.step === 'Lost customers');
      return {
        section: 'bridge',
        question: this.question,
        headline: `**Revenue bridge**: ${money(b.base.revenue)} in ${b.base.label} to ${money(b.compared.revenue)} in ${b.compared.label}${change}; largest moves ${largest.map((s) => `${s.step.toLowerCase()} ${money(s.value)}`).join(' and ')}.`,
        details: [b.periodsReason, ...b.steps.map((s) => `${s.step}: ${money(s.value)}`), ...b.notes],
        action:
          lost && b.largestLost.length
            ? `Find out why ${b.largestLost
                .slice(0, 2)
                .map((c) => c.customer)
                .join(' and ')} stopped buying: lost customers cost ${money(Math.abs(lost.value))}.`
            : null,
      };
    },
  },
};
