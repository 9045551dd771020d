/**
 * What the offline grammar reads a question as (`Parsed`), what it may ask of the analysis,
 * and the refusals that several of its steps give: a period on a file without dates, lists that
 * only the analysis of the whole file gives, a fraction of customers that is no count.
 */
import type { QuerySpecInput } from '../../engine/query';
import { periodsOf } from './query-periods';
import { TOP_FIFTH } from './intents';
import { CUSTOMERS_NAMED } from './customer-words';

/**
 * `unmapped`: the grammar can't map it, and the canned answers may; `refused`: nothing in
 * the file answers it (the future, a column the file lacks), so no other answer may stand in.
 */
export type Parsed =
  /**
   * `counted`: the noun of the rows counted first ("How many countries …" → "countries");
   * `premise`: the way a comparison of one figure was said to have gone ("Is profit down …").
   */
  | { kind: 'spec'; spec: QuerySpecInput; counted?: string; note?: string; premise?: 'up' | 'down' }
  | { kind: 'unmapped' | 'refused'; reason: string }
  /**
   * The analysis' churn list or segments, for the customers whose rows match `where`
   * ("Which customers in Texas are at risk?"); `reason` refuses any other answer.
   */
  | { kind: 'among'; where: NonNullable<QuerySpecInput['filters']>; reason: string };

/**
 * Churn risk by its words: "at risk", "churn", a rating ("at medium risk", "high-risk
 * customers"), "at the biggest risk" (it got the top customers by revenue). "How many customers are at medium risk?" counted every customer, and "the
 * revenue at risk from churn" looked "churn" up as a name.
 */
export const CHURN_NAMED =
  /\b(?:at[- ]risk|churn(?:ing)?|(?:high|medium|low)[- ]risk|risky|likely to (?:leave|churn|lapse|stop)|risk of (?:churn|churning|leaving|lapsing)|at (?:the )?(?:biggest|greatest|highest|most|least|lowest) risk|(?:customers?|clients?|accounts?) (?:are|is) (?:the )?(?:biggest|greatest|highest) risks?)\b/;

/** Churn risk and the RFM segments by name ("new customers" is a measure of its own). */
export const WHOLE_FILE_RESULTS = new RegExp(
  String.raw`${CHURN_NAMED.source}|\b(champions?|potential loyalists?|loyal|hibernat\w*|about to sleep|can'?t lose|cannot lose|needs? attention|promising)\b`,
);

/** Segments, churn risk and concentration asked of one period: the analysis has them for the whole file only. */
export const WHOLE_FILE_ONLY =
  "I can answer revenue, gross profit, margin, orders, customers, units or average order value for a period; segments, churn risk and concentration are worked out for the whole file, not for one period, so I won't answer them for it.";

/** A period asked of a file without dates. */
export const NO_DATES = 'This file has no dates, so I can’t answer for a period; its figures cover the whole file.';

/**
 * Any day: on a file without dates it only tells whether a question names a period
 * ("last month" needs a today to be read at all), and the period itself is never used.
 */
export const ANY_DAY = new Date(Date.UTC(2000, 0, 1));

/** What the analysis knows that the rows alone don't answer in one query. */
export interface AnalysisFacts {
  /** A customer's last purchase day (ISO), by their label; null when unknown. */
  lastPurchaseOf(customer: string): string | null;
  /**
   * The label of the customer with this id, where the rows name customers by another
   * column (Iowa's stores by name, their ids in store_number); null when none has it.
   */
  customerLabelOf?(id: string): string | null;
  /**
   * The description the rows give the product with this code, where they name products by
   * description (Online Retail's "23084" is RABBIT NIGHT LIGHT); null when none has it.
   */
  productLabelOf?(code: string): string | null;
  /**
   * The name of the file uploaded ("IA_liquor_sales.csv"): its words say what all of its rows
   * are of, so "liquor sales in 2021" on it asks for every row, though some stores are a "… Liquor".
   */
  fileName?: string;
  /**
   * The analysis's currency (ISO 4217), null when the file names none: money asked in another
   * ("revenue in euros" of dollars) is refused. Undefined reads no currency asked.
   */
  currency?: string | null;
}

/** "The top 20%", "the bottom 10 percent", "the top fifth": a fraction of the rows, not a count. */
export const TOP_FRACTION =
  /\b(top|bottom|best|worst|biggest|largest|smallest) (\d{1,2}(\.\d+)? ?(%|percent\b|per cent\b)|(third|fifth|tenth|quintile|decile)\b)/;

/** Why a fraction of the rows can't be answered: any but the top 20% of customers over the whole file. */
export function fractionRefusal(text: string): string | null {
  const fraction = TOP_FRACTION.exec(text);
  if (!fraction) return null;
  const fifth = TOP_FIFTH.test(text) && CUSTOMERS_NAMED.test(text) && !namesAPeriod(text, ANY_DAY);
  return fifth
    ? null
    : `I can give the share of revenue of the top 20% of customers (for the whole file), or a figure for the top N by count, such as "the top 10 customers"; not “${fraction[0]}” yet.`;
}

/** What narrows to customers picked by their rows: the churn list and one segment's members. */
export const NARROWED_LISTS_ONLY =
  'For customers picked by their rows I can list those at churn risk or those in one segment (such as the Champions); ask for one of them, or name a figure, such as “revenue by customer”.';

/** Whether the question names a period, read or not ("in 2021", "last month", "since the spring"). */
export function namesAPeriod(text: string, today: Date): boolean {
  const periods = periodsOf(text, today);
  return periods.period !== null || periods.unread !== undefined;
}
