/**
 * How the analyst writes numbers in prose: grouped thousands, money with the file's
 * currency, shares as percentages. The numbers guard understands every form made here.
 */
import { buyingRhythm } from '../engine/render/buying-rhythm';

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', JPY: '¥', INR: '₹' };

/** The prefix for money in the file's currency (`€`), or '' when it has a code only. */
export function currencyPrefix(currency: string | null): string {
  return currency ? (SYMBOLS[currency.toUpperCase()] ?? '') : '';
}

/** 48000 → "48,000"; 1234.5 → "1,234.5" (at most `decimals` decimals). */
export function formatNumber(value: number, decimals = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
}

/** Money in the file's currency: "€48,000", or "48,000 CHF" for codes without a symbol. */
export function formatMoney(value: number, currency: string | null): string {
  const prefix = currencyPrefix(currency);
  const sign = value < 0 ? '−' : '';
  const amount = formatNumber(Math.abs(value), Math.abs(value) < 100 ? 2 : 0);
  if (prefix) return `${sign}${prefix}${amount}`;
  return currency ? `${sign}${amount} ${currency}` : `${sign}${amount}`;
}

/** A percentage already in percent units: 51.6 → "51.6%", −15 → "−15%". */
export function formatPct(value: number): string {
  return `${value < 0 ? '−' : ''}${formatNumber(Math.abs(value), 1)}%`;
}

/** "1 customer", "8 customers". */
/** "a", "a and b", "a, b and c". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function plural(count: number, word: string): string {
  return `${formatNumber(count)} ${word}${count === 1 ? '' : 's'}`;
}

/** "high risk", but plain "lost". */
export function riskLabel(risk: string): string {
  return risk === 'lost' ? 'lost' : `${risk} risk`;
}

/** One at-risk customer in prose: "Acme: high risk, 120 days since the last order (bought on 9 days, on average 30 days apart), €5,000 at risk". */
export function churnCustomerLine(
  c: {
    name: string;
    risk: string;
    daysSinceLastOrder: number | null;
    typicalGapDays: number | null;
    purchaseDays?: number | null;
    revenueAtRisk: number;
  },
  money: (value: number) => string,
): string {
  const rhythm = c.typicalGapDays === null ? '' : ` (${buyingRhythm(c)})`;
  return `${c.name}: ${riskLabel(c.risk)}, ${c.daysSinceLastOrder ?? '?'} days since the last order${rhythm}, ${money(c.revenueAtRisk)} at risk`;
}
