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

// "What is revenue in euros?" on a file of dollars got its dollars as if they were euros.
describe('money asked in a currency', () => {
  const FACTS = { lastPurchaseOf: () => null };
  const ask = (question: string, currency: string | null) => answerWithQuery(question, file.snapshot, TODAY, currency, FACTS);

  it("is read in the file's own currency, by name or code", async () => {
    for (const question of [
      'Revenue in April 2024 in euros',
      'Revenue in April 2024 in EUR',
      'How many euros did we make in April 2024?',
    ]) {
      const { text, result } = await ask(question, 'EUR');
      expect(result?.understood, question).toBe('revenue, 2024-04-01 … 2024-04-30');
      expect(text).toContain('| €2,001.00 |');
    }
  });

  it('is refused in another currency: nothing converts it', async () => {
    const { text, result } = await ask('What was revenue in dollars in March 2024?', 'EUR');
    expect(result).toBeNull();
    expect(text).toContain(
      "This file's amounts are in EUR, and I don't convert currencies, so I can't give them in dollars. Ask without “in dollars” for the figures in EUR.",
    );
    const code = await ask('Revenue by month in 2024 in chf', 'EUR');
    expect(code.text).toContain("so I can't give them in CHF. Ask without “in chf” for the figures in EUR.");
  });

  it('"dollars" are any dollar, "US dollars" only USD', async () => {
    expect((await ask('Revenue in April 2024 in dollars', 'CAD')).text).toContain('| CA$2,001.00 |');
    expect((await ask('Revenue in April 2024 in US dollars', 'CAD')).text).toContain("This file's amounts are in CAD");
  });

  it('is answered with a note when the file names no currency', async () => {
    const { text, result } = await ask('Revenue in March 2024 in pounds', null);
    expect(result?.rows).toEqual([[46.74]]);
    expect(text).toContain('The file names no currency: these are its amounts as they stand, not converted to pounds.');
  });

  it('leaves a count alone: no money is asked', async () => {
    const { text } = await ask('How many orders in dollars?', 'EUR');
    expect(text).not.toContain('convert');
  });
});
