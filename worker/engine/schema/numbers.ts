/**
 * Number parsing straight from UTF-8 bytes, with the decimal separator decided once per
 * column (`decideDecimal`) rather than guessed per cell: `1.234` is 1234 in a German
 * column and 1.234 in an English one, and only the column's other values can tell.
 *
 * Accepted: `1,234.50`, `1.234,50`, `1 234,50` (space, NBSP or narrow NBSP groups),
 * `1'234.50`, `$1,234.50`, `€ 12`, `12 EUR`, `(12.00)` and `12-` as negatives, `1.2e3`,
 * and percentages (`12%` → 0.12).
 */

export const DOT = 46;
export const COMMA = 44;
export type DecimalSeparator = typeof DOT | typeof COMMA;

const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** True for bytes that may surround a number as a currency sign (`$`, and `€`, `£`, `¥` in UTF-8). */
function isSymbolByte(c: number): boolean {
  return c === 36 || c >= 0x80;
}

/** Currency codes and abbreviations written next to amounts (ISO 4217 and common local forms). */
const CURRENCY_WORDS = new Set([
  'eur',
  'usd',
  'gbp',
  'chf',
  'jpy',
  'cad',
  'aud',
  'nzd',
  'sek',
  'nok',
  'dkk',
  'pln',
  'czk',
  'huf',
  'brl',
  'mxn',
  'ars',
  'clp',
  'cop',
  'zar',
  'inr',
  'cny',
  'hkd',
  'sgd',
  'try',
  'kr',
  'fr',
  'sfr',
  'r',
  'us',
  'ca',
  'au',
]);

function isCurrencyWord(buf: Uint8Array, start: number, end: number): boolean {
  if (end - start > 4) return false;
  let word = '';
  for (let i = start; i < end; i++) word += String.fromCharCode(buf[i] | 0x20);
  return CURRENCY_WORDS.has(word);
}

/**
 * Length of a thousands-group separator at `i` (1 for `,` `.` `'` or space, 2 for NBSP,
 * 3 for narrow NBSP), or 0. The decimal separator is never a group separator.
 */
function groupSeparatorLength(buf: Uint8Array, i: number, end: number, decimal: number): number {
  const c = buf[i];
  if (c === decimal) return 0;
  if (c === COMMA || c === DOT || c === 39 || c === 32) return 1;
  if (c === 0xc2 && i + 1 < end && buf[i + 1] === 0xa0) return 2;
  if (c === 0xe2 && i + 2 < end && buf[i + 1] === 0x80 && buf[i + 2] === 0xaf) return 3;
  return 0;
}

/**
 * Parses the number in `buf[start, end)`. Returns NaN for empty or unreadable cells,
 * including a thousands separator not followed by exactly three digits (the sign that a
 * value contradicts the column's decided decimal separator).
 */
