/**
 * The offline analyst's sections for issue 16: cohort retention and NRR (`retention`).
 * Like the six, each calls its tool through the runner and writes a finding from the
 * tool's output only.
 */
import { getRetention } from '../tools/retention-tools';
import { formatMoney, formatPct } from '../format';
import { unavailable, type Finding, type Section } from './sections';

export type RetentionSectionKey = 'retention';

export const RETENTION_SECTIONS: Record<RetentionSectionKey, Section> = {
  retention: {
    question: 'Do customers stay and grow?',
    step: 'Follow customer cohorts and net revenue retention',
    charts: [],
    async run(runner): Promise<Finding> {
      const r = await runner.call(getRetention, {}, 'Next, how each cohort of new customers keeps buying, and how much revenue last year’s customers bring now.');
      if (!r) return unavailable('retention', this.question, runner);
      const money = (v: number) => formatMoney(v, runner.currency);
      const n = r.netRetention.available ? r.netRetention : null;
      const nrr = n ? `net revenue retention ${formatPct(n.nrrPct)}, gross ${formatPct(n.grrPct)}` : null;
      const headline = [nrr, r.comparison?.sentence ?? null].filter(Boolean).join('; ');
      const details = [
        r.grainRule,
        ...(n
          ? [
              `${n.customers} customers bought in ${n.prior.from} … ${n.prior.to} (${money(n.startingRevenue)}); in ${n.current.from} … ${n.current.to} they bought ${money(n.revenueNow)}: expansion ${money(n.expansion)}, contraction ${money(n.contraction)}, churn ${money(n.churned)}; ${n.stillBuying} still buy.`,
            ]
          : [r.netRetention.available ? '' : `No NRR yet: ${r.netRetention.reason}`]),
        ...r.average
          .filter((a) => a.period > 0)
          .slice(0, 6)
          .map((a) => `After ${a.period} ${r.grain}${a.period === 1 ? '' : 's'}: ${formatPct(a.logoRetentionPct)} of customers buy, ${a.revenueRetentionPct === null ? 'n/a' : formatPct(a.revenueRetentionPct)} of first-${r.grain} revenue (${a.cohorts} cohorts).`),
      ].filter((line) => line !== '');
      const below = r.comparison && r.comparison.retentionPct < r.comparison.averagePct;
      return {
        section: 'retention',
        question: this.question,
        headline: headline ? `**Retention**: ${headline.charAt(0).toLowerCase()}${headline.slice(1)}` : null,
        details,
        action: below
          ? `Follow up newly won customers before their second ${r.grain}: the ${r.comparison?.cohort} cohort keeps fewer than average.`
          : n && n.grrPct < 80
            ? 'Gross revenue retention is below 80%: work the churn list and the shrinking accounts first.'
            : null,
      };
    },
  },
};
