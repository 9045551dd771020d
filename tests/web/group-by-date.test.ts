import { describe, expect, it } from 'vitest';
import { groupAnalysesByDate, historyGroupOf } from '../../web/src/features/analysis/utils/group-by-date';

/** Local-time ISO strings, so the test holds in any time zone. */
const local = (year: number, month: number, day: number, hour = 12) => new Date(year, month - 1, day, hour).toISOString();
const now = new Date(2026, 10, 21, 15, 30).getTime();

describe('sidebar history groups: Today / Last 7 Days / Older (SPEC §2)', () => {
  it('puts anything since local midnight under Today', () => {
    expect(historyGroupOf(local(2026, 11, 21, 0), now)).toBe('Today');
    expect(historyGroupOf(local(2026, 11, 21, 15), now)).toBe('Today');
  });
  it('puts yesterday through seven days back under Last 7 Days', () => {
    expect(historyGroupOf(local(2026, 11, 20, 23), now)).toBe('Last 7 Days');
    expect(historyGroupOf(local(2026, 11, 14, 1), now)).toBe('Last 7 Days');
  });
  it('puts anything earlier under Older', () => {
    expect(historyGroupOf(local(2026, 11, 13, 23), now)).toBe('Older');
    expect(historyGroupOf('not a date', now)).toBe('Older');
  });
  it('groups newest first and leaves out empty groups', () => {
    const analyses = [
      { id: 'old', created_at: local(2026, 9, 1) },
      { id: 'today-early', created_at: local(2026, 11, 21, 8) },
      { id: 'today-late', created_at: local(2026, 11, 21, 14) },
      { id: 'older-still', created_at: local(2025, 1, 1) },
    ];
    expect(groupAnalysesByDate(analyses, now).map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ['Today', ['today-late', 'today-early']],
      ['Older', ['old', 'older-still']],
    ]);
  });
});
