/**
 * The price/volume/mix revenue bridge between two periods (issue 16 part 2), over the row
 * snapshot (one scan, row group by row group). Revenue is net (returns negative).
 *
 * A customer belongs to a period when they have any line in it: new = only in the later
 * period, with no purchase before it (+ its revenue); bought before = only in the later
 * period, with a purchase before the earlier one or between the two (+); lost = only in the
 * earlier one (− its revenue); continuing = both. CDNOW's bridge had 1,559 "new customers" (+$79,467.71),
 * none of them new: every CDNOW customer first bought in the first quarter of 1997.
 * Continuing customers' customer × product pairs: bought only now → new products (+),
 * only before → dropped products (−); bought in both with positive quantities (and no
 * line without a quantity) → price, volume and mix, the standard sales variance split
 * (CIMA Official Terminology: sales price, sales quantity and sales mix variances); with
 * q, p = R/q per pair in the base (0) and compared (1) periods, Q = Σq, P̄0 = ΣR0 / Q0:
 *
 *   volume = (Q1 − Q0) × P̄0                      more or fewer units at the base average price
 *   mix    = Σ q1·p0 − Q1 × P̄0                    the units' shift towards dearer or cheaper pairs
 *   price  = Σ (p1 − p0) × q1                      price changes on the current units
 *
 * so volume + mix + price = ΣR1 − ΣR0 of those pairs exactly. Pairs in both periods that
 * cannot be priced (only returns, a missing quantity) are "other"; rows without a
 * customer are their own step. Without a quantity column (or products) the bridge is
 * customer-level: continuing customers' change split into up and down.
 */
import { growF64, growU8 } from '../aggregate/growable';
import { PairMap } from '../aggregate/pair-map';
import { epochDay } from '../aggregate/types';
import type { Bridge, BridgeStep, BridgeStepKey } from '../contract';
import type { Snapshot } from '../snapshot/columns';
import { defaultBridgePeriods, type BridgePeriods } from './bridge-periods';

const LABELS: Record<BridgeStepKey, string> = {
  newCustomers: 'New customers',
  priorCustomers: 'Customers who bought before, not in the earlier period',
  lostCustomers: 'Lost customers',
  newProducts: 'Products newly bought',
  lostProducts: 'Products no longer bought',
  price: 'Price',
  volume: 'Volume',
  mix: 'Mix',
  other: 'Other (returns only or no quantity)',
  customersUp: 'Customers buying more',
  customersDown: 'Customers buying less',
  noCustomer: 'Rows without a customer',
};

/** Largest contributors listed. */
const TOP = 5;

/** Per-customer and per-pair sums of the two periods. */
interface Scan {
  revenue: [Float64Array, Float64Array];
  present: [Uint8Array, Uint8Array];
  pairs: PairMap;
  pairRevenue: [Float64Array<ArrayBuffer>, Float64Array<ArrayBuffer>];
  pairUnits: [Float64Array<ArrayBuffer>, Float64Array<ArrayBuffer>];
  /** Bit 1: in period 0, bit 2: in period 1, bit 4: a line without quantity. */
  pairFlags: Uint8Array<ArrayBuffer>;
  noCustomer: [number, number];
  /** 1 for a customer with a purchase (no return) dated before the later period. */
  seenBefore: Uint8Array;
}

