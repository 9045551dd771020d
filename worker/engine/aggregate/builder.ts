/**
 * The one streaming pass: each row is parsed straight from its bytes and folded into
 * per-customer, per-product, per-supplier and per-month sums plus the sparse pairs the
 * analyses need. Nothing is kept per row, so memory grows with distinct keys only.
 *
 * Definitions (see aggregate/types.ts):
 * - revenue is net: negative quantities or amounts and credit notes (invoice ids such as
 *   `C536379`) reduce it and are never purchases or orders;
 * - an order is a distinct non-return order id, or without an order id a distinct
 *   (customer, day) purchase occasion;
 * - rows without a customer still count toward total, monthly and product revenue.
 */
import type { RecordView } from '../ingest/tokenizer';
import { parseDateBytes, type DateOrder } from '../schema/dates';
import type { TablePlan } from '../schema/infer';
import { parseNumberBytes, type DecimalSeparator } from '../schema/numbers';
import { subCategoryColumnOf } from '../schema/sub-category';
import { cellText, copyBytes, isBlank, keyEnd, keyStart, monthIndexOfDay } from './cells';
import { growF64, growI32, growU8 } from './growable';
import { ByteInterner } from './intern';
import { OrderProducts } from './order-products';
import { PairMap } from './pair-map';
import { RejectLog } from './rejects';
import type { RowSink } from '../snapshot/row-sink';
import { RepBookBuilder } from './rep-book';

/** Dense month slots cover 1900-01 … 2099-12 (the years dates.ts accepts). */
export const MONTH_BASE = 1900 * 12;
const MONTH_SLOTS = 200 * 12;

export const REASONS = {
  noAmount: 'No amount',
  badAmount: 'Amount is not a number',
  noQuantityPrice: 'No quantity or unit price',
  noDate: 'No date',
  badDate: 'Date could not be read',
  afterAsOf: 'Dated after the analysis date',
} as const;

interface Field {
  column: number;
  decimal: DecimalSeparator;
}

function field(plan: TablePlan, role: keyof TablePlan['roles']): Field | null {
  const column = plan.roles[role];
  if (column === undefined) return null;
  return { column, decimal: plan.columns[column].decimal };
}

/** Accumulates rows into aggregates; `finish.ts` turns the state into `Aggregates`. */
export class AggregateBuilder {
  readonly customers = new ByteInterner(true);
  readonly products = new ByteInterner();
  /** Invoice numbers are counted, never shown: their bytes are kept, not decoded strings. */
  readonly orders = new ByteInterner(true, false);
  readonly suppliers = new ByteInterner();
  readonly rejects = new RejectLog();
  /**
   * Receives each accepted row: the columnar snapshot's RowSink (`query_data`), or the
   * parallel parse's RowLog (aggregate/row-log.ts); null when neither is wanted.
   */
  sink: Pick<RowSink, 'add' | 'finish'> | null = null;
  /** Revenue per (sales rep, customer) for the rep scorecards; null without a rep column. */
  readonly repBook: RepBookBuilder | null;

  rowsRead = 0;
  rowsUsed = 0;
  rowsWithoutCustomer = 0;
  rowsWithoutCost = 0;
  firstDay = -1;
  lastDay = -1;
  totalRevenue = 0;
  totalCost = 0;
  totalOrders = 0;
  revenueWithoutCustomer = 0;
  returnsValue = 0;
  minMonth = MONTH_SLOTS;
  maxMonth = -1;

  customerNames: string[] = [];
  customerRegions: (string | null)[] = [];
  customerRevenue = new Float64Array(256);
  customerCost = new Float64Array(256);
  customerOrders = new Int32Array(256);
  customerFirstDay = new Int32Array(256).fill(-1);
  customerLastDay = new Int32Array(256).fill(-1);
  customerPurchaseDays = new Int32Array(256);

