/**
 * From records to aggregates, for every format: buffers the first rows to find the header
 * (skipping title lines above it) and infer the schema, then replays them and streams the
 * rest straight into the aggregator. Blank lines and repeated header lines are skipped.
 */
import { addCustomerRow, registerSpendColumns } from '../aggregate/customer-grain';
import { AggregateBuilder } from '../aggregate/builder';
import { finishAggregates } from '../aggregate/finish';
import type { Aggregates } from '../aggregate/types';
import type { ColumnRole, DatasetProfile, FileFormat } from '../contract';
import { EngineError } from '../errors';
import { parseDate } from '../schema/dates';
import { inferSchema, type TablePlan } from '../schema/infer';
import { COMMA, DOT, parseNumber } from '../schema/numbers';
import { RecordEncoder } from './record-encoder';
import type { RecordView } from './tokenizer';
import { RowSink, type SnapshotConsumer } from '../snapshot/row-sink';

/** Rows buffered before the schema is decided (enough to see every convention a column uses). */
export const SAMPLE_ROWS = 1000;
/** A header is looked for among the first rows only. */
const HEADER_SEARCH_ROWS = 50;

export interface TableContext {
  fileName: string;
  format: FileFormat;
  sheet: string | null;
  sheetsConsidered?: DatasetProfile['sheetsConsidered'];
  warnings: string[];
  canonicalNumbers: boolean;
  semicolonDelimited: boolean;
  asOf?: string;
  roles?: Partial<Record<ColumnRole, string>>;
  /** Receives the cleaned rows as a columnar snapshot (transaction files only). */
  snapshot?: SnapshotConsumer;
}

const decoder = new TextDecoder();

export class TableReader {
  private sample: string[][] | null = [];
  private builder: AggregateBuilder | null = null;
  private header: string[] | null = null;
  private headerBytes: Uint8Array | null = null;
  private repeatedHeaders = 0;
  private dataRows = 0;
  private currency: string | null = null;
  private readonly encoder = new RecordEncoder();
  private readonly asOfDay: number;

  constructor(private readonly context: TableContext) {
    this.asOfDay = context.asOf === undefined ? -1 : parseAsOf(context.asOf);
  }

  /** Rows seen so far (for progress reports). */
  get rows(): number {
    return this.dataRows + (this.sample?.length ?? 0);
  }

  /** Accepts one record; the view is only valid during the call. */
  record(view: RecordView): void {
    if (isBlankRecord(view)) return;
    if (this.sample) {
      const cells: string[] = [];
      for (let i = 0; i < view.count; i++) cells.push(decoder.decode(view.buf.subarray(view.starts[i], view.ends[i])));
      this.sample.push(cells);
      if (this.sample.length >= SAMPLE_ROWS) this.startStreaming();
      return;
    }
    this.addRecord(view);
  }

  /** Accepts a row of string cells (workbooks). */
  cells(cells: readonly string[]): void {
    this.record(this.encoder.encode(cells));
  }

  /** Ends the input and returns the aggregates. */
  finish(): Aggregates {
    if (this.sample) this.startStreaming();
    const builder = this.builder as AggregateBuilder;
    if (builder.rowsRead === 0) throw headerOnly();
    builder.sink?.finish();
    const warnings = [...this.context.warnings];
    if (this.repeatedHeaders > 0)
      warnings.push(
        `Skipped ${this.repeatedHeaders.toLocaleString('en-US')} repeated header ${this.repeatedHeaders === 1 ? 'line' : 'lines'}.`,
      );
    return finishAggregates(builder, {
      fileName: this.context.fileName,
      format: this.context.format,
      sheet: this.context.sheet,
      sheetsConsidered: this.context.sheetsConsidered,
      currency: this.currency,
      asOf: this.context.asOf ?? null,
      warnings,
    });
  }

  private addRecord(view: RecordView): void {
    const builder = this.builder as AggregateBuilder;
    if (this.isRepeatedHeader(view)) {
      this.repeatedHeaders++;
      return;
    }
    this.dataRows++;
    if (builder.plan.grain === 'customers') addCustomerRow(builder, view, this.dataRows);
    else builder.addRow(view, this.dataRows);
  }

  /** Decides header and schema from the sample, then replays the sampled data rows. */
  private startStreaming(): void {
    const sample = this.sample as string[][];
    this.sample = null;
    if (sample.length === 0) throw new EngineError('The file is empty.', 'EMPTY_FILE');
    const headerAt = findHeaderRow(sample);
    const headerless = !looksLikeHeader(sample[headerAt]);
    const width = Math.max(...sample.slice(headerAt).map((r) => r.length));
    const names = headerless ? generatedNames(width) : headerNames(sample[headerAt], width);
    const rows = sample.slice(headerless ? headerAt : headerAt + 1);
    if (rows.length === 0) throw headerOnly();
    if (headerAt > 0) {
      const lines = headerAt === 1 ? '1 line' : `${headerAt} lines`;
      this.context.warnings.push(`Skipped ${lines} above the ${headerless ? 'data' : 'header'} (titles or notes).`);
    }
    if (headerless) this.context.warnings.push('The file has no header row: column roles were inferred from the values.');
    const plan = inferSchema({
      names,
      headerless,
      rows: rows.filter((r) => headerless || !sameRow(r, sample[headerAt])).map((r) => r.map((c) => c.trim())),
      canonicalNumbers: this.context.canonicalNumbers,
      semicolonDelimited: this.context.semicolonDelimited,
      overrides: this.context.roles,
    });
    assertUsable(plan, names);
    this.currency = currencyOf(plan, rows);
    if (!headerless) {
      this.header = sample[headerAt];
      this.headerBytes = new TextEncoder().encode(this.header[0] ?? '');
    }
    this.builder = new AggregateBuilder(plan, this.asOfDay);
    if (plan.grain === 'customers') registerSpendColumns(this.builder);
    else if (this.context.snapshot) this.builder.sink = snapshotSink(this.builder, this.context.snapshot);
    for (const row of rows) this.addRecord(this.encoder.encode(row));
  }

