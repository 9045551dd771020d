/**
 * A query's answer: a small table (labels, then measure values) plus the resolved spec in
 * words, e.g. "revenue, customer = Northwind Hospitality Group, 2025-01-01 … 2025-12-31".
 *
 * The post-aggregation steps (joining the two periods of a comparison by key, sorting,
 * capping) are written here, about 60 lines over tables of at most a few thousand groups.
 * Measured 2026-11-23: arquero 7 would add 221 KB minified (69 KB gzipped) to the Worker
 * bundle for them, and arquero 8 does not install from the registry here (its
 * `@uwdata/wk-geojson` dependency is missing).
 */
import type { SnapshotMeta } from '../snapshot/columns';
import { NO_PURCHASE, type Accumulators } from './accumulators';
import { epochDay } from '../aggregate/types';
import { bucketLabel, bucketOf } from './buckets';
import { changeNote, comparedWords, unitCoverage, type ChangeFrom, type UnitCoverage } from './change-from';
import { groupWords, type ResolvedGroup } from './resolve';
import {
  chargeLinesNote,
  costlessNote,
  hasRevenueWithoutCustomer,
  newNearStartNote,
  NO_CUSTOMER_ROW_NOTE,
  NO_RETURN_ROW_NOTE,
  ordersOfPurchasesNote,
  PER_CUSTOMER_NOTE,
  returnsOnlyCustomersNote,
  SHARE_MEASURES,
  RETURNS_MEASURES,
  returnsNote,
  shareNote,
} from './result-notes';
import { COST_MEASURES, filterWords, MAX_ROWS, MEASURE_LABELS, NEWNESS_MEASURES, type Measure, type QuerySpec } from './spec';
import { isNoMoney } from '../money';
import { addValue, averagedWords, averageOverNote, averageRows } from './average-over';
import { pluralNoun } from '../render/format';
import { shownWithTie, tieAtCut, tieWords } from './ties';

/** `points`: the change of a percentage ("margin % … change (pts)"), never a percent of it. */
export type CellKind = 'text' | 'money' | 'count' | 'percent' | 'points' | 'number';

export interface QueryColumn {
  label: string;
  kind: CellKind;
}

export interface QueryResult {
  /** How the question was understood, in words. */
  understood: string;
  columns: QueryColumn[];
  rows: (string | number | null)[][];
  /** Result rows before the limit. */
  totalRows: number;
  /**
   * "Showing 50 of 12,345 rows." when capped, and what part of a period the file's rows
   * cover when they don't cover all of it; else null.
   */
  note: string | null;
  /**
   * Customers who stopped buying: how many bought in `period` (filters applied) and what
   * share of them the list is, a churn rate over the two periods; and what they bought in
   * `period` together (`revenue`, net of returns), of all of that period's revenue
   * (`periodRevenue`, rows without a customer included) and as its % (`revenuePercent`, null
   * when the period's revenue is not above 0): the revenue that stopped with them.
   */
  lapsedShare?: { of: number; percent: number; revenue: number; periodRevenue: number; revenuePercent: number | null };
  /**
   * Customers kept (`alsoBoughtIn`): how many bought in `period` (filters applied) and what
   * share of them also bought in `alsoBoughtIn`, a retention rate over the two periods; what
   * they bought together in `period` (`revenue`, and as a % of all of its revenue,
   * `revenuePercent`) and in `alsoBoughtIn` (`otherRevenue`), net of returns.
   */
  keptShare?: { of: number; percent: number; revenue: number; periodRevenue: number; revenuePercent: number | null; otherRevenue: number };
  /**
   * Customers who never bought the `neverBought` values: how many bought in the rows kept
   * (filters and period applied, in words in `rows`) and what share of them the list is; what
   * they bought there together (`revenue`), of all of it (`periodRevenue`, as `revenuePercent`).
   */
  withoutShare?: { of: number; percent: number; revenue: number; periodRevenue: number; revenuePercent: number | null; rows: string };
  /**
   * Customers who bought every `boughtAll` value: how many bought any of them (`of`, filters
   * and period applied, in words in `rows`) and what share of them the list is; how many
   * bought each value and the list's share of those (`each`); what the list bought of the
   * values together (`revenue`), of all of it (`periodRevenue`, as `revenuePercent`).
   */
  everyShare?: {
    of: number;
    percent: number;
    each: { value: string; customers: number; percent: number }[];
    revenue: number;
    periodRevenue: number;
    revenuePercent: number | null;
    rows: string;
  };
  /** A row, shown or not, holds the rows with no value of a grouping ("(blank)"): no value to count. */
  blankRow?: true;
  /**
   * With `having`: the sums the rows it kept hold together, shown or not, for the measures
   * that add up across them ("How much revenue came from customers with at most 2 orders?").
   */
  keptTotals?: { measure: Measure; kind: CellKind; value: number }[];
  /**
   * A ranking cut short ("top 10 customers"): what the rows shown hold together, for the
   * measures that add up across them, and their margin together when the margin is asked
   * ("What's the total revenue of our top 5 products?" got five rows and no sum).
   */
  shownTotals?: { measure: Measure; kind: CellKind; value: number | null }[];
  /** With `having.than`: the average the rows were set against (none without rows to average). */
  havingAverage?: number;
  /** With `having`: how many rows it left out, when it left out any ("a country with only returns"). */
  leftOutByHaving?: number;
  /**
   * A ranking of more rows than are shown ("the top 100 customers"): how many rows it holds,
   * its tie at the last place included. `shownTotals` and the share note are of these rows.
   */
  rankedRows?: number;
}

const KIND: Record<Measure, CellKind> = {
  revenue: 'money',
  grossProfit: 'money',
  cost: 'money',
  marginPct: 'percent',
  orders: 'count',
  customers: 'count',
  units: 'number',
  averageOrderValue: 'money',
  revenuePerCustomer: 'money',
  newCustomers: 'count',
  returningCustomers: 'count',
  newCustomerRevenue: 'money',
  returningCustomerRevenue: 'money',
  returns: 'money',
  returnOrders: 'count',
  grossRevenue: 'money',
  revenueShare: 'percent',
  profitShare: 'percent',
  customerShare: 'percent',
  repeatCustomers: 'count',
  oneTimeCustomers: 'count',
  repeatRate: 'percent',
  products: 'count',
  averagePrice: 'money',
};

/** Whether a measure is an amount of money (revenue, profit, prices), not a count or a share. */
export function isMoneyMeasure(measure: Measure): boolean {
  return KIND[measure] === 'money';
}

/** Measures that are a ratio: with no rows they have no value, not 0. */
const RATIOS = new Set<Measure>(['marginPct', 'averageOrderValue', 'revenuePerCustomer', 'averagePrice', 'repeatRate']);

/**
 * The customers of `period` who did not buy in the other period (lapsed) or did (kept), the
 * customers of the rows kept who never bought the `neverBought` values (without), or those
 * who bought every one of the `boughtAll` values (every), or in every unit of the period
 * (everyUnit, whose share is told as `withoutShare` is): customer-lists.ts.
 */
