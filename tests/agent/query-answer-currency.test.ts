/**
 * Money in a `query_data` answer table is written in the analysis's currency through the
 * one formatter (issue 14 item 9): "€2,001.00", "¥2,001" for a currency without minor
 * units, and no symbol when the currency is unknown. Expected cells are summed by hand.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWithQuery } from '../../worker/agent/offline/query-answer';
import { ingestWithSnapshot, type Ingested } from '../engine/query/snapshot-of';
import { scratchDir } from '../engine/helpers/scratch';

const CSV = [
  'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID',
  '1001,A1,Blue Mug,6,2024-03-01,2.55,C1',
  '1001,A2,Tea Towel,6,2024-03-01,3.39,C1',
  '1002,A3,Egg Cup,6,2024-03-02,1.85,C2',
  '1003,A4,Oak Table,2,2024-04-10,1000.50,C2',
  '',
].join('\n');
// March: 6 × 2.55 + 6 × 3.39 + 6 × 1.85 = 46.74; April: 2 × 1,000.50 = 2,001.00.
const TODAY = new Date('2024-12-31T00:00:00Z');
const QUESTION = 'Revenue by month in 2024';

let file: Ingested;
beforeAll(async () => {
  const path = join(scratchDir('tally-currency-q-'), 'plain.csv');
  writeFileSync(path, CSV);
  file = await ingestWithSnapshot(path, 'plain.csv');
});

describe('query_data answer tables in the analysis currency', () => {
  it('writes euros with the sign and cents', async () => {
    const { text } = await answerWithQuery(QUESTION, file.snapshot, TODAY, 'EUR');
    expect(text).toContain('| 2024-03 | €46.74 |');
    expect(text).toContain('| 2024-04 | €2,001.00 |');
  });

  it('writes yen without minor units', async () => {
    const { text } = await answerWithQuery(QUESTION, file.snapshot, TODAY, 'JPY');
    expect(text).toContain('| 2024-03 | ¥47 |');
    expect(text).toContain('| 2024-04 | ¥2,001 |');
  });

  it('invents no symbol when the currency is unknown', async () => {
    const { text } = await answerWithQuery(QUESTION, file.snapshot, TODAY, null);
    expect(text).toContain('| 2024-03 | 46.74 |');
    expect(text).toContain('| 2024-04 | 2,001.00 |');
  });
});
