/**
 * The model analyst's query_data tool with `ai/test` mock models: a period-filtered call
 * gets the exact figure persisted (checked against DuckDB over the raw CSV), the numbers
 * guard accepts a figure taken from it, and a malformed spec is an `is_error` result with
 * a readable reason.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { analystConfigFromEnv, createAnalyst } from '../../worker/agent';
import type { TranscriptMessage } from '../../worker/agent/messages';
import { datasetPath } from '../engine/helpers/datasets';
import { ingestWithSnapshot, type Ingested } from '../engine/query/snapshot-of';
import { wholesaleResult } from './fixtures/wholesale-result';
import { lastText, memoryArtifacts, memoryTranscript } from './helpers';
import { scriptedModel, textReply, toolCalls, type Reply } from './mock-models';

const CSV = datasetPath('superstore/Sample - Superstore.csv');
let file: Ingested;
let revenue2020West = 0;
let quarters2021: number[] = [];
let avery = { revenue: 0, products: 0 };

beforeAll(async () => {
  file = await ingestWithSnapshot(CSV);
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const rows = (
    await db.runAndReadAll(
      `SELECT sum(CAST(Sales AS DOUBLE)) FROM read_csv('${CSV}', header = true, all_varchar = true)
       WHERE Region = 'West' AND year(strptime("Order Date", '%m/%d/%Y')) = 2020`,
    )
  ).getRows();
  revenue2020West = rows[0][0] as number;
  quarters2021 = (
    await db.runAndReadAll(
      `SELECT sum(CAST(Sales AS DOUBLE)) FROM read_csv('${CSV}', header = true, all_varchar = true)
       WHERE year(strptime("Order Date", '%m/%d/%Y')) = 2021 GROUP BY quarter(strptime("Order Date", '%m/%d/%Y')) ORDER BY 1`,
    )
  )
    .getRows()
    .map((row) => row[0] as number);
  // A product is its Product ID, named by its first row (32 ids carry two names in this file).
  const [[averyRevenue, averyProducts]] = (
    await db.runAndReadAll(
      `WITH r AS (SELECT *, row_number() OVER () rn FROM read_csv('${CSV}', header = true, all_varchar = true)),
         named AS (SELECT "Product ID" id, arg_min("Product Name", rn) first_name FROM r GROUP BY 1)
       SELECT sum(CAST(Sales AS DOUBLE)), count(DISTINCT id) FROM r JOIN named ON r."Product ID" = named.id
       WHERE regexp_matches(first_name, '^Avery\\b')`,
    )
  ).getRows();
  avery = { revenue: averyRevenue as number, products: Number(averyProducts) };
  db.closeSync();
}, 60_000);

async function ask(replies: Reply[]) {
  const model = scriptedModel(replies);
  const analyst = createAnalyst(analystConfigFromEnv({ ANALYST: 'offline' }, { model, limits: { retryBaseDelayMs: 0 } }));
  const transcript = memoryTranscript();
  await analyst.answer({
    result: wholesaleResult(),
    question: 'Revenue in the West in 2020?',
    history: [],
    transcript,
    artifacts: memoryArtifacts(),
    snapshot: file.snapshot,
  });
  return transcript.messages;
}

function toolResults(messages: TranscriptMessage[]) {
  return messages.flatMap((m) =>
    typeof m.content === 'string' ? [] : m.content.message_data.content.flatMap((b) => (b.type === 'tool_result' ? [b] : [])),
  );
}

describe('model analyst: query_data', () => {
  it('a call with a period filter gets the exact figure persisted, and the guard accepts it', async () => {
    const spec = {
      measures: ['revenue'],
      filters: [{ dimension: 'region', values: ['West'] }],
      period: { from: '2020-01-01', to: '2020-12-31' },
    };
    const rounded = Math.round(revenue2020West).toLocaleString('en-US');
    const messages = await ask([toolCalls(['query_data', spec]), textReply(`Revenue in the West in 2020 was $${rounded}.`)]);
    const [result] = toolResults(messages);
    expect(result.is_error).toBe(false);
    const data = JSON.parse(result.content) as { understood: string; rows: number[][] };
    expect(data.understood).toBe('revenue, region = West, 2020-01-01 … 2020-12-31');
    expect(data.rows[0][0]).toBeCloseTo(revenue2020West, 6);
    expect(lastText(messages)).toBe(`Revenue in the West in 2020 was $${rounded}.`);
  });

  // "Which quarter grew most?" answered from a table by quarter left the subtraction to the model.
  it('a change from the quarter before comes from the tool, and the guard accepts it', async () => {
    const spec = { measures: ['revenue'], groupBy: ['quarter'], changeFrom: 'previous', period: { from: '2021-01-01', to: '2021-12-31' } };
    const [q3, q4] = [quarters2021[2], quarters2021[3]];
    const change = (q4 - q3).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const percent = (((q4 - q3) / q3) * 100).toFixed(1);
    const reply = `Q4 2021 revenue rose by $${change} (${percent}%) on Q3.`;
    const messages = await ask([toolCalls(['query_data', spec]), textReply(reply)]);
    const [result] = toolResults(messages);
    expect(result.is_error).toBe(false);
    const data = JSON.parse(result.content) as { understood: string; rows: (string | number)[][] };
    expect(data.understood).toBe('revenue, by quarter, each against the quarter before, 2021-01-01 … 2021-12-31');
    expect(data.rows[3][2] as number).toBeCloseTo(q4 - q3, 6);
    expect(lastText(messages)).toBe(reply);
  });

  // A brand the file names item by item: every product whose name starts with "Avery", listed in the result's note.
  it('a filter by the first word of names keeps every product named so, and says how many', async () => {
    const spec = { measures: ['revenue'], filters: [{ dimension: 'product', values: ['Avery'], match: 'startsWith' }] };
    const messages = await ask([toolCalls(['query_data', spec]), textReply('Avery products brought in revenue.')]);
    const [result] = toolResults(messages);
    expect(result.is_error).toBe(false);
    const data = JSON.parse(result.content) as { understood: string; rows: number[][]; note: string };
    expect(data.understood).toBe('revenue, product name starting with “Avery”');
    expect(data.rows[0][0]).toBeCloseTo(avery.revenue, 6);
    expect(data.note).toContain(`“Avery” is read as the ${avery.products} products whose names start with it: Avery `);
  });

  it('a malformed spec is an is_error result with a readable reason', async () => {
    const messages = await ask([
      toolCalls(['query_data', { measures: ['profit'], period: { from: '2020-01-01' } }]),
      textReply('I could not run that.'),
    ]);
    const [result] = toolResults(messages);
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(/^Invalid input for query_data: measures\.0: .*; period\.to: /);
  });

  it('a missing column is an is_error result naming it', async () => {
    const messages = await ask([
      toolCalls(['query_data', { measures: ['revenue'], groupBy: ['supplier'] }]),
      textReply('No supplier column.'),
    ]);
    const [result] = toolResults(messages);
    expect(result).toMatchObject({ is_error: true, content: 'This file has no supplier column.' });
  });
});
