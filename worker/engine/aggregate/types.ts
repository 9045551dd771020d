/**
 * The compact aggregates one streaming pass produces. Everything the six analyses need,
 * and nothing that grows with rows: sizes grow with distinct customers, products,
 * suppliers, months, orders and customer×product pairs only.
 *
 * Conventions
 * - Dates are integer "epoch days" (days since 1970-01-01, UTC). `-1` means unknown.
 * - Months are integer month indexes `year * 12 + (month - 1)`; see `monthKey()`.
 * - Parallel typed arrays share one index space (customer index, product index, …).
 * - Sparse pairs (customer×month, product×month, customer×product) are "COO" triples:
 *   parallel arrays of equal length, one entry per distinct pair.
 * - Revenue is net: returns / credit notes reduce it. `orders` counts distinct non-return
 *   order ids (or distinct purchase days when the file has no order id).
 * - Cost arrays are present only when the file has cost data (`hasCost`).
 */
import type { DatasetProfile } from '../contract';
import type { RepBook } from './rep-book';
import type { JoinSummary } from '../contract-join';

export interface CustomerAggregates {
  count: number;
  ids: string[];
  names: string[];
  regions: (string | null)[];
  revenue: Float64Array;
  cost: Float64Array | null;
  orders: Int32Array;
  /** Epoch day of the first and last non-return purchase (-1 when the file has no dates). */
  firstDay: Int32Array;
  lastDay: Int32Array;
  /** Distinct days with a non-return purchase (BG/NBD: x = purchaseDays − 1). */
  purchaseDays: Int32Array;
}

export interface ProductAggregates {
  count: number;
  ids: string[];
  names: string[];
  categories: (string | null)[];
  /** Each product's sub-category when the file has one beside the category (cross-sell's fallback). */
  subCategories?: (string | null)[];
  /** The product's main supplier (by revenue), or null. */
  suppliers: (string | null)[];
  /** How many distinct suppliers sell this product (0 without a supplier column). */
  supplierCount: Int32Array;
  revenue: Float64Array;
  cost: Float64Array | null;
  /**
   * Revenue and cost of the product's sale lines sold below cost (a line's cost above its
   * amount), and the margin of its other sale lines; returns are in neither. Where its losses
   * are, when some of its sales made money.
   */
  belowCostRevenue: Float64Array | null;
  belowCostCost: Float64Array | null;
  otherSalesMargin: Float64Array | null;
  quantity: Float64Array;
  /** Distinct customers who bought it. */
  customers: Int32Array;
}

export interface SupplierAggregates {
  count: number;
  names: string[];
  revenue: Float64Array;
  cost: Float64Array | null;
  products: Int32Array;
  customersExposed: Int32Array;
}

export interface MonthAggregates {
  /** Ascending month indexes, contiguous from first to last month with data. */
  months: Int32Array;
  revenue: Float64Array;
  orders: Int32Array;
  customers: Int32Array;
}

export interface PairTriples {
  a: Int32Array;
  b: Int32Array;
  revenue: Float64Array;
  /** Distinct non-return orders in which the pair occurs. */
  orders: Int32Array;
}

export interface Baskets {
  basis: 'invoice' | 'customer';
  /** CSR: basket i holds products items[offsets[i] .. offsets[i+1]), distinct, non-return. */
  offsets: Int32Array;
  items: Int32Array;
}

export interface Aggregates {
  profile: DatasetProfile;
  hasDates: boolean;
  hasCost: boolean;
  hasSupplier: boolean;
  hasOrderId: boolean;
  hasProducts: boolean;
  /** First and last epoch day seen in used rows (-1 when no dates). */
  firstDay: number;
  lastDay: number;
  totals: {
    revenue: number;
    cost: number | null;
    orders: number;
    revenueWithoutCustomer: number;
    returnsValue: number;
    /**
     * Distinct order ids over all rows, credit notes and return-only orders included (how
     * UCI counts Online Retail's 25,900 invoices); null without an order id column.
     */
    distinctOrderIds?: number | null;
  };
  customers: CustomerAggregates;
  products: ProductAggregates;
  suppliers: SupplierAggregates;
  months: MonthAggregates;
  /** a = customer index, b = month index. */
  customerMonths: PairTriples;
  /** a = product index, b = month index. */
  productMonths: PairTriples;
  /** a = customer index, b = product index. */
  customerProducts: PairTriples;
  baskets: Baskets | null;
  /**
   * Every distinct (customer, non-return purchase day), as parallel arrays in no particular
   * order. The churn backtest refits BG/NBD at an earlier cut-off from these; optional so
   * that aggregates built without them (customer-grain files) simply get no backtest.
   */
  customerDays?: { customer: Int32Array; day: Int32Array };
  /** Revenue per (sales rep, customer); present only when the file has a sales-rep column. */
  repBook?: RepBook;
  /** How lookup tables were joined to the transactions (joined ingestion only). */
  join?: JoinSummary;
}

/** Month index for a year and 1-based month. */
export function monthKey(year: number, month: number): number {
  return year * 12 + (month - 1);
}

/** `YYYY-MM` for a month index. */
export function monthLabel(index: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${year}-${month < 10 ? '0' : ''}${month}`;
}

/** ISO `YYYY-MM-DD` for an epoch day, or null for -1. */
export function isoDay(day: number): string | null {
  if (day < 0) return null;
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Epoch day for an ISO `YYYY-MM-DD` date. */
export function epochDay(iso: string): number {
  return Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000);
}
