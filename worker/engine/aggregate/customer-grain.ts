/**
 * Customer-level files: one row per customer with spend per category and no dates or
 * transactions (the UCI Wholesale customers file). Each row becomes a customer, the spend
 * columns become categories ("products") so the mix can be analysed, and revenue is the
 * row's total spend. There are no orders, days or months.
 */
import type { RecordView } from '../ingest/tokenizer';
import { parseNumberBytes } from '../schema/numbers';
import { type AggregateBuilder } from './builder';
import { cellText } from './cells';
import { growF64, growI32 } from './growable';

/** Registers the spend columns as products, in column order. Call once before rows. */
export function registerSpendColumns(builder: AggregateBuilder): void {
  for (const column of builder.plan.spendColumns) {
    const name = builder.plan.columns[column].name;
    const product = builder.products.internString(name);
    builder.productNames[product] = name;
    builder.productCategories[product] = null;
  }
  const n = builder.products.size;
  builder.productRevenue = growF64(builder.productRevenue, n);
  builder.productCost = growF64(builder.productCost, n);
  builder.productQuantity = growF64(builder.productQuantity, n);
  builder.productCustomers = growI32(builder.productCustomers, n);
  builder.productBelowCostRevenue = growF64(builder.productBelowCostRevenue, n);
  builder.productBelowCostCost = growF64(builder.productBelowCostCost, n);
  builder.productOtherSalesMargin = growF64(builder.productOtherSalesMargin, n);
}

/** Folds one customer row: its id (a name column if any, else the row number) and its spend. */
export function addCustomerRow(builder: AggregateBuilder, view: RecordView, rowNumber: number): void {
  builder.rowsRead++;
  const { plan } = builder;
  const values: number[] = [];
  let total = 0;
  let readable = 0;
  for (const column of plan.spendColumns) {
    const v = column < view.count ? parseNumberBytes(view.buf, view.starts[column], view.ends[column], plan.columns[column].decimal) : NaN;
    values.push(v === v ? v : 0);
    if (v === v) {
      readable++;
      total += v;
    }
  }
  if (readable === 0) {
    builder.rejects.add('No spend values', rowNumber, view);
    return;
  }
  builder.rowsUsed++;
  const keyColumn = plan.roles.customerId ?? plan.roles.customerName;
  const key = keyColumn !== undefined && keyColumn < view.count ? cellText(view, keyColumn) : '';
  const customer = builder.customers.internString(key || String(rowNumber));
  builder.ensureCustomer(customer);
  const nameColumn = plan.roles.customerName;
  builder.customerNames[customer] = nameColumn !== undefined ? cellText(view, nameColumn) : `Row ${rowNumber}`;
  const regionColumn = plan.roles.region;
  if (regionColumn !== undefined) builder.customerRegions[customer] = cellText(view, regionColumn) || null;
  builder.customerRevenue[customer] += total;
  builder.totalRevenue += total;
  builder.repBook?.add(view, customer, total, 0);
  plan.spendColumns.forEach((_, product) => {
    const v = values[product];
    builder.productRevenue[product] += v;
    if (v === 0) return;
    // One snapshot row per category the customer spent on, so that `query_data` can slice
    // the list by category, region and its other columns. No day, order, quantity or cost.
    builder.sink?.add(view, -1, customer, product, -1, v, NaN, NaN, v < 0, -1);
    const pair = builder.customerProducts.upsert(customer, product);
    builder.customerProducts.revenue[pair] += v;
    if (v > 0 && builder.customerProducts.flags[pair] === 0) {
      builder.customerProducts.flags[pair] = 1;
      builder.productCustomers[product]++;
    }
  });
}
