/** The rep scorecards' bar chart: revenue per rep, the top ones and the rest summed. */
import type { AnalysisResult } from '../contract';
import type { Chart } from './charts';
import { compact, pct, share } from './format';
import { repRowsOf } from './rep-scorecards-report';
import { horizontalBars, PALETTE } from './svg';

/** Revenue per rep, with the margin when the file has cost; null without reps. */
export function repRevenueChart(result: AnalysisResult): Chart | null {
  const s = result.repScorecards;
  if (!s?.available || s.reps.length === 0) return null;
  const title = 'Revenue by sales rep';
  const rows = repRowsOf(s);
  const svg = horizontalBars(
    {
      id: 'rep-revenue',
      title,
      description:
        `Revenue per sales rep, largest first${s.rest ? `; the other ${s.rest.reps} reps summed in the last bar` : ''}` +
        `${result.totals.cost === null ? '' : ', with gross margin'}.`,
    },
    rows.map((r) => ({
      label: r.rep,
      value: r.revenue,
      note: `${compact(r.revenue)} (${share(r.revenueShare)})${r.grossMarginPct === null ? '' : ` · margin ${pct(r.grossMarginPct)}`}`,
      color: r.reps > 1 ? PALETTE.muted : PALETTE.primary,
    })),
  );
  return { name: 'rep-revenue.svg', title, svg };
}
