/**
 * A ranking cut to its top N shows the rows that tie with the last place too, and says so:
 * "Which customer placed the most orders in 2021?" named one of the two Superstore customers
 * with 8 orders. The rows below are counted by hand.
 */
import { describe, expect, it } from 'vitest';
import { placesOf, sameFigure, tieAtCut, tieWords } from '../../../worker/engine/query/ties';
import { queryCsv } from './snapshot-of';

// Orders: Acme 3, Bolt 2, Cora 2, Dune 1, Eve 1 (one order per invoice).
const SALES = `Invoice,Date,Customer,Region,Amount
1,2024-01-05,Acme,West,10
2,2024-01-06,Acme,West,10
3,2024-01-07,Acme,West,10
4,2024-02-05,Bolt,East,25
5,2024-02-06,Bolt,East,5
6,2024-03-05,Cora,East,20
7,2024-03-06,Cora,East,10
8,2024-04-05,Dune,West,40
9,2024-05-05,Eve,West,15
`;

describe('a ranking cut with its ties', () => {
  it('shows both customers that share the top place, and says why there are two', async () => {
    const result = await queryCsv(SALES, {
      measures: ['orders'],
      groupBy: ['customer'],
      sort: { by: 'orders', direction: 'desc' },
      limit: 2,
    });
    expect(result.rows).toEqual([
      ['Acme', 3],
      ['Bolt', 2],
      ['Cora', 2],
    ]);
    expect(result.note).toBe('Showing 3 of 5 rows: 2 customers tie for place 2, so all of them are shown.');
  });

  it('shows every row of a tie for the first place, from the bottom too', async () => {
    const result = await queryCsv(SALES, {
      measures: ['orders'],
      groupBy: ['customer'],
      sort: { by: 'orders', direction: 'asc' },
      limit: 1,
    });
    expect(result.rows).toEqual([
      ['Dune', 1],
      ['Eve', 1],
    ]);
    expect(result.note).toBe('Showing 2 of 5 rows: 2 customers tie for place 1, so all of them are shown.');
  });

  it('cuts where the figure changes as before: no tie, no note beyond the count shown', async () => {
    const result = await queryCsv(SALES, {
      measures: ['orders'],
      groupBy: ['customer'],
      sort: { by: 'orders', direction: 'desc' },
      limit: 3,
    });
    expect(result.rows.map((r) => r[0])).toEqual(['Acme', 'Bolt', 'Cora']);
    expect(result.note).toBe('Showing 3 of 5 rows.');
  });

  it('ties money to the cent, whatever order the amounts were summed in: Bolt 25 + 5 and Cora 20 + 10', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['customer'], limit: 2 });
    expect(result.rows).toEqual([
      ['Dune', 40],
      ['Acme', 30],
      ['Bolt', 30],
      ['Cora', 30],
    ]);
    expect(result.note).toBe('Showing 4 of 5 rows: 3 customers tie for place 2, so all of them are shown.');
  });

  it('names the rows of a two-column ranking "rows"', async () => {
    const result = await queryCsv(SALES, { measures: ['orders'], groupBy: ['region', 'customer'], limit: 1 });
    expect(result.rows).toEqual([['West', 'Acme', 3]]);
    const bottom = await queryCsv(SALES, {
      measures: ['orders'],
      groupBy: ['region', 'customer'],
      sort: { by: 'orders', direction: 'asc' },
      limit: 1,
    });
    expect(bottom.note).toBe('Showing 2 of 5 rows: 2 rows tie for place 1, so all of them are shown.');
  });

  it('leaves a list in time order alone: its rows hold no places', async () => {
    // Months 2024-01 … 2024-05, listed in time order and cut to 2: January's 3 orders, then
    // February's 2, which March's 2 would tie with in a ranking.
    const result = await queryCsv(SALES, { measures: ['orders'], groupBy: ['month'], limit: 2 });
    expect(result.rows).toEqual([
      ['2024-01', 3],
      ['2024-02', 2],
    ]);
    expect(result.note).toMatch(/^Showing 2 of 5 rows\. The file's rows run from 2024-01-05/);
  });

  it('keeps the N asked for when the tie would pass 50 rows, and says how many tie', async () => {
    // 60 customers with one order each, and Acme with two.
    const lines = Array.from({ length: 60 }, (_, i) => `${i + 10},2024-06-01,C${String(i).padStart(2, '0')},West,1`);
    const csv = `Invoice,Date,Customer,Region,Amount\n1,2024-01-05,Acme,West,10\n2,2024-01-06,Acme,West,10\n${lines.join('\n')}\n`;
    const result = await queryCsv(csv, { measures: ['orders'], groupBy: ['customer'], sort: { by: 'orders', direction: 'asc' }, limit: 3 });
    expect(result.rows).toEqual([
      ['C00', 1],
      ['C01', 1],
      ['C02', 1],
    ]);
    expect(result.note).toBe('Showing 3 of 61 rows: 60 customers tie for place 1; the first 3 of them by name are shown.');
    // Listed without a limit, the 50 rows are Acme and 49 of the 60.
    const listed = await queryCsv(csv, { measures: ['orders'], groupBy: ['customer'] });
    expect(listed.rows.slice(0, 2)).toEqual([
      ['Acme', 2],
      ['C00', 1],
    ]);
    expect(listed.note).toBe('Showing 50 of 61 rows: 60 customers tie for place 2; the first 49 of them by name are shown.');
  });

  it('says when the cap leaves one row of a tie', () => {
    expect(tieWords({ start: 49, end: 88 }, 50, 'customers')).toBe('39 customers tie for place 50; the first of them by name is shown.');
  });

  it('lists customers who stopped buying with those that tie for the last place', async () => {
    // Bought from January to April, not in May: all but Eve; by their revenue Dune 40, then Acme, Bolt and Cora at 30.
    const result = await queryCsv(SALES, {
      measures: ['customers'],
      period: { from: '2024-01-01', to: '2024-04-30' },
      notBoughtIn: { from: '2024-05-01', to: '2024-05-05' },
      limit: 2,
    });
    expect(result.rows.map((r) => r[0])).toEqual(['Dune', 'Acme', 'Bolt', 'Cora']);
    expect(result.totalRows).toBe(4);
    expect(result.note).toBe('3 customers tie for place 2, so all of them are shown.');
  });
});

