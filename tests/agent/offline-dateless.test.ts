/**
 * Chat over a file with customers, a region and an amount, and neither dates nor order
 * numbers (a customer list with annual sales). Every question reaching the row grammar
 * crashed ("Invalid time value": the grammar's "today" came from a null analysis date);
 * orders were counted as one per customer by the rows and as 0 by the analysis, and
 * answers said "0 orders" and "0 products". Expected figures are the rows below, by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../worker/engine/contract';
import { analyse } from '../../worker/engine/analyze';
import type { Snapshot } from '../../worker/engine/snapshot/columns';
import { ingestCsv } from '../engine/query/snapshot-of';
import { askOffline } from './helpers';

const CUSTOMERS = `Customer,Region,Sales
Alder Foods,North,12000
Birch Traders,North,8000
Cedar Supplies,South,15000
Dune Wholesale,South,3000
Elm & Co,North,500
`;
const SUGGESTIONS = '\n\nQuestions I can answer from this file:\n- Top 5 customers by revenue\n- Revenue by region';
let result: AnalysisResult;
let snapshot: Snapshot;

beforeAll(async () => {
  const ingested = await ingestCsv(CUSTOMERS);
  result = analyse(ingested.aggregates);
  snapshot = ingested.snapshot;
});

describe('chat over a file without dates or order numbers, from its rows', () => {
  it('"Top customers in North" lists the three North customers (it crashed)', async () => {
    const { answer } = await askOffline('Top customers in North', result, snapshot);
    expect(answer).toBe(
      'I understood: **revenue, by customer, region = North**.\n\n| customer | revenue |\n| --- | ---: |\n' +
        '| Alder Foods | 12,000.00 |\n| Birch Traders | 8,000.00 |\n| Elm &amp; Co | 500.00 |',
    );
  });

  it('refuses a period, read or relative, and suggests no month or year', async () => {
    for (const question of ['Revenue last month', 'Sales in 2021 by region', 'Revenue in Q3']) {
      const { answer } = await askOffline(question, result, snapshot);
      expect(answer).toBe(
        `I can't answer that exactly. This file has no dates, so I can’t answer for a period; its figures cover the whole file.${SUGGESTIONS}`,
      );
    }
  });

  it('refuses to count orders (it counted one per customer)', async () => {
    for (const question of ['How many orders did we get?', 'Which customers placed the most orders?', 'What is the average order value?']) {
      const { answer } = await askOffline(question, result, snapshot);
      expect(answer).toBe(
        `I can't answer that exactly. This file has no order id or date column, so its orders can't be counted.${SUGGESTIONS}`,
      );
    }
  });

  it('answers revenue by region: North 20,500, South 18,000', async () => {
    const { answer } = await askOffline('What is revenue by region?', result, snapshot);
    expect(answer).toContain('| North | 20,500.00 |\n| South | 18,000.00 |');
  });
});

describe('chat over a file without dates or order numbers, from the analysis', () => {
  it('refuses to rank customers by orders (it listed everyone with "0 orders")', async () => {
    const { answer } = await askOffline('Which customers placed the most orders?', result);
    expect(answer).toBe(
      'This file has no order numbers and no dates, so it counts no orders and customers can’t be ranked by them. Ask for the top customers by revenue instead.',
    );
  });

  it('gives the overview without "0 orders" or "0 products"', async () => {
    const { answer } = await askOffline('Give me an overview', result);
    expect(answer).toBe('sales.csv: 38,500.00 revenue from 5 customers.');
  });

  it('describes a customer without "0 orders" or unknown order dates', async () => {
    const { answer } = await askOffline('Tell me about Alder Foods', result);
    // 12,000 of 38,500 is 31.17%.
    expect(answer.split('\n')[0]).toBe('**Alder Foods** (Alder Foods): 12,000.00 revenue (31.2% of all revenue).');
  });

  it('ranks the customers of one region without "(0 orders)"', async () => {
    const regions = {
      'Alder Foods': 'North',
      'Birch Traders': 'North',
      'Cedar Supplies': 'South',
      'Dune Wholesale': 'South',
      'Elm & Co': 'North',
    };
    const { answer } = await askOffline('Top customers in North', result, undefined, regions);
    expect(answer).toBe('Top 3 customers in North by revenue:\n1. Alder Foods: 12,000.00\n2. Birch Traders: 8,000.00\n3. Elm & Co: 500.00');
  });
});
