/**
 * CSV exports for spreadsheets: segments, at-risk customers, cross-sell opportunities
 * and product margins. RFC 4180 quoting and formula neutralising come from `csvDocument`.
 */
import type { AnalysisResult } from '../contract';
import { itemWord } from './cross-sell-words';
import { csvDocument } from './escape';
import { repScorecardsCsv } from './rep-exports';
import { retentionExportsOf } from './retention-exports';

export interface CsvExport {
  name: string;
  body: string;
}

/** Every export the result supports. */
export function csvExportsOf(result: AnalysisResult): CsvExport[] {
  const exports: CsvExport[] = [];
  const s = result.segments;
  if (s) {
    exports.push({
      name: 'segments.csv',
      body: csvDocument(
        [
          'customer_id',
          'customer_name',
          'revenue',
          'orders',
          'first_order',
          'last_order',
          'recency_days',
          'r',
          'f',
          'm',
          'segment',
          'abc_tier',
        ],
        s.customers.map((c) => [
          c.id,
          c.name,
          c.revenue,
          c.orders,
          c.firstOrder,
          c.lastOrder,
          c.recencyDays,
          c.r,
          c.f,
          c.m,
          c.segment,
          c.abc,
        ]),
      ),
    });
  }
  const ch = result.churn;
  if (ch && ch.model !== 'unavailable') {
    exports.push({
      name: 'at-risk-customers.csv',
      body: csvDocument(
        [
          'customer_id',
          'customer_name',
          'risk',
          'p_alive',
          'expected_purchases_90d',
          'days_since_last_order',
          'typical_gap_days',
          'revenue_12m',
          'revenue_at_risk',
          'expected_spend',
          'clv_12m',
        ],
        ch.customers
          .filter((c) => c.risk !== 'low')
          .map((c) => [
            c.id,
            c.name,
            c.risk,
            c.pAlive,
            c.expectedPurchases90d,
            c.daysSinceLastOrder,
            c.typicalGapDays,
            c.revenue12m,
            c.revenueAtRisk,
            c.expectedSpend,
            c.clv12m,
          ]),
      ),
    });
  }
  const x = result.crossSell;
  if (x?.available) {
    exports.push({
      name: 'cross-sell-opportunities.csv',
      body: csvDocument(
        ['customer_id', 'customer_name', 'offer_level', 'offer_id', 'offer_name', 'score', 'because'],
        x.opportunities.map((o) => [o.customer.id, o.customer.name, itemWord(x), o.product.id, o.product.name, o.score, o.because]),
      ),
    });
  }
  const p = result.products;
  if (p?.available) {
    exports.push({
      name: 'product-margins.csv',
      body: csvDocument(
        [
          'product_id',
          'product_name',
          'category',
          'supplier',
          'revenue',
          'cost',
          'margin',
          'margin_pct',
          'quantity',
          'customers',
          'abc_class',
          'trend_pct',
        ],
        p.items.map((i) => [
          i.id,
          i.name,
          i.category,
          i.supplier,
          i.revenue,
          i.cost,
          i.margin,
          i.marginPct,
          i.quantity,
          i.customers,
          i.abc,
          i.trendPct,
        ]),
      ),
    });
  }
  exports.push(...repScorecardsCsv(result));
  return [...exports, ...retentionExportsOf(result)];
}
