/**
 * The contract sections of issue 16 (parts 1 and 2): cohort retention with net revenue
 * retention (`cohorts`), and the price/volume/mix revenue bridge between two periods
 * (`bridge`). Kept beside contract.ts so the six original sections stay untouched; the
 * same conventions hold (money in the file's currency, `…Share` in [0, 1], ISO dates).
 */

export type CohortGrain = 'month' | 'quarter';

/** One acquisition cohort: the customers whose first purchase fell in `cohort`. */
export interface CohortRow {
  /** `2025-03` (month grain) or `2025-Q1` (quarter grain). */
  cohort: string;
  /** First day of the acquisition period. */
  start: string;
  /** Customers in the cohort. */
  customers: number;
  /**
   * Per period offset k = 0, 1, … up to the last complete period: the cohort's customers
   * with a purchase in period k, and the cohort's net revenue in period k.
   */
  active: number[];
  revenue: number[];
  /** active[k] / customers. */
  logoRetention: number[];
  /** revenue[k] / revenue[0]; null when the cohort's first-period revenue is not positive. */
  revenueRetention: (number | null)[];
  /** Year-over-year NRR and GRR of this cohort's customers (see `NetRetention`); null when not measurable. */
  nrr: number | null;
  grr: number | null;
  /** True for the file's first cohort: it also holds every customer already buying when the file starts. */
  includesExisting: boolean;
}

/** The customer-weighted average over cohorts that reached a period offset. */
export interface CohortAverage {
  period: number;
  /** Cohorts (the first, left-censored one excluded when there are others) that reached it. */
  cohorts: number;
  customers: number;
  logoRetention: number;
  revenueRetention: number | null;
}

/**
 * Net and gross revenue retention year over year, on calendar-month windows: the 12
 * complete months ending at the as-of date (`current`) against the 12 before (`prior`).
 * The base is every customer with positive net revenue in the prior window.
 */
export type NetRetention =
  | { available: false; note: string }
  | {
      available: true;
      prior: { from: string; to: string };
      current: { from: string; to: string };
      customers: number;
      /** Of those, how many have positive net revenue in the current window. */
      retainedCustomers: number;
      logoRetention: number;
      priorRevenue: number;
      /** The same customers' net revenue in the current window. */
      currentRevenue: number;
      /** Σ max(0, current − prior). */
      expansion: number;
      /** Σ (prior − current) over customers who still buy but spend less. */
      contraction: number;
      /** Σ (prior − current) over customers with no positive revenue now. */
      churned: number;
      churnedCustomers: number;
      nrr: number;
      grr: number;
    };

export type Cohorts =
  | { available: false; note: string }
  | {
      available: true;
      grain: CohortGrain;
      /** The rule that chose the grain, in words. */
      grainReason: string;
      /** Label of the last complete period counted (cohort table and NRR windows end there). */
      observedThrough: string;
      /** Oldest first. */
      cohorts: CohortRow[];
      average: CohortAverage[];
      netRetention: NetRetention;
      notes: string[];
    };

/** One step of the bridge from the earlier period's revenue to the later one's. */
export interface BridgeStep {
  key: BridgeStepKey;
  label: string;
  value: number;
}

export type BridgeStepKey =
  | 'newCustomers'
  | 'priorCustomers'
  | 'lostCustomers'
  | 'newProducts'
  | 'lostProducts'
  | 'price'
  | 'volume'
  | 'mix'
  | 'other'
  | 'customersUp'
  | 'customersDown'
  | 'noCustomer';

/**
 * The revenue bridge: `base.revenue + Σ steps.value = compared.revenue` exactly (to
 * floating-point rounding, far below a cent). `level` says whether price/volume/mix
 * could be split (quantity present) or only a customer-level bridge was possible.
 */
export type Bridge =
  | { available: false; note: string }
  | {
      available: true;
      level: 'price-volume-mix' | 'customer';
      /** Why these periods (the default rule or the user's request). */
      periodsReason: string;
      base: { label: string; from: string; to: string; revenue: number; customers: number };
      compared: { label: string; from: string; to: string; revenue: number; customers: number };
      change: number;
      steps: BridgeStep[];
      /** Continuing customer × product pairs split into price, volume and mix. */
      comparablePairs: number;
      notes: string[];
      /** Largest contributors, for the report and chat. */
      topNew: { id: string; name: string; revenue: number }[];
      /** Customers in the later period only, with a purchase before it: not new. */
      topReturning?: { id: string; name: string; revenue: number }[];
      topLost: { id: string; name: string; revenue: number }[];
    };