export function parseNumberBytes(buf: Uint8Array, start: number, end: number, decimal: DecimalSeparator): number {
  let s = start;
  let e = end;
  while (s < e && isSpace(buf[s])) s++;
  while (e > s && isSpace(buf[e - 1])) e--;
  if (s === e) return NaN;
  // Fast path: plain [-]digits[.digits], the overwhelming majority of cells.
  let i = s;
  let negative = false;
  if (buf[i] === 45) {
    negative = true;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  while (i < e) {
    const d = buf[i] - 48;
    if (d < 0 || d > 9) break;
    mantissa = mantissa * 10 + d;
    digits++;
    i++;
  }
  if (i === e && digits > 0 && digits <= 15) return negative ? -mantissa : mantissa;
  if (i < e && buf[i] === decimal && digits > 0) {
    let j = i + 1;
    let frac = 0;
    while (j < e) {
      const d = buf[j] - 48;
      if (d < 0 || d > 9) break;
      mantissa = mantissa * 10 + d;
      frac++;
      j++;
    }
    if (j === e && digits + frac <= 15) {
      const value = frac === 0 ? mantissa : mantissa / POW10[frac];
      return negative ? -value : value;
    }
  }
  return parseNumberSlow(buf, s, e, decimal);
}

/** The general case: signs, parentheses, currency, groups, exponent, percent. */
function parseNumberSlow(buf: Uint8Array, s: number, e: number, decimal: DecimalSeparator): number {
  let negative = false;
  let parenthesised = false;
  let percent = false;
  let mantissa = 0;
  let significant = 0;
  let frac = 0;
  let seenDigit = false;
  let seenDecimal = false;
  let afterNumber = false;
  let groupDigits = -1; // digits since the last group separator, -1 when none seen
  let exponent = 0;
  let signSeen = false;
  let i = s;
  while (i < e) {
    const c = buf[i];
    if (c >= 48 && c <= 57) {
      if (afterNumber || (i > s && isLetter(buf[i - 1]))) return NaN;
      seenDigit = true;
      if (significant < 17) {
        mantissa = mantissa * 10 + (c - 48);
        if (mantissa > 0) significant++;
        if (seenDecimal) frac++;
      } else if (!seenDecimal) exponent++;
      if (groupDigits >= 0 && !seenDecimal) groupDigits++;
      i++;
      continue;
    }
    if (c === decimal && seenDigit && !seenDecimal && !afterNumber) {
      if (groupDigits >= 0 && groupDigits !== 3) return NaN;
      groupDigits = -1;
      seenDecimal = true;
      i++;
      continue;
    }
    if (c === decimal && !seenDigit && !seenDecimal && i + 1 < e && buf[i + 1] >= 48 && buf[i + 1] <= 57) {
      seenDecimal = true; // `.5`
      i++;
      continue;
    }
    const group = seenDigit && !seenDecimal && !afterNumber ? groupSeparatorLength(buf, i, e, decimal) : 0;
    if (group > 0 && i + group < e && buf[i + group] >= 48 && buf[i + group] <= 57) {
      if (groupDigits >= 0 && groupDigits !== 3) return NaN;
      if (groupDigits < 0 && significantIntegerDigits(buf, s, i) > 3) return NaN;
      groupDigits = 0;
      i += group;
      continue;
    }
    if (seenDigit) {
      if (groupDigits >= 0 && groupDigits !== 3 && !seenDecimal) return NaN;
      groupDigits = -1;
    }
    if ((c === 101 || c === 69) && seenDigit && !afterNumber) {
      const parsed = parseExponent(buf, i + 1, e);
      if (parsed !== null) {
        exponent += parsed.value;
        i = parsed.next;
        afterNumber = true;
        continue;
      }
    }
    if (c === 45) {
      // `CG-12520` and `FUR-BO-1000` are codes, not negative numbers.
      if (!seenDigit && (signSeen || (i > s && isLetter(buf[i - 1])))) return NaN;
      if (!seenDigit) signSeen = true;
      if (seenDigit) afterNumber = true;
      negative = !negative;
      i++;
      continue;
    }
    if (c === 43 || isSpace(c)) {
      if (seenDigit) afterNumber = true;
      i++;
      continue;
    }
    if (c === 40 && !seenDigit) {
      parenthesised = true;
      i++;
      continue;
    }
    if (c === 41 && parenthesised && seenDigit) {
      parenthesised = false;
      negative = !negative;
      afterNumber = true;
      i++;
      continue;
    }
    if (c === 37 && seenDigit) {
      percent = true;
      afterNumber = true;
      i++;
      continue;
    }
    if (isLetter(c)) {
      // `12 EUR` and `EUR 12` are amounts; `85123A` is a product code and `Rep 25` a name.
      if ((i > s && buf[i - 1] >= 48 && buf[i - 1] <= 57) || (signSeen && !seenDigit)) return NaN;
      let j = i;
      while (j < e && isLetter(buf[j])) j++;
      if (!isCurrencyWord(buf, i, j)) return NaN;
      if (seenDigit) afterNumber = true;
      i = j;
      continue;
    }
    if (isSymbolByte(c)) {
      if (seenDigit) afterNumber = true;
      i++;
      continue;
    }
    return NaN;
  }
  if (!seenDigit || parenthesised) return NaN;
  if (groupDigits >= 0 && groupDigits !== 3) return NaN;
  let scale = exponent - frac;
  if (percent) scale -= 2;
  let value: number;
  if (scale === 0) value = mantissa;
  else if (scale > 0) value = scale <= 22 ? mantissa * POW10[scale] : mantissa * Math.pow(10, scale);
  else value = -scale <= 22 ? mantissa / POW10[-scale] : mantissa / Math.pow(10, -scale);
  return negative ? -value : value;
}

function significantIntegerDigits(buf: Uint8Array, s: number, e: number): number {
  let n = 0;
  for (let i = s; i < e; i++) if (buf[i] >= 48 && buf[i] <= 57) n++;
  return n;
}

function parseExponent(buf: Uint8Array, start: number, e: number): { value: number; next: number } | null {
  let i = start;
  let sign = 1;
  if (i < e && (buf[i] === 43 || buf[i] === 45)) {
    if (buf[i] === 45) sign = -1;
    i++;
  }
  let value = 0;
  const first = i;
  while (i < e && buf[i] >= 48 && buf[i] <= 57) {
    value = value * 10 + (buf[i] - 48);
    i++;
  }
  if (i === first) return null;
  return { value: sign * value, next: i };
}

const encoder = new TextEncoder();

/** Parses a string with the byte parser (used on samples and workbook cells). */
export function parseNumber(text: string, decimal: DecimalSeparator): number {
  const bytes = encoder.encode(text);
  return parseNumberBytes(bytes, 0, bytes.length, decimal);
}
