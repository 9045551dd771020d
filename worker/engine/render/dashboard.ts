/**
 * `dashboard.html`: the six answers at a glance in one self-contained page — inline CSS
 * and SVG, no scripts, no external fonts or links — responsive and printable to PDF.
 */
import type { AnalysisResult, CrossSell } from '../contract';
import type { Chart } from './charts';
import { escapeHtml as h } from './escape';
import { noUrgentActions, topActions } from './executive-summary';
import { backtestHeadline } from './churn-backtest-report';
import { crossSellLevel, fallbackSentence, itemWord } from './cross-sell-words';
import { findingsOf } from './findings';
import { joinSentences } from './join-summary';
import { churnSummaryOf } from '../analyses/churn-summary';
import { count, currencyNote, money, pct, ROUNDING_RULE, share } from './format';
import { repScorecardsTable } from './rep-dashboard';
import { retentionCards } from './retention-dashboard';

/**
 * One six-column grid per block of cards: findings sit three to a row, charts and short
 * tables two to a row, and tables with sentences (cross-sell's "Because") span the page.
 * Under 1024 px thirds become halves; under 720 px everything is one column and each table
 * row becomes a small block of "label value" lines, so a phone never scrolls sideways.
 */
const STYLE = `
:root{color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2937;background:#f3f4f6;line-height:1.45}
main{max-width:1200px;margin:0 auto;padding:24px}
header h1{margin:0 0 4px;font-size:1.6rem;overflow-wrap:break-word}
header p{margin:0;color:#4b5563}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;margin:20px 0}
.kpi,.card{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:14px 16px;min-width:0}
.kpi .label{font-size:.8rem;color:#6b7280;text-transform:uppercase;letter-spacing:.04em}
.kpi .value{font-size:1.35rem;font-weight:650;margin-top:4px}
.board{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:16px;margin:16px 0}
.third{grid-column:span 2}.half{grid-column:span 3}.wide{grid-column:1/-1}
.card h2{font-size:1.05rem;margin:0 0 8px}
.card h3{font-size:.95rem;margin:12px 0 6px}
.card p.note{color:#4b5563;font-size:.85rem;margin:0 0 8px}
.chart{margin:0}
.chart svg{width:100%;height:auto;display:block}
.table-scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.85rem}
th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #f0f0f0;vertical-align:top;overflow-wrap:break-word}
th,td.nowrap{white-space:nowrap}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;overflow-wrap:normal}
.risk-lost{color:#dc2626;font-weight:600}.risk-high{color:#ea580c;font-weight:600}.risk-medium{color:#b45309}.risk-low{color:#16a34a}
ol.actions li{margin:6px 0}
footer{color:#6b7280;font-size:.8rem;margin-top:24px}
@media (max-width:1024px){.third{grid-column:span 3}}
@media (max-width:720px){main{padding:16px}.board{grid-template-columns:minmax(0,1fr)}.board>*{grid-column:1/-1}
table,tbody,tr,td{display:block}thead{display:none}tr{padding:6px 0;border-bottom:1px solid #e5e7eb}
td,td.num,td.nowrap{display:grid;grid-template-columns:7.5rem minmax(0,1fr);gap:8px;border:0;padding:2px 0;text-align:left;white-space:normal}
td::before{content:attr(data-label);color:#6b7280;font-size:.8rem;font-weight:400}}
@media print{@page{margin:12mm}body{background:#fff}main{padding:0;max-width:none}.card,.kpi{break-inside:avoid;border-color:#ccc}.board{gap:10px}.third{grid-column:span 3}.table-scroll{overflow:visible}}
`;

export type Cell = { text: string; numeric?: boolean; className?: string };