  productNames: string[] = [];
  /**
   * 1 once a product's name comes from a sale. Online Retail's stock code 23203 was named
   * "mailout" by a zero-price line before its first sale ("JUMBO BAG DOILEY PATTERNS"): a name
   * from any other line holds only until the first sale's.
   */
  productNamedBySale = new Uint8Array(256);
  productCategories: (string | null)[] = [];
  /** Filled only when the file has a sub-category column beside its category. */
  productSubCategories: (string | null)[] = [];
  productRevenue = new Float64Array(256);
  productCost = new Float64Array(256);
  productQuantity = new Float64Array(256);
  productCustomers = new Int32Array(256);
  /**
   * Revenue and cost of a product's sale lines that lost money (cost above the amount), and the
   * margin of its other sale lines (`addSaleMargin`). Superstore's GBC DocuBind P400 lost 1,878.17
   * overall on sales that mostly made money: its loss is in three discounted lines, and "reprice
   * or drop it" was the wrong advice.
   */
  productBelowCostRevenue = new Float64Array(256);
  productBelowCostCost = new Float64Array(256);
  productOtherSalesMargin = new Float64Array(256);

  supplierRevenue = new Float64Array(64);
  supplierCost = new Float64Array(64);

  monthRevenue = new Float64Array(MONTH_SLOTS);
  monthOrders = new Int32Array(MONTH_SLOTS);
  monthCustomers = new Int32Array(MONTH_SLOTS);

  /** Per order (or purchase occasion): 1 once a non-return line has counted it. */
  orderCounted = new Uint8Array(1024);

  readonly customerDays = new PairMap(false);
  readonly customerMonths = new PairMap(true);
  readonly productMonths = new PairMap(true);
  readonly customerProducts = new PairMap(true);
  readonly orderProducts = new OrderProducts();
  readonly supplierProducts = new PairMap(true);
  readonly supplierCustomers = new PairMap(false);

  private readonly amount: Field | null;
  private readonly quantity: Field | null;
  private readonly unitPrice: Field | null;
  private readonly unitCost: Field | null;
  private readonly cost: Field | null;
  private readonly profit: Field | null;
  private readonly date: number;
  private readonly dateOrder: DateOrder;
  private readonly customerKey: number;
  private readonly customerName: number;
  private readonly region: number;
  private readonly orderId: number;
  private readonly productKey: number;
  private readonly productName: number;
  private readonly category: number;
  private readonly subCategory: number;
  private readonly supplier: number;
  readonly hasCost: boolean;
  private lastDateIn = -2;
  private lastCustomer = -1;
  private lastMonth = -1;
  private lastCustomerMonth = -1;
  private lastOccasionCustomer = -1;
  private lastOccasionDay = -1;
  private lastOccasion = -1;
  private lastMonthOut = -1;

  constructor(
    readonly plan: TablePlan,
    private readonly asOfDay: number,
  ) {
    const roles = plan.roles;
    this.amount = field(plan, 'amount');
    this.quantity = field(plan, 'quantity');
    this.unitPrice = field(plan, 'unitPrice');
    this.unitCost = this.quantity ? field(plan, 'unitCost') : null;
    this.cost = field(plan, 'cost');
    this.profit = field(plan, 'profit');
    this.hasCost = this.unitCost !== null || this.cost !== null || this.profit !== null;
    this.date = roles.date ?? -1;
    this.dateOrder = this.date >= 0 ? (plan.columns[this.date].dateOrder ?? 'ymd') : 'ymd';
    this.customerKey = roles.customerId ?? roles.customerName ?? -1;
    this.customerName = roles.customerName ?? -1;
    this.region = roles.region ?? -1;
    this.orderId = roles.orderId ?? -1;
    this.productKey = roles.productId ?? roles.productName ?? -1;
    this.productName = roles.productName ?? -1;
    this.category = roles.category ?? -1;
    this.subCategory = subCategoryColumnOf(plan);
    this.supplier = roles.supplier ?? -1;
    this.repBook = roles.salesRep === undefined ? null : new RepBookBuilder(roles.salesRep);
  }