interface CustomerList {
  kind: 'lapsed' | 'kept' | 'without' | 'every' | 'everyUnit';
  customers: number[];
  /** Each customer's revenue in `period` (every: of all the values together). */
  revenue: Float64Array;
  /** Kept: each customer's revenue in the other period. */
  otherRevenue?: Float64Array;
  /** Every: each customer's revenue of each value, and how many customers bought each. */
  byValue?: Float64Array[];
  buyersOfEach?: number[];
  /** The column whose values are listed: the customers, or (two periods) the products or another column's values. */
  listedIndex: number;
  /** Customers who bought in `period` (every: any of the values), listed or not. */
  bought: number;
  /** All the revenue of `period` (every: of the values) with the filters applied, rows without a customer included. */
  periodRevenue: number;
}

/** Builds the result table and its description. */
export function resultOf(
  spec: QuerySpec,
  meta: SnapshotMeta,
  groups: ResolvedGroup[],
  acc: Accumulators | null,
  firstDay: Int32Array | null,
  compare: boolean,
  options: {
    /** With `per`: the months (or other units) each period spans, which its figures are divided by. */
    perUnits?: number[];
    /** With `changeFrom`: the units compared; period 1 of the accumulators is its lead-in. */
    change?: ChangeFrom;
    customerList?: CustomerList;
    /** With `compareTo`: the measures whose change is not told (the periods are unequally covered). */
    noChange?: ReadonlySet<Measure>;
    /** With `averageOver`: its column, grouped by after `groups` in the accumulators. */
    averagedOver?: Extract<ResolvedGroup, { kind: 'dimension' }>;
  } = {},
): QueryResult {
  const { perUnits, change, customerList, noChange, averagedOver } = options;
  // An average has no value without values to average, as a ratio has none without rows.
  const hasNoValueWithoutRows = (m: Measure) => RATIOS.has(m) || averagedOver !== undefined;
  const over = averagedOver ? groups.length : -1;
  let overBlank = false;
  const ofEach = acc?.shareParts.map((k) => groupWords(groups[k])) ?? [];
  const understood = describe(spec, meta, groups, undefined, ofEach);
  if (customerList?.kind === 'every') return everyValueResult(understood, spec, meta, customerList);
  if (customerList) return customerListResult(understood, spec, meta, customerList);
  const a = acc as Accumulators;
  const value = (m: Measure, s: number): number | null => measureOf(m, s, a, firstDay);
  const labelOf = (s: number): string[] =>
    groups.map((g, k) => {
      const part = a.parts[s * 3 + k];
      if (g.kind === 'time') return bucketLabel(g.unit, part);
      return part < 0 ? '(blank)' : g.dimension.values[part];
    });
  const columns: QueryColumn[] = groups.map((g) => ({ label: g.kind === 'time' ? g.unit : g.dimension.label, kind: 'text' }));
  const byKey = new Map<string, TableRow>();
  // Rows without a customer are nobody's: grouped by customer they are no row of their own
  // ("top 3 customers" once put "(blank)" first on Online Retail), and the note says so.
  const customerParts = groups.flatMap((g, k) => (g.kind === 'dimension' && g.dimension.key === 'customer' ? [k] : []));
  let withoutCustomer = false;
  for (let s = 0; s < a.count; s++) {
    if (customerParts.some((k) => a.parts[s * 3 + k] < 0)) {
      withoutCustomer = true;
      continue;
    }
    // Rows without a value averaged over are no value's.
    if (over >= 0 && a.parts[s * 3 + over] < 0) {
      overBlank = true;
      continue;
    }
    const labels = labelOf(s);
    const id = [...groups.map((_, k) => a.parts[s * 3 + k])].join('\u0000');
    const period = a.parts[s * 3 + 2];
    let row = byKey.get(id);
    if (!row) {
      row = { labels, sortKeys: [], cells: [], order: groups.map((_, k) => a.parts[s * 3 + k]) };
      byKey.set(id, row);
    }
    if (over >= 0) {
      // A value with only returns keeps them in the sum (as revenue per customer keeps a
      // returns-only customer's credits) but is not one of the values it is divided by.
      addValue(
        row,
        spec.measures.map((m) => value(m, s)),
        period,
        a.purchases[s] > 0,
      );
      continue;
    }
    // A ranking's margin together is its rows' profit over their revenue, shown or not.
    if (period === 0) row.money = [a.revenue[s], a.cost[s]];
    for (const [i, m] of spec.measures.entries()) {
      const figure = value(m, s);
      row.cells[i * 2 + period] = perUnits && figure !== null ? figure / perUnits[period] : figure;
    }
  }
  if (over >= 0) averageRows(byKey.values());
  if (!compare) fillEmptyBuckets(byKey, spec, meta, groups, hasNoValueWithoutRows);
  const changeNoteText = change ? setAgainstEarlierUnits(byKey, groups, change, meta) : null;
  for (const [i, m] of spec.measures.entries()) {
    const label = measureWords(m, spec);
    // 23.97 orders a week, not 24: an average of counts keeps its decimals.
    const kind = (spec.per || averagedOver) && KIND[m] === 'count' ? 'number' : KIND[m];
    // A margin from 29.7% to 29.8% changed by 0.1 points: written "0.1%", it read as a percent change.
    const changed = kind === 'percent' ? { unit: ' (pts)', kind: 'points' as const } : { unit: '', kind };
    if (change)
      columns.push(
        { label, kind },
        { label: `change from ${comparedWords(change.unit, change.lag !== 1)}${changed.unit}`, kind: changed.kind },
        { label: '% change', kind: 'percent' },
      );
    else if (!compare) columns.push({ label, kind });
    else
      columns.push(
        { label: `${label} ${spec.period?.from} … ${spec.period?.to}`, kind },
        { label: `${label} ${spec.compareTo?.from} … ${spec.compareTo?.to}`, kind },
        { label: `change${changed.unit}`, kind: changed.kind },
        { label: '% change', kind: 'percent' },
      );
    void i;
  }
  const sortBy = spec.measures.indexOf(spec.sort?.by ?? spec.measures[0]);
  const timeFirst = groups[0]?.kind === 'time' && !spec.sort;
  const desc = (spec.sort?.direction ?? 'desc') === 'desc';
  const byChange = (compare || change) && spec.sort?.on !== 'value' ? (spec.sort?.on ?? null) : null;
  // "Customers with the fewest returns" once listed every customer who returned nothing.
  const returnsRanked = RETURNS_MEASURES.has(spec.measures[sortBy]) && groups.some((g) => g.kind === 'dimension');
  const listed = [...byKey.values()].filter((r) => !returnsRanked || (r.cells[sortBy * 2] ?? 0) > 0 || (r.cells[sortBy * 2 + 1] ?? 0) > 0);
  const withoutReturn = byKey.size - listed.length;
  // "Customers who spend above average": the bound is the average of the rows listed.
  const average = spec.having?.than === 'average' ? averageOf(spec.having.measure, spec.measures, listed) : undefined;
  // With no rows to average (null) no row passes a bound of NaN.
  const bounded =
    average === undefined
      ? spec
      : { ...spec, having: { ...(spec.having as NonNullable<QuerySpec['having']>), value: average ?? Number.NaN } };
  const rows = spec.having ? listed.filter((r) => passes(bounded, r)) : listed;
  const sortRatio = hasNoValueWithoutRows(spec.measures[sortBy]);
  const sortMoney = KIND[spec.measures[sortBy]] === 'money';
  rows.sort((x, y) => {
    if (timeFirst) return x.order[0] - y.order[0] || (x.order[1] ?? 0) - (y.order[1] ?? 0);
    const vx = byChange ? sortedChangeOf(x, sortBy, sortRatio, byChange, sortMoney) : x.cells[sortBy * 2];
    const vy = byChange ? sortedChangeOf(y, sortBy, sortRatio, byChange, sortMoney) : y.cells[sortBy * 2];
    return compareFigures(vx ?? null, vy ?? null, desc) || x.labels.join().localeCompare(y.labels.join());
  });
  const table = rows.map((r) => {
    const out: (string | number | null)[] = [...r.labels];
    for (const [i, m] of spec.measures.entries()) {
      const ratio = hasNoValueWithoutRows(m);
      // A sum missing in a period is 0 there; a ratio (margin %, average order value) has no value.
      const va = r.cells[i * 2] ?? (compare && !ratio ? 0 : null);
      const vb = r.cells[i * 2 + 1] ?? (ratio ? null : 0);
      const difference = noChange?.has(m) ? null : changeOf(r, i, ratio);
      const money = KIND[m] === 'money';
      if (change) out.push(va, difference, percentOf(difference, vb, money));
      else if (!compare) out.push(va);
      else out.push(va, vb, difference, percentOf(difference, vb, money));
    }
    return out;
  });
  if (table.length === 0 && groups.length === 0 && !spec.having)
    table.push(
      spec.measures.flatMap((m) =>
        compare
          ? hasNoValueWithoutRows(m)
            ? [null, null, null, null]
            : [0, 0, noChange?.has(m) ? null : 0, null]
          : [hasNoValueWithoutRows(m) ? null : 0],
      ),
    );
  // A chronological list has no places to tie for.
  const figureAt = timeFirst
    ? undefined
    : (k: number) => (byChange ? sortedChangeOf(rows[k], sortBy, sortRatio, byChange, sortMoney) : (rows[k].cells[sortBy * 2] ?? null));
  const result = capped(
    average === undefined ? understood : describe(spec, meta, groups, average ?? undefined, ofEach),
    columns,
    table,
    spec.limit,
    figureAt,
  );
  // A loss kept by `having` names its rows of net returns itself.
  const lossNote = spec.having && !compare && !change ? netReturnsLossNote(spec.having, rows, rowNouns(columns)) : null;
  const notes = [
    result.note,
    withoutCustomer ? NO_CUSTOMER_ROW_NOTE : null,
    spec.measures.includes('revenuePerCustomer') && hasRevenueWithoutCustomer(a) ? PER_CUSTOMER_NOTE : null,
    spec.measures.includes('customers') || spec.measures.includes('revenuePerCustomer')
      ? returnsOnlyCustomersNote(a, spec.measures.includes('revenuePerCustomer'))
      : null,
    spec.measures.some((m) => RETURNS_MEASURES.has(m) || m === 'grossRevenue') ? returnsNote(a) : null,
    spec.measures.includes('orders') && !spec.measures.includes('returnOrders') ? ordersOfPurchasesNote(a) : null,
    spec.measures.some((m) => COST_MEASURES.has(m)) ? costlessNote(a) : null,
    withoutReturn > 0 ? NO_RETURN_ROW_NOTE : null,
    changeNoteText,
    averagedOver
      ? averageOverNote(averagedOver, [...byKey.values()], {
          compared: compare,
          blankLeftOut: overBlank,
          returns: (meta.returnLines ?? 0) > 0,
        })
      : null,
    ...SHARE_MEASURES.filter((share) => spec.measures.includes(share)).map((share) =>
      shareNote(share, spec, groups, compare, result, {
        share: shareHeldBy(rows.slice(0, result.rankedRows ?? result.rows.length), spec.measures.indexOf(share)),
        nouns: rowNouns(columns),
        lossWhole: share === 'profitShare' ? [...a.wholeProfit.values()].find((whole) => whole < 0 && !isNoMoney(whole)) : undefined,
        ofEach,
      }),
    ),
    spec.measures.some((m) => NEWNESS_MEASURES.has(m)) ? newNearStartNote(meta, a) : null,
    !compare && !change && !spec.having && !spec.per && !averagedOver
      ? customersInSeveralRowsNote(spec, groups, a, firstDay, columns)
      : null,
    chargeLinesNote(groups, result),
    lossNote,
    spec.measures.includes('marginPct') && !compare && !change
      ? returnsCostNote(rows.slice(0, result.rows.length), rowNouns(columns), lossNote === null)
      : null,
  ].filter(Boolean);
  const blank = rows.some((r) => r.order.some((part, k) => groups[k].kind === 'dimension' && part < 0));
  const kept = spec.having && !compare && !change && rows.length > 1 ? keptTotalsOf(spec.measures, groups, rows) : [];
  // Averages don't add up across rows: the rows shown hold no sum.
  const cutShort =
    !spec.having && !compare && !change && !spec.per && !averagedOver && result.rows.length > 1 && result.rows.length < result.totalRows;
  // "The top 100 customers" are summed whole, though 50 of them are shown.
  const shown = cutShort ? shownTotalsOf(spec, groups, rows.slice(0, result.rankedRows ?? result.rows.length)) : [];
  const withShown = shown.length > 0 ? { ...result, shownTotals: shown } : result;
  const withKept = kept.length > 0 ? { ...withShown, keptTotals: kept } : withShown;
  const withAverage = typeof average === 'number' ? { ...withKept, havingAverage: average } : withKept;
  const leftOut = listed.length - rows.length;
  const withLeftOut = spec.having && leftOut > 0 ? { ...withAverage, leftOutByHaving: leftOut } : withAverage;
  const withBlank = blank ? { ...withLeftOut, blankRow: true as const } : withLeftOut;
  return notes.length > 0 ? { ...withBlank, note: notes.join(' ') } : withBlank;
}

