import { describe, expect, it } from 'vitest';
import { decideDecimal } from '../../../worker/engine/schema/decimal-separator';
import { COMMA, DOT, parseNumber } from '../../../worker/engine/schema/numbers';

describe('parseNumber', () => {
  it.each([
    ['1,234.50', DOT, 1234.5],
    ['1.234,50', COMMA, 1234.5],
    ['1 234,50', COMMA, 1234.5],
    ['1\u00a0234,50', COMMA, 1234.5],
    ["1'234.50", DOT, 1234.5],
    ['$1,234.50', DOT, 1234.5],
    ['€ 12', DOT, 12],
    ['12 EUR', COMMA, 12],
    ['(12.00)', DOT, -12],
    ['12-', DOT, -12],
    ['-3', DOT, -3],
    ['1.2e3', DOT, 1200],
    ['12.5%', DOT, 0.125],
    ['  42  ', DOT, 42],
    ['.5', DOT, 0.5],
    ['2.55', DOT, 2.55],
  ] as const)('reads %s', (text, decimal, expected) => {
    expect(parseNumber(text, decimal)).toBe(expected);
  });

  it.each([
    ['', DOT],
    ['abc', DOT],
    ['85123A', DOT],
    ['CG-12520', DOT],
    ['FUR-BO-10001798', DOT],
    ['2010-12-01', DOT],
    // contradicts the column's decided separator: a "thousands" group that is not 3 digits
    ['12,50', DOT],
    ['0.5', COMMA],
  ] as const)('rejects %s', (text, decimal) => {
    expect(parseNumber(text, decimal)).toBeNaN();
  });
});

describe('decideDecimal', () => {
  it('reads the last of two separators as the decimal', () => {
    expect(decideDecimal(['1.234,50', '12'])).toBe(COMMA);
    expect(decideDecimal(['1,234.50'])).toBe(DOT);
  });

  it('reads a separator followed by other than three digits as the decimal', () => {
    expect(decideDecimal(['12,5', '3'])).toBe(COMMA);
    expect(decideDecimal(['2.55', '1.234'])).toBe(DOT);
  });

  it('reads a separator used twice as the thousands separator', () => {
    expect(decideDecimal(['1.234.567'])).toBe(COMMA);
  });

  it('has no opinion on integers or values that read either way', () => {
    expect(decideDecimal(['12', '1,234', '7'])).toBeNull();
  });
});

describe('words next to numbers', () => {
  it('accepts currency codes but not other words', () => {
    expect(parseNumber('USD 1,200.00', DOT)).toBe(1200);
    expect(parseNumber('12,50 EUR', COMMA)).toBe(12.5);
    expect(parseNumber('Rep 25', DOT)).toBeNaN();
    expect(parseNumber('Store 12', DOT)).toBeNaN();
  });
});
