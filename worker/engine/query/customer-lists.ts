/**
 * The queries that list customers by what they did and did not buy, each with the share of
 * the buyers they are: those of one period who did not buy in another (lapsed) or did
 * (kept), those of the rows kept who never bought some values (without), and those who
 * bought every one of several values (every). Each is one pass over the rows into arrays
 * of one entry per customer.
 */
import type { Snapshot } from '../snapshot/columns';
import { sharedNamesOf } from '../aggregate/distinct-names';
import {
  dayOf,
  daysOf,
  passesFilter,
  QueryRefusal,
  resolveDimension,
  resolveFilter,
  type ResolvedFilter,
  type ResolvedGroup,
} from './resolve';
import { resultOf, type QueryResult } from './result';
import { bucketOf } from './buckets';
import type { QuerySpec, TimeDimension } from './spec';

/**
 * How many customers `bought` marks (not 0: with a purchase in the rows counted), and the codes of
 * those of them `isListed` keeps, in code order.
 */
function buyersListed(bought: ArrayLike<number>, isListed: (c: number) => boolean): { buyers: number; listed: number[] } {
  const listed: number[] = [];
  let buyers = 0;
  for (let c = 0; c < bought.length; c++) {
    if (bought[c] === 0) continue;
    buyers++;
    if (isListed(c)) listed.push(c);
  }
  return { buyers, listed };
}

/**
 * Customers who bought (the filtered slice) in `period` and not in `notBoughtIn` (lapsed), or
 * also in `alsoBoughtIn` (kept), with what each bought in both; or the values of another
 * column `listed` ("products Rossi Ltd bought in 2023 but not in 2024") sold so.
 */
export async function customersOfTwoPeriods(
  snapshot: Snapshot,
  spec: QuerySpec,
  filters: ResolvedFilter[],
  listed: Extract<ResolvedGroup, { kind: 'dimension' }>,
): Promise<QueryResult> {
  const other = (spec.notBoughtIn ?? spec.alsoBoughtIn) as { from: string; to: string };
  const a = { from: dayOf(spec.period?.from ?? ''), to: dayOf(spec.period?.to ?? '') };
  const b = { from: dayOf(other.from), to: dayOf(other.to) };
  const size = snapshot.meta.dimensions[listed.index].values.length;
  const boughtA = new Uint8Array(size);
  const boughtB = new Uint8Array(size);
  const revenueA = new Float64Array(size);
  const revenueB = new Float64Array(size);
  // The period's revenue, rows without a listed value included, as "revenue in 2020" sums it: what the listed customers' share is of.
  let periodRevenue = 0;
  const needs = { cost: false, quantity: false, orders: false, dimensions: [listed.index, ...filters.map((f) => f.index)] };
  for await (const g of snapshot.groups(needs)) {
    const codes = g.dims[listed.index];
    row: for (let i = 0; i < g.rows; i++) {
      for (const f of filters) if (!passesFilter(f, g.dims[f.index][i])) continue row;
      const day = g.day[i];
      const inA = day >= a.from && day <= a.to;
      if (inA) periodRevenue += g.amount[i];
      const c = codes[i];
      if (c < 0) continue;
      const purchase = g.returns[i] === 0;
      if (inA) {
        revenueA[c] += g.amount[i];
        if (purchase) boughtA[c] = 1;
      }
      if (day >= b.from && day <= b.to) {
        revenueB[c] += g.amount[i];
        if (purchase) boughtB[c] = 1;
      }
    }
  }
  const kept = Boolean(spec.alsoBoughtIn);
  const { buyers, listed: listedCodes } = buyersListed(boughtA, (c) => boughtB[c] === (kept ? 1 : 0));
  return resultOf(spec, snapshot.meta, [listed], null, null, false, {
    customerList: {
      kind: kept ? 'kept' : 'lapsed',
      customers: listedCodes,
      revenue: revenueA,
      otherRevenue: revenueB,
      listedIndex: listed.index,
      bought: buyers,
      periodRevenue,
    },
  });
}

/**
 * Customers who bought in the rows `filters` keep (in `period`, when given) and never bought
 * the `never` values there: the filters on other columns apply to both ("in the West").
 */
