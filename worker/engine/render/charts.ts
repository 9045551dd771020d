/**
 * The dashboard's and reports' charts, one SVG per question, built from `analysis.json`.
 * A chart whose section is missing (no dates, no supplier column, …) is simply not drawn.
 */
import type { AnalysisResult, ChurnRisk } from '../contract';
import { compactMoney, plural, share } from './format';
import { churnCalibrationChart } from './churn-calibration-chart';
import { repRevenueChart } from './rep-chart';
import { retentionChartsOf } from './cohort-charts';
import { partialMonthsOf } from '../analyses/partial-months';
import { columns, horizontalBars, lines, PALETTE, scatter, shareAxes, type Point } from './svg';

export interface Chart {
  /** File name, e.g. `top-customers.svg`. */
  name: string;
  title: string;
  svg: string;
}

export const RISK_COLORS: Record<ChurnRisk, string> = {
  lost: PALETTE.danger,
  high: PALETTE.warning,
  medium: PALETTE.secondary,
  low: PALETTE.ok,
};

/** Scatter plots keep the most valuable points so the SVG stays small on big files. */
const MAX_SCATTER_POINTS = 1500;

function topCustomersChart(result: AnalysisResult): Chart | null {
  const customers = result.segments?.customers.slice(0, 10) ?? [];
  const total = result.segments?.customers.reduce((sum, c) => sum + Math.max(0, c.revenue), 0) ?? 0;
  if (customers.length === 0 || total <= 0) return null;
  const title = 'Top 10 customers by revenue';
  const currency = result.dataset.currency;
  const svg = horizontalBars(
    {
      id: 'top-customers',
      title,
      description: `Revenue of the ${customers.length} largest customers; together ${share(result.concentration?.top10Share ?? null)} of revenue.`,
    },
    customers.map((c) => ({ label: c.name, value: c.revenue, note: `${compactMoney(c.revenue, currency)} (${share(c.revenue / total)})` })),
  );
  return { name: 'top-customers.svg', title, svg };
}

function lorenzChart(result: AnalysisResult): Chart | null {
  const c = result.concentration;
  if (!c || c.lorenz.length < 2) return null;
  const title = 'Revenue concentration (Lorenz curve)';
  const svg = lines(
    {
      id: 'lorenz',
      title,
      description: `Cumulative share of revenue against cumulative share of customers, smallest first. Gini ${c.gini.toFixed(2)}; the diagonal is perfect equality.`,
    },
    shareAxes('Share of customers (smallest first)', 'Share of revenue'),
    [
      { points: c.lorenz, color: PALETTE.primary, label: `Lorenz curve (Gini ${c.gini.toFixed(2)})` },
      {
        points: [
          [0, 0],
          [1, 1],
        ],
        color: PALETTE.muted,
        label: 'Perfect equality',
        dashed: true,
      },
    ],
  );
  return { name: 'lorenz-curve.svg', title, svg };
}

function segmentsChart(result: AnalysisResult): Chart | null {
  const summary = result.segments?.summary ?? [];
  if (summary.length === 0) return null;
  const title = 'RFM segments: revenue and customers';
  const svg = horizontalBars(
    { id: 'segments', title, description: 'Revenue per RFM segment, with the number of customers and the share of revenue in each.' },
    summary.map((s) => ({
      label: s.segment,
      value: s.revenue,
      note: `${compactMoney(s.revenue, result.dataset.currency)} · ${plural(s.customers, 'customer')} · ${share(s.revenueShare)}`,
    })),
  );
  return { name: 'segments.svg', title, svg };
}

function churnChart(result: AnalysisResult): Chart | null {
  const churn = result.churn;
  if (!churn || churn.customers.length === 0) return null;
  const modelled = churn.model === 'bg-nbd';
  const customers = churn.customers
    .slice()
    .sort((a, b) => b.revenue12m - a.revenue12m)
    .slice(0, MAX_SCATTER_POINTS);
  const xOf = (c: (typeof customers)[number]): number => (modelled ? (c.pAlive ?? 0) : (c.daysSinceLastOrder ?? 0));
  const points: Point[] = customers.map((c) => ({
    x: xOf(c),
    y: Math.max(0, c.revenue12m),
    color: RISK_COLORS[c.risk],
    label: `${c.name}: ${c.risk} risk`,
  }));
  const xMax = modelled ? 1 : Math.max(1, ...points.map((p) => p.x));
  const title = modelled ? 'Churn risk: P(alive) vs revenue' : 'Churn risk: days since last order vs revenue';
  const svg = scatter(
    {
      id: 'churn',
      title,
      description: modelled
        ? 'Each dot is a customer: BG/NBD probability of still being active against the last 12 months of revenue, coloured by risk class.'
        : 'Each dot is a customer: days since the last order against the last 12 months of revenue, coloured by risk class.',
    },
    {
      xLabel: modelled ? 'P(alive)' : 'Days since last order',
      yLabel: 'Revenue, last 12 months',
      xMin: 0,
      xMax,
      yMin: 0,
      yMax: Math.max(1, ...points.map((p) => p.y)),
      xFormat: modelled ? (v) => share(v, 0) : undefined,
      yFormat: (v) => compactMoney(v, result.dataset.currency),
    },
    points,
    (['lost', 'high', 'medium', 'low'] as const).map((risk) => ({ label: risk, color: RISK_COLORS[risk] })),
  );
  return { name: 'churn-risk.svg', title, svg };
}

