/**
 * Delimiter detection: the candidate (comma, semicolon, tab, pipe) that splits the first
 * lines into the most consistent number of fields wins; quoted sections are skipped, as
 * in RFC 4180. When no candidate splits anything but runs of spaces do, consistently, the
 * file is whitespace-separated fixed-width text (like CDNOW's).
 */
import type { Delimiter } from './tokenizer';

const CANDIDATES = [44, 59, 9, 124]; // , ; tab |
const LINES = 60;

/** Field counts per record under one delimiter, for the first LINES records. */
function fieldCounts(text: string, delimiter: number): number[] {
  const counts: number[] = [];
  let fields = 1;
  let inQuotes = false;
  let atFieldStart = true;
  let lineHasContent = false;
  for (let i = 0; i < text.length && counts.length < LINES; i++) {
    const c = text.charCodeAt(i);
    if (inQuotes) {
      if (c === 34) {
        if (text.charCodeAt(i + 1) === 34) i++;
        else inQuotes = false;
      }
      continue;
    }
    if (c === 34 && atFieldStart) {
      inQuotes = true;
      atFieldStart = false;
      lineHasContent = true;
      continue;
    }
    if (c === delimiter) {
      fields++;
      atFieldStart = true;
      lineHasContent = true;
      continue;
    }
    if (c === 10 || c === 13) {
      if (lineHasContent) counts.push(fields);
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      fields = 1;
      atFieldStart = true;
      lineHasContent = false;
      continue;
    }
    atFieldStart = false;
    lineHasContent = true;
  }
  return counts;
}

/** The most frequent value and the share of entries that have it. */
function mode(values: readonly number[]): { value: number; share: number } {
  const tally = new Map<number, number>();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  let best = { value: 1, count: 0 };
  for (const [value, count] of tally) if (count > best.count || (count === best.count && value > best.value)) best = { value, count };
  return { value: best.value, share: values.length === 0 ? 0 : best.count / values.length };
}

/** Detects the delimiter from the start of the file (decoded text). */
export function detectDelimiter(text: string): Delimiter {
  let best: { delimiter: number; share: number; fields: number } | null = null;
  for (const delimiter of CANDIDATES) {
    const { value, share } = mode(fieldCounts(text, delimiter));
    if (value < 2) continue;
    if (!best || share > best.share + 0.05 || (Math.abs(share - best.share) <= 0.05 && value > best.fields)) {
      best = { delimiter, share, fields: value };
    }
  }
  if (best && best.share >= 0.5) return best.delimiter;
  const lines = text
    .split(/\r?\n|\r/)
    .filter((l) => l.trim() !== '')
    .slice(0, LINES);
  const whitespace = mode(lines.map((l) => l.trim().split(/[ \t]+/).length));
  if (whitespace.value >= 2 && whitespace.share >= 0.8) return 'whitespace';
  return best?.delimiter ?? 44;
}
