/** Markdown building blocks for the reports; every cell and inline value is escaped. */
import { escapeMarkdown } from './escape';

/** Escaped inline text (file-derived names, ids). */
export const md = escapeMarkdown;

/** A GFM table; every cell is escaped, numeric-looking columns right-aligned by `align`. */
export function table(header: string[], rows: string[][], align: ('l' | 'r')[] = []): string {
  const line = (cells: string[]): string => `| ${cells.map((cell) => escapeMarkdown(cell)).join(' | ')} |`;
  const rule = `|${header.map((_, i) => (align[i] === 'r' ? ' ---: ' : ' --- ')).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Joins report blocks with blank lines, skipping empty ones. */
export function blocks(...parts: (string | null | undefined | false)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.length > 0).join('\n\n') + '\n';
}

/** A bullet list of already-escaped lines. */
export function bullets(lines: string[]): string {
  return lines.map((line) => `- ${line}`).join('\n');
}

/** "a, b, c and 4 more" for already-escaped names; `gap` sets them apart (names with commas in them take "; "). */
export function nameList(names: string[], max = 12, gap = ', '): string {
  if (names.length <= max) return names.length > 1 ? `${names.slice(0, -1).join(gap)} and ${names[names.length - 1]}` : (names[0] ?? '');
  return `${names.slice(0, max).join(gap)} and ${names.length - max} more`;
}
