/**
 * Every accepted row's money and the keys it was added under, kept by the later byte
 * ranges of the CLI's parallel parse (see merge.ts).
 *
 * Why rows and not sums: floating-point addition is not associative, so adding a range's
 * partial sums to the first range's sums would change the last bits of revenue totals,
 * and with them ties in rankings. Replaying each row's amounts into the first range's
 * sums, in file order, gives bit for bit what the single-threaded pass computes.
 *
 * It plugs into the builder as its row sink, which is called once per accepted row after
 * every key and pair has been added, so the pair indexes below are lookups, never new.
 */
import type { RecordView } from '../ingest/tokenizer';
import { MONTH_BASE, type AggregateBuilder } from './builder';
import { keyStart, monthIndexOfDay } from './cells';
import { growF64, growI32, growU8 } from './growable';

/** The logged rows as parallel arrays of `size` entries; -1 where a key is absent. */
export interface LoggedRows {
  size: number;
  amount: Float64Array<ArrayBuffer>;
  cost: Float64Array<ArrayBuffer>;
  quantity: Float64Array<ArrayBuffer>;
  customer: Int32Array<ArrayBuffer>;
  product: Int32Array<ArrayBuffer>;
  supplier: Int32Array<ArrayBuffer>;
  /** Month slot (month index − MONTH_BASE), as the builder's month arrays are indexed. */
  month: Int32Array<ArrayBuffer>;
  /** The order (or, without an order id, purchase occasion) the row counted toward. */
  order: Int32Array<ArrayBuffer>;
  customerMonth: Int32Array<ArrayBuffer>;
  productMonth: Int32Array<ArrayBuffer>;
  customerProduct: Int32Array<ArrayBuffer>;
  supplierProduct: Int32Array<ArrayBuffer>;
  /** The sales rep (the range's rep index, NO_REP for a blank cell); -1 without a rep column. */
  rep: Int32Array<ArrayBuffer>;
  /** 1 for a return or credit note. */
  returns: Uint8Array<ArrayBuffer>;
}

const INT_FIELDS = [
  'customer',
  'product',
  'supplier',
  'month',
  'order',
  'customerMonth',
  'productMonth',
  'customerProduct',
  'supplierProduct',
  'rep',
] as const;

export class RowLog {
  readonly rows: LoggedRows;
  private readonly supplierColumn: number;
  private lastDay = -2;
  private lastMonth = -1;
  private lastCustomer = -1;
  private lastCustomerMonth = -1;

  constructor(
    private readonly builder: AggregateBuilder,
    expectedRows = 0,
  ) {
    this.supplierColumn = builder.plan.roles.supplier ?? -1;
    const n = Math.max(1024, expectedRows);
    this.rows = {
      size: 0,
      amount: new Float64Array(n),
      cost: new Float64Array(n),
      quantity: new Float64Array(n),
      customer: new Int32Array(n),
      product: new Int32Array(n),
      supplier: new Int32Array(n),
      month: new Int32Array(n),
      order: new Int32Array(n),
      customerMonth: new Int32Array(n),
      productMonth: new Int32Array(n),
      customerProduct: new Int32Array(n),
      supplierProduct: new Int32Array(n),
      rep: new Int32Array(n),
      returns: new Uint8Array(n),
    };
  }

  /** The builder's row sink call: same arguments as the snapshot's RowSink. */
  add(
    view: RecordView,
    day: number,
    customer: number,
    product: number,
    order: number,
    amount: number,
    cost: number,
    quantity: number,
    isReturn: boolean,
  ): void {
    const r = this.rows;
    if (r.size >= r.amount.length) this.grow(r.size + 1);
    const i = r.size++;
    const b = this.builder;
    const month = this.monthOf(day);
    const supplier = this.supplierOf(view);
    r.amount[i] = amount;
    // A missing cost stays NaN: the replay counts it 0 in the sums, as the builder does, and leaves it out of a sale's margin.
    r.cost[i] = cost;
    r.quantity[i] = quantity;
    r.customer[i] = customer;
    r.product[i] = product;
    r.supplier[i] = supplier;
    r.month[i] = month;
    r.order[i] = order;
    r.customerMonth[i] = customer >= 0 && month >= 0 ? this.customerMonthOf(customer, month) : -1;
    r.productMonth[i] = product >= 0 && month >= 0 ? b.productMonths.upsertCached(product, month, 'a') : -1;
    r.customerProduct[i] = customer >= 0 && product >= 0 ? b.customerProducts.upsert(customer, product) : -1;
    r.supplierProduct[i] = supplier >= 0 && product >= 0 ? b.supplierProducts.upsertCached(supplier, product, 'b') : -1;
    r.rep[i] = b.repBook?.lastRep ?? -1;
    r.returns[i] = isReturn ? 1 : 0;
  }

  finish(): void {}

  private monthOf(day: number): number {
    if (day < 0) return -1;
    if (day !== this.lastDay) {
      this.lastDay = day;
      this.lastMonth = monthIndexOfDay(day) - MONTH_BASE;
    }
    return this.lastMonth;
  }

  /** Lines of one invoice share customer and month: skip the lookup for them. */
  private customerMonthOf(customer: number, month: number): number {
    if (customer !== this.lastCustomer || this.builder.customerMonths.b[this.lastCustomerMonth] !== month) {
      this.lastCustomer = customer;
      this.lastCustomerMonth = this.builder.customerMonths.upsert(customer, month);
    }
    return this.lastCustomerMonth;
  }

  /** The supplier index, read from the cell exactly as the builder's `internText` reads it. */
  private supplierOf(view: RecordView): number {
    const column = this.supplierColumn;
    if (column < 0 || column >= view.count) return -1;
    const buf = view.buf;
    let e = view.ends[column];
    const s = keyStart(buf, view.starts[column], e);
    while (e > s && buf[e - 1] === 32) e--;
    return s < e ? this.builder.suppliers.intern(buf, s, e) : -1;
  }

  private grow(size: number): void {
    const r = this.rows;
    r.amount = growF64(r.amount, size);
    r.cost = growF64(r.cost, size);
    r.quantity = growF64(r.quantity, size);
    for (const field of INT_FIELDS) r[field] = growI32(r[field], size);
    r.returns = growU8(r.returns, size);
  }
}
