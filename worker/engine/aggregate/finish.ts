/**
 * Turns the builder's growable state into the compact `Aggregates` (trimmed typed arrays,
 * contiguous months, CSR baskets) and writes the dataset profile, including the warnings
 * that tell the user what the file can and cannot support.
 */
import { distinctNames } from './distinct-names';
import { money } from '../render/format';
import type { ColumnRole, DatasetProfile, FileFormat } from '../contract';
import { type AggregateBuilder, MONTH_BASE, REASONS } from './builder';
import { groupedByOwner } from './csr';
import { trimmed } from './growable';
import type { PairMap } from './pair-map';
import { isoDay, type Aggregates, type Baskets, type PairTriples } from './types';

export interface ProfileContext {
  fileName: string;
  format: FileFormat;
  sheet: string | null;
  sheetsConsidered?: DatasetProfile['sheetsConsidered'];
  currency: string | null;
  asOf: string | null;
  /** Notes from reading the file (skipped title lines, repeated headers, sheet choice). */
  warnings: string[];
}

/**
 * Assembles `Aggregates` once every row has been added. The builder accepts no rows
 * afterwards: its hash tables are dropped first, so that at the end of a large ingest
 * (the memory peak) they are not held alongside the finished arrays.
 */
export function finishAggregates(b: AggregateBuilder, context: ProfileContext): Aggregates {
  b.releaseLookups();
  const roles = b.plan.roles;
  const grain = b.plan.grain;
  const hasDates = roles.date !== undefined && b.firstDay >= 0;
  const hasOrderId = roles.orderId !== undefined;
  const hasProducts = b.products.size > 0;
  const hasSupplier = roles.supplier !== undefined && b.suppliers.size > 0;
  const hasCost = b.hasCost;
  const nc = b.customers.size;
  const np = b.products.size;
  const ns = b.suppliers.size;
  const customerIds = b.customers.keys;

  const supplier = supplierSummary(b, np, ns);
  const aggregates: Aggregates = {
    profile: {} as DatasetProfile,
    hasDates,
    hasCost,
    hasSupplier,
    hasOrderId,
    hasProducts,
    firstDay: b.firstDay,
    lastDay: b.lastDay,
    totals: {
      revenue: b.totalRevenue,
      cost: hasCost ? b.totalCost : null,
      orders: b.totalOrders,
      revenueWithoutCustomer: b.revenueWithoutCustomer,
      returnsValue: b.returnsValue,
      distinctOrderIds: hasOrderId ? b.orders.size : null,
    },
    customers: {
      count: nc,
      ids: customerIds,
      names: distinctNames(
        customerIds.map((id, i) => b.customerNames[i] || id),
        customerIds,
      ),
      regions: b.customerRegions.slice(0, nc),
      revenue: b.customerRevenue.slice(0, nc),
      cost: hasCost ? b.customerCost.slice(0, nc) : null,
      orders: b.customerOrders.slice(0, nc),
      firstDay: b.customerFirstDay.slice(0, nc),
      lastDay: b.customerLastDay.slice(0, nc),
      purchaseDays: b.customerPurchaseDays.slice(0, nc),
    },
    customerDays: { customer: b.customerDays.a.slice(0, b.customerDays.size), day: b.customerDays.b.slice(0, b.customerDays.size) },
    products: {
      count: np,
      ids: b.products.keys,
      names: distinctNames(
        b.products.keys.map((id, i) => b.productNames[i] || id),
        b.products.keys,
      ),
      categories: b.productCategories.slice(0, np),
      subCategories: b.productSubCategories.slice(0, np),
      suppliers: supplier.main,
      supplierCount: supplier.count,
      revenue: b.productRevenue.slice(0, np),
      cost: hasCost ? b.productCost.slice(0, np) : null,
      belowCostRevenue: hasCost ? b.productBelowCostRevenue.slice(0, np) : null,
      belowCostCost: hasCost ? b.productBelowCostCost.slice(0, np) : null,
      otherSalesMargin: hasCost ? b.productOtherSalesMargin.slice(0, np) : null,
      quantity: b.productQuantity.slice(0, np),
      customers: b.productCustomers.slice(0, np),
    },
    suppliers: {
      count: ns,
      names: b.suppliers.keys,
      revenue: b.supplierRevenue.slice(0, ns),
      cost: hasCost ? b.supplierCost.slice(0, ns) : null,
      products: supplier.products,
      customersExposed: supplier.customersExposed,
    },
    months: monthsOf(b),
    customerMonths: triples(b.customerMonths, (m) => m + MONTH_BASE),
    productMonths: triples(b.productMonths, (m) => m + MONTH_BASE),
    customerProducts: triples(b.customerProducts, null),
    baskets: hasProducts && grain === 'transactions' ? basketsOf(b, hasOrderId) : grain === 'customers' ? basketsOf(b, false) : null,
    ...(b.repBook ? { repBook: b.repBook.finish() } : {}),
  };
  aggregates.profile = profileOf(b, aggregates, context);
  return aggregates;
}

