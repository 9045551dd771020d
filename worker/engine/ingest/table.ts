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
import { currencyOfSample, currencyOfTexts, mixedCurrencyWarning, type CurrencyFinding } from './currency';
import { mergePart } from '../aggregate/merge';
import { exportPart, type AggregatePart } from '../aggregate/part';
import { RowLog } from '../aggregate/row-log';
import { BUDGET_CHECK_ROWS, retainedBytes, STATE_BUDGET_BYTES, stateTooLarge } from '../aggregate/state-budget';
import { findHeaderRow, generatedNames, headerNames, looksLikeHeader } from './header-row';
import { RecordEncoder } from './record-encoder';
import type { RecordView } from './tokenizer';
import { RowSink, type SnapshotConsumer } from '../snapshot/row-sink';

/** Rows buffered before the schema is decided (enough to see every convention a column uses). */
export const SAMPLE_ROWS = 1000;

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
  /** ISO 4217 code chosen by the user; replaces what the file shows. */
  currency?: string;
  /** Receives the cleaned rows as a columnar snapshot (transaction files only). */
  snapshot?: SnapshotConsumer;
  /** Sees every accepted line with its signed amount (a joined returns list sums its orders' revenue). */
  lineTap?: LineTap;
  /** Bytes of analysis state the read may hold (aggregate/state-budget.ts); the CLI passes Infinity. */
  stateBudget?: number;
  /**
   * Bytes the read holds beside its state for as long as it runs, counted against the same
   * budget: a workbook's compressed bytes, a join's lookup tables.
   */
  heldBytes?: number;
}

/** An observer of accepted lines; the view is only valid during the call. */
export interface LineTap {
  line(view: RecordView, amount: number): void;
}

/** What reading the rows after the sample needs, in any byte range of the same table. */
export interface TableStart {
  plan: TablePlan;
  header: string[] | null;
  currency: CurrencyFinding | null;
}

/** A later byte range's rows, for the reader of the ranges before it (`absorb`). */
export interface TablePart {
  dataRows: number;
  repeatedHeaders: number;
  aggregate: AggregatePart;
}

const decoder = new TextDecoder();

export class TableReader {
  private sample: string[][] | null = [];
  private builder: AggregateBuilder | null = null;
  private header: string[] | null = null;
  private headerBytes: Uint8Array | null = null;
  private repeatedHeaders = 0;
  private dataRows = 0;
  private currency: CurrencyFinding | null = null;
  private readonly encoder = new RecordEncoder();
  private readonly asOfDay: number;
  private log: RowLog | null = null;

  constructor(private readonly context: TableContext) {
    this.asOfDay = context.asOf === undefined ? -1 : parseAsOf(context.asOf);
  }

  /**
   * A reader for a later byte range of a table whose start is known (the CLI's parallel
   * parse): no header search and no sample; its rows are logged for `part`.
   */
  static continuing(context: TableContext, start: TableStart, expectedRows = 0): TableReader {
    const reader = new TableReader(context);
    reader.sample = null;
    reader.setHeader(start.header);
    reader.currency = start.currency;
    const builder = new AggregateBuilder(start.plan, reader.asOfDay);
    reader.log = new RowLog(builder, expectedRows);
    builder.sink = reader.log;
    reader.builder = builder;
    return reader;
  }

  /** The header, plan and currency once the sample has been read (null before, or for customer-level files). */
  get start(): TableStart | null {
    const builder = this.builder;
    if (!builder || builder.plan.grain !== 'transactions' || builder.sink) return null;
    return { plan: builder.plan, header: this.header, currency: this.currency };
  }

  /** This range's rows as a part (a `continuing` reader only). */
  part(): TablePart {
    const builder = this.builder as AggregateBuilder;
    return { dataRows: this.dataRows, repeatedHeaders: this.repeatedHeaders, aggregate: exportPart(builder, this.log as RowLog) };
  }

