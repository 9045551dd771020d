/**
 * A rendered markdown table as a CSV download. Cells go through the engine's `csvCell`
 * (worker/engine/render/escape.ts), the same escaping as every CSV export, so a cell
 * starting with `=`, `+`, `-` or `@` is neutralised and never runs as a formula.
 */
import type { ExtraProps } from 'react-markdown';
import { csvDocument } from '../../../../worker/engine/render/escape';

type TableNode = NonNullable<ExtraProps['node']>;
type HastChild = TableNode['children'][number];

/** A figure as the engine formats it (`1,234.56`, `-12`, `3.4%` stays text): back to a number. */
const FORMATTED_NUMBER = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

function textOf(node: HastChild): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function elementsOf(node: TableNode | HastChild, tagNames: string[]): TableNode[] {
  if (node.type !== 'element') return [];
  if (tagNames.includes(node.tagName)) return [node];
  return node.children.flatMap((child) => elementsOf(child, tagNames));
}

function cellValue(text: string): string | number {
  const trimmed = text.trim();
  return FORMATTED_NUMBER.test(trimmed) ? Number(trimmed.replace(/,/g, '')) : trimmed;
}

/** The table's header and rows as a formula-safe CSV document (CRLF line ends). */
export function csvOfTable(table: TableNode): string {
  const rows = elementsOf(table, ['tr']).map((row) =>
    elementsOf(row, ['th', 'td']).map((cell) => cellValue(cell.children.map(textOf).join(''))),
  );
  const [header = [], ...body] = rows;
  return csvDocument(header.map(String), body);
}

/** A `data:` URL for the CSV, so the link needs no object URL to revoke. */
export function csvHref(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
}