  /** Folds one transaction row into the aggregates (or counts why it can't be used). */
  addRow(view: RecordView, rowNumber: number): void {
    this.rowsRead++;
    const buf = view.buf;
    const n = view.count;
    let quantity = NaN;
    if (this.quantity) quantity = this.number(view, this.quantity);
    let amount: number;
    if (this.amount) {
      amount = this.number(view, this.amount);
      if (amount !== amount && this.unitPrice && quantity === quantity && isBlank(view, this.amount.column)) {
        // A blank line amount next to a quantity and a unit price: compute it.
        amount = quantity * this.number(view, this.unitPrice);
      }
      if (amount !== amount) {
        this.rejects.add(isBlank(view, this.amount.column) ? REASONS.noAmount : REASONS.badAmount, rowNumber, view);
        return;
      }
    } else {
      const price = this.unitPrice ? this.number(view, this.unitPrice) : NaN;
      if (quantity !== quantity || price !== price) {
        this.rejects.add(REASONS.noQuantityPrice, rowNumber, view);
        return;
      }
      amount = quantity * price;
    }
    let day = -1;
    if (this.date >= 0) {
      const col = this.date;
      day = col < n ? this.dayOf(buf, view.starts[col], view.ends[col]) : -1;
      if (day < 0) {
        this.rejects.add(isBlank(view, col) ? REASONS.noDate : REASONS.badDate, rowNumber, view);
        return;
      }
      if (this.asOfDay >= 0 && day > this.asOfDay) {
        this.rejects.add(REASONS.afterAsOf, rowNumber, view);
        return;
      }
    }
    let order = -1;
    let credit = false;
    if (this.orderId >= 0 && this.orderId < n) {
      const s = view.starts[this.orderId];
      const e = keyEnd(buf, s, view.ends[this.orderId]);
      const start = keyStart(buf, s, e);
      if (start < e) {
        order = this.orders.intern(buf, start, e);
        credit = (buf[start] === 67 || buf[start] === 99) && e - start > 1 && buf[start + 1] >= 48 && buf[start + 1] <= 57;
      }
    }
    if (credit && amount > 0) amount = -amount;
    // A line of no money and no customer where the file names customers is a stock movement,
    // not a sale: Online Retail's write-offs ("Unsaleable, destroyed.", -15,644) and recounts
    // ("found", "check") took 42,773 units off what sold, left VICTORIAN METAL POSTCARD SPRING
    // at 5 units sold of 1,157, priced a £149 sideboard at £745, and made 204 orders of £0. Its
    // quantity is no units, its cost no cost of goods sold (a write-off's negative cost raised
    // the profit), and, as a return's, its order no purchase.
    const stock = amount === 0 && this.customerKey >= 0 && !this.hasKey(view, this.customerKey);
    const isReturn = credit || amount < 0 || quantity < 0 || stock;
    const rawCost = this.hasCost && !stock ? this.lineCost(view, amount, quantity, isReturn) : 0;
    // The sums count a missing cost as 0 (the upload's warning says how many rows); the kept rows
    // keep it missing, so a query can say so where the figures count it.
    const cost = rawCost === rawCost ? rawCost : 0;
    if (stock) quantity = NaN;
    this.rowsUsed++;
    this.totalRevenue += amount;
    this.totalCost += cost;
    if (amount < 0) this.returnsValue -= amount;

    let month = -1;
    if (day >= 0) {
      month = this.monthOf(day);
      this.monthRevenue[month] += amount;
      if (month < this.minMonth) this.minMonth = month;
      if (month > this.maxMonth) this.maxMonth = month;
      if (this.firstDay < 0 || day < this.firstDay) this.firstDay = day;
      if (day > this.lastDay) this.lastDay = day;
    }

    const customer = this.internKey(this.customers, view, this.customerKey);
    if (customer < 0) {
      this.revenueWithoutCustomer += amount;
      this.rowsWithoutCustomer++;
    } else this.addToCustomer(view, customer, amount, cost);
    if (this.repBook !== null) this.repBook.add(view, customer, amount, cost);

    let customerMonth = -1;
    if (customer >= 0 && month >= 0) {
      // Lines of one invoice share customer and month: skip the lookup for them.
      if (customer === this.lastCustomer && month === this.lastMonth) customerMonth = this.lastCustomerMonth;
      else {
        customerMonth = this.customerMonths.upsert(customer, month);
        this.lastCustomer = customer;
        this.lastMonth = month;
        this.lastCustomerMonth = customerMonth;
      }
      this.customerMonths.revenue[customerMonth] += amount;
      if (!isReturn && this.customerMonths.flags[customerMonth] === 0) {
        this.customerMonths.flags[customerMonth] = 1;
        this.monthCustomers[month]++;
      }
    }
    if (!isReturn && customer >= 0 && day >= 0) {
      if (this.customerFirstDay[customer] < 0 || day < this.customerFirstDay[customer]) this.customerFirstDay[customer] = day;
      if (day > this.customerLastDay[customer]) this.customerLastDay[customer] = day;
      let occasion = this.lastOccasion;
      if (customer !== this.lastOccasionCustomer || day !== this.lastOccasionDay) {
        occasion = this.customerDays.upsert(customer, day);
        if (this.customerDays.added) this.customerPurchaseDays[customer]++;
        this.lastOccasionCustomer = customer;
        this.lastOccasionDay = day;
        this.lastOccasion = occasion;
      }
      if (this.orderId < 0) order = occasion;
    }
    if (!isReturn && order >= 0) {
      this.orderCounted = growU8(this.orderCounted, order + 1);
      if (this.orderCounted[order] === 0) {
        this.orderCounted[order] = 1;
        this.totalOrders++;
        if (month >= 0) this.monthOrders[month]++;
        if (customer >= 0) this.customerOrders[customer]++;
        if (customerMonth >= 0) this.customerMonths.orders[customerMonth]++;
      }
    }

    const product = this.internKey(this.products, view, this.productKey);
    if (product >= 0) this.addToProduct(view, product, customer, order, month, amount, cost, rawCost, quantity, isReturn);

    let supplier = -1;
    if (this.supplier >= 0) {
      supplier = this.internText(this.suppliers, view, this.supplier);
      if (supplier >= 0) {
        this.supplierRevenue = growF64(this.supplierRevenue, supplier + 1);
        this.supplierCost = growF64(this.supplierCost, supplier + 1);
        this.supplierRevenue[supplier] += amount;
        this.supplierCost[supplier] += cost;
        if (product >= 0) this.supplierProducts.revenue[this.supplierProducts.upsertCached(supplier, product, 'b')] += amount;
        if (customer >= 0) this.supplierCustomers.upsertCached(supplier, customer, 'a');
      }
    }
    if (this.sink !== null) this.sink.add(view, day, customer, product, order, amount, rawCost, quantity, isReturn, supplier);
  }