/**
 * "Where are we losing money?" on the B2B file listed 9 products with a gross profit below 0
 * at margins of 15.7% to 43.9%: each had more credited back than sold in the rows, so its
 * revenue and profit are both below 0; and "Which customers had a negative margin?" one whose
 * profit was above 0 over a revenue below 0. A loss kept by `having` says which of its rows
 * are such net returns.
 */
function netReturnsLossNote(having: NonNullable<QuerySpec['having']>, rows: readonly TableRow[], nouns: string): string | null {
  const loss = (having.measure === 'grossProfit' || having.measure === 'marginPct') && having.op === '<' && having.value === 0;
  const returned = loss ? rows.filter((r) => (r.money?.[0] ?? 0) < 0) : [];
  if (returned.length === 0) return null;
  const lost = returned.filter((r) => r.money && r.money[0] - r.money[1] < 0).length;
  const gained = returned.length - lost;
  const of = (n: number) => whichOf(n, rows.length, nouns);
  const sentences = [];
  if (lost > 0)
    sentences.push(
      `${of(lost)} net returns (revenue below 0): more was credited back than sold in these rows, so the loss is the returns', not sales below cost.`,
    );
  if (gained > 0)
    sentences.push(
      `${of(gained)} net returns (revenue below 0) with a gross profit above 0: a margin over a revenue below 0 turns its sign, so it is no loss.`,
    );
  return sentences.join(' ');
}

