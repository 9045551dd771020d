/**
 * The trend's action names a month to plan for only when it was the weakest of both of the
 * last two whole years. It said "Plan stock and promotions around the weakest month
 * (2018-02)" for Superstore, whose analysis date is 2021-12-30. Hand-made monthly rows.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../worker/engine/analyze';
import { datasetPath } from '../engine/helpers/datasets';
import { ingestCsv, ingestWithSnapshot } from '../engine/query/snapshot-of';
import { narrateOffline } from './helpers';

/**
 * One sale in every month of 2022 and 2023, 100 each but for the months given; the first on
 * 1 January and the last on 31 December, so that no month is partial.
 */
function monthlySales(low: Record<string, number>): string {
  const lines = ['Invoice,Date,Customer,Amount'];
  let invoice = 1;
  for (const year of [2022, 2023])
    for (let month = 1; month <= 12; month++) {
      const key = `${year}-${String(month).padStart(2, '0')}`;
      const day = key === '2022-01' ? '01' : key === '2023-12' ? '31' : '10';
      lines.push(`${invoice++},${key}-${day},${invoice % 2 ? 'Acme' : 'Bolt'},${low[key] ?? 100}`);
    }
  return `${lines.join('\n')}\n`;
}

describe('the trend action', () => {
  it('plans for February when it was the weakest month of 2022 and 2023', async () => {
    const { report } = await narrateOffline(analyse((await ingestCsv(monthlySales({ '2022-02': 50, '2023-02': 60 }))).aggregates));
    expect(report).toContain('Plan stock and promotions for February: it was the weakest month of both 2022 (50.00) and 2023 (60.00).');
  });

  it('names no month when the weakest months of the two years differ', async () => {
    const { report } = await narrateOffline(analyse((await ingestCsv(monthlySales({ '2022-02': 50, '2023-03': 60 }))).aggregates));
    expect(report).not.toContain('Plan stock');
  });

  it('names no month for Superstore, whose weakest were 2020-01 and 2021-02 (it named 2018-02)', async () => {
    const file = await ingestWithSnapshot(datasetPath('superstore/Sample - Superstore.csv'));
    const { report } = await narrateOffline(analyse(file.aggregates));
    expect(report).not.toContain('Plan stock');
    expect(report).not.toContain('2018-02)');
  });
});
