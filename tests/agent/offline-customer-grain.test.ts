/**
 * Chat over a file of one row per customer (UCI Wholesale customers: annual spend in six
 * categories, no dates, no orders): a period can't be answered, and no line claims "0
 * orders" for customers whose orders the file never counted. Expected spends come from a
 * plain sum of each row's six columns over the Papa-parsed CSV.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../worker/engine/contract';
import { analyse } from '../../worker/engine/analyze';
import { ingest } from '../../worker/engine/ingest';
import { datasetPath } from '../engine/helpers/datasets';
import { askOffline } from './helpers';

const CSV = datasetPath('wholesale_customers/Wholesale customers data.csv');
const CATEGORIES = ['Fresh', 'Milk', 'Grocery', 'Frozen', 'Detergents_Paper', 'Delicassen'];
let result: AnalysisResult;

beforeAll(async () => {
  const stream = Readable.toWeb(createReadStream(CSV)) as ReadableStream<Uint8Array>;
  result = analyse(await ingest(stream, { fileName: 'Wholesale customers data.csv' }));
}, 60_000);

describe('chat over one row per customer', () => {
  it('"How much did we sell in 2021?" says the file has no dates (it listed the top products)', async () => {
    const { answer } = await askOffline('How much did we sell in 2021?', result);
    expect(answer).toBe(
      'This file has no dates, so I can’t answer for a period; its figures cover the whole file. Ask without the period, such as "Who are my top 5 customers?".',
    );
  });

  it('"Who are my top 5 customers?" gives their spend, with no "0 orders"', async () => {
    const rows = Papa.parse<Record<string, string>>(readFileSync(CSV, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const spends = rows.map((r) => CATEGORIES.reduce((sum, c) => sum + Number(r[c]), 0)).sort((a, b) => b - a);
    const { answer } = await askOffline('Who are my top 5 customers?', result);
    const lines = answer.split('\n');
    expect(lines[0]).toBe('Top 5 customers by revenue:');
    expect(lines.slice(1).map((line) => Number(line.slice(line.lastIndexOf(' ') + 1).replace(/,/g, '')))).toEqual(spends.slice(0, 5));
    expect(answer).not.toMatch(/order/);
  });

  it('"How many customers are there?" counts them, with no orders', async () => {
    const rows = Papa.parse<Record<string, string>>(readFileSync(CSV, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const total = rows.reduce((sum, r) => sum + CATEGORIES.reduce((s, c) => s + Number(r[c]), 0), 0);
    const money = total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const { answer } = await askOffline('How many customers are there?', result);
    expect(answer).toBe(`Wholesale customers data.csv: ${money} revenue from ${rows.length} customers and 6 products.`);
  });
});

describe('chat over one row per customer: groups and quantities it has no figures for', () => {
  // It got the top customers by revenue, and "which channel spends the most?" the help list.
  for (const [question, noun] of [
    ['Which region has the most customers?', 'regions'],
    ['Which channel spends the most?', 'channels'],
  ]) {
    it(`"${question}" is refused by name, with no figure`, async () => {
      const { answer } = await askOffline(question, result);
      expect(answer).toBe(
        `I can't rank ${noun} from the analysis yet: it keeps its figures by customer, product, supplier and month. Ask about one at a time, by name.`,
      );
    });
  }

  // With no rows kept, the analysis' answers stood in: the top 10 customers, the top 5 products.
  for (const [question, reason] of [
    [
      'What share of revenue do the top 10% of customers bring?',
      'I can give the share of revenue of the top 20% of customers (for the whole file), or a figure for the top N by count, such as "the top 10 customers"; not “top 10%” yet.',
    ],
    [
      'Which products have never been sold?',
      'This file lists what was sold, so every product in it sold at least once; products that never sold are not in it.',
    ],
    ["What's the median spend per customer?", 'but not give medians or distributions yet.'],
  ]) {
    it(`"${question}" is refused by its shape, with no figure`, async () => {
      const { answer, trace } = await askOffline(question, result);
      expect(trace.filter((step) => step.startsWith('use:'))).toEqual([]);
      expect(answer.startsWith("I can't answer that exactly. ")).toBe(true);
      expect(answer).toContain(reason);
      expect(answer.replace('top 10%', '').replace('top 20%', '').replace('top 10 customers', '')).not.toMatch(/\d/);
    });
  }

  it('"What percentage of revenue comes from the top 20% of customers?" is the ⌈20%⌉ who spent most (88 of 440)', async () => {
    const rows = Papa.parse<Record<string, string>>(readFileSync(CSV, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const spends = rows.map((r) => CATEGORIES.reduce((sum, c) => sum + Number(r[c]), 0)).sort((a, b) => b - a);
    const share = (spends.slice(0, 88).reduce((a, b) => a + b, 0) / spends.reduce((a, b) => a + b, 0)) * 100;
    const { answer } = await askOffline('What percentage of revenue comes from the top 20% of customers?', result);
    expect(answer).toMatch(
      new RegExp(`^The top 20% of customers \\(the 88 who bought most, of 440 with revenue\\) make ${share.toFixed(1)}% of revenue\\.`),
    );
  });

  it('"How much do customers spend on milk?" gives the Milk column\'s sum and no "0 units" (the file has no quantities)', async () => {
    const rows = Papa.parse<Record<string, string>>(readFileSync(CSV, 'utf8'), { header: true, skipEmptyLines: true }).data;
    const milk = rows.reduce((sum, r) => sum + Number(r.Milk), 0);
    const buyers = rows.filter((r) => Number(r.Milk) > 0).length;
    const { answer } = await askOffline('How much do customers spend on milk?', result);
    const figure = milk.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(answer).toContain(`**Milk** (Milk): ${figure} revenue`);
    expect(answer).toContain(`; bought by ${buyers} customers.`);
    expect(answer).not.toContain('units');
  });
});