/**
 * "Who are our top 3 suppliers by margin?" put one customer and supplier first at 209.1%: its
 * returns carried more cost than its purchases in the rows, so its net cost was below 0 and
 * its margin above 100%, which no sale earns. Rows shown with a margin so made are named.
 */
function returnsCostNote(shown: readonly TableRow[], nouns: string, namesNetReturns: boolean): string | null {
  const overWhole = shown.filter((r) => r.money && r.money[0] > 0 && r.money[1] < 0 && !isNoMoney(r.money[1])).length;
  // The generated file's 2025 (three days, returns only) read "margin 26.6%" of −24,347.01.
  const ofReturns = namesNetReturns ? shown.filter((r) => r.money && r.money[0] < 0 && !isNoMoney(r.money[0])).length : 0;
  const notes = [
    overWhole > 0
      ? `${whichOf(overWhole, shown.length, nouns)} a margin above 100%: returns in these rows carried more cost than the purchases, so the net cost is below 0; the margin is the returns', not what sales earn.`
      : null,
    ofReturns > 0
      ? `${whichOf(ofReturns, shown.length, nouns)} revenue below 0, more returned than sold: the margin is the returns', not what sales earn.`
      : null,
  ].filter(Boolean);
  return notes.length > 0 ? notes.join(' ') : null;
}

/** Counts of customers whose rows overlap: one who bought in several rows counts in each. */
const COUNTED_CUSTOMERS = ['customers', 'newCustomers', 'returningCustomers'] as const;

/**
 * "New customers in 2021 by region" on Superstore read East 5, West 5, South 4, Central 3,
 * 17 in all where 11 customers were new: a customer who bought in several regions counts in
 * each. Said when the rows add up to more customers than they hold (not of time units, where
 * a customer counted in each month is plainly so).
 */
function customersInSeveralRowsNote(
  spec: QuerySpec,
  groups: readonly ResolvedGroup[],
  a: Accumulators,
  firstDay: Int32Array | null,
  columns: readonly QueryColumn[],
): string | null {
  const measure = COUNTED_CUSTOMERS.find((m) => spec.measures.includes(m));
  if (!measure || a.buyers.length === 0 || !groups.some((g) => g.kind === 'dimension' && g.dimension.key !== 'customer')) return null;
  if (groups.some((g) => g.kind === 'time')) return null;
  let sum = 0;
  const all = new Set<number>();
  for (let s = 0; s < a.count; s++)
    for (const c of a.buyers[s]) {
      const fresh = measure === 'customers' || (firstDay !== null && firstDay[c] >= a.periodStart[s]);
      if (measure !== 'customers' && fresh !== (measure === 'newCustomers')) continue;
      sum++;
      all.add(c);
    }
  if (sum <= all.size) return null;
  const nouns = rowNouns(columns);
  return `A customer in several ${nouns} counts in each: the ${nouns} add up to ${sum.toLocaleString('en-US')} ${MEASURE_LABELS[measure]}, ${all.size.toLocaleString('en-US')} in all.`;
}

/** "It has", "All 3 have", "2 of these quarters have". */
function whichOf(count: number, shown: number, nouns: string): string {
  if (count === shown) return count === 1 ? 'It has' : `All ${count} have`;
  return `${count} of these ${nouns} ${count === 1 ? 'has' : 'have'}`;
}

/**
 * Figures whose sum over the rows is the figure of those rows together: each row's revenue,
 * profit, units and returns are its own. Orders and customers are not (an order holds lines
 * of several products, a customer buys in several months), nor are ratios.
 */
const ADDING_UP = new Set<Measure>([
  'revenue',
  'grossProfit',
  'cost',
  'units',
  'returns',
  'grossRevenue',
  'newCustomerRevenue',
  'returningCustomerRevenue',
]);

function keptTotalsOf(
  measures: readonly Measure[],
  groups: readonly ResolvedGroup[],
  rows: readonly TableRow[],
): NonNullable<QueryResult['keptTotals']> {
  const byCustomer = groups.length === 1 && groups[0].kind === 'dimension' && groups[0].dimension.key === 'customer';
  return measures.flatMap((measure, i) => {
    if (ADDING_UP.has(measure)) return [{ measure, kind: KIND[measure], value: rows.reduce((sum, r) => sum + (r.cells[i * 2] ?? 0), 0) }];
    // "Revenue per customer for customers with more than 10 orders" listed the 49: a row is one
    // customer, so theirs together is the mean of the rows (those with a purchase).
    // "The average order value for customers with more than 5 orders": their revenue over their
    // orders, each row's average weighed by its orders, when the orders are a figure beside it.
    const orders = measures.indexOf('orders');
    if (measure === 'averageOrderValue' && byCustomer && orders >= 0) {
      const [revenue, count] = rows.reduce(
        ([r, n], row) => [r + (row.cells[i * 2] ?? 0) * (row.cells[orders * 2] ?? 0), n + (row.cells[orders * 2] ?? 0)],
        [0, 0],
      );
      return count > 0 ? [{ measure, kind: KIND[measure], value: revenue / count }] : [];
    }
    if (measure === 'revenuePerCustomer' && byCustomer) {
      const values = rows.map((r) => r.cells[i * 2]).filter((v): v is number => typeof v === 'number');
      return values.length > 0 ? [{ measure, kind: KIND[measure], value: values.reduce((sum, v) => sum + v, 0) / values.length }] : [];
    }
    return [];
  });
}

/**
 * The sums of the rows a ranking shows, for the measures that add up across them: orders
 * too when the rows are customers (an order is one customer's), and, when the margin is
 * asked, their gross profit over their revenue. A share has its own note.
 */
function shownTotalsOf(
  spec: QuerySpec,
  groups: readonly ResolvedGroup[],
  shown: readonly TableRow[],
): NonNullable<QueryResult['shownTotals']> {
  if (SHARE_MEASURES.some((share) => spec.measures.includes(share)) || groups.length === 0) return [];
  const byCustomer = groups.length === 1 && groups[0].kind === 'dimension' && groups[0].dimension.key === 'customer';
  const sumOf = (i: number): number => shown.reduce((sum, r) => sum + (r.cells[i * 2] ?? 0), 0);
  const sums = spec.measures.flatMap((measure, i) =>
    ADDING_UP.has(measure) || (byCustomer && measure === 'orders')
      ? [{ measure, kind: KIND[measure], value: sumOf(i) as number | null }]
      : [],
  );
  if (spec.measures.includes('marginPct')) sums.push({ measure: 'marginPct', kind: 'percent', value: marginOfRows(shown) });
  return sums;
}

