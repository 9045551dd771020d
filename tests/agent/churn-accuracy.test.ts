/**
 * "How accurate is the churn list?": the offline chat answers from the churn backtest, and
 * the churn narrative says how reliable the list was on the file's own last 90 days.
 * The backtest figures are set in the fixture, so each sentence can be checked exactly.
 */
import { describe, expect, it } from 'vitest';
import { createAnalyst } from '../../worker/agent';
import { intentOf } from '../../worker/agent/offline/intents';
import type { AnalysisResult, ChurnBacktest } from '../../worker/engine/contract';
import { wholesaleResult } from './fixtures/wholesale-result';
import { lastText, memoryArtifacts, memoryTranscript, trace } from './helpers';

const TESTED: ChurnBacktest = {
  available: true,
  note: null,
  cutoff: '2024-10-02',
  holdoutEnd: '2024-12-31',
  holdoutDays: 90,
  params: { r: 1, alpha: 10, a: 0.5, b: 5, timeUnit: 'weeks' },
  customers: 160,
  nonBuyers: 64,
  flagged: 40,
  flaggedWithoutPurchase: 32,
  precision: 0.8,
  recall: 0.5,
  naive: { rule: 'the 40 customers silent longest at the cut-off', flagged: 40, flaggedWithoutPurchase: 24, precision: 0.6, recall: 0.375 },
  lift: 0.8 / 0.6,
  calibration: [],
  predictedRepeatPurchases: 101.26,
  actualRepeatPurchases: 97,
};

function withBacktest(backtest: ChurnBacktest): AnalysisResult {
  const result = wholesaleResult();
  if (result.churn) result.churn.backtest = backtest;
  return result;
}

async function ask(question: string, result: AnalysisResult) {
  const transcript = memoryTranscript();
  await createAnalyst({ kind: 'offline' }).answer({ result, question, history: [], transcript, artifacts: memoryArtifacts() });
  return { answer: lastText(transcript.messages), trace: trace(transcript.messages) };
}

describe('how accurate is the churn list?', () => {
  it.each([
    'How accurate is the churn list?',
    'Can I trust the churn list?',
    'how reliable are the churn predictions',
    'What is the precision of the risk list?',
  ])('recognises "%s"', (question) => {
    expect(intentOf(question, wholesaleResult()).kind).toBe('churn_accuracy');
  });

  it('leaves the plain churn questions alone', () => {
    expect(intentOf('Which customers should I call this week?', wholesaleResult()).kind).toBe('churn');
    expect(intentOf('Which customers are at risk of churning?', wholesaleResult()).kind).toBe('churn');
  });

  it('answers with the backtest figures', async () => {
    const { answer, trace: calls } = await ask('How accurate is the churn list?', withBacktest(TESTED));
    expect(calls).toContain('use:get_churn_risk');
    expect(answer).toBe(
      [
        'On your last 90 days (2024-10-02 to 2024-12-31), 32 of 40 customers the list would have flagged high or lost did not order (precision 80%), and they were 50% of the 64 customers who did not order. Picking the same number of customers by longest silence alone would have been right for 24 of 40.',
        '',
        '- Tested on 160 customers who had ordered by 2024-10-02; 64 of them did not order in the 90 days to 2024-12-31.',
        '- "High or lost" as a "will not order" flag: precision 80%, recall 50%.',
        "- Picking the same number of customers by longest silence: precision 60% (the model's lift over it: 1.33×).",
        '- Repeat purchases in the window: the model predicted 101.3, there were 97.',
      ].join('\n'),
    );
  });

  it('says why there is no backtest', async () => {
    const note =
      'The data covers only 1 day; testing the churn list needs at least 6 months (183 days), so the model can be refitted without the last 90 days and checked against them.';
    const { answer } = await ask('How accurate is the churn list?', withBacktest({ available: false, note }));
    expect(answer).toBe(`The churn list could not be tested on this file: ${note}`);
  });
});

describe('a backtest that flagged a handful', () => {
  // Online Retail's 40k sample: "1 of 1 customer the list would have flagged did not order".
  const HANDFUL: ChurnBacktest = {
    ...TESTED,
    flagged: 1,
    flaggedWithoutPurchase: 1,
    precision: 1,
    recall: 1 / 64,
    naive: { ...TESTED.naive, flagged: 1, flaggedWithoutPurchase: 1, precision: 1 },
    lift: 1,
  };

  it('says it is too few to tell, in chat', async () => {
    const { answer } = await ask('How accurate is the churn list?', withBacktest(HANDFUL));
    expect(answer.split('\n')[0]).toBe(
      'On your last 90 days (2024-10-02 to 2024-12-31), the list would have flagged only 1 customer high or lost (1 of them did not order): too few to tell how reliable it is.',
    );
  });

  it('quotes no track record in the churn headline, and no verdict in the detail', async () => {
    const transcript = memoryTranscript();
    await createAnalyst({ kind: 'offline' }).narrate({
      result: withBacktest(HANDFUL),
      focus: 'comprehensive',
      question: null,
      transcript,
      artifacts: memoryArtifacts(),
    });
    const report = lastText(transcript.messages);
    expect(report).not.toContain('1 of 1 customer');
    expect(report).not.toContain("The model's precision is");
    expect(report).toContain(
      '- How reliable the list is: On your last 90 days (2024-10-02 to 2024-12-31), the list would have flagged only 1 customer high or lost (1 of them did not order): too few to tell how reliable it is.',
    );
  });
});

describe('the churn narrative', () => {
  it('says how reliable the list was on the last 90 days', async () => {
    const transcript = memoryTranscript();
    await createAnalyst({ kind: 'offline' }).narrate({
      result: withBacktest(TESTED),
      focus: 'comprehensive',
      question: null,
      transcript,
      artifacts: memoryArtifacts(),
    });
    const report = lastText(transcript.messages);
    expect(report).toContain('On your last 90 days, 32 of 40 customers the list would have flagged did not order.');
    expect(report).toContain(
      "- How reliable the list is: On your last 90 days (2024-10-02 to 2024-12-31), 32 of 40 customers the list would have flagged high or lost did not order (precision 80%), and they were 50% of the 64 customers who did not order. Picking the same number of customers by longest silence alone would have been right for 24 of 40. The model's precision is 1.33× that of picking the customers silent longest.",
    );
  });
});
