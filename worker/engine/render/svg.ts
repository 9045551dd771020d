/**
 * Minimal SVG chart primitives: horizontal bars, columns, scatter and line plots. Output
 * is self-contained (system fonts, no scripts, no external references) and accessible:
 * `role="img"` with a `<title>` and `<desc>` the charts' callers write in plain words.
 * All text passes through `escapeHtml`; labels are shortened before escaping.
 */
import { escapeHtml } from './escape';
import { compact, share } from './format';

export const PALETTE = {
  primary: '#2563eb',
  secondary: '#f59e0b',
  danger: '#dc2626',
  warning: '#f97316',
  ok: '#16a34a',
  muted: '#9ca3af',
  grid: '#e5e7eb',
  text: '#1f2937',
};

export interface ChartFrame {
  /** Unique within a page: prefixes the ids `<title>`/`<desc>` are referenced by. */
  id: string;
  title: string;
  description: string;
}

const WIDTH = 720;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** Shortens text to `max` characters with an ellipsis (before escaping, so entities stay whole). */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function number(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '0';
}

export function svgDocument(frame: ChartFrame, height: number, body: string): string {
  const id = escapeHtml(frame.id);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" ` +
    `role="img" aria-labelledby="${id}-title ${id}-desc">` +
    `<title id="${id}-title">${escapeHtml(frame.title)}</title><desc id="${id}-desc">${escapeHtml(frame.description)}</desc>` +
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>` +
    `<g font-family="${FONT}" font-size="12" fill="${PALETTE.text}">` +
    `<text x="16" y="24" font-size="15" font-weight="600">${escapeHtml(shorten(frame.title, 90))}</text>${body}</g></svg>`
  );
}

export function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${number(x)}" y="${number(y)}"${attributes ? ` ${attributes}` : ''}>${escapeHtml(content)}</text>`;
}

export interface Bar {
  label: string;
  value: number;
  /** Text printed after the bar; defaults to the compact value. */
  note?: string;
  color?: string;
}

/** Horizontal bars, one per row, largest scale at the longest bar. */
export function horizontalBars(frame: ChartFrame, bars: Bar[]): string {
  const rowHeight = 26;
  const top = 44;
  const labelWidth = 220;
  // Leave room after the longest bar for its value label (about 7 px a character), so
  // notes like "1,200 · 1 customer" never run past the canvas.
  const longestNote = Math.max(0, ...bars.map((bar) => (bar.note ?? compact(bar.value)).length));
  const plotWidth = WIDTH - labelWidth - Math.max(110, longestNote * 7 + 12);
  const max = Math.max(1e-9, ...bars.map((bar) => Math.abs(bar.value)));
  const rows = bars.map((bar, i) => {
    const y = top + i * rowHeight;
    const width = (Math.max(0, bar.value) / max) * plotWidth;
    return (
      text(labelWidth - 8, y + 16, shorten(bar.label, 32), 'text-anchor="end"') +
      `<rect x="${labelWidth}" y="${y + 4}" width="${number(width)}" height="${rowHeight - 8}" rx="2" fill="${bar.color ?? PALETTE.primary}"/>` +
      text(labelWidth + width + 6, y + 16, bar.note ?? compact(bar.value))
    );
  });
  return svgDocument(frame, top + bars.length * rowHeight + 16, rows.join(''));
}

/** Vertical columns over categories (months), with a few y-axis ticks written by `format`. */
export function columns(frame: ChartFrame, bars: Bar[], labelEvery = 1, format: (value: number) => string = compact): string {
  const height = 320;
  const left = 64;
  const top = 44;
  const bottom = 56;
  const plotHeight = height - top - bottom;
  const plotWidth = WIDTH - left - 16;
  const max = Math.max(1e-9, ...bars.map((bar) => bar.value));
  const step = plotWidth / Math.max(1, bars.length);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => {
    const y = top + plotHeight * (1 - t);
    return (
      `<line x1="${left}" x2="${WIDTH - 16}" y1="${number(y)}" y2="${number(y)}" stroke="${PALETTE.grid}"/>` +
      text(left - 6, y + 4, format(max * t), 'text-anchor="end"')
    );
  });
  const body = bars.map((bar, i) => {
    const h = (Math.max(0, bar.value) / max) * plotHeight;
    const x = left + i * step;
    const label =
      i % labelEvery === 0
        ? text(
            x + step / 2,
            height - bottom + 16,
            bar.label,
            `text-anchor="end" transform="rotate(-45 ${number(x + step / 2)} ${height - bottom + 16})"`,
          )
        : '';
    return `<rect x="${number(x + step * 0.1)}" y="${number(top + plotHeight - h)}" width="${number(step * 0.8)}" height="${number(h)}" fill="${bar.color ?? PALETTE.primary}"><title>${escapeHtml(`${bar.label}: ${bar.note ?? format(bar.value)}`)}</title></rect>${label}`;
  });
  return svgDocument(frame, height, ticks.join('') + body.join(''));
}

