/**
 * The offline analyst's sales-rep finding: who leads, whose book holds the most revenue
 * at churn risk, and whom to call. It runs only when the file has a rep to score; margin
 * and churn advice appear only when the file supports them.
 */
import type { AnalysisResult } from '../../engine/contract';
import { formatMoney, formatPct, joinNames, plural } from '../format';
import { getRepScorecards } from '../tools/rep-tools';
import type { Finding, SectionRunner } from './sections';
import { repRankLine } from './rep-answers';

const QUESTION = 'How are the sales reps doing?';

export const repSection = {
  question: QUESTION,
  step: 'Score the sales reps',
  charts: [],
  applies: (result: AnalysisResult): boolean => result.repScorecards?.available === true,
  async run(runner: SectionRunner): Promise<Finding> {
    const top = await runner.call(
      getRepScorecards,
      { sortBy: 'revenue', limit: 5 },
      'Next, the sales reps: revenue, margin and the health of each book.',
    );
    if (!top || top.reps.length === 0) {
      return {
        section: 'reps',
        question: QUESTION,
        headline: null,
        details: [runner.lastAbsence?.() ?? 'The sales reps could not be scored.'],
        action: null,
      };
    }
    const churnKnown = top.reps[0].revenueAtRisk !== null;
    const risky = churnKnown
      ? await runner.call(getRepScorecards, { sortBy: 'revenueAtRisk', limit: 3 }, 'And whose book holds the most revenue at churn risk.')
      : null;
    const money = (v: number) => formatMoney(v, runner.currency);
    const leader = top.reps[0];
    const worst = risky?.reps.find((r) => (r.revenueAtRisk ?? 0) > 0);
    const margin = leader.grossMarginPct === null ? '' : `, margin ${formatPct(leader.grossMarginPct)}`;
    const riskText = worst ? `; ${worst.rep}'s book holds the most revenue at churn risk (${money(worst.revenueAtRisk ?? 0)})` : '';
    return {
      section: 'reps',
      question: QUESTION,
      headline: `**Sales reps**: ${leader.rep} leads ${plural(top.totalReps, 'rep')} with ${money(leader.revenue)} (${formatPct(leader.revenueSharePct)} of revenue${margin})${riskText}.`,
      details: top.reps.map((r, i) => `${r.rep}: ${repRankLine(r, i + 1, top.totalReps, money)}`),
      action: worst
        ? `Go through ${worst.rep}'s at-risk accounts with them this week${worst.atRisk.length ? `, starting with ${joinNames(worst.atRisk.map((c) => c.name))}` : ''}.`
        : null,
    };
  },
};