export async function customersWithout(
  snapshot: Snapshot,
  spec: QuerySpec,
  filters: ResolvedFilter[],
  never: ResolvedFilter,
  customerIndex: number,
): Promise<QueryResult> {
  const range = daysOf(spec.period);
  // Filters on other columns keep both sides' rows; those on the never-bought column only the rows bought.
  const shared = filters.filter((f) => f.index !== never.index);
  const sameColumn = filters.filter((f) => f.index === never.index);
  const size = snapshot.meta.dimensions[customerIndex].values.length;
  const bought = new Uint8Array(size);
  const boughtNever = new Uint8Array(size);
  const revenue = new Float64Array(size);
  // All the revenue of the rows kept, rows without a customer included: what the listed customers' share is of.
  let keptRevenue = 0;
  const needs = { cost: false, quantity: false, orders: false, dimensions: [customerIndex, never.index, ...filters.map((f) => f.index)] };
  for await (const g of snapshot.groups(needs)) {
    const codes = g.dims[customerIndex];
    row: for (let i = 0; i < g.rows; i++) {
      if (range && (g.day[i] < range.from || g.day[i] > range.to)) continue;
      for (const f of shared) if (!passesFilter(f, g.dims[f.index][i])) continue row;
      const c = codes[i];
      const purchase = g.returns[i] === 0;
      if (c >= 0 && purchase && passesFilter(never, g.dims[never.index][i])) boughtNever[c] = 1;
      for (const f of sameColumn) if (!passesFilter(f, g.dims[f.index][i])) continue row;
      keptRevenue += g.amount[i];
      if (c < 0) continue;
      revenue[c] += g.amount[i];
      if (purchase) bought[c] = 1;
    }
  }
  const { buyers, listed } = buyersListed(bought, (c) => boughtNever[c] === 0);
  return resultOf(spec, snapshot.meta, [], null, null, false, {
    customerList: { kind: 'without', customers: listed, revenue, listedIndex: customerIndex, bought: buyers, periodRevenue: keptRevenue },
  });
}

/**
 * "Customers who bought in every year": those with a purchase in the rows the filters keep
 * in each `unit` of `period` (whole units, execute.ts makes sure), with what they bought in
 * it, and how many bought in it at all.
 */
export async function customersOfEveryUnit(
  snapshot: Snapshot,
  spec: QuerySpec,
  filters: ResolvedFilter[],
  customerIndex: number,
  unit: TimeDimension,
): Promise<QueryResult> {
  const range = { from: dayOf(spec.period?.from ?? ''), to: dayOf(spec.period?.to ?? '') };
  const first = bucketOf(unit, range.from);
  const units = bucketOf(unit, range.to) - first + 1;
  const size = snapshot.meta.dimensions[customerIndex].values.length;
  // One bit per customer and unit, set once a purchase falls in it (execute.ts caps the bits).
  const bytesPerCustomer = Math.ceil(units / 8);
  const boughtIn = new Uint8Array(size * bytesPerCustomer);
  const unitsBought = new Uint16Array(size);
  const revenue = new Float64Array(size);
  // All the revenue of the rows kept, rows without a customer included: what the listed customers' share is of.
  let keptRevenue = 0;
  const needs = { cost: false, quantity: false, orders: false, dimensions: [customerIndex, ...filters.map((f) => f.index)] };
  for await (const g of snapshot.groups(needs)) {
    const codes = g.dims[customerIndex];
    row: for (let i = 0; i < g.rows; i++) {
      const day = g.day[i];
      if (day < range.from || day > range.to) continue;
      for (const f of filters) if (!passesFilter(f, g.dims[f.index][i])) continue row;
      keptRevenue += g.amount[i];
      const c = codes[i];
      if (c < 0) continue;
      revenue[c] += g.amount[i];
      if (g.returns[i] === 1) continue;
      const u = bucketOf(unit, day) - first;
      const byte = c * bytesPerCustomer + (u >> 3);
      const bit = 1 << (u & 7);
      if ((boughtIn[byte] & bit) === 0) {
        boughtIn[byte] |= bit;
        unitsBought[c]++;
      }
    }
  }
  const { buyers, listed } = buyersListed(unitsBought, (c) => unitsBought[c] === units);
  return resultOf(spec, snapshot.meta, [], null, null, false, {
    customerList: { kind: 'everyUnit', customers: listed, revenue, listedIndex: customerIndex, bought: buyers, periodRevenue: keptRevenue },
  });
}

/**
 * "Customers who bought both Chairs and Tables": those who bought each of the `boughtAll`
 * values in the rows the filters keep (in `period`, when given), with their revenue of each,
 * and how many bought any of them and each one.
 */
