/**
 * A filter by a name's first words ("Hy-Vee", "Titos"): every value whose name begins with
 * them, whole words, case and apostrophes aside; the result says which values it kept.
 * Hand-checked rows.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

const SALES = `Date,Customer,Product,Amount
2024-01-05,Hy-Vee #3 / Dubuque,Titos Vodka,100
2024-01-06,HY-VEE Food Store,Tito's Handmade Vodka,40
2024-01-07,Hy-Veer Liquor,Titos Vodka,25
2024-01-08,Bolton Ltd,Bolt 20mm,10
2024-01-09,Sid's Beverage Shop,Bolt 30mm,5
2024-01-10,Hy-Vee #3 / Dubuque,Boltons Best,1
`;

describe('values by the first words of their names', () => {
  it('keeps whole leading words only, whatever the case', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenue', 'customers'],
      filters: [{ dimension: 'customer', values: ['Hy-Vee'], match: 'startsWith' }],
    });
    // "Hy-Veer Liquor" starts with other words: 100 + 40 + 1.
    expect(result.understood).toBe('revenue, customers, customer name starting with “Hy-Vee”');
    expect(result.rows).toEqual([[141, 2]]);
    expect(result.note).toBe('“Hy-Vee” is read as the 2 customers whose names start with it: Hy-Vee \\#3 / Dubuque and HY-VEE Food Store.');
  });

  it('reads "Tito\'s" and "Titos" as one word, and "Bolt" is not "Bolton" or "Boltons"', async () => {
    const titos = await queryCsv(SALES, {
      measures: ['revenue'],
      filters: [{ dimension: 'product', values: ['Titos'], match: 'startsWith' }],
    });
    expect(titos.rows).toEqual([[165]]);
    const bolt = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['product'],
      filters: [{ dimension: 'product', values: ['bolt'], match: 'startsWith' }],
    });
    expect(bolt.rows).toEqual([
      ['Bolt 20mm', 10],
      ['Bolt 30mm', 5],
    ]);
  });

  it('leaves them out, and says which', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenue'],
      filters: [{ dimension: 'customer', values: ['Sid’s'], match: 'startsWith', exclude: true }],
    });
    expect(result.understood).toBe('revenue, customer name not starting with “Sid’s”');
    expect(result.rows).toEqual([[176]]);
    expect(result.note).toBe("“Sid’s” leaves out the one customer whose name starts with it: Sid's Beverage Shop.");
  });

  it('refuses words no name starts with, naming the closest', async () => {
    await expect(
      queryCsv(SALES, { measures: ['revenue'], filters: [{ dimension: 'product', values: ['Vodka'], match: 'startsWith' }] }),
    ).rejects.toThrow("No product in this file has a name starting with 'Vodka'. The closest are");
  });
});
