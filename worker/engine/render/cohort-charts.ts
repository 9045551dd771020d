/**
 * The cohort charts: a heatmap of logo retention (cohorts down, periods since acquisition
 * across, darker = more customers still buying) and the retention curves (the average
 * logo and revenue retention by period since acquisition).
 */
import type { AnalysisResult, Cohorts } from '../contract';
import { bridgeChart } from './bridge-chart';
import type { Chart } from './charts';
import { escapeHtml } from './escape';
import { share } from './format';
import { lines, PALETTE, svgDocument, text } from './svg';

type Available = Extract<Cohorts, { available: true }>;

/** The heatmap shows at most this many (most recent) cohorts and periods, so it stays readable. */
export const HEATMAP_MAX_COHORTS = 24;
export const HEATMAP_MAX_PERIODS = 24;

const WIDTH = 720;

/** White → primary blue by share (0–1). */
function cellColor(value: number): string {
  const t = Math.max(0, Math.min(1, value));
  const mix = (from: number, to: number): number => Math.round(from + (to - from) * t);
  return `rgb(${mix(239, 29)},${mix(246, 78)},${mix(255, 216)})`;
}

function heatmapChart(cohorts: Available): Chart | null {
  const rows = cohorts.cohorts.filter((c) => c.customers > 0).slice(-HEATMAP_MAX_COHORTS);
  if (rows.length === 0) return null;
  const periods = Math.min(HEATMAP_MAX_PERIODS, Math.max(...rows.map((r) => r.active.length)));
  const left = 120;
  const top = 64;
  const rowHeight = 20;
  const cellWidth = (WIDTH - left - 16) / periods;
  const unit = cohorts.grain === 'month' ? 'Months' : 'Quarters';
  const header = Array.from({ length: periods }, (_, k) =>
    text(left + k * cellWidth + cellWidth / 2, top - 8, String(k), 'text-anchor="middle"'),
  );
  const cells = rows.flatMap((row, i) => {
    const y = top + i * rowHeight;
    const label = text(left - 6, y + 14, `${row.cohort} (${row.customers})`, 'text-anchor="end"');
    const boxes = row.logoRetention.slice(0, periods).map((value, k) => {
      const x = left + k * cellWidth;
      const tip = `${row.cohort}, ${unit.toLowerCase()} since start ${k}: ${share(value, 1)} (${row.active[k]} of ${row.customers})`;
      const caption =
        cellWidth >= 26
          ? text(
              x + cellWidth / 2,
              y + 14,
              share(value, 0),
              `text-anchor="middle" font-size="10" fill="${value > 0.55 ? '#ffffff' : PALETTE.text}"`,
            )
          : '';
      return `<rect x="${(Math.round(x * 10) / 10).toString()}" y="${y}" width="${(Math.round((cellWidth - 1) * 10) / 10).toString()}" height="${rowHeight - 1}" fill="${cellColor(value)}"><title>${escapeHtml(tip)}</title></rect>${caption}`;
    });
    return [label, ...boxes];
  });
  const axis = text(left + (WIDTH - left - 16) / 2, top - 24, `${unit} since first purchase →`, 'text-anchor="middle" font-weight="600"');
  const title = `Customer retention by ${cohorts.grain === 'month' ? 'monthly' : 'quarterly'} cohort`;
  const description =
    `Share of each cohort's customers buying again in each ${cohorts.grain} after their first purchase, ${rows[0].cohort} to ${rows[rows.length - 1].cohort}` +
    ` (${rows.length} cohorts, sizes in brackets); darker cells keep more customers. Complete periods through ${cohorts.observedThrough}.`;
  const svg = svgDocument(
    { id: 'cohort-heatmap', title, description },
    top + rows.length * rowHeight + 16,
    axis + header.join('') + cells.join(''),
  );
  return { name: 'cohort-heatmap.svg', title, svg };
}

function retentionCurveChart(cohorts: Available): Chart | null {
  const average = cohorts.average.slice(0, HEATMAP_MAX_PERIODS);
  if (average.length < 2) return null;
  const logo = average.map((a): [number, number] => [a.period, a.logoRetention]);
  const revenue = average.flatMap((a): [number, number][] => (a.revenueRetention === null ? [] : [[a.period, a.revenueRetention]]));
  const top = Math.max(1, ...revenue.map(([, y]) => y));
  const unit = cohorts.grain === 'month' ? 'Months' : 'Quarters';
  const title = 'Retention curves: customers and revenue kept';
  const description =
    `Average over cohorts, weighted by customers: share of customers buying again and revenue against the first ${cohorts.grain}, by ${cohorts.grain} since first purchase. ` +
    average
      .slice(1, 7)
      .map(
        (a) =>
          `${a.period}: ${share(a.logoRetention, 0)} of customers, ${a.revenueRetention === null ? 'n/a' : share(a.revenueRetention, 0)} of revenue`,
      )
      .join('; ') +
    '.';
  const svg = lines(
    { id: 'retention-curve', title, description },
    {
      xLabel: `${unit} since first purchase`,
      yLabel: 'Kept (share of the first period)',
      xMin: 0,
      xMax: average[average.length - 1].period,
      yMin: 0,
      yMax: top,
      // Periods are whole: a tick between two periods gets no label (rounding it would repeat one).
      xFormat: (v) => (Number.isInteger(v) ? String(v) : ''),
      yFormat: (v) => share(v, 0),
    },
    [
      { points: logo, color: PALETTE.primary, label: 'Customers buying' },
      ...(revenue.length > 1 ? [{ points: revenue, color: PALETTE.secondary, label: 'Revenue kept' }] : []),
    ],
  );
  return { name: 'retention-curve.svg', title, svg };
}

/** The charts of issue 16 the result supports: the cohort heatmap and curves, the bridge waterfall. */
export function retentionChartsOf(result: AnalysisResult): Chart[] {
  const cohorts = result.cohorts;
  const charts = cohorts?.available ? [heatmapChart(cohorts), retentionCurveChart(cohorts)] : [];
  return [...charts, bridgeChart(result)].filter((chart): chart is Chart => chart !== null);
}