/** The margin of several rows together: their gross profit over their revenue (none without revenue). */
function marginOfRows(rows: readonly TableRow[]): number | null {
  const revenue = rows.reduce((sum, r) => sum + (r.money?.[0] ?? 0), 0);
  const profit = rows.reduce((sum, r) => sum + (r.money ? r.money[0] - r.money[1] : 0), 0);
  return isNoMoney(revenue) ? null : (profit / revenue) * 100;
}

type TableRow = {
  labels: string[];
  sortKeys: (number | null)[];
  /** Per measure i: period A's figure at 2i, period B's (or, with `changeFrom`, the earlier unit's) at 2i + 1. */
  cells: (number | null)[];
  order: number[];
  /** With `changeFrom`: false when the earlier unit is not in the file's rows or either is partly covered. */
  comparable?: boolean;
  /** Period A's revenue and cost, which a margin of several rows together is of. */
  money?: [revenue: number, cost: number];
  /** With `averageOver`: per period, the values whose figures the row averages. */
  counted?: number[];
};

/**
 * With `changeFrom`: gives each row of the units asked for its earlier unit's figures (a
 * unit or value without rows there counts 0, a ratio has none), marks the rows whose change
 * can't be told, and drops the lead-in's rows. Returns the note on the units without a change.
 */
function setAgainstEarlierUnits(
  byKey: Map<string, TableRow>,
  groups: ResolvedGroup[],
  change: ChangeFrom,
  meta: SnapshotMeta,
): string | null {
  const t = groups.findIndex((g) => g.kind === 'time');
  const missing: number[] = [];
  const partial: number[] = [];
  const notWhole = new Map<number, UnitCoverage>();
  const leadIn = [...byKey].filter(([, row]) => row.order[t] < change.firstBucket);
  for (const row of byKey.values()) {
    const bucket = row.order[t];
    if (bucket < change.firstBucket) continue;
    const earlier = row.order.map((part, k) => (k === t ? part - change.lag : part));
    const before = byKey.get(earlier.join('\u0000'));
    // A lead-in row holds its figures as period 1's.
    const offset = bucket - change.lag < change.firstBucket ? 1 : 0;
    for (let c = 0; c < row.cells.length; c += 2) row.cells[c + 1] = before?.cells[c + offset] ?? null;
    const [now, then] = [unitCoverage(meta, change, bucket), unitCoverage(meta, change, bucket - change.lag)];
    row.comparable = now.state === 'whole' && then.state === 'whole';
    if (then.state === 'none') missing.push(bucket);
    else if (!row.comparable) partial.push(bucket);
    for (const [b, c] of [
      [bucket, now],
      [bucket - change.lag, then],
    ] as const)
      if (c.state === 'part') notWhole.set(b, c);
  }
  for (const [id] of leadIn) byKey.delete(id);
  return changeNote(change, meta, missing, partial, notWhole);
}

/**
 * "Monthly sales of Xerox 1967" listed the 5 months it sold in, and its chart drew one line
 * from July 2018 to September 2019: a series over one time unit has every bucket of its
 * span (the period cut to the file's first and last row), a bucket without rows 0 (a ratio
 * has no value there).
 */
function fillEmptyBuckets(
  byKey: Map<string, TableRow>,
  spec: QuerySpec,
  meta: SnapshotMeta,
  groups: ResolvedGroup[],
  hasNoValueWithoutRows: (m: Measure) => boolean,
): void {
  const [only] = groups;
  if (groups.length !== 1 || only.kind !== 'time' || !meta.hasDates || meta.firstDay < 0) return;
  const from = Math.max(spec.period ? epochDay(spec.period.from) : meta.firstDay, meta.firstDay);
  const to = Math.min(spec.period ? epochDay(spec.period.to) : meta.lastDay, meta.lastDay);
  if (from > to) return;
  for (let bucket = bucketOf(only.unit, from); bucket <= bucketOf(only.unit, to); bucket++) {
    if (byKey.has(String(bucket))) continue;
    const cells = spec.measures.flatMap((m) => [hasNoValueWithoutRows(m) ? null : 0, null]);
    byKey.set(String(bucket), { labels: [bucketLabel(only.unit, bucket)], sortKeys: [], cells, order: [bucket] });
  }
}

/** Whether a row's figure passes the `having` comparison (a row without the figure does not). */
function passes(spec: QuerySpec, row: TableRow): boolean {
  const having = spec.having as NonNullable<QuerySpec['having']>;
  const value = havingFigureOf(having, spec.measures, row);
  if (value === null) return false;
  const side = sideOf(value, having.value);
  if (having.op === '>') return side > 0;
  if (having.op === '>=') return side >= 0;
  if (having.op === '<') return side < 0;
  if (having.op === '=') return side === 0;
  if (having.op === 'between') return side >= 0 && sideOf(value, having.upTo as number) <= 0;
  return side <= 0;
}

/**
 * Which side of the bound a figure is on, 0 when it is the bound up to the last bits of a
 * division: Superstore has products whose margin is exactly 10%, computed as
 * 9.999999999999998 or 10.000000000000002 by the order of the sums, and "margin between
 * 10% and 20%" kept some of them and not others.
 */
function sideOf(value: number, bound: number): number {
  const difference = value - bound;
  return Math.abs(difference) <= 1e-9 * Math.max(1, Math.abs(bound)) ? 0 : Math.sign(difference);
}

/**
 * The figure `having` compares: the value, its change, or that change as a percentage of
 * period B's figure, which must be above 0. On the generated file "doubled their spend" kept
 * customers from −50,208.02 (net returns) to 0: "+100%", measured against a negative figure.
 */
function havingFigureOf(having: NonNullable<QuerySpec['having']>, measures: readonly Measure[], row: TableRow): number | null {
  const i = measures.indexOf(having.measure);
  const ratio = RATIOS.has(having.measure);
  if (having.on === 'change') return changeOf(row, i, ratio);
  if (having.on === 'percentChange') {
    const before = row.cells[i * 2 + 1] ?? null;
    return before !== null && before > 0 ? percentOf(changeOf(row, i, ratio), before, KIND[having.measure] === 'money') : null;
  }
  return row.cells[i * 2] ?? null;
}

/** Whether `having` keeps the customers a count of customers by their orders is of (> 0 of one order, of 2+ orders). */
function keepsCountedCustomers(having: NonNullable<QuerySpec['having']>): boolean {
  return (having.measure === 'oneTimeCustomers' || having.measure === 'repeatCustomers') && having.op === '>' && having.value === 0;
}

