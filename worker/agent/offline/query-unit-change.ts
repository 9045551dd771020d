/**
 * "Which quarters grew?", "month over month growth", "each quarter against the same quarter
 * last year": each unit of a grouping by time against an earlier one (`changeFrom`), not
 * two named periods. "Which quarters grew?" got the monthly trend, "Which months grew in
 * 2021?" a refusal, and "Quarterly revenue vs the same quarter last year" the quarters of
 * 2020 with no comparison ("last year" read as the period).
 */
import type { TimeDimension } from '../../engine/query/spec';

export interface UnitChange {
  changeFrom: 'previous' | 'yearBefore';
  /** The unit the question names ("quarter over quarter", "which months"). */
  unit: TimeDimension;
  /**
   * "What's our year over year growth?" names no grouping, only the comparison: the trend
   * answer gives it for the last 12 full months, which a partial year can't spoil.
   */
  overall: boolean;
  /** The question without the words that named the comparison, for reading its period. */
  rest: string;
}

/** "vs the same quarter last year", "against the same month a year earlier". */
const SAME_UNIT_A_YEAR_BEFORE =
  /\b(?:(?:vs\.?|versus|against|compared (?:with|to)|over|on) )?(?:the )?same (month|quarter)s? (?:of |in )?(?:last year|a year (?:before|earlier|ago)|the (?:previous|prior) year|the year before)\b/;
const MONTH_NAMED_ALONE =
  /(?<!\b(?:in|of|during|for|since|from|to|until|through|between|and)\s+)\b(january|february|march|april|june|july|august|september|october|november|december)\b(?!\s*(?:\d|of\b))/;
const UNIT_ON_UNIT = /\b(month|quarter|week|year)[- ](?:over|on)[- ]\1\b|\b(qoq|mom|wow|yoy)\b/;
const ABBREVIATED: Record<string, TimeDimension> = { qoq: 'quarter', mom: 'month', wow: 'week', yoy: 'year' };
/** A unit named as a grouping: "by quarter", "which months", "each year", "top 3 months", "quarterly". */
const UNIT_NAMED =
  /\b(?:by|per|each|every|which|what|(?:top|bottom|best|worst)(?: \d{1,2})?) (?:the )?(month|quarter|week|year)s?\b|\b(monthly|quarterly|weekly|yearly|annual)\b/;
const ADVERB_UNIT: Record<string, TimeDimension> = {
  monthly: 'month',
  quarterly: 'quarter',
  weekly: 'week',
  yearly: 'year',
  annual: 'year',
};

/** The grouping unit a question names, if any (not counting `except`). */
function unitNamed(text: string, except?: TimeDimension): TimeDimension | null {
  for (const match of text.matchAll(new RegExp(UNIT_NAMED.source, 'g'))) {
    const unit = (match[1] as TimeDimension | undefined) ?? ADVERB_UNIT[match[2]];
    if (unit !== except) return unit;
  }
  return null;
}

/**
 * The change between units of time a question asks for, or null. `changeAsked`: whether it
 * asks how a figure changed ("grew", "growth", "fell").
 */
export function unitChangeOf(text: string, changeAsked: boolean): UnitChange | null {
  const sameUnit = SAME_UNIT_A_YEAR_BEFORE.exec(text);
  if (sameUnit) {
    // "How did November do compared to the same month last year" got all 48 months: a month
    // named alone is the period, as "in November" is.
    const rest = text.replace(sameUnit[0], ' ').replace(MONTH_NAMED_ALONE, 'in $1');
    return { changeFrom: 'yearBefore', unit: sameUnit[1] as TimeDimension, overall: false, rest };
  }
  const onUnit = UNIT_ON_UNIT.exec(text);
  if (onUnit) {
    const unit = (onUnit[1] as TimeDimension | undefined) ?? ABBREVIATED[onUnit[2]];
    const rest = text.replace(onUnit[0], ' ');
    // "Year over year growth by quarter": each quarter against the same quarter a year before.
    const other = unit === 'year' ? unitNamed(rest, 'year') : null;
    if (other) return { changeFrom: 'yearBefore', unit: other, overall: false, rest };
    // "How did each region do year over year?" groups by region, so it is no overall figure.
    const overall = unit === 'year' && unitNamed(rest) === null && !/\b(by|each|per|every|which)\b/.test(rest);
    return { changeFrom: 'previous', unit, overall, rest: text };
  }
  if (!changeAsked) return null;
  const unit = unitNamed(text);
  return unit ? { changeFrom: 'previous', unit, overall: false, rest: text } : null;
}
