/**
 * The tables a join reads: a text file (its first rows sampled, then either read whole as
 * a lookup or streamed as the transactions) or a workbook sheet. A source is read once:
 * as a lookup (`allRows`) or as the transactions (`read`).
 */
import type { Aggregates } from '../aggregate/types';
import type { DatasetProfile } from '../contract';
import { EngineError } from '../errors';
import { SAMPLE_ROWS, TableReader, type TableContext } from '../ingest/table';
import { lookupTooLargeMessage, MAX_LOOKUP_BYTES } from '../ingest/limits';
import { concat, HEAD_BYTES, openText, readText } from '../ingest/text';
import type { RecordView } from '../ingest/tokenizer';
import { openXls } from '../ingest/xls';
import { openXlsx } from '../ingest/xlsx';
import type { JoinedRows } from './joined-rows';
import { sampleOf, type TableSample } from './table-sample';

/** A text file's sample stops here even when its rows are very long. */
const MAX_SAMPLE_BYTES = 16 * 1024 * 1024;

export type ReadContext = Omit<TableContext, 'canonicalNumbers' | 'semicolonDelimited' | 'sheet'>;

export interface TableSource {
  /** File name, or sheet name for a workbook's sheets. */
  name: string;
  sheet: string | null;
  /** Rows in the sheet (its used range); 0 for a text file, whose size is unknown before reading. */
  rows: number;
  sample: TableSample | null;
  /** Every row, as read (a lookup table). */
  allRows(): Promise<string[][]>;
  /** Streams the rows through `joined` into the table reader (the transactions). */
  read(context: ReadContext, joined: JoinedRows, progress: (bytesRead: number, rows: number) => void): Promise<Aggregates>;
  /** What the source keeps in memory until it is read: a workbook's compressed bytes (shared by its sheets), else null. */
  holds: Uint8Array | null;
}

/** A CSV or other text file, sampled from its first rows. */
export async function textSource(
  fileName: string,
  chunks: AsyncIterator<Uint8Array>,
  maxLookupBytes = MAX_LOOKUP_BYTES,
): Promise<TableSource> {
  const kept: Uint8Array[] = [];
  let bytes = 0;
  let done = false;
  const pull = async (): Promise<Uint8Array | null> => {
    const next = await chunks.next();
    if (next.done) {
      done = true;
      return null;
    }
    // A copy: the source reuses its read buffer (see ingest/source.ts).
    const chunk = next.value.slice();
    kept.push(chunk);
    bytes += chunk.length;
    return chunk;
  };
  let readWhole = false;
  while (bytes < HEAD_BYTES && (await pull()) !== null);
  const head = concat(kept, bytes);
  const rows: string[][] = [];
  const decoder = new TextDecoder();
  const collect = () => (view: RecordView) => {
    const cells: string[] = [];
    for (let i = 0; i < view.count; i++) cells.push(decoder.decode(view.buf.subarray(view.starts[i], view.ends[i])));
    rows.push(cells);
  };
  const opened = openText(head, { fileName, format: 'csv', warnings: [], sheet: null }, collect);
  opened.tokenizer.push(opened.headText);
  while (!done && rows.length <= SAMPLE_ROWS && bytes < MAX_SAMPLE_BYTES) {
    const chunk = await pull();
    if (chunk) opened.tokenizer.push(opened.transcoder.push(chunk));
  }
  const finishTokens = (): void => {
    opened.tokenizer.push(opened.transcoder.finish());
    opened.tokenizer.finish();
  };
  if (done) finishTokens();
  const format = { canonicalNumbers: false, semicolonDelimited: opened.delimiter === 59 };
  return {
    name: fileName,
    sheet: null,
    rows: 0,
    holds: null,
    sample: sampleOf(fileName, rows, format),
    async allRows() {
      while (!done) {
        const chunk = await pull();
        if (bytes > maxLookupBytes) throw lookupTooLarge(fileName);
        if (chunk) opened.tokenizer.push(opened.transcoder.push(chunk));
        else finishTokens();
      }
      // A lookup is never read as the transactions: its raw bytes are not needed again,
      // and they would sit beside its rows for the whole read.
      kept.length = 0;
      readWhole = true;
      return rows;
    },
    read(context, joined, progress) {
      if (readWhole) throw new Error(`'${fileName}' was read as a lookup table; it cannot be read again as the transactions.`);
      return readText(
        replay(kept, chunks, () => done),
        { ...context, sheet: null },
        progress,
        (table) => {
          joined.connect(
            (cells) => table.cells(cells),
            (view) => table.record(view),
          );
          return (view) => joined.record(view);
        },
      );
    },
  };
}

/** Every visible, non-pivot sheet of a workbook as a table. */
export async function sheetSources(
  bytes: Uint8Array,
  fileName: string,
  isXlsx: boolean,
  maxLookupBytes = MAX_LOOKUP_BYTES,
): Promise<TableSource[]> {
  const sheets = isXlsx
    ? (() => {
        const workbook = openXlsx(bytes);
        return workbook.sheets
          .filter((s) => !s.hidden && !s.pivot)
          .map((s) => ({ name: s.name, size: s.rows, rows: (f: (c: string[]) => boolean | void) => workbook.rows(s, f) }));
      })()
    : await (async () => {
        const workbook = await openXls(bytes);
        return workbook.sheets.map((s) => ({
          name: s.name,
          size: s.rows,
          rows: (f: (c: string[]) => boolean | void) => workbook.rows(s.name, f),
        }));
      })();
  const format = { canonicalNumbers: true, semicolonDelimited: false };
  return sheets.map((sheet) => {
    const head: string[][] = [];
    sheet.rows((cells) => {
      head.push(cells);
      return head.length <= SAMPLE_ROWS;
    });
    return {
      name: sheet.name,
      sheet: sheet.name,
      rows: sheet.size,
      holds: bytes,
      sample: sampleOf(sheet.name, head, format),
      allRows() {
        const rows: string[][] = [];
        // Held as rows like a text lookup, so bounded by the same size (its cells' text).
        let text = 0;
        sheet.rows((cells) => {
          for (const cell of cells) text += cell.length + 1;
          if (text > maxLookupBytes) throw lookupTooLarge(sheet.name);
          rows.push(cells);
        });
        return Promise.resolve(rows);
      },
      read(context, joined) {
        const table = new TableReader({ ...context, sheet: sheet.name, ...format });
        joined.connect((cells) => table.cells(cells));
        sheet.rows((cells) => joined.row(cells));
        return Promise.resolve(table.finish());
      },
    };
  });
}

/** The kept chunks again, then the rest of the source. */
async function* replay(kept: readonly Uint8Array[], rest: AsyncIterator<Uint8Array>, done: () => boolean): AsyncGenerator<Uint8Array> {
  yield* kept;
  if (done()) return;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

function lookupTooLarge(fileName: string): EngineError {
  return new EngineError(lookupTooLargeMessage(fileName), 'LOOKUP_TOO_LARGE');
}

/** What became of each sheet of a joined workbook, for the dataset profile. */
export function sheetsConsideredOf(
  sheets: readonly TableSource[],
  transactions: TableSource,
  joinedOn: ReadonlyMap<TableSource, string>,
): NonNullable<DatasetProfile['sheetsConsidered']> {
  return sheets.map((s) => ({
    name: s.name,
    rows: s.rows,
    chosen: s === transactions,
    reason: s === transactions ? 'the transactions' : joinedOn.has(s) ? `joined on '${joinedOn.get(s)}'` : 'not joined (see the warnings)',
  }));
}