  /**
   * Bytes the state may add within `rows` more rows: the tables that would double by then
   * (each row adds at most one key to each). The large ones grow with customer × product
   * pairs, orders and invoice lines; per-customer and per-product arrays are small beside them.
   */
  growthWithin(rows: number): number {
    let bytes = this.orders.growthWithin(rows) + this.orderProducts.growthWithin(rows);
    for (const pairs of this.pairMaps()) bytes += pairs.growthWithin(rows);
    return bytes;
  }

  /** Drops every hash table once no more keys or pairs will be added (the keys and pairs stay). */
  releaseLookups(): void {
    for (const lookup of [this.customers, this.products, this.orders, this.suppliers, this.orderProducts]) lookup.releaseLookups();
    for (const pairs of this.pairMaps()) pairs.releaseLookups();
  }

  private pairMaps(): PairMap[] {
    return [
      this.customerDays,
      this.customerMonths,
      this.productMonths,
      this.customerProducts,
      this.supplierProducts,
      this.supplierCustomers,
    ];
  }

  /** Grows every per-customer array to hold customer index `customer`. */
  ensureCustomer(customer: number): void {
    if (customer < this.customerNames.length) return;
    const size = customer + 1;
    this.customerRevenue = growF64(this.customerRevenue, size);
    this.customerCost = growF64(this.customerCost, size);
    this.customerOrders = growI32(this.customerOrders, size);
    this.customerFirstDay = growI32(this.customerFirstDay, size, -1);
    this.customerLastDay = growI32(this.customerLastDay, size, -1);
    this.customerPurchaseDays = growI32(this.customerPurchaseDays, size);
    while (this.customerNames.length < size) {
      this.customerNames.push('');
      this.customerRegions.push(null);
    }
  }

