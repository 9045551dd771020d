/**
 * Column-role inference: which column is the customer, the date, the amount, … decided
 * from the header (headers.ts) and confirmed or overruled by the sampled values
 * (profile.ts). Roles are assigned greedily, most certain first, one column per role and
 * one role per column; the caller's overrides (`--map role=Header`) come first.
 */
import type { ColumnRole, ColumnType } from '../contract';
import { EngineError } from '../errors';
import type { DateOrder } from './dates';
import { compactHeader, headerRoleScores } from './headers';
import type { DecimalSeparator } from './numbers';
import { fileDecimalOf, profileColumn, type ColumnProfile } from './profile';

export interface ColumnPlan {
  index: number;
  name: string;
  role: ColumnRole | null;
  type: ColumnType;
  decimal: DecimalSeparator;
  dateOrder: DateOrder | null;
}

export interface TablePlan {
  columns: ColumnPlan[];
  /** Role → column index. */
  roles: Partial<Record<ColumnRole, number>>;
  /** `customers` when each row is one customer (no transactions), e.g. annual spend by category. */
  grain: 'transactions' | 'customers';
  /** For customer-level files: the per-category spend columns that sum to revenue. */
  spendColumns: number[];
}

export interface InferInput {
  names: string[];
  headerless: boolean;
  /** Sampled data rows (strings, one per cell; short rows are padded as empty). */
  rows: string[][];
  /** Workbook cells: numbers use `.` and dates are already ISO. */
  canonicalNumbers: boolean;
  semicolonDelimited: boolean;
  overrides?: Partial<Record<ColumnRole, string>>;
}

const NUMERIC_ROLES: ReadonlySet<ColumnRole> = new Set(['quantity', 'unitPrice', 'amount', 'unitCost', 'cost', 'profit']);
const KEY_ROLES: ReadonlySet<ColumnRole> = new Set(['customerId', 'orderId', 'productId']);
const NAME_ROLES: ReadonlySet<ColumnRole> = new Set(['customerName', 'productName']);
const LABEL_ROLES: ReadonlySet<ColumnRole> = new Set(['category', 'supplier', 'region', 'salesRep']);
const MIN_SCORE = 50;

