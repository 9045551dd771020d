/**
 * The churn figures every surface quotes, computed once here and stored in `analysis.json`:
 * customers and revenue per risk class, and the call list with its revenue at risk. The
 * executive summary, `churn.md`, the dashboard and the analyst read these instead of
 * summing the customer list themselves (issue 14 item 6: one set of numbers everywhere).
 */
import type { Churn, ChurnCallList, ChurnCustomer, ChurnRisk, ChurnRiskSummary } from '../contract';

/** How many customers the call list names. */
export const CALL_LIST_SIZE = 12;

const RISKS: readonly ChurnRisk[] = ['lost', 'high', 'medium', 'low'];

const cents = (v: number): number => Math.round(v * 100) / 100;

/** Customers, last-12-month revenue and revenue at risk per risk class, lost first. */
export function churnByRisk(customers: readonly ChurnCustomer[]): ChurnRiskSummary[] {
  return RISKS.map((risk) => {
    const members = customers.filter((c) => c.risk === risk);
    return {
      risk,
      customers: members.length,
      revenue12m: cents(members.reduce((sum, c) => sum + c.revenue12m, 0)),
      revenueAtRisk: cents(members.reduce((sum, c) => sum + c.revenueAtRisk, 0)),
    };
  });
}

/**
 * Who to call first: the high or lost customers with revenue at risk, in the list's order
 * (most revenue at risk first), at most `CALL_LIST_SIZE`, and the revenue they put at risk.
 */
export function churnCallList(customers: readonly ChurnCustomer[]): ChurnCallList {
  const called = customers.filter((c) => (c.risk === 'high' || c.risk === 'lost') && c.revenueAtRisk > 0).slice(0, CALL_LIST_SIZE);
  return { customerIds: called.map((c) => c.id), revenueAtRisk: cents(called.reduce((sum, c) => sum + c.revenueAtRisk, 0)) };
}

/**
 * The stored summary of a churn result, for the renderers and the analyst. Results written
 * before the summary was stored get it from the same functions, so the rule stays one.
 */
export function churnSummaryOf(churn: Pick<Churn, 'customers' | 'byRisk' | 'callList'>): {
  byRisk: ChurnRiskSummary[];
  callList: ChurnCallList;
  /** The call list's customers, in its order. */
  called: ChurnCustomer[];
} {
  const byRisk = churn.byRisk ?? churnByRisk(churn.customers);
  const callList = churn.callList ?? churnCallList(churn.customers);
  const byId = new Map(churn.customers.map((c) => [c.id, c]));
  const called = callList.customerIds.flatMap((id) => byId.get(id) ?? []);
  return { byRisk, callList, called };
}

/** The stored summary's row for one risk class. */
export function riskRow(byRisk: readonly ChurnRiskSummary[], risk: ChurnRisk): ChurnRiskSummary {
  return byRisk.find((r) => r.risk === risk) ?? { risk, customers: 0, revenue12m: 0, revenueAtRisk: 0 };
}