/** The `having` comparison in words: "gross profit < 0"; "with one order" for the customers counted by orders. */
export function havingWords(written: HavingWritten, average?: number): string {
  const having = { ...written, value: written.value ?? 0 };
  if (having.than === 'average')
    return `${MEASURE_LABELS[having.measure]} ${opWords(having.op)} the average${averageWords(having.measure, average)}`;
  if (keepsCountedCustomers(having)) return MEASURE_LABELS[having.measure];
  if (having.measure === 'newCustomers' && having.op === '>' && having.value === 0) return 'customers with their first order';
  if (having.measure === 'returningCustomers' && having.op === '>' && having.value === 0) return 'customers who had bought before';
  if (having.measure === 'products' && having.op === '=' && having.value === 1) return 'one product';
  if (having.measure === 'customers' && having.op === '=' && having.value === 1) return 'one customer';
  const label = MEASURE_LABELS[having.measure];
  const amount = Math.abs(having.value).toLocaleString('en-US');
  if (having.op === 'between') {
    const of = having.on === 'change' ? ' change' : having.on === 'percentChange' ? ' % change' : '';
    return `${label}${of} between ${having.value.toLocaleString('en-US')} and ${(having.upTo as number).toLocaleString('en-US')}`;
  }
  if (having.on === 'percentChange' && having.op === '>=' && having.value > 0) return `${label} up ${amount}% or more`;
  if (having.on === 'percentChange' && having.op === '<=' && having.value < 0) return `${label} down ${amount}% or more`;
  if (having.on === 'percentChange') return `${label} % change ${opWords(having.op)} ${having.value.toLocaleString('en-US')}`;
  if (having.on === 'change' && having.value === 0 && (having.op === '<' || having.op === '>'))
    return `${label} ${having.op === '<' ? 'down' : 'up'}`;
  return `${label}${having.on === 'change' ? ' change' : ''} ${opWords(having.op)} ${having.value.toLocaleString('en-US')}`;
}

/** A `having` as a spec's input or output writes it: the value may be left out (`than`). */
export type HavingWritten = Omit<NonNullable<QuerySpec['having']>, 'value'> & { value?: number };

function opWords(op: NonNullable<QuerySpec['having']>['op']): string {
  return op.replace('>=', '≥').replace('<=', '≤');
}

/** " (2,896.85)", " (12.5%)": the average a row was set against, once the rows are known. */
function averageWords(measure: Measure, average: number | undefined): string {
  if (average === undefined) return '';
  const figure = average.toLocaleString('en-US', { maximumFractionDigits: KIND[measure] === 'percent' ? 1 : 2 });
  return ` (${figure}${KIND[measure] === 'percent' ? '%' : ''})`;
}

/**
 * The average `than: "average"` sets each row against: the mean of the rows' figure, or,
 * for the margin, their gross profit over their revenue together (a product's margin above
 * the margin of all of them, not above the mean of 1,800 margins). Null without rows.
 */
function averageOf(measure: Measure, measures: readonly Measure[], rows: readonly TableRow[]): number | null {
  if (measure === 'marginPct') return marginOfRows(rows);
  const i = measures.indexOf(measure);
  const figures = rows.map((r) => r.cells[i * 2]).filter((v): v is number => v !== null && v !== undefined);
  return figures.length > 0 ? figures.reduce((sum, v) => sum + v, 0) / figures.length : null;
}

/** Two rows' figures in the sort's direction; a row without the figure (no margin without revenue) comes last either way. */
function compareFigures(x: number | null, y: number | null, desc: boolean): number {
  if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
  return desc ? y - x : x - y;
}

/** How a ranking by change says what it ranks: "top 3 by % change in revenue". */
const CHANGE_WORDS = { value: '', change: 'change in ', percentChange: '% change in ' } as const;

/**
 * The change a ranking sorts by: the change itself, or as a % of an earlier figure above 0
 * (from nothing or from net returns nothing grows "fastest"; those rows come last).
 */
function sortedChangeOf(row: TableRow, i: number, ratio: boolean, on: 'change' | 'percentChange', money: boolean): number | null {
  const difference = changeOf(row, i, ratio);
  if (on === 'change') return difference;
  const before = row.cells[i * 2 + 1] ?? null;
  return before !== null && before > 0 ? percentOf(difference, before, money) : null;
}

/**
 * A change as a percentage of the earlier figure; none from nothing (a figure of 0 or none, or
 * the noise of lines that cancel out: a B2B clamp's 2023 revenue of 9.09e-13, three lines netting
 * to zero, made its 2024 fall −817,535,273,763,078,100.0%).
 */
function percentOf(change: number | null, before: number | null, money: boolean): number | null {
  if (change === null || before === null) return null;
  // Money to the half cent; counts, units and ratios only to floating-point noise (0.004 kg is some).
  const nothing = money ? isNoMoney(before) : Math.abs(before) < 1e-9;
  return nothing ? null : (change / Math.abs(before)) * 100;
}

/**
 * A row's change from period B (or the earlier unit) to period A in measure `i`: a sum
 * missing in a period counts 0 there; a ratio missing in either has no change ("margin %
 * down" listed products that sold nothing this year, their margin read as 0%); a row whose
 * earlier unit can't be compared has none.
 */
function changeOf(row: TableRow, i: number, ratio: boolean): number | null {
  if (row.comparable === false) return null;
  const [a, b] = [row.cells[i * 2] ?? null, row.cells[i * 2 + 1] ?? null];
  if (ratio) return a === null || b === null ? null : a - b;
  return (a ?? 0) - (b ?? 0);
}

/**
 * The customers who stopped buying, who were kept, or who never bought some values, each with
 * what they bought in the period(s), and their share; or, for two periods, another column's
 * values ("products bought in 2023 but not in 2024").
 */
function customerListResult(understood: string, spec: QuerySpec, meta: SnapshotMeta, listed: CustomerList): QueryResult {
  const names = meta.dimensions[listed.listedIndex].values;
  const kept = listed.kind === 'kept';
  const rows = listed.customers
    .map((c) => (kept && listed.otherRevenue ? [names[c], listed.revenue[c], listed.otherRevenue[c]] : [names[c], listed.revenue[c]]))
    .sort((x, y) => (y[1] as number) - (x[1] as number) || (x[0] as string).localeCompare(y[0] as string));
  const revenueIn = (range: QuerySpec['period']): QueryColumn => ({
    label: range ? `revenue ${range.from} … ${range.to}` : 'revenue',
    kind: 'money',
  });
  const columns: QueryColumn[] = [{ label: meta.dimensions[listed.listedIndex].label, kind: 'text' }, revenueIn(spec.period)];
  if (kept) columns.push(revenueIn(spec.alsoBoughtIn));
  const result = capped(understood, columns, rows, spec.limit, (k) => rows[k][1] as number);
  if (listed.bought === 0) return result;
  const sum = (column: number) => rows.reduce((total, row) => total + (row[column] as number), 0);
  const revenue = sum(1);
  const percent = (listed.customers.length / listed.bought) * 100;
  const { periodRevenue } = listed;
  const revenuePercent = periodRevenue > 0 ? (revenue / periodRevenue) * 100 : null;
  const share = { of: listed.bought, percent, revenue, periodRevenue, revenuePercent };
  if (kept) return { ...result, keptShare: { ...share, otherRevenue: sum(2) } };
  if (listed.kind === 'lapsed') return { ...result, lapsedShare: share };
  // "category = Hydraulics in 2024-01-01 … 2024-12-31", "anything in …": what the customers counted bought.
  const period = spec.period ? `in ${spec.period.from} … ${spec.period.to}` : '';
  const rowWords = [filtersInWords(spec, meta).join(', ') || 'anything', period].filter(Boolean).join(' ');
  return { ...result, withoutShare: { ...share, rows: rowWords } };
}

