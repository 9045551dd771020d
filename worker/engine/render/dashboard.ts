/**
 * `dashboard.html`: the six answers at a glance in one self-contained page — inline CSS
 * and SVG, no scripts, no external fonts or links — responsive and printable to PDF.
 */
import type { AnalysisResult } from '../contract';
import type { Chart } from './charts';
import { escapeHtml as h } from './escape';
import { topActions } from './executive-summary';
import { backtestHeadline } from './churn-backtest-report';
import { findingsOf } from './findings';
import { count, money, pct, share } from './format';
import { retentionCards } from './retention-dashboard';

const STYLE = `
:root{color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2937;background:#f3f4f6;line-height:1.45}
main{max-width:1200px;margin:0 auto;padding:24px}
header h1{margin:0 0 4px;font-size:1.6rem}
header p{margin:0;color:#4b5563}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;margin:20px 0}
.kpi,.card{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:14px 16px}
.kpi .label{font-size:.8rem;color:#6b7280;text-transform:uppercase;letter-spacing:.04em}
.kpi .value{font-size:1.35rem;font-weight:650;margin-top:4px}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,320px),1fr));gap:16px;margin:16px 0}
.card h2{font-size:1.05rem;margin:0 0 8px}
.card h3{font-size:.95rem;margin:12px 0 6px}
.charts{grid-template-columns:repeat(auto-fit,minmax(min(100%,480px),1fr))}
.chart svg{width:100%;height:auto;display:block}
table{border-collapse:collapse;width:100%;font-size:.85rem}
th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #f0f0f0;vertical-align:top}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.risk-lost{color:#dc2626;font-weight:600}.risk-high{color:#ea580c;font-weight:600}.risk-medium{color:#b45309}.risk-low{color:#16a34a}
ol.actions li{margin:6px 0}
footer{color:#6b7280;font-size:.8rem;margin-top:24px}
@media print{body{background:#fff}main{padding:0}.card,.kpi{break-inside:avoid;border-color:#ccc}.grid{display:block}.grid>.card{margin-bottom:12px}}
`;

type Cell = { text: string; numeric?: boolean; className?: string };

