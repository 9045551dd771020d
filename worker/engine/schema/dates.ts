/**
 * Date parsing straight from UTF-8 bytes into epoch days (days since 1970-01-01, UTC).
 * The field order (`d/m/y` vs `m/d/y`, …) is decided once per column from its values
 * (`decideDateOrder`); a later value that does not fit that order is rejected, never
 * silently re-read another way. Times of day are ignored: the engine works in days.
 */

/** How a column writes its dates. `compact` is `yyyymmdd`; `serial` is an Excel day number. */
export type DateOrder = 'ymd' | 'dmy' | 'mdy' | 'compact' | 'serial';

/** Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar (Hinnant's days_from_civil). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]);
}

/** Years outside this window are treated as unreadable (typos such as 0203 or 20210). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2099;

/**
 * Month names by their first three (or four, for French `juin`/`juil`) ASCII letters, in
 * English, German, French, Spanish, Dutch and Portuguese.
 */
const MONTHS: Record<string, number> = {
  jan: 1,
  ene: 1,
  jän: 1,
  feb: 2,
  fev: 2,
  fév: 2,
  mar: 3,
  mrz: 3,
  mär: 3,
  mrt: 3,
  apr: 4,
  avr: 4,
  abr: 4,
  may: 5,
  mai: 5,
  mei: 5,
  jun: 6,
  juin: 6,
  jul: 7,
  juil: 7,
  aug: 8,
  ago: 8,
  aoû: 8,
  aou: 8,
  sep: 9,
  set: 9,
  oct: 10,
  okt: 10,
  out: 10,
  nov: 11,
  dec: 12,
  dez: 12,
  dic: 12,
  déc: 12,
};

const decoder = new TextDecoder();

