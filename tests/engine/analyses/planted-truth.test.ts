import { describe, expect, it } from 'vitest';
import { analyse } from '../../../worker/engine/analyze';
import { ingest } from '../../../worker/engine/ingest';
import { renderArtifacts } from '../../../worker/engine/render';
import { PLANTED, plantedTruthCsv, plantedTruthRows } from '../fixtures/planted-truth';
import { aggregatesFromRows } from '../helpers/aggregates-from-rows';
import { analysisOf } from '../helpers/analysis-of';

describe('the planted-truth file: every planted fact is found and reported', () => {
  const result = analysisOf(aggregatesFromRows(plantedTruthRows(), 'planted.csv'), PLANTED.asOf);
  const files = new Map(renderArtifacts(result).map((file) => [file.name, String(file.body)]));
  const report = (name: string): string => files.get(name) ?? '';

  it('finds the whale as top customer and key-account risk', () => {
    expect(result.concentration?.topCustomer?.name).toBe(PLANTED.whale);
    expect(result.concentration?.keyAccounts.map((a) => a.name)).toEqual([PLANTED.whale]);
    expect(report('concentration.md')).toContain(`Key-account risk: ${PLANTED.whale} alone brings`);
    expect(report('executive-summary.md')).toContain(`Protect your key accounts with agreements and a second contact: ${PLANTED.whale}.`);
  });

  it('fits BG/NBD and rates every lapsed customer lost, first on the call list', () => {
    expect(result.churn?.model).toBe('bg-nbd');
    const lapsed = result.churn?.customers.filter((c) => PLANTED.lapsed.includes(c.name)) ?? [];
    expect(lapsed.map((c) => c.risk)).toEqual(['lost', 'lost', 'lost', 'lost', 'lost']);
    expect(new Set(result.churn?.customers.slice(0, 5).map((c) => c.name))).toEqual(new Set(PLANTED.lapsed));
    const callLine =
      report('churn.md')
        .split('\n')
        .find((line) => line.startsWith('- Call these')) ?? '';
    for (const name of PLANTED.lapsed) expect(callLine).toContain(name);
  });

  it('rates the whale, who still buys weekly, low risk', () => {
    expect(result.churn?.customers.find((c) => c.name === PLANTED.whale)?.risk).toBe('low');
  });

  it('flags the product sold below cost, and only that one', () => {
    const negative = result.products?.flags.filter((f) => f.kind === 'negative-margin') ?? [];
    expect(negative.map((f) => f.name)).toEqual([PLANTED.belowCost]);
    // Every sale of it is at 20 against a unit cost of 26.
    expect(report('products.md')).toContain(
      `Reprice or drop the products that make no money on most of what they sell: ${PLANTED.belowCost}.`,
    );
  });

  it('flags the dominant supplier above 30%', () => {
    expect(result.suppliers?.items[0].name).toBe(PLANTED.dominantSupplier);
    expect(result.suppliers?.topShare).toBeGreaterThan(0.3);
    expect(result.suppliers?.flags).toHaveLength(1);
    expect(result.suppliers?.flags[0]).toContain(PLANTED.dominantSupplier);
    expect(report('suppliers.md')).toContain(`Qualify a second source for ${PLANTED.dominantSupplier}`);
  });

  it('finds the strong pair as the top rules, both ways', () => {
    const top = result.crossSell?.rules.slice(0, 2).map((r) => `${r.antecedent.name} → ${r.consequent.name}`);
    expect(new Set(top)).toEqual(new Set([`${PLANTED.pair[0]} → ${PLANTED.pair[1]}`, `${PLANTED.pair[1]} → ${PLANTED.pair[0]}`]));
  });

  it('makes the bean lover the top cross-sell opportunity: the frother', () => {
    const first = result.crossSell?.opportunities[0];
    expect(first?.customer.name).toBe(PLANTED.beanLover);
    expect(first?.product.name).toBe(PLANTED.pair[1]);
    expect(first?.because).toMatch(
      /^Bought Espresso Beans in 25 orders \(7,500\.00\) but never Milk Frother; \d+\.\d% of orders with Espresso Beans also include it/,
    );
  });
});

describe('the planted-truth file as CSV, through the real ingest and analyse()', () => {
  it('finds the whale, the lapsed customers, the loss-maker, the dominant supplier and the pair', async () => {
    async function* bytes(): AsyncIterable<Uint8Array> {
      yield new TextEncoder().encode(plantedTruthCsv());
    }
    const aggregates = await ingest(bytes(), { fileName: 'planted.csv', asOf: PLANTED.asOf });
    const result = analyse(aggregates, { asOf: PLANTED.asOf, now: new Date('2025-01-01T00:00:00Z') });
    expect(result.concentration?.keyAccounts.map((a) => a.name)).toEqual([PLANTED.whale]);
    expect(new Set(result.churn?.customers.slice(0, 5).map((c) => `${c.name}:${c.risk}`))).toEqual(
      new Set(PLANTED.lapsed.map((name) => `${name}:lost`)),
    );
    expect(result.products?.flags.filter((f) => f.kind === 'negative-margin').map((f) => f.name)).toEqual([PLANTED.belowCost]);
    expect(result.suppliers?.items[0].name).toBe(PLANTED.dominantSupplier);
    expect(result.suppliers?.flags).toHaveLength(1);
    expect(new Set(result.crossSell?.rules.slice(0, 2).map((r) => r.antecedent.name))).toEqual(new Set(PLANTED.pair));
    expect(result.crossSell?.opportunities[0].customer.name).toBe(PLANTED.beanLover);
  });
});
