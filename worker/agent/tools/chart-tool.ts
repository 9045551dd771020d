/**
 * `make_chart`: renders one of a fixed set of series from the results as an SVG and
 * stores it as an artifact. The model picks a series, never the numbers, so a chart
 * can only show what the engine computed.
 */
import { z } from 'zod';
import type { AnalysisResult } from '../../engine/contract';
import { chartsOf } from '../../engine/render/charts';
import { renderSvgChart, type ChartPoint, type ChartSpec } from '../charts/svg-chart';
import { currencyPrefix } from '../format';
import { DataAbsentError } from './data-absent';
import { dataString, defineTool, MAX_ROWS, pct, round } from './tool-kit';

export const CHART_SERIES = [
  'monthly_revenue',
  'monthly_orders',
  'segment_revenue',
  'top_customers',
  'top_products',
  'product_margins',
  'supplier_share',
  'category_revenue',
] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

const TITLES: Record<ChartSeries, string> = {
  monthly_revenue: 'Revenue by month',
  monthly_orders: 'Orders by month',
  segment_revenue: 'Revenue by customer segment',
  top_customers: 'Top customers by revenue',
  top_products: 'Top products by revenue',
  product_margins: 'Gross margin % by product',
  supplier_share: 'Share of revenue by supplier',
  category_revenue: 'Revenue by category',
};

export const makeChart = defineTool({
  name: 'make_chart',
  description:
    'Draws a chart of one series from the results and shows it to the user: monthly_revenue, monthly_orders, segment_revenue, top_customers, top_products, product_margins, supplier_share or category_revenue.',
  input: z.object({
    series: z.enum(CHART_SERIES),
    kind: z.enum(['bar', 'line']).optional().describe('Defaults to line for monthly series, bar otherwise.'),
    title: z.string().trim().min(1).max(80).optional(),
    limit: z.number().int().min(2).max(MAX_ROWS).default(10).describe('Bars to show.'),
  }),
  run: async ({ result, artifacts }, input) => {
    const engineName = ENGINE_CHARTS[input.series];
    if (engineName && input.title === undefined && input.kind === undefined && input.limit === 10) {
      // The engine already stored this exact chart: show that one (same name, same bytes,
      // so the artifact is updated in place) instead of listing a second copy.
      const chart = chartsOf(result).find((candidate) => candidate.name === engineName);
      if (chart) {
        const { id } = await artifacts.put({ name: chart.name, type: 'chart', contentType: 'image/svg+xml', body: chart.svg });
        const points =
          input.series === 'monthly_revenue' ? result.trend.monthly.length : Math.min(10, result.segments?.customers.length ?? 0);
        return { artifactId: id, fileName: chart.name, title: chart.title, kind: 'bar' as const, points };
      }
    }
    const points = seriesPoints(result, input.series, input.limit);
    if (points.length === 0) throw new DataAbsentError(`There is no data for ${input.series} in this file.`);
    const monthly = input.series.startsWith('monthly_');
    const spec: ChartSpec = {
      kind: input.kind ?? (monthly ? 'line' : 'bar'),
      title: dataString(input.title) ?? TITLES[input.series],
      points,
      ...units(result, input.series),
    };
    const fileName = `chart-${input.series.replace(/_/g, '-')}.svg`;
    const { id } = await artifacts.put({ name: fileName, type: 'chart', contentType: 'image/svg+xml', body: renderSvgChart(spec) });
    return { artifactId: id, fileName, title: spec.title, kind: spec.kind, points: points.length };
  },
  artifactOf: (output) => ({ id: output.artifactId, fileName: output.fileName, alt: output.title }),
});

/** Series whose default chart the engine already renders, by the engine's file name. */
const ENGINE_CHARTS: Partial<Record<ChartSeries, string>> = {
  top_customers: 'top-customers.svg',
  monthly_revenue: 'monthly-trend.svg',
};

function units(result: AnalysisResult, series: ChartSeries): Pick<ChartSpec, 'valuePrefix' | 'valueSuffix'> {
  if (series === 'product_margins' || series === 'supplier_share') return { valueSuffix: '%' };
  if (series === 'monthly_orders') return {};
  return { valuePrefix: currencyPrefix(result.dataset.currency) };
}

function seriesPoints(result: AnalysisResult, series: ChartSeries, limit: number): ChartPoint[] {
  const label = (text: string) => dataString(text) ?? '';
  switch (series) {
    case 'monthly_revenue':
      return result.trend.monthly.slice(-36).map((m) => ({ label: m.month, value: m.revenue }));
    case 'monthly_orders':
      return result.trend.monthly.slice(-36).map((m) => ({ label: m.month, value: m.orders }));
    case 'segment_revenue':
      return (result.segments?.summary ?? []).slice(0, limit).map((s) => ({ label: s.segment, value: s.revenue }));
    case 'top_customers':
      return [...(result.segments?.customers ?? [])]
        .sort((a, b) => b.revenue - a.revenue)
        .slice(0, limit)
        .map((c) => ({ label: label(c.name), value: c.revenue }));
    case 'top_products':
      return [...(result.products?.items ?? [])]
        .sort((a, b) => b.revenue - a.revenue)
        .slice(0, limit)
        .map((p) => ({ label: label(p.name), value: p.revenue }));
    case 'product_margins':
      return [...(result.products?.items ?? [])]
        .filter((p) => p.marginPct !== null)
        .sort((a, b) => (b.marginPct ?? 0) - (a.marginPct ?? 0))
        .slice(0, limit)
        .map((p) => ({ label: label(p.name), value: round(p.marginPct ?? 0, 1) }));
    case 'supplier_share':
      return (result.suppliers?.available ? result.suppliers.items : [])
        .slice(0, limit)
        .map((s) => ({ label: label(s.name), value: pct(s.share) }));
    case 'category_revenue':
      return categoryPoints(result).slice(0, limit);
  }
}

function categoryPoints(result: AnalysisResult): ChartPoint[] {
  const totals = new Map<string, number>();
  for (const item of result.products?.items ?? []) {
    if (item.category !== null) totals.set(item.category, (totals.get(item.category) ?? 0) + item.revenue);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([category, value]) => ({ label: dataString(category) ?? '', value }));
}
