/**
 * Chat about cohorts and NRR (issue 16 part 1), offline, over the hand-computed two-year
 * file of tests/engine/retention/cohorts.test.ts: NRR 250/440 = 56.8%, GRR 220/440 = 50%,
 * quarterly cohorts; the 2023-Q2 cohort {F} bought in 2023-Q2 and again in 2024-Q1 (3
 * quarters later). The row snapshot is attached, so the question must not fall to the
 * row grammar (which would read "revenue" as a revenue total).
 */
import { describe, expect, it } from 'vitest';
import { retentionIntentOf } from '../../worker/agent/offline/retention-intents';
import { analyse } from '../../worker/engine/analyze';
import { memorySnapshot } from '../../worker/engine/snapshot/memory';
import { ingestBytes } from '../engine/ingest/helpers';
import { askOffline } from './helpers';

const CSV = [
  'Invoice,Date,Customer,Product,Quantity,Price',
  '1,2023-01-02,J,P1,1,10',
  '2,2023-03-10,E,P1,1,100',
  '3,2023-06-10,F,P1,2,100',
  '4,2023-09-10,G,P1,1,50',
  '5,2023-11-10,H,P1,1,80',
  'C6,2024-01-10,H,P1,-1,20',
  '7,2024-02-10,F,P1,1,120',
  '8,2024-03-10,I,P1,1,60',
  '9,2024-05-10,E,P1,1,150',
  '10,2024-12-30,I,P1,1,5',
].join('\n');

async function ask(question: string) {
  const memory = memorySnapshot();
  const agg = await ingestBytes(`${CSV}\n`, { fileName: 'nrr.csv', snapshot: memory.consumer });
  const result = analyse(agg, { now: new Date('2025-01-01T00:00:00Z') });
  return askOffline(question, result, memory.snapshot());
}

describe('retention questions in chat', () => {
  it('answers "what is our net revenue retention?" with NRR and GRR, stating how it understood the question', async () => {
    const { answer, trace: steps } = await ask('What is our net revenue retention?');
    expect(steps).toEqual(['use:get_retention', 'result:get_retention', 'text']);
    expect(answer).toContain('I understood: **cohort retention**');
    // I (5 in 2024-12) adds to the current window but is not in the base: NRR stays 250/440.
    expect(answer).toContain(
      'Net revenue retention 56.8%, gross revenue retention 50.0%: 5 customers bought 440.00 in 2023-01-01 … 2023-12-31 and 250.00 in 2024-01-01 … 2024-12-31',
    );
    expect(answer).toContain('(expansion 50.00, contraction 80.00, churn 160.00)');
    // It led with one cohort's retention: the whole book's figure comes first. E and F bought
    // again in 2024; H's only 2024 line is a credit note.
    expect(answer.split('\n')[2]).toMatch(/^Net revenue retention 56\.8%, .*; 2 of them still buy\.$/);
  });

  it('reads a cohort and "after 6 months" as 2 quarters of quarterly cohorts', async () => {
    const { answer } = await ask('How did customers won in Q2 2023 do after 6 months?');
    expect(answer).toContain('cohort 2023-Q2, after 2 quarters');
    // {F}: 2023-Q2 yes, Q3 no, Q4 no, 2024-Q1 yes, then no.
    expect(answer).toContain('2023-Q2: 1 customer; share buying by quarter since the first: 100.0%, 0.0%, 0.0%, 100.0%, 0.0%, 0.0%, 0.0%.');
  });

  // "What is our net revenue retention in 2019?" got the last year's 96.4% on Superstore: the year named was read nowhere.
  it.each([
    ['What is our net revenue retention in 2023?', '2023', '2022 and 2023'],
    ['NRR for 2023 compared to 2022?', '2023 or 2022', '2022 and 2023'],
  ])('"%s" is refused: NRR is the last 12 months against the 12 before', async (question, years, both) => {
    const { answer } = await ask(question);
    expect(answer).toBe(
      `Net revenue retention is worked out for the last 12 months against the 12 before (2024-01-01 … 2024-12-31 against 2023-01-01 … 2023-12-31), not for ${years} yet. Customers who bought in one year and again in the next I can count: “Which customers bought in both ${both}?”.`,
    );
  });

  // Retention of other years, without "net revenue": the cohorts or the customers of both years.
  it.each([
    [
      'Show retention for the 2023 cohort',
      'Cohorts here are quarterly: name one, such as “retention of the 2023-Q1 cohort”, or ask for the net revenue retention, the last 12 months against the 12 before.',
    ],
    [
      'Customer retention rate from 2022 to 2023',
      'Retention here is of quarterly cohorts, and net revenue retention of the last 12 months against the 12 before, not of 2022 or 2023 yet. Customers who bought in one year and again in the next I can count: “Which customers bought in both 2022 and 2023?”.',
    ],
  ])('"%s" is refused, with what can be asked', async (question, reason) => {
    const { answer } = await ask(question);
    expect(answer).toBe(reason);
  });

  it.each(['What is our NRR in 2024?', 'Net revenue retention from 2023 to 2024'])(
    '"%s" is the NRR of 2024 against 2023',
    async (question) => {
      const { answer } = await ask(question);
      expect(answer).toContain('Net revenue retention 56.8%, gross revenue retention 50.0%');
    },
  );

  it('refuses a cohort the file does not have, naming the range', async () => {
    const { answer } = await ask('retention of the 2019-Q1 cohort');
    expect(answer).toContain('No quarter cohort "2019-Q1". Cohorts run from 2023-Q1 to 2024-Q4');
  });
});

describe('the retention intent', () => {
  it.each([
    ['What is our NRR?', null],
    ['show me the cohort table', null],
    ['how many customers won in March 2025 came back?', '2025-03'],
    ['retention of 2024 q3', '2024-Q3'],
  ])('recognises %j', (question, cohort) => {
    expect(retentionIntentOf(question)?.cohort ?? null).toBe(cohort);
  });

  it('leaves other questions alone', () => {
    expect(retentionIntentOf('revenue in Q1 2025 vs Q1 2024')).toBeNull();
    expect(retentionIntentOf('who are my top customers?')).toBeNull();
  });
});
