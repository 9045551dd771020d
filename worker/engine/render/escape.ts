/**
 * Escaping for everything that comes from the uploaded file (names, headers, ids) before
 * it goes into HTML, SVG, markdown or CSV. Every renderer routes file text through here.
 */

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML or SVG/XML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  // Control characters other than tab/newline are invalid in XML 1.0; drop them.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]);
}

/**
 * Text safe as inline markdown, including inside a table cell: markdown punctuation is
 * backslash-escaped, `<`/`>`/`&` become entities (so raw HTML never renders), and line
 * breaks become spaces (a newline would end a table row). `-`, `+` and `.` only mean
 * something at the start of a line, where reports never put file text, so they stay.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#!|~]/g, (ch) => `\\${ch}`);
}

/**
 * One CSV cell per RFC 4180, safe to open in a spreadsheet: text starting with `=`, `+`,
 * `-`, `@` (or tab / carriage return) is prefixed with `'` so it is never evaluated as a
 * formula (OWASP "CSV Injection"); cells with a comma, quote or line break are quoted
 * with inner quotes doubled. Numbers we computed are written as plain numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const neutral = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

/** A CSV document (CRLF line ends, as RFC 4180 specifies) from a header and rows. */
export function csvDocument(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
