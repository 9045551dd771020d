/**
 * Sales-rep scorecards (issue 16 part 3): per rep, revenue, gross profit and margin from
 * the rep's own lines, and for the rep's book of customers the new and lost customers,
 * the churn analysis's revenue at risk, the largest customer's share and the open
 * cross-sell opportunities.
 *
 * Definitions
 * - Revenue, cost and customers served count every line for the rep on that line (a
 *   customer served by two reps adds to both). With a per-customer rep (a joined master),
 *   each customer's whole revenue counts for their rep.
 * - The book: a customer belongs to the rep with the most revenue from them; a tie goes
 *   to the rep whose name sorts first (so the result does not depend on row order). Lines
 *   with a blank rep count for no rep; a customer with only such lines has no book.
 * - New: a book customer whose first purchase falls in the 12 calendar months up to the
 *   as-of month, the window of the churn analysis's 12-month revenue. Null when the file
 *   starts inside that window, where old customers would look new.
 * - Lost: a book customer the churn model rates `lost`; revenue at risk is the churn
 *   analysis's per-customer revenue at risk summed over the book.
 * - Top customer share: the rep's largest customer's revenue over the rep's positive
 *   customer revenue (as concentration.ts measures shares).
 */
import { NO_CUSTOMER, NO_REP, type RepBook } from '../aggregate/rep-book';
import { monthLabel, type Aggregates } from '../aggregate/types';
import type { Churn, ChurnCustomer, CrossSell, RepScorecard, RepScorecards } from '../contract';
import { monthOfDay } from './calendar';
import { rulesOf } from './rep-scorecard-rules';

/** Reps shown one by one in tables, charts and reports; the rest are summed. */
export const SHOWN_REPS = 20;
/** At-risk customers listed per rep. */
const AT_RISK_LISTED = 3;

const cents = (v: number): number => Math.round(v * 100) / 100;

/** What the other analyses tell the scorecards about each customer. */
export interface CustomerFacts {
  churn: Map<string, ChurnCustomer> | null;
  crossSell: Map<string, number> | null;
  /** First and last month (indexes) of the new-customer window, or null. */
  newWindow: [number, number] | null;
}

/** Per-rep sums over the (rep, customer) pairs. */
interface RepSums {
  revenue: Float64Array;
  cost: Float64Array;
  served: Int32Array;
  /** Pair index of the rep's largest positive customer, and the rep's positive customer revenue. */
  topPair: Int32Array;
  positive: Float64Array;
}

/** The scorecards; `available: false` with a note when there is no rep to score. */
export function repScorecardsOf(
  agg: Aggregates,
  book: RepBook | undefined,
  churn: Churn | null,
  crossSell: CrossSell | null,
  asOfDay: number,
): RepScorecards {
  const column = agg.profile.roles?.salesRep ?? null;
  if (!book) return unavailable('This file has no sales-rep column.', null, null);
  if (book.names.length === 0) {
    const note = column ? `The sales-rep column '${column}' is blank on every row.` : 'No customer has a sales rep.';
    return unavailable(note, book.source, column);
  }
  const facts = customerFactsOf(agg, churn, crossSell, asOfDay);
  const owner = ownersOf(book, agg.customers.count);
  const books = booksByRep(owner, book.names.length);
  const sums = repSumsOf(book);
  const hasCost = agg.hasCost;
  const total = agg.totals.revenue;
  const cards = book.names.map((name, rep) => scorecardOf(name, rep, book, agg, books[rep], sums, facts, hasCost, total));
  const order = cards.map((_, rep) => rep).sort((p, q) => cards[q].revenue - cards[p].revenue || compareNames(cards[p].rep, cards[q].rep));
  const ranked = order.map((rep) => cards[rep]);
  const restReps = order.slice(SHOWN_REPS);
  return {
    available: true,
    source: book.source,
    repColumn: book.source === 'column' ? column : null,
    note: null,
    rules: rulesOf(book, facts, agg, crossSell),
    newWindow: facts.newWindow ? { from: monthLabel(facts.newWindow[0]), to: monthLabel(facts.newWindow[1]) } : null,
    reps: ranked,
    shown: SHOWN_REPS,
    rest: restReps.length === 0 ? null : restOf(restReps, book, agg, books, facts, hasCost, total),
    unassigned: unassignedOf(book, agg, books[book.names.length], facts),
  };
}