/** The bridge between the two periods, or why it cannot be built. */
export async function bridgeOf(snapshot: Snapshot, periods: BridgePeriods): Promise<Bridge> {
  const meta = snapshot.meta;
  const customer = meta.dimensions.findIndex((d) => d.key === 'customer');
  if (!meta.hasDates) return { available: false, note: 'The file has no dates, so there are no periods to compare.' };
  if (customer < 0) return { available: false, note: 'The file has no customer column, so revenue cannot be split by customer.' };
  const product = meta.dimensions.findIndex((d) => d.key === 'product');
  const pvm = meta.hasQuantity && product >= 0;
  const scan = await scanPeriods(snapshot, periods, customer, pvm ? product : -1);
  const names = meta.dimensions[customer].values;
  const { steps, pricedShare } = pvm ? pvmSteps(scan) : { steps: customerSteps(scan), pricedShare: 1 };
  const totals = [0, 1].map((p) => scan.revenue[p].reduce((s, v) => s + v, 0) + scan.noCustomer[p]);
  const counts = [0, 1].map((p) => scan.present[p].reduce((s, v) => s + v, 0));
  const change = cents(cents(totals[1]) - cents(totals[0]));
  return {
    available: true,
    level: pvm ? 'price-volume-mix' : 'customer',
    periodsReason: periods.reason,
    base: { ...periods.base, revenue: cents(totals[0]), customers: counts[0] },
    compared: { ...periods.compared, revenue: cents(totals[1]), customers: counts[1] },
    change,
    steps: centsAddingUp(steps, change),
    comparablePairs: pvm ? comparablePairs(scan) : 0,
    notes: pvm
      ? pricedShare < 0.5
        ? [
            `${pricedShareWords(pricedShare)} of continuing customers' earlier revenue is in customer × product pairs bought in both periods, so most of their change shows as products newly bought or no longer bought rather than as price, volume and mix.`,
          ]
        : []
      : [
          meta.hasQuantity
            ? 'The file has no product column, so price, volume and mix cannot be split: customer-level bridge only.'
            : 'The file has no quantity or unit price, so price, volume and mix cannot be split: customer-level bridge only (new, bought before, lost, up, down).',
        ],
    topNew: topOf(scan, names, 1, (c) => !scan.seenBefore[c]),
    topReturning: topOf(scan, names, 1, (c) => scan.seenBefore[c] === 1),
    topLost: topOf(scan, names, 0),
  };
}

/** "Only 23%", "Less than 1%" or "None": a share under a half, never rounded to "Only 0%". */
function pricedShareWords(share: number): string {
  if (share <= 0) return 'None';
  return share < 0.005 ? 'Less than 1%' : `Only ${Math.round(share * 100)}%`;
}

async function scanPeriods(snapshot: Snapshot, periods: BridgePeriods, customer: number, product: number): Promise<Scan> {
  const size = snapshot.meta.dimensions[customer].values.length;
  const ranges = [periods.base, periods.compared].map((p) => [epochDay(p.from), epochDay(p.to)]);
  const scan: Scan = {
    revenue: [new Float64Array(size), new Float64Array(size)],
    present: [new Uint8Array(size), new Uint8Array(size)],
    pairs: new PairMap(false),
    pairRevenue: [new Float64Array(0), new Float64Array(0)],
    pairUnits: [new Float64Array(0), new Float64Array(0)],
    pairFlags: new Uint8Array(0),
    noCustomer: [0, 0],
    seenBefore: new Uint8Array(size),
  };
  const needs = { cost: false, quantity: product >= 0, orders: false, dimensions: product >= 0 ? [customer, product] : [customer] };
  for await (const g of snapshot.groups(needs)) {
    const customers = g.dims[customer];
    const products = product >= 0 ? g.dims[product] : null;
    for (let i = 0; i < g.rows; i++) {
      const day = g.day[i];
      // A purchase, as "new customers" counts them everywhere else: a credit note is no first purchase.
      if (day < ranges[1][0] && customers[i] >= 0 && g.returns[i] === 0) scan.seenBefore[customers[i]] = 1;
      const inBase = day >= ranges[0][0] && day <= ranges[0][1];
      if (!inBase && !(day >= ranges[1][0] && day <= ranges[1][1])) continue;
      const p = inBase ? 0 : 1;
      const c = customers[i];
      const amount = g.amount[i];
      if (c < 0) {
        scan.noCustomer[p] += amount;
        continue;
      }
      scan.revenue[p][c] += amount;
      scan.present[p][c] = 1;
      if (products) addToPair(scan, c, products[i], p, amount, g.quantity[i]);
    }
  }
  return scan;
}

