import { describe, expect, it } from 'vitest';
import { epochDay } from '../../../worker/engine/aggregate/types';
import { decideDateOrder, excelSerialToEpochDay, parseDate } from '../../../worker/engine/schema/dates';

describe('parseDate', () => {
  it.each([
    ['2010-12-01', 'ymd', '2010-12-01'],
    ['2010-12-01 08:26:00', 'ymd', '2010-12-01'],
    ['2010-12-01T08:26:00Z', 'ymd', '2010-12-01'],
    ['2010/12/01', 'ymd', '2010-12-01'],
    ['01/12/2010', 'dmy', '2010-12-01'],
    ['12/01/2010', 'mdy', '2010-12-01'],
    ['11/8/2020', 'mdy', '2020-11-08'],
    ['31.12.2024', 'dmy', '2024-12-31'],
    ['31.12.24', 'dmy', '2024-12-31'],
    ['19970101', 'compact', '1997-01-01'],
    ['1-Dec-2010', 'dmy', '2010-12-01'],
    ['3 mars 2021', 'dmy', '2021-03-03'],
    ['Dec 1, 2010', 'mdy', '2010-12-01'],
    ['40513', 'serial', '2010-12-01'],
  ] as const)('reads %s as %s', (text, order, iso) => {
    expect(parseDate(text, order)).toBe(epochDay(iso));
  });

  it('rejects values that do not fit the order instead of re-reading them', () => {
    expect(parseDate('13/05/2020', 'mdy')).toBe(-1);
    expect(parseDate('2020-02-30', 'ymd')).toBe(-1);
    expect(parseDate('', 'ymd')).toBe(-1);
  });

  it('follows Excel serials in both date systems', () => {
    expect(excelSerialToEpochDay(1)).toBe(epochDay('1900-01-01'));
    expect(excelSerialToEpochDay(61)).toBe(epochDay('1900-03-01'));
    expect(excelSerialToEpochDay(0, true)).toBe(epochDay('1904-01-01'));
  });
});

describe('decideDateOrder', () => {
  it('picks day-first when a first part exceeds 12', () => {
    expect(decideDateOrder(['01/02/2020', '25/02/2020'], { allowCompact: false, allowSerial: false, preferDayFirst: false })?.order).toBe(
      'dmy',
    );
  });

  it('picks month-first when a second part exceeds 12', () => {
    expect(decideDateOrder(['01/02/2020', '02/25/2020'], { allowCompact: false, allowSerial: false, preferDayFirst: true })?.order).toBe(
      'mdy',
    );
  });

  it('breaks an all-ambiguous tie with the file convention', () => {
    const values = ['01/02/2020', '03/04/2020'];
    expect(decideDateOrder(values, { allowCompact: false, allowSerial: false, preferDayFirst: false })?.order).toBe('mdy');
    expect(decideDateOrder(values, { allowCompact: false, allowSerial: false, preferDayFirst: true })?.order).toBe('dmy');
  });

  it('returns null for a column that is mostly not dates', () => {
    expect(decideDateOrder(['abc', 'def', '2020-01-01'], { allowCompact: true, allowSerial: false, preferDayFirst: false })).toBeNull();
  });
});
