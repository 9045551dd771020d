/**
 * A small, dependency-free SVG renderer for the analyst's charts: horizontal bars for
 * named values, a line for a monthly series. Every label is XML-escaped, because labels
 * are customer and product names from the uploaded file.
 */

export interface ChartPoint {
  label: string;
  value: number;
}

export interface ChartSpec {
  kind: 'bar' | 'line';
  title: string;
  /** Unit shown after values, e.g. `%`, or a currency prefix like `€`. */
  valuePrefix?: string;
  valueSuffix?: string;
  points: ChartPoint[];
}

const WIDTH = 720;
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';
const BAR_COLOUR = '#4f46e5';
const MAX_LABEL = 28;

/** Escapes text for SVG content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function shortLabel(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

/**
 * A compact value label in the unit of the chart's largest value (`largest`, the value itself
 * by default): 48,000 → 48k, 1,250,000 → 1.25M, and 8,472.39 → 8.47k beside 14,345.28 → 14.35k
 * (one chart read "14.35k" above "8472.39"). Below 10,000 a value keeps its thousands separator.
 */
export function compactNumber(value: number, largest = value): string {
  const abs = Math.abs(largest);
  if (abs >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (abs >= 10_000) return `${trim(value / 1_000)}k`;
  return trim(value);
}

function trim(value: number): string {
  return (Math.round(value * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** A bar's or an axis' value; a percentage to one decimal, as every table writes it (the chart read 31.86% beside the table's 31.9%). */
function valueLabel(spec: ChartSpec, value: number): string {
  const largest = Math.max(...spec.points.map((p) => Math.abs(p.value)), 0);
  const number = spec.valueSuffix === '%' ? (Math.round(value * 10) / 10).toFixed(1) : compactNumber(value, largest);
  return `${spec.valuePrefix ?? ''}${number}${spec.valueSuffix ?? ''}`;
}

/** Renders the chart as a standalone SVG document. */
export function renderSvgChart(spec: ChartSpec): string {
  return spec.kind === 'bar' ? barChart(spec) : lineChart(spec);
}

function frame(height: number, title: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="28" ${FONT} font-size="16" font-weight="600" fill="#111827">${escapeXml(title)}</text>`,
    body,
    '</svg>',
  ].join('\n');
}

function barChart(spec: ChartSpec): string {
  const rowHeight = 28;
  const top = 48;
  const labelWidth = 220;
  const plotWidth = WIDTH - labelWidth - 90;
  const max = Math.max(...spec.points.map((p) => Math.abs(p.value)), 1);
  const rows = spec.points.map((point, index) => {
    const y = top + index * rowHeight;
    const width = Math.max(1, (Math.abs(point.value) / max) * plotWidth);
    const colour = point.value < 0 ? '#dc2626' : BAR_COLOUR;
    return [
      `<text x="${labelWidth - 8}" y="${y + 18}" ${FONT} font-size="12" text-anchor="end" fill="#374151">${escapeXml(shortLabel(point.label))}</text>`,
      `<rect x="${labelWidth}" y="${y + 4}" width="${width.toFixed(1)}" height="${rowHeight - 8}" rx="3" fill="${colour}"/>`,
      `<text x="${(labelWidth + width + 6).toFixed(1)}" y="${y + 18}" ${FONT} font-size="12" fill="#111827">${escapeXml(valueLabel(spec, point.value))}</text>`,
    ].join('');
  });
  return frame(top + spec.points.length * rowHeight + 16, spec.title, rows.join('\n'));
}

function lineChart(spec: ChartSpec): string {
  const height = 320;
  const left = 64;
  const right = 24;
  const top = 48;
  const bottom = 48;
  const plotWidth = WIDTH - left - right;
  const plotHeight = height - top - bottom;
  const values = spec.points.map((p) => p.value);
  const max = Math.max(...values, 0);
  const min = Math.min(...values, 0);
  const span = max - min || 1;
  const step = spec.points.length > 1 ? plotWidth / (spec.points.length - 1) : 0;
  const x = (index: number) => left + index * step;
  const y = (value: number) => top + plotHeight - ((value - min) / span) * plotHeight;
  const path = spec.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  // Label at most ~12 months on the axis so they never overlap.
  const every = Math.max(1, Math.ceil(spec.points.length / 12));
  const labels = spec.points
    .map((p, i) =>
      i % every === 0
        ? `<text x="${x(i).toFixed(1)}" y="${height - bottom + 18}" ${FONT} font-size="11" text-anchor="middle" fill="#6b7280">${escapeXml(shortLabel(p.label))}</text>`
        : '',
    )
    .join('');
  const axis = [
    `<line x1="${left}" y1="${top + plotHeight}" x2="${WIDTH - right}" y2="${top + plotHeight}" stroke="#d1d5db"/>`,
    `<text x="${left - 8}" y="${top + 4}" ${FONT} font-size="11" text-anchor="end" fill="#6b7280">${escapeXml(valueLabel(spec, max))}</text>`,
    `<text x="${left - 8}" y="${top + plotHeight}" ${FONT} font-size="11" text-anchor="end" fill="#6b7280">${escapeXml(valueLabel(spec, min))}</text>`,
  ].join('');
  const dots = spec.points
    .map((p, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="3" fill="${BAR_COLOUR}"/>`)
    .join('');
  return frame(height, spec.title, `${axis}\n<path d="${path}" fill="none" stroke="${BAR_COLOUR}" stroke-width="2"/>\n${dots}\n${labels}`);
}
