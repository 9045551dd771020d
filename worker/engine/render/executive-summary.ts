/** The executive summary: the file in one table, one finding per question, and the first actions. */
import type { AnalysisResult, NetRetention } from '../contract';
import { CALL_LIST_SIZE, churnSummaryOf } from '../analyses/churn-summary';
import { isChargeLine } from '../analyses/charge-lines';
import { lowRetentionAction } from './cohort-findings';
import { offerName } from './cross-sell-words';
import { belowCostActions } from './below-cost-actions';
import { callListCaveat } from './call-list-caveat';
import { findingsOf } from './findings';
import { joinSentences } from './join-summary';
import { count, money, pct, these } from './format';
import { blocks, bullets, md, nameList, table } from './markdown';

/**
 * Said where the actions would be, when none is due: what was checked and found nothing,
 * and what could not be checked and why. It once said "no customer at high risk, …, no
 * dominant supplier" of a one-day file, where churn could not be measured, and of files
 * without a cost or supplier column: an all-clear for risks nobody looked at.
 */
export function noUrgentActions(result: AnalysisResult): string {
  const clear: string[] = [];
  const unchecked: string[] = [];
  const check = (checked: boolean, finding: string, what: string, why: string) =>
    checked ? clear.push(finding) : unchecked.push(`${what} (${why})`);
  const churn = result.churn;
  check(
    churn !== null && churn.model !== 'unavailable',
    'no customer at high risk or lost with revenue at risk',
    'customers at risk',
    churn?.note ? clauseOf(churn.note) : 'the file has no customer column',
  );
  check(result.concentration !== null, 'no key account', 'key accounts', 'no customer has net revenue');
  const products = result.products;
  if (products?.available) {
    check(products.marginAvailable, 'no loss-making product', 'loss-making products', 'the file has no cost or profit column');
    check(
      coversTrendWindows(result),
      'no fast-falling leading product',
      'a falling leading product',
      'it needs 12 full months of sales before the as-of date',
    );
  } else unchecked.push('products (the file has no product column)');
  check(result.suppliers?.available === true, 'no dominant supplier', 'dominant suppliers', 'the file has no supplier or vendor column');
  const cohorts = result.cohorts;
  check(
    cohorts?.available === true && cohorts.netRetention.available,
    'gross revenue retention of 80% or more',
    'revenue retention',
    cohorts?.available ? 'it needs 24 complete months of sales' : cohorts ? clauseOf(cohorts.note) : 'the file has no customer column',
  );
  if (unchecked.length === 0) return `No urgent actions: ${clear.join(', ')}.`;
  const lead = clear.length ? `No urgent actions among what could be checked: ${clear.join(', ')}.` : 'No actions could be checked.';
  return `${lead} Not checked: ${unchecked.join('; ')}.`;
}

/** Net and gross revenue retention year over year, or why there is none. */
function netRetentionOf(result: AnalysisResult): NetRetention | null {
  return result.cohorts?.available ? result.cohorts.netRetention : null;
}

/** A note's sentence as a clause inside parentheses: no capital, no full stop. */
function clauseOf(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1).replace(/\.$/, '');
}

/** Whether the product trends (the last 6 full months against the 6 before) had the 12 full months they need. */
function coversTrendWindows(result: AnalysisResult): boolean {
  return Boolean(result.products?.trendPeriods);
}

/**
 * The concrete actions, most urgent first, each naming customers, products or suppliers (one
 * of each kind that applies, so at most eight). `escape` makes file text safe for the target (markdown or HTML).
 */
