/**
 * End to end on the engine's planted-truth file: rows → aggregates → `analyse()` →
 * the offline analyst. Its summary must name every planted fact.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../worker/engine/analyze';
import { PLANTED, plantedTruthRows } from '../engine/fixtures/planted-truth';
import { aggregatesFromRows } from '../engine/helpers/aggregates-from-rows';
import { narrateOffline } from './helpers';

describe('the offline analyst on the planted-truth file', async () => {
  const result = analyse(aggregatesFromRows(plantedTruthRows(), 'planted.csv'), {
    asOf: PLANTED.asOf,
    now: new Date('2025-01-01T00:00:00Z'),
  });
  const { report } = await narrateOffline(result);
  const summary = report.slice(0, report.indexOf('## Findings'));

  it('names the whale as the concentration risk', () => {
    expect(summary).toContain(`**Revenue concentration is`);
    expect(summary).toMatch(new RegExp(`${PLANTED.whale} alone brings \\d+(\\.\\d)?% of revenue`));
  });

  it('names the dominant supplier', () => {
    expect(summary).toMatch(new RegExp(`${PLANTED.dominantSupplier} supplies \\d+(\\.\\d)?% of revenue`));
  });

  it('names the product sold below cost', () => {
    expect(summary).toMatch(new RegExp(`${PLANTED.belowCost} is sold below cost: margin -`));
  });

  it('names every lapsed customer among those at risk', () => {
    const churnLine = summary.split('\n').find((line) => line.includes('of revenue is at risk')) ?? '';
    for (const name of PLANTED.lapsed) expect(churnLine).toContain(`${name} (lost,`);
  });

  it('names the product pair (in either direction) and the customer who lacks it', () => {
    const crossSellLine = summary.split('\n').find((line) => line.startsWith('- **Cross-sell**')) ?? '';
    expect(crossSellLine).toMatch(
      /customers who buy (Espresso Beans|Milk Frother) also buy (Espresso Beans|Milk Frother) in \d+(\.\d)?% of cases/,
    );
    expect(crossSellLine).toContain(PLANTED.pair[0]);
    expect(crossSellLine).toContain(PLANTED.pair[1]);
    expect(report).toContain(`Offer Milk Frother to ${PLANTED.beanLover}: Bought Espresso Beans in 25 orders`);
  });
});
