/**
 * Day ranges named in a question, with the analysis date as "today": "in 2025", "Q1 2026",
 * "H2 2021", "March 2026", "2021-07-01", "last quarter", "last 90 days", "since June",
 * "between … and …", "from … to …", "this year vs last year". Deterministic: the same
 * words and date give the same range. A range whose ends can't both be read is reported
 * as unread, so that the question is refused rather than answered for another period.
 */
import { plural } from '../../engine/render/format';
import { EDGE_DAYS_ALLOWED } from '../../engine/analyses/partial-months';
import { NUMBER_WORDS } from './number-words';
import { PURCHASE_DENIED } from './purchase-words';
import { withoutNames } from './names-blanked';

export interface DayRange {
  from: string;
  to: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

const DAY = 86_400_000;
const iso = (t: number): string => new Date(t).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number): number => Date.UTC(y, m, d);
const monthOf = (word: string): number => MONTHS.indexOf(word.slice(0, 3));
/** 0 for "first" or "1st", 1 for "second" … 3 for "fourth". */
const ordinalOf = (word: string): number => (/^\d/.test(word) ? Number(word[0]) - 1 : ['first', 'second', 'third', 'fourth'].indexOf(word));

function yearRange(y: number): DayRange {
  return { from: iso(utc(y, 0, 1)), to: iso(utc(y, 11, 31)) };
}
function monthRange(y: number, m: number): DayRange {
  return { from: iso(utc(y, m, 1)), to: iso(utc(y, m + 1, 0)) };
}
function quarterRange(y: number, q: number): DayRange {
  return { from: iso(utc(y, q * 3, 1)), to: iso(utc(y, q * 3 + 3, 0)) };
}
function halfRange(y: number, h: number): DayRange {
  return { from: iso(utc(y, h * 6, 1)), to: iso(utc(y, h * 6 + 6, 0)) };
}

/** The Monday (UTC midnight) of the week holding day `t`: weeks run Monday to Sunday (ISO 8601). */
function mondayOf(t: number): number {
  return t - ((new Date(t).getUTCDay() + 6) % 7) * DAY;
}

/** "December sales", "June's profit", "March orders" (not "may": "may sell"). */
const MONTH_BEFORE_A_FIGURE = new RegExp(
  String.raw`\b${MONTH}(?:['’]s)?\s+(?:gross\s+)?(?:revenue|sales|turnover|income|profits?|margins?|orders|units|spend|numbers|figures|results)\b`,
);

/** A month's name and nothing else: one end of "from March to June". */
const MONTH_ALONE = new RegExp(`^\\s*${MONTH}\\s*$`);

/** The months' full names, but May, a verb too ("… and may be discontinued"). */
export const MONTH_NAMES_NOT_MAY = 'january|february|march|april|june|july|august|september|october|november|december';
/** Every month's full name, May too, where nothing else could read it as a verb. */
export const MONTH_NAMES = `${MONTH_NAMES_NOT_MAY}|may`;

/** "A year before", "one year earlier", "a year ago": the first side's days a year back. */
const A_YEAR_BEFORE = /^\s*(?:(?:the|a|one) year (?:before|earlier|prior)|(?:a|one) year ago)\b/;

/**
 * "Revenue in December 2021 vs a year before" read December alone, the comparison dropped:
 * the same days of the year before, as "the same period last year" is.
 */
function yearBefore(firstWords: string, words: string, today: Date): DayRange | null {
  const first = A_YEAR_BEFORE.test(words) ? periodIn(firstWords, today) : null;
  if (!first) return null;
  const year = (day: string) => Number(day.slice(0, 4)) - 1;
  // A month's last day is its last a year before too: February 2021 is set against all of February 2020.
  const to = endsAUnit(first.to, 1) ? sameDayIn(year(first.to), `${first.to.slice(0, 8)}31`) : sameDayIn(year(first.to), first.to);
  return { from: sameDayIn(year(first.from), first.from), to };
}

/**
 * The other side of a comparison named by its place among periods of the same kind as the
 * first: "the second quarter of 1998 compared with the first" read Q2 alone, the first
 * dropped. "The first", "the third quarter", "the one before", "the previous quarter".
 */
function sameKindIn(firstWords: string, words: string, today: Date): DayRange | null {
  const first = periodIn(firstWords, today);
  const unit = first ? wholeUnitOf(first) : null;
  if (!first || !unit || unit === 'month') return null;
  const before = /^\s*(?:the )?(?:one before|previous(?: (one|quarter|half|year))?|(quarter|half|year) before)\b/.exec(words);
  const named = before?.[1] ?? before?.[2];
  // "Q3 2021 vs the previous year" is Q3 2020; "H2 2021 vs the previous quarter" names no half.
  if (before && (!named || named === 'one' || named === unit)) return periodBefore(first);
  if (before && named === 'year') {
    const year = Number(first.from.slice(0, 4)) - 1;
    return { from: sameDayIn(year, first.from), to: sameDayIn(year, first.to) };
  }
  if (before) return null;
  const m =
    /^\s*(?:the )?(first|second|third|fourth|1st|2nd|3rd|4th)(?: (one|quarter|half))?(?=\s*(?:[?.!,;]|$|(?:by|per|for|in|across)\b))/.exec(
      words,
    );
  if (!m || unit === 'year' || (m[2] && m[2] !== 'one' && m[2] !== unit)) return null;
  const year = Number(first.from.slice(0, 4));
  const n = ordinalOf(m[1]);
  const other = unit === 'quarter' ? quarterRange(year, n) : n < 2 ? halfRange(year, n) : null;
  // "Q3 compared with the 3rd" is no comparison.
  return other && other.from !== first.from ? other : null;
}

/** A month's full name in the words before a comparison's other period. */
const BARE_MONTH = new RegExp(String.raw`\b(${MONTH_NAMES_NOT_MAY}|may(?=\s*$|\s+(?:compare|compared|vs|versus|against)\b))\b(?!\s*\d)`);

/** A month's full name opening the words after "vs", "than" or "and": "October vs November by country"; May only when it ends a clause. */
const MONTH_FIRST = new RegExp(
  String.raw`^\s*(?:(?:${MONTH_NAMES_NOT_MAY})\b(?!\s*\d)|may\b(?!\s*\d)(?!\s+(?:be|been|have|not|need|want|also|still|well|buy|sell|order|purchase|drop|decline|grow|increase|stop|lose|churn|cost|take|get|go|show|help|come)\b))`,
);

/**
 * The period of the words after a comparison's joining word: "Revenue in October vs
 * November" read October alone, a month named bare is not read as a period elsewhere
 * ("may" is a verb, "march" a product's name); after "vs" it is the latest such month, as
 * "in November" is.
 */
function periodAfterJoin(words: string, today: Date): DayRange | null {
  return periodIn(words, today) ?? (MONTH_FIRST.test(words) ? periodIn(`in ${words.trim()}`, today) : null);
}

/** "The first 6 months of", "the last three months of": a year's opening or closing months (1 to 12). */
const MONTHS_OF_A_YEAR = /\b(first|last) (1[0-2]|[1-9]|three|six|nine) months of/;
const MONTH_COUNT_WORDS: Record<string, number> = { three: 3, six: 6, nine: 9 };

/** "The first 3 quarters of", "the last two quarters of": a year's opening or closing quarters (1 to 3). */
const QUARTERS_OF_A_YEAR = /\b(first|last) ([1-3]|one|two|three) quarters? of/;

/** "Quarters 1-3 of 2021", "quarters 2 to 4 2021": a year's quarters from one to another ("quarters 1 and 3" are two). */
const QUARTERS_NUMBERED = /\bquarters ([1-4])\s*(?:-|–|to|through|thru)\s*([1-4])\s*(?:of\s*)?(\d{4})\b/;

/**
 * "The 12 months to September 2021", "the year ending November 2021", "the 3 months ended
 * March": months back from the end of a month, which was read as that month alone. "Last year
 * to March 2021" is no such year.
 */
const MONTHS_ENDING = new RegExp(
  String.raw`\b(?:([1-9]\d?|${Object.keys(NUMBER_WORDS).join('|')}) months?|(?<!\b(?:last|this|next|previous|prior|same|calendar|fiscal|financial)\s)(year|quarter)) (?:to|ending(?: in)?|ended|through|thru|up to|until) (?:the end of )?${MONTH}\.?(?:,?\s+((?:19|20)\d\d))?\b`,
);

/** The months back from the end of the month named: "the 12 months to September 2021" is 2020-10-01 … 2021-09-30. */
function monthsEnding(m: RegExpExecArray, today: Date): DayRange {
  // 1 to 99 months as digits, up to twenty as words: the pattern takes no other count.
  const count = m[2] ? (m[2] === 'year' ? 12 : 3) : Number(m[1]) || NUMBER_WORDS[m[1]];
  const month = monthOf(m[3]);
  // Without a year, the latest such month by the analysis date, as "in September" is.
  const year = m[4] ? Number(m[4]) : month <= today.getUTCMonth() ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return { from: iso(utc(year, month - count + 1, 1)), to: monthRange(year, month).to };
}

/** From the start of `first` to the end of `last`. */
function spanOf(first: DayRange, last: DayRange): DayRange {
  return { from: first.from, to: last.to };
}

/** A calendar date written as YYYY-MM-DD, as one day; null when it is not a real date. */
function isoDayIn(text: string): DayRange | null {
  const m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (!m) return null;
  const day = isoDate(m[0]);
  return isCalendarDay(day) ? { from: day, to: day } : null;
}

/**
 * "The past 6 months" is the last 6, and so is "haven't ordered in 6 months": a span back
 * from today (it was refused, and chat answered with the churn list, which has customers
 * who bought 106 days ago). Without the denial, "in 6 months" may mean ahead, and stays unread.
 */
