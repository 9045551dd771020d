/** The period just before another, as "did sales go up in …", "lost in …" and "stopped buying in …" read it. */
import { describe, expect, it } from 'vitest';
import { periodBefore, periodsOf, yearOverYearOf } from '../../worker/agent/offline/query-periods';

describe('the period before a period', () => {
  it.each([
    ['a year', { from: '2024-01-01', to: '2024-12-31' }, { from: '2023-01-01', to: '2023-12-31' }],
    ['a month of 30 days after one of 31', { from: '2011-11-01', to: '2011-11-30' }, { from: '2011-10-01', to: '2011-10-31' }],
    ['March, after a leap February', { from: '2024-03-01', to: '2024-03-31' }, { from: '2024-02-01', to: '2024-02-29' }],
    ['a quarter across a year end', { from: '2025-01-01', to: '2025-03-31' }, { from: '2024-10-01', to: '2024-12-31' }],
    ['a half', { from: '2021-07-01', to: '2021-12-31' }, { from: '2021-01-01', to: '2021-06-30' }],
    ['seven days', { from: '2024-03-08', to: '2024-03-14' }, { from: '2024-03-01', to: '2024-03-07' }],
  ])('%s', (_, range, before) => {
    expect(periodBefore(range)).toEqual(before);
    // A period of whole months has one period before it, compared or lapsed from.
    if (range.from.endsWith('-01') && range.to !== '2024-03-14') expect(periodBefore(range, { whole: true })).toEqual(before);
  });

  describe('a period to date', () => {
    it.each([
      [
        'this year on 30 December: the same days of last year',
        { from: '2021-01-01', to: '2021-12-30' },
        { from: '2020-01-01', to: '2020-12-30' },
      ],
      ['this month on the 30th', { from: '2021-12-01', to: '2021-12-30' }, { from: '2021-11-01', to: '2021-11-30' }],
      ['the 31st, after a 30-day month', { from: '2021-12-01', to: '2021-12-31' }, { from: '2021-11-01', to: '2021-11-30' }],
      ['30 March, after a common February', { from: '2021-03-01', to: '2021-03-30' }, { from: '2021-02-01', to: '2021-02-28' }],
      ['six months to the 31st of a 31-day month', { from: '2021-07-01', to: '2021-12-29' }, { from: '2021-01-01', to: '2021-06-29' }],
    ])('compared: %s', (_, range, before) => {
      expect(periodBefore(range)).toEqual(before);
    });

    it.each([
      ['this year on 15 January', 'year', { from: '2021-01-01', to: '2021-01-15' }, { from: '2020-01-01', to: '2020-01-15' }],
      ['this month on 15 January', 'month', { from: '2021-01-01', to: '2021-01-15' }, { from: '2020-12-01', to: '2020-12-15' }],
      ['this quarter on 15 May', 'quarter', { from: '2021-04-01', to: '2021-05-15' }, { from: '2021-01-01', to: '2021-02-15' }],
      ['this year on 29 February', 'year', { from: '2024-01-01', to: '2024-02-29' }, { from: '2023-01-01', to: '2023-02-28' }],
      ['this week on a Wednesday', 'week', { from: '2021-12-27', to: '2021-12-29' }, { from: '2021-12-20', to: '2021-12-22' }],
      // A unit that is over on the analysis date is set against all of the one before (CDNOW ends on 30 June 1998: Q1 ended on 31 March, not the 30th).
      ['this quarter on its last day', 'quarter', { from: '1998-04-01', to: '1998-06-30' }, { from: '1998-01-01', to: '1998-03-31' }],
      ['this month on its last day', 'month', { from: '2021-03-01', to: '2021-03-31' }, { from: '2021-02-01', to: '2021-02-28' }],
      ['this week on a Sunday', 'week', { from: '2021-12-20', to: '2021-12-26' }, { from: '2021-12-13', to: '2021-12-19' }],
    ] as const)('compared, by its unit: %s', (_, unit, range, before) => {
      expect(periodBefore(range, { unit })).toEqual(before);
    });

    it.each([
      ['this year: all of last year', { from: '2021-01-01', to: '2021-12-30' }, { from: '2020-01-01', to: '2020-12-31' }],
      ['this month: all of the month before', { from: '2021-03-01', to: '2021-03-30' }, { from: '2021-02-01', to: '2021-02-28' }],
      ['since June: the seven months before', { from: '2021-06-01', to: '2021-12-30' }, { from: '2020-11-01', to: '2021-05-31' }],
    ])('lapsed from: %s', (_, range, before) => {
      expect(periodBefore(range, { whole: true })).toEqual(before);
    });

    it.each([
      ['this quarter on 15 May: all of Q1', 'quarter', { from: '2021-04-01', to: '2021-05-15' }, { from: '2021-01-01', to: '2021-03-31' }],
      [
        'this year on 15 January: all of last year',
        'year',
        { from: '2021-01-01', to: '2021-01-15' },
        { from: '2020-01-01', to: '2020-12-31' },
      ],
      [
        'this week on a Wednesday: all of last week',
        'week',
        { from: '2021-12-27', to: '2021-12-29' },
        { from: '2021-12-20', to: '2021-12-26' },
      ],
    ] as const)('lapsed from, by its unit: %s', (_, unit, range, before) => {
      expect(periodBefore(range, { whole: true, unit })).toEqual(before);
    });
  });
});

