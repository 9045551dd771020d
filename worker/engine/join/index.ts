/**
 * Joined ingestion (issue 16 part 4): a transactions table and up to two lookup tables —
 * separate files, or the sheets of one workbook — read as one table. Each table's role
 * is inferred (transactions have a date and an amount per line), then each lookup's join
 * key (join-key.ts); the transactions stream through the join into the usual aggregates,
 * which carry the join report. A single text file, or a workbook whose sheets have
 * nothing to join, is read exactly as `ingest` reads it.
 */
import type { Aggregates } from '../aggregate/types';
import type { ColumnRole } from '../contract';
import { ingest, ingestWorkbook, kindOf, readWorkbookBytes, WORKBOOK_READ_HEAP_BYTES, type IngestOptions } from '../ingest';
import { chunksOf, type ByteSource } from '../ingest/source';
import { isCompoundFile } from '../ingest/xls';
import { retainedBytes } from '../aggregate/state-budget';
import { sizeLimitsFor } from '../ingest/limits';
import { EngineError } from '../errors';
import { joinKeyOf } from './join-key';
import { JoinedRows, type JoinSpec } from './joined-rows';
import { lookupOf } from './lookup';
import {
  MAX_JOINED_FILES,
  noJoinKey,
  noKeyMatch,
  noTransactionTable,
  sheetNotJoinedWarning,
  tooManyFiles,
  twoTransactionTables,
} from './messages';
import { joinSummaryOf, joinWarnings } from './report';
import { sheetsConsideredOf, sheetSources, textSource, type TableSource } from './sources';
import { dataRowsOf, isTransactions, rowsBelowHeader, type TableSample } from './table-sample';

export interface JoinInput {
  fileName: string;
  source: ByteSource;
  /** The source's size when known (an R2 object's): a workbook is then read into one array. */
  byteLength?: number;
}

export { MAX_JOINED_FILES } from './messages';

/**
 * Reads one to three files into aggregates, joining lookup tables to the transactions.
 * One workbook joins its own sheets unless a sheet is chosen.
 */
export async function ingestFiles(inputs: readonly JoinInput[], options: Omit<IngestOptions, 'fileName'>): Promise<Aggregates> {
  if (inputs.length > MAX_JOINED_FILES) throw tooManyFiles(inputs.length);
  if (inputs.length === 0) throw new EngineError('No file to analyse.', 'NO_FILE');
  if (inputs.length === 1) return ingestOne(inputs[0], options);
  const tables: TableSource[] = [];
  const limits = sizeLimitsFor(options.stateBudget);
  for (const input of inputs) tables.push(await fileTable(input, limits));
  const joined = await joinTables(tables, 'files', options, inputs[0].fileName);
  return joined as Aggregates;
}

/** One file: a workbook's sheets are joined when they can be, anything else is read as before. */
async function ingestOne(input: JoinInput, options: Omit<IngestOptions, 'fileName'>): Promise<Aggregates> {
  const { kind } = kindOf(input.fileName);
  const single = { ...options, fileName: input.fileName, byteLength: input.byteLength };
  if (kind === 'text' || options.sheet !== undefined) return ingest(input.source, single);
  const limits = sizeLimitsFor(options.stateBudget);
  const bytes = await readWorkbookBytes(chunksOf(input.source), input.byteLength, () => undefined, limits.workbook);
  // The bytes already read, not a copy: a workbook is the largest thing the isolate holds.
  const plain = (): Promise<Aggregates> => ingestWorkbook(bytes, single);
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (!zip && !isCompoundFile(bytes)) return plain();
  const sheets = await sheetSources(bytes, input.fileName, zip, limits.lookup);
  if (sheets.length < 2) return plain();
  return (await joinTables(sheets, 'sheets', options, input.fileName)) ?? plain();
}

type SizeLimits = ReturnType<typeof sizeLimitsFor>;

/** A file as one table: a text file, or a workbook's largest sheet. */
async function fileTable(input: JoinInput, limits: SizeLimits): Promise<TableSource> {
  const { kind } = kindOf(input.fileName);
  if (kind === 'text') return textSource(input.fileName, chunksOf(input.source)[Symbol.asyncIterator](), limits.lookup);
  const bytes = await readWorkbookBytes(chunksOf(input.source), input.byteLength, () => undefined, limits.workbook);
  const sheets = await sheetSources(bytes, input.fileName, bytes[0] === 0x50 && bytes[1] === 0x4b, limits.lookup);
  const largest = sheets.reduce((best, s) => ((s.sample?.rows.length ?? 0) > (best.sample?.rows.length ?? 0) ? s : best), sheets[0]);
  // Named by the file, not the sheet: messages and the report speak of the files uploaded.
  return { ...largest, name: input.fileName, sample: largest.sample && { ...largest.sample, name: input.fileName } };
}

