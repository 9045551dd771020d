/** Which decimal separator a column's sampled values use (read once per column, not per cell). */
import { COMMA, DOT, type DecimalSeparator } from './numbers';

/**
 * Decides a column's decimal separator from its values. Returns null when nothing in the
 * values tells (plain integers, or only `1,234`-style values that read either way).
 *
 * Evidence, strongest first: a value with both `.` and `,` (the last one is the decimal);
 * a separator followed by other than three digits (it must be the decimal); a separator
 * used twice (`1.234.567`: it must be the thousands separator).
 */
export function decideDecimal(values: readonly string[]): DecimalSeparator | null {
  let dotVotes = 0;
  let commaVotes = 0;
  for (const raw of values) {
    const v = raw.trim();
    const dot = v.lastIndexOf('.');
    const comma = v.lastIndexOf(',');
    if (dot < 0 && comma < 0) continue;
    if (dot >= 0 && comma >= 0) {
      if (dot > comma) dotVotes += 2;
      else commaVotes += 2;
      continue;
    }
    const sep = dot >= 0 ? '.' : ',';
    const at = dot >= 0 ? dot : comma;
    if (v.indexOf(sep) !== at) {
      // used twice: thousands separator, so the other one is the decimal
      if (sep === '.') commaVotes++;
      else dotVotes++;
      continue;
    }
    const after = countDigitsFrom(v, at + 1);
    if (after !== 3 || !/\d/.test(v.slice(0, at))) {
      if (sep === '.') dotVotes++;
      else commaVotes++;
    }
  }
  if (dotVotes === 0 && commaVotes === 0) return null;
  return commaVotes > dotVotes ? COMMA : DOT;
}

function countDigitsFrom(text: string, from: number): number {
  let n = 0;
  while (from + n < text.length && text.charCodeAt(from + n) >= 48 && text.charCodeAt(from + n) <= 57) n++;
  return n;
}