function htmlTable(header: Cell[], rows: Cell[][]): string {
  const cell = (tag: 'th' | 'td', c: Cell): string => {
    const classes = [c.numeric ? 'num' : '', c.className ?? ''].filter(Boolean).join(' ');
    return `<${tag}${classes ? ` class="${classes}"` : ''}>${h(c.text)}</${tag}>`;
  };
  if (rows.length === 0) return '<p>None.</p>';
  return `<table><thead><tr>${header.map((c) => cell('th', c)).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((c) => cell('td', c)).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

const num = (text: string): Cell => ({ text, numeric: true });

function kpis(result: AnalysisResult): string {
  const t = result.totals;
  const currency = result.dataset.currency;
  const items: [string, string][] = [
    ['Revenue', money(t.revenue, currency)],
    ['Gross margin', t.grossMarginPct === null ? 'n/a' : pct(t.grossMarginPct)],
    ['Customers', count(t.customers)],
    ['Orders', count(t.orders)],
    ['Top-10 customer share', share(result.concentration?.top10Share ?? null)],
    ['Revenue at risk', result.churn && result.churn.model !== 'unavailable' ? money(result.churn.revenueAtRisk, currency) : 'n/a'],
  ];
  return `<section class="kpis" aria-label="Key figures">${items.map(([label, value]) => `<div class="kpi"><div class="label">${h(label)}</div><div class="value">${h(value)}</div></div>`).join('')}</section>`;
}

function lists(result: AnalysisResult): string {
  const currency = result.dataset.currency;
  const cards: string[] = [];
  const customers = result.segments?.customers.slice(0, 10) ?? [];
  if (customers.length) {
    cards.push(
      `<section class="card"><h2>Top customers</h2>${htmlTable(
        [{ text: 'Customer' }, num('Revenue'), { text: 'Segment' }, { text: 'Tier' }],
        customers.map((c) => [{ text: c.name }, num(money(c.revenue, currency)), { text: c.segment ?? 'n/a' }, { text: c.abc }]),
      )}</section>`,
    );
  }
  const atRisk = (result.churn?.customers ?? []).filter((c) => c.risk === 'high' || c.risk === 'lost').slice(0, 12);
  if (result.churn && result.churn.model !== 'unavailable') {
    cards.push(
      `<section class="card"><h2>Call first: customers at risk</h2>${htmlTable(
        [{ text: 'Customer' }, { text: 'Risk' }, num('Days silent'), num('Revenue at risk')],
        atRisk.map((c) => [
          { text: c.name },
          { text: c.risk, className: `risk-${c.risk}` },
          num(count(c.daysSinceLastOrder ?? 0)),
          num(money(c.revenueAtRisk, currency)),
        ]),
      )}${backtestLine(result)}</section>`,
    );
  }
  const flags = result.products?.flags.slice(0, 10) ?? [];
  if (result.products?.available) {
    cards.push(
      `<section class="card"><h2>Product flags</h2>${htmlTable(
        [{ text: 'Product' }, { text: 'Issue' }],
        flags.map((f) => [{ text: f.name }, { text: f.detail }]),
      )}</section>`,
    );
  }
  if (result.suppliers?.available) {
    cards.push(
      `<section class="card"><h2>Suppliers</h2>${htmlTable(
        [{ text: 'Supplier' }, num('Share'), num('Customers exposed')],
        result.suppliers.items.slice(0, 10).map((s) => [{ text: s.name }, num(share(s.share)), num(count(s.customersExposed))]),
      )}</section>`,
    );
  }
  const opportunities = result.crossSell?.opportunities.slice(0, 10) ?? [];
  if (result.crossSell?.available) {
    cards.push(
      `<section class="card"><h2>Cross-sell opportunities</h2>${htmlTable(
        [{ text: 'Customer' }, { text: 'Offer' }, { text: 'Because' }],
        opportunities.map((o) => [{ text: o.customer.name }, { text: o.product.name }, { text: o.because }]),
      )}</section>`,
    );
  }
  return `<div class="grid">${cards.join('')}</div>`;
}

/** The backtest's one-line track record under the call list, or why there is none. */
function backtestLine(result: AnalysisResult): string {
  const backtest = result.churn?.backtest;
  if (!backtest) return '';
  return `<p>${h(backtest.available ? (backtestHeadline(backtest) ?? '') : `No backtest: ${backtest.note}`)}</p>`;
}

/** The complete dashboard page. `charts` are embedded inline, in order. */
export function dashboardHtml(result: AnalysisResult, charts: Chart[]): string {
  const d = result.dataset;
  const findings = findingsOf(result)
    .map((f) => `<section class="card"><h2>${h(f.question)}</h2><p>${h(f.headline)}</p></section>`)
    .join('');
  const actions = topActions(result, h);
  const chartCards = charts.map((chart) => `<figure class="card chart" style="margin:0">${chart.svg}</figure>`).join('');
  const period = d.period.from && d.period.to ? `${d.period.from} to ${d.period.to}` : 'no dates';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(`Tally dashboard: ${d.fileName}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><h1>${h(d.fileName)}</h1><p>${h(`${period} · as of ${result.asOf ?? 'n/a'} · ${count(d.rowsUsed)} rows analysed`)}</p></header>
${kpis(result)}
<section class="card"><h2>Do this first</h2>${actions.length ? `<ol class="actions">${actions.map((a) => `<li>${a}</li>`).join('')}</ol>` : '<p>No urgent actions.</p>'}</section>
<div class="grid">${findings}</div>
<div class="grid charts">${chartCards}</div>
${lists(result)}
${retentionCards(result, h)}
<footer>${h(`Generated ${result.generatedAt} by Tally. Figures are computed from the uploaded file; see the reports for methods and thresholds.`)}</footer>
</main>
</body>
</html>
`;
}
