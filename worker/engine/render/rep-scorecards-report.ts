/**
 * `rep-scorecards.md`: the ranked table of sales reps (the top ones, the rest summed)
 * and one section per shown rep, with the definitions the figures follow.
 */
import type { AnalysisResult, RepScorecard, RepScorecards } from '../contract';
import { count, money, pct, plural, share } from './format';
import { blocks, bullets, md, table } from './markdown';

/** The scorecards shown one by one, then the rest summed: the rows every table prints. */
export function repRowsOf(s: RepScorecards): RepScorecard[] {
  return [...s.reps.slice(0, s.shown), ...(s.rest ? [s.rest] : [])];
}

/** The leading rep, and the book with the most revenue at churn risk when any is at risk (plain text). */
export function repHeadline(s: RepScorecards, currency: string | null): string {
  const leader = s.reps[0];
  const margin = leader.grossMarginPct === null ? '' : `, margin ${pct(leader.grossMarginPct)}`;
  const riskiest = s.reps.reduce((best, r) => ((r.revenueAtRisk ?? 0) > (best.revenueAtRisk ?? 0) ? r : best), leader);
  const risk =
    (riskiest.revenueAtRisk ?? 0) > 0
      ? ` ${riskiest.rep}'s book holds the most revenue at churn risk (${money(riskiest.revenueAtRisk ?? 0, currency)}).`
      : '';
  return `${plural(s.reps.length, 'rep')}; ${leader.rep} leads with ${money(leader.revenue, currency)} (${share(leader.revenueShare)} of revenue${margin}).${risk}`;
}

/** A count, or "n/a" when the figure is not available for this file. */
const maybe = (value: number | null): string => (value === null ? 'n/a' : count(value));

function tableOf(rows: RepScorecard[], currency: string | null, hasCost: boolean): string {
  const header = ['Rep', 'Revenue', 'Share', ...(hasCost ? ['Gross profit', 'Margin'] : [])];
  header.push('Customers served', 'Book', 'New', 'Lost', 'Revenue at risk', 'Top customer share', 'Cross-sell open');
  const body = rows.map((r) => [
    r.rep,
    money(r.revenue, currency),
    share(r.revenueShare),
    ...(hasCost ? [r.grossProfit === null ? 'n/a' : money(r.grossProfit, currency), pct(r.grossMarginPct)] : []),
    count(r.customersServed),
    count(r.bookCustomers),
    maybe(r.newCustomers),
    maybe(r.lostCustomers),
    r.revenueAtRisk === null ? 'n/a' : money(r.revenueAtRisk, currency),
    r.topCustomer ? share(r.topCustomer.share) : 'n/a',
    maybe(r.crossSellOpportunities),
  ]);
  return table(header, body, ['l', ...header.slice(1).map((): 'r' => 'r')]);
}

function repSection(r: RepScorecard, currency: string | null): string {
  const lines = [
    `Revenue ${md(money(r.revenue, currency))} (${share(r.revenueShare)} of all)` +
      (r.grossProfit === null ? '' : `, gross profit ${md(money(r.grossProfit, currency))} (margin ${pct(r.grossMarginPct)})`) +
      '.',
    `${plural(r.customersServed, 'customer')} served; ${count(r.bookCustomers)} in the book` +
      (r.newCustomers === null ? '' : `, ${count(r.newCustomers)} new`) +
      (r.lostCustomers === null ? '' : `, ${count(r.lostCustomers)} lost`) +
      '.',
  ];
  if (r.topCustomer)
    lines.push(
      `Largest customer: ${md(r.topCustomer.name)}, ${share(r.topCustomer.share)} of the rep's revenue (${md(money(r.topCustomer.revenue, currency))}).`,
    );
  if (r.revenueAtRisk !== null) {
    const names = r.atRisk.map((c) => `${md(c.name)} (${c.risk}, ${md(money(c.revenueAtRisk, currency))})`);
    lines.push(
      `Revenue at churn risk in the book: ${md(money(r.revenueAtRisk, currency))}${names.length ? `; call first: ${names.join(', ')}` : ''}.`,
    );
  }
  if (r.crossSellOpportunities !== null) lines.push(`Open cross-sell opportunities in the book: ${count(r.crossSellOpportunities)}.`);
  return `## ${md(r.rep)}\n\n${bullets(lines)}`;
}

/** The markdown report; says plainly when the file has no rep to score. */
export function repScorecardsReport(result: AnalysisResult): string {
  const s = result.repScorecards;
  if (!s?.available) return blocks('# Sales-rep scorecards', md(s?.note ?? 'This file has no sales-rep column.'));
  const currency = result.dataset.currency;
  const rows = repRowsOf(s);
  const source = s.source === 'column' ? `the column '${md(s.repColumn ?? '')}'` : 'one rep per customer';
  const capped = s.rest ? ` The top ${s.shown} by revenue are shown one by one; the other ${count(s.rest.reps)} are summed.` : '';
  const unassigned = s.unassigned
    ? `Lines without a rep: ${md(money(s.unassigned.revenue, currency))} of revenue; ${plural(s.unassigned.customers, 'customer')} ${s.unassigned.customers === 1 ? 'has' : 'have'} no rep at all.`
    : null;
  return blocks(
    '# Sales-rep scorecards',
    `${plural(s.reps.length, 'rep')}, from ${source}.${capped}`,
    tableOf(rows, currency, result.totals.cost !== null),
    unassigned,
    '## How the figures are defined',
    bullets(s.rules.map(md)),
    ...rows.map((r) => repSection(r, currency)),
  );
}
