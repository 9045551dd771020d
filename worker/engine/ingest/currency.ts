/**
 * Which currency the file's amounts are in, from what the file itself shows: a currency
 * column (`Currency` = `EUR`), symbols or codes written beside the amounts (`€12,50`,
 * `12.00 USD`), a money header (`sale_dollars`, `Betrag (EUR)`), and — for files such as
 * Online Retail whose amounts are bare numbers — prices quoted in product names
 * ("Gift Voucher £40.00"). The number style (decimal comma or point) is how the amounts are
 * read, not a currency: a decimal-comma file without a symbol could be in euros, kronor or
 * reais, so it stays unknown rather than guessed. Two different currencies also leave it
 * unknown, with a warning, because their amounts were added together.
 */
import { EngineError } from '../errors';
import type { TablePlan } from '../schema/infer';

/** The result of looking: one code, none, or the codes that were mixed. */
export interface CurrencyFinding {
  code: string | null;
  /** Set when more than one currency was seen: the sorted codes. */
  mixed?: string[];
}

const SIGNS: [RegExp, string][] = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/¥/, 'JPY'],
  [/₹/, 'INR'],
  [/\$/, 'USD'],
];

/** ISO 4217 codes people write next to amounts; others are accepted from a currency column. */
const CODES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'JPY',
  'CAD',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'INR',
  'CNY',
  'ZAR',
  'BRL',
  'MXN',
];
const CODE_NEAR_AMOUNT = new RegExp(`(?:\\b(${CODES.join('|')})\\s?[-(]?\\d|\\d\\s?(${CODES.join('|')})\\b)`);
const SIGN_NEAR_AMOUNT = /(?:[€£$¥₹]\s?-?\d|\d\s?[€£$¥₹])/;
const CURRENCY_HEADER = /^(currency|curr|ccy|currency ?code|currency ?id|w(ä|ae)hrung|devise|moneda|valuta|valuuta)$/i;
const HEADER_WORDS: [RegExp, string][] = [
  [/dollar|\busd\b/i, 'USD'],
  [/euro|\beur\b/i, 'EUR'],
  [/sterling|\bgbp\b/i, 'GBP'],
  [/\bchf\b/i, 'CHF'],
];

/** The codes a piece of text shows beside an amount (`$12`, `12 EUR`), or bare when `bare`. */
function codesIn(text: string, bare: boolean, found: Set<string>): void {
  if (!bare && !SIGN_NEAR_AMOUNT.test(text) && !CODE_NEAR_AMOUNT.test(text)) return;
  for (const [pattern, code] of SIGNS) if (pattern.test(text)) found.add(code);
  const codeMatch = CODE_NEAR_AMOUNT.exec(text);
  if (codeMatch) found.add(codeMatch[1] ?? codeMatch[2]);
}

function findingOf(found: Set<string>): CurrencyFinding | null {
  if (found.size === 0) return null;
  if (found.size === 1) return { code: [...found][0] };
  return { code: null, mixed: [...found].sort() };
}

/** A currency column's codes: every non-empty value must be a three-letter code. */
function currencyColumn(plan: TablePlan, rows: readonly string[][]): CurrencyFinding | null {
  const column = plan.columns.findIndex((c) => CURRENCY_HEADER.test(c.name.trim()));
  if (column < 0) return null;
  const found = new Set<string>();
  for (const row of rows) {
    const value = (row[column] ?? '').trim().toUpperCase();
    if (value === '') continue;
    if (!/^[A-Z]{3}$/.test(value)) return null;
    found.add(value);
  }
  return findingOf(found);
}

/**
 * The currency the sampled rows show: a currency column first, then the money columns'
 * values and headers, then any other text cell that quotes a price.
 */
export function currencyOfSample(plan: TablePlan, rows: readonly string[][]): CurrencyFinding | null {
  const fromColumn = currencyColumn(plan, rows);
  if (fromColumn) return fromColumn;
  const moneyColumns = (['amount', 'unitPrice', 'unitCost', 'cost', 'profit'] as const)
    .map((role) => plan.roles[role])
    .filter((c): c is number => c !== undefined);
  const found = new Set<string>();
  for (const c of moneyColumns) for (const row of rows) codesIn(row[c] ?? '', true, found);
  for (const c of moneyColumns) {
    const header = plan.columns[c].name;
    codesIn(header.replace(/[()[\]]/g, ' '), true, found);
    if (found.size === 0) for (const [pattern, code] of HEADER_WORDS) if (pattern.test(header)) found.add(code);
  }
  if (found.size > 0) return findingOf(found);
  return currencyOfTexts(rows.flatMap((row) => row.filter((_, i) => !moneyColumns.includes(i))));
}

/** The currency prices quoted in free text show ("Gift Voucher £40.00"), e.g. in product names. */
export function currencyOfTexts(texts: readonly string[]): CurrencyFinding | null {
  const found = new Set<string>();
  for (const text of texts) codesIn(text, false, found);
  return findingOf(found);
}

/** The sentence for the warnings when the file mixes currencies. */
export function mixedCurrencyWarning(codes: readonly string[]): string {
  return `The file shows more than one currency (${codes.join(', ')}); amounts were added as they are, so no currency is shown. Choose one with the currency setting if they are all the same.`;
}

/**
 * A currency the user chose (`--currency gbp`, the upload's `currency` field) as an ISO 4217
 * code, or an error naming the problem; `undefined` when none was chosen.
 */
export function currencyOverride(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const code = value.trim().toUpperCase();
  if (!isCurrencyCode(code))
    throw new EngineError(`'${value}' is not a currency code: use three letters such as EUR, USD or GBP.`, 'BAD_CURRENCY');
  return code;
}

/** True when `Intl` knows the three-letter code (Intl accepts any well-formed code, so check the list). */
function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}
