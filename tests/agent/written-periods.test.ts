/** Days written out and ranges open at one end, as the question grammar reads them (expected ranges worked out by hand). */
import { describe, expect, it } from 'vitest';
import { OPEN_START, periodsOf, unitOfEveryYear } from '../../worker/agent/offline/query-periods';

const TODAY = new Date('2021-06-10T00:00:00Z');
const range = (from: string, to: string) => ({ from, to });

describe('a day written out', () => {
  it.each([
    ['revenue on june 3, 2021', range('2021-06-03', '2021-06-03')],
    ['revenue on jun 3rd 2021', range('2021-06-03', '2021-06-03')],
    ['revenue on sept. 3, 2020', range('2020-09-03', '2020-09-03')],
    ['revenue on 3 june 2021', range('2021-06-03', '2021-06-03')],
    ['revenue on the 3rd of june, 2021', range('2021-06-03', '2021-06-03')],
    ['revenue on 2021/6/3', range('2021-06-03', '2021-06-03')],
    // Slashes read either way round where one number can't be a month; dots day first.
    ['revenue on 25/12/2020', range('2020-12-25', '2020-12-25')],
    ['revenue on 12/25/2020', range('2020-12-25', '2020-12-25')],
    ['revenue on 03.04.2021', range('2021-04-03', '2021-04-03')],
    // Without a year: the latest such day by the analysis date (10 June 2021).
    ['revenue on june 3', range('2021-06-03', '2021-06-03')],
    ['revenue on june 15', range('2020-06-15', '2020-06-15')],
    ['revenue on the 15th of june', range('2020-06-15', '2020-06-15')],
    ['revenue on december 3rd', range('2020-12-03', '2020-12-03')],
    ['revenue on february 29', range('2020-02-29', '2020-02-29')],
    ['revenue from june 1 to june 3, 2021', range('2021-06-01', '2021-06-03')],
  ])('%s', (question, read) => {
    expect(periodsOf(question, TODAY).period).toEqual(read);
  });

  it.each([
    ['revenue on 03/04/2021', '03/04/2021'],
    ['revenue on february 30, 2021', 'february 30, 2021'],
    ['revenue on 31 april 2021', '31 april 2021'],
  ])('%s is no one day: unread', (question, unread) => {
    expect(periodsOf(question, TODAY)).toEqual({ period: null, other: null, unread });
  });

  it.each([
    // Counts, not days.
    ['customers who bought in march 3 times', range('2021-03-01', '2021-03-31')],
    ['customers who bought in may 2 or more times', range('2021-05-01', '2021-05-31')],
    ['new customers by month: jan 1, mar 1', null],
    ['top 10 june 2021 products', range('2021-06-01', '2021-06-30')],
  ])('%s', (question, read) => {
    expect(periodsOf(question, TODAY).period).toEqual(read);
  });
});

