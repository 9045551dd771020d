/**
 * No advice rests on a column the file does not have (issue 14, item 8): the planted-truth
 * rows without their cost column (the no-cost dialect) must get no margin advice.
 */
import { describe, expect, it } from 'vitest';
import { createAnalyst, FOCUS_AREA_IDS } from '../../worker/agent';
import { analyse } from '../../worker/engine/analyze';
import { PLANTED, plantedTruthRows } from '../engine/fixtures/planted-truth';
import { aggregatesFromRows } from '../engine/helpers/aggregates-from-rows';
import { lastText, memoryArtifacts, memoryTranscript } from './helpers';

const noCostRows = () => plantedTruthRows().map(({ cost: _cost, ...row }) => row);

describe('advice on a file with no cost column', () => {
  const result = analyse(aggregatesFromRows(noCostRows(), 'no-cost.csv'), { asOf: PLANTED.asOf, now: new Date('2025-01-01T00:00:00Z') });

  it('is a file without margins', () => {
    expect(result.products?.marginAvailable).toBe(false);
  });

  it.each(FOCUS_AREA_IDS)('the %s report gives no margin or cost advice', async (focus) => {
    const transcript = memoryTranscript();
    await createAnalyst({ kind: 'offline' }).narrate({ result, focus, question: null, transcript, artifacts: memoryArtifacts() });
    const report = lastText(transcript.messages);
    const actions = report.split('\n').filter((line) => /^\d+\. /.test(line) || line.startsWith('**Action:**'));
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action).not.toMatch(/margin|below cost|reprice|cost/i);
    expect(report).not.toContain('thinnest');
  });
});
