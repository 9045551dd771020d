/**
 * Executes a validated `QuerySpec` over a columnar snapshot, row group by row group, into
 * typed-array accumulators (accumulators.ts); memory grows with result rows, not file rows.
 * Post-aggregation (derived measures, period join, sort, top N) is a few hundred result
 * rows at most, done here in plain code: a dataframe library would cost more bundle than
 * the handful of lines it replaces.
 *
 * Definitions (the same as the analyses'):
 * - revenue is net of returns; gross profit = revenue − cost; margin % = gross profit / revenue;
 * - orders are distinct non-return order ids (customer-day occasions without order ids);
 * - customers are distinct customers with any line in the slice; revenue per customer is the
 *   revenue of the lines that name a customer over those customers;
 * - a new customer bought in the slice and made their first purchase in the whole file
 *   within the row's period; a returning customer bought in it and had bought before;
 * - revenue from new customers is the row's revenue on lines of customers whose first
 *   purchase in the whole file is on or after the start of the row's period; revenue from
 *   returning customers is that of every other line naming a customer, so the two add up
 *   to the revenue of the lines that name one;
 * - returns are the lines that reduce revenue (credit notes, negative amounts), summed as
 *   a positive value, as the overview's returns; orders with a return are the distinct
 *   order ids among those lines;
 * - a share of revenue is the row's revenue over all revenue of its period, whatever the
 *   filters (the West's share is of the whole file's revenue, not of the West's); grouped by
 *   a time unit with a filter or a second column, over all revenue of its unit;
 * - customers with 2+ orders bought in two or more distinct orders within the row (and its
 *   period); customers with one order in exactly one;
 * - products are the distinct products bought (on lines that are no return);
 * - the average price is the revenue of the rows with a quantity over their units, returns
 *   netted out of both (what a unit sold for, discounts and all).
 */
import type { Snapshot, SnapshotGroup, SnapshotMeta } from '../snapshot/columns';
import { isoDay } from '../aggregate/types';
import { Accumulators, NO_PURCHASE, wholeKey } from './accumulators';
import { bucketLabel, bucketOf, bucketStart } from './buckets';
import {
  checkMeasures,
  dayOf,
  daysOf,
  groupWords,
  passesFilter,
  QueryRefusal,
  resolveDimension,
  resolveFilter,
  startingWithNote,
  type ResolvedFilter,
  type ResolvedGroup,
} from './resolve';
import { perNote, unitsSpanned, type Range } from './average-per';
import { buyersNote, buyersOf } from './buyers-of';
import { changeFromOf } from './change-from';
import { customersOfEvery, customersOfEveryUnit, customersOfTwoPeriods, customersWithout } from './customer-lists';
import { daysWithRows, edgeUnitsNote, notYetLostNote, periodCoverage, shortSpanKeptNote, wholeUnitsRanked } from './coverage';
import { likeForLike } from './like-for-like';
import { resultOf, type QueryResult } from './result';
import { COST_MEASURES, MAX_ROWS, NEWNESS_MEASURES, type QuerySpec, type TimeDimension } from './spec';

export { QueryRefusal } from './resolve';
export type { QueryResult } from './result';

/**
 * The customers listed by what they bought and did not (customer-lists.ts), or for two
 * periods the values of the column `listed` (products), with `notes` (the filters' and
 * periods') and, for two periods, what the second one's span means for the list.
 */
async function customerListOf(
  snapshot: Snapshot,
  spec: QuerySpec,
  filters: ResolvedFilter[],
  listed: ListedGroup,
  notes: (string | null)[],
): Promise<QueryResult> {
  const meta = snapshot.meta;
  const customerIndex = listed.index;
  const noted = (result: QueryResult, more: string | null = null) => withNote(result, [...notes, more].filter(Boolean).join(' ') || null);
  if (spec.neverBought) {
    const never = resolveFilter(meta, spec.neverBought);
    spec = { ...spec, neverBought: { ...spec.neverBought, dimension: never.dimension.label, values: never.matched } };
    return noted(await customersWithout(snapshot, spec, filters, never, customerIndex));
  }
  if (spec.boughtAll) return noted(await customersOfEvery(snapshot, { ...spec, boughtAll: spec.boughtAll }, filters, customerIndex));
  if (spec.boughtEvery) {
    const units = wholeUnitsCounted(meta, spec, spec.boughtEvery, meta.dimensions[customerIndex].values.length);
    return noted(
      await customersOfEveryUnit(snapshot, { ...spec, period: units.period }, filters, customerIndex, spec.boughtEvery),
      units.note,
    );
  }
  const customers = listed.dimension.key === 'customer';
  const soFar = spec.notBoughtIn
    ? notYetLostNote(meta, spec.notBoughtIn, customers)
    : shortSpanKeptNote(meta, spec.period as { from: string; to: string }, spec.alsoBoughtIn as { from: string; to: string }, customers);
  return noted(await customersOfTwoPeriods(snapshot, spec, filters, listed), soFar);
}