function withSpansBack(text: string): string {
  // "Revenue in the most recent month" got the whole file's: the latest unit is this one.
  const past = text
    // "Customers with the lowest 30 day revenue", "top customers by 90-day sales" got the
    // whole file's: a span before a figure is the one back from today ("trailing 12-month").
    .replace(
      /(?<!\b(?:next|first|coming|following)\s+)\b(?:trailing\s+|rolling\s+)?(\d{1,3})[- ](day|week|month|quarter|year)(?=\s+(?:revenue|sales|spend|spending|turnover|profit|gross profit|margin|orders|volume|units|purchases)\b)/g,
      'last $1 $2s',
    )
    .replace(/\b(?:past|most recent|latest)\s+(\d{1,4})\s+(days?|weeks?|months?|quarters?|years?)\b/g, 'last $1 $2')
    // "The last 3 years" was dropped: as many months, as "the last 12 months" reads.
    .replace(
      /\blast\s+(\d{1,2})\s+(quarters?|years?)\b/g,
      (_, n: string, unit: string) => `last ${Number(n) * (unit.startsWith('q') ? 3 : 12)} months`,
    )
    .replace(/\b(?:most recent|latest|current) (year|quarter|month|week)\b/g, 'this $1')
    // "Revenue in the past fortnight" got the whole file's.
    .replace(/\b(?:past|last|previous)\s+(?:two weeks|fortnight)\b/g, 'last 14 days')
    // "The previous quarter", "the last full year", "the past month" got the whole file's:
    // the calendar unit before this one, and a span back from today for "past".
    .replace(/\b(?:previous|prior|preceding|last (?:full|complete|completed|whole))\s+(year|quarter|month|week)\b/g, 'last $1')
    .replace(/\b(?:the\s+)?past\s+(year|quarter|month|week)\b/g, (_, unit: string) => `the last ${SPAN_OF_ONE[unit]}`);
  if (!PURCHASE_DENIED.test(past)) return past;
  // "Haven't ordered in a year" was not read, and chat answered with the churn list.
  return past
    .replace(/\b(?:in|for|within)\s+(?:a|one|over a)\s+(year|month|week)\b/g, (_, unit: string) => `in the last ${SPAN_OF_ONE[unit]}`)
    .replace(/\b(?:in|for|within)\s+(\d{1,2})\s+years?\b/g, (_, n: string) => `in the last ${Number(n) * 12} months`)
    .replace(/\b(?:in|for|within)\s+(\d{1,4})\s+(days?|weeks?|months?)\b/g, 'in the last $1 $2');
}

const SPAN_OF_ONE: Record<string, string> = { year: '12 months', quarter: '3 months', month: '1 month', week: '7 days' };

/** The words after "or" that make a number a bound: "2000 or more", "10 or fewer". */
export const OR_BOUND = 'more|less|fewer|above|below|over|under|greater|higher|lower';

/**
 * What follows a number that makes it an amount, not a year: "2000 or more", "2000 units",
 * "2000+" ("2021 orders" is a year's orders).
 */
export const AMOUNT_AFTER = new RegExp(
  String.raw`^(?:\s*(?:units?|items?|pieces|pcs|bottles|cases|or (?:${OR_BOUND}))\b|\s*\+|[,.]\d|\s*(?:k|%))`,
);

/** An ordinal's letters after a day: "15th", "1st", "March 3rd". */
const ORDINAL = '(?:st|nd|rd|th)?';
/** Words that place a day written without its year: "on June 15", "since March 3". */
const DAY_PLACED = 'on|since|after|before|from|until|till|to|through|thru|by|between|and|of';
/** A number that counts, not a day: "in March 3 times", "June 5 or more", "May 10 units". */
const NOT_A_DAY = String.raw`(?!\s*(?:times?\b|x\b|or\b|\+|%|units?\b|items?\b|pieces\b|pcs\b|orders?\b|customers?\b|products?\b|bottles\b|cases\b|boxes\b))`;
/** Words before a number that make it a count of what follows: "top 10 June …". */
const COUNTED_BEFORE = String.raw`(?<!\b(?:top|bottom|first|last|best|worst|largest|biggest|smallest|highest|lowest|next)\s)`;

/**
 * Calendar days as people write them, each in the one way the grammar reads a day: "June 15,
 * 2021", "15 June 2021", "the 15th of June", "March 3rd", "15/06/2021" and "15.06.2021" as
 * 2021-06-15. "How many orders did we get on March 3rd, 2020?" counted all of 2020's and
 * "revenue on 15 June 2021" all of June's. A day without a year is the latest one by the
 * analysis date, as a month is. A day that is no day of the calendar ("February 30, 2021"),
 * or one written with slashes whose order can't be told ("03/04/2021": 3 April or 4 March),
 * is `unread`, so the question is refused.
 */
function withIsoDays(text: string, today: Date): { text: string; unread?: string } {
  let unread: string | undefined;
  const day = (written: string, y: number | null, m: number, d: number): string => {
    const year = y ?? latestYearOf(m, d, today);
    const t = utc(year, m, d);
    if (m < 0 || new Date(t).getUTCMonth() !== m || new Date(t).getUTCDate() !== d) {
      unread ??= written.trim();
      return written;
    }
    return iso(t);
  };
  const rewritten = text
    .replace(
      new RegExp(String.raw`\b${MONTH}\.?\s+(\d{1,2})${ORDINAL}(?:,\s*|\s+)((?:19|20)\d\d)\b`, 'g'),
      (w, mo: string, d: string, y: string) => day(w, Number(y), monthOf(mo), Number(d)),
    )
    .replace(
      new RegExp(String.raw`${COUNTED_BEFORE}\b(?:the\s+)?(\d{1,2})${ORDINAL}\s+(?:of\s+)?${MONTH}\.?,?\s+((?:19|20)\d\d)\b`, 'g'),
      (w, d: string, mo: string, y: string) => day(w, Number(y), monthOf(mo), Number(d)),
    )
    // Without a year, a day after a word that places it or with its ordinal ("on June 15",
    // "December 3rd"): "Jan 1, Mar 1" may be counts by month.
    .replace(
      new RegExp(
        String.raw`(?:\b(${DAY_PLACED})\s+(?:the\s+)?${MONTH}\.?\s+(\d{1,2})(?:st|nd|rd|th)?|\b${MONTH}\.?\s+(\d{1,2})(?:st|nd|rd|th))\b(?!\s*,?\s*\d)${NOT_A_DAY}`,
        'g',
      ),
      (w, placed: string | undefined, mo: string | undefined, d: string | undefined, mo2: string, d2: string) =>
        `${placed ?? ''} ${day(w.slice(placed?.length ?? 0), null, monthOf(mo ?? mo2), Number(d ?? d2))}`,
    )
    .replace(
      new RegExp(String.raw`\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th|(?=\s+of\b))\s+(?:of\s+)?${MONTH}\b(?!\s*\d)`, 'g'),
      (w, d: string, mo: string) => day(w, null, monthOf(mo), Number(d)),
    )
    .replace(/\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/g, (w, y: string, mo: string, d: string) => day(w, Number(y), Number(mo) - 1, Number(d)))
    .replace(/\b(\d{1,2})([/.])(\d{1,2})\2((?:19|20)\d\d)\b/g, (w, a: string, sep: string, b: string, y: string) => {
      const [first, second] = [Number(a), Number(b)];
      // Dots are day first (15.06.2021); slashes are either way round, and told apart only
      // where one number can't be a month.
      if (sep === '.' || first > 12) return day(w, Number(y), second - 1, first);
      if (second > 12) return day(w, Number(y), first - 1, second);
      unread ??= w;
      return w;
    });
  return unread === undefined ? { text: withMonthsNamed(rewritten) } : { text: withMonthsNamed(rewritten), unread };
}

/** A figure's words between a year and its bound: "2021 revenue to the end of June". */
const FIGURE_WORDS = String.raw`(?:(?:gross |net |total )?(?:revenue|sales|turnover|profits?|margins?|orders|units|spend))`;

/**
 * A bound inside a period named before it: "in 2021 up to June", "in 2020 through October",
 * "in December 2021 after the 10th", "in 2021 from March on", "in November before the 10th",
 * "in 2021 after March 15, 2021", "2021 revenue to the end of June". The period named first
 * won and the bound was dropped (all of 2021: 733,215.26 where the first half is 256,909.23),
 * or, with a day, that one day was read ("orders in 2021 after the 15th of March" got 0).
 */
const BOUND_WITHIN = new RegExp(
  String.raw`(?:\b(?:in|for|during|over|of)\s+|(?:^|\b(?:what|what's|what is|what was|show|show me|our|the)\s+)(?=(?:19|20)\d\d\s+${FIGURE_WORDS}))` +
    String.raw`(?<named>${MONTH}\b\.?(?:\s+(?:19|20)\d\d)?|(?:19|20)\d\d),?\s+(?:${FIGURE_WORDS}\s+)?` +
    String.raw`(?<word>up to|up until|until|till|through|thru|to the end of|by the end of|before|prior to|after|since|starting(?: from| on| in| with)?|from)\s+` +
    String.raw`(?:(?:the\s+)?(?<day>\d{1,2})${ORDINAL}(?:\s+of\s+(?<dayMonth>${MONTH})\b)?|(?<month>${MONTH})\b\.?(?:\s+(?<monthDay>\d{1,2})${ORDINAL})?|q(?<quarter>[1-4])|(?<iso>\d{4}-\d{2}-\d{2}))` +
    String.raw`(?:,?\s+(?<boundYear>(?:19|20)\d\d))?(?!\s*(?:,\s*)?\d)(?<onwards>\s+(?:on|onwards?|forward)\b)?`,
  'g',
);

/** What `BOUND_WITHIN` names, by its groups. */
interface BoundWithin {
  named: string;
  word: string;
  day?: string;
  dayMonth?: string;
  month?: string;
  monthDay?: string;
  quarter?: string;
  iso?: string;
  boundYear?: string;
  onwards?: string;
}

/** The days of `period` up to, before, after or from the day, month or quarter `bound` names within it. */
function boundWithin(period: DayRange, word: string, bound: DayRange): DayRange | null {
  if (bound.from < period.from || bound.to > period.to) return null;
  if (/^(?:before|prior to)$/.test(word)) return { from: period.from, to: shiftDay(bound.from, -1) };
  if (word === 'after') return { from: shiftDay(bound.to, 1), to: period.to };
  if (/^(?:since|starting|from)/.test(word)) return { from: bound.from, to: period.to };
  return { from: period.from, to: bound.to };
}

/**
 * The day, month or quarter a bound names inside `period`: a month or a quarter inside a year, a
 * day ("the 10th") inside a month, a day with its month inside a year; null for any other.
 */
function boundNamed(g: BoundWithin, period: DayRange): DayRange | null {
  const year = Number(period.from.slice(0, 4));
  // "In 2021 up to June 2020" names a bound outside the year: no bound within it.
  if (g.boundYear !== undefined && Number(g.boundYear) !== year) return null;
  const oneMonth = !/^\d/.test(g.named) && period.from.slice(0, 7) === period.to.slice(0, 7);
  const day = (m: number, d: number): DayRange | null => {
    const t = utc(year, m, d);
    return new Date(t).getUTCDate() === d ? { from: iso(t), to: iso(t) } : null;
  };
  if (g.iso !== undefined) return isoDayIn(g.iso);
  if (g.quarter !== undefined) return oneMonth ? null : quarterRange(year, Number(g.quarter) - 1);
  if (g.day !== undefined) {
    if (g.dayMonth !== undefined) return day(monthOf(g.dayMonth), Number(g.day));
    return oneMonth ? day(Number(period.from.slice(5, 7)) - 1, Number(g.day)) : null;
  }
  if (g.month === undefined) return null;
  if (g.monthDay !== undefined) return day(monthOf(g.month), Number(g.monthDay));
  return oneMonth ? null : monthRange(year, monthOf(g.month));
}

