/**
 * Per-result-row accumulators in compact typed arrays: sums of revenue, cost, units and
 * returns, and the distinct orders, orders with a return and customers of each row. Distinct sets are plain `Set`s of
 * numbers, only created when a measure needs them.
 */
import { growF64, growI32 } from '../aggregate/growable';

/**
 * Grouping values (time buckets, months since year 0 ≈ 24k; dictionary codes ≥ -1) stay below
 * this, so a period and up to two values make one exact key (below 2^53).
 */
const VALUE_SPAN = 2 ** 24;

/** The key of a share's whole: a period (0 or 1) and the grouping values it is of (none: the whole period). */
export function wholeKey(period: number, values: readonly number[]): number {
  let key = 0;
  for (const value of values) key = key * VALUE_SPAN + value + 1;
  return key * 2 + period;
}

/** A customer's first purchase day when they have none (returns only, or no row yet). */
export const NO_PURCHASE = 0x7fffffff;

export class Accumulators {
  count = 0;
  revenue = new Float64Array(64);
  cost = new Float64Array(64);
  units = new Float64Array(64);
  /** The value of the lines that reduce revenue (credit notes, negative amounts), as a positive sum. */
  returns = new Float64Array(64);
  /** Revenue of the rows with a quantity: an average price is theirs over their units. */
  unitRevenue = new Float64Array(64);
  /** Revenue of the rows that name a customer (revenue per customer leaves the others out). */
  customerRevenue = new Float64Array(64);
  /** Lines that are no return: a value averaged over (`averageOver`) counts when it has one. */
  purchases = new Float64Array(64);
  /** First day of the row's period (for "new customer"), or -Infinity. */
  periodStart = new Float64Array(64);
  /**
   * The wholes shares are of, by `wholeKeyOf`: all revenue, gross profit and buying customers
   * of each period (of each value of the grouping parts `shareParts` names within it: each
   * year, each region), whatever the filters.
   */
  readonly wholeRevenue = new Map<number, number>();
  readonly wholeProfit = new Map<number, number>();
  readonly wholeBuyers = new Map<number, Set<number>>();
  /** The grouping parts (0, 1) whose values a share is of each of; none: of the whole period. */
  shareParts: readonly number[] = [];
  /** Rows kept with money but no cost, and their revenue: gross profit counts them at no cost (counted when `watchCost`). */
  watchCost = false;
  costlessRows = 0;
  costlessRevenue = 0;
  /** Grouping key parts of each row. */
  parts = new Int32Array(64 * 3);
  readonly orders: Set<number>[] = [];
  readonly returnOrders: Set<number>[] = [];
  readonly customers: Set<number>[] = [];
  readonly buyers: Set<number>[] = [];
  /** Per row, each buying customer's first order, and the customers seen with a second one. */
  readonly firstOrders: Map<number, number>[] = [];
  readonly repeaters: Set<number>[] = [];
  /** Per row, the distinct products bought (on lines that are no return). */
  readonly products: Set<number>[] = [];
  /** Per row, each customer's revenue (for the revenue of new and of returning customers). */
  readonly revenueByCustomer: Map<number, number>[] = [];
  private readonly slots = new Map<number, number>();
  private lastKey = NaN;
  private lastSlot = -1;

  constructor(
    private readonly needOrders: boolean,
    private readonly needCustomers: boolean,
    private readonly needBuyers: boolean,
    private readonly needReturnOrders = false,
    private readonly needOrderCounts = false,
    private readonly needProducts = false,
    private readonly needRevenueByCustomer = false,
  ) {}

  /** The key of the whole a row's share is of: its period's, or its period's and its values' of `shareParts`. */
  wholeKeyOf(slot: number): number {
    return wholeKey(
      this.parts[slot * 3 + 2],
      this.shareParts.map((k) => this.parts[slot * 3 + k]),
    );
  }

  /** The row slot for a key, created with its parts on first use. */
  slot(key: number, part0: number, part1: number, period: number, periodStart: number): number {
    if (key === this.lastKey) return this.lastSlot;
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.count++;
      this.slots.set(key, slot);
      const size = this.count;
      this.revenue = growF64(this.revenue, size);
      this.cost = growF64(this.cost, size);
      this.units = growF64(this.units, size);
      this.unitRevenue = growF64(this.unitRevenue, size);
      this.returns = growF64(this.returns, size);
      this.customerRevenue = growF64(this.customerRevenue, size);
      this.purchases = growF64(this.purchases, size);
      this.periodStart = growF64(this.periodStart, size);
      this.parts = growI32(this.parts, size * 3);
      this.parts[slot * 3] = part0;
      this.parts[slot * 3 + 1] = part1;
      this.parts[slot * 3 + 2] = period;
      this.periodStart[slot] = periodStart;
      if (this.needOrders) this.orders.push(new Set());
      if (this.needCustomers) this.customers.push(new Set());
      if (this.needBuyers) this.buyers.push(new Set());
      if (this.needReturnOrders) this.returnOrders.push(new Set());
      if (this.needProducts) this.products.push(new Set());
      if (this.needRevenueByCustomer) this.revenueByCustomer.push(new Map());
      if (this.needOrderCounts) {
        this.firstOrders.push(new Map());
        this.repeaters.push(new Set());
      }
    }
    this.lastKey = key;
    this.lastSlot = slot;
    return slot;
  }
}