/**
 * The most customer × unit bits "bought in every …" may hold: 16 MB of the Worker's 128 MB
 * isolate; 100,000 customers over 20 years of weeks fit.
 */
const MAX_CUSTOMER_UNITS = 128_000_000;

/**
 * The whole units of `period` (else of the file) that "bought in every year" counts, the ones
 * the rows or the period cut left out and said so: on rows from 2022-01-04 to 2025-01-03,
 * every year is 2022 … 2024 without 2025's 3 days (and 2022's missing 3, under 10%, keep it).
 */
function wholeUnitsCounted(
  meta: SnapshotMeta,
  spec: QuerySpec,
  unit: TimeDimension,
  customers: number,
): { period: { from: string; to: string }; note: string | null } {
  if (!meta.hasDates) throw new QueryRefusal('This file has no date column, so it has no periods.', 'MISSING_COLUMN');
  const asked = daysOf(spec.period);
  const whole = wholeUnitsRanked(meta, unit, asked, `the ${unit}s counted`);
  const { from, to } = whole ?? daysWithRows(meta, asked);
  const units = from <= to ? bucketOf(unit, to) - bucketOf(unit, from) + 1 : 0;
  if (units < 2)
    throw new QueryRefusal(
      `Every ${unit} needs two whole ${unit}s or more to buy in, and ${spec.period ? `${spec.period.from} … ${spec.period.to}` : 'the file'} holds ${units === 1 ? 'one at most' : 'none'}; ask for customers who bought in two periods instead, such as “customers who bought in both 2023 and 2024”.`,
      'BAD_SPEC',
    );
  if (units * customers > MAX_CUSTOMER_UNITS)
    throw new QueryRefusal(
      `There are too many customers and ${unit}s to check each one; ask for a longer unit, such as every year.`,
      'BAD_SPEC',
    );
  return { period: { from: isoDay(from) ?? '', to: isoDay(to) ?? '' }, note: whole?.note ?? null };
}

type ListedGroup = Extract<ResolvedGroup, { kind: 'dimension' }>;

function customerGroup(meta: SnapshotMeta, customerIndex: number): ListedGroup {
  return { kind: 'dimension', index: customerIndex, dimension: meta.dimensions[customerIndex] };
}

function withNote(result: QueryResult, note: string | null): QueryResult {
  return note ? { ...result, note: result.note ? `${result.note} ${note}` : note } : result;
}

