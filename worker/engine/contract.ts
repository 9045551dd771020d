/**
 * The analysis contract (`analysis.json`), as described in ARCHITECTURE.md.
 *
 * The engine produces it; the CLI writes it; the job stores it as an artifact; the
 * dashboard, reports, analyst and exports read it. Keys are camelCase, money is in the
 * file's currency, dates are ISO `YYYY-MM-DD`. Fields named `…Share` are fractions in
 * [0, 1]; fields named `…Pct` are percentages. Missing data is `null` (or
 * `available: false`) with a warning that says why — never invented.
 */

import type { Bridge, Cohorts } from './contract-retention';
import type { RepScorecards } from './contract-reps';
import type { Churn } from './contract-churn';
import type { JoinSummary } from './contract-join';

export * from './contract-retention';
export * from './contract-reps';
export * from './contract-churn';

export const ANALYSIS_CONTRACT_VERSION = 1;

export type FileFormat = 'csv' | 'xlsx' | 'xls' | 'text';

/** Every column role the schema inference can assign. */
export type ColumnRole =
  | 'customerId'
  | 'customerName'
  | 'orderId'
  | 'date'
  | 'quantity'
  | 'unitPrice'
  | 'amount'
  | 'unitCost'
  | 'cost'
  | 'profit'
  | 'productId'
  | 'productName'
  | 'category'
  | 'supplier'
  | 'region'
  | 'salesRep';

export type ColumnType = 'string' | 'number' | 'date' | 'empty';

export interface RejectReason {
  reason: string;
  count: number;
  /** Up to 3 example rows (1-based data row number plus raw cells), for the user to find them. */
  examples: string[];
}

export interface DatasetProfile {
  fileName: string;
  format: FileFormat;
  /** Sheet name for workbooks, null for text files. */
  sheet: string | null;
  /** Other sheets in the workbook and why they were not chosen. */
  sheetsConsidered?: { name: string; rows: number; chosen: boolean; reason: string }[];
  rowsRead: number;
  rowsUsed: number;
  rowsRejected: number;
  rejectReasons: RejectReason[];
  columns: { name: string; role: ColumnRole | null; type: ColumnType }[];
  roles: Partial<Record<ColumnRole, string>>;
  period: { from: string | null; to: string | null };
  currency: string | null;
  /** Sentences a user can read: what could not be analysed and why. */
  warnings: string[];
  /** What kind of table this is: line-level transactions or one row per customer. */
  grain?: 'transactions' | 'customers';
}

export interface Totals {
  revenue: number;
  cost: number | null;
  grossMargin: number | null;
  grossMarginPct: number | null;
  customers: number;
  orders: number;
  products: number;
  suppliers: number | null;
  /** Revenue from rows without a customer id (counted in totals, not in customer analyses). */
  revenueWithoutCustomer?: number;
  returnsValue?: number;
}

export interface MonthPoint {
  month: string; // YYYY-MM
  revenue: number;
  orders: number;
  customers: number;
}

export interface Trend {
  monthly: MonthPoint[];
  /** The last 12 full months vs the 12 before, in %, when there are 24 full months (a partial month at either end left out); else null. */
  yoyGrowthPct: number | null;
}

export type SegmentName =
  | 'Champions'
  | 'Loyal'
  | 'Potential Loyalists'
  | 'New'
  | 'Promising'
  | 'Need Attention'
  | 'About to Sleep'
  | "Can't Lose Them"
  | 'At Risk'
  | 'Hibernating';

export interface SegmentCustomer {
  id: string;
  name: string;
  revenue: number;
  orders: number;
  firstOrder: string | null;
  lastOrder: string | null;
  recencyDays: number | null;
  r: number | null;
  f: number;
  m: number;
  segment: SegmentName | null;
  abc: 'A' | 'B' | 'C';
}

export interface Segments {
  method: string;
  rules: { rf: string[]; segment: SegmentName }[];
  summary: { segment: string; customers: number; revenue: number; revenueShare: number }[];
  abcSummary: { tier: 'A' | 'B' | 'C'; customers: number; revenue: number; revenueShare: number }[];
  customers: SegmentCustomer[];
}