describe('a range open at one end', () => {
  it.each([
    ['revenue since march 2021', range('2021-03-01', '2021-06-10')],
    ['revenue since 2021-03-15', range('2021-03-15', '2021-06-10')],
    ['revenue since march 15', range('2021-03-15', '2021-06-10')],
    ['revenue since q4 2020 by region', range('2020-10-01', '2021-06-10')],
    ['revenue since last year', range('2020-01-01', '2021-06-10')],
    ['revenue since the end of 2020', range('2021-01-01', '2021-06-10')],
    ['revenue since july', range('2020-07-01', '2021-06-10')],
    ['revenue from march 2021 onwards', range('2021-03-01', '2021-06-10')],
    // A day after "from" with no end starts a range ("revenue from 2021-03-15" got that one
    // day's); a month after "from" is still that month. "Starting" is "since".
    ['revenue from 2021-03-15', range('2021-03-15', '2021-06-10')],
    ['revenue from 15 march 2021 by region', range('2021-03-15', '2021-06-10')],
    ['revenue from march 2021', range('2021-03-01', '2021-03-31')],
    ['revenue from 2021-03-15 to 2021-03-20', range('2021-03-15', '2021-03-20')],
    ['revenue starting 2021-03-15', range('2021-03-15', '2021-06-10')],
    ['revenue starting in march 2021', range('2021-03-01', '2021-06-10')],
    ['revenue starting from q1 2021', range('2021-01-01', '2021-06-10')],
    ['revenue after q1 2021', range('2021-04-01', '2021-06-10')],
    ['revenue before march 2021', range(OPEN_START, '2021-02-28')],
    ['revenue prior to 2021', range(OPEN_START, '2020-12-31')],
    ['revenue until march 2021', range(OPEN_START, '2021-03-31')],
    ['revenue until the start of 2021', range(OPEN_START, '2020-12-31')],
    // "The year", "the quarter" at a range's end are this one ("since the beginning of the year" got the whole file).
    ['revenue since the beginning of the year', range('2021-01-01', '2021-06-10')],
    ['revenue since the start of the quarter', range('2021-04-01', '2021-06-10')],
    ['revenue until the end of the month', range(OPEN_START, '2021-06-10')],
    // Both ends so named: the start of one period to the end of another.
    ['revenue from the start of 2020 to the end of 2020', range('2020-01-01', '2020-12-31')],
    ['revenue between the start of 2019 and the end of 2020', range('2019-01-01', '2020-12-31')],
    // One unit next to the one named.
    ['revenue in the year before 2021', range('2020-01-01', '2020-12-31')],
    ['revenue in the month after february 2021', range('2021-03-01', '2021-03-31')],
    ['revenue in the quarter before q1 2021', range('2020-10-01', '2020-12-31')],
    ['revenue in the week after 2021-03-15', range('2021-03-16', '2021-03-22')],
    ['revenue in the month after march 15, 2021', range('2021-04-01', '2021-04-30')],
    // Counted units next to it ("the 3 months before June 2021" was June's): calendar units,
    // or 1 and 7 days.
    ['revenue in the 3 months before june 2021', range('2021-03-01', '2021-05-31')],
    ['revenue in the three months after june 2020', range('2020-07-01', '2020-09-30')],
    ['revenue in the 2 years before 2021', range('2019-01-01', '2020-12-31')],
    ['revenue in the two quarters after q1 2020', range('2020-04-01', '2020-09-30')],
    ['revenue in the 6 months prior to july 2020', range('2020-01-01', '2020-06-30')],
    ['revenue in the two weeks after 2021-03-15', range('2021-03-16', '2021-03-29')],
    ['revenue in the 10 days before 2021-03-01', range('2021-02-19', '2021-02-28')],
    ['revenue in the 2 months before march 15, 2021', range('2021-01-01', '2021-02-28')],
  ])('%s', (question, read) => {
    expect(periodsOf(question, TODAY).period).toEqual(read);
  });

  it.each([
    // From June or from July? Without a count? Each was read as June alone.
    ['revenue in the 3 months since june 2021', '3 months since june 2021'],
    ['revenue in the two years from 2019 by region', 'two years from 2019'],
    ['revenue in the months before june 2021', 'the months before june 2021'],
    ['revenue in the 2 periods before 2021', '2 periods before 2021'],
  ])('%s is no range to count out: unread', (question, unread) => {
    expect(periodsOf(question, TODAY)).toEqual({ period: null, other: null, unread });
  });

  it('begins on the file’s first day when the caller knows it', () => {
    expect(periodsOf('revenue before march 2021', TODAY, '2019-04-02').period).toEqual(range('2019-04-02', '2021-02-28'));
    // Before the file begins: no day of it, so no first day to start from.
    expect(periodsOf('revenue before 2019', TODAY, '2019-04-02').period).toEqual(range(OPEN_START, '2018-12-31'));
  });

  it('after the analysis date is the day after, with no rows', () => {
    expect(periodsOf('revenue after june 2021', TODAY).period).toEqual(range('2021-07-01', '2021-07-01'));
  });

  it('words that name no period after "since" or "after" are no range', () => {
    expect(periodsOf('revenue after returns in 2020', TODAY).period).toEqual(range('2020-01-01', '2020-12-31'));
    expect(periodsOf('customers who bought again after their first order', TODAY).period).toBeNull();
    // "From" without "onwards" is where revenue came from.
    expect(periodsOf('revenue from march 2021', TODAY).period).toEqual(range('2021-03-01', '2021-03-31'));
  });
});

