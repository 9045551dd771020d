/** Number formatting shared by reports, charts and the dashboard (en-US, fixed decimals). */

/** 1234.5 → "1,234.50"; `currency` (e.g. "GBP") is appended as a code when known. */
export function money(value: number, currency: string | null = null): string {
  const text = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${text} ${currency}` : text;
}

/** 1234567 → "1.2M", 12345 → "12.3k": for axis labels where space is short. */
export function compact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  return value.toLocaleString('en-US', { maximumFractionDigits: abs < 10 ? 2 : 0 });
}

/** A 0–1 share as a percentage: 0.2015 → "20.2%". */
export function share(value: number | null, digits = 1): string {
  return value === null ? 'n/a' : `${(value * 100).toFixed(digits)}%`;
}

/** A value already in percent: 12.34 → "12.3%". */
export function pct(value: number | null, digits = 1): string {
  return value === null ? 'n/a' : `${value.toFixed(digits)}%`;
}

/** An integer with thousands separators. */
export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** A plain number with `digits` decimals, or "n/a". */
export function fixed(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits);
}