/** Infers every column's role, type, decimal separator and date order. */
export function inferSchema(input: InferInput): TablePlan {
  const width = input.names.length;
  const columnValues: string[][] = [];
  for (let c = 0; c < width; c++) columnValues.push(input.rows.map((r) => r[c] ?? ''));
  const fileDecimal = fileDecimalOf(columnValues, input.semicolonDelimited);
  const preferDayFirst = input.semicolonDelimited || fileDecimal === 44;
  const profiles = columnValues.map((values, c) => {
    const dateHeader = (headerRoleScores(input.names[c]).get('date') ?? 0) >= 70;
    return profileColumn(values, fileDecimal, preferDayFirst, {
      canonicalNumbers: input.canonicalNumbers,
      allowCompactDates: dateHeader || input.headerless,
      allowSerialDates: dateHeader && !input.canonicalNumbers,
    });
  });

  const roles: Partial<Record<ColumnRole, number>> = {};
  const taken = new Set<number>();
  for (const [role, header] of Object.entries(input.overrides ?? {}) as [ColumnRole, string][]) {
    const index = findColumn(input.names, header);
    roles[role] = index;
    taken.add(index);
  }

  const candidates: { role: ColumnRole; column: number; score: number }[] = [];
  for (let c = 0; c < width; c++) {
    const scores = input.headerless ? valueOnlyScores(profiles[c], c) : headerRoleScores(input.names[c]);
    for (const [role, headerScore] of scores) {
      const score = headerScore + valueFit(role, profiles[c]);
      if (score >= MIN_SCORE) candidates.push({ role, column: c, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.column - b.column);
  for (const { role, column } of candidates) {
    if (roles[role] !== undefined || taken.has(column)) continue;
    roles[role] = column;
    taken.add(column);
  }

  const spendColumns = customerGrainSpendColumns(input.names, roles, profiles, taken);
  const grain = spendColumns.length >= 2 ? 'customers' : 'transactions';
  const roleOf = new Map<number, ColumnRole>();
  for (const [role, column] of Object.entries(roles) as [ColumnRole, number][]) roleOf.set(column, role);
  const columns = profiles.map((p, c): ColumnPlan => {
    const role = roleOf.get(c) ?? null;
    const isDate = role === 'date' || (role === null && p.date !== null && p.date.order !== 'compact' && p.date.order !== 'serial');
    return {
      index: c,
      name: input.names[c],
      role,
      type: columnType(p, isDate),
      decimal: p.decimal,
      dateOrder: isDate ? (p.date?.order ?? 'ymd') : null,
    };
  });
  return { columns, roles, grain, spendColumns: grain === 'customers' ? spendColumns : [] };
}

function columnType(p: ColumnProfile, isDate: boolean): ColumnType {
  if (p.nonEmpty === 0) return 'empty';
  if (isDate) return 'date';
  if (p.numericShare >= 0.9 && p.leadingZeroShare < 0.5) return 'number';
  return 'string';
}

/** The column a `--map` override names: exact, then case/punctuation-insensitive. */
function findColumn(names: readonly string[], header: string): number {
  const exact = names.findIndex((n) => n.trim() === header.trim());
  if (exact >= 0) return exact;
  const wanted = compactHeader(header);
  const loose = names.findIndex((n) => compactHeader(n) === wanted);
  if (loose >= 0) return loose;
  throw new EngineError(`There is no column named '${header}' in this file. Its columns are: ${names.join(', ')}.`, 'UNKNOWN_COLUMN');
}

/**
 * How well a column's values fit a role, added to the header score. Numbers must be
 * numbers and dates dates; ids should look like codes and names like words.
 */
function valueFit(role: ColumnRole, p: ColumnProfile): number {
  if (p.nonEmpty === 0) return -1000;
  const isTextDate = p.date !== null && p.date.order !== 'compact' && p.date.order !== 'serial';
  if (NUMERIC_ROLES.has(role)) return p.numericShare >= 0.9 && !isTextDate ? 0 : -1000;
  if (role === 'date') return p.date !== null ? 0 : -1000;
  if (isTextDate) return -1000;
  if (KEY_ROLES.has(role)) return p.spaceShare > 0.5 && p.letterShare > 0.5 ? -30 : 0;
  if (NAME_ROLES.has(role)) return p.letterShare < 0.5 || p.codeShare > 0.5 ? -30 : 0;
  if (LABEL_ROLES.has(role)) {
    if (p.distinct <= 1) return -25;
    if (p.numericShare > 0.9 && p.distinct > 20) return -40;
  }
  return 0;
}

/**
 * Roles for a file without a header row, from values alone. Ties between two id-like
 * columns go to the right-most one: in headerless exports (CDNOW's sample file has a
 * master id then a sample id) the inner key next to the facts is the most specific.
 */
function valueOnlyScores(p: ColumnProfile, column: number): Map<ColumnRole, number> {
  const scores = new Map<ColumnRole, number>();
  if (p.nonEmpty === 0) return scores;
  const tiebreak = column / 1000;
  if (p.date !== null) {
    scores.set('date', 90);
    return scores;
  }
  const numeric = p.numericShare >= 0.95;
  if (numeric && p.integerShare < 0.9 && p.leadingZeroShare === 0) scores.set('amount', 80 + tiebreak);
  if (numeric && p.integerShare === 1 && p.leadingZeroShare === 0 && p.maxAbs <= 10_000) scores.set('quantity', 70 - tiebreak);
  if (p.leadingZeroShare > 0.5 || (p.letterShare > 0 && p.spaceShare === 0)) scores.set('customerId', 60 + tiebreak);
  else if (p.letterShare > 0.5) scores.set('customerName', 55 + tiebreak);
  return scores;
}

/** Numeric columns that measure something other than money (RFM summaries, codes, sizes). */
const NOT_SPEND =
  /(freq|recen|^count|anzahl|^age$|^alter$|^rate$|score|^days?$|^weeks?$|^months?$|^years?$|pct|percent|ratio|zip|postal|^plz$|phone|^t$|^id$|number|nr$|code|^lat|^lon|weight|height)/;

/**
 * A customer-level file has no date, no order and no line amount, but several numeric
 * spend columns (the UCI Wholesale customers file: annual spend per category). Low-
 * cardinality numeric columns (`Channel` 1/2) are codes, not spend.
 */
function customerGrainSpendColumns(
  names: readonly string[],
  roles: Partial<Record<ColumnRole, number>>,
  profiles: readonly ColumnProfile[],
  taken: ReadonlySet<number>,
): number[] {
  const hasAmount = roles.amount !== undefined || (roles.quantity !== undefined && roles.unitPrice !== undefined);
  if (hasAmount || roles.date !== undefined || roles.orderId !== undefined || roles.productId !== undefined) return [];
  const spend: number[] = [];
  profiles.forEach((p, c) => {
    if (taken.has(c) || NOT_SPEND.test(compactHeader(names[c]))) return;
    const varied = p.distinct >= Math.min(10, Math.max(3, p.nonEmpty / 2));
    if (p.numericShare >= 0.95 && p.nonNegativeShare >= 0.95 && varied && p.leadingZeroShare === 0) spend.push(c);
  });
  return spend;
}
