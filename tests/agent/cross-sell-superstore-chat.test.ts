/**
 * The offline analyst on Superstore, whose cross-sell rules are sub-category rules: the
 * transcript and chat say so, and an answer about a customer without a suggestion states
 * only what the results show (it used to claim they "already buy the products that
 * usually go together", which nothing computed).
 */
import { createReadStream } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyst } from '../../worker/agent';
import { analyse } from '../../worker/engine/analyze';
import type { AnalysisResult } from '../../worker/engine/contract';
import { ingest } from '../../worker/engine/ingest';
import { datasetPath } from '../engine/helpers/datasets';
import { assistantTexts, lastText, memoryArtifacts, memoryTranscript, narrateOffline } from './helpers';

let result: AnalysisResult;

beforeAll(async () => {
  const stream = createReadStream(datasetPath('superstore/Sample - Superstore.csv')) as unknown as AsyncIterable<Uint8Array>;
  result = analyse(await ingest(stream, { fileName: 'Sample - Superstore.csv' }), { now: new Date('2025-01-01T00:00:00Z') });
}, 60_000);

async function ask(question: string): Promise<string> {
  const transcript = memoryTranscript();
  await createAnalyst({ kind: 'offline' }).answer({ result, question, history: [], transcript, artifacts: memoryArtifacts() });
  return lastText(transcript.messages);
}

describe('cross-sell chat on Superstore (sub-category rules)', () => {
  it('narrates the rules as sub-category rules bought by the same customers', async () => {
    const { messages } = await narrateOffline(result);
    const text = assistantTexts(messages).join('\n');
    expect(text).toContain(
      '**Cross-sell**: No product pair is frequent enough, so these are sub-category rules (sub-categories bought by the same customers). Customers who buy Machines also buy Fasteners in 36.4% of cases (lift 1.51).',
    );
    expect(text).toContain('Offer Chairs (sub-category) to Sean Miller');
    expect(text).not.toMatch(/already buy/i);
  });

  it('answers "what goes with" with the sub-category rules, named as such', async () => {
    const answer = await ask('What goes with Machines?');
    expect(answer.split('\n')[0]).toBe('Sub-categories bought by the same customers (no product pair is frequent enough):');
    expect(answer).toContain('- Machines → Fasteners: confidence 36.4%, lift 1.51');
  });

  it('suggests a sub-category, not a product, to a customer with an opportunity', async () => {
    const top = result.crossSell?.opportunities[0];
    const answer = await ask(`What should I sell to ${top?.customer.name}?`);
    expect(answer).toBe(`Cross-sell suggestions:\n- Offer Chairs (sub-category) to Sean Miller: ${top?.because}`);
  });

  it('says a customer outside the list is not among the strongest suggestions, never that they already buy the pairs', async () => {
    const listed = new Set(result.crossSell?.opportunities.map((o) => o.customer.id));
    const customer = result.segments?.customers.find((c) => !listed.has(c.id));
    expect(result.crossSell?.opportunitiesFound).toBeGreaterThan(200);
    const answer = await ask(`What should I sell to ${customer?.name}?`);
    expect(answer).toBe(
      `That customer is not among the 200 strongest cross-sell suggestions (of ${result.crossSell?.opportunitiesFound} found), so I have none to give for them.`,
    );
    expect(answer).not.toMatch(/already buy/i);
  });
});