function monthsOf(b: AggregateBuilder): Aggregates['months'] {
  if (b.maxMonth < 0) {
    return { months: new Int32Array(0), revenue: new Float64Array(0), orders: new Int32Array(0), customers: new Int32Array(0) };
  }
  const from = b.minMonth;
  const to = b.maxMonth + 1;
  const months = new Int32Array(to - from);
  for (let i = 0; i < months.length; i++) months[i] = from + i + MONTH_BASE;
  return {
    months,
    revenue: b.monthRevenue.slice(from, to),
    orders: b.monthOrders.slice(from, to),
    customers: b.monthCustomers.slice(from, to),
  };
}

function triples(map: PairMap, mapB: ((b: number) => number) | null): PairTriples {
  let b = trimmed(map.b, map.size);
  if (mapB) {
    b = new Int32Array(map.size);
    for (let i = 0; i < map.size; i++) b[i] = mapB(map.b[i]);
  }
  return { a: trimmed(map.a, map.size), b, revenue: trimmed(map.revenue, map.size), orders: trimmed(map.orders, map.size) };
}

/**
 * Baskets in CSR form: by invoice when the file has order ids, else one basket per
 * customer (the products they ever bought).
 */
function basketsOf(b: AggregateBuilder, byInvoice: boolean): Baskets {
  if (byInvoice) return { basis: 'invoice', ...b.orderProducts.baskets(b.orders.size) };
  const pairs = b.customerProducts;
  return { basis: 'customer', ...groupedByOwner(b.customers.size, pairs.size, pairs.a, pairs.b, (i) => pairs.flags[i] === 1) };
}

/** Each product's main supplier (by revenue) and supplier count; each supplier's reach. */
function supplierSummary(b: AggregateBuilder, np: number, ns: number) {
  const main: (string | null)[] = new Array<string | null>(np).fill(null);
  const best = new Float64Array(np).fill(-Infinity);
  const count = new Int32Array(np);
  const products = new Int32Array(ns);
  const customersExposed = new Int32Array(ns);
  const sp = b.supplierProducts;
  for (let i = 0; i < sp.size; i++) {
    const s = sp.a[i];
    const p = sp.b[i];
    count[p]++;
    products[s]++;
    if (sp.revenue[i] > best[p]) {
      best[p] = sp.revenue[i];
      main[p] = b.suppliers.keys[s];
    }
  }
  for (let i = 0; i < b.supplierCustomers.size; i++) customersExposed[b.supplierCustomers.a[i]]++;
  return { main, count, products, customersExposed };
}