export interface Concentration {
  topCustomer: { id: string; name: string; revenue: number; share: number } | null;
  top10Share: number;
  /** The share of the top ⌈20%⌉ of the customers with positive revenue (`customersWithRevenue`). */
  top20PctShare: number;
  customersFor80Pct: number;
  /** Customers whose net revenue is positive: the shares above are of them (absent in older results). */
  customersWithRevenue?: number;
  hhi: number;
  gini: number;
  level: 'low' | 'moderate' | 'high';
  /** Names the guideline the level follows, with its year. */
  levelBasis: string;
  flags: string[];
  keyAccounts: { id: string; name: string; share: number }[];
  /** Lorenz curve points: cumulative customer share (x) vs cumulative revenue share (y), ascending. */
  lorenz: [number, number][];
}

export interface ProductItem {
  id: string;
  name: string;
  category: string | null;
  supplier: string | null;
  revenue: number;
  cost: number | null;
  margin: number | null;
  marginPct: number | null;
  quantity: number;
  customers: number;
  abc: 'A' | 'B' | 'C';
  /** Revenue change, the last 6 full months against the 6 before (`Products.trendPeriods`), in %. */
  trendPct: number | null;
}

export interface Products {
  available: boolean;
  marginAvailable: boolean;
  note: string | null;
  /** The windows of `trendPct`, ISO dates: null without 12 full months before the as-of day. */
  trendPeriods?: { recent: { from: string; to: string }; prior: { from: string; to: string } } | null;
  items: ProductItem[];
  flags: {
    id: string;
    name: string;
    kind: 'negative-margin' | 'below-category-margin' | 'fast-decliner';
    detail: string;
    /** A fast decliner's orders in the earlier window and in the last 6 full months. */
    orders?: { before: number; after: number };
    /**
     * A product sold below cost: the revenue of its sale lines whose cost was above their
     * amount and its share of the product's revenue, what those lines lost (below 0), the
     * margin of its other sale lines of known cost, and the rest of the margin (returns, and
     * lines without a cost, which count at 0). When the other sales made money and less than
     * half was sold below cost, the loss is in the price or discount of some sales
     * (`lossInSomeSales`), not in the product's price.
     */
    belowCost?: { revenue: number; share: number; loss: number; otherMargin: number; rest: number };
  }[];
}

export interface SupplierItem {
  name: string;
  revenue: number;
  share: number;
  cost: number | null;
  costShare: number | null;
  products: number;
  customersExposed: number;
}

export interface Suppliers {
  available: boolean;
  note: string | null;
  items: SupplierItem[];
  hhi: number | null;
  topShare: number | null;
  top3Share: number | null;
  level: 'low' | 'moderate' | 'high' | null;
  singleSupplierRevenueShare: number | null;
  flags: string[];
}

export interface Ref {
  id: string;
  name: string;
}

export interface AssociationRule {
  antecedent: Ref;
  consequent: Ref;
  support: number;
  confidence: number;
  lift: number;
  leverage: number;
  conviction: number | null;
}

/**
 * What the rules pair: products, or — when product pairs are too sparse for the thresholds —
 * the file's sub-categories, then its categories (finest level with a rule wins).
 */
export type CrossSellLevel = 'product' | 'subCategory' | 'category';

export interface CrossSell {
  available: boolean;
  basis: 'invoice' | 'customer' | null;
  /** Absent in analyses stored before the category fallback existed, which are product rules. */
  level?: CrossSellLevel;
  minSupport: number | null;
  minConfidence: number | null;
  baskets: number;
  note: string | null;
  rules: AssociationRule[];
  /**
   * At the product level `product` is the product to offer; at a category level it is the
   * sub-category or category (id = name).
   */
  opportunities: { customer: Ref; product: Ref; because: string; score: number }[];
  /** Opportunities found before the list was cut to its strongest entries (absent in older analyses). */
  opportunitiesFound?: number;
}

export interface AnalysisResult {
  version: number;
  generatedAt: string;
  asOf: string | null;
  dataset: DatasetProfile;
  totals: Totals;
  trend: Trend;
  segments: Segments | null;
  concentration: Concentration | null;
  churn: Churn | null;
  products: Products | null;
  suppliers: Suppliers | null;
  crossSell: CrossSell | null;
  /** Absent in analyses stored before rep scorecards existed. */
  repScorecards?: RepScorecards;
  /** Cohort retention and NRR (issue 16 part 1); absent in results written before it. */
  cohorts?: Cohorts | null;
  /** The price/volume/mix revenue bridge (issue 16 part 2); needs the row snapshot. */
  bridge?: Bridge | null;
  /** Lookup tables joined to the transactions (issue 16 part 4); absent for a single table. */
  joins?: JoinSummary;
}
