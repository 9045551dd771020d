/**
 * The snapshot names the number columns no figure is made from, so that chat can refuse a
 * question about one ("the discount impact on profit") instead of answering without it;
 * the names survive the Parquet file chat reads from R2.
 */
import { describe, expect, it } from 'vitest';
import { readParquetSnapshot } from '../../../worker/engine/snapshot/parquet-read';
import { ingestCsv } from '../query/snapshot-of';

const SALES = `Order Date,Customer,Sales,Quantity,Discount,Profit,Postal Code
2024-01-05,Acme,100,2,0.2,10,10001
2024-01-06,Bolt,50,1,0,5,94110
`;

describe('the number columns no figure is made from', () => {
  it('are Discount and Postal Code, not the amount, quantity or profit the analysis reads', async () => {
    const { snapshot, parquet } = await ingestCsv(SALES);
    expect(snapshot.meta.unusedNumbers).toEqual(['Discount', 'Postal Code']);
    expect(readParquetSnapshot(parquet).meta.unusedNumbers).toEqual(['Discount', 'Postal Code']);
  });
});