function unavailable(note: string, source: RepScorecards['source'], column: string | null): RepScorecards {
  return {
    available: false,
    source,
    repColumn: column,
    note,
    rules: [],
    newWindow: null,
    reps: [],
    shown: SHOWN_REPS,
    rest: null,
    unassigned: null,
  };
}

/** Plain code-unit order, so ties break the same way in every locale. */
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function customerFactsOf(agg: Aggregates, churn: Churn | null, crossSell: CrossSell | null, asOfDay: number): CustomerFacts {
  const scored = churn && churn.model !== 'unavailable' ? new Map(churn.customers.map((c) => [c.id, c])) : null;
  let offers: Map<string, number> | null = null;
  if (crossSell?.available) {
    offers = new Map();
    for (const o of crossSell.opportunities) offers.set(o.customer.id, (offers.get(o.customer.id) ?? 0) + 1);
  }
  let newWindow: [number, number] | null = null;
  if (agg.hasDates && asOfDay >= 0 && agg.firstDay >= 0) {
    const to = monthOfDay(asOfDay);
    if (monthOfDay(agg.firstDay) < to - 11) newWindow = [to - 11, to];
  }
  return { churn: scored, crossSell: offers, newWindow };
}

/** Each customer's book: the rep with the most revenue from them (ties: name first), or NO_REP. */
export function ownersOf(book: RepBook, customers: number): Int32Array {
  const owner = new Int32Array(customers).fill(NO_REP);
  const best = new Float64Array(customers).fill(-Infinity);
  for (let k = 0; k < book.rep.length; k++) {
    const rep = book.rep[k];
    const customer = book.customer[k];
    if (rep === NO_REP || customer === NO_CUSTOMER) continue;
    const revenue = book.revenue[k];
    const current = owner[customer];
    if (revenue > best[customer] || (revenue === best[customer] && compareNames(book.names[rep], book.names[current]) < 0)) {
      best[customer] = revenue;
      owner[customer] = rep;
    }
  }
  return owner;
}

function repSumsOf(book: RepBook): RepSums {
  const n = book.names.length;
  const sums: RepSums = {
    revenue: new Float64Array(n),
    cost: new Float64Array(n),
    served: new Int32Array(n),
    topPair: new Int32Array(n).fill(-1),
    positive: new Float64Array(n),
  };
  for (let k = 0; k < book.rep.length; k++) {
    const rep = book.rep[k];
    if (rep === NO_REP) continue;
    sums.revenue[rep] += book.revenue[k];
    sums.cost[rep] += book.cost[k];
    if (book.customer[k] === NO_CUSTOMER) continue;
    sums.served[rep]++;
    if (book.revenue[k] <= 0) continue;
    sums.positive[rep] += book.revenue[k];
    const top = sums.topPair[rep];
    if (top < 0 || book.revenue[k] > book.revenue[top]) sums.topPair[rep] = k;
  }
  return sums;
}