/** `BOUND_WITHIN`'s periods as the range they leave, written as two days ("2021-01-01 to 2021-06-30"). */
function withBoundsWithinPeriods(text: string, today: Date): string {
  return text.replace(BOUND_WITHIN, (whole: string, ...rest: unknown[]) => {
    const g = rest[rest.length - 1] as unknown as BoundWithin;
    // "From March" may start "from March to June": only "from March on" is open-ended.
    if (g.word === 'from' && !g.onwards) return whole;
    const period = periodIn(/^\d/.test(g.named) ? g.named : `in ${g.named}`, today);
    const bound = period && boundNamed(g, period);
    const range = period && bound && boundWithin(period, g.word, bound);
    return range && range.from <= range.to ? ` ${range.from} to ${range.to}` : whole;
  });
}

/** A bound with no year of its own: "up to June", "before the 10th", "after 2021-03-15". */
const BOUND_LEFT = new RegExp(
  String.raw`\b(?:up to|up until|until|till|through|thru|to the end of|by the end of|before|prior to|after|since)\s+(?:the\s+\d{1,2}${ORDINAL}\b|${MONTH}\b(?!\s*,?\s*(?:(?:19|20)\d\d|q[1-4]))|\d{4}-\d{2}-\d{2}\b)`,
);

/**
 * A bound the reading dropped: the period read is the one the question names without it
 * ("2021 sales by region up to June" was all of 2021). Returned as the words to refuse, since
 * the answer would be to another question; null when the bound was read or there is none.
 */
function boundDropped(text: string, read: Periods, today: Date): string | null {
  const bound = BOUND_LEFT.exec(text);
  if (!bound || !read.period) return null;
  // "Revenue in 2021 vs 2020 up to June" compared the whole years: a comparison drops it too.
  const without = periodsRead(text.replace(bound[0], ' '), today);
  return sameRange(without.period, read.period) && sameRange(without.other, read.other) ? bound[0] : null;
}

function sameRange(a: DayRange | null, b: DayRange | null): boolean {
  return a === null || b === null ? a === b : a.from === b.from && a.to === b.to;
}

/** A month or a quarter with its year: "october 2021", "q3 2021", "2021-10". */
const UNIT_WITH_YEAR = String.raw`(?:(?:${MONTH}\.?|q[1-4])\s+(?:19|20)\d\d|(?:19|20)\d\d-(?:0?[1-9]|1[0-2]))`;
const BARE_RANGE = new RegExp(
  String.raw`(?<!\b(?:from|between|compare|compared|comparing|vs\.?|versus|against|with)\s+(?:\S+\s+){0,3})\b(?<first>${UNIT_WITH_YEAR}|${MONTH}\.?|q[1-4])(?:\s+(?:to|until|till|through|thru)\s+|\s*[-–]\s*(?=[a-z]))(?<last>${UNIT_WITH_YEAR}|q[1-4]\b|${MONTH}\b(?!\s*\d))\b`,
  'g',
);

/**
 * "Revenue October 2021 to December 2021" and "Revenue January to March 2021" got the last
 * month alone ("Q1 through Q3 2021" and "Q2 to Q3" the last quarter, "march through june" all
 * rows to June): two months or quarters joined by "to" (or months by a dash, "Jan-Mar 2021")
 * with no "from" are the range "from" gives, unless they are compared ("compare October 2021
 * to December 2021").
 */
export function withBareRangesFrom(text: string): string {
  return text.replace(BARE_RANGE, (...match: unknown[]) => {
    const { first, last } = match[match.length - 1] as { first: string; last: string };
    return `from ${first} to ${last}`;
  });
}

const MONTHS_IN_ORDER = 'january february march april may june july august september october november december'.split(' ');

/**
 * "Revenue in 2021-12", as the answers write a month, got the whole of 2021: a year and a
 * month joined by a dash or a slash ("2021-12", "2021/12", "12/2021") is that month, named.
 * A day ("2021-12-05") is left whole.
 */
export function withMonthsNamed(text: string): string {
  const named = (y: string, m: string) => `${MONTHS_IN_ORDER[Number(m) - 1]} ${y}`;
  return text
    .replace(/(?<![\d/.-])((?:19|20)\d\d)[-/](0?[1-9]|1[0-2])(?![\d/.-]*\d)/g, (_, y: string, m: string) => named(y, m))
    .replace(/(?<![\d/.-])(0?[1-9]|1[0-2])\/((?:19|20)\d\d)(?![\d/.-]*\d)/g, (_, m: string, y: string) => named(y, m));
}

/** The year of the latest (month, day) on or before the analysis date: 29 February's leap year. */
function latestYearOf(m: number, d: number, today: Date): number {
  const isDay = (y: number) => new Date(utc(y, m, d)).getUTCDate() === d && utc(y, m, d) <= today.getTime();
  const y0 = today.getUTCFullYear();
  for (let y = y0; y > y0 - 8; y--) if (isDay(y)) return y;
  return y0;
}

/**
 * The first day a range open at its start begins on: "before June 2021" and "until March"
 * run from the file's first day, which only the callers know (`periodsOf`'s `firstDay`).
 * 1900 is the earliest year a date in a file can have (`schema/dates.ts`), so a range from
 * here holds every earlier row whoever reads it.
 */
export const OPEN_START = '1900-01-01';

/** "Revenue before returns 2024" is gross revenue of 2024, no range before 2024. */
const NOT_A_BOUND = String.raw`(?:returns?|credits?|credit notes|cancellations?|refunds?|discounts?|costs?|tax(?:es)?)\b`;

/**
 * The words of a range bounded by a period outside it: "before 2021", "after Q2 2020",
 * "until the end of March 2020". The year they name is not a period left out.
 */
export const BOUNDED_BY = new RegExp(
  String.raw`\b(?:before|after|prior to|until|till|up until)\s+(?!${NOT_A_BOUND})(?:the\s+(?:start|beginning|end)\s+of\s+)?(?:(?:q[1-4]|h[12]|[a-z]+|\d{1,2}(?:st|nd|rd|th)?),?\s+){0,2}(?:19|20)\d\d\b`,
  'g',
);

/** A range open at one end: "since …", "after …", "before …", "until …", "from … onwards". */
const OPEN_BOUND = new RegExp(
  String.raw`\b(since|after|before|prior to|until|till|up until|from|starting(?:\s+(?:from|on|in|with))?)\s+(?!${NOT_A_BOUND})(?:the\s+(start|beginning|end)\s+of\s+)?(?!(?:that|then|now|today|which|when|this date)\b)(.+)`,
);
/** A count of units, in digits or a word: "the three months before June". */
const COUNT = String.raw`[1-9]\d{0,2}|${Object.keys(NUMBER_WORDS).join('|')}`;

/**
 * "The 12 months before", "the previous 30 days", "the prior period": as long a span just
 * before the first side's ("the last 12 months vs the 12 months before" read the last 12
 * months alone, the comparison dropped).
 */
const SPAN_BEFORE = new RegExp(
  String.raw`^\s*(?:the\s+)?(?:(?:previous|prior|preceding)\s+(?:(${COUNT})\s+)?(days?|weeks?|months?|quarters?|years?|period)|(?:(${COUNT})\s+)?(days?|weeks?|months?|quarters?|years?|period)\s+(?:before|prior|preceding)(?:\s+(?:that|it|then|them))?)\s*(?:[?.!,;]|$)`,
);

function spanBefore(firstWords: string, words: string, today: Date): DayRange | null {
  const m = SPAN_BEFORE.exec(words);
  const first = m ? periodIn(firstWords, today) : null;
  if (!m || !first) return null;
  const count = m[1] ?? m[3];
  const unit = (m[2] ?? m[4]).replace(/s$/, '');
  const like = periodBefore(first);
  if (!count || unit === 'period') return like;
  // "The last 3 months vs the 3 months before" is like with like; "vs the 2 years before" is what it says.
  const counted = unitsNextTo(unit, countOf(count), first, false);
  return counted.from === like.from ? like : counted;
}

const UNIT = '(day|week|month|quarter|half|year)';
const UNITS = '(?:days|weeks|months|quarters|halves|years)';
/**
 * Units counted before the bound: "the year before 2021", "the month after June", "the 3
 * months before June 2021", "two weeks after 2021-06-15". Units with no count ("the months
 * before June") are no range read here; `SPAN_UNREAD` refuses them.
 */
const UNITS_BEFORE = new RegExp(
  String.raw`\b(?:(${COUNT})\s+${UNIT}s?|(?:the|a|an|that|this|each|every)\s+${UNIT}|(?:the|those|these)\s+(?:${UNITS}|periods|ones)|(?:${COUNT})\s+(?:periods?|ones?))\s*$`,
);
/**
 * Units next to a period that can't be counted out: "the 3 months since June 2021" may start
 * at June or after it, "the months before June 2021" has no count, and "the 2 periods
 * before 2021" no unit. Each is refused where the period is read, not answered for June alone.
 */
const SPAN_UNREAD = new RegExp(
  String.raw`\b(?:(?:${COUNT})\s+${UNITS}\s+(?:since|until|till|up until|from)|(?:the|those|these)\s+(?:${UNITS}|periods|ones)\s+(?:before|prior to|after|since|until|till|up until|from)|(?:${COUNT})\s+(?:periods?|ones?)\s+(?:before|prior to|after))\s+(.+)`,
);
/** Where the named end stops: the words after it group, filter, compare or end a clause. */
const BOUND_END =
  /\s+(?:by|per|for|in|and|but|or|vs\.?|versus|compared|than|with|where|who|which|that|among|across|to|on|onwards?|excluding|except|split|grouped|broken)\b|\s*[,?!;:]|\.(?:\s|$)/;
/** What makes "from X" open-ended: "from July 2021 on", "… onwards". */
const ONWARDS = /^\s*(?:on|onwards?|forward|to date|until now|till now|up to now)\b/;

/**
 * "Since June 2021", "after Q2 2021", "before 2021-06-15", "until March", "from July 2021
 * onwards": a range open at one end, the other end today or `OPEN_START`. "Revenue since
 * June 2021" was June's alone, "since 2021-06-15" that one day and "before June 2021"
 * June's. "The year before 2021" and "the month after June" are the one unit next to it.
 */
function openRangeIn(text: string, today: Date): DayRange | null {
  // "Revenue from Germany since November 1st": the first "from" names a place, the "since" the range.
  for (let at = 0; ;) {
    const m = OPEN_BOUND.exec(text.slice(at));
    if (!m) return null;
    const range = openRangeAt(text, at + m.index, m, today);
    if (range) return range;
    at += m.index + m[1].length;
  }
}