  /** Adds the rows of the byte range that follows this reader's, as if it had read them itself. */
  absorb(part: TablePart): void {
    mergePart(this.builder as AggregateBuilder, part.aggregate, this.dataRows);
    this.dataRows += part.dataRows;
    this.repeatedHeaders += part.repeatedHeaders;
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
    const currency = this.settledCurrency(builder.productNames);
    if (currency.mixed) warnings.push(mixedCurrencyWarning(currency.mixed));
    return finishAggregates(builder, {
      fileName: this.context.fileName,
      format: this.context.format,
      sheet: this.context.sheet,
      sheetsConsidered: this.context.sheetsConsidered,
      currency: currency.code,
      asOf: this.context.asOf ?? null,
      warnings,
    });
  }

  /**
   * The user's choice, else what the sample showed, else prices quoted in product names
   * (the whole file's, not just the sample's: Online Retail's first "£" is on row 42,481).
   */
  private settledCurrency(productNames: readonly string[]): CurrencyFinding {
    if (this.context.currency) return { code: this.context.currency };
    return this.currency ?? currencyOfTexts(productNames) ?? { code: null };
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
    if (this.dataRows % BUDGET_CHECK_ROWS === 0) this.checkStateBudget(builder);
  }

  /**
   * Stops the read with a clear refusal once its state, with the tables that would grow
   * before the next check and what the read holds beside it (`heldBytes`), would not fit a
   * Worker isolate: refusing after a growth would be too late, the growth itself is what
   * passes 128 MB.
   */
  private checkStateBudget(builder: AggregateBuilder): void {
    const bytes = retainedBytes(builder) + builder.growthWithin(BUDGET_CHECK_ROWS) + (this.context.heldBytes ?? 0);
    if (bytes <= (this.context.stateBudget ?? STATE_BUDGET_BYTES)) return;
    throw stateTooLarge({
      rows: this.dataRows,
      customers: builder.customers.size,
      products: builder.products.size,
      customerProducts: builder.customerProducts.size,
      orders: builder.totalOrders,
      workbook: this.context.format === 'xlsx' || this.context.format === 'xls',
    });
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
    this.currency = currencyOfSample(plan, rows);
    if (!headerless) this.setHeader(sample[headerAt]);
    this.builder = new AggregateBuilder(plan, this.asOfDay);
    const snapshot = this.context.snapshot ? snapshotSink(this.builder, this.context.snapshot) : null;
    // A customer list's rows are customers, not lines: a join's line tap has nothing to flag.
    if (plan.grain === 'customers') {
      registerSpendColumns(this.builder);
      this.builder.sink = snapshot;
    } else this.builder.sink = tapped(this.context.lineTap, snapshot);
    for (const row of rows) this.addRecord(this.encoder.encode(row));
  }

  private setHeader(header: string[] | null): void {
    this.header = header;
    this.headerBytes = header ? new TextEncoder().encode(header[0] ?? '') : null;
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
    customerIds: b.customers.keys,
    productIds: b.products.keys,
    suppliers: b.suppliers.keys,
  };
  return new RowSink(b.plan, b.hasCost, labels, consumer);
}

/** The snapshot sink, preceded by the line tap when there is one. */
function tapped(tap: LineTap | undefined, sink: RowSink | null): AggregateBuilder['sink'] {
  if (!tap) return sink;
  return {
    add(view, day, customer, product, order, amount, cost, quantity, isReturn, supplier) {
      tap.line(view, amount);
      sink?.add(view, day, customer, product, order, amount, cost, quantity, isReturn, supplier);
    },
    finish: () => sink?.finish(),
  };
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

function assertUsable(plan: TablePlan, names: readonly string[]): void {
  if (plan.grain === 'customers') return;
  const roles = plan.roles;
  if (roles.amount !== undefined || (roles.quantity !== undefined && roles.unitPrice !== undefined)) return;
  throw new EngineError(
    `Could not find an amount column. The file needs a line amount (such as Amount, Sales or Total) or a quantity and a unit price. Its columns are: ${names.join(', ')}.`,
    'NO_AMOUNT',
  );
}
