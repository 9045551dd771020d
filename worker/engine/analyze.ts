/**
 * From aggregates to the `analysis.json` contract: the six analyses, the sales-rep
 * scorecards and the overview.
 * Each section is computed by its own module over the same compact aggregates; a
 * section the data cannot support comes back `null` or `available: false` with a note.
 */
import type { Aggregates } from './aggregate/types';
import { isoDay } from './aggregate/types';
import { ANALYSIS_CONTRACT_VERSION, type AnalysisResult } from './contract';
import { churnOf } from './analyses/churn';
import { cohortsOf } from './analyses/cohorts';
import { concentrationOf } from './analyses/concentration';
import { crossSellOf } from './analyses/cross-sell';
import { datasetOf, totalsOf, trendOf } from './analyses/overview';
import { productsOf } from './analyses/products';
import { repScorecardsOf } from './analyses/rep-scorecards';
import { repBookOfCustomers } from './aggregate/rep-book';
import { segmentsOf } from './analyses/segments';
import { suppliersOf } from './analyses/suppliers';

export interface AnalyseOptions {
  /**
   * End of the observation period (inclusive), ISO date. Defaults to the last date in
   * the data. Recency, BG/NBD's T and trailing-12-month windows are measured to it.
   */
  asOf?: string;
  /** Fixed clock for reproducible output (tests, CLI snapshots). */
  now?: Date;
  /**
   * One sales rep per customer id (a joined customer master, or a region → manager
   * table applied to each customer's region). When given, it replaces the file's
   * sales-rep column for the rep scorecards.
   */
  customerReps?: Readonly<Record<string, string | null>>;
}

/** The epoch day analyses measure to: `--as-of` if given, else the last day with data. */
export function asOfDay(aggregates: Aggregates, options: AnalyseOptions): number {
  if (options.asOf) return Math.floor(Date.parse(`${options.asOf}T00:00:00Z`) / 86_400_000);
  return aggregates.lastDay;
}

/** Runs every analysis over the aggregates and assembles `analysis.json`. */
export function analyse(aggregates: Aggregates, options: AnalyseOptions = {}): AnalysisResult {
  const day = asOfDay(aggregates, options);
  const churn = churnOf(aggregates, day);
  const crossSell = crossSellOf(aggregates);
  const repBook = options.customerReps ? repBookOfCustomers(aggregates.customers, options.customerReps) : aggregates.repBook;
  return {
    version: ANALYSIS_CONTRACT_VERSION,
    generatedAt: (options.now ?? new Date()).toISOString(),
    asOf: isoDay(day),
    dataset: datasetOf(aggregates),
    totals: totalsOf(aggregates),
    trend: trendOf(aggregates),
    segments: segmentsOf(aggregates, day),
    concentration: concentrationOf(aggregates),
    churn,
    products: productsOf(aggregates, day),
    suppliers: suppliersOf(aggregates),
    crossSell,
    cohorts: cohortsOf(aggregates, day),
    repScorecards: repScorecardsOf(aggregates, repBook, churn, crossSell, day),
    ...(aggregates.join ? { joins: aggregates.join } : {}),
  };
}