/**
 * The customers who bought every `boughtAll` value, with their revenue of each, those who
 * spent most on them together first; `everyShare` says how many bought any and each.
 */
function everyValueResult(understood: string, spec: QuerySpec, meta: SnapshotMeta, listed: CustomerList): QueryResult {
  const names = meta.dimensions[listed.listedIndex].values;
  const values = spec.boughtAll?.values ?? [];
  const byValue = listed.byValue ?? [];
  const sorted = [...listed.customers].sort((x, y) => listed.revenue[y] - listed.revenue[x] || names[x].localeCompare(names[y]));
  const rows = sorted.map((c) => [names[c], ...byValue.map((revenue) => revenue[c])]);
  const columns: QueryColumn[] = [
    { label: 'customer', kind: 'text' },
    ...values.map((v): QueryColumn => ({ label: `revenue ${v}`, kind: 'money' })),
  ];
  const result = capped(understood, columns, rows, spec.limit, (k) => listed.revenue[sorted[k]]);
  if (listed.bought === 0) return result;
  const revenue = sorted.reduce((total, c) => total + listed.revenue[c], 0);
  const { periodRevenue } = listed;
  const period = spec.period ? `in ${spec.period.from} … ${spec.period.to}` : '';
  return {
    ...result,
    everyShare: {
      of: listed.bought,
      percent: (listed.customers.length / listed.bought) * 100,
      each: values.map((value, s) => {
        const buyers = listed.buyersOfEach?.[s] ?? 0;
        return { value, customers: buyers, percent: buyers > 0 ? (listed.customers.length / buyers) * 100 : 0 };
      }),
      revenue,
      periodRevenue,
      revenuePercent: periodRevenue > 0 ? (revenue / periodRevenue) * 100 : null,
      rows: [filtersInWords(spec, meta).join(', '), period].filter(Boolean).join(' '),
    },
  };
}

/**
 * The rows up to the limit, and the note on what was left out. A ranking (`figureAt` gives
 * the figure it is sorted by) is cut with its ties (ties.ts).
 */
function capped(
  understood: string,
  columns: QueryColumn[],
  rows: (string | number | null)[][],
  limit: number,
  figureAt?: (k: number) => number | null,
): QueryResult {
  const cut = Math.min(limit, MAX_ROWS);
  const tie = figureAt ? tieAtCut(rows.length, cut, figureAt) : null;
  const shown = rows.slice(0, shownWithTie(tie, cut, MAX_ROWS));
  const ranked = limit > MAX_ROWS && figureAt ? rankedRowsOf(rows.length, limit, figureAt) : null;
  if (ranked !== null && ranked > shown.length) {
    const note = `Showing the first ${shown.length} of the top ${ranked.toLocaleString('en-US')} ${rowNouns(columns)} (${rows.length.toLocaleString('en-US')} in all).`;
    return { understood, columns, rows: shown, totalRows: rows.length, note, rankedRows: ranked };
  }
  const showing = rows.length > shown.length ? `Showing ${shown.length} of ${rows.length.toLocaleString('en-US')} rows` : null;
  const note = tie ? `${showing ? `${showing}: ` : ''}${tieWords(tie, shown.length, rowNouns(columns))}` : showing && `${showing}.`;
  return { understood, columns, rows: shown, totalRows: rows.length, note };
}

/** The share of revenue or profit (measure `i`) the rows hold together: those shown, or a ranking's top N. */
function shareHeldBy(rows: readonly TableRow[], i: number): number {
  return rows.reduce((sum, r) => sum + (r.cells[i * 2] ?? 0), 0);
}

/**
 * How many rows "the top N" holds beyond what is shown: N, with those tying for the Nth
 * place, as a ranking shows them (or all rows, when there are no more than N).
 */
function rankedRowsOf(count: number, limit: number, figureAt: (k: number) => number | null): number {
  if (count <= limit) return count;
  const tie = tieAtCut(count, limit, figureAt);
  return tie ? Math.max(limit, tie.end) : limit;
}

/** What the rows are, in the plural: "customers", "Sub-Categories"; "rows" when two columns label a row. */
export function rowNouns(columns: readonly QueryColumn[]): string {
  const labels = columns.filter((c) => c.kind === 'text');
  return labels.length === 1 ? pluralNoun(labels[0].label) : 'rows';
}

function measureOf(m: Measure, s: number, a: Accumulators, firstDay: Int32Array | null): number | null {
  const revenue = a.revenue[s];
  switch (m) {
    case 'revenue':
      return revenue;
    case 'grossProfit':
      return revenue - a.cost[s];
    case 'cost':
      // Net of returns, as revenue is: revenue less gross profit, row for row.
      return a.cost[s];
    case 'marginPct':
      // A margin over noise such as 4.5e-13 read 150% on the generated file: no revenue, no margin.
      return isNoMoney(revenue) ? null : ((revenue - a.cost[s]) / revenue) * 100;
    case 'orders':
      return a.orders[s].size;
    case 'customers':
      return a.buyers[s].size;
    case 'units':
      return a.units[s];
    case 'averageOrderValue':
      return a.orders[s].size > 0 ? revenue / a.orders[s].size : null;
    case 'revenuePerCustomer':
      // Rows without a customer belong to nobody: their revenue is left out (withoutCustomerNote says how much).
      return a.buyers[s].size > 0 ? a.customerRevenue[s] / a.buyers[s].size : null;
    case 'returns':
      return a.returns[s];
    case 'returnOrders':
      return a.returnOrders[s].size;
    case 'grossRevenue':
      // What was sold before the lines that reduce revenue: net revenue and returns (a positive sum) together.
      return revenue + a.returns[s];
    case 'products':
      return a.products[s].size;
    case 'averagePrice':
      // No units, or returns that cancel them, give no price (not a division by zero).
      return a.units[s] > 0 ? a.unitRevenue[s] / a.units[s] : null;
    case 'repeatCustomers':
      return a.repeaters[s].size;
    case 'oneTimeCustomers':
      return a.firstOrders[s].size - a.repeaters[s].size;
    case 'repeatRate':
      // Of the customers with an order in the slice, the share with two or more.
      return a.firstOrders[s].size > 0 ? (a.repeaters[s].size / a.firstOrders[s].size) * 100 : null;
    case 'revenueShare': {
      const whole = a.wholeRevenue.get(a.wholeKeyOf(s)) ?? 0;
      return isNoMoney(whole) ? null : (revenue / whole) * 100;
    }
    case 'profitShare': {
      // A share of a loss reads backwards (Sean Miller's Technology "92.1%" of his −1,980.74): none.
      const whole = a.wholeProfit.get(a.wholeKeyOf(s)) ?? 0;
      return isNoMoney(whole) || whole < 0 ? null : ((revenue - a.cost[s]) / whole) * 100;
    }
    case 'customerShare': {
      const whole = a.wholeBuyers.get(a.wholeKeyOf(s))?.size ?? 0;
      return whole > 0 ? (a.buyers[s].size / whole) * 100 : null;
    }
    case 'newCustomerRevenue':
    case 'returningCustomerRevenue': {
      // A customer with no purchase in the whole file (returns only) is no new customer.
      let fresh = 0;
      const start = a.periodStart[s];
      for (const [c, spent] of a.revenueByCustomer[s]) {
        const first = (firstDay as Int32Array)[c];
        if (first >= start && first !== NO_PURCHASE) fresh += spent;
      }
      return m === 'newCustomerRevenue' ? fresh : a.customerRevenue[s] - fresh;
    }
    case 'newCustomers':
    case 'returningCustomers': {
      let fresh = 0;
      const start = a.periodStart[s];
      for (const c of a.buyers[s]) if ((firstDay as Int32Array)[c] >= start) fresh++;
      return m === 'newCustomers' ? fresh : a.buyers[s].size - fresh;
    }
  }
}

