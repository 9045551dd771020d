/**
 * A query_data answer with more than three points also shows a chart, drawn by the same
 * SVG renderer as `make_chart` and stored as a chart artifact the transcript shows: bars
 * for a ranking, a line over time. Three points or fewer stay a table only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analystConfigFromEnv, createAnalyst } from '../../worker/agent';
import { datasetPath } from '../engine/helpers/datasets';
import { ingestWithSnapshot, type Ingested } from '../engine/query/snapshot-of';
import { wholesaleResult } from './fixtures/wholesale-result';
import { memoryArtifacts, memoryTranscript, trace } from './helpers';

let file: Ingested;
beforeAll(async () => {
  file = await ingestWithSnapshot(datasetPath('superstore/Sample - Superstore.csv'));
}, 60_000);

/** Asks with the fixture's result (EUR), or with `currency` in its place when given. */
async function ask(question: string, currency?: string | null) {
  const analyst = createAnalyst(analystConfigFromEnv({ ANALYST: 'offline' }));
  const transcript = memoryTranscript();
  const artifacts = memoryArtifacts();
  const base = wholesaleResult();
  const result = currency === undefined ? base : { ...base, dataset: { ...base.dataset, currency } };
  await analyst.answer({ result, question, history: [], transcript, artifacts, snapshot: file.snapshot });
  return { steps: trace(transcript.messages), files: artifacts.files, text: transcript.messages };
}

describe('query_data answers with more than three points get a chart', () => {
  it('draws "revenue by region" (4 regions) as bars', async () => {
    const { steps, files } = await ask('revenue by region');
    expect(files.map((f) => [f.name, f.type, f.contentType])).toEqual([['chart-query-revenue-by-region.svg', 'chart', 'image/svg+xml']]);
    const svg = String(files[0].body);
    for (const region of ['West', 'East', 'Central', 'South']) expect(svg).toContain(`>${region}<`);
    expect(svg.match(/<rect [^>]*rx="3"/g)).toHaveLength(4);
    expect(svg).not.toContain('fill="none" stroke=');
    expect(steps).toEqual(['use:query_data', 'result:query_data', 'image', 'text']);
  });

  it('draws "revenue by quarter in 2021" as a line', async () => {
    const { files } = await ask('revenue by quarter in 2021');
    expect(files.map((f) => f.name)).toEqual(['chart-query-revenue-by-quarter-2021-01-01-2021-12-31.svg']);
    const svg = String(files[0].body);
    expect(svg).toMatch(/<path d="M[^"]+" fill="none" stroke=/);
    for (const quarter of ['2021 Q1', '2021 Q2', '2021 Q3', '2021 Q4']) expect(svg).toContain(`>${quarter}<`);
  });

  // The chart read 31.86% beside the table's 31.9%: a percentage has one decimal everywhere.
  it('writes a percentage on the chart as the table does, to one decimal', async () => {
    const { files, text } = await ask('margin by sub-category');
    const svg = String(files[0].body);
    const labels = [...svg.matchAll(/>(-?[\d.]+)%</g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThan(3);
    for (const label of labels) expect(label).toMatch(/^-?\d+\.\d$/);
    const [, first] = /\| Copiers \| (-?[\d.]+)% \|/.exec(JSON.stringify(text)) ?? [];
    expect(labels).toContain(first);
  });

  it('writes money in the analysis currency on the chart and in the table', async () => {
    const { files, text } = await ask('revenue by region', 'EUR');
    expect(String(files[0].body)).toContain('€');
    // Superstore's West sales, as the file's own pivot sums them: 725,457.82.
    expect(JSON.stringify(text)).toContain('| West | €725,457.82 |');
    const unknown = await ask('revenue by region', null);
    expect(String(unknown.files[0].body)).not.toContain('€');
  });

  it('keeps "sales in the west in 2021" (one figure) a table only', async () => {
    const { steps, files } = await ask('sales in the west in 2021');
    expect(files).toEqual([]);
    expect(steps).toEqual(['use:query_data', 'result:query_data', 'text']);
  });
});
