import { describe, expect, it } from 'vitest';
import { renderArtifacts } from '../../../worker/engine/render';
import { PLANTED, plantedTruthRows } from '../fixtures/planted-truth';
import { aggregatesFromRows } from '../helpers/aggregates-from-rows';
import { analysisOf } from '../helpers/analysis-of';

describe('renderArtifacts', () => {
  const result = analysisOf(aggregatesFromRows(plantedTruthRows(), 'planted <b>.csv'), PLANTED.asOf);
  const files = renderArtifacts(result);
  const byName = new Map(files.map((file) => [file.name, String(file.body)]));

  it('produces the reports, dashboard, charts, exports and analysis.json with their types', () => {
    expect(files.map((file) => [file.name, file.type])).toEqual([
      ['executive-summary.md', 'report'],
      ['segments.md', 'report'],
      ['concentration.md', 'report'],
      ['churn.md', 'report'],
      ['products.md', 'report'],
      ['suppliers.md', 'report'],
      ['cross-sell.md', 'report'],
      ['dashboard.html', 'report'],
      ['monthly-trend.svg', 'chart'],
      ['top-customers.svg', 'chart'],
      ['lorenz-curve.svg', 'chart'],
      ['segments.svg', 'chart'],
      ['churn-risk.svg', 'chart'],
      ['churn-calibration.svg', 'chart'],
      ['product-margins.svg', 'chart'],
      ['supplier-shares.svg', 'chart'],
      ['segments.csv', 'data'],
      ['at-risk-customers.csv', 'data'],
      ['cross-sell-opportunities.csv', 'data'],
      ['product-margins.csv', 'data'],
      ['analysis.json', 'data'],
    ]);
    expect(JSON.parse(byName.get('analysis.json') ?? '')).toEqual(JSON.parse(JSON.stringify(result)));
  });

  it('never emits the hostile customer name unescaped in HTML or SVG', () => {
    for (const [name, body] of byName) {
      if (!name.endsWith('.html') && !name.endsWith('.svg')) continue;
      expect(body, name).not.toContain('<script');
      expect(body, name).not.toContain('<b>');
    }
    expect(byName.get('dashboard.html')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(byName.get('dashboard.html')).toContain('planted &lt;b&gt;.csv');
    expect(byName.get('top-customers.svg')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('escapes hostile names in markdown: no raw tags, pipes cannot break tables', () => {
    for (const [name, body] of byName) {
      if (!name.endsWith('.md')) continue;
      expect(body, name).not.toContain('<script');
      expect(body, name).not.toContain('Pipe | Star');
    }
    expect(byName.get('segments.md')).toContain('&lt;script&gt;alert\\(1\\)&lt;/script&gt;');
    expect(byName.get('products.md')).toContain('Pipe \\| Star \\* Widget');
  });

  it("keeps every markdown table row at the header's column count", () => {
    for (const [name, body] of byName) {
      if (!name.endsWith('.md')) continue;
      const lines = body.split('\n');
      for (let i = 0; i < lines.length; i++) {
        if (!lines[i].startsWith('| ') || (!lines[i + 1]?.startsWith('| ---') && !lines[i + 1]?.startsWith('|---'))) continue;
        const columnsOf = (line: string) => line.replace(/\\\|/g, '').split('|').length;
        const width = columnsOf(lines[i]);
        for (let j = i + 2; j < lines.length && lines[j].startsWith('|'); j++) expect(columnsOf(lines[j]), `${name}:${j + 1}`).toBe(width);
      }
    }
  });

  it('neutralises the formula-looking customer name in the CSV export', () => {
    const csv = byName.get('segments.csv') ?? '';
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv.split('\r\n').some((line) => line.includes(',=HYPERLINK'))).toBe(false);
  });

  it('makes the dashboard self-contained: no scripts, no external resources, inline SVG', () => {
    const html = byName.get('dashboard.html') ?? '';
    expect(html).not.toMatch(/<script|<link|@import|src=|url\(/i);
    expect(html.match(/<svg /g)).toHaveLength(8);
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('@media print');
  });

  it('gives every chart an accessible title and no external references', () => {
    for (const file of files.filter((f) => f.type === 'chart')) {
      const svg = String(file.body);
      expect(svg, file.name).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* role="img" aria-labelledby="[^"]+-title [^"]+-desc"><title id="[^"]+-title">[^<]+<\/title>/,
      );
      expect(svg, file.name).not.toMatch(/href=|<script|@import|url\(/i);
    }
  });

  it('lists exactly the lapsed customers as lost in the at-risk export (low-risk customers are left out)', () => {
    const lines = (byName.get('at-risk-customers.csv') ?? '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'customer_id,customer_name,risk,p_alive,expected_purchases_90d,days_since_last_order,typical_gap_days,revenue_12m,revenue_at_risk,expected_spend,clv_12m',
    );
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(
      rows
        .filter((row) => row[2] === 'lost')
        .map((row) => row[1])
        .sort(),
    ).toEqual([...PLANTED.lapsed].sort());
    expect(rows.every((row) => row[2] !== 'low')).toBe(true);
  });
});
