/**
 * From aggregates to the `analysis.json` contract: the six analyses plus the overview.
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
}

/** The epoch day analyses measure to: `--as-of` if given, else the last day with data. */
export function asOfDay(aggregates: Aggregates, options: AnalyseOptions): number {
  if (options.asOf) return Math.floor(Date.parse(`${options.asOf}T00:00:00Z`) / 86_400_000);
  return aggregates.lastDay;
}

/** Runs every analysis over the aggregates and assembles `analysis.json`. */
export function analyse(aggregates: Aggregates, options: AnalyseOptions = {}): AnalysisResult {
  const day = asOfDay(aggregates, options);
  return {
    version: ANALYSIS_CONTRACT_VERSION,
    generatedAt: (options.now ?? new Date()).toISOString(),
    asOf: isoDay(day),
    dataset: datasetOf(aggregates),
    totals: totalsOf(aggregates),
    trend: trendOf(aggregates),
    segments: segmentsOf(aggregates, day),
    concentration: concentrationOf(aggregates),
    churn: churnOf(aggregates, day),
    products: productsOf(aggregates, day),
    suppliers: suppliersOf(aggregates),
    crossSell: crossSellOf(aggregates),
    cohorts: cohortsOf(aggregates, day),
  };
}