/** A table whose cells carry their column's header as `data-label`, shown beside the value on phones. */
function htmlTable(header: Cell[], rows: Cell[][]): string {
  const cell = (tag: 'th' | 'td', c: Cell, label?: string): string => {
    const classes = [c.numeric ? 'num' : '', c.className ?? ''].filter(Boolean).join(' ');
    const labelled = label === undefined ? '' : ` data-label="${h(label)}"`;
    return `<${tag}${classes ? ` class="${classes}"` : ''}${labelled}>${h(c.text)}</${tag}>`;
  };
  if (rows.length === 0) return '<p>None.</p>';
  return `<div class="table-scroll"><table><thead><tr>${header.map((c) => cell('th', c)).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((c, i) => cell('td', c, header[i]?.text ?? '')).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
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

/** How much of the board's width a card takes. */
type Width = 'third' | 'half' | 'wide';

interface Card {
  width: Width;
  html: string;
}

function card(width: Width, title: string, body: string): Card {
  return { width, html: `<section class="card ${width}"><h2>${h(title)}</h2>${body}</section>` };
}

/**
 * Half-width cards pair up; a table left without a partner takes the whole row instead of
 * sitting beside an empty half (a lone chart stays half: at full width it would be a metre tall).
 */
function board(cards: Card[], widenLoneHalf = true): string {
  const halves = cards.filter((c) => c.width === 'half');
  const lone = widenLoneHalf && halves.length % 2 === 1 ? halves[halves.length - 1] : null;
  return `<div class="board">${cards.map((c) => (c === lone ? c.html.replace('class="card half"', 'class="card wide"') : c.html)).join('')}</div>`;
}

function lists(result: AnalysisResult): string {
  const currency = result.dataset.currency;
  const cards: Card[] = [];
  const customers = result.segments?.customers.slice(0, 10) ?? [];
  if (customers.length) {
    cards.push(
      card(
        'half',
        'Top customers',
        htmlTable(
          [{ text: 'Customer' }, num('Revenue'), { text: 'Segment' }, { text: 'Tier' }],
          customers.map((c) => [{ text: c.name }, num(money(c.revenue, currency)), { text: c.segment ?? 'n/a' }, { text: c.abc }]),
        ),
      ),
    );
  }
  if (result.churn && result.churn.model !== 'unavailable') {
    // The same call list as "Do this first" and churn.md, as stored in analysis.json.
    const atRisk = churnSummaryOf(result.churn).called;
    cards.push(
      card(
        'half',
        'Call first: customers at risk',
        htmlTable(
          [{ text: 'Customer' }, { text: 'Risk' }, num('Days silent'), num('Revenue at risk')],
          atRisk.map((c) => [
            { text: c.name },
            { text: c.risk, className: `risk-${c.risk}` },
            num(count(c.daysSinceLastOrder ?? 0)),
            num(money(c.revenueAtRisk, currency)),
          ]),
        ) + backtestLine(result),
      ),
    );
  }
  const flags = result.products?.flags.slice(0, 10) ?? [];
  if (result.products?.available) {
    cards.push(
      card(
        'half',
        'Product flags',
        htmlTable(
          [{ text: 'Product' }, { text: 'Issue' }],
          flags.map((f) => [{ text: f.name }, { text: f.detail }]),
        ),
      ),
    );
  }
  if (result.suppliers?.available) {
    cards.push(
      card(
        'half',
        'Suppliers',
        htmlTable(
          [{ text: 'Supplier' }, num('Share'), num('Customers exposed')],
          result.suppliers.items.slice(0, 10).map((s) => [{ text: s.name }, num(share(s.share)), num(count(s.customersExposed))]),
        ),
      ),
    );
  }
  const x = result.crossSell;
  if (x?.available) cards.push(crossSellCard(x));
  const reps = repScorecardsTable(result);
  if (reps) cards.push(card('wide', 'Sales reps', htmlTable(reps.header, reps.rows)));
  return board(cards);
}

/** Cross-sell spans the page: its "Because" sentences need the width. Group rules say they are group rules. */
function crossSellCard(x: CrossSell): Card {
  const byProduct = crossSellLevel(x) === 'product';
  const fallback = fallbackSentence(x);
  return card(
    'wide',
    byProduct ? 'Cross-sell opportunities' : `Cross-sell opportunities by ${itemWord(x)}`,
    (fallback ? `<p class="note">${h(fallback)}</p>` : '') +
      htmlTable(
        [{ text: 'Customer' }, { text: byProduct ? 'Offer' : `Offer (${itemWord(x)})` }, { text: 'Because' }],
        x.opportunities
          .slice(0, 10)
          .map((o) => [{ text: o.customer.name, className: 'nowrap' }, { text: o.product.name, className: 'nowrap' }, { text: o.because }]),
      ),
  );
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
  const findings = findingsOf(result).map((f): Card => card('third', f.question, `<p>${h(f.headline)}</p>`));
  const actions = topActions(result, h);
  const chartCards = charts.map((chart): Card => ({ width: 'half', html: `<figure class="card half chart">${chart.svg}</figure>` }));
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
<header><h1>${h(d.fileName)}</h1><p>${h(`${period} · as of ${result.asOf ?? 'n/a'} · ${count(d.rowsUsed)} rows analysed · ${currencyNote(d.currency)}`)}</p></header>
${kpis(result)}
${
  result.joins
    ? `<section class="card"><h2>Joined files</h2>${joinSentences(result.joins, d.currency)
        .map((s) => `<p>${h(s)}</p>`)
        .join('')}</section>`
    : ''
}
<section class="card"><h2>Do this first</h2>${actions.length ? `<ol class="actions">${actions.map((a) => `<li>${a}</li>`).join('')}</ol>` : `<p>${h(noUrgentActions(result))}</p>`}</section>
${board(findings)}
${board(chartCards, false)}
${lists(result)}
${retentionCards(result, h)}
<footer>${h(`Generated ${result.generatedAt} by Tally. Figures are computed from the uploaded file; see the reports for methods and thresholds. ${ROUNDING_RULE}`)}</footer>
</main>
</body>
</html>
`;
}
