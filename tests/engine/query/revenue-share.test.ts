/**
 * `revenueShare` on hand-checked rows: a row's revenue over all revenue of its period,
 * whatever the filters, net of returns; a ranking that shows only its top rows says what
 * they hold together.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

// 2024: 100 + 50 + 30 + 20 = 200 (West 150); 2025: 60 + 40 − 20 = 80 (West 60).
const SALES = `Date,Customer,Region,Amount
2024-01-05,Acme,West,100
2024-02-06,Bolt,West,50
2024-03-07,Cora,East,30
2024-04-08,Dune,East,20
2025-01-05,Acme,West,60
2025-02-06,Cora,East,40
2025-03-07,Cora,East,-20
`;

const DEFINITION = 'Shares are of all revenue, net of returns, whatever the filters.';

describe('the share of revenue', () => {
  it('is of the whole file, whatever the filters: the West holds 210 of 280 = 75%', async () => {
    const result = await queryCsv(SALES, { measures: ['revenueShare', 'revenue'], filters: [{ dimension: 'region', values: ['West'] }] });
    expect(result.columns.map((c) => [c.label, c.kind])).toEqual([
      ['share of revenue', 'percent'],
      ['revenue', 'money'],
    ]);
    expect(result.rows).toEqual([[75, 210]]);
    expect(result.note).toBe(DEFINITION);
  });

  it("is of the period's revenue within a period, net of returns: the West's 60 of 2025's 80 = 75%", async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare'],
      filters: [{ dimension: 'region', values: ['West'] }],
      period: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(result.rows).toEqual([[75]]);
    // Followed by the note that the file's rows end on 2025-03-07.
    expect(result.note?.startsWith('Shares are of all revenue in the period, net of returns, whatever the filters. ')).toBe(true);
  });

  // 2025's rows end on 7 March, so both years are counted to 7 March: 2024's to then are
  // 100 + 50 (West) + 30 (East) = 180.
  it('is each period’s own whole in a comparison over the same days: the East 20 of 80 = 25% in 2025 against 30 of 180 in 2024', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare'],
      groupBy: ['region'],
      period: { from: '2025-01-01', to: '2025-12-31' },
      compareTo: { from: '2024-01-01', to: '2024-12-31' },
    });
    const [west2024, east2024] = [(150 / 180) * 100, (30 / 180) * 100];
    const expected = [
      ['West', 75, west2024, 75 - west2024, ((75 - west2024) / west2024) * 100],
      ['East', 25, east2024, 25 - east2024, ((25 - east2024) / east2024) * 100],
    ];
    expect(result.rows.map((r) => r[0])).toEqual(['West', 'East']);
    result.rows.forEach((row, i) => row.slice(1).forEach((cell, j) => expect(cell as number).toBeCloseTo(expected[i][j + 1] as number, 9)));
    expect(result.understood).toBe('share of revenue, by region, 2025-01-01 … 2025-03-07, compared with 2024-01-01 … 2024-03-07');
  });

  it('says what the top rows of a ranking hold together: without Bolt, Acme 160 and Cora 50 of 280 = 75.0%', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare', 'revenue'],
      groupBy: ['customer'],
      filters: [{ dimension: 'customer', values: ['Bolt'], exclude: true }],
      limit: 2,
    });
    expect(result.rows).toEqual([
      ['Acme', (160 / 280) * 100, 160],
      ['Cora', (50 / 280) * 100, 50],
    ]);
    expect(result.note).toBe(`Showing 2 of 3 rows. ${DEFINITION} The 2 rows shown hold 75.0% of it together.`);
  });

  // Bolt and Cora both hold 50: "the top 2" is Acme and either of them, so both are shown.
  it('shows every row that ties for the last place of a ranking, and what they hold together: 260 of 280 = 92.9%', async () => {
    const result = await queryCsv(SALES, { measures: ['revenueShare', 'revenue'], groupBy: ['customer'], limit: 2 });
    expect(result.rows).toEqual([
      ['Acme', (160 / 280) * 100, 160],
      ['Bolt', (50 / 280) * 100, 50],
      ['Cora', (50 / 280) * 100, 50],
    ]);
    expect(result.note).toBe(
      `Showing 3 of 4 rows: 2 customers tie for place 2, so all of them are shown. ${DEFINITION} The 3 rows shown hold 92.9% of it together.`,
    );
  });

  it('is 0% for a slice no row matches, not a blank', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare'],
      filters: [{ dimension: 'customer', values: ['Dune'] }],
      period: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(result.rows).toEqual([[0]]);
  });
});

// "What share of revenue in Germany comes from Acme Supply?" gave Acme's German revenue over all revenue.
describe('the share of revenue within the rows of some filters (shareWithin)', () => {
  it("is of those rows only: Acme holds 160 of the West's 210 = 76.2%, where it holds 160 of 280 of the file", async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare', 'revenue'],
      filters: [
        { dimension: 'customer', values: ['Acme'] },
        { dimension: 'region', values: ['West'] },
      ],
      shareWithin: ['region'],
    });
    expect(result.rows[0][0] as number).toBeCloseTo((160 / 210) * 100, 9);
    expect(result.rows[0][1]).toBe(160);
    expect(result.understood).toBe('share of revenue, revenue, customer = Acme, within region = West');
    expect(result.note).toBe('Shares are of all revenue where region = West, net of returns.');
  });

  it("is of each grouping's rows within the filter, net of returns: in the East, Cora 50 of 70 and Dune 20 of 70", async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare'],
      groupBy: ['customer'],
      filters: [{ dimension: 'region', values: ['East'] }],
      shareWithin: ['region'],
    });
    expect(result.rows.map((r) => r[0])).toEqual(['Cora', 'Dune']);
    expect(result.rows[0][1] as number).toBeCloseTo((50 / 70) * 100, 9);
    expect(result.rows[1][1] as number).toBeCloseTo((20 / 70) * 100, 9);
  });

  it('names a filter of the spec, with a share asked for', async () => {
    await expect(
      queryCsv(SALES, { measures: ['revenueShare'], filters: [{ dimension: 'customer', values: ['Acme'] }], shareWithin: ['region'] }),
    ).rejects.toThrow('`shareWithin` names the dimension of one of `filters` or of `groupBy`: none is on region');
    await expect(
      queryCsv(SALES, { measures: ['revenue'], filters: [{ dimension: 'region', values: ['West'] }], shareWithin: ['region'] }),
    ).rejects.toThrow('`shareWithin` sets the whole of a share: ask for revenueShare, profitShare or customerShare');
  });
});

// "Technology share of revenue by year" read 7.6% of four years' revenue where 2018's own share was 36.2%.
describe('the share of revenue by a time unit', () => {
  it("is of each year's own revenue when the rows are narrowed: the West 150 of 2024's 200 = 75%, 60 of 2025's 80 = 75%", async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare', 'revenue'],
      groupBy: ['year'],
      filters: [{ dimension: 'region', values: ['West'] }],
    });
    expect(result.rows).toEqual([
      ['2024', 75, 150],
      ['2025', 75, 60],
    ]);
    expect(result.note?.startsWith('Shares are of all revenue in each year, net of returns, whatever the filters.')).toBe(true);
    expect(result.note).not.toContain('hold');
  });

  it("is of each year's revenue for each value grouped beside it: the East 50 of 200 = 25% in 2024, 20 of 80 = 25% in 2025", async () => {
    const result = await queryCsv(SALES, { measures: ['revenueShare'], groupBy: ['region', 'year'] });
    const shares = Object.fromEntries(result.rows.map((r) => [`${r[0]} ${r[1]}`, r[2]]));
    expect(shares).toEqual({ 'West 2024': 75, 'East 2024': 25, 'West 2025': 75, 'East 2025': 25 });
  });

  it('is of the whole file when nothing narrows the years: 2024 holds 200 of 280', async () => {
    const result = await queryCsv(SALES, { measures: ['revenueShare'], groupBy: ['year'] });
    expect(result.rows[0][1] as number).toBeCloseTo((200 / 280) * 100, 9);
    expect(result.rows[1][1] as number).toBeCloseTo((80 / 280) * 100, 9);
    expect(result.note?.startsWith(DEFINITION)).toBe(true);
  });

  it("is of each quarter's rows within the filters it is within: Acme 100 of the West's 150 in 2024 Q1", async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare'],
      groupBy: ['quarter'],
      filters: [
        { dimension: 'customer', values: ['Acme'] },
        { dimension: 'region', values: ['West'] },
      ],
      shareWithin: ['region'],
    });
    expect(result.rows[0][0]).toBe('2024 Q1');
    expect(result.rows[0][1] as number).toBeCloseTo((100 / 150) * 100, 9);
    // The West has no rows from April to December 2024: those quarters hold none of it.
    expect(result.rows.slice(1)).toEqual([
      ['2024 Q2', 0],
      ['2024 Q3', 0],
      ['2024 Q4', 0],
      ['2025 Q1', 100],
    ]);
    expect(result.note?.startsWith('Shares are of all revenue where region = West in each quarter, net of returns.')).toBe(true);
  });
});

// "Technology share of revenue by region" read 11.0% (of all revenue) where it is 34.7% of the West's.
describe('the share of revenue of each value grouped by (shareWithin a column of groupBy)', () => {
  it("is of each region's revenue: Acme 160 of the West's 210, Cora 50 of the East's 70", async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare', 'revenue'],
      groupBy: ['region'],
      filters: [{ dimension: 'customer', values: ['Acme', 'Cora'] }],
      shareWithin: ['region'],
    });
    expect(result.rows.map((r) => r[0])).toEqual(['West', 'East']);
    expect(result.rows[0][1] as number).toBeCloseTo((160 / 210) * 100, 9);
    expect(result.rows[1][1] as number).toBeCloseTo((50 / 70) * 100, 9);
    expect(result.note).toBe('Shares are of all revenue in each region, net of returns, whatever the filters.');
  });

  it("is of each region's revenue in each year with a year grouped too: the East 30 of 2024's 50 and 20 of 2025's 20", async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare'],
      groupBy: ['region', 'year'],
      filters: [{ dimension: 'customer', values: ['Cora'] }],
      shareWithin: ['region'],
    });
    const shares = Object.fromEntries(result.rows.map((r) => [`${r[0]} ${r[1]}`, r[2]]));
    expect(shares['East 2024']).toBeCloseTo((30 / 50) * 100, 9);
    expect(shares['East 2025']).toBe(100);
    expect(result.note?.startsWith('Shares are of all revenue in each region and year, net of returns, whatever the filters.')).toBe(true);
  });

  // A column both filtered and named keeps its filters' rows as the whole, as before it could name a grouping.
  it("keeps a filtered column's filters as the whole: Acme's 160 and Cora's 50 of the West and East's 280 together", async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare'],
      groupBy: ['region'],
      filters: [
        { dimension: 'customer', values: ['Acme', 'Cora'] },
        { dimension: 'region', values: ['West', 'East'] },
      ],
      shareWithin: ['region'],
    });
    const shares = Object.fromEntries(result.rows.map((r) => [r[0], r[1]]));
    expect(shares.West).toBeCloseTo((160 / 280) * 100, 9);
    expect(shares.East).toBeCloseTo((50 / 280) * 100, 9);
  });

  // It threw: the buyers' filter, added after the spec's own, was read as one of them.
  it("is of each region's revenue among the buyers of a value too: Cora's 50 of the East's 70", async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenueShare'],
      groupBy: ['region'],
      filters: [{ dimension: 'customer', values: ['Cora'] }],
      buyersOf: { dimension: 'region', values: ['East'] },
      shareWithin: ['region'],
    });
    expect(result.rows.map((r) => r[0])).toEqual(['East']);
    expect(result.rows[0][1] as number).toBeCloseTo((50 / 70) * 100, 9);
  });
});
