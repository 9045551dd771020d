/**
 * `boughtWith` on hand-checked rows: the orders holding a product, the other products in
 * them, and how often each is in any order, with the analysis' basket rules (an order's
 * distinct products on lines that are no return).
 */
import { describe, expect, it } from 'vitest';
import { boughtWith } from '../../../worker/engine/query/bought-with';
import { ingestCsv } from './snapshot-of';

// Baskets: 1 {Pen, Ink} (Ink twice), 2 {Pen, Pad}, 3 {Ink}, 4 {Pad}, 6 {Pen}; the credit note
// C5 and the returned Ink in order 6 are no basket lines. Pen is in 3 of 5 orders; Ink and
// Pad are each with it once, and each in 2 orders: lift (1/3) / (2/5) = 5/6.
const SALES = `Invoice,Date,Customer,Product,Amount
1,2024-01-01,A,Pen,10
1,2024-01-01,A,Ink,5
1,2024-01-01,A,Ink,5
2,2024-01-02,B,Pen,10
2,2024-01-02,B,Pad,3
3,2024-01-03,C,Ink,5
4,2024-01-04,D,Pad,3
C5,2024-01-05,B,Pen,-10
6,2024-01-06,E,Pen,10
6,2024-01-06,E,Ink,-5
`;

describe('what is bought with a product', () => {
  it('counts the other products in its orders, once an order, with confidence and lift', async () => {
    const { snapshot } = await ingestCsv(SALES);
    const together = await boughtWith(snapshot, { dimension: 'product', values: ['Pen'] }, 5);
    expect(together).toMatchObject({ values: ['Pen'], orders: 5, ordersWith: 3, companions: 2, byOrderId: true });
    expect(together.rows.map((r) => [r.product, r.both])).toEqual([
      ['Ink', 1],
      ['Pad', 1],
    ]);
    for (const row of together.rows) {
      expect(row.confidence).toBeCloseTo(1 / 3, 12);
      expect(row.lift).toBeCloseTo(5 / 6, 12);
    }
  });

  it('counts what is bought with any product of a category, leaving the category out', async () => {
    // Writing: Pen and Ink. Orders with either: 1, 2, 3, 6; Pad is in order 2 of them, and in 2 of 5 orders.
    const { snapshot } = await ingestCsv(
      SALES.replace('Invoice,Date,Customer,Product,Amount', 'Invoice,Date,Customer,Product,Category,Amount')
        .replace(/,(Pen|Ink),/g, ',$1,Writing,')
        .replace(/,Pad,/g, ',Pad,Paper,'),
    );
    const together = await boughtWith(snapshot, { dimension: 'category', values: ['Writing'] }, 5);
    expect(together).toMatchObject({ values: ['Writing'], orders: 5, ordersWith: 4, companions: 1 });
    expect(together.rows.map((r) => [r.product, r.both])).toEqual([['Pad', 1]]);
    expect(together.rows[0].lift).toBeCloseTo(1 / 4 / (2 / 5), 12);
  });

  it('keeps the most frequent companions only, and refuses a product the rows lack', async () => {
    const { snapshot } = await ingestCsv(SALES);
    expect((await boughtWith(snapshot, { dimension: 'product', values: ['Pen'] }, 1)).rows.map((r) => r.product)).toEqual(['Ink']);
    await expect(boughtWith(snapshot, { dimension: 'product', values: ['Stapler'] }, 5)).rejects.toThrow(
      'No product in the rows is called "Stapler".',
    );
  });
});
