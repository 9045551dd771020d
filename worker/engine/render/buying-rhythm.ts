/**
 * A customer's buying rhythm in words that claim no more than their history shows. One gap
 * is no habit: Online Retail's 18139 bought on two consecutive days and was described as
 * "usually every 1 day"; now "bought on 2 days, 1 day apart".
 */
import type { ChurnCustomer } from '../contract';
import { count } from './format';

const days = (n: number): string => `${count(n)} day${n === 1 ? '' : 's'}`;

/**
 * "bought on 2 days, 1 day apart", "bought on 9 days, on average 30 days apart", or '' for a
 * customer with one purchase day. The gap is the mean over their purchase days, at least 1.
 */
export function buyingRhythm(c: Pick<ChurnCustomer, 'typicalGapDays'> & { purchaseDays?: number | null }): string {
  if (c.typicalGapDays === null) return '';
  const gap = days(Math.max(1, Math.round(c.typicalGapDays)));
  if (c.purchaseDays === undefined || c.purchaseDays === null) return `on average ${gap} between orders`;
  return c.purchaseDays === 2 ? `bought on 2 days, ${gap} apart` : `bought on ${count(c.purchaseDays)} days, on average ${gap} apart`;
}