export function topActions(result: AnalysisResult, escape: (text: string) => string = md): string[] {
  const currency = result.dataset.currency;
  const actions: string[] = [];
  // The call list and its revenue at risk are stored in analysis.json, never re-summed here.
  const summary = result.churn ? churnSummaryOf(result.churn) : null;
  if (summary && summary.called.length)
    actions.push(
      `Call ${these(summary.called.length, 'customer')} first: ${nameList(
        summary.called.map((c) => escape(c.name)),
        CALL_LIST_SIZE,
      )} (${escape(money(summary.callList.revenueAtRisk, currency))} of revenue at risk).${callListCaveat(result.churn)}`,
    );
  // The generated file's summary said "No urgent actions" with a gross revenue retention of 21%.
  const retention = netRetentionOf(result);
  if (retention?.available && retention.grr < 0.8) actions.push(escape(lowRetentionAction(retention, (value) => money(value, currency))));
  const keyAccounts = result.concentration?.keyAccounts ?? [];
  if (keyAccounts.length)
    actions.push(`Protect your key accounts with agreements and a second contact: ${nameList(keyAccounts.map((a) => escape(a.name)))}.`);
  actions.push(...belowCostActions(result.products?.flags ?? [], escape, 5));
  // The engine's fast-decliner flag on the product that sells most: chat's "what should I focus
  // on?" said "no urgent actions" on a file whose leading product had fallen 61.8%.
  const leader = (result.products?.items ?? []).find((p) => !isChargeLine(p.name));
  const falling = leader && (result.products?.flags ?? []).some((f) => f.kind === 'fast-decliner' && f.id === leader.id);
  if (leader && falling && leader.trendPct !== null)
    actions.push(
      leader.trendPct < -100
        ? `Find out why ${escape(leader.name)}, your leading product, had more returned than sold in the last 6 full months.`
        : `Find out why ${escape(leader.name)}, your leading product, fell ${pct(Math.abs(leader.trendPct))} in the last 6 full months against the 6 before.`,
    );
  const dominant = (result.suppliers?.items ?? []).filter((s) => s.share > 0.3);
  if (dominant.length) actions.push(`Find a second source for ${nameList(dominant.map((s) => escape(s.name)))}.`);
  const x = result.crossSell;
  const opportunities = x?.opportunities.slice(0, 5) ?? [];
  if (x && opportunities.length)
    actions.push(
      `Offer: ${nameList(
        opportunities.map((o) => `${escape(offerName(x, o.product.name))} to ${escape(o.customer.name)}`),
        5,
      )}.`,
    );
  return actions;
}

export function executiveSummary(result: AnalysisResult): string {
  const t = result.totals;
  const d = result.dataset;
  const currency = d.currency;
  const overview = table(
    ['Measure', 'Value'],
    [
      ['Period', d.period.from && d.period.to ? `${d.period.from} to ${d.period.to}` : 'no dates'],
      ['As of', result.asOf ?? 'n/a'],
      ['Revenue', money(t.revenue, currency)],
      ['Gross margin', t.grossMargin === null ? 'n/a (no cost data)' : `${money(t.grossMargin, currency)} (${pct(t.grossMarginPct)})`],
      ['Customers', count(t.customers)],
      ['Orders', count(t.orders)],
      ['Products', count(t.products)],
      [
        'Year-over-year growth (last 12 full months)',
        result.trend.yoyGrowthPct === null ? 'n/a (needs 24 full months)' : pct(result.trend.yoyGrowthPct),
      ],
      ['Rows used / read', `${count(d.rowsUsed)} / ${count(d.rowsRead)}`],
    ],
    ['l', 'r'],
  );
  const findings = findingsOf(result).map((f) => `**${md(f.question)}** ${md(f.headline)} ([details](${f.report}))`);
  const actions = topActions(result);
  return blocks(
    `# Executive summary: ${md(d.fileName)}`,
    overview,
    result.joins ? `## Joined files\n\n${bullets(joinSentences(result.joins, currency).map(md))}` : null,
    d.warnings.length ? `## Data warnings\n\n${bullets(d.warnings.map(md))}` : null,
    '## The six questions',
    bullets(findings),
    '## Do this first',
    actions.length ? actions.map((action, i) => `${i + 1}. ${action}`).join('\n') : md(noUrgentActions(result)),
  );
}