/** Runs a query; throws `QueryRefusal` when the file can't answer it. */
export async function runQuery(snapshot: Snapshot, spec: QuerySpec): Promise<QueryResult> {
  const meta = snapshot.meta;
  checkMeasures(meta, spec.measures);
  const groups = spec.groupBy.map((g) => resolveDimension(meta, g));
  if (groups.length === 2 && groups[0].kind === groups[1].kind && groups[0].kind === 'time')
    throw new QueryRefusal('Group by one time unit at a time.', 'BAD_SPEC');
  const filters = spec.filters.map((f) => resolveFilter(meta, f));
  const startingWith = startingWithNote(filters);
  const averagedOver = spec.averageOver ? averagedColumn(meta, spec.averageOver, groups) : undefined;
  // The answer states the dictionary entries the values resolved to, not the words typed.
  // A share's whole names its filters the same way.
  // The columns grouped by that a share is of each value of, as asked (their names are relabelled below).
  // A column both filtered and named keeps its filters' rows as the whole ("Acme's share of the
  // West and East's revenue, by region" is of both regions together, as it was before).
  const wholeParts = spec.groupBy.flatMap((g, k) =>
    spec.shareWithin?.includes(g) && !spec.filters.some((f) => f.dimension === g) ? [k] : [],
  );
  const within = spec.shareWithin?.flatMap((w) => [
    ...spec.filters.flatMap((f, i) => (f.dimension === w ? [filters[i].dimension.label] : [])),
    ...spec.groupBy.flatMap((g, k) => (g === w ? [groupWords(groups[k])] : [])),
  ]);
  spec = {
    ...spec,
    filters: spec.filters.map((f, i) => ({ ...f, dimension: filters[i].dimension.label, values: filters[i].matched })),
    ...(within ? { shareWithin: [...new Set(within)] } : {}),
    ...(averagedOver ? { averageOver: averagedOver.dimension.label } : {}),
  };
  const customerIndex = meta.dimensions.findIndex((d) => d.key === 'customer');
  if ((spec.period || spec.compareTo) && !meta.hasDates)
    throw new QueryRefusal('This file has no date column, so it has no periods.', 'MISSING_COLUMN');
  let coverage = periodCoverage(meta, [spec.period, spec.compareTo, spec.notBoughtIn ?? spec.alsoBoughtIn]);
  const compared = likeForLike(meta, spec);
  if (compared.spec !== spec) {
    spec = compared.spec;
    coverage = periodCoverage(meta, [spec.period, spec.compareTo]);
  }
  // Without a change, the note says which periods the rows only partly cover and why.
  if (compared.noChange.size > 0) coverage = null;
  if (spec.neverBought || spec.boughtAll || spec.notBoughtIn || spec.alsoBoughtIn || spec.boughtEvery) {
    // "Products bought in 2023 but not in 2024": the column grouped by is what is listed.
    const listed = groups[0]?.kind === 'dimension' ? groups[0] : null;
    if (!listed && customerIndex < 0) throw new QueryRefusal('This file has no customer column.', 'MISSING_COLUMN');
    return customerListOf(snapshot, spec, filters, listed ?? customerGroup(meta, customerIndex), [startingWith, coverage]);
  }
  const ranking = rankedWholeUnits(meta, spec, groups);
  if (ranking) spec = { ...spec, period: ranking.period };
  const buyers = spec.buyersOf ? await buyersOf(snapshot, { ...spec, buyersOf: spec.buyersOf }) : null;
  if (spec.buyersOf && buyers) {
    filters.push(buyers.filter);
    spec = { ...spec, buyersOf: { ...spec.buyersOf, dimension: buyers.bought.dimension.label, values: buyers.bought.matched } };
  }
  const periods: Range[] = [];
  if (spec.period) periods.push({ from: dayOf(spec.period.from), to: dayOf(spec.period.to) });
  if (spec.compareTo) periods.push({ from: dayOf(spec.compareTo.from), to: dayOf(spec.compareTo.to) });
  refuseRepeatsOnOneDay(meta, spec, periods);
  const time = groups.find((g) => g.kind === 'time');
  refuseReturningFromTheStart(meta, spec, periods, Boolean(time));
  if (spec.changeFrom && !meta.hasDates) throw new QueryRefusal('This file has no date column, so it has no periods.', 'MISSING_COLUMN');
  const change = spec.changeFrom && time ? changeFromOf(meta, spec, time.unit, periods[0]) : undefined;
  // The units before the period that its first units are compared with, read as a second period.
  if (change?.leadIn) periods.push(change.leadIn);

  const m = new Set(spec.measures);
  const acc = new Accumulators(
    m.has('orders') || m.has('averageOrderValue'),
    m.has('customers') || m.has('revenuePerCustomer'),
    // Customers are counted by what they bought: one with only a credit note in a row is not its customer.
    m.has('customers') || m.has('revenuePerCustomer') || m.has('newCustomers') || m.has('returningCustomers') || m.has('customerShare'),
    m.has('returnOrders'),
    m.has('repeatCustomers') || m.has('oneTimeCustomers') || m.has('repeatRate'),
    m.has('products'),
    m.has('newCustomerRevenue') || m.has('returningCustomerRevenue'),
  );
  const productIndex = m.has('products') ? meta.dimensions.findIndex((d) => d.key === 'product') : -1;
  const needFirstDay = spec.measures.some((measure) => NEWNESS_MEASURES.has(measure));
  let firstDay: Int32Array = new Int32Array(needFirstDay ? meta.dimensions[customerIndex].values.length : 0).fill(NO_PURCHASE);

  const needs = {
    cost: spec.measures.some((measure) => COST_MEASURES.has(measure)),
    quantity: m.has('units') || m.has('averagePrice'),
    orders:
      m.has('orders') ||
      m.has('averageOrderValue') ||
      m.has('returnOrders') ||
      m.has('repeatCustomers') ||
      m.has('oneTimeCustomers') ||
      m.has('repeatRate'),
    dimensions: [
      ...filters.map((f) => f.index),
      ...groups.flatMap((g) => (g.kind === 'dimension' ? [g.index] : [])),
      ...(averagedOver ? [averagedOver.index] : []),
      customerIndex,
      productIndex,
    ].filter((d) => d >= 0),
  };
  acc.watchCost = needs.cost;
  const per = spec.per ? unitsSpanned(meta, spec.per, periods) : null;
  // A share's whole: every row of the period, or those passing the filters it is within.
  // The buyers' filter, added after the spec's own, is never a whole.
  const wholeFilters = filters.filter((_, k) => k < spec.filters.length && spec.shareWithin?.includes(spec.filters[k].dimension));
  acc.shareParts = sharePartsOf(wholeParts, groups, filters.length > wholeFilters.length);
  const wholeGroups = acc.shareParts.map((k) => groups[k]);
  const wholeOfRow = wholeOfRowBy(wholeGroups);
  for await (const g of snapshot.groups(needs)) {
    if (needFirstDay) firstDay = firstPurchases(g, customerIndex, firstDay);
    const inWhole = wholeOf(g, wholeFilters);
    if (m.has('revenueShare')) addToWholes(g, periods, wholeOfRow, inWhole, 'revenue', acc.wholeRevenue);
    if (m.has('profitShare')) addToWholes(g, periods, wholeOfRow, inWhole, 'grossProfit', acc.wholeProfit);
    if (m.has('customerShare')) addWholeBuyers(g, periods, wholeOfRow, inWhole, g.dims[customerIndex], acc.wholeBuyers);
    scanGroup(g, averagedOver ? [...groups, averagedOver] : groups, filters, periods, customerIndex, productIndex, acc);
  }
  const result = resultOf(spec, meta, groups, acc, firstDay, Boolean(spec.compareTo), {
    noChange: compared.noChange,
    ...(per ? { perUnits: per.map((span) => span.units) } : {}),
    ...(change ? { change } : {}),
    ...(averagedOver ? { averagedOver } : {}),
  });
  // A partial month or year at an end of the rows, unless the period's own note says so
  // already, or the change note does (by the stricter rule a change needs).
  const edges = time && !coverage && !spec.compareTo && !change && !ranking ? edgeUnitsNote(meta, time.unit, periods[0]) : null;
  const notes = [
    buyers ? startingWithNote([buyers.bought]) : null,
    startingWith,
    buyers ? buyersNote(spec, buyers.customers) : null,
    compared.note,
    coverage,
    edges,
    ranking?.note ?? null,
    per && spec.per ? perNote(spec.per, per) : null,
  ];
  return notes.reduce(withNote, result);
}

