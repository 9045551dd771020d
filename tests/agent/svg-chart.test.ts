/**
 * The chat's SVG charts: every value label of one chart is written in the same unit, that of
 * its largest value, so bars read side by side ("14.35k" above "8.47k", not above "8472.39").
 */
import { describe, expect, it } from 'vitest';
import { renderSvgChart } from '../../worker/agent/charts/svg-chart';

const labelsOf = (svg: string) => [...svg.matchAll(/fill="#111827">([^<]+)<\/text>/g)].map((m) => m[1]).slice(1);

describe('the value labels of a bar chart', () => {
  it('are in thousands for every bar when the largest is 10,000 or more', () => {
    const svg = renderSvgChart({
      kind: 'bar',
      title: 'Top 3 by revenue',
      points: [
        { label: 'Raymond Buch', value: 14_345.28 },
        { label: 'Ken Lonsdale', value: 8_472.39 },
        { label: 'Small', value: 95.5 },
      ],
    });
    expect(labelsOf(svg)).toEqual(['14.35k', '8.47k', '0.1k']);
  });

  it('are in millions for every bar when the largest is a million or more', () => {
    const svg = renderSvgChart({
      kind: 'bar',
      title: 'Revenue',
      valuePrefix: '€',
      points: [
        { label: 'A', value: 1_250_000 },
        { label: 'B', value: 480_000 },
      ],
    });
    expect(labelsOf(svg)).toEqual(['€1.25M', '€0.48M']);
  });

  it('keep the thousands separator below 10,000', () => {
    const svg = renderSvgChart({
      kind: 'bar',
      title: 'Revenue',
      points: [
        { label: 'A', value: 9_876.5 },
        { label: 'B', value: 950 },
      ],
    });
    expect(labelsOf(svg)).toEqual(['9,876.5', '950']);
  });
});
