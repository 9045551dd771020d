/**
 * How every surface writes numbers: the reports, charts, dashboard and CSV-free text of
 * the engine, and the analyst's transcript and chat (worker/agent/format.ts calls these).
 * One formatter, so a figure reads the same wherever it appears (issue 14 item 6).
 *
 * Numbers are written in English style (1,234.56) whatever the file's own number style,
 * because the text around them is English; the currency, when known, is placed by
 * `Intl.NumberFormat` (€1,234.56, CHF 1,234.56).
 */

/** The locale every figure is written in. */
export const NUMBER_LOCALE = 'en-US';

/** The rounding rule, stated in the README and in the footers of the dashboard and reports. */
export const ROUNDING_RULE =
  'Amounts are rounded to the cent (two decimals), percentages and shares to one decimal place, counts to whole numbers.';

/** Said once, in a header, when the file does not show its currency (never an invented symbol). */
export const UNKNOWN_CURRENCY = "amounts in the file's currency";

const formatters = new Map<string, Intl.NumberFormat>();

/** One cached `Intl.NumberFormat` per option set: building one is slow, using one is not. */
function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(NUMBER_LOCALE, options);
    formatters.set(key, f);
  }
  return f;
}

/**
 * Money to the cent: 1234.5 → "1,234.50"; with a currency "£1,234.50", "-€4.47",
 * "CHF 1,234.50". A currency without minor units (JPY) has none.
 */
export function money(value: number, currency: string | null = null): string {
  // 'negative': a loss that rounds to zero is "0.00", not "-0.00".
  if (!currency) return formatter('money', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' }).format(value);
  return formatter(`money:${currency}`, { style: 'currency', currency, signDisplay: 'negative' }).format(value);
}

/** 1234567 → "1.2M", 12345 → "12.3k": for axis labels where space is short. */
export function compact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  return value.toLocaleString(NUMBER_LOCALE, { maximumFractionDigits: abs < 10 ? 2 : 0 });
}

/** A compact amount for chart labels, with the currency when known: "£1.2M", "€850". */
export function compactMoney(value: number, currency: string | null): string {
  if (!currency) return compact(value);
  const f = formatter(`compact:${currency}`, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return f.format(value);
}

/** A value already in percent, to one decimal: 12.34 → "12.3%", 1234.5 → "1,234.5%". */
export function pct(value: number | null, digits = 1): string {
  return value === null ? 'n/a' : `${points(value, digits)}%`;
}

/** A difference of two percentages, in points: 29.84% − 29.66% → "0.2" (the column says "pts"). */
export function points(value: number, digits = 1): string {
  return formatter(`fixed:${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'negative' }).format(
    value,
  );
}

/** A 0–1 share as a percentage: 0.2015 → "20.2%". */
export function share(value: number | null, digits = 1): string {
  return value === null ? 'n/a' : pct(value * 100, digits);
}

/** An integer with thousands separators. */
export function count(value: number): string {
  return Math.round(value).toLocaleString(NUMBER_LOCALE);
}

/** "region" → "regions", "country" → "countries", "branch" → "branches"; a plural stays. */
export function pluralNoun(noun: string): string {
  if ((/(ies|es|s)$/.test(noun) && !/ss$/.test(noun)) || /people$/.test(noun)) return noun;
  if (/[^aeiou]y$/.test(noun)) return noun.replace(/y$/, 'ies');
  return /(ch|sh|x)$/.test(noun) ? `${noun}es` : `${noun}s`;
}

/**
 * A count with its noun, agreeing in number: "1 customer", "1,234 customers". Irregular
 * plurals are passed in: `plural(n, 'category', 'categories')`.
 */
export function plural(n: number, word: string, pluralWord = `${word}s`): string {
  return `${count(n)} ${n === 1 ? word : pluralWord}`;
}

/** The demonstrative that agrees with the count: "this customer", "these 2 customers". */
export function these(n: number, word: string, pluralWord = `${word}s`): string {
  return n === 1 ? `this ${word}` : `these ${plural(n, word, pluralWord)}`;
}

/** A plain number with `digits` decimals, or "n/a". */
export function fixed(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits);
}

/** "Amounts in GBP (£)." or, when the file does not show one, the unknown-currency phrase. */
export function currencyNote(currency: string | null): string {
  if (!currency) return `All ${UNKNOWN_CURRENCY}.`;
  const symbol = money(0, currency).replace(/[\d.,\s]/g, '');
  return symbol && symbol !== currency ? `Amounts in ${currency} (${symbol}).` : `Amounts in ${currency}.`;
}
