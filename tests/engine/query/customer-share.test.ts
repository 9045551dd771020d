/**
 * `customerShare` on hand-checked rows: a row's customers (with a purchase there) over all
 * customers who bought in its period, whatever the filters; a customer with only returns is
 * no buyer, and one who bought in two rows counts in each.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

// Four buyers over the file: Acme (West, East), Bolt (West), Cora (East, 2024 only), Dune (East,
// 2023). Eve only returned goods in the West.
const SALES = `Date,Invoice,Customer,Region,Amount
2023-01-10,1,Acme,West,100
2023-02-10,2,Bolt,West,50
2023-03-01,3,Dune,East,20
2024-03-01,4,Acme,East,70
2024-04-01,5,Cora,East,10
2024-05-01,C6,Eve,West,-30
`;

describe('the share of customers', () => {
  it('is each row’s buyers over all buyers, so overlapping rows add up past 100%', async () => {
    const result = await queryCsv(SALES, { measures: ['customerShare', 'customers'], groupBy: ['region'] });
    expect(result.understood).toBe('share of customers, customers, by region');
    // East: Acme, Cora, Dune, 3 of 4; West: Acme and Bolt, 2 of 4 (Eve only returned goods).
    expect(result.rows).toEqual([
      ['East', 75, 3],
      ['West', 50, 2],
    ]);
    expect(result.note).toContain(
      'Shares of customers are of all customers who bought (on a line that is no return), whatever the filters; one who bought in several rows counts in each, so the shares can add up to more than 100%.',
    );
  });

  it('is of the period’s buyers, whatever the filters', async () => {
    const result = await queryCsv(SALES, {
      measures: ['customerShare'],
      filters: [{ dimension: 'region', values: ['East'] }],
      period: { from: '2024-01-01', to: '2024-12-31' },
    });
    // 2024's buyers are Acme and Cora, both in the East.
    expect(result.rows).toEqual([[100]]);
    const west2023 = await queryCsv(SALES, {
      measures: ['customerShare'],
      filters: [{ dimension: 'region', values: ['West'] }],
      period: { from: '2023-01-01', to: '2023-12-31' },
    });
    // 2023's buyers are Acme, Bolt and Dune; Acme and Bolt bought in the West.
    expect(west2023.rows[0][0]).toBeCloseTo((2 / 3) * 100, 12);
  });
});

describe('the share of customers by a time unit', () => {
  it("is of each year's own buyers when the rows are narrowed: the East's 1 of 2023's 3 and 2 of 2024's 2", async () => {
    const result = await queryCsv(SALES, {
      measures: ['customerShare', 'customers'],
      groupBy: ['year'],
      filters: [{ dimension: 'region', values: ['East'] }],
    });
    expect(result.rows[0][0]).toBe('2023');
    expect(result.rows[0][1] as number).toBeCloseTo((1 / 3) * 100, 12);
    expect(result.rows[1]).toEqual(['2024', 100, 2]);
    expect(result.note).toContain(
      'Shares of customers are of all customers who bought in each year (on a line that is no return), whatever the filters.',
    );
    expect(result.note).not.toContain('more than 100%');
  });
});

describe('the share of customers of each value grouped by', () => {
  it("is of each region's buyers: Acme is 1 of the West's 2 (Eve only returned goods) and 1 of the East's 3", async () => {
    const result = await queryCsv(SALES, {
      measures: ['customerShare', 'customers'],
      groupBy: ['region'],
      filters: [{ dimension: 'customer', values: ['Acme'] }],
      shareWithin: ['region'],
    });
    const shares = Object.fromEntries(result.rows.map((r) => [r[0], r[1]]));
    expect(shares.West).toBe(50);
    expect(shares.East).toBeCloseTo((1 / 3) * 100, 12);
  });
});

// "New customers in 2021 by region" on Superstore read 17 in all where 11 were new.
describe('customers counted by a column they span', () => {
  it('says a customer in several rows counts in each: East 3 and West 2 add up to 5, of 4 customers', async () => {
    const result = await queryCsv(SALES, { measures: ['customers'], groupBy: ['region'] });
    expect(result.rows).toEqual([
      ['East', 3],
      ['West', 2],
    ]);
    expect(result.note).toContain('A customer in several regions counts in each: the regions add up to 5 customers, 4 in all.');
  });

  it('says nothing where no customer spans two rows', async () => {
    const result = await queryCsv(SALES, { measures: ['customers'], groupBy: ['customer'] });
    expect(result.note ?? '').not.toContain('counts in each');
  });
});
