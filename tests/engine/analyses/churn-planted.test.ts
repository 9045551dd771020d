/**
 * The churn list on the planted-truth file, in every export dialect and with both rhythms:
 * loyal key accounts in an ordinary pause are never flagged high or lost, and at least
 * 90% of the customers who stopped buying four months before the end are.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../../worker/engine/analyze';
import { ingest } from '../../../worker/engine/ingest';
import { PLANTED, PLANTED_DIALECTS, plantedTruthCsv } from '../fixtures/planted-truth';

describe.each(['regular', 'noisy'] as const)('planted loyal and lapsed customers, %s rhythms', (rhythm) => {
  it.each(PLANTED_DIALECTS)('holds the bounds in the %s dialect', async (dialect) => {
    async function* bytes(): AsyncIterable<Uint8Array> {
      yield new TextEncoder().encode(plantedTruthCsv(dialect, rhythm));
    }
    const aggregates = await ingest(bytes(), { fileName: `planted-${dialect}.csv`, asOf: PLANTED.asOf });
    const churn = analyse(aggregates, { asOf: PLANTED.asOf, now: new Date('2025-01-01T00:00:00Z') }).churn;
    expect(churn?.model).toBe('bg-nbd');
    const loyal = churn?.customers.filter((c) => PLANTED.loyal.includes(c.name)) ?? [];
    const lapsed = churn?.customers.filter((c) => PLANTED.lapsed.includes(c.name)) ?? [];
    expect(loyal).toHaveLength(PLANTED.loyal.length);
    expect(lapsed).toHaveLength(PLANTED.lapsed.length);
    expect(loyal.filter((c) => c.risk === 'high' || c.risk === 'lost').map((c) => c.name)).toEqual([]);
    const flagged = lapsed.filter((c) => c.risk === 'high' || c.risk === 'lost').length;
    expect(flagged / lapsed.length).toBeGreaterThanOrEqual(0.9);
    for (const c of [...loyal, ...lapsed]) {
      expect(c.silenceProbability).toBeGreaterThan(0);
      expect(c.silenceProbability).toBeLessThanOrEqual(1);
    }
  });
});

describe('the regular rhythm plants the pause the old 2× gap rule flagged', () => {
  it('has loyal customers silent for more than twice their typical gap at the end', async () => {
    async function* bytes(): AsyncIterable<Uint8Array> {
      yield new TextEncoder().encode(plantedTruthCsv('clean', 'regular'));
    }
    const aggregates = await ingest(bytes(), { fileName: 'planted.csv', asOf: PLANTED.asOf });
    const churn = analyse(aggregates, { asOf: PLANTED.asOf }).churn;
    const paused = churn?.customers.filter(
      (c) => PLANTED.loyal.includes(c.name) && c.typicalGapDays !== null && (c.daysSinceLastOrder ?? 0) > 2 * c.typicalGapDays,
    );
    expect(paused?.length).toBe(4);
    expect(paused?.every((c) => c.risk === 'medium')).toBe(true);
  });
});
