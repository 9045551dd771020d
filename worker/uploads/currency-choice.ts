/**
 * The currency a user may choose when starting an analysis: any ISO 4217 code the runtime's
 * `Intl` knows (workerd and Node both implement `Intl.supportedValuesOf`), so every choice can
 * be formatted by `Intl.NumberFormat` on every surface. Empty means "Detect from file".
 */
import { z } from 'zod';

/** The ISO 4217 codes `Intl.NumberFormat` can format, upper case. */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** '' → null (detect from the file); 'eur' / ' EUR ' → 'EUR'; an unknown code fails. */
export const currencyChoiceSchema = z
  .string()
  .trim()
  .max(16)
  .transform((value) => value.toUpperCase())
  .refine((code) => code === '' || CURRENCY_CODES.has(code))
  .transform((code) => (code === '' ? null : code));
