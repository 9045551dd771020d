/**
 * A query result as text: a GFM markdown table (file text escaped) and a formula-safe CSV.
 * Money is shown with two decimals and thousands separators, percentages with one decimal.
 */
import { csvDocument, escapeMarkdown } from '../render/escape';
import type { CellKind, QueryResult } from './result';

/** One cell as the user reads it. */
export function formatCell(value: string | number | null, kind: CellKind): string {
  if (value === null) return '—';
  if (typeof value === 'string') return escapeMarkdown(value);
  if (kind === 'percent') return `${value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
  if (kind === 'money') return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (kind === 'count') return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** The result as a GFM table, with the "showing 50 of …" note under it when capped. */
export function markdownTableOf(result: QueryResult): string {
  const header = `| ${result.columns.map((c) => escapeMarkdown(c.label)).join(' | ')} |`;
  const rule = `| ${result.columns.map((c) => (c.kind === 'text' ? '---' : '---:')).join(' | ')} |`;
  const body = result.rows.map((row) => `| ${row.map((cell, i) => formatCell(cell, result.columns[i].kind)).join(' | ')} |`);
  return [header, rule, ...body, ...(result.note ? ['', result.note] : [])].join('\n');
}

/** The result rows as a formula-safe CSV document. */
export function csvOf(result: QueryResult): string {
  return csvDocument(
    result.columns.map((c) => c.label),
    result.rows,
  );
}