/**
 * Joins the tables. Files must join (every problem is an error); a workbook's sheets
 * join where they can, and null means none could (the caller reads the workbook as before).
 */
async function joinTables(
  tables: readonly TableSource[],
  mode: 'files' | 'sheets',
  options: Omit<IngestOptions, 'fileName'>,
  fileName: string,
): Promise<Aggregates | null> {
  const transactions = tables.filter((t) => t.sample !== null && isTransactions(t.sample.plan));
  if (mode === 'sheets' && transactions.length !== 1) return null;
  if (transactions.length > 1) throw twoTransactionTables(transactions.map((t) => t.name));
  if (transactions.length === 0) throw noTransactionTable(tables.map((t) => t.name));
  const txSource = transactions[0];
  const tx = txSource.sample as TableSample;
  const taken = new Set<ColumnRole>([...rolesOf(tx), ...(Object.keys(options.roles ?? {}) as ColumnRole[])]);
  const specs: JoinSpec[] = [];
  const warnings: string[] = [];
  const joinedOn = new Map<TableSource, string>();
  for (const table of tables) {
    if (table === txSource) continue;
    const spec = await joinSpecOf(table, tx, taken);
    if (typeof spec !== 'string') {
      specs.push(spec);
      joinedOn.set(table, tx.names[spec.key.transactions]);
    } else if (mode === 'files') throw noJoinKey(table.name, tx.name);
    else warnings.push(sheetNotJoinedWarning(table.name, tx.name, spec));
  }
  if (specs.length === 0) return null;

  const joined = new JoinedRows(tx, specs);
  // Held for the whole read: the lookups' values, and every workbook still in memory.
  const workbooks = new Set(tables.map((t) => t.holds).filter((bytes) => bytes !== null));
  let heldBytes = retainedBytes(specs.map((spec) => spec.lookup));
  for (const bytes of workbooks) heldBytes += bytes.byteLength;
  if (txSource.holds) heldBytes += WORKBOOK_READ_HEAP_BYTES;
  const aggregates = await txSource.read(
    {
      fileName: mode === 'files' ? txSource.name : fileName,
      format: formatOf(mode === 'files' ? txSource.name : fileName),
      warnings,
      asOf: options.asOf,
      roles: rolesWithJoin(tx, specs, options.roles),
      currency: options.currency,
      snapshot: options.snapshot,
      stateBudget: options.stateBudget,
      heldBytes,
      lineTap: joined.flagTap(),
      ...(mode === 'sheets' ? { sheetsConsidered: sheetsConsideredOf(tables, txSource, joinedOn) } : {}),
    },
    joined,
    (bytesRead, rows) => options.onProgress?.({ bytesRead, rows }),
  );
  const summary = joinSummaryOf(tx, specs, joined.counts, aggregates.totals.revenue);
  for (const t of summary.tables) {
    if (t.matched > 0) continue;
    const lookup = { table: t.table, key: t.key.table };
    const error = noKeyMatch(t.kind, lookup, { table: tx.name, key: t.key.transactions }, t.keys, t.unmatched.examples);
    if (mode === 'files') throw error;
    aggregates.profile.warnings.push(error.message);
  }
  aggregates.profile.warnings.push(...joinWarnings(summary));
  aggregates.join = summary;
  return aggregates;
}

/** The join of one lookup table, or why there is none. */
async function joinSpecOf(table: TableSource, tx: TableSample, taken: Set<ColumnRole>): Promise<JoinSpec | string> {
  const sample = table.sample;
  if (sample === null || sample.header === null) return 'it has no header row';
  const rows = dataRowsOf(rowsBelowHeader(await table.allRows(), sample.header), sample.header);
  const key = joinKeyOf(tx, sample, rows);
  if (key === null) return 'no column shares a name or values with its customer, order, product or region column';
  return { key, lookup: lookupOf(sample, rows, key.lookup, tx.names, taken) };
}

/**
 * Role overrides for the joined table: the transactions keep the roles they have alone
 * (so an added column never takes one of them), added columns take the roles handed to
 * them, and the user's own `--map` choices come last.
 */
function rolesWithJoin(tx: TableSample, specs: readonly JoinSpec[], user: IngestOptions['roles']): Partial<Record<ColumnRole, string>> {
  const roles: Partial<Record<ColumnRole, string>> = {};
  if (!user || Object.keys(user).length === 0)
    for (const [role, column] of Object.entries(tx.plan.roles) as [ColumnRole, number][]) roles[role] = tx.names[column];
  for (const spec of specs) for (const added of spec.lookup.added) if (added.role) roles[added.role] = added.header;
  return { ...roles, ...user };
}

function rolesOf(tx: TableSample): ColumnRole[] {
  return Object.keys(tx.plan.roles) as ColumnRole[];
}

function formatOf(fileName: string): Aggregates['profile']['format'] {
  return kindOf(fileName).format;
}