/** The open range whose bound word `m` found at `index` of `text` names, or null. */
function openRangeAt(text: string, index: number, m: RegExpExecArray, today: Date): DayRange | null {
  const words = m[3].split(BOUND_END)[0];
  const named = periodIn(words, today) ?? (MONTH_ALONE.test(words) ? periodIn(`in ${words.trim()}`, today) : null);
  if (!named) return null;
  // "Revenue from October 2021" may be October's; "Revenue from 2021-10-01", with no end, is
  // not that one day's (it got 2,978.47 of the 280,054.07 since): a day is a range's start.
  const rest = m[3].slice(words.length);
  const oneDay = named.from === named.to && !/^\s*(?:to|until|till|through|thru|and|-|–)\b/.test(rest);
  if (m[1] === 'from' && !ONWARDS.test(rest) && !oneDay) return null;
  // "Revenue in June 2021 from customers who bought since 2020" names two periods in two
  // roles: read as before, one of them, and refused where the other is a year left out.
  if (periodIn(`${text.slice(0, index)} ${m[3].slice(words.length)}`, today)) return null;
  const unit = UNITS_BEFORE.exec(text.slice(0, index));
  if (unit) {
    const before = m[1] === 'before' || m[1] === 'prior to';
    const counted = unit[2] ? { unit: unit[2], count: countOf(unit[1]) } : unit[3] ? { unit: unit[3], count: 1 } : null;
    return counted && (m[1] === 'after' || before) ? unitsNextTo(counted.unit, counted.count, named, !before) : null;
  }
  const todayIso = iso(today.getTime());
  // "The start of 2021" is its first day, "the end of 2020" its last.
  const first = m[2] === 'end' ? named.to : named.from;
  const last = m[2] === 'start' || m[2] === 'beginning' ? named.from : named.to;
  if (m[1] === 'since' || m[1] === 'from' || m[1].startsWith('starting'))
    return { from: m[2] === 'end' ? shiftDay(first, 1) : first, to: todayIso };
  if (m[1] === 'after') {
    const from = shiftDay(last, 1);
    return { from, to: from > todayIso ? from : todayIso };
  }
  if (m[1] === 'before' || m[1] === 'prior to') return { from: OPEN_START, to: shiftDay(first, -1) };
  return { from: OPEN_START, to: m[2] === 'start' || m[2] === 'beginning' ? shiftDay(last, -1) : last };
}

/** An ISO day moved by whole days. */
function shiftDay(day: string, days: number): string {
  return iso(Date.parse(`${day}T00:00:00Z`) + days * DAY);
}

/** How many units a count names: "3", "three". */
function countOf(word: string): number {
  return Number(word) || NUMBER_WORDS[word];
}

/**
 * `count` units just after (or before) `named`: "the 3 months before June 2021" is March to
 * May 2021 (it was June's), "the two weeks after 2021-06-15" the 14 days after it.
 */
function unitsNextTo(unit: string, count: number, named: DayRange, after: boolean): DayRange {
  const first = unitNextTo(unit, named, after);
  let last = first;
  for (let k = 1; k < count; k++) last = unitNextTo(unit, last, after);
  return after ? { from: first.from, to: last.to } : { from: last.from, to: first.to };
}

/**
 * The unit just after (or before) `named`: "the day after", "the week before" are the 1 or 7
 * days next to it, a month, quarter, half or year the calendar one next to it ("the month
 * after June 15" is July, not the June it ends in).
 */
function unitNextTo(unit: string, named: DayRange, after: boolean): DayRange {
  if (unit === 'day' || unit === 'week') {
    const days = unit === 'day' ? 1 : 7;
    return after
      ? { from: shiftDay(named.to, 1), to: shiftDay(named.to, days) }
      : { from: shiftDay(named.from, -days), to: shiftDay(named.from, -1) };
  }
  const next = unitHolding(unit, after ? shiftDay(named.to, 1) : shiftDay(named.from, -1));
  const overlaps = next.from <= named.to && named.from <= next.to;
  return overlaps ? unitHolding(unit, after ? shiftDay(next.to, 1) : shiftDay(next.from, -1)) : next;
}

/** The calendar month, quarter, half or year that holds `day`. */
function unitHolding(unit: string, day: string): DayRange {
  const t = Date.parse(`${day}T00:00:00Z`);
  const [y, m] = [new Date(t).getUTCFullYear(), new Date(t).getUTCMonth()];
  if (unit === 'month') return monthRange(y, m);
  if (unit === 'quarter') return quarterRange(y, Math.floor(m / 3));
  if (unit === 'half') return halfRange(y, Math.floor(m / 6));
  return yearRange(y);
}

/** One named period in a piece of text (no comparison), or null. */
function periodIn(words: string, today: Date): DayRange | null {
  let text = withSpansBack(words);
  const y0 = today.getUTCFullYear();
  const m0 = today.getUTCMonth();
  const todayIso = iso(today.getTime());
  let m: RegExpExecArray | null;
  if ((m = MONTHS_ENDING.exec(text))) return monthsEnding(m, today);
  // "The first 3 quarters of this year", "the first 6 months of last year" were the whole year.
  text = text.replace(
    /\b((?:first|last) \S+ (?:months?|quarters?) of) (?:the )?(this|last|previous|prior) year\b/,
    (_, span: string, which: string) => `${span} ${which === 'this' ? y0 : y0 - 1}`,
  );
  const open = openRangeIn(text, today);
  if (open) return open;
  const day = isoDayIn(text);
  // "The week of 2011-11-14" was that one day: the Monday-to-Sunday week holding it, as "by
  // week" buckets run.
  if (day && /\bweek of\s+\d{4}-\d{1,2}-\d{1,2}\b/.test(text)) {
    const monday = mondayOf(Date.parse(day.from));
    return { from: iso(monday), to: iso(monday + 6 * DAY) };
  }
  if (day) return day;
  // "The last quarter of 1997" was the quarter before the analysis date, "the first month of 1998" refused.
  if ((m = /\b(first|last) (quarter|month) of (?:the year )?(\d{4})\b/.exec(text))) {
    const year = Number(m[3]);
    if (m[2] === 'quarter') return quarterRange(year, m[1] === 'first' ? 0 : 3);
    return monthRange(year, m[1] === 'first' ? 0 : 11);
  }
  if ((m = /\bh([12])\s*(?:of\s*)?(\d{4})\b/.exec(text))) return halfRange(Number(m[2]), Number(m[1]) - 1);
  if ((m = /\b(\d{4})\s*h([12])\b/.exec(text))) return halfRange(Number(m[1]), Number(m[2]) - 1);
  if ((m = /\b(first|1st|second|2nd) half (?:of )?(\d{4})\b/.exec(text)))
    return halfRange(Number(m[2]), /^(first|1st)$/.test(m[1]) ? 0 : 1);
  // "Q1-Q2 2021" was Q2 alone: quarters from one to the other (ends the wrong way round swapped;
  // the answer's first line shows the dates), within a year or across two ("Q4 2020-Q1 2021").
  if ((m = /\bq([1-4])\s*(?:-|–|to|through|thru)\s*q([1-4])\s*(?:of\s*)?(\d{4})\b/.exec(text))) {
    const [first, last] = [Number(m[1]), Number(m[2])].sort();
    return spanOf(quarterRange(Number(m[3]), first - 1), quarterRange(Number(m[3]), last - 1));
  }
  if ((m = /\bq([1-4])\s*(\d{4})\s*(?:-|–|to|through|thru)\s*q([1-4])\s*(\d{4})\b/.exec(text)) && m[2] < m[4])
    return spanOf(quarterRange(Number(m[2]), Number(m[1]) - 1), quarterRange(Number(m[4]), Number(m[3]) - 1));
  // "The first 6 months of 2021" was refused, "first" read as a word of a product's name.
  if ((m = new RegExp(String.raw`${MONTHS_OF_A_YEAR.source}\s+(\d{4})\b`).exec(text))) {
    const n = Number(m[2]) || MONTH_COUNT_WORDS[m[2]];
    const year = Number(m[3]);
    return m[1] === 'first' ? spanOf(monthRange(year, 0), monthRange(year, n - 1)) : spanOf(monthRange(year, 12 - n), monthRange(year, 11));
  }
  // "The first 3 quarters of 2021" and "quarters 1-3 of 2021" were all of 2021.
  if ((m = new RegExp(String.raw`${QUARTERS_OF_A_YEAR.source}\s+(\d{4})\b`).exec(text))) {
    const n = Number(m[2]) || NUMBER_WORDS[m[2]];
    const year = Number(m[3]);
    return m[1] === 'first'
      ? spanOf(quarterRange(year, 0), quarterRange(year, n - 1))
      : spanOf(quarterRange(year, 4 - n), quarterRange(year, 3));
  }
  if ((m = QUARTERS_NUMBERED.exec(text))) {
    const [first, last] = [Number(m[1]), Number(m[2])].sort((a, b) => a - b);
    return spanOf(quarterRange(Number(m[3]), first - 1), quarterRange(Number(m[3]), last - 1));
  }
  if ((m = /\bq([1-4])\s*(?:of\s*)?(\d{4})\b/.exec(text)) || (m = /\b(\d{4})\s*q([1-4])\b/.exec(text)))
    return /^q/i.test(m[0]) ? quarterRange(Number(m[2]), Number(m[1]) - 1) : quarterRange(Number(m[1]), Number(m[2]) - 1);
  if ((m = new RegExp(`\\b${MONTH}\\s+(\\d{4})\\b`).exec(text))) return monthRange(Number(m[2]), monthOf(m[1]));
  if ((m = /\blast\s+(\d{1,4})\s+days?\b/.exec(text))) return { from: iso(today.getTime() - (Number(m[1]) - 1) * DAY), to: todayIso };
  if ((m = /\blast\s+(\d{1,3})\s+months?\b/.exec(text))) return { from: iso(utc(y0, m0 - Number(m[1]) + 1, 1)), to: todayIso };
  // "YTD revenue vs last YTD" set 2021 to date against itself: last year's span to the same day.
  if ((m = /\b(?:last|previous|prior)\s+(?:(ytd|qtd|mtd)|(year|quarter|month) to date)\b/.exec(text))) {
    const unit = m[2] ? (m[2] as ToDateUnit) : TO_DATE_ABBREVIATIONS[m[1]];
    const toDate = periodIn(`this ${unit}`, today);
    return toDate && periodBefore(toDate, { unit });
  }
  if (/\blast quarter\b/.test(text)) {
    const q = Math.floor(m0 / 3) - 1;
    return q < 0 ? quarterRange(y0 - 1, 3) : quarterRange(y0, q);
  }
  if (/\b(this quarter|quarter to date|qtd)\b/.test(text)) return { from: quarterRange(y0, Math.floor(m0 / 3)).from, to: todayIso };
  if (/\byesterday\b/.test(text)) return { from: iso(today.getTime() - DAY), to: iso(today.getTime() - DAY) };
  // "Revenue today", but not "up to today" or "as of today", which end a period.
  if (/(?<!\b(?:to|until|till|through|thru|of)\s)\btoday\b/.test(text)) return { from: todayIso, to: todayIso };
  if ((m = /\blast\s+(\d{1,3})\s+weeks?\b/.exec(text))) return { from: iso(today.getTime() - (Number(m[1]) * 7 - 1) * DAY), to: todayIso };
  // Weeks run Monday to Sunday (ISO 8601), as the query's "by week" buckets do.
  const monday = mondayOf(today.getTime());
  if (/\blast week\b/.test(text)) return { from: iso(monday - 7 * DAY), to: iso(monday - DAY) };
  // "Revenue week to date" got the whole file's.
  if (/\b(this week|week to date|wtd)\b/.test(text)) return { from: iso(monday), to: todayIso };
  if (/\blast month\b/.test(text)) return monthRange(m0 === 0 ? y0 - 1 : y0, (m0 + 11) % 12);
  // "Revenue month to date" got the whole file's revenue.
  if (/\b(this month|month to date|mtd)\b/.test(text)) return { from: monthRange(y0, m0).from, to: todayIso };
  if (/\blast year\b/.test(text)) return yearRange(y0 - 1);
  if (/\b(this year|year to date|ytd)\b/.test(text)) return { from: yearRange(y0).from, to: todayIso };
  // "The third quarter of 2020", "Q3", "the second half": a quarter or half without a year is
  // the latest one begun by the analysis date, as a month is below ("revenue in Q3" got the total).
  if ((m = /\b(first|second|third|fourth|1st|2nd|3rd|4th) quarter\s*(?:of\s*)?(\d{4})\b/.exec(text)))
    return quarterRange(Number(m[2]), ordinalOf(m[1]));
  if ((m = /\b(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th) quarter)\b(?!\s*(?:of\s*)?\d)/.exec(text))) {
    const q = m[1] ? Number(m[1]) - 1 : ordinalOf(m[2]);
    return quarterRange(q <= Math.floor(m0 / 3) ? y0 : y0 - 1, q);
  }
  if ((m = /\b(?:h([12])|(first|second|1st|2nd) half)\b(?!\s*(?:of\s*)?(?:the\s+)?(?:\d|month))/.exec(text))) {
    const h = m[1] ? Number(m[1]) - 1 : ordinalOf(m[2]);
    return halfRange(h <= Math.floor(m0 / 6) ? y0 : y0 - 1, h);
  }
  // "Last December" is the latest December before the analysis date's month; "this March" is
  // the analysis year's (both were the whole file).
  if ((m = new RegExp(String.raw`\b(last|this|previous|past)\s+${MONTH}\b(?!\s*\d)`).exec(text))) {
    const month = monthOf(m[2]);
    return monthRange(m[1] === 'this' || month < m0 ? y0 : y0 - 1, month);
  }
  // "In December" without a year: the latest December up to the analysis date.
  // "Customers who bought in March 3 times" is March: the number counts the orders.
  // "December sales", "June's profit": a month named before a figure is the month, as "in December" is (it was the whole file).
  if (
    (m =
      new RegExp(`\\b(?:in|during|for|of)\\s+${MONTH}\\b(?!\\s*\\d(?!\\d*\\s+(?:or (?:more|fewer|less)\\s+)?times?\\b))`).exec(text) ??
      MONTH_BEFORE_A_FIGURE.exec(text))
  ) {
    const month = monthOf(m[1]);
    return monthRange(month <= m0 ? y0 : y0 - 1, month);
  }
  // The first number that is a year: "more than 1000 in 2011" is 2011, not "no period". One
  // after "in" comes first: "units of Xerox 1967 … in 2021" was refused as 1967.
  const years = [...text.matchAll(/\b(?:(in|during|for|of|since|year)\s+)?(\d{4})\b/g)].filter(
    (m) => Number(m[2]) >= 1900 && Number(m[2]) <= 2099 && !AMOUNT_AFTER.test(text.slice(m.index + m[0].length)),
  );
  const year = years.find((m) => m[1]) ?? years[0];
  return year ? yearRange(Number(year[2])) : null;
}