  private addToCustomer(view: RecordView, customer: number, amount: number, cost: number): void {
    this.ensureCustomer(customer);
    this.customerRevenue[customer] += amount;
    this.customerCost[customer] += cost;
    if (this.customerName >= 0 && this.customerNames[customer] === '') this.customerNames[customer] = cellText(view, this.customerName);
    if (this.region >= 0 && this.customerRegions[customer] === null) this.customerRegions[customer] = cellText(view, this.region) || null;
  }

  private addToProduct(
    view: RecordView,
    product: number,
    customer: number,
    order: number,
    month: number,
    amount: number,
    cost: number,
    rawCost: number,
    quantity: number,
    isReturn: boolean,
  ): void {
    if (product >= this.productNames.length) {
      const size = product + 1;
      this.productRevenue = growF64(this.productRevenue, size);
      this.productCost = growF64(this.productCost, size);
      this.productQuantity = growF64(this.productQuantity, size);
      this.productCustomers = growI32(this.productCustomers, size);
      this.productBelowCostRevenue = growF64(this.productBelowCostRevenue, size);
      this.productBelowCostCost = growF64(this.productBelowCostCost, size);
      this.productOtherSalesMargin = growF64(this.productOtherSalesMargin, size);
      this.productNamedBySale = growU8(this.productNamedBySale, size);
      this.productNames.push('');
      this.productCategories.push(null);
      this.productSubCategories.push(null);
    }
    this.productRevenue[product] += amount;
    this.productCost[product] += cost;
    if (!isReturn) this.addSaleMargin(product, amount, rawCost);
    if (quantity === quantity) this.productQuantity[product] += quantity;
    if (this.productName >= 0 && this.productNamedBySale[product] === 0) this.nameProduct(view, product, amount > 0 && !isReturn);
    if (this.category >= 0 && this.productCategories[product] === null)
      this.productCategories[product] = cellText(view, this.category) || null;
    if (this.subCategory >= 0 && this.productSubCategories[product] === null)
      this.productSubCategories[product] = cellText(view, this.subCategory) || null;
    const productMonth = month >= 0 ? this.productMonths.upsertCached(product, month, 'a') : -1;
    if (productMonth >= 0) this.productMonths.revenue[productMonth] += amount;
    let pair = -1;
    if (customer >= 0) {
      pair = this.customerProducts.upsert(customer, product);
      this.customerProducts.revenue[pair] += amount;
      if (!isReturn && this.customerProducts.flags[pair] === 0) {
        this.customerProducts.flags[pair] = 1;
        this.productCustomers[product]++;
      }
    }
    if (!isReturn && order >= 0) {
      if (this.orderProducts.add(order, product)) {
        if (pair >= 0) this.customerProducts.orders[pair]++;
        if (productMonth >= 0) this.productMonths.orders[productMonth]++;
      }
    }
  }

