/**
 * `revenue-bridge.md`: what changed revenue between two periods — the steps, the largest
 * new, earlier and lost customers, and the decomposition's definitions and formulas.
 */
import type { AnalysisResult, Bridge } from '../contract';
import { bridgeHeadline } from './bridge-findings';
import { count, money, plural } from './format';
import { blocks, bullets, md, table } from './markdown';

/** The method, as the README states it. */
export const BRIDGE_DEFINITIONS = [
  'Revenue is net of returns and credit notes. A customer is **new** when they have lines in the later period and no purchase before it (+ their revenue), **bought before** when they have lines in the later period and none in the earlier one, with a purchase before it or between the two (+), **lost** when in the earlier period only (− their revenue), **continuing** when in both.',
  'For continuing customers, each customer × product pair bought only now is **products newly bought** (+), only before **products no longer bought** (−).',
  'Pairs bought in both periods with positive units (and no line without a quantity) are split with the standard sales variance decomposition (CIMA *Official Terminology*: sales price variance, and the sales volume variance split into sales quantity and sales mix variances). With q units and p = R/q the average price per pair, in the base (0) and compared (1) periods, Q = Σq and P̄₀ = ΣR₀ / Q₀:',
  '**Volume** = (Q₁ − Q₀) × P̄₀ — more or fewer units at the base average price;',
  '**Mix** = Σ q₁·p₀ − Q₁ × P̄₀ — units shifting towards dearer or cheaper customer × product pairs;',
  '**Price** = Σ (p₁ − p₀) × q₁ — price changes on the units sold now. Volume + mix + price = ΣR₁ − ΣR₀ of those pairs, exactly.',
  'Pairs in both periods that cannot be priced (only returns now, or a missing quantity) are **other**; rows without a customer are their own step.',
  'Without a quantity column (or without products) the bridge is customer-level: new, bought before, lost, and continuing customers buying more (**up**) or less (**down**).',
  'Steps are rounded to cents so that they add up to the change to the cent (Hamilton’s largest-remainder method: no step moves by more than a cent).',
];

function stepTable(bridge: Extract<Bridge, { available: true }>, currency: string | null): string {
  return table(
    ['Step', 'Revenue'],
    [
      [`${bridge.base.label} revenue (${plural(bridge.base.customers, 'customer')})`, money(bridge.base.revenue, currency)],
      ...bridge.steps.map((s) => [s.label, money(s.value, currency)]),
      [`= ${bridge.compared.label} revenue (${plural(bridge.compared.customers, 'customer')})`, money(bridge.compared.revenue, currency)],
    ],
    ['l', 'r'],
  );
}

function customerList(title: string, rows: { name: string; revenue: number }[], currency: string | null): string | null {
  if (rows.length === 0) return null;
  return `${title}: ${rows.map((r) => `${md(r.name)} (${money(r.revenue, currency)})`).join(', ')}.`;
}

/** The bridge report. */
export function bridgeReport(result: AnalysisResult): string {
  const bridge = result.bridge;
  const currency = result.dataset.currency;
  if (!bridge)
    return blocks(
      '# Revenue bridge',
      'The bridge is computed from the cleaned rows, which this run did not keep.',
      '## Method',
      bullets(BRIDGE_DEFINITIONS),
    );
  if (!bridge.available) return blocks('# Revenue bridge', md(bridge.note), '## Method', bullets(BRIDGE_DEFINITIONS));
  return blocks(
    `# Revenue bridge: ${md(bridge.base.label)} to ${md(bridge.compared.label)}`,
    md(bridgeHeadline(bridge, currency)),
    `Periods: ${md(bridge.base.from)} … ${md(bridge.base.to)} against ${md(bridge.compared.from)} … ${md(bridge.compared.to)}. ${md(bridge.periodsReason)}`,
    stepTable(bridge, currency),
    bridge.level === 'price-volume-mix'
      ? `${count(bridge.comparablePairs)} customer × product pairs bought in both periods are split into price, volume and mix.`
      : null,
    bridge.notes.length ? bullets(bridge.notes.map(md)) : null,
    customerList('Largest new customers', bridge.topNew, currency),
    customerList('Largest customers who bought before, not in the earlier period', bridge.topReturning ?? [], currency),
    customerList('Largest lost customers (revenue in the earlier period)', bridge.topLost, currency),
    '## Method',
    bullets(BRIDGE_DEFINITIONS),
  );
}