/** The column `averageOver` names, not also grouped by under another name ("Customer Name" for customer); a time unit is `per`'s. */
function averagedColumn(meta: SnapshotMeta, name: string, groups: readonly ResolvedGroup[]): ListedGroup {
  const over = resolveDimension(meta, name);
  if (over.kind === 'time') throw new QueryRefusal(`An average per ${over.unit} is \`per\`, not \`averageOver\`.`, 'BAD_SPEC');
  if (groups.some((g) => g.kind === 'dimension' && g.index === over.index))
    throw new QueryRefusal(
      `Each ${over.dimension.label} averaged over itself is its own figure: group by it, or average over another column.`,
      'BAD_SPEC',
    );
  return over;
}

/**
 * A ranking of months, quarters or years ("our worst quarter", "the top 3 months") over the
 * units the rows cover whole: its period without the partial units at its ends, and the note
 * naming them; null for any other question.
 */
function rankedWholeUnits(
  meta: SnapshotMeta,
  spec: QuerySpec,
  groups: readonly ResolvedGroup[],
): { period: { from: string; to: string }; note: string } | null {
  const [group] = groups;
  const ranked = spec.sort !== undefined && spec.limit !== MAX_ROWS;
  if (groups.length !== 1 || group.kind !== 'time' || !ranked || spec.compareTo || spec.changeFrom || spec.per || spec.having) return null;
  const asked = daysOf(spec.period);
  const whole = wholeUnitsRanked(meta, group.unit, asked);
  return whole ? { period: { from: isoDay(whole.from) ?? '', to: isoDay(whole.to) ?? '' }, note: whole.note } : null;
}