/** New, lost, at-risk and cross-sell figures over a set of book customers. */
function bookFiguresOf(customers: number[], agg: Aggregates, facts: CustomerFacts) {
  const c = agg.customers;
  let fresh = 0;
  let lost = 0;
  let atRisk = 0;
  let offers = 0;
  const risky: ChurnCustomer[] = [];
  for (const i of customers) {
    const month = c.firstDay[i] >= 0 ? monthOfDay(c.firstDay[i]) : -1;
    if (facts.newWindow && month >= facts.newWindow[0] && month <= facts.newWindow[1]) fresh++;
    const scored = facts.churn?.get(c.ids[i]);
    if (scored) {
      if (scored.risk === 'lost') lost++;
      atRisk += scored.revenueAtRisk;
      if (scored.revenueAtRisk > 0) risky.push(scored);
    }
    offers += facts.crossSell?.get(c.ids[i]) ?? 0;
  }
  risky.sort((p, q) => q.revenueAtRisk - p.revenueAtRisk || compareNames(p.name, q.name));
  return {
    bookCustomers: customers.length,
    newCustomers: facts.newWindow ? fresh : null,
    lostCustomers: facts.churn ? lost : null,
    revenueAtRisk: facts.churn ? cents(atRisk) : null,
    crossSellOpportunities: facts.crossSell ? offers : null,
    atRisk: risky.slice(0, AT_RISK_LISTED).map((r) => ({ id: r.id, name: r.name, risk: r.risk, revenueAtRisk: cents(r.revenueAtRisk) })),
  };
}

function moneyFiguresOf(revenue: number, cost: number, hasCost: boolean, total: number) {
  const profit = revenue - cost;
  return {
    revenue: cents(revenue),
    revenueShare: total === 0 ? 0 : revenue / total,
    cost: hasCost ? cents(cost) : null,
    grossProfit: hasCost ? cents(profit) : null,
    grossMarginPct: hasCost && revenue !== 0 ? Math.round((profit / revenue) * 10_000) / 100 : null,
  };
}

/** Each rep's book customers by rep index; the last list holds customers with no rep. */
function booksByRep(owner: Int32Array, reps: number): number[][] {
  const books: number[][] = Array.from({ length: reps + 1 }, () => []);
  for (let i = 0; i < owner.length; i++) books[owner[i] === NO_REP ? reps : owner[i]].push(i);
  return books;
}

function scorecardOf(
  name: string,
  rep: number,
  book: RepBook,
  agg: Aggregates,
  bookCustomers: number[],
  sums: RepSums,
  facts: CustomerFacts,
  hasCost: boolean,
  total: number,
): RepScorecard {
  const top = sums.topPair[rep];
  const customer = top >= 0 ? book.customer[top] : -1;
  return {
    rep: name,
    reps: 1,
    ...moneyFiguresOf(sums.revenue[rep], sums.cost[rep], hasCost, total),
    customersServed: sums.served[rep],
    ...bookFiguresOf(bookCustomers, agg, facts),
    topCustomer:
      customer < 0
        ? null
        : {
            id: agg.customers.ids[customer],
            name: agg.customers.names[customer],
            revenue: cents(book.revenue[top]),
            share: book.revenue[top] / sums.positive[rep],
          },
  };
}

/** The reps beyond the shown ones, summed; customers served are counted once. */
function restOf(
  reps: number[],
  book: RepBook,
  agg: Aggregates,
  books: number[][],
  facts: CustomerFacts,
  hasCost: boolean,
  total: number,
): RepScorecard {
  const members = new Set(reps);
  let revenue = 0;
  let cost = 0;
  const served = new Set<number>();
  for (let k = 0; k < book.rep.length; k++) {
    if (!members.has(book.rep[k])) continue;
    revenue += book.revenue[k];
    cost += book.cost[k];
    if (book.customer[k] !== NO_CUSTOMER) served.add(book.customer[k]);
  }
  return {
    rep: `Other ${reps.length} reps`,
    reps: reps.length,
    ...moneyFiguresOf(revenue, cost, hasCost, total),
    customersServed: served.size,
    ...bookFiguresOf(
      reps.flatMap((rep) => books[rep]),
      agg,
      facts,
    ),
    topCustomer: null,
  };
}

function unassignedOf(book: RepBook, agg: Aggregates, customers: number[], facts: CustomerFacts): RepScorecards['unassigned'] {
  let revenue = 0;
  for (let k = 0; k < book.rep.length; k++) if (book.rep[k] === NO_REP) revenue += book.revenue[k];
  if (customers.length === 0 && revenue === 0) return null;
  return { revenue: cents(revenue), customers: customers.length, revenueAtRisk: bookFiguresOf(customers, agg, facts).revenueAtRisk };
}
