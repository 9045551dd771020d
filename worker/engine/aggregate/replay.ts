/**
 * Adds a later range's logged rows (row-log.ts) to the builder's money sums in file
 * order, with exactly the additions, in exactly the order, the builder's `addRow` makes:
 * so every sum is bit for bit the single pass's, whatever the split.
 */
import type { AggregateBuilder } from './builder';
import type { PartIndex } from './merge';
import { NO_CUSTOMER } from './rep-book';
import type { LoggedRows } from './row-log';

export function replayRows(b: AggregateBuilder, rows: LoggedRows, index: PartIndex): void {
  const { customers, products, suppliers } = index;
  for (let i = 0; i < rows.size; i++) {
    const amount = rows.amount[i];
    const rawCost = rows.cost[i];
    const cost = rawCost === rawCost ? rawCost : 0;
    b.totalRevenue += amount;
    b.totalCost += cost;
    if (amount < 0) b.returnsValue -= amount;
    if (rows.month[i] >= 0) b.monthRevenue[rows.month[i]] += amount;
    const c = rows.customer[i];
    if (c < 0) b.revenueWithoutCustomer += amount;
    else {
      b.customerRevenue[customers[c]] += amount;
      b.customerCost[customers[c]] += cost;
    }
    if (rows.customerMonth[i] >= 0) b.customerMonths.revenue[index.customerMonths[rows.customerMonth[i]]] += amount;
    const p = rows.product[i];
    if (p >= 0) {
      const g = products[p];
      b.productRevenue[g] += amount;
      b.productCost[g] += cost;
      if (rows.returns[i] === 0) b.addSaleMargin(g, amount, rawCost);
      const quantity = rows.quantity[i];
      if (quantity === quantity) b.productQuantity[g] += quantity;
      if (rows.productMonth[i] >= 0) b.productMonths.revenue[index.productMonths[rows.productMonth[i]]] += amount;
      if (rows.customerProduct[i] >= 0) b.customerProducts.revenue[index.customerProducts[rows.customerProduct[i]]] += amount;
    }
    if (b.repBook !== null) {
      const rep = rows.rep[i];
      b.repBook.addTo(rep < 0 ? rep : index.reps[rep], c < 0 ? NO_CUSTOMER : customers[c], amount, cost);
    }
    const s = rows.supplier[i];
    if (s >= 0) {
      b.supplierRevenue[suppliers[s]] += amount;
      b.supplierCost[suppliers[s]] += cost;
      if (rows.supplierProduct[i] >= 0) b.supplierProducts.revenue[index.supplierProducts[rows.supplierProduct[i]]] += amount;
    }
  }
}
