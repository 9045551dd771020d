/**
 * A query result as text: a GFM markdown table (file text escaped) and a formula-safe CSV.
 * Money goes through the one formatter (render/format.ts) in the analysis's currency, so a
 * chat table writes "€1,234.50" like the reports, or "1,234.50" when the currency is
 * unknown; percentages have one decimal. The CSV keeps plain numbers, for spreadsheets.
 */
import { csvDocument, escapeMarkdown } from '../render/escape';
import { money, pct, points } from '../render/format';
import { MEASURE_LABELS } from './spec';
import { rowNouns, type CellKind, type QueryResult } from './result';

/** One cell as the user reads it; `currency` (ISO 4217, or null when unknown) applies to money. */
export function formatCell(value: string | number | null, kind: CellKind, currency: string | null = null): string {
  if (value === null) return '—';
  if (typeof value === 'string') return escapeMarkdown(value);
  // The reports' formatter: a change that rounds to zero is "0.0%", not "-0.0%".
  if (kind === 'percent') return pct(value);
  if (kind === 'points') return points(value);
  if (kind === 'money') return money(value, currency);
  if (kind === 'count') return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/**
 * The result as a GFM table, with the "showing 50 of …" note under it when capped. The
 * currency is the analysis's (`dataset.currency` of analysis.json), passed by the caller
 * because the row snapshot holds rows, not the currency decided at the end of the read.
 */
export function markdownTableOf(result: QueryResult, currency: string | null = null): string {
  const header = `| ${result.columns.map((c) => escapeMarkdown(c.label)).join(' | ')} |`;
  const rule = `| ${result.columns.map((c) => (c.kind === 'text' ? '---' : '---:')).join(' | ')} |`;
  const body = result.rows.map((row) => `| ${row.map((cell, i) => formatCell(cell, result.columns[i].kind, currency)).join(' | ')} |`);
  const notes = [result.note, shownTotalsWords(result, currency)].filter(Boolean).join(' ');
  return [header, rule, ...body, ...(notes ? ['', notes] : [])].join('\n');
}

/** "Together, the 10 customers shown: revenue 170,000.00, 54 orders, a margin of 31.8%.": a ranking's rows summed. */
function shownTotalsWords(result: QueryResult, currency: string | null): string {
  const totals = result.shownTotals ?? [];
  if (totals.length === 0) return '';
  const noun = rowNouns(result.columns);
  const figures = totals.map((t) => {
    const value = formatCell(t.value, t.kind, currency);
    if (t.measure === 'marginPct') return `a margin of ${value}`;
    return t.kind === 'money' ? `${MEASURE_LABELS[t.measure]} ${value}` : `${value} ${MEASURE_LABELS[t.measure]}`;
  });
  const which =
    result.rankedRows === undefined
      ? `the ${result.rows.length.toLocaleString('en-US')} ${escapeMarkdown(noun)} shown`
      : `the top ${result.rankedRows.toLocaleString('en-US')} ${escapeMarkdown(noun)}`;
  return `Together, ${which}: ${figures.join(', ')}.`;
}

/** The result rows as a formula-safe CSV document. */
export function csvOf(result: QueryResult): string {
  return csvDocument(
    result.columns.map((c) => c.label),
    result.rows,
  );
}
