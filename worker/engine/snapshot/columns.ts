/**
 * The columnar snapshot of the cleaned rows: what the ingest pass keeps per row for
 * `query_data`, in row groups of 50k rows. Strings are dictionary codes into the
 * snapshot's dictionaries; dates are epoch days; returns are already negative amounts.
 * The same shape comes from the ingest pass (row-sink.ts) and from a Parquet file
 * (parquet-read.ts), so a query runs the same way over either.
 */

/**
 * Rows per group: a query holds one group at a time, so its memory is bounded at any file
 * size. The ingest holds one group being filled and its pages; 50k rather than 100k took
 * about 2.5 MB off the 1M-row job's peak, with the same query times in `npm run bench`.
 */
export const GROUP_ROWS = 50_000;

/** The dimensions every file may have, by role. Other string columns get `column:<name>` keys. */
export const ROLE_DIMENSIONS = ['customer', 'product', 'category', 'supplier', 'region', 'salesRep'] as const;
export type RoleDimension = (typeof ROLE_DIMENSIONS)[number];

/** A categorical column of the snapshot and its dictionary (code → text). */
export interface SnapshotDimension {
  /** `customer`, `product`, … or `column:<header>` for other categorical columns. */
  key: string;
  /** Words for the user: "customer", "sales rep", "Ship Mode". */
  label: string;
  /** Parquet column name. */
  column: string;
  /**
   * The file's own header of a role's column ("city" for the region, "store_name" for the
   * customer), so a question can name it as the file does. Absent for other columns (their
   * label is their header) and in snapshots written before it was kept.
   */
  header?: string;
  values: string[];
}

export interface SnapshotMeta {
  rows: number;
  hasCost: boolean;
  hasQuantity: boolean;
  hasOrderId: boolean;
  hasDates: boolean;
  /** Epoch days of the first and last dated row (-1 without dates). */
  firstDay: number;
  lastDay: number;
  /**
   * Lines that reduce revenue (credit notes, negative amounts): the returns measures' lines.
   * Absent from snapshots written before it was counted.
   */
  returnLines?: number;
  dimensions: SnapshotDimension[];
  /**
   * Headers of the file's number columns that no figure comes from (Superstore's Discount,
   * a zip code): a question naming one is refused rather than answered without it. Absent
   * from snapshots written before it was kept.
   */
  unusedNumbers?: string[];
  /** The quantity column's header ("bottles_sold"): what a unit is. Absent without one, and in older snapshots. */
  quantityHeader?: string;
  /**
   * Each row of the file was one customer, with spend by category in columns (UCI Wholesale
   * customers): the snapshot has a row per customer and category, and no days or orders.
   */
  customerList?: true;
}

/** One row group, column by column (all arrays have `rows` entries). */
export interface SnapshotGroup {
  rows: number;
  /** Epoch day, -1 when the file has no dates. */
  day: Int32Array;
  /** Net line amount (returns negative). */
  amount: Float64Array;
  /** Line cost (same sign as the amount for returns); NaN without cost data. */
  cost: Float64Array;
  /** Quantity; NaN when missing. */
  quantity: Float64Array;
  /** 1 for a return / credit-note line. */
  returns: Uint8Array;
  /** A number distinct per order (or per customer-day occasion without order ids); -1 when none. */
  order: Float64Array;
  /** Codes into `meta.dimensions[i].values`, -1 for blank, in the order of `meta.dimensions`. */
  dims: Int32Array[];
}

/** Which optional columns a scan reads (all when omitted). */
export interface ColumnNeeds {
  cost: boolean;
  quantity: boolean;
  /** The order key (distinct orders, AOV); absent means needed. */
  orders?: boolean;
  /** Indexes into `meta.dimensions`. */
  dimensions: number[];
}

/** A snapshot a query can scan: the metadata and its row groups, one at a time. */
export interface Snapshot {
  meta: SnapshotMeta;
  /**
   * The row groups; a reader may skip the columns `needs` leaves out (they then read as
   * blank). A group's arrays are valid until the next group is asked for (the Parquet
   * reader reuses them): copy what must outlive that.
   */
  groups(needs?: ColumnNeeds): AsyncIterable<SnapshotGroup> | Iterable<SnapshotGroup>;
}

/**
 * The order key of a row without an order id: one purchase occasion per customer and day,
 * as the aggregates define it. Days are offset so that dates back to 1900 stay positive.
 */
export function occasionKey(customer: number, day: number): number {
  return customer >= 0 && day >= -40_000 ? customer * 120_000 + (day + 40_000) : -1;
}
