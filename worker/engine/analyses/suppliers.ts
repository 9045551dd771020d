/**
 * Question 5 — how dependent am I on a few suppliers? Revenue and cost shares per
 * supplier, customers exposed, HHI (2023 U.S. Merger Guidelines levels), top-1 and top-3
 * share, suppliers above 30% of revenue, and revenue from single-supplier products.
 */
import type { Aggregates } from '../aggregate/types';
import type { SupplierItem, Suppliers } from '../contract';
import { hhi, hhiLevel } from './stats';

/** A supplier behind more than this share of revenue is a dependency risk. */
export const DOMINANT_SUPPLIER_SHARE = 0.3;

/** Supplier dependency; `available: false` with a sentence when the file has no supplier column, or names one supplier on every row. */
export function suppliersOf(agg: Aggregates): Suppliers {
  const s = agg.suppliers;
  if (!agg.hasSupplier || s.count <= 1) {
    return {
      available: false,
      // One supplier on every row is no dependency to act on: "Find a second source for United
      // States" came of a column holding one value.
      note:
        s.count === 1
          ? `Every row that names a supplier names the same one, ${s.names[0]}, so there is no dependency between suppliers to measure.`
          : 'The file has no supplier (vendor) column, so supplier dependency cannot be analysed.',
      items: [],
      hhi: null,
      topShare: null,
      top3Share: null,
      level: null,
      singleSupplierRevenueShare: null,
      flags: [],
    };
  }
  // Shares are of positive supplier revenue, so net returns cannot push a share below 0.
  const total = s.revenue.reduce((sum, value) => sum + Math.max(0, value), 0);
  const totalCost = s.cost ? s.cost.reduce((sum, value) => sum + Math.max(0, value), 0) : 0;
  const items: SupplierItem[] = [];
  for (let i = 0; i < s.count; i++) {
    items.push({
      name: s.names[i],
      revenue: s.revenue[i],
      share: total > 0 ? Math.max(0, s.revenue[i]) / total : 0,
      cost: s.cost ? s.cost[i] : null,
      costShare: s.cost && totalCost > 0 ? Math.max(0, s.cost[i]) / totalCost : null,
      products: s.products[i],
      customersExposed: s.customersExposed[i],
    });
  }
  items.sort((a, b) => b.revenue - a.revenue);
  const index = hhi(items.map((item) => item.share));
  const flags = items
    .filter((item) => item.share > DOMINANT_SUPPLIER_SHARE)
    .map(
      (item) =>
        `Supplier dependency: ${item.name} is behind ${(item.share * 100).toFixed(1)}% of revenue (over ${DOMINANT_SUPPLIER_SHARE * 100}%), ` +
        `reaching ${item.customersExposed.toLocaleString('en-US')} customers.`,
    );
  return {
    available: true,
    note: null,
    items,
    hhi: index,
    topShare: items[0]?.share ?? 0,
    top3Share: items.slice(0, 3).reduce((sum, item) => sum + item.share, 0),
    level: hhiLevel(index),
    singleSupplierRevenueShare: singleSupplierShare(agg),
    flags,
  };
}

/** Share of supplied products' revenue that comes from products with exactly one supplier. */
function singleSupplierShare(agg: Aggregates): number | null {
  const p = agg.products;
  let supplied = 0;
  let single = 0;
  for (let i = 0; i < p.count; i++) {
    if (p.supplierCount[i] < 1 || p.revenue[i] <= 0) continue;
    supplied += p.revenue[i];
    if (p.supplierCount[i] === 1) single += p.revenue[i];
  }
  return supplied > 0 ? single / supplied : null;
}
