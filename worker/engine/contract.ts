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

export * from './contract-retention';

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
  /** Last 12 months vs the 12 before, in %, when there are 24 months; else null. */
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
  top20PctShare: number;
  customersFor80Pct: number;
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

export type ChurnRisk = 'lost' | 'high' | 'medium' | 'low';

export interface ChurnCustomer {
  id: string;
  name: string;
  pAlive: number | null;
  /**
   * P(silent at least this long | still active), from the customer's own BG/NBD purchase
   * rate (the population's for one-time buyers); null without a fitted model.
   */
  silenceProbability?: number | null;
  expectedPurchases90d: number | null;
  daysSinceLastOrder: number | null;
  /** Mean days between the first and last purchase day (null for one purchase day). */
  typicalGapDays: number | null;
  /** Distinct days with a purchase; absent in analyses stored before it was added. */
  purchaseDays?: number;
  revenue12m: number;
  revenueAtRisk: number;
  risk: ChurnRisk;
  expectedSpend?: number | null;
  clv12m?: number | null;
}

/** One risk class of the churn list: its customers and their revenue, to the cent. */
export interface ChurnRiskSummary {
  risk: ChurnRisk;
  customers: number;
  revenue12m: number;
  revenueAtRisk: number;
}

/** The high or lost customers to call first (ids, in list order) and their revenue at risk. */
export interface ChurnCallList {
  customerIds: string[];
  revenueAtRisk: number;
}

export interface Churn {
  model: 'bg-nbd' | 'heuristic' | 'unavailable';
  params: { r: number; alpha: number; a: number; b: number; timeUnit: 'days' | 'weeks'; logLikelihood: number } | null;
  gammaGamma: { p: number; q: number; v: number } | null;
  /** Why the heuristic was used, or why churn could not be analysed. */
  note: string | null;
  revenueAtRisk: number;
  customers: ChurnCustomer[];
  /** Per risk class, lost first (absent in results written before it existed). */
  byRisk?: ChurnRiskSummary[];
  /** Who to call first and the revenue they put at risk (absent in older results). */
  callList?: ChurnCallList;
  /** The model tested on the file itself: refit before a holdout window, compared with it. */
  backtest?: ChurnBacktest;
}

/** One P(alive) bin of the backtest's calibration table. */
export interface CalibrationBin {
  /** P(alive) range [from, to) (the last bin includes 1). */
  from: number;
  to: number;
  customers: number;
  meanPAlive: number | null;
  /** Mean predicted P(at least one purchase in the holdout window). */
  predictedBuyShare: number | null;
  /** Share of the bin's customers who did buy in the window. */
  actualBuyShare: number | null;
}

/**
 * The churn backtest. `available: false` carries only the reason in `note`. Precision
 * and recall are of "high or lost at the cut-off" as a flag for "no purchase in the window".
 */
export type ChurnBacktest =
  | { available: false; note: string }
  | {
      available: true;
      note: string | null;
      /** Last day of the calibration data, and of the holdout window. */
      cutoff: string;
      holdoutEnd: string;
      holdoutDays: number;
      params: { r: number; alpha: number; a: number; b: number; timeUnit: 'weeks' };
      /** Customers with a purchase on or before the cut-off. */
      customers: number;
      /** Of those, how many did not buy in the window. */
      nonBuyers: number;
      flagged: number;
      flaggedWithoutPurchase: number;
      precision: number | null;
      recall: number | null;
      /** The same number of customers picked by longest silence at the cut-off. */
      naive: { rule: string; flagged: number; flaggedWithoutPurchase: number; precision: number | null; recall: number | null };
      /** Precision over the naive rule's precision. */
      lift: number | null;
      calibration: CalibrationBin[];
      /** Repeat purchases (distinct purchase days) in the window: model sum of E[Y] vs counted. */
      predictedRepeatPurchases: number;
      actualRepeatPurchases: number;
    };

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
  trendPct: number | null;
}

export interface Products {
  available: boolean;
  marginAvailable: boolean;
  note: string | null;
  items: ProductItem[];
  flags: { id: string; name: string; kind: 'negative-margin' | 'below-category-margin' | 'fast-decliner'; detail: string }[];
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

/**
 * One sales rep's scorecard, or (as `RepScorecards.rest`) the reps beyond the top ones
 * summed. Definitions in `analyses/rep-scorecards.ts` and in `rules`.
 */
export interface RepScorecard {
  rep: string;
  /** How many reps the row covers: 1, or the number summed in `rest`. */
  reps: number;
  /** Net revenue of the lines carrying this rep (returns negative). */
  revenue: number;
  /** Of total revenue. */
  revenueShare: number;
  /** Null when the file has no cost, unit cost or profit column. */
  cost: number | null;
  grossProfit: number | null;
  grossMarginPct: number | null;
  /** Distinct customers on the rep's lines. */
  customersServed: number;
  /** Customers in the rep's book: those whose largest share of revenue came through this rep. */
  bookCustomers: number;
  /** Book customers whose first purchase falls in `newWindow`; null when the file starts inside it. */
  newCustomers: number | null;
  /** Book customers the churn model rates `lost`; null without a churn analysis. */
  lostCustomers: number | null;
  /** Sum of the churn analysis's revenue at risk over the book; null without a churn analysis. */
  revenueAtRisk: number | null;
  /** The largest customer of the rep's own revenue and its share of it; null for `rest`. */
  topCustomer: { id: string; name: string; revenue: number; share: number } | null;
  /** Listed cross-sell opportunities whose customer is in the book; null without cross-sell. */
  crossSellOpportunities: number | null;
  /** The book's customers with the most revenue at risk (up to 3). */
  atRisk: { id: string; name: string; risk: ChurnRisk; revenueAtRisk: number }[];
}

export interface RepScorecards {
  available: boolean;
  /** `column`: the file's sales-rep column; `customer-attribute`: one rep per customer (a joined master). */
  source: 'column' | 'customer-attribute' | null;
  repColumn: string | null;
  note: string | null;
  /** The definitions, in sentences a user can read. */
  rules: string[];
  /** The 12 months (YYYY-MM, inclusive) in which a first purchase makes a customer new. */
  newWindow: { from: string; to: string } | null;
  /** Every rep, by revenue (largest first). */
  reps: RepScorecard[];
  /** How many reps tables and charts show one by one; the rest are summed in `rest`. */
  shown: number;
  rest: RepScorecard | null;
  /** Lines with a blank rep: their revenue, and customers with no rep at all (no book). */
  unassigned: { revenue: number; customers: number; revenueAtRisk: number | null } | null;
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
}
