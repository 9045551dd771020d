/**
 * The currency setting's choices on the new-analysis page: "Detect from file" (sent as no
 * currency) and the currencies most files are in. The API accepts any ISO 4217 code; this
 * short list keeps the control quick to scan.
 */

/** The value of the "Detect from file" choice: no currency is sent, the job reads the file. */
export const DETECT_CURRENCY = '';

export const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'JPY',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'INR',
  'CNY',
  'BRL',
  'MXN',
  'ZAR',
  'NZD',
  'SGD',
  'HKD',
] as const;

const names = new Intl.DisplayNames(['en'], { type: 'currency' });

/** "EUR — Euro": the code first, since that is what invoices and exports show. */
export function currencyOptionLabel(code: string): string {
  return `${code} — ${names.of(code) ?? code}`;
}
