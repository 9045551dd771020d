/**
 * Reads a period from a question — "March 2024", "Q2", "in 2024", "from Jan to Mar",
 * "last 3 months" — as an inclusive month range within the data.
 */
import { NUMBER_WORDS } from './number-words';
import { withMonthsNamed } from './query-periods';

export interface Period {
  from: string;
  to: string;
  label: string;
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_PATTERN =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORDINALS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: 4 };

function monthIndex(name: string): number {
  return MONTH_NAMES.findIndex((m) => m.startsWith(name.slice(0, 3))) + 1;
}

function ym(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

function title(name: string): string {
  const full = MONTH_NAMES[monthIndex(name) - 1];
  return full.charAt(0).toUpperCase() + full.slice(1);
}

/** Months back from a `YYYY-MM`. */
function shift(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + by;
  return ym(Math.floor(index / 12), (index % 12) + 1);
}

/** The latest year in which this month has data (questions often omit the year). */
function yearFor(month: number, months: readonly string[]): number {
  const candidates = months.filter((m) => Number(m.slice(5, 7)) === month);
  const last = candidates[candidates.length - 1] ?? months[months.length - 1];
  return Number(last.slice(0, 4));
}

/**
 * The period a question names, or null. `months` are the data's months (`YYYY-MM`,
 * ascending); relative periods ("last month") count back from the last of them.
 */
export function periodOf(question: string, months: readonly string[]): Period | null {
  if (months.length === 0) return null;
  // "2021-12", as the answers write a month, is December 2021.
  const q = withMonthsNamed(question.toLowerCase());
  const lastMonth = months[months.length - 1];
  const lastYear = Number(lastMonth.slice(0, 4));

  const range = new RegExp(
    `\\b(?:from|between)\\s+${MONTH_PATTERN}\\s*(\\d{4})?\\s+(?:to|and|until|through|till)\\s+${MONTH_PATTERN}\\s*(\\d{4})?`,
  ).exec(q);
  if (range) {
    const endYear = range[4] ? Number(range[4]) : range[2] ? Number(range[2]) : yearFor(monthIndex(range[3]), months);
    const startYear = range[2] ? Number(range[2]) : endYear;
    return {
      from: ym(startYear, monthIndex(range[1])),
      to: ym(endYear, monthIndex(range[3])),
      label: `${title(range[1])}${startYear !== endYear ? ` ${startYear}` : ''} to ${title(range[3])} ${endYear}`,
    };
  }

  const quarter =
    /\bq([1-4])\b\s*(?:of\s+)?(\d{4})?/.exec(q) ?? /\b(first|second|third|fourth|1st|2nd|3rd|4th) quarter\s*(?:of\s+)?(\d{4})?/.exec(q);
  if (quarter) {
    const n = Number(quarter[1]) || ORDINALS[quarter[1]];
    const year = quarter[2] ? Number(quarter[2]) : yearFor(n * 3, months);
    return { from: ym(year, n * 3 - 2), to: ym(year, n * 3), label: `Q${n} ${year}` };
  }

  const half = /\bh([12])\b\s*(\d{4})?/.exec(q) ?? /\b(first|second) half\s*(?:of\s+)?(\d{4})?/.exec(q);
  if (half) {
    const n = half[1] === 'first' ? 1 : half[1] === 'second' ? 2 : Number(half[1]);
    const year = half[2] ? Number(half[2]) : yearFor(n * 6, months);
    return { from: ym(year, n * 6 - 5), to: ym(year, n * 6), label: `H${n} ${year}` };
  }

  const relative = /\b(?:last|past|previous)\s+(\d{1,2}|[a-z]+)\s+months\b/.exec(q);
  if (relative) {
    const n = Number(relative[1]) || NUMBER_WORDS[relative[1]];
    if (n) return { from: shift(lastMonth, -(n - 1)), to: lastMonth, label: `the last ${n} months` };
  }
  if (/\b(?:last|previous|latest) month\b/.test(q)) return { from: lastMonth, to: lastMonth, label: `the last month (${lastMonth})` };
  if (/\b(?:this year|year to date|ytd)\b/.test(q)) return { from: ym(lastYear, 1), to: lastMonth, label: `${lastYear} to date` };
  if (/\blast year\b/.test(q)) return { from: ym(lastYear - 1, 1), to: ym(lastYear - 1, 12), label: String(lastYear - 1) };

  const iso = /\b(\d{4})-(\d{2})\b/.exec(q);
  if (iso) return { from: `${iso[1]}-${iso[2]}`, to: `${iso[1]}-${iso[2]}`, label: `${iso[1]}-${iso[2]}` };

  // "may" is also a verb: take it as a month only with a year or after in/during/for.
  const month = new RegExp(`\\b(?:(in|during|for|of)\\s+)?${MONTH_PATTERN}\\b\\s*(\\d{4})?`).exec(q);
  if (month && (month[2] !== 'may' || month[1] || month[3])) {
    const index = monthIndex(month[2]);
    const year = month[3] ? Number(month[3]) : yearFor(index, months);
    return { from: ym(year, index), to: ym(year, index), label: `${title(month[2])} ${year}` };
  }

  const year = /\b(19\d{2}|20\d{2})\b/.exec(q);
  if (year) return { from: `${year[1]}-01`, to: `${year[1]}-12`, label: year[1] };
  return null;
}
