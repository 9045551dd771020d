/**
 * A margin on hand-checked rows where returns outweigh what was sold: the figure is the
 * returns', and the note says which rows are so.
 */
import { describe, expect, it } from 'vitest';
import { queryCsv } from './snapshot-of';

// 2024: 100 sold at cost 60, margin 40%. 2025: 50 sold at cost 30 and 80 returned at cost 50:
// revenue −30, gross profit −10, a "margin" of 33.3% that no sale earned.
const SALES = `Date,Customer,Amount,Cost
2024-03-01,Acme,100,60
2025-01-02,Acme,50,30
2025-01-03,Bolt,-80,-50
`;

describe('a margin where more was returned than sold', () => {
  it('is the returns’ margin, and the note names the rows with revenue below 0', async () => {
    const result = await queryCsv(SALES, { measures: ['marginPct', 'revenue'], groupBy: ['year'] });
    expect(result.rows[0]).toEqual(['2024', 40, 100]);
    expect(result.rows[1][0]).toBe('2025');
    expect(result.rows[1][1] as number).toBeCloseTo((-10 / -30) * 100, 9);
    expect(result.rows[1][2]).toBe(-30);
    expect(result.note).toContain(
      "1 of these years has revenue below 0, more returned than sold: the margin is the returns', not what sales earn.",
    );
  });

  it('says nothing of a margin where every row sold more than came back', async () => {
    const result = await queryCsv(SALES, { measures: ['marginPct'], groupBy: ['year'], period: { from: '2024-01-01', to: '2024-12-31' } });
    expect(result.note ?? '').not.toContain('revenue below 0');
  });
});
