/**
 * `get_rep_scorecards`: the sales-rep scorecards, ranked by a chosen figure or for one
 * rep by name (fuzzy). A file without a rep column is told so; a ranking by a figure the
 * file cannot support (margin without cost, churn risk without churn) is refused by name
 * rather than answered with another figure.
 */
import { z } from 'zod';
import type { AnalysisResult, RepScorecard, RepScorecards } from '../../engine/contract';
import { DataAbsentError } from './data-absent';
import { matchReps, type RepMatchKind } from './rep-match';
import { DATA_NOTICE, dataString, defineTool, limitInput, MAX_DATA_SENTENCE, money, pct, ToolInputError } from './tool-kit';

export const REP_SORTS = [
  'revenue',
  'grossProfit',
  'grossMarginPct',
  'revenueAtRisk',
  'lostCustomers',
  'newCustomers',
  'bookCustomers',
  'topCustomerShare',
  'topCustomerRevenue',
  'crossSellOpportunities',
] as const;
export type RepSort = (typeof REP_SORTS)[number];

/** What each ranking is by, in words. */
export const SORT_WORDS: Record<RepSort, string> = {
  revenue: 'revenue',
  grossProfit: 'gross profit',
  grossMarginPct: 'margin',
  revenueAtRisk: 'revenue at churn risk',
  lostCustomers: 'lost customers',
  newCustomers: 'new customers',
  bookCustomers: 'customers in the book',
  topCustomerShare: "the top customer's share",
  topCustomerRevenue: "the top customer's revenue",
  crossSellOpportunities: 'open cross-sell opportunities',
};

/** The scorecards, or the reason there are none, said as the file's absence. */
export function scorecardsOf(result: AnalysisResult): RepScorecards {
  const s = result.repScorecards;
  if (!s) {
    throw new DataAbsentError(
      result.dataset.roles.salesRep
        ? 'This analysis was made before sales-rep scorecards existed; run it again to get them.'
        : 'This file has no sales-rep column.',
    );
  }
  if (!s.available) throw new DataAbsentError(s.note ?? 'This file has no sales-rep column.');
  return s;
}

function valueOf(r: RepScorecard, sort: RepSort): number | null {
  if (sort === 'topCustomerShare') return r.topCustomer?.share ?? null;
  if (sort === 'topCustomerRevenue') return r.topCustomer?.revenue ?? null;
  return r[sort];
}

/** Why this file cannot rank reps by `sort`, or null when it can. */
function sortAbsence(s: RepScorecards, result: AnalysisResult, sort: RepSort): string | null {
  if (s.reps.some((r) => valueOf(r, sort) !== null)) return null;
  if (sort === 'grossProfit' || sort === 'grossMarginPct')
    return 'This file has no cost, unit cost or profit column, so reps cannot be ranked by gross profit or margin.';
  if (sort === 'revenueAtRisk' || sort === 'lostCustomers') {
    const why = result.churn?.note ?? 'the file has no churn analysis.';
    return `Churn risk could not be measured for this file, so no rep's book can be ranked by it: ${why}`;
  }
  if (sort === 'newCustomers') return 'New customers are not counted for this file: it does not reach back before the last 12 months.';
  if (sort === 'crossSellOpportunities') return 'This file has no cross-sell analysis, so reps cannot be ranked by open opportunities.';
  return null;
}

/** One scorecard as the model sees it: money in cents, shares as percentages, names quoted as data. */
function rowOf(r: RepScorecard) {
  return {
    rep: dataString(r.rep),
    reps: r.reps,
    revenue: money(r.revenue),
    revenueSharePct: pct(r.revenueShare),
    grossProfit: r.grossProfit === null ? null : money(r.grossProfit),
    grossMarginPct: r.grossMarginPct,
    customersServed: r.customersServed,
    bookCustomers: r.bookCustomers,
    newCustomers: r.newCustomers,
    lostCustomers: r.lostCustomers,
    revenueAtRisk: r.revenueAtRisk === null ? null : money(r.revenueAtRisk),
    topCustomer: r.topCustomer
      ? { name: dataString(r.topCustomer.name), revenue: money(r.topCustomer.revenue), sharePct: pct(r.topCustomer.share) }
      : null,
    crossSellOpportunities: r.crossSellOpportunities,
    atRisk: r.atRisk.map((c) => ({ name: dataString(c.name), risk: c.risk, revenueAtRisk: money(c.revenueAtRisk) })),
  };
}