export interface Point {
  x: number;
  y: number;
  label?: string;
  color?: string;
}

export interface Axes {
  xLabel: string;
  yLabel: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  xFormat?: (value: number) => string;
  yFormat?: (value: number) => string;
}

/** Axes for two shares on 0–100%: a Lorenz curve, a calibration plot. */
export function shareAxes(xLabel: string, yLabel: string): Axes {
  const percent = (value: number) => share(value, 0);
  return { xLabel, yLabel, xMin: 0, xMax: 1, yMin: 0, yMax: 1, xFormat: percent, yFormat: percent };
}

interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
  sx: (value: number) => number;
  sy: (value: number) => number;
}

function plotArea(axes: Axes, height: number): Plot {
  const left = 72;
  const top = 44;
  const width = WIDTH - left - 24;
  const plotHeight = height - top - 52;
  const xSpan = axes.xMax - axes.xMin || 1;
  const ySpan = axes.yMax - axes.yMin || 1;
  return {
    left,
    top,
    width,
    height: plotHeight,
    sx: (value) => left + ((value - axes.xMin) / xSpan) * width,
    sy: (value) => top + plotHeight - ((value - axes.yMin) / ySpan) * plotHeight,
  };
}

function axesMarkup(axes: Axes, plot: Plot): string {
  const xf = axes.xFormat ?? compact;
  const yf = axes.yFormat ?? compact;
  const parts: string[] = [];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    const xv = axes.xMin + t * (axes.xMax - axes.xMin);
    const yv = axes.yMin + t * (axes.yMax - axes.yMin);
    const x = plot.sx(xv);
    const y = plot.sy(yv);
    parts.push(
      `<line x1="${number(plot.left)}" x2="${number(plot.left + plot.width)}" y1="${number(y)}" y2="${number(y)}" stroke="${PALETTE.grid}"/>`,
    );
    parts.push(text(plot.left - 6, y + 4, yf(yv), 'text-anchor="end"'));
    parts.push(text(x, plot.top + plot.height + 16, xf(xv), 'text-anchor="middle"'));
  }
  parts.push(text(plot.left + plot.width / 2, plot.top + plot.height + 38, axes.xLabel, 'text-anchor="middle" font-weight="600"'));
  const cy = plot.top + plot.height / 2;
  parts.push(text(16, cy, axes.yLabel, `text-anchor="middle" font-weight="600" transform="rotate(-90 16 ${number(cy)})"`));
  return parts.join('');
}

/** A scatter plot; points with a `label` get a hover `<title>`. */
export function scatter(frame: ChartFrame, axes: Axes, points: Point[], legend: { label: string; color: string }[] = []): string {
  const height = 380;
  const plot = plotArea(axes, height);
  const dots = points.map((p) => {
    const tip = p.label ? `<title>${escapeHtml(p.label)}</title>` : '';
    return `<circle cx="${number(plot.sx(p.x))}" cy="${number(plot.sy(p.y))}" r="4" fill="${p.color ?? PALETTE.primary}" fill-opacity="0.6">${tip}</circle>`;
  });
  const key = legend.map((entry, i) => {
    const x = plot.left + 8 + i * 110;
    return `<circle cx="${x}" cy="38" r="5" fill="${entry.color}"/>` + text(x + 9, 42, entry.label);
  });
  return svgDocument(frame, height, axesMarkup(axes, plot) + dots.join('') + key.join(''));
}

/** One or more polylines on shared axes (e.g. a Lorenz curve and the equality line). */
export function lines(
  frame: ChartFrame,
  axes: Axes,
  series: { points: [number, number][]; color: string; label: string; dashed?: boolean }[],
): string {
  const height = 380;
  const plot = plotArea(axes, height);
  const paths = series.map((s) => {
    const d = s.points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${number(plot.sx(x))},${number(plot.sy(y))}`).join(' ');
    return `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>`;
  });
  const key = series.map((s, i) => {
    const x = plot.left + 8 + i * 180;
    return (
      `<line x1="${x}" x2="${x + 18}" y1="38" y2="38" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="6 4"' : ''}/>` +
      text(x + 24, 42, s.label)
    );
  });
  return svgDocument(frame, height, axesMarkup(axes, plot) + paths.join('') + key.join(''));
}
