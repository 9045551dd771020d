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
  customers: 40,
  nonBuyers: 16,
  flagged: 10,
  flaggedWithoutPurchase: 8,
  precision: 0.8,
  recall: 0.5,
  naive: { rule: 'the 10 customers silent longest at the cut-off', flagged: 10, flaggedWithoutPurchase: 6, precision: 0.6, recall: 0.375 },
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
        'On your last 90 days (2024-10-02 to 2024-12-31), 8 of 10 customers the list would have flagged high or lost did not order (precision 80%), and they were 50% of the 16 customers who did not order. Picking the same number of customers by longest silence alone would have been right for 6 of 10.',
        '',
        '- Tested on 40 customers who had ordered by 2024-10-02; 16 of them did not order in the 90 days to 2024-12-31.',
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
    expect(report).toContain('On your last 90 days, 8 of 10 customers the list would have flagged did not order.');
    expect(report).toContain(
      "- How reliable the list is: On your last 90 days (2024-10-02 to 2024-12-31), 8 of 10 customers the list would have flagged high or lost did not order (precision 80%), and they were 50% of the 16 customers who did not order. Picking the same number of customers by longest silence alone would have been right for 6 of 10. The model's precision is 1.33× that of picking the customers silent longest.",
    );
  });
});
