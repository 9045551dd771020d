/** The dashboard's sales-rep card: the ranked scorecards (the top ones, the rest summed). */
import type { AnalysisResult } from '../contract';
import { escapeHtml as h } from './escape';
import { count, money, pct, share } from './format';
import { repRowsOf } from './rep-scorecards-report';

const num = (text: string): string => `<td class="num">${h(text)}</td>`;

/** The card's HTML, or '' when the file has no rep to score. */
export function repScorecardsCard(result: AnalysisResult): string {
  const s = result.repScorecards;
  if (!s?.available) return '';
  const currency = result.dataset.currency;
  const hasCost = result.totals.cost !== null;
  const head = ['Rep', 'Revenue', ...(hasCost ? ['Margin'] : []), 'Book', 'At risk', 'Top customer']
    .map((label, i) => `<th${i > 0 ? ' class="num"' : ''}>${h(label)}</th>`)
    .join('');
  const rows = repRowsOf(s).map(
    (r) =>
      `<tr><td>${h(r.rep)}</td>${num(money(r.revenue, currency))}${hasCost ? num(pct(r.grossMarginPct)) : ''}` +
      `${num(count(r.bookCustomers))}${num(r.revenueAtRisk === null ? 'n/a' : money(r.revenueAtRisk, currency))}` +
      `${num(r.topCustomer ? share(r.topCustomer.share) : 'n/a')}</tr>`,
  );
  return `<section class="card"><h2>Sales reps</h2><table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}
