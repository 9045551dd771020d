/**
 * The numbers guard: which figures in prose count as traceable to tool results.
 */
import { describe, expect, it } from 'vitest';
import { figuresIn, untraceableFigures } from '../../worker/agent/model/numbers-guard';

const SOURCES = [
  '{"revenue":93000,"topCustomer":{"name":"Alpine Foods GmbH","revenue":48000,"share":0.516129},"hhi":3141.2,"month":"2024-03","aov":1409.09}',
];

describe('numbers guard', () => {
  it('reads currency, separators, decimals, percentages and k/M suffixes', () => {
    expect(figuresIn('€93,000 and 51.6% and $1.2M and 48k and 12 percent').map((f) => [f.text, f.value, f.percent])).toEqual([
      ['€93,000', 93000, false],
      ['51.6%', 51.6, true],
      ['$1.2M', 1200000, false],
      ['48k', 48000, false],
      ['12 percent', 12, true],
    ]);
  });

  it('ignores list numbering and labels glued to letters (Q2, P01)', () => {
    expect(figuresIn('1. Sales in Q2 for P01\n2. done').map((f) => f.text)).toEqual([]);
  });

  it.each([
    ['exact', 'Revenue was €93,000.'],
    ['rounded to thousands', 'Revenue was about €93k.'],
    ['a fraction as a percentage', 'Alpine brings 51.6% (roughly 52%).'],
    ['a rounded decimal', 'HHI is 3,141 and the average order €1,409.'],
    ['dates from strings', 'The best month was 2024-03.'],
    ['small counting numbers', 'Here are 3 actions for your top 5 customers.'],
  ])('accepts %s', (_, text) => {
    expect(untraceableFigures(text, SOURCES)).toEqual([]);
  });

  it('flags figures no tool result supports, once each', () => {
    expect(untraceableFigures('Revenue will reach €120,000 (up 29%), so €120,000 it is; 52.4% share.', SOURCES)).toEqual([
      '€120,000',
      '29%',
      '52.4%',
    ]);
  });

  it('accepts figures the user wrote in the question', () => {
    expect(untraceableFigures('With a 15% discount the numbers change.', SOURCES, 'What if I gave a 15% discount?')).toEqual([]);
  });
});