/**
 * The question without the words of a half-year or a quarter, for the name matchers: "the
 * second half of 2020" is a period, and "second" alone fuzzily matched Superstore's ship
 * mode "Second Class"; "the third quarter" was refused as a name "third".
 */
export function withoutHalfYears(question: string): string {
  return (
    question
      // "This month vs the same days last month" kept Superstore's ship mode "Same Day" only;
      // read first, while the period's words after it ("last quarter") are still there.
      .replace(SAME_DAYS_OF_A_PERIOD, ' ')
      .replace(
        /\b(first|1st|second|2nd) half\b|\b(first|second|third|fourth|1st|2nd|3rd|4th|last) quarter\b|\b(first|last) month of\b|\b(most recent|latest|current) (year|quarter|month|week)\b/gi,
        ' ',
      )
      .replace(new RegExp(MONTHS_OF_A_YEAR.source, 'gi'), ' ')
      .replace(new RegExp(QUARTERS_OF_A_YEAR.source, 'gi'), ' ')
      // "Revenue for the year ended June" looked for a value "year ended June".
      .replace(new RegExp(MONTHS_ENDING.source, 'gi'), ' ')
  );
}

/**
 * "March vs last March", "Q4 vs last Q4", "Q3 vs the previous Q3": the one of that name before
 * the first side's, a year back. Each read the latest March (or Q4) on both sides, a change of
 * 0.0%, and "the previous Q3" was the quarter before.
 */
function lastOfItsNameBefore(words: string, first: DayRange, today: Date): DayRange | null {
  const named = LAST_OF_A_NAME.exec(words);
  return named ? periodIn(`in ${named[1]} ${Number(first.from.slice(0, 4)) - 1}`, today) : null;
}
const LAST_OF_A_NAME = new RegExp(
  String.raw`^\s*(?:in\s+)?(?:the\s+)?(?:last|previous|prior|preceding)\s+(q[1-4]|h[12]|(?:first|second) half|${MONTH_NAMES_NOT_MAY}|may|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b`,
);

/** "The same days last year", "the same days of the month before": days of a period, no name. */
const SAME_DAYS_OF_A_PERIOD =
  /\bthe same (?:days?|dates?|period|time|span)\b(?=\s+(?:last|this|a year|one year|the (?:year|month|week|quarter)|of|in|as|before|previous|prior)\b)/gi;

/** What joins a range's two dates: "to", a dash, "…" as the answers write it. */
const DATES_JOINED = String.raw`(?:to|until|till|through|thru|–|-|…|\.\.\.?)`;

/**
 * Ranges written with two ends: "between A and B", "from A to B", "2021-07-01 to 2021-12-31",
 * and "2020-01-01 … 2020-12-31" as the answers write them (it was read as its first day). The
 * second end stops at a grouping or a comparison: "from march to june 2021 by month" was
 * refused as a period "june 2021 by month".
 */
const RANGES = [
  /\bbetween\s+(.+?)\s+and\s+(.+?)(?=\s+(?:by|per|each|grouped|split|broken|among|across|vs\.?|versus|compared|excluding|except)\b|[?!,]|\.(?:\s|$)|$)/,
  // "From march to june 2021 revenue": a figure after the range ends it.
  /\bfrom\s+(.+?)\s+(?:to|until|till|through|thru)\s+(.+?)(?=\s+(?:by|per|each|grouped|split|broken|among|across|vs\.?|versus|compared|excluding|except|revenue|sales|turnover|profit|gross profit|margin)\b|[?!,]|\.(?:\s|$)|$)/,
  new RegExp(String.raw`(\d{4}-\d{1,2}-\d{1,2})\s*${DATES_JOINED}\s*(\d{4}-\d{1,2}-\d{1,2})`),
];

/** Two ranges of dates joined as two periods are: "A … B compared with C … D", "A to B but not in C to D". */
const TWO_DATED_RANGES = new RegExp(
  String.raw`(\d{4}-\d{1,2}-\d{1,2})\s*${DATES_JOINED}\s*(\d{4}-\d{1,2}-\d{1,2}),?\s+(?:vs\.?|versus|compared? (?:with|to)|against|but not(?: in)?|and not in|not in|and also in)\s+(?:in\s+)?(\d{4}-\d{1,2}-\d{1,2})\s*${DATES_JOINED}\s*(\d{4}-\d{1,2}-\d{1,2})`,
);

/** Whether "2021-02-30" is a day of the calendar (it is not). */
function isCalendarDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && iso(t) === day;
}

