/**
 * "Who are our newest customers?" was answered with the top customers by revenue, and "Who
 * are our new customers?" with a count of every customer whose first order is in the file.
 * Newest and longest-standing customers are ranked by their first order (a purchase, not a
 * credit note); the rows below are checked by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../worker/engine/contract';
import { analyse } from '../../worker/engine/analyze';
import type { Snapshot } from '../../worker/engine/snapshot/columns';
import { ingestCsv } from '../engine/query/snapshot-of';
import { askOffline } from './helpers';

// First orders: Acme 2024-01-05 (the file's first day), Bolt 2024-03-06, Eve 2024-04-01,
// Cora 2024-05-08. Dune has only a credit note, so no first order.
const SALES = `Invoice,Date,Customer,Country,Amount
1,2024-01-05,Acme,France,100
2,2024-03-06,Bolt,Germany,50
3,2024-02-07,Acme,France,30
4,2024-05-08,Cora,Germany,40
C5,2024-06-09,Dune,France,-10
6,2024-04-01,Eve,France,20
`;
let result: AnalysisResult;
let snapshot: Snapshot;

beforeAll(async () => {
  const ingested = await ingestCsv(SALES);
  result = analyse(ingested.aggregates);
  snapshot = ingested.snapshot;
});

describe('customers by their first order', () => {
  it('"Who are our newest customers?" lists them newest first (it gave the top customers by revenue)', async () => {
    const { answer } = await askOffline('Who are our newest customers?', result, snapshot);
    expect(answer).toBe(
      [
        'Newest 4 customers, by their first order:',
        '1. Cora: first order 2024-05-08, 40.00 since (1 order)',
        '2. Eve: first order 2024-04-01, 20.00 since (1 order)',
        '3. Bolt: first order 2024-03-06, 50.00 since (1 order)',
        '4. Acme: first order 2024-01-05, 130.00 since (2 orders)',
      ].join('\n'),
    );
  });

  it('"Who are our 2 oldest customers?" says a first order on the file\'s first day may not be the first ever', async () => {
    const { answer } = await askOffline('Who are our 2 oldest customers?', result, snapshot);
    expect(answer).toBe(
      [
        'Longest-standing 2 customers, by their first order:',
        '1. Acme: first order 2024-01-05, 130.00 since (2 orders)',
        '2. Bolt: first order 2024-03-06, 50.00 since (1 order)',
        '',
        'The file starts on 2024-01-05: a first order that day is the first in the file, and the customer may have bought before it.',
      ].join('\n'),
    );
  });

  it('"Who are our newest customers in Germany?" keeps to the region (as the job passes it: rows and regions)', async () => {
    const regions = { Acme: 'France', Bolt: 'Germany', Cora: 'Germany', Dune: 'France', Eve: 'France' };
    const { answer } = await askOffline('Who are our newest customers in Germany?', result, snapshot, regions);
    expect(answer).toBe(
      [
        'Newest 2 customers in Germany, by their first order:',
        '1. Cora: first order 2024-05-08, 40.00 since (1 order)',
        '2. Bolt: first order 2024-03-06, 50.00 since (1 order)',
      ].join('\n'),
    );
  });

  it('lists every customer who shares the last first day, at one place (a one-day file ties them all)', async () => {
    const oneDay = await ingestCsv('Invoice,Date,Customer,Amount\n1,2024-03-01,Cora,10\n2,2024-03-01,Acme,20\n3,2024-03-01,Bolt,30\n');
    const { answer } = await askOffline('Who are our 2 newest customers?', analyse(oneDay.aggregates), oneDay.snapshot);
    expect(answer).toBe(
      [
        'Newest 3 customers, by their first order:',
        '- 1\\. Acme: first order 2024-03-01, 20.00 since (1 order)',
        '- 1\\. Bolt: first order 2024-03-01, 30.00 since (1 order)',
        '- 1\\. Cora: first order 2024-03-01, 10.00 since (1 order)',
        '',
        '3 customers tie for place 1, so all of them are shown.',
      ].join('\n'),
    );
  });

  it('"How many new customers did we get?" asks for a period (it counted every customer)', async () => {
    const { answer } = await askOffline('How many new customers did we get?', result, snapshot);
    expect(answer).toMatch(
      /^I can't answer that exactly\. New customers are counted within a period \(first order in it\); name one, such as "How many new customers did we get last quarter\?", or ask for them by month\./,
    );
  });

  it('"new customers by month" counts each month\'s first orders: Jan 1, Mar 1, Apr 1, May 1', async () => {
    const { answer } = await askOffline('new customers by month', result, snapshot);
    expect(answer).toContain('| 2024-01 | 1 |');
    expect(answer).toContain('| 2024-02 | 0 |');
    expect(answer).toContain('| 2024-05 | 1 |');
  });
});