function addToPair(scan: Scan, c: number, product: number, p: number, amount: number, quantity: number): void {
  // Product code −1 (blank) becomes 0, so every code is non-negative.
  const pair = scan.pairs.upsert(c, product + 1);
  if (pair >= scan.pairFlags.length) growPairs(scan, scan.pairs.size);
  scan.pairRevenue[p][pair] += amount;
  if (quantity === quantity) scan.pairUnits[p][pair] += quantity;
  scan.pairFlags[pair] |= (p === 0 ? 1 : 2) | (quantity === quantity ? 0 : 4);
}

/**
 * Grows the pair arrays by half (growable.ts), moving each buffer rather than copying it:
 * the old arrays are freed at once instead of waiting for the collector. Copied, the
 * 1M-row bench's bridge left about 40 MB of outgrown arrays behind it.
 */
function growPairs(scan: Scan, needed: number): void {
  const size = Math.max(1024, needed);
  scan.pairRevenue = [growF64(scan.pairRevenue[0], size), growF64(scan.pairRevenue[1], size)];
  scan.pairUnits = [growF64(scan.pairUnits[0], size), growF64(scan.pairUnits[1], size)];
  scan.pairFlags = growU8(scan.pairFlags, size);
}

/** New, returning and lost customers, plus the no-customer rows: the steps every bridge has. */
function customerEdges(scan: Scan): Record<'newCustomers' | 'priorCustomers' | 'lostCustomers' | 'noCustomer', number> {
  let added = 0;
  let back = 0;
  let lost = 0;
  for (let c = 0; c < scan.present[0].length; c++) {
    if (scan.present[1][c] && !scan.present[0][c]) {
      if (scan.seenBefore[c]) back += scan.revenue[1][c];
      else added += scan.revenue[1][c];
    } else if (scan.present[0][c] && !scan.present[1][c]) lost -= scan.revenue[0][c];
  }
  return { newCustomers: added, priorCustomers: back, lostCustomers: lost, noCustomer: scan.noCustomer[1] - scan.noCustomer[0] };
}

function customerSteps(scan: Scan): BridgeStep[] {
  const edges = customerEdges(scan);
  let up = 0;
  let down = 0;
  for (let c = 0; c < scan.present[0].length; c++) {
    if (!scan.present[0][c] || !scan.present[1][c]) continue;
    const delta = scan.revenue[1][c] - scan.revenue[0][c];
    if (delta > 0) up += delta;
    else down += delta;
  }
  return stepsOf([
    ['newCustomers', edges.newCustomers],
    ['priorCustomers', edges.priorCustomers],
    ['customersUp', up],
    ['customersDown', down],
    ['lostCustomers', edges.lostCustomers],
    ['noCustomer', edges.noCustomer],
  ]);
}

function isComparable(scan: Scan, pair: number): boolean {
  return scan.pairFlags[pair] === 3 && scan.pairUnits[0][pair] > 0 && scan.pairUnits[1][pair] > 0;
}

function comparablePairs(scan: Scan): number {
  let n = 0;
  for (let pair = 0; pair < scan.pairs.size; pair++) if (isComparable(scan, pair)) n++;
  return n;
}