  private isRepeatedHeader(view: RecordView): boolean {
    const header = this.header;
    const first = this.headerBytes;
    if (!header || !first || view.count !== header.length) return false;
    const length = view.ends[0] - view.starts[0];
    if (length !== first.length) return false;
    for (let i = 0; i < length; i++) if (view.buf[view.starts[0] + i] !== first[i]) return false;
    for (let c = 1; c < header.length; c++) {
      if (decoder.decode(view.buf.subarray(view.starts[c], view.ends[c])) !== header[c]) return false;
    }
    return true;
  }
}

function snapshotSink(b: AggregateBuilder, consumer: SnapshotConsumer): RowSink {
  const labels = {
    customer: (i: number) => b.customerNames[i] || b.customers.keys[i],
    product: (i: number) => b.productNames[i] || b.products.keys[i],
    suppliers: b.suppliers.keys,
  };
  return new RowSink(b.plan, b.hasCost, labels, consumer);
}

function sameRow(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((cell, i) => cell === b[i]);
}

function headerOnly(): EngineError {
  return new EngineError('The file has a header row but no data rows.', 'HEADER_ONLY');
}

function parseAsOf(asOf: string): number {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? parseDate(asOf, 'ymd') : -1;
  if (day < 0) throw new EngineError(`The analysis date '${asOf}' is not a valid date; use YYYY-MM-DD.`, 'BAD_AS_OF');
  return day;
}

function isBlankRecord(view: RecordView): boolean {
  for (let i = 0; i < view.count; i++) {
    for (let k = view.starts[i]; k < view.ends[i]; k++) if (view.buf[k] !== 32 && view.buf[k] !== 9) return false;
  }
  return true;
}

const nonEmptyCount = (row: readonly string[]): number => row.filter((c) => c.trim() !== '').length;

/**
 * The header is the first row as full as the table: title lines and notes above it have
 * fewer filled cells than the widest rows.
 */
function findHeaderRow(sample: readonly string[][]): number {
  const widest = Math.max(...sample.map(nonEmptyCount));
  const needed = Math.max(1, Math.ceil(widest * 0.6));
  const limit = Math.min(sample.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) if (nonEmptyCount(sample[i]) >= needed) return i;
  return 0;
}

/** A header row is mostly words: a row that is mostly numbers or dates is data. */
function looksLikeHeader(row: readonly string[]): boolean {
  const cells = row.map((c) => c.trim()).filter((c) => c !== '');
  const dataLike = cells.filter(
    (c) =>
      !Number.isNaN(parseNumber(c, DOT)) ||
      !Number.isNaN(parseNumber(c, COMMA)) ||
      parseDate(c, 'ymd') >= 0 ||
      parseDate(c, 'dmy') >= 0 ||
      parseDate(c, 'mdy') >= 0,
  ).length;
  return dataLike * 2 < cells.length;
}

function generatedNames(width: number): string[] {
  return Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
}

/** Trimmed header names; blanks (merged cells, unnamed columns) get `Column N`, repeats a suffix. */
function headerNames(row: readonly string[], width: number): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: width }, (_, i) => {
    const base = (row[i] ?? '').trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

function assertUsable(plan: TablePlan, names: readonly string[]): void {
  if (plan.grain === 'customers') return;
  const roles = plan.roles;
  if (roles.amount !== undefined || (roles.quantity !== undefined && roles.unitPrice !== undefined)) return;
  throw new EngineError(
    `Could not find an amount column. The file needs a line amount (such as Amount, Sales or Total) or a quantity and a unit price. Its columns are: ${names.join(', ')}.`,
    'NO_AMOUNT',
  );
}

const SYMBOLS: [RegExp, string][] = [
  [/€|\bEUR\b/, 'EUR'],
  [/£|\bGBP\b/, 'GBP'],
  [/\$|\bUSD\b/, 'USD'],
  [/\bCHF\b/, 'CHF'],
  [/¥|\bJPY\b/, 'JPY'],
];

/** The currency written in the money columns' values or headers, or null when none is. */
function currencyOf(plan: TablePlan, rows: readonly string[][]): string | null {
  const columns = (['amount', 'unitPrice'] as const).map((r) => plan.roles[r]).filter((c): c is number => c !== undefined);
  for (const c of columns) {
    const text = `${plan.columns[c].name} ${rows
      .slice(0, 200)
      .map((r) => r[c] ?? '')
      .join(' ')}`;
    for (const [pattern, code] of SYMBOLS) if (pattern.test(text)) return code;
    if (/dollar/i.test(plan.columns[c].name)) return 'USD';
    if (/euro/i.test(plan.columns[c].name)) return 'EUR';
  }
  return null;
}
