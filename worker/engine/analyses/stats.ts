/**
 * Distribution statistics shared by the analyses: quintile scores, ABC tiers, HHI,
 * Gini and the Lorenz curve. All take plain value arrays and allocate O(n).
 */

/**
 * Indexes sorted by value ascending; ties keep their original order (a stable sort), so
 * equal values get consecutive ranks in input order — pandas' `rank(method='first')`.
 */
export function stableOrder(values: ArrayLike<number>): Int32Array {
  const order = Int32Array.from({ length: values.length }, (_, i) => i);
  order.sort((i, j) => values[i] - values[j] || i - j);
  return order;
}

/**
 * Quintile scores 1–5: the value's rank k (0-based: how many values are smaller) among n gives
 * ⌊5k/n⌋ + 1, so each score holds about a fifth of the customers. Equal values share the rank
 * of the first of them, as SQL's RANK() does: ranked in file order, Online Retail's 1,448
 * customers of one order had frequency scores 1 to 4, and 19 of them were Champions. `reverse`
 * scores small values highest (recency: fewer days since the last order is better).
 */
export function quintileScores(values: ArrayLike<number>, reverse = false): Int8Array {
  const n = values.length;
  const scores = new Int8Array(n);
  const keyed = reverse ? Float64Array.from({ length: n }, (_, i) => -values[i]) : values;
  const order = stableOrder(keyed);
  let rank = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0 && !(keyed[order[k]] === keyed[order[k - 1]])) rank = k;
    scores[order[k]] = Math.floor((5 * rank) / n) + 1;
  }
  return scores;
}

export type AbcTier = 'A' | 'B' | 'C';

/**
 * ABC tiers by cumulative share of the total, largest first. An item is A while the
 * items ranked above it hold less than 80% (so A is the smallest set reaching 80%, the
 * same count as "customers for 80%"), B while they hold less than 95%, C otherwise.
 * Non-positive values are always C.
 */
export function abcTiers(values: ArrayLike<number>): AbcTier[] {
  const n = values.length;
  const tiers = new Array<AbcTier>(n).fill('C');
  let total = 0;
  for (let i = 0; i < n; i++) if (values[i] > 0) total += values[i];
  if (total <= 0) return tiers;
  const order = stableOrder(Float64Array.from({ length: n }, (_, i) => -values[i]));
  let above = 0;
  for (const i of order) {
    if (values[i] <= 0) break;
    // A small epsilon so 0.8 computed as 0.7999999999999999 still counts as reaching 80%.
    const share = above / total + 1e-12;
    tiers[i] = share < 0.8 ? 'A' : share < 0.95 ? 'B' : 'C';
    above += values[i];
  }
  return tiers;
}

/** Herfindahl–Hirschman index of shares (fractions), on the 0–10,000 scale: Σ (100·sᵢ)². */
export function hhi(shares: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < shares.length; i++) sum += (100 * shares[i]) ** 2;
  return sum;
}

/**
 * Gini coefficient of non-negative values: G = 2 Σ i·x₍ᵢ₎ / (n Σ x) − (n + 1)/n with
 * x₍ᵢ₎ ascending and i from 1 — 0 for perfect equality, (n − 1)/n when one holds all.
 */
export function gini(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  let total = 0;
  let weighted = 0;
  for (let i = 0; i < n; i++) {
    total += sorted[i];
    weighted += (i + 1) * sorted[i];
  }
  if (total <= 0) return 0;
  return (2 * weighted) / (n * total) - (n + 1) / n;
}

/**
 * Lorenz curve of non-negative values: (cumulative population share, cumulative value
 * share), poorest first, from (0, 0) to (1, 1). With more than `maxPoints` values the
 * curve is sampled at evenly spaced population shares (exact at each sampled point).
 */
export function lorenzCurve(values: ArrayLike<number>, maxPoints = 101): [number, number][] {
  const n = values.length;
  if (n === 0) return [];
  const sorted = Float64Array.from(values).sort();
  const cumulative = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) cumulative[i + 1] = cumulative[i] + sorted[i];
  const total = cumulative[n];
  const steps = Math.min(n, maxPoints - 1);
  const points: [number, number][] = [];
  for (let s = 0; s <= steps; s++) {
    const k = Math.round((s * n) / steps);
    points.push([k / n, total > 0 ? cumulative[k] / total : k / n]);
  }
  return points;
}

/** Where the HHI thresholds come from; shown next to every level we report. */
export const HHI_LEVEL_BASIS =
  '2023 U.S. Merger Guidelines (DOJ/FTC): HHI above 1,800 is highly concentrated, 1,000–1,800 moderately concentrated';

/** Concentration level of an HHI on the 0–10,000 scale, per the 2023 U.S. Merger Guidelines. */
export function hhiLevel(value: number): 'low' | 'moderate' | 'high' {
  if (value > 1800) return 'high';
  if (value >= 1000) return 'moderate';
  return 'low';
}
