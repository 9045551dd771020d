/**
 * Collects the cleaned rows of the ingest pass into column buffers and hands them on in
 * row groups of GROUP_ROWS. The aggregator calls `add` with the values it has already
 * parsed (day, signed amount, cost, interned customer / product / order), so the only
 * extra per-row work is interning the label columns (category, supplier, region, sales
 * rep, other categorical columns) and a few typed-array writes.
 */
import { distinctNames } from '../aggregate/distinct-names';
import { keyStart } from '../aggregate/cells';
import { ByteInterner } from '../aggregate/intern';
import type { RecordView } from '../ingest/tokenizer';
import type { TablePlan } from '../schema/infer';
import { GROUP_ROWS, occasionKey, type SnapshotDimension, type SnapshotGroup, type SnapshotMeta } from './columns';

/** Receives the snapshot as it is produced (an in-memory list, a Parquet writer). */
export interface SnapshotConsumer {
  /**
   * One full (or the last, shorter) row group; `dimensions` hold every code used so far.
   * `hasCost`: whether the file has costs, which no group's values tell (a row without a cost
   * keeps NaN, and a file's first rows may all lack one).
   */
  group(group: SnapshotGroup, dimensions: readonly SnapshotDimension[], hasCost: boolean): void;
  /**
   * True when the consumer keeps the groups it is given (an in-memory snapshot); otherwise
   * it is done with a group when `group` returns, and the sink refills the same arrays.
   */
  readonly retainsGroups?: boolean;
  finish(meta: SnapshotMeta): void;
}

/** Labels of the aggregator's customer and product indexes (name, else id). */
export interface KeyLabels {
  customer(index: number): string;
  product(index: number): string;
  /** The ids behind those indexes, so that ids sharing one name are told apart at the end (distinct-names.ts). */
  customerIds: readonly string[];
  productIds: readonly string[];
  /** The aggregator's supplier names by index (it interns the supplier column already). */
  suppliers: string[];
}

/** At most this many other categorical columns are kept (ids and notes are not dimensions). */
const MAX_OTHER_COLUMNS = 12;

/**
 * An other column with more distinct values than this in the first row group is an
 * identifier (a purchase-order or line number), not a category: a category repeats.
 * Measured on the 1M-row bench file, its purchase-order column (125k values) cost a
 * quarter of the snapshot's time and most of its footer.
 */
function isIdentifier(distinct: number, rows: number): boolean {
  return distinct > Math.max(1000, rows / 20);
}

const LABEL_ROLES = [
  ['category', 'category'],
  ['region', 'region'],
  ['salesRep', 'sales rep'],
] as const;

interface TextDimension {
  column: number;
  interner: ByteInterner;
  meta: SnapshotDimension;
  /** The previous row's code and bytes: an invoice's lines repeat its region and rep. */
  last: number;
  lastBytes: Uint8Array;
  lastLength: number;
  /**
   * The code last seen with each product: a category or supplier follows the product.
   * Checking a likely code's bytes is cheaper than hashing the cell (measured: the hash
   * lookups were a third of the snapshot's cost at 1M rows).
   */
  byProduct: Int32Array;
}

export class RowSink {
  readonly dimensions: SnapshotDimension[] = [];
  private readonly text: TextDimension[] = [];
  private readonly customerDim: SnapshotDimension | null;
  private readonly productDim: SnapshotDimension | null;
  private readonly supplierDim: SnapshotDimension | null;
  private flushed = false;
  private group: SnapshotGroup;
  private used = 0;
  private rows = 0;
  private firstDay = -1;
  private lastDay = -1;
  private returnLines = 0;
  private readonly hasOrderId: boolean;

