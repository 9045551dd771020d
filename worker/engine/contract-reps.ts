/** The sales-rep scorecards' part of the analysis contract (issue 16 part 3); see contract.ts. */
import type { ChurnRisk } from './contract';

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
