/**
 * What a column's sampled values look like: how many are numbers, dates, codes or free
 * text, and which decimal separator and date order they use. Role inference (infer.ts)
 * weighs header names against these facts.
 */
import { decideDateOrder, type DateOrder } from './dates';
import { decideDecimal } from './decimal-separator';
import { COMMA, DOT, parseNumber, type DecimalSeparator } from './numbers';

const DATE_LIKE = /^\s*\d{1,4}[./-]\d{1,2}[./-]\d{1,4}/;

export interface ColumnProfile {
  nonEmpty: number;
  distinct: number;
  /** The column's own evidence for a decimal separator, or null when it has none. */
  decimalEvidence: DecimalSeparator | null;
  decimal: DecimalSeparator;
  numericShare: number;
  integerShare: number;
  /** Share of numeric values that are ≥ 0. */
  nonNegativeShare: number;
  maxAbs: number;
  leadingZeroShare: number;
  letterShare: number;
  spaceShare: number;
  /** Share of values that look like codes: a digit and no spaces (`K-1`, `17850`, `SS-20140`). */
  codeShare: number;
  date: { order: DateOrder; share: number } | null;
  /** `.` used between date parts (`31.12.2024`), a hint that the file is day-first. */
  dottedDates: boolean;
}

export interface ProfileHints {
  canonicalNumbers: boolean;
  allowCompactDates: boolean;
  allowSerialDates: boolean;
}

/** Profiles one column's sample values. `fileDecimal` applies when the column has no evidence. */
export function profileColumn(
  values: readonly string[],
  fileDecimal: DecimalSeparator,
  preferDayFirst: boolean,
  hints: ProfileHints,
): ColumnProfile {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  const decimalEvidence = hints.canonicalNumbers ? DOT : decideDecimal(present.filter((v) => !DATE_LIKE.test(v)));
  const decimal = decimalEvidence ?? fileDecimal;
  let numeric = 0;
  let integer = 0;
  let nonNegative = 0;
  let maxAbs = 0;
  let leadingZero = 0;
  let letters = 0;
  let spaces = 0;
  let dotted = 0;
  let codes = 0;
  for (const v of present) {
    if (/\d/.test(v) && !/\s/.test(v)) codes++;
    const n = parseNumber(v, decimal);
    if (!Number.isNaN(n)) {
      numeric++;
      if (Number.isInteger(n)) integer++;
      if (n >= 0) nonNegative++;
      maxAbs = Math.max(maxAbs, Math.abs(n));
    }
    if (/^0\d/.test(v)) leadingZero++;
    if (/\p{L}/u.test(v)) letters++;
    if (/\s/.test(v)) spaces++;
    if (/^\d{1,2}\.\d{1,2}\.\d{2,4}/.test(v)) dotted++;
  }
  const count = present.length || 1;
  const date =
    present.length === 0
      ? null
      : decideDateOrder(present, {
          allowCompact: hints.allowCompactDates,
          allowSerial: hints.allowSerialDates,
          preferDayFirst: preferDayFirst || dotted > 0,
        });
  return {
    nonEmpty: present.length,
    distinct: new Set(present).size,
    decimalEvidence,
    decimal,
    numericShare: numeric / count,
    integerShare: numeric === 0 ? 0 : integer / numeric,
    nonNegativeShare: numeric === 0 ? 0 : nonNegative / numeric,
    maxAbs,
    leadingZeroShare: leadingZero / count,
    letterShare: letters / count,
    spaceShare: spaces / count,
    codeShare: codes / count,
    date,
    dottedDates: dotted > 0,
  };
}

/**
 * The decimal separator for columns with no evidence of their own: the majority of the
 * columns that do have evidence, else comma for semicolon-delimited files (the
 * convention wherever the comma is the decimal), else dot.
 */
export function fileDecimalOf(columns: readonly (readonly string[])[], semicolonDelimited: boolean): DecimalSeparator {
  let dot = 0;
  let comma = 0;
  for (const values of columns) {
    const d = decideDecimal(values.filter((v) => !DATE_LIKE.test(v)));
    if (d === DOT) dot++;
    else if (d === COMMA) comma++;
  }
  if (dot !== comma) return comma > dot ? COMMA : DOT;
  return semicolonDelimited ? COMMA : DOT;
}