  constructor(
    private readonly plan: TablePlan,
    private readonly hasCost: boolean,
    private readonly labels: KeyLabels,
    private readonly consumer: SnapshotConsumer,
  ) {
    const roles = plan.roles;
    this.hasOrderId = roles.orderId !== undefined;
    // A file of one row per customer (customer-grain.ts) has a customer on every row, named
    // by its row number without a name column, and its spend columns as the products.
    const customerGrain = plan.grain === 'customers';
    const hasCustomer = customerGrain || roles.customerId !== undefined || roles.customerName !== undefined;
    const hasProduct = roles.productId !== undefined || roles.productName !== undefined;
    const headerOf = (...columns: (number | undefined)[]): string | undefined => {
      const column = columns.find((c) => c !== undefined);
      return column === undefined ? undefined : plan.columns[column]?.name;
    };
    this.customerDim = hasCustomer
      ? this.addDimension('customer', 'customer', 'customer', [], headerOf(roles.customerName, roles.customerId))
      : null;
    this.productDim = customerGrain
      ? // Fresh, Milk, Grocery: what the user calls categories, what the analysis ranks as products.
        this.addDimension('product', 'category', 'category', [])
      : hasProduct
        ? this.addDimension('product', 'product', 'product', [], headerOf(roles.productName, roles.productId))
        : null;
    this.supplierDim =
      roles.supplier !== undefined
        ? this.addDimension('supplier', 'supplier', 'supplier', labels.suppliers, headerOf(roles.supplier))
        : null;
    for (const [role, label] of LABEL_ROLES) {
      const column = roles[role];
      if (column !== undefined) this.addText(column, role, label, snakeCase(role), headerOf(column));
    }
    const taken = new Set([...Object.values(roles), ...plan.spendColumns]);
    // A customer list's other columns are its groups, often coded as numbers (Wholesale
    // customers' Channel: 1 Horeca, 2 Retail); a transaction file's numbers are amounts.
    const others = plan.columns
      .filter((c) => c.role === null && (c.type === 'string' || customerGrain) && !taken.has(c.index))
      .slice(0, MAX_OTHER_COLUMNS);
    for (const c of others) this.addText(c.index, `column:${c.name}`, c.name, c.name);
    this.group = this.newGroup();
  }

