/**
 * Chat answers about the customers of one region (a value of the file's region column,
 * kept per customer by the job): churn risk and customer rankings filter by it; anything
 * else is refused rather than answered for all customers.
 */
import type { AnalysisResult } from '../../engine/contract';
import { churnCustomerLine, formatMoney, ordersOfList, plural } from '../format';
import { getChurnRisk, rankCustomers } from '../tools';
import { normalise } from '../tools/tool-kit';
import { firstOrderRanking, NO_ORDERS, NOT_AVAILABLE } from './answers';
import type { Intent } from './intents';
import type { SectionRunner } from './sections';

/** The longest region (of at least 3 characters) named as whole words in the question, or null. */
export function regionNamedIn(question: string, customerRegions?: Readonly<Record<string, string | null>>): string | null {
  if (!customerRegions) return null;
  const text = ` ${normalise(question)} `;
  const regions = new Set(Object.values(customerRegions).filter((r): r is string => r !== null && normalise(r).length >= 3));
  const named = [...regions].filter((r) => text.includes(` ${normalise(r)} `));
  return named.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** Answers an intent for customers in one region, where a tool can filter by region. */
export async function answerInRegion(intent: Intent, region: string, result: AnalysisResult, runner: SectionRunner): Promise<string> {
  const money = (v: number) => formatMoney(v, runner.currency);
  if (intent.kind === 'churn') {
    const risk = intent.risk ?? 'lost, high or medium';
    const churn = await runner.call(
      getChurnRisk,
      { ...(intent.risk ? { risk: intent.risk } : {}), region, limit: 10 },
      `Checking churn risk in ${region}.`,
    );
    if (!churn) return NOT_AVAILABLE;
    if (churn.customers.length === 0) return `No customer in ${region} is at ${risk} risk.`;
    return [
      `Customers in ${region} at ${risk} risk, by revenue at risk (${plural(churn.matched, 'customer')}):`,
      ...churn.customers.map((c, i) => `${i + 1}. ${churnCustomerLine(c, money)}`),
    ].join('\n');
  }
  if (intent.kind === 'rank_customers') {
    if (intent.metric === 'orders' && result.totals.orders === 0) return NO_ORDERS;
    if (intent.metric === 'firstOrder') return firstOrderRanking(intent, result, runner, region);
    const ranked = await runner.call(
      rankCustomers,
      { metric: intent.metric, direction: intent.direction, limit: intent.limit, region },
      `Ranking customers in ${region}.`,
    );
    if (!ranked) return NOT_AVAILABLE;
    const by = intent.metric === 'orders' ? 'orders' : 'revenue';
    const orders = ordersOfList(ranked.customers);
    return [
      `${intent.direction === 'desc' ? 'Top' : 'Bottom'} ${plural(ranked.customers.length, 'customer')} in ${region} by ${by}:`,
      ...ranked.customers.map((c) => `${c.rank}. ${c.name}: ${money(c.revenue)}${orders(c.orders) ? ` (${orders(c.orders)})` : ''}`),
    ].join('\n');
  }
  return `I can't break that down by region yet. For ${region} I can rank customers by revenue or orders, or list customers at churn risk.`;
}
