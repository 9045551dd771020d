import { describe, expect, it } from 'vitest';
import { analysisDurationMs, formatDuration, formatKilobytes, formatMegabytes } from '../../web/src/lib/format';

describe('formatMegabytes (the uploaded file, SPEC §9: MB with 2 decimals)', () => {
  it('prints 2 decimals', () => {
    expect(formatMegabytes(2_621_440)).toBe('2.50 MB');
    expect(formatMegabytes(6_612)).toBe('0.01 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });
});

describe('formatKilobytes (artifacts, SPEC §9: KB with 1 decimal)', () => {
  it('prints 1 decimal', () => {
    expect(formatKilobytes(1843)).toBe('1.8 KB');
    expect(formatKilobytes(23_142)).toBe('22.6 KB');
    expect(formatKilobytes(0)).toBe('0.0 KB');
  });
  it("says 'Size unknown' when the size is missing", () => {
    expect(formatKilobytes(null)).toBe('Size unknown');
    expect(formatKilobytes(undefined)).toBe('Size unknown');
  });
});

describe('formatDuration (m:ss with two-digit seconds)', () => {
  it('pads seconds to two digits', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5_000)).toBe('0:05');
    expect(formatDuration(65_999)).toBe('1:05');
    expect(formatDuration(600_000)).toBe('10:00');
  });
  it('keeps counting minutes past an hour', () => {
    expect(formatDuration(75 * 60_000)).toBe('75:00');
  });
  it("says 'Unknown' without a duration", () => {
    expect(formatDuration(null)).toBe('Unknown');
    expect(formatDuration(Number.NaN)).toBe('Unknown');
  });
});

describe('analysisDurationMs (SPEC §4)', () => {
  const created = '2026-11-21T10:00:00.000Z';
  it('is completed_at minus created_at once complete', () => {
    expect(analysisDurationMs({ status: 'completed', created_at: created, completed_at: '2026-11-21T10:03:07.000Z' }, 0)).toBe(187_000);
  });
  it('runs from created_at while the analysis is running', () => {
    const now = Date.parse('2026-11-21T10:00:42.000Z');
    expect(analysisDurationMs({ status: 'analyzing', created_at: created, completed_at: null }, now)).toBe(42_000);
  });
  it('is unknown for a completed analysis without completed_at', () => {
    expect(analysisDurationMs({ status: 'completed', created_at: created, completed_at: null }, Date.now())).toBeNull();
  });
});
