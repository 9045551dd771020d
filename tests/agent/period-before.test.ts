/** The period just before another, as "did sales go up in …", "lost in …" and "stopped buying in …" read it. */
import { describe, expect, it } from 'vitest';
import { periodBefore } from '../../worker/agent/offline/query-periods';

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
