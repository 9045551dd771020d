/**
 * The notes under a query's table: what a figure counts and leaves out, said where the
 * table alone would mislead (returns, shares, rows without a customer, newness near the
 * file's start, charge lines among products).
 */
import { isoDay } from '../aggregate/types';
import { isChargeLine } from '../analyses/charge-lines';
import type { SnapshotMeta } from '../snapshot/columns';
import type { Accumulators } from './accumulators';
import type { ResolvedGroup } from './resolve';
import type { QueryResult } from './result';
import { filterWords, type Measure, type QuerySpec } from './spec';

/**
 * New is first seen in the file: in Superstore's first year every customer is new and all of
 * 2018's revenue is "from new customers", because the rows start on 2018-01-03, not because
 * no one bought before. Said when a row's period starts within a year of the first row.
 */
export function newNearStartNote(meta: SnapshotMeta, a: Accumulators): string | null {
  if (!meta.hasDates || meta.firstDay < 0) return null;
  for (let s = 0; s < a.count; s++)
    if (a.periodStart[s] < meta.firstDay + 365)
      return `New means first seen in this file, whose rows start on ${isoDay(meta.firstDay)}: a customer who bought before then counts as new when first seen, so new customers in its first year are overstated.`;
  return null;
}

/**
 * "Which products sell best in December?" put DOTCOM POSTAGE first on Online Retail: the rows
 * shown that read as charges (postage, fees, adjustments) are named, and how to leave them
 * out. Their figures stay, as in every total.
 */
export function chargeLinesNote(groups: ResolvedGroup[], result: QueryResult): string | null {
  const k = groups.findIndex((g) => g.kind === 'dimension' && g.dimension.key === 'product');
  if (k < 0) return null;
  // "Manual (M)": a name told apart by its code in brackets.
  const charges = [...new Set(result.rows.map((row) => String(row[k])))].filter((name) => isChargeLine(name.replace(/\s*\([^)]*\)$/, '')));
  if (charges.length === 0) return null;
  const named = charges.slice(0, 3).join(', ') + (charges.length > 3 ? ` and ${charges.length - 3} more` : '');
  return `${named} ${charges.length > 1 ? 'read as charges' : 'reads as a charge'} (postage, fees, adjustments), not goods; ask again “excluding ${charges[0]}” to leave ${charges.length > 1 ? 'that one' : 'it'} out.`;
}

export const NO_CUSTOMER_ROW_NOTE = 'Rows without a customer are left out of this list.';
export const NO_RETURN_ROW_NOTE = 'Rows with no return are left out of this list.';
export const RETURNS_MEASURES = new Set<Measure>(['returns', 'returnOrders']);
export const PER_CUSTOMER_NOTE = 'Revenue per customer counts only rows that name a customer; the revenue of rows without one is left out.';

/**
 * "How many customers bought from Acme Supply, Inc. two years ago?" counted 483: 8 of them only
 * returned Acme goods in 2023. Customers are counted by what they bought, as orders and
 * products are, and the customers left out for having only returns in the rows are said: the
 * file's 1,632 customers are 1,610 who bought and 22 with only credit notes.
 */
export function returnsOnlyCustomersNote(a: Accumulators, perCustomer: boolean): string | null {
  let rowsWithSome = 0;
  let left = 0;
  for (let s = 0; s < a.count; s++) {
    const returnsOnly = a.customers[s].size - a.buyers[s].size;
    if (returnsOnly > 0) rowsWithSome++;
    left = returnsOnly;
  }
  if (rowsWithSome === 0) return null;
  // Revenue per customer keeps their returns, as it keeps every row that names a customer.
  const kept = perCustomer ? '; their returns stay in the revenue' : '';
  if (a.count === 1)
    return `Customers are those who bought: ${left.toLocaleString('en-US')} more ${left === 1 ? 'customer has' : 'customers have'} only returns in these rows and ${left === 1 ? 'is' : 'are'} not counted${kept}.`;
  return `Customers are those who bought: a customer with only returns in a row is not counted in it${kept}.`;
}

/** The shares a query can give, and the whole each is of. */
export const SHARE_MEASURES = ['revenueShare', 'profitShare', 'customerShare'] as const;
export type ShareMeasure = (typeof SHARE_MEASURES)[number];

/**
 * What a share is of, and, when a ranking shows only its top rows ("the top 10 customers'
 * share"), what those rows hold together: the figure such a question asks for. A share of
 * gross profit can be below 0 (a value sold at a loss) and the others' pass 100% together.
 */
