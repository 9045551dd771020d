/**
 * CSV exports of issue 16: `cohorts.csv` (one row per cohort and period since first
 * purchase, every cohort) and `revenue-bridge.csv` (the bridge's steps, start to end).
 */
import type { AnalysisResult } from '../contract';
import type { CsvExport } from './csv-exports';
import { csvDocument } from './escape';

const cents = (v: number): number => Math.round(v * 100) / 100;
const ratio = (v: number | null): number | null => (v === null ? null : Math.round(v * 1e6) / 1e6);

/** The cohort and bridge exports the result supports. */
export function retentionExportsOf(result: AnalysisResult): CsvExport[] {
  const exports: CsvExport[] = [];
  const c = result.cohorts;
  if (c?.available) {
    exports.push({
      name: 'cohorts.csv',
      body: csvDocument(
        [
          'cohort',
          'cohort_start',
          'customers',
          'period',
          'active_customers',
          'logo_retention',
          'revenue',
          'revenue_retention',
          'cohort_nrr',
          'cohort_grr',
        ],
        c.cohorts.flatMap((row) =>
          row.active.map((active, k) => [
            row.cohort,
            row.start,
            row.customers,
            k,
            active,
            ratio(row.logoRetention[k]),
            row.revenue[k],
            ratio(row.revenueRetention[k]),
            ratio(row.nrr),
            ratio(row.grr),
          ]),
        ),
      ),
    });
  }
  const b = result.bridge;
  if (b?.available) {
    exports.push({
      name: 'revenue-bridge.csv',
      body: csvDocument(
        ['step', 'label', 'value'],
        [
          ['start', `${b.base.label} revenue`, cents(b.base.revenue)],
          ...b.steps.map((s) => [s.key, s.label, cents(s.value)]),
          ['end', `${b.compared.label} revenue`, cents(b.compared.revenue)],
        ],
      ),
    });
  }
  return exports;
}
