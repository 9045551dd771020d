/**
 * A change as a percentage of the earlier figure, on hand-checked rows: a figure that is the
 * noise of lines cancelling out (0.1 + 0.2 − 0.3 is 5.55e-17 in floating point, not 0) is
 * nothing to grow from, so it has no % change, as a figure of 0 has none. A B2B clamp whose
 * 2023 lines netted to 9.09e-13 fell "−817,535,273,763,078,100.0%" in 2024.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

const SALES = `Date,Customer,Amount
2023-03-01,Acme,0.1
2023-03-01,Acme,0.2
2023-03-02,Acme,-0.3
2023-03-02,Bolt,40
2024-03-01,Acme,10
2024-03-02,Bolt,50
`;

describe('a % change from what lines cancelling out leave', () => {
  it('is none, where a real earlier figure has one', async () => {
    expect(0.1 + 0.2 - 0.3).not.toBe(0);
    const result = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['customer'],
      period: { from: '2024-03-01', to: '2024-03-02' },
      compareTo: { from: '2023-03-01', to: '2023-03-02' },
    });
    const byCustomer = Object.fromEntries(result.rows.map((row) => [row[0], row.slice(1)]));
    expect(byCustomer.Acme[0]).toBe(10);
    expect(byCustomer.Acme[3]).toBeNull();
    expect(byCustomer.Bolt).toEqual([50, 40, 10, 25]);
  });

  it('ranks such a row after every row with a % change', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['customer'],
      period: { from: '2024-03-01', to: '2024-03-02' },
      compareTo: { from: '2023-03-01', to: '2023-03-02' },
      sort: { by: 'revenue', direction: 'desc', on: 'percentChange' },
    });
    expect(result.rows.map((row) => row[0])).toEqual(['Bolt', 'Acme']);
  });
});
