/**
 * Two periods compared over the same days, on hand-checked rows: a period running past the
 * file's last day is counted to that day and the other over the same days; when one is
 * still mostly outside the rows, the figures are shown with no change for what grows with
 * the days, and a ranking or threshold on such a change is refused.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

// The rows run from 2023-01-05 to 2024-03-10. 2024 to 10 March: Acme 120 + 10, Bolt 40 = 170.
// 2023 to 10 March: Acme 100 + 30, Bolt 50 = 180; Bolt's 500 on 11 March and Acme's 700 in
// August are past the same days.
const SALES = `Date,Customer,Amount,Cost
2023-01-05,Acme,100,60
2023-02-10,Bolt,50,40
2023-03-10,Acme,30,10
2023-03-11,Bolt,500,100
2023-08-01,Acme,700,300
2024-01-20,Acme,120,60
2024-02-29,Bolt,40,30
2024-03-10,Acme,10,5
`;
const YEARS = { period: { from: '2024-01-01', to: '2024-12-31' }, compareTo: { from: '2023-01-01', to: '2023-12-31' } };

describe('two periods compared like for like', () => {
  it('counts a year past the last row to that day, and the year before over the same days: 170 against 180', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], ...YEARS });
    expect(result.understood).toBe('revenue, 2024-01-01 … 2024-03-10, compared with 2023-01-01 … 2023-03-10');
    expect(result.rows[0].slice(0, 3)).toEqual([170, 180, -10]);
    expect(result.rows[0][3] as number).toBeCloseTo((-10 / 180) * 100, 9);
    expect(result.note).toBe(
      "2024-01-01 … 2024-12-31 runs past the file's last day, so it is counted to 2024-03-10, and 2023-01-01 … 2023-12-31 over the same days, to 2023-03-10.",
    );
  });

  it('ranks by the change over the same days: Bolt 40 against 50 is down, Acme 130 against 130 is not', async () => {
    const result = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['customer'],
      ...YEARS,
      having: { measure: 'revenue', op: '<', value: 0, on: 'change' },
    });
    expect(result.rows).toEqual([['Bolt', 40, 50, -10, -20]]);
  });

  it('cuts the later period when it is the one compared with: 2023 against 2024 is 180 against 170', async () => {
    const result = await queryCsv(SALES, { measures: ['revenue'], period: YEARS.compareTo, compareTo: YEARS.period });
    expect(result.understood).toBe('revenue, 2023-01-01 … 2023-03-10, compared with 2024-01-01 … 2024-03-10');
    expect(result.rows[0].slice(0, 3)).toEqual([180, 170, 10]);
  });

  it('ends the earlier period on 28 February when the later one ends on 29 February', async () => {
    const toLeapDay = SALES.split('\n')
      .filter((line) => !line.startsWith('2024-03-10'))
      .join('\n');
    const result = await queryCsv(toLeapDay, {
      measures: ['revenue'],
      period: { from: '2024-01-01', to: '2024-03-31' },
      compareTo: { from: '2023-01-01', to: '2023-03-31' },
    });
    expect(result.understood).toBe('revenue, 2024-01-01 … 2024-02-29, compared with 2023-01-01 … 2023-02-28');
    // 2024: 120 + 40; 2023 to 28 February: 100 + 50.
    expect(result.rows[0].slice(0, 3)).toEqual([160, 150, 10]);
  });

  it('refuses a comparison whose earlier days the rows do not reach once cut', async () => {
    const fromAugust = SALES.split('\n')
      .filter((line) => !/^2023-0[1-3]/.test(line))
      .join('\n');
    await expect(queryCsv(fromAugust, { measures: ['revenue'], ...YEARS })).rejects.toThrow(
      'The file has no rows in 2023-01-01 … 2023-03-10: its rows run from 2023-08-01 to 2024-03-10.',
    );
  });
});

// The rows run from 2023-12-01 to 2024-12-20: 2023 has 31 of its 365 days, 2024 is whole.
const FROM_DECEMBER = `Date,Customer,Amount,Cost
2023-12-01,Acme,100,50
2023-12-20,Bolt,20,5
2024-03-01,Acme,300,200
2024-07-01,Bolt,60,30
2024-12-20,Acme,40,20
`;
const WHY =
  "the file's rows run from 2023-12-01 to 2024-12-20, so they cover 2023-01-01 … 2023-12-31 for 31 of its 365 days, and a change would set unequal stretches of time against each other";

describe('two periods the rows cover unequally', () => {
  it('shows both revenues with no change, and says why', async () => {
    const result = await queryCsv(FROM_DECEMBER, { measures: ['revenue'], ...YEARS });
    expect(result.understood).toBe('revenue, 2024-01-01 … 2024-12-31, compared with 2023-01-01 … 2023-12-31');
    expect(result.rows).toEqual([[400, 120, null, null]]);
    expect(result.note).toBe(`No change is given: ${WHY}.`);
  });

  it("keeps the change of a margin, which doesn't grow with the days: 37.5% against 62.5%", async () => {
    const result = await queryCsv(FROM_DECEMBER, { measures: ['marginPct'], ...YEARS });
    // 2024: (400 − 250) / 400; 2023: (120 − 55) / 120.
    const [now, then] = [(150 / 400) * 100, (65 / 120) * 100];
    expect(result.rows[0].slice(0, 3).map((v) => Number((v as number).toFixed(9)))).toEqual(
      [now, then, now - then].map((v) => Number(v.toFixed(9))),
    );
  });

  it('refuses to rank or pick customers by the change in revenue', async () => {
    const refusal = `I can't rank or pick by a change between 2024-01-01 … 2024-12-31 and 2023-01-01 … 2023-12-31: ${WHY}. Compare two periods the rows cover whole.`;
    await expect(
      queryCsv(FROM_DECEMBER, { measures: ['revenue'], groupBy: ['customer'], ...YEARS, sort: { by: 'revenue', on: 'change' } }),
    ).rejects.toThrow(refusal);
    await expect(
      queryCsv(FROM_DECEMBER, {
        measures: ['revenue'],
        groupBy: ['customer'],
        ...YEARS,
        having: { measure: 'revenue', op: '<', value: 0, on: 'change' },
      }),
    ).rejects.toThrow(refusal);
  });
});
