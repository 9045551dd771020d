/** The churn analysis's part of the analysis contract (BG/NBD, its classes and backtest); see contract.ts. */

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
  /**
   * How long customers who came back go between purchase days: the median, over customers
   * who bought on two days or more, of each one's mean gap; null when none did (absent in
   * older results).
   */
  repeatGap?: { medianDays: number; customers: number } | null;
  /**
   * Predicted spend over the next 12 months (BG/NBD purchases × Gamma-Gamma spend), summed
   * over the customers scored; null without both fits (absent in older results).
   */
  clv12mTotal?: { value: number; customers: number } | null;
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