export async function customersOfEvery(
  snapshot: Snapshot,
  spec: QuerySpec & { boughtAll: NonNullable<QuerySpec['boughtAll']> },
  filters: ResolvedFilter[],
  customerIndex: number,
): Promise<QueryResult> {
  const { column, label, slot, values } = slotsOfValues(snapshot, spec.boughtAll, filters);
  const range = daysOf(spec.period);
  const size = snapshot.meta.dimensions[customerIndex].values.length;
  // One bit a value (at most 4): the values each customer bought.
  const boughtBits = new Uint8Array(size);
  const byValue = values.map(() => new Float64Array(size));
  // All the revenue of the values in the rows kept, rows without a customer included: what the listed customers' share is of.
  let valuesRevenue = 0;
  const needs = { cost: false, quantity: false, orders: false, dimensions: [customerIndex, column, ...filters.map((f) => f.index)] };
  for await (const g of snapshot.groups(needs)) {
    const codes = g.dims[customerIndex];
    const valueCodes = g.dims[column];
    row: for (let i = 0; i < g.rows; i++) {
      if (range && (g.day[i] < range.from || g.day[i] > range.to)) continue;
      const s = valueCodes[i] < 0 ? -1 : slot[valueCodes[i]];
      if (s < 0) continue;
      for (const f of filters) if (!passesFilter(f, g.dims[f.index][i])) continue row;
      valuesRevenue += g.amount[i];
      const c = codes[i];
      if (c < 0) continue;
      byValue[s][c] += g.amount[i];
      if (g.returns[i] === 0) boughtBits[c] |= 1 << s;
    }
  }
  const every = (1 << values.length) - 1;
  const { buyers, listed } = buyersListed(boughtBits, (c) => boughtBits[c] === every);
  const buyersOfEach = values.map((_, s) => boughtBits.reduce((n, bits) => n + ((bits >> s) & 1), 0));
  const revenue = new Float64Array(size);
  for (const column of byValue) for (let c = 0; c < size; c++) revenue[c] += column[c];
  // The answer names the dictionary entries the values resolved to, not the words typed.
  return resultOf({ ...spec, boughtAll: { ...spec.boughtAll, dimension: label, values } }, snapshot.meta, [], null, null, false, {
    customerList: {
      kind: 'every',
      customers: listed,
      revenue,
      byValue,
      buyersOfEach,
      listedIndex: customerIndex,
      bought: buyers,
      periodRevenue: valuesRevenue,
    },
  });
}

/**
 * The `boughtAll` values' column, and for each of its dictionary codes which value it is
 * (−1 for none): a value typed loosely can match several entries ("chairs", "Chairs").
 */
function slotsOfValues(
  snapshot: Snapshot,
  boughtAll: NonNullable<QuerySpec['boughtAll']>,
  filters: ResolvedFilter[],
): { column: number; label: string; slot: Int8Array; values: string[] } {
  const group = resolveDimension(snapshot.meta, boughtAll.dimension);
  if (group.kind === 'time') throw new QueryRefusal(`Name values of a column in \`boughtAll\`, not ${group.unit}s.`, 'BAD_SPEC');
  // "Black Velvet" is each product of that name ("Black Velvet (11774)", …): one value bought.
  const shared = sharedNamesOf(group.dimension.values);
  const resolved = boughtAll.values.map((value) => {
    const labels = shared.get(value);
    return resolveFilter(snapshot.meta, { ...boughtAll, values: labels ?? [value], match: labels ? 'exact' : boughtAll.match });
  });
  const { index: column, dimension } = resolved[0];
  if (filters.some((f) => f.index === column))
    throw new QueryRefusal(`Name every ${dimension.label} the customers bought in \`boughtAll\`, not in \`filters\` too.`, 'BAD_SPEC');
  const slot = new Int8Array(dimension.values.length).fill(-1);
  resolved.forEach((r, s) => {
    for (let code = 0; code < slot.length; code++) {
      if (r.mask[code] === 0) continue;
      if (slot[code] >= 0)
        throw new QueryRefusal(
          `'${boughtAll.values[slot[code]]}' and '${boughtAll.values[s]}' are the same ${dimension.label} here.`,
          'BAD_SPEC',
        );
      slot[code] = s;
    }
  });
  return {
    column,
    label: dimension.label,
    slot,
    values: boughtAll.values.map((value, s) => (shared.has(value) ? value : resolved[s].matched[0])),
  };
}