/** A date written "2021-7-1" as "2021-07-01". */
function isoDate(written: string): string {
  const [y, m, d] = written.split('-');
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** A range's first end that is an amount, not a year: "between 5k and …", "from $1,000 to …". */
const AMOUNT = /^[$£€]?\s?(?!(?:19|20)\d\d$)\d[\d,.]*\s?(k|thousand|m|mn|million|bn|billion|%|percent)?$/;

/** One end of a range: a named period, or "now" / "today". */
function rangeEnd(text: string, today: Date): DayRange | null {
  if (/^\s*(now|today|date)\s*$/.test(text)) {
    const day = iso(today.getTime());
    return { from: day, to: day };
  }
  return periodIn(text, today);
}

/**
 * The start of "from March to June 2021" (or of "from March to June"): a month with no year
 * takes the year written after the other end, when that end is one month of it ("from March
 * to May of 2021" read May as all of 2021), or, with no year anywhere, is the latest such
 * month begun by the analysis date. Null when neither holds: the range is refused.
 */
function monthWithYearOf(start: string, endText: string, end: DayRange | null, today: Date): DayRange | null {
  // "From Q2 through Q4 2020": a quarter takes the year of a quarter after it.
  const quarters = /^\s*q[1-4]\s*$/.test(start) && /^\s*q[1-4]\s+((?:19|20)\d\d)\s*$/.exec(endText);
  if (end && quarters) return periodIn(`${start.trim()} ${quarters[1]}`, today);
  if (!end || !MONTH_ALONE.test(start)) return null;
  const year = /^\s*[a-z]+\s+((?:19|20)\d\d)\s*$/.exec(endText)?.[1];
  if (year) return end.from.slice(0, 7) === end.to.slice(0, 7) ? periodIn(`${start.trim()} ${year}`, today) : null;
  // "From March to June" with no year was read as no period, and answered for the whole file:
  // with the end a month alone too, each is the latest one begun by the analysis date, as "in March" is.
  return MONTH_ALONE.test(endText) ? periodIn(`in ${start.trim()}`, today) : null;
}

/**
 * The text without the named values that hold a year-like number or a quarter's: "units of Xerox
 * 1967" names no period, and "BlackBerry Q10 2021 revenue" no quarter 10.
 */
export function withoutNamedYears(text: string, filters: readonly { values: string[] }[]): string {
  const named = filters.flatMap((f) => f.values).filter((v) => /\b\d{4}\b|\bq\d+\b/i.test(v));
  const rest = withoutNames(text, named);
  // CDNOW's "customer #1997 revenue" was customer 01997's revenue in 1997: an id typed without its zeros is no year either.
  const ids = filters.flatMap((f) => f.values).filter((v) => /^0+\d{4}$/.test(v));
  return ids.reduce(
    (left, id) =>
      left.replace(
        new RegExp(String.raw`\b((?:customer|client|account)s?\s+(?:id\s+|no\.?\s+|number\s+|#\s*)?)0*${Number(id)}\b`, 'g'),
        '$1',
      ),
    rest,
  );
}

/** A quarter or a half by its name: "Q4", "the fourth quarter", "H2", "the first half". */
const QUARTER_OR_HALF = String.raw`q[1-4]|h[12]|(?:first|second|third|fourth|1st|2nd|3rd|4th) (?:quarter|half)`;
/** A month, quarter or half by its name: "December", "Q4", "the fourth quarter", "H2". */
const UNIT_OF_THE_YEAR = new RegExp(String.raw`\b(?:(?:${MONTH_NAMES_NOT_MAY})s?|${QUARTER_OR_HALF})\b`);
/** "Of each year", "by year", "across the years", "every December", "Decembers". */
const EVERY_YEAR = new RegExp(
  String.raw`\b(?:each|every|all(?: the)?) years?\b|\bacross (?:all )?(?:the )?years\b|\byear by year\b|\bby years?\b|\b(?:yearly|annually)\b|\b(?:each|every|all(?: the)?) (?:${MONTH_NAMES_NOT_MAY}|may|q[1-4])\b|\b(?:${MONTH_NAMES_NOT_MAY})s\b`,
);

/**
 * "Revenue in December of each year" was December 2021's alone, "Q4 revenue by year" one row
 * of Q4 2021, "Revenue in each December" the whole file's: the same month or quarter of every
 * year is no period the query holds. The reason to refuse it, or null. A year written
 * ("December 2020 and December 2021") is read as written.
 */
export function unitOfEveryYear(question: string): string | null {
  const text = question.toLowerCase();
  if (!UNIT_OF_THE_YEAR.test(text) || !EVERY_YEAR.test(text) || /\b(?:19|20)\d\d\b/.test(text)) return null;
  return "I can't take the same month or quarter out of every year yet, so I could read this only as one of them. Ask for two side by side, such as “revenue in December 2021 vs December 2020”, or for the figure by month or by quarter.";
}

/** A month, quarter or half named without a year: "March", "Q4", "the first half". */
const UNIT_NAMED = String.raw`(${MONTH}|${QUARTER_OR_HALF})`;
/** "Q4 last year", "March of this year", "the first half of the previous year". */
const UNIT_OF_A_YEAR_NAMED = new RegExp(String.raw`\b${UNIT_NAMED}\s+(?:of\s+)?(?:the\s+)?(last|this|previous|prior) year\b(?!['’]s)`, 'g');
/** "Last year's December", "this year's Q1". */
const YEAR_NAMED_OF_A_UNIT = new RegExp(String.raw`\b(last|this|previous|prior) year['’]s\s+${UNIT_NAMED}\b(?!\s*\d)`, 'g');

/**
 * The year of a unit named with "last year" or "this year" written as a number: "Revenue in
 * Q4 last year" was all of 2020, "… in March this year" all of 2021 to date.
 */
function withUnitsOfNamedYears(text: string, today: Date): string {
  const yearOf = (which: string) => String(today.getUTCFullYear() - (which === 'this' ? 0 : 1));
  return (
    text
      // MONTH holds a group of its own: the year's word is the third.
      .replace(UNIT_OF_A_YEAR_NAMED, (_, unit: string, _month: string, which: string) => `${unit} ${yearOf(which)}`)
      .replace(YEAR_NAMED_OF_A_UNIT, (_, which: string, unit: string) => `${unit} ${yearOf(which)}`)
  );
}

/**
 * A unit no calendar has: "Q5 2021", "month 13 of 2021", "the 13th month", "2021-13", "2021-02-30".
 * Each was all of 2021, the year read and the rest past. A quarter needs a year or "in" beside
 * it: "Q5" alone may be a product's name.
 */
const NO_SUCH_UNIT =
  /\b(?:in|during|for) (q(?:[5-9]|\d{2,}))\b|\b(q(?:[5-9]|\d{2,})\s*(?:of\s*)?(?:19|20)\d\d|month (?:1[3-9]|[2-9]\d)|(?:1[3-9]|[2-9]\d)th month)\b/;

/** The words of a unit or an ISO date ("2021-13", "2021-02-29") no calendar has, or null. */
function noSuchUnitIn(text: string): string | null {
  const unit = NO_SUCH_UNIT.exec(text);
  if (unit) return unit[1] ?? unit[2];
  for (const [written, y, m, d] of text.matchAll(/\b((?:19|20)\d\d)-(\d{1,2})(?:-(\d{1,2}))?\b/g))
    if (!isCalendarDay(isoDate(`${y}-${m}-${d ?? '1'}`))) return written;
  return null;
}

/**
 * "2024-Q1", as the answers label a quarter, and "Q1-2024" are "q1 2024": "bridge 2024-Q1 to
 * 2025-Q1" set 2025's first quarter against itself, the year read past.
 */
export function withQuarterCodesSpaced(text: string): string {
  return (
    text
      // "Quarters 1 and 3 of 2021" are two quarters (it was all of 2021), as "Q1 and Q3 2021" are.
      .replace(/\bquarters ([1-4]) and ([1-4]) (?:of )?((?:19|20)\d\d)\b/g, 'q$1 $3 and q$2 $3')
      .replace(/\b((?:19|20)\d\d)[-/](q[1-4]|h[12])\b/g, '$2 $1')
      .replace(/\b(q[1-4]|h[12])[-/]((?:19|20)\d\d)\b/g, '$1 $2')
  );
}

/**
 * The periods of a question: one range, two compared ranges, or none. `unread` is a range
 * the question writes with two ends of which only one is a period ("from July 2021 to
 * whenever"), or whose ends are the wrong way round, or a day no calendar has: it must be
 * refused, since reading the one end alone would answer for another period. `firstDay` is
 * the file's first day, where a range open at its start begins ("before June 2021");
 * without it such a range begins on `OPEN_START`.
 */
export function periodsOf(question: string, today: Date, firstDay: string | null = null): Periods {
  const impossible = noSuchUnitIn(question.toLowerCase());
  if (impossible) return { period: null, other: null, unread: impossible };
  const ago = withUnitsAgo(withQuarterCodesSpaced(question.toLowerCase()), today);
  if (ago.unread) return { period: null, other: null, unread: ago.unread };
  const written = withIsoDays(withBoundsWithinPeriods(withUnitsOfNamedYears(withThisUnitsBounding(ago.text), today), today), today);
  if (written.unread) return { period: null, other: null, unread: written.unread };
  const span = SPAN_UNREAD.exec(written.text);
  if (span && periodIn(span[1], today)) return { period: null, other: null, unread: span[0].split(BOUND_END)[0] };
  const read = periodsRead(written.text, today);
  const dropped = boundDropped(written.text, read, today);
  if (dropped) return { period: null, other: null, unread: dropped };
  return withMonthSoFarNoted(written.text, firstDay === null ? read : fromFirstDay(read, firstDay), today);
}

/**
 * "Revenue in the last 12 months" on 3 January is February to 3 January: calendar months,
 * this one so far, which read as a year with no word of it. The note says what the span is.
 */
function withMonthSoFarNoted(text: string, read: Periods, today: Date): Periods {
  const months = /\b(?:last|past)\s+(\d{1,3})\s+months?\b/.exec(text);
  const todayIso = today.toISOString().slice(0, 10);
  if (!months || !read.period || read.other || read.note || read.period.to !== todayIso) return read;
  const lastOfMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).getUTCDate();
  if (today.getUTCDate() === lastOfMonth) return read;
  return {
    ...read,
    note: `The last ${months[1]} months here are calendar months, ${read.period.from} … ${todayIso}: the last of them has only ${plural(today.getUTCDate(), 'day')} so far.`,
  };
}

/** "Two years ago", "3 months ago", "a quarter ago": a unit counted back from today's. */
const UNITS_AGO = new RegExp(
  String.raw`\b(a|an|one|${Object.keys(NUMBER_WORDS).join('|')}|\d{1,2}) (years?|quarters?|months?|weeks?|days?) ago\b`,
  'g',
);
/** Words after which "a year ago" is the other side of a comparison (A_YEAR_BEFORE reads it). */
const COMPARED_BEFORE = /\b(?:vs\.?|versus|compared (?:with|to)|against|than)\s+(?:the\s+)?$/;
/** "The same month two years ago": today's unit, years back, which no reading writes yet. */
const SAME_UNIT_BEFORE = /\bsame (month|quarter|week|day|period)s?(?: of| in)?\s+$/;
/** "Over a year ago", "more than 3 months ago": how long ago, not when. */
const SPAN_BOUND_BEFORE = /\b(?:over|more than|less than|under|within|at least|at most|about|around|nearly|almost|roughly|up to)\s+$/;
/** A preposition that already places the period ("since two years ago"). */
const PLACED_BEFORE = /\b(?:in|during|since|from|before|after|until|till|of|for|to|through)\s+$/;

/**
 * "What was revenue two years ago?" got the whole file's revenue: "N units ago" is the
 * calendar unit that many before today's ("two years ago" on 2025-01-03 is 2023, "3 months
 * ago" October 2024), written as the grammar reads it. Weeks and days ago name no unit the
 * grammar writes that way, and are unread.
 */
function withUnitsAgo(text: string, today: Date): { text: string; unread?: string } {
  let unread: string | undefined;
  const rewritten = text.replace(UNITS_AGO, (words: string, count: string, unit: string, at: number) => {
    const before = text.slice(0, at);
    // "Left over a year ago" is a span of time, no calendar unit.
    if (COMPARED_BEFORE.test(before) || SPAN_BOUND_BEFORE.test(before)) return words;
    const same = SAME_UNIT_BEFORE.exec(before);
    // "Vs the same month a year ago" is a change by unit, which query-unit-change.ts reads.
    if (same && /\b(?:vs\.?|versus|compared (?:with|to)|against|than|over|on)\s+(?:the\s+)?$/.test(before.slice(0, same.index)))
      return words;
    if (same) {
      unread ??= `the same ${same[1]} ${words}`;
      return words;
    }
    const n = /^\d/.test(count) ? Number(count) : count === 'a' || count === 'an' ? 1 : NUMBER_WORDS[count];
    const [y, m] = [today.getUTCFullYear(), today.getUTCMonth()];
    let period: string | null = null;
    if (unit.startsWith('year')) period = String(y - n);
    else if (unit.startsWith('month')) {
      const back = new Date(Date.UTC(y, m - n, 1));
      period = back.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).toLowerCase();
    } else if (unit.startsWith('quarter')) {
      const q = y * 4 + Math.floor(m / 3) - n;
      period = `q${(q % 4) + 1} ${Math.floor(q / 4)}`;
    }
    if (period === null) {
      unread ??= words;
      return words;
    }
    return PLACED_BEFORE.test(before) ? period : `in ${period}`;
  });
  return { text: rewritten, ...(unread ? { unread } : {}) };
}

