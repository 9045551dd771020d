/**
 * A grouping by time says which unit at either end the rows cover for under 90% of its
 * days: the generated file, which ends on 3 January 2025, answered "How did revenue grow
 * year on year?" with a 2025 of −24,347.01 and nothing to say that it had 3 days.
 * Hand-made rows from Monday 2024-01-15 to Friday 2025-01-03.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

const SALES = `Date,Customer,Amount
2024-01-15,Acme,100
2024-06-10,Bolt,200
2024-12-30,Acme,50
2025-01-03,Bolt,-20
`;

describe('the ends of a grouping by time', () => {
  it('names a year the rows cover for 3 of its days, not one they cover for 352 of 366', async () => {
    const byYear = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['year'] });
    expect(byYear.rows).toEqual([
      ['2024', 350],
      ['2025', -20],
    ]);
    expect(byYear.note).toBe("The file's rows run from 2024-01-15 to 2025-01-03, so they cover 2025 for 3 of its 365 days.");
  });

  it('names both end months, and the end week, by the days the rows can fall on', async () => {
    const byMonth = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['month'] });
    expect(byMonth.note).toBe(
      "The file's rows run from 2024-01-15 to 2025-01-03, so they cover 2024-01 for 17 of its 31 days and 2025-01 for 3 of its 31 days.",
    );
    // The week of Monday 2024-01-15 is whole; that of 2024-12-30 has rows up to Friday (51 weeks, 50 shown).
    const byWeek = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['week'] });
    expect(byWeek.note).toBe(
      "Showing 50 of 51 rows. The file's rows run from 2024-01-15 to 2025-01-03, so they cover the week of 2024-12-30 for 5 of its 7 days.",
    );
  });

  it('judges an end unit by the part of it in the period asked, and leaves the note to the period when it is partial', async () => {
    // 2024 by month: December is whole; January has rows from the 15th.
    const year = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['month'], period: { from: '2024-01-01', to: '2024-12-31' } });
    expect(year.note).toBe("The file's rows run from 2024-01-15 to 2025-01-03, so they cover 2024-01 for 17 of its 31 days.");
    // From 2024-01-20: January's part in the period, 12 days, is covered whole.
    const later = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['month'], period: { from: '2024-01-20', to: '2024-12-31' } });
    expect(later.note).toBeNull();
    // Q1 2025 has rows for 3 of its 90 days: the period's note says so, once.
    const quarter = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['month'], period: { from: '2025-01-01', to: '2025-03-31' } });
    expect(quarter.note).toBe(
      "The file's rows run from 2024-01-15 to 2025-01-03, so they cover 2025-01-01 … 2025-03-31 for 3 of its 90 days.",
    );
  });
});

// "Which week had the lowest sales in 2024?" named the week of 2024-12-30, of which 2024 holds
// two days: a unit the period asked cuts is left out of a ranking as one the rows cut is.
describe('a ranking of weeks in a year', () => {
  const ACROSS_THE_YEAR = `Date,Customer,Amount
2024-01-01,Acme,100
2024-06-10,Bolt,200
2024-12-30,Acme,500
2025-01-03,Bolt,10
`;

  it('leaves out the week that 2024 holds for 2 of its 7 days, and says so', async () => {
    const best = await queryCsv(ACROSS_THE_YEAR, {
      measures: ['revenue'],
      groupBy: ['week'],
      period: { from: '2024-01-01', to: '2024-12-31' },
      sort: { by: 'revenue', direction: 'desc' },
      limit: 1,
    });
    expect(best.understood).toBe('top 1 by revenue, by week, 2024-01-01 … 2024-12-29');
    expect(best.rows).toEqual([['week of 2024-06-10', 200]]);
    expect(best.note).toContain('Left out of the ranking: 2024-01-01 … 2024-12-31 holds the week of 2024-12-30 for 2 of its 7 days.');
  });

  it('keeps every week of a list that is no ranking', async () => {
    const weeks = await queryCsv(ACROSS_THE_YEAR, {
      measures: ['revenue'],
      groupBy: ['week'],
      period: { from: '2024-01-01', to: '2024-12-31' },
    });
    // 2024-01-01 is a Monday: 52 whole weeks and the cut one, all listed (50 shown).
    expect(weeks.totalRows).toBe(53);
    expect(weeks.note ?? '').not.toContain('Left out of the ranking');
  });
});

describe('a ranking of months, quarters or years', () => {
  // "What was our worst month?" named 2025-01, of which the rows hold 3 days (−20), as the worst.
  it('ranks the units the rows cover whole, and names those left out', async () => {
    const worst = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['month'], sort: { by: 'revenue', direction: 'asc' }, limit: 1 });
    // 2024-01 (17 of 31 days, 100) and 2025-01 (3 days, −20) are left out; a month with no
    // rows sold nothing, and the 9 of them (all but June and December) tie for the worst.
    expect(worst.understood).toBe('bottom 1 by revenue, by month, 2024-02-01 … 2024-12-31');
    expect(worst.rows).toEqual(['02', '03', '04', '05', '07', '08', '09', '10', '11'].map((m) => [`2024-${m}`, 0]));
    expect(worst.note).toBe(
      "Showing 9 of 11 rows: 9 months tie for place 1, so all of them are shown. Left out of the ranking: the file's rows run from 2024-01-15 to 2025-01-03, so they cover 2024-01 for 17 of its 31 days and 2025-01 for 3 of its 31 days.",
    );
  });

  it('keeps every unit when none is whole, and a list that is no ranking', async () => {
    const years = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['year'], sort: { by: 'revenue', direction: 'asc' }, limit: 1 });
    // 2024 is covered for 352 of its 366 days (96%), so it is whole; 2025 is left out.
    expect(years.rows).toEqual([['2024', 350]]);
    const all = await queryCsv(SALES, { measures: ['revenue'], groupBy: ['month'], sort: { by: 'revenue', direction: 'asc' } });
    expect(all.note).toBe(
      "The file's rows run from 2024-01-15 to 2025-01-03, so they cover 2024-01 for 17 of its 31 days and 2025-01 for 3 of its 31 days.",
    );
    const january = await queryCsv(SALES, {
      measures: ['revenue'],
      groupBy: ['month'],
      period: { from: '2025-01-01', to: '2025-01-31' },
      sort: { by: 'revenue', direction: 'asc' },
      limit: 1,
    });
    expect(january.rows).toEqual([['2025-01', -20]]);
  });
});
