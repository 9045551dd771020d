/**
 * Question 1 — who are my customers? RFM segmentation on quintile scores, mapped to the
 * widely used 10-segment R×F grid, plus B2B value tiers (ABC by cumulative revenue).
 */
import type { Aggregates } from '../aggregate/types';
import { isoDay } from '../aggregate/types';
import type { SegmentCustomer, SegmentName, Segments } from '../contract';
import { abcTiers, quintileScores } from './stats';

/** The R×F grid: R score first, F score second. */
export const SEGMENT_RULES: { rf: string[]; segment: SegmentName }[] = [
  { rf: ['54', '55'], segment: 'Champions' },
  { rf: ['34', '35', '44', '45'], segment: 'Loyal' },
  { rf: ['42', '43', '52', '53'], segment: 'Potential Loyalists' },
  { rf: ['51'], segment: 'New' },
  { rf: ['41'], segment: 'Promising' },
  { rf: ['33'], segment: 'Need Attention' },
  { rf: ['31', '32'], segment: 'About to Sleep' },
  { rf: ['15', '25'], segment: "Can't Lose Them" },
  { rf: ['13', '14', '23', '24'], segment: 'At Risk' },
  { rf: ['11', '12', '21', '22'], segment: 'Hibernating' },
];

const SEGMENT_BY_RF = new Map<string, SegmentName>(SEGMENT_RULES.flatMap((rule) => rule.rf.map((rf) => [rf, rule.segment] as const)));

/** The segment for an R score and an F score (1–5 each). */
export function segmentFor(r: number, f: number): SegmentName {
  const segment = SEGMENT_BY_RF.get(`${r}${f}`);
  if (!segment) throw new RangeError(`RFM scores out of range: R=${r}, F=${f}`);
  return segment;
}

export const SEGMENT_METHOD =
  'RFM: recency = days from the last order to the as-of date, frequency = distinct orders, monetary = net revenue. ' +
  'Each is scored 1–5 by quintile of its rank (equal values share the rank of the first of them, as SQL RANK() does; recency reversed so recent = 5). ' +
  'R and F map to the 10-segment grid. ABC tiers by cumulative revenue: A up to 80%, B up to 95%, C the rest.';

/** RFM scores, segments and ABC tiers for every customer; null when there are no customers. */
export function segmentsOf(agg: Aggregates, asOfDay: number): Segments | null {
  const c = agg.customers;
  const n = c.count;
  if (n === 0) return null;
  const datesKnown = agg.hasDates && asOfDay >= 0;
  // On a file of one day every customer bought equally recently: a recency score would only
  // be file order, and called a file's largest customer "Hibernating" (Iowa's one day of sales).
  const recencyRanks = datesKnown && agg.firstDay < agg.lastDay;
  const recency = Float64Array.from({ length: n }, (_, i) =>
    datesKnown && c.lastDay[i] >= 0 ? Math.max(0, asOfDay - c.lastDay[i]) : Number.POSITIVE_INFINITY,
  );
  const rScores = quintileScores(recency, true);
  const fScores = quintileScores(c.orders);
  const mScores = quintileScores(c.revenue);
  const tiers = abcTiers(c.revenue);

  const customers: SegmentCustomer[] = [];
  for (let i = 0; i < n; i++) {
    const known = datesKnown && c.lastDay[i] >= 0;
    const scored = known && recencyRanks;
    customers.push({
      id: c.ids[i],
      name: c.names[i],
      revenue: c.revenue[i],
      orders: c.orders[i],
      firstOrder: isoDay(c.firstDay[i]),
      lastOrder: isoDay(c.lastDay[i]),
      recencyDays: known ? recency[i] : null,
      r: scored ? rScores[i] : null,
      f: fScores[i],
      m: mScores[i],
      segment: scored ? segmentFor(rScores[i], fScores[i]) : null,
      abc: tiers[i],
    });
  }
  customers.sort((p, q) => q.revenue - p.revenue);
  return {
    method: SEGMENT_METHOD,
    rules: SEGMENT_RULES,
    summary: recencyRanks ? segmentSummary(customers) : [],
    abcSummary: abcSummary(customers),
    customers,
  };
}

function totalRevenue(customers: SegmentCustomer[]): number {
  return customers.reduce((sum, customer) => sum + customer.revenue, 0);
}

function segmentSummary(customers: SegmentCustomer[]): Segments['summary'] {
  const total = totalRevenue(customers);
  return SEGMENT_RULES.map(({ segment }) => {
    const members = customers.filter((customer) => customer.segment === segment);
    const revenue = totalRevenue(members);
    return { segment, customers: members.length, revenue, revenueShare: total > 0 ? revenue / total : 0 };
  });
}

function abcSummary(customers: SegmentCustomer[]): Segments['abcSummary'] {
  const total = totalRevenue(customers);
  return (['A', 'B', 'C'] as const).map((tier) => {
    const members = customers.filter((customer) => customer.abc === tier);
    const revenue = totalRevenue(members);
    return { tier, customers: members.length, revenue, revenueShare: total > 0 ? revenue / total : 0 };
  });
}