/**
 * "Since the beginning of the year" is since the start of this year (it got the whole file),
 * "until the end of the month" until the end of this month: a range's end at "the" unit.
 */
function withThisUnitsBounding(text: string): string {
  return text.replace(
    /\b(since|from|until|till|up until|up to|before|after|prior to|to|through|between|and)\s+the\s+(start|beginning|end)\s+of\s+the\s+(year|month|quarter|week)\b/g,
    '$1 the $2 of this $3',
  );
}

/** A range open at its start ("before June 2021") from the file's first day, as the answer shows it. */
function fromFirstDay(read: Periods, firstDay: string): Periods {
  const from = (range: DayRange): DayRange => (range.from === OPEN_START && firstDay <= range.to ? { ...range, from: firstDay } : range);
  return {
    ...read,
    period: read.period && from(read.period),
    other: read.other && from(read.other),
    ...(read.ends ? { ends: [from(read.ends[0]), from(read.ends[1])] } : {}),
  };
}

interface Periods {
  period: DayRange | null;
  other: DayRange | null;
  unread?: string;
  toDate?: ToDateUnit;
  than?: true;
  /** A range's two ends ("from October to November"), each a period. */
  ends?: [DayRange, DayRange];
  /** Why the periods are not the ones the words alone give (a year of 3 days so far). */
  note?: string;
}

function periodsRead(text: string, today: Date): Periods {
  // "…, 2021-01-01 … 2021-12-31, compared with 2020-01-01 … 2020-12-31", as the answers write it.
  const dated = TWO_DATED_RANGES.exec(text);
  if (dated) {
    const [a, b] = [
      { from: isoDate(dated[1]), to: isoDate(dated[2]) },
      { from: isoDate(dated[3]), to: isoDate(dated[4]) },
    ];
    const days = [a.from, a.to, b.from, b.to];
    if (days.every(isCalendarDay) && a.from <= a.to && b.from <= b.to) return { period: a, other: b };
  }
  for (const pattern of RANGES) {
    const m = pattern.exec(text);
    // "Spent between 5k and 10k in 2024" is a range of money in 2024 (it was an unread period).
    if (!m || AMOUNT.test(m[1])) continue;
    const b = rangeEnd(m[2], today) ?? (MONTH_ALONE.test(m[2]) ? periodIn(`in ${m[2].trim()}`, today) : null);
    const a = monthWithYearOf(m[1], m[2], b, today) ?? rangeEnd(m[1], today);
    if (a && b && a.from <= b.to) return { period: { from: a.from, to: b.to }, other: null, ends: [a, b] };
    if (a || b) return { period: null, other: null, unread: m[0].trim() };
  }
  // "Which customers spent less this year than last year?" read "last year" alone, and set
  // 2020 against 2019: "than" compares two periods too (but "more than 1000 in 2021 vs 2020" is a threshold).
  // "Customers with revenue greater than last year": the "with" names no period, the "than" does.
  for (const pattern of [
    // "Compare Q1 2021 to Q1 2020 by region" read Q1 2021 alone ("… and …" is read below, the
    // later first; "to the same month last year" is a change by unit, read elsewhere).
    /^(?:compare|comparing)\s+(.+?)\s+(to)\s+(?!the same\b)(.+)/,
    /(.+?)\s+(vs\.?|versus|compared? (?:with|to)|against|with|but not(?: in)?|and not in|not in)\s+(.+)/,
    /(.+?)\s+(than)\s+(.+)/,
    // "Sales 2021 over 2020" got 2021's alone: a year over a year is set against it.
    /(.+?\b(?:19|20)\d\d)\s+(over)\s+((?:19|20)\d\d\b.*)/,
  ]) {
    const m = pattern.exec(text);
    if (!m) continue;
    // "Q3 2021 vs the previous quarter" is Q2 2021: the unit before the first side's, not today's.
    const joinedTo =
      sameKindIn(m[1], m[3], today) ?? yearBefore(m[1], m[3], today) ?? periodAfterJoin(m[3], today) ?? spanBefore(m[1], m[3], today);
    // "Buying less than last year": this year, to date, against last year. "Compare sales to
    // last year" and "revenue vs last year" read 2020 alone the same way ("with last year's …" names one period).
    // "Compare sales with last year" compares too.
    const joined = m[2] !== 'with' || /^(?:compare|comparing)\b/.test(text);
    const current = joinedTo && joined && !/\bnot\b/.test(m[2]) ? CURRENT_OF_LAST.exec(m[3]) : null;
    // "How did December compare with last year?" is December, not this year.
    const month = joinedTo ? BARE_MONTH.exec(m[1]) : null;
    if (month && !periodIn(m[1], today)) m[1] = m[1].replace(BARE_MONTH, 'in $1');
    const implied = current && !periodIn(m[1], today) ? (current[1] as ToDateUnit) : null;
    if (implied) m[1] = `${m[1]} this ${implied}`;
    const a = periodIn(m[1], today);
    const b = (a && lastOfItsNameBefore(m[3], a, today)) ?? joinedTo;
    // "Which customers are buying less than last year?" on 3 January set 3 days against the
    // same 3 days of last year: the year the question implies has too few days so far.
    const whole = implied && a ? lastWholeUnitsIfShort(implied, a, today) : null;
    if (whole) return { ...whole, than: true as const };
    // "Bought this year but not last year" keeps the whole of last year; a comparison does not:
    // "this quarter vs last quarter" on 3 January set 3 days against all of Q4.
    if (a && b) {
      // "Furniture's revenue in the first half vs the second half" set H1 against H2, a change of
      // −53.1% where it had more than doubled: two periods set side by side, with no word that
      // reads them one way round, are put the later first, as "… and …" is, so the change reads
      // forward in time.
      const sideBySide = joined && m[2] !== 'than' && !/\bnot\b/.test(m[2]) && !ONE_WAY_ROUND.test(text);
      const [later, laterText, earlier, earlierText] = sideBySide && b.from > a.from ? [b, m[3], a, m[1]] : [a, m[1], b, m[3]];
      const other = /\bnot\b/.test(m[2]) ? earlier : likeWith(laterText, later, earlier, today, earlierText);
      // "Spent less this year than last year", asked on 3 January: as asked, and said how short it is.
      const unit = toDateUnitOf(laterText, today, later);
      const short = unit && !/\bnot\b/.test(m[2]) ? fewDaysNote(unit, later, other) : null;
      return { period: later, other, ...(m[2] === 'than' ? { than: true as const } : {}), ...(short ? { note: short } : {}) };
    }
  }
  // "Revenue in 2010 and 2011" answered 2010 alone: two periods joined by "and" or "or" are
  // set side by side, the later first, so the change reads from the earlier.
  // "Orders of 2000 or more in 2021" is an amount, not the year 2000 beside 2021.
  const pair = new RegExp(String.raw`(.+?)\s+(?:and|or)\s+(?!(?:${OR_BOUND})\b)(.+)`).exec(text);
  if (pair) {
    const b = periodAfterJoin(pair[2], today);
    // "Q1 and Q2 2011": the year written once is both periods'.
    const yearOnce = b && /\b(19|20)\d\d\b/.test(pair[2]) && PERIOD_WORD_AT_END.test(pair[1]);
    const a = periodIn(pair[1], today) ?? (yearOnce && b ? periodIn(`${pair[1]} ${b.from.slice(0, 4)}`, today) : null);
    // "Top 10 customers this year and how did they do last year?" set 2021 to date against all of 2020.
    if (a && b && (a.from !== b.from || a.to !== b.to))
      // "Q1 2021 and 2020" reads as Q1 of each, "2020 and Q1 2021" as the two periods written.
      return a.from > b.from
        ? { period: a, other: likeWith(pair[1], a, b, today, pair[2]) }
        : { period: b, other: likeWith(pair[2], b, a, today, null) };
  }
  const period = periodIn(text, today);
  const unit = period ? toDateUnitOf(text, today, period) : null;
  return unit ? { period, other: null, toDate: unit } : { period, other: null };
}

/**
 * Words that read two periods one way round ("more in Q1 vs Q2", "which grew in 2020 vs
 * 2021", "top customers in 2020 vs 2021"): such a comparison keeps the order it is written in.
 */
const ONE_WAY_ROUND =
  /\b(?:more|less|fewer|higher|lower|bigger|smaller|larger|greater|better|worse|best|worst|most|least|top|bottom|up|down|grew|grow|grows|growing|growth|gain|gained|gaining|rose|rise|rising|fell|fall|falling|drop|dropped|dropping|declined?|declining|increased?|increasing|decreased?|decreasing|lost|lose|losing|shrank|shrink|shrinking)\b/;

/**
 * The range `later` is set against: "this quarter vs last quarter" on 3 January set 3 days
 * against all of Q4, so a period to date (named in `laterText`) meets the same days of the
 * one before; other pairs as `sameSpan` keeps them ("the last 6 months of 2020 vs 2019" set
 * half a year against all of 2019). `earlierText` is the words of the other side: when they
 * ask for all of it ("vs all of 2020"), it is kept whole; null for two periods listed
 * ("2020 and Q1 2021"), which are kept as written unless one is to date.
 */
function likeWith(laterText: string, later: DayRange, earlier: DayRange, today: Date, earlierText: string | null): DayRange {
  if (earlierText && WHOLE_YEAR_ASKED.test(earlierText)) return earlier;
  const unit = toDateUnitOf(laterText, today, later);
  const whole = unit ? periodBefore(later, { whole: true, unit }) : null;
  if (unit && whole && whole.from === earlier.from && whole.to === earlier.to) return periodBefore(later, { unit });
  return earlierText === null ? earlier : sameSpan(later, earlier);
}

/** Days of a unit so far below which a comparison the question only implies says nothing yet. */
const FEWEST_DAYS_TO_DATE: Record<ToDateUnit, number> = { year: 28, quarter: 14, month: 7, week: 3 };

/**
 * "Buying less than last year" asks about this year so far, unless so far is a few days (3
 * January): then the last whole unit against the one before it, and the note says why.
 */
function lastWholeUnitsIfShort(
  unit: ToDateUnit,
  toDate: DayRange,
  today: Date,
): { period: DayRange; other: DayRange; note: string } | null {
  const days = daysIn(toDate);
  const last = periodIn(`last ${unit}`, today);
  if (days >= FEWEST_DAYS_TO_DATE[unit] || !last) return null;
  const before = periodBefore(last, { whole: true });
  return {
    period: last,
    other: before,
    note: `This ${unit} so far is ${plural(days, 'day')} (${toDate.from} … ${toDate.to}), too few to compare, so this sets the last whole ${unit}, ${last.from} … ${last.to}, against the ${unit} before it.`,
  };
}

