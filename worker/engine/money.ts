/**
 * Money sums kept in floating point: lines that cancel out (a sale and its credit note) add up
 * to noise such as 4.5e-13, not 0. A sum within half a cent of zero is no money.
 */
export const HALF_CENT = 0.005;

/** Whether a money sum rounds to zero cents. */
export function isNoMoney(value: number): boolean {
  return Math.abs(value) < HALF_CENT;
}