// "Revenue in Q4 last year" was all of 2020, "December sales" and "Revenue last December" the
// whole file's: a month, quarter or half without its year written as a number.
describe('a month, quarter or half named without its year', () => {
  it.each([
    ['revenue in q4 last year', range('2020-10-01', '2020-12-31')],
    ['revenue in march this year', range('2021-03-01', '2021-03-31')],
    ['revenue in the first half of last year', range('2020-01-01', '2020-06-30')],
    ['gross profit in q1 of the previous year', range('2020-01-01', '2020-03-31')],
    ['revenue for december of last year', range('2020-12-01', '2020-12-31')],
    ["last year's december revenue", range('2020-12-01', '2020-12-31')],
    // "Last": the latest such month before the analysis date's (June 2021); "this": the analysis year's.
    ['revenue last december', range('2020-12-01', '2020-12-31')],
    ['revenue last march', range('2021-03-01', '2021-03-31')],
    ['revenue last june', range('2020-06-01', '2020-06-30')],
    ['revenue this march', range('2021-03-01', '2021-03-31')],
    // Before a figure, as after "in": the latest such month up to the analysis date.
    ['december sales', range('2020-12-01', '2020-12-31')],
    ["what were june's profits?", range('2021-06-01', '2021-06-30')],
    ['march orders by region', range('2021-03-01', '2021-03-31')],
    ['may revenue', range('2021-05-01', '2021-05-31')],
    // "May" as a verb is no month.
    ['which products may sell less this year', range('2021-01-01', '2021-06-10')],
  ])('%s', (question, read) => {
    expect(periodsOf(question, TODAY).period).toEqual(read);
  });

  it('"Q1 this year vs last year" sets Q1 2021 against Q1 2020', () => {
    const read = periodsOf('revenue in q1 this year vs last year', TODAY);
    expect([read.period, read.other]).toEqual([range('2021-01-01', '2021-03-31'), range('2020-01-01', '2020-03-31')]);
  });

  it('"March sales compared to February sales" sets the two months side by side', () => {
    const read = periodsOf('how did march sales compare to february sales?', TODAY);
    expect([read.period, read.other]).toEqual([range('2021-03-01', '2021-03-31'), range('2021-02-01', '2021-02-28')]);
  });
});

describe('the same month or quarter of every year', () => {
  it.each([
    'revenue in december of each year',
    'december revenue by year',
    'revenue in q4 every year',
    'how did december sales compare across the years?',
    'revenue in each december',
    'profit in the fourth quarter, year by year',
    'revenue in all the Decembers',
  ])('%s is refused', (question) => {
    expect(unitOfEveryYear(question)).toBe(
      "I can't take the same month or quarter out of every year yet, so I could read this only as one of them. Ask for two side by side, such as “revenue in December 2021 vs December 2020”, or for the figure by month or by quarter.",
    );
  });

  it.each(['revenue by year', 'revenue by month in q4', 'revenue in december 2020 and december 2021 by year', 'revenue in q4'])(
    '%s is read',
    (question) => {
      expect(unitOfEveryYear(question)).toBeNull();
    },
  );
});