/** "revenue", or "average revenue per month" when the spec averages over months, "average orders per customer" over customers. */
function measureWords(m: Measure, spec: Pick<QuerySpec, 'per' | 'averageOver'>): string {
  if (spec.averageOver) return averagedWords(MEASURE_LABELS[m], spec.averageOver);
  return spec.per ? `average ${MEASURE_LABELS[m]} per ${spec.per}` : MEASURE_LABELS[m];
}

/** The spec's filters in words: "category = Hydraulics", "region ≠ West". */
function filtersInWords(spec: QuerySpec, meta: SnapshotMeta): string[] {
  return spec.filters.map((f) => valueWords(f, meta));
}

/** One filter in words, its column by the file's label. */
function valueWords(f: QuerySpec['filters'][number], meta: SnapshotMeta): string {
  return filterWords(labelOf(f, meta), f.values, f.exclude, f.match);
}

/** "Sub-Category = Chairs, Tables": the `boughtAll` values, each bought by every customer listed. */
function eachOfWords(f: QuerySpec['filters'][number], meta: SnapshotMeta): string {
  return `${labelOf(f, meta)} = ${f.values.join(', ')}`;
}

/** A filter's column by the file's label: "Sub-Category" for `column:Sub-Category`. */
function labelOf(f: QuerySpec['filters'][number], meta: SnapshotMeta): string {
  return meta.dimensions.find((d) => d.key === f.dimension || d.label.toLowerCase() === f.dimension.toLowerCase())?.label ?? f.dimension;
}

/** "customers who bought", "products with sales": what a list of two periods' buyers or sellers holds. */
function listedWords(listed: ResolvedGroup | undefined): string {
  if (!listed || listed.kind === 'time' || listed.dimension.key === 'customer') return 'customers who bought';
  return `${pluralNoun(listed.dimension.label)} with sales`;
}

/**
 * The spec in words: measures, grouping, slice and period; `ofEach` names the grouping parts a
 * share is of each of ("within each region": it read as a share of all revenue, which only the
 * note below the table set right).
 */
export function describe(
  spec: QuerySpec,
  meta: SnapshotMeta,
  groups: ResolvedGroup[],
  average?: number,
  ofEach: readonly string[] = [],
): string {
  const measures = spec.measures.map((m) => measureWords(m, spec)).join(', ');
  const parts: string[] = [];
  if (spec.boughtAll) parts.push(`customers who bought each of ${eachOfWords(spec.boughtAll, meta)}`);
  else if (spec.boughtEvery) parts.push(`customers who bought in every ${spec.boughtEvery}`);
  else if (spec.notBoughtIn || spec.alsoBoughtIn || spec.neverBought) parts.push(listedWords(groups[0]));
  // A ranking says so ("top 1 by revenue, by month" for the best month); a capped time series does not.
  else if (groups.length > 0 && spec.limit !== MAX_ROWS && (spec.sort || !groups.some((g) => g.kind === 'time')))
    parts.push(
      `${spec.sort?.direction === 'asc' ? 'bottom' : 'top'} ${spec.limit} by ${CHANGE_WORDS[spec.sort?.on ?? 'value']}${measureWords(spec.sort?.by ?? spec.measures[0], spec)}`,
    );
  else
    parts.push(
      spec.sort && spec.sort.on !== 'value' ? `${measures}, sorted by ${CHANGE_WORDS[spec.sort.on].trim().replace(/ in$/, '')}` : measures,
    );
  const listsValues = spec.notBoughtIn || spec.alsoBoughtIn || spec.neverBought || spec.boughtAll || spec.boughtEvery;
  if (groups.length && !listsValues) parts.push(`by ${groups.map((g) => (g.kind === 'time' ? g.unit : g.dimension.label)).join(' and ')}`);
  // "Which products sell the least?" listed them lowest first under "revenue, by product". A
  // ranking says "bottom 5", and a list of losses (kept below 0) is plainly the largest first.
  if (parts[0] === measures && groups.length > 0 && spec.sort?.direction === 'asc' && (spec.sort.on ?? 'value') === 'value' && !spec.having)
    parts.push(`lowest ${spec.measures.length > 1 ? `${measureWords(spec.sort.by, spec)} ` : ''}first`);
  const unit = groups.find((g) => g.kind === 'time')?.unit;
  if (spec.changeFrom && unit) parts.push(`each against ${comparedWords(unit, spec.changeFrom === 'yearBefore')}`);
  // "customers with one order, by customer" already says which customers are kept.
  if (spec.having && !keepsCountedCustomers(spec.having)) parts.push(havingWords(spec.having, average));
  // A share's whole is said as such: "supplier = Acme Supply, Inc., within region in DE-North, DE-South".
  const isWhole = (f: QuerySpec['filters'][number]) => spec.shareWithin?.includes(f.dimension) === true;
  parts.push(
    ...spec.filters.filter((f) => !isWhole(f)).map((f) => valueWords(f, meta)),
    ...(spec.filters.some(isWhole)
      ? [
          `within ${spec.filters
            .filter(isWhole)
            .map((f) => valueWords(f, meta))
            .join(' and ')}`,
        ]
      : []),
  );
  if (ofEach.length > 0 && SHARE_MEASURES.some((m) => spec.measures.includes(m))) parts.push(`within each ${ofEach.join(' and ')}`);
  if (spec.period) parts.push(`${spec.period.from} … ${spec.period.to}`);
  if (spec.compareTo) parts.push(`compared with ${spec.compareTo.from} … ${spec.compareTo.to}`);
  if (spec.notBoughtIn) parts.push(`but not in ${spec.notBoughtIn.from} … ${spec.notBoughtIn.to}`);
  if (spec.alsoBoughtIn) parts.push(`and also in ${spec.alsoBoughtIn.from} … ${spec.alsoBoughtIn.to}`);
  // Within a period the customers are those with none of it then: "but never … Tables" read as
  // ever, where 95 of the 123 Chairs buyers of 2021 with no Tables in 2021 never bought any.
  if (spec.neverBought)
    parts.push(
      spec.period ? `but none of ${valueWords(spec.neverBought, meta)} in that period` : `but never ${valueWords(spec.neverBought, meta)}`,
    );
  if (spec.buyersOf) parts.push(`customers who bought ${valueWords(spec.buyersOf, meta)}`);
  return parts.join(', ');
}
