/**
 * The dashboard cards of issue 16: cohort retention (NRR/GRR and the average curve) and
 * the revenue bridge's steps. Plain HTML fragments, escaped with the dashboard's `h`.
 * Their headlines are the findings' cards above; these hold the figures behind them.
 */
import type { AnalysisResult } from '../contract';
import { offsetWords } from './cohort-findings';
import { money, share } from './format';

type Escape = (text: string) => string;

function rowsOf(h: Escape, rows: [string, string][]): string {
  return `<table><tbody>${rows.map(([label, value]) => `<tr><td>${h(label)}</td><td class="num">${h(value)}</td></tr>`).join('')}</tbody></table>`;
}

function cohortCard(result: AnalysisResult, h: Escape): string {
  const c = result.cohorts;
  if (!c) return '';
  // The findings above already say why there is nothing to show.
  if (!c.available) return '';
  const n = c.netRetention;
  const figures: [string, string][] = n.available
    ? [
        ['Net revenue retention (NRR)', share(n.nrr)],
        ['Gross revenue retention (GRR)', share(n.grr)],
        ['Customers still buying', share(n.logoRetention)],
      ]
    : [];
  const curve = c.average
    .filter((a) => a.period > 0)
    .slice(0, 6)
    .map((a): [string, string] => [
      `After ${offsetWords(c, a.period)}`,
      `${share(a.logoRetention, 0)} of customers · ${share(a.revenueRetention, 0)} of revenue`,
    ]);
  return `<section class="card"><h2>Cohort retention</h2>${rowsOf(h, [...figures, ...curve])}</section>`;
}

function bridgeCard(result: AnalysisResult, h: Escape): string {
  const b = result.bridge;
  if (!b) return '';
  if (!b.available) return '';
  const currency = result.dataset.currency;
  const steps: [string, string][] = [
    [`${b.base.label} revenue`, money(b.base.revenue, currency)],
    ...b.steps.map((s): [string, string] => [s.label, money(s.value, currency)]),
    [`${b.compared.label} revenue`, money(b.compared.revenue, currency)],
  ];
  return `<section class="card"><h2>${h(`Revenue bridge: ${b.base.label} → ${b.compared.label}`)}</h2>${rowsOf(h, steps)}</section>`;
}

/** The cards in a grid, or an empty string when the result has neither section. */
export function retentionCards(result: AnalysisResult, h: Escape): string {
  const cards = cohortCard(result, h) + bridgeCard(result, h);
  return cards ? `<div class="grid">${cards}</div>` : '';
}
