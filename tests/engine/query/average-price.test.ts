/**
 * The average price on hand-checked rows: the revenue of the rows with a quantity over their
 * units, returns netted out of both; rows without a quantity are left out of it, and a row
 * whose units cancel out has no price rather than a division by zero.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

// Bolt: 10 × 2.00 and 5 × 3.00, one returned at 3.00 → 32 over 14 units. Nut: 4 units at 1.50,
// all returned → no price. Cap: an amount without a quantity → left out of every price.
const SALES = `Date,Customer,Product,Quantity,Amount
2024-01-05,Acme,Bolt,10,20
2024-01-06,Bolt Co,Bolt,5,15
2024-01-07,Acme,Bolt,-1,-3
2024-01-08,Cora,Nut,4,6
2024-01-09,Cora,Nut,-4,-6
2024-01-10,Dune,Cap,,9
`;

describe('the average price', () => {
  it('is revenue over units, returns netted out: Bolt 32 / 14', async () => {
    const result = await queryCsv(SALES, {
      measures: ['averagePrice', 'units'],
      groupBy: ['product'],
      sort: { by: 'units', direction: 'desc' },
    });
    expect(result.columns.map((c) => [c.label, c.kind])).toEqual([
      ['product', 'text'],
      ['average price', 'money'],
      ['units', 'number'],
    ]);
    expect(result.rows[0][0]).toBe('Bolt');
    expect(result.rows[0][1] as number).toBeCloseTo(32 / 14, 12);
  });

  it('has no value where the units cancel out (Nut) and leaves a row without a quantity out (Cap)', async () => {
    const result = await queryCsv(SALES, { measures: ['averagePrice'], groupBy: ['product'] });
    const price = new Map(result.rows.map((row) => [row[0], row[1]]));
    expect(price.get('Nut')).toBeNull();
    expect(price.get('Cap')).toBeNull();
  });

  it('over the whole file is 32 over 14 too: the Cap amount has no units and Nut nets to nothing', async () => {
    const result = await queryCsv(SALES, { measures: ['averagePrice'] });
    expect(result.rows[0][0] as number).toBeCloseTo(32 / 14, 12);
  });

  it('is refused for a file without quantities', async () => {
    await expect(queryCsv('Date,Customer,Amount\n2024-01-05,Acme,10\n', { measures: ['averagePrice'] })).rejects.toThrow(
      'This file has no quantity column, so there is no price per unit to work out.',
    );
  });
});