// "Revenue in the previous quarter", "… the last full year" and "… the past month" got the
// whole file's; "the last 12 months vs the 12 months before" read the last 12 months alone.
describe('the unit before this one, and a span set against the one before it', () => {
  it.each([
    ['revenue in the previous quarter', range('2021-01-01', '2021-03-31')],
    ['revenue in the prior month', range('2021-05-01', '2021-05-31')],
    ['revenue in the previous year', range('2020-01-01', '2020-12-31')],
    ['revenue in the last full quarter', range('2021-01-01', '2021-03-31')],
    ['revenue in the last complete month', range('2021-05-01', '2021-05-31')],
    // "Past" is a span back from the analysis date (10 June 2021), as "the past 3 months" is.
    ['revenue in the past year', range('2020-07-01', '2021-06-10')],
    ['revenue in the past quarter', range('2021-04-01', '2021-06-10')],
  ])('%s', (question, read) => {
    expect(periodsOf(question, TODAY).period).toEqual(read);
  });

  it.each([
    ['revenue in the last 12 months vs the 12 months before', range('2020-07-01', '2021-06-10'), range('2019-07-01', '2020-06-10')],
    ['revenue in the last 3 months vs the previous 3 months', range('2021-04-01', '2021-06-10'), range('2021-01-01', '2021-03-10')],
    ['revenue in the last 30 days vs the prior period', range('2021-05-12', '2021-06-10'), range('2021-04-12', '2021-05-11')],
    ['revenue in the last 3 months vs the 2 years before', range('2021-04-01', '2021-06-10'), range('2019-01-01', '2020-12-31')],
    // The unit before the first side's, not the analysis date's.
    ['revenue in q3 2020 vs the previous quarter', range('2020-07-01', '2020-09-30'), range('2020-04-01', '2020-06-30')],
    // "A year before": the same days a year back, a whole month whole.
    ['revenue in february 2021 vs a year before', range('2021-02-01', '2021-02-28'), range('2020-02-01', '2020-02-29')],
    ['revenue in q3 2020 against one year earlier', range('2020-07-01', '2020-09-30'), range('2019-07-01', '2019-09-30')],
  ])('%s', (question, period, other) => {
    const read = periodsOf(question, TODAY);
    expect([read.period, read.other]).toEqual([period, other]);
  });
});

// "What was revenue two years ago?" got the whole file's revenue: "ago" was read nowhere.
describe('a unit counted back from today ("two years ago"), on 10 June 2021', () => {
  it.each([
    ['revenue two years ago', range('2019-01-01', '2019-12-31')],
    ['revenue a year ago', range('2020-01-01', '2020-12-31')],
    ['revenue 3 months ago', range('2021-03-01', '2021-03-31')],
    ['revenue a month ago', range('2021-05-01', '2021-05-31')],
    ['revenue 7 months ago', range('2020-11-01', '2020-11-30')],
    ['revenue two quarters ago', range('2020-10-01', '2020-12-31')],
    ['revenue since two years ago', range('2019-01-01', '2021-06-10')],
  ])('%s', (question, read) => {
    expect(periodsOf(question, TODAY).period).toEqual(read);
  });

  it.each([
    ['revenue 10 days ago', '10 days ago'],
    ['revenue two weeks ago', 'two weeks ago'],
    ['revenue in the same month two years ago', 'the same month two years ago'],
  ])('%s is unread', (question, unread) => {
    expect(periodsOf(question, TODAY)).toEqual({ period: null, other: null, unread });
  });

  it('"customers who left over a year ago" names how long ago, no period', () => {
    expect(periodsOf('customers who left over a year ago', TODAY)).toEqual({ period: null, other: null });
  });

  it('"revenue this month vs a year ago" is still the same days a year back, and the note says which', () => {
    const read = periodsOf('revenue this month vs a year ago', TODAY);
    expect(read.period).toEqual(range('2021-06-01', '2021-06-10'));
    expect(read.other).toEqual(range('2020-06-01', '2020-06-10'));
  });

  it('a few days so far set against a year back name those days, not "the month before"', () => {
    const read = periodsOf('revenue this month vs a year ago', new Date('2021-06-03T00:00:00Z'));
    expect(read.note).toBe(
      'This month so far is 3 days (2021-06-01 … 2021-06-03), set against 2020-06-01 … 2020-06-03: too few days to tell a trend; ask for last month against the month before it for a whole month.',
    );
  });
});