describe('places and ties, by hand', () => {
  const figures = [9, 7, 7, 7, 4, null, null];
  const at = (k: number) => figures[k];

  it('finds the run of equal figures across the cut, and none where the cut falls between two figures', () => {
    expect(tieAtCut(figures.length, 2, at)).toEqual({ start: 1, end: 4 });
    expect(tieAtCut(figures.length, 4, at)).toBeNull();
    expect(tieAtCut(figures.length, 1, at)).toBeNull();
    // Rows without a figure tie with nothing.
    expect(tieAtCut(figures.length, 6, at)).toBeNull();
    // A cut at or past the end leaves nothing out.
    expect(tieAtCut(figures.length, 7, at)).toBeNull();
  });

  it('gives equal figures one place, the next figure the place after them (1, 2, 2, 2, 5)', () => {
    expect(placesOf(5, at)).toEqual([1, 2, 2, 2, 5]);
    expect(placesOf(7, at)).toEqual([1, 2, 2, 2, 5, 6, 7]);
  });

  it('takes 0.1 + 0.2 for 0.3, and a cent apart as apart, at a billion too', () => {
    expect(0.1 + 0.2 === 0.3).toBe(false);
    expect(sameFigure(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameFigure(1_000_000_000.01, 1_000_000_000)).toBe(false);
    expect(sameFigure(30, 30.01)).toBe(false);
  });
});