/**
 * Without order ids an order is a customer's purchase day, so over one day of rows every
 * customer has one: Iowa's one-day file read "repeat rate 0.0%", as if no store came back.
 */
function refuseRepeatsOnOneDay(meta: Snapshot['meta'], spec: QuerySpec, periods: readonly Range[]): void {
  if (meta.hasOrderId || !spec.measures.some((m) => REPEAT_MEASURES.has(m))) return;
  const ranges = rangesCounted(meta, periods);
  const oneDay = ranges.find((r) => Math.min(r.to, meta.lastDay) === Math.max(r.from, meta.firstDay));
  if (oneDay)
    throw new QueryRefusal(
      `The rows counted cover one day, ${isoDay(Math.max(oneDay.from, meta.firstDay))}, and the file has no order ids, so each customer has one purchase day in them: who comes back needs rows over more than one day.`,
      'OUT_OF_RANGE',
    );
}

/** The periods the rows are counted over: those asked, or the whole file's span. */
function rangesCounted(meta: Snapshot['meta'], periods: readonly Range[]): readonly Range[] {
  return periods.length > 0 ? periods : [{ from: meta.firstDay, to: meta.lastDay }];
}

const REPEAT_MEASURES: ReadonlySet<QuerySpec['measures'][number]> = new Set(['repeatCustomers', 'oneTimeCustomers', 'repeatRate']);

/**
 * Returning means a first purchase before the period, which a period starting with the file's
 * rows can't show: every buyer in it is first seen there. Online Retail's "How much did
 * returning customers spend in 2011?" read −£2,735.74, the credits of customers with returns
 * and no purchase. A grouping by time keeps its later rows and the note on the first.
 */
function refuseReturningFromTheStart(meta: Snapshot['meta'], spec: QuerySpec, periods: readonly Range[], byTime: boolean): void {
  if (byTime || !meta.hasDates || !spec.measures.some((m) => RETURNING_MEASURES.has(m))) return;
  const ranges = rangesCounted(meta, periods);
  const fromTheStart = ranges.find((r) => r.from <= meta.firstDay);
  if (fromTheStart)
    throw new QueryRefusal(
      `The file's rows start on ${isoDay(meta.firstDay)}, within ${isoDay(fromTheStart.from)} … ${isoDay(fromTheStart.to)}: everyone who bought then is first seen there, so I can't tell returning customers from new ones in it. Ask for a period that starts later.`,
      'OUT_OF_RANGE',
    );
}

const RETURNING_MEASURES: ReadonlySet<QuerySpec['measures'][number]> = new Set(['returningCustomers', 'returningCustomerRevenue']);