function profileOf(b: AggregateBuilder, agg: Aggregates, context: ProfileContext): DatasetProfile {
  const roles: Partial<Record<ColumnRole, string>> = {};
  for (const [role, column] of Object.entries(b.plan.roles) as [ColumnRole, number][]) roles[role] = b.plan.columns[column].name;
  return {
    fileName: context.fileName,
    format: context.format,
    sheet: context.sheet,
    ...(context.sheetsConsidered ? { sheetsConsidered: context.sheetsConsidered } : {}),
    rowsRead: b.rowsRead,
    rowsUsed: b.rowsUsed,
    rowsRejected: b.rejects.total,
    rejectReasons: b.rejects.list(),
    columns: b.plan.columns.map((c) => ({ name: c.name, role: c.role, type: c.type })),
    roles,
    period: { from: isoDay(agg.firstDay), to: isoDay(agg.lastDay) },
    currency: context.currency,
    warnings: [...context.warnings, ...coverageWarnings(b, agg, context)],
    grain: b.plan.grain,
  };
}

const count = (v: number): string => v.toLocaleString('en-US');
/** `1 row has` / `3 rows have`. */
const rows = (n: number, verb?: 'has' | 'was'): string => {
  const noun = `${count(n)} ${n === 1 ? 'row' : 'rows'}`;
  if (verb === undefined) return noun;
  if (verb === 'has') return `${noun} ${n === 1 ? 'has' : 'have'}`;
  return `${noun} ${n === 1 ? 'was' : 'were'}`;
};

/** Sentences a user can read: what the data supports, what it doesn't, and why. */
function coverageWarnings(b: AggregateBuilder, agg: Aggregates, context: ProfileContext): string[] {
  const roles = b.plan.roles;
  const out: string[] = [];
  if (b.plan.grain === 'customers') {
    const spend = b.plan.spendColumns.map((c) => b.plan.columns[c].name).join(', ');
    out.push(
      `Each row is one customer's total spend by category (${spend}), not individual transactions. ` +
        'Customer concentration, spend-based segments and the category mix can be analysed; ' +
        'there are no dates, orders, products or costs, so trends, recency, churn, margins and invoice cross-sell cannot.',
    );
    if (roles.customerId === undefined && roles.customerName === undefined)
      out.push('There is no customer id or name column, so customers are identified by their row number.');
  } else {
    if (roles.customerId === undefined && roles.customerName === undefined)
      out.push('No customer column was found, so segments, concentration, churn and customer cross-sell cannot be analysed.');
    else if (roles.customerId === undefined)
      out.push(`No customer id column: customers are identified by their name ('${b.plan.columns[roles.customerName as number].name}').`);
    if (b.rowsWithoutCustomer > 0 && agg.customers.count > 0) {
      out.push(
        `Rows without a customer id: ${count(b.rowsWithoutCustomer)} (${money(b.revenueWithoutCustomer, context.currency)} of revenue). They count toward total, monthly and product revenue but not toward customer analyses.`,
      );
    }
    if (!agg.hasDates) out.push('No date column was found, so trends, recency and churn cannot be analysed.');
    else if (agg.firstDay === agg.lastDay)
      out.push(`Every row is dated ${isoDay(agg.firstDay)}: one day is too short for trends or churn.`);
    if (roles.orderId === undefined && agg.hasDates) {
      out.push(
        "There is no order or invoice id: orders are counted as distinct purchase days per customer, and cross-sell treats each customer's purchases as one basket.",
      );
    }
    if (!agg.hasProducts) out.push('No product column was found, so product mix and cross-sell cannot be analysed.');
  }
  if (!agg.hasCost) out.push('There is no cost, unit cost or profit column, so margins cannot be computed.');
  else if (b.rowsWithoutCost > 0) out.push(`${rows(b.rowsWithoutCost, 'has')} no readable cost; counted as 0.`);
  if (!agg.hasSupplier) out.push('There is no supplier or vendor column, so supplier dependency cannot be analysed.');
  const late = b.rejects.count(REASONS.afterAsOf);
  if (late > 0) out.push(`${rows(late)} dated after ${context.asOf} (the analysis date) left out.`);
  const other = b.rejects.total - late;
  if (other > 0) out.push(`${rows(other)} could not be used; the reject reasons say why, with examples.`);
  return out;
}