/**
 * The last 12 full months and the 12 before them, as the summary's year-over-year growth reads
 * them (a month the file misses at most 3 edge days of is full), or null when the file's rows
 * don't cover 24 full months before `today`. The later range stops at `today`.
 */
export function yearOverYearOf(firstDay: string, today: Date): { recent: DayRange; prior: DayRange } | null {
  const [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()];
  const monthEnds = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  // The last full month: today's when today is within the edge days of its end, else the one before.
  const last = monthEnds - day <= EDGE_DAYS_ALLOWED ? month : month - 1;
  const prior = { from: iso(Date.UTC(year, last - 23, 1)), to: iso(Date.UTC(year, last - 11, 0)) };
  const recentTo = Math.min(Date.UTC(year, last + 1, 0), today.getTime());
  if (Date.parse(firstDay) - Date.parse(prior.from) > EDGE_DAYS_ALLOWED * DAY) return null;
  return { recent: { from: iso(Date.UTC(year, last - 11, 1)), to: iso(recentTo) }, prior };
}

/**
 * The year a question given as an example should name: the year of the file's last row, or
 * the one before when the rows reach under a quarter into it. A file ending on 3 January 2025
 * was offered "Revenue by month in 2025", three days whose credit notes summed to −24,347.01.
 */
export function exampleYearOf(meta: { hasDates: boolean; firstDay: number; lastDay: number }, today: Date): number {
  const last = meta.hasDates ? new Date(meta.lastDay * DAY) : today;
  const year = last.getUTCFullYear();
  const startOfYear = Date.UTC(year, 0, 1);
  const reachesAQuarterIn = last.getTime() >= Date.UTC(year, 3, 1);
  return reachesAQuarterIn || !meta.hasDates || meta.firstDay * DAY >= startOfYear ? year : year - 1;
}

/**
 * Two periods of the file's rows to name in an example, the later first: its last two years
 * ("2024", "2023"), or, when its rows span under two years, its last two whole months
 * ("November 2011", "October 2011"); null when they span less or have no dates. "I need two
 * periods, such as in 2021 vs 2020" was offered on a file of October and November 2011.
 */
export function examplePeriodsOf(meta: { hasDates: boolean; firstDay: number; lastDay: number }): [string, string] | null {
  if (!meta.hasDates) return null;
  const last = new Date(meta.lastDay * DAY);
  const year = exampleYearOf(meta, last);
  if (meta.firstDay * DAY <= Date.UTC(year - 1, 0, 1 + EDGE_DAYS_ALLOWED)) return [String(year), String(year - 1)];
  // The last whole month: the last row's, when it ends within the edge days of it, else the one before.
  const [y, m] = [last.getUTCFullYear(), last.getUTCMonth()];
  const lastWhole = new Date(Date.UTC(y, m + 1, 0)).getUTCDate() - last.getUTCDate() <= EDGE_DAYS_ALLOWED ? m : m - 1;
  const earlier = Date.UTC(y, lastWhole - 1, 1);
  if (earlier + EDGE_DAYS_ALLOWED * DAY < meta.firstDay * DAY) return null;
  const monthOf = (t: number) => new Date(t).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return [monthOf(Date.UTC(y, lastWhole, 1)), monthOf(earlier)];
}

/** ', such as "in 2024 vs 2023"': two of the file's periods after `before`, or nothing when it has none. */
export function examplesOfTwo(meta: { hasDates: boolean; firstDay: number; lastDay: number }, before = 'in '): string {
  const named = examplePeriodsOf(meta);
  return named ? `, such as "${before}${named[0]} vs ${named[1]}"` : '';
}

/**
 * What a comparison of a unit so far says when so far is a few days; null when it is not.
 * `against` is what it is set against when that is not the same days of the unit before:
 * "this month vs a year ago" said "the month before" of January 2024's first 3 days.
 */
export function fewDaysNote(unit: ToDateUnit, toDate: DayRange, against?: DayRange | null): string | null {
  const days = daysIn(toDate);
  if (days >= FEWEST_DAYS_TO_DATE[unit]) return null;
  const before = periodBefore(toDate, { unit });
  const setAgainst =
    !against || (against.from === before.from && against.to === before.to)
      ? `the same days of the ${unit} before`
      : `${against.from} … ${against.to}`;
  return `This ${unit} so far is ${plural(days, 'day')} (${toDate.from} … ${toDate.to}), set against ${setAgainst}: too few days to tell a trend; ask for last ${unit} against the ${unit} before it for a whole ${unit}.`;
}

function daysIn(range: DayRange): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY) + 1;
}

/** "2020 as a whole", "all of 2020", "the full year 2020": the other side is the whole year. */
const WHOLE_YEAR_ASKED = /\b(all of|whole|full|entire|as a whole|in total|overall)\b/;

/**
 * The calendar unit a range is one whole of ("2021-10-01 … 2021-10-31" is a month), or null
 * for other spans: "grew from October to November" compares two of the same unit.
 */
export function wholeUnitOf(range: DayRange): 'month' | 'quarter' | 'half' | 'year' | null {
  const [fy, fm, fd] = range.from.split('-').map(Number);
  const [ty, tm] = range.to.split('-').map(Number);
  if (fd !== 1 || fy !== ty || iso(Date.UTC(ty, tm, 0)) !== range.to) return null;
  const months = tm - fm + 1;
  if (months === 1) return 'month';
  if (months === 3 && fm % 3 === 1) return 'quarter';
  if (months === 6 && fm % 6 === 1) return 'half';
  return months === 12 ? 'year' : null;
}

/**
 * "… than last year", "… than last month": the unit whose current one is meant on the other
 * side; not "last year's best month" or "last year's target", which name something else of it.
 */
const CURRENT_OF_LAST =
  /^\s*(?:in\s+|during\s+)?last (year|quarter|month|week)\b(?!['’]s)(?!\s+(?:best|worst|top|biggest|highest|lowest|average|peak|record|total|figures?)\b)/;

/** The unit of a period to date the text names, when `period` is that period ("Q1 2021 … this year" reads Q1 2021: none). */
function toDateUnitOf(text: string, today: Date, period: DayRange): ToDateUnit | null {
  const toDate = TO_DATE.exec(text);
  const unit = toDate ? ((toDate[1] ?? toDate[2] ?? TO_DATE_ABBREVIATIONS[toDate[0]]) as ToDateUnit) : null;
  return unit && periodIn(`this ${unit}`, today)?.from === period.from && period.to === iso(today.getTime()) ? unit : null;
}

/** A calendar period that is not over: "this year", "this quarter", "this month", "this week", "year to date". */
export type ToDateUnit = 'year' | 'quarter' | 'month' | 'week';
const TO_DATE = /\bthis (year|quarter|month|week)\b|\b(year|quarter|month|week) to date\b|\b(?:ytd|qtd|mtd|wtd)\b/;
const TO_DATE_ABBREVIATIONS: Record<string, ToDateUnit> = { ytd: 'year', qtd: 'quarter', mtd: 'month', wtd: 'week' };

/** A quarter, half or month ending the words before "and": "in Q1" of "in Q1 and Q2 2011". */
const PERIOD_WORD_AT_END = /\b(q[1-4]|h[12]|january|february|march|april|may|june|july|august|september|october|november|december)\s*$/;

/**
 * Like with like: "this year vs last year" when this year is not over compares the same
 * span of last year (1 Jan to the same day), not all of it, which made any year so far
 * look like a fall; so does any other part of one year (a quarter, a half, months, a month
 * to date) set against another whole year. Other pairs of ranges are kept as asked.
 */
function sameSpan(a: DayRange, b: DayRange): DayRange {
  const partOfAYear = a.from.slice(0, 4) === a.to.slice(0, 4) && !(a.from.endsWith('-01-01') && a.to.endsWith('-12-31'));
  const fullYear = b.from.endsWith('-01-01') && b.to.endsWith('-12-31') && b.from.slice(0, 4) === b.to.slice(0, 4);
  if (!partOfAYear || !fullYear || a.from.slice(0, 4) === b.from.slice(0, 4)) return b;
  const year = Number(b.from.slice(0, 4));
  return { from: sameDayIn(year, a.from), to: sameDayIn(year, a.to) };
}

/** The same month and day (YYYY-MM-DD) in `year`: 29 February of a leap year becomes 28 February in a common one. */
function sameDayIn(year: number, day: string): string {
  const [month, date] = day.slice(5).split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

/**
 * The range just before `range`: as many calendar months for whole months (a year before a
 * year, a month before a month), else as many days. A period to date ("this year" on 30
 * December, "this quarter" on 15 May: its `unit`) is set against the same days of the one
 * before, like with like ("Did sales go up this year?" compared 2021 to date with 3 January …
 * 31 December 2020); with `whole`, against all of it ("Which customers stopped buying this
 * year?" are the ones who bought in 2020, all of it, and not since).
 */
export function periodBefore(range: DayRange, { whole = false, unit }: { whole?: boolean; unit?: ToDateUnit } = {}): DayRange {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  // "This quarter" on 30 June is the whole quarter: the one before is whole too (it ended on 30 March).
  const complete = unit === 'week' ? new Date(to).getUTCDay() === 0 : unit ? endsAUnit(range.to, UNIT_MONTHS[unit]) : false;
  if (unit === 'week') return { from: iso(from - 7 * DAY), to: iso(whole || complete ? from - DAY : to - 7 * DAY) };
  const [fy, fm, fd] = range.from.split('-').map(Number);
  const [ty, tm, td] = range.to.split('-').map(Number);
  if (fd === 1) {
    const months = unit ? UNIT_MONTHS[unit] : (ty - fy) * 12 + (tm - fm) + 1;
    const start = iso(Date.UTC(fy, fm - 1 - months, 1));
    if (whole || complete || (!unit && iso(Date.UTC(ty, tm, 0)) === range.to)) return { from: start, to: iso(Date.UTC(fy, fm - 1, 0)) };
    // The 31st of a month to date is the last day of a shorter month before it.
    const daysThen = new Date(Date.UTC(ty, tm - months, 0)).getUTCDate();
    return { from: start, to: iso(Date.UTC(ty, tm - 1 - months, Math.min(td, daysThen))) };
  }
  return { from: iso(from - (to - from) - DAY), to: iso(from - DAY) };
}

const UNIT_MONTHS = { year: 12, quarter: 3, month: 1 } as const;

/** Whether `day` (YYYY-MM-DD) is the last day of a calendar unit of `months` months (a month, a quarter, a year). */
function endsAUnit(day: string, months: number): boolean {
  const [y, m] = day.split('-').map(Number);
  return iso(Date.UTC(y, m, 0)) === day && m % months === 0;
}