export function shareNote(
  share: ShareMeasure,
  spec: QuerySpec,
  groups: ResolvedGroup[],
  compare: boolean,
  result: QueryResult,
  together: { share: number; nouns: string; lossWhole?: number; ofEach: readonly string[] },
): string {
  // "Acme's share of Germany's revenue": the whole is the rows of the filters it is within.
  const withinWords = spec.filters
    .filter((f) => spec.shareWithin?.includes(f.dimension))
    .map((f) => filterWords(f.dimension, f.values, f.exclude, f.match))
    .join(' and ');
  // "in each year", "in each region and year": each value's rows are a whole.
  const unit = together.ofEach.length > 0 ? together.ofEach.join(' and ') : undefined;
  const inPeriod = unit ? ` in each ${unit}${spec.period ? ' of the period' : ''}` : spec.period ? ' in the period' : '';
  const period = (withinWords ? ` where ${withinWords}` : '') + inPeriod;
  const whatever = withinWords ? '' : ', whatever the filters';
  // One customer buys in several rows, so shares of customers overlap: what rows hold together is not their sum.
  if (share === 'customerShare') {
    const whole = `Shares of customers are of all customers who bought${period} (on a line that is no return)${whatever}`;
    // One row per year (region) of one slice: each share is of its own year's customers, nothing to add up.
    return groups.length === 0 || together.ofEach.length === groups.length
      ? `${whole}.`
      : `${whole}; one who bought in several rows counts in each, so the shares can add up to more than 100%.`;
  }
  const profitOf = `Shares of gross profit are of all gross profit${period} (revenue less cost, net of returns)${whatever}`;
  // A part of a loss is no share of it: no shares, and so nothing the rows hold together.
  if (share === 'profitShare' && together.lossWhole !== undefined && unit)
    return `${profitOf}. Where a ${unit}'s gross profit is a loss (${moneyWords(together.lossWhole)}), no share of it is given.`;
  if (share === 'profitShare' && together.lossWhole !== undefined)
    return `${profitOf}. ${compare ? 'In one of the two periods that' : 'That'} gross profit is a loss (${moneyWords(together.lossWhole)}), so no share of it is given.`;
  const definition =
    share === 'revenueShare'
      ? `Shares are of all revenue${period}, net of returns${whatever}.`
      : unit && together.ofEach.length === groups.length
        ? `${profitOf}.`
        : `${profitOf}; what sold at a loss has a share below 0, so the others' can add up to more than 100%.`;
  const held = together.share.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // Shares of each year's (region's) whole don't add up across them.
  if (unit) return definition;
  // "What if we lost our top 100 customers?": the top 100's share, though 50 of them are shown.
  if (!compare && result.rankedRows !== undefined)
    return `${definition} The top ${result.rankedRows.toLocaleString('en-US')} ${together.nouns} hold ${held}% of it together.`;
  if (compare || groups.length === 0 || result.rows.length < 2 || result.rows.length >= result.totalRows) return definition;
  return `${definition} The ${result.rows.length} rows shown hold ${held}% of it together.`;
}

/**
 * A row with no cost in a file with costs counts at no cost: its revenue is all gross profit,
 * which a cost of 0.00 or a margin of 100% would not say ("Bolt: cost 0.00" where Bolt's cost
 * was left blank).
 */
export function costlessNote(a: Accumulators): string | null {
  if (a.costlessRows === 0) return null;
  const one = a.costlessRows === 1;
  const rows = one ? '1 of the rows read has' : `${a.costlessRows.toLocaleString('en-US')} of the rows read have`;
  return `${rows} no cost and ${one ? 'counts' : 'count'} at a cost of 0: ${one ? 'its' : 'their'} revenue, ${moneyWords(a.costlessRevenue)}, is all gross profit here.`;
}

function moneyWords(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** What counts as a return, and that none was found when the rows counted hold none. */
export function returnsNote(a: Accumulators): string {
  const definition =
    'Returns are the lines that reduce revenue: credit notes (order ids of a C and digits, such as C536379 or C1000185) and lines with a negative amount; revenue is already net of them.';
  for (let s = 0; s < a.count; s++) if (a.returns[s] > 0) return definition;
  return `${definition} None of the rows counted here is one.`;
}

/**
 * "How many invoices were there in October?" on Online Retail read 2,040 orders of its 2,637
 * invoice numbers: credit notes are no orders. Said where the rows counted hold returns.
 */
export function ordersOfPurchasesNote(a: Accumulators): string | null {
  for (let s = 0; s < a.count; s++)
    if (a.returns[s] > 0)
      return 'Orders are the order ids with a purchase: credit notes and other lines that reduce revenue are not counted as orders (“orders with a return” counts those).';
  return null;
}

/** Whether any result row has revenue on rows that name no customer. */
export function hasRevenueWithoutCustomer(a: Accumulators): boolean {
  for (let s = 0; s < a.count; s++) if (Math.abs(a.revenue[s] - a.customerRevenue[s]) > 0.005) return true;
  return false;
}