function monthFromName(buf: Uint8Array, start: number, end: number): number {
  const word = decoder.decode(buf.subarray(start, end)).toLowerCase();
  if (word.length < 3) return 0;
  return MONTHS[word.slice(0, 4)] ?? MONTHS[word.slice(0, 3)] ?? 0;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetterByte(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0x80;
}

/** Scratch for the three date parts and their digit counts (parsing allocates nothing). */
const parts = new Int32Array(3);
const widths = new Int32Array(3);
const named = new Int32Array(3);

/**
 * Splits `d/m/y`-style text into up to three parts. Returns how many were read; a month
 * name counts as a part with `named[k] = 1`. Stops at a time of day (`T` or a space after
 * the third part).
 */
function splitParts(buf: Uint8Array, s: number, e: number): number {
  let k = 0;
  let i = s;
  while (i < e && k < 3) {
    const c = buf[i];
    if (isDigit(c)) {
      let v = 0;
      const from = i;
      while (i < e && isDigit(buf[i])) {
        v = v * 10 + (buf[i] - 48);
        i++;
      }
      parts[k] = v;
      widths[k] = i - from;
      named[k] = 0;
      k++;
    } else if (isLetterByte(c)) {
      const from = i;
      while (i < e && isLetterByte(buf[i])) i++;
      const month = monthFromName(buf, from, i);
      if (month === 0) return -1;
      parts[k] = month;
      widths[k] = 2;
      named[k] = 1;
      k++;
      if (i < e && buf[i] === 46) i++; // `Dec.`
    } else if (c === 47 || c === 45 || c === 46 || c === 32 || c === 44) {
      i++;
    } else return -1;
    if (k === 3) break;
  }
  if (k < 3) return -1;
  // Whatever follows must be a time of day, not more date-like digits.
  if (i < e && buf[i] !== 32 && buf[i] !== 84 && buf[i] !== 116) return -1;
  return k;
}

function fullYear(y: number, width: number): number {
  if (width === 4) return y;
  if (width === 2) return y < 50 ? 2000 + y : 1900 + y;
  return -1;
}

function dayOrInvalid(y: number, m: number, d: number): number {
  if (y < MIN_YEAR || y > MAX_YEAR || !validDay(y, m, d)) return -1;
  return daysFromCivil(y, m, d);
}

/** Excel's day 0 is 1899-12-30 (after its 1900 leap-year bug); serial 60 does not exist. */
export function excelSerialToEpochDay(serial: number, date1904 = false): number {
  const whole = Math.floor(serial);
  if (date1904) return whole - 24107;
  return whole < 61 ? whole - 25568 : whole - 25569;
}

/**
 * Parses the date in `buf[start, end)` with the column's order. Returns the epoch day, or
 * -1 when the cell is empty or does not fit the order.
 */
export function parseDateBytes(buf: Uint8Array, start: number, end: number, order: DateOrder): number {
  let s = start;
  let e = end;
  while (s < e && (buf[s] === 32 || buf[s] === 9)) s++;
  while (e > s && (buf[e - 1] === 32 || buf[e - 1] === 9)) e--;
  if (s === e) return -1;
  if (order === 'compact') return parseCompact(buf, s, e);
  if (order === 'serial') return parseSerial(buf, s, e);
  // ISO fast path: yyyy-mm-dd
  if (order === 'ymd' && e - s >= 10 && buf[s + 4] === 45 && buf[s + 7] === 45) {
    const y = (buf[s] - 48) * 1000 + (buf[s + 1] - 48) * 100 + (buf[s + 2] - 48) * 10 + (buf[s + 3] - 48);
    const m = (buf[s + 5] - 48) * 10 + (buf[s + 6] - 48);
    const d = (buf[s + 8] - 48) * 10 + (buf[s + 9] - 48);
    if (
      (e - s === 10 || buf[s + 10] === 32 || buf[s + 10] === 84) &&
      allDigits(buf, s, 4) &&
      allDigits(buf, s + 5, 2) &&
      allDigits(buf, s + 8, 2)
    ) {
      return dayOrInvalid(y, m, d);
    }
  }
  if (splitParts(buf, s, e) < 0) return -1;
  switch (order) {
    case 'ymd':
      if (widths[0] !== 4 || named[2]) return -1;
      return dayOrInvalid(parts[0], parts[1], parts[2]);
    case 'dmy':
      if (widths[0] > 2 || named[0] || named[2]) return -1;
      return dayOrInvalid(fullYear(parts[2], widths[2]), parts[1], parts[0]);
    case 'mdy':
      if (widths[1] > 2 || named[1] || named[2]) return -1;
      if (widths[0] > 2) return -1;
      return dayOrInvalid(fullYear(parts[2], widths[2]), parts[0], parts[1]);
  }
}

function allDigits(buf: Uint8Array, s: number, n: number): boolean {
  for (let i = s; i < s + n; i++) if (!isDigit(buf[i])) return false;
  return true;
}

function parseCompact(buf: Uint8Array, s: number, e: number): number {
  if (e - s < 8 || !allDigits(buf, s, 8)) return -1;
  if (e - s > 8 && buf[s + 8] !== 32 && buf[s + 8] !== 84) return -1;
  let v = 0;
  for (let i = s; i < s + 8; i++) v = v * 10 + (buf[i] - 48);
  return dayOrInvalid(Math.floor(v / 10000), Math.floor(v / 100) % 100, v % 100);
}

function parseSerial(buf: Uint8Array, s: number, e: number): number {
  let v = 0;
  let i = s;
  const from = i;
  while (i < e && isDigit(buf[i])) {
    v = v * 10 + (buf[i] - 48);
    i++;
  }
  if (i === from || (i < e && buf[i] !== 46 && buf[i] !== 44)) return -1;
  if (v < 1 || v > 73050) return -1; // 1900-01-01 … 2099-12-31
  return excelSerialToEpochDay(v);
}

const encoder = new TextEncoder();

/** Parses a string with the byte parser (samples, tests). */
export function parseDate(text: string, order: DateOrder): number {
  const bytes = encoder.encode(text);
  return parseDateBytes(bytes, 0, bytes.length, order);
}

const TEXT_ORDERS: DateOrder[] = ['ymd', 'dmy', 'mdy'];

/**
 * Picks the order under which most of the values parse. `d/m` vs `m/d` ties (every day ≤
 * 12) go to `preferDayFirst`, which the caller sets from the file's other conventions
 * (dots as date separators, comma decimals, semicolon delimiters). Returns null when
 * fewer than `minShare` of the non-empty values read as dates.
 */
export function decideDateOrder(
  values: readonly string[],
  options: { allowCompact: boolean; allowSerial: boolean; preferDayFirst: boolean; minShare?: number },
): { order: DateOrder; share: number } | null {
  const nonEmpty = values.filter((v) => v.trim() !== '');
  if (nonEmpty.length === 0) return null;
  const candidates: DateOrder[] = [...TEXT_ORDERS];
  if (options.allowCompact) candidates.push('compact');
  if (options.allowSerial) candidates.push('serial');
  let best: { order: DateOrder; hits: number } | null = null;
  for (const order of candidates) {
    let hits = 0;
    for (const v of nonEmpty) if (parseDate(v, order) >= 0) hits++;
    const better =
      best === null || hits > best.hits || (hits === best.hits && order === 'mdy' && best.order === 'dmy' && !options.preferDayFirst);
    if (better) best = { order, hits };
  }
  if (!best || best.hits === 0) return null;
  const share = best.hits / nonEmpty.length;
  if (share < (options.minShare ?? 0.8)) return null;
  return { order: best.order, share };
}