// "Buying less than last year" on 3 January set 3 days against the same 3 days of last year.
describe('a comparison with last year the question only implies', () => {
  const on = (day: string) => new Date(`${day}T00:00:00Z`);

  it.each([
    [
      '3 January: the last whole year against the year before',
      '2025-01-03',
      ['2024-01-01', '2024-12-31'],
      ['2023-01-01', '2023-12-31'],
      true,
    ],
    [
      '28 January: four weeks of this year against the same days',
      '2025-01-28',
      ['2025-01-01', '2025-01-28'],
      ['2024-01-01', '2024-01-28'],
      false,
    ],
  ])('%s', (_, today, period, other, swapped) => {
    const read = periodsOf('which customers are buying less than last year', on(today));
    expect(read.period).toEqual({ from: period[0], to: period[1] });
    expect(read.other).toEqual({ from: other[0], to: other[1] });
    expect(read.note !== undefined).toBe(swapped);
  });

  it('keeps a few days asked for in words, and says they are few', () => {
    const read = periodsOf('revenue this month vs last month', on('2025-01-03'));
    expect(read.period).toEqual({ from: '2025-01-01', to: '2025-01-03' });
    expect(read.other).toEqual({ from: '2024-12-01', to: '2024-12-03' });
    expect(read.note).toBe(
      'This month so far is 3 days (2025-01-01 … 2025-01-03), set against the same days of the month before: too few days to tell a trend; ask for last month against the month before it for a whole month.',
    );
  });

  it('sets the last whole week against the one before on a Tuesday', () => {
    // 2025-01-07 is a Tuesday: the week so far is 2 days.
    const read = periodsOf('orders less than last week', on('2025-01-07'));
    expect(read.period).toEqual({ from: '2024-12-30', to: '2025-01-05' });
    expect(read.other).toEqual({ from: '2024-12-23', to: '2024-12-29' });
  });
});

describe('the last 12 full months and the 12 before, for a change asked with no period', () => {
  const on = (day: string) => new Date(`${day}T00:00:00Z`);
  it.each([
    ['3 January: December is the last full month', '2022-01-04', '2025-01-03', ['2024-01-01', '2024-12-31'], ['2023-01-01', '2023-12-31']],
    [
      '30 December, a day short of the month end: December is full',
      '2018-01-03',
      '2021-12-30',
      ['2021-01-01', '2021-12-30'],
      ['2020-01-01', '2020-12-31'],
    ],
    ['15 June: May is the last full month', '2021-01-01', '2024-06-15', ['2023-06-01', '2024-05-31'], ['2022-06-01', '2023-05-31']],
    [
      'rows from the 3rd of the first month: it still counts',
      '2022-06-03',
      '2024-06-15',
      ['2023-06-01', '2024-05-31'],
      ['2022-06-01', '2023-05-31'],
    ],
  ])('%s', (_, first, today, recent, prior) => {
    expect(yearOverYearOf(first, on(today))).toEqual({
      recent: { from: recent[0], to: recent[1] },
      prior: { from: prior[0], to: prior[1] },
    });
  });

  it('is none when the rows cover fewer than 24 full months', () => {
    expect(yearOverYearOf('2022-06-05', on('2024-06-15'))).toBeNull();
    expect(yearOverYearOf('2012-01-31', on('2012-01-31'))).toBeNull();
  });
});
