/**
 * The revenue bridge as a waterfall: the earlier period's revenue, one floating bar per
 * step (green up, red down), the later period's revenue.
 */
import type { AnalysisResult } from '../contract';
import type { Chart } from './charts';
import { escapeHtml } from './escape';
import { compact, money } from './format';
import { PALETTE, shorten, svgDocument, text } from './svg';

const WIDTH = 720;

interface Column {
  label: string;
  from: number;
  to: number;
  color: string;
}

function columnsOf(result: AnalysisResult): Column[] {
  const b = result.bridge;
  if (!b?.available) return [];
  const out: Column[] = [{ label: `${b.base.label}`, from: 0, to: b.base.revenue, color: PALETTE.primary }];
  let level = b.base.revenue;
  for (const step of b.steps) {
    out.push({ label: step.label, from: level, to: level + step.value, color: step.value >= 0 ? PALETTE.ok : PALETTE.danger });
    level += step.value;
  }
  out.push({ label: `${b.compared.label}`, from: 0, to: b.compared.revenue, color: PALETTE.primary });
  return out;
}

/** The waterfall, or null without a bridge. */
export function bridgeChart(result: AnalysisResult): Chart | null {
  const b = result.bridge;
  const columns = columnsOf(result);
  if (!b?.available || columns.length === 0) return null;
  const height = 380;
  const left = 100;
  const top = 44;
  const bottom = 96;
  const plotHeight = height - top - bottom;
  // The axis starts below the lowest level rather than at zero, or the steps would be
  // slivers under two tall totals; the tick labels show where it starts.
  const levels = columns.flatMap((c, i) => (i === 0 || i === columns.length - 1 ? [c.to] : [c.from, c.to]));
  const lo = Math.min(...levels);
  const hi = Math.max(...levels);
  const min = lo < 0 ? lo : Math.max(0, lo - Math.max(hi - lo, Math.abs(hi) * 0.02) * 0.6);
  const max = Math.max(min + 1e-9, hi + (hi - min) * 0.08);
  for (const c of [columns[0], columns[columns.length - 1]]) c.from = min;
  const y = (v: number): number => top + ((max - v) / (max - min)) * plotHeight;
  const step = (WIDTH - left - 16) / columns.length;
  const grid = [0, 0.25, 0.5, 0.75, 1].map((t) => {
    const v = min + (max - min) * t;
    return (
      `<line x1="${left}" x2="${WIDTH - 16}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="${PALETTE.grid}"/>` +
      text(left - 6, y(v) + 4, compact(v), 'text-anchor="end"')
    );
  });
  const currency = result.dataset.currency;
  const bars = columns.map((c, i) => {
    const x = left + i * step + step * 0.12;
    const y0 = Math.min(y(c.from), y(c.to));
    const h = Math.max(1, Math.abs(y(c.from) - y(c.to)));
    const total = i === 0 || i === columns.length - 1;
    const delta = total ? c.to : c.to - c.from;
    const value = `${total ? '' : delta >= 0 ? '+' : '−'}${compact(Math.abs(delta))}`;
    const cx = x + step * 0.38;
    const label = text(
      cx,
      height - bottom + 14,
      shorten(c.label, 26),
      `text-anchor="end" transform="rotate(-35 ${cx.toFixed(1)} ${height - bottom + 14})"`,
    );
    return (
      `<rect x="${x.toFixed(1)}" y="${y0.toFixed(1)}" width="${(step * 0.76).toFixed(1)}" height="${h.toFixed(1)}" fill="${c.color}"><title>${escapeHtml(`${c.label}: ${money(delta, currency)}`)}</title></rect>` +
      text(cx, y0 - 4, value, 'text-anchor="middle" font-size="11"') +
      label
    );
  });
  const title = `Revenue bridge: ${b.base.label} to ${b.compared.label}`;
  const description =
    `From ${money(b.base.revenue, currency)} to ${money(b.compared.revenue, currency)}: ` +
    b.steps.map((s) => `${s.label} ${money(s.value, currency)}`).join('; ') +
    '.';
  return {
    name: 'revenue-bridge.svg',
    title,
    svg: svgDocument({ id: 'revenue-bridge', title, description }, height, grid.join('') + bars.join('')),
  };
}