  /** One accepted row, with the values the aggregator parsed. */
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
    supplier: number,
  ): void {
    const g = this.group;
    const i = this.used;
    g.day[i] = day;
    g.amount[i] = amount;
    g.cost[i] = this.hasCost ? cost : NaN;
    g.quantity[i] = quantity;
    g.returns[i] = isReturn ? 1 : 0;
    if (amount < 0) this.returnLines++;
    // Without order ids an order is a customer's purchase day; without dates there is none (-1).
    g.order[i] = this.hasOrderId ? order : day >= 0 ? occasionKey(customer, day) : -1;
    let d = 0;
    if (this.customerDim) {
      if (customer >= this.customerDim.values.length) this.customerDim.values.push(this.labels.customer(customer));
      g.dims[d++][i] = customer;
    }
    if (this.productDim) {
      if (product >= this.productDim.values.length) this.productDim.values.push(this.labels.product(product));
      g.dims[d++][i] = product;
    }
    if (this.supplierDim) g.dims[d++][i] = supplier;
    for (const t of this.text) g.dims[d++][i] = internCell(t, view, product);
    if (day >= 0) {
      if (this.firstDay < 0 || day < this.firstDay) this.firstDay = day;
      if (day > this.lastDay) this.lastDay = day;
    }
    this.rows++;
    if (++this.used === GROUP_ROWS) this.flush();
  }

  /** Hands on the last group and the metadata. */
  finish(): void {
    if (this.used > 0) this.flush();
    // The labels go into the metadata, written last (the row groups hold codes), and as the
    // aggregator ends with them: a product's first sale may have renamed it since its first row.
    const final = (values: string[], label: (index: number) => string) => values.map((_, index) => label(index));
    if (this.customerDim)
      this.customerDim.values = distinctNames(final(this.customerDim.values, this.labels.customer), this.labels.customerIds);
    if (this.productDim) this.productDim.values = distinctNames(final(this.productDim.values, this.labels.product), this.labels.productIds);
    this.consumer.finish({
      rows: this.rows,
      hasCost: this.hasCost,
      hasQuantity: this.plan.roles.quantity !== undefined,
      hasOrderId: this.plan.roles.orderId !== undefined,
      hasDates: this.plan.roles.date !== undefined,
      firstDay: this.firstDay,
      lastDay: this.lastDay,
      returnLines: this.returnLines,
      dimensions: this.dimensions,
      unusedNumbers: unusedNumbersOf(this.plan),
      ...(this.plan.roles.quantity === undefined ? {} : { quantityHeader: this.plan.columns[this.plan.roles.quantity].name }),
      ...(this.plan.grain === 'customers' ? { customerList: true as const } : {}),
    });
  }

  private flush(): void {
    if (!this.flushed) this.dropIdentifiers();
    this.flushed = true;
    const n = this.used;
    const g = this.group;
    const out: SnapshotGroup =
      n === GROUP_ROWS
        ? g
        : {
            rows: n,
            day: g.day.slice(0, n),
            amount: g.amount.slice(0, n),
            cost: g.cost.slice(0, n),
            quantity: g.quantity.slice(0, n),
            returns: g.returns.slice(0, n),
            order: g.order.slice(0, n),
            dims: g.dims.map((d) => d.slice(0, n)),
          };
    this.consumer.group(out, this.dimensions, this.hasCost);
    this.used = 0;
    // Refilling the same arrays spares the collector 5–6 MB per group.
    if (this.consumer.retainsGroups) this.group = this.newGroup();
  }

  /** Before the first group is handed on: identifier-like other columns stop being dimensions. */
  private dropIdentifiers(): void {
    for (let t = this.text.length - 1; t >= 0; t--) {
      const text = this.text[t];
      if (!text.meta.key.startsWith('column:') || !isIdentifier(text.interner.size, this.used)) continue;
      const d = this.dimensions.indexOf(text.meta);
      this.text.splice(t, 1);
      this.dimensions.splice(d, 1);
      this.group.dims.splice(d, 1);
    }
  }

  private newGroup(): SnapshotGroup {
    return {
      rows: GROUP_ROWS,
      day: new Int32Array(GROUP_ROWS),
      amount: new Float64Array(GROUP_ROWS),
      cost: new Float64Array(GROUP_ROWS),
      quantity: new Float64Array(GROUP_ROWS),
      returns: new Uint8Array(GROUP_ROWS),
      order: new Float64Array(GROUP_ROWS),
      dims: this.dimensions.map(() => new Int32Array(GROUP_ROWS)),
    };
  }

  private addDimension(key: string, label: string, column: string, values: string[] = [], header?: string): SnapshotDimension {
    const dimension: SnapshotDimension = { key, label, column, values, ...(header ? { header } : {}) };
    this.dimensions.push(dimension);
    return dimension;
  }

  private addText(column: number, key: string, label: string, parquetColumn: string, header?: string): void {
    const interner = new ByteInterner();
    const meta: SnapshotDimension = { key, label, column: parquetColumn, values: interner.keys, ...(header ? { header } : {}) };
    this.dimensions.push(meta);
    this.text.push({ column, interner, meta, last: -1, lastBytes: new Uint8Array(64), lastLength: -1, byProduct: new Int32Array(0) });
  }
}

function internCell(t: TextDimension, view: RecordView, product: number): number {
  const column = t.column;
  if (column >= view.count) return -1;
  const buf = view.buf;
  let e = view.ends[column];
  const s = keyStart(buf, view.starts[column], e);
  while (e > s && (buf[e - 1] === 32 || buf[e - 1] === 9)) e--;
  if (s === e) return -1;
  if (t.last >= 0 && t.interner.holds(t.last, buf, s, e)) return t.last;
  const byProduct = product >= 0 && product < t.byProduct.length ? t.byProduct[product] : -1;
  if (byProduct >= 0 && t.interner.holds(byProduct, buf, s, e)) return (t.last = byProduct);
  const code = t.interner.intern(buf, s, e);
  t.last = code;
  if (product >= 0) {
    if (product >= t.byProduct.length) t.byProduct = grownHints(t.byProduct, product);
    t.byProduct[product] = code;
  }
  return code;
}

function grownHints(hints: Int32Array, index: number): Int32Array {
  const grown = new Int32Array(Math.max(1024, (index + 1) * 2)).fill(-1);
  grown.set(hints);
  return grown;
}

function snakeCase(role: string): string {
  return role.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The number columns no role reads: no figure of the analysis or the query comes from them. */
function unusedNumbersOf(plan: TablePlan): string[] {
  // A customer list's numbers are its spend (the revenue) and its coded groups (dimensions).
  if (plan.grain === 'customers') return [];
  const taken = new Set(Object.values(plan.roles));
  return plan.columns.filter((c) => c.role === null && c.type === 'number' && !taken.has(c.index)).map((c) => c.name);
}