/** Folds one row group into the accumulators. */
function scanGroup(
  g: SnapshotGroup,
  groups: ResolvedGroup[],
  filters: ResolvedFilter[],
  periods: Range[],
  customerIndex: number,
  productIndex: number,
  acc: Accumulators,
): void {
  const n = g.rows;
  const products = productIndex >= 0 ? g.dims[productIndex] : null;
  const masks = filters.map((f) => ({ codes: g.dims[f.index], mask: f.mask, keepBlank: f.keepBlank }));
  const parts = groups.map((gr) => (gr.kind === 'dimension' ? { codes: g.dims[gr.index], unit: null } : { codes: null, unit: gr.unit }));
  const customers = customerIndex >= 0 ? g.dims[customerIndex] : null;
  const cardinality1 = groups.length === 2 ? cardinalityOf(groups[1]) : 1;
  const periodCount = Math.max(1, periods.length);
  row: for (let i = 0; i < n; i++) {
    for (const f of masks) if (!passesFilter(f, f.codes[i])) continue row;
    const day = g.day[i];
    // Counted once, though the row may fall in two periods.
    let costlessSeen = false;
    for (let p = 0; p < periodCount; p++) {
      const period = periods.length ? periods[p] : null;
      if (period && (day < period.from || day > period.to)) continue;
      let part0 = 0;
      let part1 = 0;
      let start = period ? period.from : -Infinity;
      for (let k = 0; k < parts.length; k++) {
        const part = parts[k];
        let value: number;
        if (part.codes) value = part.codes[i];
        else {
          value = bucketOf(part.unit, day);
          start = Math.max(start, bucketStart(part.unit, value));
        }
        if (k === 0) part0 = value;
        else part1 = value;
      }
      // Codes are ≥ -1 and buckets ≥ 0, so +1 keeps every part non-negative.
      const key = ((part0 + 1) * cardinality1 + (part1 + 1)) * periodCount + p;
      const slot = acc.slot(key, part0, part1, p, start);
      const amount = g.amount[i];
      acc.revenue[slot] += amount;
      const cost = g.cost[i];
      if (cost === cost) acc.cost[slot] += cost;
      else if (acc.watchCost && amount !== 0 && !costlessSeen) {
        costlessSeen = true;
        acc.costlessRows++;
        acc.costlessRevenue += amount;
      }
      const q = g.quantity[i];
      if (q === q) {
        acc.units[slot] += q;
        acc.unitRevenue[slot] += amount;
      }
      const isReturn = g.returns[i] === 1;
      if (!isReturn) acc.purchases[slot]++;
      if (acc.orders.length && !isReturn && g.order[i] >= 0) acc.orders[slot].add(g.order[i]);
      if (products && !isReturn && products[i] >= 0) acc.products[slot].add(products[i]);
      if (amount < 0) {
        acc.returns[slot] -= amount;
        if (acc.returnOrders.length && g.order[i] >= 0) acc.returnOrders[slot].add(g.order[i]);
      }
      if (customers) {
        const c = customers[i];
        if (c >= 0) {
          acc.customerRevenue[slot] += amount;
          if (acc.revenueByCustomer.length) {
            const spent = acc.revenueByCustomer[slot];
            spent.set(c, (spent.get(c) ?? 0) + amount);
          }
          if (acc.customers.length) acc.customers[slot].add(c);
          if (acc.buyers.length && !isReturn) acc.buyers[slot].add(c);
          if (acc.firstOrders.length && !isReturn && g.order[i] >= 0) countOrder(acc, slot, c, g.order[i]);
        }
      }
    }
  }
}

/** Notes a customer's order in a row: the first is kept, a different one makes them a repeat customer. */
function countOrder(acc: Accumulators, slot: number, customer: number, order: number): void {
  const first = acc.firstOrders[slot].get(customer);
  if (first === undefined) acc.firstOrders[slot].set(customer, order);
  else if (first !== order) acc.repeaters[slot].add(customer);
}

/** Whether each row of a group is in a share's whole (null: every row is). */
function wholeOf(g: SnapshotGroup, within: readonly ResolvedFilter[]): ((i: number) => boolean) | null {
  if (within.length === 0) return null;
  const masks = within.map((f) => ({ codes: g.dims[f.index], mask: f.mask, keepBlank: f.keepBlank }));
  return (i) => masks.every((f) => passesFilter(f, f.codes[i]));
}

/**
 * The grouping parts whose values a share is of each of: those `shareWithin` names ("each
 * region's": Technology's share by region is 34.7% of the West's revenue, not 11.0% of all),
 * and a time unit grouped by when a filter narrows the rows or a second column splits them.
 * "Technology's share of revenue by year" is of each year's revenue (it read 7.6% of four
 * years' where 2018's own share is 36.2%), and "share of revenue by category by year" each
 * category's of its year; "share of revenue by month", with nothing else, each month's of the
 * period, which a month's own whole would make 100% every time.
 */
