/**
 * Question 2 — how dependent am I on a few customers? Shares, Gini, Lorenz curve and the
 * HHI of customer revenue shares, with the level read off the 2023 U.S. Merger Guidelines.
 * Shares are of positive customer revenue: a customer whose returns exceed purchases
 * holds no share rather than a negative one.
 */
import type { Aggregates } from '../aggregate/types';
import type { Concentration } from '../contract';
import { gini, hhi, HHI_LEVEL_BASIS, hhiLevel, lorenzCurve, stableOrder } from './stats';

/** A single customer above this share of revenue is a key-account risk, whatever the HHI. */
export const KEY_ACCOUNT_SHARE = 0.1;

/** Concentration of revenue across customers; null when no customer has positive revenue. */
export function concentrationOf(agg: Aggregates): Concentration | null {
  const c = agg.customers;
  const positive: number[] = [];
  for (let i = 0; i < c.count; i++) if (c.revenue[i] > 0) positive.push(i);
  const n = positive.length;
  if (n === 0) return null;
  const revenue = Float64Array.from(positive, (i) => c.revenue[i]);
  const total = revenue.reduce((sum, value) => sum + value, 0);
  // Largest first; ties in file order.
  const order = stableOrder(Float64Array.from(revenue, (value) => -value));
  const shares = Float64Array.from(revenue, (value) => value / total);

  const topShareOf = (k: number): number => {
    let sum = 0;
    for (let j = 0; j < Math.min(k, n); j++) sum += shares[order[j]];
    return sum;
  };
  let customersFor80Pct = 0;
  for (let cumulative = 0; customersFor80Pct < n && cumulative < 0.8 - 1e-12; customersFor80Pct++)
    cumulative += shares[order[customersFor80Pct]];

  const keyAccounts = Array.from(order)
    .filter((j) => shares[j] > KEY_ACCOUNT_SHARE)
    .map((j) => ({ id: c.ids[positive[j]], name: c.names[positive[j]], share: shares[j] }));
  const index = hhi(shares);
  const level = hhiLevel(index);
  const top = order[0];
  const flags = keyAccounts.map(
    (account) =>
      `Key-account risk: ${account.name} alone brings ${(account.share * 100).toFixed(1)}% of revenue (over ${KEY_ACCOUNT_SHARE * 100}%).`,
  );
  if (level !== 'low')
    flags.push(
      `Customer revenue is ${level === 'high' ? 'highly' : 'moderately'} concentrated (HHI ${Math.round(index).toLocaleString('en-US')}).`,
    );

  return {
    topCustomer: { id: c.ids[positive[top]], name: c.names[positive[top]], revenue: revenue[top], share: shares[top] },
    top10Share: topShareOf(10),
    top20PctShare: topShareOf(Math.ceil(0.2 * n)),
    customersFor80Pct,
    customersWithRevenue: n,
    hhi: index,
    gini: gini(revenue),
    level,
    levelBasis: HHI_LEVEL_BASIS,
    flags,
    keyAccounts,
    lorenz: lorenzCurve(revenue),
  };
}
