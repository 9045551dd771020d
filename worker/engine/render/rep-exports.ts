/** `rep-scorecards.csv`: every rep's scorecard (not capped), for spreadsheets. */
import type { AnalysisResult } from '../contract';
import type { CsvExport } from './csv-exports';
import { csvDocument } from './escape';

/** The export, or none when the file has no rep to score. */
export function repScorecardsCsv(result: AnalysisResult): CsvExport[] {
  const s = result.repScorecards;
  if (!s?.available) return [];
  const header = [
    'rep',
    'revenue',
    'revenue_share',
    'cost',
    'gross_profit',
    'gross_margin_pct',
    'customers_served',
    'book_customers',
    'new_customers',
    'lost_customers',
    'revenue_at_risk',
    'top_customer_id',
    'top_customer_name',
    'top_customer_share',
    'cross_sell_opportunities',
  ];
  const rows = s.reps.map((r) => [
    r.rep,
    r.revenue,
    r.revenueShare,
    r.cost,
    r.grossProfit,
    r.grossMarginPct,
    r.customersServed,
    r.bookCustomers,
    r.newCustomers,
    r.lostCustomers,
    r.revenueAtRisk,
    r.topCustomer?.id,
    r.topCustomer?.name,
    r.topCustomer?.share,
    r.crossSellOpportunities,
  ]);
  return [{ name: 'rep-scorecards.csv', body: csvDocument(header, rows) }];
}