function sharePartsOf(named: readonly number[], groups: readonly ResolvedGroup[], narrowed: boolean): number[] {
  return groups.flatMap((g, k) => (named.includes(k) || (g.kind === 'time' && (narrowed || groups.length === 2)) ? [k] : []));
}

/**
 * The key of a row's whole (`wholeKey`), read without building an array per row: of the whole
 * period it is the period's, with no values to read.
 */
function wholeOfRowBy(wholeGroups: readonly ResolvedGroup[]): (period: number, g: SnapshotGroup, i: number) => number {
  const valueOf = (gr: ResolvedGroup, g: SnapshotGroup, i: number) =>
    gr.kind === 'time' ? bucketOf(gr.unit, g.day[i]) : g.dims[gr.index][i];
  const [first, second] = wholeGroups;
  if (!first) return (p) => p;
  if (!second) return (p, g, i) => wholeKey(p, [valueOf(first, g, i)]);
  return (p, g, i) => wholeKey(p, [valueOf(first, g, i), valueOf(second, g, i)]);
}

/**
 * Adds each row's `value` (of the share's whole) to the whole of each period it falls in (the
 * whole file without periods). Rows of one whole come in runs (one period, one year), so each
 * run is summed before the map is touched.
 */
function addToWholes(
  g: SnapshotGroup,
  periods: Range[],
  wholeOfRow: (period: number, g: SnapshotGroup, i: number) => number,
  inWhole: ((i: number) => boolean) | null,
  figure: 'revenue' | 'grossProfit',
  wholes: Map<number, number>,
): void {
  // A row's gross profit is its amount less its cost (a row with no cost counts at none).
  const value = figure === 'revenue' ? (i: number) => g.amount[i] : (i: number) => g.amount[i] - (g.cost[i] === g.cost[i] ? g.cost[i] : 0);
  let runKey = NaN;
  let runSum = 0;
  const endRun = () => {
    if (runKey === runKey) wholes.set(runKey, (wholes.get(runKey) ?? 0) + runSum);
  };
  for (let i = 0; i < g.rows; i++) {
    if (inWhole && !inWhole(i)) continue;
    const day = g.day[i];
    for (let p = 0; p < Math.max(1, periods.length); p++) {
      if (periods.length > 0 && (day < periods[p].from || day > periods[p].to)) continue;
      const key = wholeOfRow(p, g, i);
      if (key !== runKey) {
        endRun();
        runKey = key;
        runSum = 0;
      }
      runSum += value(i);
    }
  }
  endRun();
}

/** Each customer with a purchase (a line that is no return) in a whole, once (the whole file without periods). */
function addWholeBuyers(
  g: SnapshotGroup,
  periods: Range[],
  wholeOfRow: (period: number, g: SnapshotGroup, i: number) => number,
  inWhole: ((i: number) => boolean) | null,
  customers: Int32Array,
  wholes: Map<number, Set<number>>,
): void {
  for (let i = 0; i < g.rows; i++) {
    const c = customers[i];
    if (c < 0 || g.returns[i] === 1 || (inWhole && !inWhole(i))) continue;
    const day = g.day[i];
    for (let p = 0; p < Math.max(1, periods.length); p++) {
      if (periods.length > 0 && (day < periods[p].from || day > periods[p].to)) continue;
      const key = wholeOfRow(p, g, i);
      let buyers = wholes.get(key);
      if (!buyers) wholes.set(key, (buyers = new Set()));
      buyers.add(c);
    }
  }
}

/** Upper bound of a grouping part's values + 2 (blank and 0-based offset). */
function cardinalityOf(group: ResolvedGroup): number {
  if (group.kind === 'dimension') return group.dimension.values.length + 2;
  return 2 ** 20; // bucket indexes (weeks since 1970 ≈ 3k, months ≈ 24k) stay far below
}

/** Every customer's first non-return purchase day over the whole file, unfiltered. */
function firstPurchases(g: SnapshotGroup, customerIndex: number, firstDay: Int32Array): Int32Array {
  const codes = g.dims[customerIndex];
  for (let i = 0; i < g.rows; i++) {
    const c = codes[i];
    if (c < 0 || g.returns[i] === 1 || g.day[i] < 0) continue;
    if (g.day[i] < firstDay[c]) firstDay[c] = g.day[i];
  }
  return firstDay;
}

export { bucketLabel };
