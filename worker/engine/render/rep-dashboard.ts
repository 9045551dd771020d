/** The dashboard's sales-rep table: the ranked scorecards (the top ones, the rest summed). */
import type { AnalysisResult } from '../contract';
import type { Cell } from './dashboard';
import { count, money, pct, share } from './format';
import { repRowsOf } from './rep-scorecards-report';

const num = (text: string): Cell => ({ text, numeric: true });

/** The table's header and rows, or null when the file has no rep to score. */
export function repScorecardsTable(result: AnalysisResult): { header: Cell[]; rows: Cell[][] } | null {
  const s = result.repScorecards;
  if (!s?.available) return null;
  const currency = result.dataset.currency;
  const hasCost = result.totals.cost !== null;
  const header = [{ text: 'Rep' }, ...['Revenue', ...(hasCost ? ['Margin'] : []), 'Book', 'At risk', 'Top customer'].map(num)];
  const rows = repRowsOf(s).map((r) => [
    { text: r.rep },
    num(money(r.revenue, currency)),
    ...(hasCost ? [num(pct(r.grossMarginPct))] : []),
    num(count(r.bookCustomers)),
    num(r.revenueAtRisk === null ? 'n/a' : money(r.revenueAtRisk, currency)),
    num(r.topCustomer ? share(r.topCustomer.share) : 'n/a'),
  ]);
  return { header, rows };
}