function productsChart(result: AnalysisResult): Chart | null {
  const products = result.products;
  if (!products?.available || products.items.length === 0) return null;
  if (!products.marginAvailable) {
    const title = 'Top 15 products by revenue';
    const svg = horizontalBars(
      {
        id: 'products',
        title,
        description: 'Revenue of the 15 best-selling products. The file has no cost data, so margins are not shown.',
      },
      products.items.slice(0, 15).map((p) => ({ label: p.name, value: p.revenue, note: compactMoney(p.revenue, result.dataset.currency) })),
    );
    return { name: 'top-products.svg', title, svg };
  }
  const items = products.items.filter((p) => p.marginPct !== null).slice(0, MAX_SCATTER_POINTS);
  const points: Point[] = items.map((p) => ({
    x: p.revenue,
    y: Math.max(-100, Math.min(100, p.marginPct ?? 0)),
    color: (p.margin ?? 0) < 0 ? PALETTE.danger : PALETTE.primary,
    label: `${p.name}: margin ${(p.marginPct ?? 0).toFixed(1)}%`,
  }));
  const title = 'Product margin vs revenue';
  const svg = scatter(
    {
      id: 'products',
      title,
      description: 'Each dot is a product: revenue against margin %. Red dots lose money. Margins are clipped to ±100%.',
    },
    {
      xLabel: 'Revenue',
      yLabel: 'Margin %',
      xMin: 0,
      xMax: Math.max(1, ...points.map((p) => p.x)),
      yMin: Math.min(0, ...points.map((p) => p.y)),
      yMax: Math.max(1, ...points.map((p) => p.y)),
      xFormat: (v) => compactMoney(v, result.dataset.currency),
      yFormat: (v) => `${v.toFixed(0)}%`,
    },
    points,
    [
      { label: 'profitable', color: PALETTE.primary },
      { label: 'below cost', color: PALETTE.danger },
    ],
  );
  return { name: 'product-margins.svg', title, svg };
}

function suppliersChart(result: AnalysisResult): Chart | null {
  const suppliers = result.suppliers;
  if (!suppliers?.available || suppliers.items.length === 0) return null;
  const title = 'Revenue share by supplier';
  const svg = horizontalBars(
    {
      id: 'suppliers',
      title,
      description: `Share of revenue per supplier (top 12). Top supplier ${share(suppliers.topShare)}, top 3 ${share(suppliers.top3Share)}.`,
    },
    suppliers.items
      .slice(0, 12)
      .map((s) => ({ label: s.name, value: s.share, note: share(s.share), color: s.share > 0.3 ? PALETTE.danger : PALETTE.primary })),
  );
  return { name: 'supplier-shares.svg', title, svg };
}

function trendChart(result: AnalysisResult): Chart | null {
  const monthly = result.trend.monthly;
  if (monthly.length === 0) return null;
  const title = 'Monthly revenue';
  const partial = partialMonthsOf(monthly, result.dataset.period);
  const growth = result.trend.yoyGrowthPct;
  const svg = columns(
    {
      id: 'trend',
      title,
      description: `Revenue per month, ${monthly[0].month} to ${monthly[monthly.length - 1].month}.${growth === null ? '' : ` Year-over-year growth ${growth.toFixed(1)}% (last 12 full months).`}`,
    },
    // A month the data covers only in part is labelled so its short bar is not read as a fall.
    monthly.map((m) => ({ label: partial.includes(m.month) ? `${m.month} (partial)` : m.month, value: m.revenue })),
    Math.max(1, Math.ceil(monthly.length / 24)),
    (v) => compactMoney(v, result.dataset.currency),
  );
  return { name: 'monthly-trend.svg', title, svg };
}

/** Every chart the result supports, in the dashboard's order. */
export function chartsOf(result: AnalysisResult): Chart[] {
  return [
    trendChart,
    topCustomersChart,
    lorenzChart,
    segmentsChart,
    churnChart,
    churnCalibrationChart,
    productsChart,
    suppliersChart,
    repRevenueChart,
  ]
    .map((build) => build(result))
    .filter((chart): chart is Chart => chart !== null)
    .concat(retentionChartsOf(result));
}
