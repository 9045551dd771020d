/**
 * Which questions ask for each unit of time against an earlier one, and which unit: read
 * before the periods, so "the same quarter last year" is the comparison, not a period.
 */
import { describe, expect, it } from 'vitest';
import { unitChangeOf } from '../../worker/agent/offline/query-unit-change';

const read = (question: string, changeAsked = true) => {
  const found = unitChangeOf(question, changeAsked);
  return found && { changeFrom: found.changeFrom, unit: found.unit, overall: found.overall };
};

describe('a change between units of time', () => {
  it('is each unit against the one before when a unit is named with a change', () => {
    expect(read('which quarters grew?')).toEqual({ changeFrom: 'previous', unit: 'quarter', overall: false });
    expect(read('revenue growth by year')).toEqual({ changeFrom: 'previous', unit: 'year', overall: false });
    expect(read('what is our monthly growth rate?')).toEqual({ changeFrom: 'previous', unit: 'month', overall: false });
    expect(read('top 3 weeks by growth')).toEqual({ changeFrom: 'previous', unit: 'week', overall: false });
  });

  it('is named by "over" without a change word', () => {
    expect(read('revenue quarter over quarter', false)).toEqual({ changeFrom: 'previous', unit: 'quarter', overall: false });
    expect(read('orders mom', false)).toEqual({ changeFrom: 'previous', unit: 'month', overall: false });
  });

  it('is the same unit a year before when a year over year change is asked by month or quarter', () => {
    expect(read('year over year growth by quarter')).toEqual({ changeFrom: 'yearBefore', unit: 'quarter', overall: false });
    expect(read('monthly revenue yoy', false)).toEqual({ changeFrom: 'yearBefore', unit: 'month', overall: false });
  });

  it('drops "the same quarter last year" from what is read as a period', () => {
    const found = unitChangeOf('quarterly revenue vs the same quarter last year', false);
    expect(found?.changeFrom).toBe('yearBefore');
    expect(found?.unit).toBe('quarter');
    expect(found?.rest).not.toContain('last year');
  });

  it('leaves a bare "year over year growth" to the trend of the last 12 full months', () => {
    expect(read("what's our year over year growth?")).toEqual({ changeFrom: 'previous', unit: 'year', overall: true });
    // It got the list of questions the analyst can answer.
    expect(read('how did each region do year over year?', false)).toEqual({ changeFrom: 'previous', unit: 'year', overall: false });
  });

  it('is none without a unit, or a unit without a change', () => {
    expect(read('did sales grow in 2021?')).toBeNull();
    expect(read('revenue by quarter', false)).toBeNull();
  });
});
