/**
 * Special functions the customer-base models need: the log-gamma function and the
 * Gauss hypergeometric function 2F1. Pure arithmetic, no dependencies.
 */

/** Lanczos coefficients for g = 7, n = 9 (Numerical Recipes 3rd ed., §6.1; Godfrey's set). */
const LANCZOS_G = 7;
const LANCZOS_COEFFICIENTS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/**
 * ln Γ(x) for x > 0 by the Lanczos approximation (relative error about 1e-15), with the
 * reflection formula Γ(x)Γ(1−x) = π / sin(πx) below 0.5.
 */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS_COEFFICIENTS[0];
  for (let i = 1; i < LANCZOS_COEFFICIENTS.length; i++) sum += LANCZOS_COEFFICIENTS[i] / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * Gauss hypergeometric function 2F1(a, b; c; z) by its power series, for 0 ≤ z < 1 —
 * the range BG/NBD's conditional expectation uses, where z = t / (α + T + t).
 */
export function hyp2f1(a: number, b: number, c: number, z: number): number {
  let term = 1;
  let sum = 1;
  for (let k = 0; k < 200_000; k++) {
    term *= (((a + k) * (b + k)) / ((c + k) * (k + 1))) * z;
    sum += term;
    if (Math.abs(term) <= 1e-15 * Math.abs(sum)) break;
  }
  return sum;
}
