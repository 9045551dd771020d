/**
 * Ingestion entry: bytes in, aggregates out, in one streaming pass. Owns format dispatch
 * (by file name, with a look at the bytes for mislabelled files), progress reporting and
 * the size caps for formats that must be held in memory (workbooks).
 */
import type { Aggregates } from '../aggregate/types';
import type { ColumnRole, FileFormat } from '../contract';
import { EngineError } from '../errors';
import { currencyOverride } from './currency';
import { chunksOf, readAll, type ByteSource } from './source';
import type { SnapshotConsumer } from '../snapshot/row-sink';
import { readText } from './text';
import { isCompoundFile, readXls } from './xls';
// A cycle by design: the join reads each single table through `ingest` (calls happen at run time only).
import { ingestFiles, type JoinInput } from '../join';
import { sizeLimitsFor, workbookTooLargeMessage } from './limits';
import { readXlsx } from './xlsx';

export interface IngestOptions {
  /** Decides csv / xlsx / xls (and .txt / .tsv → text). */
  fileName: string;
  /** Workbook sheet override. */
  sheet?: string;
  /** ISO date; rows dated after it are excluded from the aggregates (and the warnings say so). */
  asOf?: string;
  /** Role → header overrides (`--map customerId=Kunde`). */
  roles?: Partial<Record<ColumnRole, string>>;
  /** ISO 4217 code the user chose; replaces the currency the file shows (see currency.ts). */
  currency?: string;
  onProgress?: (p: { bytesRead: number; rows: number }) => void;
  /** Receives the cleaned rows as a columnar snapshot for `query_data` (see engine/snapshot). */
  snapshot?: SnapshotConsumer;
  /**
   * Join lookup files (a customer master, a returns list) to this file, and a workbook's
   * sheets to each other (engine/join). Without it, exactly one table is read.
   */
  join?: { lookups: readonly JoinInput[] };
  /**
   * Bytes of analysis state the read may hold before it stops with a clear refusal
   * (default STATE_BUDGET_BYTES, sized for a 128 MB Worker isolate; the CLI passes Infinity).
   */
  stateBudget?: number;
  /**
   * The source's size in bytes, when known (an R2 object's `size`). A workbook, which is
   * read whole, then goes into one array of that size; otherwise its chunks are joined
   * at the end, which holds it twice for a moment.
   */
  byteLength?: number;
}

// Compressed workbooks are held in memory (see zip.ts); limits.ts says how large may come.
export { MAX_WORKBOOK_BYTES } from './limits';

/**
 * Heap a workbook's read holds beyond its state and its bytes, counted against the state
 * budget with them: the sheet's XML becomes strings, and V8 grows its young generation to
 * keep up. Measured in Node at the refusal of a 48 MB, 541,909-row workbook: 14.2 MB of
 * new space (about 2 MB in a CSV's read), and a peak 20 MB above a CSV's at the same
 * budget.
 */
export const WORKBOOK_READ_HEAP_BYTES = 16 * 1024 * 1024;

type Kind = 'text' | 'xlsx' | 'xls';

/** How a file is read, by its name: text (CSV, TXT …), XLSX or XLS. */
export function kindOf(fileName: string): { kind: Kind; format: FileFormat; extension: string } {
  const extension = (/\.[^.]+$/.exec(fileName.toLowerCase())?.[0] ?? '').trim();
  if (extension === '.xlsx' || extension === '.xlsm') return { kind: 'xlsx', format: 'xlsx', extension };
  if (extension === '.xls') return { kind: 'xls', format: 'xls', extension };
  if (extension === '.txt' || extension === '.tsv' || extension === '.tab' || extension === '.dat')
    return { kind: 'text', format: 'text', extension };
  return { kind: 'text', format: 'csv', extension };
}

/** Reads a CSV, TXT, XLSX or XLS byte stream into compact aggregates. */
export async function ingest(source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, options: IngestOptions): Promise<Aggregates> {
  if (options.join) {
    const { join, fileName, ...rest } = options;
    return ingestFiles([{ fileName, source, byteLength: options.byteLength }, ...join.lookups], rest);
  }
  const { kind } = kindOf(options.fileName);
  const chunks = chunksOf(source as ByteSource);
  if (kind === 'text') return readText(chunks, { ...contextOf(options), sheet: null }, progressOf(options));
  const limit = sizeLimitsFor(options.stateBudget).workbook;
  const bytes = await readWorkbookBytes(chunks, options.byteLength, (n) => progressOf(options)(n, 0), limit);
  return ingestWorkbook(bytes, options);
}

/**
 * Reads a workbook's compressed bytes into one array (workbooks are read from memory,
 * see zip.ts), refusing more than `limit` (MAX_WORKBOOK_BYTES but in the CLI).
 */
export function readWorkbookBytes(
  chunks: AsyncIterable<Uint8Array>,
  byteLength: number | undefined,
  onChunk: (bytes: number) => void,
  limit: number,
): Promise<Uint8Array> {
  return readAll(chunks, limit, onChunk, workbookTooLarge, byteLength);
}

/**
 * Reads a workbook already in memory (XLSX or XLS, whatever its name says) into
 * aggregates. The join calls it with the bytes it has read, so a workbook is never
 * copied a second time.
 */
export async function ingestWorkbook(bytes: Uint8Array, options: IngestOptions): Promise<Aggregates> {
  const { kind, extension } = kindOf(options.fileName);
  // The compressed bytes stay in memory until the sheet is read: the budget counts them.
  const base = { ...contextOf(options), heldBytes: bytes.byteLength + WORKBOOK_READ_HEAP_BYTES };
  if (bytes.length === 0) throw new EngineError('The file is empty.', 'EMPTY_FILE');
  // A workbook saved with the other extension is common; trust the bytes over the name.
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const aggregates =
    kind === 'xls' && !isCompoundFile(bytes) && isZip
      ? readXlsx(bytes, { ...base, format: 'xlsx' }, options.sheet)
      : kind === 'xlsx' && isCompoundFile(bytes)
        ? await readXls(bytes, { ...base, format: 'xls' }, options.sheet)
        : kind === 'xlsx'
          ? readXlsxChecked(bytes, base, options.sheet, extension)
          : await readXls(bytes, base, options.sheet);
  progressOf(options)(bytes.length, aggregates.profile.rowsRead);
  return aggregates;
}

/** What every reader is told about the file and the options. */
function contextOf(options: IngestOptions) {
  return {
    fileName: options.fileName,
    format: kindOf(options.fileName).format,
    warnings: [] as string[],
    asOf: options.asOf,
    roles: options.roles,
    currency: currencyOverride(options.currency),
    snapshot: options.snapshot,
    stateBudget: options.stateBudget,
  };
}

function progressOf(options: IngestOptions): (bytesRead: number, rows: number) => void {
  return (bytesRead, rows) => options.onProgress?.({ bytesRead, rows });
}

function readXlsxChecked(
  bytes: Uint8Array,
  base: Parameters<typeof readXlsx>[1],
  sheet: string | undefined,
  extension: string,
): Aggregates {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b)) {
    throw new EngineError(
      `This ${extension} file is not a valid Excel workbook: it is not a zip archive. Save it again from Excel, or upload a CSV.`,
      'NOT_A_ZIP',
    );
  }
  return readXlsx(bytes, base, sheet);
}

/** The refusal of a workbook over MAX_WORKBOOK_BYTES. */
export function workbookTooLarge(): EngineError {
  return new EngineError(workbookTooLargeMessage(), 'WORKBOOK_TOO_LARGE');
}

export type { Aggregates } from '../aggregate/types';