export type RepRow = ReturnType<typeof rowOf>;

/** The reps a name matches (fuzzy); an unknown name is a tool error that lists some reps. */
function repsNamed(s: RepScorecards, query: string): { match: RepMatchKind; reps: RepScorecard[] } {
  const match = matchReps(
    s.reps.map((r) => r.rep),
    query,
  );
  if (!match) {
    const some = s.reps.slice(0, 10).map((r) => dataString(r.rep));
    throw new ToolInputError(
      `No sales rep matches ${JSON.stringify(dataString(query))}. Reps: ${some.join(', ')}${s.reps.length > 10 ? ', …' : ''}.`,
    );
  }
  return { match: match.kind, reps: s.reps.filter((r) => match.names.includes(r.rep)) };
}

/** Reps with the figure, ordered by it; ties keep the revenue order. */
function rankedBy(s: RepScorecards, sort: RepSort, direction: 'desc' | 'asc'): RepScorecard[] {
  const sign = direction === 'desc' ? -1 : 1;
  return s.reps.filter((r) => valueOf(r, sort) !== null).sort((p, q) => sign * ((valueOf(p, sort) ?? 0) - (valueOf(q, sort) ?? 0)));
}

export const getRepScorecards = defineTool({
  name: 'get_rep_scorecards',
  description:
    "Sales-rep scorecards over the whole file: per rep revenue, gross profit and margin (only with cost data), customers served, the rep's book (customers whose largest share of revenue came through the rep), new and lost customers in the book, revenue at churn risk in the book, the top customer's share and open cross-sell opportunities. " +
    'Give `rep` for one rep by name (typos and first names are matched), or `sortBy` to rank reps (e.g. revenueAtRisk for "whose book has the most churn risk"). Says so when the file has no sales-rep column.',
  input: z.object({
    rep: z.string().min(1).max(100).optional().describe('A rep name as the user typed it.'),
    sortBy: z.enum(REP_SORTS).default('revenue'),
    direction: z.enum(['desc', 'asc']).default('desc'),
    limit: limitInput(10),
  }),
  run: ({ result }, input) => {
    const s = scorecardsOf(result);
    const unassigned = s.unassigned ? { revenue: money(s.unassigned.revenue), customers: s.unassigned.customers } : null;
    const base = {
      repColumn: dataString(s.repColumn),
      source: s.source,
      totalReps: s.reps.length,
      rules: s.rules.map((r) => dataString(r, MAX_DATA_SENTENCE)),
      unassigned,
      notice: DATA_NOTICE,
    };
    if (input.rep !== undefined) {
      const { match, reps } = repsNamed(s, input.rep);
      // `ranks` are by revenue, the scorecards' own order.
      const ranks = reps.map((r) => s.reps.indexOf(r) + 1);
      return {
        ...base,
        query: dataString(input.rep),
        matchedBy: match,
        sortedBy: SORT_WORDS.revenue,
        direction: 'desc' as const,
        ranks,
        reps: reps.map(rowOf),
        more: 0,
      };
    }
    const absent = sortAbsence(s, result, input.sortBy);
    if (absent) throw new DataAbsentError(absent);
    const ranked = rankedBy(s, input.sortBy, input.direction);
    const shown = ranked.slice(0, input.limit);
    return {
      ...base,
      query: null,
      matchedBy: null,
      sortedBy: SORT_WORDS[input.sortBy],
      direction: input.direction,
      ranks: shown.map((_, i) => i + 1),
      reps: shown.map(rowOf),
      more: Math.max(0, ranked.length - input.limit),
    };
  },
});