  /** A product's name: its first line's, until a sale's replaces it (see `productNamedBySale`). */
  private nameProduct(view: RecordView, product: number, sale: boolean): void {
    if (!sale && this.productNames[product] !== '') return;
    const name = cellText(view, this.productName);
    if (name === '') return;
    this.productNames[product] = name;
    if (sale) this.productNamedBySale[product] = 1;
  }

  /**
   * A sale line's margin, into what its product lost on lines sold below cost or made on the
   * others. A line of unknown cost (NaN) is in neither: it counts at a cost of 0 in the sums, and
   * here it would be a sale that "made money" with nothing known of its cost. The CLI's parallel
   * parse replays its rows through this too, so the sums stay those of one pass.
   */
  addSaleMargin(product: number, amount: number, rawCost: number): void {
    if (rawCost !== rawCost) return;
    if (rawCost > amount) {
      this.productBelowCostRevenue[product] += amount;
      this.productBelowCostCost[product] += rawCost;
    } else this.productOtherSalesMargin[product] += amount - rawCost;
  }

  /** Line cost from unit cost × quantity, a cost column, or amount − profit; NaN when missing (counted). */
  private lineCost(view: RecordView, amount: number, quantity: number, isReturn: boolean): number {
    let cost: number;
    if (this.unitCost) cost = this.number(view, this.unitCost) * quantity;
    else if (this.cost) cost = this.number(view, this.cost);
    else cost = amount - this.number(view, this.profit as Field);
    if (cost !== cost) {
      this.rowsWithoutCost++;
      return NaN;
    }
    // A return gives the goods back: its cost comes off too (same sign as the amount).
    if (isReturn && amount < 0 && cost > 0) return -cost;
    return cost;
  }

  private number(view: RecordView, f: Field): number {
    if (f.column >= view.count) return NaN;
    return parseNumberBytes(view.buf, view.starts[f.column], view.ends[f.column], f.decimal);
  }

  /** Parses a date cell; an invoice's lines repeat the same text, so the last one is remembered. */
  private dayOf(buf: Uint8Array, start: number, end: number): number {
    const length = end - start;
    const last = this.lastDateText;
    if (length === this.lastDateLength) {
      let i = 0;
      while (i < length && last[i] === buf[start + i]) i++;
      if (i === length) return this.lastDateDay;
    }
    const day = parseDateBytes(buf, start, end, this.dateOrder);
    if (length <= last.length) {
      copyBytes(last, buf, start, end);
      this.lastDateLength = length;
      this.lastDateDay = day;
    }
    return day;
  }

  private readonly lastDateText = new Uint8Array(32);
  private lastDateLength = -1;
  private lastDateDay = -1;

  private monthOf(day: number): number {
    if (day === this.lastDateIn) return this.lastMonthOut;
    const month = monthIndexOfDay(day) - MONTH_BASE;
    this.lastDateIn = day;
    this.lastMonthOut = month;
    return month;
  }

  /** Whether a key column holds a key on this row (as `internKey` reads it). */
  private hasKey(view: RecordView, column: number): boolean {
    if (column < 0 || column >= view.count) return false;
    const e = keyEnd(view.buf, view.starts[column], view.ends[column]);
    return keyStart(view.buf, view.starts[column], e) < e;
  }

  /** Interns an id cell (trimmed, `17850.0` read as `17850`); -1 when blank. */
  private internKey(interner: ByteInterner, view: RecordView, column: number): number {
    if (column < 0 || column >= view.count) return -1;
    const buf = view.buf;
    const e = keyEnd(buf, view.starts[column], view.ends[column]);
    const s = keyStart(buf, view.starts[column], e);
    return s < e ? interner.intern(buf, s, e) : -1;
  }

  private internText(interner: ByteInterner, view: RecordView, column: number): number {
    if (column >= view.count) return -1;
    const buf = view.buf;
    let e = view.ends[column];
    const s = keyStart(buf, view.starts[column], e);
    while (e > s && buf[e - 1] === 32) e--;
    return s < e ? interner.intern(buf, s, e) : -1;
  }
}