/** The PVM steps, and the share of continuing customers' base revenue in priced pairs. */
function pvmSteps(scan: Scan): { steps: BridgeStep[]; pricedShare: number } {
  const edges = customerEdges(scan);
  let newProducts = 0;
  let lostProducts = 0;
  let other = 0;
  let r0 = 0;
  let q0 = 0;
  let q1 = 0;
  let q1p0 = 0;
  let r1 = 0;
  let continuing0 = 0;
  for (let pair = 0; pair < scan.pairs.size; pair++) {
    const c = scan.pairs.a[pair];
    if (!scan.present[0][c] || !scan.present[1][c]) continue;
    continuing0 += scan.pairRevenue[0][pair];
    const flags = scan.pairFlags[pair] & 3;
    const rev0 = scan.pairRevenue[0][pair];
    const rev1 = scan.pairRevenue[1][pair];
    if (flags === 2) newProducts += rev1;
    else if (flags === 1) lostProducts -= rev0;
    else if (!isComparable(scan, pair)) other += rev1 - rev0;
    else {
      const units0 = scan.pairUnits[0][pair];
      const units1 = scan.pairUnits[1][pair];
      r0 += rev0;
      r1 += rev1;
      q0 += units0;
      q1 += units1;
      q1p0 += units1 * (rev0 / units0);
    }
  }
  const average0 = q0 > 0 ? r0 / q0 : 0;
  const volume = (q1 - q0) * average0;
  const mix = q1p0 - q1 * average0;
  // Σ (p1 − p0)·q1 = Σ R1 − Σ q1·p0, summed in that form so the three parts add up to R1 − R0.
  const price = r1 - q1p0;
  const steps = stepsOf([
    ['newCustomers', edges.newCustomers],
    ['priorCustomers', edges.priorCustomers],
    ['price', price],
    ['volume', volume],
    ['mix', mix],
    ['newProducts', newProducts],
    ['lostProducts', lostProducts],
    ['other', other],
    ['lostCustomers', edges.lostCustomers],
    ['noCustomer', edges.noCustomer],
  ]);
  return { steps, pricedShare: continuing0 > 0 ? r0 / continuing0 : 1 };
}

function stepsOf(parts: [BridgeStepKey, number][]): BridgeStep[] {
  // Steps that are exactly zero are left out (e.g. no rows without a customer), except the PVM three.
  return parts
    .filter(([key, value]) => value !== 0 || key === 'price' || key === 'volume' || key === 'mix')
    .map(([key, value]) => ({ key, label: LABELS[key], value }));
}

const cents = (v: number): number => Math.round(v * 100) / 100;

/**
 * Rounds the steps to cents so that they add up to `change` to the cent: each is floored
 * and the remaining cents go to the largest remainders (Hamilton's method), so no step
 * moves by more than a cent.
 */
export function centsAddingUp(steps: BridgeStep[], change: number): BridgeStep[] {
  const raw = steps.map((s) => s.value * 100);
  const floored = raw.map(Math.floor);
  let left = Math.round(change * 100) - floored.reduce((s, v) => s + v, 0);
  const order = raw.map((v, i) => [v - floored[i], i] as const).sort((x, y) => y[0] - x[0]);
  for (let k = 0; left !== 0 && order.length > 0; k = (k + 1) % order.length) {
    const i = order[k][1];
    floored[i] += left > 0 ? 1 : -1;
    left += left > 0 ? -1 : 1;
  }
  return steps.map((s, i) => ({ ...s, value: floored[i] / 100 }));
}

function topOf(
  scan: Scan,
  names: string[],
  period: 0 | 1,
  kept: (c: number) => boolean = () => true,
): { id: string; name: string; revenue: number }[] {
  const other = period === 1 ? 0 : 1;
  const list: { c: number; revenue: number }[] = [];
  for (let c = 0; c < scan.present[0].length; c++) {
    if (scan.present[period][c] && !scan.present[other][c] && kept(c)) list.push({ c, revenue: scan.revenue[period][c] });
  }
  return list
    .sort((x, y) => y.revenue - x.revenue)
    .slice(0, TOP)
    .map(({ c, revenue }) => ({ id: names[c], name: names[c], revenue: cents(revenue) }));
}

/** The bridge over the default periods (bridge-periods.ts), or why there is none. */
export async function defaultBridgeOf(snapshot: Snapshot | null | undefined, asOf: string | null): Promise<Bridge> {
  if (!snapshot || snapshot.meta.customerList)
    return { available: false, note: 'The file has one row per customer, not transactions, so there are no periods to compare.' };
  const periods = defaultBridgePeriods(snapshot.meta.firstDay, asOf ? epochDay(asOf) : snapshot.meta.lastDay);
  if (typeof periods === 'string') return { available: false, note: periods };
  return bridgeOf(snapshot, periods);
}
