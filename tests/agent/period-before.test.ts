/** The period just before another, as "lost in …" and "stopped buying in …" read it. */
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
  });
});
