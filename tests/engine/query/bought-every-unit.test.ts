/**
 * `boughtEvery` on hand-checked rows: the customers with a purchase in each whole unit of
 * the period (else of the file), returns no purchase, the units the rows cut left out and
 * said so, and too few units refused.
 */
import { describe, expect, it } from 'vitest';
import { QueryRefusal } from '../../../worker/engine/query';
import { queryCsv } from './snapshot-of';

// The rows run from 2022-01-01 to 2025-01-03: 2025 has 3 of its 365 days.
// Acme buys in 2022, 2023 and 2024; Bolt in 2022 and 2024; Cora in 2022, 2023 and, in 2024,
// only a credit note; Dune in all three years, Furniture once and Office the other times.
const SALES = `Date,Invoice,Customer,Category,Amount
2022-01-01,1,Acme,Office,100
2022-03-05,2,Bolt,Office,40
2022-06-01,3,Cora,Office,30
2022-07-01,4,Dune,Furniture,20
2023-02-01,5,Acme,Office,100
2023-05-01,6,Cora,Office,30
2023-08-01,7,Dune,Office,25
2024-01-10,8,Acme,Office,50
2024-04-01,9,Bolt,Office,60
2024-05-01,C10,Cora,Office,-10
2024-09-01,11,Dune,Office,15
2025-01-03,12,Bolt,Office,5
`;

describe('the customers who bought in every unit', () => {
  it('counts whole years only, and says which the rows cut', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], boughtEvery: 'year' });
    expect(result.understood).toBe('customers who bought in every year, 2022-01-01 … 2024-12-31');
    // Acme 100 + 100 + 50 and Dune 20 + 25 + 15; Bolt missed 2023, Cora's 2024 is a return.
    expect(result.rows).toEqual([
      ['Acme', 250],
      ['Dune', 60],
    ]);
    // Of the 4 who bought in 2022 … 2024; their 310 of all 460 (the return counted, 2025's 5 not).
    expect(result.withoutShare).toEqual({
      of: 4,
      percent: 50,
      revenue: 310,
      periodRevenue: 460,
      revenuePercent: (310 / 460) * 100,
      rows: 'anything in 2022-01-01 … 2024-12-31',
    });
    expect(result.note).toContain(
      "Left out of the years counted: the file's rows run from 2022-01-01 to 2025-01-03, so they cover 2025 for 3 of its 365 days.",
    );
  });

  it('counts the units of the period asked, in the rows the filters keep', async () => {
    const office = await queryCsv(SALES, {
      measures: ['revenue'],
      boughtEvery: 'year',
      filters: [{ dimension: 'category', values: ['Office'] }],
      period: { from: '2023-01-01', to: '2024-12-31' },
    });
    // Office in both 2023 and 2024: Acme and Dune (Cora's 2024 is a return; Bolt has no 2023).
    expect(office.rows.map((r) => r[0])).toEqual(['Acme', 'Dune']);
    const officeEveryYear = await queryCsv(SALES, {
      measures: ['revenue'],
      boughtEvery: 'year',
      filters: [{ dimension: 'category', values: ['Office'] }],
    });
    // Dune's 2022 was Furniture: over 2022 … 2024, only Acme bought Office every year.
    expect(officeEveryYear.rows.map((r) => r[0])).toEqual(['Acme']);
  });

  it('refuses a period of fewer than two whole units', async () => {
    await expect(
      queryCsv(SALES, { measures: ['revenue'], boughtEvery: 'year', period: { from: '2024-01-01', to: '2024-12-31' } }),
    ).rejects.toThrow(
      new QueryRefusal(
        'Every year needs two whole years or more to buy in, and 2024-01-01 … 2024-12-31 holds one at most; ask for customers who bought in two periods instead, such as “customers who bought in both 2023 and 2024”.',
        'BAD_SPEC',
      ),
    );
  });

  it('takes no grouping or second period', async () => {
    await expect(queryCsv(SALES, { measures: ['revenue'], boughtEvery: 'year', groupBy: ['category'] })).rejects.toThrow(
      /`boughtEvery` lists the customers/,
    );
  });
});

describe('the customer × unit table is capped', () => {
  it('refuses the weeks of a century of 25,002 customers (over 128 million bits), and takes years', async () => {
    const lines = ['Date,Customer,Amount', '2000-01-01,First,1', '2099-12-31,Last,1'];
    for (let c = 0; c < 25_000; c++) lines.push(`2050-06-01,C${c},1`);
    const csv = `${lines.join('\n')}\n`;
    await expect(queryCsv(csv, { measures: ['revenue'], boughtEvery: 'week' })).rejects.toThrow(
      new QueryRefusal('There are too many customers and weeks to check each one; ask for a longer unit, such as every year.', 'BAD_SPEC'),
    );
    // 100 years × 25,002 customers fit: no one bought in each.
    const years = await queryCsv(csv, { measures: ['revenue'], boughtEvery: 'year' });
    expect(years.totalRows).toBe(0);
  });
});
