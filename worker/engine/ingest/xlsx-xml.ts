/**
 * Streaming scans of SpreadsheetML (ECMA-376 Part 1, §18.3 sheets, §18.4 shared strings,
 * §18.8 styles) without building a DOM: text arrives in chunks, and each complete
 * `<row>` or `<si>` element is cut out and read with indexOf, one at a time.
 */
import { excelSerialToEpochDay } from '../schema/dates';

/** Decodes the five XML entities and numeric character references. */
export function unescapeXml(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e === 'amp') return '&';
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

/**
 * Cuts complete `<tag …>…</tag>` (or self-closing `<tag …/>`) elements out of streamed
 * text. Only the unfinished tail is carried between chunks.
 */
export class ElementScanner {
  private pending = '';
  private readonly open: string;
  private readonly close: string;

  constructor(
    tag: string,
    private readonly onElement: (element: string) => void,
  ) {
    this.open = `<${tag}`;
    this.close = `</${tag}>`;
  }

  push(text: string): void {
    const buf = this.pending + text;
    let pos = 0;
    for (;;) {
      const start = findOpen(buf, this.open, pos);
      if (start < 0) {
        // Keep a short tail in case an opening tag is split across chunks.
        pos = Math.max(pos, buf.length - this.open.length);
        break;
      }
      const tagEnd = buf.indexOf('>', start);
      if (tagEnd < 0) {
        pos = start;
        break;
      }
      if (buf.charCodeAt(tagEnd - 1) === 47) {
        this.onElement(buf.slice(start, tagEnd + 1));
        pos = tagEnd + 1;
        continue;
      }
      const end = buf.indexOf(this.close, tagEnd);
      if (end < 0) {
        pos = start;
        break;
      }
      this.onElement(buf.slice(start, end + this.close.length));
      pos = end + this.close.length;
    }
    this.pending = buf.slice(pos);
  }
}

/** Position of `<tag` followed by whitespace, `>` or `/` (so `<row` does not match `<rowBreaks`). */
function findOpen(buf: string, open: string, from: number): number {
  let at = buf.indexOf(open, from);
  while (at >= 0) {
    const next = buf.charCodeAt(at + open.length);
    if (next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13) return at;
    if (Number.isNaN(next)) return -1;
    at = buf.indexOf(open, at + 1);
  }
  return -1;
}

const attributePatterns = new Map<string, RegExp>();

/** The value of attribute `name` in a start tag, or null. */
export function attribute(tag: string, name: string): string | null {
  let re = attributePatterns.get(name);
  if (!re) {
    re = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, re);
  }
  const m = re.exec(tag);
  return m ? unescapeXml(m[2] ?? m[3]) : null;
}

/** Concatenated text of the `<t>` elements in a shared-string or inline-string element (phonetic runs skipped). */
export function richText(element: string): string {
  let out = '';
  let pos = 0;
  const cleaned = element.indexOf('<rPh') >= 0 ? element.replace(/<rPh[\s>][\s\S]*?<\/rPh>/g, '') : element;
  for (;;) {
    const open = findOpen(cleaned, '<t', pos);
    if (open < 0) break;
    const tagEnd = cleaned.indexOf('>', open);
    if (cleaned.charCodeAt(tagEnd - 1) === 47) {
      pos = tagEnd + 1;
      continue;
    }
    const close = cleaned.indexOf('</t>', tagEnd);
    if (close < 0) break;
    out += cleaned.slice(tagEnd + 1, close);
    pos = close + 4;
  }
  return unescapeXml(out);
}

/** Zero-based column index of a cell reference such as `AB12`. */
export function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col - 1;
}

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30). */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** True when a custom format code shows a date or time (d, m, y, h or s outside quotes and brackets). */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** For each cell style (`s` attribute index), whether its number format is a date. */
export function dateStylesOf(stylesXml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(/<numFmt\s[^>]*>/g)) {
    const id = attribute(m[0], 'numFmtId');
    const code = attribute(m[0], 'formatCode');
    if (id !== null && code !== null) custom.set(Number(id), code);
  }
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  const out: boolean[] = [];
  for (const m of xfs.matchAll(/<xf\s[^>]*>/g)) {
    const id = Number(attribute(m[0], 'numFmtId') ?? '0');
    const code = custom.get(id);
    out.push(code !== undefined ? isDateFormatCode(code) : BUILTIN_DATE_FORMATS.has(id));
  }
  return out;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** An Excel date serial as `YYYY-MM-DD` (plus ` HH:MM:SS` when it has a time of day). */
export function serialToIso(serial: number, date1904: boolean): string {
  const day = excelSerialToEpochDay(serial, date1904);
  const date = new Date(day * 86_400_000);
  const iso = `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
  const seconds = Math.round((serial - Math.floor(serial)) * 86_400);
  if (seconds === 0 || seconds >= 86_400) return iso;
  return `${iso} ${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
}

export interface CellContext {
  sharedStrings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
}

/** The cells of one `<row>` element as strings, by column position (gaps are empty). */
export function rowCells(row: string, context: CellContext): string[] {
  const cells: string[] = [];
  let pos = 0;
  let next = 0;
  for (;;) {
    const start = findOpen(row, '<c', pos);
    if (start < 0) break;
    const tagEnd = row.indexOf('>', start);
    if (tagEnd < 0) break;
    const tag = row.slice(start, tagEnd + 1);
    const ref = attribute(tag, 'r');
    const col = ref !== null ? columnOf(ref) : next;
    next = col + 1;
    let inner = '';
    if (row.charCodeAt(tagEnd - 1) === 47) pos = tagEnd + 1;
    else {
      const close = row.indexOf('</c>', tagEnd);
      inner = row.slice(tagEnd + 1, close < 0 ? row.length : close);
      pos = close < 0 ? row.length : close + 4;
    }
    const value = cellValue(tag, inner, context);
    if (value === '') continue;
    while (cells.length < col) cells.push('');
    cells[col] = value;
  }
  return cells;
}

function cellValue(tag: string, inner: string, context: CellContext): string {
  const type = attribute(tag, 't');
  if (type === 'inlineStr') return richText(inner);
  const v = valueText(inner);
  if (v === null) return '';
  switch (type) {
    case 's':
      return context.sharedStrings[Number(v)] ?? '';
    case 'str':
    case 'd':
      return unescapeXml(v);
    case 'b':
      return v === '1' ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    default: {
      const style = attribute(tag, 's');
      if (style !== null && context.dateStyles[Number(style)]) {
        const serial = Number(v);
        if (Number.isFinite(serial)) return serialToIso(serial, context.date1904);
      }
      return v;
    }
  }
}

function valueText(inner: string): string | null {
  const open = inner.indexOf('<v');
  if (open < 0) return null;
  const tagEnd = inner.indexOf('>', open);
  if (inner.charCodeAt(tagEnd - 1) === 47) return null;
  const close = inner.indexOf('</v>', tagEnd);
  return close < 0 ? null : inner.slice(tagEnd + 1, close);
}
